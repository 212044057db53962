// The git write thread's jobs (storage/git/gitWriteJobs.ts) run here inline on real folders. A
// fan-out folder (`objects/xx`) or ref folder they make is an entry in its parent: with fsync on,
// that parent is synced before the ref moves, or a crash could lose the folder and the objects in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { landObjects, runGitWriteJob } from '../../src/storage/git/gitWriteJobs.js';

/** The paths fsynced while `fn` runs (the real calls, recorded on the way through). */
async function fsyncedDuring(fn: () => Promise<unknown> | unknown): Promise<string[]> {
  const open = fs.openSync;
  const fsync = fs.fsyncSync;
  const byFd = new Map<number, string>();
  const synced: string[] = [];
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (open as (...a: unknown[]) => number)(p, ...rest);
    byFd.set(fd, path.resolve(String(p)));
    return fd;
  }) as typeof fs.openSync;
  fs.fsyncSync = ((fd: number) => {
    fsync(fd);
    synced.push(byFd.get(fd) ?? `fd ${fd}`);
  }) as typeof fs.fsyncSync;
  try {
    await fn();
  } finally {
    fs.openSync = open;
    fs.fsyncSync = fsync;
  }
  return synced;
}

describe('git write jobs: folders they make are made durable', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-gitjobs-'));
    fs.mkdirSync(path.join(root, 'objects'), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const land = (fsync: boolean) => {
    const dir = path.join(root, 'objects', 'ab');
    const data = new Uint8Array([1, 2, 3]).buffer;
    return { id: 1, kind: 'land' as const, loose: [{ dir, file: path.join(dir, 'cdef'), data }], pack: null, gitdir: root, ref: 'refs/heads/main', expected: null, next: 'a'.repeat(40), fsync, syncDir: true, lockWaitMs: 100 };
  };

  it('a new objects/xx fan-out folder: objects/ itself is synced (with fsync on), and only then', async () => {
    const synced = await fsyncedDuring(() => landObjects(land(true)));
    assert.ok(fs.existsSync(path.join(root, 'objects', 'ab', 'cdef')));
    assert.ok(synced.includes(path.resolve(root, 'objects')), synced.join(', '));
    // The folder exists now: writing into it again syncs no parent.
    fs.rmSync(root, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-gitjobs-'));
    fs.mkdirSync(path.join(root, 'objects'), { recursive: true });
    const off = await fsyncedDuring(() => landObjects(land(false)));
    assert.deepEqual(off, []);
  });

  it('a new ref folder (refs/heads/team/x): each folder made is recorded in a synced parent', async () => {
    const synced = await fsyncedDuring(() => runGitWriteJob({ id: 2, kind: 'ref', gitdir: root, ref: 'refs/heads/team/x', expected: null, next: 'b'.repeat(40), fsync: true, syncDir: true, lockWaitMs: 100 }));
    for (const p of [root, path.join(root, 'refs'), path.join(root, 'refs', 'heads')]) assert.ok(synced.includes(path.resolve(p)), `${p} in ${synced.join(', ')}`);
  });
});
