// A push's POST body as a hand-made client may send it: gzip-encoded bodies are inflated while they
// spool, so the pack limits see the inflated bytes (a small gzip body cannot carry a huge object
// past them); a body that does not inflate is a 400 and any other encoding a 415, nothing changed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { deflateSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

describe('git push bodies with a Content-Encoding', function () {
  this.timeout(120_000);
  let s: TestServer;
  let git: GitClient;
  let write: string;
  let read: string;
  let brainId: string;
  let dir: string;

  before(async () => {
    s = await startTestServer();
    git = new GitClient();
    brainId = s.mainBrainId;
    write = s.credential('Write', 'main', 'pusher');
    read = s.credential('Read', 'main', 'reader');
    dir = await git.clone(gitUrl(s.url, 'main', write), 'encoded');
  });
  after(async () => {
    await s.stop();
    git.cleanup();
  });
  afterEach(async () => {
    await git.ok(['fetch', '--quiet', 'origin'], dir);
    await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
  });

  const head = () => s.c.repos.get(brainId).head();
  const snapshot = () => ({
    head: head(),
    indexed: s.c.pageIndex.indexedCommit(brainId),
    seq: s.c.pageIndex.latestSeq(brainId),
    audit: s.c.audit.list(brainId, 1)[0]?.id ?? 0,
  });
  const pkt = (line: string) => `${(Buffer.byteLength(line) + 4).toString(16).padStart(4, '0')}${line}`;

  /** The body `git push` sends for the clone's HEAD onto the brain's main: the command pkt-line, a flush, the pack. */
  function pushBody(): Buffer {
    const from = head()!;
    const to = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
    const pack = execFileSync('git', ['pack-objects', '--stdout', '--revs', '--quiet'], { cwd: dir, input: `${to}\n^${from}\n`, maxBuffer: 256 * 1024 * 1024 });
    const command = pkt(`${from} ${to} refs/heads/main\0 report-status side-band-64k agent=git/2.39\n`);
    return Buffer.concat([Buffer.from(`${command}0000`, 'latin1'), pack]);
  }

  const post = (body: Buffer, encoding: string) =>
    fetch(`${s.url}/git/main.git/git-receive-pack`, {
      method: 'POST',
      headers: { authorization: `Bearer ${write}`, 'content-type': 'application/x-git-receive-pack-request', 'content-encoding': encoding },
      body,
    });

  it('a gzip push is inflated, checked, accepted and indexed', async () => {
    const before = snapshot();
    const to = await git.commit(dir, { 'notes/gzipped.md': '# Gzipped\n\nA zyzzogeton arrived compressed.\n' });
    const res = await post(gzipSync(pushBody()), 'gzip');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-git-receive-pack-result');
    assert.match(Buffer.from(await res.arrayBuffer()).toString('latin1'), /ok refs\/heads\/main/);
    assert.equal(head(), to);
    assert.notEqual(snapshot().seq, before.seq);
    const found = await s.request('GET', '/api/v1/brains/main/search?q=zyzzogeton&mode=exact', { token: read });
    assert.equal(found.status, 200);
    assert.deepEqual((found.body.hits as Array<{ path: string }>).map((h) => h.path), ['notes/gzipped.md']);
  });

  it('x-gzip is gzip too', async () => {
    const to = await git.commit(dir, { 'notes/x-gzipped.md': '# X-gzipped\n' });
    const res = await post(gzipSync(pushBody()), 'x-gzip');
    assert.equal(res.status, 200);
    assert.match(Buffer.from(await res.arrayBuffer()).toString('latin1'), /ok refs\/heads\/main/);
    assert.equal(head(), to);
  });

  it('a gzip push carrying an object over the per-object limit is refused with 413 as it inflates, nothing changed', async () => {
    // 70 MB of one letter: about 70 KB packed, less gzipped; the pack's object header says 70 MB.
    await git.commit(dir, { 'notes/huge.md': Buffer.alloc(70 * 1024 * 1024, 0x61) });
    const body = gzipSync(pushBody());
    assert.ok(body.length < 1024 * 1024, `the gzip body is small (${body.length} bytes)`);
    const before = snapshot();
    const res = await post(body, 'gzip');
    assert.equal(res.status, 413);
    assert.match(await res.text(), /object|at most/i);
    assert.deepEqual(snapshot(), before, 'the brain is untouched');
  });

  it('a truncated gzip body is a 400, nothing changed', async () => {
    await git.commit(dir, { 'notes/truncated.md': '# Truncated\n' });
    const body = gzipSync(pushBody());
    const before = snapshot();
    const res = await post(body.subarray(0, body.length - 12), 'gzip');
    assert.equal(res.status, 400);
    assert.match(await res.text(), /not valid gzip/);
    assert.deepEqual(snapshot(), before, 'the brain is untouched');
  });

  it('deflate and unknown encodings are a 415, nothing changed', async () => {
    await git.commit(dir, { 'notes/deflated.md': '# Deflated\n' });
    const raw = pushBody();
    const before = snapshot();
    for (const [encoding, body] of [['deflate', deflateSync(raw)], ['br', raw], ['zstd', raw]] as const) {
      const res = await post(body, encoding);
      assert.equal(res.status, 415, encoding);
      assert.match(await res.text(), /gzip-encoded/);
    }
    assert.deepEqual(snapshot(), before, 'the brain is untouched');
  });
});
