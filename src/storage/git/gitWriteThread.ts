// The threads that do the file work of a commit (gitWriteWorker.ts). Through libuv's pool, writing
// a group commit's pack, moving the ref and syncing folders cost a dozen dependent round trips (open,
// write, fsync, close, rename, each folder's open, fsync and close), each a callback that waits for
// its turn on the event loop: under a mixed load, with the loop tens of ms behind, that chain was
// most of a group commit's time under the brain's lock. Here each step is one message out and one
// back. Threads start on demand, one more whenever every running one has a job in hand, up to
// `max` (brains commit in parallel); each is unref'd while it has nothing to do.
import { startSiblingWorker, ThreadJobs, type PoolThread } from '../../workerThread.js';
import { landObjects, runGitWriteJob } from './gitWriteJobs.js';
import type { CommitObjects } from './objectWriter.js';
import { buildPack, flattenObjects } from './packBuilder.js';
import { RefConflictError, RefLockedError } from './refStore.js';

export type GitWriteJob = { id: number } & (
  | { kind: 'pack'; dir: string; name: string; pack: ArrayBuffer; idx: ArrayBuffer; fsync: boolean }
  | { kind: 'ref'; gitdir: string; ref: string; expected: string | null; next: string; fsync: boolean; syncDir: boolean; lockWaitMs: number }
  | { kind: 'sync'; paths: Array<{ path: string; data: boolean }> }
  | {
      kind: 'land';
      loose: Array<{ dir: string; file: string; data: ArrayBuffer }>;
      pack: { dir: string; name: string; pack: ArrayBuffer; idx: ArrayBuffer } | null;
      /** A pack to build on the thread first (from packBuilder.ts flattenObjects), in place of `pack`. */
      build?: { dir: string; objects: ArrayBuffer } | null;
      gitdir: string;
      ref: string;
      expected: string | null;
      next: string;
      fsync: boolean;
      syncDir: boolean;
      lockWaitMs: number;
    }
);

type JobInput = GitWriteJob extends infer J ? (J extends { id: number } ? Omit<J, 'id'> : never) : never;

export type GitWriteReply = { id: number } & ({ ok: true; objectSeconds?: number; packSeconds?: number } | { conflict: string | null } | { locked: true } | { error: string; code: string | null });

interface Slot extends PoolThread {
  /** The thread has loaded its module (until then its jobs run inline: see `send`). */
  ready: boolean;
  /** Settles when the thread is ready (true) or stopped before it was (false). */
  loaded: Promise<boolean>;
}

/**
 * How long a commit whose pack is to be built on a thread (objectWriter.ts PACK_ON_THREAD_FROM)
 * waits for one to load (a CLI import's first commit: the thread starts with it) before building
 * the pack here. From dist/ a thread loads in well under this; through tsx it can take seconds.
 */
export const PACK_THREAD_WAIT_MS = 2000;

