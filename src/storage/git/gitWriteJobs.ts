// The jobs of a git write thread (gitWriteWorker.ts, see gitWriteThread.ts): each job is a whole step of a commit done with
// plain synchronous calls — a group commit's pack written, fsynced and renamed into
// place with their folders synced; the branch ref's compare-and-swap under git's lock file; the
// folder syncs a write waits for before it is answered — so the event loop hands a step over in one
// message instead of a dozen round trips to libuv's thread pool, each waiting its turn on a busy loop.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GitWriteJob, GitWriteReply } from './gitWriteThread.js';
import { fsyncPath, fsyncPathSync } from '../fsyncs.js';
import { buildPack, unflattenObjects } from './packBuilder.js';
import { readRef } from './refFiles.js';

const knownDirs = new Set<string>();
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * `dir` made when missing. With `fsync`, each folder that holds one it made is synced too (a new
 * `objects/xx` fan-out folder's entry in `objects/`, a new `refs/heads/…` folder's in its parent):
 * otherwise a crash could lose the folder, and every object renamed into it, after the ref moved.
 */
function ensureDir(dir: string, fsync: boolean): void {
  if (knownDirs.has(dir)) return;
  const first = fs.mkdirSync(dir, { recursive: true });
  if (fsync && first !== undefined) {
    // mkdir made `first` and every folder below it down to `dir`: sync each one's parent, deepest first.
    for (let d = path.resolve(dir), top = path.resolve(first); ; d = path.dirname(d)) {
      fsyncPathSync(path.dirname(d));
      if (d === top || path.dirname(d) === d) break;
    }
  }
  knownDirs.add(dir);
}

/**
 * Tries to make a file in an object folder that git removes once it is empty (`prune-packed`, run
 * by `gc` and by the pack roll-up beside our writes, deletes emptied fan-out folders: between our
 * mkdir and our open it may remove the folder again). Each miss makes the folder anew, as git does.
 */
const CREATE_ATTEMPTS = 8;

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'ENOENT';
}

/** `bytes` into a new temp file in `dir` (fsynced when asked); returns its name. */
function writeTemp(dir: string, prefix: string, bytes: Uint8Array, fsync: boolean): string {
  let fd: number | undefined;
  let tmp = '';
  for (let attempt = 1; fd === undefined; attempt++) {
    tmp = path.join(dir, `${prefix}${randomBytes(6).toString('hex')}`);
    try {
      fd = fs.openSync(tmp, 'wx', 0o444);
    } catch (e) {
      // git may have removed an emptied folder: make it again.
      if (!isMissing(e) || attempt >= CREATE_ATTEMPTS) throw e;
      knownDirs.delete(dir);
      ensureDir(dir, fsync);
    }
  }
  try {
    for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at);
    if (fsync) fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  return tmp;
}

