// Read-only questions operators ask of the database (readiness, doctor, metrics) and the
// online snapshot. Nothing here writes, so it answers on a read-only data folder too.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import type { Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

export interface TableSize {
  name: string;
  /** Bytes of the table's own b-tree, and of its indexes (0 when measured by rows). */
  bytes: number;
  indexBytes: number;
  /** Rows, when dbstat is not compiled in. */
  rows: number | null;
}

export interface StorageReport {
  measured: 'dbstat' | 'rows';
  pageSize: number;
  databaseBytes: number;
  freeBytes: number;
  walBytes: number;
  /** The pages' markdown the index holds (UTF-8 bytes). */
  markdownBytes: number;
  tables: TableSize[];
}

export class OpsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Bytes on disk per table, its indexes counted beside it (from the `dbstat` virtual table; a build
   * of SQLite without it gets row counts instead), the database file and its WAL, and the markdown
   * the index was derived from.
   */
  storage(file: string | null): StorageReport {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pageCount = this.db.pragma('page_count', { simple: true }) as number;
    const freePages = this.db.pragma('freelist_count', { simple: true }) as number;
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
    const markdownBytes = (this.db.prepare('SELECT COALESCE(SUM(length(CAST(markdown AS BLOB))), 0) FROM pages').pluck().get() as number) ?? 0;
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
      tables: [...tables.values()].sort((a, b) => b.bytes + b.indexBytes - (a.bytes + a.indexBytes) || (b.rows ?? 0) - (a.rows ?? 0) || a.name.localeCompare(b.name)),
    };
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
    const exists = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    const applied = new Set(
      exists ? (this.db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version) : [],
    );
    return MIGRATIONS.filter((m) => !applied.has(m.version)).map((m) => ({ version: m.version, name: m.name }));
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
    return this.db.transaction(() => {
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
    await this.db.backup(file);
  }
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
