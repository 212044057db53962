// Background work yields to requests. A job's step (an embedding batch, a filing pass) holds the
// event loop for tens of ms at a time, and every request that arrives meanwhile waits behind it:
// under the 64-client load of bench/load.bench.ts such steps were the longest holders of the loop.
// So a job first waits for a quiet loop, for a bounded time: a steady load slows the job down
// instead of stopping it.
// One short turn is not a quiet loop: under that load (the loop 97% busy) a turn now and then
// found few requests ready, and the embedding worker took it for quiet and ran a full batch
// (256 chunks: stretches of up to 170 ms, 1.75 s of the minute in stretches over 10 ms). So a short
// turn is confirmed by the loop's utilization over the next QUIET_WINDOW_MS.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/**
 * A turn of the event loop longer than this means requests are queued on it: a setImmediate
 * scheduled on an idle loop runs within a fraction of a millisecond, one scheduled behind a poll
 * phase full of requests runs after all of them (tens of ms under the 64-client load).
 */
const BUSY_TURN_MS = 4;
/** How long a deferred step sleeps before it looks again. */
const RECHECK_MS = 25;
/** After a short turn, how long the loop's utilization is watched before it is called quiet. */
const QUIET_WINDOW_MS = 30;
/** The share of QUIET_WINDOW_MS the loop may be busy and still be quiet. */
const QUIET_UTILIZATION = 0.5;

/**
 * Resolves true once a turn of the event loop is short and the loop then stays mostly idle for
 * QUIET_WINDOW_MS; false after `limitMs` of busy loop or when `signal` aborts. An idle loop costs
 * one turn and the window; a limit of 0 turns the wait off (true at once).
 */
export async function loopQuiet(limitMs: number, signal?: AbortSignal): Promise<boolean> {
  if (limitMs <= 0) return true;
  const start = performance.now();
  try {
    while (!signal?.aborted && performance.now() - start < limitMs) {
      const turn = performance.now();
      await nextTurn(undefined, { signal });
      if (performance.now() - turn <= BUSY_TURN_MS) {
        const from = performance.eventLoopUtilization();
        await sleep(QUIET_WINDOW_MS, undefined, { signal });
        if (performance.eventLoopUtilization(from).utilization <= QUIET_UTILIZATION) return true;
        continue;
      }
      const left = limitMs - (performance.now() - start);
      if (left > 0) await sleep(Math.min(RECHECK_MS, left), undefined, { signal, ref: false });
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  }
  return false;
}
