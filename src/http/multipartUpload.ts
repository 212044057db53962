// Multipart uploads (multer): the first file part wins and is streamed straight into the content
// store's temp folder while it is hashed; later file parts are drained unread. Over 50 MB the
// request fails with 413 and the partial file is removed. Text fields become upload hints.
// This module owns the staged parts: whatever a handler did not take (promote into the content
// store) is removed when the response is over, sent or failed, and a part cut off by a client that
// went away mid-upload is removed as it breaks off. Handlers never clean up after it.
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, BadRequestError, UnauthorizedError } from '../domain/errors.js';
import { mayReadBody } from './middleware/authorizeFirst.js';
import { MAX_MULTIPART_UPLOAD_BYTES } from '../domain/schemas/inbox.js';
import type { ContentStore, StagedFile } from '../services/inboxService.js';
import type { UploadInput } from '../services/inboxService.js';

/** A part the storage engine kept: `staged` holds its temp file, the digest computed while streaming it, and its size. */
export type StagedMulterFile = Express.Multer.File & { staged?: StagedFile };

class StagingStorage implements multer.StorageEngine {
  constructor(private readonly store: ContentStore) {}

  _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<StagedMulterFile>) => void): void {
    const stage = this.store.stage();
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      void stage.abort().finally(() => cb(err));
    };
    file.stream.on('error', fail);
    stage.sink.on('error', fail);
    stage.sink.on('finish', () => {
      if (failed) return;
      stage.finish().then(
        (staged) => cb(null, { path: staged.tempPath, size: staged.size, staged }),
        fail,
      );
    });
    file.stream.pipe(stage.sink);
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    if (!file.path) return cb(null);
    this.store.discard(file.path).then(() => cb(null), cb);
  }
}

/**
 * Parses a multipart body when there is one; leaves JSON requests alone. `mayRead` says whether
 * the caller is known well enough to read a body (the API's authorizeFirst; the web app's session).
 */
export function multipartUpload(store: ContentStore, mayRead: (req: Request) => boolean = mayReadBody): RequestHandler {
  const upload = multer({
    storage: new StagingStorage(store),
    limits: { fileSize: MAX_MULTIPART_UPLOAD_BYTES, fields: 100, fieldSize: 1024 * 1024 },
    // First file wins: the others are refused by the filter, which drains them unread.
    fileFilter: (req, _file, cb) => {
      const r = req as Request & { fileTaken?: boolean };
      cb(null, !r.fileTaken && (r.fileTaken = true));
    },
  }).any();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    // Authorize first: a body the gate did not let through is never parsed or staged.
    if (!mayRead(req)) return next(new UnauthorizedError());
    discardWhenDone(store, req, res);
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new PayloadTooLargeError(`A multipart file may be at most ${MAX_MULTIPART_UPLOAD_BYTES / (1024 * 1024)} MB.`, MAX_MULTIPART_UPLOAD_BYTES));
        return next(new BadRequestError(`The multipart body is not acceptable: ${err.message}.`, 'invalid_multipart'));
      }
      // busboy's parse errors (truncated body, bad boundary) are plain Errors without a code: the
      // client's fault. Staging errors keep their errno code (ENOSPC...) and map to 507/503.
      if (!(err as { code?: unknown }).code) return next(new BadRequestError('The multipart body is malformed.', 'invalid_multipart'));
      next(err);
    });
  };
}

/** How long parts wait for a handler that never replies to a client that went away (then they go anyway). */
const ABANDONED_MS = 10 * 60_000;

/**
 * Remove the request's staged parts once its handler is done with them: when the reply is sent, or
 * when it fails. A part the handler took (promoted into the content store) is no longer in the temp
 * folder, and removing it is a no-op. A client that goes away before the reply does not pull the
 * parts from under a handler still at work: they go when it replies (to nobody), at the latest
 * after ABANDONED_MS.
 */
function discardWhenDone(store: ContentStore, req: Request, res: Response): void {
  let done = false;
  const discard = () => {
    if (done) return;
    done = true;
    void discardStaged(store, req);
  };
  res.once('finish', discard);
  res.once('close', () => {
    if (res.writableEnded) return discard();
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<Response['end']>) => {
      const r = end(...args);
      discard();
      return r;
    }) as Response['end'];
    setTimeout(discard, ABANDONED_MS).unref();
  });
}

/** Remove every part staged for this request (a part multer removed itself is simply gone). */
async function discardStaged(store: ContentStore, req: Request): Promise<void> {
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  await Promise.all(files.filter((f) => f.path).map((f) => store.discard(f.path).catch(() => undefined)));
}

const TEXT_FIELDS = ['filename', 'content', 'contentType', 'externalId', 'targetFolder', 'skill', 'canonicalUrl', 'provider', 'providerItemId', 'version', 'partition', 'senders'] as const;

/** The upload input of a request: JSON body, or multipart fields plus the staged first file. */
export function uploadInputOf(req: Request): UploadInput {
  const files = (req.files as StagedMulterFile[] | undefined) ?? [];
  const file = files.find((f) => f.staged);
  if (!req.is('multipart/form-data')) return (req.body ?? {}) as UploadInput;
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const input: UploadInput = {};
  for (const name of TEXT_FIELDS) {
    const v = fields[name];
    if (v == null) continue;
    if (typeof v !== 'string') throw new BadRequestError(`The form field ${name} must be given once.`, 'invalid_multipart');
    input[name] = v;
  }
  if (file) {
    input.stagedFile = file.staged;
    input.filename ??= file.originalname;
    input.contentType ??= file.mimetype;
  }
  return input;
}
