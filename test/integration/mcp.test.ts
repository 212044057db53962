import assert from 'node:assert/strict';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { oauthTokens } from '../helpers/oauth.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { VISIBILITY } from '../../src/domain/enums.js';

const PASSWORD = 'correct horse battery';
const CONTRACT_TOOLS = [
  'list_brains', 'get_schema', 'get_instructions', 'search', 'read_page', 'list_pages', 'write_page', 'patch_page', 'delete_page', 'move_page',
  'get_timeline', 'add_timeline_entry', 'backlinks', 'traverse', 'resolve_links', 'recent_changes', 'upload_to_inbox', 'list_inbox',
  'get_inbox_item', 'list_partitions',
  // Second wave, Files
  'list_files', 'read_file',
];

async function connect(url: string, token: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'brainkeep-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } } }));
  return client;
}

type Result = { isError?: boolean; structuredContent?: any; content: any };
const ok = (r: unknown) => {
  const res = r as Result;
  assert.equal(res.isError, undefined, JSON.stringify(res.content));
  assert.equal(res.content[0].type, 'text');
  assert.deepEqual(JSON.parse(res.content[0].text), res.structuredContent, 'text and structured content carry the same JSON');
  return res.structuredContent;
};
const problem = (r: unknown) => {
  const res = r as Result;
  assert.equal(res.isError, true, JSON.stringify(res.content));
  const p = JSON.parse(res.content[0].text);
  assert.deepEqual(Object.keys(p).slice(0, 5), ['type', 'title', 'status', 'detail', 'code']);
  return p;
};

function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(`${url}/mcp`);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

