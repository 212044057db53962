// Ingest: sustained webhook deliveries per second with 32 concurrent clients on loopback
// (autocannon), each delivery a distinct body through a shared-secret source, durability on.
// Afterwards every acknowledged item must be in the database exactly once (none lost, none
// duplicated). Baseline in the same run: a bare express route in its own process that only
// stores the body the same durable way; the two take turns (SLICES) so drift in the machine
// lands on both. Targets: ≥ 500 deliveries/s and ≥ 0.5× the bare route.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { runCli, spawnServer } from '../test/helpers/cli.js';
import { tempDir } from '../test/helpers/server.js';
import { figure, round, startBareServer, type Suite } from './lib.js';

const CONNECTIONS = 32;
/** The bare route and the webhook route alternate this many times (each gets `seconds / SLICES` per turn). */
const SLICES = 4;

interface Run {
  rate: number;
  p50: number;
  p99: number;
  acknowledged: string[];
  errors: number;
  non2xx: number;
}

async function hammer(url: string, headers: Record<string, string>, seconds: number, ackOf: (body: string) => string): Promise<Run> {
  const acknowledged: string[] = [];
  let n = 0;
  const prefix = randomUUID();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => ({ ...req, body: `# Delivery ${n++}\n\nrun ${prefix}, sent by client at ${process.hrtime.bigint()}\n` }),
        onResponse: (status, body) => {
          if (status === 201) acknowledged.push(ackOf(body));
        },
      },
    ],
  });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, acknowledged, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** Turns of one route, as one run: rate over the total time, latencies from all samples (median of the turns' percentiles). */
function combine(turns: Run[]): Run {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    rate: turns.reduce((a, t) => a + t.rate, 0) / turns.length,
    p50: median(turns.map((t) => t.p50)),
    p99: median(turns.map((t) => t.p99)),
    acknowledged: turns.flatMap((t) => t.acknowledged),
    errors: turns.reduce((a, t) => a + t.errors, 0),
    non2xx: turns.reduce((a, t) => a + t.non2xx, 0),
  };
}

function withDb<T>(dataDir: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'brainkeep.db'), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function startBare(dir: string): Promise<{ child: ChildProcess; url: string }> {
  return startBareServer('bench/bareIngestServer.ts', [dir], { BRAINKEEP_FSYNC: process.env.BENCH_FSYNC ?? 'on' });
}

export const suite: Suite = {
  name: 'ingest',
  description: `webhook deliveries/s, ${CONNECTIONS} concurrent clients on loopback, fsync on, vs a bare store-the-body route`,
  async run({ quick, log }) {
    const seconds = quick ? 8 : 30;
    const dir = tempDir('brainkeep-ingest-');
    // The per-source and per-address ingest limits are lifted: this measures the delivery path
    // (one source, one address, hundreds a second), not the limiter, which takes two map lookups.
    const env = {
      BRAINKEEP_DATA: path.join(dir, 'data'),
      BRAINKEEP_FSYNC: process.env.BENCH_FSYNC ?? 'on',
      BRAINKEEP_INGEST_RATE_LIMIT: '10000000',
      BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT: '10000000',
    };
    const server = await spawnServer(env);
    const bare = await startBare(path.join(dir, 'bare'));
    try {
      const created = runCli(['source', 'create', '--brain', 'main', '--mode', 'secret', '--label', 'bench'], env);
      if (created.code !== 0) throw new Error(created.stderr);
      const secret = created.stdout.split(' ')[1]!;
      const brainId = withDb(env.BRAINKEEP_DATA, (db) => (db.prepare("SELECT id FROM brains WHERE slug = 'main'").get() as { id: string }).id);

      // The two routes take turns in slices, so a slow spell of the machine lands on both alike.
      const runs: { base: Run[]; hook: Run[] } = { base: [], hook: [] };
      log(`bare route and webhook route, ${SLICES} turns of ${seconds / SLICES} s each…`);
      for (let turn = 0; turn < SLICES; turn++) {
        runs.base.push(await hammer(`${bare.url}/store`, { 'content-type': 'text/markdown' }, seconds / SLICES, (b) => (JSON.parse(b) as { sha256: string }).sha256));
        runs.hook.push(await hammer(`${server.url}/api/ingest/${brainId}`, { 'content-type': 'text/markdown', 'x-ingest-secret': secret }, seconds / SLICES, (b) => (JSON.parse(b) as { item: { id: string } }).item.id));
      }
      const base = combine(runs.base);
      const hook = combine(runs.hook);

      // Every acknowledged delivery is stored exactly once. Deliveries still in flight when the
      // clients stopped finish first (the count settles), then ids and content are compared.
      const count = () => withDb(env.BRAINKEEP_DATA, (db) => (db.prepare('SELECT COUNT(*) AS n FROM inbox_items WHERE brain_id = ?').get(brainId) as { n: number }).n);
      for (let last = -1, now = count(); now !== last; last = now, now = count()) await new Promise((r) => setTimeout(r, 500));
      const { ids, distinctContent } = withDb(env.BRAINKEEP_DATA, (db) => ({
        ids: new Set((db.prepare('SELECT id FROM inbox_items WHERE brain_id = ?').all(brainId) as Array<{ id: string }>).map((r) => r.id)),
        distinctContent: (db.prepare('SELECT COUNT(DISTINCT sha256) AS n FROM inbox_items WHERE brain_id = ?').get(brainId) as { n: number }).n,
      }));
      const lost = hook.acknowledged.filter((id) => !ids.has(id)).length;
      const duplicated = ids.size - distinctContent + (hook.acknowledged.length - new Set(hook.acknowledged).size);
      const bareRoot = path.join(dir, 'bare', 'inbox');
      const bareFiles = new Set(fs.readdirSync(bareRoot).filter((d) => d !== '.tmp').flatMap((d) => fs.readdirSync(path.join(bareRoot, d))));
      const bareLost = base.acknowledged.filter((h) => !bareFiles.has(h)).length;
      log(`webhook: ${hook.acknowledged.length} acknowledged, ${ids.size} stored, ${lost} lost, ${duplicated} duplicated, ${hook.non2xx} non-2xx, ${hook.errors} errors`);
      log(`bare: ${base.acknowledged.length} acknowledged, ${bareFiles.size} stored, ${bareLost} lost`);
      if (lost || duplicated || hook.non2xx || bareLost) throw new Error('ingest lost, duplicated or refused deliveries');

      return [
        figure({ suite: 'ingest', name: 'webhook deliveries/s', value: round(hook.rate, 1), unit: 'req/s', baselineName: 'bare store-the-body route', baseline: round(base.rate, 1), better: 'higher', target: '≥ 500 req/s and ≥ 0.5× bare', met: hook.rate >= 500 && hook.rate >= 0.5 * base.rate }),
        figure({ suite: 'ingest', name: 'webhook latency p50', value: hook.p50, unit: 'ms', baselineName: 'bare route p50', baseline: base.p50, better: 'lower', target: null }),
        figure({ suite: 'ingest', name: 'webhook latency p99', value: hook.p99, unit: 'ms', baselineName: 'bare route p99', baseline: base.p99, better: 'lower', target: null }),
        figure({ suite: 'ingest', name: 'lost or duplicated items', value: lost + duplicated, unit: 'items', baselineName: null, baseline: null, better: 'lower', target: '0', met: lost + duplicated === 0 }),
      ];
    } finally {
      server.child.kill('SIGTERM');
      bare.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
