// `brainkeep migrate --to postgres`: copy a node's state from its SQLite file to PostgreSQL. The
// tables copied are derived from the two schemas, not listed by hand: every table both have is
// state unless it is part of the index that a rebuild from the repositories makes again (DERIVED),
// so a table a later migration adds is copied without anyone remembering to list it, and a SQLite
// table (or column) PostgreSQL lacks stops the copy instead of being left behind.
//
// The copy is one PostgreSQL transaction: rows keep their ids (identity columns are set past the
// largest copied value), the triggers that would log or announce the inserts as new events are off
// for the copy (brain_events is itself copied), and tables are filled parents first (foreign keys).
import type { Db } from '../sqlite/database.js';
import type { PostgresDb } from './pgBridge.js';
import { isBrainkeepPgTable } from './migrations/index.js';

/**
 * Index tables, rebuilt from the repositories after the copy (`brainkeep reindex`): pages and their
 * changes feed, files, links, chunks, full text, terms, vectors. Prefixes cover the per-dimension
 * vector tables and SQLite's FTS5 shadow tables.
 */
const DERIVED_TABLES = new Set(['pages', 'page_changes', 'page_tags', 'page_fields', 'files', 'file_links', 'file_text', 'schema_migrations', 'sqlite_sequence']);
const DERIVED_PREFIXES = ['search_', 'vec_', 'file_text_'];

export function isDerivedTable(name: string): boolean {
  return DERIVED_TABLES.has(name) || DERIVED_PREFIXES.some((p) => name.startsWith(p));
}

export interface TablePlan {
  table: string;
  columns: string[];
  /** Identity columns whose sequence is set past the copied rows. */
  identity: string[];
}

export interface StateCopyPlan {
  /** State tables in the order they are filled (parents before children). */
  tables: TablePlan[];
  /** Index tables left to the rebuild. */
  derived: string[];
  /**
   * The identity sequences of index tables, carried past SQLite's highest value: the rebuild's rows
   * (the changes feed's seqs, which clients keep as cursors) never go back, as after a reindex on SQLite.
   */
  sequences: { table: string; column: string; last: number }[];
}

export class StateCopyError extends Error {}

export interface CopiedTable {
  table: string;
  rows: number;
  /** INSERT statements it took (batches capped by parameters and by BATCH_BYTES). */
  statements: number;
}

/** Which tables are state, and with which columns; throws when PostgreSQL cannot take them all. */
export function planStateCopy(sqlite: Db, pg: PostgresDb): StateCopyPlan {
  const sqliteTables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
    (t) => !t.startsWith('sqlite_'),
  );
  const pgColumns = new Map<string, Set<string>>();
  for (const [table, column] of pg.queryRaw(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
  ).rows as [string, string][]) {
    let cols = pgColumns.get(table);
    if (!cols) pgColumns.set(table, (cols = new Set()));
    cols.add(column);
  }
  const identity = new Map<string, string[]>();
  for (const [table, column] of pg.queryRaw(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  ).rows as [string, string][]) {
    identity.set(table, [...(identity.get(table) ?? []), column]);
  }
  const derived: string[] = [];
  const state: TablePlan[] = [];
  const problems: string[] = [];
  for (const table of sqliteTables) {
    if (isDerivedTable(table)) {
      derived.push(table);
      continue;
    }
    const target = pgColumns.get(table);
    if (!target) {
      problems.push(`table ${table} has no counterpart on PostgreSQL`);
      continue;
    }
    const columns = (sqlite.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(table) as string[]);
    const missing = columns.filter((c) => !target.has(c));
    if (missing.length) problems.push(`table ${table}: column(s) ${missing.join(', ')} have no counterpart on PostgreSQL`);
    state.push({ table, columns, identity: (identity.get(table) ?? []).filter((c) => columns.includes(c)) });
  }
  if (problems.length) throw new StateCopyError(`this version cannot copy every state table to PostgreSQL: ${problems.join('; ')}. Nothing was copied.`);
  const sequences: StateCopyPlan['sequences'] = [];
  const autoincrement = new Map(
    sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
      ? (sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]).map((r) => [r.name, r.seq])
      : [],
  );
  for (const table of derived) {
    for (const column of identity.get(table) ?? []) {
      const cols = sqlite.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
      if (!cols.includes(column)) continue;
      const max = (sqlite.prepare(`SELECT MAX("${column}") FROM "${table}"`).pluck().get() as number | null) ?? 0;
      const last = Math.max(max, autoincrement.get(table) ?? 0);
      if (last > 0) sequences.push({ table, column, last });
    }
  }
  return { tables: orderByForeignKeys(state, pg), derived, sequences };
}

