// One first-start set-up across every node on one PostgreSQL database: a session advisory lock
// on the node's connection. Nodes on PostgreSQL may not share a data folder on one kernel (an NFS
// or EFS volume, or none), so the SQLite set-up lock file (../sqlite/setupLock.ts) cannot order
// them; the database they share can. The set-up awaits (password hashing, a brain's first commit),
// which a transaction on the synchronous bridge cannot span, so the lock is a session lock, taken
// with pg_try_advisory_lock between pauses (the event loop stays free while another node sets up).
// It ends with its connection: a node killed mid-set-up leaves no stale lock, and the next one
// finishes what it began (bootstrapService.ts).
import { StorageUnavailableError } from '../../domain/errors.js';
import type { PostgresDb } from './pgBridge.js';

/** The advisory lock key of the first-start set-up. */
export const SETUP_LOCK_KEY = 0x6272_6b73; // "brks"

/** Longest a node waits for another one's set-up (creating an owner and a brain takes seconds). */
const WAIT_MS = 120_000;
const POLL_MS = 50;

/** A session lock is re-entrant within its session: callers in one process queue up first. */
const queues = new WeakMap<PostgresDb, Promise<unknown>>();

export async function withPostgresSetupLock<T>(db: PostgresDb, fn: () => Promise<T>, opts: { waitMs?: number } = {}): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => holdLock(db, fn, opts.waitMs ?? WAIT_MS));
  queues.set(db, run);
  try {
    return await run;
  } finally {
    if (queues.get(db) === run) queues.delete(db);
  }
}

async function holdLock<T>(db: PostgresDb, fn: () => Promise<T>, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  while (!(db.queryRaw('SELECT pg_try_advisory_lock($1)', [SETUP_LOCK_KEY]).rows[0]![0] as boolean)) {
    if (Date.now() > deadline) throw new StorageUnavailableError(`Another node has been setting up the workspace for over ${Math.round(waitMs / 1000)} s; try again.`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    try {
      db.queryRaw('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
    } catch {
      // the lock went with a lost connection
    }
  }
}
