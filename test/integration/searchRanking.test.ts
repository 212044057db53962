// Parts of hybrid ranking: the optional LLM reranker, against an OpenAI-compatible endpoint on
// loopback (a test double of the external API: it ranks the candidates it is sent in reverse, or
// fails), and its configuration; questions that name a partition; and the pages' field vectors
// (title, aliases, summary) kept beside the chunks'.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { loadConfig } from '../../src/config.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { buildRerankMessages, parseRerankAnswer, rerankedOrder } from '../../src/domain/rerankPrompt.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Record<string, string> = {
  'notes/engine-oil.md': '# Engine oil\n\nThe mechanic changed the engine oil and the oil filter of the car.\n',
  'notes/engine-design.md': '# Engine design\n\nThe Analytical Engine was designed by Charles Babbage; its engine had a mill and a store.\n',
  'notes/steam-engine.md': '# Steam engine\n\nA steam engine turns the heat of burning coal into motion.\n',
  'notes/jet-engine.md': '# Jet engine\n\nA jet engine pushes air backwards to move a plane forwards.\n',
  'notes/ledger.md': '# Ledger\n\nInvoice INV-7731 was paid in March.\n',
};

/** Candidates as the prompt numbers them: `[n] Title (path)`. */
function candidatePaths(user: string): string[] {
  return [...user.matchAll(/^\[(\d+)\] .* \(([^)]+)\)$/gm)].map((m) => m[2]!);
}

async function loopbackLlm(): Promise<{ url: string; mode: { fail: boolean }; requests: Array<{ body: any }>; close(): Promise<void> }> {
  const requests: Array<{ body: any }> = [];
  const mode = { fail: false };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ body });
      if (mode.fail) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'overloaded' }));
        return;
      }
      const n = candidatePaths(body.messages[1].content).length;
      const ranking = Array.from({ length: n }, (_, i) => n - i);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ ranking }) } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, mode, requests, close: () => new Promise((r) => server.close(() => r())) };
}

