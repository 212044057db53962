// Bearer authentication: sets req.actor (anonymous when no token; 401 on a bad token).
import type { RequestHandler } from 'express';
import type { Actor } from '../../domain/actor.js';
import { UnauthorizedError } from '../../domain/errors.js';
import type { IdentityService } from '../../services/identityService.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      actor?: Actor;
      id?: string;
    }
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export function authenticate(identity: IdentityService): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      req.actor = req.actor ?? { kind: 'anonymous' };
      return next();
    }
    const token = bearerToken(header);
    if (!token) return next(new UnauthorizedError('The Authorization header must be "Bearer <token>".', 'invalid_token'));
    try {
      req.actor = identity.authenticateBearer(token);
      next();
    } catch (e) {
      next(e);
    }
  };
}

/** Refuse anonymous callers outright (routes with nothing public behind them). */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (!req.actor || req.actor.kind === 'anonymous') return next(new UnauthorizedError());
  next();
};

export function actorOf(req: { actor?: Actor }): Actor {
  return req.actor ?? { kind: 'anonymous' };
}
