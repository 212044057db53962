// /api/v1/brains/{brainId}/search (hybrid, exact, semantic) and /search/status (embedding progress).
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { searchParamsSchema } from '../../../domain/schemas/search.js';
import { validateQuery } from '../../../domain/validate.js';
import type { SearchParams } from '../../../services/searchService.js';
import { actorOf } from '../../middleware/auth.js';

export function searchRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/search', async (req, res) => {
    // The search tool's schema (domain/schemas/search.ts) checks the query: the same limits, the same refusals.
    res.json(await c.search.search(actorOf(req), req.params.brainId, validateQuery<SearchParams>(searchParamsSchema, req.query)));
  });
  r.get('/brains/:brainId/search/status', async (req, res) => {
    res.json(await c.search.status(actorOf(req), req.params.brainId));
  });
  return r;
}
