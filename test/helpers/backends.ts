// The two databases a repository test runs against (stateReposBothBackends, indexReposBothBackends):
// each test file adds its PostgreSQL backend (PGlite behind pglite-socket, its own table list) to
// this shape; SQLite is the same everywhere, an empty in-memory database per case.
import type { SyncDb } from '../../src/storage/syncDb.js';
import { openDatabase } from '../../src/storage/sqlite/database.js';

export interface RepoBackend {
  name: string;
  setUp(): Promise<void>;
  /** A database with every migration applied and no rows. */
  fresh(): SyncDb;
  tearDown(): Promise<void>;
  /** Cases of this backend alone, run with the others. */
  ownCases?(): void;
  /** Another node's connection to the same database (PostgreSQL only: a SQLite data folder has one node). */
  secondNode?(): SyncDb;
}

export function sqliteBackend(): RepoBackend {
  let db: ReturnType<typeof openDatabase> | null = null;
  return {
    name: 'SQLite',
    async setUp() {},
    fresh() {
      db?.close();
      return (db = openDatabase(':memory:'));
    },
    async tearDown() {
      db?.close();
    },
  };
}
