// Migrations 025 (page tags and frontmatter fields for search filters) and 026 (Greek and ё folded,
// CJK bigrams) carry an index written before them over: the same facet rows and the same full-text
// matches and bm25 scores as an index written by the current code.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { appliedMigrations, migrate } from '../../src/storage/sqlite/database.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations/index.js';
import { sqliteOf, startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Record<string, string> = {
  'people/ada.md': '---\ntags: [math, Pioneer]\nstatus: active\ntype: person\n---\n# Ada\n\nWrote about the engine. #history\n',
  'notes/athens.md': '# Αθήνα\n\nΗ Θεσσαλονίκη και η Αθήνα. На площади ёлка.\n',
  'notes/tokyo.md': '---\ntags: travel\n---\n# 東京\n\n東京都庁で予算会議がありました。\n',
  'notes/plain.md': '# Plain\n\nNothing special here.\n',
};

describe('index migrations: search facets (025) and any script (026)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    for (const [path, markdown] of Object.entries(PAGES)) await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path, markdown });
  });
  after(async () => s?.stop());

  const QUERIES: Array<[string, string]> = [
    ['search_fts', 'θεσσαλονικη'],
    ['search_fts', 'αθηνα'],
    ['search_fts', 'елка'],
    ['search_fts_stem', 'engine'],
    ['search_fts_cjk', '"会議"'],
    ['search_fts_cjk', '"東京 京都"'],
  ];
  const ranked = (db: Database.Database) =>
    QUERIES.map(([t, q]) => db.prepare(`SELECT rowid, round(bm25(${t}, 10.0, 4.0, 1.0, 3.0), 9) AS s FROM ${t} WHERE ${t} MATCH ? ORDER BY s, rowid`).all(q));
  const facets = (db: Database.Database) => ({
    tags: db.prepare('SELECT brain_id, tag, page_id FROM page_tags ORDER BY page_id, tag').all(),
    fields: db.prepare('SELECT brain_id, key, value, page_id FROM page_fields ORDER BY page_id, key, value').all(),
  });

  it('an index from before them becomes the same index', () => {
    const live = sqliteOf(s.c);
    const old = new Database(':memory:');
    try {
      old.pragma('foreign_keys = OFF');
      appliedMigrations(old);
      for (const m of MIGRATIONS.filter((x) => x.version < 25)) {
        m.up(old);
        old.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      // Columns added by later migrations (031's derivation) are left out.
      const copy = (table: string, all: Array<Record<string, unknown>>) => {
        const columns = new Set(old.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]);
        const rows = all.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => columns.has(k))));
        for (const r of rows) old.prepare(`INSERT INTO ${table} (${Object.keys(r).join(', ')}) VALUES (${Object.keys(r).map(() => '?').join(', ')})`).run(...Object.values(r));
      };
      copy('brains', live.prepare('SELECT * FROM brains').all() as Array<Record<string, unknown>>);
      // The markdown as text, as the schema before 032 held it.
      copy('pages', live.prepare('SELECT *, page_text(markdown) AS markdown FROM pages').all() as Array<Record<string, unknown>>);
      const chunks = live.prepare('SELECT c.id, c.brain_id, c.page_id, c.ordinal, p.title, c.heading, c.meta, c.hash FROM search_chunks c JOIN pages p ON p.id = c.page_id ORDER BY c.id').all() as Array<
        Record<string, unknown> & { id: number; title: string; heading: string; meta: string }
      >;
      copy('search_chunks', chunks.map(({ title: _t, ...c }) => c));
      // The word tables as the code before 026 filled them: the text as written.
      const bodies = s.c.searchIndex.chunkBodies(chunks.map((c) => c.id));
      for (const t of ['search_fts', 'search_fts_stem']) {
        for (const c of chunks) old.prepare(`INSERT INTO ${t} (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)`).run(c.id, c.title, c.heading, bodies.get(c.id)!, c.meta);
      }
      assert.deepEqual(old.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ?').all('θεσσαλονικη'), [], 'before: Greek accents are not folded');

      const applied = migrate(old);
      assert.ok(applied.includes(25) && applied.includes(26));
      assert.deepEqual(facets(old), facets(live));
      assert.ok((facets(old).tags as unknown[]).length === 4);
      const got = ranked(old);
      assert.ok(got.every((rows) => rows.length >= 1), JSON.stringify([got, ranked(live)]));
      assert.deepEqual(got, ranked(live));
      for (const t of ['search_fts', 'search_fts_stem', 'search_fts_cjk']) old.exec(`INSERT INTO ${t} (${t}, rank) VALUES ('integrity-check', 0)`);
    } finally {
      old.close();
    }
  });
});
