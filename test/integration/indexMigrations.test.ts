// Migration 020 (chunk text stored once: contentless FTS5) carries an index written by the earlier
// schema over as it is: the same chunk rows and the same full-text matches and bm25 scores as an
// index written by the current code.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { appliedMigrations, migrate } from '../../src/storage/sqlite/database.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations/index.js';
import { sqliteOf, startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Record<string, string> = {
  'people/grace-hopper.md': '---\naliases: [Amazing Grace]\n---\n# Grace Hopper\n\nRear admiral who built the first compiler for [[COBOL]].\n\n## Navy\n\nServed in the navy reserve for decades.\n',
  'projects/cobol.md': '# COBOL\n\nA business programming language designed in 1959, influenced by [[Grace Hopper]].\n',
  'notes/gardening.md': `# Gardening\n\n${'Tomatoes and basil grow well together on a sunny balcony. '.repeat(60)}\n\n## Herbs\n\n${'Chives and parsley need less sun than basil. '.repeat(60)}\n`,
};

describe('index migrations: chunk text stored once (020)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    for (const [path, markdown] of Object.entries(PAGES)) await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path, markdown });
    // An edit, so the live tables have seen deletes too.
    await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: 'notes/gardening.md', markdown: PAGES['notes/gardening.md']!.replace('parsley', 'parsley and mint') });
  });
  after(async () => s?.stop());

  const QUERIES = ['basil', 'grace OR hopper', 'navy', 'compiler', 'mint', '"sunny balcony"'];
  const ranked = (db: Database.Database) =>
    Object.fromEntries(
      QUERIES.flatMap((q) =>
        ['search_fts', 'search_fts_stem'].map((t) => [`${t}:${q}`, db.prepare(`SELECT rowid, round(bm25(${t}, 10.0, 4.0, 1.0, 3.0), 9) AS s FROM ${t} WHERE ${t} MATCH ? ORDER BY s, rowid`).all(q)]),
      ),
    );

  it('an index with chunk text and external-content FTS5 becomes the same contentless index', () => {
    const live = sqliteOf(s.c);
    const old = new Database(':memory:');
    try {
      old.pragma('foreign_keys = OFF');
      appliedMigrations(old);
      for (const m of MIGRATIONS.filter((x) => x.version < 20)) {
        m.up(old);
        old.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      // Columns added by later migrations (031's derivation) are left out.
      const copy = (table: string, all: Array<Record<string, unknown>>) => {
        const columns = new Set(old.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]);
        const rows = all.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => columns.has(k))));
        for (const r of rows) old.prepare(`INSERT INTO ${table} (${Object.keys(r).join(', ')}) VALUES (${Object.keys(r).map(() => '?').join(', ')})`).run(...Object.values(r));
      };
      // The markdown as text, as the schema before 032 held it.
      copy('pages', live.prepare('SELECT *, page_text(markdown) AS markdown FROM pages').all() as Array<Record<string, unknown>>);
      // The chunks as the earlier schema held them: with their page's title and their text.
      const chunks = live.prepare('SELECT c.id, c.brain_id, c.page_id, c.ordinal, p.title, c.heading, c.meta, c.hash FROM search_chunks c JOIN pages p ON p.id = c.page_id ORDER BY c.id').all() as Array<Record<string, unknown> & { id: number }>;
      const bodies = s.c.searchIndex.chunkBodies(chunks.map((c) => c.id));
      copy('search_chunks', chunks.map((c) => ({ ...c, body: bodies.get(c.id)! })));
      old.exec("INSERT INTO search_fts (search_fts) VALUES ('rebuild'); INSERT INTO search_fts_stem (search_fts_stem) VALUES ('rebuild');");

      assert.ok(migrate(old).includes(20));
      assert.deepEqual(old.prepare('SELECT id, page_id, ordinal, heading, meta, hash FROM search_chunks ORDER BY id').all(), live.prepare('SELECT id, page_id, ordinal, heading, meta, hash FROM search_chunks ORDER BY id').all());
      const got = ranked(old);
      assert.ok((got['search_fts:mint'] as unknown[]).length === 1 && (got['search_fts:basil'] as unknown[]).length >= 2);
      assert.deepEqual(got, ranked(live));
    } finally {
      old.close();
    }
  });
});

