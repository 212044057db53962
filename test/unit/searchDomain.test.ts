// Pure search pieces: chunking, query parsing into safe FTS5, link keys and near-miss similarity.
import assert from 'node:assert/strict';
import { chunkPage, countWords, frontmatterText, plainInline } from '../../src/domain/chunking.js';
import { allTermsExpression, anyTermExpression, parseQuery } from '../../src/domain/searchQuery.js';
import { linkKey, nameKey, nameSimilarity, pageKeys, pathKey, prepareName, refKeys, KEY_KIND, ONE_PATH, PAGE_FIRST } from '../../src/domain/pageRefs.js';
import { extractLinks } from '../../src/domain/links.js';

const words = (n: number, w = 'word') => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

describe('chunking', () => {
  it('an empty page still has one chunk (found by its title)', () => {
    const chunks = chunkPage('Empty', '');
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0]!.text, '');
  });

  it('carries the heading path into each chunk and drops the H1 that repeats the title', () => {
    const body = `# Ada\n\n${words(250, 'a')}\n\n## Work\n\n### Engine\n\n${words(250, 'b')}\n\n## Life\n\n${words(250, 'c')}\n`;
    const chunks = chunkPage('Ada', body);
    assert.deepEqual(chunks.map((c) => c.headingPath), [[], ['Work', 'Engine'], ['Life']]);
    assert.deepEqual(chunks.map((c) => c.headings), ['', 'Work > Engine', 'Life']);
    assert.deepEqual(chunks.map((c) => c.ordinal), [0, 1, 2]);
  });

  it('merges small sections into one chunk and keeps their headings searchable', () => {
    const chunks = chunkPage('T', '## One\n\nshort text\n\n## Two\n\nmore text\n');
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0]!.headings, 'One / Two');
    assert.match(chunks[0]!.text, /Two/);
  });

  it('keeps chunks within about 400 words, splitting long paragraphs at sentences', () => {
    const sentence = (i: number) => `Sentence number ${i} has exactly eight words here.`;
    const long = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkPage('T', long);
    assert.ok(chunks.length >= 4);
    for (const c of chunks) assert.ok(c.words <= 400, String(c.words));
    assert.equal(chunks.reduce((n, c) => n + c.words, 0), countWords(long));
    for (const c of chunks) assert.match(c.text, /\.$/);
  });

  it('packs paragraphs up to the limit before starting a new chunk', () => {
    const paras = Array.from({ length: 10 }, (_, i) => words(100, `p${i}_`)).join('\n\n');
    const chunks = chunkPage('T', paras);
    assert.deepEqual(chunks.map((c) => c.words), [400, 400, 200]);
  });

  it('a heading inside a fenced code block is not a heading', () => {
    const chunks = chunkPage('T', '```\n# not a heading\n```\n\ntext');
    assert.deepEqual(chunks[0]!.headingPath, []);
    assert.match(chunks[0]!.text, /# not a heading/);
  });

  it('link syntax is reduced to the visible text', () => {
    assert.equal(plainInline('See [[people/ada|Ada]], [[Babbage]], [[x#Early life]], [site](http://x.y) and ![logo](l.png)'), 'See Ada, Babbage, x Early life, site and logo');
  });

  it('frontmatter text lists values (not keys)', () => {
    assert.equal(frontmatterText({ title: 'T', aliases: ['Countess', 'AL'], email: 'a@b.c', n: 3, nested: { k: 'v' } }), 'Countess AL a@b.c 3 v');
  });
});

describe('search query parsing', () => {
  const cases: Array<[string, string | null, string | null]> = [
    ['analytical engine', '"analytical" "engine"', '"analytical" OR "engine"'],
    ['"pine forest" lake', '"pine forest" "lake"', '"pine forest" OR "lake"'],
    ['mechan*', '"mechan"*', null],
    ['ada@example.com', '"ada@example.com"', null],
    ['INV-2024-001', '"INV-2024-001"', null],
    ['(acme),', '"acme"', null],
    ['a"b', '"a""b"', null],
    ['AND OR NOT', '"AND" "OR" "NOT"', '"AND" OR "OR" OR "NOT"'],
    ['title:foo', '"title:foo"', null],
    ['!!! ... ---', null, null],
    ['"', null, null],
    ['*', null, null],
  ];
  for (const [input, all, any] of cases) {
    it(`${JSON.stringify(input)} → ${all}`, () => {
      const q = parseQuery(input);
      assert.equal(allTermsExpression(q), all);
      assert.equal(anyTermExpression(q), any);
    });
  }

  it('keeps query words (for page names inside a query)', () => {
    assert.deepEqual(parseQuery('projects of Ada Lovelace, please').words, ['projects', 'of', 'Ada', 'Lovelace', 'please']);
  });
});

