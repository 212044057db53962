// The OpenAPI 3.1 document, built from the routes the app registered and the operation table
// (request schemas shared with validation, response schemas from responses.ts). Web app pages are
// listed generically (HTML); an API route the table does not describe is left out, and the test
// that compares the router stack with this document fails on it.
import type { JsonSchema } from '../../domain/validate.js';
import { problemResponse } from '../../domain/schemas/responses.js';
import { brainkeepVersion } from '../../version.js';
import type { RouteEntry } from '../routeTable.js';
import { isWebPage, LAZILY_ROUTED, OPERATIONS, type OperationSpec } from './operations.js';

type Json = Record<string, unknown>;

const PROBLEMS: Record<number, string> = {
  400: 'Bad request: malformed JSON, an unknown property, a wrong type or value (problem+json lists `errors`).',
  401: 'No token, or an unknown, expired or revoked one. Carries `WWW-Authenticate: Bearer`.',
  403: 'The token is valid but its role is too low, or a brain-scoped credential names another brain.',
  404: 'The brain (or a Private brain the caller cannot see), page, item, partition, member or source was not found.',
  405: 'Method not allowed.',
  409: 'Conflict: a stale expectedVersion/expectedToken ("This page was changed by someone else. Reload and try again."), a taken target, a bad status move.',
  413: 'The upload is over its limit (10 MB decoded JSON, 50 MB multipart, or the source cap).',
  415: "The content type is outside the source's allowed types.",
  422: 'Unknown or archived partition key; `partitions` lists the active keys.',
  429: 'Rate limit; carries `Retry-After` and `RateLimit-*` headers.',
  503: 'The database cannot reach its disk (an I/O error, or it cannot open its file): writes are refused, reads still work.',
  507: 'The data folder (or the database) is full or read-only: writes are refused until it is writable with free space, reads still work.',
};

const PATH_PARAMS: Record<string, string> = {
  brainId: 'The brain: its id (UUID) or slug.',
  itemId: 'Inbox item id (UUID).',
  key: 'Partition key.',
  sourceId: 'Webhook source id (UUID).',
  member: 'The member: user id or email.',
};

function openApiPath(template: string): string {
  return template.replace(/:(\w+)/g, '{$1}');
}

function security(spec: OperationSpec): Json[] {
  switch (spec.access) {
    case 'none':
      return [];
    case 'source-secret':
      return [{ ingestSecret: [] }, { ingestSignature: [] }];
    default:
      return [{ bearer: [] }, { oauth2: spec.access === 'Read' ? ['brains:read'] : ['brains:write'] }];
  }
}

function operation(route: string, spec: OperationSpec, template: string): Json {
  const params: Json[] = [...template.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: PATH_PARAMS[m[1]!] ?? m[1],
  }));
  for (const p of spec.query ?? []) params.push({ name: p.name, in: 'query', required: p.required ?? false, schema: p.schema, ...(p.description ? { description: p.description } : {}) });
  const responses: Json = {};
  for (const [status, r] of Object.entries(spec.responses)) {
    responses[status] = { description: r.description, ...(r.schema ? { content: { [r.mediaType ?? 'application/json']: { schema: r.schema } } } : {}) };
  }
  const authenticated = !['none', 'source-secret'].includes(spec.access);
  const errors = new Set([...(authenticated ? [401, 403, 404, 429] : []), ...(spec.access === 'source-secret' ? [401, 404] : []), ...(spec.errors ?? [])]);
  for (const status of [...errors].sort()) if (!(String(status) in responses)) responses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
  const role = ['Read', 'Write', 'Admin', 'Owner'].includes(spec.access) ? `Needs the ${spec.access} role on the brain${spec.access === 'Read' ? ' (anyone may read a Public brain)' : ''}.` : null;
  const op: Json = {
    operationId: route.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.description || role ? { description: [role, spec.description].filter(Boolean).join(' ') } : {}),
    'x-brainkeep-access': spec.access,
    'x-express-route': route,
    security: security(spec),
    ...(params.length ? { parameters: params } : {}),
    responses,
  };
  if (spec.body || spec.bodyContent) {
    const content: Json = {};
    if (spec.body) content['application/json'] = { schema: spec.body };
    for (const [type, schema] of Object.entries(spec.bodyContent ?? {})) content[type] = { schema };
    op.requestBody = { required: spec.bodyRequired ?? Boolean(spec.body && (spec.body as JsonSchema).required), content };
  }
  return op;
}

