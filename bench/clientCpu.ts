// The load generator's own CPU per request, by client: global fetch against http.request on a
// keep-alive agent (the load bench's two clients, BRAINKEEP_LOAD_CLIENT), 16 closed-loop clients
// sending /healthz and a page GET to one server, the clients alternated each round. The generator
// shares the machine's cores with the server, so what it spends is taken from the server.
//
// node --import tsx bench/clientCpu.ts [--seconds 3] [--rounds 3]
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { runCli, spawnServer } from '../test/helpers/cli.js';
import { tempDir } from '../test/helpers/server.js';
import { RATE_LIMITS_LIFTED, benchOption } from './lib.js';

const argv = process.argv.slice(2);
const SECONDS = Number(benchOption(argv, 'seconds', '3'));
const ROUNDS = Number(benchOption(argv, 'rounds', '3'));
const CLIENTS = 16;

type Send = (path: string, headers: Record<string, string>) => Promise<number>;

const dir = tempDir('brainkeep-clientcpu-');
const env = { BRAINKEEP_DATA: dir, ...RATE_LIMITS_LIFTED, BRAINKEEP_FSYNC: 'on' };
const server = await spawnServer(env);
try {
  const token = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'cpu'], env).stdout;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const viaFetch: Send = async (p, headers) => {
    const res = await fetch(server.url + p, { headers });
    await res.text();
    return res.status;
  };
  const viaAgent: Send = (p, headers) =>
    new Promise((resolve, reject) => {
      const req = http.request(server.url + p, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          Buffer.concat(chunks).toString('utf8');
          resolve(res.statusCode!);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const kinds: Array<[string, string, Record<string, string>]> = [
    ['healthz', '/healthz', {}],
    ['page GET', '/api/v1/brains/main/pages?path=missing', { authorization: `Bearer ${token}` }],
  ];
  const clients: Array<[string, Send]> = [
    ['fetch', viaFetch],
    ['agent', viaAgent],
  ];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, send] of round % 2 ? [...clients].reverse() : clients) {
      for (const [kind, p, headers] of kinds) {
        const deadline = performance.now() + SECONDS * 1000;
        const from = process.cpuUsage();
        let n = 0;
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            for (; performance.now() < deadline; n++) await send(p, headers);
          }),
        );
        const cpu = process.cpuUsage(from);
        // Round 0 warms up the JIT and the connections.
        if (round) process.stdout.write(`round ${round} ${name} ${kind.padEnd(8)} ${String(n).padStart(6)} requests, client CPU ${((cpu.user + cpu.system) / n).toFixed(0).padStart(5)} µs per request\n`);
      }
    }
  }
  agent.destroy();
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
