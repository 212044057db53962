// The embedding worker stores a batch's vectors in transactions of STORE_SLICE chunks with the
// event loop free between them: a batch of the built-in model (256 chunks) stored at once held the
// loop for tens of milliseconds under load, and every request waited. Each slice stores a chunk
// only while its text is still the one embedded, whatever was written between the slices.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { STORE_SLICE } from '../../src/services/embeddings/embeddingService.js';
import type { EmbeddingRepo, QueuedChunk } from '../../src/storage/sqlite/embeddingRepo.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('embedding store: a batch in slices, the event loop free between them', function () {
  this.timeout(120_000);
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    await s.c.embeddings.drain();
  });
  after(async () => s?.stop());

  it('stores every chunk of a large batch in slices, skips a chunk changed between slices, and lets the loop run between', async () => {
    const brainId = s.mainBrainId;
    const n = STORE_SLICE * 3 + 5;
    await s.c.writes.write(brainId, SYSTEM_ACTOR, () => ({
      ops: Array.from({ length: n }, (_, i) => ({ op: 'put' as const, path: `slices/p${i}.md`, content: Buffer.from(`# Slice page ${i}\n\nCompost, mulch and seedlings number ${i}.\n`) })),
      message: 'Slices',
      opName: 'import',
      audit: { action: 'test.import' },
    }));
    const repo = (s.c.embeddings as unknown as { repo: EmbeddingRepo }).repo;
    const store = repo.store.bind(repo);
    const readyBatch = repo.readyBatch.bind(repo);
    let batch: QueuedChunk[] = [];
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const calls: Array<{ size: number; ticks: number }> = [];
    let changed: number | null = null;
    repo.readyBatch = (...args: Parameters<EmbeddingRepo['readyBatch']>) => (batch = readyBatch(...args));
    repo.store = (...args: Parameters<EmbeddingRepo['store']>) => {
      calls.push({ size: args[3].length, ticks });
      const stored = store(...args);
      if (calls.length === 1) {
        // A write between two slices: the last chunk of the batch no longer holds the text embedded.
        changed = batch.at(-1)!.chunkId;
        s.c.db.prepare("UPDATE search_chunks SET hash = 'changed meanwhile' WHERE id = ?").run(changed);
      }
      return stored;
    };
    try {
      while (s.c.db.prepare('SELECT COUNT(*) FROM search_embed_queue WHERE brain_id = ?').pluck().get(brainId) !== 1) {
        const before = calls.length;
        await s.c.embeddings.processNext(brainId, { waitForModel: true });
        if (calls.length === before) break;
      }
    } finally {
      ticking = false;
      repo.store = store;
      repo.readyBatch = readyBatch;
    }
    assert.ok(batch.length > STORE_SLICE, `one batch held ${batch.length} chunks`);
    assert.ok(calls.length >= Math.ceil(n / STORE_SLICE), `${calls.length} store calls`);
    assert.ok(calls.every((c) => c.size <= STORE_SLICE), `slices of ${calls.map((c) => c.size).join(', ')}`);
    for (let i = 1; i < calls.length; i++) assert.ok(calls[i]!.ticks > calls[i - 1]!.ticks, `the event loop ran between slices ${i - 1} and ${i}`);
    const embedded = s.c.db
      .prepare("SELECT c.id FROM search_chunks c JOIN pages p ON p.id = c.page_id JOIN search_embeddings e ON e.chunk_id = c.id WHERE p.path LIKE 'slices/%'")
      .pluck()
      .all() as number[];
    assert.equal(embedded.length, n - 1, 'every chunk but the one changed meanwhile');
    assert.ok(!embedded.includes(changed!), 'the chunk changed between slices is not stored with the old vector');
    assert.equal(s.c.db.prepare('SELECT chunk_id FROM search_embed_queue WHERE brain_id = ?').pluck().get(brainId), changed, 'and stays queued');
  });
});