describe('index migrations: the learned vocabulary in int8 (011)', () => {
  it('drops a vocabulary stored in float32 by brain id (it is learned again), and stores the next in a quarter of the bytes', () => {
    const db = new Database(':memory:');
    try {
      db.pragma('foreign_keys = OFF');
      appliedMigrations(db);
      // A database that has every migration but 011: the vocabulary tables as 016 made them.
      for (const m of MIGRATIONS.filter((x) => x.version !== 11).sort((a, b) => a.version - b.version)) {
        m.up(db);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      db.prepare('INSERT INTO search_brain_terms (brain_id, term, occurrences, vector) VALUES (?, ?, ?, ?)').run('b1', 'zorblaxio', 3, Buffer.from(new Float32Array(100).fill(0.25).buffer));
      db.prepare("INSERT INTO search_brain_terms_state (brain_id, model, version, chunks, terms, learned_at) VALUES ('b1', 'local', 4, '1:1', 1, '')").run();

      assert.deepEqual(migrate(db), [11]);
      assert.equal(db.prepare('SELECT COUNT(*) FROM search_brain_terms').pluck().get(), 0);
      const repo = new EmbeddingRepo(db);
      assert.equal(repo.termsState('b1'), null, 'the next embedding batch learns the vocabulary again');

      const vector = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i) * 0.3);
      assert.equal(repo.replaceTerms('b1', 'local', [{ term: 'zorblaxio', occurrences: 3, vector }], '1:1', [], ''), 1);
      const row = db.prepare('SELECT vocabulary, length(vector) AS bytes FROM search_brain_terms').get() as { vocabulary: number; bytes: number };
      assert.equal(typeof row.vocabulary, 'number');
      assert.equal(row.bytes, 104);
      const loaded = repo.loadTerms('b1', 100);
      assert.deepEqual(loaded.terms, ['zorblaxio']);
      loaded.vectors.forEach((x, i) => assert.ok(Math.abs(x - vector[i]!) <= 0.3 / 127, `component ${i}`));
      repo.clearBrain('b1');
      assert.equal(db.prepare('SELECT COUNT(*) FROM search_brain_terms').pluck().get(), 0);
    } finally {
      db.close();
    }
  });
});

