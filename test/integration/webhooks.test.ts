// Outbound webhooks (issue 25): signed deliveries a receiver verifies with the documented recipe,
// retries, order, durability across restarts and a SIGKILL, and SSRF refusals.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { SecretBox } from '../../src/services/secretBox.js';
import { WebhookDispatcher } from '../../src/services/webhookDispatcher.js';
import { OutboundGuard } from '../../src/services/webhookSender.js';
import { runCli, spawnServer, ROOT } from '../helpers/cli.js';
import { apiRequest, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/webhookReceiver.js';

/** The Node example from docs/webhooks.md, loaded as written: the test verifies with nothing else. */
async function documentedVerifier(): Promise<(secret: string, header: string, rawBody: string) => boolean> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/webhooks.md'), 'utf8');
  const code = /## Verifying a signature \(Node\)[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(code, 'docs/webhooks.md has a js example');
  const lines = code.trim().split('\n').filter((l) => l.trim());
  assert.ok(lines.length <= 10, `the example is ${lines.length} lines`);
  const file = path.join(tempDir('brainkeep-verify-'), 'verify.mjs');
  fs.writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { verifyBrainkeep: (s: string, h: string, b: string) => boolean }).verifyBrainkeep;
}

const ALLOW = { BRAINKEEP_WEBHOOK_ALLOW_PRIVATE: '1', BRAINKEEP_WEBHOOK_RETRY_MS: '50' };

