import type { Migration } from './index.js';

// A queue row's generation, moved on by an enqueue that finds the chunk already queued (its text
// changed, or the brain's vocabulary was learned again). A batch remembers the generation it read;
// storing its vectors dequeues a row only if no one queued the chunk again meanwhile. Before it, a
// vocabulary learned again while a batch was embedded (replaceTerms finding the rows there, ON
// CONFLICT DO NOTHING) was lost: the batch's store dequeued them with the old vocabulary's vectors.
// (A change of a page's context meanwhile is caught by `store` comparing contexts, no column.)
export const m035EmbedQueueGeneration: Migration = {
  version: 35,
  name: 'embed-queue-generation',
  up(db) {
    db.exec('ALTER TABLE search_embed_queue ADD COLUMN generation INTEGER NOT NULL DEFAULT 0');
  },
};
