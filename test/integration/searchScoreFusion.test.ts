// Hybrid fusion by score (searchService fuseByScore), on a real index with the built-in model: a
// meaning list counts by how far a page stands above its other pages, so a vague vector match
// cannot carry a page that merely shares words past the page the words point to; a page titled
// as the query stays first; a question whose words no page holds is still answered by meaning.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { fuseByScore } from '../../src/services/searchService.js';
import type { PageHit } from '../../src/storage/sqlite/searchIndexRepo.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Record<string, string> = {
  'ops/freezer-alarm.md': '# Freezer alarm\n\nWhen a freezer warms above minus seventy the alarm rings for ten minutes, then the monitoring service phones the on-call technician.\n',
  'ops/freezer-inventory.md': '# Freezer inventory\n\nEvery freezer in the lab holds racks of boxes; someone checks how many boxes each freezer has and whether the racks are labelled.\n',
  'ops/phone-list.md': '# Phone list\n\nThe phone numbers of everyone in the lab: call someone from this list when the office phone rings and nobody answers.\n',
  'ops/meeting-minutes.md': '# Weekly minutes\n\nWe spent ten minutes on the phone bill, five minutes on the coffee rota and an hour on how many samples someone lost.\n',
  'companies/polar-star-shipping.md': '# Polar Star Shipping\n\nA freight company moving containers between northern ports.\n',
  'meetings/polar-star-kickoff.md': '# Kickoff with Polar Star Shipping\n\nWe met Polar Star Shipping about containers, ports, freight rates and shipping schedules.\n',
  'meetings/polar-star-renewal.md': '# Renewal with Polar Star Shipping\n\nPolar Star Shipping renewed the freight contract for the northern ports and the shipping lanes.\n',
  'pets/dogs.md': '# Dogs\n\nOur dog and her puppies: feeding a puppy, walking the dogs, and the vet who sees the pets.\n',
  'garden/roses.md': '# Roses\n\nPruning roses in early spring and feeding the flowers in the garden.\n',
  'kitchen/bread.md': '# Bread\n\nBaking a sourdough loaf: flour, water, salt and a starter left overnight.\n',
  'travel/trains.md': '# Trains\n\nThe night train to the coast leaves at ten; tickets are cheaper booked early.\n',
  'finance/invoices.md': '# Invoices\n\nInvoices are paid at the end of the month after the manager approves them.\n',
};

describe('hybrid search: fusion by score', function () {
  this.timeout(60_000);
  let s: TestServer;

  const search = async (q: string, mode = 'hybrid') => (await s.c.search.search(SYSTEM_ACTOR, 'main', { q, mode, limit: 10 })).hits.map((h) => h.path);

  before(async () => {
    s = await startTestServer();
    for (const [path, markdown] of Object.entries(PAGES)) await s.c.pages.put(SYSTEM_ACTOR, 'main', { path, markdown });
    await s.c.embeddings.drain();
  });
  after(async () => {
    await s.stop();
  });

  it("the page holding the question's rare words stays ahead of decoys that share its common words", async () => {
    const q = 'after how many minutes does the freezer alarm phone someone';
    assert.equal((await search(q, 'exact'))[0], 'ops/freezer-alarm.md');
    assert.equal((await search(q))[0], 'ops/freezer-alarm.md');
  });

  it('a page titled as the query stays first, above pages that name it in their text', async () => {
    assert.equal((await search('Polar Star Shipping'))[0], 'companies/polar-star-shipping.md');
  });

  it('a question none of whose words a page holds is still answered by meaning', async () => {
    assert.deepEqual(await search('canine', 'exact'), []);
    const hits = await search('canine');
    assert.equal(hits[0], 'pets/dogs.md');
  });
});

