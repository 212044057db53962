import type { PgMigration } from './index.js';

// Webhook ingest sources (sourcesRepo), as SQLite keeps them after its migrations.
export const p002Sources: PgMigration = {
  version: 2,
  name: 'sources',
  up(db) {
    db.exec(`
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
        max_bytes BIGINT,
        allowed_sender_domains TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        created_by TEXT,
        updated_at TEXT NOT NULL,
        last_delivery_at TEXT
      );
      CREATE INDEX ingest_sources_brain ON ingest_sources (brain_id);
    `);
  },
};
