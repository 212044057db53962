// Background jobs wait for a quiet event loop, for a bounded time (src/jobs/loopQuiet.ts): an
// embedding batch or a filing pass started while requests are queued holds every one of them.
import assert from 'node:assert/strict';
import { loopQuiet } from '../../src/jobs/loopQuiet.js';
import { FilingScheduler } from '../../src/jobs/filingScheduler.js';
import type { FilingService } from '../../src/services/filingService.js';

/** Requests queued on the loop: every turn holds it for `turnMs` (8 ms), one after another, for `ms`. */
function busyFor(ms: number, turnMs = 8): () => void {
  const until = performance.now() + ms;
  let stopped = false;
  const spin = () => {
    if (stopped || performance.now() >= until) return;
    const end = performance.now() + turnMs;
    while (performance.now() < end) {
      /* a request */
    }
    setImmediate(spin);
  };
  setImmediate(spin);
  return () => (stopped = true);
}

describe('waiting for a quiet event loop', () => {
  it('waits while turns are long, returns once they are short, and never past its limit', async () => {
    let t = performance.now();
    busyFor(200);
    await loopQuiet(10_000);
    assert.ok(performance.now() - t >= 190, `returned ${performance.now() - t} ms into a 200 ms load`);

    t = performance.now();
    const stop = busyFor(5_000);
    await loopQuiet(150);
    const waited = performance.now() - t;
    stop();
    assert.ok(waited >= 140 && waited < 2_000, `waited ${waited} ms with a limit of 150`);
  });

  it('a short turn on a loop that stays busy is not quiet (its utilization is watched)', async () => {
    // Turns of 2 ms, back to back: each turn is short, yet the loop never rests.
    const t = performance.now();
    const stop = busyFor(300, 2);
    const quiet = await loopQuiet(10_000);
    stop();
    assert.equal(quiet, true);
    assert.ok(performance.now() - t >= 290, `returned ${performance.now() - t} ms into a 300 ms load of short turns`);
    // An idle loop is quiet at once (one turn and the window).
    const idle = performance.now();
    assert.equal(await loopQuiet(10_000), true);
    assert.ok(performance.now() - idle < 1_000);
  });

  it('a limit of 0 turns the wait off', async () => {
    const stop = busyFor(1_000);
    const quiet = await loopQuiet(0);
    stop();
    assert.equal(quiet, true, 'no wait, and taken for quiet (a full batch)');
  });

  it('an abort ends the wait', async () => {
    const stop = busyFor(5_000);
    const abort = new AbortController();
    const t = performance.now();
    setTimeout(() => abort.abort(), 50);
    await loopQuiet(10_000, abort.signal);
    stop();
    assert.ok(performance.now() - t < 2_000, 'ended by the abort, not the limit');
  });

  it('a kicked filing pass waits for the busy loop; stop() ends the wait without running it', async () => {
    const passes: number[] = [];
    // Only what the scheduler calls: a pass that records when it ran.
    const filing = {
      runPass: async () => {
        passes.push(performance.now());
        return { processed: 0 };
      },
      drain: async () => {},
    } as unknown as FilingService;
    let kick: ((brainId: string, itemId: string) => void) | null = null;
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const scheduler = new FilingScheduler(filing, { onItemQueued: (l) => (kick = l) }, '0 0 1 1 *', silent, 10, 10_000);
    scheduler.start();
    const t = performance.now();
    busyFor(250);
    kick!('b1', 'i1');
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(passes.length, 0, 'no pass while the loop is busy');
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(passes.length, 1, 'the pass runs once the loop is quiet');
    assert.ok(passes[0]! - t >= 240, `ran ${passes[0]! - t} ms into a 250 ms load`);

    const stop = busyFor(5_000);
    kick!('b1', 'i2');
    await new Promise((r) => setTimeout(r, 100));
    await scheduler.stop();
    stop();
    assert.equal(passes.length, 1, 'stopped while waiting: the pass did not run');
  });
});
