// Repository maintenance: repacking a brain (git gc) under its lock keeps everything readable —
// isomorphic-git finds objects in packs and the branch in packed-refs, API writes continue,
// clones and an index rebuild see the same pages — also while reads and writes run alongside.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BrainRepository } from '../../src/storage/git/brainRepository.js';
import { countObjects, countPacks } from '../../src/storage/git/gitCli.js';
import { GitMaintenanceJob, PACK_CHECK_DELAY_MS } from '../../src/jobs/gitMaintenanceJob.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

describe('git maintenance (repacking brains)', function () {
  this.timeout(120_000);
  let s: TestServer;
  let git: GitClient;
  let token: string;
  let brainId: string;
  let gitdir: string;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off' });
    git = new GitClient();
    token = s.credential('Write', 'main', 'writer');
    brainId = s.mainBrainId;
    gitdir = s.c.repos.gitdirOf(brainId);
    for (let i = 0; i < 25; i++) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: `notes/page-${i}.md`, markdown: `# Page ${i}\n\nSee [[notes/page-${(i + 1) % 25}]].\n` } });
      assert.equal(r.status, 201);
    }
  });
  after(async () => {
    await s.stop();
    git.cleanup();
  });

  const getPage = (p: string) => s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token });

  it('gc --auto leaves a small brain alone', async () => {
    const before = await countObjects(gitdir);
    assert.ok(before.count > 50, `loose objects before: ${before.count}`);
    const r = await s.c.gitRemote.maintain(brainId, { auto: true });
    assert.equal(r.ran, false);
    assert.equal((await countObjects(gitdir)).count, before.count);
  });

  it('a full repack packs every object and the branch ref; isomorphic-git and the index read it all back', async () => {
    const headBefore = s.c.repos.get(brainId).head();
    const r = await s.c.gitRemote.maintain(brainId, { auto: false });
    assert.equal(r.ran, true);
    assert.equal(r.after.count, 0, 'no loose objects left');
    assert.ok(r.after.packs >= 1);
    assert.ok(!fs.existsSync(path.join(gitdir, 'refs/heads/main')), 'the branch moved into packed-refs');
    assert.match(fs.readFileSync(path.join(gitdir, 'packed-refs'), 'utf8'), new RegExp(`^${headBefore} refs/heads/main$`, 'm'));

    // A fresh repository object (no caches) reads commits, trees and blobs from the pack.
    const fresh = new BrainRepository(gitdir, { fsync: false });
    assert.equal(fresh.head(), headBefore);
    assert.equal((await fresh.readFile('notes/page-7.md'))?.toString('utf8'), '# Page 7\n\nSee [[notes/page-8]].\n');
    assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith('notes/')).length, 25);
    assert.equal((await fresh.firstParentRange(null, headBefore!)).length, 26);

    // The whole index rebuilt from packed history matches what it was.
    const versionsBefore = s.c.pageIndex.listPages(brainId, { limit: 1000 }).map((p) => [p.path, p.version, p.blobOid]);
    await s.c.writes.rebuild(brainId);
    assert.deepEqual(s.c.pageIndex.listPages(brainId, { limit: 1000 }).map((p) => [p.path, p.version, p.blobOid]), versionsBefore);
    assert.equal((await getPage('notes/page-3.md')).body.markdown, '# Page 3\n\nSee [[notes/page-4]].\n');
  });

  it('API writes, pushes and clones work after the repack; fsck is clean', async () => {
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/page-3.md', markdown: '# Page 3\n\nAfter the repack.\n' } });
    assert.equal(put.status, 200);
    assert.equal(put.body.version, 2);
    const head = s.c.repos.get(brainId).head();
    assert.equal(fs.readFileSync(path.join(gitdir, 'refs/heads/main'), 'utf8').trim(), head);

    const dir = await git.clone(gitUrl(s.url, 'main', token), 'after-gc');
    assert.equal(fs.readFileSync(path.join(dir, 'notes/page-3.md'), 'utf8'), '# Page 3\n\nAfter the repack.\n');
    await git.commit(dir, { 'notes/page-4.md': '# Page 4\n\nPushed after the repack.\n' });
    await git.ok(['push', '--quiet', 'origin', 'main'], dir);
    assert.equal((await getPage('notes/page-4.md')).body.markdown, '# Page 4\n\nPushed after the repack.\n');
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });

  it('reads, writes and clones running alongside a repack all succeed', async () => {
    const gc = s.c.gitRemote.maintain(brainId, { auto: false });
    const reads = Array.from({ length: 20 }, (_, i) => getPage(`notes/page-${i}.md`));
    const write = s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/during-gc.md', markdown: '# During gc\n' } });
    const clone = git.clone(gitUrl(s.url, 'main', token), 'during-gc');
    const schema = s.c.brains.schemaOf(brainId);
    const [, readResults, written, cloned] = await Promise.all([gc, Promise.all(reads), write, clone, schema]);
    assert.deepEqual(readResults.map((r) => r.status), Array(20).fill(200));
    assert.equal(written.status, 201);
    assert.ok(fs.existsSync(path.join(cloned, '.brain/schema.json')));
    assert.equal((await getPage('notes/during-gc.md')).status, 200);
    assert.equal((await s.c.repos.get(brainId).readFile('notes/during-gc.md'))?.toString('utf8'), '# During gc\n');
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });

  it('the scheduled job: off disables it, a bad expression is refused, a pass covers every brain', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const off = new GitMaintenanceJob(s.c.gitRemote, 'off', log);
    assert.equal(off.enabled, false);
    off.start();
    await off.stop();
    assert.throws(() => new GitMaintenanceJob(s.c.gitRemote, 'not a cron', log).start(), /BRAINKEEP_GC_CRON/);

    const seen: Array<{ auto: boolean }> = [];
    const job = new GitMaintenanceJob(
      {
        maintainAll: async (opts) => {
          seen.push(opts);
          return s.c.gitRemote.maintainAll(opts);
        },
        keepPacksReady: (id, limit) => s.c.gitRemote.keepPacksReady(id, limit),
      },
      '17 3 * * *',
      log,
    );
    job.start();
    await Promise.all([job.runOnce(), job.runOnce()]);
    await job.stop();
    assert.deepEqual(seen, [{ auto: true }], 'overlapping runs are joined, and the job only asks for gc --auto');
    const results = await s.c.gitRemote.maintainAll({ auto: true });
    assert.deepEqual(results.map((r) => r.brainId), [brainId]);
    assert.equal(results[0]!.error, undefined);
  });
});

