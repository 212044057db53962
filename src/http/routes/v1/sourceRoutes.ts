// /api/v1/brains/{brainId}/sources: webhook ingest sources, Admin or Owner (not in SPEC; the web
// pages use them). The secret appears only in the create reply.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';

export function sourceRoutes(c: Services): Router {
  const r = Router();
  const base = '/brains/:brainId/sources';

  r.get(base, (req, res) => {
    res.json(c.sources.list(actorOf(req), req.params.brainId));
  });

  r.post(base, (req, res) => {
    const created = c.sources.create(actorOf(req), req.params.brainId, req.body);
    res.status(201).location(`/api/v1/brains/${req.params.brainId}/sources/${created.source.id}`).json(created);
  });

  r.get(`${base}/:sourceId`, (req, res) => {
    res.json(c.sources.get(actorOf(req), req.params.brainId, req.params.sourceId));
  });

  r.put(`${base}/:sourceId`, (req, res) => {
    res.json(c.sources.update(actorOf(req), req.params.brainId, req.params.sourceId, req.body));
  });

  r.delete(`${base}/:sourceId`, (req, res) => {
    c.sources.delete(actorOf(req), req.params.brainId, req.params.sourceId);
    res.status(204).end();
  });

  return r;
}
