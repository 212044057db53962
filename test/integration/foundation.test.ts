import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { databaseFile, migrate, openDatabase } from '../../src/storage/sqlite/database.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations/index.js';

describe('foundation', () => {
  describe('rate limiting', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '5' });
    });
    after(async () => s.stop());

    it('limits per credential with 429, Retry-After and RateLimit-* headers', async () => {
      const a = s.credential('Read', 'main', 'a');
      const b = s.credential('Read', 'main', 'b');
      for (let i = 0; i < 5; i++) {
        const ok = await s.request('GET', '/api/v1/brains', { token: a });
        assert.equal(ok.status, 200);
        assert.equal(ok.headers.get('ratelimit-limit'), '5');
        assert.equal(ok.headers.get('ratelimit-remaining'), String(4 - i));
      }
      const limited = await s.request('GET', '/api/v1/brains', { token: a });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.code, 'rate_limited');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.ok(limited.headers.get('ratelimit-reset'));
      // Another credential has its own budget.
      assert.equal((await s.request('GET', '/api/v1/brains', { token: b })).status, 200);
    });
  });

  describe('request handling', () => {
    let s: TestServer;
    let key: string;
    before(async () => {
      s = await startTestServer();
      key = s.credential('Write');
    });
    after(async () => s.stop());

    it('answers unknown routes with a 404 problem', async () => {
      const r = await s.request('GET', '/api/v1/nope', { token: key });
      assert.equal(r.status, 404);
      assert.equal(r.body.code, 'route_not_found');
    });

    it('refuses a JSON body over the limit with 413 and stores nothing', async () => {
      const big = JSON.stringify({ path: 'big', markdown: 'x'.repeat(15 * 1024 * 1024) });
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: key, rawBody: big, headers: { 'content-type': 'application/json' } });
      assert.equal(r.status, 413);
      assert.equal(r.body.code, 'payload_too_large');
      assert.equal(s.c.pageIndex.getPage(s.mainBrainId, 'big.md'), null);
    });

    it('echoes a request id and serves /healthz without a token', async () => {
      const r = await s.request('GET', '/healthz');
      assert.equal(r.status, 200);
      assert.equal(r.body.status, 'ok');
      assert.ok(r.headers.get('x-request-id'));
    });
  });

  describe('migrations', () => {
    it('apply on an existing database without touching its data, and only once', () => {
      const dir = tempDir();
      try {
        const file = databaseFile(dir);
        // A database at the first version, with a row in it.
        const raw = new Database(file);
        raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
        raw.pragma('foreign_keys = ON');
        MIGRATIONS.find((m) => m.version === 1)!.up(raw);
        raw.prepare("INSERT INTO schema_migrations VALUES (1, 'core', '2026-01-01T00:00:00Z')").run();
        raw.prepare("INSERT INTO users (id, email, display_name, created_at) VALUES ('u1', 'a@b.c', 'A', '2026-01-01')").run();
        raw.close();
        const db = openDatabase(file);
        const applied = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((r) => r.version);
        assert.deepEqual(applied, [...MIGRATIONS].map((m) => m.version).sort((a, b) => a - b));
        assert.equal((db.prepare('SELECT email FROM users').get() as { email: string }).email, 'a@b.c');
        assert.deepEqual(migrate(db), []);
        assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
        assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
        db.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    it('migration 6 keeps every inbox text, now keyed by the item', () => {
      const dir = tempDir();
      try {
        const file = databaseFile(dir);
        const raw = new Database(file);
        raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
        raw.pragma('foreign_keys = ON');
        for (const m of MIGRATIONS.filter((x) => x.version < 6)) {
          m.up(raw);
          raw.prepare("INSERT INTO schema_migrations VALUES (?, ?, '2026-01-01T00:00:00Z')").run(m.version, m.name);
        }
        raw.prepare("INSERT INTO brains (id, slug, template_key, created_at) VALUES ('b1', 'main', 'default', '2026-01-01')").run();
        const item = raw.prepare(
          `INSERT INTO inbox_items (id, brain_id, filename, content_type, size, sha256, text_status, via, pushed_by, pushed_by_name, created_at, updated_at)
           VALUES (?, 'b1', 'a.md', 'text/markdown', 5, ?, 'extracted', 'api', 'u', 'U', '2026-01-01', '2026-01-01')`,
        );
        for (const [id, sha] of [['i1', 'a'.repeat(64)], ['i2', 'b'.repeat(64)]]) {
          item.run(id, sha);
          raw.prepare('INSERT INTO inbox_texts (item_id, text) VALUES (?, ?)').run(id, `text of ${id}`);
        }
        raw.close();
        const db = openDatabase(file);
        const texts = db.prepare('SELECT i.id, t.text FROM inbox_texts t JOIN inbox_items i ON i.seq = t.item_seq ORDER BY i.id').all();
        assert.deepEqual(texts, [
          { id: 'i1', text: 'text of i1' },
          { id: 'i2', text: 'text of i2' },
        ]);
        assert.equal(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'inbox_items_sha'").get(), undefined);
        db.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('first start', () => {
    it('uses BRAINKEEP_OWNER_EMAIL and prints the password exactly once', async () => {
      const dir = tempDir();
      try {
        const s = await startTestServer({ BRAINKEEP_DATA: dir, BRAINKEEP_OWNER_EMAIL: 'boss@example.com' });
        const text = s.printed.join('\n');
        assert.match(text, /boss@example\.com/);
        const password = /Password\s+(\S+)/.exec(text)![1]!;
        assert.ok((await s.c.identity.verifyLogin('boss@example.com', password)).id);
        await s.stop();
        const again = await startTestServer({ BRAINKEEP_DATA: dir });
        assert.deepEqual(again.printed, []);
        assert.equal(again.c.brainsRepo.all().length, 1);
        await again.stop();
        assert.ok(fs.existsSync(path.join(dir, 'brainkeep.db')));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
