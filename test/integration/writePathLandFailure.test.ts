// A write whose landing fails (WritePath.land): the journal (pending) row goes only when the branch
// did not move to the write's commit. When it did (the git write thread died after its
// compare-and-swap, or a sync after the rename failed), the commit is on the branch although the
// writer was told it failed: the row stays, and recovery finishes the write, indexed and audited.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('write path: a landing that fails after, or before, the branch moved', function () {
  this.timeout(60_000);
  let s: TestServer;
  const threads = gitWriteThreads();
  const landCommit = threads.landCommit;

  before(async () => {
    s = await startTestServer();
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/first.md', markdown: '# First\n\nBefore anything failed.\n' });
  });
  afterEach(() => {
    threads.landCommit = landCommit;
  });
  after(() => s.stop());

  const pending = () => s.c.db.prepare('SELECT brain_id AS brainId, new_commit AS "commit" FROM pending_writes').all() as Array<{ brainId: string; commit: string }>;
  const repo = () => s.c.repos.get(s.mainBrainId);

  it('the branch moved, then the land job failed: the pending row stays, and recovery indexes and audits the write', async () => {
    // The real landing (objects written, the ref moved), then the reply lost.
    threads.landCommit = async function (this: typeof threads, ...args: Parameters<typeof landCommit>) {
      await landCommit.apply(this, args);
      throw new Error('git write thread exited');
    } as typeof landCommit;
    const before = repo().head();
    await assert.rejects(s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/landed.md', markdown: '# Landed\n\nOn the branch though the writer heard it failed.\n' }), /git write thread exited/);
    threads.landCommit = landCommit;
    const head = repo().head();
    assert.notEqual(head, before, 'the branch moved');
    assert.deepEqual(pending(), [{ brainId: s.mainBrainId, commit: head }], 'the journal row is kept');

    const recovered = await s.c.recover();
    assert.deepEqual(recovered, { finished: 1, discarded: 0 });
    assert.deepEqual(pending(), []);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), head, 'indexed');
    assert.ok(s.c.db.prepare('SELECT 1 FROM pages WHERE brain_id = ? AND path = ?').get(s.mainBrainId, 'notes/landed.md'), 'the page is in the index');
    const audit = s.c.db.prepare("SELECT detail FROM audit WHERE brain_id = ? AND detail LIKE '%' || ? || '%'").pluck().all(s.mainBrainId, head) as string[];
    assert.equal(audit.length, 1, 'one audit row for the write');
    assert.equal(JSON.parse(audit[0]!).recovered, true);
  });

  it('a land job that failed before the branch moved: the pending row goes, nothing is recovered', async () => {
    threads.landCommit = (async () => {
      throw new Error('git write thread exited');
    }) as typeof landCommit;
    const before = repo().head();
    await assert.rejects(s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/lost.md', markdown: '# Lost\n\nNever on the branch.\n' }), /git write thread exited/);
    threads.landCommit = landCommit;
    assert.equal(repo().head(), before);
    assert.deepEqual(pending(), []);
    assert.deepEqual(await s.c.recover(), { finished: 0, discarded: 0 });
    assert.equal(s.c.db.prepare('SELECT 1 FROM pages WHERE brain_id = ? AND path = ?').get(s.mainBrainId, 'notes/lost.md'), undefined);
  });
});
