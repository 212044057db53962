// `brainkeep migrate --to postgres` (issue 27, moving over): a node's state made by the real
// service on SQLite (users, a brain, pages, a credential, an inbox item, the audit and event logs)
// is copied to PostgreSQL with its ids, the index is rebuilt from the repositories, and a server
// started on PostgreSQL with the same data folder signs the same people in, takes the same
// credential, reads and finds the same pages. On PGlite always; on the machine's own PostgreSQL
// too when one is installed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import { BRAINKEEP_PG_TABLES, BRAINKEEP_VECTOR_TABLE } from '../../src/storage/postgres/migrations/index.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { runCli } from '../helpers/cli.js';
import { browser, signIn } from '../helpers/oauth.js';
import { startTestPostgres } from '../helpers/pg.js';
import { realPostgresMissing, startRealPostgres } from '../helpers/realPg.js';
import { startTestServer, sqliteOf, tempDir, type TestServer } from '../helpers/server.js';
import { selectedBackends } from '../helpers/serverBackends.js';

const PASSWORD = 'correct horse battery';
/** The old node's key for stored secrets: the nodes (and the migration) must carry it over. */
const SECRET_KEY = 'the old node secret key';

const targets: { name: string; start: () => Promise<{ url: string; stop(): Promise<void> }>; missing: () => string | null }[] = [
  { name: 'PGlite', start: () => startTestPostgres(), missing: () => null },
  { name: 'the machine\'s PostgreSQL', start: () => startRealPostgres(), missing: realPostgresMissing },
];

