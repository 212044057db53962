// POST /api/ingest/{brainId}: webhook deliveries. Mounted outside /api/v1 (no JSON parser, no
// bearer auth): the raw bytes are the item and the HMAC covers exactly them. The source's own
// secret authenticates; its guard rules and the size cap are the sources service's business.
import express, { Router } from 'express';
import type { Container } from '../../container.js';
import { MAX_MULTIPART_UPLOAD_BYTES } from '../../domain/schemas/inbox.js';

/** No source may accept more than a multipart upload; a source's own cap is checked after authentication. */
export const WEBHOOK_BODY_LIMIT = MAX_MULTIPART_UPLOAD_BYTES;

export function ingestRoutes(c: Container): Router {
  const r = Router();
  r.post('/:brainId', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const reply = await c.sources.deliver(req.params.brainId, req.headers, req.query as Record<string, unknown>, body);
    res.status(reply.status).json(reply.body);
  });
  return r;
}
