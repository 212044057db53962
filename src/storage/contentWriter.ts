// A small pool of threads that make inbox content files durable (contentWriterWorker.ts). Written
// on the event loop, one file costs six round trips to libuv's thread pool (open, write, fdatasync,
// close, the folder's fsync, plus the rename) with a promise and a wake-up each; under a stream of
// webhook deliveries that bookkeeping was a quarter of the event loop's time. Here a file is one
// message out and one back. Threads start on demand, one more whenever every running thread
// already has a file in hand, up to `max`; each is unref'd while it has nothing to do.
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../workerThread.js';

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

interface Slot {
  worker: Worker;
  busy: number;
}

type Waiter = { resolve: (created: boolean) => void; reject: (e: Error) => void; slot: Slot };

export class ContentWriter {
  private readonly slots: Slot[] = [];
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly max = 4) {}

  /**
   * Make `final` durable: `bytes` written to `tempPath` first (or, with null, `tempPath` is a file
   * already written and fsynced), then renamed into place. False when `final` already existed
   * (a staged `tempPath` is then removed).
   */
  write(bytes: Uint8Array | null, tempPath: string, final: string, root: string, fsync: boolean): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('The content writer was shut down.'));
    const slot = this.pick();
    const id = this.nextId++;
    const own = bytes ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : null;
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, slot });
      if (slot.busy++ === 0) slot.worker.ref(); // a caller is waiting: keep the process alive until the reply
      slot.worker.postMessage({ id, bytes: own, tempPath, final, root, fsync } satisfies WriteJob, own ? [own] : []);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.slots.splice(0).map((s) => s.worker);
    this.failAll(new Error('The content writer was shut down.'));
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** The least busy thread; a new one when all are busy and the pool is not full. */
  private pick(): Slot {
    let best: Slot | null = null;
    for (const s of this.slots) if (!best || s.busy < best.busy) best = s;
    if (best && (best.busy === 0 || this.slots.length >= this.max)) return best;
    return this.spawn();
  }

  private spawn(): Slot {
    const worker = startSiblingWorker(import.meta.url, 'contentWriterWorker', null);
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (m: WriteReply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (--slot.busy === 0) worker.unref();
      if ('error' in m) w.reject(Object.assign(new Error(m.error), m.code ? { code: m.code } : {}));
      else w.resolve(m.created);
    });
    const lost = (e: Error) => this.drop(slot, e);
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('A content writer thread stopped.')));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** A thread died: its files fail (nothing was acknowledged for them); the next write starts another. */
  private drop(slot: Slot, error: Error): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    for (const [id, w] of this.waiting) {
      if (w.slot !== slot) continue;
      this.waiting.delete(id);
      w.reject(error);
    }
  }

  private failAll(error: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of all) w.reject(error);
  }
}
