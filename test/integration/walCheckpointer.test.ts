// WAL checkpoints run on a thread of their own, not inside a commit on the event loop: the
// server's connection has SQLite's automatic checkpoint off while the thread runs, the thread
// copies committed frames into the database file, and if the thread dies the connection gets
// its automatic checkpoint back.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import type { CheckpointReport } from '../../src/storage/sqlite/walCheckpointer.js';
import { walCheckpointerOf, sqliteOf, startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** The next checkpoint report after `fn`, that copied every frame of a non-empty WAL. */
function nextFullCheckpoint(s: TestServer, timeoutMs = 20_000): Promise<CheckpointReport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no checkpoint'));
    }, timeoutMs);
    const off = walCheckpointerOf(s.c).onCheckpoint((r) => {
      if (r.log > 0 && r.checkpointed === r.log) {
        clearTimeout(timer);
        off();
        resolve(r);
      }
    });
  });
}

/** Read the database file alone, as if the WAL were lost: only checkpointed commits are in it. */
function pathsInMainFile(dataDir: string): string[] {
  const copyDir = tempDir('brainkeep-ckpt-copy-');
  try {
    for (let attempt = 1; ; attempt++) {
      const copy = path.join(copyDir, `copy-${attempt}.db`);
      fs.copyFileSync(databaseFile(dataDir), copy);
      try {
        const db = new Database(copy, { readonly: true });
        try {
          return (db.prepare('SELECT path FROM pages').pluck().all() as string[]).sort();
        } finally {
          db.close();
        }
      } catch (e) {
        // A checkpoint of a later write (the embedding worker's vectors) was copying meanwhile.
        if (attempt >= 5) throw e;
      }
    }
  } finally {
    fs.rmSync(copyDir, { recursive: true, force: true });
  }
}

describe('WAL checkpoints on their own thread', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startTestServer({ BRAINKEEP_METRICS_TOKEN: 'wal-metrics-token' });
    token = s.credential('Write');
  });
  after(async () => s.stop());

  it('turns the automatic checkpoint off on the server connection while the thread runs', async () => {
    await walCheckpointerOf(s.c).start(); // the server started it; this waits until it runs
    assert.equal(walCheckpointerOf(s.c).running, true);
    assert.equal(sqliteOf(s.c).pragma('wal_autocheckpoint', { simple: true }), 0);
  });

  it('copies committed writes into the database file', async () => {
    const checkpointed = nextFullCheckpoint(s);
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/durable.md', markdown: '# Durable\n\nIn the main file.' } });
    assert.equal(put.status, 201);
    await checkpointed;
    // That full checkpoint may have been of an earlier commit (the credential's, or the embedding
    // worker's), made before the PUT's: the PUT's is copied at one of the next looks.
    for (const until = Date.now() + 20_000; !pathsInMainFile(s.dataDir).includes('notes/durable.md'); await new Promise((r) => setTimeout(r, 100))) {
      assert.ok(Date.now() < until, 'the write never reached the database file');
    }

    const metrics = await s.request('GET', '/metrics', { token: 'wal-metrics-token' });
    const line = metrics.text.split('\n').find((l) => l.startsWith('brainkeep_sqlite_checkpoints_total{outcome="ok"} '));
    assert.ok(line && Number(line.split(' ')[1]) >= 1, line);
  });

  it('empties the WAL once the database is quiet, so an idle server stores nothing into its WAL index', async () => {
    // docs/operations.md, "Degraded modes": with frames in the WAL a reader or writer stores into the
    // memory-mapped WAL index, a SIGBUS once the data folder is immutable or read-only.
    const wal = `${databaseFile(s.dataDir)}-wal`;
    const settledBefore = walCheckpointerOf(s.c).settledCount;
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/quiet.md', markdown: '# Quiet\n' } });
    assert.equal(put.status, 201);
    // The server's connection empties it itself: a TRUNCATE by another connection would count as a
    // change on this one (its data_version moves), dropping its page cache and data_version-keyed caches.
    const dataVersion = () => sqliteOf(s.c).pragma('data_version', { simple: true }) as number;
    const seen = dataVersion();
    for (const until = Date.now() + 20_000; !(fs.statSync(wal).size === 0 && walCheckpointerOf(s.c).settledCount > settledBefore); ) {
      assert.ok(Date.now() < until, `the WAL was not emptied (${fs.statSync(wal).size} bytes)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(pathsInMainFile(s.dataDir).includes('notes/quiet.md'));
    assert.equal(dataVersion(), seen, "emptying the WAL was a change to the server's connection");
    // Nothing was lost by emptying it: the next write and read work as before.
    const again = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/quiet.md', markdown: '# Quiet\n\nagain\n' } });
    assert.equal(again.status, 200);
    assert.equal((await s.request('GET', '/api/v1/brains/main/pages?path=notes/quiet.md', { token })).body.markdown, '# Quiet\n\nagain\n');
  });

  it('leaves no listener on the thread after a truncation answered', async () => {
    const worker = (s.c.checkpointer as unknown as { worker: Worker }).worker;
    const before = worker.listenerCount('exit');
    for (let i = 0; i < 3; i++) assert.equal(typeof (await walCheckpointerOf(s.c).truncate()), 'boolean');
    assert.equal(worker.listenerCount('exit'), before);
  });

  it('gives the connection its automatic checkpoint back when the thread is gone', async () => {
    const worker = (s.c.checkpointer as unknown as { worker: Worker }).worker;
    const exited = new Promise((r) => worker.once('exit', r));
    await worker.terminate();
    await exited;
    assert.equal(walCheckpointerOf(s.c).running, false);
    assert.equal(sqliteOf(s.c).pragma('wal_autocheckpoint', { simple: true }), 1000);
    // Writes go on as before.
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/after.md', markdown: '# After\n' } });
    assert.equal(put.status, 201);
  });
});
