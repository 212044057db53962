import type { Migration } from './index.js';

// A queue row's generation, moved on by every enqueue that finds the chunk already queued. A batch
// remembers the generation it read; storing its vectors dequeues a row only if no one queued the
// chunk again meanwhile. Before it, a page whose title, summary or link neighbours changed while
// its chunks were being embedded (requeuePages finding their rows already there, ON CONFLICT DO
// NOTHING) or a vocabulary learned again meanwhile (replaceTerms) lost that request: the batch's
// store dequeued the rows, and the vectors kept the old context until the page changed again.
export const m035EmbedQueueGeneration: Migration = {
  version: 35,
  name: 'embed-queue-generation',
  up(db) {
    db.exec('ALTER TABLE search_embed_queue ADD COLUMN generation INTEGER NOT NULL DEFAULT 0');
  },
};
