import type { Migration } from './index.js';

// Derived search and link-graph tables (all rebuildable from the repositories), plus the
// embedding queue. Vector tables (`vec_chunks_<dimensions>`, sqlite-vec vec0) are created
// lazily the first time a brain stores vectors of that size, so sizes never mix in one table.
export const m002Search: Migration = {
  version: 2,
  name: 'search-links-embeddings',
  up(db) {
    db.exec(`
      -- one row per chunk of a page; the FTS tables below index these columns (external content)
      CREATE TABLE search_chunks (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        page_id INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        title TEXT NOT NULL,
        heading TEXT NOT NULL,
        body TEXT NOT NULL,
        meta TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX search_chunks_page ON search_chunks(page_id, ordinal);
      CREATE INDEX search_chunks_brain ON search_chunks(brain_id);

      -- words as written (diacritics folded): phrases, prefixes, identifiers and emails
      CREATE VIRTUAL TABLE search_fts USING fts5(
        title, heading, body, meta,
        content = 'search_chunks', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      -- the same text Porter-stemmed: "running" finds "runs" when the exact form finds too little
      CREATE VIRTUAL TABLE search_fts_stem USING fts5(
        title, heading, body, meta,
        content = 'search_chunks', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );

      -- links as written on each page; to_path NULL = a "wanted" page that does not exist yet
      CREATE TABLE search_links (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        from_page_id INTEGER NOT NULL,
        from_path TEXT NOT NULL,
        target TEXT NOT NULL,
        target_key TEXT NOT NULL,
        to_path TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('wiki', 'markdown')),
        heading TEXT,
        line INTEGER NOT NULL,
        context TEXT NOT NULL
      );
      CREATE INDEX search_links_from ON search_links(from_page_id);
      CREATE INDEX search_links_from_path ON search_links(brain_id, from_path);
      CREATE INDEX search_links_to ON search_links(brain_id, to_path);
      CREATE INDEX search_links_key ON search_links(brain_id, target_key);

      -- the names a page answers to; kind orders resolution: 0 path, 1 slug, 2 title, 3 alias
      CREATE TABLE search_page_keys (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        kind INTEGER NOT NULL,
        page_id INTEGER NOT NULL,
        path TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (brain_id, key, kind, page_id)
      );
      CREATE INDEX search_page_keys_page ON search_page_keys(page_id);

      -- which model and size made each chunk's vector (the vector itself is in vec_chunks_<dims>)
      CREATE TABLE search_embeddings (
        chunk_id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        hash TEXT NOT NULL,
        embedded_at TEXT NOT NULL
      );
      CREATE INDEX search_embeddings_brain ON search_embeddings(brain_id, model, dimensions);

      -- chunks waiting for a vector; the worker takes the oldest ready rows per brain
      CREATE TABLE search_embed_queue (
        chunk_id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        enqueued_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        ready_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT
      );
      CREATE INDEX search_embed_queue_ready ON search_embed_queue(brain_id, ready_at);

      -- the model and size a brain's vectors were made with, and progress of a full re-embed
      CREATE TABLE search_embed_state (
        brain_id TEXT PRIMARY KEY REFERENCES brains(id) ON DELETE CASCADE,
        model TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        reembed_total INTEGER,
        reembed_started_at TEXT,
        last_error TEXT,
        last_error_at TEXT
      );
    `);
  },
};
