// /api/v1/brains/{brainId}/members: list, grant, change role, remove (Admin or Owner).
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';

export function memberRoutes(c: Services): Router {
  const r = Router();
  r.get('/brains/:brainId/members', (req, res) => {
    res.json(c.members.list(actorOf(req), req.params.brainId));
  });
  r.post('/brains/:brainId/members', (req, res) => {
    const member = c.members.add(actorOf(req), req.params.brainId, req.body);
    res.status(201).location(`/api/v1/brains/${req.params.brainId}/members/${member.userId}`).json(member);
  });
  r.put('/brains/:brainId/members/:member', (req, res) => {
    res.json(c.members.update(actorOf(req), req.params.brainId, req.params.member, req.body));
  });
  r.delete('/brains/:brainId/members/:member', (req, res) => {
    c.members.remove(actorOf(req), req.params.brainId, req.params.member);
    res.status(204).end();
  });
  return r;
}
