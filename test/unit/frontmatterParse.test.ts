// Frontmatter parsing reads pages exactly as gray-matter did (same data, same body), except that
// a fence in a language other than YAML or JSON is never evaluated (`---js` ran eval()).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import matter from 'gray-matter';
import { parseFrontmatter, parsePage } from '../../src/domain/markdown.js';

/** What the previous implementation returned: gray-matter with options (no cache), errors → body. */
function viaGrayMatter(markdown: string): { data: unknown; content: string } {
  if (!markdown.startsWith('---')) return { data: {}, content: markdown };
  try {
    const parsed = matter(markdown, {});
    // Dates become YYYY-MM-DD, as parsePage has always stored them.
    const dates = function (this: Record<string, unknown>, key: string, value: unknown) {
      const raw = this[key];
      return raw instanceof Date ? raw.toISOString().slice(0, 10) : value;
    };
    return { data: JSON.parse(JSON.stringify(parsed.data, dates)), content: parsed.content };
  } catch {
    return { data: {}, content: markdown };
  }
}

const plain = (v: { data: unknown; content: string }) => ({ data: JSON.parse(JSON.stringify(v.data)), content: v.content });

const CASES = [
  '---\ntitle: Ada\n---\n# Body\n',
  '---\r\ntitle: Ada\r\ntags: [a, b]\r\n---\r\nBody\r\n',
  '---\n---\nEmpty block\n',
  '---\n# only a comment\n---\nBody',
  '---\ntitle: x\n',
  '---',
  '---\n',
  '----\nrule, not a fence\n',
  '---yaml\ntitle: Y\n---\nbody',
  '---YAML\ntitle: Y\n---\nbody',
  '---yml\ntitle: Y\n---\nbody',
  '---json\n{"title": "J"}\n---\nbody',
  '---toml\ntitle = "T"\n---\nbody',
  '---  \ntitle: spaced\n---\nbody',
  '---\ntitle: [unclosed\n---\nbroken yaml stays body',
  '---\n~\n---\nnull document',
  '---\njust a string\n---\nbody',
  '---\ndate: 2024-01-02\nn: 3\nnested: { a: [1, 2] }\n---\n\n\nbody after blank lines',
  '---\ntitle: a\n---more\nclose fence followed by text',
  '---title: no newline',
];

describe('frontmatter parsing', () => {
  for (const md of CASES) {
    it(`matches gray-matter for ${JSON.stringify(md.slice(0, 40))}`, () => {
      assert.deepEqual(plain(parseFrontmatter(md)), viaGrayMatter(md));
    });
  }

  it('matches gray-matter on generated frontmatter', () => {
    const line = fc.oneof(
      fc.constantFrom('title: T', 'tags: [a, b]', '# comment', '', '  - item', 'aliases:', 'x: "quoted: colon"', '---', 'k: 1', '\r'),
      fc.string({ maxLength: 12 }),
    );
    const fence = fc.constantFrom('---', '---yaml', '---json', '---  ', '----', '---x');
    fc.assert(
      fc.property(fence, fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.string({ maxLength: 20 }), (open, lines, eol, body) => {
        const md = `${open}${eol}${lines.join(eol)}${eol}---${eol}${body}`;
        assert.deepEqual(plain(parseFrontmatter(md)), viaGrayMatter(md));
      }),
      { numRuns: 300 },
    );
  });

  it('never evaluates a JavaScript fence: the block stays part of the body', () => {
    const g = globalThis as { frontmatterRan?: boolean };
    for (const lang of ['js', 'javascript', 'JS']) {
      const md = `---${lang}\n{ title: (function () { globalThis.frontmatterRan = true; return 'ran'; })() }\n---\nbody`;
      const page = parsePage('notes/x.md', md);
      assert.equal(g.frontmatterRan, undefined);
      assert.deepEqual(page.frontmatter, {});
      assert.equal(page.body, md);
      assert.equal(page.title, 'x');
    }
  });
});
