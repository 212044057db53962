import type { Migration } from './index.js';

/**
 * The embedded chunks of pages that have aliases, queued to be embedded again: the page context a
 * vector borrows (title, aliases, summary) asked for names of a kind no name has had since the
 * kinds were renumbered, so every alias was left out of the chunks' vectors and the page's field
 * vector. Derived data only; the embedding worker re-embeds them in the background. Shared with
 * PostgreSQL's 018.
 */
export function aliasVectorsSql(at: string): string {
  return `INSERT INTO search_embed_queue (chunk_id, brain_id, enqueued_at)
    SELECT c.id, c.brain_id, '${at.replace(/'/g, "''")}' FROM search_chunks c JOIN search_embeddings e ON e.chunk_id = c.id
    WHERE c.page_id IN (SELECT page_id FROM search_page_keys WHERE kind = 4)
    ON CONFLICT (chunk_id) DO NOTHING`;
}

export const m035AliasVectors: Migration = {
  version: 35,
  name: 'alias-vectors',
  up(db) {
    db.exec(aliasVectorsSql(new Date().toISOString()));
  },
};