/** A buffer of its own for transfer (a Buffer may be a view into a shared pool). */
function own(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export class GitWriteThreads {
  private readonly pool = new ThreadJobs<Slot, JobInput, GitWriteReply>();

  constructor(private readonly max = 2) {}

  /** Start a thread now (at start-up), so the first commit does not wait for one to load. */
  warm(): void {
    if (!this.pool.threads.length) this.spawn();
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

  /**
   * A commit's objects written and made durable, then `ref` moved from `expected` to `next` (its
   * folder synced too unless `syncDir` is false), in one message: one wait for the event loop
   * instead of two. A pack still to build (`objects.unbuilt`) is built on the thread, which is
   * waited for (up to `readyWaitMs`) when none has loaded yet; then the pack is built here instead.
   * Answers the seconds the objects' writes took, the pack's building (on either thread) and the
   * wait for a thread to load, and where that pack was built.
   */
  async landCommit(
    gitdir: string,
    objects: CommitObjects,
    ref: string,
    expected: string | null,
    next: string,
    opts: { fsync: boolean; syncDir: boolean; lockWaitMs: number; readyWaitMs?: number },
  ): Promise<{ objectSeconds: number; packSeconds: number; waitSeconds: number; packBuiltOn: 'thread' | 'event loop' | null }> {
    const { readyWaitMs = PACK_THREAD_WAIT_MS, ...refOpts } = opts;
    const transfer: ArrayBuffer[] = [];
    const mine = (b: Buffer) => {
      const a = own(b);
      transfer.push(a);
      return a;
    };
    let slot: Slot | null = null;
    let build: { dir: string; objects: ArrayBuffer } | null = null;
    let waitSeconds = 0;
    let packSeconds = 0;
    let packed = objects.pack;
    if (objects.unbuilt) {
      const waiting = process.hrtime.bigint();
      slot = await this.readyWithin(readyWaitMs);
      waitSeconds = secondsSince(waiting);
      if (slot) {
        build = { dir: objects.unbuilt.dir, objects: flattenObjects(objects.unbuilt.objects) };
        transfer.push(build.objects);
      } else {
        const building = process.hrtime.bigint();
        packed = { dir: objects.unbuilt.dir, ...buildPack(objects.unbuilt.objects) };
        packSeconds = secondsSince(building);
      }
    }
    const loose = objects.loose.map((o) => ({ dir: o.dir, file: o.file, data: mine(o.data) }));
    const pack = packed ? { dir: packed.dir, name: packed.name, pack: mine(packed.pack), idx: mine(packed.idx) } : null;
    const reply = await this.send({ kind: 'land', loose, pack, build, gitdir, ref, expected, next, ...refOpts }, transfer, slot ?? this.pick());
    if ('conflict' in reply) throw new RefConflictError(ref, expected, reply.conflict);
    if ('locked' in reply) throw new RefLockedError(ref);
    check(reply);
    const ok = 'ok' in reply ? reply : null;
    const packBuiltOn = build ? 'thread' : objects.unbuilt ? 'event loop' : null;
    return { objectSeconds: ok?.objectSeconds ?? 0, packSeconds: packSeconds + (ok?.packSeconds ?? 0), waitSeconds, packBuiltOn };
  }

  /** fsync (or, with `data`, fdatasync) each path in turn; folders that refuse it are skipped. */
  async sync(paths: Array<{ path: string; data: boolean }>): Promise<void> {
    check(await this.send({ kind: 'sync', paths }, []));
  }

  private send(job: JobInput, transfer: ArrayBuffer[], slot: Slot | null = this.pick()): Promise<GitWriteReply> {
    // No thread has loaded yet (a server just started; from the TypeScript sources that takes
    // seconds): the job runs here rather than wait for one (its reply is returned straight to this
    // caller, so its id is never looked up; a ref swap waits for a held lock with timers: swapRefInline).
    if (!slot) {
      if (job.kind === 'ref') return swapRefInline({ ...job, id: 0 });
      if (job.kind === 'land') return landInline({ ...job, id: 0 });
      return Promise.resolve(runGitWriteJob({ ...job, id: 0 } as GitWriteJob));
    }
    return this.pool.post(slot, job, transfer);
  }

  /** The least busy ready thread; a new one starts when all are busy and the pool is not full. Null while none is ready. */
  private pick(): Slot | null {
    let best: Slot | null = null;
    const slots = this.pool.threads;
    for (const s of slots) if (s.ready && (!best || s.busy < best.busy)) best = s;
    if (best && (best.busy === 0 || slots.length >= this.max)) return best;
    // A thread that died was dropped with its jobs failed (nothing was acknowledged for them): this starts its replacement.
    if (slots.length < this.max && slots.every((s) => s.ready)) this.spawn();
    return best;
  }

  /**
   * A ready thread (as `pick` chooses), waiting up to `ms` for one to load when none has (starting
   * one if none is running). Null when none is ready by then.
   */
  private async readyWithin(ms: number): Promise<Slot | null> {
    const now = this.pick();
    if (now || ms <= 0) return now; // (`pick` started a thread if none was running)
    const loading = this.pool.threads.filter((s) => !s.ready);
    if (!loading.length) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
    const loaded = await Promise.race([...loading.map((s) => s.loaded), late]);
    clearTimeout(timer);
    return loaded ? this.pick() : null;
  }

  private spawn(): Slot {
    const worker = startSiblingWorker(import.meta.url, 'gitWriteWorker', null);
    let settle: (ready: boolean) => void = () => undefined;
    const loaded = new Promise<boolean>((resolve) => (settle = resolve));
    const slot = this.pool.add({ worker, busy: 0, ready: false, loaded }, 'A git write thread stopped.');
    worker.on('message', (m: GitWriteReply | { ready: true }) => {
      if (!('ready' in m)) return; // replies are the pool's
      slot.ready = true;
      settle(true);
    });
    worker.on('exit', () => settle(false));
    return slot;
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

/** A commit landed on the event loop (no thread ready yet): its objects, then the ref as swapRefInline moves it. */
async function landInline(job: Extract<GitWriteJob, { kind: 'land' }>): Promise<GitWriteReply> {
  let objectSeconds: number;
  let packSeconds: number;
  try {
    ({ objectSeconds, packSeconds } = await landObjects(job));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { id: job.id, error: err.message ?? String(e), code: err.code ?? null };
  }
  const reply = await swapRefInline({ id: job.id, kind: 'ref', gitdir: job.gitdir, ref: job.ref, expected: job.expected, next: job.next, fsync: job.fsync, syncDir: job.syncDir, lockWaitMs: job.lockWaitMs });
  return 'ok' in reply ? { id: job.id, ok: true, objectSeconds, packSeconds } : reply;
}

/** Seconds since a `process.hrtime.bigint()` reading (the storage layer's own: metrics.ts loads prom-client). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function check(reply: GitWriteReply): void {
  if ('error' in reply) throw Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {});
}

let shared: GitWriteThreads | null = null;

/** The process's git write threads (every brain's commits share them). */
export function gitWriteThreads(): GitWriteThreads {
  return (shared ??= new GitWriteThreads());
}
