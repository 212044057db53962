// The git write thread's jobs (storage/git/gitWriteJobs.ts) run here inline on real folders. A
// fan-out folder (`objects/xx`) or ref folder they make is an entry in its parent: with fsync on,
// that parent is synced before the ref moves, or a crash could lose the folder and the objects in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { landObjects, runGitWriteJob, runLandJob } from '../../src/storage/git/gitWriteJobs.js';
import { flattenObjects } from '../../src/storage/git/packBuilder.js';
import { objectId, serializeCommit, serializeTree } from '../../src/storage/git/objectWriter.js';

/** The paths fsynced while `fn` runs (the real calls, recorded on the way through). */
/** Paths fsynced while `fn` runs, in order; each also logged as `fsync <path>` to `log` when given. */
async function fsyncedDuring(fn: () => Promise<unknown> | unknown, log?: string[]): Promise<string[]> {
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
    log?.push(`fsync ${synced.at(-1)}`);
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

describe('git write jobs: a pack built on the thread is durable before the ref moves', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-gitjobs-'));
    execFileSync('git', ['init', '-q', '--bare', '--initial-branch=main', root]);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the built pack and its index are fsynced, renamed into place and their folder synced, then the ref', async () => {
    const blob = Buffer.from('# A\n');
    const tree = serializeTree([{ mode: '100644', path: 'a.md', oid: objectId('blob', blob), type: 'blob' }]);
    const commit = serializeCommit({ tree: objectId('tree', tree), parents: [], author: { name: 'Ada', email: 'ada@example.com' }, timestamp: 1_700_000_000, message: 'a\n' });
    const objects = new Map([
      [objectId('blob', blob), { type: 'blob' as const, content: blob }],
      [objectId('tree', tree), { type: 'tree' as const, content: tree }],
      [objectId('commit', commit), { type: 'commit' as const, content: commit }],
    ]);
    const packDir = path.join(root, 'objects', 'pack');
    const events: string[] = [];
    const rename = fs.renameSync;
    fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
      rename(from, to);
      events.push(`rename ${path.resolve(String(to))}`);
    }) as typeof fs.renameSync;
    let reply: Awaited<ReturnType<typeof runLandJob>>;
    let synced: string[];
    try {
      synced = await fsyncedDuring(async () => {
        const build = { dir: packDir, objects: flattenObjects(objects) };
        reply = await runLandJob({ id: 3, kind: 'land', loose: [], pack: null, build, gitdir: root, ref: 'refs/heads/main', expected: null, next: objectId('commit', commit), fsync: true, syncDir: true, lockWaitMs: 100 });
      }, events);
    } finally {
      fs.renameSync = rename;
    }
    assert.ok('ok' in reply! && reply.ok && (reply.packSeconds ?? 0) > 0, JSON.stringify(reply!));
    const packs = fs.readdirSync(packDir);
    assert.deepEqual(packs.map((f) => path.extname(f)).sort(), ['.idx', '.pack']);
    // Two temp files (pack, index) synced before the pack folder, and the folder before the ref's lock file.
    const at = (p: string) => synced.indexOf(path.resolve(p));
    assert.equal(synced.filter((p) => path.basename(p).startsWith('tmp_pack_')).length, 2, synced.join(', '));
    assert.ok(at(packDir) > synced.findLastIndex((p) => path.basename(p).startsWith('tmp_pack_')), synced.join(', '));
    assert.ok(at(packDir) < at(path.join(root, 'refs', 'heads', 'main.lock')), synced.join(', '));
    // In one sequence: both temp files synced, both renamed (pack first), the folder synced, and
    // only then the ref's lock file synced and renamed.
    const order = events
      .map((e) => e.replace(path.resolve(root), '').replace(/pack-[0-9a-f]+/, 'pack-X').replace(/tmp_pack_\w+/, 'tmp_pack'))
      .filter((e) => e.includes('/objects/pack') || e.includes('/refs/heads/main'));
    assert.deepEqual(order, [
      'fsync /objects/pack/tmp_pack',
      'fsync /objects/pack/tmp_pack',
      'rename /objects/pack/pack-X.pack',
      'rename /objects/pack/pack-X.idx',
      'fsync /objects/pack',
      'fsync /refs/heads/main.lock',
      'rename /refs/heads/main',
    ], events.join('\n'));
    execFileSync('git', ['--git-dir', root, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });
    assert.equal(execFileSync('git', ['--git-dir', root, 'show', 'main:a.md'], { encoding: 'utf8' }), '# A\n');
  });
});
