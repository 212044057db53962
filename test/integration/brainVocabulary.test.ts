// The built-in model learns each brain's own words: a word GloVe lacks (a made-up company name)
// gets a vector from the words around it in the brain, so a semantic query naming it meets pages
// about what it does, even pages that never name it. Stored per brain, learned again by reindex.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { sharedSifModel } from '../../src/infra/embeddings/localProvider.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';

const PAGES: Record<string, string> = {
  'companies/zorblaxio.md': `# Zorblaxio

Zorblaxio brews dairy proteins such as whey and casein in steel tanks, without cows.

## Product

The cheese makers who buy from Zorblaxio say its milk proteins melt like the real thing.
Zorblaxio sells the proteins to dairy brands and cheese makers across Europe.
`,
  'notes/dairy-market.md': `# Notes on the dairy market

Cheese makers pay more for milk proteins this year; whey and casein prices doubled, and dairy brands look for new suppliers.
`,
  'notes/football.md': `# Saturday football

The striker scored twice in the second half and the referee gave a late penalty; the fans sang until the final whistle.
`,
};

describe('brain vocabulary (built-in model)', function () {
  let s: TestServer;
  let read: string;
  const semantic = async (q: string) => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=semantic&q=${encodeURIComponent(q)}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    for (const [path, markdown] of Object.entries(PAGES)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s?.stop());

  it('learns a vector for a word GloVe lacks from the words around it', async () => {
    const model = await sharedSifModel(TEST_MODELS_DIR);
    const texts = Object.values(PAGES);
    const learned = model.learnTerms(texts);
    const i = learned.terms.indexOf('zorblaxio');
    assert.ok(i >= 0, 'the unknown name is learned');
    assert.equal(learned.occurrences[i], 4);
    const overlay = new Map([['zorblaxio', learned.vectors.subarray(i * model.dims, (i + 1) * model.dims)]]);
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, k) => sum + x * b[k]!, 0);
    const name = model.embed('zorblaxio', overlay);
    // The learned name sits nearer dairy than football; its spelling alone knows neither.
    assert.ok(cos(name, model.embed('dairy milk cheese proteins')) > cos(name, model.embed('football striker referee penalty')) + 0.1);
    const spelled = model.embed('zorblaxio');
    assert.ok(Math.abs(cos(spelled, model.embed('dairy milk cheese proteins'))) < 0.2);
  });

  it('learns no vector for a clause of a script written without spaces seen once, but does for words of any script', async () => {
    const model = await sharedSifModel(TEST_MODELS_DIR);
    const learned = model.learnTerms([
      'Zorblaxio brews whey. 北京会议项目笔记历史音乐。 กรุงเทพประชุมโครงการ Квазиблокчейн proteins',
      'Cheese makers buy from 北京会议 and 北京会议 proteins',
    ]);
    assert.ok(learned.terms.includes('zorblaxio'), 'a name seen once in a spaced script is learned');
    assert.ok(learned.terms.includes('квазиблокчейн'), learned.terms.join(' '));
    assert.ok(learned.terms.includes('北京会议'), 'a run seen twice is learned');
    assert.ok(!learned.terms.includes('北京会议项目笔记历史音乐'), 'a Chinese clause seen once is not');
    assert.ok(!learned.terms.includes('กรุงเทพประชุมโครงการ'), 'a Thai clause seen once is not');
    assert.deepEqual(learned.textsWithTerms, [0, 1]);
  });

  it('gives a clause it did not learn the vector learning would have given it, from the words around it', async () => {
    const model = await sharedSifModel(TEST_MODELS_DIR);
    const text = 'Cheese makers buy whey from 北京会议项目笔记历史音乐 and dairy brands pay more for milk proteins';
    // Seen twice in the same words, the clause is learned from the same context (twice the sum, the same direction).
    const twice = model.learnTerms([text, text]);
    const i = twice.terms.indexOf('北京会议项目笔记历史音乐');
    assert.ok(i >= 0);
    const learned = new Map([['北京会议项目笔记历史音乐', twice.vectors.subarray(i * model.dims, (i + 1) * model.dims)]]);
    const withLearned = model.embed(text, learned);
    const unlearned = model.embed(text);
    unlearned.forEach((x, d) => assert.ok(Math.abs(x - withLearned[d]!) < 1e-5, `component ${d}: ${x} vs ${withLearned[d]}`));
  });

  it('stores the vocabulary per brain and uses it for queries: the name finds a page about its trade that never names it', async () => {
    const hits = await semantic('zorblaxio');
    assert.equal(hits[0], 'companies/zorblaxio.md');
    assert.ok(hits.includes('notes/dairy-market.md'), hits.join(', '));
    assert.ok(!hits.includes('notes/football.md') || hits.indexOf('notes/football.md') > hits.indexOf('notes/dairy-market.md'));
  });

  it('queues a page again when a new page links to it (its vector borrows its neighbours’ titles)', async () => {
    const write = s.credential('Write');
    const embeddedAt = () =>
      s.c.db.prepare('SELECT e.embedded_at FROM search_embeddings e JOIN search_chunks c ON c.id = e.chunk_id JOIN pages p ON p.id = c.page_id WHERE p.path = ?').pluck().get('notes/dairy-market.md') as string;
    const before = embeddedAt();
    assert.ok(before);
    await new Promise((r) => setTimeout(r, 5));
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'people/mira.md', markdown: '# Mira Quell\n\nBuys whey for [[notes/dairy-market]].\n' } });
    assert.equal(r.status, 201, r.text);
    await s.c.embeddings.drain();
    assert.ok(embeddedAt() > before, 'the linked page (whose text did not change) was embedded again');
  });

  it('is learned again by a reindex, with the same answers', async () => {
    const before = await semantic('zorblaxio');
    await s.c.writes.rebuild(s.mainBrainId);
    await s.c.embeddings.drain();
    const row = s.c.db.prepare('SELECT terms, version FROM search_brain_terms_state WHERE brain_id = ?').get(s.mainBrainId) as { terms: number; version: number } | undefined;
    assert.ok(row && row.terms >= 1, JSON.stringify(row));
    assert.equal(row.version, 1, 'the reindex dropped the old vocabulary and learned it once more');
    assert.deepEqual(await semantic('zorblaxio'), before);
  });
});
