// MCP tool schemas as clients see them, through the real SDK client against a real server:
// every tool's outputSchema describes what a real call returns (checked with ajv), no schema has a
// `type` list, every maximum REST enforces is in the tool schema (from the shared limits, the same
// as the OpenAPI document), and validation errors say how to fix the call.
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS } from '../../src/domain/limits.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Schema = Record<string, any>;

/** Every subschema of a schema, with where it sits. */
function* walk(schema: unknown, at: string): Generator<[string, Schema]> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Schema;
  yield [at, s];
  for (const k of ['properties', 'patternProperties']) for (const [name, sub] of Object.entries(s[k] ?? {})) yield* walk(sub, `${at}.${name}`);
  for (const k of ['items', 'additionalProperties', 'propertyNames', 'contains', 'not']) yield* walk(s[k], `${at}/${k}`);
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const [i, sub] of ((s[k] ?? []) as unknown[]).entries()) yield* walk(sub, `${at}/${k}/${i}`);
}

/** The bounds a schema puts on a value, over all its branches: {maximum: [..], maxLength: [..], maxItems: [..]}. */
function bounds(schema: Schema | undefined): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const add = (s: Schema) => {
    for (const k of ['maximum', 'maxLength', 'maxItems']) if (typeof s[k] === 'number') (out[k] ??= []).push(s[k]);
    for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) add(b);
  };
  if (schema) add(schema);
  for (const k of Object.keys(out)) out[k] = [...new Set(out[k])].sort((a, b) => a - b);
  return out;
}

/** The REST operation each tool adapts: query parameters, or the JSON body. */
const REST_OF: Record<string, { method: string; path: string }> = {
  search: { method: 'get', path: '/api/v1/brains/{brainId}/search' },
  read_page: { method: 'get', path: '/api/v1/brains/{brainId}/pages' },
  list_pages: { method: 'get', path: '/api/v1/brains/{brainId}/pages' },
  write_page: { method: 'put', path: '/api/v1/brains/{brainId}/pages' },
  patch_page: { method: 'patch', path: '/api/v1/brains/{brainId}/pages' },
  delete_page: { method: 'delete', path: '/api/v1/brains/{brainId}/pages' },
  move_page: { method: 'post', path: '/api/v1/brains/{brainId}/pages/move' },
  get_timeline: { method: 'get', path: '/api/v1/brains/{brainId}/pages/timeline' },
  add_timeline_entry: { method: 'post', path: '/api/v1/brains/{brainId}/pages/timeline' },
  recent_changes: { method: 'get', path: '/api/v1/brains/{brainId}/changes' },
  backlinks: { method: 'get', path: '/api/v1/brains/{brainId}/graph/backlinks' },
  traverse: { method: 'get', path: '/api/v1/brains/{brainId}/graph/traverse' },
  resolve_links: { method: 'post', path: '/api/v1/brains/{brainId}/graph/resolve' },
  upload_to_inbox: { method: 'post', path: '/api/v1/inbox' },
  list_inbox: { method: 'get', path: '/api/v1/brains/{brainId}/inbox' },
  list_partitions: { method: 'get', path: '/api/v1/brains/{brainId}/partitions' },
};

