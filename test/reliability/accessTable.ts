// ONE table of who may call which route (and with what request), shared by the auth matrix
// and the OpenAPI conformance test. A route missing here fails the auth matrix.
import type { Role } from '../../src/domain/roles.js';

/**
 * Access rules:
 * - Role: the brain comes from the URL; no/bad/revoked token → 401, another brain's credential → 404,
 *   a role below the minimum → 403, otherwise allowed (any status but 401/403/5xx, never brain_not_found).
 * - signedIn: any valid token → 2xx. userOnly: only people (OAuth, session, CLI) → credentials get 403.
 * - defaultInbox: the brain comes from the credential; Read → 403.
 * - sourceSecret: webhook deliveries authenticate with the source's secret; bearer tokens count for nothing → 401.
 * - mcp: any valid token is allowed at the transport (tools check roles themselves).
 * - open: no authentication at the route (liveness, readiness; /metrics checks its own token or is refused).
 * - webPage: the web app needs a signed-in session; a bearer token is none → never 2xx.
 * - webPublic: sign-in form, static assets, the landing redirect: any caller, never 5xx.
 * - methodNotAllowed: 405 whoever calls.
 */
export type Access = Role | 'signedIn' | 'userOnly' | 'defaultInbox' | 'sourceSecret' | 'mcp' | 'open' | 'webPage' | 'webPublic' | 'methodNotAllowed';

export interface Case {
  access: Access;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** For `ALL` routes: the method to call with. */
  method?: string;
}

const MCP_INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } } };

