import { int8Vector, vecTableSql } from '../vectorFormat.js';
import type { Migration } from './index.js';

// Vectors are stored as int8 (issue 28, storage that fits: float32 vectors were a tenth of a
// settled multilingual index). Every vec0 table of float vectors (chunks' and pages' field
// vectors, one per size) is converted in place: each vector scaled to its own largest component
// (vectorFormat.ts int8Vector; only cosine distances are taken, which no scale changes), so no
// brain embeds again. Batches by rowid through a plain table: vec0 tables can be neither altered nor renamed.
export const m029Int8Vectors: Migration = {
  version: 29,
  name: 'int8-vectors',
  up(db) {
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND (name GLOB 'vec_chunks_[0-9]*' OR name GLOB 'vec_pages_[0-9]*') AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      .all() as Array<{ name: string; sql: string }>;
    for (const t of tables) {
      const dims = /embedding float\[(\d+)\]/.exec(t.sql)?.[1];
      if (!dims) continue;
      // On disk, not in temp (kept in memory here): a large brain's vectors would all be held in RAM.
      db.exec('CREATE TABLE vec_int8_copy (id INTEGER PRIMARY KEY, brain_id TEXT NOT NULL, embedding BLOB NOT NULL)');
      // Paged through vec0's shadow table of rowids (a plain table, its rowid the vector's), each
      // row then fetched by a point lookup: vec0 itself takes no rowid range (`rowid > ?` scans the
      // whole table and sorts it), which made every batch read every row.
      const page = db.prepare(`SELECT rowid FROM ${t.name}_rowids WHERE rowid > ? ORDER BY rowid LIMIT 4096`).pluck();
      const one = db.prepare(`SELECT brain_id AS brainId, embedding FROM ${t.name} WHERE rowid = ?`);
      const keep = db.prepare('INSERT INTO vec_int8_copy (id, brain_id, embedding) VALUES (?, ?, ?)');
      for (let last = -1; ; ) {
        const ids = page.all(last) as number[];
        if (!ids.length) break;
        for (const id of ids) {
          last = id;
          const r = one.get(id) as { brainId: string; embedding: Buffer } | undefined;
          if (!r) continue;
          const floats = new Float32Array(Uint8Array.from(r.embedding).buffer);
          // A vector with no direction (NaN, infinite or zero components) is zero as int8, and
          // every cosine distance to it NULL: dropped, its chunk or page stays done but is never a neighbour.
          const q = int8Vector(floats);
          if (q.some((b) => b !== 0)) keep.run(id, r.brainId, q);
        }
      }
      db.exec(`DROP TABLE ${t.name}`);
      db.exec(vecTableSql(t.name, Number(dims)));
      const back = db.prepare(`INSERT INTO ${t.name} (rowid, brain_id, embedding) SELECT id, brain_id, vec_int8(embedding) FROM vec_int8_copy WHERE id > ? ORDER BY id LIMIT 4096`);
      const lastOf = db.prepare('SELECT MAX(id) FROM (SELECT id FROM vec_int8_copy WHERE id > ? ORDER BY id LIMIT 4096)').pluck();
      for (let last = -1; ; ) {
        const next = lastOf.get(last) as number | null;
        if (next == null) break;
        back.run(last);
        last = next;
      }
      db.exec('DROP TABLE vec_int8_copy');
    }
  },
};
