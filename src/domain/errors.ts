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
  constructor(detail: string, status: 503 | 507 = 503) {
    super(status, status === 507 ? 'insufficient_storage' : 'storage_unavailable', 'Storage unavailable', detail);
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
