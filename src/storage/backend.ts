// The database a node runs on, chosen by its configuration: the SQLite file in the data folder by
// default, PostgreSQL (through the blocking bridge, docs/postgres.md) when BRAINKEEP_DATABASE_URL is
// set. Either way the repositories get one SyncDb with every migration of that backend applied.
import fs from 'node:fs';
import { databaseFile, openDatabase } from './sqlite/database.js';
import { WalCheckpointer } from './sqlite/walCheckpointer.js';
import { openPostgres, redactUrl, vectorSearchNotice, EXTENSIONS } from './postgres/database.js';
import type { SyncDb } from './syncDb.js';

/** What /readyz and the start-up log say about the database (no counts, no names). */
export interface DatabaseStatus {
  backend: 'sqlite' | 'postgres';
  /** The extensions the index uses that are there (PostgreSQL: of vector, pg_trgm, unaccent; SQLite: sqlite-vec, loaded with every connection). */
  extensions: string[];
  /** False on PostgreSQL without pgvector: search is exact (full text) only. */
  vectorSearch: boolean;
  /** Why vector search is off, or anything else the operator must know; null when nothing. */
  notice: string | null;
}

/** SQLite's WAL checkpoints off the event loop; PostgreSQL checkpoints itself (nothing to do). */
export interface Checkpointer {
  start(): Promise<void>;
  /** After bulk work: empty the WAL. True when emptied. */
  truncate(): Promise<boolean>;
  stop(): Promise<void>;
}

const NO_CHECKPOINTS: Checkpointer = {
  start: async () => {},
  truncate: async () => true,
  stop: async () => {},
};

export interface OpenedDatabase {
  db: SyncDb;
  status: DatabaseStatus;
  checkpointer: Checkpointer;
  /** What the PostgreSQL set-up did (indexes made for an extension installed since), for the log. */
  notes: string[];
  /** What is missing (pg_trgm, unaccent: full text works with less), for the log as warnings; pgvector's is `status.notice`. */
  warnings: string[];
  /** The SQLite file, for the readers that open it again (search threads); null on PostgreSQL. */
  sqliteFile: string | null;
  close(): Promise<void>;
}

export function openNodeDatabase(config: { dataDir: string; fsync: boolean; databaseUrl: string | null }): OpenedDatabase {
  if (config.databaseUrl) {
    const { db, extensions, notes } = openPostgres(config.databaseUrl);
    const notice = vectorSearchNotice(extensions);
    return {
      db,
      status: { backend: 'postgres', extensions: EXTENSIONS.filter((e) => extensions[e].installed), vectorSearch: notice == null, notice },
      checkpointer: NO_CHECKPOINTS,
      notes,
      warnings: EXTENSIONS.filter((e) => e !== 'vector' && !extensions[e].installed).map((e) => extensions[e].problem ?? `The PostgreSQL extension "${e}" is missing.`),
      sqliteFile: null,
      close: () => db.close(),
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = databaseFile(config.dataDir);
  const db = openDatabase(file, { synchronous: config.fsync ? 'FULL' : 'NORMAL' });
  return {
    db,
    status: { backend: 'sqlite', extensions: ['sqlite-vec'], vectorSearch: true, notice: null },
    // Started by the server (startService); short-lived CLI processes keep SQLite's own checkpoints.
    checkpointer: new WalCheckpointer(db, file),
    notes: [],
    warnings: [],
    sqliteFile: file,
    close: async () => {
      db.close();
    },
  };
}

/** Where the node's database is, for messages: the SQLite file, or the URL without its password. */
export function describeDatabase(config: { dataDir: string; databaseUrl: string | null }): string {
  return config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `SQLite at ${databaseFile(config.dataDir)}`;
}
