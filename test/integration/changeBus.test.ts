// Notices of changes across nodes on PostgreSQL (src/storage/changeBus.ts, migration 13): two
// nodes, each with its own connections and bus, on one real PostgreSQL server. PGlite cannot show
// this: behind pglite-socket every connection shares one backend, and a NOTIFY is delivered to the
// connection that sent it, never to the listener (tried). Skipped, saying why, where the machine
// has no PostgreSQL server (CI has none).
import assert from 'node:assert/strict';
import { PgChangeBus, attachChangeBus, type ChangeNotice } from '../../src/storage/changeBus.js';
import { connectPostgres, openPostgres } from '../../src/storage/postgres/database.js';
import type { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { EventsRepo } from '../../src/storage/sqlite/eventsRepo.js';
import { EventFeed } from '../../src/services/eventFeed.js';
import type { BrainEvent } from '../../src/domain/events.js';
import { realPostgresMissing, startRealPostgres, type RealPostgres } from '../helpers/realPg.js';

function brain(id: string, name = id): BrainRow {
  return { id, slug: id, name, description: null, visibility: 0, templateKey: 'blank', embeddingProvider: 0, embeddingModel: null, embeddingDimensions: 0, createdAt: '2026-01-01T00:00:00.000Z', createdBy: null };
}

/** Resolves once `pred` holds (checked at every notice and every 20 ms), rejects after 10 s. */
async function until(pred: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('change notices across nodes on PostgreSQL (LISTEN/NOTIFY)', function () {
  this.timeout(120_000);
  let server: RealPostgres | null = null;
  let a: PostgresDb | null = null;
  let b: PostgresDb | null = null;
  let busA: PgChangeBus | null = null;
  let busB: PgChangeBus | null = null;
  const heardA: ChangeNotice[] = [];
  const heardB: ChangeNotice[] = [];

  before(async function () {
    const missing = realPostgresMissing();
    if (missing) {
      console.log(`      (skipped: ${missing})`);
      this.skip();
    }
    server = await startRealPostgres();
    a = openPostgres(server.url).db;
    b = connectPostgres(server.url);
    busA = new PgChangeBus(server.url, { retryMs: 20, maxRetryMs: 200 });
    busB = new PgChangeBus(server.url, { retryMs: 20, maxRetryMs: 200 });
    busA.subscribe((n) => heardA.push(n));
    busB.subscribe((n) => heardB.push(n));
    await Promise.all([busA.listeningNow(), busB.listeningNow()]);
    attachChangeBus(a, busA);
    attachChangeBus(b, busB);
  });
  after(async () => {
    await busA?.close();
    await busB?.close();
    await a?.close();
    await b?.close();
    await server?.stop();
  });

  const has = (list: ChangeNotice[], topic: string, detail?: string) => list.some((n) => n.kind === 'change' && n.topic === topic && (detail === undefined || n.detail === detail));

  it('a committed change is heard by every node, a rolled-back one by none', async () => {
    heardA.length = heardB.length = 0;
    assert.throws(() =>
      b!.transaction(() => {
        new BrainsRepo(b!).insert(brain('rolled'));
        throw new Error('roll back');
      })(),
    );
    new BrainsRepo(b!).insert(brain('n1'));
    await until(() => has(heardA, 'config', 'brains') && has(heardB, 'config', 'brains'), 'config:brains on both nodes');
    b!.prepare("INSERT INTO brain_events (brain_id, type, at) VALUES ('n1', 'page.put', 'x')").run();
    await until(() => has(heardA, 'events') && has(heardB, 'events'), 'events on both nodes');
    // The rolled-back insert sent nothing: one config notice per node so far.
    assert.equal(heardA.filter((n) => n.kind === 'change' && n.topic === 'config').length, 1);
  });

  it("a node keeps a brain row in memory until another node's change of it is heard", async () => {
    const repoA = new BrainsRepo(a!);
    const repoB = new BrainsRepo(b!);
    heardA.length = 0;
    repoB.insert(brain('cached', 'first'));
    await until(() => has(heardA, 'config', 'brains'), 'the notice of the insert');
    assert.equal(repoA.byId('cached')?.name, 'first');
    // With the notice switched off node A still serves what it kept: it does keep rows.
    b!.exec('ALTER TABLE brains DISABLE TRIGGER brains_notify_change');
    repoB.update('cached', { name: 'unheard' });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(repoA.byId('cached')?.name, 'first');
    b!.exec('ALTER TABLE brains ENABLE TRIGGER brains_notify_change');
    // With it on, node A reads again once it hears the change.
    repoB.update('cached', { name: 'second' });
    await until(() => repoA.byId('cached')?.name === 'second', "node A to see node B's rename");
  });

  it("another node's event wakes this node's event feed at once (SSE and MCP follow the feed)", async () => {
    const feed = new EventFeed(new EventsRepo(a!), 3_600_000); // no poll within the test: only the notice can wake it
    const got: BrainEvent[] = [];
    const stopFeed = feed.listen((events) => got.push(...events));
    const stopBus = busA!.subscribe((n) => (n.kind === 'resync' || n.topic === 'events') && feed.wake());
    try {
      b!.prepare("INSERT INTO brain_events (brain_id, type, path, at) VALUES ('n1', 'page.put', 'from-b.md', 'x')").run();
      await until(() => got.some((e) => e.path === 'from-b.md'), "node B's event on node A's feed");
    } finally {
      stopBus();
      stopFeed();
      feed.close();
    }
  });

  it('a dropped listening connection keeps nothing while down, then reconnects and tells everyone to resync', async () => {
    const repoA = new BrainsRepo(a!);
    new BrainsRepo(b!).insert(brain('drop', 'before'));
    await until(() => repoA.byId('drop')?.name === 'before', 'node A to read the brain');
    heardA.length = 0;
    // The server ends node A's listening session, as a failover or a network cut would.
    b!.queryRaw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'brainkeep-changes' AND pid <> pg_backend_pid()");
    await until(() => !busA!.live || heardA.some((n) => n.kind === 'resync'), 'node A to notice the dropped connection');
    await busA!.listeningNow();
    await busB!.listeningNow();
    assert.ok(heardA.some((n) => n.kind === 'resync'), 'a resync after reconnecting');
    // Listening again: changes are heard as before.
    new BrainsRepo(b!).update('drop', { name: 'after' });
    await until(() => repoA.byId('drop')?.name === 'after', 'node A to hear changes after reconnecting');
  });

  it('while not listening a node keeps nothing: every read goes to the database', async () => {
    const repoA = new BrainsRepo(a!);
    new BrainsRepo(b!).insert(brain('closed', 'one'));
    await until(() => repoA.byId('closed')?.name === 'one', 'node A to read the brain');
    await busA!.close();
    assert.equal(busA!.version('config'), null);
    b!.exec('ALTER TABLE brains DISABLE TRIGGER brains_notify_change');
    try {
      new BrainsRepo(b!).update('closed', { name: 'two' });
      assert.equal(repoA.byId('closed')?.name, 'two');
    } finally {
      b!.exec('ALTER TABLE brains ENABLE TRIGGER brains_notify_change');
    }
  });
});
