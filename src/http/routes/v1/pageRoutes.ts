// /api/v1/brains/{brainId}/pages: list, read, create/replace, delete.
import { Router } from 'express';
import type { Container } from '../../../container.js';
import { BadRequestError } from '../../../domain/errors.js';
import { actorOf } from '../../middleware/auth.js';
import { intParam, stringParam } from '../../params.js';

export function pageRoutes(c: Container): Router {
  const r = Router();
  r.get('/brains/:brainId/pages', (req, res) => {
    const actor = actorOf(req);
    const path = stringParam(req.query.path, 'path');
    if (path) return void res.json(c.pages.get(actor, req.params.brainId, path));
    res.json(
      c.pages.list(actor, req.params.brainId, {
        prefix: stringParam(req.query.prefix, 'prefix') ?? undefined,
        cursor: stringParam(req.query.cursor, 'cursor'),
        limit: intParam(req.query.limit, 'limit', 1, 1000) ?? undefined,
      }),
    );
  });
  r.put('/brains/:brainId/pages', async (req, res) => {
    const { page, created } = await c.pages.put(actorOf(req), req.params.brainId, req.body);
    res.status(created ? 201 : 200).json(page);
  });
  r.delete('/brains/:brainId/pages', async (req, res) => {
    const path = stringParam(req.query.path, 'path');
    if (!path) throw new BadRequestError('The path query parameter is required.', 'missing_path');
    await c.pages.delete(actorOf(req), req.params.brainId, path, {
      expectedVersion: intParam(req.query.expectedVersion, 'expectedVersion', 0) ?? undefined,
    });
    res.status(204).end();
  });
  return r;
}
