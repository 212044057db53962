// /api/v1/brains/{brainId}/search (hybrid, exact, semantic) and /search/status (embedding progress).
import { Router } from 'express';
import type { Container } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';
import { searchParamsFromQuery } from '../../../services/searchService.js';

export function searchRoutes(c: Container): Router {
  const r = Router();
  r.get('/brains/:brainId/search', async (req, res) => {
    res.json(await c.search.search(actorOf(req), req.params.brainId, searchParamsFromQuery(req.query)));
  });
  r.get('/brains/:brainId/search/status', async (req, res) => {
    res.json(await c.search.status(actorOf(req), req.params.brainId));
  });
  return r;
}
