// RowsInsert (src/storage/sqlite/rowsInsert.ts): rows inserted 32 to a statement leave the table
// exactly as one statement per row does (order, skipped duplicates, NULLs and integers included),
// for counts around the chunk size; and on the real schema its OR IGNORE insert of links opens no
// statement savepoint, so FTS5 keeps the terms it holds pending for the transaction (a plain
// multi-row INSERT flushes them: one small segment per statement).
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/storage/sqlite/database.js';
import { storeLinks, type NewLink } from '../../src/storage/sqlite/linkResolution.js';
import { ROWS_PER_STATEMENT, RowsInsert } from '../../src/storage/sqlite/rowsInsert.js';

const TABLE = 'CREATE TABLE t (a INTEGER NOT NULL, b TEXT, c INTEGER, UNIQUE (a, b))';

/** Rows of three values: some repeat an earlier row's (a, b), some hold NULL, some a large integer. */
function values(n: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const a = i % 10 === 9 ? i - 3 : i;
    out.push(a, `row ${a}`, i % 4 === 1 ? null : 2 ** 40 + i);
  }
  return out;
}

describe('RowsInsert', () => {
  for (const n of [0, 1, 31, 32, 33, 65]) {
    it(`${n} rows: the same table, in the same order, as one statement per row`, () => {
      const one = new Database(':memory:');
      const many = new Database(':memory:');
      try {
        one.exec(TABLE);
        many.exec(TABLE);
        const v = values(n);
        const single = one.prepare('INSERT OR IGNORE INTO t (a, b, c) VALUES (?, ?, ?)');
        let expected = 0;
        for (let i = 0; i < v.length; i += 3) expected += single.run(...v.slice(i, i + 3)).changes;
        const insert = new RowsInsert(many, 'INSERT OR IGNORE INTO t (a, b, c)', 3);
        assert.equal(insert.run(v), expected, 'rows inserted');
        const rows = (db: Database.Database) => db.prepare('SELECT rowid, a, b, c FROM t ORDER BY rowid').all();
        assert.deepEqual(rows(many), rows(one));
        if (n >= 10) assert.ok(expected < n, 'the input repeats rows the unique key skips');
      } finally {
        one.close();
        many.close();
      }
    });
  }

  it('prepares a statement per row count: the full chunk and each remainder used', () => {
    const db = new Database(':memory:');
    try {
      db.exec(TABLE);
      const insert = new RowsInsert(db, 'INSERT INTO t (a, b, c)', 3, 'ON CONFLICT DO NOTHING');
      insert.run(values(ROWS_PER_STATEMENT * 2 + 5));
      insert.run(values(5));
      const kept = (insert as unknown as { byRows: Map<number, { source: string }> }).byRows;
      assert.deepEqual([...kept.keys()].sort((x, y) => x - y), [5, ROWS_PER_STATEMENT]);
      assert.match(kept.get(5)!.source, /^INSERT INTO t \(a, b, c\) VALUES (\(\?, \?, \?\), ){4}\(\?, \?, \?\) ON CONFLICT DO NOTHING$/);
    } finally {
      db.close();
    }
  });

  it('refuses values that are not whole rows, and rows wider than a statement takes', () => {
    const db = new Database(':memory:');
    try {
      db.exec(TABLE);
      assert.throws(() => new RowsInsert(db, 'INSERT INTO t (a, b, c)', 3).run([1, 'x']), /not rows of 3/);
      assert.throws(() => new RowsInsert(db, 'INSERT INTO t (a, b, c)', 1100, '', 32), /exceed/);
    } finally {
      db.close();
    }
  });

  describe('on the index schema', () => {
    let dir: string;
    let db: Database.Database;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-rows-insert-'));
      db = openDatabase(path.join(dir, 'brainkeep.db'), { synchronous: 'NORMAL' });
    });
    afterEach(() => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const link = (pageId: number, ordinal: number): NewLink => ({ pageId, ordinal, targetId: 7, key: 'k', prefix: 'k', from: 'a.md', kind: 'wiki', heading: ordinal % 2 ? null : 'H', line: ordinal + 1, type: 'mentions', to: ordinal % 3 ? null : 5 });
    const segments = () => db.prepare('SELECT COUNT(*) FROM search_fts_data').pluck().get() as number;

    it('links stored in bulk keep the FTS5 terms pending in the transaction (a plain multi-row INSERT flushes them)', () => {
      const pending = (store: () => void): boolean => {
        let kept = false;
        try {
          db.transaction(() => {
            db.prepare('INSERT INTO search_fts (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)').run(1, 'Title', '', 'words pending in memory', '');
            const before = segments();
            store();
            kept = segments() === before;
            throw new Error('roll back');
          })();
        } catch (e) {
          if (!/roll back/.test(String(e))) throw e;
        }
        return kept;
      };
      const links = Array.from({ length: 65 }, (_, i) => link(3, i));
      assert.equal(pending(() => storeLinks(db, links)), true, 'storeLinks left the terms pending');
      const plain = new RowsInsert(db, 'INSERT INTO search_links (from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type)', 8);
      assert.equal(pending(() => plain.run([3, 0, 7, null, 'wiki', null, 1, 'mentions', 3, 1, 7, null, 'wiki', null, 2, 'mentions'])), false, 'the check sees a flush');
      // Why a page's names (and targets, tags, fields) stay one a statement: their tables have a
      // foreign key to brains, and even OR IGNORE then opens a savepoint.
      db.prepare("INSERT INTO brains (id, slug, name, template_key, created_at) VALUES ('b', 'b', 'b', 'blank', '2026-01-01')").run();
      const names = new RowsInsert(db, 'INSERT OR IGNORE INTO search_page_keys (brain_id, key, kind, page_id, path, label)', 6);
      assert.equal(pending(() => names.run(['b', 'n:a', 0, 1, 'a.md', 'a', 'b', 'n:b', 0, 1, 'a.md', 'b'])), false, 'a foreign key opens a savepoint');
    });

    it('storeLinks stores 65 links as one statement per link would, and refuses a link already stored', () => {
      const links = Array.from({ length: 65 }, (_, i) => link(3, i));
      db.transaction(() => storeLinks(db, links))();
      const stored = db.prepare('SELECT from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type FROM search_links ORDER BY from_page_id, ordinal').all();
      assert.deepEqual(
        stored,
        links.map((l) => ({ from_page_id: l.pageId, ordinal: l.ordinal, target_id: l.targetId, to_page_id: l.to, kind: l.kind, heading: l.heading, line: l.line, type: l.type })),
      );
      // A plain INSERT refused a second link at the same page and position; OR IGNORE must not pass over it.
      assert.throws(() => db.transaction(() => storeLinks(db, [link(4, 0), link(3, 40), link(4, 1)]))(), /1 of 3 links were not stored/);
      assert.equal(db.prepare('SELECT COUNT(*) FROM search_links').pluck().get(), 65, 'rolled back');
      // A missing value the table requires (NOT NULL) is skipped by OR IGNORE too: refused the same way.
      assert.throws(() => db.transaction(() => storeLinks(db, [link(5, 0), { ...link(5, 1), type: null as unknown as string }]))(), /1 of 2 links were not stored/);
      assert.equal(db.prepare('SELECT COUNT(*) FROM search_links').pluck().get(), 65, 'rolled back');
    });
  });
});
