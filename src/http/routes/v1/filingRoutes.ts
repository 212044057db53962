// POST /api/v1/brains/{brainId}/inbox/{itemId}/file (Write; beyond SPEC): file one item now,
// optionally with a skill `{ skill }`; replies with the filing result (the item and the pages).
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';

export function filingRoutes(c: Services): Router {
  const r = Router();
  r.post('/brains/:brainId/inbox/:itemId/file', async (req, res) => {
    res.json(await c.filing.fileNow(actorOf(req), req.params.brainId, req.params.itemId, req.body ?? {}));
  });
  return r;
}
