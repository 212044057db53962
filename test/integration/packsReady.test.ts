// Packs kept ready for clones (issue 29): an import or a large push lands as one pack without a
// reachability bitmap, and a clone of it walks every object. A few seconds later the server
// repacks the brain into one pack with a bitmap, beside the write path (no write lock): the clone
// over HTTP is still the clone `git clone file://` gives, writes land and are answered while the
// repack runs, objects no ref reaches yet (a commit being written) survive it, and fsck is clean.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { bitmapCoverage, needsBitmapRepack, repackWithBitmap, type BitmapCoverage } from '../../src/storage/git/gitCli.js';
import { BrainRepository } from '../../src/storage/git/brainRepository.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

const page = (i: number, prefix = 'pages') => ({ path: `${prefix}/p${i}.md`, content: Buffer.from(`# Page ${i}\n\nAbout the harbour and the lantern, week ${i % 52}.\n\n- See [[${prefix}/p${i + 1}]]\n`) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// A pack's bitmap (not a killed git's temporary `.tmp-*` files).
const bitmaps = (gitdir: string) => fs.readdirSync(path.join(gitdir, 'objects', 'pack')).filter((f) => /^pack-[0-9a-f]+\.bitmap$/.test(f));

/** Wait (bounded) until the brain is one pack with a bitmap and nothing outside it; the last state seen. */
async function untilOnePackWithBitmap(gitdir: string, notBitmap?: string): Promise<BitmapCoverage> {
  let c = await bitmapCoverage(gitdir);
  for (let waited = 0; waited < 90_000; waited += 250) {
    const b = bitmaps(gitdir);
    if (c.packs === 1 && c.outside === 0 && c.bitmapped > 0 && b.length === 1 && b[0] !== notBitmap) return c;
    await sleep(250);
    c = await bitmapCoverage(gitdir);
  }
  return c;
}

describe('packs ready for clones after an import and a push', function () {
  this.timeout(240_000);
  let s: TestServer;
  let git: GitClient;
  let token: string;
  let gitdir: string;

  before(async () => {
    // The pack checks after commits on (as on a default server); the nightly pass off.
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '50' });
    git = new GitClient();
    token = s.credential('Write', 'main', 'pusher');
    gitdir = s.c.repos.gitdirOf(s.mainBrainId);
  });
  after(async () => {
    await s.stop();
    git.cleanup();
  });

  const describeClone = async (dir: string) => ({
    log: await git.ok(['log', '--format=%H %T %P|%an <%ae> %at|%B'], dir),
    tree: await git.ok(['ls-tree', '-r', '--full-tree', 'HEAD'], dir),
    refs: await git.ok(['for-each-ref', '--format=%(refname) %(objectname)'], dir),
  });
  const sameAsFileClone = async (name: string, pages: number) => {
    const viaHttp = await git.clone(gitUrl(s.url, 'main', token), `${name}-http`);
    const viaFile = await git.clone(`file://${gitdir}`, `${name}-file`);
    const [h, f] = [await describeClone(viaHttp), await describeClone(viaFile)];
    assert.equal(h.log, f.log);
    assert.equal(h.tree, f.tree);
    assert.equal(h.refs, f.refs);
    assert.equal(h.tree.split('\n').filter((l) => /\t(pages|pushed)\/p\d+\.md$/.test(l)).length, pages);
    assert.equal((await git.ok(['rev-parse', 'HEAD'], viaHttp)).trim(), s.c.repos.get(s.mainBrainId).head());
    await git.ok(['fsck', '--full', '--strict'], viaHttp);
  };

  it('an import of 2,000 pages becomes one pack with a bitmap, and the clone over HTTP is the file:// clone', async () => {
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 2000 }, (_, i) => page(i)));
    // Nobody asks for it: the commit's pack check does it.
    const c = await untilOnePackWithBitmap(gitdir);
    assert.equal(c.packs, 1, `packs: ${JSON.stringify(c)}`);
    assert.equal(c.outside, 0, `objects outside the bitmapped pack: ${JSON.stringify(c)}`);
    assert.ok(c.bitmapped > 2000, `objects under the bitmap: ${c.bitmapped}`);
    assert.equal(bitmaps(gitdir).length, 1);
    assert.equal(needsBitmapRepack(c), false);
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
    await sameAsFileClone('imported', 2000);
  });

  it('a push of 1,200 new pages (a pack receive-pack keeps) is repacked the same way', async () => {
    const [before] = bitmaps(gitdir);
    assert.ok(before);
    const dir = await git.clone(gitUrl(s.url, 'main', token), 'editor');
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`pushed/p${i}.md`] = page(i, 'pushed').content.toString('utf8');
    const pushed = await git.commit(dir, files, 'Add 1,200 pages');
    await git.ok(['push', '--quiet', 'origin', 'main'], dir);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), pushed);

    const c = await untilOnePackWithBitmap(gitdir, before);
    assert.equal(c.packs, 1, `packs: ${JSON.stringify(c)}`);
    assert.equal(c.outside, 0);
    assert.notEqual(bitmaps(gitdir)[0], before, 'a new pack and bitmap');
    assert.ok(c.bitmapped > 3200, `objects under the bitmap: ${c.bitmapped}`);
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
    await sameAsFileClone('pushed', 3200);
    const r = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent('pushed/p1199.md')}`, { token });
    assert.equal(r.status, 200);
  });

  it('a few writes after that leave the bitmapped pack alone (a full repack waits for an eighth more objects)', async () => {
    const [before] = bitmaps(gitdir);
    for (let i = 0; i < 3; i++) assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: `notes/n${i}.md`, markdown: `# Note ${i}\n` } })).status, 201);
    const c = await bitmapCoverage(gitdir);
    assert.ok(c.outside > 0 && !needsBitmapRepack(c), JSON.stringify(c));
    assert.equal((await s.c.gitRemote.keepPacksReady(s.mainBrainId, 50)).ran, null);
    assert.deepEqual(bitmaps(gitdir), [before]);
  });
});

