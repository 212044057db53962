// The cross-node half of the per-brain write lock (../brainLocks.ts) on PostgreSQL: a session-level
// advisory lock keyed by a stable 64-bit hash of the brain id, held on a connection of its own
// (its own bridge) from before the catch-up to after the index transaction of a commit group.
//
// Why a session lock and not pg_advisory_xact_lock: the write path's database transaction does not
// span the commit. The objects, the ref's compare-and-swap and the folder syncs happen between
// awaits, outside any transaction, and only the index step is one. A transaction lock would order
// the index steps only; two nodes would plan against the same head, one would lose the ref's
// compare-and-swap and re-plan. And a transaction kept open across those awaits on the process's
// one shared connection would take in every other statement the process runs meanwhile.
//
// Why a dedicated connection: the lock belongs to a session. On the shared connection it would be
// given up by a reconnect there (a statement timeout closes it), and a waiting lock would block
// every statement behind it.
//
// Why pg_try_advisory_lock in a loop: every statement on the bridge blocks its thread until the
// answer comes (the synchronous bridge), so a waiting pg_advisory_lock would stop the node's event
// loop while another node commits. The try answers at once; between tries the event loop is free.
// A holder that dies (its process killed, its connection lost) releases the lock with its session.
import { createHash } from 'node:crypto';
import { StorageUnavailableError } from '../../domain/errors.js';
import type { CrossNodeLock } from '../brainLocks.js';
import { isPostgres, type SyncDb } from '../syncDb.js';
import { connectPostgres } from './database.js';
import type { PostgresDb } from './pgBridge.js';

/** The advisory lock key of a brain's writes: the first 8 bytes of SHA-256 of its id, as a signed bigint (decimal text). */
export function brainLockKey(brainId: string): string {
  return createHash('sha256').update(`brainkeep:brain-write:${brainId}`).digest().readBigInt64BE(0).toString();
}

export interface PgBrainLockOptions {
  /** Longest pause between two tries (ms); pauses start at 1 ms and double. */
  maxPollMs?: number;
  /** Give up after waiting this long (ms): the write fails with 503 storage_unavailable. */
  maxWaitMs?: number;
}

export class PgBrainLock implements CrossNodeLock {
  private readonly maxPollMs: number;
  private readonly maxWaitMs: number;

  /** `session`: a connection used for nothing else (a PostgresDb of its own). */
  constructor(
    private readonly session: PostgresDb,
    opts: PgBrainLockOptions = {},
  ) {
    this.maxPollMs = opts.maxPollMs ?? 20;
    this.maxWaitMs = opts.maxWaitMs ?? 120_000;
  }

  async hold<T>(brainId: string, fn: () => Promise<T>): Promise<T> {
    const key = brainLockKey(brainId);
    await this.acquire(brainId, key);
    try {
      return await fn();
    } finally {
      this.release(key);
    }
  }

  /** Whether this session holds the brain's lock now (tests, diagnostics). */
  holds(brainId: string): boolean {
    const r = this.session.queryRaw(
      "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = $1::bigint",
      [brainLockKey(brainId)],
    );
    return r.rows.length > 0;
  }

  private async acquire(brainId: string, key: string): Promise<void> {
    const started = Date.now();
    for (let pause = 1; ; pause = Math.min(pause * 2, this.maxPollMs)) {
      if (this.session.queryRaw('SELECT pg_try_advisory_lock($1::bigint)', [key]).rows[0]![0] === true) return;
      if (Date.now() - started >= this.maxWaitMs) {
        throw new StorageUnavailableError(`Another node has held the write lock of brain ${brainId} for over ${Math.round(this.maxWaitMs / 1000)} s; try again.`);
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  private release(key: string): void {
    try {
      this.session.queryRaw('SELECT pg_advisory_unlock($1::bigint)', [key]);
    } catch {
      // The connection is gone, and the lock with it (a session lock ends with its session).
    }
  }
}

/** The cross-node half of a node's write lock and how to let it go (closing its session releases every lock it holds). */
export interface NodeWriteLock {
  lock: PgBrainLock | null;
  close(): Promise<void>;
}

/**
 * The write lock across nodes for a node whose index database is `db`: on PostgreSQL a
 * PgBrainLock on a session of its own, opened here on `url` (the database the node runs on); on
 * SQLite none (one node per data folder: the in-process lock is the whole lock).
 */
export function openNodeWriteLock(db: SyncDb, url: string | null): NodeWriteLock {
  if (!isPostgres(db)) return { lock: null, close: async () => {} };
  if (!url) throw new Error('A PostgreSQL index needs its URL for the write lock session.');
  const session = connectPostgres(url);
  return { lock: new PgBrainLock(session), close: () => session.close() };
}