/** Parents first: a table is filled after every table its foreign keys reference. */
function orderByForeignKeys(tables: TablePlan[], pg: PostgresDb): TablePlan[] {
  const parents = new Map<string, Set<string>>();
  for (const [child, parent] of pg.queryRaw(
    `SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  ).rows as [string, string][]) {
    if (child === parent) continue;
    let set = parents.get(child);
    if (!set) parents.set(child, (set = new Set()));
    set.add(parent);
  }
  const byName = new Map(tables.map((t) => [t.table, t]));
  const out: TablePlan[] = [];
  const done = new Set<string>();
  const visit = (t: TablePlan, path: Set<string>) => {
    if (done.has(t.table) || path.has(t.table)) return;
    path.add(t.table);
    for (const p of parents.get(t.table) ?? []) {
      const parent = byName.get(p);
      if (parent) visit(parent, path);
    }
    done.add(t.table);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

/** What the target holds already: state tables with rows (the copy refuses them without --force). */
export function stateAlreadyThere(pg: PostgresDb, plan: StateCopyPlan): string[] {
  return plan.tables.filter((t) => pg.queryRaw(`SELECT 1 FROM "${t.table}" LIMIT 1`).rows.length > 0).map((t) => t.table);
}

/** Rows per INSERT: few round trips through the bridge, well under PostgreSQL's 65,535 parameters. */
const BATCH_PARAMS = 20_000;
/**
 * And bytes per INSERT: large values (extracted PDF texts in inbox_texts) would otherwise make one
 * statement of up to a gigabyte, which PostgreSQL refuses (a Bind message of 1 GB or more) and Node
 * holds about three times over (the rows, their copy to the bridge worker, pg's serialised message).
 */
export const BATCH_BYTES = 8 * 1024 * 1024;

/** About how many bytes a value takes in the Bind message. */
function boundBytes(v: unknown): number {
  if (v == null) return 0;
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (v instanceof Uint8Array) return v.byteLength;
  return 8;
}

/**
 * Copy every state table in one transaction; answers the rows copied per table. `force` empties
 * Brainkeep's tables of the target first (state and index: the index is rebuilt after), and no other.
 */
export function copyState(sqlite: Db, pg: PostgresDb, plan: StateCopyPlan, opts: { force: boolean }): CopiedTable[] {
  return pg.transaction(() => {
    const there = stateAlreadyThere(pg, plan);
    if (there.length && !opts.force) {
      throw new StateCopyError(`the PostgreSQL database already holds state (${there.join(', ')}); run with --force to replace it with this data folder's`);
    }
    if (opts.force) {
      // Only Brainkeep's own tables: the database may hold other applications' tables (a managed
      // database's shared schema). No CASCADE: a foreign table that references one of ours stops the
      // copy (nothing changed) instead of being emptied with it.
      const ours = (pg.queryRaw('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()').rows as [string][])
        .map(([t]) => t)
        .filter((t) => t !== 'schema_migrations' && isBrainkeepPgTable(t));
      if (ours.length) {
        try {
          pg.exec(`TRUNCATE ${ours.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
        } catch (e) {
          throw new StateCopyError(
            `--force cannot empty Brainkeep's tables: ${(e as Error).message} (a table that is not Brainkeep's references one of them: drop that reference, or give Brainkeep a database or schema of its own). Nothing was copied.`,
          );
        }
      }
    }
    const counts: CopiedTable[] = [];
    for (const t of plan.tables) {
      // The event log and change notices are copied or rebuilt, not made again by the inserts.
      pg.exec(`ALTER TABLE "${t.table}" DISABLE TRIGGER USER`);
      const cols = t.columns.map((c) => `"${c}"`).join(', ');
      const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / t.columns.length));
      const overriding = t.identity.length ? ' OVERRIDING SYSTEM VALUE' : '';
      let n = 0;
      let statements = 0;
      let batch: unknown[][] = [];
      let bytes = 0;
      const flush = () => {
        if (!batch.length) return;
        const values: unknown[] = [];
        const tuples = batch.map((row) => `(${row.map((v) => `$${values.push(v)}`).join(', ')})`);
        pg.queryRaw(`INSERT INTO "${t.table}" (${cols})${overriding} VALUES ${tuples.join(', ')}`, values);
        n += batch.length;
        statements++;
        batch = [];
        bytes = 0;
      };
      try {
        // rowid order: ids and sequences come out as they went in.
        for (const row of sqlite.prepare(`SELECT ${cols} FROM "${t.table}"`).raw().iterate() as Iterable<unknown[]>) {
          // A row that would take the batch past BATCH_BYTES goes in the next one (a larger row alone).
          const size = row.reduce((b: number, v) => b + boundBytes(v), 0);
          if (batch.length && bytes + size > BATCH_BYTES) flush();
          batch.push(row);
          bytes += size;
          if (batch.length >= perBatch) flush();
        }
        flush();
      } catch (e) {
        throw new StateCopyError(`copying ${t.table}: ${(e as Error).message}`);
      }
      pg.exec(`ALTER TABLE "${t.table}" ENABLE TRIGGER USER`);
      for (const c of t.identity) {
        pg.queryRaw(`SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT MAX("${c}") FROM "${t.table}"), 1), (SELECT MAX("${c}") FROM "${t.table}") IS NOT NULL)`, [
          `"${t.table}"`,
          c,
        ]);
      }
      counts.push({ table: t.table, rows: n, statements });
    }
    for (const s of plan.sequences) pg.queryRaw('SELECT setval(pg_get_serial_sequence($1, $2), $3)', [`"${s.table}"`, s.column, s.last]);
    if (plan.tables.some((t) => t.table === 'brains')) {
      // The index is empty on PostgreSQL: no brain has an indexed commit there yet. Its rebuild
      // replays each brain's history, which is not news: changes stamped before now make no event
      // (brain_event_mutes, as a reindex does), so the copied event log is not told it all again.
      pg.exec('UPDATE brains SET indexed_commit = NULL');
      pg.exec(
        'INSERT INTO brain_event_mutes (brain_id, before) SELECT id, brainkeep_event_time() FROM brains ON CONFLICT (brain_id) DO UPDATE SET before = excluded.before',
      );
    }
    return counts;
  })();
}
