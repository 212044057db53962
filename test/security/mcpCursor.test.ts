// Issue 21, item 12: a crafted cursor is the caller's mistake, never an internal error. Over MCP a
// tool answers with an isError result carrying a 400 problem (`invalid_cursor`), and resources/list
// (a protocol method, no isError form) with JSON-RPC -32602 (invalid params), never -32603.
// Over REST the same cursors are 400 problem+json.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** Cursors an attacker (or a confused client) might send: not base64, empty decodes, other types, huge numbers, odd bytes. */
const CRAFTED = [
  '!!!!',
  'a',
  '%00',
  '====',
  b64('\u0000'),
  b64('null'),
  b64('[]'),
  b64('{"b":-1,"c":null}'),
  b64('{"b":0,"c":5}'),
  b64('{"b":"0","c":{"x":1}}'),
  b64('{"b":1e400}'),
  b64('s'),
  b64('s-1'),
  b64(`s${'9'.repeat(400)}`),
  b64('s1.5'),
  b64('c1:'),
  b64(`c1:${'9'.repeat(30)}`),
  b64('\uD800'),
  b64('x'.repeat(1500)),
  Buffer.from([0xff, 0xfe, 0xfd]).toString('base64url'),
];

describe('security: crafted cursors are invalid params, never internal errors', function () {
  this.timeout(120_000);
  let s: TestServer;
  let token: string;
  let mcp: Client;
  before(async () => {
    s = await startTestServer();
    token = s.credential('Write');
    for (let i = 0; i < 3; i++) {
      await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: `notes/c${i}`, markdown: `# C${i}\n` } });
      await s.request('POST', '/api/v1/brains/main/inbox', { token, body: { filename: `c${i}.txt`, content: `Item ${i}` } });
    }
    mcp = new Client({ name: 'cursor-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  });
  after(async () => {
    await mcp.close();
    await s.stop();
  });

  const TOOL_CURSORS: Array<{ tool: string; arg: string }> = [
    { tool: 'list_pages', arg: 'cursor' },
    { tool: 'list_inbox', arg: 'cursor' },
    { tool: 'recent_changes', arg: 'since' },
  ];

  it('every tool that takes a cursor answers a crafted one with a 400 tool error that names the cursor', async () => {
    const failures: string[] = [];
    for (const { tool, arg } of TOOL_CURSORS) {
      for (const cursor of CRAFTED) {
        const r = (await mcp.callTool({ name: tool, arguments: { limit: 1, [arg]: cursor } })) as { isError?: boolean; content: any };
        // A cursor that happens to decode to a usable position is a valid (if odd) request.
        if (!r.isError) continue;
        const p = JSON.parse(r.content[0].text);
        // invalid_cursor from the decoder, or validation_failed from the schema (a cursor longer than any we hand out).
        if (p?.status !== 400 || !['invalid_cursor', 'validation_failed'].includes(p?.code) || !new RegExp(`cursor|${arg}`, 'i').test(p?.detail ?? '')) failures.push(`${tool} ${arg}=${cursor.slice(0, 40)}: ${JSON.stringify(p).slice(0, 200)}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('each cursor tool refuses at least the undecodable ones (the check is not vacuous)', async () => {
    for (const { tool, arg } of TOOL_CURSORS) {
      const r = (await mcp.callTool({ name: tool, arguments: { [arg]: '!!!!' } })) as { isError?: boolean; content: any };
      assert.equal(r.isError, true, tool);
      assert.equal(JSON.parse(r.content[0].text).code, 'invalid_cursor', tool);
    }
  });

  it('a real nextCursor still pages', async () => {
    const first = (await mcp.callTool({ name: 'list_pages', arguments: { limit: 1 } })) as { structuredContent: any };
    const second = (await mcp.callTool({ name: 'list_pages', arguments: { limit: 1, cursor: first.structuredContent.nextCursor } })) as { isError?: boolean; structuredContent: any };
    assert.equal(second.isError, undefined);
    assert.notEqual(second.structuredContent.pages[0].path, first.structuredContent.pages[0].path);
    const items = (await mcp.callTool({ name: 'list_inbox', arguments: { limit: 1 } })) as { structuredContent: any };
    const more = (await mcp.callTool({ name: 'list_inbox', arguments: { limit: 1, cursor: items.structuredContent.nextCursor } })) as { isError?: boolean; structuredContent: any };
    assert.equal(more.isError, undefined);
    assert.notEqual(more.structuredContent.items[0].id, items.structuredContent.items[0].id);
  });

  it('resources/list answers a crafted cursor with -32602, never -32603', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const cursor of CRAFTED) {
      try {
        await mcp.listResources({ cursor });
      } catch (e) {
        refused++;
        if (!(e instanceof McpError) || e.code !== ErrorCode.InvalidParams || !/cursor/i.test(e.message)) failures.push(`${cursor.slice(0, 40)}: ${e instanceof McpError ? e.code : ''} ${(e as Error).message}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(refused >= CRAFTED.length - 2, `only ${refused} refused`);
  });

  it('REST list routes answer a crafted cursor with 400 problem+json', async () => {
    const failures: string[] = [];
    const routes = [
      (c: string) => `/api/v1/brains/main/pages?limit=1&cursor=${encodeURIComponent(c)}`,
      (c: string) => `/api/v1/brains/main/inbox?limit=1&cursor=${encodeURIComponent(c)}`,
      (c: string) => `/api/v1/brains/main/changes?limit=1&since=${encodeURIComponent(c)}`,
    ];
    for (const route of routes) {
      for (const cursor of CRAFTED) {
        const r = await s.request('GET', route(cursor), { token });
        if (r.status === 200) continue;
        if (r.status !== 400 || !/application\/problem\+json/.test(r.headers.get('content-type') ?? '') || r.body.code !== 'invalid_cursor') {
          failures.push(`${route(cursor).slice(0, 120)}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      }
      assert.equal((await s.request('GET', route('!!!!'), { token })).status, 400, route('!!!!'));
    }
    assert.deepEqual(failures, []);
  });
});
