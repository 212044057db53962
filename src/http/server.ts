// Start and stop the HTTP server with graceful shutdown.
import http from 'node:http';
import type { Logger } from 'pino';
import type { Container } from '../container.js';
import { createApp } from './app.js';

export interface RunningServer {
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startHttpServer(c: Container, log: Logger, port = c.config.port, host = c.config.host): Promise<RunningServer> {
  const app = createApp(c, log);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      }),
  };
}
