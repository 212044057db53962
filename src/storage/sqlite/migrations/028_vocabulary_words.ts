import { worthLearning } from '../../../domain/spacelessScripts.js';
import type { Migration } from './index.js';

// The learned vocabulary keeps words only (issue 28, storage that fits): a clause of a script
// written without spaces, seen once, is no longer stored (domain/spacelessScripts.ts; the model
// makes its vector from the words around it when it embeds its text), and such rows were 96% of a
// multilingual vault's vocabulary. Stored vocabularies lose those rows here (their
// pages are reused by the index); the rest stays as it is, so queries keep their vectors. The state's
// chunk mark is reset, so the embedding worker learns the vocabulary again once the brain's queue
// is next empty, and the chunks holding its words get their vectors from the new one.
export const m028VocabularyWords: Migration = {
  version: 28,
  name: 'vocabulary-words',
  up(db) {
    // A vocabulary in 016's shape (by brain id) is dropped by 011 and learned again: nothing to prune.
    const columns = db.prepare("SELECT name FROM pragma_table_info('search_brain_terms')").pluck().all() as string[];
    if (!columns.includes('vocabulary')) return;
    const rows = db.prepare('SELECT vocabulary, term, occurrences FROM search_brain_terms WHERE occurrences < 2').all() as Array<{ vocabulary: number; term: string; occurrences: number }>;
    const drop = db.prepare('DELETE FROM search_brain_terms WHERE vocabulary = ? AND term = ?');
    const touched = new Set<number>();
    for (const r of rows) {
      if (worthLearning(r.term, r.occurrences)) continue;
      drop.run(r.vocabulary, r.term);
      touched.add(r.vocabulary);
    }
    const state = db.prepare("UPDATE search_brain_terms_state SET terms = (SELECT COUNT(*) FROM search_brain_terms WHERE vocabulary = ?), chunks = '0:0' WHERE id = ?");
    for (const id of touched) state.run(id, id);
  },
};
