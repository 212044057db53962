// The state repositories ported to PostgreSQL (issue 27), one module each serving both backends:
// the same cases run on SQLite (a fresh in-memory database per case) and on PostgreSQL (PGlite
// with pgvector, pg_trgm and unaccent behind pglite-socket, reached by the `pg` driver over
// loopback through the synchronous bridge; emptied between cases).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_ON_POSTGRES, postgresNotReady } from '../../src/storage/postgres/coverage.js';
import { openPostgres, migratePostgres, ensureExtensions, type ExtensionReport } from '../../src/storage/postgres/database.js';
import { PostgresDb, WRITE_LOCK_KEY } from '../../src/storage/postgres/pgBridge.js';
import { PG_MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { buildContainer } from '../../src/container.js';
import { loadConfig } from '../../src/config.js';
import { runCli } from '../helpers/cli.js';
import { isPostgres, isUniqueViolation, type SyncDb } from '../../src/storage/syncDb.js';
import { IdentityRepo, type UserRow } from '../../src/storage/sqlite/identityRepo.js';
import { BrainsRepo, type BrainRow } from '../../src/storage/sqlite/brainsRepo.js';
import { AuditRepo } from '../../src/storage/sqlite/auditRepo.js';
import { PartitionsRepo } from '../../src/storage/sqlite/partitionsRepo.js';
import { InboxRepo, type NewInboxItem } from '../../src/storage/sqlite/inboxRepo.js';
import { SessionsRepo } from '../../src/storage/sqlite/sessionsRepo.js';
import { SourcesRepo, type SourceRow } from '../../src/storage/sqlite/sourcesRepo.js';
import { OAuthRepo } from '../../src/storage/sqlite/oauthRepo.js';
import { FilingRepo } from '../../src/storage/sqlite/filingRepo.js';
import { EventsRepo, type DeliveryRow } from '../../src/storage/sqlite/eventsRepo.js';
import { OpsRepo } from '../../src/storage/sqlite/opsRepo.js';
import { LeaseRepo } from '../../src/storage/sqlite/leaseRepo.js';
import { EventFeed } from '../../src/services/eventFeed.js';
import { WebhookDispatcher } from '../../src/services/webhookDispatcher.js';
import { webhookSecretContext } from '../../src/services/webhooksService.js';
import { SecretBox } from '../../src/services/secretBox.js';
import { OutboundGuard } from '../../src/services/webhookSender.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { CronLeader } from '../../src/jobs/cronLeader.js';
import { renderStorage } from '../../src/cli/opsCommands.js';
import { TrashPurgeJob } from '../../src/jobs/trashPurgeJob.js';
import { randomBytes } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { ConflictError } from '../../src/domain/errors.js';
import { BrainsService } from '../../src/services/brainsService.js';
import { AccessService } from '../../src/services/accessService.js';
import { BrainConfigCache } from '../../src/storage/git/brainConfig.js';
import { claimInThread, startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { sqliteBackend, type RepoBackend } from '../helpers/backends.js';

/** Every table the PostgreSQL migrations create, emptied between cases. */
const PG_TABLES = [
  'leases', 'webhook_deliveries', 'webhooks', 'brain_event_mutes', 'brain_events', 'ingest_sources', 'inbox_texts', 'inbox_items', 'partitions', 'oauth_requests', 'oauth_tokens', 'oauth_codes', 'oauth_clients', 'web_sessions',
  'audit', 'credentials', 'members', 'brains', 'users', 'workspace',
];

function postgresBackend(): RepoBackend {
  let server: TestPostgres | null = null;
  let db: PostgresDb | null = null;
  let extensions: ExtensionReport | null = null;
  return {
    name: 'PostgreSQL',
    async setUp() {
      server = await startTestPostgres();
      ({ db, extensions } = openPostgres(server.url));
    },
    ownCases() {
      it('creates vector, pg_trgm and unaccent, and migrates once however often it opens', () => {
        assert.deepEqual(extensions, {
          vector: { installed: true, problem: null },
          pg_trgm: { installed: true, problem: null },
          unaccent: { installed: true, problem: null },
        });
        assert.deepEqual(migratePostgres(db!), []);
        assert.deepEqual(db!.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all(), PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
        // The extensions work: unaccent, trigram similarity and a cosine distance.
        assert.equal(db!.prepare("SELECT unaccent('Crème brûlée') AS t").pluck().get(), 'Creme brulee');
        assert.ok((db!.prepare("SELECT similarity('東京都庁', '東京') AS s").pluck().get() as number) > 0);
        assert.equal(db!.prepare("SELECT '[1,0]'::vector <=> '[0,1]'::vector AS d").pluck().get(), 1);
      });

      it('creates the extensions under the migration advisory lock (no race between nodes starting together)', () => {
        // An event trigger notes, at each CREATE EXTENSION, whether this session holds the lock.
        db!.exec(`
          CREATE TABLE ext_lock_seen (ext_held BOOLEAN NOT NULL);
          CREATE FUNCTION ext_lock_note() RETURNS event_trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO ext_lock_seen SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = ${0x6272_6b6d} AND pid = pg_backend_pid() AND granted);
          END $$;
          CREATE EVENT TRIGGER ext_lock_note ON ddl_command_start WHEN TAG IN ('CREATE EXTENSION') EXECUTE FUNCTION ext_lock_note();`);
        try {
          const report = ensureExtensions(db!);
          assert.deepEqual(Object.values(report).map((r) => r.installed), [true, true, true]);
          assert.deepEqual(db!.prepare('SELECT ext_held FROM ext_lock_seen').pluck().all(), [true, true, true]);
        } finally {
          db!.exec('DROP EVENT TRIGGER ext_lock_note; DROP FUNCTION ext_lock_note(); DROP TABLE ext_lock_seen');
        }
      });

      it('a slug taken by another node between the check and the insert (or rename) is a 409 slug_taken, not a raw database error', async () => {
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        // Another node's insert landing in the window, played by the server itself: the row it
        // inserts first makes the service's own insert meet the real unique index (23505).
        db!.exec(`
          CREATE FUNCTION racing_node() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.slug = 'racy' AND NEW.id <> 'other-node' AND (TG_OP = 'INSERT' OR OLD.slug <> 'racy') THEN
              INSERT INTO brains (id, slug, template_key, created_at) VALUES ('other-node', 'racy', 'default', '2026-01-01');
            END IF;
            RETURN NEW;
          END $$;
          CREATE TRIGGER racing_node BEFORE INSERT OR UPDATE ON brains FOR EACH ROW EXECUTE FUNCTION racing_node();`);
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-pg-slug-'));
        const sqlite = buildContainer(loadConfig({ BRAINKEEP_DATA: dataDir }));
        try {
          const brainsRepo = new BrainsRepo(db!);
          const service = new BrainsService(brainsRepo, sqlite.repos, sqlite.writes, new AccessService(brainsRepo), new AuditRepo(db!), new BrainConfigCache(sqlite.repos));
          await assert.rejects(service.create(SYSTEM_ACTOR, { slug: 'racy', name: 'Racy' }), (e: Error) => e instanceof ConflictError && e.code === 'slug_taken');
          brainsRepo.insert(brain('b1', 'calm'));
          assert.throws(() => service.update(SYSTEM_ACTOR, 'calm', { slug: 'racy' }), (e: Error) => e instanceof ConflictError && e.code === 'slug_taken');
          assert.equal(brainsRepo.byId('b1')?.slug, 'calm');
        } finally {
          db!.exec('DROP TRIGGER racing_node ON brains; DROP FUNCTION racing_node()');
          await sqlite.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      });

      it('two nodes on one database: a revocation on one is refused at once on the other; a repeated upload is found across them', async () => {
        const other = new PostgresDb(server!.url);
        try {
          db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
          new BrainsRepo(db!).insert(brain('b1', 'main'));
          const here = new IdentityRepo(db!);
          const there = new IdentityRepo(other);
          here.insertCredential({ id: 'c1', brainId: 'b1', role: 'Write', label: 'ci', tokenHash: 'h1', tokenHint: 'h', createdAt: T0, createdBy: null, lastUsedAt: null, revokedAt: null });
          assert.equal(here.credentialByHash('h1')?.revokedAt, null);
          there.revokeCredential('c1', T0);
          assert.equal(here.credentialByHash('h1')?.revokedAt, T0);
          // The second node's insert is refused by the unique index, its transaction rolled back, and the first node's item returned.
          const first = new InboxRepo(db!).insertOrFind(item('n1', 'b1', { externalId: 'mail-9' }), 'a');
          const again = new InboxRepo(other).insertOrFind(item('n2', 'b1', { externalId: 'mail-9', sha256: 'different' }), 'b');
          assert.deepEqual(again, { inserted: false, item: first.item, matchedBy: 'externalId' });
          assert.equal(new InboxRepo(other).count('b1'), 1);
        } finally {
          await other.close();
        }
      });

      it('two filing passes on two nodes at once never claim the same item, and every item is claimed once', async () => {
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        new BrainsRepo(db!).insert(brain('b1', 'main'));
        const inbox = new InboxRepo(db!);
        const ids = Array.from({ length: 120 }, (_, i) => `c${String(i).padStart(3, '0')}`);
        for (const id of ids) inbox.insertOrFind(item(id, 'b1'), id);
        const barrier = new SharedArrayBuffer(4);
        const node = (worker: string, order: string[]) => claimInThread({ url: server!.url, kind: 'filing', worker, ids: order, now: T0, until: T1, barrier });
        // Both walk the items in the same order, as two passes reading the same due list would: every
        // item is contested, each node's claim racing the other's.
        const [a, b] = await Promise.all([node('node-a', ids), node('node-b', ids)]);
        assert.deepEqual(a.filter((id) => b.includes(id)), [], 'no item claimed by both');
        assert.deepEqual([...a, ...b].sort(), ids);
        const filing = new FilingRepo(db!);
        for (const id of ids) {
          const st = filing.state(id)!;
          assert.equal(st.attempts, 1, `${id} counted one attempt`);
          assert.equal(st.claimedBy, a.includes(id) ? 'node-a' : 'node-b');
        }
      });

      it('two nodes taking the same leases at once: each lease goes to exactly one', async () => {
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        const names = Array.from({ length: 60 }, (_, i) => `job-${i}`);
        const barrier = new SharedArrayBuffer(4);
        const node = (worker: string) => claimInThread({ url: server!.url, kind: 'lease', worker, ids: names, now: T0, until: T1, barrier });
        const [a, b] = await Promise.all([node('node-a'), node('node-b')]);
        assert.deepEqual(a.filter((id) => b.includes(id)), [], 'no lease held by both');
        assert.deepEqual([...a, ...b].sort(), [...names].sort());
        const leases = new LeaseRepo(db!);
        for (const n of names) assert.equal(leases.current(n, 'x')?.holder, a.includes(n) ? 'node-a' : 'node-b');
      });

      it('two nodes dispatching one subscription: each event is delivered once, by the lease holder; the other takes over when it stops', async function () {
        this.timeout(60_000);
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        new BrainsRepo(db!).insert(brain('b1', 'main'));
        const rcv = await startReceiver();
        const key = randomBytes(32);
        const box = new SecretBox(() => key);
        const events = new EventsRepo(db!);
        events.insertWebhook({
          id: 'h1', brainId: 'b1', url: rcv.url, events: ['inbox.created'], folder: null, secretCipher: box.seal('s3cret', webhookSecretContext('h1')),
          cursor: 0, createdAt: T0, createdBy: null,
        });
        const other = new PostgresDb(server!.url);
        // Errors are collected and checked at the end: onError runs from timers, where a throw would be blamed on another test.
        const errors: unknown[] = [];
        const node = (nodeDb: SyncDb) => {
          const repo = new EventsRepo(nodeDb);
          return new WebhookDispatcher(repo, new EventFeed(repo, 20), box, new OutboundGuard(true), { syncMs: 50, flushMs: 20 }, (e) => errors.push(e), null, new LeaseRepo(nodeDb));
        };
        const [a, b] = [node(db!), node(other)];
        const inbox = new InboxRepo(db!);
        const ids = (n: number) => rcv.received.map((r) => r.headers['brainkeep-event-id']).slice(0, n);
        try {
          a.start();
          b.start();
          for (let i = 0; i < 8; i++) inbox.insertOrFind(item(`d${i}`, 'b1'), 'x');
          await rcv.waitFor((all) => all.length >= 8);
          await new Promise((r) => setTimeout(r, 400)); // time for a second delivery of any of them
          const leases = new LeaseRepo(db!);
          const holder = leases.current('webhook:h1', '')!.holder;
          assert.ok([a.node, b.node].includes(holder));
          const [first, second] = holder === a.node ? [a, b] : [b, a];
          assert.equal(rcv.received.length, 8, 'each event delivered once, not once per node');
          assert.equal(new Set(ids(8)).size, 8);
          await first.stop();
          for (let i = 8; i < 12; i++) inbox.insertOrFind(item(`d${i}`, 'b1'), 'x');
          await rcv.waitFor((all) => all.length >= 12);
          await new Promise((r) => setTimeout(r, 400));
          assert.equal(rcv.received.length, 12);
          assert.equal(new Set(ids(12)).size, 12, 'the node taking over resumed from the cursor, repeating nothing flushed');
          assert.equal(leases.current('webhook:h1', '')?.holder, second.node);
          await second.stop();
          assert.equal(events.webhook('h1')?.cursor, 12);
          assert.deepEqual(errors, []);
        } finally {
          await a.stop();
          await b.stop();
          await other.close();
          await rcv.close();
        }
      });

      it('a database error while renewing a lease does not stop the worker; past its fence (lease end minus a margin) it stops posting until renewed', async function () {
        this.timeout(60_000);
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        new BrainsRepo(db!).insert(brain('b1', 'main'));
        const rcv = await startReceiver();
        const key = randomBytes(32);
        const box = new SecretBox(() => key);
        const events = new EventsRepo(db!);
        events.insertWebhook({
          id: 'h1', brainId: 'b1', url: rcv.url, events: ['inbox.created'], folder: null, secretCipher: box.seal('s3cret', webhookSecretContext('h1')),
          cursor: 0, createdAt: T0, createdBy: null,
        });
        const errors: unknown[] = [];
        // Fenced 1500 - (200 + 50) ms after each renewal.
        const d = new WebhookDispatcher(events, new EventFeed(events, 20), box, new OutboundGuard(true), { syncMs: 50, flushMs: 20, timeoutMs: 200, leaseMs: 1500 }, (e) => errors.push(e), null, new LeaseRepo(db!));
        const inbox = new InboxRepo(db!);
        const renamed = { on: false };
        try {
          d.start();
          inbox.insertOrFind(item('f0', 'b1'), 'x');
          await rcv.waitFor((all) => all.length >= 1);
          // The leases table is gone for a while: every renewal fails, as with a database briefly unreachable.
          db!.exec('ALTER TABLE leases RENAME TO leases_away');
          renamed.on = true;
          await new Promise((r) => setTimeout(r, 300)); // a few syncs fail to renew
          assert.ok(errors.length > 0, 'the failed renewals were reported');
          inbox.insertOrFind(item('f1', 'b1'), 'x');
          await rcv.waitFor((all) => all.length >= 2);
          await new Promise((r) => setTimeout(r, 1500)); // past the fence
          inbox.insertOrFind(item('f2', 'b1'), 'x');
          await new Promise((r) => setTimeout(r, 500));
          assert.equal(rcv.received.length, 2, 'no post past the fence: the lease may be another node\'s by now');
          db!.exec('ALTER TABLE leases_away RENAME TO leases');
          renamed.on = false;
          await rcv.waitFor((all) => all.length >= 3);
          assert.deepEqual(rcv.received.map((r) => r.headers['brainkeep-event-id']), ['evt_1', 'evt_2', 'evt_3'], 'each once, in order, the fenced one once renewed');
          for (let i = 0; i < 100 && events.webhook('h1')?.cursor !== 3; i++) await new Promise((r) => setTimeout(r, 50));
          assert.equal(events.webhook('h1')?.cursor, 3, 'its outcome recorded once acknowledged');
          await d.stop();
          assert.ok(errors.every((e) => /leases/.test(String(e))), String(errors.find((e) => !/leases/.test(String(e)))));
        } finally {
          if (renamed.on) db!.exec('ALTER TABLE leases_away RENAME TO leases');
          await d.stop();
          await rcv.close();
        }
      });

      it('ops: PostgreSQL table sizes (pg_total_relation_size), its own migration list, and a closed connection', async () => {
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        const ops = new OpsRepo(db!);
        const st = ops.storage(null);
        assert.equal(st.measured, 'relation_size');
        assert.equal(st.pageSize, 8192);
        const total = db!.prepare('SELECT pg_total_relation_size(?::regclass)').pluck();
        for (const t of ['inbox_items', 'brain_events', 'audit']) {
          const row = st.tables.find((x) => x.name === t)!;
          assert.ok(row.indexBytes > 0, `${t} has index bytes`);
          assert.equal(row.bytes + row.indexBytes, total.get(t));
        }
        assert.ok(st.databaseBytes >= st.tables.reduce((n, t) => n + t.bytes + t.indexBytes, 0));
        const header = renderStorage({ ...st, markdownBytes: 1048576 })[0]!;
        assert.match(header, /^storage: database [\d.]+ MB \(PostgreSQL\), markdown 1\.0 MB, index [\d.]+x the markdown$/, 'no SQLite free pages or WAL in the doctor header');
        await assert.rejects(ops.snapshotTo('/nonexistent/x.db'), /pg_dump/);
        const other = new PostgresDb(server!.url);
        const otherOps = new OpsRepo(other);
        assert.equal(otherOps.isOpen(), true);
        otherOps.ping();
        await other.close();
        assert.equal(otherOps.isOpen(), false);
        assert.throws(() => otherOps.ping(), /closed/);
      });

      it('an immediate transaction holds the write lock that serialises writers across nodes', () => {
        const held = () => db!.prepare("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = ?").pluck().get(WRITE_LOCK_KEY);
        assert.equal(held(), 0);
        assert.equal(db!.transaction(() => held()).immediate(), 1);
        assert.equal(db!.transaction(() => held()).deferred(), 0);
        assert.equal(held(), 0); // released at commit
      });

      it('a transaction that adds an event holds the write lock until it commits, so event order is commit order', () => {
        // PGlite runs one statement at a time, so two nodes racing for a seq cannot be staged here;
        // what makes their order hold is checked instead: any event-writing transaction, immediate
        // or not, holds the lock every writer of events queues on, from before its seq is drawn.
        db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        new BrainsRepo(db!).insert(brain('b1', 'main'));
        const held = () => db!.prepare("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = ? AND granted").pluck().get(WRITE_LOCK_KEY);
        const inbox = new InboxRepo(db!);
        inbox.insertOrFind(item('e1', 'b1'), 'x');
        assert.equal(db!.transaction(() => (db!.prepare('UPDATE inbox_items SET status = 1 WHERE id = ?').run('e1'), held())).deferred(), 1, 'a change of status (inboxRepo.transition) takes it');
        assert.equal(
          db!.transaction(() => (db!.prepare("INSERT INTO brain_events (brain_id, type, at) VALUES ('b1', 'page.put', 'x')").run(), held())).deferred(),
          1,
          'any insert into the event log takes it (the page index triggers too)',
        );
        assert.equal(db!.transaction(() => (db!.prepare('UPDATE inbox_items SET reason = ? WHERE id = ?').run('r', 'e1'), held())).deferred(), 0, 'no event, no lock');
        assert.equal(held(), 0, 'released at commit');
      });
    },
    fresh() {
      db!.exec(`TRUNCATE ${PG_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
      return db!;
    },
    secondNode() {
      return new PostgresDb(server!.url);
    },
    async tearDown() {
      await db?.close();
      await server?.stop();
    },
  };
}

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:10:00.000Z';
const T2 = '2026-01-01T00:20:00.000Z';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function user(id: string, email: string, at = T0): UserRow {
  return { id, email, displayName: id, passwordHash: null, createdAt: at, disabledAt: null };
}

function brain(id: string, slug: string, at = T0): BrainRow {
  return {
    id, slug, name: slug, description: null, visibility: 0, templateKey: 'default', embeddingProvider: 0, embeddingModel: null,
    embeddingDimensions: 100, createdAt: at, createdBy: null,
  };
}

function item(id: string, brainId: string, over: Partial<NewInboxItem> = {}): NewInboxItem {
  return {
    id, brainId, filename: `${id}.txt`, status: 0, reason: null, skillHint: null, partition: null, externalId: null, contentType: 'text/plain',
    size: 5, sha256: `sha-${id}`, textStatus: 'extracted', provider: null, providerItemId: null, sourceVersion: null, canonicalUrl: null,
    docKey: null, targetFolder: null, senders: ['a@example.com'], via: 'api', pushedBy: 'system:test', pushedByName: 'Test', sourceId: null,
    createdAt: T0, updatedAt: T0, ...over,
  };
}

for (const backend of [sqliteBackend(), postgresBackend()]) {
  describe(`state repositories on ${backend.name}`, function () {
    this.timeout(120_000);
    let db: SyncDb;
    before(() => backend.setUp());
    after(() => backend.tearDown());
    beforeEach(() => {
      db = backend.fresh();
    });

    backend.ownCases?.();

    describe('identityRepo', () => {
      it('keeps the workspace, users (emails found without regard to case, unique the same way) and counts them', () => {
        const repo = new IdentityRepo(db);
        assert.equal(repo.workspace(), null);
        repo.createWorkspace('w1', 'Team', T0);
        assert.deepEqual(repo.workspace(), { id: 'w1', name: 'Team', createdAt: T0 });
        repo.insertUser(user('u2', 'Bob@Example.com', '2026-01-02T00:00:00.000Z'));
        repo.insertUser(user('u1', 'alice@example.com'));
        assert.equal(repo.userByEmail('bob@example.COM')?.id, 'u2');
        assert.equal(repo.userByEmail('  ALICE@example.com ')?.id, 'u1');
        assert.equal(repo.userByEmail('carol@example.com'), null);
        assert.deepEqual(repo.userById('u2'), user('u2', 'Bob@Example.com', '2026-01-02T00:00:00.000Z'));
        assert.deepEqual(repo.users().map((u) => u.id), ['u1', 'u2']);
        assert.equal(repo.countUsers(), 2);
        assert.throws(() => repo.insertUser(user('u3', 'ALICE@EXAMPLE.COM')), (e) => isUniqueViolation(e));
        assert.equal(repo.countUsers(), 2);
      });

      it('folds only ASCII letters in emails, as SQLite NOCASE does: É and é are two emails on both backends', () => {
        const repo = new IdentityRepo(db);
        repo.insertUser(user('u1', 'ÉLODIE@example.com'));
        assert.equal(repo.userByEmail('Élodie@EXAMPLE.com')?.id, 'u1');
        assert.equal(repo.userByEmail('élodie@example.com'), null);
        repo.insertUser(user('u2', 'élodie@example.com'));
        assert.equal(repo.userByEmail('élodie@example.com')?.id, 'u2');
        assert.equal(repo.countUsers(), 2);
      });

      it('stores credentials by hash, sees a revocation at once, and lists them per brain', () => {
        const repo = new IdentityRepo(db);
        new BrainsRepo(db).insert(brain('b1', 'main'));
        const cred = { id: 'c1', brainId: 'b1', role: 'Write' as const, label: 'ci', tokenHash: 'h1', tokenHint: 'bk_…1', createdAt: T0, createdBy: null, lastUsedAt: null, revokedAt: null };
        repo.insertCredential(cred);
        repo.insertCredential({ ...cred, id: 'c2', tokenHash: 'h2', createdAt: '2026-01-03T00:00:00.000Z' });
        assert.deepEqual(repo.credentialByHash('h1'), cred);
        assert.equal(repo.credentialByHash('nope'), null);
        repo.touchCredential('c1', '2026-01-05T00:00:00.000Z');
        assert.equal(repo.credentialById('c1')?.lastUsedAt, '2026-01-05T00:00:00.000Z');
        repo.revokeCredential('c1', '2026-01-06T00:00:00.000Z');
        assert.equal(repo.credentialByHash('h1')?.revokedAt, '2026-01-06T00:00:00.000Z');
        repo.revokeCredential('c1', '2026-01-07T00:00:00.000Z'); // a second revocation keeps the first date
        assert.equal(repo.credentialById('c1')?.revokedAt, '2026-01-06T00:00:00.000Z');
        assert.deepEqual(repo.credentialsOf('b1').map((c) => c.id), ['c1', 'c2']);
        assert.throws(() => repo.insertCredential({ ...cred, id: 'c3' }), (e) => isUniqueViolation(e));
      });

      it('a new password ends the other sessions, revokes OAuth tokens and drops unused codes, in one transaction', () => {
        const repo = new IdentityRepo(db);
        repo.insertUser(user('u1', 'a@example.com'));
        repo.insertUser(user('u2', 'b@example.com'));
        const session = db.prepare('INSERT INTO web_sessions (id, token_hash, user_id, csrf_token, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
        session.run('s1', 'th1', 'u1', 'x', T0, T0, T0);
        session.run('s2', 'th2', 'u1', 'x', T0, T0, T0);
        session.run('s3', 'th3', 'u2', 'x', T0, T0, T0);
        db.prepare('INSERT INTO oauth_clients (client_id, metadata, issued_at) VALUES (?, ?, ?)').run('cl', '{}', 1);
        const token = db.prepare('INSERT INTO oauth_tokens (token_hash, kind, family_id, client_id, user_id, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
        token.run('t1', 'access', 'f', 'cl', 'u1', '', T0, T0);
        token.run('t2', 'refresh', 'f', 'cl', 'u1', '', T0, T0);
        token.run('t3', 'access', 'g', 'cl', 'u2', '', T0, T0);
        const code = db.prepare('INSERT INTO oauth_codes (code_hash, client_id, user_id, family_id, redirect_uri, scopes, code_challenge, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
        code.run('k1', 'cl', 'u1', 'f', 'r', '', 'c', T0, null);
        code.run('k2', 'cl', 'u1', 'f', 'r', '', 'c', T0, T0);

        assert.deepEqual(repo.setPasswordHash('u1', 'hash', { keepSessionId: 's2', at: T0 }), { sessions: 1, tokens: 2, codes: 1 });
        assert.equal(repo.userById('u1')?.passwordHash, 'hash');
        assert.deepEqual(db.prepare('SELECT id FROM web_sessions ORDER BY id').pluck().all(), ['s2', 's3']);
        assert.deepEqual(db.prepare('SELECT token_hash FROM oauth_tokens WHERE revoked_at IS NULL').pluck().all(), ['t3']);
        assert.deepEqual(db.prepare('SELECT code_hash FROM oauth_codes').pluck().all(), ['k2']);
        // With no session kept (the operator's CLI), every session of the user ends.
        assert.deepEqual(repo.setPasswordHash('u1', 'hash2', { keepSessionId: null, at: T0 }), { sessions: 1, tokens: 0, codes: 0 });
      });
    });

    describe('brainsRepo: brains and members', () => {
      it('finds brains by id and slug, not once in the trash, and restores them', () => {
        const repo = new BrainsRepo(db);
        repo.insert(brain('b1', 'main'));
        repo.insert(brain('b2', 'notes', '2026-01-02T00:00:00.000Z'));
        assert.deepEqual(repo.byId('b1'), brain('b1', 'main'));
        assert.equal(repo.bySlug('notes')?.id, 'b2');
        assert.deepEqual(repo.all().map((b) => b.slug), ['main', 'notes']);
        repo.update('b1', { name: 'Main brain', visibility: 2, embeddingDimensions: 384 });
        assert.deepEqual([repo.byId('b1')?.name, repo.byId('b1')?.visibility, repo.byId('b1')?.embeddingDimensions], ['Main brain', 2, 384]);
        repo.markDeleted('b2', '2026-02-01T00:00:00.000Z', 'u1');
        assert.equal(repo.bySlug('notes'), null);
        assert.equal(repo.slugTaken('notes'), true);
        assert.deepEqual(repo.trashed().map((b) => [b.id, b.deletedAt]), [['b2', '2026-02-01T00:00:00.000Z']]);
        assert.equal(repo.trashedBySlug('notes')?.id, 'b2');
        repo.clearDeleted('b2');
        repo.setSlug('b2', 'archive');
        assert.equal(repo.bySlug('archive')?.id, 'b2');
        assert.throws(() => repo.insert(brain('b3', 'main')), (e) => isUniqueViolation(e));
      });

      it('grants, changes and revokes members, counting owners', () => {
        const ids = new IdentityRepo(db);
        const repo = new BrainsRepo(db);
        repo.insert(brain('b1', 'main'));
        ids.insertUser(user('u1', 'z@example.com'));
        ids.insertUser(user('u2', 'a@example.com'));
        repo.grant('b1', 'u1', 'Owner', null, T0);
        repo.grant('b1', 'u2', 'Read', 'u1', T0);
        assert.equal(repo.memberRole('b1', 'u2'), 'Read');
        assert.equal(repo.memberRole('b1', 'nobody'), null);
        assert.deepEqual(repo.members('b1').map((m) => [m.email, m.role]), [['a@example.com', 'Read'], ['z@example.com', 'Owner']]);
        assert.equal(repo.countOwners('b1'), 1);
        repo.setRole('b1', 'u2', 'Owner');
        assert.equal(repo.countOwners('b1'), 2);
        assert.deepEqual([...repo.grantsOf('u2')], [['b1', 'Owner']]);
        repo.revoke('b1', 'u2');
        assert.equal(repo.member('b1', 'u2'), null);
        assert.throws(() => repo.grant('b1', 'u1', 'Read', null), (e) => isUniqueViolation(e));
      });

      it('a transaction that throws leaves nothing; a nested one that throws undoes only itself', () => {
        const ids = new IdentityRepo(db);
        const repo = new BrainsRepo(db);
        repo.insert(brain('b1', 'main'));
        ids.insertUser(user('u1', 'a@example.com'));
        ids.insertUser(user('u2', 'b@example.com'));
        assert.throws(() =>
          repo.transaction(() => {
            repo.grant('b1', 'u1', 'Owner', null);
            assert.equal(db.inTransaction, true);
            throw new Error('changed my mind');
          }),
        /changed my mind/);
        assert.equal(db.inTransaction, false);
        assert.equal(repo.memberRole('b1', 'u1'), null);
        repo.transaction(() => {
          repo.grant('b1', 'u1', 'Owner', null);
          assert.throws(() => db.transaction(() => { repo.grant('b1', 'u2', 'Read', null); repo.grant('b1', 'u1', 'Read', null); })());
          // The failed statement's savepoint was rolled back: the transaction goes on.
          repo.setRole('b1', 'u1', 'Admin');
        });
        assert.deepEqual(repo.members('b1').map((m) => [m.userId, m.role]), [['u1', 'Admin']]);
        // A transaction cannot await: one whose function returns a promise is refused and undone.
        assert.throws(() => db.transaction(async () => repo.revoke('b1', 'u1'))(), /cannot return a promise/);
        assert.equal(repo.memberRole('b1', 'u1'), 'Admin');
        assert.equal(db.inTransaction, false);
      });
    });

    describe('sessionsRepo', () => {
      it('finds a session by its token hash, touches it, and ends it or every expired one', () => {
        new IdentityRepo(db).insertUser(user('u1', 'a@example.com'));
        const repo = new SessionsRepo(db);
        const s = { id: 's1', tokenHash: 'th1', userId: 'u1', csrfToken: 'c', createdAt: T0, expiresAt: '2026-01-02T00:00:00.000Z', lastSeenAt: T0 };
        repo.insert(s);
        repo.insert({ ...s, id: 's2', tokenHash: 'th2', expiresAt: '2026-03-01T00:00:00.000Z' });
        assert.deepEqual(repo.byTokenHash('th1'), s);
        repo.touch('s2', '2026-01-10T00:00:00.000Z');
        assert.equal(repo.byTokenHash('th2')?.lastSeenAt, '2026-01-10T00:00:00.000Z');
        assert.equal(repo.deleteExpired('2026-02-01T00:00:00.000Z'), 1);
        assert.equal(repo.byTokenHash('th1'), null);
        repo.delete('s2');
        assert.equal(repo.byTokenHash('th2'), null);
      });
    });

    describe('sourcesRepo', () => {
      it('keeps a brain\'s webhook sources, edits them, and a read after a change sees it', () => {
        new BrainsRepo(db).insert(brain('b1', 'main'));
        const repo = new SourcesRepo(db);
        const src: SourceRow = {
          id: 'src1', brainId: 'b1', kind: 'webhook', label: 'mail', mode: 'secret', secretCipher: 'cipher', targetFolder: null, partition: null,
          skill: null, allowedContentTypes: ['text/plain'], maxBytes: 1024, allowedSenderDomains: [], createdAt: T0, createdBy: null, updatedAt: T0,
          lastDeliveryAt: null,
        };
        repo.insert(src);
        assert.deepEqual(repo.ofBrain('b1'), [src]);
        repo.update('src1', { label: 'inbound mail', allowedSenderDomains: ['example.com'], maxBytes: null }, '2026-01-02T00:00:00.000Z');
        const edited = repo.get('b1', 'src1');
        assert.deepEqual([edited?.label, edited?.allowedSenderDomains, edited?.maxBytes, edited?.updatedAt], ['inbound mail', ['example.com'], null, '2026-01-02T00:00:00.000Z']);
        assert.equal(repo.ofBrain('b1')[0]!.label, 'inbound mail');
        repo.touch('src1', '2026-01-03T00:00:00.000Z');
        assert.equal(repo.ofBrain('b1')[0]!.lastDeliveryAt, '2026-01-03T00:00:00.000Z');
        assert.equal(repo.get('b2', 'src1'), null);
        assert.equal(repo.delete('src1'), true);
        assert.equal(repo.delete('src1'), false);
        assert.deepEqual(repo.ofBrain('b1'), []);
      });
    });

    describe('oauthRepo', () => {
      it('registers clients, redeems a code once, rotates and revokes token families, and drops what expired', () => {
        const ids = new IdentityRepo(db);
        ids.insertUser(user('u1', 'a@example.com'));
        new SessionsRepo(db).insert({ id: 's1', tokenHash: 'th', userId: 'u1', csrfToken: 'c', createdAt: T0, expiresAt: T0, lastSeenAt: T0 });
        const repo = new OAuthRepo(db);
        repo.insertClient({ clientId: 'cl', secretHash: null, secretExpiresAt: 1767225600, metadata: { client_name: 'agent', redirect_uris: ['http://x/cb'] }, issuedAt: 1767225600 });
        assert.deepEqual(repo.client('cl'), { clientId: 'cl', secretHash: null, secretExpiresAt: 1767225600, metadata: { client_name: 'agent', redirect_uris: ['http://x/cb'] }, issuedAt: 1767225600 });
        const later = '2026-06-01T00:00:00.000Z';
        repo.insertRequest({ idHash: 'r1', sessionId: 's1', clientId: 'cl', redirectUri: 'http://x/cb', state: null, scopes: ['brains:read'], codeChallenge: 'ch', resource: null, expiresAt: later });
        assert.deepEqual(repo.request('r1')?.scopes, ['brains:read']);
        assert.equal(repo.deleteRequest('r1'), true);
        assert.equal(repo.deleteRequest('r1'), false);
        repo.insertCode({ codeHash: 'k1', clientId: 'cl', userId: 'u1', familyId: 'f1', redirectUri: 'http://x/cb', scopes: ['a', 'b'], codeChallenge: 'ch', resource: null, expiresAt: later, usedAt: null });
        assert.equal(repo.transaction(() => repo.useCode('k1', T0)), true);
        assert.equal(repo.useCode('k1', T0), false); // a replay
        const token = { tokenHash: 't1', kind: 'refresh' as const, familyId: 'f1', clientId: 'cl', userId: 'u1', scopes: ['a'], resource: null, createdAt: T0, expiresAt: later, usedAt: null, revokedAt: null };
        repo.insertToken(token);
        repo.insertToken({ ...token, tokenHash: 't2', kind: 'access', expiresAt: T0 });
        assert.deepEqual(repo.token('t1'), token);
        assert.equal(repo.useToken('t1', T0), true);
        assert.equal(repo.useToken('t1', T0), false);
        assert.equal(repo.revokeFamily('f1', T0), 2);
        repo.deleteExpired('2026-02-01T00:00:00.000Z');
        assert.equal(repo.token('t2'), null);
        assert.equal(repo.token('t1')?.revokedAt, T0);
      });
    });

    describe('auditRepo', () => {
      it('records who did what, newest first, per brain or across them, with the detail as stored', () => {
        const repo = new AuditRepo(db);
        repo.record({ brainId: 'b1', actor: SYSTEM_ACTOR, action: 'page.put', target: 'a.md', detail: { n: 1, tags: ['x'] } }, '2026-01-01T00:00:01.000Z');
        repo.record({ brainId: null, actor: SYSTEM_ACTOR, action: 'user.create', target: 'u1' }, '2026-01-01T00:00:02.000Z');
        repo.record({ brainId: 'b1', actor: { kind: 'credential', credentialId: 'c1', brainId: 'b1', role: 'Write', label: 'ci' }, action: 'page.delete' });
        const all = repo.list(null);
        assert.deepEqual(all.map((r) => r.action), ['page.delete', 'user.create', 'page.put']);
        assert.deepEqual(all.map((r) => r.id), [3, 2, 1]);
        assert.deepEqual(all[2], { id: 1, at: '2026-01-01T00:00:01.000Z', brainId: 'b1', actor: 'system:Brainkeep', actorName: 'Brainkeep', action: 'page.put', target: 'a.md', detail: { n: 1, tags: ['x'] } });
        assert.equal(all[0]!.actor, 'credential:c1');
        assert.deepEqual(repo.list('b1', 1).map((r) => r.action), ['page.delete']);
        assert.deepEqual(repo.list('b2'), []);
      });
    });

    describe('partitionsRepo', () => {
      it('inserts once per key, updates, archives and deletes', () => {
        new BrainsRepo(db).insert(brain('b1', 'main'));
        const repo = new PartitionsRepo(db);
        const p = { brainId: 'b1', key: 'acme', name: 'Acme', domains: ['acme.com'], aliases: ['ACME Inc'], externalRef: null, folder: 'clients/acme', archivedAt: null, createdAt: T0 };
        assert.equal(repo.insert(p), true);
        assert.equal(repo.insert({ ...p, name: 'Other' }), false);
        assert.equal(repo.insert({ ...p, key: 'beta', name: 'Beta', domains: [] }), true);
        assert.deepEqual(repo.get('b1', 'acme'), p);
        repo.update('b1', 'acme', { domains: ['acme.com', 'acme.org'], externalRef: 'crm:1' });
        assert.deepEqual([repo.get('b1', 'acme')?.domains, repo.get('b1', 'acme')?.externalRef], [['acme.com', 'acme.org'], 'crm:1']);
        repo.setArchived('b1', 'beta', T0);
        assert.deepEqual(repo.active('b1').map((x) => x.key), ['acme']);
        assert.deepEqual([...repo.keys('b1')].sort(), ['acme', 'beta']);
        assert.equal(repo.hasActive('b1'), true);
        repo.delete('b1', 'acme');
        assert.equal(repo.hasActive('b1'), false);
        assert.deepEqual(repo.list('b1').map((x) => x.key), ['beta']);
      });
    });

    describe('filingRepo', () => {
      let filing: FilingRepo;
      let inbox: InboxRepo;
      beforeEach(() => {
        new BrainsRepo(db).insert(brain('b1', 'main'));
        new BrainsRepo(db).insert(brain('b2', 'gone'));
        inbox = new InboxRepo(db);
        filing = new FilingRepo(db);
      });

      it('claims an item once while its lease lasts, again after it ends, and counts each attempt', () => {
        inbox.insertOrFind(item('i1', 'b1'), 'x');
        assert.equal(filing.claim('i1', 'w1', T0, T1, [0]), true);
        assert.equal(filing.claim('i1', 'w2', T0, T1, [0]), false, 'a live claim holds it');
        assert.equal(filing.claim('i1', 'w2', T1, T2, [0]), false, 'the lease ends after its time, not at it');
        assert.deepEqual(filing.state('i1'), { attempts: 1, claimedBy: 'w1', claimedUntil: T1, nextAttemptAt: null, lastError: null, skill: null, commit: null });
        assert.equal(filing.claim('i1', 'w2', '2026-01-01T00:10:00.001Z', T2, [0]), true, 'an expired lease is taken over');
        assert.equal(filing.state('i1')?.attempts, 2);
        assert.equal(filing.claim('i1', 'w3', T2, T2, [1, 2]), false, 'not in a claimable status');
        filing.release('i1', 'w1'); // not its claim any more: nothing happens
        assert.equal(filing.state('i1')?.claimedBy, 'w2');
        filing.release('i1', 'w2');
        assert.deepEqual([filing.state('i1')?.claimedBy, filing.state('i1')?.claimedUntil], [null, null]);
        assert.equal(filing.state('missing'), null);
        assert.equal(filing.claim('missing', 'w1', T0, T1, [0]), false);
      });

      it('backs off after a failure (unless told to ignore it), lists what is due per brain, and records the filing', () => {
        for (const id of ['a', 'b', 'c']) inbox.insertOrFind(item(id, 'b1'), id);
        inbox.insertOrFind(item('z', 'b2'), 'z');
        new BrainsRepo(db).markDeleted('b2', T0, null);
        assert.deepEqual(filing.dueItems('b1', T0, 10), ['a', 'b', 'c']);
        assert.deepEqual(filing.dueItems('b1', T0, 2), ['a', 'b']);
        assert.deepEqual(filing.brainsWithDueItems(T0), ['b1'], 'a brain in the trash has nothing due');
        assert.equal(filing.claim('a', 'w1', T0, T1, [0]), true);
        filing.recordFailure('a', 'w1', 'x'.repeat(3000), T2);
        const st = filing.state('a')!;
        assert.deepEqual([st.claimedBy, st.nextAttemptAt, st.lastError?.length], [null, T2, 2000]);
        assert.equal(filing.claim('b', 'w1', T0, T1, [0]), true);
        assert.deepEqual(filing.dueItems('b1', T0, 10), ['c'], 'a claimed item and one backing off are not due');
        assert.deepEqual(filing.dueItems('b1', '2026-01-01T00:30:00.000Z', 10), ['a', 'b', 'c']);
        assert.equal(filing.claim('a', 'w1', T1, T2, [0]), false, 'backing off');
        assert.equal(filing.claim('a', 'w1', T1, T2, [0, 1], true), true, 'a person asked: backoff ignored');
        filing.resetAttempts('a');
        assert.deepEqual([filing.state('a')?.attempts, filing.state('a')?.nextAttemptAt, filing.state('a')?.lastError], [0, null, null]);
        const moved = filing.atomically(() => {
          filing.recordFiled('a', 'notes', 'abc123');
          return inbox.markFiled('a', ['notes/a.md'], null);
        });
        assert.equal(moved?.status, 2);
        assert.deepEqual(filing.state('a'), { attempts: 0, claimedBy: null, claimedUntil: null, nextAttemptAt: null, lastError: null, skill: 'notes', commit: 'abc123' });
      });

      it('finds the newest earlier filing of an item in the audit log', () => {
        inbox.insertOrFind(item('i1', 'b1'), 'x');
        assert.equal(filing.priorFiling('b1', 'i1'), null);
        const audit = new AuditRepo(db);
        audit.record({ brainId: 'b1', actor: SYSTEM_ACTOR, action: 'inbox.file', target: 'i1', detail: { commit: 'old', pages: ['a.md'] } }, T0);
        audit.record({ brainId: 'b1', actor: SYSTEM_ACTOR, action: 'inbox.file', target: 'i1', detail: { commit: 'new', pages: ['b.md'], skill: 'notes', confidence: 0.9, rationale: 'r', placement: { targetFolder: 'n', entityType: null, targetSlug: null } } }, T1);
        audit.record({ brainId: 'b2', actor: SYSTEM_ACTOR, action: 'inbox.file', target: 'i1', detail: { commit: 'elsewhere' } }, T2);
        assert.deepEqual(filing.priorFiling('b1', 'i1'), {
          commit: 'new', pages: ['b.md'], skill: 'notes', placement: { targetFolder: 'n', entityType: null, targetSlug: null }, confidence: 0.9, rationale: 'r',
        });
      });
    });

    describe('eventsRepo', () => {
      let events: EventsRepo;
      let inbox: InboxRepo;
      const hook = (id: string, brainId: string, at = T0) => ({
        id, brainId, url: `https://example.com/${id}`, events: ['inbox.created' as const, 'inbox.status' as const], folder: null, secretCipher: 'c', cursor: 0, createdAt: at, createdBy: null,
      });
      const delivery = (webhookId: string, eventSeq: number, over: Partial<DeliveryRow> = {}): DeliveryRow => ({
        webhookId, eventSeq, type: 'inbox.created', status: 'retrying', attempts: 1, lastError: 'timeout', firstAttemptAt: T0, nextAttemptAt: T1, deliveredAt: null, ...over,
      });
      beforeEach(() => {
        new BrainsRepo(db).insert(brain('b1', 'main'));
        new BrainsRepo(db).insert(brain('b2', 'other'));
        events = new EventsRepo(db);
        inbox = new InboxRepo(db);
      });

      it('an inbox insert and each change of status add an event in the same transaction, stamped as SQLite stamps them', () => {
        assert.equal(events.latestSeq(), 0);
        inbox.insertOrFind(item('i1', 'b1'), 'x');
        inbox.insertOrFind(item('i2', 'b2'), 'y');
        inbox.markReview('i1', 'unsure', null);
        inbox.markReview('i1', 'again', null); // no change of status: no event
        assert.throws(() => db.transaction(() => {
          inbox.insertOrFind(item('i3', 'b1'), 'z');
          throw new Error('undone');
        })());
        const all = events.after(0, 10);
        assert.deepEqual(all.map((e) => [e.seq, e.brainId, e.type, e.itemId, e.status]), [
          [1, 'b1', 'inbox.created', 'i1', 0], [2, 'b2', 'inbox.created', 'i2', 0], [3, 'b1', 'inbox.status', 'i1', 1],
        ]);
        for (const e of all) {
          assert.match(e.at, ISO_MS);
          assert.ok(Math.abs(Date.parse(e.at) - Date.now()) < 60_000, 'UTC wall time');
          assert.deepEqual([e.path, e.fromPath, e.version, e.commit, e.by], [null, null, null, null, null]);
        }
        assert.deepEqual(events.after(1, 10, 'b1').map((e) => e.seq), [3]);
        assert.deepEqual(events.after(0, 1).map((e) => e.seq), [1]);
        assert.deepEqual([events.latestSeq(), events.latestSeq('b1'), events.latestSeq('b2')], [3, 3, 2]);
        assert.equal(events.seqOfChange('b1', 10), 0, 'no page change yet');
        assert.equal(events.isCreate(all[0]!), false, 'only a page.put is a create');
        assert.equal(events.isCreate({ ...all[0]!, type: 'page.put', path: 'a.md', version: 1 }), true);
      });

      it("mutes replayed history: the mark is the database's time of the rebuild, moves forward on each, and mutes only changes stamped before it", async () => {
        // The database's clock, as the event triggers stamp (SQLite's strftime, PostgreSQL's brainkeep_event_time()).
        const dbNow = () => db.prepare(isPostgres(db) ? 'SELECT brainkeep_event_time()' : "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')").pluck().get() as string;
        const mark = () => db.prepare('SELECT before FROM brain_event_mutes WHERE brain_id = ?').pluck().get('b1') as string;
        const from = dbNow();
        events.muteReplayedHistory('b1');
        const first = mark();
        assert.match(first, ISO_MS);
        assert.ok(from <= first && first <= dbNow(), `${first} is the time of the rebuild`);
        await new Promise((r) => setTimeout(r, 5));
        events.muteReplayedHistory('b1');
        assert.ok(mark() > first, 'the mark moved forward');
        assert.equal(db.prepare('SELECT COUNT(*) FROM brain_event_mutes').pluck().get(), 1);
        const change = db.prepare("INSERT INTO page_changes (brain_id, op, path, version, commit_oid, at, by_name) VALUES (?, 'put', ?, 1, 'c0', ?, 'x')");
        change.run('b1', 'old.md', T0); // replayed history, stamped before the rebuild
        change.run('b1', 'new.md', '2999-01-01T00:00:00.000Z'); // written after it
        change.run('b2', 'other.md', T0); // another brain: not muted
        assert.deepEqual(events.after(0, 10).map((e) => [e.brainId, e.path]), [['b1', 'new.md'], ['b2', 'other.md']]);
      });

      it('a delivery row is never replaced by one with fewer attempts, nor a delivered one by another outcome', () => {
        events.insertWebhook(hook('h1', 'b1'));
        const delivered = delivery('h1', 5, { status: 'delivered', attempts: 2, deliveredAt: T1, nextAttemptAt: null, lastError: null });
        events.record([delivered], new Map());
        events.record([delivery('h1', 5, { attempts: 1 })], new Map()); // a late flush from a node that lost the lease
        events.record([delivery('h1', 5, { attempts: 3 })], new Map());
        assert.deepEqual(events.delivery('h1', 5), delivered);
        events.record([delivery('h1', 6, { attempts: 2 })], new Map());
        events.record([delivery('h1', 6, { attempts: 1, status: 'failed', nextAttemptAt: null })], new Map());
        assert.deepEqual(events.delivery('h1', 6), delivery('h1', 6, { attempts: 2 }));
        events.record([delivery('h1', 6, { attempts: 2, status: 'delivered', deliveredAt: T2, nextAttemptAt: null })], new Map());
        assert.equal(events.delivery('h1', 6)?.status, 'delivered', 'the same attempts, now acknowledged');
        events.record([delivery('h1', 6, { attempts: 4, status: 'failed' })], new Map());
        assert.equal(events.delivery('h1', 6)?.status, 'delivered');
      });

      it("deleting a subscription drops its lease row (PostgreSQL's leases table)", () => {
        events.insertWebhook(hook('h1', 'b1'));
        const leases = new LeaseRepo(db);
        assert.equal(leases.acquire('webhook:h1', 'n1', 60_000), true);
        assert.equal(events.deleteWebhook('b1', 'h1'), true);
        if (isPostgres(db)) assert.equal(db.prepare('SELECT COUNT(*) FROM leases').pluck().get(), 0);
        assert.equal(events.webhook('h1'), null);
      });

      it('keeps subscriptions, moves their cursors only forward, records deliveries and prunes finished ones', () => {
        events.insertWebhook(hook('h1', 'b1'));
        events.insertWebhook(hook('h2', 'b1', T1));
        events.insertWebhook(hook('h3', 'b2'));
        assert.deepEqual(events.webhooksOf('b1').map((h) => h.id), ['h1', 'h2']);
        assert.deepEqual(events.allWebhooks().map((h) => h.id), ['h1', 'h3', 'h2']);
        assert.deepEqual(events.webhook('h1'), hook('h1', 'b1'));
        assert.equal(events.webhook('nope'), null);
        events.record([delivery('h1', 5), delivery('h1', 6, { status: 'delivered', deliveredAt: T1, nextAttemptAt: null, lastError: null })], new Map([['h1', 6], ['h3', 2]]));
        assert.deepEqual([events.webhook('h1')?.cursor, events.webhook('h3')?.cursor], [6, 2]);
        events.record([], new Map([['h1', 4]]));
        assert.equal(events.webhook('h1')?.cursor, 6, 'a cursor never moves back');
        // A retry updates its row in place (the first attempt time stays).
        events.record([delivery('h1', 5, { attempts: 2, status: 'failed', firstAttemptAt: T1, nextAttemptAt: null, lastError: 'gave up' })], new Map());
        assert.deepEqual(events.delivery('h1', 5), delivery('h1', 5, { attempts: 2, status: 'failed', nextAttemptAt: null, lastError: 'gave up' }));
        assert.equal(events.delivery('h1', 99), null);
        events.record([delivery('h1', 7)], new Map());
        assert.deepEqual(events.deliveriesAfter('h1', 5).map((d) => d.eventSeq), [6, 7]);
        assert.deepEqual(events.deliveries('h1', 2).map((d) => d.eventSeq), [7, 6]);
        assert.equal(events.pruneDeliveries(T2), 2, 'finished ones older than the cut; the retrying one stays');
        assert.deepEqual(events.deliveries('h1', 10).map((d) => [d.eventSeq, d.status]), [[7, 'retrying']]);
        assert.equal(events.deleteWebhook('b2', 'h1'), false, "another brain's subscription");
        assert.equal(events.deleteWebhook('b1', 'h1'), true);
        assert.equal(events.delivery('h1', 7), null, 'its deliveries go with it');
        assert.deepEqual(events.allWebhooks().map((h) => h.id), ['h3', 'h2']);
      });
    });

    describe('opsRepo', () => {
      it('answers readiness and the gauges: ping, migrations, live brains, inbox counts, storage per table', () => {
        const brains = new BrainsRepo(db);
        brains.insert(brain('b2', 'second', T1));
        brains.insert(brain('b1', 'first'));
        brains.insert(brain('b3', 'gone', T2));
        brains.markDeleted('b3', T2, null);
        const inbox = new InboxRepo(db);
        for (const id of ['a', 'b', 'c']) inbox.insertOrFind(item(id, 'b1'), id);
        inbox.markReview('c', 'unsure', null);
        const ops = new OpsRepo(db);
        ops.ping();
        assert.equal(ops.isOpen(), true);
        assert.deepEqual(ops.missingMigrations(), []);
        assert.deepEqual(ops.brainIds(), ['b1', 'b2']);
        assert.equal(ops.countBrains(), 2);
        assert.deepEqual([ops.countInboxItems(0), ops.countInboxItems(1), ops.countInboxItems(2)], [2, 1, 0]);
        const st = ops.storage(null);
        assert.ok(st.databaseBytes > 0 && st.pageSize > 0);
        assert.equal(st.walBytes, 0);
        const names = st.tables.map((t) => t.name);
        for (const t of ['inbox_items', 'brain_events', 'webhooks', 'brains']) assert.ok(names.includes(t), `${t} is measured`);
        const sizes = st.tables.map((t) => t.bytes + t.indexBytes);
        assert.deepEqual(sizes, [...sizes].sort((x, y) => y - x), 'largest first');
        if (!isPostgres(db)) assert.match(renderStorage({ ...st, markdownBytes: 1048576 })[0]!, /^storage: database [\d.]+ MB \([\d.]+ MB free\), WAL 0\.0 MB, markdown 1\.0 MB, index\+WAL [\d.]+x the markdown$/);
      });
    });

    describe('leaseRepo', () => {
      it('one holder at a time on PostgreSQL, renewed by it, free once released or expired; on SQLite the one node always holds it', async () => {
        const leases = new LeaseRepo(db);
        if (!isPostgres(db)) {
          assert.equal(leases.acquire('cron', 'n1', 1000), true);
          assert.equal(leases.acquire('cron', 'n2', 1000), true, 'one node per data folder: it is always the leader');
          assert.deepEqual(leases.current('cron', 'n2'), { holder: 'n2', acquiredAt: null, expiresAt: null });
          return;
        }
        assert.equal(leases.current('cron', 'n1'), null);
        assert.equal(leases.acquire('cron', 'n1', 60_000), true);
        assert.equal(leases.acquire('cron', 'n2', 60_000), false, 'held by another');
        const first = leases.current('cron', 'n2')!;
        assert.equal(first.holder, 'n1');
        assert.match(first.acquiredAt!, ISO_MS);
        assert.ok(Date.parse(first.expiresAt!) - Date.parse(first.acquiredAt!) >= 59_000);
        await new Promise((r) => setTimeout(r, 20));
        assert.equal(leases.acquire('cron', 'n1', 120_000), true, 'renewed by its holder');
        const renewed = leases.current('cron', 'n1')!;
        assert.equal(renewed.acquiredAt, first.acquiredAt, 'a renewal keeps when it was taken');
        assert.ok(renewed.expiresAt! > first.expiresAt!);
        leases.release('cron', 'n2'); // not its lease: nothing happens
        assert.equal(leases.current('cron', 'n1')?.holder, 'n1');
        leases.release('cron', 'n1');
        assert.equal(leases.current('cron', 'n1'), null);
        assert.equal(leases.acquire('cron', 'n2', 50), true, 'free once released');
        assert.equal(leases.acquire('webhook:h1', 'n1', 60_000), true, 'leases are independent');
        await new Promise((r) => setTimeout(r, 120));
        assert.equal(leases.current('cron', 'n1'), null, 'expired');
        assert.equal(leases.acquire('cron', 'n1', 60_000), true, 'an expired lease is taken over');
        assert.notEqual(leases.current('cron', 'n1')!.acquiredAt, first.acquiredAt);
        assert.throws(() => leases.acquire('cron', 'n1', 0), RangeError);
      });

      it('cron runs on the leader only: one of two nodes leads, the other takes over when it stops', async () => {
        const other = backend.secondNode?.() ?? db;
        const purged: string[] = [];
        const nodeJob = (leader: CronLeader, name: string) => new TrashPurgeJob({ purgeExpired: async () => (purged.push(name), []) }, { info() {}, error() {} }, 3_600_000, leader);
        const errors: unknown[] = [];
        const a = new CronLeader(new LeaseRepo(db), (e) => errors.push(e));
        const b = new CronLeader(new LeaseRepo(other), (e) => errors.push(e));
        try {
          a.start();
          b.start();
          await nodeJob(a, 'a').runOnce();
          await nodeJob(b, 'b').runOnce();
          if (!isPostgres(db)) {
            assert.deepEqual(purged, ['a', 'b'], 'on SQLite the one node always leads');
            assert.deepEqual(errors, []);
            return;
          }
          assert.deepEqual([a.isLeader, b.isLeader], [true, false]);
          assert.deepEqual(purged, ['a'], 'the purge ran on the leader only');
          a.stop();
          assert.equal(a.isLeader, false, 'a stopped node does not take the lease back');
          assert.equal(b.isLeader, true, 'the lease was let go: the other node leads');
          await nodeJob(b, 'b').runOnce();
          assert.deepEqual(purged, ['a', 'b']);
          b.stop();
          assert.equal(a.isLeader, false, 'not even once the lease is free');
          assert.equal(new LeaseRepo(db).current('cron', ''), null);
          assert.deepEqual(errors, []);
        } finally {
          a.stop();
          b.stop();
          if (other !== db) await (other as PostgresDb).close();
        }
      });
    });

    describe('inboxRepo', () => {
      let repo: InboxRepo;
      beforeEach(() => {
        new BrainsRepo(db).insert(brain('b1', 'main'));
        new BrainsRepo(db).insert(brain('b2', 'other'));
        repo = new InboxRepo(db);
      });

      it('inserts an item with its text, and finds a repeat by external id or by the same bytes', () => {
        const first = repo.insertOrFind(item('i1', 'b1', { externalId: 'mail-1' }), 'hello');
        assert.equal(first.inserted, true);
        assert.equal(first.item.seq, 1);
        assert.deepEqual(repo.get('i1'), first.item);
        assert.equal(repo.text('i1'), 'hello');
        const byExternal = repo.insertOrFind(item('i2', 'b1', { externalId: 'mail-1', sha256: 'other-bytes' }), 'x');
        assert.deepEqual(byExternal, { inserted: false, item: first.item, matchedBy: 'externalId' });
        const byContent = repo.insertOrFind(item('i3', 'b1', { sha256: 'sha-i1' }), 'x');
        assert.deepEqual(byContent, { inserted: false, item: first.item, matchedBy: 'content' });
        // Another brain's item with the same bytes is no repeat.
        assert.equal(repo.insertOrFind(item('i4', 'b2', { sha256: 'sha-i1' }), 'x').inserted, true);
        assert.equal(repo.count('b1'), 1);
        assert.equal(repo.get('i2'), null);
        assert.equal(repo.byExternalId('b1', 'mail-1')?.id, 'i1');
        assert.equal(repo.getIn('b2', 'i1'), null);
      });

      it('a new version of a document supersedes the head of its chain; the same bytes again are a repeat', () => {
        repo.insertOrFind(item('v1', 'b1', { docKey: 'doc' }), 'one');
        const v2 = repo.insertOrFind(item('v2', 'b1', { docKey: 'doc', sha256: 'sha-v2' }), 'two');
        assert.equal(v2.inserted, true);
        assert.equal(v2.item.supersedesItemId, 'v1');
        assert.equal(repo.get('v1')?.supersededByItemId, 'v2');
        const again = repo.insertOrFind(item('v3', 'b1', { docKey: 'doc', sha256: 'sha-v2' }), 'two');
        assert.deepEqual([again.inserted, again.item.id], [false, 'v2']);
        // A revert to the first bytes is a new revision, not a repeat.
        assert.equal(repo.insertOrFind(item('v4', 'b1', { docKey: 'doc', sha256: 'sha-v1' }), 'one').inserted, true);
        assert.equal(repo.get('v2')?.supersededByItemId, 'v4');
      });

      it('group commit: concurrent inserts settle together, repeats included, one failure failing only itself', async () => {
        const settled = await Promise.allSettled([
          repo.insertOrFindGrouped(item('g1', 'b1', { externalId: 'e1' }), 'a'),
          repo.insertOrFindGrouped(item('g2', 'b1'), 'b'),
          repo.insertOrFindGrouped(item('g3', 'b1', { externalId: 'e1', sha256: 'sha-other' }), 'c'),
          repo.insertOrFindGrouped(item('g4', 'missing-brain'), 'd'),
          repo.insertOrFindGrouped(item('g5', 'b1'), 'e'),
        ]);
        assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
        const outcome = (i: number) => (settled[i] as PromiseFulfilledResult<Awaited<ReturnType<InboxRepo['insertOrFindGrouped']>>>).value;
        assert.deepEqual([outcome(2).inserted, outcome(2).item.id], [false, 'g1']);
        assert.deepEqual(repo.list('b1', { limit: 10 }).map((r) => r.id), ['g5', 'g2', 'g1']);
        assert.equal(repo.text('g5'), 'e');
      });

      it('moves status only from the expected one, and lists by status, partition and page', () => {
        for (const id of ['a', 'b', 'c', 'd']) repo.insertOrFind(item(id, 'b1'), id);
        const suggestion = { targetFolder: 'notes', entityType: null, targetSlug: null, confidence: 0.5, rationale: 'why' };
        assert.equal(repo.markReview('a', 'unsure', suggestion)?.status, 1);
        assert.equal(repo.markReview('a', 'again', null), null); // no longer Pending
        const filed = repo.markFiled('a', ['notes/a.md'], suggestion);
        assert.deepEqual([filed?.status, filed?.filedPages, filed?.suggestion, filed?.reason], [2, ['notes/a.md'], suggestion, null]);
        assert.equal(repo.markDismissed('b', 'noise')?.reason, 'noise');
        assert.deepEqual(repo.claimPending('b1', 10).map((r) => r.id), ['c', 'd']);
        assert.deepEqual(repo.claimPending(null, 1).map((r) => r.id), ['c']);
        repo.setPartition('c', 'acme', { from: 0, to: 1, reason: 'partitioned' });
        assert.deepEqual([repo.get('c')?.partition, repo.get('c')?.status, repo.get('c')?.reason], ['acme', 1, 'partitioned']);
        assert.deepEqual(repo.list('b1', { partition: 'acme', limit: 10 }).map((r) => r.id), ['c']);
        assert.deepEqual(repo.list('b1', { unassigned: true, limit: 10 }).map((r) => r.id), ['d', 'b', 'a']);
        assert.deepEqual(repo.list('b1', { status: 0, limit: 10 }).map((r) => r.id), ['d']);
        const page1 = repo.list('b1', { limit: 2 });
        assert.deepEqual(page1.map((r) => r.id), ['d', 'c']);
        assert.deepEqual(repo.list('b1', { beforeSeq: page1[1]!.seq, limit: 2 }).map((r) => r.id), ['b', 'a']);
        assert.deepEqual(repo.itemsOfPartition('b1', 'acme'), [{ id: 'c', sha256: 'sha-c' }]);
      });

      it('deletes items with their texts and unlinks the chain; knows which bytes are still in use', () => {
        repo.insertOrFind(item('v1', 'b1', { docKey: 'doc' }), 'one');
        repo.insertOrFind(item('v2', 'b1', { docKey: 'doc', sha256: 'sha-v2' }), 'two');
        assert.deepEqual(repo.contentOf('b1').sort(), ['sha-v1', 'sha-v2']);
        db.transaction(() => repo.deleteItems(['v1'])).immediate();
        assert.equal(repo.get('v1'), null);
        assert.equal(repo.text('v1'), '');
        assert.equal(repo.get('v2')?.supersedesItemId, null);
        assert.equal(repo.contentInUse('sha-v1'), false);
        assert.equal(repo.contentInUse('sha-v2'), true);
      });
    });
  });
}

describe('PostgreSQL backend: connection and start', function () {
  this.timeout(120_000);

  it('says clearly when pgvector is missing, and still opens; a lost server fails the next statement at once', async () => {
    const server = await startTestPostgres({ withVector: false });
    let stopped = false;
    try {
      const { db, extensions } = openPostgres(server.url, { statementTimeoutMs: 30_000 });
      try {
        assert.equal(extensions.vector.installed, false);
        assert.match(extensions.vector.problem!, /no pgvector extension.*vector search is off and search is exact/);
        assert.equal(extensions.pg_trgm.installed, true);
        assert.equal(new IdentityRepo(db).countUsers(), 0);
        await server.stop();
        stopped = true;
        await new Promise((r) => setTimeout(r, 200)); // the thread sees the socket close
        const t0 = Date.now();
        assert.throws(() => new IdentityRepo(db).countUsers(), (e: Error) => !/did not answer/.test(e.message));
        assert.ok(Date.now() - t0 < 10_000, 'failed at once, not at the statement timeout');
      } finally {
        await db.close();
      }
    } finally {
      if (!stopped) await server.stop();
    }
  });

  it('a refused connection is reported with the URL, its password hidden', () => {
    assert.throws(
      () => openPostgres('postgres://brainkeep:s3cret@127.0.0.1:1/brainkeep', { statementTimeoutMs: 10_000 }),
      (e: Error) => /Cannot connect to PostgreSQL at postgres:\/\/brainkeep:\*\*\*@127\.0\.0\.1:1\/brainkeep/.test(e.message) && !e.message.includes('s3cret'),
    );
  });

  it('with BRAINKEEP_DATABASE_URL set, every repository is on PostgreSQL, and a node whose database does not answer stops at start, URL shown without its password, writing nothing', () => {
    assert.deepEqual(NOT_ON_POSTGRES, []);
    assert.equal(postgresNotReady(), null);
    const dataDir = path.join(os.tmpdir(), `bk-pg-refused-${process.pid}-${Date.now()}`);
    const config = loadConfig({ BRAINKEEP_DATA: dataDir, BRAINKEEP_DATABASE_URL: 'postgres://u:s3cret@127.0.0.1:1/brainkeep' });
    assert.equal(config.databaseUrl, 'postgres://u:s3cret@127.0.0.1:1/brainkeep');
    assert.throws(
      () => buildContainer(config),
      (e: Error) => /Cannot connect to PostgreSQL at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/brainkeep/.test(e.message) && !e.message.includes('s3cret'),
    );
    assert.equal(fs.existsSync(dataDir), false);
    assert.equal(loadConfig({ BRAINKEEP_DATA: dataDir }).databaseUrl, null);
  });

  it('with BRAINKEEP_DATABASE_URL set, `brainkeep restore` and `brainkeep backup` (the SQLite file itself) refuse before they write anything', function () {
    this.timeout(60_000);
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-pg-restore-'));
    try {
      const backupDir = path.join(base, 'bk');
      const backup = runCli(['backup', backupDir], { BRAINKEEP_DATA: path.join(base, 'source') });
      assert.equal(backup.code, 0, backup.stderr);
      const target = path.join(base, 'target');
      const restore = runCli(['restore', backupDir], { BRAINKEEP_DATA: target, BRAINKEEP_DATABASE_URL: 'postgres://u:p@127.0.0.1:1/brainkeep' });
      assert.equal(restore.code, 1, restore.stderr);
      assert.match(restore.stderr, /cannot restore onto PostgreSQL \(BRAINKEEP_DATABASE_URL is set\)/);
      assert.equal(fs.existsSync(target), false);
      // A backup snapshots the SQLite file: on PostgreSQL it is refused too, saying what to use instead.
      const onPg = runCli(['backup', path.join(base, 'bk2')], { BRAINKEEP_DATA: target, BRAINKEEP_DATABASE_URL: 'postgres://u:p@127.0.0.1:1/brainkeep' });
      assert.equal(onPg.code, 1, onPg.stderr);
      assert.match(onPg.stderr, /pg_dump/);
      assert.equal(fs.existsSync(path.join(base, 'bk2')), false);
      assert.equal(fs.existsSync(target), false);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