export const ACCESS_TABLE: Record<string, Case> = {
  'GET /healthz': { access: 'open' },
  'GET /readyz': { access: 'open' },
  'GET /metrics': { access: 'open' },
  'GET /api/v1/openapi.json': { access: 'open' },
  'GET /docs': { access: 'open' },

  'GET /api/v1/brains': { access: 'signedIn' },
  'POST /api/v1/brains': { access: 'userOnly', body: { slug: 'matrix-brain' } },
  'GET /api/v1/brains/:brainId': { access: 'Read' },
  'PATCH /api/v1/brains/:brainId': { access: 'Admin', body: { embeddingDimensions: 100 } },
  // A wrong confirm: the allowed caller gets 400 and the brain stays for the rest of the matrix.
  'DELETE /api/v1/brains/:brainId': { access: 'Owner', query: 'confirm=not-this-brain' },
  'GET /api/v1/brains/:brainId/schema': { access: 'Read' },
  'GET /api/v1/brains/:brainId/instructions': { access: 'Read' },

  'GET /api/v1/brains/:brainId/pages': { access: 'Read', query: 'path=notes/n0' },
  'PUT /api/v1/brains/:brainId/pages': { access: 'Write', body: { path: 'notes/matrix', markdown: '# Matrix\n' } },
  'PATCH /api/v1/brains/:brainId/pages': { access: 'Write', query: 'path=notes/n0', body: { operation: 'append', content: 'More.' } },
  'DELETE /api/v1/brains/:brainId/pages': { access: 'Write', query: 'path=notes/n3' },
  'GET /api/v1/brains/:brainId/files': { access: 'Read' },
  // A JSON file's bytes (the raw body is the file).
  'PUT /api/v1/brains/:brainId/files': { access: 'Write', query: 'path=data/matrix.json', body: { matrix: true } },
  'DELETE /api/v1/brains/:brainId/files': { access: 'Write', query: 'path=data/absent.json' },
  'GET /api/v1/brains/:brainId/pages/timeline': { access: 'Read', query: 'path=notes/n0' },
  'POST /api/v1/brains/:brainId/pages/timeline': { access: 'Write', query: 'path=notes/n0', body: { text: 'Checked.' } },
  'POST /api/v1/brains/:brainId/pages/move': { access: 'Write', body: { fromPath: 'notes/n1', toPath: 'notes/moved' } },
  'GET /api/v1/brains/:brainId/pages/history': { access: 'Read', query: 'path=notes/n0' },
  'POST /api/v1/brains/:brainId/pages/revert': { access: 'Write', body: { path: 'notes/n0', version: 1 } },
  'GET /api/v1/brains/:brainId/changes': { access: 'Read' },

  'GET /api/v1/brains/:brainId/search': { access: 'Read', query: 'q=note' },
  'GET /api/v1/brains/:brainId/search/status': { access: 'Read' },
  'GET /api/v1/brains/:brainId/graph/backlinks': { access: 'Read', query: 'path=notes/n0' },
  'GET /api/v1/brains/:brainId/graph/traverse': { access: 'Read', query: 'path=notes/n0&depth=2' },
  'POST /api/v1/brains/:brainId/graph/resolve': { access: 'Read', body: { refs: ['notes/n0', 'Note 2'] } },
  'GET /api/v1/brains/:brainId/graph/wanted': { access: 'Read' },

  'GET /api/v1/brains/:brainId/members': { access: 'Admin' },
  'POST /api/v1/brains/:brainId/members': { access: 'Admin', body: { email: 'bob@example.com', role: 'Read' } },
  'PUT /api/v1/brains/:brainId/members/:member': { access: 'Admin', body: { role: 'Write' } },
  'DELETE /api/v1/brains/:brainId/members/:member': { access: 'Admin' },

  'POST /api/v1/inbox': { access: 'defaultInbox', body: { filename: 'note.txt', content: 'Default inbox.' } },
  'POST /api/v1/brains/:brainId/inbox': { access: 'Write', body: { filename: 'note.txt', content: 'Brain inbox.', partition: 'globex' } },
  'GET /api/v1/brains/:brainId/inbox': { access: 'Read' },
  'POST /api/v1/brains/:brainId/inbox/import': { access: 'Write', query: 'format=claude', body: [] },
  'GET /api/v1/brains/:brainId/inbox/:itemId': { access: 'Read' },
  'PUT /api/v1/brains/:brainId/inbox/:itemId/status': { access: 'Write', body: { status: 3 } },
  'POST /api/v1/brains/:brainId/inbox/:itemId/archive': { access: 'Write' },
  'POST /api/v1/brains/:brainId/inbox/:itemId/partition': { access: 'Write', body: { key: 'globex' } },
  'POST /api/v1/brains/:brainId/inbox/:itemId/file': { access: 'Write', body: {} },

  'GET /api/v1/brains/:brainId/partitions': { access: 'Read' },
  'POST /api/v1/brains/:brainId/partitions': { access: 'Admin', body: { name: 'Initech' } },
  'POST /api/v1/brains/:brainId/partitions/import': { access: 'Admin', body: [{ name: 'Hooli' }] },
  'GET /api/v1/brains/:brainId/partitions/:key': { access: 'Read' },
  'PUT /api/v1/brains/:brainId/partitions/:key': { access: 'Admin', body: { name: 'Globex Corporation' } },
  'POST /api/v1/brains/:brainId/partitions/:key/archive': { access: 'Admin' },
  'POST /api/v1/brains/:brainId/partitions/:key/restore': { access: 'Admin' },
  'DELETE /api/v1/brains/:brainId/partitions/:key': { access: 'Owner', query: 'purge=true' },

  'GET /api/v1/brains/:brainId/sources': { access: 'Admin' },
  'POST /api/v1/brains/:brainId/sources': { access: 'Admin', body: { mode: 'secret', label: 'matrix' } },
  'GET /api/v1/brains/:brainId/sources/:sourceId': { access: 'Admin' },
  'PUT /api/v1/brains/:brainId/sources/:sourceId': { access: 'Admin', body: { label: 'renamed' } },
  'DELETE /api/v1/brains/:brainId/sources/:sourceId': { access: 'Admin' },

  'GET /api/v1/brains/:brainId/webhooks': { access: 'Admin' },
  'POST /api/v1/brains/:brainId/webhooks': { access: 'Admin', body: { url: 'http://127.0.0.1:9/matrix', events: ['page.put'] } },
  'DELETE /api/v1/brains/:brainId/webhooks/:webhookId': { access: 'Admin' },
  'GET /api/v1/brains/:brainId/webhooks/:webhookId/deliveries': { access: 'Admin' },
  // A bad resume point answers at once (an allowed caller gets 400, not an endless stream).
  'GET /api/v1/brains/:brainId/events': { access: 'Read', query: 'since=matrix' },

  'POST /api/ingest/:brainId': { access: 'sourceSecret', body: { hello: 'world' } },
  'POST /mcp': { access: 'mcp', body: MCP_INIT, headers: { accept: 'application/json, text/event-stream' } },
  'GET /mcp': { access: 'mcp', headers: { 'mcp-session-id': 'no-such-session' } },
  'DELETE /mcp': { access: 'mcp', headers: { 'mcp-session-id': 'no-such-session' } },
  'ALL /mcp': { access: 'methodNotAllowed', method: 'GET' },
};

/** The web app's pages: by prefix, since each is an HTML form handler with the same rule. */
export function webCase(method: string, path: string): Case | null {
  if ((method === 'GET' && (path === '/' || path === '/login' || path === '/app/vendor/:file')) || path === '/login' || path === '/logout') return { access: 'webPublic' };
  if (path === '/app' || path.startsWith('/app/') || path.startsWith('/account/')) return { access: 'webPage' };
  return null;
}

export function caseOf(method: string, path: string): Case | null {
  return ACCESS_TABLE[`${method} ${path}`] ?? webCase(method, path);
}

