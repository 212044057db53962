// Start and stop the HTTP server with graceful shutdown.
import http from 'node:http';
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import { createApp } from './app.js';

export interface RunningServer {
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startHttpServer(c: Services, log: Logger, port = c.config.port, host = c.config.host): Promise<RunningServer> {
  const server = http.createServer(createApp(c, log));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return listen(server, port, host, { graceMs: 10_000 });
}

/**
 * Listen on `host:port` (0 picks a free port). `close` stops accepting, closes idle connections,
 * and cuts the rest after `graceMs` (0: at once).
 */
export async function listen(server: http.Server, port: number, host: string, opts: { graceMs: number }): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port: actualPort,
    url: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${actualPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        if (opts.graceMs > 0) setTimeout(() => server.closeAllConnections(), opts.graceMs).unref();
        else server.closeAllConnections();
      }),
  };
}
