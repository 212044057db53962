// The heading scanner's fast path must give remark's answer whenever it answers at all.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { headingsOf, parsedHeadings, plainHeadings } from '../../src/domain/markdownPatch.js';

const LINES = [
  '# Title',
  '## Timeline',
  '### Key points',
  '##',
  '## Notes ##',
  '## *Emphasis*',
  '## C# and F#',
  '#tag',
  '####### seven',
  '   ## indented',
  '\t## tabbed',
  '    # code',
  '- 2026-01-02: Met in [[meetings/kickoff]]',
  '- item',
  '  continued',
  '1. first',
  '> ## quoted',
  '> quote',
  'A paragraph line.',
  'Title',
  '===',
  '---',
  '- - -',
  '***',
  '```',
  '~~~',
  '<div>',
  '<!-- ## hidden -->',
  '| a | b |',
  '| --- | --- |',
  'title: x',
  '+++',
  '## Trailing  ',
  '',
  '',
];

const doc = fc.tuple(fc.constantFrom('', '---\n', '+++\n'), fc.array(fc.constantFrom(...LINES), { maxLength: 14 }), fc.boolean()).map(
  ([lead, lines, finalNewline]) => `${lead}${lines.join('\n')}${finalNewline ? '\n' : ''}`,
);

describe('markdown headings fast path', () => {
  it('agrees with remark on every page it reads, and defers to it otherwise', () => {
    fc.assert(
      fc.property(doc, (markdown) => {
        const fast = plainHeadings(markdown);
        const reference = parsedHeadings(markdown);
        if (fast) assert.deepEqual(fast, reference, JSON.stringify(markdown));
        assert.deepEqual(headingsOf(markdown), reference);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads the pages filing keeps editing without a parse', () => {
    const page = '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n\nCustomer 1.\n\n## Timeline\n\n- 2026-03-04: Meeting [[meetings/2026-03-04-kickoff]] with Ada Lovelace\n';
    assert.deepEqual(plainHeadings(page), parsedHeadings(page));
    assert.equal(plainHeadings(page)!.length, 2);
    assert.equal(plainHeadings('Title\n===\n'), null);
    assert.equal(plainHeadings('```\n# not a heading\n```\n'), null);
  });
});
