// Operational endpoints: readiness (/readyz), Prometheus metrics (/metrics), the OpenAPI document
// (/api/v1/openapi.json, public, answered before the API's auth) and its HTML reference (/docs).
// Liveness (/healthz) stays in app.ts. /metrics needs BRAINKEEP_METRICS_TOKEN as a bearer token
// when one is set; without one it answers loopback callers only (the socket address, not
// X-Forwarded-For, so a proxy header cannot claim to be local).
import { Router, type Express, type Request } from 'express';
import type { Container } from '../../container.js';
import { AppError, ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { registerGaugeSource, metricsContentType, renderMetrics, type GaugeName } from '../../metrics.js';
import { constantTimeEqual } from '../../services/secrets.js';
import { bearerToken } from '../middleware/auth.js';
import { sendProblem } from '../middleware/errors.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { renderDocsPage } from '../openapi/docsPage.js';
import { routeTable } from '../routeTable.js';

export class NotReadyError extends AppError {
  constructor(checks: unknown[]) {
    super(503, 'not_ready', 'Not ready', 'One or more readiness checks failed.', { checks });
  }
}

export function opsRoutes(c: Container): Router {
  registerContainerGauges(new WeakRef(c));

  const r = Router();
  r.get('/readyz', async (_req, res) => {
    const readiness = await c.health.readiness();
    if (!readiness.ready) return sendProblem(res, new NotReadyError(readiness.checks));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ready', checks: readiness.checks });
  });
  // Built on first request, when every route is registered; the document never changes afterwards.
  const documents = new WeakMap<Express, { json: string; html: string }>();
  const documentOf = (app: Express) => {
    let d = documents.get(app);
    if (!d) {
      const doc = buildOpenApiDocument(routeTable(app), c.config.baseUrl);
      d = { json: JSON.stringify(doc), html: renderDocsPage(doc) };
      documents.set(app, d);
    }
    return d;
  };
  r.get('/api/v1/openapi.json', (req, res) => {
    res.type('application/json').send(documentOf(req.app as Express).json);
  });
  r.get('/docs', (req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(documentOf(req.app as Express).html);
  });
  r.get('/metrics', async (req, res) => {
    checkMetricsAccess(req, c.config.metricsToken);
    res.setHeader('Cache-Control', 'no-store');
    res.type(metricsContentType()).send(await renderMetrics());
  });
  return r;
}

/**
 * Scrape-time gauges read from one container. Declared outside `opsRoutes` so the sources capture
 * only the weak reference (a closure there would share the scope that holds the container): they
 * unregister themselves once its database is closed, so a process that starts several servers
 * (tests) neither keeps old containers alive nor sums stale ones.
 */
function registerContainerGauges(held: WeakRef<Container>): void {
  const gauge = (name: GaugeName, read: (live: Container) => number) => {
    const stop = registerGaugeSource(name, () => {
      const live = held.deref();
      if (!live?.db.open) {
        stop();
        return 0;
      }
      return read(live);
    });
  };
  gauge('brains', (live) => live.opsRepo.countBrains());
  gauge('pages', (live) => live.opsRepo.countPages());
  gauge('pending_writes', (live) => live.opsRepo.countPendingWrites());
  gauge('inbox_pending', (live) => live.opsRepo.countInboxItems(0));
  gauge('inbox_review', (live) => live.opsRepo.countInboxItems(1));
  gauge('embedding_queue_depth', (live) => live.brainsRepo.all().reduce((n, b) => n + live.embeddings.status(b).pending, 0));
}

function checkMetricsAccess(req: Request, token: string | null): void {
  if (token) {
    const given = bearerToken(req.headers.authorization);
    if (!given || !constantTimeEqual(given, token)) throw new UnauthorizedError('The metrics token is missing or wrong.', 'invalid_token');
    return;
  }
  if (!isLoopback(req.socket.remoteAddress)) {
    throw new ForbiddenError('Metrics are served to loopback callers only; set BRAINKEEP_METRICS_TOKEN to scrape remotely.', 'metrics_loopback_only');
  }
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
