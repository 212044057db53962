// Cached configuration reads (brains, ingest sources) on a real SQLite file: a hit is the same
// frozen row; a write through the same connection, a commit by another connection, and a brain's
// delete cascading to its sources all make the next read fresh; nothing read inside a
// transaction that rolls back is kept.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/storage/sqlite/database.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { SourcesRepo, type SourceRow } from '../../src/storage/sqlite/sourcesRepo.js';
import { tempDir } from '../helpers/server.js';

function brain(slug: string): BrainRow {
  return {
    id: randomUUID(),
    slug,
    name: slug,
    description: null,
    visibility: 0,
    templateKey: 'default',
    embeddingProvider: 0,
    embeddingModel: null,
    embeddingDimensions: 100,
    createdAt: new Date().toISOString(),
    createdBy: null,
  };
}

function source(brainId: string, label: string): SourceRow {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    brainId,
    kind: 'webhook',
    label,
    mode: 'secret',
    secretCipher: 'cipher',
    targetFolder: null,
    partition: null,
    skill: null,
    allowedContentTypes: [],
    maxBytes: null,
    allowedSenderDomains: [],
    createdAt: now,
    createdBy: null,
    updatedAt: now,
    lastDeliveryAt: null,
  };
}

describe('cached configuration reads', () => {
  let dir: string;
  let db: Db;
  let other: Db;
  let brains: BrainsRepo;
  let sources: SourcesRepo;

  beforeEach(() => {
    dir = tempDir('brainkeep-config-cache-');
    const file = path.join(dir, 'brainkeep.db');
    db = openDatabase(file, { synchronous: 'NORMAL' });
    other = openDatabase(file, { synchronous: 'NORMAL' });
    brains = new BrainsRepo(db);
    sources = new SourcesRepo(db);
  });

  afterEach(() => {
    db.close();
    other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a hit as the same frozen row, and re-reads after a write through this connection', () => {
    const b = brain('alpha');
    brains.insert(b);
    const first = brains.byId(b.id)!;
    assert.equal(brains.byId(b.id), first);
    assert.ok(Object.isFrozen(first));
    assert.equal(Reflect.set(first, 'name', 'changed'), false);
    brains.update(b.id, { name: 'Renamed' });
    assert.equal(brains.byId(b.id)!.name, 'Renamed');
    assert.equal(brains.bySlug('alpha')!.name, 'Renamed');
  });

  it("sees another connection's commits from the next run of the event loop", async () => {
    // data_version is read once per synchronous run (configCache.ts): a commit by another
    // connection is seen by the next run, as a request arriving after it is.
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const b = brain('beta');
    brains.insert(b);
    assert.deepEqual(sources.ofBrain(b.id), []);
    const s = source(b.id, 'from the CLI');
    new SourcesRepo(other).insert(s);
    await tick();
    assert.deepEqual(sources.ofBrain(b.id).map((x) => x.label), ['from the CLI']);
    other.prepare('DELETE FROM ingest_sources WHERE id = ?').run(s.id);
    await tick();
    assert.deepEqual(sources.ofBrain(b.id), []);
    other.prepare('UPDATE brains SET name = ? WHERE id = ?').run('Elsewhere', b.id);
    await tick();
    assert.equal(brains.byId(b.id)!.name, 'Elsewhere');
  });

  it("drops a deleted brain's sources with it (the cascade is not a sources write)", () => {
    const b = brain('gamma');
    brains.insert(b);
    sources.insert(source(b.id, 'hook'));
    assert.equal(sources.ofBrain(b.id).length, 1);
    brains.delete(b.id);
    assert.equal(brains.byId(b.id), null);
    assert.deepEqual(sources.ofBrain(b.id), []);
  });

  it('keeps nothing read inside a transaction that rolls back', () => {
    const b = brain('delta');
    brains.insert(b);
    const s = source(b.id, 'hook');
    sources.insert(s);
    assert.throws(() =>
      db.transaction(() => {
        assert.equal(sources.delete(s.id), true);
        assert.deepEqual(sources.ofBrain(b.id), []);
        throw new Error('roll back');
      })(),
    );
    assert.deepEqual(sources.ofBrain(b.id).map((x) => x.id), [s.id]);
  });

  it('does not remember misses', () => {
    assert.equal(brains.byId(randomUUID()), null);
    const b = brain('epsilon');
    new BrainsRepo(other).insert(b);
    assert.equal(brains.bySlug('epsilon')!.id, b.id);
  });
});
