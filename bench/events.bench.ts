// Outbound events (issue 25):
//   - webhook delivery lag, from the write's acknowledgement to the receiver, at 100 writes/s with
//     10 subscriptions (receivers in another process; fsync on);
//   - 1,000 idle SSE streams: server memory per stream, and page-write p50 with them open beside
//     the same writes with none open (measured before and after, in the same run); and the same
//     with 1,000 streams that receive every write's event (no target: it shows the fan-out cost).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { ChildHttpClient } from './httpClient.js';
import { EventPeer } from './eventPeer.js';
import { figure, percentile, round, startBenchService, type Figure, type Suite } from './lib.js';

const MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-bench-models');
const now = () => performance.timeOrigin + performance.now();

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function settledHeap(): { heap: number; rss: number } {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

export const suite: Suite = {
  name: 'events',
  description: 'webhook delivery lag at 100 writes/s × 10 subscriptions; 1,000 idle SSE streams: memory and write p50',
  async run({ quick, log }) {
    const figures: Figure[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-events-'));
    // BRAINKEEP_EVENTS_BENCH_FSYNC=off: measure the lag where the disk cannot take 100 fsynced writes/s.
    const fsync = process.env.BRAINKEEP_EVENTS_BENCH_FSYNC === 'off' ? 'off' : 'on';
    const service = await startBenchService(dataDir, { BRAINKEEP_WEBHOOK_ALLOW_PRIVATE: '1', BRAINKEEP_MODELS_DIR: MODELS_DIR, BRAINKEEP_FSYNC: fsync });
    const c = service.container;
    const peer = new EventPeer();
    const client = new ChildHttpClient();
    try {
      // ---- delivery lag
      const SUBS = 10;
      const RATE = 100;
      const seconds = quick ? 5 : 20;
      // The same paced writes with no subscription first: what the disk and machine allow.
      const paced = async (count: number, tag: string, onAck: (event: string) => void = () => {}) => {
        const writes: Array<Promise<void>> = [];
        const t0 = now();
        for (let i = 0; i < count; i++) {
          const wait = t0 + (i * 1000) / RATE - now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          writes.push(c.pages.put(SYSTEM_ACTOR, 'main', { path: `${tag}/p${i % 200}.md`, markdown: `# Page ${i}\n\nrevision ${i}\n` }).then((r) => onAck(`${r.page.commit} ${r.page.path}`)));
        }
        await Promise.all(writes);
        return count / ((now() - t0) / 1000);
      };
      const bareRate = await paced(RATE * Math.min(seconds, 10), 'bare');
      const urls = await peer.receivers(SUBS);
      for (const url of urls) await c.webhooks.create(SYSTEM_ACTOR, 'main', { url, events: ['page.put'] });
      // The write's event (its commit and path: writes that queue share a group commit) -> when it was acknowledged.
      const acks = new Map<string, number>();
      const total = RATE * seconds;
      const cpu0 = process.cpuUsage();
      const elu0 = performance.eventLoopUtilization();
      const achieved = await paced(total, 'lag', (event) => acks.set(event, now()));
      const expected = acks.size * SUBS;
      const deadline = Date.now() + 60_000;
      let arrivals = await peer.arrivals();
      while (arrivals.length < expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        arrivals = await peer.arrivals();
      }
      // The server's own CPU and event-loop use from the first paced write until the last delivery
      // came in: tells a server that is busy from one starved by other processes on the machine.
      const cpu = process.cpuUsage(cpu0);
      const elu = performance.eventLoopUtilization(elu0);
      log(`server during delivery: ${round((cpu.user + cpu.system) / 1000)} ms CPU in ${round(elu.idle + elu.active)} ms, event loop ${round(elu.utilization * 100, 1)}% busy`);
      const lags = arrivals.filter(([, id]) => acks.has(id)).map(([, id, at]) => at - acks.get(id)!);
      log(`${total} writes at ${round(achieved, 1)}/s (fsync ${fsync}; ${round(bareRate, 1)}/s with no subscription), ${arrivals.length}/${expected} deliveries`);
      const base = { suite: 'events', unit: 'ms', better: 'lower' as const, baselineName: null, baseline: null };
      figures.push(figure({ suite: 'events', name: `writes/s achieved while delivering (fsync ${fsync})`, value: round(achieved, 1), unit: 'writes/s', better: 'higher', baselineName: 'same paced writes, no subscription', baseline: round(bareRate, 1), target: `${RATE}`, met: achieved >= RATE * 0.95 }));
      figures.push(figure({ ...base, name: `delivery lag p50 (${RATE} writes/s, ${SUBS} subscriptions)`, value: round(percentile(lags, 50)), target: '≤ 50 ms', met: percentile(lags, 50) <= 50 }));
      figures.push(figure({ ...base, name: `delivery lag p99 (${RATE} writes/s, ${SUBS} subscriptions)`, value: round(percentile(lags, 99)), target: '≤ 500 ms', met: percentile(lags, 99) <= 500 }));
      figures.push(figure({ suite: 'events', name: 'deliveries missing after 60 s', value: expected - lags.length, unit: 'deliveries', better: 'lower', baselineName: null, baseline: null, target: '0', met: expected === lags.length }));
      for (const h of c.webhooks.list(SYSTEM_ACTOR, 'main').webhooks) c.webhooks.delete(SYSTEM_ACTOR, 'main', h.id);

      // ---- 1,000 idle SSE streams
      const STREAMS = quick ? 200 : 1000;
      const WRITES = quick ? 60 : 200;
      const brain = c.access.findBrain('main')!;
      const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
      const pagesUrl = `${service.http.url}/api/v1/brains/${brain.id}/pages`;
      let round_ = 0;
      const writeP50 = async () => {
        round_++;
        const timed = await client.run(
          Array.from({ length: WRITES }, (_, i) => ({
            method: 'PUT',
            url: pagesUrl,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ path: `sse/r${round_}-p${i}.md`, markdown: `# Page ${i}\n\n${'words '.repeat(50)}\n` }),
          })),
        );
        if (timed.some((t) => t.status !== 201)) throw new Error(`a write failed: ${timed.find((t) => t.status !== 201)!.status}`);
        return percentile(timed.map((t) => t.ms), 50);
      };
      await writeP50(); // warm up
      // Idle streams: open on a brain nobody writes to, so they carry only heartbeats (what a
      // thousand dashboards waiting for changes cost the writes of other brains). Listening streams:
      // open on the brain being written, each receiving every write's event.
      const quiet = await c.brains.create(SYSTEM_ACTOR, { slug: 'quiet', name: 'Quiet' });
      const quietToken = c.identity.createCredential({ brainId: quiet.id, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
      // Rounds alternate without and with the idle streams (A B A B A) so drift in the machine's
      // load lands on both sides; each side's figure is the median of its rounds.
      const without: number[] = [await writeP50()];
      const withIdle: number[] = [];
      let mem0 = { heap: 0, rss: 0 };
      let mem1 = { heap: 0, rss: 0 };
      let open = 0;
      for (let r = 0; r < 2; r++) {
        const m0 = settledHeap();
        await peer.streams(`${service.http.url}/api/v1/brains/${quiet.id}/events`, quietToken, STREAMS);
        await new Promise((res) => setTimeout(res, 500));
        if (r === 0) {
          mem0 = m0;
          mem1 = settledHeap();
          open = c.eventStreams.open;
        }
        withIdle.push(await writeP50());
        await peer.closeStreams();
        await new Promise((res) => setTimeout(res, 500));
        without.push(await writeP50());
      }
      const baseline = percentile(without, 50);
      const idle = percentile(withIdle, 50);
      const after = without[without.length - 1]!;
      await peer.streams(`${service.http.url}/api/v1/brains/${brain.id}/events`, token, STREAMS);
      await new Promise((r) => setTimeout(r, 500));
      const listening = await writeP50();
      await peer.closeStreams();
      await new Promise((r) => setTimeout(r, 500));
      const after2 = await writeP50();
      const baseline2 = (after + after2) / 2;
      log(`${open} idle streams; write p50 rounds without ${without.map((x) => round(x)).join(', ')} / with idle ${withIdle.map((x) => round(x)).join(', ')}; listening ${round(listening)} → ${round(after2)} ms; heap +${round((mem1.heap - mem0.heap) / 1024 / 1024)} MB, rss +${round((mem1.rss - mem0.rss) / 1024 / 1024)} MB`);
      figures.push(figure({ suite: 'events', name: `open SSE streams held`, value: open, unit: 'streams', better: 'higher', baselineName: null, baseline: null, target: `≥ ${STREAMS}`, met: open >= STREAMS }));
      figures.push(figure({ suite: 'events', name: 'server heap per SSE stream', value: round((mem1.heap - mem0.heap) / STREAMS / 1024, 1), unit: 'KB', better: 'lower', baselineName: null, baseline: null, target: null }));
      figures.push(figure({ suite: 'events', name: 'server RSS per SSE stream', value: round((mem1.rss - mem0.rss) / STREAMS / 1024, 1), unit: 'KB', better: 'lower', baselineName: null, baseline: null, target: null }));
      figures.push(
        figure({
          suite: 'events',
          name: `page write p50 with ${STREAMS} idle SSE streams (median of 2 rounds)`,
          value: round(idle),
          unit: 'ms',
          better: 'lower',
          baselineName: 'same writes, no streams (median of 3 rounds alternating with 2 idle rounds)',
          baseline: round(baseline),
          target: '≤ 1.1× baseline',
          met: idle <= 1.1 * baseline,
        }),
      );
      figures.push(
        figure({
          suite: 'events',
          name: `page write p50 with ${STREAMS} SSE streams receiving every write`,
          value: round(listening),
          unit: 'ms',
          better: 'lower',
          baselineName: 'same writes, no streams (mean of before and after)',
          baseline: round(baseline2),
          target: null,
        }),
      );
    } finally {
      await client.close();
      peer.close();
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
