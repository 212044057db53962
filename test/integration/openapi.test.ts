// The OpenAPI document against the running app: every registered route is in it, nothing in it is
// stale, request bodies are the very schemas that validate requests, and real responses validate
// against the documented response schemas.
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { putPageBody } from '../../src/domain/schemas/pages.js';
import { createBrainBody } from '../../src/domain/schemas/brains.js';
import { uploadBody } from '../../src/domain/schemas/inbox.js';
import { LAZILY_ROUTED } from '../../src/http/openapi/operations.js';
import { routeTable } from '../../src/http/routeTable.js';
import { ACCESS_TABLE } from '../reliability/accessTable.js';
import { buildWorld, fillPath, send, type World } from '../reliability/world.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

describe('OpenAPI 3.1 document and /docs', function () {
  this.timeout(60_000);
  let w: World;
  let doc: any;
  before(async () => {
    w = await buildWorld();
    // The OAuth router is built on its first request: make it exist before reading the router stack.
    await send(w.s.url, 'GET', '/.well-known/oauth-authorization-server');
    const r = await send(w.s.url, 'GET', '/api/v1/openapi.json');
    assert.equal(r.status, 200);
    doc = r.body;
  });
  after(async () => w.s.stop());

  const operations = () => Object.entries(doc.paths).flatMap(([p, item]: [string, any]) => Object.entries(item).map(([m, op]: [string, any]) => ({ path: p, method: m, op })));

  it('is OpenAPI 3.1 and needs no token', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.info.version);
    assert.ok(doc.components.securitySchemes.bearer);
  });

  it('lists every route registered in the express router stack', () => {
    const app = w.s.service.http.server.listeners('request')[0] as any;
    const documented = new Set(operations().map((o) => o.op['x-express-route']));
    const missing = routeTable(app).map((r) => `${r.method} ${r.path}`).filter((k) => !documented.has(k));
    assert.deepEqual(missing, [], 'routes missing from the OpenAPI document (add them to src/http/openapi/operations.ts)');
  });

  it('documents nothing that is not registered', () => {
    const app = w.s.service.http.server.listeners('request')[0] as any;
    const registered = new Set(routeTable(app).map((r) => `${r.method} ${r.path}`));
    const stale = [...new Set(operations().map((o) => o.op['x-express-route'] as string))].filter((k) => !registered.has(k) && !LAZILY_ROUTED.has(k));
    assert.deepEqual(stale, []);
  });

  it('request bodies are the schemas the services validate with', () => {
    assert.deepEqual(doc.paths['/api/v1/brains/{brainId}/pages'].put.requestBody.content['application/json'].schema, putPageBody);
    assert.deepEqual(doc.paths['/api/v1/brains'].post.requestBody.content['application/json'].schema, createBrainBody);
    assert.deepEqual(doc.paths['/api/v1/inbox'].post.requestBody.content['application/json'].schema, uploadBody);
  });

  it('every schema compiles, every operation has a success response, and every error is problem+json', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc.components.schemas.Problem, '#/components/schemas/Problem');
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(Object.keys(op.responses).some((s) => /^[23]/.test(s) || s === '405'), `${where} has no success response`);
      for (const [status, r] of Object.entries(op.responses) as Array<[string, any]>) {
        if (/^[45]/.test(status) && !op.tags.includes('MCP')) {
          const resolved = r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r;
          assert.ok(resolved?.content?.['application/problem+json'], `${where} ${status} is not problem+json`);
        }
        for (const c of Object.values(r.content ?? {}) as any[]) if (c.schema && !c.schema.$ref) ajv.compile(c.schema);
      }
      for (const c of Object.values(op.requestBody?.content ?? {}) as any[]) ajv.compile(c.schema);
    }
  });

  it('real responses validate against the documented schemas', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    let checked = 0;
    for (const [key, c] of Object.entries(ACCESS_TABLE)) {
      const [method, template] = key.split(' ') as [string, string];
      if (method !== 'GET' || !template.startsWith('/api/v1/') || template.endsWith('openapi.json')) continue;
      const op = doc.paths[template.replace(/:(\w+)/g, '{$1}')]?.get;
      const res = await send(w.s.url, 'GET', fillPath(template, w.params) + (c.query ? `?${c.query}` : ''), { headers: { authorization: `Bearer ${w.tokens.Owner}` } });
      const documented = op.responses[String(res.status)];
      assert.ok(documented, `${key}: status ${res.status} is not documented`);
      const schema = documented.$ref ? doc.components.schemas.Problem : documented.content?.['application/json']?.schema;
      if (!schema) continue;
      const validate = ajv.compile(schema);
      assert.ok(validate(res.body), `${key} ${res.status}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 400)}`);
      checked++;
    }
    const missing = await send(w.s.url, 'GET', '/api/v1/brains/acme/pages?path=no/such/page', { headers: { authorization: `Bearer ${w.tokens.Owner}` } });
    assert.ok(ajv.compile(doc.components.schemas.Problem)(missing.body));
    assert.ok(checked >= 15, `only ${checked} responses checked`);
  });

  it('/docs renders the reference as one self-contained HTML page', async () => {
    const r = await send(w.s.url, 'GET', '/docs');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(r.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.doesNotMatch(r.text, /<script|https?:\/\/(?!127\.0\.0\.1|localhost)/);
    for (const p of Object.keys(doc.paths).filter((p) => !p.startsWith('/app'))) assert.ok(r.text.includes(`<code>${p.replace(/&/g, '&amp;')}</code>`), p);
  });
});
