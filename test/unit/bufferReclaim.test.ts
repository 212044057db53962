// Forced young-generation collections for streamed bytes (bufferReclaim.ts): one per RECLAIM_BYTES
// counted across every stream together, and never more than one per RECLAIM_MIN_INTERVAL_MS
// however many streams ask; gc() is exposed at start-up.
import assert from 'node:assert/strict';
import { BufferReclaimer, prepareBufferReclaim, ReclaimSchedule, RECLAIM_BYTES, RECLAIM_MIN_INTERVAL_MS } from '../../src/storage/bufferReclaim.js';

describe('buffer reclaim: forced collections', () => {
  const CHUNK = 64 * 1024;

  function harness() {
    let clock = 0;
    const calls: Array<{ type?: string }> = [];
    const schedule = new ReclaimSchedule(() => (opts) => void calls.push(opts ?? {}), RECLAIM_BYTES, RECLAIM_MIN_INTERVAL_MS, () => clock);
    return { schedule, calls, advance: (ms: number) => (clock += ms) };
  }

  it('ten streams at once force one collection per RECLAIM_BYTES of all their bytes, not one each', () => {
    const { schedule, calls, advance } = harness();
    const streams = Array.from({ length: 10 }, () => new BufferReclaimer(schedule));
    // Each stream passes exactly RECLAIM_BYTES, interleaved, with time enough between chunks.
    for (let i = 0; i < RECLAIM_BYTES / CHUNK; i++) {
      for (const s of streams) s.passed(CHUNK);
      advance(RECLAIM_MIN_INTERVAL_MS);
    }
    assert.equal(calls.length, 10, 'as many as one stream of the same total bytes would force');
    assert.ok(calls.every((c) => c.type === 'minor'), 'young-generation collections only');
  });

  it('at most one forced collection per interval, however fast the bytes come', () => {
    const { schedule, calls, advance } = harness();
    const streams = Array.from({ length: 8 }, () => new BufferReclaimer(schedule));
    // 64 MB through eight streams inside a single interval: one collection, not 32 (nor 8×4).
    for (let i = 0; i < (8 * 1024 * 1024) / CHUNK; i++) for (const s of streams) s.passed(CHUNK);
    assert.equal(calls.length, 1);
    advance(RECLAIM_MIN_INTERVAL_MS - 1);
    streams[0]!.passed(CHUNK);
    assert.equal(calls.length, 1, 'still inside the interval');
    advance(1);
    streams[0]!.passed(CHUNK);
    assert.equal(calls.length, 2, 'the bytes held back are collected as soon as the interval is over');
    streams[1]!.passed(CHUNK);
    assert.equal(calls.length, 2, 'the counter started again from the collection');
    assert.equal(schedule.forced, 2);
  });

  it('over many intervals the rate stays at one per interval', () => {
    const { schedule, calls, advance } = harness();
    const s = new BufferReclaimer(schedule);
    for (let ms = 0; ms < 1000; ms++) {
      for (let k = 0; k < 64; k++) s.passed(CHUNK); // 4 MB a millisecond
      advance(1);
    }
    assert.ok(calls.length <= 1000 / RECLAIM_MIN_INTERVAL_MS + 1, `${calls.length} collections in one simulated second`);
    assert.ok(calls.length >= 1000 / RECLAIM_MIN_INTERVAL_MS - 1);
  });

  it('gc() is exposed by the start-up call, before any stream asks', () => {
    assert.equal(prepareBufferReclaim(), true);
  });
});
