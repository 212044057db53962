// Many rows into one table, up to ROWS_PER_STATEMENT per INSERT (multi-row VALUES), for the index
// hooks' bulk writes (a vault page stores ~30 links and ~5 names). Each better-sqlite3 `.run()` is a
// crossing from JavaScript into C and a VDBE program started: 32 link rows to a statement cut the
// links' insert CPU by 37% (vault import, bench/importIndexCost.ts). The statements are prepared
// once per row count: the full chunk, and each remainder as it is first needed.
//
// On SQLite the verb matters. A statement that writes several rows and may abort midway (a plain
// INSERT, or ON CONFLICT DO NOTHING, where a NOT NULL column still aborts) opens a statement
// savepoint, and a savepoint makes FTS5 flush the terms it holds pending for the transaction (see
// pageIndexRepo): one small segment per page written. INSERT OR IGNORE cannot abort and opens none
// (test/unit/rowsInsert.test.ts checks this), so SQLite's multi-row inserts here say OR IGNORE;
// a caller that must store every row checks `run`'s count.
import type { SyncDb, SyncStatement } from '../syncDb.js';

/** Rows per statement: measured against 1 row per statement on the vault import (see the commit). */
export const ROWS_PER_STATEMENT = 32;

/** SQLite's bound on one statement's parameters (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const MAX_PARAMETERS = 32766;

export class RowsInsert {
  /** Statements by the number of rows they insert. */
  private readonly byRows = new Map<number, SyncStatement>();
  private readonly row: string;

  /**
   * `head`: the statement up to its VALUES (`INSERT OR IGNORE INTO t (a, b)`); `columns`: how many
   * values a row has; `tail`: what follows the rows (`ON CONFLICT DO NOTHING`).
   */
  constructor(
    private readonly db: SyncDb,
    private readonly head: string,
    private readonly columns: number,
    private readonly tail = '',
    private readonly rowsPerStatement = ROWS_PER_STATEMENT,
  ) {
    if (!(columns >= 1 && rowsPerStatement >= 1 && columns * rowsPerStatement <= MAX_PARAMETERS)) {
      throw new Error(`${rowsPerStatement} rows of ${columns} columns exceed a statement's ${MAX_PARAMETERS} parameters`);
    }
    this.row = `(${new Array<string>(columns).fill('?').join(', ')})`;
  }

  /**
   * Insert the rows whose values `values` holds one after another (`columns` a row), in order.
   * Returns how many rows the statements inserted (OR IGNORE / DO NOTHING skip some).
   */
  run(values: readonly unknown[]): number {
    const width = this.columns;
    if (values.length % width) throw new Error(`${values.length} values are not rows of ${width}`);
    const rows = values.length / width;
    const chunk = this.rowsPerStatement * width;
    let changes = 0;
    let at = 0;
    if (rows >= this.rowsPerStatement) {
      const full = this.statement(this.rowsPerStatement);
      for (; values.length - at >= chunk; at += chunk) changes += full.run(...(values.length === chunk ? values : values.slice(at, at + chunk))).changes;
    }
    if (at < values.length) changes += this.statement((values.length - at) / width).run(...(at ? values.slice(at) : values)).changes;
    return changes;
  }

  private statement(rows: number): SyncStatement {
    let stmt = this.byRows.get(rows);
    if (!stmt) {
      const sql = `${this.head} VALUES ${new Array<string>(rows).fill(this.row).join(', ')}${this.tail ? ` ${this.tail}` : ''}`;
      this.byRows.set(rows, (stmt = this.db.prepare(sql)));
    }
    return stmt;
  }
}
