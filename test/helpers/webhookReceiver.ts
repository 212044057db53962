// A webhook receiver on a loopback port for the outbound-event tests: it records every delivery
// (raw body and headers) and answers with whatever status the test's `reply` decides.
import http from 'node:http';

export interface Received {
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decide each reply's status (default 200); may wait. */
  reply: (r: Received, n: number) => number | Promise<number>;
  waitFor(pred: (all: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const rcv: Receiver = {
    url: '',
    received,
    reply: () => 200,
    async waitFor(pred, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${received.length} deliveries`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = null;
      }
      const r: Received = { rawBody, headers: req.headers, body, at: performance.now() };
      received.push(r);
      const status = await rcv.reply(r, received.length);
      res.writeHead(status).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const addr = server.address() as { port: number };
  rcv.url = `http://${host}:${addr.port}/hook`;
  return rcv;
}
