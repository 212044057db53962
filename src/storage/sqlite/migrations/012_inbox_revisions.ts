import type { Migration } from './index.js';

// Inbox revisions (issue 20.5): a version of a document may have the same bytes as an older
// version of it (a revert), so (brain_id, sha256) can no longer be unique. An upload of a document
// is a repeat only of the document's latest version; any other upload is a repeat of any item with
// its bytes. The insert checks that inside its IMMEDIATE transaction (inboxRepo.ts), so the rule
// holds under concurrency without the constraint. The index stays for those lookups and for the
// "is this content still used" check.
export const m012InboxRevisions: Migration = {
  version: 12,
  name: 'inbox-revisions-may-repeat-bytes',
  up(db) {
    db.exec(`
      DROP INDEX inbox_items_content;
      CREATE INDEX inbox_items_content ON inbox_items(brain_id, sha256);
    `);
  },
};
