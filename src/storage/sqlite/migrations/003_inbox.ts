import type { Migration } from './index.js';

// Partitions (state), inbox items with their extracted text, and webhook ingest sources (state).
// Item content itself lives content-addressed on disk (BRAINKEEP_DATA/inbox/), never in git.
//
// Idempotency is enforced by the database, not by check-then-insert: one item per
// (brain, externalId), one per (brain, content hash), and one current head per document chain
// (brain, doc_key) among items not yet superseded.
export const m003Inbox: Migration = {
  version: 3,
  name: 'inbox-partitions-sources',
  up(db) {
    db.exec(`
      CREATE TABLE partitions (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        domains TEXT NOT NULL DEFAULT '[]',
        aliases TEXT NOT NULL DEFAULT '[]',
        external_ref TEXT,
        folder TEXT NOT NULL,
        archived_at TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (brain_id, key)
      );

      CREATE TABLE inbox_items (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        filename TEXT NOT NULL,
        status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
        reason TEXT,
        skill_hint TEXT,
        partition TEXT,
        external_id TEXT,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        text_status TEXT NOT NULL CHECK (text_status IN ('extracted', 'unextractable', 'failed')),
        provider TEXT,
        provider_item_id TEXT,
        source_version TEXT,
        canonical_url TEXT,
        doc_key TEXT,
        target_folder TEXT,
        suggestion TEXT,
        supersedes_item_id TEXT,
        superseded_by_item_id TEXT,
        filed_pages TEXT NOT NULL DEFAULT '[]',
        senders TEXT NOT NULL DEFAULT '[]',
        via TEXT NOT NULL CHECK (via IN ('api', 'webhook', 'mcp')),
        pushed_by TEXT NOT NULL,
        pushed_by_name TEXT NOT NULL,
        source_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX inbox_items_external_id ON inbox_items(brain_id, external_id);
      CREATE UNIQUE INDEX inbox_items_content ON inbox_items(brain_id, sha256);
      CREATE UNIQUE INDEX inbox_items_doc_head ON inbox_items(brain_id, doc_key)
        WHERE doc_key IS NOT NULL AND superseded_by_item_id IS NULL;
      CREATE INDEX inbox_items_brain ON inbox_items(brain_id, seq);
      CREATE INDEX inbox_items_status ON inbox_items(brain_id, status, seq);
      CREATE INDEX inbox_items_partition ON inbox_items(brain_id, partition, seq);
      CREATE INDEX inbox_items_sha ON inbox_items(sha256);

      -- the text extracted at upload (kept apart so listings never read it)
      CREATE TABLE inbox_texts (
        item_id TEXT PRIMARY KEY REFERENCES inbox_items(id) ON DELETE CASCADE,
        text TEXT NOT NULL
      );

      CREATE TABLE ingest_sources (
        id TEXT PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        kind TEXT NOT NULL DEFAULT 'webhook',
        label TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('secret', 'signature')),
        secret_cipher TEXT NOT NULL,
        target_folder TEXT,
        partition TEXT,
        skill TEXT,
        allowed_content_types TEXT NOT NULL DEFAULT '[]',
        max_bytes INTEGER,
        allowed_sender_domains TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        created_by TEXT,
        updated_at TEXT NOT NULL,
        last_delivery_at TEXT
      );
      CREATE INDEX ingest_sources_brain ON ingest_sources(brain_id);
    `);
  },
};
