// A search hit's chunk text is cut again from its page for the snippet. When the page's index row
// says its frontmatter parsed to something (or the page has none), the cut takes the row's title
// and the body after the fences without reading the YAML again: it must give the very texts the
// full parse gives (and the index was built from).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bodyAfterParsedFrontmatter, parsePage } from '../../src/domain/markdown.js';
import { chunkTexts, chunkTextsOfBody } from '../../src/domain/pageDerivation.js';

/** What the index row holds of a page: its title, and whether its frontmatter column is more than `{}`. */
function row(path: string, markdown: string): { title: string; parsed: boolean } {
  const p = parsePage(path, markdown);
  return { title: p.title, parsed: JSON.stringify(p.frontmatter) !== '{}' };
}

/** The cut as the search index makes it (searchIndexRepo.cutBodies). */
function cut(path: string, markdown: string): string[] {
  const r = row(path, markdown);
  const known = r.parsed || !markdown.startsWith('---');
  return known ? chunkTextsOfBody(r.title, bodyAfterParsedFrontmatter(markdown)) : chunkTexts(path, markdown);
}

const CASES = [
  '---\ntitle: Ada\n---\n# Body\n\nText.\n',
  '---\r\ntitle: Ada\r\ntags: [a, b]\r\n---\r\n# Ada\r\n\r\nBody\r\n',
  '---\n---\n# Empty block\n\nText\n',
  '---\n# only a comment\n---\nBody',
  '---\ntitle: x\n',
  '---',
  '----\nrule, not a fence\n',
  '---yaml\ntitle: Y\n---\nbody',
  '---json\n{"title": "J"}\n---\n# J\n\nbody',
  '---toml\ntitle = "T"\n---\nbody',
  '---\ntitle: [unclosed\n---\n# Broken YAML\n\nThe block stays part of the body.\n',
  '---\nhello\n---\n# A scalar\n\nbody',
  '---\ntags: [x]\nstatus: done\n---\n# Not the title\n\n## Section\n\nwords [[a link]] and [text](url).\n',
  '---\ntitle: Named\n---\n# Named\n\n# Named\n\nThe second H1 is a section.\n',
  '# No frontmatter\n\nOne paragraph.\n',
  '',
];

describe('chunk text cut without parsing the frontmatter again', () => {
  for (const md of CASES) {
    it(`cuts ${JSON.stringify(md.slice(0, 30))} as the full parse does`, () => {
      assert.deepEqual(cut('notes/page.md', md), chunkTexts('notes/page.md', md));
    });
  }

  it('agrees with the full parse on generated pages', () => {
    const line = fc.constantFrom('# Title', '## Part', 'Some words here.', 'title: T', 'tags: [a, b]', 'x: [', '---', '', '#', 'summary: S', '```', 'key: "v"');
    const page = fc.tuple(fc.constantFrom('---', '---\n', '---yaml\n', '----\n', '', '---\r\n'), fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n')).map(([start, lines, eol]) => start + lines.join(eol));
    fc.assert(
      fc.property(page, (md) => {
        assert.deepEqual(cut('people/someone.md', md), chunkTexts('people/someone.md', md));
      }),
      { numRuns: 500 },
    );
  });
});

// A snippet needs one chunk's text: the cut stops after the last chunk asked for (chunkPage's
// `last`). Its texts must be the full cut's first ones, whatever ends the page after them.
describe('chunk text cut up to a chunk', () => {
  const block = fc.constantFrom(
    '# Title',
    '## Part',
    '### Deep',
    'Some words here.',
    'A [[link|label]] and [text](url) inline.',
    'Long sentence of several words that goes on. '.repeat(30),
    'word '.repeat(450),
    '```js\ncode line\n```',
    '~~~\nunclosed fence',
    '',
    '   ',
    '\r',
  );
  const body = fc.tuple(fc.array(block, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\n\n')).map(([blocks, eol]) => blocks.join(eol));

  it('gives the full cut\'s first texts for every last chunk', () => {
    fc.assert(
      fc.property(body, (b) => {
        const full = chunkTextsOfBody('Title', b);
        for (let last = 0; last < full.length + 1; last++) {
          const some = chunkTextsOfBody('Title', b, last);
          assert.deepEqual(some, full.slice(0, last + 1), `last ${last}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a page of many chunks no further than asked', () => {
    const b = Array.from({ length: 12 }, (_, i) => `## Section ${i}\n\n${`word${i} `.repeat(300)}`).join('\n\n');
    const full = chunkTexts('notes/long.md', `# Long\n\n${b}`);
    assert.ok(full.length >= 12);
    assert.deepEqual(chunkTexts('notes/long.md', `# Long\n\n${b}`, 2), full.slice(0, 3));
    assert.deepEqual(chunkTexts('notes/long.md', `# Long\n\n${b}`, 0), full.slice(0, 1));
  });
});
