// A loopback TCP relay in front of a test server, in its own thread (the code under test blocks
// its thread while a statement is answered, so the relay must run elsewhere). `cut()` closes every
// connection through it at once, as a network drop or a server restart would; it is synchronous
// so a test can drop a connection in the middle of a (synchronous) transaction.
import { Worker } from 'node:worker_threads';

export interface TcpCutter {
  url: string;
  cut(): void;
  stop(): Promise<void>;
}

const RELAY = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const s = new Int32Array(workerData.shared);
const open = new Set();
const server = net.createServer((a) => {
  const b = net.connect(workerData.port, '127.0.0.1');
  open.add(a); open.add(b);
  a.pipe(b); b.pipe(a);
  const end = () => { a.destroy(); b.destroy(); open.delete(a); open.delete(b); };
  a.on('error', end); b.on('error', end); a.on('close', end); b.on('close', end);
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
setInterval(() => {
  if (Atomics.load(s, 0) !== 1) return;
  for (const c of open) c.destroy();
  open.clear();
  Atomics.store(s, 0, 0);
  Atomics.add(s, 1, 1);
  Atomics.notify(s, 1);
}, 2);
parentPort.on('message', () => { server.close(); process.exit(0); });
`;

export async function startTcpCutter(targetUrl: string): Promise<TcpCutter> {
  const target = new URL(targetUrl);
  const shared = new SharedArrayBuffer(8);
  const flag = new Int32Array(shared);
  const worker = new Worker(RELAY, { eval: true, workerData: { port: Number(target.port), shared } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const url = new URL(targetUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      const seen = Atomics.load(flag, 1);
      Atomics.store(flag, 0, 1);
      if (Atomics.wait(flag, 1, seen, 5000) === 'timed-out') throw new Error('the relay did not cut its connections');
    },
    async stop() {
      worker.postMessage('stop');
      await new Promise((r) => worker.once('exit', r));
    },
  };
}
