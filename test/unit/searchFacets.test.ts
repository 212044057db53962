// Pure parts of search filters and any-language search: a page's tags and frontmatter fields
// (domain/pageFacets) and the script folding and CJK bigrams (domain/scriptFolding).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { inlineTags, inlineTagsByRegex, pageFacets } from '../../src/domain/pageFacets.js';
import { cjkBigrams, cjkExpression, cjkRuns, foldScripts, ftsColumns } from '../../src/domain/scriptFolding.js';
import { createHash } from 'node:crypto';
import { chunkPage, embeddingInput } from '../../src/domain/chunking.js';
import { derivePage } from '../../src/domain/pageDerivation.js';
import { substringSnippet } from '../../src/domain/snippet.js';

describe('page facets', () => {
  it('tags from frontmatter (list or string) and inline #tags, folded, once each', () => {
    const f = pageFacets({ tags: ['Math', '#History'], status: 'Active' }, 'Text #math and #Ideas/Big, (#paren) x#not #123 `#code`\n\n```\n#fenced\n```\n');
    assert.deepEqual(f.tags.sort(), ['history', 'ideas/big', 'math', 'paren']);
    assert.deepEqual(pageFacets({ tags: 'a, b c' }, '').tags, ['a', 'b', 'c']);
  });
  it('fields: scalars and list items as folded key/value pairs; dates as written; objects left out', () => {
    const f = pageFacets({ status: 'Active', n: 3, ok: true, day: new Date('2024-05-01T00:00:00Z'), team: ['Red', 'Blue'], nested: { a: 1 }, long: 'x'.repeat(300) }, '');
    assert.deepEqual(f.fields, [['status', 'active'], ['n', '3'], ['ok', 'true'], ['day', '2024-05-01'], ['team', 'red'], ['team', 'blue']]);
  });
  it('a heading is not a tag', () => {
    assert.deepEqual(inlineTags('# Heading\n## Sub\ntext'), []);
  });
  it('inline tags found from each # are those of the one global match, on text of many scripts', () => {
    // Pieces that meet at the edges a tag cares about: what stands before '#', marks, digits, nested
    // tags, code spans and fences, astral letters, and letters of several scripts.
    const piece = fc.constantFrom('#', '##', ' ', '\n', '\t', '(', '[', '{', 'x', 'É', '\u0301', 'Ω', 'ё', '東京', 'मे', '\u0e31', '123', '_', '-', '/', '`', '```\n', '\u3000', '\u00a0', '𝔸', '\ud835', '.', ',', '#tag', '#日本/語');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const body = parts.join('');
        assert.deepEqual(inlineTags(body), inlineTagsByRegex(body));
      }),
      { numRuns: 3000 },
    );
    for (const body of ['#a', ' #a#b #c', '(#x) [#y] {#z}', 'a#b', '#1 #1a #_', '`#in` #out', '\u3000#wide', '#a/b-c_d/ #e']) {
      assert.deepEqual(inlineTags(body), inlineTagsByRegex(body), body);
    }
  });
});

describe('chunk hashes', () => {
  it('a chunk is keyed by the sha1 of what the embedding model reads, in any script', () => {
    const md = `# Αθήνα 東京\n\nIntro with [[Σημειώσεις]] and 会議の記録.\n\n## Straße\n\n${'Текст и ёлка. '.repeat(200)}\n\n## 서울\n\n노트 𝔸 end.`;
    const d = derivePage('notes/αθήνα.md', md);
    const chunks = chunkPage(d.parsed.title, md.slice(md.indexOf('\n') + 1));
    assert.ok(d.chunks.length >= 2);
    d.chunks.forEach((c, i) => assert.equal(c.hash, createHash('sha1').update(embeddingInput(d.parsed.title, chunks[i]!)).digest('hex')));
  });
});

describe('script folding', () => {
  it('folds Greek accents and ё, leaves other text as it is', () => {
    assert.equal(foldScripts('Αθηνά και Θεσσαλονίκη'), 'Αθηνα και Θεσσαλονικη');
    assert.equal(foldScripts('ёлка Ёж'), 'елка Еж');
    assert.equal(foldScripts('résumé が'), 'résumé が');
  });
  it('CJK runs become overlapping bigrams, the last character alone; queries become phrases', () => {
    assert.equal(cjkBigrams('会議 in 東京都'), '会議 議 東京 京都 都');
    assert.equal(cjkBigrams('plain text'), '');
    assert.deepEqual(cjkRuns('東京 and 会議室'), ['東京', '会議室']);
    assert.equal(cjkExpression(['会議室', '晴']), '"会議 議室" AND "晴"*');
  });
  it('what the FTS5 tables take of a chunk: folded words only when folding changes them, bigrams only with CJK text', () => {
    assert.deepEqual(ftsColumns(['Plain', 'Heading', 'body text', '']), { words: null, cjk: null });
    assert.deepEqual(ftsColumns(['Αθηνά', 'x', 'ёлка', '']), { words: ['Αθηνα', 'x', 'елка', ''], cjk: null });
    assert.deepEqual(ftsColumns(['会議 notes', '', 'in 東京都', '']), { words: null, cjk: ['会議 議', '', '東京 京都 都', ''] });
    // Derivation carries them with each chunk (computed on the derivation thread for a large commit).
    const d = derivePage('notes/Αθηνά.md', '# Αθηνά\n\nΣημειώσεις για το 会議.\n');
    for (const c of d.chunks) assert.deepEqual(c.fts, ftsColumns([c.title, c.heading, c.body, c.meta]));
    assert.ok(d.chunks[0]!.fts.words && d.chunks[0]!.fts.cjk);
  });
  it('a substring snippet marks each occurrence in a window', () => {
    assert.equal(substringSnippet('今日は東京で会議、明日も会議。', ['会議']), '今日は東京で**会議**、明日も**会議**。');
    assert.equal(substringSnippet('nothing here', ['会議']), null);
    const long = `${'あ'.repeat(200)}会議${'い'.repeat(200)}`;
    const s = substringSnippet(long, ['会議'])!;
    assert.ok(s.startsWith('…') && s.endsWith('…') && s.includes('**会議**'), s);
  });
});
