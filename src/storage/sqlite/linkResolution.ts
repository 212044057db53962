// Resolving link keys against the names pages answer to, for link indexing (LinkGraphRepo),
// graph/resolve, the search's page names, the web app (through GraphService) and the migration that
// re-keyed existing indexes. A key (domain/pageRefs.ts) is `<ns><folded>\u001f<exact>`; its
// candidates are every page key with the same folded half, found by one index range, and the
// order among them is the domain's `bestCandidate` (one implementation for every caller).
import { folderOf } from '../../domain/paths.js';
import { bestCandidate, candidateRank, foldPrefix, type KeyCandidate } from '../../domain/pageRefs.js';
import { isPostgres, type SyncDb, type SyncStatement } from '../syncDb.js';
import { ROWS_PER_STATEMENT, RowsInsert } from './rowsInsert.js';

interface Stmts {
  pg: boolean;
  candidates: SyncStatement;
  links: SyncStatement;
  setTarget: SyncStatement;
  /** SQLite: links stored ROWS_PER_STATEMENT to a statement (OR IGNORE: see rowsInsert; storeLinks counts them). */
  insert: RowsInsert | null;
  /** PostgreSQL: many links stored, or retargeted, in one statement (a JSON array of rows). */
  insertMany: SyncStatement | null;
  setTargets: SyncStatement | null;
  /**
   * PostgreSQL: the links and the candidates of many key ranges in one statement each (rows tagged
   * with their range's start). Each range is its own index scan (a LATERAL subquery kept apart by
   * OFFSET 0): joined plainly, a table whose statistics are stale (one just filled by an import)
   * was read whole for every range.
   */
  linksOfRanges: SyncStatement | null;
  candidatesOfRanges: SyncStatement | null;
}

/** Rows per statement when PostgreSQL stores or retargets links in bulk. */
const BULK_ROWS = 1000;

/** The values of a stored link (search_links' columns). */
const LINK_COLUMNS = 8;

const cache = new WeakMap<SyncDb, Stmts>();

/**
 * A key range: the folded prefix and its end, bound as `rangeArgs` gives them. On PostgreSQL keys
 * are indexed by their first 200 characters (migration 8: a B-tree entry cannot hold a long key),
 * and the range is said on those too, which keeps the same rows (truncation keeps the order) and
 * lets the index answer it.
 */
export function keyRange(pg: boolean, column: string): string {
  return pg ? `left(${column}, 200) >= left(?, 200) AND left(${column}, 200) <= left(?, 200) AND ${column} >= ? AND ${column} < ?` : `${column} >= ? AND ${column} < ?`;
}

/** keyRange on PostgreSQL with the bounds taken from a row `r` (lo, hi) instead of parameters. */
function rangeOn(column: string): string {
  return `left(${column}, 200) >= left(r.lo, 200) AND left(${column}, 200) <= left(r.hi, 200) AND ${column} >= r.lo AND ${column} < r.hi`;
}

/** The parameters of `brain_id = ? AND <keyRange>`. */
export function rangeArgs(pg: boolean, brainId: string, lo: string, hi: string): string[] {
  return pg ? [brainId, lo, hi, lo, hi] : [brainId, lo, hi];
}

function stmts(db: SyncDb): Stmts {
  let s = cache.get(db);
  if (!s) {
    const pg = isPostgres(db);
    s = {
      pg,
      candidates: db.prepare(`SELECT key, kind, path, page_id AS "pageId" FROM search_page_keys WHERE brain_id = ? AND ${keyRange(pg, 'key')}`),
      links: db.prepare(
        `SELECT l.from_page_id AS page, l.ordinal, t.key, f.path AS "from", l.to_page_id AS "to"
         FROM search_link_targets t JOIN search_links l ON l.target_id = t.id JOIN pages f ON f.id = l.from_page_id
         WHERE t.brain_id = ? AND ${keyRange(pg, 't.key')}`,
      ),
      setTarget: db.prepare('UPDATE search_links SET to_page_id = ? WHERE from_page_id = ? AND ordinal = ?'),
      insert: pg ? null : new RowsInsert(db, 'INSERT OR IGNORE INTO search_links (from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type)', LINK_COLUMNS),
      // Each statement on PostgreSQL is a round trip (the bridge): an import's tens of thousands of
      // links go in statements of BULK_ROWS rows instead of one each.
      insertMany: pg
        ? db.prepare(
            `INSERT INTO search_links (from_page_id, ordinal, target_id, to_page_id, kind, heading, line, type)
             SELECT * FROM json_to_recordset(CAST(? AS json))
               AS x(from_page_id bigint, ordinal integer, target_id bigint, to_page_id bigint, kind text, heading text, line integer, type text)`,
          )
        : null,
      linksOfRanges: pg
        ? db.prepare(
            `SELECT r.lo AS prefix, l.from_page_id AS page, l.ordinal, t.key, f.path AS "from", l.to_page_id AS "to"
             FROM json_to_recordset(CAST(? AS json)) AS r(lo text, hi text)
             CROSS JOIN LATERAL (SELECT t.id, t.key FROM search_link_targets t WHERE t.brain_id = ? AND ${rangeOn('t.key')} OFFSET 0) t
             JOIN search_links l ON l.target_id = t.id JOIN pages f ON f.id = l.from_page_id`,
          )
        : null,
      candidatesOfRanges: pg
        ? db.prepare(
            `SELECT r.lo AS prefix, k.key, k.kind, k.path, k.page_id AS "pageId"
             FROM json_to_recordset(CAST(? AS json)) AS r(lo text, hi text)
             CROSS JOIN LATERAL (SELECT k.key, k.kind, k.path, k.page_id FROM search_page_keys k WHERE k.brain_id = ? AND ${rangeOn('k.key')} OFFSET 0) k`,
          )
        : null,
      setTargets: pg
        ? db.prepare(
            `UPDATE search_links l SET to_page_id = x.to_page_id
             FROM json_to_recordset(CAST(? AS json)) AS x(from_page_id bigint, ordinal integer, to_page_id bigint)
             WHERE l.from_page_id = x.from_page_id AND l.ordinal = x.ordinal`,
          )
        : null,
    };
    cache.set(db, s);
  }
  return s;
}

