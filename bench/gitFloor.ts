// The floor for a clone over smart HTTP: stock `git http-backend` as CGI behind a minimal node
// http server (no auth, no express, no spawner), in a process of its own so that neither the
// bench's memory (fork cost) nor its event loop touches it. What git's own smart HTTP costs on
// this machine. And the launcher the clones are started from (startCloneLauncher).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** CommonJS for `node -e`: serves the bare repository argv[1] at /<its folder name>; prints its port. */
export const FLOOR_SERVER_SOURCE = `'use strict';
const http = require('node:http');
const path = require('node:path');
const { spawn } = require('node:child_process');
const gitdir = process.argv[1];
const server = http.createServer((req, res) => {
  const q = req.url.indexOf('?');
  const env = {
    PATH: process.env.PATH, HOME: process.env.HOME, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: path.dirname(gitdir), GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: decodeURIComponent(q < 0 ? req.url : req.url.slice(0, q)), QUERY_STRING: q < 0 ? '' : req.url.slice(q + 1),
    REQUEST_METHOD: req.method, REMOTE_ADDR: '127.0.0.1', GATEWAY_INTERFACE: 'CGI/1.1', SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (req.headers['content-type']) env.CONTENT_TYPE = req.headers['content-type'];
  if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
  if (req.headers['git-protocol']) env.HTTP_GIT_PROTOCOL = req.headers['git-protocol'];
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdin.on('error', () => {});
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  const onData = (chunk) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    child.stdout.off('data', onData);
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\\r\\n')) {
      const i = line.indexOf(':');
      const name = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (name.toLowerCase() === 'status') status = parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    const rest = head.subarray(end + 4);
    if (rest.length) res.write(rest);
    child.stdout.pipe(res);
  };
  child.stdout.on('data', onData);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

export interface FloorServer {
  /** The clone URL of the repository. */
  url: string;
  pid: number;
  stop(): void;
}

/** Start the floor server for the bare repository at `gitdir`. */
export async function startFloorServer(gitdir: string, home: string): Promise<FloorServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', FLOOR_SERVER_SOURCE, gitdir], { stdio: ['ignore', 'pipe', 'inherit'], env: { PATH: process.env.PATH, HOME: home } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
    child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}/${path.basename(gitdir)}`, pid: child.pid!, stop: () => child.kill() };
}

/**
 * Runs the clones from a small process of its own. A bench that runs the server in its own process
 * and starts `git clone` from there pays a fork of that large process per clone (tens of ms of CPU
 * here, on every side alike), and the server then takes a copy-on-write fault for each page it
 * writes while that fork's child is starting, during the clone over our route only: a cost no real
 * server has, since its clients are other processes. The launcher's children are the clones, so its
 * waited-for children's CPU is the clones' own.
 */
const LAUNCHER_SOURCE = `'use strict';
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const childCpu = () => { const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' '); return (Number(f[13]) + Number(f[14])) / 100; };
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let nl = buf.indexOf('\\n'); nl >= 0; nl = buf.indexOf('\\n')) {
    const { id, args, cwd, env } = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    const c0 = childCpu();
    const t0 = process.hrtime.bigint();
    execFile('git', args, { cwd, env, maxBuffer: 512 * 1024 * 1024 }, (err, _out, stderr) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      process.stdout.write(JSON.stringify({ id, ms, cpu: childCpu() - c0, error: err ? 'git ' + args[0] + ': ' + stderr : null }) + '\\n');
    });
  }
});
`;

export interface CloneLauncher {
  /** Run `git <args>`; resolves with its wall time (measured in the launcher) and its CPU seconds. */
  git(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpu: number }>;
  pid: number;
  stop(): void;
}

export function startCloneLauncher(): CloneLauncher {
  const child = spawn(process.execPath, ['-e', LAUNCHER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'], env: { PATH: process.env.PATH } });
  const waiting = new Map<number, { resolve: (r: { ms: number; cpu: number }) => void; reject: (e: Error) => void }>();
  let seq = 0;
  let buf = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString('utf8');
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const r = JSON.parse(buf.slice(0, nl)) as { id: number; ms: number; cpu: number; error: string | null };
      buf = buf.slice(nl + 1);
      const w = waiting.get(r.id);
      waiting.delete(r.id);
      if (r.error) w?.reject(new Error(r.error));
      else w?.resolve({ ms: r.ms, cpu: r.cpu });
    }
  });
  child.on('exit', () => {
    for (const w of waiting.values()) w.reject(new Error('the clone launcher exited'));
    waiting.clear();
  });
  return {
    git: (args, cwd, env) =>
      new Promise((resolve, reject) => {
        const id = ++seq;
        waiting.set(id, { resolve, reject });
        child.stdin!.write(`${JSON.stringify({ id, args, cwd, env })}\n`);
      }),
    pid: child.pid!,
    stop: () => child.kill(),
  };
}
