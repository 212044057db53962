// Load: a mixed workload against a real server process on loopback. 64 clients for 60 s (10 s
// with --quick): 70% reads and searches, 20% page writes, 10% webhook deliveries (each share
// falls back to the nearest route that exists). Reports throughput, p50/p99 and errors, then
// checks that every acknowledged write and delivery is there. Baseline: /healthz throughput
// and latency with the same clients in the same run. Sent with http.request on a keep-alive agent
// (BRAINKEEP_LOAD_CLIENT=fetch: global fetch, the client before); the figures' baselines name it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { runCli, spawnServer } from '../test/helpers/cli.js';
import { tempDir } from '../test/helpers/server.js';
import { RATE_LIMITS_LIFTED, figure, percentile, round, type Suite } from './lib.js';
import { GIT_ID, gitCommitOne } from './pages.bench.js';
import { bucketQuantile, histogram } from './promHistogram.js';
import { cpuBetween, processCpu, type ProcessCpu } from './processCpu.js';

const CLIENTS = 64;

interface Tally {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}

function tally(): Tally {
  return { latencies: [], errors: 0, statuses: new Map() };
}

// The generator shares the machine's cores with the server, so its own CPU per request is part of
// every latency it measures. Global fetch cost ~2x the client CPU of http.request on a keep-alive
// agent (800-1,150 against 410-660 µs per /healthz or page GET, 16 clients, load 13), more than the
// server's event loop spends on the request. Real clients do not share the server's cores, so the
// bench sends with the agent; BRAINKEEP_LOAD_CLIENT=fetch sends as before, to compare harnesses.
const CLIENT = process.env.BRAINKEEP_LOAD_CLIENT === 'fetch' ? 'fetch' : 'agent';
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

type Answer = { status: number; type: string; text: string };

function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  if (CLIENT === 'fetch') {
    return fetch(base + path, { method, headers, body }).then(async (res) => ({ status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function call(base: string, t: Tally, method: string, path: string, init: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: any } | null> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] = 'application/json';
  }
  const start = performance.now();
  try {
    const res = await send(base, method, path, headers, body);
    t.latencies.push(performance.now() - start);
    t.statuses.set(res.status, (t.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 400) t.errors++;
    return { status: res.status, body: res.text && res.type.includes('json') ? JSON.parse(res.text) : null };
  } catch {
    t.latencies.push(performance.now() - start);
    t.errors++;
    return null;
  }
}

/** One line per stage: p50 and p99 in ms of what the server observed between the two scrapes. */
function stageBreakdown(before: string, after: string, name: string, label: string | null, scale = 1000, unit = 'ms', where?: (labels: Record<string, string>) => boolean): string[] {
  const a = histogram(before, name, label, where);
  const b = histogram(after, name, label, where);
  const lines: string[] = [];
  for (const [key, buckets] of b) {
    const p50 = bucketQuantile(a.get(key), buckets, 0.5);
    if (!p50.count) continue;
    const p99 = bucketQuantile(a.get(key), buckets, 0.99);
    lines.push(`${(key || name).padEnd(12)} p50 ${String(round(p50.value * scale, 2)).padStart(8)} ${unit}  p99 ${String(round(p99.value * scale, 2)).padStart(8)} ${unit}  (n=${p50.count})`);
  }
  return lines;
}

function gauge(text: string, name: string): number {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/**
 * Who was busy during a stretch of `seconds`: each process's main thread on a core and waiting for
 * one, as shares of the stretch, and its other threads' core time (in cores). A closed loop's
 * latency goes where the queue is: a main thread near 100% on a core or waiting is the bottleneck.
 */
function busyLine(who: string, a: ProcessCpu, b: ProcessCpu, seconds: number): string {
  const share = (ns: number) => `${round((ns / 1e9 / seconds) * 100, 0)}%`;
  const names = [...b.byName].map(([name, ns]) => [name, ns - (a.byName.get(name) ?? 0)] as const).filter(([, ns]) => ns > 0).sort((x, y) => y[1] - x[1]);
  const byName = names.map(([name, ns]) => `${name} ${round(ns / 1e9 / seconds, 2)}`).join(', ');
  const cpu = cpuBetween(a, b);
  return `${who.padEnd(10)} main thread on a core ${share(cpu.main).padStart(4)}, waiting for one ${share(cpu.mainWait).padStart(4)}; other threads ${round(cpu.others / 1e9 / seconds, 2)} cores (live threads by name: ${byName})`;
}

async function runClients(seconds: number, worker: (client: number, deadline: number) => Promise<void>, clients = CLIENTS): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(i, deadline)));
  return (performance.now() - started) / 1000;
}