describe('outbound webhooks', function () {
  this.timeout(60_000);
  let s: TestServer;
  let rcv: Receiver;
  let admin: string;
  let writer: string;
  let hooks: string;
  let pages: string;

  before(async () => {
    s = await startTestServer(ALLOW);
    admin = s.credential('Admin');
    writer = s.credential('Write');
    hooks = `/api/v1/brains/${s.mainBrainId}/webhooks`;
    pages = `/api/v1/brains/${s.mainBrainId}/pages`;
  });
  beforeEach(async () => {
    rcv = await startReceiver();
  });
  afterEach(async () => {
    const list = await s.request('GET', hooks, { token: admin });
    for (const h of list.body.webhooks) await s.request('DELETE', `${hooks}/${h.id}`, { token: admin });
    await rcv.close();
  });
  after(async () => s.stop());

  const subscribe = async (body: Record<string, unknown> = {}) => {
    const r = await s.request('POST', hooks, { token: admin, body: { url: rcv.url, events: ['page.put', 'page.delete', 'page.move'], ...body } });
    assert.equal(r.status, 201, r.text);
    return r.body as { id: string; secret: string; url: string; events: string[]; folder: string | null; createdAt: string };
  };
  const put = async (p: string, markdown = `# ${p}\n`) => {
    const r = await s.request('PUT', pages, { token: writer, body: { path: p, markdown } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    return r.body;
  };

  it('signs each delivery so a receiver verifies it with the documented recipe; the secret is shown once', async () => {
    const verify = await documentedVerifier();
    const hook = await subscribe();
    assert.match(hook.secret, /^whsec_/);
    const listed = await s.request('GET', hooks, { token: admin });
    assert.equal(listed.body.webhooks.length, 1);
    assert.equal(listed.body.webhooks[0].secret, undefined);
    assert.ok(!JSON.stringify(listed.body).includes(hook.secret));
    const raw = s.c.db.prepare('SELECT secret_cipher FROM webhooks WHERE id = ?').get(hook.id) as { secret_cipher: string };
    assert.ok(!raw.secret_cipher.includes(hook.secret), 'the secret is stored encrypted');

    const page = await put('people/ada.md');
    await rcv.waitFor((all) => all.length >= 1);
    const d = rcv.received[0]!;
    assert.equal(verify(hook.secret, String(d.headers['brainkeep-signature']), d.rawBody), true);
    assert.equal(verify('whsec_wrong', String(d.headers['brainkeep-signature']), d.rawBody), false);
    assert.equal(verify(hook.secret, String(d.headers['brainkeep-signature']), d.rawBody.replace('ada', 'eve')), false);
    assert.equal(d.headers['brainkeep-event-type'], 'page.put');
    assert.equal(d.headers['brainkeep-event-id'], d.body.id);
    assert.deepEqual(Object.keys(d.body).sort(), ['at', 'brainId', 'data', 'id', 'seq', 'type']);
    assert.equal(d.body.brainId, s.mainBrainId);
    assert.deepEqual(d.body.data, { path: 'people/ada.md', version: 1, commit: page.commit, by: d.body.data.by });
    assert.ok(d.body.data.by);
  });

  it('filters by event type and folder, and sends moves with fromPath', async () => {
    await subscribe({ events: ['page.move', 'page.delete'], folder: 'projects' });
    await put('projects/a.md');
    await put('notes/b.md');
    let r = await s.request('POST', `${pages}/move`, { token: writer, body: { fromPath: 'projects/a.md', toPath: 'archive/a.md' } });
    assert.equal(r.status, 200, r.text);
    r = await s.request('DELETE', `${pages}?path=notes/b.md`, { token: writer });
    assert.equal(r.status, 204);
    await put('projects/c.md');
    r = await s.request('DELETE', `${pages}?path=projects/c.md`, { token: writer });
    assert.equal(r.status, 204);
    await rcv.waitFor((all) => all.length >= 2);
    await new Promise((res) => setTimeout(res, 300));
    assert.deepEqual(rcv.received.map((d) => [d.body.type, d.body.data.path, d.body.data.fromPath ?? null]), [
      ['page.move', 'archive/a.md', 'projects/a.md'],
      ['page.delete', 'projects/c.md', null],
    ]);
  });

  it('reads the event log only while some subscription is delivered, and a subscription gets the writes made before its worker follows the feed, also after the last one is deleted', async () => {
    const d = s.c.webhookDispatcher;
    const sync = d.sync;
    const events = s.c.events;
    const read = events.after.bind(events);
    let reads = 0;
    events.after = (...args: Parameters<typeof read>) => {
      reads++;
      return read(...args);
    };
    const quiet = async (p: string) => {
      const before = reads;
      await put(p);
      await new Promise((res) => setTimeout(res, 400)); // past the feed's poll (250 ms)
      assert.equal(reads, before, `with no subscription nothing reads the log after writing ${p}`);
    };
    // Writes after the subscription is made and before its worker starts (its sync held back, as
    // between a create and the sync that follows the feed): they are in the log but not in the
    // tail, and must still be delivered, in order.
    const subscribeThenWrite = async (paths: string[]) => {
      d.sync = () => {};
      const hook = await subscribe();
      for (const p of paths) await put(p);
      await new Promise((res) => setTimeout(res, 400));
      d.sync = sync;
      d.sync();
      return hook;
    };
    try {
      d.sync(); // the earlier tests' subscriptions are deleted
      for (let i = 0; i < 3; i++) await quiet(`quiet/p${i}.md`);
      const first = await subscribeThenWrite(['gap/a.md', 'gap/b.md', 'gap/c.md']);
      await rcv.waitFor((all) => all.length >= 3);
      // Delete the last subscription (the dispatcher stops following), then follow again.
      assert.equal((await s.request('DELETE', `${hooks}/${first.id}`, { token: admin })).status, 204);
      await quiet('quiet/between.md');
      await subscribeThenWrite(['again/a.md', 'again/b.md']);
      await rcv.waitFor((all) => all.length >= 5);
      await new Promise((res) => setTimeout(res, 200));
      assert.deepEqual(
        rcv.received.map((r) => r.body.data.path),
        ['gap/a.md', 'gap/b.md', 'gap/c.md', 'again/a.md', 'again/b.md'],
      );
    } finally {
      d.sync = sync;
      events.after = read;
    }
  });

  it('a subscription whose first follow of the event feed fails is created all the same and starts delivering at the next sync', async () => {
    const d = s.c.webhookDispatcher;
    const feed = s.c.eventFeed;
    const listen = feed.listen;
    let tries = 0;
    feed.listen = function (this: typeof feed, ...args: Parameters<typeof listen>) {
      // The first follow reads the log's head: as if the database were busy just then.
      if (!tries++) throw new Error('database is locked');
      return listen.apply(this, args);
    };
    try {
      d.sync(); // the earlier tests' subscriptions are deleted: nothing follows the feed
      await subscribe(); // 201 although its sync could not follow the feed
      assert.equal(tries, 1);
      await put('late/a.md');
      await put('late/b.md');
      d.sync(); // what the sync timer does next
      await rcv.waitFor((all) => all.length >= 2);
      await new Promise((res) => setTimeout(res, 200));
      assert.deepEqual(rcv.received.map((r) => r.body.data.path), ['late/a.md', 'late/b.md']);
    } finally {
      feed.listen = listen;
    }
  });

  it('retries a receiver that fails twice, then records the delivery', async () => {
    const hook = await subscribe();
    rcv.reply = (_r, n) => (n <= 2 ? 503 : 204);
    await put('retry/one.md');
    await rcv.waitFor((all) => all.length >= 3);
    const ids = new Set(rcv.received.map((d) => d.body.id));
    assert.equal(ids.size, 1, 'the same event each time');
    assert.ok(rcv.received[2]!.at - rcv.received[1]!.at >= rcv.received[1]!.at - rcv.received[0]!.at - 5, 'the wait grows');
    let log: any;
    for (let i = 0; i < 50; i++) {
      log = await s.request('GET', `${hooks}/${hook.id}/deliveries`, { token: admin });
      if (log.body.deliveries[0]?.status === 'delivered') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    assert.equal(log.status, 200);
    const [entry] = log.body.deliveries;
    assert.equal(entry.eventId, rcv.received[0]!.body.id);
    assert.equal(entry.type, 'page.put');
    assert.equal(entry.status, 'delivered');
    assert.equal(entry.attempts, 3);
    assert.equal(entry.lastError, 'HTTP 503');
    assert.ok(entry.deliveredAt);
  });

  it('delivers in seq order per subscription, matching /changes, while another subscription is dead', async () => {
    const dead = await startReceiver();
    dead.reply = () => new Promise((res) => setTimeout(() => res(500), 2000));
    const deadHook = await s.request('POST', hooks, { token: admin, body: { url: dead.url, events: ['page.put'] } });
    assert.equal(deadHook.status, 201);
    await subscribe();
    const since = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?limit=1000`, { token: writer })).body.nextCursor;
    const writes: Array<Promise<unknown>> = [];
    for (let w = 0; w < 4; w++) {
      writes.push((async () => {
        for (let n = 0; n < 8; n++) await put(`order/w${w}-${n}.md`);
      })());
    }
    const t0 = performance.now();
    await Promise.all(writes);
    assert.ok(performance.now() - t0 < 10_000);
    await rcv.waitFor((all) => all.length >= 32);
    const seqs = rcv.received.map((d) => d.body.seq);
    assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b));
    const changes = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes?since=${since}&limit=1000`, { token: writer })).body.changes;
    assert.deepEqual(rcv.received.map((d) => d.body.data.path), changes.map((c: any) => c.path));
    await dead.close();
  });

  it('sends inbox events', async () => {
    await subscribe({ events: ['inbox.created', 'inbox.status'] });
    const up = await s.request('POST', `/api/v1/brains/${s.mainBrainId}/inbox`, { token: writer, body: { filename: 'note.txt', content: 'remember the milk', contentType: 'text/plain' } });
    assert.equal(up.status, 201, up.text);
    const st = await s.request('PUT', `/api/v1/brains/${s.mainBrainId}/inbox/${up.body.item.id}/status`, { token: writer, body: { status: 3 } });
    assert.equal(st.status, 200, st.text);
    await rcv.waitFor((all) => all.length >= 2);
    assert.deepEqual(rcv.received.map((d) => [d.body.type, d.body.data]), [
      ['inbox.created', { itemId: up.body.item.id, status: 0 }],
      ['inbox.status', { itemId: up.body.item.id, status: 3 }],
    ]);
  });

  it('is managed from the CLI too (secret printed once by add)', async () => {
    const env = { BRAINKEEP_DATA: s.dataDir, ...ALLOW };
    const added = runCli(['webhook', 'add', '--brain', 'main', '--url', rcv.url, '--events', 'page.put,inbox.created', '--folder', 'cli'], env);
    assert.equal(added.code, 0, added.stderr);
    const [id, secret] = added.stdout.split(' ');
    assert.match(secret!, /^whsec_/);
    const listed = runCli(['webhook', 'list', '--brain', 'main'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const row = listed.stdout.split('\n').map((l) => l.split('\t')).find((f) => f[0] === id);
    assert.deepEqual(row?.slice(0, 4), [id, rcv.url, 'page.put,inbox.created', 'cli']);
    assert.ok(!listed.stdout.includes(secret!));
    const refused = runCli(['webhook', 'add', '--brain', 'main', '--url', 'http://127.0.0.1:9/x', '--events', 'page.put'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /loopback, private or link-local/);
    const deleted = runCli(['webhook', 'delete', '--brain', 'main', '--id', id!], env);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal((await s.request('GET', hooks, { token: admin })).body.webhooks.length, 0);
  });

  it('needs Admin to manage subscriptions, and validates the body', async () => {
    let r = await s.request('POST', hooks, { token: writer, body: { url: rcv.url, events: ['page.put'] } });
    assert.equal(r.status, 403);
    r = await s.request('GET', hooks, { token: writer });
    assert.equal(r.status, 403);
    r = await s.request('POST', hooks, { token: admin, body: { url: rcv.url, events: ['page.nope'] } });
    assert.equal(r.status, 400);
    r = await s.request('POST', hooks, { token: admin, body: { url: 'ftp://example.com/x', events: ['page.put'] } });
    assert.equal(r.status, 400);
    r = await s.request('DELETE', `${hooks}/00000000-0000-4000-8000-000000000000`, { token: admin });
    assert.equal(r.status, 404);
  });
});

describe('outbound webhooks: durability', function () {
  this.timeout(120_000);

  it('loses nothing when the server restarts mid-backlog', async () => {
    const data = tempDir('brainkeep-hooks-restart-');
    const rcv = await startReceiver();
    let s = await startTestServer({ ...ALLOW, BRAINKEEP_DATA: data });
    const hook = await s.c.webhooks.create(SYSTEM_ACTOR, 'main', { url: rcv.url, events: ['page.put'] });
    // Slow receiver: a backlog builds up behind it.
    rcv.reply = () => new Promise((res) => setTimeout(() => res(200), 40));
    for (let i = 0; i < 30; i++) await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: `backlog/p${i}.md`, markdown: `# ${i}\n` });
    await rcv.waitFor((all) => all.length >= 3);
    await s.stop();
    const before = rcv.received.length;
    assert.ok(before < 30, `backlog left at restart (${before} delivered)`);
    rcv.reply = () => 200;
    s = await startTestServer({ ...ALLOW, BRAINKEEP_DATA: data });
    await rcv.waitFor((all) => new Set(all.map((d) => d.body.data.path)).size >= 30);
    const paths = [...new Set(rcv.received.map((d) => d.body.data.path))];
    assert.deepEqual(paths, Array.from({ length: 30 }, (_, i) => `backlog/p${i}.md`));
    assert.ok(hook.id);
    await s.stop();
    await rcv.close();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('after a restart, skips what was delivered past the cursor and resumes a retry with its attempts', async () => {
    const data = tempDir('brainkeep-hooks-prior-');
    const rcv = await startReceiver();
    let s = await startTestServer({ ...ALLOW, BRAINKEEP_DATA: data });
    const hook = await s.c.webhooks.create(SYSTEM_ACTOR, 'main', { url: rcv.url, events: ['page.put'] });
    // The state a crash leaves: the log says p0 was delivered and p1 failed twice, but the cursor never moved.
    await s.c.webhookDispatcher.stop();
    for (let i = 0; i < 3; i++) await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: `prior/p${i}.md`, markdown: `# ${i}\n` });
    const cursor = s.c.events.webhook(hook.id)!.cursor;
    const [e0, e1, e2] = s.c.events.after(cursor, 10).filter((e) => e.type === 'page.put');
    assert.ok(e0 && e1 && e2);
    const at = new Date().toISOString();
    s.c.events.record(
      [
        { webhookId: hook.id, eventSeq: e0.seq, type: 'page.put', status: 'delivered', attempts: 1, lastError: null, firstAttemptAt: at, nextAttemptAt: null, deliveredAt: at },
        { webhookId: hook.id, eventSeq: e1.seq, type: 'page.put', status: 'retrying', attempts: 2, lastError: 'HTTP 503', firstAttemptAt: at, nextAttemptAt: at, deliveredAt: null },
      ],
      new Map(),
    );
    await s.stop();
    s = await startTestServer({ ...ALLOW, BRAINKEEP_DATA: data });
    await rcv.waitFor((all) => all.length >= 2);
    await new Promise((res) => setTimeout(res, 300));
    assert.deepEqual(
      rcv.received.map((d) => d.body.data.path),
      ['prior/p1.md', 'prior/p2.md'],
    );
    let rows = s.c.events.deliveries(hook.id, 10);
    for (let i = 0; i < 50 && rows.some((r) => r.status !== 'delivered'); i++) {
      await new Promise((res) => setTimeout(res, 50));
      rows = s.c.events.deliveries(hook.id, 10);
    }
    const bySeq = new Map(rows.map((r) => [r.eventSeq, r]));
    assert.equal(bySeq.get(e0.seq)?.attempts, 1);
    assert.deepEqual([bySeq.get(e1.seq)?.status, bySeq.get(e1.seq)?.attempts, bySeq.get(e1.seq)?.lastError], ['delivered', 3, 'HTTP 503']);
    assert.deepEqual([bySeq.get(e2.seq)?.status, bySeq.get(e2.seq)?.attempts], ['delivered', 1]);
    await s.stop();
    await rcv.close();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('stops at once while a delivery waits out its backoff, and retries it after the restart', async () => {
    const data = tempDir('brainkeep-hooks-backoff-');
    const rcv = await startReceiver();
    const env = { ...ALLOW, BRAINKEEP_WEBHOOK_RETRY_MS: '60000', BRAINKEEP_DATA: data };
    let s = await startTestServer(env);
    const hook = await s.c.webhooks.create(SYSTEM_ACTOR, 'main', { url: rcv.url, events: ['page.put'] });
    rcv.reply = () => 503;
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'backoff/one.md', markdown: '# one\n' });
    await rcv.waitFor((all) => all.length >= 1);
    await new Promise((res) => setTimeout(res, 100));
    const t0 = Date.now();
    await s.c.webhookDispatcher.stop();
    assert.ok(Date.now() - t0 < 2000, `stop took ${Date.now() - t0} ms`);
    const [row] = s.c.events.deliveries(hook.id, 1);
    assert.deepEqual([row?.status, row?.attempts, row?.lastError], ['retrying', 1, 'HTTP 503']);
    await s.stop();
    // The next attempt is due a minute after the first: move it to now, as if the minute had passed.
    rcv.reply = () => 204;
    s = await startTestServer({ ...env, BRAINKEEP_WEBHOOK_RETRY_MS: '50' });
    s.c.events.record([{ ...row!, nextAttemptAt: new Date().toISOString() }], new Map());
    await s.c.webhookDispatcher.stop();
    s.c.webhookDispatcher.start();
    await rcv.waitFor((all) => all.length >= 2);
    assert.equal(rcv.received[1]!.body.data.path, 'backoff/one.md');
    await s.stop();
    await rcv.close();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('loses nothing across a SIGKILL of `brainkeep serve`', async () => {
    const data = tempDir('brainkeep-hooks-kill-');
    const env = { ...ALLOW, BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on' };
    const rcv = await startReceiver();
    let server = await spawnServer(env);
    const key = runCli(['credential', 'create', '--brain', 'main', '--role', 'Admin', '--label', 'hooks'], { BRAINKEEP_DATA: data });
    assert.equal(key.code, 0, key.stderr);
    const token = key.stdout;
    const brainId = (await apiRequest(server.url, 'GET', '/api/v1/brains', { token })).body.brains[0].id as string;
    const created = await apiRequest(server.url, 'POST', `/api/v1/brains/${brainId}/webhooks`, { token, body: { url: rcv.url, events: ['page.put'] } });
    assert.equal(created.status, 201, created.text);
    // The first three deliveries are answered; from the fourth on the receiver holds its answer until
    // the server is killed, so the kill always lands with deliveries still owed (however slow the machine).
    let release!: () => void;
    const held = new Promise<number>((res) => (release = () => res(200)));
    rcv.reply = (_r, n) => (n <= 3 ? new Promise((res) => setTimeout(() => res(200), 50)) : held);
    for (let i = 0; i < 20; i++) {
      const r = await apiRequest(server.url, 'PUT', `/api/v1/brains/${brainId}/pages`, { token, body: { path: `kill/p${i}.md`, markdown: `# ${i}\n` } });
      assert.equal(r.status, 201, r.text);
    }
    await rcv.waitFor((all) => all.length >= 3);
    server.child.kill('SIGKILL');
    await new Promise((res) => server.child.once('exit', res));
    assert.ok(rcv.received.length < 20);
    rcv.reply = () => 200;
    release();
    server = await spawnServer(env);
    await rcv.waitFor((all) => new Set(all.map((d) => d.body.data.path)).size >= 20, 30_000);
    const firstSeen = [...new Set(rcv.received.map((d) => d.body.data.path))];
    assert.deepEqual(firstSeen, Array.from({ length: 20 }, (_, i) => `kill/p${i}.md`));
    server.child.kill('SIGTERM');
    await new Promise((res) => server.child.once('exit', res));
    await rcv.close();
    fs.rmSync(data, { recursive: true, force: true });
  });
});

describe('outbound webhooks: SSRF refusals (BRAINKEEP_WEBHOOK_ALLOW_PRIVATE unset)', function () {
  this.timeout(60_000);
  let s: TestServer;
  let admin: string;
  let hooks: string;
  let rcv: Receiver;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_WEBHOOK_RETRY_MS: '50' });
    admin = s.credential('Admin');
    hooks = `/api/v1/brains/${s.mainBrainId}/webhooks`;
    rcv = await startReceiver();
    // Names resolve through the test's table only: nothing here may reach DNS or leave loopback.
    s.c.webhooks.guard.useResolver(async (name) => {
      if (name === 'rebinding.example.test') return [{ address: '127.0.0.2', family: 4 }];
      if (name === 'mixed.example.test') return [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
      throw Object.assign(new Error(`no test address for ${name}`), { code: 'ENOTFOUND' });
    });
  });
  after(async () => {
    await rcv.close();
    await s.stop();
  });

  for (const url of ['http://127.0.0.1:9/hook', 'http://localhost.:9/x', 'http://[::1]:9/x', 'http://[::ffff:127.0.0.1]:9/x', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/x', 'http://rebinding.example.test:9/hook', 'http://mixed.example.test/x']) {
    it(`refuses ${url} with 400`, async () => {
      const r = await s.request('POST', hooks, { token: admin, body: { url, events: ['page.put'] } });
      assert.equal(r.status, 400, r.text);
      assert.match(r.body.code, /^webhook_destination_(forbidden|unresolvable)$/);
    });
  }

  it('checks again at delivery: a name that now resolves to loopback gets nothing sent', async () => {
    const port = new URL(rcv.url).port;
    // DNS rebinding: the name was public when the subscription was made (creation only resolves
    // it; nothing is sent before an event), and points at loopback by the time an event goes out.
    let rebound = false;
    s.c.webhooks.guard.useResolver(async (name) => {
      if (name === 'later.example.test') return [{ address: rebound ? '127.0.0.2' : '93.184.216.34', family: 4 }];
      throw Object.assign(new Error(`no test address for ${name}`), { code: 'ENOTFOUND' });
    });
    const created = await s.request('POST', hooks, { token: admin, body: { url: `http://later.example.test:${port}/hook`, events: ['page.put'] } });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    rebound = true;
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'ssrf/p.md', markdown: '# p\n' });
    let log: any;
    for (let i = 0; i < 100; i++) {
      log = await s.request('GET', `${hooks}/${id}/deliveries`, { token: admin });
      if (log.body.deliveries[0]?.attempts >= 2) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const [entry] = log.body.deliveries;
    assert.equal(entry.status, 'retrying');
    assert.match(entry.lastError, /127\.0\.0\.2.*loopback, private or link-local/);
    assert.equal(rcv.received.length, 0);
  });
});

describe('outbound webhooks: a secret this server cannot decrypt', function () {
  this.timeout(30_000);
  let s: TestServer;
  let rcv: Receiver;
  before(async () => {
    s = await startTestServer(ALLOW);
    rcv = await startReceiver();
    // The server's own dispatcher could open the secret; this test runs one whose key differs.
    await s.c.webhookDispatcher.stop();
  });
  after(async () => {
    await rcv.close();
    await s.stop();
  });

  it('is a permanent failure: logged and audited once, the delivery marked failed, the secret retried with backoff, never every sync', async () => {
    const admin = s.credential('Admin');
    const hooks = `/api/v1/brains/${s.mainBrainId}/webhooks`;
    const created = await s.request('POST', hooks, { token: admin, body: { url: rcv.url, events: ['page.put'] } });
    assert.equal(created.status, 201, created.text);
    const hookId = created.body.id as string;
    const put = await s.request('PUT', `/api/v1/brains/${s.mainBrainId}/pages`, { token: s.credential('Write'), body: { path: 'locked/out.md', markdown: '# Out\n' } });
    assert.equal(put.status, 201, put.text);

    // The key changed since the webhook was made (BRAINKEEP_SECRET_KEY replaced, secret.key lost).
    const otherKey = new SecretBox(() => randomBytes(32));
    let opens = 0;
    const box = Object.assign(Object.create(otherKey) as SecretBox, {
      open: (sealed: string, context: string) => {
        opens++;
        return otherKey.open(sealed, context);
      },
    });
    const errors: unknown[] = [];
    const syncMs = 20;
    const d = new WebhookDispatcher(s.c.events, s.c.eventFeed, box, new OutboundGuard(true), { syncMs, flushMs: 20 }, (e) => void errors.push(e), s.c.audit);
    d.start();
    try {
      await new Promise((r) => setTimeout(r, 700));
    } finally {
      await d.stop();
    }
    // Without backoff it would be tried at every sync (about 35 times); doubling from 20 ms, at most 7.
    assert.ok(opens >= 2 && opens <= 7, `the secret was tried ${opens} times in 700 ms`);
    assert.equal(errors.length, 1, `logged once: ${errors.map(String).join('; ')}`);
    assert.match(String((errors[0] as Error).message), new RegExp(`webhook ${hookId}.*cannot be decrypted`));
    const audited = s.c.audit.list(s.mainBrainId).filter((a) => a.action === 'webhook.secret_unreadable');
    assert.equal(audited.length, 1);
    assert.equal(audited[0]!.target, hookId);
    const log = await s.request('GET', `${hooks}/${hookId}/deliveries`, { token: admin });
    assert.equal(log.status, 200);
    assert.equal(log.body.deliveries.length, 1, JSON.stringify(log.body));
    const [entry] = log.body.deliveries;
    assert.equal(entry.status, 'failed');
    assert.equal(entry.type, 'page.put');
    assert.match(entry.lastError, /cannot be decrypted with this server's key/);
    assert.match(entry.lastError, /delete the webhook and create it again/);
    assert.equal(rcv.received.length, 0, 'nothing unsigned was sent');
  });
});
