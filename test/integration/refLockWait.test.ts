// The branch ref's lock file held by another writer (git receive-pack, the CLI): a swap run on the
// event loop (before a git write thread is up) waits for it with timers, so the server keeps
// answering meanwhile; a thread waits a bounded time; a lock never let go gives RefLockedError.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { GitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { runGitWriteJob } from '../../src/storage/git/gitWriteJobs.js';
import { RefLockedError } from '../../src/storage/git/refStore.js';
import { tempDir } from '../helpers/server.js';

describe('waiting for a held ref lock', function () {
  this.timeout(30_000);
  const oid = 'a'.repeat(40);
  let gitdir: string;
  let lock: string;

  beforeEach(() => {
    gitdir = tempDir('brainkeep-reflock-');
    fs.mkdirSync(path.join(gitdir, 'refs', 'heads'), { recursive: true });
    lock = path.join(gitdir, 'refs', 'heads', 'main.lock');
    fs.writeFileSync(lock, '');
  });
  afterEach(() => fs.rmSync(gitdir, { recursive: true, force: true }));

  /** Counts timer ticks while `work` runs: a blocked event loop lets none through. */
  async function ticking<T>(work: () => Promise<T>): Promise<{ ticks: number; result: PromiseSettledResult<T>; ms: number }> {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    try {
      const [result] = await Promise.allSettled([work()]);
      return { ticks, result: result!, ms: Date.now() - started };
    } finally {
      clearInterval(timer);
    }
  }

  it('on the event loop, a lock let go after 400 ms is waited for while timers keep firing', async () => {
    const threads = new GitWriteThreads(1); // no thread loaded yet: the swap runs inline
    setTimeout(() => fs.rmSync(lock), 400);
    const { ticks, result, ms } = await ticking(() => threads.swapRef(gitdir, 'refs/heads/main', null, oid, { fsync: false, syncDir: false, lockWaitMs: 5000 }));
    assert.equal(result.status, 'fulfilled');
    assert.ok(ms >= 380, `waited ${ms} ms`);
    assert.ok(ticks >= 15, `timer ticks during the wait: ${ticks}`);
    assert.equal(fs.readFileSync(path.join(gitdir, 'refs/heads/main'), 'utf8'), `${oid}\n`);
    assert.ok(!fs.existsSync(lock));
  });

  it('on the event loop, a lock never let go gives RefLockedError after the wait, timers firing throughout', async () => {
    const threads = new GitWriteThreads(1);
    const { ticks, result, ms } = await ticking(() => threads.swapRef(gitdir, 'refs/heads/main', null, oid, { fsync: false, syncDir: false, lockWaitMs: 400 }));
    assert.equal(result.status, 'rejected');
    assert.ok((result as PromiseRejectedResult).reason instanceof RefLockedError);
    assert.match(String((result as PromiseRejectedResult).reason.message), /ref refs\/heads\/main is locked by another writer/);
    assert.ok(ms >= 380, `gave up after ${ms} ms`);
    assert.ok(ticks >= 15, `timer ticks during the wait: ${ticks}`);
    assert.ok(fs.existsSync(lock), 'the other writer keeps its lock');
    assert.ok(!fs.existsSync(path.join(gitdir, 'refs/heads/main')));
  });

  it('a lock left by a crashed writer (over a minute old) is taken over', async () => {
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(lock, old, old);
    const { result } = await ticking(() => new GitWriteThreads(1).swapRef(gitdir, 'refs/heads/main', null, oid, { fsync: false, syncDir: false, lockWaitMs: 400 }));
    assert.equal(result.status, 'fulfilled');
    assert.equal(fs.readFileSync(path.join(gitdir, 'refs/heads/main'), 'utf8'), `${oid}\n`);
  });

  it('a write thread waits a bounded time for the lock, then answers locked', () => {
    const started = Date.now();
    const reply = runGitWriteJob({ id: 1, kind: 'ref', gitdir, ref: 'refs/heads/main', expected: null, next: oid, fsync: false, syncDir: true, lockWaitMs: 200 });
    const ms = Date.now() - started;
    assert.deepEqual(reply, { id: 1, locked: true });
    assert.ok(ms >= 200 && ms < 3000, `waited ${ms} ms`);
  });
});
