// The checkpoint thread (see walCheckpointer.ts): its own connection to the database file; every
// `intervalMs`, if another connection committed since its last look (PRAGMA data_version) or the
// last checkpoint could not copy every frame (a reader still needed them), a PASSIVE checkpoint.
// Asked to (after bulk work), a TRUNCATE checkpoint: it waits up to its busy timeout for readers and
// writers, copies every frame and empties the WAL file.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointWorkerData, FromCheckpointWorker } from './walCheckpointer.js';

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

const dataVersion = db.prepare('PRAGMA data_version').pluck();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');

parent.on('message', (m: { type: 'truncate'; id: number }) => {
  if (m?.type !== 'truncate') return;
  try {
    db.pragma('busy_timeout = 10000');
    const r = truncate.get() as { busy: number; log: number; checkpointed: number };
    seen = dataVersion.get() as number;
    behind = r.busy !== 0;
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

setInterval(() => {
  try {
    const now = dataVersion.get() as number;
    if (now === seen && !behind) return;
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
