import { aliasVectorsSql } from '../../sqlite/migrations/035_alias_vectors.js';
import type { PgMigration } from './index.js';

// SQLite's 035: the embedded chunks of pages with aliases queued again (aliases were left out of vectors).
export const p018AliasVectors: PgMigration = {
  version: 18,
  name: 'alias-vectors',
  up(db) {
    db.exec(aliasVectorsSql(new Date().toISOString()));
  },
};
