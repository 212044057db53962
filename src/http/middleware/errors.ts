// The one place errors become RFC 9457 problem+json.
import type { ErrorRequestHandler, Response } from 'express';
import { toAppError, UnauthorizedError, type AppError } from '../../domain/errors.js';
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
