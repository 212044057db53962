// Throughput and latency of one node on SQLite, one node on PostgreSQL and two nodes on one
// PostgreSQL with one shared data folder (issue 27, proof): real `brainkeep serve` PROCESSES, the
// same mixed workload for each (N concurrent clients for S seconds: page PUTs, new and updated, on
// paths of their own; page GETs; exact searches), the clients split round-robin between the nodes
// where there are two. Per set-up: requests/s, writes/s, p50/p99 of writes, reads and searches, the
// error count (0 expected), and the PostgreSQL rows as ratios of the SQLite row in the same run.
// BRAINKEEP_FSYNC stays at its default (on) for every node. The machine's PostgreSQL is started by
// test/helpers/realPg.ts (with fsync=off there); where none is installed the PostgreSQL rows are
// skipped, saying why.
//   npx tsx bench/nodes.ts [seconds=20] [clients=16]
// Standalone (not in bench/run.ts): it starts several server processes and a database server.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runCli, spawnServer } from '../test/helpers/cli.js';
import { realPostgresMissing, startRealPostgres, type RealPostgres } from '../test/helpers/realPg.js';
import { apiRequest, tempDir } from '../test/helpers/server.js';
import { percentile, round } from './lib.js';

const SECONDS = Number(process.argv[2] ?? 20);
const CLIENTS = Number(process.argv[3] ?? 16);
// The default (on) for every node: spawnServer passes this process's environment on.
delete process.env.BRAINKEEP_FSYNC;

interface Node {
  child: ChildProcess;
  url: string;
}

interface Result {
  setup: string;
  seconds: number;
  writes: number[];
  reads: number[];
  searches: number[];
  errors: number;
  firstErrors: string[];
}

const live = new Set<ChildProcess>();
const pgs = new Set<RealPostgres>();
const dirs = new Set<string>();

/** A node in its own process group, so stopping it also stops every git child it started. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const { child, url } = await spawnServer(env, { detached: true, startMs: 120_000 });
  live.add(child);
  return { child, url };
}

async function stopNode(n: Node): Promise<void> {
  live.delete(n.child);
  if (n.child.exitCode != null || n.child.signalCode != null) return;
  const exited = new Promise<void>((resolve) => n.child.once('exit', () => resolve()));
  try {
    process.kill(-n.child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (n.child.exitCode == null && n.child.signalCode == null) killGroup(n.child);
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** On failure or interrupt: every server and database process this bench started, by its id. */
async function cleanup(): Promise<void> {
  for (const c of live) killGroup(c);
  live.clear();
  for (const pg of pgs) await pg.stop().catch(() => undefined);
  pgs.clear();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs.clear();
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

const page = (client: number, n: number, version: number) =>
  `# Client ${client} note ${n}\n\nVersion ${version} of a note written by bench client ${client}. ` +
  `Marker zq${client}k${n}x for the exact search.\n\nThe numbat eats termites; the quoll hunts at night.\n`;

/**
 * One client's loop until the deadline: a cycle of six requests, two of them writes (a new page,
 * then an update of one of its earlier pages), two page reads and two exact searches for markers
 * of its own pages.
 */
async function client(id: number, base: string, token: string, until: number, r: Result): Promise<void> {
  let written = 0;
  const versions: number[] = [];
  const time = async (bucket: number[], method: string, urlPath: string, body?: unknown): Promise<void> => {
    const t = performance.now();
    try {
      const res = await apiRequest(base, method, urlPath, { token, body });
      if (res.status >= 400) {
        r.errors++;
        if (r.firstErrors.length < 5) r.firstErrors.push(`${method} ${urlPath}: ${res.status} ${res.text.slice(0, 200)}`);
        return;
      }
    } catch (e) {
      r.errors++;
      if (r.firstErrors.length < 5) r.firstErrors.push(`${method} ${urlPath}: ${(e as Error).message}`);
      return;
    }
    bucket.push(performance.now() - t);
  };
  const pathOf = (n: number) => `bench/c${id}/note-${n}.md`;
  for (let step = 0; Date.now() < until; step++) {
    switch (step % 6) {
      case 0: {
        const n = written++;
        versions[n] = 1;
        await time(r.writes, 'PUT', '/api/v1/brains/main/pages', { path: pathOf(n), markdown: page(id, n, 1) });
        break;
      }
      case 3: {
        const n = (step * 7) % written;
        versions[n] = versions[n]! + 1;
        await time(r.writes, 'PUT', '/api/v1/brains/main/pages', { path: pathOf(n), markdown: page(id, n, versions[n]!) });
        break;
      }
      case 1:
      case 4:
        await time(r.reads, 'GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(pathOf((step * 5) % written))}`);
        break;
      default:
        await time(r.searches, 'GET', `/api/v1/brains/main/search?mode=exact&q=zq${id}k${(step * 3) % written}x`);
    }
  }
}

async function measure(setup: string, nodeCount: number, databaseUrl: string | null): Promise<Result> {
  const data = tempDir('bk-bench-nodes-');
  dirs.add(data);
  // The per-credential rate limit (600 a minute by default) would measure the limit, not the nodes.
  const env: Record<string, string> = { BRAINKEEP_DATA: data, BRAINKEEP_RATE_LIMIT: '10000000' };
  if (databaseUrl) env.BRAINKEEP_DATABASE_URL = databaseUrl;
  const nodes: Node[] = [];
  try {
    nodes.push(await startNode(env)); // the first start sets up the workspace
    for (let i = 1; i < nodeCount; i++) nodes.push(await startNode(env));
    const cred = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write'], env);
    if (cred.code !== 0) throw new Error(`${setup}: credential create: ${cred.stderr}`);
    const token = cred.stdout;
    // Warm-up: one page and one search per node, not counted.
    for (const [i, n] of nodes.entries()) {
      const w = await apiRequest(n.url, 'PUT', '/api/v1/brains/main/pages', { token, body: { path: `warm/${i}.md`, markdown: `# Warm ${i}\n\nWarm-up.\n` } });
      if (w.status >= 400) throw new Error(`${setup}: warm-up write: ${w.status} ${w.text}`);
      await apiRequest(n.url, 'GET', '/api/v1/brains/main/search?mode=exact&q=warm', { token });
    }
    const r: Result = { setup, seconds: SECONDS, writes: [], reads: [], searches: [], errors: 0, firstErrors: [] };
    const t0 = performance.now();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, nodes[i % nodes.length]!.url, token, until, r)));
    r.seconds = (performance.now() - t0) / 1000;
    return r;
  } finally {
    for (const n of nodes) await stopNode(n);
    fs.rmSync(data, { recursive: true, force: true });
    dirs.delete(data);
  }
}

