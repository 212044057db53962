// `{base_url}/git/{slug-or-id}.git/...`: git's smart HTTP protocol (clone, fetch, push).
// Auth is HTTP Basic with a token as the password (any user name) or a Bearer header. A caller
// who has not authenticated and cannot proceed gets 401 with a Basic challenge so git asks for
// credentials; an authenticated caller gets 404 for a brain it cannot see (never revealing a
// Private brain) and 403 for too low a role. Errors are text/plain, which git prints to the
// user as `remote: ...` lines. Request bodies are never parsed here: they stream to git.
// Rate limits: the caller's one shared budget (src/http/middleware/rateLimit.ts).
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import type { Actor } from '../domain/actor.js';
import { toAppError, UnauthorizedError } from '../domain/errors.js';
import type { GitHttpRequest, GitOperation } from '../services/gitRemoteService.js';
import { callerKey, charge, type RateLimits } from '../http/middleware/rateLimit.js';

const ROUTE = /^\/([^/]+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack)$/;
export const BASIC_CHALLENGE = 'Basic realm="Brainkeep"';

export function gitHttpRoutes(c: Services, log: Logger, limits: RateLimits): Router {
  const router = Router();

  router.use(async (req, res) => {
    const m = ROUTE.exec(req.path);
    if (!m) return sendText(res, 404, 'Not found. Brainkeep serves git over smart HTTP at /git/<brain>.git.');
    const brainRef = m[1]!;
    const endpoint = m[2]!;
    const service = typeof req.query.service === 'string' ? req.query.service : null;
    let op: GitOperation;
    if (endpoint === 'info/refs') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.');
      if (service !== 'git-upload-pack' && service !== 'git-receive-pack') {
        return sendText(res, 403, 'Brainkeep speaks the smart HTTP protocol only; use git 1.6.6 or newer.');
      }
      op = service === 'git-receive-pack' ? 'push' : 'read';
    } else {
      if (req.method !== 'POST') return sendText(res, 405, 'Method not allowed.');
      op = endpoint === 'git-receive-pack' ? 'push' : 'read';
    }

    let actor: Actor = { kind: 'anonymous' };
    try {
      actor = authenticate(c, req.headers.authorization);
      // A clone, fetch or push is one request of the caller's shared budget, taken on its ref
      // advertisement; the pack requests that follow draw from the larger git budget.
      const key = callerKey(actor, req.ip);
      if (endpoint === 'info/refs') charge(limits, res, key, limits.api);
      else charge(limits, res, `git:${key}`, limits.git);
      const access = c.gitRemote.authorize(actor, brainRef, op);
      const backendReq: GitHttpRequest = {
        method: req.method === 'POST' ? 'POST' : 'GET',
        pathInfo: endpoint,
        queryString: queryStringOf(req),
        contentType: req.headers['content-type'],
        contentLength: req.headers['content-length'] != null ? Number(req.headers['content-length']) : undefined,
        contentEncoding: req.headers['content-encoding'],
        gitProtocol: header(req, 'git-protocol'),
        remoteAddr: req.ip,
        body: req.method === 'POST' ? req : null,
      };
      if (endpoint === 'git-receive-pack') {
        const pushed = await c.gitRemote.receivePack(actor, access, backendReq);
        res.status(pushed.status);
        for (const [k, v] of pushed.headers) res.setHeader(k, v);
        res.setHeader('Content-Length', String(pushed.body.length));
        res.end(pushed.body);
        if (pushed.changes.length) log.info({ brainId: access.brain.id, pages: pushed.changes.length }, 'git push indexed');
        return;
      }
      const out = await c.gitRemote.serve(actor, access.brain, backendReq);
      res.status(out.status);
      for (const [k, v] of out.headers) res.setHeader(k, v);
      res.on('close', () => {
        if (!res.writableFinished) out.kill();
      });
      out.body.pipe(res);
      void out.exited.then(({ code, stderr }) => {
        if (code !== 0) log.warn({ brainId: access.brain.id, endpoint, code, stderr: stderr.slice(0, 2000) }, 'git upload-pack or http-backend failed');
      });
    } catch (e) {
      sendError(res, actor, e, log, endpoint === 'git-receive-pack');
    }
  });
  return router;
}

/** Basic (token as password, or as user name when the password is empty) or Bearer. */
function authenticate(c: Services, header: string | undefined): Actor {
  if (!header) return { kind: 'anonymous' };
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    const token = password || user;
    if (!token) throw new UnauthorizedError('Use a Brainkeep token as the password.', 'invalid_token');
    return c.identity.authenticateBearer(token);
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return c.identity.authenticateBearer(bearer[1]!);
  throw new UnauthorizedError('Use HTTP Basic with a Brainkeep token as the password, or a Bearer token.', 'invalid_token');
}

function sendError(res: Response, actor: Actor, e: unknown, log: Logger, pushing: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const problem = toAppError(e);
  // Anyone unauthenticated is asked for credentials, whether the brain is missing, Private or
  // just needs a higher role: the answer must not tell which.
  if (problem.status === 401 || (actor.kind === 'anonymous' && (problem.status === 403 || problem.status === 404))) {
    res.setHeader('WWW-Authenticate', BASIC_CHALLENGE);
    const detail = problem.status === 401 ? problem.message : 'Authentication required: use a Brainkeep token as the password.';
    return sendText(res, 401, detail);
  }
  if (problem.status >= 500) log.error({ err: e }, 'git request failed');
  const line = `${problem.code}: ${problem.message}`;
  if (pushing && problem.status >= 500) {
    // A push's answer is read as side-band pkt-lines (git asks for side-band-64k): band 3 is the
    // fatal error that `git push` prints as "remote: ...".
    const pkt = `\x03${line}\n`;
    res.status(200).setHeader('Content-Type', 'application/x-git-receive-pack-result');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(`${(Buffer.byteLength(pkt) + 4).toString(16).padStart(4, '0')}${pkt}`);
    return;
  }
  sendText(res, problem.status, problem.status >= 500 ? line : problem.message);
}

function sendText(res: Response, status: number, message: string): void {
  res.status(status).setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(`${message}\n`);
}

function queryStringOf(req: Request): string {
  const i = req.originalUrl.indexOf('?');
  return i < 0 ? '' : req.originalUrl.slice(i + 1);
}

function header(req: Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}
