// The synchronous SQL surface that repositories serving both backends are written against: the
// part of better-sqlite3's Database they use. A better-sqlite3 Database is one as it is (the SQLite
// path calls the same objects as before, at no cost); a PostgresDb (postgres/pgBridge.ts) is the
// other, each call one blocking round trip to the server through a worker thread. SQL for both
// uses `?` or `@name` parameters and the dialect both speak (see docs/postgres.md).

export interface SyncRunResult {
  changes: number;
}

export interface SyncStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): SyncRunResult;
  /** Rows as their first column's value (or as rows again with `pluck(false)`). */
  pluck(toggle?: boolean): SyncStatement;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape better-sqlite3 declares
export type TxFunction = (...params: any[]) => unknown;
type Args<F> = F extends (...args: infer A) => unknown ? A : never;

/** `fn` in a transaction, nested calls in savepoints; `immediate` takes the write lock first. */
export interface SyncTransaction<F extends TxFunction> {
  (...params: Args<F>): ReturnType<F>;
  deferred(...params: Args<F>): ReturnType<F>;
  immediate(...params: Args<F>): ReturnType<F>;
}

export interface SyncDb {
  prepare(sql: string): SyncStatement;
  exec(sql: string): unknown;
  transaction<F extends TxFunction>(fn: F): SyncTransaction<F>;
  readonly inTransaction: boolean;
  /** False once closed. */
  readonly open: boolean;
}

/** The backend a SyncDb talks to: a PostgresDb says so; anything else is a better-sqlite3 Database. */
export function isPostgres(db: SyncDb): boolean {
  return (db as { dialect?: string }).dialect === 'postgres';
}

/**
 * A LIMIT bound at each call: `LIMIT ${boundLimit(db)}` (or `boundLimit(db, '@name')`). SQLite
 * reads a bare `LIMIT ?`'s value while it plans the statement, and so marks the statement to be
 * prepared again whenever that parameter is bound anew: every call parsed and planned its SQL
 * again (measured on SQLite 3.53.2, better-sqlite3 12: the event feed's tail read spent more than
 * half its time there under webhook load). A unary plus keeps the limit a value read when the
 * statement runs. PostgreSQL keeps the plain parameter (it plans as it likes, and `+` on an untyped
 * parameter is not bigint).
 */
export function boundLimit(db: SyncDb, param = '?'): string {
  return isPostgres(db) ? param : `+${param}`;
}

/** A unique index refused the row (SQLite's SQLITE_CONSTRAINT_UNIQUE or primary key, Postgres's 23505). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
