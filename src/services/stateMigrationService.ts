// Moving a node from SQLite to PostgreSQL (`brainkeep migrate --to postgres`): the state in the
// data folder's SQLite file is copied to the database at BRAINKEEP_DATABASE_URL in one transaction
// (storage/postgres/stateCopy.ts); the caller then rebuilds the index from the repositories, which
// stay where they are (the data folder every node shares).
import fs from 'node:fs';
import { databaseFile, openDatabase } from '../storage/sqlite/database.js';
import { openPostgres, redactUrl } from '../storage/postgres/database.js';
import { copyState, planStateCopy, StateCopyError, type CopiedTable } from '../storage/postgres/stateCopy.js';

export { StateCopyError };

export interface StateMigrated {
  /** Rows copied per state table (and the INSERT statements they took), in the order they were filled. */
  tables: CopiedTable[];
  /** The index tables left to the rebuild. */
  derived: string[];
}

export async function migrateStateToPostgres(
  opts: { dataDir: string; databaseUrl: string; force: boolean },
  progress: (line: string) => void = () => {},
): Promise<StateMigrated> {
  const file = databaseFile(opts.dataDir);
  if (!fs.existsSync(file)) throw new StateCopyError(`there is no SQLite database at ${file} to migrate from (is BRAINKEEP_DATA the old node's data folder?)`);
  // The SQLite file is brought to this version's schema first, as the server would on start.
  const sqlite = openDatabase(file);
  try {
    progress(`connecting to PostgreSQL at ${redactUrl(opts.databaseUrl)}`);
    const { db: pg } = openPostgres(opts.databaseUrl, { applicationName: 'brainkeep-migrate', statementTimeoutMs: 600_000 });
    try {
      const plan = planStateCopy(sqlite, pg);
      progress(`copying ${plan.tables.length} state tables in one transaction (${plan.derived.length} index tables are rebuilt from the repositories)`);
      // One read transaction on SQLite: every table is copied as of one moment.
      const tables = sqlite.transaction(() => copyState(sqlite, pg, plan, { force: opts.force })).deferred();
      return { tables, derived: plan.derived };
    } finally {
      await pg.close();
    }
  } finally {
    sqlite.close();
  }
}
