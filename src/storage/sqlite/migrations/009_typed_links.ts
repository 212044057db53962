import type { Migration } from './index.js';

// Typed links: each link row carries the relation it expresses (`mentions` for a plain link; see
// domain/relations/). Rows stay one per link as written (backlink context and line); graph replies
// group them into one edge per from → to pair and type, with the number of links behind it.
// Links indexed before this migration are `mentions` until `brainkeep reindex` types them.
export const m009TypedLinks: Migration = {
  version: 9,
  name: 'typed-links',
  up(db) {
    db.exec(`ALTER TABLE search_links ADD COLUMN type TEXT NOT NULL DEFAULT 'mentions'`);
  },
};
