// CPU per request, by the kind of request the load bench sends: a server process on loopback is
// seeded like `bench/load.bench.ts` (300 linked pages), then `clients` closed-loop clients send one
// kind at a time (page PUT, webhook delivery, page GET, exact search, backlinks) for `seconds`, and
// the server's CPU time over that stretch (the main thread's from its schedstat, the process's from
// /proc/<pid>/stat, which keeps threads that ended) is divided by the
// requests answered: the event loop's thread (the main thread) apart from all other threads. CPU time
// does not count waiting for a busy core, so the figure holds better than wall-clock latencies on
// a loaded machine, though a busy machine still moves it by a tenth or more between runs. So
// variants are compared in one run: each `--root <tree>` (another checkout, e.g. the code before a
// change; this one by default) starts a server of its own, the `--node-arg <flag>` and
// `--env K=V` after it are that server's, and every round measures each kind on every server in
// turn, the order rotated. Printed: the median of `--rounds` per kind and server, and each
// server's ratio to the first. With `--together` every server is measured at the same time (each
// with its own `clients`), so a neighbour's load on the machine lands on all of them alike instead of
// on whichever server's turn it was; the per-round ratios to the first server are printed with their
// median and range.
//
// node --import tsx bench/requestCpu.ts [--root <tree> [--node-arg <flag>]... [--env K=V]...]... [--clients 16] [--seconds 3] [--rounds 5] [--kinds put,webhook,get,search,backlinks,healthz] [--together]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RATE_LIMITS_LIFTED, benchOption, serverVariants, type ServerVariant } from './lib.js';
import { processCpu } from './processCpu.js';
import { seededSenders, type Sender } from './requestKinds.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => benchOption(argv, name, dflt);
const CLIENTS = Number(opt('clients', '16'));
const SECONDS = Number(opt('seconds', '3'));
const ROUNDS = Number(opt('rounds', '5'));
const KINDS = opt('kinds', 'put,webhook,get,search,backlinks,healthz').split(',');
const TOGETHER = argv.includes('--together');

type Variant = ServerVariant;
const variants = serverVariants(argv);

/** CPU ns of the main thread (the event loop) of `pid` and of the rest of the process (threads that ended included). */
function threadCpu(pid: number): { main: number; others: number } {
  const t = processCpu(pid);
  return { main: t.mainRun, others: t.total - t.mainRun };
}

interface Started {
  variant: Variant;
  pid: number;
  send: Record<string, Sender>;
  stop: () => Promise<void>;
}

/** A server of `v`'s tree, seeded like the load bench, and a sender per request kind. */
async function start(v: Variant): Promise<Started> {
  const { runCli, spawnServer } = (await import(path.join(v.root, 'test/helpers/cli.ts'))) as typeof import('../test/helpers/cli.js');
  const { tempDir } = (await import(path.join(v.root, 'test/helpers/server.ts'))) as typeof import('../test/helpers/server.js');
  const dir = tempDir('brainkeep-reqcpu-');
  const env = {
    BRAINKEEP_DATA: dir,
    ...RATE_LIMITS_LIFTED,
    BRAINKEEP_FSYNC: 'on',
    ...v.env,
  };
  const server = await spawnServer(env, { nodeArgs: v.nodeArgs });
  const stop = async () => {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const send = await seededSenders(server.url, env, runCli);
    return { variant: v, pid: server.child.pid!, send, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

type Measured = { main: number; others: number; count: number };

/** Event loop and other threads' CPU µs per request of one kind on one server, over SECONDS. */
async function measure(s: Started, kind: string, round: number): Promise<Measured> {
  return (await measureAll([s], kind, round))[0]!;
}

/** `measure` on every server of `list` at the same time, each with its own CLIENTS clients. */
async function measureAll(list: Started[], kind: string, round: number): Promise<Measured[]> {
  const deadline = performance.now() + SECONDS * 1000;
  const before = list.map((s) => threadCpu(s.pid));
  const counts = await Promise.all(
    list.map(async (s) => {
      let count = 0;
      let errors = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (let n = 0; performance.now() < deadline; n++) {
            const res = await s.send[kind]!(c, n + round * 100_000);
            await res.arrayBuffer();
            if (res.status >= 300) errors++;
            count++;
          }
        }),
      );
      if (errors) throw new Error(`${kind}: ${errors} errors`);
      return count;
    }),
  );
  return list.map((s, i) => {
    const after = threadCpu(s.pid);
    const count = counts[i]!;
    return { main: (after.main - before[i]!.main) / count / 1000, others: (after.others - before[i]!.others) / count / 1000, count };
  });
}

async function main(): Promise<void> {
  const servers: Started[] = [];
  try {
    for (const v of variants) servers.push(await start(v));
    const results = servers.map(() => new Map<string, Array<{ main: number; others: number }>>());
    for (let round = 0; round <= ROUNDS; round++) {
      for (const kind of KINDS) {
        const record = (i: number, r: Measured) => {
          if (round === 0) return; // warm-up: JIT, caches, the threads' start
          results[i]!.set(kind, [...(results[i]!.get(kind) ?? []), r]);
          process.stdout.write(`round ${round} #${i} ${kind.padEnd(9)} ${String(r.count).padStart(6)} requests  event loop ${r.main.toFixed(0).padStart(5)} µs  other threads ${r.others.toFixed(0).padStart(5)} µs\n`);
        };
        if (TOGETHER) {
          (await measureAll(servers, kind, round)).forEach((r, i) => record(i, r));
          continue;
        }
        for (let k = 0; k < servers.length; k++) {
          const i = (k + round) % servers.length; // rotate which server goes first
          record(i, await measure(servers[i]!, kind, round));
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    process.stdout.write(`\nCPU µs per request (${CLIENTS} clients, ${SECONDS} s per kind and server, median of ${ROUNDS} rounds):\n`);
    servers.forEach((s, i) => process.stdout.write(`  #${i} ${s.variant.label}\n`));
    for (const kind of KINDS) {
      const first = median(results[0]!.get(kind)!.map((r) => r.main));
      const cells = results.map((res, i) => {
        const m = median(res.get(kind)!.map((r) => r.main));
        const o = median(res.get(kind)!.map((r) => r.others));
        return `#${i} loop ${m.toFixed(0).padStart(5)}${i ? ` (${(m / first).toFixed(2)}x)` : '        '} other ${o.toFixed(0).padStart(5)}`;
      });
      process.stdout.write(`  ${kind.padEnd(9)} ${cells.join('   ')}\n`);
    }
    // The same round's figures side by side: the ratio per round, its median and its range.
    process.stdout.write(`\nEvent loop CPU per request over #0's, round by round (median, min–max):\n`);
    for (const kind of KINDS) {
      const base = results[0]!.get(kind)!;
      const cells = results.slice(1).map((res, j) => {
        const ratios = res.get(kind)!.map((r, round) => r.main / base[round]!.main);
        return `#${j + 1} ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
      });
      process.stdout.write(`  ${kind.padEnd(9)} ${cells.join('   ')}\n`);
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
