import type { PgMigration } from './index.js';

// SQLite's 031: which version of derivation (domain/pageDerivation.ts DERIVATION_VERSION) made each
// page's derived rows; `brainkeep reindex` derives again the pages whose number differs from the
// running code's. Rows indexed before the column are 0.
export const p017PageDerivation: PgMigration = {
  version: 17,
  name: 'page-derivation',
  up(db) {
    db.exec('ALTER TABLE pages ADD COLUMN derivation INTEGER NOT NULL DEFAULT 0');
  },
};
