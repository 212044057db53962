// Web form limits are read from the schemas the services validate with: a changed limit in a schema
// changes the form's maxlength/min/max with it.
import assert from 'node:assert/strict';
import { createBrainBody } from '../../src/domain/schemas/brains.js';
import { updateStatusBody } from '../../src/domain/schemas/inbox.js';
import { timelineEntryBody } from '../../src/domain/schemas/pages.js';
import { searchParamsSchema } from '../../src/domain/schemas/search.js';
import { S } from '../../src/domain/validate.js';
import { limitsOf } from '../../src/web/app/formLimits.js';

describe('web form limits from the schemas', () => {
  it('gives a text field the property\'s minlength and maxlength', () => {
    assert.equal(limitsOf(timelineEntryBody, 'text').toString(), 'minlength="1" maxlength="2000"');
    assert.equal(limitsOf(createBrainBody, 'name').toString(), 'maxlength="200"');
    assert.equal(limitsOf(searchParamsSchema, 'q').toString(), `minlength="1" maxlength="${(searchParamsSchema.properties as any).q.maxLength}"`);
  });

  it('gives a number its min and max', () => {
    assert.equal(limitsOf(createBrainBody, 'embeddingDimensions').toString(), 'min="1" max="8192"');
    assert.equal(limitsOf(updateStatusBody, 'confidence').toString(), 'min="0" max="1"');
  });

  it('follows a schema when its limit changes, and refuses a property the schema does not have', () => {
    assert.equal(limitsOf(S.object({ a: S.string({ maxLength: 7 }) }), 'a').toString(), 'maxlength="7"');
    assert.throws(() => limitsOf(timelineEntryBody, 'nope'), /no property nope/);
  });
});
