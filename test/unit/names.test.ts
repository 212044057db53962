// Comparison keys and page slugs in every script: never reduced to ASCII, NFKC case-folded, with
// a folded half (accents, punctuation) that is separate from the exact one.
import assert from 'node:assert/strict';
import { extractLinks, relativeWikiPath } from '../../src/domain/links.js';
import { bestCandidate, exactName, foldName, KEY_KIND, linkKey, nameKey, nameSimilarity, ONE_PATH, PAGE_FIRST, pathKey, prepareName, refKey } from '../../src/domain/pageRefs.js';
import { pageSlug, slugify } from '../../src/domain/slug.js';

describe('names in every script', () => {
  // [script, a spelling, another spelling of the same name (case, width, separators)]
  const same: Array<[string, string, string]> = [
    ['Latin', 'Ada  Lovelace', 'ada lovelace'],
    ['Latin (German ß)', 'Straße', 'STRASSE'],
    ['Greek (final sigma)', 'ΚΌΣΜΟΣ', 'κόσμος'],
    ['Cyrillic (Russian)', 'МОСКВА', 'москва'],
    ['Cyrillic (Ukrainian)', 'КИЇВ', 'Київ'],
    ['Armenian', 'ՀԱՅԱՍՏԱՆ', 'Հայաստան'],
    ['Georgian', 'თბილისი', 'თბილისი'],
    ['Arabic', 'القاهرة', 'القاهرة'],
    ['Persian', 'تهران', 'تهران'],
    ['Hebrew', 'ירושלים', 'ירושלים'],
    ['Devanagari', 'नमस्ते', 'नमस्ते'],
    ['Bengali', 'ঢাকা', 'ঢাকা'],
    ['Thai', 'กรุงเทพ', 'กรุงเทพ'],
    ['Khmer', 'ភ្នំពេញ', 'ភ្នំពេញ'],
    ['Chinese', '北京', '北京'],
    ['Japanese (half-width kana)', 'ｶﾀｶﾅ', 'カタカナ'],
    ['Korean', '서울', '서울'],
    ['Full-width Latin', 'ＡＢＣ', 'abc'],
    ['Mixed (Japanese and Latin)', '東京 TOKYO', '東京 tokyo'],
    ['Mixed (Korean and Latin)', 'iPhone 사용법', 'IPHONE 사용법'],
    ['Ideographic space', '東京\u3000タワー', '東京 タワー'],
  ];
  for (const [script, a, b] of same) {
    it(`${script}: ${a} = ${b} exactly`, () => {
      assert.equal(nameKey(a), nameKey(b));
      assert.ok(exactName(a).length > 0, 'kept, not stripped to ASCII');
    });
  }

  // Different names that an ASCII slug made equal (or empty): distinct exact keys, distinct folds.
  const distinct: Array<[string, string]> = [
    ['使用 Notion 的方法', 'Notion 사용법'],
    ['Notion', 'Notion 사용법'],
    ['Москва', 'Киев'],
    ['القاهرة', 'تهران'],
    ['北京', '東京'],
    ['Κόσμος', 'Λόγος'],
    ['ঢাকা', 'নমস্কার'],
    ['กรุงเทพ', 'เชียงใหม่'],
  ];
  for (const [a, b] of distinct) {
    it(`${a} ≠ ${b}`, () => {
      assert.notEqual(nameKey(a), nameKey(b));
      assert.notEqual(foldName(a), foldName(b));
    });
  }

  // Same folded name, different exact names: they meet only at the folded rank.
  const folded: Array<[string, string]> = [
    ['Thèmes', 'Themes'],
    ['Réunion', 'reunion'],
    ['ada-lovelace', 'Ada Lovelace'],
    ['Λόγος', 'ΛΟΓΟΣ'],
    ['القَاهِرَة', 'القاهرة'],
    ['İstanbul', 'istanbul'],
    ['Łódź', 'Lodz'],
    ['Ёлка', 'Елка'],
    ['C.S. Lewis', 'CS Lewis'],
  ];
  for (const [a, b] of folded) {
    it(`${a} folds to ${b} (but is not the same exact name)`, () => {
      assert.notEqual(exactName(a), exactName(b));
      assert.equal(foldName(a), foldName(b));
    });
  }

  it('the order: exact path, file name, title or suffix, folded, alias, folded alias; then nearness', () => {
    const key = nameKey('Themes');
    const c = (name: string, kind: number, path: string) => ({ key: nameKey(name), kind, path });
    assert.equal(bestCandidate([c('Thèmes', KEY_KIND.name, 'Thèmes.md'), c('Themes', KEY_KIND.name, 'deep/down/Themes.md')], key), 'deep/down/Themes.md');
    assert.equal(bestCandidate([c('Themes', KEY_KIND.title, 'a.md'), c('Themes', KEY_KIND.name, 'long/b.md')], key), 'long/b.md');
    assert.equal(bestCandidate([c('Themes', KEY_KIND.alias, 'a.md'), c('Thèmes', KEY_KIND.title, 'long/b.md')], key), 'long/b.md');
    assert.equal(bestCandidate([c('Thèmes', KEY_KIND.alias, 'a.md'), c('Themes', KEY_KIND.alias, 'long/b.md')], key), 'long/b.md');
    const two = [c('Themes', KEY_KIND.name, 'x/Themes.md'), c('Themes', KEY_KIND.name, 'y/z/Themes.md')];
    assert.equal(bestCandidate(two, key), 'x/Themes.md', 'shortest without a linking page');
    assert.equal(bestCandidate(two, key, 'y/other.md'), 'y/z/Themes.md', 'same top folder');
    assert.equal(bestCandidate(two, key, 'y/z/other.md'), 'y/z/Themes.md', 'same folder');
    assert.equal(bestCandidate([{ key: pathKey('a/b'), kind: KEY_KIND.suffix, path: 'x/a/b.md' }, { key: pathKey('a/b'), kind: KEY_KIND.path, path: 'a/b.md' }], pathKey('a/b')), 'a/b.md');
    assert.equal(bestCandidate([], key), null);
  });

  it('relative wiki links and markdown hrefs look up the page a vault app opens', () => {
    const link = (md: string, from: string) => extractLinks(md, from)[0]!;
    // [[../x]], [[./x]]: relative to the linking page, as a whole path (never a suffix elsewhere)
    assert.equal(link('[[../Reading/Theory]]', 'English/Travel/a.md').path, 'English/Reading/Theory.md');
    assert.equal(link('[[./Plan|the plan]]', 'work/notes/a.md').path, 'work/notes/Plan.md');
    assert.equal(linkKey(link('[[../../x/Бук]]', 'a/b/c.md')), pathKey('x/Бук') + ONE_PATH);
    assert.equal(relativeWikiPath('../../../x', 'a/b.md'), null, 'above the root');
    assert.equal(relativeWikiPath('Folder/Note', 'a/b.md'), null, 'not relative');
    assert.equal(relativeWikiPath('./.', 'b/x.md'), null, 'a folder, not the page b.md');
    assert.equal(relativeWikiPath('../a/..', 'b/c/x.md'), null);
    // [x](Note.md): the path as written (a suffix, the linking page's folder winning the tie), not only beside the page
    assert.equal(linkKey(link('[x](Recipe.md)', 'English/Health/a.md')), pathKey('Recipe') + PAGE_FIRST);
    assert.equal(linkKey(link('[x](English/Travel/Recipe%20book.md#Intro)', 'Deutsch/a.md')), pathKey('English/Travel/Recipe book') + PAGE_FIRST);
    // ... but the page beside the linking one first, as a markdown renderer reads it: a root README.md
    // (rank 0 as written) loses to docs/README.md for [x](README.md) in docs/
    const readme = linkKey(link('[readme](README.md)', 'docs/guide.md'));
    const pages = [
      { key: pathKey('README'), kind: KEY_KIND.path, path: 'README.md' },
      { key: pathKey('README'), kind: KEY_KIND.suffix, path: 'docs/README.md' },
      { key: pathKey('README'), kind: KEY_KIND.suffix, path: 'docs/old/README.md' },
    ];
    assert.equal(bestCandidate(pages, readme, 'docs/guide.md'), 'docs/README.md');
    assert.equal(bestCandidate(pages.slice(0, 1).concat(pages.slice(2)), readme, 'docs/guide.md'), 'README.md', 'nothing beside: as written');
    assert.equal(bestCandidate(pages, readme, 'guide.md'), 'README.md');
    const sub = [
      { key: pathKey('sub/Note'), kind: KEY_KIND.path, path: 'sub/Note.md' },
      { key: pathKey('sub/Note'), kind: KEY_KIND.suffix, path: 'a/sub/Note.md' },
    ];
    assert.equal(bestCandidate(sub, linkKey(link('[n](sub/Note.md)', 'a/x.md')), 'a/x.md'), 'a/sub/Note.md');
    assert.equal(bestCandidate(sub, linkKey(link('[n](sub/Note.md)', 'b/x.md')), 'b/x.md'), 'sub/Note.md');
    // explicitly relative or rooted: as before, the joined path
    assert.equal(linkKey(link('[x](../Travel/Recipe.md)', 'English/Health/a.md')), pathKey('English/Travel/Recipe') + ONE_PATH);
    // a relative link names one path: not a deeper page's suffix, nor a folded spelling; unresolved without it
    const theory = linkKey(link('[[../Reading/Theory]]', 'English/Travel/a.md'));
    const deeper = { key: pathKey('English/Reading/Theory'), kind: KEY_KIND.suffix, path: 'Archive/English/Reading/Theory.md' };
    assert.equal(bestCandidate([deeper], theory, 'English/Travel/a.md'), null);
    assert.equal(bestCandidate([deeper, { key: pathKey('English/Reading/Theory'), kind: KEY_KIND.path, path: 'English/Reading/Theory.md' }], theory, 'English/Travel/a.md'), 'English/Reading/Theory.md');
    assert.equal(bestCandidate([{ key: pathKey('English/Reading/Théory'), kind: KEY_KIND.path, path: 'English/Reading/Théory.md' }], theory, 'English/Travel/a.md'), null);
    assert.equal(linkKey(link('[x](/Tools/Git.md)', 'English/Health/a.md')), pathKey('Tools/Git'));
    // graph/resolve reads a relative ref against the linking page
    assert.equal(refKey('../Reading/Theory#^b', 'English/Travel/a.md'), pathKey('English/Reading/Theory') + ONE_PATH);
    assert.equal(refKey('../Reading/Theory'), pathKey('../Reading/Theory'));
  });

  it('folding keeps marks that make letters of their own', () => {
    assert.notEqual(foldName('कम'), foldName('कमी'));
    assert.notEqual(foldName('か'), foldName('が'));
  });

  it('near misses work across scripts (character bigrams of the folded names)', () => {
    const sim = (a: string, b: string) => nameSimilarity(prepareName(a), prepareName(b));
    assert.ok(sim('Москв', 'Москва') > 0.6);
    assert.ok(sim('北京市', '北京') > 0.4);
    assert.ok(sim('北京', '東京') < sim('北京', '北京市'));
    assert.ok(sim('서울특별시', '서울') > sim('서울특별시', '부산'));
    assert.equal(sim('القاهرة', 'القاهرة'), 1);
    assert.ok(sim('Thèmes', 'Themes') === 1, 'the same folded name');
  });

  // Page file names for new pages: non-Latin letters kept, Latin accents dropped, byte-bounded.
  const slugs: Array<[string, string]> = [
    ['Quarterly Review: Q3!', 'quarterly-review-q3'],
    ['Réunion à Paris', 'reunion-a-paris'],
    ['東京 会議 2024', '東京-会議-2024'],
    ['Встреча в Москве', 'встреча-в-москве'],
    ['اجتماع الفريق', 'اجتماع-الفريق'],
    ['회의 노트', '회의-노트'],
    ['ミーティング', 'ミーティング'],
    ['Συνάντηση ομάδας', 'συναντηση-ομαδας'],
    ['नमस्ते दुनिया', 'नमस्ते-दुनिया'],
    ['!!!', ''],
  ];
  for (const [title, slug] of slugs) {
    it(`pageSlug(${JSON.stringify(title)}) = ${JSON.stringify(slug)}`, () => assert.equal(pageSlug(title), slug));
  }

  it('pageSlug cuts at a byte limit on a character boundary; brain slugs stay ASCII', () => {
    const s = pageSlug('東'.repeat(100), 30);
    assert.equal(s, '東'.repeat(10));
    assert.equal(slugify('東京 main'), 'main');
  });

  it('names of printable ASCII (the fast path) fold exactly as the Unicode path folds them', () => {
    // [name, exactName, foldName], as the build before the ASCII fast path answered (issue 29).
    const table: Array<[string, string, string]> = [
      ['Ada  Lovelace', 'ada lovelace', 'ada lovelace'],
      ['  Trailing and leading  ', 'trailing and leading', 'trailing and leading'],
      ['C.S. Lewis', 'c.s. lewis', 'cs lewis'],
      ["Don't Panic", "don't panic", 'dont panic'],
      ['snake_case-and-kebab', 'snake_case-and-kebab', 'snake case and kebab'],
      ['Path/To/Note', 'path/to/note', 'path to note'],
      ['A+B=C?', 'a+b=c?', 'a b c'],
      ['???', '???', '???'],
      ['...', '...', '...'],
      ['   ', '', ''],
      ['', '', ''],
      ['Tab\there', 'tabhere', 'tabhere'],
      ['Line\nbreak', 'linebreak', 'linebreak'],
      ['MiXeD 123 CaSe', 'mixed 123 case', 'mixed 123 case'],
      ['~`!@#$%^&*()[]{}|\\;:"<>,', '~`!@#$%^&*()[]{}|\\;:"<>,', '~`!@#$%^&*()[]{}|\\;:"<>,'],
      ["it's O'Brien.", "it's o'brien.", 'its obrien'],
      ['x\u001fy', 'xy', 'xy'],
    ];
    for (const [name, exact, folded] of table) {
      assert.equal(exactName(name), exact, `exactName(${JSON.stringify(name)})`);
      assert.equal(foldName(name), folded, `foldName(${JSON.stringify(name)})`);
    }
    // The same name with one non-ASCII letter takes the Unicode path and folds alike around it.
    assert.equal(foldName("C.S. Lewis's Café"), 'cs lewiss cafe');
    assert.equal(pathKey('Area-1/Topic_2/Page 3.md'), 'p:area 1/topic 2/page 3\u001farea-1/topic_2/page 3');
  });
  it('a lone candidate resolves as the comparison of several would: the same candidate twice takes the general path', () => {
    const link = (md: string, from: string) => extractLinks(md, from)[0]!;
    const keys = [
      nameKey('Themes'),
      nameKey('Thèmes'),
      pathKey('a/b'),
      linkKey(link('[[../Reading/Theory]]', 'English/Travel/a.md')),
      linkKey(link('[x](Recipe.md)', 'English/Health/a.md')),
      linkKey(link('[x](sub/Note.md)', 'a/x.md')),
    ];
    const candidates = [
      { key: nameKey('Themes'), kind: KEY_KIND.name, path: 'x/Themes.md' },
      { key: nameKey('Thèmes'), kind: KEY_KIND.alias, path: 'Thèmes.md' },
      { key: pathKey('a/b'), kind: KEY_KIND.path, path: 'a/b.md' },
      { key: pathKey('a/b'), kind: KEY_KIND.suffix, path: 'x/a/b.md' },
      { key: pathKey('English/Reading/Theory'), kind: KEY_KIND.path, path: 'English/Reading/Theory.md' },
      { key: pathKey('English/Reading/Theory'), kind: KEY_KIND.suffix, path: 'Archive/English/Reading/Theory.md' },
      { key: pathKey('English/Reading/Théory'), kind: KEY_KIND.path, path: 'English/Reading/Théory.md' },
      { key: pathKey('Recipe'), kind: KEY_KIND.suffix, path: 'English/Health/Recipe.md' },
      { key: pathKey('sub/Note'), kind: KEY_KIND.suffix, path: 'a/sub/Note.md' },
    ];
    let answered = 0;
    for (const key of keys) {
      for (const c of candidates) {
        for (const from of ['', 'English/Travel/a.md', 'a/x.md', 'English/Health/a.md']) {
          const one = bestCandidate([c], key, from);
          assert.equal(one, bestCandidate([c, { ...c }], key, from), `${key} ${c.path} from ${from}`);
          if (one) answered++;
        }
      }
    }
    assert.ok(answered > 0);
    assert.equal(bestCandidate([candidates[5]!], keys[3]!, 'English/Travel/a.md'), null, 'a relative link is not a deeper suffix');
  });
});
