// A small pool of threads that make inbox content files durable (contentWriterWorker.ts). Written
// on the event loop, one file costs six round trips to libuv's thread pool (open, write, fdatasync,
// close, the folder's fsync, plus the rename) with a promise and a wake-up each; under a stream of
// webhook deliveries that bookkeeping was a quarter of the event loop's time. Here a file is one
// message out and one back. Threads start on demand, one more whenever every running thread
// already has a file in hand, up to `max`; each is unref'd while it has nothing to do.
import { startSiblingWorker, ThreadJobs, type PoolThread } from '../workerThread.js';

export interface WriteJob {
  id: number;
  /** The bytes, in a buffer of their own (transferred, not copied); null when `tempPath` is already written and fsynced. */
  bytes: ArrayBuffer | null;
  tempPath: string;
  final: string;
  /** The content root: fsynced when a new prefix folder is made in it. */
  root: string;
  fsync: boolean;
}

export type WriteReply = { id: number; created: boolean } | { id: number; error: string; code: string | null };

export class ContentWriter {
  private readonly pool = new ThreadJobs<PoolThread, Omit<WriteJob, 'id'>, WriteReply>();
  private closed = false;

  constructor(private readonly max = 4) {}

  /**
   * Make `final` durable: `bytes` written to `tempPath` first (or, with null, `tempPath` is a file
   * already written and fsynced), then renamed into place. False when `final` already existed
   * (a staged `tempPath` is then removed).
   */
  write(bytes: Uint8Array | null, tempPath: string, final: string, root: string, fsync: boolean): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('The content writer was shut down.'));
    const thread = this.pick();
    const own = bytes ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : null;
    const job: Omit<WriteJob, 'id'> = { bytes: own, tempPath, final, root, fsync };
    return this.pool.post(thread, job, own ? [own] : []).then((m) => {
      if ('error' in m) throw Object.assign(new Error(m.error), m.code ? { code: m.code } : {});
      return m.created;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.pool.threads.splice(0).map((t) => t.worker);
    this.pool.failAll(new Error('The content writer was shut down.'));
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** The least busy thread; a new one when all are busy and the pool is not full. */
  private pick(): PoolThread {
    let best: PoolThread | null = null;
    for (const t of this.pool.threads) if (!best || t.busy < best.busy) best = t;
    if (best && (best.busy === 0 || this.pool.threads.length >= this.max)) return best;
    // A thread that died was dropped with its files failed (nothing was acknowledged for them): this starts its replacement.
    return this.pool.add({ worker: startSiblingWorker(import.meta.url, 'contentWriterWorker', null), busy: 0 }, 'A content writer thread stopped.');
  }
}
