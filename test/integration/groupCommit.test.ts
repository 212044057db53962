// Group commit: writes that queue behind a brain's commit in flight share the next commit, yet
// each is decided alone (in arrival order), keeps its own version, token, change entry and audit
// row, and is answered after its group is durable. Reads, searches and inbox stores never wait
// for the write lock.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sqliteOf, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('group commit of page writes', () => {
  let s: TestServer;
  let writer: string;
  let other: string;
  let base: string;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(s.mainBrainId), ...args], { encoding: 'utf8' });
  const head = () => git('rev-parse', 'main').trim();
  const put = (body: unknown, token = writer) => s.request('PUT', base, { token, body });
  const get = (path: string) => s.request('GET', `${base}?path=${encodeURIComponent(path)}`, { token: writer });
  /** Commits after `from` on main, oldest first, with their trailers. */
  const commitsSince = (from: string) =>
    git('rev-list', '--reverse', `${from}..main`)
      .split('\n')
      .filter(Boolean)
      .map((oid) => ({ oid, message: git('log', '-1', '--format=%B', oid), author: git('log', '-1', '--format=%an', oid).trim() }));

  /**
   * Hold the brain's write lock (as a commit in flight does) while `send` fires requests, one
   * every few milliseconds so they arrive in order; then let go and collect the answers.
   */
  async function behindCommit(send: Array<() => Promise<ApiResponse>>): Promise<ApiResponse[]> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const lock = s.c.writes.locks.run(s.mainBrainId, async () => {
      locked();
      await held;
    });
    await isLocked;
    const answers: Array<Promise<ApiResponse>> = [];
    for (const f of send) {
      answers.push(f());
      await sleep(25);
    }
    await sleep(50);
    release();
    await lock;
    return Promise.all(answers);
  }

  before(async () => {
    s = await startTestServer();
    writer = s.credential('Write', 'main', 'Agent Smith');
    other = s.credential('Write', 'main', 'Agent Jones');
    base = `/api/v1/brains/${s.mainBrainId}/pages`;
  });
  after(async () => s.stop());
  afterEach(function () {
    if (this.currentTest?.state === 'passed') git('fsck', '--strict', '--no-progress');
  });

  it('a group that holds files is titled by what it holds: pages and files, or files alone', async () => {
    const filesUrl = (p: string) => `/api/v1/brains/${s.mainBrainId}/files?path=${p}`;
    const putFile = (p: string, text: string, token = writer) => () => s.request('PUT', filesUrl(p), { token, rawBody: text, headers: { 'content-type': 'text/plain' } });
    // A file is staged before it queues: hold the lock until every write has queued, however long that takes.
    const queued = () => (s.c.writes as unknown as { queues: Map<string, { waiting: unknown[] }> }).queues.get(s.mainBrainId)?.waiting.length ?? 0;
    const together = async (send: Array<() => Promise<ApiResponse>>) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const lock = s.c.writes.locks.run(s.mainBrainId, async () => {
        locked();
        await held;
      });
      await isLocked;
      const answers = send.map((f) => f());
      for (let waited = 0; queued() < send.length && waited < 10_000; waited += 10) await sleep(10);
      release();
      await lock;
      return Promise.all(answers);
    };
    const from = head();
    const mixed = await together([putFile('mixed/one.txt', 'one\n'), () => put({ path: 'mixed/page', markdown: 'page\n' }), putFile('mixed/two.txt', 'two\n', other)]);
    assert.deepEqual(mixed.map((a) => a.status), [201, 201, 201], mixed.map((a) => a.text).join('\n'));
    const between = head();
    const onlyFiles = await together([putFile('mixed/three.txt', 'three\n'), putFile('mixed/four.txt', 'four\n')]);
    assert.deepEqual(onlyFiles.map((a) => a.status), [201, 201]);
    const all = commitsSince(from);
    const mixedCommits = all.slice(0, all.findIndex((c) => c.oid === between) + 1);
    assert.equal(mixedCommits.length, 1, mixedCommits.map((c) => c.message).join('\n---\n'));
    assert.match(mixedCommits[0]!.message, /^Write 1 page and 2 files \(group commit\)\n/);
    const filesCommits = commitsSince(between);
    assert.equal(filesCommits.length, 1, filesCommits.map((c) => c.message).join('\n---\n'));
    assert.match(filesCommits[0]!.message, /^Write 2 files \(group commit\)\n/);
  });

  it('a lone write on an idle brain is one commit in the single-write format, at once', async () => {
    const from = head();
    const started = performance.now();
    const r = await put({ path: 'group/alone', markdown: 'alone\n' });
    assert.equal(r.status, 201, r.text);
    assert.ok(performance.now() - started < 2000);
    const commits = commitsSince(from);
    assert.equal(commits.length, 1);
    assert.match(commits[0]!.message, /^Create group\/alone\.md\n\nBrainkeep-Actor: Agent Smith <credential:[^>]+>\nBrainkeep-Op: put\n+$/);
  });

  it('racing writers with stale and fresh versions: each gets its own answer, the rest commit together', async () => {
    for (const p of ['a', 'b', 'c', 'f', 'g']) assert.equal((await put({ path: `race/${p}`, markdown: `${p} v1\n` })).status, 201);
    const from = head();
    const answers = await behindCommit([
      () => put({ path: 'race/a', markdown: 'a v2\n', expectedVersion: 1 }), // fresh
      () => put({ path: 'race/b', markdown: 'b v2\n', expectedVersion: 7 }), // stale: 409 alone
      () => put({ path: 'race/c', markdown: 'c v2\n', expectedVersion: 1 }, other), // fresh, another writer
      () => put({ path: 'race/a', markdown: 'a v2 again\n', expectedVersion: 1 }), // stale once the first lands: 409
      () => put({ path: 'race/d', markdown: 'd v1\n' }), // new page, no check
      () => put({ path: 'race/e', markdown: 'e v1\n', expectedVersion: 0 }), // create-only, free: 201
      () => put({ path: 'race/f', markdown: 'f v2\n', expectedVersion: 0 }), // create-only, taken: 409
      () => s.request('DELETE', `${base}?path=race/g.md&expectedVersion=1`, { token: other }), // fresh delete
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 409, 200, 409, 201, 201, 409, 204],
    );
    assert.equal(answers[1]!.body.currentVersion, 1);
    assert.equal(answers[3]!.body.currentVersion, 2);
    assert.equal(answers[6]!.body.currentVersion, 1);

    // The first write of a page and the second one to it cannot share a commit: the second leads
    // the next group and is decided against the first's result. So two commits for six writes.
    const commits = commitsSince(from);
    assert.equal(commits.length, 2, commits.map((c) => c.message).join('\n---\n'));
    const [first, second] = commits;
    assert.match(first!.message, /^Write 2 pages \(group commit\)\n/);
    assert.match(first!.message, /\nBrainkeep-Op: group\nBrainkeep-Group-Size: 2\n/);
    assert.match(first!.message, /\nBrainkeep-Write-1: Agent Smith <credential:[^>]+> put race\/a\.md\n/);
    assert.match(first!.message, /\nBrainkeep-Write-2: Agent Jones <credential:[^>]+> put race\/c\.md\n/);
    assert.doesNotMatch(first!.message, /Brainkeep-Actor/); // two writers: each named in its own trailer
    assert.match(first!.message, /- Update race\/a\.md \(Agent Smith, put\)\n- Update race\/c\.md \(Agent Jones, put\)/);
    assert.equal(first!.author, 'Agent Smith, Agent Jones');
    assert.match(second!.message, /\nBrainkeep-Group-Size: 3\n/);
    assert.match(second!.message, /put race\/d\.md\n.*put race\/e\.md\n.*delete race\/g\.md/s);

    // Each page has its own version, token and author at the shared commit.
    const a = await get('race/a.md');
    const c = await get('race/c.md');
    assert.equal(a.body.markdown, 'a v2\n');
    assert.equal(a.body.version, 2);
    assert.equal(c.body.version, 2);
    assert.equal(a.body.commit, first!.oid);
    assert.equal(c.body.commit, first!.oid);
    assert.notEqual(a.body.token, c.body.token);
    assert.equal(a.body.updatedBy, 'Agent Smith');
    assert.equal(c.body.updatedBy, 'Agent Jones');
    assert.equal((await get('race/b.md')).body.markdown, 'b v1\n');
    assert.equal((await get('race/f.md')).body.markdown, 'f v1\n');
    assert.equal((await get('race/g.md')).status, 404);
    assert.equal(answers[0]!.body.version, 2);
    assert.equal(answers[0]!.body.commit, first!.oid);

    // One audit row per write that committed, each naming the group's commit.
    const rows = s.c.db
      .prepare(`SELECT action, target, actor_name AS name, detail FROM audit WHERE brain_id = ? AND target LIKE 'race/%' ORDER BY id`)
      .all(s.mainBrainId) as Array<{ action: string; target: string; name: string; detail: string }>;
    const grouped = rows.filter((r) => [first!.oid, second!.oid].includes(JSON.parse(r.detail).commit));
    assert.deepEqual(
      grouped.map((r) => [r.action, r.target, JSON.parse(r.detail).commit === first!.oid ? 1 : 2, JSON.parse(r.detail).group]),
      [
        ['page.update', 'race/a.md', 1, 2],
        ['page.update', 'race/c.md', 1, 2],
        ['page.create', 'race/d.md', 2, 3],
        ['page.create', 'race/e.md', 2, 3],
        ['page.delete', 'race/g.md', 2, 3],
      ],
    );
    // And one change entry each in the changes feed.
    const feed = await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?limit=1000`, { token: writer });
    const atGroups = feed.body.changes.filter((ch: { commit: string }) => ch.commit === first!.oid || ch.commit === second!.oid);
    assert.deepEqual(
      atGroups.map((ch: { op: string; path: string; version: number }) => `${ch.op} ${ch.path} v${ch.version}`),
      ['put race/a.md v2', 'put race/c.md v2', 'put race/d.md v1', 'put race/e.md v1', 'delete race/g.md v2'],
    );
  });

  it('many concurrent writers: one commit per group, every write acknowledged once and readable', async () => {
    const from = head();
    const told: Array<{ commit: string; paths: string[] }> = [];
    s.c.writes.onCommitted((_brain, _base, commit, paths) => told.push({ commit, paths }));
    const answers = await behindCommit(Array.from({ length: 20 }, (_, i) => () => put({ path: `many/p${i}`, markdown: `page ${i}\n` }, i % 2 ? writer : other)));
    assert.ok(answers.every((a) => a.status === 201));
    const commits = commitsSince(from);
    assert.equal(commits.length, 1);
    assert.match(commits[0]!.message, /Brainkeep-Group-Size: 20\n/);
    // The commit listener hears once per group, with every path.
    const mine = told.filter((t) => t.commit === commits[0]!.oid);
    assert.equal(mine.length, 1);
    assert.deepEqual([...mine[0]!.paths].sort(), Array.from({ length: 20 }, (_, i) => `many/p${i}.md`).sort());
    for (let i = 0; i < 20; i++) {
      const r = await get(`many/p${i}.md`);
      assert.equal(r.body.markdown, `page ${i}\n`);
      assert.equal(r.body.commit, commits[0]!.oid);
    }
    // Unhurried writers afterwards: one commit each again.
    const later = head();
    await put({ path: 'many/after1', markdown: 'x\n' });
    await put({ path: 'many/after2', markdown: 'y\n' });
    assert.equal(commitsSince(later).length, 2);
  });

  it('a rebuild from git gives each page of a group its own author and version', async () => {
    const before = new Map<string, { version: number; updatedBy: string; commit: string }>();
    for (const p of ['race/a.md', 'race/c.md', 'race/d.md', 'many/p0.md', 'many/p1.md']) {
      const r = await get(p);
      before.set(p, { version: r.body.version, updatedBy: r.body.updatedBy, commit: r.body.commit });
    }
    await s.c.writes.rebuild(s.mainBrainId);
    for (const [p, was] of before) {
      const r = await get(p);
      assert.deepEqual({ version: r.body.version, updatedBy: r.body.updatedBy, commit: r.body.commit }, was, p);
    }
    assert.equal((await get('race/g.md')).status, 404);
  });

  it('a group is indexed as one batch: its links resolve across members, each member keeps its own feed entry, and a rebuild agrees', async () => {
    assert.equal((await put({ path: 'batch/old', markdown: '# Old\n\nSee [[batch/new]] and [[batch/gone]].\n' })).status, 201);
    assert.equal((await put({ path: 'batch/gone', markdown: '# Gone\n\nbye\n' })).status, 201);
    const from = head();
    const seqBefore = s.c.pageIndex.latestSeq(s.mainBrainId);
    const answers = await behindCommit([
      () => put({ path: 'batch/first', markdown: '# First\n\nLinks to [[batch/new]], written later in the same group.\n' }),
      () => put({ path: 'batch/old', markdown: '# Old\n\nNow only [[batch/first]].\n', expectedVersion: 1 }, other),
      () => s.request('DELETE', `${base}?path=batch/gone.md&expectedVersion=1`, { token: other }),
      () => put({ path: 'batch/new', markdown: '# New\n\nsearchable zebrafinch words\n' }),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 200, 204, 201],
    );
    assert.equal(commitsSince(from).length, 1);
    // The feed: one entry per member, in arrival order, each with its own writer and version.
    const feed = s.c.pageIndex.changesSince(s.mainBrainId, seqBefore, 10).map((c) => [c.op, c.path, c.version, c.by]);
    assert.deepEqual(feed, [
      ['put', 'batch/first.md', 1, 'Agent Smith'],
      ['put', 'batch/old.md', 2, 'Agent Jones'],
      ['delete', 'batch/gone.md', 2, 'Agent Jones'],
      ['put', 'batch/new.md', 1, 'Agent Smith'],
    ]);
    const db = sqliteOf(s.c);
    const links = () =>
      db
        .prepare(
          `SELECT f.path AS "from", t.target, p.path AS "to" FROM search_links l JOIN pages f ON f.id = l.from_page_id
           JOIN search_link_targets t ON t.id = l.target_id LEFT JOIN pages p ON p.id = l.to_page_id
           WHERE f.path LIKE 'batch/%' ORDER BY f.path, l.ordinal`,
        )
        .all();
    const pages = () => db.prepare(`SELECT path, version, title, updated_by FROM pages WHERE path LIKE 'batch/%' ORDER BY path`).all();
    const live = { links: links(), pages: pages() };
    // A link to a page a later member of the same group created resolves to it.
    assert.deepEqual(live.links, [
      { from: 'batch/first.md', target: 'batch/new', to: 'batch/new.md' },
      { from: 'batch/old.md', target: 'batch/first', to: 'batch/first.md' },
    ]);
    const hits = await s.request('GET', `/api/v1/brains/${s.mainBrainId}/search?q=zebrafinch&mode=exact`, { token: writer });
    assert.deepEqual(hits.body.hits.map((h: { path: string }) => h.path), ['batch/new.md']);
    await s.c.writes.rebuild(s.mainBrainId);
    assert.deepEqual({ links: links(), pages: pages() }, live);
  });

  it('a move (which reads other pages) never shares a commit; writes around it still commit', async () => {
    assert.equal((await put({ path: 'mv/src', markdown: 'source\n' })).status, 201);
    const from = head();
    const answers = await behindCommit([
      () => put({ path: 'mv/one', markdown: 'one\n' }),
      () => s.request('POST', `${base}/move`, { token: writer, body: { fromPath: 'mv/src.md', toPath: 'mv/dst.md' } }),
      () => put({ path: 'mv/two', markdown: 'links to [[mv/src]]\n' }),
      () => put({ path: 'mv/three', markdown: 'three\n' }),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 200, 201, 201],
    );
    const commits = commitsSince(from);
    assert.deepEqual(
      commits.map((c) => c.message.split('\n')[0]),
      ['Create mv/one.md', 'Move mv/src.md to mv/dst.md', 'Write 2 pages (group commit)'],
    );
  });

  it('a group whose ref moved but whose index transaction never ran is finished whole by recovery', async () => {
    const from = head();
    // The index transaction fails once, after the group's commit is on main: what a kill at that point leaves.
    const index = s.c.pageIndex;
    const apply = index.applyGroup;
    let failed = false;
    index.applyGroup = function (...args: Parameters<typeof apply>) {
      if (!failed && args[1][0]?.entries[0]?.path.startsWith('rec/')) {
        failed = true;
        throw new Error('killed before the index transaction');
      }
      return apply.apply(this, args);
    };
    let answers: ApiResponse[];
    try {
      answers = await behindCommit([
        () => put({ path: 'rec/a', markdown: 'a\n' }),
        () => put({ path: 'rec/b', markdown: 'b\n' }, other),
        () => put({ path: 'rec/c', markdown: 'c\n' }),
      ]);
    } finally {
      index.applyGroup = apply;
    }
    assert.deepEqual(answers.map((a) => a.status), [500, 500, 500]); // nobody was told it worked
    const commits = commitsSince(from);
    assert.equal(commits.length, 1);
    assert.match(commits[0]!.message, /Brainkeep-Group-Size: 3\n/);
    const pending = s.c.db.prepare('SELECT payload FROM pending_writes').all() as Array<{ payload: string }>;
    assert.equal(pending.length, 1);
    assert.equal(JSON.parse(pending[0]!.payload).group.length, 3);

    const result = await s.c.writes.recover([s.mainBrainId]);
    assert.deepEqual(result, { finished: 1, discarded: 0 });
    assert.equal((s.c.db.prepare('SELECT COUNT(*) AS n FROM pending_writes').get() as { n: number }).n, 0);
    const byPath = new Map([['rec/a.md', 'Agent Smith'], ['rec/b.md', 'Agent Jones'], ['rec/c.md', 'Agent Smith']]);
    for (const [p, who] of byPath) {
      const r = await get(p);
      assert.equal(r.status, 200);
      assert.equal(r.body.commit, commits[0]!.oid);
      assert.equal(r.body.version, 1);
      assert.equal(r.body.updatedBy, who);
    }
    const rows = s.c.db.prepare("SELECT target, actor_name AS name, detail FROM audit WHERE target LIKE 'rec/%' ORDER BY id").all() as Array<{ target: string; name: string; detail: string }>;
    assert.deepEqual(
      rows.map((r) => [r.target, r.name, JSON.parse(r.detail).recovered, JSON.parse(r.detail).group, JSON.parse(r.detail).commit === commits[0]!.oid]),
      [
        ['rec/a.md', 'Agent Smith', true, 3, true],
        ['rec/b.md', 'Agent Jones', true, 3, true],
        ['rec/c.md', 'Agent Smith', true, 3, true],
      ],
    );
  });

  it('reads, searches and inbox stores do not wait for the write lock', async () => {
    assert.equal((await put({ path: 'free/read', markdown: '# Free read\n\nzebra crossing\n' })).status, 201);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const lock = s.c.writes.locks.run(s.mainBrainId, () => held);
    try {
      let written = false;
      const write = put({ path: 'free/blocked', markdown: 'waits\n' }).then((r) => ((written = true), r));
      const started = performance.now();
      const read = await get('free/read.md');
      const search = await s.request('GET', `/api/v1/brains/${s.mainBrainId}/search?q=zebra&mode=exact`, { token: writer });
      const list = await s.request('GET', `${base}?prefix=free/`, { token: writer });
      const stored = await s.request('POST', `/api/v1/brains/${s.mainBrainId}/inbox`, { token: writer, body: { filename: 'note.txt', content: 'while a write waits' } });
      assert.ok(performance.now() - started < 2000);
      assert.equal(read.status, 200);
      assert.equal(search.status, 200, search.text);
      assert.ok(search.body.hits.some((h: { path: string }) => h.path === 'free/read.md'));
      assert.equal(list.status, 200);
      assert.equal(stored.status, 201, stored.text);
      assert.equal(written, false); // the write is still behind the lock
      release();
      assert.equal((await write).status, 201);
    } finally {
      release();
      await lock;
    }
  });
});

describe('group commit with fsync on: the WAL flush runs outside the brain lock', () => {
  let s: TestServer;
  let writer: string;
  before(async () => {
    s = await startTestServer({ BRAINKEEP_FSYNC: 'on' });
    writer = s.credential('Write');
  });
  after(async () => s.stop());

  it('the next write commits while an earlier one waits for its flush, and neither is answered before its own flush', async () => {
    const base = `/api/v1/brains/${s.mainBrainId}/pages`;
    const repo = s.c.repos.get(s.mainBrainId);
    // A first write outside the test, so the brain is warm.
    assert.equal((await s.request('PUT', base, { token: writer, body: { path: 'flush/warm.md', markdown: '# Warm\n' } })).status, 201);
    // Hold every fdatasync (the WAL flush) until released.
    const real = fs.fdatasync;
    const held: Array<() => void> = [];
    (fs as { fdatasync: unknown }).fdatasync = (fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => held.push(() => real(fd, cb));
    const answered: string[] = [];
    let a: Promise<ApiResponse> | null = null;
    let b: Promise<ApiResponse> | null = null;
    try {
      const waitFor = async (what: string, ok: () => boolean) => {
        for (let i = 0; i < 400 && !ok(); i++) await sleep(10);
        assert.ok(ok(), what);
      };
      const start = repo.head();
      a = s.request('PUT', base, { token: writer, body: { path: 'flush/a.md', markdown: '# A\n' } }).then((r) => (answered.push('a'), r));
      await waitFor('the first write commits and reaches its flush', () => repo.head() !== start && held.length >= 1);
      const afterA = repo.head();
      b = s.request('PUT', base, { token: writer, body: { path: 'flush/b.md', markdown: '# B\n' } }).then((r) => (answered.push('b'), r));
      // With the flush under the lock, this write could not commit until the first flush ended.
      await waitFor('the second write commits while the first flush is held', () => repo.head() !== afterA && held.length >= 2);
      await sleep(50);
      assert.deepEqual(answered, [], 'no write is answered before its flush');
    } finally {
      (fs as { fdatasync: unknown }).fdatasync = real;
      for (const release of held.splice(0)) release();
    }
    const [ra, rb] = await Promise.all([a!, b!]);
    assert.equal(ra.status, 201);
    assert.equal(rb.status, 201);
    for (const p of ['flush/a.md', 'flush/b.md']) assert.equal((await s.request('GET', `${base}?path=${p}`, { token: writer })).status, 200);
  });
});