describe('git maintenance: packs folded together between the scheduled passes', function () {
  this.timeout(180_000);
  let s: TestServer;
  let brainId: string;
  let gitdir: string;
  let commits = 0;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '50' });
    brainId = s.mainBrainId;
    gitdir = s.c.repos.gitdirOf(brainId);
  });
  after(async () => s.stop());

  /** One commit of ten new pages in a folder of their own: 13 objects, written as one pack. */
  const groupCommit = () => {
    const i = commits++;
    const ops = Array.from({ length: 10 }, (_, j) => ({ op: 'put' as const, path: `group-${i}/page-${j}.md`, content: Buffer.from(`# Group ${i} page ${j}\n`) }));
    return s.c.writes.write(brainId, SYSTEM_ACTOR, () => ({ ops, message: `Group ${i}`, opName: 'import', audit: { action: 'page.import', target: `group-${i}` } }));
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a brain under the limit keeps its packs; past it they are folded, history whole and fsck clean', async () => {
    const packsAtStart = await countPacks(gitdir);
    for (let i = 0; i < 30; i++) await groupCommit();
    assert.equal(await countPacks(gitdir), packsAtStart + 30, 'each group commit wrote one pack');
    await sleep(PACK_CHECK_DELAY_MS + 1500);
    assert.equal(await countPacks(gitdir), packsAtStart + 30, 'under the limit nothing is repacked');

    for (let i = 0; i < 40; i++) await groupCommit();
    let packs = await countPacks(gitdir);
    for (let waited = 0; packs > 50 && waited < 60_000; waited += 250) {
      await sleep(250);
      packs = await countPacks(gitdir);
    }
    assert.ok(packs <= 50, `packs after 70 group commits: ${packs}`);
    // The roll-up that brought the count down may still be deleting the packs it replaced. The
    // server's own reads retry across it (they see its repack epoch); a fresh repository object does
    // not, so it reads once the roll-up has ended.
    const serving = s.c.repos.get(brainId) as unknown as { packEpoch: number };
    for (let waited = 0; serving.packEpoch % 2 === 1 && waited < 60_000; waited += 100) await sleep(100);
    assert.equal(serving.packEpoch % 2, 0, 'the roll-up ended');

    // Every commit and page is still there, read through a fresh repository object and the API.
    const head = s.c.repos.get(brainId).head()!;
    const fresh = new BrainRepository(gitdir, { fsync: false });
    assert.equal(fresh.head(), head);
    assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith('group-')).length, 700);
    assert.equal((await fresh.readFile('group-3/page-7.md'))?.toString('utf8'), '# Group 3 page 7\n');
    const log = new GitClient();
    try {
      const count = Number((await log.ok(['--git-dir', gitdir, 'rev-list', '--count', 'main'])).trim());
      assert.ok(count >= 71, `commits on main: ${count}`);
      await log.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
    } finally {
      log.cleanup();
    }
    const token = s.credential('Read', 'main');
    const r = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent('group-69/page-9.md')}`, { token });
    assert.equal(r.status, 200);
  });

  it('no consolidation beside another maintenance run of the same brain', async () => {
    for (let i = 0; i < 3; i++) await groupCommit();
    const running = s.c.gitRemote.maintain(brainId, { auto: false });
    const r = await s.c.gitRemote.consolidatePacks(brainId, 1);
    assert.equal(r.ran, false, 'left to the run in flight');
    await running;
    assert.equal((await s.c.gitRemote.consolidatePacks(brainId, 1)).ran, false, 'one pack left: nothing to fold');
  });

  it('rolling up leaves the large pack alone: only the small packs are rewritten', async () => {
    await s.c.gitRemote.maintain(brainId, { auto: false });
    const packNames = async () => (await fs.promises.readdir(path.join(gitdir, 'objects', 'pack'))).filter((f) => f.endsWith('.pack')).sort();
    const [big] = await packNames();
    assert.ok(big, 'one pack after a full repack');
    for (let i = 0; i < 6; i++) await groupCommit();
    assert.equal((await packNames()).length, 7);
    const r = await s.c.gitRemote.consolidatePacks(brainId, 5);
    assert.equal(r.ran, true);
    const after = await packNames();
    assert.ok(after.includes(big), `the large pack was kept: ${after.join(', ')}`);
    assert.equal(after.length, 2, 'the six small packs became one');
    const log = new GitClient();
    try {
      await log.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
    } finally {
      log.cleanup();
    }
  });
});
