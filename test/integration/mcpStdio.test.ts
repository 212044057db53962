import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { cliArgv, ROOT } from '../helpers/cli.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

describe('MCP over stdio (brainkeep mcp --brain SLUG)', () => {
  let s: TestServer;
  let client: Client;
  before(async () => {
    s = await startTestServer();
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'notes' });
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: cliArgv(['mcp', '--brain', 'notes']),
        cwd: ROOT,
        env: { ...(process.env as Record<string, string>), BRAINKEEP_DATA: s.dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_LOG_LEVEL: 'warn' },
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client?.close();
    await s.stop();
  });

  it('serves the same tools', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const n of ['list_brains', 'read_page', 'write_page', 'upload_to_inbox', 'list_partitions']) assert.ok(names.includes(n), n);
  });

  it('acts on --brain by default, against the same data folder the server uses', async () => {
    const written = await client.callTool({ name: 'write_page', arguments: { path: 'hello.md', markdown: '# Hello from stdio\n' } });
    assert.equal(written.isError, undefined, JSON.stringify(written.content));
    // the running server sees the write at once (same SQLite file, same repository)
    const page = s.c.pages.get(SYSTEM_ACTOR, 'notes', 'hello.md');
    assert.equal(page.title, 'Hello from stdio');
    assert.equal(page.updatedBy, 'mcp-stdio');
    const other = await client.callTool({ name: 'read_page', arguments: { path: 'hello.md', brain: 'main' } });
    assert.equal(other.isError, true, 'a page of another brain is only read when named');
  });

  it('errors are isError results; resources and the instructions prompt work', async () => {
    const missing = await client.callTool({ name: 'read_page', arguments: { path: 'missing.md' } });
    assert.equal(missing.isError, true);
    assert.equal(JSON.parse((missing.content as any)[0].text).status, 404);
    const { resources } = await client.listResources();
    assert.ok(resources.some((r) => r.uri === 'brain://notes/hello.md'));
    const prompt = await client.getPrompt({ name: 'brain_instructions', arguments: {} });
    assert.match((prompt.messages[0]!.content as any).text, /notes/);
  });

  it('refuses an unknown brain at start', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const r = runCli(['mcp', '--brain', 'no-such-brain'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not found/);
  });
});
