// The checkpoint thread (see walCheckpointer.ts): its own connection to the database file; every
// `intervalMs`, if another connection committed since its last look (PRAGMA data_version) or the
// last checkpoint could not copy every frame (a reader still needed them), a PASSIVE checkpoint.
// Asked to (after bulk work), a TRUNCATE checkpoint: it waits up to its busy timeout for readers and
// writers, copies every frame and empties the WAL file.
//
// Once the database has been quiet for a look (no commit since the last one, every frame copied),
// the thread asks the server's connection to empty the WAL ('quiet'; it runs TRUNCATE without
// waiting for anyone, see walCheckpointer.ts): an idle server keeps an empty WAL. On the server's
// connection, because a TRUNCATE rewrites the WAL header, which every *other* connection takes
// for a change (its data_version moves, its page cache and data_version-keyed caches drop); the
// connection that ran it keeps them. A deferred transaction that reads, then writes across a
// TRUNCATE fails with SQLITE_BUSY_SNAPSHOT (not retried by the busy handler): the server's
// read-then-write transactions are IMMEDIATE.
// That is what lets it survive a data folder that turns read-only (docs/operations.md, "Degraded
// modes"): SQLite's WAL index (brainkeep.db-shm) is a shared memory map of a file in the data
// folder, and once that file is immutable (`chattr +i` flushes and write-protects its pages), the
// first store into the map is a SIGBUS that ends the process. With
// frames in the WAL, a reader stores its read mark and a writer restarts the log; with an empty
// WAL neither stores anything: reads answer and writes fail with an error.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointWorkerData, FromCheckpointWorker } from './walCheckpointer.js';
import { walIndexWritable } from './walIndex.js';

const parent = parentPort;
if (!parent) throw new Error('walCheckpointWorker must run in a worker thread');
const { file, intervalMs } = workerData as CheckpointWorkerData;
const post = (m: FromCheckpointWorker) => parent.postMessage(m);

let db: Database.Database;
try {
  db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
} catch (e) {
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  process.exit(1);
}

// While the WAL index's file cannot be written the thread touches nothing: even its look at
// data_version is a read transaction, which stores a read mark after another connection's commit.
// One access(2) per look; a folder that turns read-only between it and the look is the remaining
// (microseconds) window.
/** The WAL index was found read-only at the last look (reported once as a failed checkpoint). */
let readOnly = false;

const dataVersion = db.prepare('PRAGMA data_version').pluck();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');

parent.on('message', (m: { type: 'truncate'; id: number } | { type: 'emptied'; ok: boolean }) => {
  if (m?.type === 'emptied') {
    // The server's TRUNCATE moved this connection's data_version too: take it as seen, unless
    // a commit came after it (the WAL has bytes again), which the next look checkpoints.
    quietAsked = false;
    const now = dataVersion.get() as number;
    if (m.ok && walBytes() === 0) {
      seen = now;
      settled = true;
    }
    return;
  }
  if (m?.type !== 'truncate') return;
  if (!walIndexWritable(file)) {
    behind = true;
    post({ type: 'truncated', id: m.id, busy: true, message: 'the WAL index is read-only' });
    return;
  }
  try {
    db.pragma('busy_timeout = 10000');
    // Seen before the TRUNCATE: a commit between the two shows at the next look.
    seen = dataVersion.get() as number;
    const r = truncate.get() as { busy: number; log: number; checkpointed: number };
    behind = r.busy !== 0;
    settled = r.busy === 0 && dataVersion.get() === seen;
    post({ type: 'truncated', id: m.id, busy: r.busy !== 0 });
  } catch (e) {
    behind = true;
    post({ type: 'truncated', id: m.id, busy: true, message: e instanceof Error ? e.message : String(e) });
  } finally {
    db.pragma('busy_timeout = 1000');
  }
});
let seen = dataVersion.get() as number;
let behind = true; // whatever the WAL held before this thread started
/** True once the WAL was emptied and nothing was committed since. */
let settled = false;
/** A 'quiet' was posted and the server's connection has not answered yet. */
let quietAsked = false;
const walFile = `${file}-wal`;
function walBytes(): number {
  try {
    return fs.statSync(walFile).size;
  } catch {
    return 0;
  }
}

setInterval(() => {
  if (!walIndexWritable(file)) {
    if (!readOnly) post({ type: 'failed', message: 'the WAL index is read-only' });
    readOnly = true;
    behind = true; // whatever was committed before: checkpointed once it is writable again
    return;
  }
  readOnly = false;
  try {
    const now = dataVersion.get() as number;
    if (now === seen && !behind) {
      if (!settled && !quietAsked) {
        quietAsked = true;
        post({ type: 'quiet' });
      }
      return;
    }
    settled = false;
    seen = now;
    const r = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    behind = r.log > r.checkpointed;
    post({ type: 'checkpoint', log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    // A full or read-only disk: the frames stay in the WAL (still durable) and the next look tries again.
    behind = true;
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
}, intervalMs);

post({ type: 'ready' });
