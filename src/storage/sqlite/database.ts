// The index/state database: one SQLite file in the data folder, WAL mode, foreign keys on,
// sqlite-vec loaded, versioned migrations applied on open. Only storage/sqlite touches it.
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from './migrations/index.js';
import { registerPageTextFunctions } from './pageText.js';
import type { SyncDb } from '../syncDb.js';

export type Db = Database.Database;

export interface OpenOptions {
  /** FULL makes every commit durable across power loss; NORMAL only across process crashes. */
  synchronous?: 'FULL' | 'NORMAL';
  readonly?: boolean;
}

/** What the WAL file is truncated to when it restarts (`journal_size_limit`). */
export const WAL_SIZE_LIMIT_BYTES = 32 * 1024 * 1024;

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'brainkeep.db');
}

export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { readonly: opts.readonly ?? false });
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  db.pragma(`synchronous = ${opts.synchronous ?? 'FULL'}`);
  db.pragma('temp_store = MEMORY');
  // The WAL file is cut back to this size whenever it restarts (after a checkpoint that copied every
  // frame): without it the file stays as large as the largest transaction ever made it.
  if (!opts.readonly) db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // 128 MiB of page cache (allocated as used): a 10,000-page import dirties ~40 MiB in one
  // transaction, and a smaller cache spills it to the WAL mid-transaction (9% of the import).
  db.pragma('cache_size = -131072');
  sqliteVec.load(db);
  registerPageTextFunctions(db);
  if (!opts.readonly) migrate(db);
  return db;
}

/**
 * A second connection that only reads (the search threads): the same pragmas and sqlite-vec,
 * no migrations, and `query_only`, so nothing it runs can write. In WAL mode it reads beside the
 * server's connection without waiting for its writes; each read transaction sees every commit made
 * before it began.
 */
export function openReader(file: string): Db {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  db.pragma('temp_store = MEMORY');
  // 32 MiB of page cache: a reader's cache is dropped whenever another connection commits (WAL),
  // so a larger one pays only while no one writes; up to 4 readers (BRAINKEEP_SEARCH_THREADS).
  db.pragma('cache_size = -32768');
  db.pragma('query_only = ON');
  sqliteVec.load(db);
  registerPageTextFunctions(db);
  return db;
}

export function currentSchemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Versions already applied (a table, so a migration added out of order still runs). */
export function appliedMigrations(db: Db): Set<number> {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  return new Set((db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version));
}

/** Apply every migration not yet applied, in version order, each in its own IMMEDIATE transaction. */
export function migrate(db: Db): number[] {
  const applied: number[] = [];
  appliedMigrations(db);
  const sorted = [...MIGRATIONS].sort((a, b) => a.version - b.version);
  for (const m of sorted) {
    // A second process may migrate at the same moment: take the write lock first, then re-check.
    const run = db.transaction(() => {
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) return false;
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
      db.pragma(`user_version = ${Math.max(m.version, currentSchemaVersion(db))}`);
      return true;
    });
    if (!run.immediate()) continue;
    applied.push(m.version);
    // (A reader may hold the WAL's start: then it is copied back as far as it can be, and cut later.)
    if (m.checkpointAfter) db.pragma('wal_checkpoint(TRUNCATE)');
  }
  return applied;
}

/**
 * Run `fn` with synchronous=NORMAL (restored afterwards, also on a throw): what it commits is
 * written to the WAL but not flushed on the event loop. The caller either flushes the WAL itself
 * before anyone is told (the group commits), or stores what may be lost to a crash and redone
 * (derived data, at-least-once bookkeeping). A connection already at NORMAL or OFF is left as is.
 */
export function withoutFlush<T>(db: Db, fn: () => T): T {
  const level = db.pragma('synchronous', { simple: true }) as number;
  if (level <= 1) return fn();
  db.pragma('synchronous = NORMAL');
  try {
    return fn();
  } finally {
    db.pragma(`synchronous = ${level}`);
  }
}

/** Run `fn` in an IMMEDIATE transaction (takes the write lock up front, no upgrade deadlocks). */
export function writeTx<T>(db: SyncDb, fn: () => T): T {
  return db.transaction(fn).immediate();
}