async function pgQuery(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function pgCount(url: string, table: string): Promise<number> {
  return Number((await pgQuery(url, `SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
}

for (const target of targets) {
  (selectedBackends().includes('postgres') ? describe : describe.skip)(`brainkeep migrate --to postgres (${target.name})`, function () {
    let db: { url: string; stop(): Promise<void> } | null = null;
    let data: string;
    let key: string;
    let sqliteCounts: Record<string, number> = {};
    let itemId: string;
    const bigItems: string[] = [];

    before(async function () {
      const why = target.missing();
      if (why) {
        console.log(`    skipped: ${why}`);
        return this.skip();
      }
      this.timeout(180_000);
      db = await target.start();
      data = tempDir();
      // The old node, on SQLite: state made through the real services and HTTP.
      const s: TestServer = await startTestServer({ BRAINKEEP_DATA: data, BRAINKEEP_SECRET_KEY: SECRET_KEY });
      try {
        await s.c.identity.createUser({ email: 'ann@example.com', name: 'Ann Example', password: PASSWORD }, SYSTEM_ACTOR);
        key = s.credential('Write');
        for (const [path, text] of [
          ['notes/quokka.md', '# Quokka\n\nThe quokka lives on Rottnest Island and smiles.\n'],
          ['notes/wombat.md', '# Wombat\n\nThe wombat digs burrows; see [[notes/quokka]].\n'],
        ]) {
          const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: key, body: { path, markdown: text } });
          assert.equal(put.status, 201, put.text);
        }
        const pushed = await s.request('POST', '/api/v1/inbox', { token: key, body: { filename: 'call.md', content: 'Call with the numbat keeper on Tuesday.' } });
        assert.equal(pushed.status, 201, pushed.text);
        itemId = pushed.body.item.id;
        s.c.sources.create(SYSTEM_ACTOR, 'main', { mode: 'secret', label: 'scanner' });
        for (let i = 1; i <= 5; i++) {
          const big = await s.request('POST', '/api/v1/inbox', { token: key, body: { filename: `scan-${i}.md`, content: `Scanned report ${i}.` } });
          assert.equal(big.status, 201, big.text);
          bigItems.push(big.body.item.id);
        }
        const lite = sqliteOf(s.c);
        for (const t of ['users', 'credentials', 'brains', 'members', 'inbox_items', 'audit', 'brain_events', 'workspace']) {
          sqliteCounts[t] = (lite.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
        }
      } finally {
        await s.stop();
      }
    });

    after(async function () {
      this.timeout(60_000);
      await db?.stop();
      if (data) fs.rmSync(data, { recursive: true, force: true });
    });

    it('without the key the stored secrets were encrypted with (none, or another), the migration is refused before anything is copied', async function () {
      this.timeout(180_000);
      const none = runCli(['migrate', '--to', 'postgres'], { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url });
      assert.equal(none.code, 1, none.stderr);
      assert.match(none.stderr, /stored secrets \(ingest source .*\) need the key .* BRAINKEEP_SECRET_KEY is not set and there is no .*secret\.key.*Nothing was copied/);
      assert.ok(!fs.existsSync(`${data}/secret.key`), 'no key file made');
      const other = runCli(['migrate', '--to', 'postgres'], { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url, BRAINKEEP_SECRET_KEY: 'another key' });
      assert.equal(other.code, 1, other.stderr);
      assert.match(other.stderr, /the BRAINKEEP_SECRET_KEY key cannot open the stored secret of ingest source .*old node's value.*Nothing was copied/);
      assert.deepEqual(await pgQuery(db!.url, "SELECT to_regclass('users') AS t"), [{ t: null }], 'the database not even set up');
    });

    it('a SQLite table PostgreSQL has no counterpart for stops the copy before anything is written', async function () {
      this.timeout(180_000);
      const lite = new Database(databaseFile(data));
      lite.exec('CREATE TABLE keepsakes (id INTEGER PRIMARY KEY, note TEXT)');
      lite.close();
      try {
        const r = runCli(['migrate', '--to', 'postgres'], { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url, BRAINKEEP_SECRET_KEY: SECRET_KEY });
        assert.equal(r.code, 1, r.stdout);
        assert.match(r.stderr, /table keepsakes has no counterpart on PostgreSQL.*Nothing was copied/);
        assert.equal(r.stdout, '');
        assert.equal(await pgCount(db!.url, 'users'), 0);
      } finally {
        const again = new Database(databaseFile(data));
        again.exec('DROP TABLE keepsakes');
        again.close();
      }
    });

    it('copies every state table with its rows, refuses a second copy onto the state without --force, and takes it with --force', async function () {
      this.timeout(180_000);
      const env = { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url, BRAINKEEP_SECRET_KEY: SECRET_KEY };
      const r = runCli(['migrate', '--to', 'postgres'], env);
      assert.equal(r.code, 0, r.stderr);
      const counts = Object.fromEntries(r.stdout.split('\n').map((l) => l.split('\t')).map(([t, n]) => [t, Number(n)]));
      for (const [t, n] of Object.entries(sqliteCounts)) {
        assert.equal(counts[t], n, `${t} printed`);
        assert.equal(await pgCount(db!.url, t), n, `${t} on PostgreSQL`);
      }
      assert.equal(counts.pages, undefined, 'the index is rebuilt, not copied');
      assert.match(r.stderr, /indexed main: .* 2 pages/);
      assert.equal(await pgCount(db!.url, 'pages'), 2, 'the index rebuilt on PostgreSQL');

      const again = runCli(['migrate', '--to', 'postgres'], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /already holds state .*--force/);
      assert.equal(await pgCount(db!.url, 'users'), sqliteCounts.users, 'nothing changed');
      assert.equal(await pgCount(db!.url, 'brain_events'), sqliteCounts.brain_events, 'no event logged twice');

      // The list of Brainkeep's tables (all --force may empty) is what the migrations create.
      const made = (await pgQuery(db!.url, 'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()')).map((r) => String(r.tablename));
      assert.deepEqual(made.filter((t) => !BRAINKEEP_VECTOR_TABLE.test(t)).sort(), [...BRAINKEEP_PG_TABLES].sort());

      // Another application's tables in the same schema: --force leaves them alone, and one that
      // references a Brainkeep table stops the copy (no CASCADE) with nothing changed.
      await pgQuery(db!.url, "CREATE TABLE customers (id SERIAL PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('ACME')");
      await pgQuery(db!.url, 'CREATE TABLE invoices (id SERIAL PRIMARY KEY, user_id TEXT REFERENCES users (id))');
      const blocked = runCli(['migrate', '--to', 'postgres', '--force'], env);
      assert.equal(blocked.code, 1, blocked.stderr);
      assert.match(blocked.stderr, /--force cannot empty Brainkeep's tables: cannot truncate a table referenced in a foreign key constraint .*not Brainkeep's.*Nothing was copied/);
      assert.equal(await pgCount(db!.url, 'users'), sqliteCounts.users, 'nothing changed');
      await pgQuery(db!.url, 'DROP TABLE invoices');

      const forced = runCli(['migrate', '--to', 'postgres', '--force'], env);
      assert.equal(forced.code, 0, forced.stderr);
      assert.deepEqual(await pgQuery(db!.url, 'SELECT id, name FROM customers'), [{ id: 1, name: 'ACME' }], 'another application\'s table survives --force');
      await pgQuery(db!.url, 'DROP TABLE customers');
      assert.equal(await pgCount(db!.url, 'audit'), sqliteCounts.audit);
      assert.equal(await pgCount(db!.url, 'brain_events'), sqliteCounts.brain_events);

      const wrong = runCli(['migrate', '--to', 'mysql'], env);
      assert.equal(wrong.code, 2);
      const unset = runCli(['migrate', '--to', 'postgres'], { BRAINKEEP_DATA: data });
      assert.equal(unset.code, 2);
      assert.match(unset.stderr, /BRAINKEEP_DATABASE_URL/);
    });

    it('large rows (5 inbox texts of 3 MB, as extracted PDFs) go in INSERTs of at most 8 MB and arrive whole', async function () {
      this.timeout(180_000);
      const lite = new Database(databaseFile(data));
      const want = new Map<number, string>();
      try {
        const put = lite.prepare('INSERT OR REPLACE INTO inbox_texts (item_seq, text) VALUES (?, ?)');
        for (const [i, id] of bigItems.entries()) {
          const seq = lite.prepare('SELECT seq FROM inbox_items WHERE id = ?').pluck().get(id) as number;
          const text = `${'Ärztliche Befunde, Seite für Seite. '.repeat(87_000)}${i}`.slice(0, 3 * 1024 * 1024 - 1) + String(i);
          put.run(seq, text);
          want.set(seq, createHash('md5').update(text).digest('hex'));
        }
      } finally {
        lite.close();
      }
      const r = runCli(['migrate', '--to', 'postgres', '--force'], { BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url, BRAINKEEP_SECRET_KEY: SECRET_KEY });
      assert.equal(r.code, 0, r.stderr);
      const m = /inbox_texts: (\d+) rows in (\d+) INSERT statements/.exec(r.stderr);
      assert.ok(m, r.stderr);
      assert.ok(Number(m[2]) >= 2, `15 MB of texts in ${m[2]} statement(s)`);
      const got = await pgQuery(db!.url, `SELECT item_seq, md5(text) AS md5 FROM inbox_texts WHERE item_seq IN (${[...want.keys()].join(', ')})`);
      assert.deepEqual(new Map(got.map((row) => [Number(row.item_seq), String(row.md5)])), want);
    });

    it('a server on PostgreSQL with the same data folder takes the same credential and password, reads and finds the pages, lists the inbox item, and writes with ids past the copied ones', async function () {
      this.timeout(180_000);
      const s = await startTestServer({ BRAINKEEP_DATA: data, BRAINKEEP_DATABASE_URL: db!.url, BRAINKEEP_SECRET_KEY: SECRET_KEY });
      try {
        assert.equal(s.c.database.backend, 'postgres');
        assert.ok(fs.existsSync(`${data}/cluster.json`), 'the migration recorded the volume');
        assert.equal(s.c.identity.users().length, sqliteCounts.users, 'no second set-up');
        const page = await s.request('GET', '/api/v1/brains/main/pages?path=notes/quokka.md', { token: key });
        assert.equal(page.status, 200, page.text);
        assert.match(page.body.markdown, /Rottnest/);
        const hits = await s.request('GET', '/api/v1/brains/main/search?mode=exact&q=rottnest', { token: key });
        assert.deepEqual(hits.body.hits.map((h: { path: string }) => h.path), ['notes/quokka.md']);
        const inbox = await s.request('GET', '/api/v1/brains/main/inbox?limit=50', { token: key });
        assert.equal(inbox.status, 200, inbox.text);
        assert.ok(inbox.body.items.some((i: { id: string }) => i.id === itemId), inbox.text);
        const signedIn = await signIn(browser(), s.url, 'ann@example.com', PASSWORD);
        assert.equal(signedIn.status, 303, 'the password hash came over');
        // New rows draw ids past the copied ones (the identity sequences were set).
        const pushed = await s.request('POST', '/api/v1/inbox', { token: key, body: { filename: 'later.md', content: 'Another note after the move.' } });
        assert.equal(pushed.status, 201, pushed.text);
        const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: key, body: { path: 'notes/after.md', markdown: '# After\n\nWritten on PostgreSQL.\n' } });
        assert.equal(put.status, 201, put.text);
      } finally {
        await s.stop();
      }
    });
  });
}
