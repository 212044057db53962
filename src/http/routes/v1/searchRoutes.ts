// /api/v1/brains/{brainId}/search (hybrid, exact, semantic) and /search/status (embedding progress).
import { Router, type Request, type Response } from 'express';
import type { Services } from '../../../container.js';
import { searchParamsSchema } from '../../../domain/schemas/search.js';
import { validateQuery } from '../../../domain/validate.js';
import type { SearchParams } from '../../../services/searchService.js';
import { actorOf } from '../../middleware/auth.js';
import { searchParamsFromQuery } from '../../../services/searchService.js';

/**
 * The search's JSON text as the response, written once with its headers. res.type + res.send
 * looked the type up (mime-types), parsed and formatted it again to add the charset, and turned a
 * text of 1,000 characters or more into a Buffer, which Node then writes beside its headers
 * (writev) instead of in one string. A conditional request (If-None-Match, If-Modified-Since)
 * still goes through res.send, which decides whether it is fresh as before.
 */
function sendJsonText(req: Request, res: Response, json: string): void {
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) {
    res.type('application/json').send(json);
    return;
  }
  res.writeHead(res.statusCode, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

export function searchRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/search', async (req, res) => {
    // REST spellings (`tag`, `fm.<key>`; anything else unknown is refused) become the search tool's
    // parameters, which its schema (domain/schemas/search.ts) checks: the same limits, the same refusals.
    const { tag, ...named } = searchParamsFromQuery(req.query);
    const tags = [tag, named.tags].flat().filter((t) => t != null);
    // Exact searches may run on a search thread, which answers the JSON text res.json would send.
    const json = await c.searchThreads.searchJson(actorOf(req), req.params.brainId, validateQuery(searchParamsSchema, { ...named, ...(tags.length ? { tags } : {}) }));
    sendJsonText(req, res, json);
  });
  r.get('/brains/:brainId/search/status', async (req, res) => {
    res.json(await c.search.status(actorOf(req), req.params.brainId));
  });
  return r;
}