describe('index migrations: the learned vocabulary keeps words only (028)', () => {
  it('drops once-seen clauses of scripts written without spaces, keeps every other term, and marks the vocabulary to be learned again', () => {
    const db = new Database(':memory:');
    try {
      db.pragma('foreign_keys = OFF');
      appliedMigrations(db);
      for (const m of MIGRATIONS.filter((x) => x.version !== 28).sort((a, b) => a.version - b.version)) {
        m.up(db);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      const repo = new EmbeddingRepo(db);
      const vector = Float32Array.from({ length: 100 }, (_, i) => Math.cos(i) * 0.2);
      const terms = [
        { term: '北京会议项目笔记历史音乐', occurrences: 1 },
        { term: 'กรุงเทพประชุมโครงการ', occurrences: 1 },
        { term: '北京会议', occurrences: 2 },
        { term: 'zorblaxio', occurrences: 1 },
        { term: 'москва', occurrences: 1 },
      ];
      repo.replaceTerms('b1', 'local', terms.map((t) => ({ ...t, vector })), '40:90', [], '');
      repo.replaceTerms('b2', 'local', [{ term: 'b101', occurrences: 3, vector }], '5:7', [], '');

      assert.deepEqual(migrate(db), [28]);
      assert.deepEqual(repo.loadTerms('b1', 100).terms, ['zorblaxio', 'москва', '北京会议'].sort());
      assert.deepEqual(repo.termsState('b1'), { model: 'local', version: 1, chunks: '0:0', terms: 3 });
      assert.deepEqual(repo.termsState('b2'), { model: 'local', version: 1, chunks: '5:7', terms: 1 }, 'a vocabulary with nothing to drop stays as it was');
      const kept = repo.loadTerms('b1', 100);
      kept.vectors.subarray(0, 100).forEach((x, i) => assert.ok(Math.abs(x - vector[i]!) <= 0.2 / 127, `component ${i}`));
    } finally {
      db.close();
    }
  });
});

describe('index migrations: vectors stored as int8 (029), their records compact (030)', () => {
  it('converts float vec0 tables of chunk and page vectors in place, and their records to model ids: same rows, same nearest order, cosine distances within 0.01', () => {
    const db = new Database(':memory:');
    try {
      sqliteVec.load(db);
      db.pragma('foreign_keys = OFF');
      appliedMigrations(db);
      for (const m of MIGRATIONS.filter((x) => x.version < 29).sort((a, b) => a.version - b.version)) {
        m.up(db);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      // The tables as the float build made them, with vectors of two brains (5000 rows: more than one batch).
      const dims = 16;
      const float = (name: string) => db.exec(`CREATE VIRTUAL TABLE ${name} USING vec0(brain_id text partition key, embedding float[${dims}] distance_metric=cosine)`);
      float('vec_chunks_16');
      float('vec_pages_16');
      const vectorOf = (id: number) => Float32Array.from({ length: dims }, (_, i) => Math.sin(id * 0.37 + i * 1.3) * (0.05 + (id % 7) * 0.1));
      const insChunk = db.prepare('INSERT INTO vec_chunks_16 (rowid, brain_id, embedding) VALUES (?, ?, ?)');
      const insMeta = db.prepare("INSERT INTO search_embeddings (chunk_id, brain_id, model, dimensions, hash, embedded_at) VALUES (?, ?, 'm', 16, 'h', '')");
      for (let id = 1; id <= 5000; id++) {
        const brain = id % 2 ? 'b1' : 'b2';
        insChunk.run(BigInt(id), brain, vectorOf(id));
        insMeta.run(id, brain);
      }
      db.prepare('INSERT INTO vec_pages_16 (rowid, brain_id, embedding) VALUES (?, ?, ?)').run(7n, 'b1', vectorOf(7));
      db.prepare("INSERT INTO search_page_vectors (page_id, brain_id, model, dimensions, embedded_at) VALUES (7, 'b1', 'm', 16, '')").run();
      const query = vectorOf(4242);
      const before = db.prepare('SELECT rowid AS chunkId, distance FROM vec_chunks_16 WHERE embedding MATCH ? AND k = 10 AND brain_id = ?').all(query, 'b1') as Array<{ chunkId: number; distance: number }>;

      assert.deepEqual(migrate(db).filter((v) => v <= 30), [29, 30]);
      const columns = (t: string) => db.prepare(`SELECT name FROM pragma_table_info('${t}')`).pluck().all();
      assert.deepEqual(columns('search_embeddings'), ['chunk_id', 'brain_id', 'model_id', 'dimensions', 'embedded_at']);
      assert.deepEqual(columns('search_page_vectors'), ['page_id', 'brain_id', 'model_id', 'dimensions', 'embedded_at']);
      assert.deepEqual(db.prepare('SELECT id, model FROM search_embed_models').all(), [{ id: 1, model: 'm' }]);
      assert.equal(db.prepare("SELECT COUNT(*) FROM search_embeddings WHERE model_id = 1 AND brain_id = 'b2' AND dimensions = 16").pluck().get(), 2500);
      for (const t of ['vec_chunks_16', 'vec_pages_16']) assert.match(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(t) as string, /embedding int8\[16\]/);
      assert.equal(db.prepare('SELECT COUNT(*) FROM vec_chunks_16').pluck().get(), 5000);
      assert.equal(db.prepare("SELECT COUNT(*) FROM vec_chunks_16 WHERE brain_id = 'b2'").pluck().get(), 2500);
      assert.equal(db.prepare("SELECT length(embedding) FROM vec_chunks_16 WHERE rowid = 4999").pluck().get(), dims, 'one byte per component');
      const repo = new EmbeddingRepo(db);
      const after = repo.nearest('b1', 'm', dims, query, 10);
      assert.deepEqual(after.map((r) => r.chunkId).slice(0, 5), before.map((r) => r.chunkId).slice(0, 5));
      after.forEach((r, i) => assert.ok(Math.abs(r.distance - before.find((b) => b.chunkId === r.chunkId)!.distance) < 0.01, `distance ${i}`));
      const page = repo.pageDistances('b1', 'm', dims, vectorOf(7), [7]);
      assert.equal(page.length, 1);
      assert.ok(page[0]!.distance < 0.001);
      assert.equal(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'vec_int8_copy'").pluck().get(), 0);
      assert.deepEqual(repo.nearest('b1', 'another model', dims, query, 10), [], 'only vectors of the asked model');
      assert.equal(repo.counts('b2', 'm', dims).embedded, 2500);
    } finally {
      db.close();
    }
  });

  it('reads the float vectors by point lookups, never by a rowid range vec0 would answer with a full scan per batch', () => {
    const db = new Database(':memory:');
    try {
      sqliteVec.load(db);
      db.exec('CREATE VIRTUAL TABLE vec_chunks_8 USING vec0(brain_id text partition key, embedding float[8] distance_metric=cosine)');
      const ins = db.prepare('INSERT INTO vec_chunks_8 (rowid, brain_id, embedding) VALUES (?, ?, ?)');
      for (let id = 1; id <= 50; id++) ins.run(BigInt(id * 3), id % 2 ? 'b1' : 'b2', Float32Array.from({ length: 8 }, (_, i) => Math.cos(id + i)));
      // A vector with no direction (a NaN component: zero as int8, NULL distance to every query) is dropped.
      ins.run(1000n, 'b1', Float32Array.from({ length: 8 }, (_, i) => (i === 2 ? NaN : 0.5)));
      // Every statement the migration prepares, recorded on the real connection.
      const seen: string[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => {
        seen.push(sql);
        return prepare(sql);
      }) as typeof db.prepare;
      MIGRATIONS.find((m) => m.version === 29)!.up(db);
      db.prepare = prepare;
      assert.equal(db.prepare('SELECT COUNT(*) FROM vec_chunks_8').pluck().get(), 50);
      assert.equal(db.prepare('SELECT COUNT(*) FROM vec_chunks_8 WHERE rowid = 1000').pluck().get(), 0);
      const reads = seen.filter((s) => /^\s*SELECT/i.test(s) && /\bvec_chunks_8/.test(s));
      assert.ok(reads.length > 0);
      for (const sql of reads) {
        const params = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 3);
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
        assert.ok(!plan.some((d) => /TEMP B-TREE/.test(d) || /^SCAN vec_chunks_8 VIRTUAL TABLE INDEX 0:/.test(d)), `${sql}: ${plan.join('; ')}`);
      }
    } finally {
      db.close();
    }
  });
});
