// The jobs of a small thread pool (ThreadJobs in src/workerThread.ts, used by the content writer
// and the git write threads): a reply settles its own job; a thread that stops or fails is
// dropped and only its own jobs fail (nothing was acknowledged for them); the pools start a
// replacement for their next job.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContentWriter } from '../../src/storage/contentWriter.js';
import { gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { ThreadJobs, type PoolThread } from '../../src/workerThread.js';

type Job = { say: string } | { exit: true } | { fail: true } | { hold: true };
type Reply = { id: number; said?: string };

/** A thread that echoes, holds (never answers), exits, or throws, as each job says. */
function echoThread(): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (j) => {
       if (j.exit) process.exit(3);
       if (j.fail) throw new Error('thread failed');
       if (j.say) parentPort.postMessage({ id: j.id, said: j.say });
     });`,
    { eval: true },
  );
}

describe('thread jobs: replies, and a thread that dies', () => {
  let pool: ThreadJobs<PoolThread, Job, Reply>;
  beforeEach(() => (pool = new ThreadJobs()));
  afterEach(async () => {
    const workers = pool.threads.splice(0).map((t) => t.worker);
    pool.failAll(new Error('test over'));
    await Promise.all(workers.map((w) => w.terminate()));
  });

  it('a reply settles its own job; the thread is idle again after', async () => {
    const t = pool.add({ worker: echoThread(), busy: 0 }, 'stopped');
    const [a, b] = await Promise.all([pool.post(t, { say: 'a' }), pool.post(t, { say: 'b' })]);
    assert.equal(a.said, 'a');
    assert.equal(b.said, 'b');
    assert.notEqual(a.id, b.id);
    assert.equal(t.busy, 0);
  });

  it('a thread that exits is dropped and its jobs fail; another thread’s jobs do not', async () => {
    const dying = pool.add({ worker: echoThread(), busy: 0 }, 'the echo thread stopped');
    const other = pool.add({ worker: echoThread(), busy: 0 }, 'the other stopped');
    const held = pool.post(dying, { hold: true });
    const exit = pool.post(dying, { exit: true });
    await assert.rejects(held, /the echo thread stopped/);
    await assert.rejects(exit, /the echo thread stopped/);
    assert.deepEqual(pool.threads, [other]);
    assert.equal((await pool.post(other, { say: 'still here' })).said, 'still here');
  });

  it('a thread that throws is dropped and its jobs fail with its error', async () => {
    const t = pool.add({ worker: echoThread(), busy: 0 }, 'stopped');
    await assert.rejects(pool.post(t, { fail: true }), /thread failed/);
    assert.deepEqual(pool.threads, []);
  });

  it('failAll fails every job in hand', async () => {
    const t = pool.add({ worker: echoThread(), busy: 0 }, 'stopped');
    const held = pool.post(t, { hold: true });
    pool.failAll(new Error('shutting down'));
    await assert.rejects(held, /shutting down/);
  });
});

describe('thread pools replace a dead thread', () => {
  it('the content writer writes the next file on a new thread after its thread died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-thread-jobs-'));
    const writer = new ContentWriter(1);
    const pool = (writer as unknown as { pool: ThreadJobs<PoolThread, object, { id: number }> }).pool;
    try {
      const tmp = (n: string) => path.join(dir, n);
      assert.equal(await writer.write(Buffer.from('one'), tmp('t1'), path.join(dir, 'a', 'one'), dir, true), true);
      const first = pool.threads[0]!.worker;
      await first.terminate();
      assert.equal(pool.threads.length, 0);
      assert.equal(await writer.write(Buffer.from('two'), tmp('t2'), path.join(dir, 'a', 'two'), dir, true), true);
      assert.equal(pool.threads.length, 1);
      assert.notEqual(pool.threads[0]!.worker, first);
      assert.equal(fs.readFileSync(path.join(dir, 'a', 'two'), 'utf8'), 'two');
    } finally {
      await writer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the git write threads drop a dead thread and keep answering jobs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-thread-jobs-git-'));
    const threads = gitWriteThreads();
    const pool = (threads as unknown as { pool: ThreadJobs<PoolThread & { ready: boolean }, object, { id: number }> }).pool;
    try {
      threads.warm();
      const deadline = Date.now() + 30_000;
      while (!pool.threads.some((t) => t.ready) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const dead = pool.threads.find((t) => t.ready)!;
      await dead.worker.terminate();
      assert.ok(!pool.threads.includes(dead));
      await threads.sync([{ path: dir, data: false }]);
      assert.ok(pool.threads.length >= 1, 'a replacement started');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
