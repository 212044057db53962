// Rolling a brain's packs up (issue 23): the geometric repack runs beside the write path, not under
// the brain's write lock. Writes land and are answered while it runs, reads during and after it
// return the right content (in-process reads retry a pack that vanished under them), clones work,
// and a repack killed at any point leaves a repository git fsck finds clean with every write in it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BrainRepository } from '../../src/storage/git/brainRepository.js';
import { countPacks, rollUpPacks } from '../../src/storage/git/gitCli.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

describe('git pack roll-up beside the write path', function () {
  this.timeout(180_000);
  let s: TestServer;
  let git: GitClient;
  let token: string;
  let brainId: string;
  let gitdir: string;
  let commits = 0;
  // Lets a held roll-up finish: called by the test that holds one, and by `after` should that test
  // fail before it does (a roll-up left held would keep the server from stopping, and mocha with it).
  let release = () => {};

  before(async () => {
    // No roll-up of its own (limit 0): the tests start each one.
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '0' });
    git = new GitClient();
    token = s.credential('Write', 'main', 'writer');
    brainId = s.mainBrainId;
    gitdir = s.c.repos.gitdirOf(brainId);
  });
  after(async () => {
    release();
    s.c.gitRemote.packRollUp = rollUpPacks;
    await s.stop();
    git.cleanup();
  });

  /** One commit of ten new pages in a folder of their own, written as one pack. */
  const groupCommit = () => {
    const i = commits++;
    const ops = Array.from({ length: 10 }, (_, j) => ({ op: 'put' as const, path: `group-${i}/page-${j}.md`, content: Buffer.from(`# Group ${i} page ${j}\n`) }));
    return s.c.writes.write(brainId, SYSTEM_ACTOR, () => ({ ops, message: `Group ${i}`, opName: 'import', audit: { action: 'page.import', target: `group-${i}` } }));
  };
  const getPage = (p: string) => s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token });
  const putPage = (p: string, markdown: string) => s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: p, markdown } });
  const fsck = () => git.ok(['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);

  it('writes land and are answered while a roll-up runs; reads during and after it are right; fsck is clean', async () => {
    for (let i = 0; i < 40; i++) await groupCommit();
    const packsBefore = await countPacks(gitdir);
    assert.ok(packsBefore >= 40, `packs before: ${packsBefore}`);

    // The roll-up is held open after git's repack until the test lets it finish: everything below
    // happens while it is in flight. Under the write lock, the writes would wait for `finish`.
    const events: string[] = [];
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    release = () => finish();
    s.c.gitRemote.packRollUp = async (dir) => {
      started();
      const r = await rollUpPacks(dir);
      events.push('repack done');
      await finished;
      return r;
    };
    const rollUp = s.c.gitRemote.consolidatePacks(brainId, 5).then((r) => {
      events.push('roll-up finished');
      return r;
    });
    await startedP;

    // Reads through the brain's own repository object, each on a fresh pack list so they go to the
    // pack files git is replacing, until git's repack is done.
    const repo = s.c.repos.get(brainId);
    let reads = 0;
    const reader = (async () => {
      while (!events.includes('repack done')) {
        const i = reads++ % 40;
        repo.packsChanged();
        assert.equal((await repo.readFile(`group-${i}/page-${i % 10}.md`))?.toString('utf8'), `# Group ${i} page ${i % 10}\n`);
      }
    })();
    const writes = Array.from({ length: 12 }, (_, i) =>
      putPage(`during/page-${i}.md`, `# During ${i}\n`).then((r) => {
        events.push(`write ${i} answered`);
        return r;
      }),
    );
    const apiReads = Array.from({ length: 20 }, (_, i) => getPage(`group-${i}/page-3.md`));
    const clone = git.clone(gitUrl(s.url, 'main', token), 'during-roll-up');
    const [written, readBack] = await Promise.all([Promise.all(writes), Promise.all(apiReads), reader]);
    assert.deepEqual(written.map((r) => r.status), Array(12).fill(201));
    assert.deepEqual(readBack.map((r) => [r.status, r.body.markdown]), Array.from({ length: 20 }, (_, i) => [200, `# Group ${i} page 3\n`]));
    assert.ok(reads > 0);
    assert.ok(!events.includes('roll-up finished'), 'every write was answered while the roll-up was still in flight');
    // The acknowledged writes are readable before the roll-up ends, too.
    assert.equal((await getPage('during/page-7.md')).body.markdown, '# During 7\n');

    finish();
    const r = await rollUp;
    assert.equal(r.ran, true);
    assert.deepEqual(events.slice(-1), ['roll-up finished']);
    assert.ok((await countPacks(gitdir)) < packsBefore, 'the small packs were rolled up');
    const cloned = await clone;
    assert.ok(fs.existsSync(path.join(cloned, 'group-39/page-9.md')));

    // After: a fresh repository object, the shared one and the API read every page right.
    const fresh = new BrainRepository(gitdir, { fsync: false });
    for (const reader of [fresh, repo]) {
      assert.equal((await reader.listFiles()).filter((f) => f.path.startsWith('group-')).length, 400);
      assert.equal((await reader.readFile('group-17/page-4.md'))?.toString('utf8'), '# Group 17 page 4\n');
      for (let i = 0; i < 12; i++) assert.equal((await reader.readFile(`during/page-${i}.md`))?.toString('utf8'), `# During ${i}\n`);
    }
    assert.equal((await getPage('during/page-11.md')).body.markdown, '# During 11\n');
    await fsck();
  });

  it('a roll-up does not wait for a write holding the lock, and one runs per brain at a time', async () => {
    for (let i = 0; i < 8; i++) await groupCommit();
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    s.c.gitRemote.packRollUp = (dir) => {
      started();
      return rollUpPacks(dir);
    };
    // A write holds the brain's lock until the roll-up has finished.
    let releaseWrite!: () => void;
    const writeHeld = new Promise<void>((r) => (releaseWrite = r));
    const order: string[] = [];
    const holding = s.c.writes.locks.run(brainId, async () => {
      await writeHeld;
      order.push('lock released');
    });
    const first = s.c.gitRemote.consolidatePacks(brainId, 1);
    await startedP;
    const second = await s.c.gitRemote.consolidatePacks(brainId, 1);
    assert.equal(second.ran, false, 'a second roll-up of the brain is left to the one in flight');
    const r = await first;
    order.push('roll-up finished');
    releaseWrite();
    await holding;
    assert.deepEqual(order, ['roll-up finished', 'lock released']);
    assert.equal(r.ran, true);
    await fsck();
  });

  it('a repack killed at any point leaves the repository whole, with writes landing beside it', async () => {
    const killed: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 6; i++) await groupCommit();
      // git's own repack, as the roll-up runs it, SIGKILLed a little later each round while
      // writes land; round 5 lets it finish.
      const repack = s.c.repos.rewritingPacks(brainId, () => {
        const child = spawn('git', ['--git-dir', gitdir, 'repack', '-d', '-l', '--geometric=2', '--quiet'], { stdio: 'ignore' });
        if (round < 5) setTimeout(() => child.kill('SIGKILL'), round * 15);
        return new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      });
      const writes = Array.from({ length: 4 }, (_, i) => putPage(`killed/r${round}-${i}.md`, `# Round ${round} write ${i}\n`));
      const [code, written] = await Promise.all([repack, Promise.all(writes)]);
      if (code === null) killed.push(`round ${round}`);
      assert.deepEqual(written.map((w) => w.status), [201, 201, 201, 201]);
      await fsck();
      const fresh = new BrainRepository(gitdir, { fsync: false });
      for (let i = 0; i < 4; i++) assert.equal((await fresh.readFile(`killed/r${round}-${i}.md`))?.toString('utf8'), `# Round ${round} write ${i}\n`);
      assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith('group-')).length, commits * 10);
    }
    assert.ok(killed.length > 0, 'at least one repack was killed mid-way');
  });

  it('a pack index left without its pack (a repack killed while deleting) is removed after the repack, and reads go on', async () => {
    for (let i = 0; i < 3; i++) await groupCommit();
    const packDir = path.join(gitdir, 'objects', 'pack');
    const packs = fs.readdirSync(packDir).filter((f) => f.endsWith('.pack'));
    assert.ok(packs.length > 0);
    // What `git repack -d` killed between unlinking a replaced pack and its index leaves behind.
    const lone = path.join(packDir, `pack-${'0'.repeat(40)}.idx`);
    fs.copyFileSync(path.join(packDir, packs[0]!.replace(/\.pack$/, '.idx')), lone);
    const fresh = new BrainRepository(gitdir, { fsync: false });
    await fresh.rewritingPacks(async () => undefined);
    assert.equal(fs.existsSync(lone), false, 'the lone index is gone');
    assert.ok(fs.readdirSync(packDir).filter((f) => f.endsWith('.idx')).length >= packs.length, 'every index with its pack stays');
    assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith('group-')).length, commits * 10);
    await fsck();
  });

  it("a repack killed between renaming its temporary pack and its index (a `.tmp-` index whose pack moved) is not read as a pack", async () => {
    for (let i = 0; i < 2; i++) await groupCommit();
    const packDir = path.join(gitdir, 'objects', 'pack');
    const idx = fs.readdirSync(packDir).find((f) => /^pack-[0-9a-f]+\.idx$/.test(f))!;
    // git renames `.tmp-<pid>-pack-<hash>.pack` into place before its `.idx`: killed between the
    // two, the index stays under its temporary name, and it sorts before every real pack's.
    const tmp = path.join(packDir, `.tmp-99999-pack-${'1'.repeat(40)}.idx`);
    fs.copyFileSync(path.join(packDir, idx), tmp);
    try {
      const fresh = new BrainRepository(gitdir, { fsync: false });
      assert.equal((await fresh.listFiles()).filter((f) => f.path.startsWith('group-')).length, commits * 10);
      assert.equal((await fresh.readFile(`group-${commits - 1}/page-3.md`))?.toString('utf8'), `# Group ${commits - 1} page 3\n`);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  });
});