export const suite: Suite = {
  name: 'load',
  description: `mixed REST load (70% reads/search, 20% page writes, 10% webhooks), ${CLIENTS} clients on loopback (${CLIENT} client), acknowledged writes verified`,
  async run({ quick, log }) {
    const seconds = quick ? 10 : 60;
    const baselineSeconds = quick ? 3 : 10;
    const dir = tempDir('brainkeep-load-');
    // Durable writes as shipped (fsync on); no rate limit, so the server, not the limiter, is measured.
    // Limits lifted: this measures the server under load, not the rate limiter.
    const env = {
      BRAINKEEP_DATA: dir,
      ...RATE_LIMITS_LIFTED,
      BRAINKEEP_FSYNC: 'on',
      BRAINKEEP_METRICS_TOKEN: 'load-bench-metrics',
    };
    // BRAINKEEP_LOAD_PROFILE=<folder>: the server writes a CPU profile there when it stops; the mixed
    // load's window is logged for bench/cpuStalls.ts, which lists what held the event loop.
    const profileDir = process.env.BRAINKEEP_LOAD_PROFILE;
    const server = await spawnServer(env, profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval', '500'] } : {});
    try {
      const base = server.url;
      const token = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'load'], env).stdout;
      if (!token.startsWith('ck_')) throw new Error('could not create a credential');
      const source = runCli(['source', 'create', '--brain', 'main', '--mode', 'secret', '--label', 'load'], env);
      const [, ingestSecret] = source.code === 0 ? source.stdout.split(' ') : [];
      const brain = (await (await fetch(`${base}/api/v1/brains/main`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };

      // Seed pages that link to each other so reads, search and graph have something to chew on.
      const seed = tally();
      const SEED = quick ? 100 : 300;
      for (let i = 0; i < SEED; i++) {
        await call(base, seed, 'PUT', '/api/v1/brains/main/pages', { token, json: { path: `seed/p${i}`, markdown: `# Seed page ${i}\n\nAbout topic ${i % 17} and [[seed/p${(i + 1) % SEED}]] and [[seed/p${(i * 7) % SEED}]].\n` } });
      }
      if (seed.errors) throw new Error(`seeding failed: ${[...seed.statuses].join(' ')}`);
      const probe = async (p: string) => (await fetch(base + p, { headers: { authorization: `Bearer ${token}` } })).status;
      const hasSearch = (await probe('/api/v1/brains/main/search?q=topic')) === 200;
      const hasBacklinks = (await probe('/api/v1/brains/main/graph/backlinks?path=seed/p1')) === 200;
      const hasWebhook = Boolean(ingestSecret);
      log(`client: ${CLIENT === 'agent' ? 'http.request on a keep-alive agent' : 'global fetch'} (BRAINKEEP_LOAD_CLIENT=fetch|agent)`);
      log(`seeded ${SEED} pages; search ${hasSearch ? 'on' : 'absent (list pages instead)'}, backlinks ${hasBacklinks ? 'on' : 'absent'}, webhook ${hasWebhook ? 'on' : 'absent (page writes instead)'}`);

      // Baseline: the cheapest route, same clients, same process, same run.
      const health = tally();
      const healthSeconds = await runClients(baselineSeconds, async (_c, deadline) => {
        while (performance.now() < deadline) await call(base, health, 'GET', '/healthz');
      });

      const scrape = async () => (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env.BRAINKEEP_METRICS_TOKEN}` } })).text();
      const metricsBefore = await scrape();
      const reads = tally();
      const writes = tally();
      const hooks = tally();
      const acknowledged = new Map<string, string>(); // path -> last acknowledged markdown
      const delivered: string[] = [];
      const mixedFrom = process.hrtime.bigint() / 1000n; // the profile's clock: monotonic microseconds
      const serverTimes = processCpu(server.child.pid!);
      const benchTimes = processCpu(process.pid);
      const benchElu = performance.eventLoopUtilization();
      // On with either client; its 10 ms timer costs the generator next to nothing.
      const benchLag = monitorEventLoopDelay({ resolution: 10 });
      benchLag.enable();
      const mixedSeconds = await runClients(seconds, async (client, deadline) => {
        let n = 0;
        while (performance.now() < deadline) {
          n++;
          const r = Math.random();
          if (r < 0.7) {
            const i = Math.floor(Math.random() * SEED);
            const pick = Math.random();
            if (pick < 0.45) await call(base, reads, 'GET', `/api/v1/brains/main/pages?path=seed/p${i}`, { token });
            else if (pick < 0.8) await call(base, reads, 'GET', hasSearch ? `/api/v1/brains/main/search?q=topic+${i % 17}&mode=exact` : '/api/v1/brains/main/pages?limit=50', { token });
            else await call(base, reads, 'GET', hasBacklinks ? `/api/v1/brains/main/graph/backlinks?path=seed/p${i}` : `/api/v1/brains/main/pages?path=seed/p${i}`, { token });
          } else if (r < 0.9 || !hasWebhook) {
            const path = `load/c${client}/p${n % 20}.md`;
            const markdown = `# Client ${client} page ${n % 20}\n\nwrite ${n} of client ${client}\n`;
            const res = await call(base, writes, 'PUT', '/api/v1/brains/main/pages', { token, json: { path, markdown } });
            if (res && res.status < 300) acknowledged.set(path, markdown);
          } else {
            const res = await call(base, hooks, 'POST', `/api/ingest/${brain.id}`, {
              body: `Delivery ${n} from client ${client} at ${Date.now()}`,
              headers: { 'content-type': 'text/plain', 'x-ingest-secret': ingestSecret!, 'x-filename': `hook-${client}-${n}.txt`, 'x-ingest-external-id': `load-${client}-${n}` },
            });
            if (res && res.status < 300 && res.body?.item?.id) delivered.push(res.body.item.id);
          }
        }
      });
      benchLag.disable();
      const serverTimesAfter = processCpu(server.child.pid!);
      const benchTimesAfter = processCpu(process.pid);
      const benchEluAfter = performance.eventLoopUtilization(benchElu);

      // One profile per thread; thread 0 is the event loop (the others: git writes, the model, ...).
      if (profileDir) log(`CPU profile of the mixed load: node --import tsx bench/cpuStalls.ts ${profileDir}/CPU.*.${server.child.pid}.0.*.cpuprofile --from ${mixedFrom} --to ${process.hrtime.bigint() / 1000n}`);
      // Where a write's time went, as the server saw it during the mixed load (src/metrics.ts WRITE_STAGES).
      const metricsAfter = await scrape();
      log('write stages during the mixed load (server histograms, interpolated within buckets):');
      for (const l of stageBreakdown(metricsBefore, metricsAfter, 'brainkeep_write_stage_duration_seconds', 'stage')) log(`  ${l}`);
      for (const l of stageBreakdown(metricsBefore, metricsAfter, 'brainkeep_write_group_size', null, 1, 'writes')) log(`  ${l.replace('brainkeep_write_group_size', 'group size')}`);
      log('webhook ingest stages:');
      for (const l of stageBreakdown(metricsBefore, metricsAfter, 'brainkeep_ingest_stage_duration_seconds', 'stage')) log(`  ${l}`);
      // Where a request's time went: the clients' latency against the server's own (from the router
      // to the response sent), and who held the cores. The rest of a client's latency is its wait in
      // the generator's event loop and the server's socket before the server's loop reads it.
      log('server-observed request durations during the mixed load (GET 200 by route; PUT and POST 2xx):');
      for (const l of stageBreakdown(metricsBefore, metricsAfter, 'brainkeep_http_request_duration_seconds', 'route', 1000, 'ms', (l) => l.method === 'GET' && l.status === '200')) log(`  GET ${l}`);
      for (const l of stageBreakdown(metricsBefore, metricsAfter, 'brainkeep_http_request_duration_seconds', 'route', 1000, 'ms', (l) => l.method !== 'GET' && l.status.startsWith('2'))) log(`  PUT/POST ${l}`);
      const pc = (t: Tally) => `p50 ${round(percentile(t.latencies, 50), 1)} ms, p99 ${round(percentile(t.latencies, 99), 1)} ms`;
      log(`client-observed: reads ${pc(reads)}; writes ${pc(writes)}; webhooks ${pc(hooks)}`);
      const mixedCount = reads.latencies.length + writes.latencies.length + hooks.latencies.length;
      const perRequest = (a: ProcessCpu, b: ProcessCpu) => {
        const cpu = cpuBetween(a, b);
        return `${round(cpu.main / 1e3 / mixedCount, 0)} µs main thread + ${round(cpu.others / 1e3 / mixedCount, 0)} µs other threads`;
      };
      log(`CPU per request of the mixed load: server ${perRequest(serverTimes, serverTimesAfter)}; generator ${perRequest(benchTimes, benchTimesAfter)}`);
      log(busyLine('server', serverTimes, serverTimesAfter, mixedSeconds));
      log(busyLine('generator', benchTimes, benchTimesAfter, mixedSeconds));
      log(`generator event loop utilization ${round(benchEluAfter.utilization * 100, 0)}%, its delay p50 ${round(benchLag.percentile(50) / 1e6, 1)} ms, p99 ${round(benchLag.percentile(99) / 1e6, 1)} ms; load average ${os.loadavg().map((x) => round(x, 1)).join(' ')}`);
      log(`event loop delay since the previous scrape: p50 ${round(gauge(metricsAfter, 'brainkeep_nodejs_eventloop_lag_p50_seconds') * 1000, 1)} ms, p99 ${round(gauge(metricsAfter, 'brainkeep_nodejs_eventloop_lag_p99_seconds') * 1000, 1)} ms, max ${round(gauge(metricsAfter, 'brainkeep_nodejs_eventloop_lag_max_seconds') * 1000, 1)} ms`);

      // Write scaling: page writes only, from 1, 8 and 64 clients, each client its own pages (no
      // conflicts). Group commit shows as writes/s growing with the clients instead of staying flat.
      const scaling: Array<{ clients: number; rate: number; p50: number; p99: number; errors: number }> = [];
      const scaleSeconds = quick ? 4 : 10;
      for (const clients of [1, 8, CLIENTS]) {
        const t = tally();
        const took = await runClients(
          scaleSeconds,
          async (client, deadline) => {
            for (let n = 0; performance.now() < deadline; n++) {
              const path = `scale/k${clients}/c${client}/p${n % 10}.md`;
              const markdown = `# Scale ${clients} client ${client}\n\nwrite ${n}\n`;
              const res = await call(base, t, 'PUT', '/api/v1/brains/main/pages', { token, json: { path, markdown } });
              if (res && res.status < 300) acknowledged.set(path, markdown);
            }
          },
          clients,
        );
        scaling.push({ clients, rate: t.latencies.length / took, p50: percentile(t.latencies, 50), p99: percentile(t.latencies, 99), errors: t.errors });
      }
      const one = scaling[0]!.rate;
      // The issue's yardstick for a lone write: git's own plumbing committing one page per write
      // (hash-object, update-index, write-tree, commit-tree, update-ref), in this run, right after.
      const plumbing = path.join(dir, 'plumbing.git');
      execFileSync('git', ['init', '--bare', '-q', '-b', 'main', plumbing]);
      const plumbingIndex = path.join(dir, 'plumbing.index');
      const git = (args: string[], input?: string) => execFileSync('git', ['--git-dir', plumbing, ...args], { input, env: { ...process.env, ...GIT_ID }, encoding: 'utf8' }).trim();
      git(['update-ref', 'refs/heads/main', git(['commit-tree', git(['hash-object', '-t', 'tree', '-w', '--stdin'], ''), '-m', 'start'])]);
      const gitPut: number[] = [];
      for (let n = 0; n < (quick ? 40 : 100); n++) {
        const t = performance.now();
        gitCommitOne(plumbing, plumbingIndex, `scale/g/p${n % 10}.md`, `# Scale git\n\nwrite ${n}\n`);
        gitPut.push(performance.now() - t);
      }
      const gitPut50 = percentile(gitPut, 50);
      log(`single-client PUT p50 ${round(scaling[0]!.p50, 1)} ms beside git plumbing commit p50 ${round(gitPut50, 1)} ms (${round(scaling[0]!.p50 / gitPut50, 2)}×)`);
      for (const s of scaling) log(`writes only, ${s.clients} client${s.clients === 1 ? '' : 's'}: ${round(s.rate, 1)} writes/s (${round(s.rate / one, 2)}× 1 client), p50 ${round(s.p50, 1)} ms, p99 ${round(s.p99, 1)} ms, ${s.errors} errors`);

      // Nothing acknowledged may be missing: read every page back, and every delivered item.
      let lost = 0;
      const verify = tally();
      for (const [path, markdown] of acknowledged) {
        const res = await call(base, verify, 'GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(path)}`, { token });
        if (res?.status !== 200 || res.body?.markdown !== markdown) lost++;
      }
      for (const id of delivered) {
        const res = await call(base, verify, 'GET', `/api/v1/brains/main/inbox/${id}`, { token });
        if (res?.status !== 200) lost++;
      }

      const all = [...reads.latencies, ...writes.latencies, ...hooks.latencies];
      const total = all.length;
      const errors = reads.errors + writes.errors + hooks.errors + scaling.reduce((n, sc) => n + sc.errors, 0);
      const healthRate = health.latencies.length / healthSeconds;
      const statuses = new Map<number, number>();
      for (const t of [reads, writes, hooks]) for (const [k, v] of t.statuses) statuses.set(k, (statuses.get(k) ?? 0) + v);
      log(`mixed: ${total} requests in ${round(mixedSeconds, 1)} s (reads ${reads.latencies.length}, writes ${writes.latencies.length}, webhooks ${hooks.latencies.length}); statuses ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}`);
      log(`verified ${acknowledged.size} acknowledged pages and ${delivered.length} deliveries: ${lost} lost`);
      const p = (xs: number[], q: number) => round(percentile(xs, q), 2);
      return [
        figure({ suite: 'load', name: 'mixed throughput', value: round(total / mixedSeconds, 1), unit: 'req/s', baselineName: `GET /healthz throughput (${CLIENT} client)`, baseline: round(healthRate, 1), better: 'higher', target: null }),
        figure({ suite: 'load', name: 'mixed p50 latency', value: p(all, 50), unit: 'ms', baselineName: `GET /healthz p50 (${CLIENT} client)`, baseline: p(health.latencies, 50), better: 'lower', target: null }),
        figure({ suite: 'load', name: 'mixed p99 latency', value: p(all, 99), unit: 'ms', baselineName: `GET /healthz p99 (${CLIENT} client)`, baseline: p(health.latencies, 99), better: 'lower', target: null }),
        figure({ suite: 'load', name: 'read/search p99 latency', value: p(reads.latencies, 99), unit: 'ms', baselineName: `GET /healthz p99 (${CLIENT} client)`, baseline: p(health.latencies, 99), better: 'lower', target: null }),
        figure({ suite: 'load', name: 'page write p99 latency', value: p(writes.latencies, 99), unit: 'ms', baselineName: `GET /healthz p99 (${CLIENT} client)`, baseline: p(health.latencies, 99), better: 'lower', target: null }),
        ...(hasWebhook ? [figure({ suite: 'load', name: 'webhook p99 latency', value: p(hooks.latencies, 99), unit: 'ms', baselineName: `GET /healthz p99 (${CLIENT} client)`, baseline: p(health.latencies, 99), better: 'lower', target: null })] : []),
        ...scaling.map((sc) =>
          figure({ suite: 'load', name: `page writes/s, ${sc.clients} client${sc.clients === 1 ? '' : 's'}`, value: round(sc.rate, 1), unit: 'writes/s', baselineName: 'page writes/s, 1 client', baseline: round(one, 1), better: 'higher', target: null }),
        ),
        figure({ suite: 'load', name: 'single-client PUT p50', value: round(scaling[0]!.p50, 2), unit: 'ms', baselineName: 'git plumbing commit p50', baseline: round(gitPut50, 2), better: 'lower', target: null }),
        figure({ suite: 'load', name: 'errors (non-2xx or failed)', value: errors, unit: 'requests', baselineName: null, baseline: null, better: 'lower', target: '0', met: errors === 0 }),
        figure({ suite: 'load', name: 'acknowledged but lost', value: lost, unit: 'writes', baselineName: null, baseline: null, better: 'lower', target: '0', met: lost === 0 }),
      ];
    } finally {
      agent.destroy();
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
