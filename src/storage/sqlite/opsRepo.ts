// Read-only questions operators ask of the database (readiness, doctor, metrics) and the
// online snapshot. Nothing here writes, so it answers on a read-only data folder too.
// One module for both backends: the counts are the SQL both speak; the storage report, the open
// check, the migration list and the snapshot differ per backend (PostgreSQL measures tables with
// pg_total_relation_size, and is backed up with pg_dump, not from a node).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { isPostgres, type SyncDb } from '../syncDb.js';
import type { Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import { PG_MIGRATIONS } from '../postgres/migrations/index.js';
import { EXTENSIONS, vectorSearchNotice, type ExtensionReport } from '../postgres/database.js';

export interface TableSize {
  name: string;
  /**
   * Bytes of the table's own b-tree, and of its indexes (0 when measured by rows). On PostgreSQL
   * `bytes + indexBytes` is pg_total_relation_size (TOAST counted with the table).
   */
  bytes: number;
  indexBytes: number;
  /** Rows, when dbstat is not compiled in. */
  rows: number | null;
}

export interface StorageReport {
  /** `relation_size`: PostgreSQL's own sizes per table (bytes, as dbstat gives them on SQLite). */
  measured: 'dbstat' | 'rows' | 'relation_size';
  pageSize: number;
  databaseBytes: number;
  /** Free pages of the SQLite file; 0 on PostgreSQL (VACUUM reuses space in place, the server keeps no free list to read). */
  freeBytes: number;
  /** The SQLite WAL file; 0 on PostgreSQL (the server's WAL is not a node's to measure). */
  walBytes: number;
  /** The pages' markdown the index holds (UTF-8 bytes). */
  markdownBytes: number;
  tables: TableSize[];
}

/** What `doctor` checks of the database itself, before the brains. */
export interface DatabaseHealth {
  backend: 'sqlite' | 'postgres';
  /** Whether it answered a query; when not, `problem` says why and nothing else was checked. */
  connected: boolean;
  problem: string | null;
  /** Migrations this version knows, and those the database has not recorded as applied. */
  migrations: { known: number; missing: Array<{ version: number; name: string }> };
  /** PostgreSQL: vector, pg_trgm, unaccent, each installed in this database or not (with why it matters); SQLite: sqlite-vec, loaded with every connection. */
  extensions: Array<{ name: string; installed: boolean; problem: string | null }>;
}

export class OpsRepo {
  private readonly pg: boolean;

  constructor(private readonly db: SyncDb) {
    this.pg = isPostgres(db);
  }

  private get lite(): Db {
    return this.db as Db;
  }

  /**
   * Bytes on disk per table, its indexes counted beside it (from the `dbstat` virtual table; a build
   * of SQLite without it gets row counts instead), the database file and its WAL, and the markdown
   * the index was derived from.
   */
  storage(file: string | null): StorageReport {
    if (this.pg) return this.postgresStorage();
    const pageSize = this.lite.pragma('page_size', { simple: true }) as number;
    const pageCount = this.lite.pragma('page_count', { simple: true }) as number;
    const freePages = this.lite.pragma('freelist_count', { simple: true }) as number;
    const owner = new Map(
      (this.db.prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type IN ('table', 'index')").all() as Array<{ name: string; tbl: string }>).map((r) => [r.name, r.tbl]),
    );
    const tables = new Map<string, TableSize>();
    const entry = (name: string) => {
      let t = tables.get(name);
      if (!t) tables.set(name, (t = { name, bytes: 0, indexBytes: 0, rows: null }));
      return t;
    };
    let measured: 'dbstat' | 'rows' = 'dbstat';
    try {
      for (const r of this.db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat WHERE aggregate = FALSE GROUP BY name").all() as Array<{ name: string; bytes: number }>) {
        const tbl = owner.get(r.name) ?? r.name;
        if (tbl === r.name) entry(tbl).bytes += r.bytes;
        else entry(tbl).indexBytes += r.bytes;
      }
    } catch {
      measured = 'rows';
      for (const [name, tbl] of owner) {
        if (name !== tbl) continue;
        try {
          entry(name).rows = (this.db.prepare(`SELECT COUNT(*) FROM "${name.replace(/"/g, '""')}"`).pluck().get() as number) ?? 0;
        } catch {
          // a virtual table whose module is not loaded here
        }
      }
    }
    const markdownBytes = (this.db.prepare('SELECT COALESCE(SUM(page_bytes(markdown)), 0) FROM pages').pluck().get() as number) ?? 0;
    const size = (f: string) => {
      try {
        return fs.statSync(f).size;
      } catch {
        return 0;
      }
    };
    return {
      measured,
      pageSize,
      databaseBytes: pageCount * pageSize,
      freeBytes: freePages * pageSize,
      walBytes: file ? size(`${file}-wal`) : 0,
      markdownBytes,
      tables: sortTables([...tables.values()]),
    };
  }

  /**
   * PostgreSQL's sizes: each table of this schema with its indexes and TOAST (pg_total_relation_size,
   * split into the table and its indexes), the whole database, and the pages' markdown.
   */
  private postgresStorage(): StorageReport {
    const rows = this.db
      .prepare(
        `SELECT c.relname AS name, pg_total_relation_size(c.oid) - pg_indexes_size(c.oid) AS bytes, pg_indexes_size(c.oid) AS index_bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()`,
      )
      .all() as Array<{ name: string; bytes: number; index_bytes: number }>;
    // The page index is ported after the state tables: its markdown counts once the table is there.
    const hasPages = this.db.prepare("SELECT to_regclass('pages') IS NOT NULL").pluck().get() as boolean;
    return {
      measured: 'relation_size',
      pageSize: Number(this.db.prepare("SELECT current_setting('block_size')").pluck().get()),
      databaseBytes: this.db.prepare('SELECT pg_database_size(current_database())').pluck().get() as number,
      freeBytes: 0,
      walBytes: 0,
      markdownBytes: hasPages ? ((this.db.prepare('SELECT COALESCE(SUM(octet_length(markdown)), 0) FROM pages').pluck().get() as number) ?? 0) : 0,
      tables: sortTables(rows.map((r) => ({ name: r.name, bytes: r.bytes, indexBytes: r.index_bytes, rows: null }))),
    };
  }

  /**
   * The database's own health for `doctor`: it answers, every migration is applied, and (on
   * PostgreSQL) the extensions the index uses are installed in it.
   */
  databaseHealth(): DatabaseHealth {
    const backend = this.pg ? 'postgres' : 'sqlite';
    const known = (this.pg ? PG_MIGRATIONS : MIGRATIONS).length;
    try {
      this.ping();
    } catch (e) {
      return { backend, connected: false, problem: (e as Error).message, migrations: { known, missing: [] }, extensions: [] };
    }
    const missing = this.missingMigrations();
    if (!this.pg) return { backend, connected: true, problem: null, migrations: { known, missing }, extensions: [{ name: 'sqlite-vec', installed: true, problem: null }] };
    const installed = new Set(this.db.prepare('SELECT extname FROM pg_extension').pluck().all() as string[]);
    const report = {} as ExtensionReport;
    for (const name of EXTENSIONS) {
      report[name] = { installed: installed.has(name), problem: null };
    }
    report.vector.problem = vectorSearchNotice(report);
    if (!report.pg_trgm.installed) report.pg_trgm.problem = 'The PostgreSQL extension "pg_trgm" is not installed in this database: substrings in scripts without spaces (CJK) are not found. Install PostgreSQL contrib and restart a node.';
    if (!report.unaccent.installed) report.unaccent.problem = 'The PostgreSQL extension "unaccent" is not installed in this database: accented and plain spellings do not find each other. Install PostgreSQL contrib and restart a node.';
    return { backend, connected: true, problem: null, migrations: { known, missing }, extensions: EXTENSIONS.map((name) => ({ name, ...report[name] })) };
  }

  /** False once the connection is closed (the gauges of a stopped server stop reading). */
  isOpen(): boolean {
    return this.db.open;
  }

  /** Throws when the database cannot answer a trivial query. */
  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  /** Migrations the code knows but the database has not recorded as applied. */
  missingMigrations(): Array<{ version: number; name: string }> {
    const exists = this.pg
      ? this.db.prepare("SELECT 1 WHERE to_regclass('schema_migrations') IS NOT NULL").get()
      : this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    const applied = new Set(
      exists ? (this.db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version) : [],
    );
    return (this.pg ? PG_MIGRATIONS : MIGRATIONS).filter((m) => !applied.has(m.version)).map((m) => ({ version: m.version, name: m.name }));
  }

  brainIds(): string[] {
    return (this.db.prepare('SELECT id FROM brains WHERE deleted_at IS NULL ORDER BY created_at, id').all() as Array<{ id: string }>).map((r) => r.id);
  }

  countBrains(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM brains WHERE deleted_at IS NULL').get() as { n: number }).n;
  }

  countPages(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM pages').get() as { n: number }).n;
  }

  /** Inbox items in one status (0 Pending, 1 Review, 2 Filed, 3 Dismissed), all brains. */
  countInboxItems(status: number): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM inbox_items WHERE status = ?').get(status) as { n: number }).n;
  }

  countPendingWrites(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM pending_writes').get() as { n: number }).n;
  }

  /** The page rows of one brain as the index holds them: path → blob oid. */
  indexedBlobs(brainId: string): Map<string, string> {
    const rows = this.db.prepare('SELECT path, blob_oid FROM pages WHERE brain_id = ?').all(brainId) as Array<{ path: string; blob_oid: string }>;
    return new Map(rows.map((r) => [r.path, r.blob_oid]));
  }

  /** The indexed commit and page blobs of one brain, read in one transaction (a consistent pair). */
  indexState(brainId: string): { indexedCommit: string | null; blobs: Map<string, string> } {
    const outermost = !this.db.inTransaction;
    return this.db.transaction(() => {
      // PostgreSQL's default READ COMMITTED gives each statement its own snapshot; the pair needs one.
      if (this.pg && outermost) this.db.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const row = this.db.prepare('SELECT indexed_commit FROM brains WHERE id = ?').get(brainId) as { indexed_commit: string | null } | undefined;
      return { indexedCommit: row?.indexed_commit ?? null, blobs: this.indexedBlobs(brainId) };
    })();
  }

  /** Journal rows older than `ageMs`: writes that neither finished nor were recovered. */
  stalePendingWrites(ageMs: number): Array<{ id: string; brainId: string; newCommit: string; createdAt: string }> {
    const cutoff = new Date(Date.now() - ageMs).toISOString();
    const rows = this.db.prepare('SELECT id, brain_id, new_commit, created_at FROM pending_writes WHERE created_at < ?').all(cutoff) as Array<Record<string, string>>;
    return rows.map((r) => ({ id: r.id!, brainId: r.brain_id!, newCommit: r.new_commit!, createdAt: r.created_at! }));
  }

  /**
   * Copy the live database to `file` with SQLite's online backup API: a transactionally
   * consistent snapshot taken while other connections (the server) keep reading and writing.
   */
  async snapshotTo(file: string): Promise<void> {
    if (this.pg) throw new Error('On PostgreSQL the database is not copied by a node: back it up with pg_dump (docs/postgres.md), beside the repositories.');
    await this.lite.backup(file);
  }
}

/** Largest first (bytes with indexes, then rows), then by name. */
function sortTables(tables: TableSize[]): TableSize[] {
  return tables.sort((a, b) => b.bytes + b.indexBytes - (a.bytes + a.indexBytes) || (b.rows ?? 0) - (a.rows ?? 0) || a.name.localeCompare(b.name));
}

export interface SnapshotInfo {
  migrations: number[];
  /** `trashed`: deleted and not purged yet; its repository is in the data folder's trash. */
  brains: Array<{ id: string; slug: string; indexedCommit: string | null; trashed: boolean }>;
  users: number;
  credentials: number;
}

/** Read what a database snapshot file holds without migrating or otherwise changing it. */
export function inspectSnapshot(file: string): SnapshotInfo {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const migrations = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((r) => r.version);
    const brains = (db.prepare('SELECT id, slug, indexed_commit, deleted_at FROM brains ORDER BY created_at, id').all() as Array<Record<string, string | null>>).map((r) => ({
      id: r.id!,
      slug: r.slug!,
      indexedCommit: r.indexed_commit ?? null,
      trashed: r.deleted_at != null,
    }));
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { migrations, brains, users: count('users'), credentials: count('credentials') };
  } finally {
    db.close();
  }
}
