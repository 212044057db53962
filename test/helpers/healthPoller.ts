// Polls /healthz from a thread of its own while a test runs something hostile. The test server runs
// in the test's own process, so a poller on the main thread would just be late when the event loop
// is blocked; on its own thread it sees the server stall as a slow (or reset) /healthz answer.
import { Worker } from 'node:worker_threads';

const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let stop = false;
let worst = 0;
let polls = 0;
let failures = 0;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t = performance.now();
    try {
      const r = await fetch(workerData.url + '/healthz', { signal: AbortSignal.timeout(60000) });
      await r.arrayBuffer();
      if (r.status !== 200) failures++;
    } catch {
      failures++;
    }
    worst = Math.max(worst, performance.now() - t);
    polls++;
    if (polls === 1) parentPort.postMessage('ready');
    await new Promise((r) => setTimeout(r, 25));
  }
  parentPort.postMessage({ worst, polls, failures });
})();
`;

export interface HealthReport {
  /** The slowest /healthz answer, ms (a failed poll counts with the time it took to fail). */
  worst: number;
  polls: number;
  failures: number;
}

export interface HealthPoller {
  stop(): Promise<HealthReport>;
}

/** Start polling; resolves once the first answer is in, so the window covers what follows. */
export async function pollHealth(url: string): Promise<HealthPoller> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url } });
  const messages: unknown[] = [];
  let wake: (() => void) | null = null;
  worker.on('message', (m) => {
    messages.push(m);
    wake?.();
  });
  const next = async (): Promise<unknown> => {
    while (!messages.length) await new Promise<void>((r) => (wake = r));
    return messages.shift();
  };
  await next();
  return {
    async stop() {
      worker.postMessage('stop');
      const report = (await next()) as HealthReport;
      await worker.terminate();
      return report;
    },
  };
}

/** Generous: catches a hang (the old parser held the loop for a minute), not a slow machine. */
export const STALL_BOUND_MS = 5000;
