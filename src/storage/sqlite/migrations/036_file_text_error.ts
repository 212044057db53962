import type { Migration } from './index.js';

// Why a PDF attachment's text extraction failed, kept with the file version (fileIndexRepo.setText):
// `text_error` says why (the extractor's reason, or that the file is damaged, encrypted or not a
// PDF); `text_attempts` counts the failures in a row that were not the file's own (its parser
// would not load, the extraction thread hit its time or memory limit or died, a shutdown);
// `text_retry_at` is when the indexer tries such a file again (NULL: not again in this run).
// Before it a failure was `failed` for good, whatever its cause. Which of the rows failed then
// cannot be told, so they wait for the indexer again: a damaged file fails the same way, now with
// its reason; one that met a missing parser or a busy machine gets its text.
export const m036FileTextError: Migration = {
  version: 36,
  name: 'file-text-error',
  up(db) {
    db.exec(`
      ALTER TABLE files ADD COLUMN text_error TEXT;
      ALTER TABLE files ADD COLUMN text_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE files ADD COLUMN text_retry_at TEXT;
      CREATE INDEX files_text_retry ON files (text_retry_at) WHERE text_retry_at IS NOT NULL AND deleted = 0 AND text_status = 'failed';
      UPDATE files SET text_status = NULL WHERE text_status = 'failed' AND deleted = 0;
    `);
  },
};
