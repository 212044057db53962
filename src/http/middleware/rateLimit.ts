// Per-credential rate limiting (express-rate-limit): 429 with Retry-After and RateLimit-* headers.
import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { RateLimitedError } from '../../domain/errors.js';
import { actorRef } from '../../domain/actor.js';
import { sendProblem } from './errors.js';

export function perCredentialRateLimit(limitPerMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: limitPerMinute,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    keyGenerator: (req) => (req.actor && req.actor.kind !== 'anonymous' ? actorRef(req.actor) : `ip:${req.ip ?? 'unknown'}`),
    validate: { keyGeneratorIpFallback: false },
    handler: (_req, res, _next, options) => {
      const retry = Number(res.getHeader('Retry-After')) || Math.ceil(options.windowMs / 1000);
      res.setHeader('Retry-After', String(retry));
      sendProblem(res, new RateLimitedError(retry));
    },
  });
}
