// Suite `hostile`: how long one hostile request stalls the server for everyone else. A real server
// runs in this process; while it takes a DOCX decompression bomb (a ~370 KB upload that inflates
// to 110 MB of XML) and an 80 KB page of unclosed brackets (saved with PUT, then shown in the web
// editor's preview), the suite records the worst event-loop delay (perf_hooks) and the latency of
// /healthz polled every 20 ms, next to the same figures for an idle server in the same run.
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { startService } from '../src/main.js';
import { tempDir } from '../test/helpers/server.js';
import { docxBomb } from '../test/helpers/zipBomb.js';
import { figure, percentile, round, type Figure, type Suite } from './lib.js';

interface Stall {
  /** Worst event-loop delay seen, ms. */
  loopMaxMs: number;
  /** /healthz latencies, ms. */
  health: number[];
  /** The request's own time, ms. */
  requestMs: number;
  /** Peak resident set during the request, MB. */
  peakRssMb: number;
  outcome: string;
}

// The poller runs on a thread of its own, so a blocked main loop shows as a slow /healthz answer
// instead of a late poll.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let stop = false;
const health = [];
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t = performance.now();
    try {
      await fetch(workerData.url + '/healthz').then((r) => r.arrayBuffer());
    } catch {
      // a connection the server reset (a request held past its headers timeout while the loop was
      // blocked) counts with the time it took to fail
    }
    health.push(performance.now() - t);
    if (health.length === 1) parentPort.postMessage('ready');
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(health);
})();
`;

/** Run `work` while watching the event loop and polling /healthz; the figures of that window. */
async function watch(url: string, work: () => Promise<string>): Promise<Stall> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const poller = new Worker(POLLER, { eval: true, workerData: { url } });
  const ready = new Promise((resolve) => poller.once('message', resolve));
  const health = ready.then(() => new Promise<number[]>((resolve) => poller.once('message', (m: number[]) => resolve(m))));
  let peakRss = process.memoryUsage().rss;
  const rss = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  await ready;
  h.enable();
  const t = performance.now();
  const outcome = await work();
  const requestMs = performance.now() - t;
  // A little longer: work a request left running must not be mistaken for idle.
  await new Promise((r) => setTimeout(r, 200));
  h.disable();
  clearInterval(rss);
  poller.postMessage('stop');
  const polled = await health;
  await poller.terminate();
  return { loopMaxMs: h.max / 1e6, health: polled, requestMs, peakRssMb: peakRss / 1e6, outcome };
}

export const suite: Suite = {
  name: 'hostile',
  description: 'event-loop stall under a DOCX bomb and an 80 KB bracket page, beside an idle server',
  async run({ quick, log }) {
    const dataDir = tempDir('brainkeep-bench-hostile-');
    const printed: string[] = [];
    const service = await startService(loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off' }), {
      quiet: true,
      print: (l) => printed.push(l),
    });
    const url = service.http.url;
    const c = service.container;
    const brain = c.access.findBrain('main')!;
    const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
    const password = /Password\s+(\S+)/.exec(printed.join('\n'))![1]!;
    const signedIn = await c.sessions.signIn('owner@brainkeep.local', password, '127.0.0.1');
    const cookie = `bk_session=${signedIn.token}`;
    const csrf = signedIn.session.csrfToken;
    const auth = { authorization: `Bearer ${token}` };
    const figures: Figure[] = [];
    try {
      const idle = await watch(url, () => new Promise((r) => setTimeout(() => r('idle'), quick ? 500 : 2000)));
      log(`idle: loop max ${round(idle.loopMaxMs)} ms, /healthz p99 ${round(percentile(idle.health, 99))} ms`);

      const inflated = quick ? 30e6 : 110e6;
      const bomb = docxBomb(inflated);
      const bombRun = await watch(url, async () => {
        const r = await fetch(`${url}/api/v1/brains/main/inbox`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ filename: 'bomb.docx', contentBase64: bomb.toString('base64') }),
        });
        const body = (await r.json()) as { item?: { status: number; reason: string | null; textStatus: string } };
        return `${r.status} status=${body.item?.status} textStatus=${body.item?.textStatus} reason=${body.item?.reason ?? ''}`;
      });
      log(`bomb (${round(bomb.length / 1e3)} KB → ${inflated / 1e6} MB): ${bombRun.outcome}; request ${round(bombRun.requestMs)} ms, loop max ${round(bombRun.loopMaxMs)} ms, /healthz max ${round(Math.max(...bombRun.health))} ms p99 ${round(percentile(bombRun.health, 99))} ms, peak RSS ${round(bombRun.peakRssMb)} MB`);

      const brackets = '['.repeat(quick ? 20_000 : 80_000);
      const putRun = await watch(url, async () => {
        const r = await fetch(`${url}/api/v1/brains/main/pages`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ path: 'hostile/brackets.md', markdown: brackets }),
        });
        await r.arrayBuffer();
        return String(r.status);
      });
      log(`bracket page PUT (${brackets.length / 1e3} KB): ${putRun.outcome}; request ${round(putRun.requestMs)} ms, loop max ${round(putRun.loopMaxMs)} ms, /healthz max ${round(Math.max(...putRun.health))} ms, peak RSS ${round(putRun.peakRssMb)} MB`);
      const previewRun = await watch(url, async () => {
        const r = await fetch(`${url}/app/b/main/pages/edit`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: csrf, intent: 'preview', path: 'hostile/preview.md', markdown: brackets, expectedVersion: '0' }).toString(),
        });
        await r.arrayBuffer();
        return String(r.status);
      });
      log(`bracket page preview: ${previewRun.outcome}; request ${round(previewRun.requestMs)} ms, loop max ${round(previewRun.loopMaxMs)} ms, /healthz max ${round(Math.max(...previewRun.health))} ms, peak RSS ${round(previewRun.peakRssMb)} MB`);

      const base = { suite: 'hostile', unit: 'ms', better: 'lower' as const, baselineName: 'idle server loop max', baseline: round(idle.loopMaxMs) };
      figures.push(
        figure({ ...base, name: 'event-loop max under DOCX bomb', value: round(bombRun.loopMaxMs), target: '≤ 100 ms', met: bombRun.loopMaxMs <= 100 }),
        figure({ ...base, name: '/healthz max under DOCX bomb', value: round(Math.max(...bombRun.health)), target: '≤ 100 ms', met: Math.max(...bombRun.health) <= 100 }),
        figure({ ...base, name: 'event-loop max, bracket page PUT', value: round(putRun.loopMaxMs), target: '≤ 100 ms', met: putRun.loopMaxMs <= 100 }),
        figure({ ...base, name: '/healthz max, bracket page PUT', value: round(Math.max(...putRun.health)), target: '≤ 100 ms', met: Math.max(...putRun.health) <= 100 }),
        figure({ ...base, name: 'event-loop max, bracket page preview', value: round(previewRun.loopMaxMs), target: '≤ 100 ms', met: previewRun.loopMaxMs <= 100 }),
        figure({ ...base, name: '/healthz max, bracket page preview', value: round(Math.max(...previewRun.health)), target: '≤ 100 ms', met: Math.max(...previewRun.health) <= 100 }),
        figure({ suite: 'hostile', name: 'peak RSS under DOCX bomb', value: round(bombRun.peakRssMb), unit: 'MB', better: 'lower', baselineName: null, baseline: null, target: null }),
      );
    } finally {
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