describe('search reranker (LLM on a loopback endpoint)', function () {
  this.timeout(30_000);
  let s: TestServer;
  let llm: Awaited<ReturnType<typeof loopbackLlm>>;
  let token: string;

  const search = async (q: string, mode = 'hybrid') => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&limit=10&q=${encodeURIComponent(q)}`, { token });
    assert.equal(r.status, 200, r.text);
    return r.body.hits as Array<{ path: string; score: number }>;
  };

  before(async () => {
    llm = await loopbackLlm();
    s = await startTestServer({ BRAINKEEP_LLM_URL: llm.url, BRAINKEEP_LLM_MODEL: 'rank-model', BRAINKEEP_SEARCH_RERANK: 'llm', BRAINKEEP_SEARCH_RERANK_DEPTH: '3' });
    token = s.credential('Read');
    for (const [path, markdown] of Object.entries(PAGES)) await s.c.pages.put(SYSTEM_ACTOR, 'main', { path, markdown });
    await s.c.embeddings.drain();
  });
  after(async () => {
    await s.stop();
    await llm.close();
  });

  it('reorders the top candidates of a hybrid search as the model ranks them, scores still falling', async () => {
    llm.requests.length = 0;
    const hits = await search('engine');
    assert.equal(llm.requests.length, 1);
    const { body } = llm.requests[0]!;
    assert.equal(body.model, 'rank-model');
    assert.match(body.messages[1].content, /^Question: engine$/m);
    const sent = candidatePaths(body.messages[1].content);
    assert.equal(sent.length, 3, 'only the configured depth is sent');
    assert.deepEqual(hits.slice(0, 3).map((h) => h.path), [...sent].reverse());
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i]!.score <= hits[i - 1]!.score);
  });

  it('a failing endpoint leaves the fused order; exact mode and identifiers are never reranked', async () => {
    llm.mode.fail = true;
    llm.requests.length = 0;
    const failed = await search('engine');
    assert.equal(llm.requests.length, 1);
    const exact = await search('engine', 'exact');
    assert.equal(llm.requests.length, 1, 'exact mode asks nothing');
    assert.ok(failed.length >= 4);
    assert.deepEqual(new Set(failed.map((h) => h.path)), new Set(exact.map((h) => h.path)));
    llm.mode.fail = false;
    const id = await search('INV-7731');
    assert.equal(id[0]!.path, 'notes/ledger.md');
    assert.equal(llm.requests.length, 1, 'an identifier asks nothing');
  });

  it('configuration: off by default, needs the LLM settings, refuses unknown values', () => {
    assert.equal(loadConfig({}).searchRerank.mode, 'off');
    assert.throws(() => loadConfig({ BRAINKEEP_SEARCH_RERANK: 'llm' }), /BRAINKEEP_LLM_URL/);
    assert.throws(() => loadConfig({ BRAINKEEP_SEARCH_RERANK: 'onnx' }), /off or llm/);
    const c = loadConfig({ BRAINKEEP_SEARCH_RERANK: 'LLM', BRAINKEEP_LLM_URL: 'http://127.0.0.1:1/v1', BRAINKEEP_LLM_MODEL: 'm', BRAINKEEP_SEARCH_RERANK_DEPTH: '12' });
    assert.deepEqual(c.searchRerank, { mode: 'llm', depth: 12, timeoutMs: 5000 });
  });

  it('prompt and answer: numbered candidates in; numbers, each once, out; left-out pages keep their order after', () => {
    const [system, user] = buildRerankMessages('who runs pricing?', [
      { path: 'people/ada.md', title: 'Ada', text: 'Runs   pricing.' },
      { path: 'people/bob.md', title: 'Bob', text: '' },
    ]);
    assert.match(system!.content, /"ranking"/);
    assert.match(user!.content, /\[1\] Ada \(people\/ada\.md\)\nRuns pricing\./);
    assert.deepEqual(parseRerankAnswer('{"ranking":[3,"2",2,0,9]}', 3), [2, 1]);
    assert.equal(parseRerankAnswer('not json', 3), null);
    assert.equal(parseRerankAnswer('{"order":[1]}', 3), null);
    assert.deepEqual(rerankedOrder([2, 1], 4), [2, 1, 0, 3]);
  });
});

describe('search: a question naming a partition', function () {
  this.timeout(30_000);
  let s: TestServer;

  before(async () => {
    s = await startTestServer();
    await s.c.partitions.create(SYSTEM_ACTOR, 'main', { name: 'Globex Corporation', key: 'globex', aliases: ['Globex'] });
    await s.c.partitions.create(SYSTEM_ACTOR, 'main', { name: 'Initech', key: 'initech' });
    const md = (who: string) => `# Notes from the review\n\nWe reviewed the pricing tiers and the renewal discount for ${who}.\n`;
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'partitions/initech/pricing-review.md', markdown: md('the client') });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'partitions/globex/pricing-review.md', markdown: md('the client') });
    await s.c.embeddings.drain();
  });
  after(() => s.stop());

  it('lifts that partition’s pages, by name, key or alias; naming none keeps the plain order', async () => {
    const top = async (q: string) => {
      const r = await s.request('GET', `/api/v1/brains/main/search?q=${encodeURIComponent(q)}`, { token: s.credential('Read') });
      assert.equal(r.status, 200, r.text);
      return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
    };
    const G = 'partitions/globex/pricing-review.md';
    const I = 'partitions/initech/pricing-review.md';
    const before = (list: string[], a: string, b: string) => list.indexOf(a) >= 0 && (list.indexOf(b) < 0 || list.indexOf(a) < list.indexOf(b));
    // Both pages hold every word of "pricing tiers"; only the partition named tells them apart.
    for (const q of ['pricing tiers Globex', 'Globex Corporation pricing tiers']) assert.ok(before(await top(q), G, I), q);
    const ini = await top('initech pricing tiers');
    assert.ok(before(ini, I, G), ini.join());
    const plain = await top('pricing tiers');
    assert.deepEqual(plain.slice(0, 2).sort(), [G, I]);
  });
});

describe('search: page field vectors (title, aliases, summary)', function () {
  this.timeout(30_000);
  let s: TestServer;

  before(async () => {
    s = await startTestServer();
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'concepts/espresso.md', markdown: '---\naliases: [Coffee brewing]\nsummary: Brewing strong coffee under pressure.\n---\n# Espresso\n\nNotes kept here.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'concepts/sailing.md', markdown: '---\nsummary: Boats, wind and the open sea.\n---\n# Sailing\n\nNotes kept here.\n' });
    await s.c.embeddings.drain();
  });
  after(() => s.stop());

  const rows = () => s.c.db.prepare('SELECT p.path FROM search_page_vectors v JOIN pages p ON p.id = v.page_id ORDER BY p.path').pluck().all() as string[];

  it('every page gets one; the nearer to a description is the page whose fields say it; a removed page loses its own', async () => {
    assert.deepEqual(rows(), ['concepts/espresso.md', 'concepts/sailing.md']);
    const brain = s.c.brainsRepo.byId(s.mainBrainId)!;
    const q = await s.c.embeddings.embedQuery(brain, 'making coffee');
    assert.ok(q);
    const repo = new EmbeddingRepo(s.c.db);
    const ids = s.c.db.prepare("SELECT id FROM pages WHERE path LIKE 'concepts/%' ORDER BY path").pluck().all() as number[];
    const near = repo.pageDistances(s.mainBrainId, q.modelKey, q.dimensions, q.vector, ids);
    assert.equal(near.length, 2);
    assert.equal(near[0]!.pageId, ids[0], JSON.stringify(near));
    await s.c.pages.delete(SYSTEM_ACTOR, 'main', 'concepts/sailing.md');
    assert.deepEqual(rows(), ['concepts/espresso.md']);
    repo.clearBrain(s.mainBrainId);
    assert.deepEqual(rows(), [], 'dropped with the brain’s vectors (a change of model, a reindex)');
  });
});
