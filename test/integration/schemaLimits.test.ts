// One schema per query: REST validation, the MCP tool's input schema and the OpenAPI document read
// the same definition, so search, list pages, list inbox, timeline, history, changes, backlinks,
// traverse, wanted, read page, list partitions, list files, delete page and delete file have the same limits on every surface,
// and a value over a limit is refused (not capped) by REST and MCP alike.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { listInboxQuery } from '../../src/domain/schemas/inbox.js';
import { deleteFileQuery, listFilesQuery } from '../../src/domain/schemas/files.js';
import { changesQuery, deletePageQuery, historyQuery, listPagesQuery, readPageQuery, timelineQuery } from '../../src/domain/schemas/pages.js';
import { listPartitionsQuery } from '../../src/domain/schemas/partitions.js';
import { backlinksQuery, searchParamsSchema, traverseParamsSchema, wantedQuery } from '../../src/domain/schemas/search.js';
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
  { name: 'list files', tool: 'list_files', route: '/api/v1/brains/{brainId}/files', rest: (limit: number) => `/api/v1/brains/main/files?limit=${limit}`, args: {}, schema: listFilesQuery, max: LIMITS.fileList },
];

const propsOf = (schema: any): Record<string, any> => schema.properties;

describe('one schema per query: REST, MCP and OpenAPI share the limits', function () {
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
});
