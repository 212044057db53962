// One rule for every fsync (src/storage/fsyncs.ts): a folder whose filesystem cannot be fsynced at
// all (EINVAL, ENOTSUP, EISDIR …) is skipped, the rename before it being atomic anyway; any other
// failure (EIO) is thrown, so that nothing is acknowledged after a failed sync: not by the git
// write thread's jobs either (a commit's ref move, a write's folder sync).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fsyncPath, fsyncPathSync } from '../../src/storage/fsyncs.js';
import { runGitWriteJob, runLandJob } from '../../src/storage/git/gitWriteJobs.js';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fsync failure`), { code });
}

/**
 * Make fsync and fdatasync (sync and callback forms) fail with `code` while `fn` runs: on every
 * descriptor, or with `foldersOnly` on folders only (files still sync for real).
 */
async function withFailingFsync<T>(code: string, fn: () => T | Promise<T>, foldersOnly = false): Promise<T> {
  const saved = { fsyncSync: fs.fsyncSync, fdatasyncSync: fs.fdatasyncSync, fsync: fs.fsync, fdatasync: fs.fdatasync };
  const fails = (fd: number) => !foldersOnly || fs.fstatSync(fd).isDirectory();
  const now = (real: (fd: number) => void) => (fd: number) => {
    if (fails(fd)) throw errno(code);
    real(fd);
  };
  const later = (real: typeof fs.fsync) => (fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
    if (fails(fd)) process.nextTick(cb, errno(code));
    else real(fd, cb);
  };
  Object.assign(fs, { fsyncSync: now(saved.fsyncSync), fdatasyncSync: now(saved.fdatasyncSync), fsync: later(saved.fsync), fdatasync: later(saved.fdatasync) });
  try {
    return await fn();
  } finally {
    Object.assign(fs, saved);
  }
}

describe('fsyncs: one rule for a folder that will not sync', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-fsyncs-'));
    file = path.join(dir, 'f');
    fs.writeFileSync(file, 'x');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('syncs files and folders when the filesystem does', async () => {
    fsyncPathSync(dir);
    fsyncPathSync(file, true);
    await fsyncPath(dir);
    await fsyncPath(file, true);
  });

  for (const code of ['EINVAL', 'ENOTSUP', 'EISDIR']) {
    it(`skips a folder the filesystem cannot sync (${code}), never a file`, async () => {
      await withFailingFsync(code, async () => {
        fsyncPathSync(dir);
        await fsyncPath(dir);
        assert.throws(() => fsyncPathSync(file), { code });
        await assert.rejects(fsyncPath(file, true), { code });
      });
    });
  }

  it('throws EIO on a folder as on a file', async () => {
    await withFailingFsync('EIO', async () => {
      assert.throws(() => fsyncPathSync(dir), { code: 'EIO' });
      assert.throws(() => fsyncPathSync(file, true), { code: 'EIO' });
      await assert.rejects(fsyncPath(dir), { code: 'EIO' });
      await assert.rejects(fsyncPath(file), { code: 'EIO' });
    });
  });

  it('a missing folder is an error, not a folder that cannot sync', async () => {
    assert.throws(() => fsyncPathSync(path.join(dir, 'gone')), { code: 'ENOENT' });
    await assert.rejects(fsyncPath(path.join(dir, 'gone')), { code: 'ENOENT' });
  });
});

describe('git write jobs: a failed folder sync is not acknowledged', () => {
  let gitdir: string;
  beforeEach(() => {
    gitdir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-fsyncs-git-'));
    fs.mkdirSync(path.join(gitdir, 'refs', 'heads'), { recursive: true });
  });
  afterEach(() => fs.rmSync(gitdir, { recursive: true, force: true }));

  const refDir = () => path.join(gitdir, 'refs', 'heads');
  const next = 'a'.repeat(40);

  it('a sync job whose folder fsync fails with EIO answers the error', async () => {
    const reply = await withFailingFsync('EIO', () => runGitWriteJob({ id: 1, kind: 'sync', paths: [{ path: refDir(), data: false }] }));
    assert.deepEqual(reply, { id: 1, error: 'EIO: injected fsync failure', code: 'EIO' });
  });

  it('a sync job on a folder the filesystem cannot sync (EINVAL) succeeds', async () => {
    const reply = await withFailingFsync('EINVAL', () => runGitWriteJob({ id: 2, kind: 'sync', paths: [{ path: refDir(), data: false }] }));
    assert.deepEqual(reply, { id: 2, ok: true });
  });

  it('a ref move whose folder sync fails with EIO is not answered ok', async () => {
    const reply = await withFailingFsync('EIO', () => runGitWriteJob({ id: 3, kind: 'ref', gitdir, ref: 'refs/heads/main', expected: null, next, fsync: true, syncDir: true, lockWaitMs: 100 }), true);
    assert.deepEqual(reply, { id: 3, error: 'EIO: injected fsync failure', code: 'EIO' });
  });

  it('the same ref move on a filesystem that cannot sync folders (EINVAL) is answered ok', async () => {
    const reply = await withFailingFsync('EINVAL', () => runGitWriteJob({ id: 5, kind: 'ref', gitdir, ref: 'refs/heads/main', expected: null, next, fsync: true, syncDir: true, lockWaitMs: 100 }), true);
    assert.deepEqual(reply, { id: 5, ok: true });
    assert.equal(fs.readFileSync(path.join(refDir(), 'main'), 'utf8'), `${next}\n`);
  });

  it('a pack whose folder sync fails with EIO is not answered ok', async () => {
    const packDir = path.join(gitdir, 'objects', 'pack');
    const reply = await withFailingFsync('EIO', () =>
      runGitWriteJob({ id: 4, kind: 'pack', dir: packDir, name: 'b'.repeat(40), pack: new ArrayBuffer(4), idx: new ArrayBuffer(4), fsync: true }),
    true);
    assert.deepEqual(reply, { id: 4, error: 'EIO: injected fsync failure', code: 'EIO' });
  });

  it('a commit landing (objects, then the ref) whose object folder sync fails with EIO never moves the ref', async () => {
    const dir = path.join(gitdir, 'objects', 'ab');
    const job = {
      id: 6,
      kind: 'land' as const,
      loose: [{ dir, file: path.join(dir, 'c'.repeat(38)), data: new Uint8Array([1, 2, 3]).buffer }],
      pack: null,
      gitdir,
      ref: 'refs/heads/main',
      expected: null,
      next,
      fsync: true,
      syncDir: true,
      lockWaitMs: 100,
    };
    const reply = await withFailingFsync('EIO', () => runLandJob(job), true);
    assert.deepEqual(reply, { id: 6, error: 'EIO: injected fsync failure', code: 'EIO' });
    assert.ok(!fs.existsSync(path.join(refDir(), 'main')), 'the ref moved although its objects were not durable');
    // The same landing with working syncs: the object is in place, then the ref names the commit.
    const ok = await runLandJob({ ...job, id: 7 });
    assert.equal('ok' in ok && ok.ok, true);
    assert.deepEqual([...fs.readFileSync(job.loose[0]!.file)], [1, 2, 3]);
    assert.equal(fs.readFileSync(path.join(refDir(), 'main'), 'utf8'), `${next}\n`);
  });
});
