// The express app: middleware order is request log → auth → rate limit → authorization → body parsing → routes → errors
// (CONTRACT "Order of checks": nothing reads a body before it knows who is calling and that they may).
import express, { Router, type Express } from 'express';
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import { NotFoundError } from '../domain/errors.js';
import { authenticate } from './middleware/auth.js';
import { authorizeFirst, authorizedJson } from './middleware/authorizeFirst.js';
import { errorHandler } from './middleware/errors.js';
import { createRateLimits, perCallerRateLimit } from './middleware/rateLimit.js';
import { requestLog } from './middleware/requestLog.js';
import { RouterGate } from './routerGate.js';
import { httpMetrics, resumeRequestTiming } from './middleware/httpMetrics.js';
import { opsRoutes } from './routes/opsRoutes.js';
import { brainRoutes } from './routes/v1/brainRoutes.js';
import { pageRoutes } from './routes/v1/pageRoutes.js';
import { fileRoutes } from './routes/v1/fileRoutes.js';
import { searchRoutes } from './routes/v1/searchRoutes.js';
import { graphRoutes } from './routes/v1/graphRoutes.js';
import { memberRoutes } from './routes/v1/memberRoutes.js';
import { oauthRoutes } from '../web/oauth/routes.js';
import { mcpRoutes } from '../mcp/http.js';
import { signInRoutes } from '../web/signInRoutes.js';
import { webApp } from '../web/app/index.js';
import { gitHttpRoutes } from '../git-http/gitHttpRoutes.js';
import { inboxRoutes } from './routes/v1/inboxRoutes.js';
import { partitionRoutes } from './routes/v1/partitionRoutes.js';
import { sourceRoutes } from './routes/v1/sourceRoutes.js';
import { ingestRoutes } from './routes/ingestRoutes.js';
import { chatImportRoutes } from './routes/v1/chatImportRoutes.js';
import { filingRoutes } from './routes/v1/filingRoutes.js';
import { eventRoutes } from './routes/v1/eventRoutes.js';

/** JSON bodies: a 10 MB decoded base64 upload is ~13.4 MB encoded, plus the other fields. */
export const JSON_BODY_LIMIT = '14mb';

export function createApp(c: Services, log: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies the operator named may set the client address (BRAINKEEP_TRUST_PROXY).
  app.set('trust proxy', c.config.trustProxy);
  // One limiter store for REST, MCP, git and ingest: a caller has one budget whatever the door.
  const limits = createRateLimits(c.config, c.sharedLimits);
  app.set('query parser', 'simple');
  // No ETag on every response: hashing each JSON body costs more than it saves; pages carry their
  // own version and token for conditional writes.
  app.set('etag', false);
  app.use(requestLog(log));
  app.use(httpMetrics(app));
  // Webhook deliveries: raw body, the source's secret instead of a bearer token. Mounted first: no
  // route below shares its path, and a delivery need not pass the ops router on its way. (The
  // OpenAPI document lists paths in mount order, so its path moved to the top of openapi.json;
  // /docs groups by tag and is unchanged.)
  app.use('/api/ingest', ingestRoutes(c, limits));
  app.use(opsRoutes(c, log));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // git smart HTTP: outside the JSON API (bodies stream to git; errors are text git prints).
  app.use('/git', gitHttpRoutes(c, log, limits));

  const api = Router();
  api.use(authenticate(c.identity));
  api.use(perCallerRateLimit(limits));
  api.use(authorizeFirst(c));
  // Each router is entered only when no router before it holds the request's route (routerGate.ts).
  const routed = new RouterGate();
  // Search first: the most frequent call reads no body and makes no write, so it need not pass the
  // routers and body parsers of the routes that do.
  api.use(routed.add(searchRoutes(c)));
  api.use(routed.add(chatImportRoutes(c))); // reads its own body: a chat export is larger than JSON_BODY_LIMIT
  // Files take raw bytes of any allowed type (JSON included): mounted before the JSON parser.
  api.use(routed.add(fileRoutes(c)));
  api.use(authorizedJson(JSON_BODY_LIMIT));
  api.use(resumeRequestTiming);
  api.use(routed.add(brainRoutes(c)));
  api.use(routed.add(pageRoutes(c)));
  api.use(routed.add(graphRoutes(c)));
  api.use(routed.add(memberRoutes(c)));
  api.use(routed.add(inboxRoutes(c)));
  api.use(routed.add(partitionRoutes(c)));
  api.use(routed.add(sourceRoutes(c)));
  api.use(routed.add(filingRoutes(c)));
  api.use(routed.add(eventRoutes(c)));
  api.use((req, _res, next) => next(new NotFoundError(`${req.method} ${req.baseUrl}${req.path}`, 'route_not_found')));
  app.use('/api/v1', api);
  app.use(mcpRoutes(c, log, [perCallerRateLimit(limits)]));
  app.use(oauthRoutes(c)); // OAuth 2.1 and its well-known metadata live at the root
  app.use(webApp(c, log)); // the web app at /app (and `/` for a signed-in visitor)
  app.use(signInRoutes(c));

  app.use((req, _res, next) => next(new NotFoundError(`${req.method} ${req.path}`, 'route_not_found')));
  app.use(errorHandler(log));
  return app;
}
