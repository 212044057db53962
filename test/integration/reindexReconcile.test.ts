// `brainkeep reindex` reconciles the index with git in place (storage/indexReconciler.ts): an
// unchanged brain changes nothing and embeds nothing again; pages and attachments changed behind
// the index's back are corrected and the corrections are changes in the feed and events like any
// other; `--full` (drop and replay) answers exactly what the reconciled index answers; and the
// reindex runs as its own process beside a server that keeps writing without losing or failing a write.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { IndexReconciler, ReconcileGaveUpError } from '../../src/storage/indexReconciler.js';
import { FileIndexRepo } from '../../src/storage/sqlite/fileIndexRepo.js';
import { cliArgv, ROOT } from '../helpers/cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

/** The real CLI as a child process, without blocking this process (the server under test lives here). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgv(args), {
      cwd: ROOT,
      env: { ...process.env, BRAINKEEP_FSYNC: 'off', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b5a50000000049454e44ae426082', 'hex');

/**
 * A commit made with git alone (no service): `changes` on top of main's tree (null removes a path),
 * its parent `parent` (main's own parent rewrites history, as `git commit --amend` and a forced
 * update would). Answers the new commit, which main then points at.
 */
function commitOutside(gitdir: string, changes: Record<string, string | Buffer | null>, parent: 'main' | 'main~1'): string {
  const dir = tempDir('brainkeep-outside-');
  const env = { ...process.env, GIT_INDEX_FILE: path.join(dir, 'index'), GIT_AUTHOR_NAME: 'Outside', GIT_AUTHOR_EMAIL: 'outside@example.com', GIT_COMMITTER_NAME: 'Outside', GIT_COMMITTER_EMAIL: 'outside@example.com' };
  const git = (args: string[], input?: string | Buffer) => execFileSync('git', ['--git-dir', gitdir, ...args], { env, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
  try {
    git(['read-tree', 'main']);
    const lines: string[] = [];
    for (const [p, content] of Object.entries(changes)) {
      if (content == null) lines.push(`0 ${'0'.repeat(40)}\t${p}`);
      else {
        const file = path.join(dir, 'blob');
        fs.writeFileSync(file, content);
        lines.push(`100644 ${git(['hash-object', '-w', file])}\t${p}`);
      }
    }
    if (lines.length) git(['update-index', '--index-info'], `${lines.join('\n')}\n`);
    const tree = git(['write-tree']);
    const commit = git(['commit-tree', tree, '-p', git(['rev-parse', parent]), '-m', 'changed outside the service']);
    git(['update-ref', 'refs/heads/main', commit]);
    return commit;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('reindex reconciles the index with git', function () {
  this.timeout(180_000);
  let s: TestServer;
  let write: string;
  let gitdir: string;
  before(async () => {
    // The writer beside the CLI's reindex writes as fast as the machine lets it: past the default
    // 600 requests a minute on a quiet machine, and a 429 is not what these cases are about.
    s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '1000000' });
    write = s.credential('Write');
    gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    for (let i = 0; i < 8; i++) await put(`notes/n${i}.md`, `# Note ${i}\n\nAbout topic ${i} and [[notes/n${(i + 1) % 8}]], with ![[files/pic${i % 2}.png]].\n`);
    // Attachments, committed with git alone and indexed by the ordinary catch-up.
    commitOutside(gitdir, { 'files/pic0.png': PNG, 'files/pic1.png': Buffer.concat([PNG, Buffer.from([0])]) }, 'main');
    await s.c.writes.catchUp(s.mainBrainId);
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  async function put(p: string, markdown: string): Promise<void> {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: p, markdown } });
    assert.ok(r.status === 200 || r.status === 201, `${p}: ${r.status} ${r.text}`);
  }
  const brain = () => s.c.access.findBrain('main')!;
  const seq = () => s.c.pageIndex.latestSeq(s.mainBrainId);
  const chunkRows = () => s.c.db.prepare('SELECT id, page_id FROM search_chunks WHERE brain_id = ? ORDER BY id').all(s.mainBrainId);
  const files = () => s.c.db.prepare('SELECT path, blob_oid, deleted FROM files WHERE brain_id = ? ORDER BY path').all(s.mainBrainId);
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const q of ['topic 3', 'note', 'replaced words', 'brand new page']) {
      for (const mode of ['exact', 'hybrid']) out[`${mode}:${q}`] = (await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ q, mode })}`, { token: write })).body.hits;
    }
    out.backlinks = (await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=notes/n2.md', { token: write })).body;
    out.wanted = (await s.request('GET', '/api/v1/brains/main/graph/wanted', { token: write })).body;
    out.traverse = (await s.request('GET', '/api/v1/brains/main/graph/traverse?path=notes/n0.md&depth=3', { token: write })).body;
    out.pages = s.c.pageIndex.listPages(s.mainBrainId, { limit: 1000 }).map((p) => [p.path, p.blobOid, p.title, s.c.pageIndex.getPage(s.mainBrainId, p.path)!.markdown]);
    out.files = files().map((f) => ({ ...(f as object) }));
    return out;
  };

  it('an unchanged brain: nothing changes, nothing is embedded again', async () => {
    const [before, chunks, events, embedded] = [seq(), chunkRows(), s.c.events.latestSeq(s.mainBrainId), s.c.embeddings.status(brain()).embedded];
    assert.ok(embedded > 0 && s.c.embeddings.status(brain()).pending === 0);
    const filesBefore = files();
    const r = await s.c.reindex.reindex([brain()]);
    assert.equal(r.brains[0]!.corrected, 0);
    assert.equal(r.brains[0]!.commits, 0);
    assert.equal(seq(), before, 'no change recorded');
    assert.equal(s.c.events.latestSeq(s.mainBrainId), events, 'no event');
    assert.deepEqual(chunkRows(), chunks, 'the same chunk rows');
    assert.deepEqual(files(), filesBefore);
    const status = s.c.embeddings.status(brain());
    assert.equal(status.embedded, embedded);
    assert.equal(status.pending, 0, 'nothing queued to embed again');
  });

  it('a commit on top made outside the service is caught up with its own author in the feed', async () => {
    const from = seq();
    commitOutside(gitdir, { 'notes/n1.md': '# Note 1\n\nReplaced words outside.\n' }, 'main');
    const r = await s.c.reindex.reindex([brain()]);
    assert.equal(r.brains[0]!.commits, 1);
    assert.equal(r.brains[0]!.corrected, 0);
    const feed = { changes: s.c.pageIndex.changesSince(s.mainBrainId, from, 1000) };
    assert.deepEqual(feed.changes.map((c: { path: string; op: string; by: string }) => [c.op, c.path, c.by]), [['put', 'notes/n1.md', 'Outside']]);
  });

  it('history rewritten behind the index: pages and attachments are corrected, as changes in the feed and events', async () => {
    const live = await snapshot();
    const [from, eventsFrom] = [seq(), s.c.events.latestSeq(s.mainBrainId)];
    const chunksOfUntouched = chunkRows().filter((c) => (c as { page_id: number }).page_id === s.c.pageIndex.getPage(s.mainBrainId, 'notes/n5.md')!.id);
    // main's last commit replaced by one that edits, removes and adds pages and attachments.
    commitOutside(gitdir, { 'notes/n2.md': '# Note 2\n\nReplaced words, and a link to [[notes/fresh]].\n', 'notes/n3.md': null, 'notes/fresh.md': '# Fresh\n\nA brand new page.\n', 'files/pic1.png': null, 'files/pic2.png': PNG }, 'main~1');
    const r = await s.c.reindex.reindex([brain()]);
    // Three pages and two attachments.
    assert.equal(r.brains[0]!.corrected, 5);
    const feed = { changes: s.c.pageIndex.changesSince(s.mainBrainId, from, 1000) };
    assert.deepEqual(
      feed.changes.map((c: { path: string; op: string; by: string }) => [c.op, c.path, c.by]).sort(),
      [['delete', 'notes/n3.md', 'brainkeep reindex'], ['put', 'notes/fresh.md', 'brainkeep reindex'], ['put', 'notes/n2.md', 'brainkeep reindex']],
    );
    const events = s.c.events.after(eventsFrom, 100, s.mainBrainId).map((e) => [e.type, e.path]);
    assert.ok(events.some(([, p]) => p === 'notes/n2.md') && events.some(([, p]) => p === 'notes/n3.md') && events.some(([, p]) => p === 'notes/fresh.md'), JSON.stringify(events));
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), execFileSync('git', ['--git-dir', gitdir, 'rev-parse', 'main'], { encoding: 'utf8' }).trim());
    assert.deepEqual(
      files().map((f) => [(f as { path: string }).path, (f as { deleted: number }).deleted]),
      [['files/pic0.png', 0], ['files/pic1.png', 1], ['files/pic2.png', 0]],
    );
    const id5 = s.c.pageIndex.getPage(s.mainBrainId, 'notes/n5.md')!.id;
    assert.deepEqual(chunkRows().filter((c) => (c as { page_id: number }).page_id === id5), chunksOfUntouched, 'an untouched page keeps its chunks');
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
    await s.c.embeddings.drain();
    const reconciled = await snapshot();
    assert.notDeepEqual(reconciled, live);
    assert.match(JSON.stringify(reconciled['exact:brand new page']), /notes\/fresh\.md/);

    // --full drops the index and replays the history: the same answers.
    const full = await s.c.reindex.reindex([brain()], {}, { full: true });
    assert.equal(full.brains[0]!.corrected, null);
    await s.c.embeddings.drain();
    assert.deepEqual(await snapshot(), reconciled);
  });

  it('runs as its own process while the server writes: no write fails or is lost, and the index ends equal to git', async () => {
    // Enough pages for several slices, then the index spoilt behind the server's back.
    const many: Record<string, string> = {};
    for (let i = 0; i < 300; i++) many[`bulk/p${i}.md`] = `# Bulk ${i}\n\nFiller page ${i}.\n`;
    commitOutside(gitdir, many, 'main');
    await s.c.writes.catchUp(s.mainBrainId);
    await s.c.embeddings.drain();
    s.c.db.prepare("UPDATE pages SET blob_oid = '0123456789012345678901234567890123456789' WHERE brain_id = ? AND path LIKE 'bulk/%' AND path NOT LIKE 'bulk/p1_%'").run(s.mainBrainId);
    s.c.db.prepare("DELETE FROM pages WHERE brain_id = ? AND path LIKE 'bulk/p1_%'").run(s.mainBrainId);
    const spoilt = 300;

    let done = false;
    const acked = new Map<string, string>();
    const failures: string[] = [];
    const writer = (async () => {
      for (let i = 0; !done || i < 20; i++) {
        const p = i % 2 ? `bulk/p${(i * 37) % 300}.md` : `live/w${i}.md`;
        const markdown = `# Written ${i}\n\nDuring the reindex.\n`;
        const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: p, markdown } });
        if (r.status === 200 || r.status === 201) acked.set(p, markdown);
        else failures.push(`${p}: ${r.status} ${r.text}`);
      }
    })();
    // Slices of 40: the server's writes land between them.
    const r = await cli(['reindex', '--brain', 'main'], { BRAINKEEP_DATA: s.dataDir, BRAINKEEP_REINDEX_SLICE: '40' });
    done = true;
    await writer;
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(failures, []);
    assert.ok(acked.size >= 20);
    const m = /(\d+) entries corrected/.exec(r.stderr);
    assert.ok(m && Number(m[1]) <= spoilt && Number(m[1]) > spoilt - acked.size, r.stderr);
    for (const [p, markdown] of acked) assert.equal(s.c.pageIndex.getPage(s.mainBrainId, p)?.markdown, markdown, p);
    const findings = (await s.c.backups.doctor({ repair: false })).findings;
    assert.deepEqual(findings, [], JSON.stringify(findings).slice(0, 3000));
  });
});

