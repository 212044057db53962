// An import's `landed` hook (WritePlan.landed): told once the commit is on the branch and before
// its index transaction, which waits for it. The CLI's import starts its repack for clones there,
// so git repacks in its own process while the index transaction holds the event loop.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const page = (i: number, tag = 'p') => ({ path: `pages/${tag}${i}.md`, content: Buffer.from(`# Page ${tag} ${i}\n\nText ${i} [[pages/${tag}${(i + 1) % 7}]]\n`) });

describe('an import told when its commit has landed', function () {
  this.timeout(120_000);
  let s: TestServer;
  let gitdir: string;

  before(async () => {
    // No pack checks of the server's own: the test starts the repack itself.
    s = await startTestServer({ BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '0' });
    gitdir = s.c.repos.gitdirOf(s.mainBrainId);
  });
  after(async () => {
    await s.stop();
  });

  it('is told after the branch moved and before the index transaction, which waits for it', async () => {
    const base = s.c.repos.get(s.mainBrainId).head();
    const seen: string[] = [];
    const result = await s.c.pages.importPages(SYSTEM_ACTOR, 'main', [page(1), page(2), page(3)], {
      landed: async (brainId, commit) => {
        assert.equal(brainId, s.mainBrainId);
        assert.equal(s.c.repos.get(brainId).head(), commit, 'the branch is at the commit');
        assert.equal(s.c.pageIndex.indexedCommit(brainId), base, 'not indexed yet');
        seen.push('landed');
        await new Promise((r) => setTimeout(r, 50));
        assert.equal(s.c.pageIndex.indexedCommit(brainId), base, 'the index transaction waits for the hook');
        seen.push('waited');
      },
    });
    assert.deepEqual(seen, ['landed', 'waited']);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), result.commit);
    assert.equal(s.c.pageIndex.countPages(s.mainBrainId) >= 3, true);
  });

  it('a hook that fails leaves the import committed and indexed', async () => {
    let told = false;
    const result = await s.c.pages.importPages(SYSTEM_ACTOR, 'main', [page(1, 'f'), page(2, 'f')], {
      landed: () => {
        told = true;
        return Promise.reject(new Error('disk full'));
      },
    });
    assert.ok(told);
    assert.equal(s.c.repos.get(s.mainBrainId).head(), result.commit);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), result.commit);
    assert.ok(s.c.pageIndex.getPage(s.mainBrainId, 'pages/f1.md'));
  });

  it('a bitmap repack started there (as the CLI does) runs before the index transaction, and leaves one pack with a bitmap', async () => {
    const base = s.c.repos.get(s.mainBrainId).head();
    const repack = s.c.gitRemote.bitmapRepack;
    let indexedWhenGitRan: string | null | undefined;
    s.c.gitRemote.bitmapRepack = (dir, spawned) =>
      repack(dir, () => {
        indexedWhenGitRan = s.c.pageIndex.indexedCommit(s.mainBrainId);
        spawned?.();
      });
    let run: Promise<unknown> | null = null;
    try {
      const result = await s.c.pages.importPages(SYSTEM_ACTOR, 'main', Array.from({ length: 1200 }, (_, i) => page(i, 'big')), {
        landed: (brainId) =>
          new Promise<void>((started) => {
            run = s.c.gitRemote.keepPacksReady(brainId, 50, { started });
          }),
      });
      assert.ok(run, 'the repack was started at landing');
      assert.deepEqual(await run, { ran: 'bitmap', packs: 1 });
      assert.equal(indexedWhenGitRan, base, 'git ran before the index transaction');
      assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), result.commit);
    } finally {
      s.c.gitRemote.bitmapRepack = repack;
    }
    const files = fs.readdirSync(path.join(gitdir, 'objects', 'pack'));
    assert.equal(files.filter((f) => f.endsWith('.bitmap')).length, 1, files.join(' '));
    execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
  });
});
