// A small pool of threads that make inbox content files durable (contentWriterWorker.ts). Written
// on the event loop, one file costs six round trips to libuv's thread pool (open, write, fdatasync,
// close, the folder's fsync, plus the rename) with a promise and a wake-up each; under a stream of
// webhook deliveries that bookkeeping was a quarter of the event loop's time. Here a file is one
// message out and one back. Threads start on demand, one more whenever every running thread
// already has a file in hand, up to `max`; each is unref'd while it has nothing to do. A thread
// gets files once it has loaded (its `ready` notice): loading one takes from tens of ms (built)
// to seconds (from the TypeScript sources on a busy machine), and a delivery sent to a thread
// still loading waited all that while a running thread would have written it in milliseconds.
// The server starts one thread up front (`start`), so no delivery waits for the first.
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

/** A pool thread, and whether it has loaded (sent its `ready` notice). */
interface WriterThread extends PoolThread {
  ready: boolean;
}

export class ContentWriter {
  private readonly pool = new ThreadJobs<WriterThread, Omit<WriteJob, 'id'>, WriteReply>();
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

  /** Start the first thread now (the server does), so the first file does not wait for one to load. */
  start(): void {
    if (!this.closed && !this.pool.threads.length) this.spawn();
  }

  /**
   * The least busy loaded thread. When every loaded thread is busy and the pool is not full, one
   * more starts, and takes files once loaded; meanwhile they queue on the loaded ones. With no
   * loaded thread at all, the least busy loading one (it is the only way on).
   */
  private pick(): WriterThread {
    let best: WriterThread | null = null;
    let loading: WriterThread | null = null;
    for (const t of this.pool.threads) {
      if (!t.ready) {
        if (!loading || t.busy < loading.busy) loading = t;
      } else if (!best || t.busy < best.busy) best = t;
    }
    if (best && best.busy === 0) return best;
    if (!loading && this.pool.threads.length < this.max) loading = this.spawn();
    return best ?? loading ?? this.spawn();
  }

  private spawn(): WriterThread {
    // A thread that died was dropped with its files failed (nothing was acknowledged for them): this starts its replacement.
    const thread: WriterThread = { worker: startSiblingWorker(import.meta.url, 'contentWriterWorker', null), busy: 0, ready: false };
    thread.worker.on('message', (m: { ready?: boolean }) => {
      if (m?.ready) thread.ready = true;
    });
    return this.pool.add(thread, 'A content writer thread stopped.');
  }
}
