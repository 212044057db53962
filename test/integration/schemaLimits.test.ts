// One schema per query and body: REST validation, the MCP tool's input schema, the OpenAPI document
// and the web forms read the same definition, so search, pages, inbox, files, credentials and
// brains have the same limits on every surface, and a value over a limit is refused (not capped)
// by REST and MCP alike, with the same message.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { listInboxQuery, uploadBody } from '../../src/domain/schemas/inbox.js';
import { deleteFileQuery, listFilesQuery, putFileQuery } from '../../src/domain/schemas/files.js';
import { createBrainBody, updateBrainBody } from '../../src/domain/schemas/brains.js';
import { createCredentialBody } from '../../src/domain/schemas/credentials.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { portable } from '../../src/mcp/schemas.js';
import { browser, signIn } from '../helpers/oauth.js';
import { changesQuery, deletePageQuery, historyQuery, listPagesQuery, movePageBody, patchPageBody, putPageBody, readPageQuery, timelineEntryBody, timelineQuery } from '../../src/domain/schemas/pages.js';
import { listPartitionsQuery } from '../../src/domain/schemas/partitions.js';
import { backlinksQuery, resolveRefsBody, searchParamsSchema, traverseParamsSchema, wantedQuery } from '../../src/domain/schemas/search.js';
import { LIMITS } from '../../src/domain/limits.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// How REST spells a parameter where it differs from the tool's name (null: a family of parameters,
// `fm.<key>`, that OpenAPI documents as one pattern).
type RestNames = Record<string, string | null>;
const PAGE = 'notes/limits.md';
// tool null: REST only (no MCP tool); max null: the query has no limit parameter.
const CASES: Array<{ name: string; tool: string | null; route: string; rest: (limit: number) => string; args: Record<string, unknown>; schema: any; max: number | null; restNames?: RestNames; method?: string }> = [
  {
    name: 'search',
    tool: 'search',
    route: '/api/v1/brains/{brainId}/search',
    rest: (limit: number) => `/api/v1/brains/main/search?q=zebras&limit=${limit}`,
    args: { q: 'zebras' },
    schema: searchParamsSchema,
    max: LIMITS.searchHits,
    restNames: { tags: 'tag', frontmatter: null },
  },
  { name: 'list pages', tool: 'list_pages', route: '/api/v1/brains/{brainId}/pages', rest: (limit: number) => `/api/v1/brains/main/pages?limit=${limit}`, args: {}, schema: listPagesQuery, max: LIMITS.pageList },
  { name: 'list inbox', tool: 'list_inbox', route: '/api/v1/brains/{brainId}/inbox', rest: (limit: number) => `/api/v1/brains/main/inbox?limit=${limit}`, args: {}, schema: listInboxQuery, max: LIMITS.inboxList },
  { name: 'timeline', tool: 'get_timeline', route: '/api/v1/brains/{brainId}/pages/timeline', rest: (limit: number) => `/api/v1/brains/main/pages/timeline?path=${PAGE}&limit=${limit}`, args: { path: PAGE }, schema: timelineQuery, max: LIMITS.timeline },
  { name: 'history', tool: null, route: '/api/v1/brains/{brainId}/pages/history', rest: (limit: number) => `/api/v1/brains/main/pages/history?path=${PAGE}&limit=${limit}`, args: {}, schema: historyQuery, max: LIMITS.history },
  { name: 'changes', tool: 'recent_changes', route: '/api/v1/brains/{brainId}/changes', rest: (limit: number) => `/api/v1/brains/main/changes?limit=${limit}`, args: {}, schema: changesQuery, max: LIMITS.changes },
  { name: 'backlinks', tool: 'backlinks', route: '/api/v1/brains/{brainId}/graph/backlinks', rest: () => `/api/v1/brains/main/graph/backlinks?path=${PAGE}`, args: { path: PAGE }, schema: backlinksQuery, max: null },
  { name: 'traverse', tool: 'traverse', route: '/api/v1/brains/{brainId}/graph/traverse', rest: (limit: number) => `/api/v1/brains/main/graph/traverse?path=${PAGE}&limit=${limit}`, args: { path: PAGE }, schema: traverseParamsSchema, max: LIMITS.traverseNodes },
  { name: 'wanted', tool: null, route: '/api/v1/brains/{brainId}/graph/wanted', rest: (limit: number) => `/api/v1/brains/main/graph/wanted?limit=${limit}`, args: {}, schema: wantedQuery, max: LIMITS.wanted },
  { name: 'read page', tool: 'read_page', route: '/api/v1/brains/{brainId}/pages', rest: () => `/api/v1/brains/main/pages?path=${PAGE}`, args: { path: PAGE }, schema: readPageQuery, max: null },
  { name: 'list partitions', tool: 'list_partitions', route: '/api/v1/brains/{brainId}/partitions', rest: () => '/api/v1/brains/main/partitions', args: {}, schema: listPartitionsQuery, max: null },
  { name: 'delete page', tool: 'delete_page', route: '/api/v1/brains/{brainId}/pages', method: 'delete', rest: () => '', args: {}, schema: deletePageQuery, max: null },
  { name: 'delete file', tool: null, route: '/api/v1/brains/{brainId}/files', method: 'delete', rest: () => '', args: {}, schema: deleteFileQuery, max: null },
  { name: 'put file', tool: null, route: '/api/v1/brains/{brainId}/files', method: 'put', rest: () => '', args: {}, schema: putFileQuery, max: null },
  { name: 'list files', tool: 'list_files', route: '/api/v1/brains/{brainId}/files', rest: (limit: number) => `/api/v1/brains/main/files?limit=${limit}`, args: {}, schema: listFilesQuery, max: LIMITS.fileList },
];

const propsOf = (schema: any): Record<string, any> => schema.properties;

// Bodies: the OpenAPI request body is the schema itself; the tool's input schema has each of its
// properties as MCP clients take them (`portable`), with a description added. over: one property
// just over its limit, and the message both surfaces answer.
const LONG_PATH = `notes/${'a'.repeat(1100)}.md`;
const BODIES: Array<{ name: string; tool: string | null; route: string; method: string; schema: any; over?: { rest: string; restMethod: string; body: Record<string, unknown>; args?: Record<string, unknown>; message: RegExp } }> = [
  {
    name: 'write page',
    tool: 'write_page',
    route: '/api/v1/brains/{brainId}/pages',
    method: 'put',
    schema: putPageBody,
    over: { rest: '/api/v1/brains/main/pages', restMethod: 'PUT', body: { path: LONG_PATH, markdown: 'x' }, message: /path must be at most 1024 characters long/ },
  },
  { name: 'patch page', tool: 'patch_page', route: '/api/v1/brains/{brainId}/pages', method: 'patch', schema: patchPageBody },
  { name: 'add timeline entry', tool: 'add_timeline_entry', route: '/api/v1/brains/{brainId}/pages/timeline', method: 'post', schema: timelineEntryBody },
  {
    name: 'move page',
    tool: 'move_page',
    route: '/api/v1/brains/{brainId}/pages/move',
    method: 'post',
    schema: movePageBody,
    over: { rest: '/api/v1/brains/main/pages/move', restMethod: 'POST', body: { fromPath: PAGE, toPath: LONG_PATH }, message: /toPath must be at most 1024 characters long/ },
  },
  {
    name: 'upload to the inbox',
    tool: 'upload_to_inbox',
    route: '/api/v1/brains/{brainId}/inbox',
    method: 'post',
    schema: uploadBody,
    over: { rest: '/api/v1/brains/main/inbox', restMethod: 'POST', body: { filename: 'a.md', content: 'A.', partition: 'p'.repeat(101) }, message: /partition must be at most 100 characters long/ },
  },
  {
    name: 'resolve links',
    tool: 'resolve_links',
    route: '/api/v1/brains/{brainId}/graph/resolve',
    method: 'post',
    schema: resolveRefsBody,
    over: { rest: '/api/v1/brains/main/graph/resolve', restMethod: 'POST', body: { refs: Array.from({ length: 101 }, (_, i) => `r${i}`) }, message: /refs must have at most 100 items/ },
  },
  {
    name: 'create brain',
    tool: null,
    route: '/api/v1/brains',
    method: 'post',
    schema: createBrainBody,
  },
  {
    name: 'update brain',
    tool: null,
    route: '/api/v1/brains/{brainId}',
    method: 'patch',
    schema: updateBrainBody,
    over: { rest: '/api/v1/brains/main', restMethod: 'PATCH', body: { embeddingDimensions: 8193 }, message: /embeddingDimensions must be at most 8192/ },
  },
];

const withoutDescription = (schema: any): any => {
  const { description: _drop, ...rest } = schema;
  return rest;
};

describe('one schema per query and body: REST, MCP, OpenAPI and the web forms share the limits', function () {
  this.timeout(60_000);
  let s: TestServer;
  let token: string;
  let mcp: Client;
  let tools: Map<string, any>;
  let doc: any;
  before(async () => {
    s = await startTestServer();
    token = s.credential('Owner');
    mcp = new Client({ name: 'brainkeep-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    tools = new Map((await mcp.listTools()).tools.map((t) => [t.name, t]));
    doc = (await s.request('GET', '/api/v1/openapi.json')).body;
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: PAGE, markdown: '# Limits\n\nSee [[nowhere]].\n' } });
    assert.ok(put.status === 200 || put.status === 201, JSON.stringify(put.body));
  });
  after(async () => {
    await mcp?.close();
    await s?.stop();
  });

  for (const k of CASES) {
    it(`${k.name}: every parameter of the schema has the same bounds in the tool schema and the OpenAPI document`, () => {
      const tool = k.tool ? propsOf(tools.get(k.tool)!.inputSchema) : null;
      const params = new Map<string, any>(doc.paths[k.route][k.method ?? 'get'].parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema]));
      for (const [name, prop] of Object.entries(propsOf(k.schema))) {
        for (const bound of ['minimum', 'maximum', 'maxLength', 'minLength', 'enum', 'type']) {
          if (tool) assert.deepEqual(tool[name]?.[bound], prop[bound], `${k.tool} ${name}.${bound} (MCP)`);
          const restName = k.restNames && name in k.restNames ? k.restNames[name] : name;
          if (restName === null) assert.ok(params.has('fm.<key>'), `${k.route} documents fm.<key>`);
          else assert.deepEqual(params.get(restName)?.[bound], prop[bound], `${k.route} ${restName}.${bound} (OpenAPI)`);
        }
      }
      if (k.max != null) assert.equal(propsOf(k.schema).limit.maximum, k.max);
    });

    if (k.max == null) continue;
    const max = k.max;

    it(`${k.name}: limit=${max} is taken and limit=${max + 1} is refused over REST and MCP with the same message`, async () => {
      assert.equal((await s.request('GET', k.rest(max), { token })).status, 200);
      const rest = await s.request('GET', k.rest(max + 1), { token });
      assert.equal(rest.status, 400, JSON.stringify(rest.body));
      assert.equal(rest.body.code, 'validation_failed');
      assert.match(rest.body.detail, new RegExp(`limit must be at most ${max}\\.`));
      if (!k.tool) return;
      const ok = (await mcp.callTool({ name: k.tool, arguments: { ...k.args, limit: max } })) as { isError?: boolean };
      assert.notEqual(ok.isError, true);
      const refused = (await mcp.callTool({ name: k.tool, arguments: { ...k.args, limit: max + 1 } })) as { isError?: boolean; content: Array<{ text: string }> };
      assert.equal(refused.isError, true);
      const p = JSON.parse(refused.content[0]!.text);
      assert.equal(p.code, 'validation_failed');
      assert.match(p.detail, new RegExp(`limit must be at most ${max}\\.`));
    });
  }

  it('REST reads query strings as the schema types and refuses what does not fit', async () => {
    const bad = await s.request('GET', '/api/v1/brains/main/inbox?limit=ten&unassigned=maybe', { token });
    assert.equal(bad.status, 400);
    assert.match(bad.body.detail, /limit must be an integer/);
    assert.match(bad.body.detail, /unassigned must be true or false/);
    assert.equal((await s.request('GET', '/api/v1/brains/main/inbox?status=1&unassigned=true&limit=5', { token })).status, 200);
    assert.equal((await s.request('GET', '/api/v1/brains/main/search?q=zebras&includeArchived=1&mode=exact', { token })).status, 200);
    const version = await s.request('GET', `/api/v1/brains/main/pages?path=${PAGE}&version=0`, { token });
    assert.equal(version.status, 400);
    assert.match(version.body.detail, /version must be at least 1/);
    assert.equal((await s.request('GET', `/api/v1/brains/main/pages?path=${PAGE}&version=1`, { token })).body.version, 1);
    const del = await s.request('DELETE', `/api/v1/brains/main/pages?path=${PAGE}&expectedVersion=-1`, { token });
    assert.equal(del.status, 400);
    assert.match(del.body.detail, /expectedVersion must be at least 0/);
    assert.equal((await s.request('GET', `/api/v1/brains/main/pages?path=${PAGE}`, { token })).status, 200, 'nothing deleted');
    // A suggestion's confidence is 0 to 1 on REST, as the web form's min and max say (one schema).
    const item = (await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: 'note.md', content: 'A note.' } })).body.item;
    const conf = await s.request('PUT', `/api/v1/brains/main/inbox/${item.id}/status`, { token, body: { status: 1, confidence: 1.5 } });
    assert.equal(conf.status, 400);
    assert.match(conf.body.detail, /confidence must be at most 1/);
    const status = await s.request('GET', '/api/v1/brains/main/partitions?status=gone', { token });
    assert.equal(status.status, 400);
    assert.match(status.body.detail, /status must be one of/);
  });
  for (const k of BODIES) {
    it(`${k.name}: the OpenAPI request body is the schema${k.tool ? ', and the tool takes every property with the same bounds' : ''}`, () => {
      assert.deepEqual(doc.paths[k.route][k.method].requestBody.content['application/json'].schema, k.schema, `${k.route} (OpenAPI)`);
      if (!k.tool) return;
      const tool = propsOf(tools.get(k.tool)!.inputSchema);
      for (const [name, prop] of Object.entries(propsOf(k.schema))) {
        assert.deepEqual(withoutDescription(tool[name]), withoutDescription(portable(prop as any)), `${k.tool} ${name} (MCP)`);
      }
      assert.deepEqual(tools.get(k.tool)!.inputSchema.required.filter((r: string) => r !== 'path' || 'path' in propsOf(k.schema)), k.schema.required, `${k.tool} required (MCP)`);
    });

    const over = k.over;
    if (!over) continue;
    it(`${k.name}: a value over its limit is refused by REST${k.tool ? ' and MCP' : ''} with the same message, and nothing changes`, async () => {
      const before = (await s.request('GET', '/api/v1/brains/main/changes?limit=1000', { token })).body.changes.length;
      const rest = await s.request(over.restMethod, over.rest, { token, body: over.body });
      assert.equal(rest.status, 400, JSON.stringify(rest.body));
      assert.equal(rest.body.code, 'validation_failed');
      assert.match(rest.body.detail, over.message);
      if (k.tool) {
        const refused = (await mcp.callTool({ name: k.tool, arguments: over.args ?? over.body })) as { isError?: boolean; content: Array<{ text: string }> };
        assert.equal(refused.isError, true);
        const p = JSON.parse(refused.content[0]!.text);
        assert.equal(p.code, 'validation_failed');
        assert.match(p.detail, over.message);
      }
      assert.equal((await s.request('GET', '/api/v1/brains/main/changes?limit=1000', { token })).body.changes.length, before, 'nothing written');
    });
  }

  it('create brain: a name over the schema limit is refused with the same message (only people and operators create brains)', async () => {
    const max = (createBrainBody.properties.name as any).maxLength as number;
    const before = s.c.brains.list(SYSTEM_ACTOR).length;
    await assert.rejects(s.c.brains.create(SYSTEM_ACTOR, { name: 'n'.repeat(max + 1) }), (e: any) => e.status === 400 && e.code === 'validation_failed' && new RegExp(`name must be at most ${max} characters long`).test(e.detail));
    assert.equal(s.c.brains.list(SYSTEM_ACTOR).length, before, 'no brain made');
  });

  it('credentials: the service refuses a label over the schema limit, as the form\'s maxlength does', () => {
    const max = (createCredentialBody.properties.label as any).maxLength as number;
    assert.equal(typeof max, 'number');
    const before = s.c.credentials.list(SYSTEM_ACTOR, 'main').credentials.length;
    assert.throws(
      () => s.c.credentials.create(SYSTEM_ACTOR, 'main', { role: 'Read', label: 'l'.repeat(max + 1) }),
      (e: any) => e.status === 400 && e.code === 'validation_failed' && new RegExp(`label must be at most ${max} characters long`).test(e.detail),
    );
    assert.equal(s.c.credentials.list(SYSTEM_ACTOR, 'main').credentials.length, before, 'no credential issued');
    assert.equal(s.c.credentials.create(SYSTEM_ACTOR, 'main', { role: 'Read', label: 'l'.repeat(max) }).credential.label.length, max);
  });

  it('the web forms carry the same limits: search box, page path, inbox upload, new brain, brain settings and credential label', async () => {
    const password = 'correct horse battery staple';
    await s.c.identity.createUser({ email: 'limits@example.com', name: 'Limits', password }, SYSTEM_ACTOR);
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'limits@example.com', role: 'Owner' });
    const b = browser();
    const signedIn = await signIn(b, s.url, 'limits@example.com', password);
    assert.ok(signedIn.status === 303 || signedIn.status === 302, `sign-in: ${signedIn.status}`);
    const page = async (path: string) => {
      const res = await b.fetch(`${s.url}${path}`);
      assert.equal(res.status, 200, path);
      return res.text();
    };
    const input = (html: string, name: string): string => {
      const m = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(html);
      assert.ok(m, `a field ${name}`);
      return m[0];
    };
    const hasLimits = (tag: string, prop: any, what: string) => {
      if (prop.maxLength != null) assert.match(tag, new RegExp(`maxlength="${prop.maxLength}"`), `${what} maxlength`);
      if (prop.minLength != null) assert.match(tag, new RegExp(`minlength="${prop.minLength}"`), `${what} minlength`);
      if (prop.maximum != null) assert.match(tag, new RegExp(`max="${prop.maximum}"`), `${what} max`);
    };
    const search = await page('/app/b/main/search');
    hasLimits(input(search, 'q'), searchParamsSchema.properties.q, 'search q');
    const upload = await page('/app/b/main/inbox/upload');
    hasLimits(input(upload, 'filename'), uploadBody.properties.filename, 'upload filename');
    const newBrain = await page('/app/brains/new');
    for (const name of ['name', 'slug', 'description'] as const) hasLimits(input(newBrain, name), createBrainBody.properties[name], `new brain ${name}`);
    const settings = await page('/app/b/main/settings/brain');
    for (const name of ['name', 'description', 'slug'] as const) hasLimits(input(settings, name), updateBrainBody.properties[name], `brain settings ${name}`);
    const creds = await page('/app/b/main/settings/credentials');
    hasLimits(input(creds, 'label'), createCredentialBody.properties.label, 'credential label');
  });
});
