// CONTRACT "Second wave", Page body: `markdown` in every page reply is the body exactly as written;
// the frontmatter (the stored `summary` included) is only in `frontmatter`; the git file holds both.
// Over real HTTP, the real MCP client and the real git CLI.
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { GitClient } from '../helpers/git.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('page body and frontmatter (CONTRACT "Page body")', () => {
  let s: TestServer;
  let token: string;
  let git: GitClient;
  const pages = '/api/v1/brains/main/pages';
  const put = (body: Record<string, unknown>) => s.request('PUT', pages, { token, body });
  const get = (p: string, q = '') => s.request('GET', `${pages}?path=${encodeURIComponent(p)}${q}`, { token });
  const gitFile = async (p: string) => git.ok(['--git-dir', path.join(s.dataDir, 'brains', `${s.mainBrainId}.git`), 'show', `main:${p}`]);

  before(async () => {
    s = await startTestServer();
    token = s.credential('Write');
    git = new GitClient();
  });
  after(async () => {
    git?.cleanup();
    await s?.stop();
  });

  it('a PUT with a summary replies with the body as written; the summary is only in frontmatter', async () => {
    const body = '# Ada\n\nWrote the first program.\n';
    const r = await put({ path: 'people/ada', markdown: body, summary: 'First programmer' });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.markdown, body);
    assert.deepEqual(r.body.frontmatter, { summary: 'First programmer' });
    assert.equal(r.body.summary, 'First programmer');
    assert.equal((await get('people/ada')).body.markdown, body);
    assert.equal(await gitFile('people/ada.md'), `---\nsummary: First programmer\n---\n${body}`);
  });

  it('a PUT may carry frontmatter as an object', async () => {
    const body = 'Launch in **May**.\n';
    const r = await put({ path: 'projects/apollo', markdown: body, frontmatter: { status: 'active', tags: ['space', 'nasa'], budget: 12 } });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.markdown, body);
    assert.deepEqual(r.body.frontmatter, { status: 'active', tags: ['space', 'nasa'], budget: 12 });
    const file = await gitFile('projects/apollo.md');
    assert.ok(file.startsWith('---\nstatus: active\n'), file);
    assert.ok(file.endsWith(`---\n${body}`), file);
  });

  it('a leading frontmatter block in markdown is parsed into frontmatter; the git file keeps its bytes', async () => {
    const written = '---\nstatus: draft   # for now\nowner: ann\n---\n# Notes\n\nText.\n';
    const r = await put({ path: 'notes/raw', markdown: written });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.markdown, '# Notes\n\nText.\n');
    assert.deepEqual(r.body.frontmatter, { status: 'draft', owner: 'ann' });
    assert.equal(await gitFile('notes/raw.md'), written);
    // With both, the object's keys win and the block's other keys stay.
    const both = await put({ path: 'notes/raw', markdown: written, frontmatter: { status: 'final' } });
    assert.deepEqual(both.body.frontmatter, { status: 'final', owner: 'ann' });
    assert.equal(both.body.markdown, '# Notes\n\nText.\n');
  });

  it('a PUT with neither keeps the existing keys; a new summary replaces only the summary', async () => {
    await put({ path: 'people/bob', markdown: 'Old body.\n', frontmatter: { role: 'engineer', summary: 'Bob, old' } });
    const kept = await put({ path: 'people/bob', markdown: 'New body.\n' });
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.markdown, 'New body.\n');
    assert.deepEqual(kept.body.frontmatter, { role: 'engineer', summary: 'Bob, old' });
    const resummarised = await put({ path: 'people/bob', markdown: 'Newer body.\n', summary: 'Bob, new' });
    assert.deepEqual(resummarised.body.frontmatter, { role: 'engineer', summary: 'Bob, new' });
    assert.equal(resummarised.body.markdown, 'Newer body.\n');
    assert.equal(await gitFile('people/bob.md'), '---\nrole: engineer\nsummary: Bob, new\n---\nNewer body.\n');
    // Reading and writing back what was read changes nothing: no new version.
    const read = (await get('people/bob')).body;
    const again = await put({ path: 'people/bob', markdown: read.markdown, frontmatter: read.frontmatter });
    assert.equal(again.body.version, read.version);
    // An empty object clears the frontmatter.
    const cleared = await put({ path: 'people/bob', markdown: read.markdown, frontmatter: {} });
    assert.deepEqual(cleared.body.frontmatter, {});
    assert.equal(await gitFile('people/bob.md'), 'Newer body.\n');
  });

  it('an earlier version and a revert carry the body and the frontmatter apart', async () => {
    const v1 = (await get('people/ada', '&version=1')).body;
    assert.equal(v1.markdown, '# Ada\n\nWrote the first program.\n');
    assert.deepEqual(v1.frontmatter, { summary: 'First programmer' });
    await put({ path: 'people/ada', markdown: 'Rewritten.\n', frontmatter: {} });
    const reverted = await s.request('POST', `${pages}/revert`, { token, body: { path: 'people/ada', version: 1 } });
    assert.equal(reverted.status, 200, reverted.text);
    assert.equal(reverted.body.markdown, v1.markdown);
    assert.deepEqual(reverted.body.frontmatter, { summary: 'First programmer' });
  });

  it('refuses frontmatter that is not an object of plain keys, and writes nothing', async () => {
    for (const frontmatter of [['a'], 'status: x', { 'bad key': 1 }, { 'a\nb': 1 }]) {
      const r = await put({ path: 'people/carol', markdown: 'x\n', frontmatter });
      assert.equal(r.status, 400, `${JSON.stringify(frontmatter)}: ${r.text}`);
      assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    }
    assert.equal((await get('people/carol')).status, 404);
  });

  it('MCP read_page and write_page use the same body and frontmatter; a page resource is the whole file', async () => {
    const mcp = new Client({ name: 'page-body-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const read = (await mcp.callTool({ name: 'read_page', arguments: { path: 'people/ada' } })) as { structuredContent: any };
      assert.equal(read.structuredContent.markdown, '# Ada\n\nWrote the first program.\n');
      assert.deepEqual(read.structuredContent.frontmatter, { summary: 'First programmer' });
      const wrote = (await mcp.callTool({ name: 'write_page', arguments: { path: 'people/dora', markdown: 'Dora.\n', frontmatter: { team: 'ops' }, summary: 'Ops lead' } })) as { isError?: boolean; structuredContent: any; content: any };
      assert.equal(wrote.isError, undefined, JSON.stringify(wrote.content));
      assert.equal(wrote.structuredContent.markdown, 'Dora.\n');
      assert.deepEqual(wrote.structuredContent.frontmatter, { team: 'ops', summary: 'Ops lead' });
      const resource = await mcp.readResource({ uri: 'brain://main/people/dora.md' });
      assert.equal((resource.contents[0] as { text: string }).text, await gitFile('people/dora.md'));
      assert.equal(await gitFile('people/dora.md'), '---\nteam: ops\nsummary: Ops lead\n---\nDora.\n');
    } finally {
      await mcp.close();
    }
  });
});