function webOperation(route: string, method: string, template: string): Json {
  const params = [...template.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  return {
    operationId: `web_${route.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
    summary: method === 'GET' ? `Web app page ${template}` : `Web app form ${template}`,
    tags: ['Web app'],
    description: 'An HTML page or form handler of the web app; needs a signed-in session (cookie) and, for forms, its CSRF token. Not for API clients.',
    'x-express-route': route,
    security: [],
    ...(params.length ? { parameters: params } : {}),
    ...(method === 'POST' ? { requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } } } : {}),
    responses: {
      '200': { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } },
      '303': { description: 'Redirect (to sign in, or after a form post)' },
    },
  };
}

/** Methods an `ALL` route is documented under (the ones that do not have their own route). */
function methodsOf(method: string, path: string, routes: Set<string>): string[] {
  if (method !== 'ALL') return [method.toLowerCase()];
  return ['get', 'delete', 'put', 'patch'].filter((m) => !routes.has(`${m.toUpperCase()} ${path}`));
}

export function buildOpenApiDocument(registered: RouteEntry[], baseUrl: string): Json {
  const keys = new Set(registered.map((r) => `${r.method} ${r.path}`));
  const entries = [...registered];
  for (const k of LAZILY_ROUTED) {
    if (keys.has(k)) continue;
    const [method, path] = k.split(' ') as [string, string];
    entries.push({ method, path });
    keys.add(k);
  }
  const paths: Record<string, Json> = {};
  for (const r of entries) {
    const route = `${r.method} ${r.path}`;
    const spec = OPERATIONS[route];
    let op: Json | null = null;
    if (spec) op = operation(route, spec, r.path);
    else if (isWebPage(r.path)) op = webOperation(route, r.method, r.path);
    if (!op) continue;
    const item = (paths[openApiPath(r.path)] ??= {});
    for (const m of methodsOf(r.method, r.path, keys)) item[m] = methodsOf(r.method, r.path, keys).length > 1 ? { ...op, operationId: `${op.operationId as string}_${m}` } : op;
  }
  const tags = ['Operations', 'Brains', 'Pages', 'Search and graph', 'Inbox', 'Partitions', 'Members', 'Webhooks', 'MCP', 'OAuth', 'Web app'];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Brainkeep API',
      version: brainkeepVersion(),
      description:
        'Brains are git repositories of markdown pages. REST under /api/v1, MCP at /mcp, webhooks at /api/ingest/{brainId}. Every error is RFC 9457 problem+json with a stable `code`. Enums are integers on the wire: visibility 0 Private, 1 Workspace, 2 Public; inbox status 0 Pending, 1 Review, 2 Filed, 3 Dismissed; embeddingProvider 0 Local, 1 OpenAI, 2 AzureOpenAI, 3 Ollama, 4 OpenAICompatible.',
    },
    servers: [{ url: baseUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { Problem: problemResponse },
      responses: Object.fromEntries(
        Object.entries(PROBLEMS).map(([status, description]) => [`Problem${status}`, { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }]),
      ),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A service credential (`ck_...`, pinned to one brain and role) or an OAuth access token.' },
        oauth2: {
          type: 'oauth2',
          description: 'Authorization code with PKCE (S256) and dynamic client registration.',
          flows: { authorizationCode: { authorizationUrl: `${baseUrl}/authorize`, tokenUrl: `${baseUrl}/token`, refreshUrl: `${baseUrl}/token`, scopes: { 'brains:read': 'Read brains', 'brains:write': 'Write brains' } } },
        },
        ingestSecret: { type: 'apiKey', in: 'header', name: 'X-Ingest-Secret', description: "A webhook source's shared secret." },
        ingestSignature: { type: 'apiKey', in: 'header', name: 'X-Service-Signature', description: '`sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the source secret.' },
      },
    },
  };
}
