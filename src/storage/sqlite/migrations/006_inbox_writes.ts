import type { Migration } from './index.js';

// Fewer scattered pages per inbox write. Each item used to touch five B-trees at random places
// (the item id, two sha256 indexes, and inbox_texts' rowid and item_id key), so a group commit
// wrote a WAL page per item for each. Now: an item's text is keyed by the item's sequence number
// (appended, like the item), and the cross-brain "is this content still used" check goes through
// the per-brain (brain_id, sha256) index instead of an index of its own. Item ids are now
// time-ordered UUIDs (version 7), so the id index is appended to as well.
export const m006InboxWrites: Migration = {
  version: 6,
  name: 'inbox-writes',
  up(db) {
    db.exec(`
      DROP INDEX inbox_items_sha;
      CREATE TABLE inbox_texts_by_seq (
        item_seq INTEGER PRIMARY KEY REFERENCES inbox_items(seq) ON DELETE CASCADE,
        text TEXT NOT NULL
      );
      INSERT INTO inbox_texts_by_seq (item_seq, text)
        SELECT i.seq, t.text FROM inbox_texts t JOIN inbox_items i ON i.id = t.item_id;
      DROP TABLE inbox_texts;
      ALTER TABLE inbox_texts_by_seq RENAME TO inbox_texts;
    `);
  },
};
