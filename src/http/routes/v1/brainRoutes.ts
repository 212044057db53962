// /api/v1/brains: list, create, get, change settings (name, slug, visibility, embedding), delete
// (to the trash, with ?confirm=<slug>), schema, instructions.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf, requireSignedIn } from '../../middleware/auth.js';
import { stringParam } from '../../params.js';

export function brainRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains', requireSignedIn, (req, res) => {
    res.json({ brains: c.brains.list(actorOf(req)) });
  });
  r.post('/brains', requireSignedIn, async (req, res) => {
    const brain = await c.brains.create(actorOf(req), req.body);
    res.status(201).location(`/api/v1/brains/${brain.id}`).json(brain);
  });
  r.get('/brains/:brainId', (req, res) => {
    res.json(c.brains.get(actorOf(req), req.params.brainId));
  });
  r.patch('/brains/:brainId', (req, res) => {
    res.json(c.brains.update(actorOf(req), req.params.brainId, req.body));
  });
  r.delete('/brains/:brainId', async (req, res) => {
    await c.brains.delete(actorOf(req), req.params.brainId, stringParam(req.query.confirm, 'confirm'));
    res.status(204).end();
  });
  r.get('/brains/:brainId/schema', async (req, res) => {
    res.json(await c.brains.schema(actorOf(req), req.params.brainId));
  });
  r.get('/brains/:brainId/instructions', async (req, res) => {
    res.json(await c.brains.instructions(actorOf(req), req.params.brainId));
  });
  return r;
}
