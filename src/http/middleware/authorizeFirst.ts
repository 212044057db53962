// Order of checks (CONTRACT "Second wave"): authentication, then authorization, then the body.
// In the /api/v1 router this runs after bearer authentication and before every body parser (JSON
// here, multipart in the inbox routes): it finds the operation a request is for in OPERATIONS (the
// table the OpenAPI document and its route-table test are built from), checks the caller against
// that operation's access on the brain in the path, and only then lets the body be read. The
// services check again, as always; this gate only makes sure nothing is read for a caller who
// would be refused. A request for no known operation has its body read only for a known caller.
import express, { type Request, type RequestHandler } from 'express';
import type { Services } from '../../container.js';
import { UnauthorizedError } from '../../domain/errors.js';
import { isRole } from '../../domain/roles.js';
import { OPERATIONS } from '../openapi/operations.js';
import { stringParam } from '../params.js';
import { RouteMatcher } from '../routeTable.js';
import { actorOf } from './auth.js';
import { namedBrain } from '../../domain/brainRef.js';

const MAY_READ_BODY = Symbol('brainkeep.mayReadBody');
type GatedRequest = Request & { [MAY_READ_BODY]?: boolean };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not a brain anyone has: the access check answers as for any unknown brain
  }
}

export function authorizeFirst(c: Services, mountPath = '/api/v1'): RequestHandler {
  // The operation a request is for, by method and path (the same matcher as the metrics' route labels).
  const gates = new RouteMatcher(() =>
    Object.entries(OPERATIONS)
      .map(([key, spec]) => ({ key, method: key.split(' ')[0]!, path: key.split(' ')[1]!, access: spec.access }))
      .filter((op) => op.path.startsWith(`${mountPath}/`) || op.path === mountPath)
      .map((op) => ({ method: op.method, path: op.path, value: { key: op.key, access: op.access } })),
  );

  /** Operations whose access is not "a role on the brain in the path": the service's own check, run early. */
  const special: Record<string, (req: Request) => void> = {
    'POST /api/v1/inbox': (req) => {
      const brain = stringParam(req.query.brain, 'brain');
      c.inbox.uploadTarget(actorOf(req), brain != null ? namedBrain(brain) : null);
    },
    'POST /api/v1/brains': (req) => c.brains.checkCanCreate(actorOf(req)),
  };

  return (req, _res, next) => {
    const actor = actorOf(req);
    const match = gates.match(req.method, `${req.baseUrl}${req.path}`);
    try {
      if (!match) {
        // No such operation (it ends in 404): read nothing for a caller we do not know.
        (req as GatedRequest)[MAY_READ_BODY] = actor.kind !== 'anonymous';
        return next();
      }
      const { value: gate, params } = match;
      const brain = params.brainId;
      if (special[gate.key]) special[gate.key]!(req);
      else if (isRole(gate.access) && brain !== undefined) c.access.require(actor, decoded(brain), gate.access);
      else if (gate.access !== 'none' && actor.kind === 'anonymous') throw new UnauthorizedError();
      (req as GatedRequest)[MAY_READ_BODY] = true;
      next();
    } catch (e) {
      next(e);
    }
  };
}

/** A body parser that reads only what authorizeFirst let through; otherwise the body stays unread. */
export function afterAuthorization(parser: RequestHandler): RequestHandler {
  return (req, res, next) => ((req as GatedRequest)[MAY_READ_BODY] ? parser(req, res, next) : next());
}

/** JSON bodies of the API, read once the caller is authorized. */
export function authorizedJson(limit: string): RequestHandler {
  return afterAuthorization(express.json({ limit, type: ['application/json', 'application/*+json'] }));
}

/** Whether authorizeFirst let this request's body be read (the multipart parser asks too). */
export function mayReadBody(req: Request): boolean {
  return (req as GatedRequest)[MAY_READ_BODY] === true;
}
