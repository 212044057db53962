// The refuse-before-body check of a file upload, shared by the REST route (PUT /api/v1/brains/
// {brainId}/files) and the web app's upload (POST /app/b/{brain}/files/upload): everything that
// needs no body (the caller may read it, the role, the path, the declared type and Content-Length,
// and expectedVersion against the current version) is checked from the headers and the query before
// a byte of the body is read. A refusal is answered with `Connection: close`, so the rest of the
// body is never read. What it checked is left for the handler (filePutOf).
import type { Request, RequestHandler, Response } from 'express';
import { BadRequestError, UnauthorizedError, UnsupportedMediaTypeError } from '../domain/errors.js';
import type { FilesService } from '../services/filesService.js';
import { actorOf } from './middleware/auth.js';
import { putFileQuery } from '../domain/schemas/files.js';
import { validateQuery } from '../domain/validate.js';
import { stringParam } from './params.js';

export interface FilePut {
  /** The brain as the request named it (slug or id). */
  brainRef: string;
  /** The path as given (the service normalizes it again). */
  path: string;
  expectedVersion: number | undefined;
  multipart: boolean;
}

const CHECKED = 'brainkeepFilePut';

export interface FilePutPrecheckOpts {
  /** The route parameter naming the brain: `brainId` (REST) or `brain` (web app). */
  brainParam: string;
  /** Whether the caller is known well enough to read a body (the API's gate; the web app's session and CSRF). */
  mayRead: (req: Request) => boolean;
  /** Whether a multipart body (one file part) is taken too; otherwise it is refused (415) unread. */
  multipart?: boolean;
}

export function filePutPrecheck(files: FilesService, opts: FilePutPrecheckOpts): RequestHandler {
  return (req, res, next) => {
    try {
      if (!opts.mayRead(req)) throw new UnauthorizedError();
      const multipart = !!req.is('multipart/form-data');
      if (multipart && opts.multipart === false) throw new UnsupportedMediaTypeError('Send the file as the raw body, with its own Content-Type, not as a multipart form.');
      const path = stringParam(req.query.path, 'path');
      if (!path) throw new BadRequestError('The path query parameter is required.', 'missing_path');
      const { expectedVersion } = validateQuery(putFileQuery, { ...req.query, path });
      const length = req.headers['content-length'] != null ? Number(req.headers['content-length']) : null;
      const brainRef = String(req.params[opts.brainParam]);
      // A multipart body's type and size are the part's, known only once it is read.
      files.precheck(actorOf(req), brainRef, {
        path,
        contentType: multipart ? null : req.headers['content-type'],
        declaredSize: multipart || !Number.isFinite(length) ? null : length,
        expectedVersion,
      });
      const checked: FilePut = { brainRef, path, expectedVersion, multipart };
      res.locals[CHECKED] = checked;
      next();
    } catch (e) {
      // Refused before the body was read: answer and close, so the rest is never read.
      res.setHeader('Connection', 'close');
      next(e);
    }
  };
}

/** What filePutPrecheck checked for this request. */
export function filePutOf(res: Response): FilePut {
  const checked = res.locals[CHECKED] as FilePut | undefined;
  if (!checked) throw new Error('filePutPrecheck did not run before this handler');
  return checked;
}
