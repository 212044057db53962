import type { Migration } from './index.js';

// What made each page's derived rows (chunks, names, links and their types, facets): the version
// of derivation (domain/pageDerivation.ts DERIVATION_VERSION) and the brain's schema rules it read
// (pageIndexRepo derivationStamp). `brainkeep reindex` derives again the pages whose stamp differs
// from what the running code would write, so a new version's chunking or link typing, or a schema's
// new relations, reach pages written before, and an index already current is left alone. Rows
// indexed before this column are '': the first reindex after the upgrade derives them again.
export const m031PageDerivation: Migration = {
  version: 31,
  name: 'page-derivation',
  up(db) {
    db.exec("ALTER TABLE pages ADD COLUMN derivation TEXT NOT NULL DEFAULT ''");
    // The commit an in-place reconcile is taking the index to while it is between slices (null when
    // none is unfinished): a server start finishes a reconcile stopped partway.
    db.exec('ALTER TABLE brains ADD COLUMN reconciling TEXT');
  },
};
