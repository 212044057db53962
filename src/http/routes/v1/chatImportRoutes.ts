// POST /api/v1/brains/{brainId}/inbox/import?format=chatgpt|claude: a chat export (conversations.json
// or the export zip), as the raw body or a multipart file. Mounted before the API's JSON parser: the
// export is read as bytes (up to BRAINKEEP_IMPORT_MAX_MB), once the caller is authorized. Thin: the
// chat import service decides everything.
import express, { Router, type RequestHandler } from 'express';
import type { Services } from '../../../container.js';
import { AppError, PayloadTooLargeError } from '../../../domain/errors.js';
import type { ChatImportResult } from '../../../services/chatImportService.js';
import { actorOf } from '../../middleware/auth.js';
import { afterAuthorization } from '../../middleware/authorizeFirst.js';
import { multipartUpload, uploadInputOf } from '../../multipartUpload.js';
import { stringParam } from '../../params.js';

/**
 * 201 when something was created or revised, 200 when all were repeats; 207 when some conversations
 * failed and others were stored. When none could be stored it is the problem of the first failure,
 * carrying the whole result (`conversations` says why each failed).
 */
export function chatImportStatus(result: ChatImportResult): number {
  if (result.failed === 0) return result.created + result.revised > 0 ? 201 : 200;
  if (result.failed < result.conversations.length) return 207;
  const first = result.conversations.find((c) => c.error)!.error!;
  throw new AppError(first.status >= 400 ? first.status : 500, 'chat_import_failed', 'Chat import failed', `None of the ${result.failed} conversations was stored; the first failed with: ${first.detail}`, { ...result });
}

export function chatImportRoutes(c: Services): Router {
  const r = Router();
  const maxBytes = c.config.importMaxBytes;
  const parser = afterAuthorization(express.raw({ type: (req) => !(req.headers['content-type'] ?? '').startsWith('multipart/'), limit: maxBytes }));
  const raw: RequestHandler = (req, res, next) =>
    parser(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') {
        return next(new PayloadTooLargeError(`An export may be at most ${Math.round(maxBytes / (1024 * 1024))} MB (BRAINKEEP_IMPORT_MAX_MB).`, maxBytes));
      }
      next(err);
    });

  // The staged export (multipart) is removed by multipartUpload once the reply is over.
  r.post('/brains/:brainId/inbox/import', raw, multipartUpload(c.inbox.staging), async (req, res) => {
    const staged = req.is('multipart/form-data') ? uploadInputOf(req).stagedFile : undefined;
    const result = await c.chatImports.import(actorOf(req), String(req.params.brainId), stringParam(req.query.format, 'format'), {
      bytes: Buffer.isBuffer(req.body) ? req.body : undefined,
      stagedFile: staged,
    });
    res.status(chatImportStatus(result)).json(result);
  });
  return r;
}
