// /api/v1/brains/{brainId}/webhooks (outbound subscriptions, Admin) and /events (the live stream as
// Server-Sent Events, Read). Thin: the services decide; this file only speaks HTTP.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';
import { stringParam } from '../../params.js';
import { openEventStream } from '../../eventStreamResponse.js';

export function eventRoutes(c: Services): Router {
  const r = Router();
  const base = '/brains/:brainId/webhooks';

  r.get(base, (req, res) => {
    res.json(c.webhooks.list(actorOf(req), req.params.brainId));
  });

  r.post(base, async (req, res) => {
    const created = await c.webhooks.create(actorOf(req), req.params.brainId, req.body);
    res.status(201).location(`/api/v1/brains/${req.params.brainId}/webhooks/${created.id}`).json(created);
  });

  r.delete(`${base}/:webhookId`, (req, res) => {
    c.webhooks.delete(actorOf(req), req.params.brainId, req.params.webhookId);
    res.status(204).end();
  });

  r.get(`${base}/:webhookId/deliveries`, (req, res) => {
    res.json(c.webhooks.deliveries(actorOf(req), req.params.brainId, req.params.webhookId));
  });

  r.get('/brains/:brainId/events', (req, res) => {
    const lastEventId = req.headers['last-event-id'];
    const resume = (typeof lastEventId === 'string' && lastEventId.trim()) || stringParam(req.query.since, 'since');
    const stream = c.eventStreams.prepare(actorOf(req), req.params.brainId, resume || null);
    const open = stream.start(openEventStream(res));
    res.on('close', () => open.close());
  });

  return r;
}
