// The express app: middleware order is request log → body parsing → auth → rate limit → routes → errors.
import express, { Router, type Express } from 'express';
import type { Logger } from 'pino';
import type { Container } from '../container.js';
import { NotFoundError } from '../domain/errors.js';
import { authenticate } from './middleware/auth.js';
import { errorHandler } from './middleware/errors.js';
import { perCredentialRateLimit } from './middleware/rateLimit.js';
import { requestLog } from './middleware/requestLog.js';
import { brainRoutes } from './routes/v1/brainRoutes.js';
import { pageRoutes } from './routes/v1/pageRoutes.js';

/** JSON bodies: a 10 MB decoded base64 upload is ~13.4 MB encoded, plus the other fields. */
export const JSON_BODY_LIMIT = '14mb';

export function createApp(c: Container, log: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', c.config.trustProxy);
  app.set('query parser', 'simple');
  app.use(requestLog(log));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const api = Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  api.use(authenticate(c.identity));
  api.use(perCredentialRateLimit(c.config.rateLimitPerMinute));
  api.use(brainRoutes(c));
  api.use(pageRoutes(c));
  api.use((req, _res, next) => next(new NotFoundError(`${req.method} ${req.baseUrl}${req.path}`, 'route_not_found')));
  app.use('/api/v1', api);

  app.use((req, _res, next) => next(new NotFoundError(`${req.method} ${req.path}`, 'route_not_found')));
  app.use(errorHandler(log));
  return app;
}
