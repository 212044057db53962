// Where the event loop's CPU goes under one kind of request: a server of this tree (or `--root`) is
// seeded like bench/requestCpu.ts (300 linked pages), warmed up with `--clients` closed-loop clients
// of one kind for 4 s, and then `perf record -e cpu-clock -g` samples its main thread (the event
// loop) alone while the same load runs for `--seconds`. cpu-clock counts only time on a core, so
// unlike --cpu-prof (whose samples also land while the thread waits for a busy core) the shares hold
// on a loaded machine; the server runs with --perf-basic-prof-only-functions so JavaScript frames
// have names. Prints the event loop's CPU µs per request over the sampled stretch; read the profile
// with `perf report -i <out> --no-children --sort symbol` (a JIT frame's name can be stale where V8
// moved code: check a surprising one in `perf script`). Linux with perf only.
//
// node --import tsx bench/loopProfile.ts --kind webhook|put|get|healthz [--seconds 10] [--clients 16] [--out /tmp/loop.data] [--root <tree>]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RATE_LIMITS_LIFTED, benchOption } from './lib.js';
import { seededSenders } from './requestKinds.js';

const argv = process.argv.slice(2);
const KIND = benchOption(argv, 'kind', 'webhook');
const SECONDS = Number(benchOption(argv, 'seconds', '10'));
const CLIENTS = Number(benchOption(argv, 'clients', '16'));
const OUT = benchOption(argv, 'out', `/tmp/brainkeep-loop-${KIND}.data`);
const ROOT = path.resolve(benchOption(argv, 'root', path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));

const { runCli, spawnServer } = (await import(path.join(ROOT, 'test/helpers/cli.ts'))) as typeof import('../test/helpers/cli.js');
const { tempDir } = (await import(path.join(ROOT, 'test/helpers/server.ts'))) as typeof import('../test/helpers/server.js');

const mainThreadNs = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ')[0]);

const dir = tempDir('brainkeep-loopprof-');
const env = { BRAINKEEP_DATA: dir, ...RATE_LIMITS_LIFTED, BRAINKEEP_FSYNC: 'on' };
const server = await spawnServer(env, { nodeArgs: ['--perf-basic-prof-only-functions'] });
try {
  const base = server.url;
  const send = await seededSenders(base, env, runCli);
  if (!send[KIND]) throw new Error(`--kind is one of ${Object.keys(send).join(', ')}`);
  const load = async (ms: number, round: number): Promise<number> => {
    let count = 0;
    const deadline = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const res = await send[KIND]!(c, n + round * 1_000_000);
          await res.arrayBuffer();
          if (res.status >= 300) throw new Error(`${KIND}: ${res.status}`);
          count++;
        }
      }),
    );
    return count;
  };
  await load(4000, 1); // warm-up: JIT, caches, the threads' start
  const pid = server.child.pid!;
  const perf = spawn('perf', ['record', '-F', '2000', '-e', 'cpu-clock', '-g', '-t', String(pid), '-o', OUT, '--', 'sleep', String(SECONDS)], { stdio: 'inherit' });
  await new Promise((r) => setTimeout(r, 300)); // perf attached
  const before = mainThreadNs(pid);
  const count = await load(SECONDS * 1000 - 500, 2);
  const after = mainThreadNs(pid);
  await new Promise((r) => perf.once('exit', r));
  process.stdout.write(`${KIND}: ${count} requests, event loop ${((after - before) / count / 1000).toFixed(0)} µs each; profile in ${OUT}\n`);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
