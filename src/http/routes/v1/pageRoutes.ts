// /api/v1/brains/{brainId}/pages (list, read, read a version, create/replace, patch, delete),
// /pages/timeline, /pages/move, /pages/history, /pages/revert and /changes. Thin: services decide.
import { Router, type Request } from 'express';
import type { Services } from '../../../container.js';
import { BadRequestError } from '../../../domain/errors.js';
import { changesQuery, historyQuery, listPagesQuery, readPageQuery, timelineQuery, deletePageQuery, type ChangesQuery, type DeletePageQuery, type HistoryQuery, type ListPagesQuery, type ReadPageQuery, type TimelineQuery } from '../../../domain/schemas/pages.js';
import { validateQuery } from '../../../domain/validate.js';
import { actorOf } from '../../middleware/auth.js';
import { stringParam } from '../../params.js';

function requiredPath(req: Request): string {
  const path = stringParam(req.query.path, 'path');
  if (!path) throw new BadRequestError('The path query parameter is required.', 'missing_path');
  return path;
}

export function pageRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/pages', async (req, res) => {
    const actor = actorOf(req);
    if (stringParam(req.query.path, 'path')) {
      const { path, version } = validateQuery(readPageQuery, req.query);
      return void res.json(version != null ? await c.pages.getVersion(actor, req.params.brainId, path, version) : c.pages.get(actor, req.params.brainId, path));
    }
    res.json(c.pages.list(actor, req.params.brainId, validateQuery(listPagesQuery, req.query)));
  });
  r.put('/brains/:brainId/pages', async (req, res) => {
    const { page, created } = await c.pages.put(actorOf(req), req.params.brainId, req.body);
    res.status(created ? 201 : 200).json(page);
  });
  r.patch('/brains/:brainId/pages', async (req, res) => {
    res.json(await c.pages.patch(actorOf(req), req.params.brainId, requiredPath(req), req.body));
  });
  r.delete('/brains/:brainId/pages', async (req, res) => {
    const q = validateQuery(deletePageQuery, { ...req.query, path: requiredPath(req) });
    await c.pages.delete(actorOf(req), req.params.brainId, q.path, q);
    res.status(204).end();
  });
  r.get('/brains/:brainId/pages/timeline', (req, res) => {
    const q = validateQuery(timelineQuery, { ...req.query, path: requiredPath(req) });
    res.json(c.pages.timeline(actorOf(req), req.params.brainId, q.path, q));
  });
  r.post('/brains/:brainId/pages/timeline', async (req, res) => {
    res.status(201).json(await c.pages.addTimelineEntry(actorOf(req), req.params.brainId, requiredPath(req), req.body));
  });
  r.post('/brains/:brainId/pages/move', async (req, res) => {
    res.json(await c.pages.move(actorOf(req), req.params.brainId, req.body));
  });
  r.get('/brains/:brainId/pages/history', async (req, res) => {
    const q = validateQuery(historyQuery, { ...req.query, path: requiredPath(req) });
    res.json(await c.pages.history(actorOf(req), req.params.brainId, q.path, q));
  });
  r.post('/brains/:brainId/pages/revert', async (req, res) => {
    const { page, created } = await c.pages.revert(actorOf(req), req.params.brainId, req.body);
    res.status(created ? 201 : 200).json(page);
  });
  r.get('/brains/:brainId/changes', (req, res) => {
    res.json(c.pages.changes(actorOf(req), req.params.brainId, validateQuery(changesQuery, req.query)));
  });
  return r;
}