/** The upper bound of a folded prefix's range: the separator (\u001f) raised by one. */
function rangeEnd(prefix: string): string {
  return `${prefix.slice(0, -1)} `;
}

/** Where `key` resolves for a link on the page `from` ('' for none), or null. */
export function resolveLinkKey(db: SyncDb, brainId: string, key: string, from = ''): string | null {
  const prefix = foldPrefix(key);
  const s = stmts(db);
  const candidates = s.candidates.all(...rangeArgs(s.pg, brainId, prefix, rangeEnd(prefix))) as KeyCandidate[];
  return bestCandidate(candidates, key, from);
}

/**
 * Whether `key` names more than one page equally well (two pages called "Daniel Weber" in two
 * folders): the resolution order still picks one, by path, but a search should not take it for
 * the one the question means.
 */
export function isAmbiguousKey(db: SyncDb, brainId: string, key: string): boolean {
  const prefix = foldPrefix(key);
  const s = stmts(db);
  const candidates = s.candidates.all(...rangeArgs(s.pg, brainId, prefix, rangeEnd(prefix))) as KeyCandidate[];
  if (candidates.length < 2) return false;
  const ranks = candidates.map((c) => candidateRank(c, key));
  const best = Math.min(...ranks);
  return new Set(candidates.filter((_, i) => ranks[i] === best).map((c) => c.path)).size > 1;
}

/** A link written this batch, not stored yet: flush stores it with its target resolved. */
export interface NewLink {
  pageId: number;
  ordinal: number;
  targetId: number;
  key: string;
  /** The key's folded prefix (foldPrefix). */
  prefix: string;
  /** The linking page's path (ties go to the nearest folder). */
  from: string;
  kind: string;
  heading: string | null;
  line: number;
  type: string;
  /** Where it resolves: set by retargetLinks, then stored by storeLinks. */
  to?: number | null;
}

/**
 * Resolve again every link of a brain whose key shares one of the folded prefixes (a page's names
 * appeared, changed or went): one index range for the candidates and one for the links per prefix,
 * and a write only for the links whose answer changed. The batch's new links (`fresh`, by folded
 * prefix; each prefix is among `prefixes`) are resolved against the same candidates (their `to`
 * set) and stored afterwards by `storeLinks`, in page order: inserted once (32 to a statement on
 * SQLite) instead of an insert as wanted and an update, and appended to the table's primary key
 * (page, ordinal) rather than scattered over it in the order of their names. Returns how many
 * stored links changed.
 */