describe('a reconcile stopped partway', function () {
  this.timeout(120_000);
  let s: TestServer;
  // Slices of one entry: the removal goes in the first slice, the new page in the second.
  before(async () => (s = await startTestServer({ BRAINKEEP_REINDEX_SLICE: '1' })));
  after(async () => s.stop());

  it('leaves its brain marked, and the next server start finishes it (the page is read and found)', async () => {
    const write = s.credential('Write');
    for (let i = 0; i < 3; i++) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: `n/p${i}.md`, markdown: `# P${i}\n\nText ${i}.\n` } });
      assert.ok(r.status < 300, r.text);
    }
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    // main's last commit (p2) replaced by one that adds q instead.
    commitOutside(gitdir, { 'n/p2.md': null, 'n/q.md': '# Q\n\nA quokka page.\n' }, 'main~1');
    const head = execFileSync('git', ['--git-dir', gitdir, 'rev-parse', 'main'], { encoding: 'utf8' }).trim();
    // Killed in the second slice (the hook throws inside its transaction, which rolls back).
    await assert.rejects(s.c.reindex.reindex([s.c.access.findBrain('main')!], { pageIndexed() { throw new Error('killed'); } }), /killed/);
    assert.equal(s.c.pageIndex.getPage(s.mainBrainId, 'n/p2.md'), null, 'the first slice landed');
    assert.equal(s.c.pageIndex.getPage(s.mainBrainId, 'n/q.md'), null, 'the second did not');
    assert.equal(s.c.pageIndex.reconciling(s.mainBrainId), head, 'the brain is marked as reconciling toward the head');

    await s.c.recover(); // what a server start does
    assert.equal(s.c.pageIndex.reconciling(s.mainBrainId), null);
    const read = await s.request('GET', '/api/v1/brains/main/pages?path=n/q.md', { token: write });
    assert.equal(read.status, 200, read.text);
    const found = await s.request('GET', `/api/v1/brains/main/search?${new URLSearchParams({ q: 'quokka', mode: 'exact' })}`, { token: write });
    assert.match(JSON.stringify(found.body.hits), /n\/q\.md/);
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
  });

  it('two reconciles at once (reindex and doctor --repair) record each correction once', async () => {
    const spoil = s.c.db.prepare("UPDATE pages SET blob_oid = '0123456789012345678901234567890123456789' WHERE brain_id = ? AND path = ?");
    for (const p of ['n/p0.md', 'n/q.md']) spoil.run(s.mainBrainId, p);
    const from = s.c.pageIndex.latestSeq(s.mainBrainId);
    const [r] = await Promise.all([s.c.reindex.reindex([s.c.access.findBrain('main')!]), s.c.backups.doctor({ repair: true })]);
    const feed = s.c.pageIndex.changesSince(s.mainBrainId, from, 100).map((c: { op: string; path: string; version: number }) => [c.op, c.path, c.version]);
    assert.deepEqual(feed.map(([op, p]) => [op, p]).sort(), [['put', 'n/p0.md'], ['put', 'n/q.md']], JSON.stringify(feed));
    assert.ok(r.brains[0]!.corrected! <= 2);
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
  });

  it('leaves a write the server is still indexing to it: waits while a write is journaled, then gives up without catching up', async () => {
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    const reconciler = new IndexReconciler({ db: s.c.db, repos: s.c.repos, index: s.c.pageIndex, files: new FileIndexRepo(s.c.db), ops: s.c.opsRepo, writes: s.c.writes, settle: { quietMs: 300, maxMs: 1500 } });
    // A commit on top the server has not indexed yet, its write still journaled (as between a
    // write's commit and its index transaction).
    const from = s.c.pageIndex.indexedCommit(s.mainBrainId);
    const commit = commitOutside(gitdir, { 'n/late.md': '# Late\n\nStill being indexed.\n' }, 'main');
    s.c.db.prepare('INSERT INTO pending_writes (id, brain_id, base_commit, new_commit, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('inflight', s.mainBrainId, from, commit, '{}', new Date().toISOString());
    try {
      await assert.rejects(reconciler.reconcile(s.mainBrainId), (e: unknown) => e instanceof ReconcileGaveUpError && /kept indexing writes/.test((e as Error).message));
      assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), from, 'the reindex did not index the write');
    } finally {
      s.c.db.prepare("DELETE FROM pending_writes WHERE id = 'inflight'").run();
    }
    // Quiet now: nobody else is indexing it, so the reindex catches up with the commit's own author.
    const r = await reconciler.reconcile(s.mainBrainId);
    assert.equal(r.caughtUp, 1);
    assert.equal(s.c.pageIndex.getPage(s.mainBrainId, 'n/late.md')?.updatedBy, 'Outside');
  });

  it('a write landing between two slices: the next slice goes on from its commit, and both end in the index once', async () => {
    const write = s.credential('Write');
    let landed = 0;
    const reconciler = new IndexReconciler({
      db: s.c.db, repos: s.c.repos, index: s.c.pageIndex, files: new FileIndexRepo(s.c.db), ops: s.c.opsRepo, writes: s.c.writes, slice: 1,
      async afterSlice() {
        if (landed++) return;
        const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'n/p1.md', markdown: '# P1\n\nWritten between slices.\n' } });
        assert.ok(r.status < 300, r.text);
      },
    });
    const spoil = s.c.db.prepare("UPDATE pages SET blob_oid = '0123456789012345678901234567890123456789' WHERE brain_id = ? AND path = ?");
    for (const p of ['n/p0.md', 'n/q.md']) spoil.run(s.mainBrainId, p);
    const from = s.c.pageIndex.latestSeq(s.mainBrainId);
    const r = await reconciler.reconcile(s.mainBrainId);
    assert.ok(r.retried > 0, 'the slice after the write was applied from its commit');
    assert.equal(r.restarts, 0);
    const feed = s.c.pageIndex.changesSince(s.mainBrainId, from, 100).map((c: { op: string; path: string }) => [c.op, c.path]);
    assert.deepEqual(feed.sort(), [['put', 'n/p0.md'], ['put', 'n/p1.md'], ['put', 'n/q.md']]);
    assert.match(s.c.pageIndex.getPage(s.mainBrainId, 'n/p1.md')!.markdown, /Written between slices/);
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
  });

  // Last: it leaves the brain's repository empty.
  it('doctor --repair on an emptied repository clears the index, as the rebuild did', async () => {
    assert.ok(s.c.pageIndex.countPages(s.mainBrainId) > 0);
    execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(s.mainBrainId), 'update-ref', '-d', 'refs/heads/main']);
    const found = await s.c.backups.doctor({ repair: true });
    assert.ok(found.findings.some((f) => f.kind === 'index_diverged'), JSON.stringify(found.findings));
    assert.equal(s.c.pageIndex.countPages(s.mainBrainId), 0);
    assert.equal(s.c.pageIndex.indexedCommit(s.mainBrainId), null);
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
  });
});

