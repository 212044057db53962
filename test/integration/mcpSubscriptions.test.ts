// MCP resource subscriptions (issue 25): an SDK client subscribes to a page resource and hears
// `notifications/resources/updated` after a REST write, and `list_changed` on create and delete,
// over Streamable HTTP and over stdio.
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { cliArgv, ROOT } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Heard {
  updated: string[];
  listChanged: number;
}

function listen(client: Client): Heard {
  const heard: Heard = { updated: [], listChanged: 0 };
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void heard.updated.push(n.params.uri));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void heard.listChanged++);
  return heard;
}

async function until(pred: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('MCP resource subscriptions', function () {
  this.timeout(60_000);
  let s: TestServer;
  let writer: string;
  let pages: string;

  before(async () => {
    s = await startTestServer();
    writer = s.credential('Write');
    pages = `/api/v1/brains/${s.mainBrainId}/pages`;
    const r = await s.request('PUT', pages, { token: writer, body: { path: 'watch/topic.md', markdown: '# Topic\n' } });
    assert.equal(r.status, 201, r.text);
  });
  after(async () => s.stop());

  const put = async (p: string, markdown: string) => {
    const r = await s.request('PUT', pages, { token: writer, body: { path: p, markdown } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
  };

  it('over Streamable HTTP: resources/updated after a REST write, list_changed on create and delete', async () => {
    const reader = s.credential('Read');
    const client = new Client({ name: 'subscriber', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${reader}` } } });
    await client.connect(transport);
    assert.ok(transport.sessionId, 'the initialize reply carried a session id');
    assert.equal(client.getServerCapabilities()?.resources?.subscribe, true);
    assert.equal(client.getServerCapabilities()?.resources?.listChanged, true);
    const heard = listen(client);
    await client.subscribeResource({ uri: 'brain://main/watch/topic.md' });
    // The session's GET stream opens right after initialize; give it a moment to be in place.
    await new Promise((r) => setTimeout(r, 300));

    await put('watch/topic.md', '# Topic\n\nChanged over REST.\n');
    await until(() => heard.updated.includes('brain://main/watch/topic.md'), 'resources/updated');
    assert.equal(heard.listChanged, 0, 'an update of an existing page does not change the list');

    await put('watch/other.md', '# Other\n');
    await until(() => heard.listChanged >= 1, 'list_changed on create');
    assert.ok(!heard.updated.includes('brain://main/watch/other.md'), 'not subscribed to that page');

    const del = await s.request('DELETE', `${pages}?path=watch/topic.md`, { token: writer });
    assert.equal(del.status, 204);
    await until(() => heard.listChanged >= 2 && heard.updated.filter((u) => u === 'brain://main/watch/topic.md').length >= 2, 'delete notifications');

    await client.unsubscribeResource({ uri: 'brain://main/watch/topic.md' });
    const before = heard.updated.length;
    await put('watch/topic.md', '# Topic again\n');
    await until(() => heard.listChanged >= 3, 'list_changed on re-create');
    assert.equal(heard.updated.length, before, 'no updates after unsubscribe');
    await transport.terminateSession();
    await client.close();
  });

  it('a second GET stream of a session takes over, and the first one ends instead of going quiet', async () => {
    const reader = s.credential('Read');
    const auth = { authorization: `Bearer ${reader}`, accept: 'application/json, text/event-stream' };
    const init = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    assert.equal(init.status, 200);
    await init.text();
    const session = init.headers.get('mcp-session-id');
    assert.ok(session);
    const open = () => fetch(`${s.url}/mcp`, { headers: { ...auth, 'mcp-session-id': session! }, signal: AbortSignal.timeout(10_000) });
    const first = await open();
    assert.equal(first.status, 200);
    const firstDone = first.text().then(() => 'ended');
    const second = await open();
    assert.equal(second.status, 200);
    assert.equal(await Promise.race([firstDone, new Promise((r) => setTimeout(() => r('still open'), 5_000))]), 'ended');
    await second.body?.cancel();
  });

  it('refuses a subscription to a brain the caller cannot read, and a malformed URI', async () => {
    await s.c.brains.create({ kind: 'system', name: 'test' }, { slug: 'hidden' });
    const reader = s.credential('Read');
    const client = new Client({ name: 'subscriber', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${reader}` } } }));
    await assert.rejects(client.subscribeResource({ uri: 'brain://hidden/secret.md' }));
    await assert.rejects(client.subscribeResource({ uri: 'https://example.com/x' }));
    await client.close();
  });

  it('over stdio: the agent hears about a change made through REST by the server process', async () => {
    const client = new Client({ name: 'stdio-subscriber', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: cliArgv(['mcp', '--brain', 'main']),
        cwd: ROOT,
        env: { ...(process.env as Record<string, string>), BRAINKEEP_DATA: s.dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_LOG_LEVEL: 'warn' },
        stderr: 'pipe',
      }),
    );
    try {
      const heard = listen(client);
      await client.subscribeResource({ uri: 'brain://main/watch/stdio.md' });
      await put('watch/stdio.md', '# Stdio\n');
      await until(() => heard.updated.includes('brain://main/watch/stdio.md') && heard.listChanged >= 1, 'stdio notifications');
    } finally {
      await client.close();
    }
  });
});
