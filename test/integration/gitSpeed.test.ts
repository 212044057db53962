// Git at git's own speed, checked for sameness: a clone of a 2,000-page brain through the smart
// HTTP route is the repository `git clone file://` gives (every commit, tree and author), as
// imported and after the maintenance repack; a push is searchable the moment it returns, and its
// indexing takes the pushed blobs from the push checks instead of reading them again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

const PAGES = 2000;

describe('git clone and push at speed', function () {
  this.timeout(120_000);
  let s: TestServer;
  let git: GitClient;
  let write: string;
  let brainId: string;

  before(async () => {
    s = await startTestServer();
    git = new GitClient();
    brainId = s.mainBrainId;
    write = s.credential('Write', 'main', 'pusher');
    // History of several commits: two bulk imports and single API writes between and after.
    const page = (i: number) => ({ path: `pages/p${i}.md`, content: Buffer.from(`# Page ${i}\n\nAbout the harbour and the lantern, week ${i % 52}.\n\n- See [[pages/p${(i + 1) % PAGES}]]\n`) });
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 1500 }, (_, i) => page(i)));
    assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/between.md', markdown: '# Between\n' } })).status, 201);
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 500 }, (_, i) => page(1500 + i)));
    assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'notes/after.md', markdown: '# After\n' } })).status, 201);
  });
  after(async () => {
    await s.stop();
    git.cleanup();
  });

  /** Everything a clone holds: the commits (id, tree, parents, author, message) and HEAD's files. */
  const describeClone = async (dir: string) => ({
    log: await git.ok(['log', '--format=%H %T %P|%an <%ae> %at|%B'], dir),
    tree: await git.ok(['ls-tree', '-r', '--full-tree', 'HEAD'], dir),
    refs: await git.ok(['for-each-ref', '--format=%(refname) %(objectname)'], dir),
    status: await git.ok(['status', '--porcelain'], dir),
  });

  const compareWithFileClone = async (name: string) => {
    const viaHttp = await git.clone(gitUrl(s.url, 'main', write), `${name}-http`);
    const viaFile = await git.clone(`file://${s.c.repos.gitdirOf(brainId)}`, `${name}-file`);
    const [h, f] = [await describeClone(viaHttp), await describeClone(viaFile)];
    assert.equal(h.log, f.log);
    assert.equal(h.tree, f.tree);
    assert.equal(h.status, '');
    // The remote-tracking refs name the same commits (the remote URL differs, the objects do not).
    assert.equal(h.refs, f.refs);
    assert.equal(h.tree.split('\n').filter((l) => l.includes('pages/p')).length, PAGES);
    assert.equal((await git.ok(['rev-parse', 'HEAD'], viaHttp)).trim(), s.c.repos.get(brainId).head());
    await git.ok(['fsck', '--full', '--strict'], viaHttp);
    assert.equal(fs.readFileSync(path.join(viaHttp, 'pages/p1999.md'), 'utf8'), fs.readFileSync(path.join(viaFile, 'pages/p1999.md'), 'utf8'));
  };

  it('a clone of a 2,000-page brain over HTTP is the clone file:// gives, as imported', async () => {
    assert.ok((await describeClone(await git.clone(gitUrl(s.url, 'main', write), 'count'))).log.split('\n').filter((l) => /^[0-9a-f]{40} /.test(l)).length >= 4);
    await compareWithFileClone('imported');
  });

  it('and the same after the maintenance repack', async () => {
    await s.c.gitRemote.maintain(brainId, { auto: false });
    await compareWithFileClone('repacked');
  });

  it('a push of changed pages is searchable when git push returns, indexed from the blobs the push checks read', async () => {
    const dir = await git.clone(gitUrl(s.url, 'main', write), 'editor');
    const edited = Array.from({ length: 20 }, (_, i) => `pages/p${i * 97}.md`);
    for (const [i, p] of edited.entries()) fs.appendFileSync(path.join(dir, p), `\nEdited offline: quokkaberry ${i}.\n`);
    fs.writeFileSync(path.join(dir, 'notes/new-by-push.md'), '# New by push\n\nThe quokkaberry ledger.\n');
    fs.rmSync(path.join(dir, 'notes/between.md'));
    await git.ok(['add', '-A'], dir);
    await git.ok(['commit', '--quiet', '-m', 'Edit 20 pages, add one, remove one'], dir);

    // Count what the catch-up reads from the repository while the push runs.
    const repo = s.c.repos.get(brainId);
    const readBlob = repo.readBlob.bind(repo);
    let blobsRead = 0;
    repo.readBlob = (oid: string) => {
      blobsRead++;
      return readBlob(oid);
    };
    try {
      await git.ok(['push', '--quiet', 'origin', 'main'], dir);
    } finally {
      repo.readBlob = readBlob;
    }
    assert.equal(blobsRead, 0);
    const pushed = (await git.ok(['rev-parse', 'HEAD'], dir)).trim();
    assert.equal(s.c.pageIndex.indexedCommit(brainId), pushed);
    // The v2 capability advertisement is kept between requests; the refs are not: a fetch sees the push.
    const adv = async () => (await fetch(`${s.url}/git/main.git/info/refs?service=git-upload-pack`, { headers: { 'git-protocol': 'version=2', authorization: `Bearer ${write}` } })).text();
    const [first, second] = [await adv(), await adv()];
    assert.equal(first, second);
    assert.match(first, /version 2\n/);
    assert.doesNotMatch(first, /refs\/heads/);
    assert.match(await git.ok(['-c', 'protocol.version=2', 'ls-remote', gitUrl(s.url, 'main', write), 'refs/heads/main']), new RegExp(`^${pushed}\trefs/heads/main`));

    // No waiting: the first search after the push finds every pushed page.
    const res = await s.request('GET', '/api/v1/brains/main/search?mode=exact&limit=50&q=quokkaberry', { token: write });
    assert.equal(res.status, 200);
    const paths = (res.body as { hits: Array<{ path: string }> }).hits.map((h) => h.path).sort();
    assert.deepEqual(paths, [...edited, 'notes/new-by-push.md'].sort());
    assert.equal((await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent('notes/between.md')}`, { token: write })).status, 404);
    const page = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(edited[3]!)}`, { token: write });
    assert.match((page.body as { markdown: string }).markdown, /Edited offline: quokkaberry 3\.\n$/);
  });
});
