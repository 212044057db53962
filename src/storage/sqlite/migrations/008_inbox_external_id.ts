import type { Migration } from './index.js';

// Most deliveries carry no external id (a webhook without X-Ingest-External-Id, an upload of bare
// content), yet each one still added an entry to the (brain_id, external_id) unique index. Only
// items that have an external id need to be in it: `external_id = ?` lookups imply NOT NULL, so
// SQLite uses the partial index for them, and NULLs never collided under UNIQUE anyway.
export const m008InboxExternalId: Migration = {
  version: 8,
  name: 'inbox-external-id-partial',
  up(db) {
    db.exec(`
      DROP INDEX inbox_items_external_id;
      CREATE UNIQUE INDEX inbox_items_external_id ON inbox_items(brain_id, external_id) WHERE external_id IS NOT NULL;
    `);
  },
};