function row(r: Result, base: Result | null): string {
  const total = (r.writes.length + r.reads.length + r.searches.length) / r.seconds;
  const writes = r.writes.length / r.seconds;
  const p = (xs: number[], q: number) => round(percentile(xs, q), 1);
  const line =
    `${r.setup.padEnd(24)} ${String(round(total, 1)).padStart(7)} req/s ${String(round(writes, 1)).padStart(6)} writes/s` +
    `  write p50/p99 ${p(r.writes, 50)}/${p(r.writes, 99)} ms  read ${p(r.reads, 50)}/${p(r.reads, 99)} ms` +
    `  search ${p(r.searches, 50)}/${p(r.searches, 99)} ms  errors ${r.errors}`;
  if (!base) return line;
  const baseTotal = (base.writes.length + base.reads.length + base.searches.length) / base.seconds;
  const ratio = (a: number, b: number) => (b > 0 ? `${round(a / b, 2)}x` : 'n/a');
  return (
    line +
    `\n${''.padEnd(24)} vs SQLite: req/s ${ratio(total, baseTotal)}, writes/s ${ratio(writes, base.writes.length / base.seconds)},` +
    ` write p99 ${ratio(percentile(r.writes, 99), percentile(base.writes, 99))}, read p99 ${ratio(percentile(r.reads, 99), percentile(base.reads, 99))},` +
    ` search p99 ${ratio(percentile(r.searches, 99), percentile(base.searches, 99))}`
  );
}

try {
  console.log(`bench/nodes.ts: ${CLIENTS} clients for ${SECONDS} s per set-up; BRAINKEEP_FSYNC default (on)`);
  const results: Result[] = [];
  results.push(await measure('1 node, SQLite', 1, null));
  const missing = realPostgresMissing();
  if (missing) {
    console.log(`PostgreSQL rows skipped: ${missing}`);
  } else {
    const pg = await startRealPostgres();
    pgs.add(pg);
    try {
      results.push(await measure('1 node, PostgreSQL', 1, pg.url));
    } finally {
      await pg.stop();
      pgs.delete(pg);
    }
    // A fresh database for the two nodes, so both PostgreSQL rows start from empty tables.
    const pg2 = await startRealPostgres();
    pgs.add(pg2);
    try {
      results.push(await measure('2 nodes, PostgreSQL', 2, pg2.url));
    } finally {
      await pg2.stop();
      pgs.delete(pg2);
    }
  }
  for (const r of results) {
    console.log(row(r, r === results[0] ? null : results[0]!));
    for (const e of r.firstErrors) console.log(`  error: ${e}`);
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await cleanup();
}