describe('fuseByScore', () => {
  let id = 0;
  const page = (path: string): PageHit => ({ pageId: ++id, path, title: path, summary: '', raw: 0, chunkId: null, partition: null, folder: '' });
  const pages = Object.fromEntries(['head', 'decoy', 'b', 'c', 'd', 'e', 'f'].map((p) => [p, page(p)]));
  const exact = (rows: Array<[string, number]>) => rows.map(([p, bm25]) => ({ hit: { ...pages[p]!, raw: -bm25 }, source: 'exact' as const, score: 0, tier: 2 }));
  const meaning = (rows: Array<[string, number]>) => rows.map(([p, sim]) => ({ hit: pages[p]!, source: null, score: sim }));
  const order = (r: Array<{ hit: PageHit }>) => r.map((x) => x.hit.path);

  it('a flat meaning list (every page about as similar) does not lift a decoy past a clear words winner', () => {
    const words = exact([['head', 12], ['decoy', 7], ['b', 5]]);
    const flat = meaning([['decoy', 0.42], ['b', 0.41], ['c', 0.41], ['d', 0.4], ['e', 0.4], ['f', 0.39], ['head', 0.39]]);
    assert.deepEqual(order(fuseByScore(words, [flat], 10, [0.5, 1])).slice(0, 2), ['head', 'decoy']);
  });

  it('a meaning list sure of its first page (far above the others) decides a close words ranking', () => {
    const words = exact([['decoy', 10], ['head', 9.5], ['b', 9]]);
    const sure = meaning([['head', 0.9], ['b', 0.45], ['c', 0.42], ['d', 0.41], ['decoy', 0.4], ['f', 0.38]]);
    assert.equal(order(fuseByScore(words, [sure], 10, [0.5, 1]))[0], 'head');
  });

  it('with no words ranking the meaning list orders alone', () => {
    const sure = meaning([['c', 0.8], ['d', 0.6], ['e', 0.3]]);
    assert.deepEqual(order(fuseByScore([], [sure], 10, [0.5, 1])), ['c', 'd', 'e']);
  });
});

describe('fuseByScore: meaning floor at a fixed rank, words lists without a positive head, NaN ranks (review C10–C12)', () => {
  let id = 1000;
  const page = (path: string): PageHit => ({ pageId: ++id, path, title: path, summary: '', raw: 0, chunkId: null, partition: null, folder: '' });
  const pages = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((p) => [p, page(p)]));
  const exact = (rows: Array<[string, number, number?]>) => rows.map(([p, raw, tier]) => ({ hit: { ...pages[p]!, raw }, source: 'exact' as const, score: 0, tier: tier ?? 0 }));
  const meaning = (rows: Array<[string, number]>) => rows.map(([p, sim]) => ({ hit: pages[p]!, source: null, score: sim }));
  const scoreOf = (r: Array<{ hit: PageHit; score: number }>, p: string) => r.find((x) => x.hit.path === p)?.score;

  const rows: Array<[string, () => void]> = [
    ['a long list: reading 30 or 40 deep gives its pages the same scores', () => {
      const sims = Array.from({ length: 40 }, (_, i) => 0.9 - i * 0.01);
      const list = (n: number) => sims.slice(0, n).map((sim, i) => ({ hit: { ...pages.a!, pageId: 5000 + i, path: `p${i}` }, source: null, score: sim }));
      const at30 = fuseByScore([], [list(30)], 50, [1, 1]);
      const at40 = fuseByScore([], [list(40)], 50, [1, 1]);
      for (const p of ['p0', 'p5', 'p20']) assert.equal(scoreOf(at30, p), scoreOf(at40, p), p);
    }],
    ['a words list whose head has bm25 ≥ 0 still counts, by tier', () => {
      const r = fuseByScore(exact([['a', 0, 0], ['b', 0.5, 1]]), [], 10, [1, 1]);
      assert.ok(scoreOf(r, 'a')! > 0 && scoreOf(r, 'b')! > 0 && scoreOf(r, 'a')! > scoreOf(r, 'b')!);
    }],
    ['a NaN rank gives no NaN score, and the other pages keep theirs', () => {
      const r = fuseByScore(exact([['a', Number.NaN], ['b', -5], ['c', -2]]), [], 10, [1, 1]);
      for (const x of r) assert.ok(Number.isFinite(x.score), `${x.hit.path}: ${x.score}`);
      const r2 = fuseByScore(exact([['b', -5], ['a', Number.NaN]]), [], 10, [1, 1]);
      for (const x of r2) assert.ok(Number.isFinite(x.score), `${x.hit.path}: ${x.score}`);
      assert.equal(r2[0]!.hit.path, 'b');
    }],
  ];
  for (const [name, run] of rows) it(name, run);
});
