// The hybrid ranking's general mechanisms outside the engine: the lexical-confidence gate (a words
// ranking head that leads decisively is kept first) and the relations one relation implies.
import assert from 'node:assert/strict';
import { lexicalHead, withImplied } from '../../src/services/searchService.js';

const hit = (raw: number, tier = 2, source: 'exact' | 'stem' = 'exact') => ({ hit: { raw }, source, tier });

describe('hybrid: the decisive lexical head', () => {
  it('a first page whose bm25 is at least the ratio times the runner-up is decisive', () => {
    assert.equal(lexicalHead([hit(-26), hit(-8.7), hit(-8.5)], 1.5), 0);
    assert.equal(lexicalHead([hit(-9), hit(-6)], 1.5), 0);
  });

  it('a close runner-up leaves the fusion as it is', () => {
    assert.equal(lexicalHead([hit(-10.4), hit(-8.7)], 1.5), null);
    assert.equal(lexicalHead([hit(-5.35), hit(-5.24)], 1.5), null);
  });

  it('bm25 values of different tiers or tables are not compared', () => {
    assert.equal(lexicalHead([hit(-20, 0), hit(-2, 2)], 1.5), null);
    assert.equal(lexicalHead([hit(-20, 1, 'exact'), hit(-2, 1, 'stem')], 1.5), null);
  });

  it('one page alone, or a runner-up without a score, is no evidence of a lead', () => {
    assert.equal(lexicalHead([hit(-20)], 1.5), null);
    assert.equal(lexicalHead([hit(-20), hit(0)], 1.5), null);
    assert.equal(lexicalHead([], 1.5), null);
  });
});

describe('graph hops: implied relations', () => {
  it('following works_at follows leads too (a team lead is one of its people)', () => {
    assert.deepEqual(withImplied(['works_at']), ['works_at', 'leads']);
  });

  it('other relations are followed as asked, without repeats', () => {
    assert.deepEqual(withImplied(['attended']), ['attended']);
    assert.deepEqual(withImplied(['leads', 'works_at']), ['leads', 'works_at']);
  });
});
