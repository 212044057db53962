// A heading line is read in one pass (chunking.ts atxHeading): the regex it replaces,
// /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/, backtracked quadratically on a line of `# # # … x`, so one
// PUT of a page with such a line held the event loop for minutes (a 1 MB line did not end).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { atxHeading, chunkPage } from '../../src/domain/chunking.js';

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;

describe('ATX heading lines read in one pass', () => {
  it('gives what the regex gives, on lines of spaces, tabs, #, letters and line terminators', () => {
    const piece = fc.constantFrom(' ', ' ', '#', '#', '#', '\t', 'a', 'é', '\r', '\n', '\u2028', '\u2029', '##');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const line = parts.join('');
        const m = HEADING.exec(line);
        assert.deepEqual(atxHeading(line), m ? { level: m[1]!.length, text: m[2]! } : null, JSON.stringify(line));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads a long hostile heading line (the regex did not end on 1 MB)', () => {
    const line = `#${' #'.repeat(500_000)}x`;
    assert.deepEqual(atxHeading(line), { level: 1, text: `${'# '.repeat(499_999)}#x` });
    const chunks = chunkPage('T', `${line}\n\nText after it.\n`);
    assert.ok(chunks.some((c) => c.text.includes('Text after it.')));
  });
});
