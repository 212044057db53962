// Pure pieces of how search weighs a question's words: tokens as the words table folds them,
// rarity, the share of a question a text holds, and the nearest spelling of a typo.
import assert from 'node:assert/strict';
import { allowedEdits, contentTokens, correctable, coverage, editDistance, ftsTokens, nearestSpelling, rarity, sameStem, spellingPrefixes } from '../../src/domain/termWeights.js';
import { allTermsExpression, anyTermExpression, parseQuery } from '../../src/domain/searchQuery.js';

describe('term weights', () => {
  it('folds words as the index does: case, Latin accents, Greek accents, ё', () => {
    assert.deepEqual(ftsTokens('Hélène Côté, PAY-1182'), ['helene', 'cote', 'pay', '1182']);
    assert.deepEqual(ftsTokens('Θεσσαλονίκη ёлка'), ['θεσσαλονικη', 'елка']);
  });

  it('keeps the content words of a question: no stop words, no single letters, no CJK runs, each once', () => {
    assert.deepEqual(contentTokens(['how', 'long', 'do', 'we', 'keep', 'db', 'snapshots', 'a', 'snapshots', '会議']), ['long', 'keep', 'db', 'snapshots']);
  });

  it('rarity: a rare word tells more than a common one; an unknown word nothing', () => {
    assert.ok(rarity(1, 1000) > rarity(100, 1000));
    assert.ok(rarity(100, 1000) > rarity(900, 1000));
    assert.equal(rarity(0, 1000), 0);
  });

  // The index's porter table is the judge: what it matches, coverage counts as held, and nothing
  // more (a shared beginning is not a shared stem). Porter itself does join a few words of unlike
  // meaning ("general"/"generate" are both "gener"); the index would match them too.
  const SAME: Array<[string, string]> = [
    ['snapshots', 'snapshot'],
    ['approve', 'approvals'],
    ['approval', 'approved'],
    ['running', 'run'],
    ['ports', 'port'],
    ['porting', 'port'],
    ['connection', 'connected'],
    ['universe', 'university'],
    ['policies', 'policy'],
    ['cafes', 'cafe'],
    ['1182', '1182'],
  ];
  const DIFFERENT: Array<[string, string]> = [
    ['port', 'portal'],
    ['kept', 'keep'],
    ['kestrel', 'kernel'],
    ['policy', 'police'],
    ['relate', 'relativity'],
    ['runner', 'running'],
    ['organ', 'organise'],
    ['news', 'newsletter'],
    ['server', 'serve'],
    ['pay1182', 'pay1183'],
  ];
  for (const [a, b] of SAME) it(`same stem: "${a}" and "${b}"`, () => (assert.ok(sameStem(a, b)), assert.ok(sameStem(b, a))));
  for (const [a, b] of DIFFERENT) it(`not the same stem: "${a}" and "${b}"`, () => (assert.ok(!sameStem(a, b)), assert.ok(!sameStem(b, a))));

  it('coverage counts a CJK word held inside a run written without spaces, and only a CJK one', () => {
    // A CJK run is one token of the text; the question's word is held if the run contains it.
    assert.equal(coverage([{ spellings: ['太阳能'], weight: 1 }], new Set(['关于太阳能板的说明'])), 1);
    assert.equal(coverage([{ spellings: ['ソーラー'], weight: 1 }], new Set(['ソーラーポンプの納期'])), 1);
    assert.equal(coverage([{ spellings: ['太阳能'], weight: 1 }], new Set(['风力发电'])), 0);
    // A Latin word inside a longer word is not held (no substring matching outside CJK).
    assert.equal(coverage([{ spellings: ['port'], weight: 1 }], new Set(['importance'])), 0);
  });

  it('coverage counts a word held under its stem, not under a longer word it begins', () => {
    const words = [{ spellings: ['port'], weight: 1 }];
    assert.equal(coverage(words, new Set(['ports'])), 1);
    assert.equal(coverage(words, new Set(['portal'])), 0);
  });

  it('coverage: the share of the question by rarity a text holds, a typo counted under its correction', () => {
    const words = [
      { spellings: ['snapshots'], weight: 5 },
      { spellings: ['production'], weight: 1 },
      { spellings: ['coet', 'cote'], weight: 4 },
    ];
    assert.equal(coverage(words, new Set(['production', 'database', 'snapshot'])), 6 / 10);
    assert.equal(coverage(words, new Set(['helene', 'cote'])), 4 / 10);
    assert.equal(coverage(words, new Set(['nothing'])), 0);
    assert.equal(coverage([], new Set(['x'])), 1);
  });

  it('edit distance counts a swap of two letters as one edit and stops past the bound', () => {
    assert.equal(editDistance('heorn', 'heron', 2), 1);
    assert.equal(editDistance('zubirria', 'zubiria', 2), 1);
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3);
  });

  it('corrects only words long enough, of letters only; two edits only for long words', () => {
    assert.equal(allowedEdits('kjr'), 0);
    assert.equal(allowedEdits('helping'), 1);
    assert.equal(allowedEdits('sigurdardtotir'), 2);
    assert.ok(correctable('heorn'));
    assert.ok(!correctable('pay1182'));
    assert.ok(!correctable('北斗精機'));
  });

  it('nearest spelling: fewest edits, then the most used word; none when nothing is near', () => {
    const vocab = [
      { term: 'heron', docs: 40 },
      { term: 'herons', docs: 2 },
      { term: 'heating', docs: 9 },
      { term: 'heorns2', docs: 1 },
    ];
    assert.equal(nearestSpelling('heorn', vocab), 'heron');
    assert.equal(nearestSpelling('helping', vocab), null, 'two edits away is another word, not a typo');
    assert.equal(nearestSpelling('xyzzy', vocab), null);
    assert.deepEqual(spellingPrefixes('heorn'), ['he', 'eh']);
  });

  it('an alternative spelling joins its term in the FTS5 expressions (explicit AND after a group)', () => {
    const q = parseQuery('heorn architecture');
    q.terms[0]!.alternatives = ['heron'];
    assert.equal(allTermsExpression(q), '("heorn" OR "heron") AND "architecture"');
    assert.equal(anyTermExpression(q), '("heorn" OR "heron") OR "architecture"');
    assert.equal(allTermsExpression(parseQuery('plain words')), '"plain" "words"');
  });
});