describe('page references', () => {
  const US = '\u001f';
  it('names compare NFKC case-folded; accents and punctuation only in the folded half', () => {
    assert.equal(nameKey('Ada Lovelace'), nameKey('ada  lovelace'));
    assert.equal(nameKey('Réunion'), `n:reunion${US}réunion`);
    assert.notEqual(nameKey('Ada'), nameKey('Ada Lovelace'));
    assert.equal(nameKey('東京'), `n:東京${US}`);
  });

  it('a page answers to its path, its path suffixes, its file name, title and aliases', () => {
    const keys = pageKeys('people/ada-lovelace.md', 'Ada King', { aliases: ['Countess of Lovelace'], alias: 'ignored when aliases exist' });
    assert.deepEqual(
      keys.map((k) => [k.key, k.kind]),
      [
        [`p:people/ada lovelace${US}people/ada-lovelace`, KEY_KIND.path],
        [`n:ada lovelace${US}ada-lovelace`, KEY_KIND.name],
        [`n:ada king${US}`, KEY_KIND.title],
        [`p:ada lovelace${US}ada-lovelace`, KEY_KIND.suffix],
        [`n:countess of lovelace${US}`, KEY_KIND.alias],
      ],
    );
  });

  // Link extraction (domain/links) → the key each link resolves by.
  const linkTable: Array<[string, string, Array<[string, string, string | null]>]> = [
    ['notes/a.md', '[[people/ada]]', [['wiki', `p:people/ada${US}`, null]]],
    ['notes/a.md', '[[people/ada|Ada]]', [['wiki', `p:people/ada${US}`, null]]],
    ['notes/a.md', '[[people/ada#Early life]]', [['wiki', `p:people/ada${US}`, 'Early life']]],
    ['notes/a.md', '[[Ada Lovelace]]', [['wiki', `n:ada lovelace${US}`, null]]],
    ['notes/a.md', '[[Ada Lovelace#Work|her work]]', [['wiki', `n:ada lovelace${US}`, 'Work']]],
    // Explicitly relative: that one path (ONE_PATH). Not explicitly relative: the href as written,
    // read PAGE_FIRST (the page beside the linking one first, which resolution decides with `from`).
    ['notes/a.md', '[Ada](../people/ada.md)', [['markdown', `p:people/ada${US}${ONE_PATH}`, null]]],
    ['notes/a.md', '[Ada](../people/ada.md#work)', [['markdown', `p:people/ada${US}${ONE_PATH}`, 'work']]],
    ['notes/a.md', '[Sib](b.md)', [['markdown', `p:b${US}${PAGE_FIRST}`, null]]],
    ['notes/a.md', '[web](https://example.com/x.md) ![img](../p.md) `[[code]]`', []],
    ['notes/a.md', '[up](../../outside.md)', []],
    ['notes/a.md', '```\n[[fenced]]\n```\n[[after]]', [['wiki', `n:after${US}`, null]]],
  ];
  for (const [source, md, expected] of linkTable) {
    it(`link ${JSON.stringify(md)} from ${source}`, () => {
      const got = extractLinks(md, source).map((l) => [l.kind, linkKey(l), l.heading]);
      assert.deepEqual(got, expected);
    });
  }

  it('a ref is a path when it has a / or ends in .md, otherwise a name', () => {
    assert.deepEqual(refKeys('people/ada'), [`p:people/ada${US}`]);
    assert.deepEqual(refKeys('Ada Lovelace'), [`n:ada lovelace${US}`]);
    assert.deepEqual(refKeys('[[ada.md]]'), [`p:ada${US}`]);
    assert.deepEqual(refKeys('[[Ada#Work|her]]'), [`n:ada${US}`]);
    assert.deepEqual(refKeys('  '), []);
    assert.equal(pathKey('People/Ada.md'), `p:people/ada${US}`);
  });

  it('near misses: close spellings score high, unrelated names low', () => {
    const sim = (a: string, b: string) => nameSimilarity(prepareName(a), prepareName(b));
    assert.ok(sim('Ada Lovelac', 'Ada Lovelace') > 0.7);
    assert.ok(sim('Ada', 'Ada Lovelace') >= 0.5);
    assert.ok(sim('Lovelace', 'Ada Lovelace') > sim('Babbage', 'Ada Lovelace'));
    assert.ok(sim('Quarterly budget', 'Ada Lovelace') < 0.3);
    assert.equal(sim('same', 'same'), 1);
  });
});
