import type { PgMigration } from './index.js';

// SQLite's 031: what made each page's derived rows (DERIVATION_VERSION and the brain's schema
// rules, pageIndexRepo derivationStamp); `brainkeep reindex` derives again the pages whose stamp
// differs from what the running code would write. Rows indexed before the column are ''.
export const p017PageDerivation: PgMigration = {
  version: 17,
  name: 'page-derivation',
  up(db) {
    db.exec("ALTER TABLE pages ADD COLUMN derivation TEXT NOT NULL DEFAULT ''");
    // The commit an in-place reconcile is taking the index to while it is between slices (null when
    // none is unfinished): a server start finishes a reconcile stopped partway.
    db.exec('ALTER TABLE brains ADD COLUMN reconciling TEXT');
  },
};
