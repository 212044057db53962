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
import { OPERATIONS, type Access } from '../openapi/operations.js';
import { stringParam } from '../params.js';
import { actorOf } from './auth.js';
import { namedBrain } from '../../domain/brainRef.js';

interface Gate {
  method: string;
  re: RegExp;
  params: string[];
  access: Access;
  key: string;
}

const MAY_READ_BODY = Symbol('brainkeep.mayReadBody');
/** Method and path pairs whose operation is kept (see authorizeFirst). */
const GATES_KEPT = 2_000;
/** Longer paths are matched every time (what is kept stays small whatever callers send). */
const KEY_CHARS_KEPT = 300;
type GatedRequest = Request & { [MAY_READ_BODY]?: boolean };

/** `/api/v1/brains/:brainId/pages` → a matcher capturing each `:param`. */
function compile(key: string, access: Access): Gate {
  const [method, template] = key.split(' ') as [string, string];
  const params: string[] = [];
  const re = template.replace(/[.+?^$()[\]|\\]/g, '\\$&').replace(/:([A-Za-z_$][\w$]*)/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { method, re: new RegExp(`^${re}/?$`, 'i'), params, access, key };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not a brain anyone has: the access check answers as for any unknown brain
  }
}

export function authorizeFirst(c: Services, mountPath = '/api/v1'): RequestHandler {
  const gates = Object.entries(OPERATIONS)
    .filter(([key]) => key.split(' ')[1]!.startsWith(`${mountPath}/`) || key.split(' ')[1] === mountPath)
    .map(([key, spec]) => compile(key, spec.access));

  /** Operations whose access is not "a role on the brain in the path": the service's own check, run early. */
  const special: Record<string, (req: Request) => void> = {
    'POST /api/v1/inbox': (req) => {
      const brain = stringParam(req.query.brain, 'brain');
      c.inbox.uploadTarget(actorOf(req), brain != null ? namedBrain(brain) : null);
    },
    'POST /api/v1/brains': (req) => c.brains.checkCanCreate(actorOf(req)),
  };

  // The operation each method and path is for (callers repeat their paths: an agent's searches all
  // go to one), so the gates are not tried again. Emptied when full.
  const found = new Map<string, { gate: Gate; values: string[] } | null>();

  return (req, _res, next) => {
    const actor = actorOf(req);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = `${req.baseUrl}${req.path}`;
    const key = `${method} ${path}`;
    let match = found.get(key);
    if (match === undefined) {
      match = null;
      for (const gate of gates) {
        if (gate.method !== method) continue;
        const m = gate.re.exec(path);
        if (m) {
          match = { gate, values: m.slice(1) };
          break;
        }
      }
      if (key.length <= KEY_CHARS_KEPT) {
        if (found.size >= GATES_KEPT) found.clear();
        found.set(key, match);
      }
    }
    try {
      if (!match) {
        // No such operation (it ends in 404): read nothing for a caller we do not know.
        (req as GatedRequest)[MAY_READ_BODY] = actor.kind !== 'anonymous';
        return next();
      }
      const { gate, values } = match;
      const brainAt = gate.params.indexOf('brainId');
      if (special[gate.key]) special[gate.key]!(req);
      else if (isRole(gate.access) && brainAt >= 0) c.access.require(actor, decoded(values[brainAt]!), gate.access);
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
