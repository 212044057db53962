// Fuzz every JSON route in the router stack with random bodies, query strings and headers.
// Whatever arrives: never a 5xx, every refusal is problem+json, and a refusal (4xx) changes
// nothing: the database and every repository's refs fingerprint the same before and after.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildWorld, fillPath, fingerprint, send, TOKEN_KINDS, type World } from './world.js';
import type { RouteEntry } from '../../src/http/routeTable.js';

const RUNS_PER_ROUTE = 12;

const FIELDS = [
  'path', 'markdown', 'summary', 'expectedVersion', 'expectedToken', 'operation', 'section', 'content', 'position', 'text', 'date',
  'fromPath', 'toPath', 'version', 'refs', 'filename', 'contentBase64', 'externalId', 'targetFolder', 'skill', 'canonicalUrl',
  'provider', 'providerItemId', 'partition', 'senders', 'status', 'entityType', 'targetSlug', 'confidence', 'rationale', 'key',
  'rememberDomains', 'name', 'domains', 'aliases', 'externalRef', 'role', 'email', 'userId', 'mode', 'label', 'kind', 'maxBytes',
  'allowedContentTypes', 'allowedSenderDomains', 'slug', 'visibility', 'templateKey', 'embeddingProvider', 'embeddingModel',
  'embeddingDimensions', 'description', 'jsonrpc', 'method', 'params', 'id', '__proto__', 'constructor',
];
const QUERY = ['path', 'limit', 'cursor', 'since', 'q', 'mode', 'depth', 'direction', 'status', 'partition', 'unassigned', 'brain', 'purge', 'expectedVersion', 'prefix', 'skill', 'includeArchived', 'folder', 'query', 'version'];

const nasty = fc.constantFrom('', ' ', '..', '../../etc/passwd', '.git/config', '%00', '\u0000', 'a'.repeat(3000), '-1', '0', '99999999999999999999', 'NaN', 'true', 'null', '[]', '{}', '<script>', 'ünïcødé/页面', '.brain/schema.json', 'notes/n0', 'globex', '2024-02-30', 'ck_nope');
const scalar = fc.oneof(fc.string({ maxLength: 40 }), nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof({ maxDepth: 2 }, scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }));
const objectBody = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });

const body = fc.oneof(
  objectBody.map((o) => ({ json: o as unknown })),
  fc.array(objectBody, { maxLength: 3 }).map((a) => ({ json: a as unknown })),
  fc.jsonValue({ maxDepth: 2 }).map((j) => ({ json: j as unknown })),
  fc.constantFrom('{"path":', '{"a":1,}', 'not json', '\u0000\u0001', '{"path": "x", "markdown": "y"', '[' .repeat(50)).map((raw) => ({ raw })),
  fc.constant({}),
);

const query = fc.array(fc.tuple(fc.constantFrom(...QUERY), fc.oneof(fc.string({ maxLength: 20 }), nasty, fc.integer().map(String))), { maxLength: 4 });

const headers = fc.record({
  contentType: fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-16', 'application/merge-patch+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/octet-stream'),
  token: fc.constantFrom(...TOKEN_KINDS, 'Owner', 'Owner', 'Owner'),
  extra: fc.dictionary(fc.constantFrom('x-ingest-secret', 'x-service-signature', 'x-filename', 'x-ingest-external-id', 'x-ingest-senders', 'x-ingest-canonical-url', 'x-ingest-skill', 'x-ingest-partition', 'accept', 'x-request-id'), fc.oneof(fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')), nasty.map((s) => s.replace(/[^\x20-\x7e]/g, ''))), { maxKeys: 3 }),
});

const pathParam = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.uuid()) });

function isJsonRoute(r: RouteEntry): boolean {
  return r.path.startsWith('/api/') || r.path === '/mcp' || r.path === '/healthz' || r.path === '/readyz';
}

describe('fuzz: every JSON route with random bodies, queries and headers', function () {
  this.timeout(180_000);
  let w: World;
  before(async () => {
    w = await buildWorld();
  });
  after(async () => w.s.stop());

  it('never answers 5xx, refuses with problem+json, and a refusal changes nothing', async () => {
    const routes = w.routes.filter(isJsonRoute);
    assert.ok(routes.length >= 40, `only ${routes.length} JSON routes found`);
    let baseline = fingerprint(w.s);
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathParam, query, headers, body, fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), async (param, q, h, b, anyMethod) => {
          const method = route.method === 'ALL' ? anyMethod : route.method;
          const override: Record<string, string> = {};
          if (param != null) for (const name of route.path.match(/:(\w+)/g) ?? []) override[name.slice(1)] = param;
          const qs = q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const url = fillPath(route.path, w.params, override) + (qs ? `?${qs}` : '');
          const hdrs: Record<string, string> = { ...h.extra };
          const token = w.tokens[h.token];
          if (token) hdrs.authorization = `Bearer ${token}`;
          if (h.contentType) hdrs['content-type'] = h.contentType;
          if (route.path === '/mcp') hdrs.accept ??= 'application/json, text/event-stream';
          const withBody = method !== 'GET' && method !== 'HEAD';
          const raw = !withBody ? undefined : 'raw' in b ? b.raw : 'json' in b ? JSON.stringify(b.json) : undefined;
          const res = await send(w.s.url, method, url, { headers: hdrs, rawBody: raw });
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const where = `${method} ${url} [${JSON.stringify(hdrs)}] ${raw?.slice(0, 200) ?? ''}`;
          assert.ok(res.status < 500, `${res.status} for ${where}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400) {
            if (route.path !== '/mcp') assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, `${res.status} without problem+json for ${where}`);
            const now = fingerprint(w.s);
            assert.equal(now, baseline, `${res.status} ${res.body?.code ?? ''} changed state: ${where}`);
          } else {
            baseline = fingerprint(w.s);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    assert.ok(requests >= routes.length * RUNS_PER_ROUTE);
    assert.ok([...statuses.keys()].some((s) => s < 300), 'some requests got through');
  });
});