describe('MCP at /mcp', () => {
  let s: TestServer;
  let writer: string;
  let mcp: Client;
  before(async () => {
    s = await startTestServer();
    writer = s.credential('Write');
    mcp = await connect(s.url, writer);
  });
  after(async () => {
    await mcp?.close();
    await s.stop();
  });

  describe('transport and auth', () => {
    it('no token: 401 with WWW-Authenticate Bearer and resource_metadata; a bad token adds error="invalid_token"', async () => {
      const none = await rawPost(s.url, {});
      assert.equal(none.status, 401);
      assert.match(String(none.headers['www-authenticate']), new RegExp(`^Bearer realm="Brainkeep", resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp"$`));
      assert.equal(JSON.parse(none.body).code, 'unauthorized');
      const bad = await rawPost(s.url, { authorization: 'Bearer ck_unknown' });
      assert.equal(bad.status, 401);
      assert.match(String(bad.headers['www-authenticate']), /error="invalid_token"/);
    });

    it('refuses a foreign Host or Origin (DNS rebinding) with 403, before auth', async () => {
      assert.equal((await rawPost(s.url, { host: 'evil.example', authorization: `Bearer ${writer}` })).status, 403);
      assert.equal((await rawPost(s.url, { origin: 'https://evil.example', authorization: `Bearer ${writer}` })).status, 403);
      assert.equal((await rawPost(s.url, { host: `localhost:${new URL(s.url).port}`, authorization: `Bearer ${writer}` })).status, 200);
      assert.equal((await rawPost(s.url, { origin: s.url, authorization: `Bearer ${writer}` })).status, 200);
    });

    it('is stateless: GET and DELETE are 405', async () => {
      for (const method of ['GET', 'DELETE']) {
        const r = await fetch(`${s.url}/mcp`, { method, headers: { authorization: `Bearer ${writer}` } });
        assert.equal(r.status, 405);
      }
    });

    it('one server serves every caller: concurrent calls with the same JSON-RPC id each get their own reply, as their own actor', async () => {
      const reader = s.credential('Read');
      const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${s.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
      const call = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_brains', arguments: {} } });
      const tokens = Array.from({ length: 12 }, (_, i) => (i % 2 ? reader : writer));
      const replies = await Promise.all(tokens.map((t) => post(t, call(1))));
      for (const [i, r] of replies.entries()) {
        assert.equal(r.status, 200);
        const body = (await r.json()) as any;
        assert.equal(body.id, 1);
        assert.equal(body.result.structuredContent.brains[0].role, i % 2 ? 'Read' : 'Write');
      }
      // A batch keeps its own ids and order; notifications alone are 202; the SDK transport's refusals stay.
      const batch = (await (await post(writer, [call('b'), { jsonrpc: '2.0', method: 'notifications/initialized' }, call(7)])).json()) as any[];
      assert.deepEqual(batch.map((m) => m.id), ['b', 7]);
      assert.equal((await post(writer, { jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);
      assert.equal((await post(writer, call(1), { accept: 'application/json' })).status, 406);
      assert.equal((await post(writer, call(1), { 'mcp-protocol-version': '1999-01-01' })).status, 400);
      const invalid = await post(writer, { jsonrpc: '2.0', id: 1, method: 5 });
      assert.equal(invalid.status, 400);
      assert.equal(((await invalid.json()) as any).error.code, -32700);
      const unknown = (await (await post(writer, { jsonrpc: '2.0', id: 3, method: 'no/such' })).json()) as any;
      assert.deepEqual([unknown.id, unknown.error.code], [3, -32601]);
    });
  });

  describe('tools', () => {
    it('lists every tool CONTRACT names (and no member tool), each with a brain argument and a closed schema', async () => {
      const { tools } = await mcp.listTools();
      const names = tools.map((t) => t.name);
      assert.deepEqual([...names].sort(), [...CONTRACT_TOOLS].sort());
      assert.ok(!names.some((n) => /member/.test(n)));
      for (const t of tools) {
        assert.equal(t.inputSchema.type, 'object');
        assert.equal((t.inputSchema as any).additionalProperties, false, t.name);
        if (t.name !== 'list_brains') assert.ok((t.inputSchema.properties as any).brain, `${t.name} takes brain`);
      }
      const write = tools.find((t) => t.name === 'write_page')!;
      assert.deepEqual(write.inputSchema.required, ['path', 'markdown']);
      assert.equal((write.inputSchema.properties as any).expectedVersion.type, 'integer');
    });

    it('brain tools: list_brains, get_schema, get_instructions', async () => {
      const brains = ok(await mcp.callTool({ name: 'list_brains', arguments: {} }));
      assert.deepEqual(brains.brains.map((b: any) => [b.slug, b.role]), [['main', 'Write']]);
      const schema = ok(await mcp.callTool({ name: 'get_schema', arguments: {} }));
      assert.ok(Array.isArray(schema.folders) && schema.folders.length > 0);
      const instr = ok(await mcp.callTool({ name: 'get_instructions', arguments: { brain: 'main' } }));
      assert.equal(typeof instr.markdown, 'string');
    });

    it('page tools: write, read, list, patch, timeline, move, changes, delete', async () => {
      const created = ok(await mcp.callTool({ name: 'write_page', arguments: { path: 'people/ann-lee', markdown: '# Ann Lee\n\nWorks at Acme.\n', expectedVersion: 0 } }));
      assert.equal(created.path, 'people/ann-lee.md');
      assert.equal(created.version, 1);
      assert.equal(created.created, true);
      const read = ok(await mcp.callTool({ name: 'read_page', arguments: { path: 'people/ann-lee.md' } }));
      assert.equal(read.title, 'Ann Lee');
      const list = ok(await mcp.callTool({ name: 'list_pages', arguments: { prefix: 'people/' } }));
      assert.deepEqual(list.pages.map((p: any) => p.path), ['people/ann-lee.md']);
      assert.equal(list.nextCursor, null);
      const patched = ok(await mcp.callTool({ name: 'patch_page', arguments: { path: 'people/ann-lee.md', operation: 'append-section', section: 'Notes', content: 'Likes tea.', expectedVersion: 1 } }));
      assert.match(patched.markdown, /## Notes\n+Likes tea\./);
      const entry = ok(await mcp.callTool({ name: 'add_timeline_entry', arguments: { path: 'people/ann-lee.md', text: 'Met at the fair', date: '2024-05-02' } }));
      assert.deepEqual(entry.entries[0], { date: '2024-05-02', text: 'Met at the fair' });
      const timeline = ok(await mcp.callTool({ name: 'get_timeline', arguments: { path: 'people/ann-lee.md' } }));
      assert.deepEqual(timeline.entries, [{ date: '2024-05-02', text: 'Met at the fair' }]);
      const old = ok(await mcp.callTool({ name: 'read_page', arguments: { path: 'people/ann-lee.md', version: 1 } }));
      assert.doesNotMatch(old.markdown, /Likes tea/);
      const moved = ok(await mcp.callTool({ name: 'move_page', arguments: { fromPath: 'people/ann-lee.md', toPath: 'people/ann.md' } }));
      assert.equal(moved.path, 'people/ann.md');
      const changes = ok(await mcp.callTool({ name: 'recent_changes', arguments: { limit: 100 } }));
      assert.ok(changes.nextCursor);
      const last = changes.changes.at(-1);
      assert.equal(last.op, 'move');
      assert.equal(last.fromPath, 'people/ann-lee.md');
      const stale = problem(await mcp.callTool({ name: 'delete_page', arguments: { path: 'people/ann.md', expectedToken: created.token } }));
      assert.equal(stale.status, 409);
      assert.equal(stale.detail, 'This page was changed by someone else. Reload and try again.');
      assert.equal(ok(await mcp.callTool({ name: 'read_page', arguments: { path: 'people/ann.md' } })).path, 'people/ann.md');
      const deleted = ok(await mcp.callTool({ name: 'delete_page', arguments: { path: 'people/ann.md' } }));
      assert.deepEqual(deleted, { deleted: true, path: 'people/ann.md' });
    });

    it('inbox tools: upload with a pinned skill, repeat is a duplicate, list, get; list_partitions', async () => {
      const up = ok(await mcp.callTool({ name: 'upload_to_inbox', arguments: { filename: 'call.md', content: 'We agreed on the plan.', externalId: 'call-1', skill: 'ingest-meeting' } }));
      assert.equal(up.duplicate, false);
      assert.equal(up.item.skillHint, 'ingest-meeting');
      assert.equal(up.item.brainId, s.mainBrainId);
      const again = ok(await mcp.callTool({ name: 'upload_to_inbox', arguments: { filename: 'call.md', content: 'We agreed on the plan.', externalId: 'call-1' } }));
      assert.equal(again.duplicate, true);
      assert.equal(again.item.id, up.item.id);
      const list = ok(await mcp.callTool({ name: 'list_inbox', arguments: {} }));
      assert.ok(list.items.some((i: any) => i.id === up.item.id));
      const item = ok(await mcp.callTool({ name: 'get_inbox_item', arguments: { itemId: up.item.id } }));
      assert.match(item.text, /agreed on the plan/);
      const bad = problem(await mcp.callTool({ name: 'upload_to_inbox', arguments: { content: 'x', skill: 'ingest-everything' } }));
      assert.equal(bad.status, 400);
      assert.ok(Array.isArray(bad.skills));
      const parts = ok(await mcp.callTool({ name: 'list_partitions', arguments: {} }));
      assert.deepEqual(parts.partitions, []);
    });

    it('search and graph tools: search, backlinks, traverse, resolve_links', async () => {
      ok(await mcp.callTool({ name: 'write_page', arguments: { path: 'a.md', markdown: '# Alpha\n\nSee [[b]] about zebras.\n' } }));
      ok(await mcp.callTool({ name: 'write_page', arguments: { path: 'b.md', markdown: '# Beta\n\nZebras live here.\n' } }));
      const found = ok(await mcp.callTool({ name: 'search', arguments: { q: 'zebras', mode: 'exact' } }));
      assert.ok(found.hits.some((h: any) => h.path === 'b.md'));
      const back = ok(await mcp.callTool({ name: 'backlinks', arguments: { path: 'b.md' } }));
      assert.deepEqual(back.backlinks.map((x: any) => x.path), ['a.md']);
      const walk = ok(await mcp.callTool({ name: 'traverse', arguments: { path: 'a.md', depth: 1 } }));
      assert.ok(walk.nodes.some((n: any) => n.path === 'b.md'));
      const resolved = ok(await mcp.callTool({ name: 'resolve_links', arguments: { refs: ['Beta', 'nothing-here'] } }));
      assert.equal(resolved.results[0].path, 'b.md');
      assert.equal(resolved.results[1].path, null);
    });

    it('errors are isError results carrying the problem JSON', async () => {
      const missing = problem(await mcp.callTool({ name: 'read_page', arguments: { path: 'nope.md' } }));
      assert.equal(missing.status, 404);
      ok(await mcp.callTool({ name: 'write_page', arguments: { path: 'c.md', markdown: '# C' } }));
      const stale = problem(await mcp.callTool({ name: 'write_page', arguments: { path: 'c.md', markdown: '# C2', expectedVersion: 7 } }));
      assert.equal(stale.status, 409);
      assert.equal(stale.detail, 'This page was changed by someone else. Reload and try again.');
      assert.equal(stale.currentVersion, 1);
      assert.ok(stale.currentToken);
      const unknownArg = problem(await mcp.callTool({ name: 'read_page', arguments: { path: 'c.md', colour: 'red' } }));
      assert.equal(unknownArg.code, 'validation_failed');
      const wrongType = problem(await mcp.callTool({ name: 'list_pages', arguments: { limit: 'ten' } }));
      assert.equal(wrongType.status, 400);
      const unknownTool = problem(await mcp.callTool({ name: 'manage_members', arguments: {} }));
      assert.equal(unknownTool.code, 'unknown_tool');
    });

    it('roles: a Read credential cannot write (403); a credential naming another brain is 403', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'other' });
      const reader = await connect(s.url, s.credential('Read'));
      const denied = problem(await reader.callTool({ name: 'write_page', arguments: { path: 'r.md', markdown: '# R' } }));
      assert.equal(denied.status, 403);
      const elsewhere = problem(await reader.callTool({ name: 'read_page', arguments: { brain: 'other', path: 'r.md' } }));
      assert.equal(elsewhere.status, 403);
      assert.equal(elsewhere.code, 'credential_brain_mismatch');
      await reader.close();
    });
  });

  describe('resources and prompts', () => {
    it('pages are resources at brain://{slug}/{path}', async () => {
      ok(await mcp.callTool({ name: 'write_page', arguments: { path: 'notes/with space.md', markdown: '# Spaced\n' } }));
      const { resources } = await mcp.listResources();
      const r = resources.find((x) => x.name === 'main/notes/with space.md')!;
      assert.equal(r.uri, 'brain://main/notes/with%20space.md');
      assert.equal(r.mimeType, 'text/markdown');
      const read = await mcp.readResource({ uri: r.uri });
      assert.equal((read.contents[0] as any).text, '# Spaced\n');
      const { resourceTemplates } = await mcp.listResourceTemplates();
      assert.equal(resourceTemplates[0]!.uriTemplate, 'brain://{slug}/{+path}');
      await assert.rejects(mcp.readResource({ uri: 'brain://main/missing.md' }), /was not found/);
    });

    it("the brain's instructions are a prompt", async () => {
      const { prompts } = await mcp.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), ['brain_instructions']);
      const prompt = await mcp.getPrompt({ name: 'brain_instructions', arguments: {} });
      const text = (prompt.messages[0]!.content as any).text as string;
      const { markdown } = await s.c.brains.instructions(SYSTEM_ACTOR, 'main');
      assert.ok(text.includes(markdown.trim().split('\n')[0]!));
      assert.match(text, /## Folders/);
    });
  });

  describe('OAuth users and visibility', () => {
    let ann: string;
    before(async () => {
      await s.c.identity.createUser({ email: 'ann@example.com', name: 'Ann', password: PASSWORD }, SYSTEM_ACTOR);
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'team', visibility: VISIBILITY.Workspace });
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'open', visibility: VISIBILITY.Public });
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'secret' });
      s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'ann@example.com', role: 'Write' });
      ann = (await oauthTokens(s.url, 'ann@example.com', PASSWORD)).access_token;
      await s.c.pages.put(SYSTEM_ACTOR, 'open', { path: 'hello.md', markdown: '# Hello world\n' });
      await s.c.pages.put(SYSTEM_ACTOR, 'secret', { path: 'hidden.md', markdown: '# Hidden\n' });
    });

    it('GET /brains for an OAuth user: the access list plus Workspace and Public brains; a credential: only its brain', async () => {
      const mine = (await s.request('GET', '/api/v1/brains', { token: ann })).body.brains;
      assert.deepEqual(mine.map((b: any) => [b.slug, b.role]).sort(), [['main', 'Write'], ['open', 'Read'], ['team', 'Read']]);
      const cred = (await s.request('GET', '/api/v1/brains', { token: writer })).body.brains;
      assert.deepEqual(cred.map((b: any) => b.slug), ['main']);
    });

    it('an OAuth user must name the brain when it reaches several; Workspace is read-only for non-members; Private stays invisible', async () => {
      const client = await connect(s.url, ann);
      const which = problem(await client.callTool({ name: 'list_pages', arguments: {} }));
      assert.equal(which.code, 'brain_required');
      assert.deepEqual([...which.brains].sort(), ['main', 'open', 'team']);
      ok(await client.callTool({ name: 'list_pages', arguments: { brain: 'team' } }));
      const write = problem(await client.callTool({ name: 'write_page', arguments: { brain: 'team', path: 'x.md', markdown: '# x' } }));
      assert.equal(write.status, 403);
      const hidden = problem(await client.callTool({ name: 'read_page', arguments: { brain: 'secret', path: 'hidden.md' } }));
      assert.equal(hidden.status, 404);
      ok(await client.callTool({ name: 'write_page', arguments: { brain: 'main', path: 'ann.md', markdown: '# Ann' } }));
      await client.close();
    });

    it('a Public brain is readable anonymously over REST, read-only; a Private one answers 401 to anonymous', async () => {
      const open = s.c.access.findBrain('open')!;
      const read = await s.request('GET', `/api/v1/brains/${open.id}/pages?path=hello.md`);
      assert.equal(read.status, 200);
      assert.equal(read.body.title, 'Hello world');
      const write = await s.request('PUT', `/api/v1/brains/${open.id}/pages`, { body: { path: 'x.md', markdown: '# x' } });
      assert.equal(write.status, 401);
      const secret = s.c.access.findBrain('secret')!;
      assert.equal((await s.request('GET', `/api/v1/brains/${secret.id}/pages?path=hidden.md`)).status, 401);
      assert.equal((await s.request('GET', `/api/v1/brains/${secret.id}/pages?path=hidden.md`, { token: ann })).status, 404);
    });
  });
});
