// Errors are data: a stable snake_case `code`, an HTTP-ish `status`, a human `detail`
// and named `extras` that clients read (skills, partitions, allowed, currentVersion...).
// The HTTP adapter maps them to RFC 9457 problem+json in one place; MCP maps them to
// `isError` tool results. Nothing branches on a message string.

export type ErrorExtras = Record<string, unknown>;

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly extras: ErrorExtras;

  constructor(status: number, code: string, title: string, detail: string, extras: ErrorExtras = {}) {
    super(detail);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.title = title;
    this.extras = extras;
  }

  get detail(): string {
    return this.message;
  }

  toJSON(): Record<string, unknown> {
    return {
      type: `urn:brainkeep:problem:${this.code}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      code: this.code,
      ...this.extras,
    };
  }
}

export class BadRequestError extends AppError {
  constructor(detail: string, code = 'bad_request', extras: ErrorExtras = {}) {
    super(400, code, 'Bad request', detail, extras);
  }
}

export class ValidationError extends AppError {
  constructor(detail: string, errors: unknown[] = []) {
    super(400, 'validation_failed', 'The request is not valid', detail, errors.length ? { errors } : {});
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'A valid bearer token is required.', code = 'unauthorized') {
    super(401, code, 'Unauthorized', detail);
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = 'Your role does not allow this.', code = 'forbidden', extras: ErrorExtras = {}) {
    super(403, code, 'Forbidden', detail, extras);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, code = 'not_found') {
    super(404, code, 'Not found', `${what} was not found.`);
  }
}

export class ConflictError extends AppError {
  constructor(detail: string, code = 'conflict', extras: ErrorExtras = {}) {
    super(409, code, 'Conflict', detail, extras);
  }
}

export const PAGE_CONFLICT_MESSAGE = 'This page was changed by someone else. Reload and try again.';

export class PageConflictError extends ConflictError {
  constructor(currentVersion: number | null, currentToken: string | null) {
    super(PAGE_CONFLICT_MESSAGE, 'page_conflict', { currentVersion, currentToken });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(detail: string, limitBytes?: number) {
    super(413, 'payload_too_large', 'Payload too large', detail, limitBytes ? { limitBytes } : {});
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(detail: string, extras: ErrorExtras = {}) {
    super(415, 'unsupported_media_type', 'Unsupported media type', detail, extras);
  }
}

export class UnprocessableError extends AppError {
  constructor(detail: string, code = 'unprocessable', extras: ErrorExtras = {}) {
    super(422, code, 'Unprocessable', detail, extras);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate_limited', 'Too many requests', `Rate limit exceeded; retry in ${retryAfterSeconds} s.`, {
      retryAfter: retryAfterSeconds,
    });
  }
}

export class StorageUnavailableError extends AppError {
  constructor(detail: string) {
    super(503, 'storage_unavailable', 'Storage unavailable', detail);
  }
}

/** The data folder or database is full or read-only: writes are refused whole, reads go on. */
export class StorageFullError extends AppError {
  constructor(detail = 'The data folder is full; writes are refused until space is freed. Reads still work.') {
    super(507, 'storage_full', 'Storage full', detail);
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

const INTERNAL_DETAIL = 'Something went wrong on our side. The request was logged.';
function readOnlyDetail(what: string): string {
  return `The ${what} is read-only or full; writes are refused until it is writable with free space. Reads still work.`;
}

/**
 * The one map from anything thrown to an AppError, used by every surface (HTTP problem+json, MCP
 * tool errors, the git route's error text). Storage refusals (docs/operations.md, "Degraded
 * modes") carry their errno or SQLite code; body-parser errors their `type`. Anything else is an
 * internal error whose details stay in the log.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; code?: string; message?: string } | null | undefined;
  if (e?.type === 'entity.too.large') return new PayloadTooLargeError('The request body is larger than allowed.');
  if (e?.type === 'entity.parse.failed') return new BadRequestError('The request body is not valid JSON.', 'malformed_json');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return new BadRequestError('Unsupported body encoding.', 'bad_encoding');
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT' || e?.code === 'EFBIG') return new StorageFullError();
  // A read-only folder refuses writes the way a full one does: the same storage_full problem.
  if (e?.code === 'EROFS' || e?.code === 'EACCES' || e?.code === 'EPERM') return new StorageFullError(readOnlyDetail('data folder'));
  // better-sqlite3 puts SQLite's (extended) result code in `code`; the message is SQLite's prose.
  const sqlite = typeof e?.code === 'string' && e.code.startsWith('SQLITE_') ? e.code : '';
  if (sqlite.startsWith('SQLITE_FULL')) return new StorageFullError('The database is full; writes are refused until space is freed. Reads still work.');
  if (sqlite.startsWith('SQLITE_READONLY')) return new StorageFullError(readOnlyDetail('database'));
  if (sqlite.startsWith('SQLITE_IOERR') || sqlite.startsWith('SQLITE_CANTOPEN')) return new StorageUnavailableError('The database cannot write to disk (full or read-only); writes are refused. Reads still work.');
  if (e?.status === 404) return new NotFoundError('The resource');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new BadRequestError(e.message ?? 'Bad request.');
  return new AppError(500, 'internal_error', 'Internal error', INTERNAL_DETAIL);
}
