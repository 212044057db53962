// The one place errors become RFC 9457 problem+json.
import type { ErrorRequestHandler, Response } from 'express';
import { AppError, BadRequestError, NotFoundError, PayloadTooLargeError, StorageUnavailableError, UnauthorizedError } from '../../domain/errors.js';
import type { Logger } from 'pino';

export function sendProblem(res: Response, err: AppError): void {
  if (err.status === 401 && !res.getHeader('WWW-Authenticate')) res.setHeader('WWW-Authenticate', 'Bearer realm="Brainkeep"');
  res.status(err.status).type('application/problem+json').send(JSON.stringify(err.toJSON()));
}

/** Map errors thrown anywhere (services, body parsers, storage) to problem+json. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const problem = toAppError(err);
    // An anonymous caller who cannot see a brain is asked to authenticate rather than told it is missing.
    if (req.actor?.kind === 'anonymous' && (problem.code === 'brain_not_found' || problem.status === 403)) {
      return sendProblem(res, new UnauthorizedError());
    }
    if (problem.status >= 500) log.error({ err, reqId: req.id }, 'request failed');
    if (res.headersSent) return res.end();
    sendProblem(res, problem);
  };
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; code?: string; message?: string };
  if (e?.type === 'entity.too.large') return new PayloadTooLargeError('The request body is larger than allowed.');
  if (e?.type === 'entity.parse.failed') return new BadRequestError('The request body is not valid JSON.', 'malformed_json');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return new BadRequestError('Unsupported body encoding.', 'bad_encoding');
  // Storage refusals (docs/operations.md, "Degraded modes"): writes fail whole, reads go on.
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT' || e?.code === 'EFBIG') return new StorageUnavailableError('The data folder is full; writes are refused until space is freed. Reads still work.', 507);
  if (e?.code === 'EROFS' || e?.code === 'EACCES' || e?.code === 'EPERM') return new StorageUnavailableError('The data folder is read-only; writes are refused. Reads still work.', 503);
  // better-sqlite3 puts SQLite's (extended) result code in `code`; the message is SQLite's prose.
  const sqlite = typeof e?.code === 'string' && e.code.startsWith('SQLITE_') ? e.code : '';
  if (sqlite.startsWith('SQLITE_FULL')) return new StorageUnavailableError('The database is full; writes are refused until space is freed. Reads still work.', 507);
  if (sqlite.startsWith('SQLITE_READONLY')) return new StorageUnavailableError('The database is read-only; writes are refused. Reads still work.', 503);
  if (sqlite.startsWith('SQLITE_IOERR') || sqlite.startsWith('SQLITE_CANTOPEN')) return new StorageUnavailableError('The database cannot write to disk (full or read-only); writes are refused. Reads still work.', 503);
  if (e?.status === 404) return new NotFoundError('The resource');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new BadRequestError(e.message ?? 'Bad request.');
  return new AppError(500, 'internal_error', 'Internal error', 'Something went wrong on our side. The request was logged.');
}
