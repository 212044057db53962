// CONTRACT "Second wave", Files (attachments): REST upload/read/list/delete with the type
// allow-list and the size cap, one commit per write, git clone and push, PDF text in search,
// file links in the graph, and MCP list_files/read_file. Real HTTP, real git, real SQLite.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makePdf } from '../helpers/documents.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f0b1d40000000049454e44ae426082', 'hex')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script><rect width="4" height="4"/></svg>');
const MAX = 64 * 1024;

describe('files (CONTRACT "Files")', () => {
  let s: TestServer;
  let write: string;
  let read: string;
  let git: GitClient;
  const files = '/api/v1/brains/main/files';
  const put = (p: string, bytes: Buffer | string, type: string | null, q = '', token = write) =>
    s.request('PUT', `${files}?path=${encodeURIComponent(p)}${q}`, { token, rawBody: bytes, headers: type ? { 'content-type': type } : {} });
  const gitdir = () => path.join(s.dataDir, 'brains', `${s.mainBrainId}.git`);
  const commits = async () => Number((await git.ok(['--git-dir', gitdir(), 'rev-list', '--count', 'main'])).trim());

  before(async () => {
    s = await startTestServer({ BRAINKEEP_MAX_FILE_BYTES: String(MAX) });
    write = s.credential('Write');
    read = s.credential('Read');
    git = new GitClient();
  });
  after(async () => {
    git?.cleanup();
    await s?.stop();
  });

  it('PUT stores the bytes as one commit; 201 then 200; GET returns them with ETag and nosniff', async () => {
    const before = await commits();
    const r = await put('img/logo.png', PNG, 'image/png');
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.path, 'img/logo.png');
    assert.equal(r.body.contentType, 'image/png');
    assert.equal(r.body.size, PNG.length);
    assert.match(r.body.sha256, /^[0-9a-f]{64}$/);
    assert.equal(r.body.version, 1);
    assert.equal(await commits(), before + 1);
    const blob = await git.ok(['--git-dir', gitdir(), 'cat-file', '-p', 'main:img/logo.png'], undefined);
    assert.equal(Buffer.from(blob, 'latin1').length > 0, true);
    const log = await git.ok(['--git-dir', gitdir(), 'log', '-1', '--format=%B', 'main']);
    assert.match(log, /Add file img\/logo\.png/);
    assert.match(log, /Brainkeep-Op: file/);

    const res = await fetch(`${s.url}${files}?path=img/logo.png`, { headers: { authorization: `Bearer ${read}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('etag'), `"${r.body.sha256}"`);
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG);
    const again = await fetch(`${s.url}${files}?path=img/logo.png`, { headers: { authorization: `Bearer ${read}`, 'if-none-match': res.headers.get('etag')! } });
    assert.equal(again.status, 304);

    const replaced = await put('img/logo.png', Buffer.concat([PNG, Buffer.from([0])]), 'image/png', '&expectedVersion=1');
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(replaced.body.version, 2);
  });

  it('the same bytes again make no commit', async () => {
    await put('notes/a.txt', 'hello', 'text/plain');
    const before = await commits();
    const r = await put('notes/a.txt', 'hello', 'text/plain');
    assert.equal(r.status, 200, r.text);
    assert.equal(await commits(), before);
  });

  it('a JSON file is stored as bytes, not parsed as a request body', async () => {
    const r = await put('data/x.json', '{"a": 1}', 'application/json');
    assert.equal(r.status, 201, r.text);
    const got = await s.request('GET', `${files}?path=data/x.json`, { token: read });
    assert.equal(got.text, '{"a": 1}');
    assert.equal(got.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('SVG is served as an attachment under a sandbox CSP', async () => {
    assert.equal((await put('img/icon.svg', SVG, 'image/svg+xml')).status, 201);
    const res = await s.request('GET', `${files}?path=img/icon.svg`, { token: read });
    assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    assert.match(res.headers.get('content-disposition')!, /^attachment/);
    assert.match(res.headers.get('content-security-policy')!, /sandbox/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });

  it('refuses other types with 415 and changes nothing', async () => {
    const before = await commits();
    const exe = await put('bin/tool.exe', Buffer.from('MZ\x90\x00'), 'application/octet-stream');
    assert.equal(exe.status, 415, exe.text);
    assert.equal(exe.body.code, 'unsupported_media_type');
    assert.ok(exe.body.allowed.includes('application/pdf'));
    const html = await put('page.html', '<html><script>x</script></html>', 'text/html');
    assert.equal(html.status, 415);
    // The extension says PNG, the bytes do not (sniffed).
    const fake = await put('img/fake.png', '<script>alert(1)</script>', 'image/png');
    assert.equal(fake.status, 415, fake.text);
    assert.match(fake.body.detail, /not a PNG/);
    // The declared type disagrees with the extension.
    const mismatch = await put('img/other.png', PNG, 'application/pdf');
    assert.equal(mismatch.status, 415);
    assert.equal(await commits(), before);
    assert.equal((await s.request('GET', `${files}?path=img/fake.png`, { token: read })).status, 404);
  });

  it('refuses a file over BRAINKEEP_MAX_FILE_BYTES with 413, declared or streamed', async () => {
    const before = await commits();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX)]);
    const r = await put('docs/big.pdf', big, 'application/pdf');
    assert.equal(r.status, 413, r.text);
    assert.equal(r.body.code, 'payload_too_large');
    assert.equal(r.body.limitBytes, MAX);
    // Chunked (no Content-Length): refused as the body streams in.
    const chunked = await rawRequest(s.url, 'PUT', `${files}?path=docs/big2.pdf`, { authorization: `Bearer ${write}`, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' }, big);
    assert.equal(chunked.status, 413, chunked.text);
    assert.equal(await commits(), before);
    const list = await s.request('GET', files, { token: read });
    assert.ok(!list.body.files.some((f: { path: string }) => f.path.startsWith('docs/big')));
  });

  it('refuses bad paths with 400 invalid_path', async () => {
    for (const p of ['../etc/passwd.txt', '.git/config.txt', '/abs.txt', '.brain/x.png', 'notes/page.md']) {
      const r = await put(p, 'x', 'text/plain');
      assert.equal(r.status, 400, `${p}: ${r.text}`);
      assert.equal(r.body.code, 'invalid_path');
    }
  });

  it('a wrong expectedVersion is a 409 file_conflict that changes nothing', async () => {
    await put('notes/v.txt', 'one', 'text/plain');
    const before = await commits();
    const r = await put('notes/v.txt', 'two', 'text/plain', '&expectedVersion=7');
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.code, 'file_conflict');
    assert.equal(r.body.currentVersion, 1);
    const create = await put('notes/v.txt', 'two', 'text/plain', '&expectedVersion=0');
    assert.equal(create.status, 409);
    // Not a version at all: refused with the other checks, before the body is read.
    const bad = await put('notes/v.txt', 'two', 'text/plain', '&expectedVersion=soon');
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.headers.get('connection'), 'close');
    assert.equal(await commits(), before);
    assert.equal(await commits(), before);
    assert.equal((await s.request('GET', `${files}?path=notes/v.txt`, { token: read })).text, 'one');
  });

  it('checks the caller before the body: 401 without a token, 403 for Read', async () => {
    const anon = await put('notes/no.txt', 'x', 'text/plain', '', '');
    assert.equal(anon.status, 401);
    const reader = await put('notes/no.txt', 'x', 'text/plain', '', read);
    assert.equal(reader.status, 403);
    // A 401 whatever the body: an oversized one is not read to find out.
    const big = await put('notes/no.pdf', Buffer.alloc(MAX * 2), 'application/pdf', '', '');
    assert.equal(big.status, 401);
  });

  it('lists files with a cursor, and DELETE is 204 and one commit', async () => {
    const first = await s.request('GET', `${files}?limit=2`, { token: read });
    assert.equal(first.status, 200);
    assert.equal(first.body.files.length, 2);
    assert.ok(first.body.nextCursor);
    for (const f of first.body.files) assert.deepEqual(Object.keys(f).sort(), ['contentType', 'path', 'size', 'updatedAt']);
    const next = await s.request('GET', `${files}?limit=100&cursor=${first.body.nextCursor}`, { token: read });
    assert.ok(next.body.files.every((f: { path: string }) => f.path > first.body.files[1].path));
    const before = await commits();
    const del = await s.request('DELETE', `${files}?path=notes/a.txt`, { token: write });
    assert.equal(del.status, 204, del.text);
    assert.equal(await commits(), before + 1);
    assert.equal((await s.request('GET', `${files}?path=notes/a.txt`, { token: read })).status, 404);
    assert.equal((await s.request('DELETE', `${files}?path=notes/a.txt`, { token: write })).status, 404);
  });

  it('multipart uploads work too', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pic.png');
    const res = await fetch(`${s.url}${files}?path=img/multi.png`, { method: 'PUT', headers: { authorization: `Bearer ${write}` }, body: form });
    assert.equal(res.status, 201, await res.clone().text());
    const info = (await res.json()) as { size: number; sha256: string };
    assert.equal(info.size, PNG.length);
    // The digest the part got while it streamed in is the stored file's: the bytes served hash to it.
    assert.equal(info.sha256, createHash('sha256').update(PNG).digest('hex'));
    const got = await fetch(`${s.url}${files}?path=img/multi.png`, { headers: { authorization: `Bearer ${read}` } });
    assert.equal(createHash('sha256').update(Buffer.from(await got.arrayBuffer())).digest('hex'), info.sha256);
  });

  it('a PDF is searchable and its hits carry the file path', async () => {
    const pdf = makePdf(['Quarterly zeppelin maintenance report']);
    assert.equal((await put('reports/q3.pdf', pdf, 'application/pdf')).status, 201);
    await s.c.files.textIndexed();
    const r = await s.request('GET', '/api/v1/brains/main/search?q=zeppelin', { token: read });
    assert.equal(r.status, 200, r.text);
    const hit = r.body.hits.find((h: { path: string }) => h.path === 'reports/q3.pdf');
    assert.ok(hit, JSON.stringify(r.body));
    // A file has no tags, type or frontmatter: a search narrowed by them leaves it out.
    for (const filter of ['tag=finance', 'type=person', 'fm.status=active', 'updatedAfter=2000-01-01']) {
      const narrowed = await s.request('GET', `/api/v1/brains/main/search?q=zeppelin&${filter}`, { token: read });
      assert.equal(narrowed.status, 200, narrowed.text);
      assert.ok(!narrowed.body.hits.some((h: { path: string }) => h.path === 'reports/q3.pdf'), `${filter}: ${JSON.stringify(narrowed.body)}`);
    }
  });

  it('markdown links and images to a file are links in the graph', async () => {
    const page = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'projects/zeppelin', markdown: '# Zeppelin\n\n![logo](../img/logo.png)\n\nSee [the report](../reports/q3.pdf).\n' } });
    assert.equal(page.status, 201, page.text);
    assert.deepEqual(s.c.files.linkedFrom({ kind: 'system' } as never, 'main', 'img/logo.png'), ['projects/zeppelin.md']);
    const g = await s.request('GET', '/api/v1/brains/main/graph/traverse?path=projects/zeppelin&depth=1', { token: read });
    assert.equal(g.status, 200, g.text);
    const edges = g.body.edges as Array<{ from: string; to: string; type: string }>;
    assert.ok(edges.some((e) => e.from === 'projects/zeppelin.md' && e.to === 'reports/q3.pdf' && e.type === 'mentions'), JSON.stringify(g.body));
    assert.ok(edges.some((e) => e.from === 'projects/zeppelin.md' && e.to === 'img/logo.png'), JSON.stringify(g.body));
    assert.ok(g.body.nodes.some((n: { path: string }) => n.path === 'img/logo.png'));
    const back = await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=reports/q3.pdf', { token: read });
    assert.equal(back.status, 200, back.text);
    assert.deepEqual(back.body.backlinks.map((b: { path: string }) => b.path), ['projects/zeppelin.md']);
  });

  it('a git clone shows the files; a push may add an allowed file and not a refused one', async () => {
    const dir = await git.clone(gitUrl(s.url, 'main', write), 'clone');
    const cloned = await import('node:fs').then((fs) => fs.readFileSync(path.join(dir, 'img/logo.png')));
    assert.equal(cloned.subarray(0, 8).toString('hex'), PNG.subarray(0, 8).toString('hex'));
    await git.commit(dir, { 'img/pushed.png': PNG, 'notes/pushed.csv': 'a,b\n1,2\n' }, 'Add a picture and a table');
    const ok = await git.run(['push', '--quiet', 'origin', 'main'], dir);
    assert.equal(ok.code, 0, ok.stderr);
    const list = await s.request('GET', `${files}?limit=500`, { token: read });
    const paths = list.body.files.map((f: { path: string }) => f.path);
    assert.ok(paths.includes('img/pushed.png') && paths.includes('notes/pushed.csv'), paths.join(','));
    assert.equal((await s.request('GET', `${files}?path=notes/pushed.csv`, { token: read })).text, 'a,b\n1,2\n');

    const head = await commits();
    await git.commit(dir, { 'bin/tool.exe': Buffer.from('MZ\x90\x00binary') }, 'Add a binary');
    const refused = await git.run(['push', '--quiet', 'origin', 'main'], dir);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /bin\/tool\.exe: only markdown pages \(\.md\) and files of the allowed types/);
    await git.ok(['reset', '--quiet', '--hard', 'HEAD~1'], dir);
    await git.commit(dir, { 'img/liar.png': '<script>alert(1)</script>' }, 'Add a fake picture');
    const liar = await git.run(['push', '--quiet', 'origin', 'main'], dir);
    assert.notEqual(liar.code, 0);
    assert.match(liar.stderr, /img\/liar\.png: the bytes are not a PNG image/);
    assert.equal(await commits(), head);
  });

  it('a rebuild of the index from git brings back every file, its facts and a PDF\'s text', async () => {
    const before = (await s.request('GET', `${files}?limit=500`, { token: read })).body.files;
    await s.c.writes.rebuild(s.mainBrainId);
    await s.c.files.textIndexed();
    const after = (await s.request('GET', `${files}?limit=500`, { token: read })).body.files;
    assert.deepEqual(
      after.map((f: { path: string; contentType: string; size: number }) => [f.path, f.contentType, f.size]),
      before.map((f: { path: string; contentType: string; size: number }) => [f.path, f.contentType, f.size]),
    );
    const hit = await s.request('GET', '/api/v1/brains/main/search?q=zeppelin&mode=exact', { token: read });
    assert.ok(hit.body.hits.some((h: { path: string }) => h.path === 'reports/q3.pdf'), hit.text);
  });

  it('a PDF over BRAINKEEP_MAX_PDF_TEXT_BYTES is stored and served, its text not read (text_status too_large)', async () => {
    const small = makePdf(['A walrus in the small report']);
    const big = makePdf([`A narwhal in the big report ${'padding '.repeat(200)}`]);
    assert.ok(big.length > small.length);
    const c = await startTestServer({ BRAINKEEP_MAX_PDF_TEXT_BYTES: String(small.length) });
    try {
      const w = c.credential('Write');
      const r = c.credential('Read');
      const putTo = (p: string, bytes: Buffer) =>
        c.request('PUT', `${files}?path=${p}`, { token: w, rawBody: bytes, headers: { 'content-type': 'application/pdf' } });
      assert.equal((await putTo('docs/small.pdf', small)).status, 201);
      assert.equal((await putTo('docs/big.pdf', big)).status, 201);
      await c.c.files.textIndexed();
      const status = (p: string) => (c.c.db.prepare('SELECT text_status FROM files WHERE path = ?').get(p) as { text_status: string | null }).text_status;
      assert.equal(status('docs/small.pdf'), 'extracted');
      assert.equal(status('docs/big.pdf'), 'too_large');
      const served = await fetch(`${c.url}${files}?path=docs/big.pdf`, { headers: { authorization: `Bearer ${r}` } });
      assert.equal(served.status, 200);
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), big);
      const walrus = await c.request('GET', '/api/v1/brains/main/search?q=walrus', { token: r });
      assert.ok(walrus.body.hits.some((h: { path: string }) => h.path === 'docs/small.pdf'), walrus.text);
      const narwhal = await c.request('GET', '/api/v1/brains/main/search?q=narwhal', { token: r });
      assert.ok(!narwhal.body.hits.some((h: { path: string }) => h.path === 'docs/big.pdf'), narwhal.text);
      // Nor is it parsed when an agent reads it, or when it comes in through the inbox.
      const forAgent = await c.c.files.readForAgent(SYSTEM_ACTOR, 'main', 'docs/big.pdf');
      assert.equal(forAgent.text, '');
      assert.equal(forAgent.textStatus, 'too_large');
      assert.match(forAgent.textError ?? '', /over the \d+ bytes whose text is extracted \(BRAINKEEP_MAX_PDF_TEXT_BYTES\)/);
      const out = await c.c.extraction.extract(big, 'application/pdf');
      assert.equal(out.status, 'failed');
      assert.match(String(out.reason), /BRAINKEEP_MAX_PDF_TEXT_BYTES/);
    } finally {
      await c.stop();
    }
  });

  it('MCP list_files and read_file: images as image content, text and PDF as text', async () => {
    const client = new Client({ name: 'files-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${read}` } } }));
    try {
      const listed = await client.callTool({ name: 'list_files', arguments: { brain: 'main' } });
      assert.ok(!listed.isError, JSON.stringify(listed));
      const sc = listed.structuredContent as { files: Array<{ path: string }> };
      assert.ok(sc.files.some((f) => f.path === 'img/logo.png'));
      const img = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'img/pushed.png' } });
      const imgContent = (img.content as Array<{ type: string; data?: string; mimeType?: string }>)[0]!;
      assert.equal(imgContent.type, 'image');
      assert.equal(imgContent.mimeType, 'image/png');
      assert.deepEqual(Buffer.from(imgContent.data!, 'base64'), PNG);
      const csv = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'notes/pushed.csv' } });
      assert.equal((csv.content as Array<{ type: string; text: string }>)[0]!.text, 'a,b\n1,2\n');
      const pdf = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'reports/q3.pdf' } });
      assert.match((pdf.content as Array<{ type: string; text: string }>)[0]!.text, /zeppelin/);
      const bad = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: '../x.png' } });
      assert.equal(bad.isError, true);
      const missing = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'img/none.png' } });
      assert.equal(missing.isError, true);
    } finally {
      await client.close();
    }
  });

  it("MCP read_file reads a PDF's text through the indexer's extraction: stored for search, extracted once, a failed one not retried", async () => {
    const client = new Client({ name: 'files-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${read}` } } }));
    const extraction = s.c.extraction;
    const extract = extraction.extract;
    let calls = 0;
    extraction.extract = function (...args: Parameters<typeof extract>) {
      calls++;
      return extract.apply(this, args);
    };
    // The background indexer is held back, so read_file comes first.
    const files = s.c.files;
    files.indexText = () => {};
    const readText = async (p: string) => {
      const r = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: p } });
      assert.ok(!r.isError, JSON.stringify(r));
      return (r.content as Array<{ type: string; text: string }>)[0]!.text;
    };
    try {
      assert.equal((await put('reports/blimp.pdf', makePdf(['The blimp hangar inventory']), 'application/pdf')).status, 201);
      assert.equal((await put('reports/broken.pdf', Buffer.from('%PDF-1.4\nnot really a pdf at all\n%%EOF\n'), 'application/pdf')).status, 201);
      assert.match(await readText('reports/blimp.pdf'), /blimp hangar/);
      assert.equal(calls, 1);
      // What read_file extracted is stored where the indexer keeps it: search finds it, and the
      // indexer has nothing left to do for it.
      const hit = await s.request('GET', '/api/v1/brains/main/search?q=hangar&mode=exact', { token: read });
      assert.equal(hit.status, 200, hit.text);
      assert.ok(hit.body.hits.some((h: { path: string }) => h.path === 'reports/blimp.pdf'), JSON.stringify(hit.body));
      assert.match(await readText('reports/blimp.pdf'), /blimp hangar/);
      assert.equal(calls, 1, 'a second read uses the stored text');
      // The broken one: extracted once, its failure stored, and not parsed again on every read.
      assert.equal(await readText('reports/broken.pdf'), '');
      assert.equal(calls, 2);
      // Its empty text comes with the reason: in the structured content and as a second text item.
      const broken = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'reports/broken.pdf' } });
      const facts = broken.structuredContent as { textStatus?: string; textError?: string; path: string };
      assert.equal(facts.path, 'reports/broken.pdf');
      assert.equal(facts.textStatus, 'failed');
      assert.match(facts.textError ?? '', /could not be extracted/);
      const items = broken.content as Array<{ type: string; text: string }>;
      assert.equal(items.length, 2);
      assert.match(items[1]!.text, /^No text: The text of this PDF could not be extracted/);
      // A readable PDF says it was extracted, and carries no error.
      const good = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: 'reports/blimp.pdf' } });
      assert.equal((good.structuredContent as { textStatus?: string }).textStatus, 'extracted');
      assert.equal((good.structuredContent as { textError?: string }).textError, undefined);
      assert.equal((good.content as unknown[]).length, 1);
      assert.equal(calls, 2);
      delete (files as Partial<Pick<typeof files, 'indexText'>>).indexText;
      files.indexText();
      await files.textIndexed();
      assert.equal(await readText('reports/broken.pdf'), '');
      assert.equal(calls, 2, 'neither the indexer nor read_file extracted either PDF again');
    } finally {
      extraction.extract = extract;
      delete (files as Partial<Pick<typeof files, 'indexText'>>).indexText;
      await client.close();
    }
  });
});

function rawRequest(base: string, method: string, urlPath: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    req.end(body);
  });
}
