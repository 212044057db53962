// Vectors with no direction (all zero, a NaN or infinite component): as int8 they are all zero, and
// every cosine distance to them NULL, in the KNN and in vec_distance_cosine alike. None is stored,
// and a NULL distance (an all-zero row already on disk) is never a hit: `1 - null` once scored 1,
// a perfect match for every question.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('vectors with no direction', function () {
  this.timeout(60_000);
  let s: TestServer;
  let repo: EmbeddingRepo;
  let model: string;
  let dims: number;
  const chunksOf = (path: string) =>
    s.c.db.prepare('SELECT c.id, c.hash, c.page_id AS pageId FROM search_chunks c JOIN pages p ON p.id = c.page_id WHERE p.path = ? AND c.brain_id = ?').all(path, s.mainBrainId) as Array<{ id: number; hash: string; pageId: number }>;

  before(async () => {
    s = await startTestServer();
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/espresso.md', markdown: '# Espresso\n\nGrinding coffee beans finely for a strong espresso shot.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/sailing.md', markdown: '# Sailing\n\nBoats, wind and the open sea on a long voyage.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/gravel.md', markdown: '# Gravel\n\nCrushed stone for a garden path.\n' });
    await s.c.embeddings.drain();
    repo = new EmbeddingRepo(s.c.db);
    const st = repo.state(s.mainBrainId)!;
    model = st.model;
    dims = st.dimensions;
  });
  after(() => s.stop());

  it('a chunk or page vector with a NaN, an infinite or only zero components is not stored (the chunk is done, never a neighbour)', () => {
    const [c] = chunksOf('notes/gravel.md');
    assert.ok(c);
    const vecRow = (table: string, id: number) => s.c.db.prepare(`SELECT COUNT(*) FROM ${table} WHERE rowid = ?`).pluck().get(BigInt(id));
    assert.equal(vecRow(`vec_chunks_${dims}`, c.id), 1);
    const nan = new Float32Array(dims).fill(0.1);
    nan[3] = NaN;
    const inf = new Float32Array(dims);
    inf[0] = Infinity;
    const at = new Date().toISOString();
    assert.equal(repo.store(s.mainBrainId, model, dims, [{ chunkId: c.id, pageId: c.pageId, hash: c.hash, generation: 0, readyAt: 0, context: repo.pageContext([c.pageId]).get(c.pageId) ?? null, vector: nan }], at, [{ pageId: c.pageId, vector: inf }]), 1);
    assert.equal(vecRow(`vec_chunks_${dims}`, c.id), 0, 'no chunk vector');
    assert.equal(vecRow(`vec_pages_${dims}`, c.pageId), 0, 'no page vector');
    assert.equal(s.c.db.prepare('SELECT COUNT(*) FROM search_embed_queue WHERE chunk_id = ?').pluck().get(c.id), 0, 'done, not queued again');
    repo.store(s.mainBrainId, model, dims, [{ chunkId: c.id, pageId: c.pageId, hash: c.hash, generation: 0, readyAt: 0, context: repo.pageContext([c.pageId]).get(c.pageId) ?? null, vector: new Float32Array(dims) }], at, [{ pageId: c.pageId, vector: new Float32Array(dims) }]);
    assert.equal(vecRow(`vec_chunks_${dims}`, c.id), 0);
    assert.equal(vecRow(`vec_pages_${dims}`, c.pageId), 0);
  });

  it('an all-zero vector already stored (NULL distance to every query) is never a hit, nor its page a perfect match', async () => {
    const sailing = chunksOf('notes/sailing.md');
    const espresso = chunksOf('notes/espresso.md');
    assert.ok(sailing.length && espresso.length);
    // As an earlier build (or migration 029 before it dropped them) left it: int8 zeros.
    for (const c of sailing) {
      s.c.db.prepare(`DELETE FROM vec_chunks_${dims} WHERE rowid = ?`).run(BigInt(c.id));
      s.c.db.prepare(`INSERT INTO vec_chunks_${dims} (rowid, brain_id, embedding) VALUES (?, ?, vec_int8(?))`).run(BigInt(c.id), s.mainBrainId, Buffer.alloc(dims));
    }
    s.c.db.prepare(`DELETE FROM vec_pages_${dims} WHERE rowid = ?`).run(BigInt(sailing[0]!.pageId));
    s.c.db.prepare(`INSERT INTO vec_pages_${dims} (rowid, brain_id, embedding) VALUES (?, ?, vec_int8(?))`).run(BigInt(sailing[0]!.pageId), s.mainBrainId, Buffer.alloc(dims));
    const brain = s.c.brainsRepo.byId(s.mainBrainId)!;
    const q = (await s.c.embeddings.embedQuery(brain, 'espresso coffee'))!;
    assert.ok(q);
    const ids = new Set(sailing.map((c) => c.id));
    const nearest = repo.nearest(s.mainBrainId, q.modelKey, dims, q.vector, 50);
    assert.ok(nearest.length > 0);
    assert.ok(nearest.every((n) => n.distance != null && !ids.has(n.chunkId)), JSON.stringify(nearest));
    const measured = repo.distances(s.mainBrainId, q.modelKey, dims, q.vector, [...sailing, ...espresso].map((c) => c.id));
    assert.deepEqual(measured.map((m) => m.chunkId).sort(), espresso.map((c) => c.id).sort());
    assert.deepEqual(repo.pageDistances(s.mainBrainId, q.modelKey, dims, q.vector, [sailing[0]!.pageId]), []);
    const nanQuery = Float32Array.from(q.vector);
    nanQuery[0] = NaN;
    assert.deepEqual(repo.nearest(s.mainBrainId, q.modelKey, dims, nanQuery, 50), [], 'a query with no direction is near nothing');

    const token = s.credential('Read');
    for (const mode of ['semantic', 'hybrid']) {
      const r = await s.request('GET', `/api/v1/brains/main/search?q=${encodeURIComponent('espresso coffee')}&mode=${mode}`, { token });
      assert.equal(r.status, 200);
      const hit = (r.body.hits as Array<{ path: string; score: number }>).find((h) => h.path === 'notes/sailing.md');
      assert.equal(hit, undefined, `${mode}: ${JSON.stringify(r.body.hits)}`);
    }
  });
});
