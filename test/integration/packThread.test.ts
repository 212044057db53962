// A commit of PACK_ON_THREAD_FROM objects or more (an import) has its pack built on the git write
// thread that lands it, not on the event loop; with no thread loaded within the wait, the event
// loop builds it as before. Either way git accepts the pack (verify-pack, fsck) and the branch
// holds the same tree: the two packs are the same bytes (same checksum name).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BrainRepository, type FileChange } from '../../src/storage/git/brainRepository.js';
import { GitWriteThreads, gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { CommitObjectSink, PACK_ON_THREAD_FROM, serializeCommit, serializeTree } from '../../src/storage/git/objectWriter.js';
import { tempDir } from '../helpers/server.js';

const AUTHOR = { name: 'Test', email: 'test@example.com' };
const git = (gitdir: string, ...args: string[]) => execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const OPTS = { fsync: true, syncDir: true, lockWaitMs: 1000 };

/** A commit of `pages` blobs (small ones stored, every tenth large enough to be deflated) in one tree, in `gitdir`'s sink. */
function bigCommit(gitdir: string, pages: number): { sink: CommitObjectSink; commit: string } {
  const sink = new CommitObjectSink(gitdir, true);
  const entries = Array.from({ length: pages }, (_, i) => {
    const body = i % 10 === 0 ? `# Page ${i}\n\n${'A long line of prose. '.repeat(200)}\n` : `# Page ${i}\n\nSee [[Page ${i + 1}]].\n`;
    return { mode: '100644', path: `p${i}.md`, oid: sink.put('blob', Buffer.from(body)), type: 'blob' as const };
  });
  const tree = sink.put('tree', serializeTree(entries));
  const commit = sink.put('commit', serializeCommit({ tree, parents: [], author: AUTHOR, timestamp: 1_700_000_000, message: 'import\n' }));
  return { sink, commit };
}

function packsOf(gitdir: string): string[] {
  return fs.readdirSync(path.join(gitdir, 'objects', 'pack')).filter((f) => f.endsWith('.pack'));
}

describe('a large commit’s pack is built on the git write thread', function () {
  this.timeout(120_000);
  let dir: string;

  beforeEach(() => {
    dir = tempDir('brainkeep-packthread-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function bare(name: string): Promise<string> {
    const repo = new BrainRepository(path.join(dir, name), { fsync: true });
    await repo.init();
    return path.join(dir, name);
  }

  it('on a ready thread: git verify-pack and fsck accept it, and it is the very pack the event loop builds when no thread is ready', async () => {
    const [onThread, inline] = [await bare('thread.git'), await bare('inline.git')];
    const threads = new GitWriteThreads();
    const a = bigCommit(onThread, PACK_ON_THREAD_FROM);
    const objectsA = a.sink.take();
    assert.ok(objectsA.unbuilt && !objectsA.pack, 'the objects go to the thread unbuilt');
    // A wait long enough for a thread started through tsx to load.
    const landedA = await threads.landCommit(onThread, objectsA, 'refs/heads/main', null, a.commit, { ...OPTS, readyWaitMs: 60_000 });
    assert.equal(landedA.packBuiltOn, 'thread');

    const b = bigCommit(inline, PACK_ON_THREAD_FROM);
    assert.equal(b.commit, a.commit);
    const landedB = await new GitWriteThreads().landCommit(inline, b.sink.take(), 'refs/heads/main', null, b.commit, { ...OPTS, readyWaitMs: 0 });
    assert.equal(landedB.packBuiltOn, 'event loop');

    for (const gitdir of [onThread, inline]) {
      assert.equal(git(gitdir, 'rev-parse', 'main').trim(), a.commit);
      const packs = packsOf(gitdir);
      assert.equal(packs.length, 1);
      const listed = git(gitdir, 'verify-pack', '-v', path.join(gitdir, 'objects', 'pack', packs[0]!));
      assert.match(listed, new RegExp(`^${a.commit} commit`, 'm'));
      git(gitdir, 'fsck', '--full', '--strict', '--no-progress', '--no-dangling');
      assert.equal(git(gitdir, 'show', 'main:p7.md'), '# Page 7\n\nSee [[Page 8]].\n');
    }
    assert.deepEqual(packsOf(onThread), packsOf(inline), 'same pack name: the same bytes');
    assert.equal(git(onThread, 'ls-tree', '-r', 'main'), git(inline, 'ls-tree', '-r', 'main'));
  });

  it('a thread still loading is waited for (the wait reported apart), and one below the threshold is built here', async () => {
    const gitdir = await bare('b.git');
    const threads = new GitWriteThreads(); // none started: the commit starts one and waits for it
    const big = bigCommit(gitdir, PACK_ON_THREAD_FROM);
    const landed = await threads.landCommit(gitdir, big.sink.take(), 'refs/heads/main', null, big.commit, { ...OPTS, readyWaitMs: 60_000 });
    assert.equal(landed.packBuiltOn, 'thread');
    assert.ok(landed.waitSeconds > 0 && landed.packSeconds > 0, JSON.stringify(landed));

    const small = new CommitObjectSink(gitdir, true);
    const blobs = Array.from({ length: 20 }, (_, i) => ({ mode: '100644', path: `s${i}.md`, oid: small.put('blob', Buffer.from(`# ${i}\n`)), type: 'blob' as const }));
    const tree = small.put('tree', serializeTree(blobs));
    const commit = small.put('commit', serializeCommit({ tree, parents: [big.commit], author: AUTHOR, timestamp: 1_700_000_001, message: 'small\n' }));
    const objects = small.take();
    assert.ok(objects.pack && !objects.unbuilt, 'a group-sized pack is built by take()');
    const next = await threads.landCommit(gitdir, objects, 'refs/heads/main', big.commit, commit, OPTS);
    assert.equal(next.packBuiltOn, null);
    assert.equal(packsOf(gitdir).length, 2);
    git(gitdir, 'fsck', '--full', '--strict', '--no-progress', '--no-dangling');
  });

  it('through BrainRepository.commit: an import-sized commit lands whole, its pack time under the objects stage', async () => {
    gitWriteThreads().warm();
    const repo = new BrainRepository(path.join(dir, 'r.git'), { fsync: true });
    await repo.init();
    const files: FileChange[] = Array.from({ length: PACK_ON_THREAD_FROM }, (_, i) => ({ path: `notes/${i % 7}/n${i}.md`, content: Buffer.from(`# Note ${i}\n`) }));
    const built = await repo.commit(null, files, { message: 'import', author: AUTHOR });
    assert.equal(repo.head(), built.commit);
    assert.ok(built.timings.build > 0 && built.timings.sync > 0, JSON.stringify(built.timings));
    const gitdir = path.join(dir, 'r.git');
    assert.equal(git(gitdir, 'ls-tree', '-r', '--name-only', 'main').trim().split('\n').length, PACK_ON_THREAD_FROM);
    assert.equal(git(gitdir, 'show', 'main:notes/3/n3.md'), '# Note 3\n');
    git(gitdir, 'verify-pack', path.join(gitdir, 'objects', 'pack', packsOf(gitdir)[0]!));
    git(gitdir, 'fsck', '--full', '--strict', '--no-progress', '--no-dangling');
  });
});
