// The index/state database: one SQLite file in the data folder, WAL mode, foreign keys on,
// sqlite-vec loaded, versioned migrations applied on open. Only storage/sqlite touches it.
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export interface OpenOptions {
  /** FULL makes every commit durable across power loss; NORMAL only across process crashes. */
  synchronous?: 'FULL' | 'NORMAL';
  readonly?: boolean;
}

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
  db.pragma('cache_size = -32000');
  sqliteVec.load(db);
  if (!opts.readonly) migrate(db);
  return db;
}

export function currentSchemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Apply every migration newer than the database's user_version, each in its own transaction. */
export function migrate(db: Db): number[] {
  const applied: number[] = [];
  const sorted = [...MIGRATIONS].sort((a, b) => a.version - b.version);
  // A second process may migrate at the same moment: take the write lock first, then re-read.
  for (const m of sorted) {
    const run = db.transaction(() => {
      if (currentSchemaVersion(db) >= m.version) return false;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
      return true;
    });
    if (run.immediate()) applied.push(m.version);
  }
  return applied;
}

/** Run `fn` in an IMMEDIATE transaction (takes the write lock up front, no upgrade deadlocks). */
export function writeTx<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
