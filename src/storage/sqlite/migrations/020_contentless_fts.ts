import type { Migration } from './index.js';

// The text of a chunk is stored once (issue 28: the index was 5× the markdown). Chunks kept a copy
// of their page's text (body and title) for the two FTS5 tables' external content; the tables
// become contentless and a chunk's text is cut again from its page's markdown when asked for
// (snippets, embedding input, and the FTS5 'delete' of a changed chunk, from the page as it was).
// Not `contentless_delete`: its deletes leave the table's row count as it was, so bm25 would rank
// a live index differently from a reindexed one. A chunk row keeps what tells an unchanged chunk
// from a changed one (its hash, heading and frontmatter text) and what its 'delete' needs.
export const m020ContentlessFts: Migration = {
  version: 20,
  name: 'contentless-fts',
  up(db) {
    const fts = (name: string, tokenize: string) => `
      CREATE VIRTUAL TABLE ${name} USING fts5(
        title, heading, body, meta,
        content = '',
        tokenize = '${tokenize}'
      );
      INSERT INTO ${name} (rowid, title, heading, body, meta) SELECT id, title, heading, body, meta FROM search_chunks_old;`;
    db.exec(`
      DROP TABLE search_fts;
      DROP TABLE search_fts_stem;
      ALTER TABLE search_chunks RENAME TO search_chunks_old;
      DROP INDEX search_chunks_page;
      DROP INDEX search_chunks_brain;
      CREATE TABLE search_chunks (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        page_id INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        heading TEXT NOT NULL,
        meta TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      INSERT INTO search_chunks (id, brain_id, page_id, ordinal, heading, meta, hash)
        SELECT id, brain_id, page_id, ordinal, heading, meta, hash FROM search_chunks_old;
      CREATE INDEX search_chunks_page ON search_chunks(page_id, ordinal);
      CREATE INDEX search_chunks_brain ON search_chunks(brain_id);
      ${fts('search_fts', 'unicode61 remove_diacritics 2')}
      ${fts('search_fts_stem', 'porter unicode61 remove_diacritics 2')}
      DROP TABLE search_chunks_old;
    `);
  },
};
