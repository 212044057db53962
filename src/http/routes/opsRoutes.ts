// Operational endpoints: readiness (/readyz), Prometheus metrics (/metrics), the OpenAPI document
// (/api/v1/openapi.json, public, answered before the API's auth) and its HTML reference (/docs).
// Liveness (/healthz) stays in app.ts. /metrics on this port needs BRAINKEEP_METRICS_TOKEN as a
// bearer token; without a token it is refused to everyone. Loopback is not trusted: behind a
// reverse proxy every request arrives from loopback. BRAINKEEP_METRICS_PORT serves metrics on a
// listener of their own instead (src/http/metricsServer.ts), which the proxy never forwards to.
// /readyz says ready or not, which check failed and which database backend serves (with its
// extensions and whether vector search is on), nothing more: it is open to anyone, so it names no
// brain and counts nothing (the details go to the log).
import { Router, type Express, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Services } from '../../container.js';
import { SYSTEM_ACTOR } from '../../domain/actor.js';
import { AppError, ForbiddenError, UnauthorizedError } from '../../domain/errors.js';
import { registerGaugeSource, metricsContentType, renderMetrics, type GaugeName } from '../../metrics.js';
import { constantTimeEqual } from '../../services/secrets.js';
import { bearerToken } from '../middleware/auth.js';
import { sendProblem } from '../middleware/errors.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { renderDocsPage } from '../openapi/docsPage.js';
import { routeTable } from '../routeTable.js';

export class NotReadyError extends AppError {
  constructor(checks: unknown[], database?: unknown) {
    super(503, 'not_ready', 'Not ready', 'One or more readiness checks failed; the server log and `brainkeep doctor` say why.', database === undefined ? { checks } : { checks, database });
  }
}

export function opsRoutes(c: Services, log?: Logger): Router {
  registerContainerGauges(new WeakRef(c));

  const r = Router();
  r.get('/readyz', async (_req, res) => {
    const readiness = await c.health.readiness();
    const checks = readiness.checks.map((check) => ({ name: check.name, ok: check.ok }));
    // Which backend and whether vector search is on: a load balancer's operator sees a node on
    // PostgreSQL without pgvector (exact search only) here. No counts, no names, no URL.
    const { backend, extensions, vectorSearch, notice } = c.database;
    const database = { backend, extensions, vectorSearch, notice };
    res.setHeader('Cache-Control', 'no-store');
    if (!readiness.ready) {
      log?.warn({ checks: readiness.checks }, 'not ready');
      return sendProblem(res, new NotReadyError(checks, database));
    }
    res.json({ status: 'ready', checks, database });
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
    if (!c.config.metricsToken) {
      throw new ForbiddenError(
        c.config.metricsPort != null
          ? 'Metrics are served on their own port (BRAINKEEP_METRICS_PORT), not here; set BRAINKEEP_METRICS_TOKEN to scrape them on this port too.'
          : 'Metrics are off on this port; set BRAINKEEP_METRICS_TOKEN (a bearer token) or BRAINKEEP_METRICS_PORT (a port of their own).',
        'metrics_disabled',
      );
    }
    await sendMetrics(req, res, c.config.metricsToken);
  });
  return r;
}

/** The Prometheus text, after the bearer check when a token is configured. */
export async function sendMetrics(req: Request, res: Response, token: string | null): Promise<void> {
  if (token) {
    const given = bearerToken(req.headers.authorization);
    if (!given || !constantTimeEqual(given, token)) throw new UnauthorizedError('The metrics token is missing or wrong.', 'invalid_token');
  }
  res.setHeader('Cache-Control', 'no-store');
  res.type(metricsContentType()).send(await renderMetrics());
}

/**
 * Scrape-time gauges read from one container. Declared outside `opsRoutes` so the sources capture
 * only the weak reference (a closure there would share the scope that holds the container): they
 * unregister themselves once its database is closed, so a process that starts several servers
 * (tests) neither keeps old containers alive nor sums stale ones.
 */
function registerContainerGauges(held: WeakRef<Services>): void {
  type Counts = NonNullable<ReturnType<Services['health']['counts']>>;
  const gauge = (name: GaugeName, read: (live: Services, counts: Counts) => number) => {
    const stop = registerGaugeSource(name, () => {
      const live = held.deref();
      const counts = live?.health.counts();
      if (!live || !counts) {
        stop();
        return 0;
      }
      return read(live, counts);
    });
  };
  gauge('brains', (_live, n) => n.brains);
  gauge('pages', (_live, n) => n.pages);
  gauge('pending_writes', (_live, n) => n.pendingWrites);
  gauge('inbox_pending', (_live, n) => n.inboxPending);
  gauge('inbox_review', (_live, n) => n.inboxReview);
  gauge('embedding_queue_depth', (live) => live.access.visibleBrains(SYSTEM_ACTOR).reduce((n, b) => n + live.embeddings.status(b.brain).pending, 0));
}