function renameInto(tmp: string, final: string): void {
  try {
    fs.renameSync(tmp, final);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function openLock(lockPath: string, waitMs: number): number | null {
  const deadline = Date.now() + waitMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      return fs.openSync(lockPath, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // With no wait (the event loop's own attempt, see gitWriteThread.ts) this is the first miss.
      if (Date.now() >= deadline) {
        // A lock older than a minute was left by a crashed writer: git would say the same.
        let age = 0;
        try {
          age = Date.now() - fs.statSync(lockPath).mtimeMs;
        } catch {
          age = 0;
        }
        if (age > 60_000) {
          fs.rmSync(lockPath, { force: true });
          continue;
        }
        return null;
      }
      sleep(delay);
    }
  }
}

/** A pack and its index written, fsynced and renamed into place (the .pack first), and their folder synced. */
function writePack(dir: string, name: string, pack: Uint8Array, idx: Uint8Array, fsync: boolean): void {
  ensureDir(dir, fsync);
  const tmpPack = writeTemp(dir, 'tmp_pack_', pack, fsync);
  let tmpIdx: string;
  try {
    tmpIdx = writeTemp(dir, 'tmp_pack_', idx, fsync);
  } catch (e) {
    fs.rmSync(tmpPack, { force: true });
    throw e;
  }
  // The .pack lands first: git and isomorphic-git only look at packs through their .idx.
  try {
    renameInto(tmpPack, path.join(dir, `pack-${name}.pack`));
  } catch (e) {
    fs.rmSync(tmpIdx, { force: true });
    throw e;
  }
  renameInto(tmpIdx, path.join(dir, `pack-${name}.idx`));
  if (fsync) fsyncPathSync(dir);
}

/**
 * A commit's objects made durable (a lone write's few loose objects side by side through libuv's
 * pool, from this thread's idle event loop; a group's pack with plain synchronous calls). One by
 * one on a thread the loose objects' fsyncs took about five times as long on a busy disk. A large
 * commit's pack is built here first, from its flattened objects. Answers the seconds the writes
 * took and, apart, the pack's building. The ref may move only after this.
 */
export async function landObjects(job: Extract<GitWriteJob, { kind: 'land' }>): Promise<{ objectSeconds: number; packSeconds: number }> {
  const built = job.build ? buildFlatPack(job.build) : null;
  const started = process.hrtime.bigint();
  await Promise.all(job.loose.map((o) => writeLoose(o, job.fsync)));
  // A folder gone by now was emptied by git's prune-packed: every object in it is in a pack.
  const syncDir = (dir: string) =>
    fsyncPath(dir).catch((e: unknown) => {
      if (!isMissing(e)) throw e;
    });
  if (job.fsync) await Promise.all([...new Set(job.loose.map((o) => o.dir))].map(syncDir));
  const pack = built?.pack ?? (job.pack && { ...job.pack, pack: new Uint8Array(job.pack.pack), idx: new Uint8Array(job.pack.idx) });
  if (pack) writePack(pack.dir, pack.name, pack.pack, pack.idx, job.fsync);
  return { objectSeconds: Number(process.hrtime.bigint() - started) / 1e9, packSeconds: built?.seconds ?? 0 };
}

/** The pack of a large commit built here from its flattened objects (objectWriter.ts PACK_ON_THREAD_FROM), and the seconds that took. */
function buildFlatPack(build: { dir: string; objects: ArrayBuffer }): { pack: { dir: string; name: string; pack: Uint8Array; idx: Uint8Array }; seconds: number } {
  const started = process.hrtime.bigint();
  const { pack, idx, name } = buildPack(unflattenObjects(build.objects));
  return { pack: { dir: build.dir, name, pack, idx }, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** One loose object to a temp file (fsynced when asked) renamed into place; an existing one is written again (same name, same bytes). */
async function writeLoose(o: { dir: string; file: string; data: ArrayBuffer }, fsync: boolean): Promise<void> {
  ensureDir(o.dir, fsync);
  let name = '';
  let handle: fs.promises.FileHandle | undefined;
  for (let attempt = 1; handle === undefined; attempt++) {
    name = path.join(o.dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
    try {
      handle = await fs.promises.open(name, 'wx', 0o444);
    } catch (e) {
      // git may have removed an emptied folder: make it again.
      if (!isMissing(e) || attempt >= CREATE_ATTEMPTS) throw e;
      knownDirs.delete(o.dir);
      ensureDir(o.dir, fsync);
    }
  }
  try {
    try {
      await handle.writeFile(new Uint8Array(o.data));
      if (fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(name, o.file);
  } catch (e) {
    await fs.promises.rm(name, { force: true });
    throw e;
  }
}

/**
 * A commit landed in one job: its objects made durable, then the branch ref's compare-and-swap
 * (the ref file synced; its folder too unless `syncDir` is false). On a git write thread; the
 * thread's other jobs may run while the objects' syncs are in flight.
 */
export async function runLandJob(job: Extract<GitWriteJob, { kind: 'land' }>): Promise<GitWriteReply> {
  try {
    const { objectSeconds, packSeconds } = await landObjects(job);
    const reply = runGitWriteJob({ id: job.id, kind: 'ref', gitdir: job.gitdir, ref: job.ref, expected: job.expected, next: job.next, fsync: job.fsync, syncDir: job.syncDir, lockWaitMs: job.lockWaitMs });
    return 'ok' in reply ? { id: job.id, ok: true, objectSeconds, packSeconds } : reply;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { id: job.id, error: err.message ?? String(e), code: err.code ?? null };
  }
}

/** Run one job to its reply (errors included), synchronously: on a git write thread, or inline while none has started yet. */
export function runGitWriteJob(job: GitWriteJob): GitWriteReply {
  try {
    return run(job);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { id: job.id, error: err.message ?? String(e), code: err.code ?? null };
  }
}

function run(job: GitWriteJob): GitWriteReply {
  switch (job.kind) {
    case 'pack': {
      writePack(job.dir, job.name, new Uint8Array(job.pack), new Uint8Array(job.idx), job.fsync);
      return { id: job.id, ok: true };
    }
    case 'ref': {
      const refPath = path.join(job.gitdir, job.ref);
      const lockPath = `${refPath}.lock`;
      ensureDir(path.dirname(refPath), job.fsync);
      const fd = openLock(lockPath, job.lockWaitMs);
      if (fd == null) return { id: job.id, locked: true };
      let renamed = false;
      let closed = false;
      try {
        const actual = readRef(job.gitdir, job.ref);
        if (actual !== job.expected) return { id: job.id, conflict: actual };
        fs.writeSync(fd, `${job.next}\n`);
        if (job.fsync) fs.fsyncSync(fd);
        closed = true;
        fs.closeSync(fd);
        fs.renameSync(lockPath, refPath);
        renamed = true;
        if (job.fsync && job.syncDir) fsyncPathSync(path.dirname(refPath));
        return { id: job.id, ok: true };
      } finally {
        if (!renamed) {
          if (!closed) fs.closeSync(fd);
          fs.rmSync(lockPath, { force: true });
        }
      }
    }
    case 'sync': {
      for (const p of job.paths) fsyncPathSync(p.path, p.data);
      return { id: job.id, ok: true };
    }
    case 'land':
      throw new Error('A commit lands through runLandJob.');
  }
}