describe('the bitmap repack beside the write path', function () {
  this.timeout(240_000);
  let s: TestServer;
  let git: GitClient;
  let token: string;
  let brainId: string;
  let gitdir: string;
  let release = () => {};

  before(async () => {
    // No pack checks of its own (limit 0): the tests start each repack.
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '0' });
    git = new GitClient();
    token = s.credential('Write', 'main', 'writer');
    brainId = s.mainBrainId;
    gitdir = s.c.repos.gitdirOf(brainId);
  });
  after(async () => {
    release();
    s.c.gitRemote.bitmapRepack = repackWithBitmap;
    await s.stop();
    git.cleanup();
  });

  const putPage = (p: string, markdown: string) => s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: p, markdown } });
  const getPage = (p: string) => s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token });

  it('objects no ref reaches yet (a commit written, its branch not yet moved) survive it', async () => {
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 50 }, (_, i) => page(i)));
    // A pack of a blob, a tree and a commit that no ref names, as a write between its pack and its ref.
    const withInput = (args: string[], input: string) => {
      const r = spawnSync('git', ['--git-dir', gitdir, ...args], { env: git.env, input });
      assert.equal(r.status, 0, r.stderr.toString());
      return r.stdout.toString().trim();
    };
    const blob = withInput(['hash-object', '-w', '--stdin'], 'A page being written, its commit not yet on main.\n');
    const packed = withInput(['pack-objects', '-q', path.join(gitdir, 'objects', 'pack', 'pack')], `${blob}\n`);
    assert.match(packed, /^[0-9a-f]{40}$/);
    await git.ok(['--git-dir', gitdir, 'prune-packed']);
    assert.equal((await git.run(['--git-dir', gitdir, 'cat-file', '-e', blob])).code, 0);

    const r = await s.c.gitRemote.bitmapRepack(gitdir);
    assert.equal(r.after.packs, 1);
    assert.equal(bitmaps(gitdir).length, 1);
    assert.equal((await git.run(['--git-dir', gitdir, 'cat-file', '-e', blob])).code, 0, 'the unreachable packed blob is still there');
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });

  it('a bitmap repack killed at any point leaves the repository whole, with writes landing beside it', async () => {
    const killed: string[] = [];
    for (let round = 0; round < 6; round++) {
      await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 100 }, (_, i) => page(i, `killed-${round}`)));
      // git's own full repack, as the pack check runs it, SIGKILLed a little later each round while
      // writes land; round 5 lets it finish.
      const repack = s.c.repos.rewritingPacks(brainId, () => {
        const child = spawn('git', ['--git-dir=.', 'repack', '-a', '-d', '-k', '-b', '-l', '--quiet'], { cwd: gitdir, stdio: 'ignore' });
        if (round < 5) setTimeout(() => child.kill('SIGKILL'), round * 20);
        return new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      });
      const writes = Array.from({ length: 4 }, (_, i) => putPage(`killed/r${round}-${i}.md`, `# Round ${round} write ${i}\n`));
      const [code, written] = await Promise.all([repack, Promise.all(writes)]);
      if (code === null) killed.push(`round ${round}`);
      assert.deepEqual(written.map((w) => w.status), [201, 201, 201, 201]);
      await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
      const fresh = new BrainRepository(gitdir, { fsync: false });
      for (let i = 0; i < 4; i++) assert.equal((await fresh.readFile(`killed/r${round}-${i}.md`))?.toString('utf8'), `# Round ${round} write ${i}\n`);
      for (let r = 0; r <= round; r++) assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith(`killed-${r}/`)).length, 100);
    }
    assert.ok(killed.length > 0, 'at least one repack was killed mid-way');
    assert.equal(bitmaps(gitdir).length, 1, `the last one finished with a bitmap: ${fs.readdirSync(path.join(gitdir, 'objects', 'pack')).join(', ')}`);
  });

  it('writes land and are answered while it runs; reads and a clone during it are right; fsck is clean', async () => {
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 1500 }, (_, i) => page(i, 'more')));
    assert.ok(needsBitmapRepack(await bitmapCoverage(gitdir)));
    const events: string[] = [];
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    release = () => finish();
    // git's repack runs while the writes below do; the run is then held open until the test lets it end.
    let repacking!: ReturnType<typeof repackWithBitmap>;
    s.c.gitRemote.bitmapRepack = async (dir) => {
      repacking = repackWithBitmap(dir);
      started();
      const r = await repacking;
      events.push('repack done');
      await finished;
      return r;
    };
    const run = s.c.gitRemote.keepPacksReady(brainId, 0).then((r) => {
      events.push('repack finished');
      return r;
    });
    await startedP;
    // Under the brain's write lock these writes would wait for `finish`, which the test gives only
    // after they are answered: the test would time out. That is what shows the repack holds no lock.
    const writes = Array.from({ length: 12 }, (_, i) => putPage(`during/page-${i}.md`, `# During ${i}\n`));
    const reads = Array.from({ length: 20 }, (_, i) => getPage(`more/p${i * 7}.md`));
    const clone = git.clone(gitUrl(s.url, 'main', token), 'during-repack');
    const [written, readBack] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    assert.deepEqual(written.map((r) => r.status), Array(12).fill(201));
    assert.deepEqual(readBack.map((r) => r.status), Array(20).fill(200));
    assert.ok(!events.includes('repack finished'), 'answered while the run was held open');
    await repacking;
    finish();
    const r = await run;
    assert.equal(r.ran, 'bitmap');
    const cloned = await clone;
    assert.ok(fs.existsSync(path.join(cloned, 'more/p1499.md')));

    const fresh = new BrainRepository(gitdir, { fsync: false });
    for (const reader of [fresh, s.c.repos.get(brainId)]) {
      assert.equal((await reader.listFiles()).filter((f) => f.path.startsWith('more/')).length, 1500);
      for (let i = 0; i < 12; i++) assert.equal((await reader.readFile(`during/page-${i}.md`))?.toString('utf8'), `# During ${i}\n`);
    }
    assert.equal(bitmaps(gitdir).length, 1);
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });

  it('a pack git keeps (.keep) counts as covered, and a repack that leaves objects outside is not repeated at once', async () => {
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 1200 }, (_, i) => page(i, 'kept')));
    const packDir = path.join(gitdir, 'objects', 'pack');
    const newest = fs.readdirSync(packDir).filter((f) => f.endsWith('.pack')).map((f) => ({ f, t: fs.statSync(path.join(packDir, f)).mtimeMs })).sort((a, b) => b.t - a.t)[0]!.f;
    const before = await bitmapCoverage(gitdir);
    assert.ok(needsBitmapRepack(before), JSON.stringify(before));
    const keep = path.join(packDir, newest.replace(/\.pack$/, '.keep'));
    fs.writeFileSync(keep, 'receive-pack 1 on host\n');
    try {
      const kept = await bitmapCoverage(gitdir);
      assert.ok(kept.outside <= before.outside - 1200 && !needsBitmapRepack(kept), JSON.stringify(kept));
      assert.equal((await s.c.gitRemote.keepPacksReady(brainId, 0)).ran, null);
      // Forced once: git leaves the kept pack, so objects stay outside the bitmap; the next check backs off.
      fs.rmSync(keep);
      const calls: string[] = [];
      s.c.gitRemote.bitmapRepack = async (dir) => {
        calls.push(dir);
        fs.writeFileSync(keep, 'receive-pack 1 on host\n');
        try {
          return await repackWithBitmap(dir);
        } finally {
          fs.rmSync(keep);
        }
      };
      assert.equal((await s.c.gitRemote.keepPacksReady(brainId, 0)).ran, 'bitmap');
      assert.ok(needsBitmapRepack(await bitmapCoverage(gitdir)), 'the kept pack stayed outside');
      assert.equal((await s.c.gitRemote.keepPacksReady(brainId, 0)).ran, null, 'backs off until as many objects again are added');
      assert.equal(calls.length, 1);
    } finally {
      s.c.gitRemote.bitmapRepack = repackWithBitmap;
      fs.rmSync(keep, { force: true });
    }
    await git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });
});
