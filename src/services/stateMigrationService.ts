// Moving a node from SQLite to PostgreSQL (`brainkeep migrate --to postgres`): the state in the
// data folder's SQLite file is copied to the database at BRAINKEEP_DATABASE_URL in one transaction
// (storage/postgres/stateCopy.ts); the caller then rebuilds the index from the repositories, which
// stay where they are (the data folder every node shares).
import fs from 'node:fs';
import path from 'node:path';
import { databaseFile, openDatabase, type Db } from '../storage/sqlite/database.js';
import { loadSecretKey, SECRET_KEY_FILE } from '../storage/secretKeyFile.js';
import { SecretBox } from './secretBox.js';
import { cipherContext } from './sourcesService.js';
import { webhookSecretContext } from './webhooksService.js';
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
  opts: { dataDir: string; databaseUrl: string; force: boolean; secretKey: string | null },
  progress: (line: string) => void = () => {},
): Promise<StateMigrated> {
  const file = databaseFile(opts.dataDir);
  if (!fs.existsSync(file)) throw new StateCopyError(`there is no SQLite database at ${file} to migrate from (is BRAINKEEP_DATA the old node's data folder?)`);
  // The SQLite file is brought to this version's schema first, as the server would on start.
  const sqlite = openDatabase(file);
  try {
    checkSecretKey(sqlite, opts.dataDir, opts.secretKey);
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

/**
 * Webhook and ingest source secrets are copied as ciphertext: the nodes must open them with the key
 * the old node used (BRAINKEEP_SECRET_KEY, or secret.key in the data folder). One stored secret of
 * each kind is opened with the key this environment resolves; a key that cannot open it stops the
 * migration (otherwise every delivery and signed source push would fail afterwards, unreported).
 * No key file is made here.
 */
function checkSecretKey(sqlite: Db, dataDir: string, configured: string | null): void {
  const has = (table: string) => sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) != null;
  const samples: { what: string; id: string; cipher: string; context: string }[] = [];
  if (has('webhooks')) {
    const w = sqlite.prepare('SELECT id, secret_cipher AS cipher FROM webhooks LIMIT 1').get() as { id: string; cipher: string } | undefined;
    if (w) samples.push({ what: `webhook ${w.id}`, id: w.id, cipher: w.cipher, context: webhookSecretContext(w.id) });
  }
  if (has('ingest_sources')) {
    const src = sqlite.prepare('SELECT id, secret_cipher AS cipher FROM ingest_sources LIMIT 1').get() as { id: string; cipher: string } | undefined;
    if (src) samples.push({ what: `ingest source ${src.id}`, id: src.id, cipher: src.cipher, context: cipherContext(src.id) });
  }
  if (!samples.length) return;
  const keyFile = path.join(dataDir, SECRET_KEY_FILE);
  const remedy = `set BRAINKEEP_SECRET_KEY to the old node's value (or keep its ${SECRET_KEY_FILE} in the data folder), here and on every node`;
  if (!configured && !fs.existsSync(keyFile)) {
    throw new StateCopyError(`stored secrets (${samples[0]!.what}) need the key they were encrypted with, but BRAINKEEP_SECRET_KEY is not set and there is no ${keyFile}: ${remedy}. Nothing was copied.`);
  }
  const box = new SecretBox(() => loadSecretKey(dataDir, configured));
  for (const s of samples) {
    if (box.open(s.cipher, s.context) == null) {
      throw new StateCopyError(
        `the ${configured ? 'BRAINKEEP_SECRET_KEY' : keyFile} key cannot open the stored secret of ${s.what}: ${remedy}. Nothing was copied.`,
      );
    }
  }
}
