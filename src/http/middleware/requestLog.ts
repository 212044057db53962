// One log line per request: id, method, route, status, duration. Never headers or bodies.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : req.baseUrl || req.path.split('?')[0];
      log.info({ reqId: req.id, method: req.method, route, status: res.statusCode, ms: Math.round(ms * 100) / 100 }, 'request');
    });
    next();
  };
}
