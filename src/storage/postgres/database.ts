// The PostgreSQL backend's connection (BRAINKEEP_DATABASE_URL): open, check the extensions the
// index needs, apply the PostgreSQL migrations. Several nodes may start at once against one
// database: migrations run under an advisory lock, each in its own transaction (DDL is transactional).
import { PostgresDb, type PostgresDbOptions } from './pgBridge.js';
import { PG_MIGRATIONS } from './migrations/index.js';
import { fitSearchExtensions } from './migrations/010_search_terms.js';
import { redactUrl, scrubCredentials } from './credentials.js';

export { redactUrl, scrubCredentials };

/** The advisory lock key taken while migrating. */
const MIGRATE_LOCK_KEY = 0x6272_6b6d; // "brkm"

/** Extensions the index uses: pgvector for vector search, pg_trgm and unaccent for full text. */
export const EXTENSIONS = ['vector', 'pg_trgm', 'unaccent'] as const;
export type ExtensionName = (typeof EXTENSIONS)[number];

export interface ExtensionStatus {
  /** Installed in this database (after trying to create it). */
  installed: boolean;
  /** Why not, when not: the server lacks it, or the role may not create it. */
  problem: string | null;
}

export type ExtensionReport = Record<ExtensionName, ExtensionStatus>;

/** Connect (the first statement opens the connection; a bad URL or refused login throws here). */
export function connectPostgres(url: string, opts: PostgresDbOptions = {}): PostgresDb {
  const db = new PostgresDb(url, opts);
  try {
    db.queryRaw('SELECT 1');
  } catch (e) {
    void db.close();
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${scrubCredentials((e as Error).message, url)}`);
  }
  return db;
}

/** Open and migrate: the database every repository on the PostgreSQL backend is given. */
export function openPostgres(url: string, opts: PostgresDbOptions = {}): { db: PostgresDb; extensions: ExtensionReport; notes: string[] } {
  const db = connectPostgres(url, opts);
  try {
    const extensions = ensureExtensions(db);
    migratePostgres(db);
    const notes = db.transaction(() => {
      db.queryRaw('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK_KEY]);
      return fitSearchExtensions(db);
    })();
    return { db, extensions, notes };
  } catch (e) {
    // A failed migration (or extension check) must not leave the connection and its thread running.
    void db.close();
    throw e;
  }
}

/**
 * Create each extension the server offers and this role may create; report the rest. pgvector is
 * packaged apart from PostgreSQL, so a server without it is common: its message says where it comes from.
 */
export function ensureExtensions(db: PostgresDb): ExtensionReport {
  const available = new Set(db.queryRaw('SELECT name FROM pg_available_extensions').rows.map((r) => r[0] as string));
  const report = {} as ExtensionReport;
  // Under the migration lock: two nodes starting at once would both try CREATE EXTENSION, and the
  // loser's "already exists" (a unique violation in pg_extension) would turn vector search off.
  db.queryRaw('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
  try {
    for (const name of EXTENSIONS) {
      if (!available.has(name)) {
        report[name] = { installed: false, problem: missingMessage(name) };
        continue;
      }
      try {
        db.exec(`CREATE EXTENSION IF NOT EXISTS ${name}`);
        report[name] = { installed: true, problem: null };
      } catch (e) {
        // Created meanwhile by a node that does not take the lock (an older version): it is there.
        if (installed(db, name)) report[name] = { installed: true, problem: null };
        else report[name] = { installed: false, problem: `The PostgreSQL extension "${name}" is available but could not be created: ${(e as Error).message}` };
      }
    }
  } finally {
    unlockQuietly(db);
  }
  return report;
}

/** A session lock ends with its connection: a failed unlock (a dropped connection) must not hide the first error. */
function unlockQuietly(db: PostgresDb): void {
  try {
    db.queryRaw('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]);
  } catch {
    // the lock went with the connection
  }
}

function installed(db: PostgresDb, name: ExtensionName): boolean {
  return db.queryRaw('SELECT 1 FROM pg_extension WHERE extname = $1', [name]).rows.length > 0;
}

function missingMessage(name: ExtensionName): string {
  if (name === 'vector')
    return 'The PostgreSQL server has no pgvector extension ("vector"): vector search is off and search is exact (full text) only. Install pgvector (the pgvector/pgvector image, or your provider\'s "vector" extension) and restart.';
  return `The PostgreSQL server has no "${name}" extension (PostgreSQL contrib): install the contrib package and restart.`;
}

/**
 * What the server says at start and in /readyz when vector search is off on PostgreSQL (pgvector
 * not installed in the database, or not creatable by this role): search is then exact (full text)
 * only. Null when pgvector is there.
 */
export function vectorSearchNotice(extensions: ExtensionReport): string | null {
  if (extensions.vector.installed) return null;
  return extensions.vector.problem ?? missingMessage('vector');
}

/** Apply every PostgreSQL migration not yet applied; returns the versions applied now. */
export function migratePostgres(db: PostgresDb): number[] {
  const applied: number[] = [];
  for (const m of [...PG_MIGRATIONS].sort((a, b) => a.version - b.version)) {
    const ran = db.transaction(() => {
      db.queryRaw('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK_KEY]);
      db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      if (db.queryRaw('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]).rows.length) return false;
      m.up(db);
      db.queryRaw('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
      return true;
    })();
    if (ran) applied.push(m.version);
  }
  return applied;
}
