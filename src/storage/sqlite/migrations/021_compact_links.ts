import type { Migration } from './index.js';

// The link table in integers (issue 28: links and their indexes were 78 MB for a 41 MB vault).
// Each row held the brain's id, both pages' paths and the target's key as text, and three indexes
// repeated most of it. Now a link names its pages by row id, and its target (as written, with the
// key it resolves by) is stored once per brain in `search_link_targets`; links are clustered by
// their page (WITHOUT ROWID, primary key = page and position), with one index for the page they
// point at and one for their target. Existing rows are carried over as they are resolved.
export const m021CompactLinks: Migration = {
  version: 21,
  name: 'compact-links',
  up(db) {
    db.exec(`
      ALTER TABLE search_links RENAME TO search_links_old;
      DROP INDEX IF EXISTS search_links_from;
      DROP INDEX IF EXISTS search_links_to;
      DROP INDEX IF EXISTS search_links_key;
      CREATE TABLE search_link_targets (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        target TEXT NOT NULL,
        UNIQUE (brain_id, key, target)
      );
      CREATE TABLE search_links (
        from_page_id INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        target_id INTEGER NOT NULL,
        to_page_id INTEGER,
        kind TEXT NOT NULL,
        heading TEXT,
        line INTEGER NOT NULL,
        type TEXT NOT NULL,
        PRIMARY KEY (from_page_id, ordinal)
      ) WITHOUT ROWID;
      INSERT OR IGNORE INTO search_link_targets (brain_id, key, target)
        SELECT brain_id, target_key, target FROM search_links_old ORDER BY id;
      INSERT INTO search_links (from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type)
        SELECT l.from_page_id, ROW_NUMBER() OVER (PARTITION BY l.from_page_id ORDER BY l.id) - 1, t.id,
          (SELECT p.id FROM pages p WHERE p.brain_id = l.brain_id AND p.path = l.to_path), l.kind, l.heading, l.line, l.type
        FROM search_links_old l JOIN search_link_targets t ON t.brain_id = l.brain_id AND t.key = l.target_key AND t.target = l.target;
      DROP TABLE search_links_old;
      CREATE INDEX search_links_to ON search_links(to_page_id) WHERE to_page_id IS NOT NULL;
      CREATE INDEX search_links_target ON search_links(target_id);
    `);
  },
};
