// The far side of the events bench, in its own process (so its work is not in the server's
// figures): webhook receivers that note when each delivery arrived, and idle SSE streams.
// Driven over IPC by bench/events.bench.ts. Times are epoch milliseconds at sub-ms resolution
// (performance.timeOrigin + performance.now()), comparable across the two processes.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

type Command = { op: 'receivers'; count: number } | { op: 'arrivals' } | { op: 'streams'; url: string; token: string; count: number } | { op: 'closeStreams' };

const now = () => performance.timeOrigin + performance.now();

export class EventPeer {
  private readonly child: ChildProcess;
  private pending: Array<(v: any) => void> = [];

  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => this.pending.shift()?.(m));
  }

  private ask<T>(c: Command): Promise<T> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.child.send(c);
    });
  }

  /** Start `count` receivers; their URLs. */
  receivers(count: number): Promise<string[]> {
    return this.ask({ op: 'receivers', count });
  }

  /** Every delivery so far: [receiver index, the event's commit and path, arrival time]. */
  arrivals(): Promise<Array<[number, string, number]>> {
    return this.ask({ op: 'arrivals' });
  }

  /** Open `count` SSE streams; resolves once all have their headers. */
  streams(url: string, token: string, count: number): Promise<number> {
    return this.ask({ op: 'streams', url, token, count });
  }

  closeStreams(): Promise<number> {
    return this.ask({ op: 'closeStreams' });
  }

  close(): void {
    this.child.kill();
  }
}

if (process.argv.includes('--child') && process.send) {
  const arrivals: Array<[number, string, number]> = [];
  const servers: http.Server[] = [];
  const open: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  process.on('message', async (c: Command) => {
    if (c.op === 'receivers') {
      const urls: string[] = [];
      for (let i = 0; i < c.count; i++) {
        const server = http.createServer((req, res) => {
          const at = now();
          let body = '';
          req.on('data', (d: Buffer) => (body += d));
          req.on('end', () => {
            const { data } = JSON.parse(body) as { data: { commit: string; path: string } };
            arrivals.push([i, `${data.commit} ${data.path}`, at]);
            res.writeHead(204).end();
          });
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        servers.push(server);
        urls.push(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook`);
      }
      process.send!(urls);
    } else if (c.op === 'arrivals') {
      process.send!(arrivals);
    } else if (c.op === 'streams') {
      let ready = 0;
      await new Promise<void>((resolve, reject) => {
        for (let i = 0; i < c.count; i++) {
          const req = http.get(c.url, { agent, headers: { authorization: `Bearer ${c.token}`, accept: 'text/event-stream' } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${i}: HTTP ${res.statusCode}`));
            res.on('data', () => {});
            res.on('error', () => {});
            if (++ready === c.count) resolve();
          });
          req.on('error', () => {});
          open.push(req);
        }
      });
      process.send!(ready);
    } else if (c.op === 'closeStreams') {
      for (const r of open.splice(0)) r.destroy();
      process.send!(0);
    }
  });
}
