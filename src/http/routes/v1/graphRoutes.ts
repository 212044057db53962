// /api/v1/brains/{brainId}/graph: backlinks, traverse, resolve, and the wanted (unresolved) targets.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';
import { backlinksQuery, traverseParamsSchema, wantedQuery, type BacklinksQuery, type WantedQuery } from '../../../domain/schemas/search.js';
import { validateQuery } from '../../../domain/validate.js';
import type { TraverseParams } from '../../../services/graphService.js';

export function graphRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/graph/backlinks', (req, res) => {
    const q = validateQuery(backlinksQuery, req.query);
    res.json(c.graph.backlinks(actorOf(req), req.params.brainId, q.path, { includeArchived: q.includeArchived }));
  });
  r.get('/brains/:brainId/graph/traverse', (req, res) => {
    res.json(c.graph.traverse(actorOf(req), req.params.brainId, validateQuery(traverseParamsSchema, req.query)));
  });
  r.post('/brains/:brainId/graph/resolve', (req, res) => {
    res.json(c.graph.resolve(actorOf(req), req.params.brainId, req.body));
  });
  r.get('/brains/:brainId/graph/wanted', (req, res) => {
    res.json(c.graph.wanted(actorOf(req), req.params.brainId, validateQuery(wantedQuery, req.query)));
  });
  return r;
}
