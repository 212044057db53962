// The configuration cache (storage/sqlite/configCache.ts): a write through the same connection is
// seen at once; another connection's commit (the operator CLI revoking a credential) is seen from
// the next synchronous run of the event loop on, since PRAGMA data_version is read once per run.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigCache, configChanged } from '../../src/storage/sqlite/configCache.js';
import { tempDir } from '../helpers/server.js';

describe('ConfigCache', () => {
  let dir: string;
  let db: Database.Database;
  let other: Database.Database;
  let loads: number;
  let cache: ConfigCache<{ revoked: number }>;
  const read = () => cache.get('k', () => (loads++, { revoked: (db.prepare('SELECT revoked FROM t').get() as { revoked: number }).revoked }));

  beforeEach(() => {
    dir = tempDir('brainkeep-configcache-');
    const file = path.join(dir, 'db');
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (revoked INTEGER); INSERT INTO t VALUES (0)');
    other = new Database(file);
    loads = 0;
    cache = new ConfigCache(db);
  });
  afterEach(() => {
    other.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a row until this connection changes the configuration', async () => {
    assert.equal(read()!.revoked, 0);
    await null;
    assert.equal(read()!.revoked, 0);
    assert.equal(loads, 1);
    db.prepare('UPDATE t SET revoked = 1').run();
    configChanged(db);
    assert.equal(read()!.revoked, 1, 'seen at once, in the same run');
    assert.equal(loads, 2);
  });

  it("sees another connection's commit from the next run of the event loop on", async () => {
    assert.equal(read()!.revoked, 0);
    await new Promise((r) => setImmediate(r));
    other.prepare('UPDATE t SET revoked = 1').run();
    // A new request (a new run): the commit is seen.
    await new Promise((r) => setImmediate(r));
    assert.equal(read()!.revoked, 1);
    // Also after a mere await: the version read is dropped once the run's microtasks ran.
    other.prepare('UPDATE t SET revoked = 2').run();
    await null;
    await null;
    assert.equal(read()!.revoked, 2);
  });
});
