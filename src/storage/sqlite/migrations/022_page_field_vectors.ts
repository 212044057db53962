import type { Migration } from './index.js';

// A vector per page for its own fields (title, aliases, summary), beside its chunks' vectors:
// hybrid search ranks pages by it as a list of its own. The vectors live in sqlite-vec vec0
// tables `vec_pages_<size>` (created on first use, like the chunks'); this table records which
// model made each. Derived data: dropped with the brain's vectors, rebuilt by `brainkeep reindex --full` (an in-place reindex embeds only chunks it changes).
export const m022PageFieldVectors: Migration = {
  version: 22,
  name: 'page-field-vectors',
  up(db) {
    db.exec(`
      CREATE TABLE search_page_vectors (
        page_id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL,
        model TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        embedded_at TEXT NOT NULL
      );
      CREATE INDEX search_page_vectors_brain ON search_page_vectors (brain_id, dimensions);
    `);
  },
};
