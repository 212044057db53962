// /api/v1/brains/{brainId}/partitions: list, get, create, update, archive, restore, import, purge.
import { Router } from 'express';
import type { Services } from '../../../container.js';
import { actorOf } from '../../middleware/auth.js';
import { boolParam } from '../../params.js';
import { listPartitionsQuery, type ListPartitionsQuery } from '../../../domain/schemas/partitions.js';
import { validateQuery } from '../../../domain/validate.js';

export function partitionRoutes(c: Services): Router {
  const r = Router();
  const base = '/brains/:brainId/partitions';

  r.get(base, (req, res) => {
    res.json(c.partitions.list(actorOf(req), req.params.brainId, validateQuery(listPartitionsQuery, req.query)));
  });

  r.post(base, async (req, res) => {
    const partition = await c.partitions.create(actorOf(req), req.params.brainId, req.body);
    res.status(201).location(`/api/v1/brains/${req.params.brainId}/partitions/${partition.key}`).json(partition);
  });

  // Before `/:key` so "import" is never read as a key.
  r.post(`${base}/import`, async (req, res) => {
    const result = await c.partitions.import(actorOf(req), req.params.brainId, req.body);
    res.status(result.created.length ? 201 : 200).json(result);
  });

  r.get(`${base}/:key`, (req, res) => {
    res.json(c.partitions.get(actorOf(req), req.params.brainId, req.params.key));
  });

  r.put(`${base}/:key`, async (req, res) => {
    res.json(await c.partitions.update(actorOf(req), req.params.brainId, req.params.key, req.body));
  });

  r.post(`${base}/:key/archive`, (req, res) => {
    res.json(c.partitions.archive(actorOf(req), req.params.brainId, req.params.key));
  });

  r.post(`${base}/:key/restore`, (req, res) => {
    res.json(c.partitions.restore(actorOf(req), req.params.brainId, req.params.key));
  });

  r.delete(`${base}/:key`, async (req, res) => {
    await c.partitions.purge(actorOf(req), req.params.brainId, req.params.key, { purge: boolParam(req.query.purge, 'purge') });
    res.status(204).end();
  });

  return r;
}
