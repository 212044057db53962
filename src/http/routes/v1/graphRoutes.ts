// /api/v1/brains/{brainId}/graph: backlinks, traverse, resolve, and the wanted (unresolved) targets.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';
import { LIMITS } from '../../../domain/limits.js';
import { boolParam, intParam, listParam, stringParam } from '../../params.js';

export function graphRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/graph/backlinks', (req, res) => {
    res.json(
      c.graph.backlinks(actorOf(req), req.params.brainId, stringParam(req.query.path, 'path') ?? '', {
        includeArchived: boolParam(req.query.includeArchived, 'includeArchived'),
      }),
    );
  });
  r.get('/brains/:brainId/graph/traverse', (req, res) => {
    const q = req.query;
    res.json(
      c.graph.traverse(actorOf(req), req.params.brainId, {
        path: stringParam(q.path, 'path') ?? '',
        depth: stringParam(q.depth, 'depth'),
        limit: stringParam(q.limit, 'limit'),
        direction: stringParam(q.direction, 'direction'),
        includeArchived: boolParam(q.includeArchived, 'includeArchived'),
        type: listParam(q.type, 'type'),
      }),
    );
  });
  r.post('/brains/:brainId/graph/resolve', (req, res) => {
    res.json(c.graph.resolve(actorOf(req), req.params.brainId, req.body));
  });
  r.get('/brains/:brainId/graph/wanted', (req, res) => {
    res.json(c.graph.wanted(actorOf(req), req.params.brainId, { limit: intParam(req.query.limit, 'limit', 1, LIMITS.wanted) ?? undefined }));
  });
  return r;
}
