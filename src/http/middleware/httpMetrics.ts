// Count and time every request by method, route template and status (Prometheus). The label is
// the registered template (`/api/v1/brains/:brainId/pages`), never the raw path, so the number
// of series stays bounded whatever clients send.
import type { Express, RequestHandler } from 'express';
import { httpDuration, httpRequests, observeStage, requestTiming, requestTimingOpened, secondsSince } from '../../metrics.js';
import { routeLabeler } from '../routeTable.js';

export function httpMetrics(app: Express): RequestHandler {
  const label = routeLabeler(app);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const timing = { writeAnsweredAt: null as bigint | null };
    res.once('finish', () => {
      const labels = { method: req.method, route: label(req, res.statusCode), status: String(res.statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
      // A request that made a durable write: the time from its answer to the response sent.
      if (timing.writeAnsweredAt != null) observeStage('response', secondsSince(timing.writeAnsweredAt));
    });
    // A read (GET, HEAD, OPTIONS) makes no durable write: it runs outside the timing context, whose
    // async hooks would cost every promise of the request (search is the most frequent call). Any
    // other request turns them on for all while it is open (an MCP call, a clone's upload-pack POST).
    if (READS.has(req.method)) {
      next();
      return;
    }
    res.locals.requestTiming = timing;
    res.once('close', requestTimingOpened());
    requestTiming.run(timing, next);
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Enter the request's timing context again after a body parser: it calls `next` from the request
 * stream's events, outside the context `httpMetrics` entered, and the write would not find it.
 */
export const resumeRequestTiming: RequestHandler = (_req, res, next) => {
  const timing = res.locals.requestTiming as { writeAnsweredAt: bigint | null } | undefined;
  // Not after the response closed (a client gone while its body was read): the hooks, turned off
  // with the last request, would be turned on again with no request to turn them off.
  if (timing && !res.closed) requestTiming.run(timing, next);
  else next();
};
