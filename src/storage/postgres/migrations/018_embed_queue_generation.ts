import type { PgMigration } from './index.js';

// SQLite's 035: a queue row's generation, moved on by every enqueue that finds the chunk already
// queued, so a batch's store dequeues only the rows no one queued again while it embedded them.
export const p018EmbedQueueGeneration: PgMigration = {
  version: 18,
  name: 'embed-queue-generation',
  up(db) {
    db.exec('ALTER TABLE search_embed_queue ADD COLUMN generation INTEGER NOT NULL DEFAULT 0');
  },
};