export function retargetLinks(
  db: SyncDb,
  brainId: string,
  prefixes: Iterable<string>,
  fresh?: Map<string, NewLink[]>,
  noneStored = false,
  /** Every name of the brain's pages by folded prefix, when the caller holds them all (a first import): not read again. */
  known?: Map<string, Array<KeyCandidate & { pageId: number }>>,
): number {
  const s = stmts(db);
  let changed = 0;
  type StoredLink = { page: number; ordinal: number; key: string; from: string; to: number | null };
  type Candidate = KeyCandidate & { pageId: number };
  // SQLite: two point range queries per prefix, as before. PostgreSQL: every prefix's links, then
  // the candidates of those with something to resolve, in a few statements (each one a round trip).
  // `noneStored`: the brain holds no stored link (its first import), so no prefix has any to read.
  let linksOf = noneStored ? (): StoredLink[] => [] : (prefix: string, end: string) => s.links.all(...rangeArgs(false, brainId, prefix, end)) as StoredLink[];
  let candidatesOf = known ? (prefix: string): Candidate[] => known.get(prefix) ?? [] : (prefix: string, end: string) => s.candidates.all(...rangeArgs(false, brainId, prefix, end)) as Candidate[];
  const retargeted: Array<{ from_page_id: number; ordinal: number; to_page_id: number | null }> | null = s.pg ? [] : null;
  let list: Iterable<string> = prefixes;
  if (s.pg) {
    const all = [...prefixes];
    list = all;
    const links = noneStored ? new Map<string, StoredLink[]>() : byRange<StoredLink>(s.linksOfRanges!, brainId, all);
    const candidates = known ?? byRange<Candidate>(s.candidatesOfRanges!, brainId, all.filter((p) => links.has(p) || fresh?.has(p)));
    linksOf = (prefix) => links.get(prefix) ?? [];
    candidatesOf = (prefix) => candidates.get(prefix) ?? [];
  }
  for (const prefix of list) {
    const end = rangeEnd(prefix);
    const links = linksOf(prefix, end);
    const added = fresh?.get(prefix);
    if (!links.length && !added) continue;
    const candidates = candidatesOf(prefix, end);
    const only = candidates.length === 1 ? candidates[0]! : null;
    // Links of one key from one folder resolve alike: resolved once per key and folder (a lone
    // candidate needs neither the memo nor the path-to-id map).
    const idOf = only ? null : new Map(candidates.map((c) => [c.path, c.pageId]));
    const memo = only ? null : new Map<string, number | null>();
    const resolve = (key: string, from: string): number | null => {
      if (!candidates.length) return null;
      // One candidate: bestCandidate answers it or nothing without comparing (no folder, no memo).
      if (only) return bestCandidate(candidates, key, from) == null ? null : only.pageId;
      const at = `${key}\u0000${folderOf(from)}`;
      let to = memo!.get(at);
      if (to === undefined) {
        const path = bestCandidate(candidates, key, from);
        memo!.set(at, (to = path == null ? null : idOf!.get(path)!));
      }
      return to;
    };
    for (const l of links) {
      const to = resolve(l.key, l.from);
      if (to !== l.to) {
        if (retargeted) retargeted.push({ from_page_id: l.page, ordinal: l.ordinal, to_page_id: to });
        else s.setTarget.run(to, l.page, l.ordinal);
        changed++;
      }
    }
    for (const l of added ?? []) l.to = resolve(l.key, l.from);
  }
  if (retargeted) for (let i = 0; i < retargeted.length; i += BULK_ROWS) s.setTargets!.run(JSON.stringify(retargeted.slice(i, i + BULK_ROWS)));
  return changed;
}

/** PostgreSQL: the rows of every key range starting at one of `prefixes`, by prefix (the ranges are disjoint: a prefix ends at the key's only separator). */
function byRange<T>(stmt: SyncStatement, brainId: string, prefixes: string[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (let i = 0; i < prefixes.length; i += BULK_ROWS) {
    const ranges = prefixes.slice(i, i + BULK_ROWS).map((lo) => ({ lo, hi: rangeEnd(lo) }));
    for (const row of stmt.all(JSON.stringify(ranges), brainId) as Array<T & { prefix?: string }>) {
      const prefix = row.prefix!;
      delete row.prefix;
      const list = out.get(prefix);
      if (list) list.push(row);
      else out.set(prefix, [row]);
    }
  }
  return out;
}

/**
 * Store new links resolved by retargetLinks (`to` null: wanted), in the order given. A link never
 * resolved (`to` undefined) is refused: stored as wanted it would stay so until its key changes.
 */
export function storeLinks(db: SyncDb, links: Iterable<NewLink>): void {
  const s = stmts(db);
  const many = s.insertMany;
  const rows: unknown[] = [];
  let stored = 0;
  let expected = 0;
  // SQLite: rows of values, ROWS_PER_STATEMENT links a statement (a crossing into C and a program
  // started per statement, not per link: 37% less of the links' insert CPU).
  const values: unknown[] = [];
  const flush = () => {
    if (many) many.run(JSON.stringify(rows));
    else {
      expected += values.length / LINK_COLUMNS;
      stored += s.insert!.run(values);
    }
    rows.length = 0;
    values.length = 0;
  };
  for (const l of links) {
    if (l.to === undefined) throw new Error(`Link ${l.pageId}/${l.ordinal} ('${l.key}') was not resolved before it was stored (retargetLinks sets its target).`);
    if (!many) {
      values.push(l.pageId, l.ordinal, l.targetId, l.to, l.kind, l.heading, l.line, l.type);
      if (values.length >= ROWS_PER_STATEMENT * LINK_COLUMNS) flush();
    } else {
      rows.push({ from_page_id: l.pageId, ordinal: l.ordinal, target_id: l.targetId, to_page_id: l.to, kind: l.kind, heading: l.heading, line: l.line, type: l.type });
      if (rows.length >= BULK_ROWS) flush();
    }
  }
  if (rows.length || values.length) flush();
  // OR IGNORE (no statement savepoint) would pass over a link a plain INSERT refused: refused here,
  // after the rows before it went in; the index transaction around every apply takes them back.
  if (stored !== expected) {
    throw new Error(`${expected - stored} of ${expected} links were not stored: a link of the same page and position is stored already, or a value the table requires is missing.`);
  }
}
