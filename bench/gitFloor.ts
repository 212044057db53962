// The floor for a clone over smart HTTP: stock `git http-backend` as CGI behind a minimal node
// http server (no auth, no express, no spawner), in a process of its own so that neither the
// bench's memory (fork cost) nor its event loop touches it. What git's own smart HTTP costs on
// this machine: a clone over our route can come close to it, not below it.
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
