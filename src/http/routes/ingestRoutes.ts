// POST /api/ingest/{brainId}: webhook deliveries. Mounted outside /api/v1 (no JSON parser, no
// bearer auth): the raw bytes are the item and the HMAC covers exactly them. The source's own
// secret authenticates; its guard rules are the sources service's business.
//
// Order (CONTRACT.md, "Order of checks"): the client address's rate limit, then the headers
// (a shared secret names its source, which is then rate-limited, and its content types, sender
// domains and size cap are checked against the headers and Content-Length), and only then the
// body, read as it streams: counted against the cap and fed to the signature HMACs. The first
// refusal stops the reading, and the connection is closed rather than drained.
import { Router, type Request } from 'express';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Services } from '../../container.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain/errors.js';
import { MAX_MULTIPART_UPLOAD_BYTES } from '../../domain/schemas/inbox.js';
import { checkSize, type QueryBag } from '../../services/sourcesService.js';
import { charge, type RateLimits } from '../middleware/rateLimit.js';

/** No source may accept more than a multipart upload, whatever its own cap says. */
export const WEBHOOK_BODY_LIMIT = MAX_MULTIPART_UPLOAD_BYTES;

export function ingestRoutes(c: Services, limits: RateLimits): Router {
  const r = Router();
  r.post('/:brainId', async (req, res) => {
    try {
      charge(limits, res, `ingest-ip:${req.ip ?? 'unknown'}`, limits.ingestAddress);
      const pending = c.sources.openDelivery(req.params.brainId, req.headers, WEBHOOK_BODY_LIMIT);
      if (pending.source) charge(limits, res, `ingest-source:${pending.source.id}`, limits.ingestSource);
      // Signed: when no source the signature could match has a delivery left, do not read the body.
      else if (pending.candidateIds.every((id) => limits.store.available(`ingest-source:${id}`, limits.ingestSource) < 1)) {
        charge(limits, res, `ingest-source:${pending.candidateIds[0]!}`, limits.ingestSource);
      }
      const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const declared = req.headers['content-length'] != null ? Number(req.headers['content-length']) : null;
      if (encoding === 'identity' && declared != null && declared > pending.maxBytes) {
        if (pending.source) checkSize(pending.source, declared);
        throw new PayloadTooLargeError(`This delivery may carry at most ${pending.maxBytes} bytes.`, pending.maxBytes);
      }
      const body = await readBody(req, encoding, pending.maxBytes, (chunk) => pending.update(chunk));
      const source = pending.authenticate(body.length);
      if (!pending.source) charge(limits, res, `ingest-source:${source.id}`, limits.ingestSource);
      const reply = await c.sources.accept(pending, source, req.headers, req.query as QueryBag, body);
      res.status(reply.status).json(reply.body);
    } catch (e) {
      // Refused before the body was read: answer and close, so the rest is never read.
      if (!req.complete) res.setHeader('Connection', 'close');
      throw e;
    }
  });
  return r;
}

/**
 * The body as it streams, decoded (gzip, deflate, br), counted against `cap` and handed to
 * `onChunk` chunk by chunk. Past the cap it stops reading and fails with 413.
 */
function readBody(req: Request, encoding: string, cap: number, onChunk: (chunk: Buffer) => void): Promise<Buffer> {
  const stream = decoder(req, encoding);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (e: Error | null) => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      if (e) {
        if (stream !== req) {
          req.unpipe(stream as unknown as NodeJS.WritableStream);
          stream.destroy();
        }
        req.pause();
        reject(e);
      } else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) return finish(new PayloadTooLargeError(`This delivery may carry at most ${cap} bytes.`, cap));
      onChunk(chunk);
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => finish(null));
    stream.once('error', (e: Error) => finish(stream === req ? e : new BadRequestError(`The body could not be decoded as ${encoding}.`, 'bad_encoding')));
    req.once('aborted', () => finish(new BadRequestError('The client closed the connection before the body ended.', 'request_aborted')));
  });
}

function decoder(req: Request, encoding: string): Readable {
  switch (encoding) {
    case 'identity':
      return req;
    case 'gzip':
    case 'x-gzip':
      return req.pipe(zlib.createGunzip());
    case 'deflate':
      return req.pipe(zlib.createInflate());
    case 'br':
      return req.pipe(zlib.createBrotliDecompress());
    default:
      throw new UnsupportedMediaTypeError(`Content-Encoding ${encoding} is not supported; send identity, gzip, deflate or br.`);
  }
}
