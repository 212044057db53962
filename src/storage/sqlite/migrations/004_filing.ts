import type { Migration } from './index.js';

// The filing pass's state on inbox items: a claim (worker and lease expiry) taken in one UPDATE so
// two workers never file the same item, the attempt count and the time of the next retry (backoff),
// the last error, and the skill and commit an item was filed with. An index on audit targets lets
// the pass find an earlier filing commit of an item (the crash-between-commit-and-status case).
export const m004Filing: Migration = {
  version: 4,
  name: 'filing',
  up(db) {
    db.exec(`
      ALTER TABLE inbox_items ADD COLUMN filing_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE inbox_items ADD COLUMN filing_claimed_by TEXT;
      ALTER TABLE inbox_items ADD COLUMN filing_claimed_until TEXT;
      ALTER TABLE inbox_items ADD COLUMN filing_next_attempt_at TEXT;
      ALTER TABLE inbox_items ADD COLUMN filing_last_error TEXT;
      ALTER TABLE inbox_items ADD COLUMN filing_skill TEXT;
      ALTER TABLE inbox_items ADD COLUMN filing_commit TEXT;
      CREATE INDEX inbox_items_filing_due ON inbox_items(status, filing_next_attempt_at);
      CREATE INDEX audit_action_target ON audit(brain_id, action, target);
    `);
  },
};
