import type { Migration } from './index.js';

// Fewer B-trees per link-graph write (bulk imports write three names and a few links per page).
// The names a page answers to become a WITHOUT ROWID table clustered on its primary key (one
// tree instead of a rowid table plus the key's index), and links lose their (brain_id, from_path)
// index: a page's outgoing links are found through from_page_id, which is indexed already.
export const m007LinkGraphWrites: Migration = {
  version: 7,
  name: 'link-graph-writes',
  up(db) {
    db.exec(`
      CREATE TABLE search_page_keys_clustered (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        kind INTEGER NOT NULL,
        page_id INTEGER NOT NULL,
        path TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (brain_id, key, kind, page_id)
      ) WITHOUT ROWID;
      INSERT INTO search_page_keys_clustered (brain_id, key, kind, page_id, path, label)
        SELECT brain_id, key, kind, page_id, path, label FROM search_page_keys;
      DROP TABLE search_page_keys;
      ALTER TABLE search_page_keys_clustered RENAME TO search_page_keys;
      CREATE INDEX search_page_keys_page ON search_page_keys(page_id);
      DROP INDEX search_links_from_path;
    `);
  },
};
