// /api/v1/brains/{brainId}/search (hybrid, exact, semantic) and /search/status (embedding progress).
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { searchParamsSchema } from '../../../domain/schemas/search.js';
import { validateQuery } from '../../../domain/validate.js';
import type { SearchParams } from '../../../services/searchService.js';
import { actorOf } from '../../middleware/auth.js';
import { searchParamsFromQuery } from '../../../services/searchService.js';

export function searchRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/search', async (req, res) => {
    // REST spellings (`tag`, `fm.<key>`; anything else unknown is refused) become the search tool's
    // parameters, which its schema (domain/schemas/search.ts) checks: the same limits, the same refusals.
    const { tag, ...named } = searchParamsFromQuery(req.query);
    const tags = [tag, named.tags].flat().filter((t) => t != null);
    // Exact searches may run on a search thread, which answers the JSON text res.json would send.
    const json = await c.searchThreads.searchJson(actorOf(req), req.params.brainId, validateQuery(searchParamsSchema, { ...named, ...(tags.length ? { tags } : {}) }));
    res.type('application/json').send(json);
  });
  r.get('/brains/:brainId/search/status', async (req, res) => {
    res.json(await c.search.status(actorOf(req), req.params.brainId));
  });
  return r;
}
