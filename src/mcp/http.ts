// MCP over Streamable HTTP at /mcp, stateless with JSON replies. The tool registry and one SDK
// server are built once, with the routes; a POST then costs a Host and Origin check against DNS
// rebinding (the base URL's host, loopback and BRAINKEEP_ALLOWED_HOSTS), bearer auth (service
// credentials and OAuth access tokens alike) before the body is read, and the call. A 401 points
// agents to the protected-resource metadata so they can start the OAuth flow. The one state kept is
// for resource subscriptions (subscriptions.ts): the initialize reply carries an `Mcp-Session-Id`,
// and `GET /mcp` with it is that session's notification stream.
import express, { Router, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import { AppError, UnauthorizedError } from '../domain/errors.js';
import { MCP_PATH, mcpResourceMetadataUrl, oauthAvailable } from '../services/oauthService.js';
import { dispatchDirectly, StatelessHttpTransport } from './httpTransport.js';
import { createMcpServer, type CallExtra } from './server.js';
import { mcpSubscriptions, SessionLimitError, type McpSession } from './subscriptions.js';
import type { ToolContext } from './tool.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
/** Tool calls carry at most a 10 MB decoded upload (~13.4 MB base64) plus JSON-RPC framing. */
const MCP_BODY_LIMIT = '14mb';
const KEEPALIVE_MS = 15_000;

/** The caller's context rides with each call as the transport's auth info. */
function contextOf(extra: CallExtra): ToolContext {
  const ctx = extra.authInfo?.extra?.ctx as ToolContext | undefined;
  if (!ctx) throw new Error('MCP call without an authenticated caller');
  return ctx;
}

/** The caller's subscription session (if its POST carried a live `Mcp-Session-Id`) rides along too. */
function sessionOf(extra: CallExtra): McpSession | null {
  return (extra.authInfo?.extra?.session as McpSession | null | undefined) ?? null;
}

export function mcpRoutes(c: Services, log: Logger, afterAuth: RequestHandler[] = []): Router {
  const subscriptions = mcpSubscriptions(c);
  const server = createMcpServer(contextOf);
  subscriptions.attach(server, sessionOf);
  const transport = new StatelessHttpTransport();
  const connected = server.connect(transport).then(() => {
    if (!dispatchDirectly(server, transport)) log.warn('MCP: this SDK version lacks the protocol handlers dispatchDirectly uses; its own (slower) dispatcher serves /mcp');
  });
  const r = Router();
  r.use(MCP_PATH, rebindingGuard(c));
  // Authentication before the body (CONTRACT "Order of checks"); each tool call then checks the
  // caller's role on the brain it names.
  r.post(MCP_PATH, authenticate(c), ...afterAuth, express.json({ limit: MCP_BODY_LIMIT }), async (req, res) => {
    const ctx: ToolContext = { c, actor: req.actor!, defaultBrain: null, log };
    // Subscriptions need a session: one is handed out with the initialize reply (subscriptions.ts).
    const initializing = [req.body].flat().some((m: unknown) => (m as { method?: unknown } | null)?.method === 'initialize');
    let session: McpSession | null;
    try {
      session = initializing ? subscriptions.open(req.actor!) : subscriptions.get(req.get('mcp-session-id'), req.actor!);
    } catch (err) {
      if (!(err instanceof SessionLimitError)) throw err;
      // The overall cap refuses the newcomer; nobody else's session is closed for it.
      log.warn({ reqId: req.id, limit: err.limit }, 'MCP session refused: the server is at its session limit');
      const id = [req.body].flat().find((m: unknown) => (m as { method?: unknown } | null)?.method === 'initialize')?.id ?? null;
      return void res.status(503).setHeader('Retry-After', '60').json({ jsonrpc: '2.0', error: { code: -32000, message: err.message }, id });
    }
    if (initializing && session) {
      res.setHeader('Mcp-Session-Id', session.id);
      // A refused initialize (bad batch, bad media type) leaves no session behind.
      res.once('finish', () => res.statusCode !== 200 && subscriptions.close(session.id));
    }
    try {
      await connected;
      await transport.handle(req, res, { token: '', clientId: req.actor!.kind, scopes: [], extra: { ctx, session } });
    } catch (err) {
      log.error({ err, reqId: req.id }, 'MCP request failed');
      if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  });
  // A session's notification stream (resource subscriptions); without a session there is none.
  const withSession: RequestHandler = (req, _res, next) => next(req.get('mcp-session-id') ? undefined : 'route');
  r.get(MCP_PATH, withSession, authenticate(c), ...afterAuth, (req, res) => {
    const session = subscriptions.get(req.get('mcp-session-id'), req.actor!);
    if (!session) return void res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found.' }, id: null });
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Mcp-Session-Id', session.id);
    res.flushHeaders();
    const notify = (n: object) => void res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...n })}\n\n`);
    // One stream per session: a new GET takes over, and the old stream ends rather than going quiet.
    session.endStream?.();
    session.notify = notify;
    const end = () => res.end();
    session.endStream = end;
    const keepAlive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const release = c.eventStreams.adopt(end);
    res.on('close', () => {
      clearInterval(keepAlive);
      release();
      if (session.notify === notify) session.notify = null;
      if (session.endStream === end) delete session.endStream;
    });
  });
  r.delete(MCP_PATH, withSession, authenticate(c), ...afterAuth, (req, res) => {
    const session = subscriptions.get(req.get('mcp-session-id'), req.actor!);
    if (!session) return void res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found.' }, id: null });
    subscriptions.close(session.id);
    res.status(200).end();
  });
  // Stateless otherwise: no server-initiated stream without a session, and no session to delete.
  r.all(MCP_PATH, (_req, res) => {
    res.status(405).setHeader('Allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  });
  return r;
}

/** Host and Origin must name this server: a page on another site cannot drive a local MCP server. */
function rebindingGuard(c: Services): RequestHandler {
  // Built once per base URL (start-up sets the bound port into it), not per request.
  let allowedFor = '';
  let allowed = new Set<string>();
  return (req, res, next) => {
    if (allowedFor !== c.config.baseUrl) {
      allowed = new Set([new URL(c.config.baseUrl).hostname.toLowerCase(), ...LOOPBACK, ...c.config.allowedHosts]);
      allowedFor = c.config.baseUrl;
    }
    const host = hostnameOf(req.headers.host ? `http://${req.headers.host}` : null);
    const origin = req.headers.origin;
    const originHost = origin && origin !== 'null' ? hostnameOf(origin) : null;
    if (!host || !allowed.has(host) || (origin && (!originHost || !allowed.has(originHost)))) {
      return void res.status(403).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Host or Origin not allowed.' }, id: null });
    }
    next();
  };
}

function hostnameOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function authenticate(c: Services): RequestHandler {
  return (req, res, next) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m) return unauthorized(c, res, new UnauthorizedError(), false);
    try {
      req.actor = c.identity.authenticateBearer(m[1]!);
      next();
    } catch (e) {
      if (e instanceof AppError && e.status === 401) return unauthorized(c, res, e, true);
      next(e);
    }
  };
}

function unauthorized(c: Services, res: Response, err: AppError, tokenGiven: boolean): void {
  const parts = ['Bearer realm="Brainkeep"'];
  if (tokenGiven) parts.push('error="invalid_token"', `error_description="${err.detail.replace(/"/g, "'")}"`);
  if (oauthAvailable(c.config.baseUrl)) parts.push(`resource_metadata="${mcpResourceMetadataUrl(c.config.baseUrl)}"`);
  res.setHeader('WWW-Authenticate', parts.join(', '));
  res.status(401).type('application/problem+json').send(JSON.stringify(err.toJSON()));
}
