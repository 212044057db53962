import type { Migration } from './index.js';

// Attachments (CONTRACT "Files"): one row per file at the brain's indexed commit, kept after a
// delete (deleted = 1) so versions continue across delete and re-create as pages' do. A PDF's text
// is indexed in file_text (FTS5, with its own copy of the text: there is no markdown to cut it
// from). file_links holds the links from pages to files (markdown links and images). All derived
// from git and rebuilt with the brain's index; file_text is filled after the commit (PDF parsing
// runs on the extraction threads) and text_status says whether it was.
export const m023Files: Migration = {
  version: 23,
  name: 'files',
  up(db) {
    db.exec(`
      CREATE TABLE files (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL,
        path TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        blob_oid TEXT NOT NULL,
        version INTEGER NOT NULL,
        commit_oid TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        text_status TEXT,
        UNIQUE (brain_id, path)
      );
      CREATE INDEX files_live ON files (brain_id, deleted, path);
      CREATE INDEX files_text_pending ON files (content_type, text_status) WHERE text_status IS NULL AND deleted = 0;
      CREATE VIRTUAL TABLE file_text USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
      CREATE TABLE file_links (
        brain_id TEXT NOT NULL,
        from_path TEXT NOT NULL,
        to_path TEXT NOT NULL,
        PRIMARY KEY (brain_id, from_path, to_path)
      ) WITHOUT ROWID;
      CREATE INDEX file_links_to ON file_links (brain_id, to_path);

      -- Outbound events (migration 017): a file written or deleted is a file.put or file.delete in
      -- the brain's event log, in the same transaction, muted while a rebuild replays history.
      CREATE TRIGGER brain_events_file_insert AFTER INSERT ON files
      WHEN NOT EXISTS (SELECT 1 FROM brain_event_mutes m WHERE m.brain_id = NEW.brain_id AND NEW.updated_at < m.before) BEGIN
        INSERT INTO brain_events (brain_id, type, path, version, commit_oid, by_name, at)
        VALUES (NEW.brain_id, CASE NEW.deleted WHEN 1 THEN 'file.delete' ELSE 'file.put' END, NEW.path, NEW.version, NEW.commit_oid, NEW.updated_by, NEW.updated_at);
      END;
      CREATE TRIGGER brain_events_file_update AFTER UPDATE OF version ON files
      WHEN NEW.version IS NOT OLD.version
        AND NOT EXISTS (SELECT 1 FROM brain_event_mutes m WHERE m.brain_id = NEW.brain_id AND NEW.updated_at < m.before) BEGIN
        INSERT INTO brain_events (brain_id, type, path, version, commit_oid, by_name, at)
        VALUES (NEW.brain_id, CASE NEW.deleted WHEN 1 THEN 'file.delete' ELSE 'file.put' END, NEW.path, NEW.version, NEW.commit_oid, NEW.updated_by, NEW.updated_at);
      END;
    `);
  },
};
