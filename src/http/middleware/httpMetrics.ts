// Count and time every request by method, route template and status (Prometheus). The label is
// the registered template (`/api/v1/brains/:brainId/pages`), never the raw path, so the number
// of series stays bounded whatever clients send.
import type { Express, RequestHandler } from 'express';
import { httpDuration, httpRequests } from '../../metrics.js';
import { routeLabeler } from '../routeTable.js';

export function httpMetrics(app: Express): RequestHandler {
  const label = routeLabeler(app);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: label(req, res.statusCode), status: String(res.statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };
}
