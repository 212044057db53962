import type { PgMigration } from './index.js';

// SQLite's 036: why a PDF's text extraction failed (text_error), the failures in a row that were
// not the file's own (text_attempts) and when such a file is tried again (text_retry_at). Rows
// failed before it, for a reason no longer known, wait for the indexer again. text_retry_at is an
// ISO time compared as text: byte order (COLLATE "C"), as SQLite's BINARY compares it.
export const p019FileTextError: PgMigration = {
  version: 19,
  name: 'file-text-error',
  up(db) {
    db.exec(`
      ALTER TABLE files ADD COLUMN text_error TEXT;
      ALTER TABLE files ADD COLUMN text_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE files ADD COLUMN text_retry_at TEXT COLLATE "C";
      CREATE INDEX files_text_retry ON files (text_retry_at) WHERE text_retry_at IS NOT NULL AND deleted = 0 AND text_status = 'failed';
      UPDATE files SET text_status = NULL WHERE text_status = 'failed' AND deleted = 0;
    `);
  },
};
