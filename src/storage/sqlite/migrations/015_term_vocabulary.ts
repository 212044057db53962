import type { Migration } from './index.js';

// The words the search index holds, with how many chunks hold each (an fts5vocab view over the
// words-as-written table: no data of its own, read from the FTS5 index when asked). Search weighs
// a question's words by how rare they are (a rare word the best text hit holds makes the word
// ranking trustworthy) and finds the nearest indexed spelling of a word no chunk holds (a typo).
export const m015TermVocabulary: Migration = {
  version: 15,
  name: 'term-vocabulary',
  up(db) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS search_fts_vocab USING fts5vocab(search_fts, 'row');`);
  },
};
