// Issue 21, item 2: the link parser is a linear scanner. An 80 KB page of unclosed brackets took
// the regex parser 9 s or more; here the scanner's own step counter (characters looked at) must grow
// linearly from 10 KB to 100 KB on every worst shape, and it must find exactly the links the
// regexes found on the syntax they shared.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { codeRanges, extractLinks, markdownLinkPath, relativeWikiPath, rewriteLinks, scanWikiLinks, wikiPath, type ScanCounter } from '../../src/domain/links.js';

/** The regex parser this scanner replaced (5a599d4), for the differential property: links only, no code. */
const WIKI = /\[\[([^\[\]\n|#]+?)(?:#([^\[\]\n|]*))?(?:\|([^\[\]\n]*))?\]\]/g;
const MD = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
function regexLinks(markdown: string, sourcePath: string) {
  const out: Array<{ kind: string; target: string; heading: string | null; label: string | null; path: string | null; start: number; end: number }> = [];
  for (const m of markdown.matchAll(WIKI)) {
    const target = m[1]!.trim();
    if (!target) continue;
    out.push({ kind: 'wiki', target, heading: m[2]?.trim() || null, label: m[3]?.trim() || null, path: relativeWikiPath(target, sourcePath) ?? wikiPath(target), start: m.index!, end: m.index! + m[0].length });
  }
  for (const m of markdown.matchAll(MD)) {
    if (m[1] === '!') continue;
    const resolved = markdownLinkPath(m[3]!, sourcePath);
    if (!resolved) continue;
    out.push({ kind: 'markdown', target: m[3]!, heading: resolved.heading, label: m[2] || null, path: resolved.path, start: m.index!, end: m.index! + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The worst shapes for a bracket parser, each a unit repeated to the wanted size. */
const SHAPES: Record<string, string> = {
  'unclosed [': '[',
  'unclosed [[': '[[',
  'unclosed ](': '](',
  '[](x with no )': '[](x',
  '[a](b "title never closed': '[a](b "',
  '[a](<b': '[a](<b',
  '[[a| never closed': '[[a|',
  '[[a# never closed': '[[a#',
  '![[ embeds never closed': '![[',
  'nested [[[ ]]]': '[[[a]]]',
  'backticks, unpaired lengths': '`a``b',
  'backtick runs growing': '`',
  'code spans between links': '`x` [[a]] [b](c.md) ',
  'long line of |': '|',
  'table row of escaped links': '| [[a\\|b]] |',
  'fence openers': '```\n',
};

function page(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

function steps(md: string): number {
  const counter: ScanCounter = { steps: 0 };
  extractLinks(md, 'notes/page.md', counter);
  return counter.steps;
}

describe('security: the link parser is linear (issue 21, item 2)', () => {
  for (const [name, unit] of Object.entries(SHAPES)) {
    it(`${name}: steps grow linearly from 10 KB to 100 KB`, () => {
      const small = steps(page(unit, 10_000));
      const large = steps(page(unit, 100_000));
      // Linear: 10× the input, about 10× the work (quadratic would be 100×); and a few steps a character.
      assert.ok(large <= small * 12, `${name}: ${small} steps at 10 KB, ${large} at 100 KB`);
      assert.ok(large <= 100_000 * 8, `${name}: ${large} steps for 100 KB`);
    });
  }

  it('on random pages of link syntax, at most a few steps a character', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('[', ']', '(', ')', '[[', ']]', '`', '``', '|', '\\|', '#', '!', '"', '<', '>', ' ', '\n', 'a', 'b.md', '```\n', '~~~\n'), { maxLength: 400 }), (parts) => {
        const md = parts.join('');
        assert.ok(steps(md) <= md.length * 8 + 10);
      }),
      { numRuns: 300, seed: 21 },
    );
  });

  it('finds the links the regex parser found, wherever code spans are not involved', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('[', ']', '(', ')', '[[', ']]', '|', '#', '!', '"', '<', '>', ' ', '\n', 'a', 'x y', 'b.md', '../c.md', 'http://e.md', '#h'), { maxLength: 60 }), (parts) => {
        const md = parts.join('');
        const got = extractLinks(md, 'notes/page.md').map(({ line: _line, ...l }) => l);
        assert.deepEqual(got, regexLinks(md, 'notes/page.md'), JSON.stringify(md));
      }),
      { numRuns: 2000, seed: 2121 },
    );
  });

  it('the 80 KB bracket page parses to no links', () => {
    const counter: ScanCounter = { steps: 0 };
    assert.deepEqual(extractLinks('['.repeat(80_000), 'a.md', counter), []);
    assert.ok(counter.steps < 80_000 * 8, String(counter.steps));
  });
});

describe('link syntax as vaults write it (issue 28, item 3)', () => {
  const links = (md: string) => extractLinks(md, 'notes/page.md').map((l) => [l.kind, l.target, l.heading, l.label]);

  const cases: Array<[string, string, Array<[string, string, string | null, string | null]>]> = [
    ['plain', '[[Ada]]', [['wiki', 'Ada', null, null]]],
    ['label', '[[Ada|the countess]]', [['wiki', 'Ada', null, 'the countess']]],
    ['escaped pipe in a table', '| who | note |\n|---|---|\n| [[Ada Lovelace\\|Ada]] | x |', [['wiki', 'Ada Lovelace', null, 'Ada']]],
    ['escaped pipe after a heading', '| [[Ada#Work\\|her work]] |', [['wiki', 'Ada', 'Work', 'her work']]],
    ['heading stripped for resolution', '[[Ada#Early life]]', [['wiki', 'Ada', 'Early life', null]]],
    ['block reference stripped', '[[Ada#^b7f3]]', [['wiki', 'Ada', '^b7f3', null]]],
    ['embed of a page', '![[Ada]]', [['wiki', 'Ada', null, null]]],
    ['embed of a file', '![[diagram.png]]', [['wiki', 'diagram.png', null, null]]],
    ['code span ignored', 'see `[[Ada]]` and [[Grace]]', [['wiki', 'Grace', null, null]]],
    ['double-backtick span holding a backtick', '``a ` [[Ada]]`` [[Grace]]', [['wiki', 'Grace', null, null]]],
    ['fenced block ignored', '```\n[[Ada]]\n[b](b.md)\n```\n[[Grace]]', [['wiki', 'Grace', null, null]]],
    ['tilde fence ignored', '~~~md\n[[Ada]]\n~~~\n[[Grace]]', [['wiki', 'Grace', null, null]]],
    ['unclosed fence runs to the end', '```\n[[Ada]]\n[[Grace]]', []],
    ['a lone backtick is text', 'it`s [[Ada]]', [['wiki', 'Ada', null, null]]],
    ['unequal runs do not pair', '``x` [[Ada]]', [['wiki', 'Ada', null, null]]],
    ['markdown link with title', '[Ada](people/ada.md "Ada")', [['markdown', 'people/ada.md', null, 'Ada']]],
    ['markdown image skipped', '![pic](people/ada.md)', []],
  ];
  for (const [name, md, expected] of cases) {
    it(name, () => assert.deepEqual(links(md), expected));
  }

  it('a move keeps the escaped pipe of a link in a table', () => {
    const md = '| who |\n|---|\n| [[people/ada\\|Ada]] |\n';
    assert.equal(rewriteLinks(md, 'notes/page.md', () => 'people/countess.md'), '| who |\n|---|\n| [[people/countess\\|Ada]] |\n');
  });

  it('marks embeds and keeps offsets around the brackets', () => {
    const md = 'x ![[Ada]] [[Grace]]';
    const got = scanWikiLinks(md, codeRanges(md));
    assert.deepEqual(
      got.map((m) => [m.target, m.embed, md.slice(m.start, m.end)]),
      [
        ['Ada', true, '[[Ada]]'],
        ['Grace', false, '[[Grace]]'],
      ],
    );
  });
});
