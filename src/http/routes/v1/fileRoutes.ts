// /api/v1/brains/{brainId}/files (CONTRACT "Files"): PUT raw bytes (or multipart), GET the bytes
// or the list, DELETE. Mounted after the authorization gate and before the JSON body parser: a
// JSON file is bytes to keep, not a request body. Thin: the files service decides.
import { Router, type Request } from 'express';
import type { Services } from '../../../container.js';
import { BadRequestError } from '../../../domain/errors.js';
import { deleteFileQuery, listFilesQuery } from '../../../domain/schemas/files.js';
import { validateQuery } from '../../../domain/validate.js';
import { sendFile } from '../../fileResponse.js';
import { actorOf } from '../../middleware/auth.js';
import { mayReadBody } from '../../middleware/authorizeFirst.js';
import { filePutOf, filePutPrecheck } from '../../filePutPrecheck.js';
import { multipartUpload, type StagedMulterFile } from '../../multipartUpload.js';
import { stringParam } from '../../params.js';

function requiredPath(req: Request): string {
  const path = stringParam(req.query.path, 'path');
  if (!path) throw new BadRequestError('The path query parameter is required.', 'missing_path');
  return path;
}

export function fileRoutes(c: Services): Router {
  const r = Router();
  const multipart = multipartUpload(c.inbox.staging);

  r.get('/brains/:brainId/files', async (req, res) => {
    const actor = actorOf(req);
    const path = stringParam(req.query.path, 'path');
    if (path) return void (await sendFile(req, res, c.files.read(actor, req.params.brainId, path), { download: stringParam(req.query.download, 'download') === '1' }));
    res.json(c.files.list(actor, req.params.brainId, validateQuery(listFilesQuery, req.query)));
  });

  // Everything that needs no body is checked first (filePutPrecheck); only then is the body read.
  // Staged multipart parts are removed by multipartUpload once the reply is over.
  r.put('/brains/:brainId/files', filePutPrecheck(c.files, { brainParam: 'brainId', mayRead: mayReadBody }), multipart, async (req, res) => {
    const { brainRef, path, expectedVersion, multipart: multi } = filePutOf(res);
    const parts = (req.files as StagedMulterFile[] | undefined) ?? [];
    try {
      const part = parts.find((f) => f.staged);
      if (multi && !part) throw new BadRequestError('The multipart body has no file part.', 'missing_file');
      const { file, created } = await c.files.put(actorOf(req), brainRef, {
        path,
        expectedVersion,
        ...(multi ? { stagedFile: part!.staged, contentType: part!.mimetype } : { body: req, contentType: req.headers['content-type'] ?? null }),
      });
      res.status(created ? 201 : 200).json(file);
    } catch (e) {
      if (!req.complete) res.setHeader('Connection', 'close');
      throw e;
    }
  });

  r.delete('/brains/:brainId/files', async (req, res) => {
    const q = validateQuery(deleteFileQuery, { ...req.query, path: requiredPath(req) });
    await c.files.delete(actorOf(req), req.params.brainId, q.path, q);
    res.status(204).end();
  });
  return r;
}
