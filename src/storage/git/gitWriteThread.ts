// The threads that do the file work of a commit (gitWriteWorker.ts). Through libuv's pool, writing
// a group commit's pack, moving the ref and syncing folders cost a dozen dependent round trips (open,
// write, fsync, close, rename, each folder's open, fsync and close), each a callback that waits for
// its turn on the event loop: under a mixed load, with the loop tens of ms behind, that chain was
// most of a group commit's time under the brain's lock. Here each step is one message out and one
// back. Threads start on demand, one more whenever every running one has a job in hand, up to
// `max` (brains commit in parallel); each is unref'd while it has nothing to do.
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../../workerThread.js';
import { runGitWriteJob } from './gitWriteJobs.js';
import { RefConflictError, RefLockedError } from './refStore.js';

export type GitWriteJob = { id: number } & (
  | { kind: 'pack'; dir: string; name: string; pack: ArrayBuffer; idx: ArrayBuffer; fsync: boolean }
  | { kind: 'ref'; gitdir: string; ref: string; expected: string | null; next: string; fsync: boolean; syncDir: boolean; lockWaitMs: number }
  | { kind: 'sync'; paths: Array<{ path: string; data: boolean }> }
);

type JobInput = GitWriteJob extends infer J ? (J extends { id: number } ? Omit<J, 'id'> : never) : never;

export type GitWriteReply = { id: number } & ({ ok: true } | { conflict: string | null } | { locked: true } | { error: string; code: string | null });

interface Slot {
  worker: Worker;
  busy: number;
  /** The thread has loaded its module (until then its jobs run inline: see `send`). */
  ready: boolean;
}

type Waiter = { resolve: (r: GitWriteReply) => void; reject: (e: Error) => void; slot: Slot };

/** A buffer of its own for transfer (a Buffer may be a view into a shared pool). */
function own(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export class GitWriteThreads {
  private readonly slots: Slot[] = [];
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 1;

  constructor(private readonly max = 2) {}

  /** Start a thread now (at start-up), so the first commit does not wait for one to load. */
  warm(): void {
    if (!this.slots.length) this.spawn();
  }

  async writePack(dir: string, name: string, pack: Buffer, idx: Buffer, fsync: boolean): Promise<void> {
    const [p, i] = [own(pack), own(idx)];
    check(await this.send({ kind: 'pack', dir, name, pack: p, idx: i, fsync }, [p, i]));
  }

  /** Move `ref` from `expected` to `next` under git's lock file; its folder is synced too unless `syncDir` is false. */
  async swapRef(gitdir: string, ref: string, expected: string | null, next: string, opts: { fsync: boolean; syncDir: boolean; lockWaitMs: number }): Promise<void> {
    const reply = await this.send({ kind: 'ref', gitdir, ref, expected, next, ...opts }, []);
    if ('conflict' in reply) throw new RefConflictError(ref, expected, reply.conflict);
    if ('locked' in reply) throw new RefLockedError(ref);
    check(reply);
  }

  /** fsync (or, with `data`, fdatasync) each path in turn; folders that refuse it are skipped. */
  async sync(paths: Array<{ path: string; data: boolean }>): Promise<void> {
    check(await this.send({ kind: 'sync', paths }, []));
  }

  private send(job: JobInput, transfer: ArrayBuffer[]): Promise<GitWriteReply> {
    const slot = this.pick();
    const id = this.nextId++;
    // No thread has loaded yet (a server just started; from the TypeScript sources that takes
    // seconds): the job runs here, synchronously, rather than wait for one (a ref swap waits for a
    // held lock with timers: swapRefInline).
    if (!slot) return job.kind === 'ref' ? swapRefInline({ ...job, id }) : Promise.resolve(runGitWriteJob({ ...job, id } as GitWriteJob));
    return new Promise<GitWriteReply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, slot });
      if (slot.busy++ === 0) slot.worker.ref(); // a caller is waiting: keep the process alive until the reply
      slot.worker.postMessage({ ...job, id } as GitWriteJob, transfer);
    });
  }

  /** The least busy ready thread; a new one starts when all are busy and the pool is not full. Null while none is ready. */
  private pick(): Slot | null {
    let best: Slot | null = null;
    for (const s of this.slots) if (s.ready && (!best || s.busy < best.busy)) best = s;
    if (best && (best.busy === 0 || this.slots.length >= this.max)) return best;
    if (this.slots.length < this.max && this.slots.every((s) => s.ready)) this.spawn();
    return best;
  }

  private spawn(): Slot {
    const worker = startSiblingWorker(import.meta.url, 'gitWriteWorker', null);
    const slot: Slot = { worker, busy: 0, ready: false };
    worker.on('message', (m: GitWriteReply | { ready: true }) => {
      if ('ready' in m) return void (slot.ready = true);
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (--slot.busy === 0) worker.unref();
      w.resolve(m);
    });
    const lost = (e: Error) => this.drop(slot, e);
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('A git write thread stopped.')));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** A thread died: its jobs fail (nothing was acknowledged for them); the next job starts another. */
  private drop(slot: Slot, error: Error): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    for (const [id, w] of this.waiting) {
      if (w.slot !== slot) continue;
      this.waiting.delete(id);
      w.reject(error);
    }
  }
}

/**
 * A ref swap on the event loop: a lock held by another writer (git receive-pack, the CLI) is waited
 * for with timers between single attempts, as long as a thread would wait, never by blocking the
 * thread (a thread sleeps between its attempts, which here would stall every request).
 */
async function swapRefInline(job: Extract<GitWriteJob, { kind: 'ref' }>): Promise<GitWriteReply> {
  const deadline = Date.now() + job.lockWaitMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const reply = runGitWriteJob({ ...job, lockWaitMs: 0 });
    if (!('locked' in reply) || Date.now() >= deadline) return reply;
    await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(1, deadline - Date.now()))));
  }
}

function check(reply: GitWriteReply): void {
  if ('error' in reply) throw Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {});
}

let shared: GitWriteThreads | null = null;

/** The process's git write threads (every brain's commits share them). */
export function gitWriteThreads(): GitWriteThreads {
  return (shared ??= new GitWriteThreads());
}
