import type { Migration } from './index.js';

// The records of which model made each vector take less room (issue 28, storage that fits: with
// int8 vectors, they were larger than the vectors they describe). A model's name is stored once,
// in `search_embed_models`, and a chunk's or page's record keeps its integer id; a chunk's record
// no longer keeps the chunk's hash (never read: a vector is stored only for the chunk's current
// hash, and a changed chunk's vector is dropped with it). Rows are carried over: nothing is
// embedded again.
export const m030CompactVectorRecords: Migration = {
  version: 30,
  name: 'compact-vector-records',
  up(db) {
    db.exec(`
      CREATE TABLE search_embed_models (
        id INTEGER PRIMARY KEY,
        model TEXT NOT NULL UNIQUE
      );
      INSERT INTO search_embed_models (model) SELECT model FROM search_embeddings UNION SELECT model FROM search_page_vectors;

      ALTER TABLE search_embeddings RENAME TO search_embeddings_old;
      DROP INDEX search_embeddings_brain;
      CREATE TABLE search_embeddings (
        chunk_id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        model_id INTEGER NOT NULL,
        dimensions INTEGER NOT NULL,
        embedded_at TEXT NOT NULL
      );
      INSERT INTO search_embeddings (chunk_id, brain_id, model_id, dimensions, embedded_at)
        SELECT e.chunk_id, e.brain_id, m.id, e.dimensions, e.embedded_at FROM search_embeddings_old e JOIN search_embed_models m ON m.model = e.model ORDER BY e.chunk_id;
      CREATE INDEX search_embeddings_brain ON search_embeddings(brain_id, model_id, dimensions);
      DROP TABLE search_embeddings_old;

      ALTER TABLE search_page_vectors RENAME TO search_page_vectors_old;
      DROP INDEX search_page_vectors_brain;
      CREATE TABLE search_page_vectors (
        page_id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL,
        model_id INTEGER NOT NULL,
        dimensions INTEGER NOT NULL,
        embedded_at TEXT NOT NULL
      );
      INSERT INTO search_page_vectors (page_id, brain_id, model_id, dimensions, embedded_at)
        SELECT v.page_id, v.brain_id, m.id, v.dimensions, v.embedded_at FROM search_page_vectors_old v JOIN search_embed_models m ON m.model = v.model ORDER BY v.page_id;
      CREATE INDEX search_page_vectors_brain ON search_page_vectors (brain_id, dimensions);
      DROP TABLE search_page_vectors_old;
    `);
  },
};
