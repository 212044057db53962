import type { Migration } from './index.js';

// Brain lifecycle (issue 24.2): a deleted brain is a tombstone. `deleted_at` hides the row from
// every lookup (REST, MCP, git, search, the web all resolve brains through brainsRepo), while its
// pages, inbox and members stay in place for a restore; its repository moves to the data folder's
// trash. The purge job removes the row (the cascades take its rows) once BRAINKEEP_TRASH_DAYS pass.
// The slug stays reserved while the brain is in the trash, so a restore never meets a clash.
export const m024BrainTrash: Migration = {
  version: 24,
  name: 'brain-trash',
  up(db) {
    db.exec(`
      ALTER TABLE brains ADD COLUMN deleted_at TEXT;
      ALTER TABLE brains ADD COLUMN deleted_by TEXT;
      CREATE INDEX brains_deleted ON brains (deleted_at) WHERE deleted_at IS NOT NULL;
    `);
  },
};
