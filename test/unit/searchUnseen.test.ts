// Hybrid fusion: pages the meaning list cannot judge (written in another script than the question and
// not found by meaning) weigh their words match by how much of the question they hold.
import assert from 'node:assert/strict';
import { dominantScript, scriptWords, unseenByMeaning, unseenWeight } from '../../src/services/search/unseenByMeaning.js';
import { coverage, ftsTokens } from '../../src/domain/termWeights.js';
import { fuseByScore } from '../../src/services/searchService.js';

describe('hybrid: pages meaning cannot judge', () => {
  it('reads the script most of a text is written in', () => {
    assert.equal(dominantScript('what is the roof of the tea house covered with'), 'latin');
    assert.equal(dominantScript('金沢 茶室パビリオン'), 'cjk');
    assert.equal(dominantScript('Водонапорная башня Нарва'), 'cyrillic');
    assert.equal(dominantScript('رياض الزيتون'), 'arabic');
    assert.equal(dominantScript('Περίπτερα Παραλίας'), 'greek');
    assert.equal(dominantScript('Кто статистик LANTERN'), 'cyrillic');
    assert.equal(dominantScript('2025-04-02 — 42'), null);
  });

  it('counts a text by words, each letter of a script without spaces as one, and tells every script apart', () => {
    // Two Han letters against two English words: a tie is no single script.
    assert.deepEqual(Object.fromEntries(scriptWords('東京 Tokyo office')), { cjk: 2, latin: 2 });
    assert.equal(dominantScript('東京 Tokyo office'), null);
    assert.equal(dominantScript('東京オフィス Tokyo'), 'cjk');
    assert.deepEqual(Object.fromEntries(scriptWords('東京Tokyo')), { cjk: 2, latin: 1 });
    // Two Latin words, two Cyrillic words: letters would have said Latin (10 against 10, the first counted).
    assert.equal(dominantScript('Ivan Petrov (Иван Петров)'), null);
    assert.equal(dominantScript('Anna Karenina (Анна Аркадьевна Каренина)'), 'cyrillic');
    assert.equal(dominantScript('தமிழ் நாடு'), 'tamil');
    assert.equal(dominantScript('বাংলা ভাষা'), 'bengali');
    assert.equal(dominantScript('ኢትዮጵያ'), 'ethiopic');
    assert.equal(dominantScript('ភាសាខ្មែរ'), 'khmer');
    assert.equal(dominantScript('Hangul 한국어 회의록'), 'hangul');
    // A lone letter (a version, a quarter) is no word of a language.
    assert.equal(dominantScript('Σχέδιο v2 Q4 A/B'), 'greek');
  });

  it('reads a page’s script from its title, and from its summary when the title is half in the question’s script', () => {
    const petrov = { pageId: 1, title: 'Ivan Petrov (Иван Петров)' };
    // Its title carries the name in Latin letters as much as in Cyrillic: meaning can read it.
    assert.deepEqual(unseenByMeaning('who is Ivan Petrov', [petrov], new Set(), 10), []);
    // Its summary is Russian: meaning cannot.
    const russian = { ...petrov, summary: 'Главный инженер водонапорной башни в Нарве с 2019 года' };
    assert.deepEqual(unseenByMeaning('who is Ivan Petrov', [russian], new Set(), 10).map((c) => c.pageId), [1]);
    // A title half in Han is read by its summary: English here, Japanese there.
    assert.deepEqual(unseenByMeaning('Tokyo office lease', [{ pageId: 2, title: '東京 Tokyo office', summary: 'The lease of our Tokyo office and its renewal terms' }], new Set(), 10), []);
    assert.deepEqual(unseenByMeaning('Tokyo office lease', [{ pageId: 2, title: '東京 Tokyo office', summary: '東京オフィスの賃貸契約' }], new Set(), 10).map((c) => c.pageId), [2]);
    // A title wholly in another script decides alone.
    assert.deepEqual(unseenByMeaning('Tokyo office lease', [{ pageId: 2, title: '東京オフィス', summary: 'The lease of our Tokyo office' }], new Set(), 10).map((c) => c.pageId), [2]);
    // Tamil and Bengali are two scripts: a Tamil question does not read a Bengali page.
    assert.deepEqual(unseenByMeaning('தமிழ் நாடு அலுவலகம்', [{ pageId: 3, title: 'বাংলা ভাষা' }, { pageId: 4, title: 'தமிழ் நாடு' }], new Set(), 10).map((c) => c.pageId), [3]);
  });

  it('keeps the words ranking’s pages in another script that meaning did not find', () => {
    const exact = [
      { pageId: 1, title: '金沢 茶室パビリオン' },
      { pageId: 2, title: 'Tea ceremony lessons' },
      { pageId: 3, title: 'Водонапорная башня' },
      { pageId: 4, title: 'Αιγαίο Ναυτιλιακή' },
    ];
    // Page 4 was found by meaning: its absence is not in question, it is judged.
    assert.deepEqual(
      unseenByMeaning('roof of the Kanazawa tea house', exact, new Set([2, 4]), 10).map((c) => c.pageId),
      [1, 3],
    );
    // Only the first `depth` pages are read.
    assert.deepEqual(unseenByMeaning('roof of the Kanazawa tea house', exact, new Set(), 1).map((c) => c.pageId), [1]);
    // A question in the pages' own script: meaning can judge them.
    assert.deepEqual(unseenByMeaning('金沢の茶室', exact, new Set(), 10).map((c) => c.pageId), [2, 3, 4]);
    // A question without letters says nothing about scripts.
    assert.deepEqual(unseenByMeaning('2025', exact, new Set(), 10), []);
  });

  it('weighs such a page between the words and the meaning weight by the share of the question it holds', () => {
    assert.equal(unseenWeight(0.3, 1, 0), 0.3);
    assert.equal(unseenWeight(0.3, 1, 1), 1);
    assert.ok(Math.abs(unseenWeight(0.3, 1, 0.5) - 0.65) < 1e-12);
    // Never below the words weight, never above the meaning weight, a NaN holds nothing.
    assert.equal(unseenWeight(0.3, 1, 3), 1);
    assert.equal(unseenWeight(0.3, 1, Number.NaN), 0.3);
    assert.equal(unseenWeight(1, 1, 0.5), 1);
    assert.equal(unseenWeight(1, 0.25, 0.9), 1);
  });

  it('fusion gives such a page its own words weight: a vague meaning list no longer buries it', () => {
    // A words hit carries its bm25 (raw) and tier; a meaning hit its similarity (score).
    const page = (pageId: number, path: string, raw: number, tier?: number) =>
      ({ hit: { pageId, path, title: path, raw, chunkId: null, summary: '', folder: '', partition: null }, source: tier == null ? null : 'exact', score: tier == null ? raw : 0, tier }) as never;
    // The words ranking's head is a page in Japanese; meaning (blind to it) likes English pages a little.
    const exact = [page(1, 'Projects/金沢.md', -15, 2), page(2, 'Misc/Tea lessons.md', -10, 2)];
    const meaning = [page(3, 'Misc/Novel.md', 0.67), page(4, 'Personal/Garden.md', 0.65), page(2, 'Misc/Tea lessons.md', 0.6), page(5, 'x.md', 0.45)];
    const before = fuseByScore(exact, [meaning], 10, [0.3, 1]).map((r: { hit: { path: string } }) => r.hit.path);
    assert.notEqual(before[0], 'Projects/金沢.md');
    // The weight the rule gives the page: the question's words by rarity, held by its title and aliases.
    const words = [
      { spellings: ['kanazawa'], weight: 3 },
      { spellings: ['tea'], weight: 1 },
      { spellings: ['roof'], weight: 1 },
    ];
    const held = coverage(words, new Set(ftsTokens('金沢 茶室\naliases: Kanazawa tea pavilion, roof')));
    const weight = unseenWeight(0.3, 1, held);
    assert.equal(weight, 1);
    const after = fuseByScore(exact, [meaning], 10, [0.3, 1], new Map([[1, weight]])).map((r: { hit: { path: string } }) => r.hit.path);
    // A page holding only a common word of the question stays near the words weight and below.
    const common = unseenWeight(0.3, 1, coverage(words, new Set(ftsTokens('金沢 茶室 tea'))));
    assert.ok(common < 0.5);
    assert.notEqual(fuseByScore(exact, [meaning], 10, [0.3, 1], new Map([[1, common]]))[0]!.hit.path, 'Projects/金沢.md');
    assert.equal(after[0], 'Projects/金沢.md');
  });
});
