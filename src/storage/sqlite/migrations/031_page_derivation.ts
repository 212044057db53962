import type { Migration } from './index.js';

// Which version of derivation (domain/pageDerivation.ts DERIVATION_VERSION) made each page's
// derived rows (chunks, names, links and their types, facets). `brainkeep reindex` derives again
// the pages whose number differs from the running code's, so a new version's chunking or link
// typing reaches pages written before it, and an index already at the code's version is left
// alone. Rows indexed before this column are 0: the first reindex after the upgrade derives them.
export const m031PageDerivation: Migration = {
  version: 31,
  name: 'page-derivation',
  up(db) {
    db.exec('ALTER TABLE pages ADD COLUMN derivation INTEGER NOT NULL DEFAULT 0');
  },
};
