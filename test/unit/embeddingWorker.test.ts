// The background embedding worker starts a little after a write wakes it (src/jobs/embeddingWorker.ts):
// the write's caller is answered first (a whole-vault push waited for the first batch's vocabulary
// learning, seconds of this thread), and wakes meanwhile do not push the start further out.
import assert from 'node:assert/strict';
import pino from 'pino';
import { EmbeddingWorker } from '../../src/jobs/embeddingWorker.js';
import type { EmbeddingService } from '../../src/services/embeddings/embeddingService.js';

/** Resolves once `done()` holds, looking every 5 ms; fails after `limitMs` (a loaded machine delays timers, not the order of events). */
async function until(done: () => boolean, what: string, limitMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limitMs) assert.fail(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('embedding worker wake-up', () => {
  it('a write wakes it after a short settle, once for many wakes; stop does not wait for the settle', async () => {
    const calls: number[] = [];
    let listener: (() => void) | null = null;
    // Only the two methods the worker calls: an empty queue that counts how often it is asked.
    const service = {
      processNext: async () => {
        calls.push(Date.now());
        return 0;
      },
      nextRetryInMs: () => null,
    } as unknown as EmbeddingService;
    const worker = new EmbeddingWorker(service, (l) => ((listener = l), () => (listener = null)), pino({ level: 'silent' }), { pollMs: 60_000 });
    worker.start();
    await until(() => calls.length >= 1, 'one look at the queue on start');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(calls.length, 1, 'one look at the queue on start');
    const woken = Date.now();
    for (let i = 0; i < 5; i++) listener!();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(calls.length, 1, 'not at once after a write');
    await until(() => calls.length >= 2, 'a look after the settle');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(calls.length, 2, 'once after the settle, for five wakes');
    assert.ok(calls[1]! - woken >= 200, `started ${calls[1]! - woken} ms after the wake`);
    listener!();
    const t = Date.now();
    await worker.stop();
    assert.ok(Date.now() - t < 1_000, 'stop ends the settle (250 ms)');
  });

  it('a poll due when a write ends waits for the settle too (it held a whole-vault push for seconds)', async () => {
    const calls: number[] = [];
    let listener: (() => void) | null = null;
    const service = {
      processNext: async () => {
        calls.push(Date.now());
        return 0;
      },
      nextRetryInMs: () => null,
    } as unknown as EmbeddingService;
    const worker = new EmbeddingWorker(service, (l) => ((listener = l), () => (listener = null)), pino({ level: 'silent' }), { pollMs: 40 });
    worker.start();
    // The first batch goes after a quiet turn and loopQuiet's utilization window (30 ms).
    await until(() => calls.length >= 1, 'the first look at the queue');
    const before = calls.length;
    // A long synchronous index transaction: the poll's timer falls due meanwhile, and the write's
    // wake (as searchIndex.notifyQueued sends it) is queued behind it with setImmediate.
    const end = Date.now() + 60;
    while (Date.now() < end) {
      /* the transaction */
    }
    const woken = Date.now();
    setImmediate(() => listener!());
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(calls.length, before, `no batch within the settle (${calls.length - before} started)`);
    await until(() => calls.length > before, 'the queue is read after the settle');
    assert.ok(calls[before]! - woken >= 200, `started ${calls[before]! - woken} ms after the wake`);
    await worker.stop();
  });

  it('waits for a bulk write (an import, a rebuild) to end before a batch; stop ends the wait', async () => {
    const calls: number[] = [];
    const service = {
      processNext: async () => {
        calls.push(Date.now());
        return 0;
      },
      nextRetryInMs: () => null,
    } as unknown as EmbeddingService;
    let endBulk: () => void = () => {};
    let bulk: Promise<void> | null = new Promise<void>((resolve) => (endBulk = resolve));
    const worker = new EmbeddingWorker(service, () => () => {}, pino({ level: 'silent' }), { pollMs: 20, bulkSettled: () => bulk ?? Promise.resolve() });
    worker.start();
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(calls.length, 0, 'no batch while the bulk write runs');
    bulk = null;
    endBulk();
    await new Promise((r) => setTimeout(r, 60));
    assert.ok(calls.length >= 1, 'the queue is read once it ended');
    bulk = new Promise<void>(() => {});
    await new Promise((r) => setTimeout(r, 60));
    const t = Date.now();
    await worker.stop();
    assert.ok(Date.now() - t < 200, 'stop does not wait for the bulk write');
  });

  it('defers a batch while the event loop is busy with other work, and goes after at most busyDeferMs with a small batch', async () => {
    const calls: number[] = [];
    const sizes: Array<number | undefined> = [];
    const service = {
      processNext: async (_brain?: string, opts: { maxBatch?: number } = {}) => {
        calls.push(performance.now());
        sizes.push(opts.maxBatch);
        return 0;
      },
      nextRetryInMs: () => null,
    } as unknown as EmbeddingService;
    // Requests queued on the loop: every turn holds it for 8 ms, one after another.
    let busyUntil = 0;
    const spin = () => {
      if (performance.now() >= busyUntil) return;
      const end = performance.now() + 8;
      while (performance.now() < end) {
        /* a request */
      }
      setImmediate(spin);
    };
    const busy = (ms: number) => {
      busyUntil = performance.now() + ms;
      setImmediate(spin);
    };
    const quiet = new EmbeddingWorker(service, () => () => {}, pino({ level: 'silent' }), { pollMs: 60_000, busyDeferMs: 10_000 });
    const started = performance.now();
    busy(250);
    quiet.start();
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(calls.length, 0, 'no batch while the loop is busy');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls.length, 1, 'the batch goes once the loop is quiet');
    assert.ok(calls[0]! - started >= 240, `started ${calls[0]! - started} ms after the load began`);
    assert.equal(sizes[0], undefined, 'a quiet loop: a full batch');
    await quiet.stop();

    // A load that does not end: the batch waits busyDeferMs, then goes anyway.
    calls.length = 0;
    sizes.length = 0;
    const capped = new EmbeddingWorker(service, () => () => {}, pino({ level: 'silent' }), { pollMs: 60_000, busyDeferMs: 100 });
    const t = performance.now();
    busy(600);
    capped.start();
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(calls.length, 1, 'one batch within the load');
    assert.ok(calls[0]! - t >= 90, `deferred ${calls[0]! - t} ms`);
    assert.ok(sizes[0] !== undefined && sizes[0] < 256, `still busy: a small batch (${sizes[0]} chunks)`);
    const s = performance.now();
    await capped.stop();
    assert.ok(performance.now() - s < 200, 'stop does not wait out the deferral');
    busyUntil = 0;
  });

  it('an idle loop does not delay a batch', async () => {
    const calls: number[] = [];
    const service = {
      processNext: async () => {
        calls.push(performance.now());
        return calls.length < 20 ? 1 : 0;
      },
      nextRetryInMs: () => null,
    } as unknown as EmbeddingService;
    const worker = new EmbeddingWorker(service, () => () => {}, pino({ level: 'silent' }), { pollMs: 60_000, busyDeferMs: 10_000 });
    worker.start();
    // Taken for busy, each batch would wait the 10 s of busyDeferMs: none would have run.
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(calls.length, 20, 'twenty batches back to back');
    await worker.stop();
  });
});
