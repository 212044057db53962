// Reads under writes: `--readers` closed-loop clients read (page GET 45%, exact search 35%,
// backlinks 20%, as bench/load.bench.ts does) while `--writers` closed-loop clients PUT pages (each
// its own 20 pages, so the writes form groups without conflicts), against a server seeded like the
// load bench; printed per variant: read p50/p99, write p50/p99, requests per second, the mean group
// size, and the server's event-loop CPU per request (/proc/<pid>/task/<pid>/schedstat, which does
// not count waiting for a core). Variants are servers started side by side, each `--variant` (this
// checkout) or `--root <tree>` (another) with the `--env K=V` after it (e.g. `--variant --env
// BRAINKEEP_WRITE_GROUP_SLICE=0 --variant --env BRAINKEEP_WRITE_GROUP_SLICE=4`, one build), measured in turn in every round with the order rotated, so a busy
// machine's drift falls on all of them alike. Printed: every round, then per variant the median
// of the rounds and their spread (min-max).
//
// node --import tsx bench/readUnderWrites.ts [--variant | --root <tree> [--env K=V]...]... [--readers 44] [--writers 20] [--seconds 5] [--rounds 5]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RATE_LIMITS_LIFTED, benchOption, percentile, serverVariants, type ServerVariant } from './lib.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => benchOption(argv, name, dflt);
const READERS = Number(opt('readers', '44'));
const WRITERS = Number(opt('writers', '20'));
const SECONDS = Number(opt('seconds', '5'));
const ROUNDS = Number(opt('rounds', '5'));
const SEED = 300;

type Variant = ServerVariant;
const variants = serverVariants(argv);

/** CPU ns of the main thread (the event loop) of `pid`. */
function loopCpu(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ')[0]);
}

interface Started {
  variant: Variant;
  pid: number;
  base: string;
  auth: Record<string, string>;
  metrics: () => Promise<string>;
  stop: () => Promise<void>;
}

