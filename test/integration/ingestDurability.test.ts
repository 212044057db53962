// The fast ingest paths with durability ON: the inbox's group commit (WAL flushed off the event
// loop) and the content store's small-file writes. Real SQLite file, real files, fsync on.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type Db } from '../../src/storage/sqlite/database.js';
import { InboxRepo, type InsertOutcome, type NewInboxItem } from '../../src/storage/sqlite/inboxRepo.js';
import { ContentStore } from '../../src/storage/contentStore.js';
import { tempDir } from '../helpers/server.js';

function row(brainId: string, n: number, extra: Partial<NewInboxItem> = {}): NewInboxItem {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    brainId,
    filename: `n${n}.txt`,
    status: 0,
    reason: null,
    skillHint: null,
    partition: null,
    externalId: null,
    contentType: 'text/plain',
    size: 10,
    sha256: createHash('sha256').update(`content ${n}`).digest('hex'),
    textStatus: 'extracted',
    provider: null,
    providerItemId: null,
    sourceVersion: null,
    canonicalUrl: null,
    docKey: null,
    targetFolder: null,
    senders: [],
    via: 'webhook',
    pushedBy: 'source:test',
    pushedByName: 'test',
    sourceId: null,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

describe('ingest durability paths (fsync on)', () => {
  let dir: string;
  let db: Db;
  let repo: InboxRepo;
  const brainId = 'brain-1';

  before(() => {
    dir = tempDir('brainkeep-ingest-durable-');
    db = openDatabase(path.join(dir, 'brainkeep.db'), { synchronous: 'FULL' });
    db.prepare(
      "INSERT INTO brains (id, slug, visibility, template_key, embedding_provider, embedding_dimensions, created_at) VALUES (?, 'b', 0, 'default', 0, 0, ?)",
    ).run(brainId, new Date().toISOString());
    repo = new InboxRepo(db);
  });
  after(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('group-commits concurrent inserts, finds repeats and chains, and leaves the connection at FULL', async () => {
    const fresh = Array.from({ length: 40 }, (_, n) => row(brainId, n, n === 7 ? { externalId: 'ext-7' } : {}));
    const first = await Promise.all(fresh.map((r) => repo.insertOrFindGrouped(r, `text ${r.filename}`)));
    assert.ok(first.every((o) => o.inserted));
    assert.equal(db.pragma('synchronous', { simple: true }), 2);

    // Repeats arrive together with new items: by externalId, by content, and a two-version chain.
    const chainA = row(brainId, 100, { docKey: 'gdrive:doc-1' });
    const chainB = row(brainId, 101, { docKey: 'gdrive:doc-1' });
    const outcomes: InsertOutcome[] = await Promise.all([
      repo.insertOrFindGrouped(row(brainId, 200, { externalId: 'ext-7' }), 'x'),
      repo.insertOrFindGrouped(row(brainId, 3), 'x'),
      repo.insertOrFindGrouped(chainA, 'v1'),
      repo.insertOrFindGrouped(row(brainId, 201), 'new'),
    ]);
    assert.deepEqual(
      outcomes.map((o) => (o.inserted ? 'inserted' : o.matchedBy)),
      ['externalId', 'content', 'inserted', 'inserted'],
    );
    assert.equal(outcomes[0]!.item.id, fresh[7]!.id);
    assert.equal(outcomes[1]!.item.id, fresh[3]!.id);
    const second = await repo.insertOrFindGrouped(chainB, 'v2');
    assert.ok(second.inserted);
    assert.equal(second.item.supersedesItemId, chainA.id);
    // A repeat of the chain's new head by content rolls back its own supersede (the head stays).
    const repeat = await repo.insertOrFindGrouped(row(brainId, 101, { docKey: 'gdrive:doc-1' }), 'v2 again');
    assert.equal(repeat.inserted, false);
    assert.equal(repo.get(chainB.id)!.supersededByItemId, null);
    assert.equal(repo.get(chainA.id)!.supersededByItemId, chainB.id);

    // Everything acknowledged is visible to another connection (committed, not just cached).
    const other = new Database(path.join(dir, 'brainkeep.db'), { readonly: true });
    try {
      assert.equal((other.prepare('SELECT COUNT(*) AS n FROM inbox_items').get() as { n: number }).n, 43);
      assert.equal((other.prepare('SELECT COUNT(*) AS n FROM inbox_texts').get() as { n: number }).n, 43);
    } finally {
      other.close();
    }
    assert.equal(db.pragma('synchronous', { simple: true }), 2);
  });

  it('a failing insert fails alone; its group still commits', async () => {
    const bad = row('no-such-brain', 300); // foreign key refuses it
    const good = row(brainId, 301);
    const [a, b] = await Promise.allSettled([repo.insertOrFindGrouped(bad, 'x'), repo.insertOrFindGrouped(good, 'y')]);
    assert.equal(a.status, 'rejected');
    assert.equal(b.status, 'fulfilled');
    assert.ok(repo.get(good.id));
    assert.equal(repo.get(bad.id), null);
  });

  it('content store: small and large bodies land at their address, temp folder empty, repeats not rewritten', async () => {
    const store = new ContentStore(path.join(dir, 'data'), true);
    try {
      const small = Buffer.from('a small delivery\n');
      const large = Buffer.alloc(600 * 1024, 'x');
      const [s1, l1] = await Promise.all([store.put(small), store.put(large)]);
      assert.ok(s1.created && l1.created);
      assert.deepEqual(fs.readFileSync(store.pathOf(s1.sha256)), small);
      assert.deepEqual(fs.readFileSync(store.pathOf(l1.sha256)), large);
      assert.equal((await store.put(small)).created, false);
      assert.deepEqual(fs.readdirSync(store.tmpDir), []);

      // A prefix folder removed behind the store's back is made again.
      fs.rmSync(path.dirname(store.pathOf(s1.sha256)), { recursive: true });
      const again = await store.put(small);
      assert.ok(again.created);
      assert.deepEqual(fs.readFileSync(store.pathOf(s1.sha256)), small);
      assert.deepEqual(fs.readdirSync(store.tmpDir), []);
    } finally {
      await store.close();
    }
  });
});