describe('MCP tool schemas, as clients see them', function () {
  this.timeout(60_000);
  let s: TestServer;
  let mcp: Client;
  let tools: Tool[];
  let openapi: any;
  before(async () => {
    s = await startTestServer();
    mcp = new Client({ name: 'schema-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${s.credential('Write')}` } } }));
    tools = (await mcp.listTools()).tools;
    openapi = (await s.request('GET', '/api/v1/openapi.json')).body;
  });
  after(async () => {
    await mcp?.close();
    await s?.stop();
  });

  it("every tool's outputSchema validates the structuredContent of real calls (ajv), and every tool was called", async () => {
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    const validators = new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? { not: {} })]));
    for (const t of tools) assert.equal(t.outputSchema?.type, 'object', `${t.name} declares an object outputSchema`);
    const called = new Set<string>();
    const call = async (name: string, args: Record<string, unknown>): Promise<any> => {
      // The SDK client itself checks structuredContent against the listed outputSchema; ajv checks again here.
      const r = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: any; content: any[] };
      assert.equal(r.isError, undefined, `${name}: ${r.content[0]?.text}`);
      const validate = validators.get(name)!;
      assert.ok(validate(r.structuredContent), `${name} result does not match its outputSchema: ${ajv.errorsText(validate.errors)}`);
      assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent);
      called.add(name);
      return r.structuredContent;
    };
    await call('list_brains', {});
    await call('get_schema', {});
    await call('get_instructions', {});
    await call('write_page', { path: 'people/ann-lee.md', markdown: '# Ann Lee\n\nWorks at [[companies/acme]] on zebras.\n', summary: 'Engineer' });
    await call('write_page', { path: 'companies/acme', markdown: '# Acme\n\nMakes zebra crossings.\n', frontmatter: { type: 'company' }, summary: null });
    await call('read_page', { path: 'people/ann-lee.md' });
    await call('patch_page', { path: 'people/ann-lee.md', operation: 'append-section', section: 'Notes', content: 'Likes tea.', position: null });
    await call('read_page', { path: 'people/ann-lee.md', version: 1 });
    await call('add_timeline_entry', { path: 'people/ann-lee.md', text: 'Met at the fair', date: '2024-05-02' });
    await call('get_timeline', { path: 'people/ann-lee.md', limit: LIMITS.timeline });
    await call('list_pages', { limit: LIMITS.pageList });
    const found = await call('search', { q: 'zebras', mode: 'exact', limit: LIMITS.searchHits });
    assert.ok(found.hits.length >= 1);
    await call('search', { q: 'zebra crossings' });
    await call('backlinks', { path: 'companies/acme.md' });
    await call('traverse', { path: 'people/ann-lee.md', depth: LIMITS.traverseDepth, limit: LIMITS.traverseNodes });
    await call('resolve_links', { refs: ['Acme', 'nobody at all'] });
    await call('recent_changes', { limit: LIMITS.changes });
    await call('move_page', { fromPath: 'companies/acme.md', toPath: 'companies/acme-corp.md' });
    await call('delete_page', { path: 'companies/acme-corp.md' });
    const up = await call('upload_to_inbox', { filename: 'call.md', content: 'Call with Ann about zebras.', externalId: 'call-1', partition: null, senders: null });
    await call('upload_to_inbox', { filename: 'call.md', content: 'Call with Ann about zebras.', externalId: 'call-1' });
    await call('list_inbox', { limit: LIMITS.inboxList, status: 0 });
    await call('get_inbox_item', { itemId: up.item.id });
    await call('list_partitions', {});
    // Files: list_files is JSON; read_file's content is the file itself (an image or text), its facts structured.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f0b1d40000000049454e44ae426082', 'hex');
    const putFile = await s.request('PUT', '/api/v1/brains/main/files?path=img/dot.png', { token: s.credential('Write'), rawBody: png, headers: { 'content-type': 'image/png' } });
    assert.equal(putFile.status, 201, putFile.text);
    await call('list_files', { limit: 500, prefix: 'img' });
    const read = (await mcp.callTool({ name: 'read_file', arguments: { path: 'img/dot.png' } })) as { isError?: boolean; structuredContent?: any; content: any[] };
    assert.equal(read.isError, undefined, read.content[0]?.text);
    assert.ok(validators.get('read_file')!(read.structuredContent), ajv.errorsText(validators.get('read_file')!.errors));
    assert.equal(read.content[0].type, 'image');
    called.add('read_file');
    assert.deepEqual(tools.map((t) => t.name).filter((n) => !called.has(n)), [], 'tools never called');
  });

  it('no input or output schema has a `type` list; every anyOf branch names its type', () => {
    const found: string[] = [];
    for (const t of tools) {
      for (const [kind, schema] of [['input', t.inputSchema], ['output', t.outputSchema]] as const) {
        for (const [at, sub] of walk(schema, `${t.name} ${kind}`)) {
          if (Array.isArray(sub.type)) found.push(`${at}: type ${JSON.stringify(sub.type)}`);
          for (const b of sub.anyOf ?? []) if (typeof b.type !== 'string') found.push(`${at}: anyOf branch without a type`);
        }
      }
    }
    assert.deepEqual(found, []);
  });

  it('every maximum REST enforces is in the tool schema, equal to the shared limit and the OpenAPI document', () => {
    const missing: string[] = [];
    let compared = 0;
    for (const t of tools) {
      const rest = REST_OF[t.name];
      if (!rest) continue;
      const op = openapi.paths[rest.path]?.[rest.method];
      assert.ok(op, `OpenAPI has ${rest.method} ${rest.path}`);
      const restProps: Record<string, Schema> = op.requestBody
        ? op.requestBody.content['application/json'].schema.properties
        : Object.fromEntries((op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema]));
      const props = (t.inputSchema.properties ?? {}) as Record<string, Schema>;
      for (const [name, restSchema] of Object.entries(restProps)) {
        const want = bounds(restSchema);
        if (!Object.keys(want).length || !props[name]) continue;
        compared++;
        const got = bounds(props[name]);
        for (const [k, values] of Object.entries(want)) {
          if (JSON.stringify(got[k]) !== JSON.stringify(values)) missing.push(`${t.name}.${name}: ${k} ${JSON.stringify(got[k] ?? null)}, REST ${JSON.stringify(values)}`);
        }
      }
    }
    assert.deepEqual(missing, []);
    assert.ok(compared >= 15, `only ${compared} bounded parameters compared`);
    // The figures themselves come from the one shared module.
    const maxOf = (tool: string, prop: string) => (tools.find((t) => t.name === tool)!.inputSchema.properties as any)[prop].maximum;
    assert.equal(maxOf('search', 'limit'), LIMITS.searchHits);
    assert.equal(maxOf('traverse', 'limit'), LIMITS.traverseNodes);
    assert.equal(maxOf('traverse', 'depth'), LIMITS.traverseDepth);
    assert.equal(maxOf('list_pages', 'limit'), LIMITS.pageList);
    assert.equal(maxOf('recent_changes', 'limit'), LIMITS.changes);
    assert.equal(maxOf('get_timeline', 'limit'), LIMITS.timeline);
    assert.equal(maxOf('list_inbox', 'limit'), LIMITS.inboxList);
  });

  it('refuses search limit=1000 and a bad mode with messages that say what is allowed', async () => {
    const refused = async (name: string, args: Record<string, unknown>) => {
      const r = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: unknown; content: any[] };
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} was accepted`);
      assert.equal(r.structuredContent, undefined, 'an error carries no structuredContent (the outputSchema describes a success)');
      const p = JSON.parse(r.content[0].text);
      assert.equal(p.status, 400);
      assert.equal(p.code, 'validation_failed');
      assert.doesNotMatch(p.detail, /is not valid|allowed values/);
      return p.detail as string;
    };
    assert.equal(await refused('search', { q: 'zebras', limit: 1000 }), `Invalid arguments to search: limit must be at most ${LIMITS.searchHits}.`);
    assert.equal(await refused('search', { q: 'zebras', mode: 'fuzzy' }), 'Invalid arguments to search: mode must be one of: "hybrid", "exact", "semantic".');
    assert.equal(await refused('patch_page', { path: 'a.md', operation: 'append', content: 'x', position: 'middle' }), 'Invalid arguments to patch_page: position must be one of: "start", "end", null.');
    assert.match(await refused('list_pages', { limit: 'ten' }), /limit must be an integer/);
    assert.match(await refused('write_page', { path: 'a.md', markdown: 'x', summary: 7 }), /summary must be a string or null/);
    assert.match(await refused('read_page', { path: 'a.md', colour: 'red' }), /unknown property 'colour'/);
  });

  it('descriptions say when to use a tool rather than its neighbour', () => {
    const text = (name: string) => tools.find((t) => t.name === name)!.description!;
    for (const [tool, neighbours] of [
      ['search', ['resolve_links', 'traverse']],
      ['resolve_links', ['search', 'traverse']],
      ['traverse', ['search', 'resolve_links']],
      ['write_page', ['patch_page', 'add_timeline_entry']],
      ['patch_page', ['write_page', 'add_timeline_entry']],
      ['add_timeline_entry', ['patch_page', 'write_page']],
      ['upload_to_inbox', ['write_page']],
    ] as const) {
      for (const n of neighbours) assert.match(text(tool), new RegExp(`\\b${n}\\b`), `${tool} names ${n}`);
    }
    assert.match(text('get_instructions'), /conventions/);
  });
});