async function start(v: Variant): Promise<Started> {
  const { runCli, spawnServer } = (await import(path.join(v.root, 'test/helpers/cli.ts'))) as typeof import('../test/helpers/cli.js');
  const { tempDir } = (await import(path.join(v.root, 'test/helpers/server.ts'))) as typeof import('../test/helpers/server.js');
  const dir = tempDir('brainkeep-rw-');
  const env = { BRAINKEEP_DATA: dir, ...RATE_LIMITS_LIFTED, BRAINKEEP_FSYNC: 'on', BRAINKEEP_METRICS_TOKEN: 'rw-metrics', ...v.env };
  const server = await spawnServer(env, { nodeArgs: v.nodeArgs });
  const stop = async () => {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const base = server.url;
    const token = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'rw'], env).stdout;
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < SEED; i++) {
      const res = await fetch(`${base}/api/v1/brains/main/pages`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ path: `seed/p${i}`, markdown: `# Seed page ${i}\n\nAbout topic ${i % 17} and [[seed/p${(i + 1) % SEED}]] and [[seed/p${(i * 7) % SEED}]].\n` }),
      });
      await res.text();
      if (res.status >= 300) throw new Error(`seed ${i}: ${res.status}`);
    }
    const metrics = async () => (await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer rw-metrics' } })).text();
    return { variant: v, pid: server.child.pid!, base, auth, metrics, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Sum and count of one Prometheus histogram without labels. */
function sumCount(text: string, name: string): { sum: number; count: number } {
  const sum = Number(new RegExp(`^${name}_sum (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const count = Number(new RegExp(`^${name}_count (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { sum, count };
}

interface Result {
  read50: number;
  read99: number;
  write50: number;
  write99: number;
  rate: number;
  group: number;
  loopUs: number;
}

async function measure(s: Started, round: number): Promise<Result> {
  const reads: number[] = [];
  const writes: number[] = [];
  let errors = 0;
  const timed = async (into: number[], url: string, init?: RequestInit) => {
    const t = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    into.push(performance.now() - t);
    if (res.status >= 300) errors++;
  };
  const before = await s.metrics();
  const cpu = loopCpu(s.pid);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all([
    ...Array.from({ length: READERS }, async () => {
      while (performance.now() < deadline) {
        const i = Math.floor(Math.random() * SEED);
        const pick = Math.random();
        const url =
          pick < 0.45
            ? `${s.base}/api/v1/brains/main/pages?path=seed/p${i}`
            : pick < 0.8
              ? `${s.base}/api/v1/brains/main/search?q=topic+${i % 17}&mode=exact`
              : `${s.base}/api/v1/brains/main/graph/backlinks?path=seed/p${i}`;
        await timed(reads, url, { headers: s.auth });
      }
    }),
    ...Array.from({ length: WRITERS }, async (_x, c) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const body = JSON.stringify({ path: `load/c${c}/p${n % 20}.md`, markdown: `# Client ${c} page ${n % 20}\n\nwrite ${n} of round ${round}\n` });
        await timed(writes, `${s.base}/api/v1/brains/main/pages`, { method: 'PUT', headers: { ...s.auth, 'content-type': 'application/json' }, body });
      }
    }),
  ]);
  const took = (performance.now() - started) / 1000;
  const loopNs = loopCpu(s.pid) - cpu;
  const after = await s.metrics();
  if (errors) throw new Error(`${errors} errors`);
  const [g0, g1] = [sumCount(before, 'brainkeep_write_group_size'), sumCount(after, 'brainkeep_write_group_size')];
  return {
    read50: percentile(reads, 50),
    read99: percentile(reads, 99),
    write50: percentile(writes, 50),
    write99: percentile(writes, 99),
    rate: (reads.length + writes.length) / took,
    group: (g1.sum - g0.sum) / Math.max(1, g1.count - g0.count),
    loopUs: loopNs / 1000 / (reads.length + writes.length),
  };
}

const fmt = (r: Result) =>
  `read p50 ${r.read50.toFixed(1).padStart(6)} p99 ${r.read99.toFixed(1).padStart(6)}  write p50 ${r.write50.toFixed(1).padStart(6)} p99 ${r.write99.toFixed(1).padStart(6)} ms  ${r.rate.toFixed(0).padStart(5)} req/s  group ${r.group.toFixed(1).padStart(4)}  loop ${r.loopUs.toFixed(0).padStart(4)} µs/req`;

async function main(): Promise<void> {
  const servers: Started[] = [];
  try {
    for (const v of variants) servers.push(await start(v));
    const results: Result[][] = servers.map(() => []);
    for (let round = 0; round <= ROUNDS; round++) {
      for (let k = 0; k < servers.length; k++) {
        const i = (k + round) % servers.length;
        const r = await measure(servers[i]!, round);
        const load = fs.readFileSync('/proc/loadavg', 'latin1').split(' ')[0];
        if (round === 0) continue; // warm-up
        results[i]!.push(r);
        process.stdout.write(`round ${round} #${i} ${fmt(r)}  load ${load}\n`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    process.stdout.write(`\n${READERS} readers, ${WRITERS} writers, ${SECONDS} s per round and server; median of ${ROUNDS} rounds [min-max]:\n`);
    servers.forEach((s, i) => {
      const rs = results[i]!;
      const cell = (f: (r: Result) => number, d = 1) => `${median(rs.map(f)).toFixed(d)} [${Math.min(...rs.map(f)).toFixed(d)}-${Math.max(...rs.map(f)).toFixed(d)}]`;
      process.stdout.write(`  #${i} ${s.variant.label}\n`);
      process.stdout.write(`     read p50 ${cell((r) => r.read50)} p99 ${cell((r) => r.read99)}; write p50 ${cell((r) => r.write50)} p99 ${cell((r) => r.write99)} ms; ${cell((r) => r.rate, 0)} req/s; group ${cell((r) => r.group)}; loop ${cell((r) => r.loopUs, 0)} µs/req\n`);
    });
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
