// A timing HTTP client in its own process. A client in the server's process shares its event
// loop and one of the machine's two cores with it, so its own work (fetch is heavy) lands in
// every figure. This one runs a batch of requests one after another over one keep-alive
// connection in a child process and sends back each request's time, measured there.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export interface TimedRequest {
  method?: string;
  /** Absolute URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Timed {
  ms: number;
  status: number;
  body: string;
}

interface Batch {
  id: number;
  requests: TimedRequest[];
  keepBodies: boolean;
}

interface Reply {
  id: number;
  results?: Timed[];
  error?: string;
}

export class ChildHttpClient {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: Timed[]) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.results!);
    });
    this.child.on('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`HTTP client process exited (${code})`));
      this.waiting.clear();
    });
  }

  /** Run the requests in order in the child; each result carries its time in milliseconds. */
  run(requests: TimedRequest[], opts: { keepBodies?: boolean } = {}): Promise<Timed[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, requests, keepBodies: opts.keepBodies ?? false } satisfies Batch);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode != null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}

// ---- the child: plain node:http with one keep-alive socket
function request(agent: http.Agent, r: TimedRequest, keepBody: boolean): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body != null) headers['content-length'] = Buffer.byteLength(r.body);
    const req = http.request(r.url, { method: r.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0, body: keepBody ? Buffer.concat(chunks).toString('utf8') : '' }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

if (process.argv.includes('--child') && process.send) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  process.on('message', (b: Batch) => {
    void (async () => {
      try {
        const results: Timed[] = [];
        for (const r of b.requests) results.push(await request(agent, r, b.keepBodies));
        process.send!({ id: b.id, results } satisfies Reply);
      } catch (e) {
        process.send!({ id: b.id, error: (e as Error).message } satisfies Reply);
      }
    })();
  });
  process.on('disconnect', () => {
    agent.destroy();
    process.exit(0);
  });
}
