// dispatchDirectly (src/mcp/httpTransport.ts) hands each JSON-RPC message straight to the SDK
// protocol's private per-kind handlers, skipping the SDK dispatcher's schema trials. Those handlers
// are not public API: if an SDK upgrade renames or reshapes them, dispatchDirectly falls back to
// the SDK's dispatcher, which is correct but slower. These checks fail loudly instead, so such an
// upgrade is noticed (and dispatchDirectly updated) rather than silently losing the fast path.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { Request, Response } from 'express';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { dispatchDirectly, PROTOCOL_HANDLERS, StatelessHttpTransport } from '../../src/mcp/httpTransport.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type { ToolContext } from '../../src/mcp/tool.js';

const SDK_VERSION = (JSON.parse(fs.readFileSync(new URL('../../node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Just enough of an express response for StatelessHttpTransport.handle. */
class FakeResponse extends EventEmitter {
  statusCode = 0;
  body = '';
  writableEnded = false;
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  json(value: unknown): this {
    return this.end(JSON.stringify(value));
  }
  writeHead(code: number): this {
    this.statusCode = code;
    return this;
  }
  end(body?: string): this {
    this.body = body ?? '';
    this.writableEnded = true;
    return this;
  }
}

async function post(transport: StatelessHttpTransport, body: unknown): Promise<{ status: number; json: any }> {
  const req = { headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' }, body } as unknown as Request;
  const res = new FakeResponse();
  await transport.handle(req, res as unknown as Response, { token: '', clientId: 'test', scopes: [], extra: {} });
  return { status: res.statusCode, json: res.body ? JSON.parse(res.body) : null };
}

const noContext = (): ToolContext => {
  throw new Error('no tool is called here');
};

describe('MCP direct dispatch: the SDK private handlers it relies on', () => {
  it(`the SDK's Protocol (${SDK_VERSION}) still has _onrequest, _onnotification and _onresponse, taking the arguments dispatchDirectly passes`, () => {
    for (const [name, arity] of Object.entries(PROTOCOL_HANDLERS)) {
      const fn = (Protocol.prototype as unknown as Record<string, unknown>)[name];
      assert.equal(typeof fn, 'function', `@modelcontextprotocol/sdk ${SDK_VERSION} has no Protocol.${name}: dispatchDirectly would fall back to the SDK dispatcher; update src/mcp/httpTransport.ts`);
      assert.equal((fn as (...a: unknown[]) => unknown).length, arity, `Protocol.${name} of SDK ${SDK_VERSION} changed shape (it takes ${(fn as Function).length} arguments, not ${arity})`);
    }
  });

  it("a connected server keeps its handlers in the maps those handlers read (request and notification handlers by method)", async () => {
    const server = createMcpServer(noContext);
    const maps = server as unknown as { _requestHandlers?: unknown; _notificationHandlers?: unknown };
    assert.ok(maps._requestHandlers instanceof Map, `SDK ${SDK_VERSION}: Protocol._requestHandlers is no longer a Map`);
    assert.ok(maps._notificationHandlers instanceof Map, `SDK ${SDK_VERSION}: Protocol._notificationHandlers is no longer a Map`);
    for (const method of ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/read', 'prompts/get']) {
      assert.equal(typeof (maps._requestHandlers as Map<string, unknown>).get(method), 'function', `no request handler for ${method}`);
    }
    assert.equal(typeof (maps._notificationHandlers as Map<string, unknown>).get('notifications/initialized'), 'function');
  });

  it('is installed over the SDK dispatcher on the transport (true, onmessage replaced)', async () => {
    const server = createMcpServer(noContext);
    const transport = new StatelessHttpTransport();
    await server.connect(transport);
    const sdkDispatcher = transport.onmessage;
    assert.equal(typeof sdkDispatcher, 'function');
    assert.equal(dispatchDirectly(server, transport), true, `SDK ${SDK_VERSION}: dispatchDirectly fell back to the SDK dispatcher`);
    assert.notEqual(transport.onmessage, sdkDispatcher, 'the direct dispatch replaced the SDK one');
  });

  it('answers through the direct path as the SDK would: requests, batches, an unknown method, a notification, a stray response', async () => {
    const server = createMcpServer(noContext);
    const transport = new StatelessHttpTransport();
    await server.connect(transport);
    assert.equal(dispatchDirectly(server, transport), true);
    const errors: Error[] = [];
    server.onerror = (e) => void errors.push(e);

    const init = await post(transport, {
      jsonrpc: '2.0',
      id: 'init-1',
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    assert.equal(init.status, 200);
    assert.equal(init.json.id, 'init-1', 'the caller gets its own id back');
    assert.equal(init.json.result.serverInfo.name, 'brainkeep');

    assert.equal((await post(transport, { jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);

    const batch = await post(transport, [
      { jsonrpc: '2.0', id: 7, method: 'ping' },
      { jsonrpc: '2.0', id: 8, method: 'tools/list' },
      { jsonrpc: '2.0', id: 9, method: 'no/such/method' },
    ]);
    assert.equal(batch.status, 200);
    assert.deepEqual(batch.json.map((m: { id: number }) => m.id), [7, 8, 9]);
    assert.deepEqual(batch.json[0].result, {});
    assert.ok(batch.json[1].result.tools.some((t: { name: string }) => t.name === 'read_file'));
    assert.equal(batch.json[2].error.code, -32601, 'an unknown method is "Method not found", from the SDK handler');

    // A response nobody asked for reaches _onresponse, which reports it through onerror.
    assert.equal((await post(transport, { jsonrpc: '2.0', id: 12345, result: {} })).status, 202);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /unknown message ID/);
  });

  it('keeps the SDK dispatcher (and says so by returning false) on a protocol without those handlers', () => {
    const transport = new StatelessHttpTransport();
    const original = () => {};
    transport.onmessage = original;
    assert.equal(dispatchDirectly({}, transport), false);
    assert.equal(transport.onmessage, original);
  });
});
