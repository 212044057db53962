// A write whose landing fails (WritePath.land): the journal (pending) row goes only when the branch
// did not move to the write's commit. When it did (the git write thread died after its
// compare-and-swap, or a sync after the rename failed), the commit is on the branch although the
// writer was told it failed: the row stays, and recovery finishes the write, indexed and audited.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('write path: a landing that fails after, or before, the branch moved', function () {
  this.timeout(60_000);
  let s: TestServer;
  const threads = gitWriteThreads();
  const landCommit = threads.landCommit;
  const landAlongside = threads.landAlongside;

  before(async () => {
    s = await startTestServer();
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/first.md', markdown: '# First\n\nBefore anything failed.\n' });
  });
  afterEach(() => {
    threads.landCommit = landCommit;
    threads.landAlongside = landAlongside;
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

  // An import of 1,000+ pages lands alongside its index transaction (BrainRepository.commitAlongside):
  // the transaction commits only after the ref moved, and rolls back when it did not.
  const importFiles = (tag: string) =>
    Array.from({ length: 1001 }, (_, i) => ({ path: `bulk-${tag}/p${i}.md`, content: Buffer.from(`# ${tag} page ${i}\n\nLinks to [[bulk-${tag}/p${(i + 1) % 1001}]].\n`) }));
  const pagesUnder = (folder: string) => (s.c.db.prepare('SELECT count(*) FROM pages WHERE brain_id = ? AND path LIKE ?').pluck().get(s.mainBrainId, `${folder}/%`) as number);

  it('a large import whose landing fails: nothing of it is indexed, the branch and the journal are as before', async () => {
    let used = 0;
    threads.landAlongside = function (this: typeof threads, gitdir, ...rest: Parameters<typeof landAlongside> extends [string, ...infer R] ? R : never) {
      used++;
      return landAlongside.call(this, '/dev/null/not-a-gitdir', ...rest); // the thread cannot write the pack: ENOTDIR
    } as typeof landAlongside;
    const before = repo().head();
    const indexed = s.c.pageIndex.indexedCommit(s.mainBrainId);
    await assert.rejects(s.c.pages.importPages(SYSTEM_ACTOR, 'main', importFiles('failed')), /ENOTDIR|not a directory/);
    threads.landAlongside = landAlongside;
    assert.equal(used, 1, 'the import took the alongside path');
    assert.equal(repo().head(), before);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), indexed);
    assert.equal(pagesUnder('bulk-failed'), 0, 'the index transaction rolled back');
    assert.deepEqual(pending(), []);
  });

  it('a large import whose ref another writer moved meanwhile: rolled back, re-planned on the new head, indexed once', async () => {
    let used = 0;
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    threads.landAlongside = function (this: typeof threads, ...args: Parameters<typeof landAlongside>) {
      if (used++ === 0) {
        // Another process commits first (as a CLI or a push would): the thread's compare-and-swap loses.
        const env = { ...process.env, GIT_DIR: gitdir, GIT_AUTHOR_NAME: 'other', GIT_AUTHOR_EMAIL: 'o@example.com', GIT_COMMITTER_NAME: 'other', GIT_COMMITTER_EMAIL: 'o@example.com' };
        const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { env, input: '# Other\n\nWritten meanwhile.\n' }).toString().trim();
        const head = repo().head()!;
        execFileSync('git', ['read-tree', head], { env: { ...env, GIT_INDEX_FILE: `${gitdir}/other.index` } });
        execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${blob},notes/other.md`], { env: { ...env, GIT_INDEX_FILE: `${gitdir}/other.index` } });
        const tree = execFileSync('git', ['write-tree'], { env: { ...env, GIT_INDEX_FILE: `${gitdir}/other.index` } }).toString().trim();
        const commit = execFileSync('git', ['commit-tree', tree, '-p', head, '-m', 'other'], { env }).toString().trim();
        execFileSync('git', ['update-ref', 'refs/heads/main', commit, head], { env });
      }
      return landAlongside.apply(this, args);
    } as typeof landAlongside;
    const result = await s.c.pages.importPages(SYSTEM_ACTOR, 'main', importFiles('won'));
    threads.landAlongside = landAlongside;
    assert.equal(used, 2, 'landed on the second plan');
    assert.equal(result.pages, 1001);
    const head = repo().head();
    assert.equal(result.commit, head);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), head);
    assert.equal(pagesUnder('bulk-won'), 1001);
    assert.ok(s.c.db.prepare('SELECT 1 FROM pages WHERE brain_id = ? AND path = ?').get(s.mainBrainId, 'notes/other.md'), 'the other writer\'s page is indexed too');
    assert.deepEqual(pending(), []);
    const links = s.c.db.prepare("SELECT count(*) FROM search_links l JOIN pages p ON p.id = l.from_page_id WHERE p.brain_id = ? AND p.path LIKE 'bulk-won/%' AND l.to_page_id IS NOT NULL").pluck().get(s.mainBrainId) as number;
    assert.equal(links, 1001, 'each page\'s one link, once');
  });
});
