import type { Migration } from './index.js';

// The built-in model's per-brain vocabulary: vectors learned for words GloVe lacks (names, jargon,
// codes) from the words around them in the brain's own chunks, and the state of the last learning
// (a fingerprint of the chunks it read, so the embedding worker knows when they changed). Derived
// data: dropped with the brain's vectors and learned again (a reindex rebuilds it). Migration 011
// (compact terms, applied first on a new database) creates these tables in their current form.
export const m016BrainTerms: Migration = {
  version: 16,
  name: 'brain-terms',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS search_brain_terms (
        brain_id TEXT NOT NULL,
        term TEXT NOT NULL,
        occurrences INTEGER NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (brain_id, term)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS search_brain_terms_state (
        brain_id TEXT PRIMARY KEY,
        model TEXT NOT NULL,
        version INTEGER NOT NULL,
        chunks TEXT NOT NULL,
        terms INTEGER NOT NULL,
        learned_at TEXT NOT NULL
      );
    `);
  },
};
