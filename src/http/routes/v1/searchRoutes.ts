// /api/v1/brains/{brainId}/search (hybrid, exact, semantic) and /search/status (embedding progress).
import { Router } from 'express';
import type { Container } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';

export function searchRoutes(c: Container): Router {
  const r = Router();
  r.get('/brains/:brainId/search', async (req, res) => {
    const q = req.query;
    res.json(
      await c.search.search(actorOf(req), req.params.brainId, {
        q: q.q,
        mode: q.mode,
        limit: q.limit,
        folder: q.folder,
        partition: q.partition,
        includeArchived: q.includeArchived,
      }),
    );
  });
  r.get('/brains/:brainId/search/status', async (req, res) => {
    res.json(await c.search.status(actorOf(req), req.params.brainId));
  });
  return r;
}
