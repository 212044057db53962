// BRAINKEEP_METRICS_PORT: /metrics on a listener of its own, apart from the API port that a
// reverse proxy forwards. Nothing else is served here. With BRAINKEEP_METRICS_TOKEN set the
// bearer token is needed here too; without it, reaching this port is the permission, so keep it
// off the public network (firewall, or a Docker port left unpublished).
import http from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import { NotFoundError } from '../domain/errors.js';
import { errorHandler } from './middleware/errors.js';
import { sendMetrics } from './routes/opsRoutes.js';
import { listen, type RunningServer } from './server.js';

export async function startMetricsServer(c: Services, log: Logger, port: number, host = c.config.host): Promise<RunningServer> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/metrics', (req, res, next) => {
    sendMetrics(req, res, c.config.metricsToken).catch(next);
  });
  app.use((req, _res, next) => next(new NotFoundError(`${req.method} ${req.path}`, 'route_not_found')));
  app.use(errorHandler(log));
  return listen(http.createServer(app), port, host, { graceMs: 0 });
}
