// /api/v1/inbox (default inbox) and /api/v1/brains/{brainId}/inbox: upload (JSON or multipart),
// list, one item, status, archive, partition. Thin: every rule lives in the inbox service.
import { Router, type Request } from 'express';
import type { Services } from '../../../container.js';
import type { UploadInput, UploadTarget } from '../../../services/inboxService.js';
import { actorOf } from '../../middleware/auth.js';
import { multipartUpload, uploadInputOf } from '../../multipartUpload.js';
import { stringParam } from '../../params.js';
import { listInboxQuery, type ListInboxQuery } from '../../../domain/schemas/inbox.js';
import { validateQuery } from '../../../domain/validate.js';
import { namedBrain } from '../../../domain/brainRef.js';

export function inboxRoutes(c: Services): Router {
  const r = Router();
  const multipart = multipartUpload(c.inbox.staging);

  /** Query hints fill what the body leaves open: `path` → targetFolder, `skill`, `partition`. */
  const withQueryHints = (req: Request, input: UploadInput): UploadInput => ({
    ...input,
    targetFolder: input.targetFolder ?? stringParam(req.query.path, 'path'),
    skill: input.skill ?? stringParam(req.query.skill, 'skill'),
    partition: input.partition ?? stringParam(req.query.partition, 'partition'),
  });

  // Whatever was staged and not kept (refusal, repeat, later file parts) is removed by multipartUpload.
  const upload = (req: Request, target: UploadTarget) => c.inbox.upload(actorOf(req), target, withQueryHints(req, uploadInputOf(req)), 'api');

  r.post('/inbox', multipart, async (req, res) => {
    const brain = stringParam(req.query.brain, 'brain');
    const reply = await upload(req, brain != null ? namedBrain(brain) : null);
    res.status(reply.status).json(reply.body);
  });

  r.post('/brains/:brainId/inbox', multipart, async (req, res) => {
    const reply = await upload(req, String(req.params.brainId));
    if (reply.status === 201) res.location(`/api/v1/brains/${reply.body.item.brainId}/inbox/${reply.body.item.id}`);
    res.status(reply.status).json(reply.body);
  });

  r.get('/brains/:brainId/inbox', (req, res) => {
    res.json(c.inbox.list(actorOf(req), req.params.brainId, validateQuery(listInboxQuery, req.query)));
  });

  r.get('/brains/:brainId/inbox/:itemId', (req, res) => {
    res.json(c.inbox.get(actorOf(req), req.params.brainId, req.params.itemId));
  });

  r.put('/brains/:brainId/inbox/:itemId/status', (req, res) => {
    res.json(c.inbox.updateStatus(actorOf(req), req.params.brainId, req.params.itemId, req.body));
  });

  r.post('/brains/:brainId/inbox/:itemId/archive', (req, res) => {
    res.json(c.inbox.archive(actorOf(req), req.params.brainId, req.params.itemId));
  });

  r.post('/brains/:brainId/inbox/:itemId/partition', (req, res) => {
    res.json(c.inbox.assignPartition(actorOf(req), req.params.brainId, req.params.itemId, req.body));
  });

  return r;
}
