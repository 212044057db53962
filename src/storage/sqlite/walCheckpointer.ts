// WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
// pushes the WAL past 1,000 pages, on the committing connection: for the server that is the event
// loop, which then copies the frames into the database file and fsyncs it before the next request
// runs (a 10,000-page import is 11% faster without it; a stream of webhook deliveries pays it
// every few hundred items). The server turns the automatic checkpoint off on its connection and a
// thread of its own (walCheckpointWorker.ts), on a connection of its own, runs PASSIVE checkpoints
// whenever the database changed since its last look: PASSIVE never waits for, nor blocks, readers
// or writers. Should the thread fail or exit, the connection gets its automatic checkpoint back.
import type { Worker } from 'node:worker_threads';
import { sqliteCheckpoints } from '../../metrics.js';
import { startSiblingWorker } from '../../workerThread.js';
import { walIndexWritable } from './walIndex.js';
import type { Db } from './database.js';

/** SQLite's default `wal_autocheckpoint`, restored when the thread is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

export interface CheckpointerOptions {
  /** How often the thread looks for new commits. */
  intervalMs: number;
}

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

/** What the thread reports after each checkpoint (frames as SQLite counts them). */
export interface CheckpointReport {
  type: 'checkpoint';
  /** Frames in the WAL, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

/** The answer to a truncate request: `busy` when a reader or writer kept some frames in the WAL. */
export interface TruncateReport {
  type: 'truncated';
  id: number;
  busy: boolean;
  message?: string;
}

/** `quiet`: no commit since the thread's last look and every frame copied: empty the WAL (see walCheckpointWorker.ts). */
export type FromCheckpointWorker = CheckpointReport | TruncateReport | { type: 'ready' } | { type: 'quiet' } | { type: 'failed'; message: string } | { type: 'error'; message: string };

export class WalCheckpointer {
  private worker: Worker | null = null;
  private started: Promise<void> | null = null;
  private readonly listeners = new Set<(r: CheckpointReport) => void>();
  private readonly truncations = new Map<number, (busy: boolean) => void>();
  private nextTruncation = 1;
  /** How often this connection emptied the WAL of a quiet database at the thread's word (tests). */
  settledCount = 0;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly opts: CheckpointerOptions = { intervalMs: 500 },
  ) {}

  /**
   * Start the thread; the connection's automatic checkpoint is turned off once the thread has its
   * own connection open (the promise resolves then, or when it could not start).
   */
  start(): Promise<void> {
    if (this.worker && this.started) return this.started;
    const worker = startSiblingWorker(import.meta.url, 'walCheckpointWorker', { file: this.file, intervalMs: this.opts.intervalMs } satisfies CheckpointWorkerData);
    this.worker = worker;
    worker.unref(); // it never has to keep the process alive: an exiting server checkpoints on close
    const gone = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.restoreAutocheckpoint();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    return (this.started = new Promise<void>((resolve) => {
      worker.on('message', (m: FromCheckpointWorker) => {
        if (m.type === 'ready') {
          if (this.worker === worker) this.db.pragma('wal_autocheckpoint = 0');
          resolve();
        } else if (m.type === 'checkpoint') {
          sqliteCheckpoints.inc({ outcome: 'ok' });
          for (const l of this.listeners) l(m);
        } else if (m.type === 'truncated') {
          sqliteCheckpoints.inc({ outcome: m.busy ? 'failed' : 'ok' });
          this.truncations.get(m.id)?.(m.busy);
          this.truncations.delete(m.id);
        } else if (m.type === 'quiet') {
          const ok = this.emptyQuietWal();
          if (ok) this.settledCount++;
          sqliteCheckpoints.inc({ outcome: ok ? 'emptied' : 'busy' });
          if (this.worker === worker) worker.postMessage({ type: 'emptied', ok });
        } else if (m.type === 'failed') {
          sqliteCheckpoints.inc({ outcome: 'failed' }); // tried again on the thread's next look
        } else {
          resolve(); // it could not open the database: the connection keeps checkpointing itself
        }
      });
      worker.once('exit', () => resolve());
    }));
  }

  /**
   * After bulk work (an import, a push of many pages, a reindex): copy every frame into the database
   * file and empty the WAL (TRUNCATE), on the thread when it runs, else on this connection. Resolves
   * true when the WAL was emptied, false when a reader or writer kept frames in it (the next
   * checkpoint takes them; `journal_size_limit` bounds the file meanwhile).
   */
  truncate(): Promise<boolean> {
    const worker = this.worker;
    if (!worker) {
      if (!this.db.open) return Promise.resolve(false);
      try {
        const [r] = this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
        return Promise.resolve(r?.busy === 0);
      } catch {
        return Promise.resolve(false);
      }
    }
    const id = this.nextTruncation++;
    return new Promise<boolean>((resolve) => {
      // The exit listener lives as long as the truncation: left on the worker after the reply, one
      // would pile up per bulk index for the life of the server.
      const exited = () => {
        if (this.truncations.delete(id)) resolve(false);
      };
      this.truncations.set(id, (busy: boolean) => {
        worker.off('exit', exited);
        resolve(!busy);
      });
      worker.once('exit', exited);
      worker.postMessage({ type: 'truncate', id });
    });
  }

  /** Told after each checkpoint the thread ran (tests, metrics). */
  onCheckpoint(listener: (r: CheckpointReport) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True while the thread runs and checkpoints for the connection. */
  get running(): boolean {
    return this.worker != null;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    this.restoreAutocheckpoint();
    await worker.terminate();
  }

  /**
   * Empty the WAL of a quiet database on this connection (TRUNCATE): nothing is left to copy, so it
   * restarts the WAL header and cuts the file to 0 bytes; without waiting (busy_timeout 0 around
   * it), so a reader or writer at work makes it busy and the thread asks again at a later look.
   * Not inside a transaction, and not while the WAL index's file cannot be written (a store into
   * it would be a SIGBUS, docs/operations.md "Degraded modes").
   */
  private emptyQuietWal(): boolean {
    if (!this.db.open || this.db.inTransaction || !walIndexWritable(this.file)) return false;
    const timeout = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      const [r] = this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      return r?.busy === 0;
    } catch {
      return false;
    } finally {
      this.db.pragma(`busy_timeout = ${timeout}`);
    }
  }

  private restoreAutocheckpoint(): void {
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }
}
