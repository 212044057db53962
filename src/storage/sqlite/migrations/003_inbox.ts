import type { Migration } from './index.js';

// Partitions (state), inbox items and webhook ingest sources (state).
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
    `);
  },
};
