// The embedding queue claimed by several nodes on PostgreSQL (embeddingRepo.claimBatch): each node
// takes chunks no other node holds, skipping rows another node is claiming at that moment instead of
// waiting for them, and an abandoned claim comes back when it ends. SQLite (one node) reads the
// batch as before. PGlite runs the cases it can (one backend: no two transactions at once, so not the
// skipping); the machine's PostgreSQL runs them all, skipped with a message where none is installed.
import assert from 'node:assert/strict';
import { connectPostgres, openPostgres } from '../../src/storage/postgres/database.js';
import type { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import type { SyncDb } from '../../src/storage/syncDb.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { PageIndexRepo } from '../../src/storage/sqlite/pageIndexRepo.js';
import { SearchIndexRepo } from '../../src/storage/sqlite/searchIndexRepo.js';
import { openDatabase } from '../../src/storage/sqlite/database.js';
import { startTestPostgres } from '../helpers/pg.js';
import { realPostgresOrSkip } from '../helpers/realPg.js';

const T0 = '2026-01-01T00:00:00.000Z';
const brain = (id: string): BrainRow => ({ id, slug: id, name: id, description: null, visibility: 0, templateKey: 'default', embeddingProvider: 0, embeddingModel: null, embeddingDimensions: 4, createdAt: T0, createdBy: null });

/** Brain b1 with ten one-chunk pages, every chunk queued. */
function seed(db: SyncDb): EmbeddingRepo {
  new BrainsRepo(db).insert(brain('b1'));
  const embeddings = new EmbeddingRepo(db);
  const pages = new PageIndexRepo(db, { partitionFolderOf: () => null, relationRulesOf: () => null });
  pages.addHook(new SearchIndexRepo(db, embeddings));
  pages.apply('b1', { commit: 'c1', at: T0, byName: 'Ada', byRef: 'user:ada' }, Array.from({ length: 10 }, (_, i) => ({ op: 'put' as const, path: `p${i}.md`, markdown: `# Page ${i}\n\nWords of page ${i}.`, blobOid: `blob${i}` })));
  // Queued as indexing queues them where vectors are on (the real server here has no pgvector, where indexing queues none).
  db.prepare('INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at) SELECT id, brain_id, ? FROM search_chunks WHERE 1 = 1 ON CONFLICT DO NOTHING').run(T0);
  assert.equal(embeddings.queuedCount('b1'), 10);
  return embeddings;
}

describe('embedding queue claims on SQLite (one node)', () => {
  it('reads the ready batch as it is', () => {
    const db = openDatabase(':memory:');
    try {
      const e = seed(db);
      const now = Date.now();
      assert.equal(e.claimBatch('b1', now, 4).length, 4);
      assert.deepEqual(e.claimBatch('b1', now, 4).map((b) => b.chunkId), e.readyBatch('b1', now, 4).map((b) => b.chunkId));
    } finally {
      db.close();
    }
  });
});

for (const server of ['PGlite', "the machine's PostgreSQL"] as const) {
  describe(`embedding queue claims on PostgreSQL by two nodes (${server})`, function () {
    this.timeout(240_000);
    let stop: (() => Promise<void>) | null = null;
    let a: PostgresDb | null = null;
    let b: PostgresDb | null = null;

    before(async function () {
      const pg = server === 'PGlite' ? await startTestPostgres({ withVector: false }) : await realPostgresOrSkip(this);
      stop = () => pg.stop();
      a = openPostgres(pg.url).db;
      b = connectPostgres(pg.url);
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await stop?.();
    });
    beforeEach(() => a!.exec('DELETE FROM brains'));

    it('two nodes never claim one chunk, and every chunk is claimed', () => {
      const onA = seed(a!);
      const onB = new EmbeddingRepo(b!);
      const now = Date.now();
      const claimed = [onA, onB, onA, onB].map((n) => n.claimBatch('b1', now, 3).map((c) => c.chunkId));
      const all = claimed.flat();
      assert.equal(new Set(all).size, all.length, 'no chunk twice');
      assert.equal(all.length, 10);
      assert.deepEqual(claimed.map((c) => c.length), [3, 3, 3, 1]);
      assert.deepEqual(onB.claimBatch('b1', now, 3), []);
      // Still queued (the vectors are not stored yet): a claim is no dequeue.
      assert.equal(onA.queuedCount('b1'), 10);
    });

    it('a claim that ends (its node died) lets the chunks be claimed again', () => {
      const onA = seed(a!);
      const onB = new EmbeddingRepo(b!);
      const now = Date.now();
      const first = onA.claimBatch('b1', now, 10, 1000).map((c) => c.chunkId);
      assert.equal(first.length, 10);
      assert.deepEqual(onB.claimBatch('b1', now + 500, 10), []);
      assert.deepEqual(onB.claimBatch('b1', now + 1000, 10).map((c) => c.chunkId).sort(), [...first].sort());
    });

    it('a node skips the rows another node is claiming at that moment instead of waiting', function () {
      if (server === 'PGlite') {
        console.log('      (skipped on PGlite: one backend runs one transaction at a time; the real server runs it)');
        this.skip();
      }
      const onA = seed(a!);
      const onB = new EmbeddingRepo(b!);
      const now = Date.now();
      const locked = a!.transaction(() => {
        // Node A holds three rows locked (mid-claim) while node B claims: without SKIP LOCKED B
        // would wait for A's commit, which waits for B: the statement would time out.
        const held = a!.prepare('SELECT chunk_id FROM search_embed_queue ORDER BY enqueued_at, chunk_id LIMIT 3 FOR UPDATE').pluck().all() as number[];
        const got = onB.claimBatch('b1', now, 10).map((c) => c.chunkId);
        return { held, got };
      })();
      assert.equal(locked.got.length, 7);
      assert.ok(locked.held.every((id) => !locked.got.includes(id)));
      assert.deepEqual(onA.claimBatch('b1', now, 10).map((c) => c.chunkId).sort(), [...locked.held].sort());
    });
  });
}
