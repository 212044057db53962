import type { Migration } from './index.js';

// The learned vocabulary in a quarter of the space (issue 28: `search_brain_terms` was 27 MB of a
// 41 MB vault's index). Each row held the brain's id as text and a float32 vector; now a row names
// its vocabulary by the integer id of the brain's state row, and its vector is int8 with one float32
// scale per vector (see embeddingRepo's encodeTermVector). The vocabulary is derived data: the old
// rows are dropped and the next embedding batch learns it again from the chunks.
export const m011CompactBrainTerms: Migration = {
  version: 11,
  name: 'compact-brain-terms',
  up(db) {
    db.exec(`
      DROP TABLE IF EXISTS search_brain_terms;
      DROP TABLE IF EXISTS search_brain_terms_state;
      CREATE TABLE search_brain_terms_state (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL UNIQUE,
        model TEXT NOT NULL,
        version INTEGER NOT NULL,
        chunks TEXT NOT NULL,
        terms INTEGER NOT NULL,
        learned_at TEXT NOT NULL
      );
      CREATE TABLE search_brain_terms (
        vocabulary INTEGER NOT NULL,
        term TEXT NOT NULL,
        occurrences INTEGER NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (vocabulary, term)
      ) WITHOUT ROWID;
    `);
  },
};
