import { parsePage } from '../../../domain/markdown.js';
import { pageFacets } from '../../../domain/pageFacets.js';
import type { Migration } from './index.js';

// Search filters by tag, entity type, frontmatter field and date, through indexes (issue 24): a
// page's tags (frontmatter `tags` and inline `#tags`) and its frontmatter fields as folded
// key/value pairs, each clustered by brain and value so a filter is a lookup per candidate page;
// the page id index serves the clean-up on edit and the "no `type` field" test. Derived data,
// kept by the index hooks on every write and by a reindex; existing pages are carried over here.
export const m025PageFacets: Migration = {
  version: 25,
  name: 'page-facets',
  up(db) {
    db.exec(`
      CREATE TABLE page_tags (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        page_id INTEGER NOT NULL,
        PRIMARY KEY (brain_id, tag, page_id)
      ) WITHOUT ROWID;
      CREATE INDEX page_tags_page ON page_tags(page_id);
      CREATE TABLE page_fields (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        page_id INTEGER NOT NULL,
        PRIMARY KEY (brain_id, key, value, page_id)
      ) WITHOUT ROWID;
      CREATE INDEX page_fields_page ON page_fields(page_id, key);
      CREATE INDEX pages_updated ON pages(brain_id, updated_at);
    `);
    const tag = db.prepare('INSERT OR IGNORE INTO page_tags (brain_id, tag, page_id) VALUES (?, ?, ?)');
    const field = db.prepare('INSERT OR IGNORE INTO page_fields (brain_id, key, value, page_id) VALUES (?, ?, ?, ?)');
    const rows = db.prepare('SELECT id, brain_id, path, markdown FROM pages').all() as Array<{ id: number; brain_id: string; path: string; markdown: string }>;
    for (const r of rows) {
      const parsed = parsePage(r.path, r.markdown);
      const facets = pageFacets(parsed.frontmatter, parsed.body);
      for (const t of facets.tags) tag.run(r.brain_id, t, r.id);
      for (const [k, v] of facets.fields) field.run(r.brain_id, k, v, r.id);
    }
  },
};
