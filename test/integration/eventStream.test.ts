// The live event stream, GET /api/v1/brains/{brainId}/events (issue 25): events as they happen,
// resume with Last-Event-ID or since= by replaying the log, access checks, heartbeats, and
// changes made by another process (the CLI) reaching the stream too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { EventStreams } from '../../src/services/eventStreams.js';
import { runCli } from '../helpers/cli.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { openSse, type SseClient } from '../helpers/sse.js';

describe('event stream (SSE)', function () {
  this.timeout(60_000);
  let s: TestServer;
  let reader: string;
  let writer: string;
  let events: string;
  let pages: string;
  const open: SseClient[] = [];

  before(async () => {
    s = await startTestServer();
    reader = s.credential('Read');
    writer = s.credential('Write');
    events = `${s.url}/api/v1/brains/${s.mainBrainId}/events`;
    pages = `/api/v1/brains/${s.mainBrainId}/pages`;
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  after(async () => s.stop());

  const stream = async (query = '', headers: Record<string, string> = {}, token: string | null = reader) => {
    const c = await openSse(`${events}${query}`, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers });
    open.push(c);
    return c;
  };
  const put = async (p: string) => {
    const r = await s.request('PUT', pages, { token: writer, body: { path: p, markdown: `# ${p}\n` } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    return r.body;
  };

  it('streams each change as it happens, with id, event and the delivery JSON', async () => {
    const c = await stream();
    assert.equal(c.status, 200);
    assert.match(c.headers.get('content-type') ?? '', /^text\/event-stream/);
    const page = await put('live/one.md');
    const [e] = await c.next(1);
    assert.equal(e!.event, 'page.put');
    assert.ok(e!.id);
    assert.equal(e!.data.type, 'page.put');
    assert.equal(e!.data.brainId, s.mainBrainId);
    assert.deepEqual(e!.data.data, { path: 'live/one.md', version: 1, commit: page.commit, by: e!.data.data.by });
  });

  it('a group commit gives every page of the group its own event, with its own writer, in order', async () => {
    const other = s.credential('Write', 'main', 'Agent Jones');
    await put('group/warm.md'); // the brain's schema is cached: the writes below queue only on the commit
    const c = await stream();
    // Hold the brain's write lock (as a commit in flight does) so the writes queue and share one commit.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const lock = s.c.writes.locks.run(s.mainBrainId, async () => {
      locked();
      await held;
    });
    await isLocked;
    const answers: Array<Promise<{ status: number; body: any }>> = [];
    for (let i = 0; i < 6; i++) {
      answers.push(s.request('PUT', pages, { token: i % 2 ? other : writer, body: { path: `group/p${i}.md`, markdown: `# ${i}\n` } }));
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 100));
    release();
    await lock;
    const written = await Promise.all(answers);
    assert.ok(written.every((w) => w.status === 201));
    // Under load a straggler may miss the group; the point is that a commit holds several writes.
    assert.ok(new Set(written.map((w) => w.body.commit)).size < written.length, 'some writes shared a commit');
    const got = await c.next(6);
    assert.deepEqual(got.map((e) => [e.event, e.data.data.path, e.data.data.commit]), written.map((w, i) => ['page.put', `group/p${i}.md`, w.body.commit]));
    assert.deepEqual(got.map((e) => e.data.data.by), written.map((w) => w.body.updatedBy));
    assert.equal(new Set(got.map((e) => e.data.data.by)).size, 2);
    const ids = got.map((e) => Number(e.id));
    assert.deepEqual([...ids].sort((a, b) => a - b), ids);
  });

  it('resumes after Last-Event-ID, replaying what was missed in order, then goes on live', async () => {
    const first = await stream();
    await put('resume/a.md');
    const [a] = await first.next(1);
    first.close();
    await put('resume/b.md');
    await put('resume/c.md');
    await s.request('DELETE', `${pages}?path=resume/b.md`, { token: writer });
    const again = await stream('', { 'last-event-id': a!.id! });
    const replayed = await again.next(3);
    assert.deepEqual(replayed.map((e) => [e.event, e.data.data.path]), [
      ['page.put', 'resume/b.md'],
      ['page.put', 'resume/c.md'],
      ['page.delete', 'resume/b.md'],
    ]);
    const seqs = replayed.map((e) => e.data.seq);
    assert.ok(seqs[0] > a!.data.seq && seqs[1] > seqs[0] && seqs[2] > seqs[1]);
    await put('resume/d.md');
    const all = await again.next(4);
    assert.equal(all[3]!.data.data.path, 'resume/d.md');
  });

  it('resumes from ?since= given a /changes nextCursor', async () => {
    const cursor = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?limit=1000`, { token: reader })).body.nextCursor;
    await put('since/x.md');
    await put('since/y.md');
    const c = await stream(`?since=${cursor}`);
    const got = await c.next(2);
    assert.deepEqual(got.map((e) => e.data.data.path), ['since/x.md', 'since/y.md']);
  });

  it('does not replay history as new events when the index is rebuilt', async () => {
    await put('rebuild/a.md');
    const c = await stream();
    await s.c.writes.rebuild(s.mainBrainId);
    await put('rebuild/b.md');
    const [e] = await c.next(1);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(c.events.length, 1, c.events.map((x) => x.data.data.path).join(', '));
    assert.equal(e!.data.data.path, 'rebuild/b.md');
  });

  it('refuses a bad cursor, a caller without a token and a caller who cannot see the brain', async () => {
    assert.equal((await stream('?since=nonsense')).status, 400);
    assert.equal((await stream('', {}, null)).status, 401);
    const other = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'elsewhere' });
    const outsider = s.credential('Read', 'elsewhere');
    assert.equal((await stream('', {}, outsider)).status, 404);
    assert.ok(other.id);
  });

  it('carries changes made by another process (the CLI import)', async () => {
    const c = await stream();
    const dir = tempDir('brainkeep-sse-import-');
    fs.mkdirSync(path.join(dir, 'imported'));
    fs.writeFileSync(path.join(dir, 'imported', 'one.md'), '# One\n');
    fs.writeFileSync(path.join(dir, 'imported', 'two.md'), '# Two\n');
    const r = runCli(['import', '--brain', 'main', dir], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(r.code, 0, r.stderr);
    const got = await c.next(2);
    assert.deepEqual(got.map((e) => e.data.data.path).sort(), ['imported/one.md', 'imported/two.md']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams a file upload and a file delete as file.put and file.delete, with the page data shape', async () => {
    const c = await stream();
    const files = `${s.url}/api/v1/brains/${s.mainBrainId}/files?path=assets/notes.txt`;
    const auth = { authorization: `Bearer ${writer}` };
    const up = await fetch(files, { method: 'PUT', headers: { ...auth, 'content-type': 'text/plain' }, body: 'plain notes\n' });
    assert.equal(up.status, 201, await up.clone().text());
    const put = (await up.json()) as { commit: string; version: number };
    const del = await fetch(files, { method: 'DELETE', headers: auth });
    assert.equal(del.status, 204);
    const [p, d] = await c.next(2);
    assert.equal(p!.event, 'file.put');
    assert.deepEqual(p!.data.data, { path: 'assets/notes.txt', version: put.version, commit: put.commit, by: p!.data.data.by });
    assert.ok(p!.data.data.by);
    assert.equal(d!.event, 'file.delete');
    assert.equal(d!.data.data.path, 'assets/notes.txt');
    assert.equal(d!.data.data.version, put.version + 1);
  });

  it('carries a git push, as the pusher\'s changes, in commit order', async () => {
    const git = new GitClient();
    try {
      const pusher = s.credential('Write', 'main', 'pusher');
      const dir = await git.clone(gitUrl(s.url, 'main', pusher), 'events-push');
      const c = await stream();
      const since = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?limit=1000`, { token: reader })).body.nextCursor;
      await git.commit(dir, { 'pushed/one.md': '# One\n' }, 'First');
      const second = await git.commit(dir, { 'pushed/two.md': '# Two\n', 'pushed/one.md': null }, 'Second');
      const pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      const got = await c.next(3);
      // The same changes, in the same order, as the changes feed records them.
      const changes = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?since=${since}`, { token: reader })).body.changes;
      assert.deepEqual(got.map((e) => [e.event, e.data.data.path]), changes.map((x: any) => [`page.${x.op}`, x.path]));
      assert.deepEqual(got.map((e) => e.event).sort(), ['page.delete', 'page.put', 'page.put']);
      assert.equal(got[0]!.data.data.path, 'pushed/one.md');
      assert.equal(got[2]!.data.data.commit, second);
      assert.ok(got.every((e) => e.data.data.by === 'pusher'));
    } finally {
      git.cleanup();
    }
  });

  it('sends heartbeats and cuts off a caller who lost access', async () => {
    const hub = new EventStreams(s.c.events, s.c.eventFeed, s.c.access, 50);
    const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'shortlived' });
    const user = await s.c.identity.createUser({ email: 'sse-reader@example.test', name: 'Reader' }, SYSTEM_ACTOR);
    s.c.members.add(SYSTEM_ACTOR, brain.id, { email: user.email, role: 'Read' });
    const actor = s.c.identity.userActor(user, 'session');
    const written: string[] = [];
    let ended = false;
    const started = hub.prepare(actor, brain.id, null).start({ write: (c) => (written.push(c), true), onDrain: () => {}, end: () => (ended = true) });
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(written.filter((w) => w.includes(': heartbeat')).length >= 2, written.join('|'));
    assert.equal(ended, false);
    s.c.members.remove(SYSTEM_ACTOR, brain.id, user.email);
    await new Promise((r) => setTimeout(r, 200));
    started.close();
    hub.closeAll();
    assert.equal(ended, true, 'the stream ended once the brain could no longer be read');
  });

  it('staggers heartbeats over the period: each tick beats one slot of the streams, every stream once a period', async () => {
    const hub = new EventStreams(s.c.events, s.c.eventFeed, s.c.access, 900, 300);
    const beats = Array.from({ length: 6 }, () => 0);
    const started = beats.map((_, i) =>
      hub.prepare(SYSTEM_ACTOR, s.mainBrainId, null).start({ write: (c) => (c.includes(': heartbeat') && beats[i]!++, true), onDrain: () => {}, end: () => {} }),
    );
    await new Promise((r) => setTimeout(r, 450));
    const first = beats.filter((b) => b > 0).length;
    assert.ok(first > 0 && first < beats.length, `after one tick ${first} of ${beats.length} streams had a heartbeat`);
    await new Promise((r) => setTimeout(r, 900));
    assert.ok(beats.every((b) => b >= 1), beats.join(','));
    for (const st of started) st.close();
    hub.closeAll();
  });
});
