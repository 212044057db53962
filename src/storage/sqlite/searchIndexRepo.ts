// The full-text side of search, derived: pages cut into chunks (title and heading path carried
// into each), indexed by two FTS5 tables over the same rows — words as written and Porter stems
// — and queued for embedding. The FTS5 tables are contentless and a chunk row holds no text: the
// page's markdown is the one copy, and a chunk's text is cut from it again when a snippet needs it. Maintained as a PageIndexHook inside the index transaction, so the
// API, filing, imports, git-push catch-up and reindex all update it the same way. An edited page
// keeps the rows (and vectors) of chunks whose text did not change.
// One module for both backends (docs/postgres.md): on PostgreSQL a chunk's words are tsvector
// columns of its row and its CJK runs a text column matched through pg_trgm (postgres/ftsQuery.ts,
// migration 009); where the dialects differ the statement is chosen by `this.pg`.
import { chunkTexts, chunkTextsOf, chunkTextsOfBody, derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import { bodyAfterParsedFrontmatter } from '../../domain/markdown.js';
import type { PageFacets } from '../../domain/pageFacets.js';
import { foldScripts, ftsColumns, type FtsColumns } from '../../domain/scriptFolding.js';
import type { RelationRules } from '../../domain/relations/relations.js';
import { cjkLines, cjkMatchSql, pgWordText, tsquerySql, TS_RANK_SCALE, TS_RANK_WEIGHTS } from '../postgres/ftsQuery.js';
import { changeVersion } from '../changeBus.js';
import { boundLimit, isPostgres, type SyncDb, type SyncStatement as Statement } from '../syncDb.js';
import { cjkRuns } from '../../domain/scriptFolding.js';
import { onBrainRowsRemoved } from './brainRowsRemoved.js';
import type { Db } from './database.js';
import type { EmbeddingRepo } from './embeddingRepo.js';
import { unpackMarkdown } from './pageText.js';
import { pageFromRow, type IndexedPage, type PageIndexHook, type PreviousPage } from './pageIndexRepo.js';

export type FtsTable = 'exact' | 'stem' | 'cjk';
/** Which chunks a word search ranks: every one, or only those still waiting for a vector. */
export type ChunkScope = 'all' | 'queued';

const CHUNK_COUNT_TTL_MS = 10_000;
/**
 * The words of one column PostgreSQL indexes, at most this many characters (cut at a word): a
 * tsvector holds at most 1 MB, and a page's frontmatter text is repeated in each of its chunks,
 * however large it is. 100,000 characters are at most 400 KB of UTF-8 plus their positions.
 */
const PG_COLUMN_WORD_CHARS = 100_000;

/** A column's words for PostgreSQL (pgWordText), cut to PG_COLUMN_WORD_CHARS. */
function pgWords(s: string): string {
  const words = pgWordText(s);
  if (words.length <= PG_COLUMN_WORD_CHARS) return words;
  const cut = words.lastIndexOf(' ', PG_COLUMN_WORD_CHARS);
  return words.slice(0, cut > 0 ? cut : PG_COLUMN_WORD_CHARS);
}

/** Statements kept on PostgreSQL (see `sql`); emptied when full. */
const PG_STATEMENTS_KEPT = 512;
/** Words whose chunk counts are kept (termDocs); emptied when full. */
const TERM_COUNTS_KEPT = 20_000;
/** Characters of a page's markdown pageTexts reads: a page's first 64 KiB (its name, aliases, opening). */
const PAGE_TEXT_CHARS = 65_536;
/** A web address in a page's text: its words are a site's, not the page's. */
const URL_TEXT = /\b(?:https?|ftp):\/\/[^\s)>\]]+|\bwww\.[^\s)>\]]+/giu;

/** The leaf values of parsed frontmatter (strings, numbers, in arrays and maps), without its keys. */
function leafValues(value: unknown, out: string[] = []): string[] {
  if (value == null) return out;
  if (Array.isArray(value)) for (const v of value) leafValues(v, out);
  else if (typeof value === 'object') for (const v of Object.values(value)) leafValues(v, out);
  else out.push(String(value).replace(URL_TEXT, ' '));
  return out;
}

export interface SearchFilters {
  /** Folder and everything below it ('' = the whole brain). */
  folder: string | null;
  partition: string | null;
  includeArchived: boolean;
  /** Folded tags (see domain/pageFacets): a page must carry every one. */
  tags?: string[];
  /** Folded frontmatter key/value pairs: a page must have every one. */
  fields?: Array<[string, string]>;
  /**
   * An entity type: a page's frontmatter `type` (folded) when it has one, else the type of the
   * deepest schema folder holding it — `folders` are the schema folders of this type, `except` the
   * folders of other types nested inside them.
   */
  type?: { name: string; folders: string[]; except: string[] } | null;
  /** ISO timestamps: updated at or after `updatedAfter`, strictly before `updatedBefore`. */
  updatedAfter?: string | null;
  updatedBefore?: string | null;
}

/** Whether the filters go beyond folder and partition (the page facet tables are asked). */
export function hasFacetFilters(f: SearchFilters): boolean {
  return !!(f.tags?.length || f.fields?.length || f.type || f.updatedAfter || f.updatedBefore);
}

/** A chunk with its score from one ranking (bm25 or cosine distance; lower is better). */
export interface ScoredChunk {
  chunkId: number;
  distance: number;
}

export interface PageHit {
  pageId: number;
  /** The page's best chunk (null for a page without chunks). */
  chunkId: number | null;
  /** That chunk's text, when asked for (the hits of a short list, for their snippets). */
  body?: string;
  path: string;
  title: string;
  summary: string;
  folder: string;
  partition: string | null;
  /** bm25 (lower is better) or cosine distance (lower is better). */
  raw: number;
  /** The chunk's place in its page and the page's blob id, when the lookup read them (its text is cut without asking again). */
  ordinal?: number;
  blob?: string;
}

/**
 * A state of a brain's index: its index writes through this connection (the hooks count them) and
 * the commits of other connections (PRAGMA data_version). What is read in one state holds until
 * either moves.
 */
interface IndexState {
  writes: number;
  external: number;
}

/** What a facet filter admits, as its driving index read it in one state of the index. */
interface FacetEntry extends IndexState {
  /** Pages the driver admits. */
  pages: number;
  /** The chunk ids of those pages, a JSON array (read when a ranking first pushes the filter down). */
  chunks: string | null;
  chunkCount: number;
}

/** How a filtered ranking applies its facet filters (see `facetPlan`). */
export interface FacetPlan {
  driver: string;
  /** The share of the brain's pages the driver admits. */
  share: number;
  /** Applied inside the rankings (a narrow filter), or by a window widened by the share. */
  pushdown: boolean;
  pages: number;
}

/** A hit's chunk and page as `pagesForChunks` reads them: id, page id, ordinal, blob id, path, title, summary, folder, partition. */
type HitRow = [number, number, number, string, string, string, string, string, string | null];

/** What cutting a chunk's text from its page needs. */
interface ChunkPlace {
  id: number;
  pageId: number;
  ordinal: number;
  path: string;
  blob: string;
}

/** A stored chunk: no text (see the top of the file); its hash covers title, heading and text. */
interface ChunkRow {
  id: number;
  ordinal: number;
  heading: string;
  meta: string;
  hash: string;
}

/** A chunk to index: the stored row and the text the FTS5 tables take. */
interface ChunkText {
  id: number;
  title: string;
  heading: string;
  body: string;
  meta: string;
}

const FTS_NAME: Record<FtsTable, string> = { exact: 'search_fts', stem: 'search_fts_stem', cjk: 'search_fts_cjk' };
/** bm25 column weights: title, heading, body, frontmatter. */
const WEIGHTS = '10.0, 4.0, 1.0, 3.0';

/** A parameter given to an overloaded function or operator: typed on PostgreSQL, as written on SQLite. */
function txt(param: string, pg: boolean): string {
  return pg ? `CAST(${param} AS text)` : param;
}

/** The values of a JSON array parameter as rows of one column `value`: ids (`bigint`) or text. */
export function jsonValues(param: string, pg: boolean, ids = true): string {
  if (!pg) return `SELECT value FROM json_each(${param})`;
  return ids ? `SELECT CAST(value AS bigint) AS value FROM json_array_elements_text(CAST(${param} AS json)) AS value` : `SELECT value FROM json_array_elements_text(CAST(${param} AS json)) AS value`;
}

/** Whether folder `col` is one of the folders of the JSON array parameter `param`, or inside one. */
function underAny(col: string, param: string, pg: boolean): string {
  return `EXISTS (SELECT 1 FROM ${pg ? `json_array_elements_text(CAST(${param} AS json)) AS d(value)` : `json_each(${param}) d`} WHERE ${col} = d.value OR substr(${col}, 1, length(d.value) + 1) = d.value || '/')`;
}

/** Page `id` has no frontmatter type of its own (its folder may give it one). */
function untypedPage(id: string): string {
  return `NOT EXISTS (SELECT 1 FROM page_fields f WHERE f.page_id = ${id} AND f.key = 'type')`;
}

/** Page-level filters shared by every search mode; `p` is the pages row. */
function filterSql(f: SearchFilters, pg = false): string {
  const parts: string[] = [];
  const folder = txt('@folder', pg);
  if (f.folder) parts.push(`(p.folder = @folder OR substr(p.folder, 1, length(${folder}) + 1) = ${folder} || '/')`);
  if (f.partition) {
    parts.push(`(p.partition = @partition OR EXISTS (SELECT 1 FROM partitions x WHERE x.brain_id = p.brain_id AND x.key = @partition
      AND (p.folder = x.folder OR substr(p.folder, 1, length(x.folder) + 1) = x.folder || '/')))`);
  }
  f.tags?.forEach((_, i) => parts.push(`EXISTS (SELECT 1 FROM page_tags t WHERE t.brain_id = p.brain_id AND t.tag = @tag${i} AND t.page_id = p.id)`));
  f.fields?.forEach((_, i) =>
    parts.push(`EXISTS (SELECT 1 FROM page_fields f WHERE f.brain_id = p.brain_id AND f.key = @fk${i} AND f.value = @fv${i} AND f.page_id = p.id)`),
  );
  if (f.type) {
    const under = (param: string) => underAny('p.folder', param, pg);
    parts.push(`(EXISTS (SELECT 1 FROM page_fields f WHERE f.brain_id = p.brain_id AND f.key = 'type' AND f.value = @type AND f.page_id = p.id)
      OR (${untypedPage('p.id')}${f.type.folders.length ? ` AND ${under('@typeFolders')}` : pg ? ' AND 1 = 0' : ' AND 0'}${f.type.except.length ? ` AND NOT ${under('@typeExcept')}` : ''}))`);
  }
  if (f.updatedAfter) parts.push('p.updated_at >= @updatedAfter');
  if (f.updatedBefore) parts.push('p.updated_at < @updatedBefore');
  if (!f.includeArchived) {
    parts.push(`NOT EXISTS (SELECT 1 FROM partitions x WHERE x.brain_id = p.brain_id AND x.archived_at IS NOT NULL
      AND (x.key = p.partition OR p.folder = x.folder OR substr(p.folder, 1, length(x.folder) + 1) = x.folder || '/'))`);
  }
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/**
 * Ids (`pid`) of the pages the facet filters admit, read from their indexes: each filter's set,
 * intersected. Exactly the pages filterSql's facet checks pass, an entity type's too (a page in the
 * type's folders only without a frontmatter type of its own, and outside the folders of other types
 * nested there), so pages taken from this set need no facet check again: a pushed-down filter's hits
 * are read as unfiltered ones are (pagesForChunks). Null without a facet filter.
 */
function facetDriverSql(f: SearchFilters, pg = false): string | null {
  const sets: string[] = [];
  f.tags?.forEach((_, i) => sets.push(`SELECT page_id AS pid FROM page_tags WHERE brain_id = @brainId AND tag = @tag${i}`));
  f.fields?.forEach((_, i) => sets.push(`SELECT page_id AS pid FROM page_fields WHERE brain_id = @brainId AND key = @fk${i} AND value = @fv${i}`));
  // The type alone: each folder page checked on its own row (its folder read there, no second
  // pages lookup); with other filters, checked once they have narrowed the type's superset.
  const typeOnly = f.type != null && !f.tags?.length && !f.fields?.length && !f.updatedAfter && !f.updatedBefore;
  if (f.type) {
    // By the frontmatter field, or in the type's folders (each folder and its subfolders a range of
    // the folder index): with other filters a superset, made exact below once they have narrowed it.
    const byField = "SELECT page_id AS pid FROM page_fields WHERE brain_id = @brainId AND key = 'type' AND value = @type";
    const own = typeOnly ? typeFolderCheck(f.type, 'tp', pg) : '';
    const inFolders = f.type.folders.map(
      (_, i) => `SELECT id AS pid FROM pages tp WHERE brain_id = @brainId AND folder = @tf${i}${own}
        UNION ALL SELECT id AS pid FROM pages tp WHERE brain_id = @brainId AND folder >= ${txt(`@tf${i}`, pg)} || '/' AND folder < ${txt(`@tf${i}`, pg)} || '0'${own}`,
    );
    // DISTINCT: a page in two of the type's folders (one nested in the other) is in both ranges.
    if (typeOnly) return `SELECT ${f.type.folders.length > 1 ? 'DISTINCT ' : ''}pid FROM (${[byField, ...inFolders].join(' UNION ALL ')}) AS t`;
    sets.push(`SELECT pid FROM (${[byField, ...inFolders].join(' UNION ALL ')}) AS t`);
  }
  if (f.updatedAfter || f.updatedBefore) {
    sets.push(`SELECT id AS pid FROM pages WHERE brain_id = @brainId${f.updatedAfter ? ' AND updated_at >= @updatedAfter' : ''}${f.updatedBefore ? ' AND updated_at < @updatedBefore' : ''}`);
  }
  if (!sets.length) return null;
  const driver = sets.length === 1 ? sets[0]! : sets.map((x, i) => `SELECT pid FROM (${x}) AS s${i}`).join(' INTERSECT ');
  if (!f.type?.folders.length) return driver;
  // A page of the type's folders counts by its folder only without a type of its own and outside
  // the folders of other types nested there (as filterSql reads it), else by its frontmatter type.
  // Checked on the intersection (a tag's pages of the type, not every page of its folders): a
  // filter's first search after a write pays one index probe per page it may admit.
  const except = f.type.except.length ? ` AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.id = x.pid AND ${underAny('p.folder', '@typeExcept', pg)})` : '';
  // DISTINCT: a page typed by its frontmatter inside the folders is in the superset twice.
  return `SELECT DISTINCT pid FROM (${driver}) AS x WHERE (${untypedPage('x.pid')}${except})
    OR EXISTS (SELECT 1 FROM page_fields f WHERE f.brain_id = @brainId AND f.key = 'type' AND f.value = @type AND f.page_id = x.pid)`;
}

/**
 * The condition that a pages row (`alias`) in the type's folders counts by its folder: no
 * frontmatter type of its own, and outside the folders of other types nested there.
 */
function typeFolderCheck(type: NonNullable<SearchFilters['type']>, alias: string, pg: boolean): string {
  const except = type.except.length ? ` AND NOT ${underAny(`${alias}.folder`, '@typeExcept', pg)}` : '';
  return ` AND ${untypedPage(`${alias}.id`)}${except}`;
}

/** Chunk ids of the pages a facet driver admits. */
function drivenChunksSql(driver: string): string {
  return `SELECT c.id FROM (${driver}) d JOIN search_chunks c ON c.page_id = d.pid`;
}

/**
 * Below this share of a brain's pages a facet filter goes into the rankings (FTS5 tests each match
 * against the chunks of its pages, bm25 computed only for those that pass; vec0 measures only
 * them); above it the best matches are ranked in a wider window and their pages filtered after.
 */
export const PUSHDOWN_SHARE = 0.3;
/**
 * What the facet filters admit (page counts, and the chunk ids of a pushed-down filter) is kept
 * for this many filters, and up to this many chunk ids in all, until the brain's index changes
 * (see `facetEntry`). Read again for every query, the chunk ids of a filter admitting 12% of
 * 10,000 pages cost 0.45 ms, as much as the FTS5 ranking they narrow.
 */
const FACETS_KEPT = 256;
/**
 * Hit rows kept per brain, counted after a call adds its rows: at most this many rows and this
 * many characters (paths, titles and summaries: a summary may be long), ≈ 8 MB a brain. A call
 * whose own rows pass either bound (a widened window: vector k up to 11,520) keeps none of them.
 */
const HIT_ROWS_KEPT = 20_000;
const HIT_ROW_CHARS_KEPT = 4_000_000;
/** What a kept row costs beside its strings (the array, its numbers, its map entry), in characters. */
const HIT_ROW_OVERHEAD_CHARS = 100;
const HIT_ROW_BRAINS_KEPT = 4;
const FACET_CHUNKS_KEPT = 2_000_000;
/**
 * Chunk text kept for snippets, in characters (≈ 8 MB), least recently used out first. By size,
 * not by pages: 1,000 pages kept a tenth of a 10,000-page brain, and most hits were cut again.
 */
const CUT_CHARS_KEPT = 4_000_000;

function sameState(a: IndexState, b: IndexState): boolean {
  return a.writes === b.writes && a.external === b.external;
}

function filterParams(f: SearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.folder) out.folder = f.folder;
  if (f.partition) out.partition = f.partition;
  f.tags?.forEach((t, i) => (out[`tag${i}`] = t));
  f.fields?.forEach(([k, v], i) => {
    out[`fk${i}`] = k;
    out[`fv${i}`] = v;
  });
  if (f.type) {
    out.type = f.type.name;
    if (f.type.folders.length) out.typeFolders = JSON.stringify(f.type.folders);
    f.type.folders.forEach((d, i) => (out[`tf${i}`] = d));
    if (f.type.except.length) out.typeExcept = JSON.stringify(f.type.except);
  }
  if (f.updatedAfter) out.updatedAfter = f.updatedAfter;
  if (f.updatedBefore) out.updatedBefore = f.updatedBefore;
  return out;
}

export class SearchIndexRepo implements PageIndexHook {
  private readonly stmts;
  private readonly putListeners = new Set<(brainId: string, path: string) => void>();
  private readonly queueListeners = new Set<() => void>();
  /** Statements whose text depends on the filters or table, prepared once per text. */
  private readonly statements = new Map<string, Statement>();
  private readonly rawStatements = new Map<string, Statement>();
  /**
   * Unfiltered hit rows by brain, in the index state they were read in (see `keptHitRows`).
   * The rule that keeps them right: every change of a brain's pages or chunks through this
   * connection either goes through the index hooks (`indexChanged`) or, where rows go without
   * them (a brain's row deleted, its pages and chunks by FK cascade: BrainsRepo.delete), drops
   * the brain's entry (`brainRowsRemoved`); another connection's commit changes data_version.
   * A new path that writes pages, chunks or brains beside the hooks must do one of the two.
   */
  private readonly hitRows = new Map<string, IndexState & { rows: Map<number, HitRow | null>; chars: number }>();
  /** Page counts by brain, in the index state they were counted in (see `indexState`). */
  private readonly pageCounts = new Map<string, IndexState & { n: number }>();
  /** What facet filters admit, by brain, filter and values; least recently used first (see `facetEntry`). */
  private readonly facets = new Map<string, FacetEntry>();
  private facetChunks = 0;
  /** Index writes through this connection, by brain: what a kept facet entry was read after. */
  private readonly indexWrites = new Map<string, number>();
  /** SQLite's PRAGMA data_version (null on PostgreSQL: nothing read is kept across calls there, see `indexState`). */
  private readonly dataVersion: Statement | null;
  private readonly pg: boolean;
  /**
   * Chunk texts of pages cut recently, by page id (insertion order = age). `complete`: `texts` holds
   * every chunk of the page (else its first chunks, as far as a cut was asked to go).
   */
  private readonly cutPages = new Map<number, { blob: string; path: string; texts: string[]; chars: number; complete: boolean }>();
  private cutChars = 0;
  /** Chunks in the whole index (for word rarity), counted at most every CHUNK_COUNT_TTL_MS. */
  private allChunks: { n: number; at: number } | null = null;
  /** Bumped by every change of the index through this connection (a page put or removed, a brain cleared). */
  private generation = 0;
  /**
   * Words' chunk counts (termDocs), kept while the index is as it was when they were read: no
   * change through this connection (`generation`) nor a commit by another one (PRAGMA data_version).
   * Counting a word reads its whole posting list (fts5vocab stores no counts), which cost a hybrid
   * question as much as a fifth of its words ranking; questions keep asking the same words.
   */
  private readonly termCounts = new Map<string, number>();
  private termCountsOf: IndexState = { writes: -1, external: -1 };
  /** Opened `query_only` (openReader): its transactions only read (see `indexState`). */
  private readonly queryOnly: boolean;

  constructor(
    private readonly db: SyncDb,
    private readonly embeddings: EmbeddingRepo,
  ) {
    const pg = (this.pg = isPostgres(db));
    // On PostgreSQL the words are columns of the chunk's row (written with it): there is no FTS5
    // table, and the FTS5 statements (`none` there) are never run (pagePut, removeChunks and
    // brainCleared take their PostgreSQL branch before any).
    const none = { run: () => ({ changes: 0 }) } as unknown as Statement;
    const ftsInsert = (t: string) => (pg ? none : db.prepare(`INSERT INTO ${t} (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)`));
    // Contentless: a row is taken out with the values it was indexed with (its text cut from the page as it was).
    const ftsDelete = (t: string) => (pg ? none : db.prepare(`INSERT INTO ${t} (${t}, rowid, title, heading, body, meta) VALUES ('delete', ?, ?, ?, ?, ?)`));
    const ftsDeleteAll = (t: string) => (pg ? none : db.prepare(`INSERT INTO ${t} (${t}) VALUES ('delete-all')`));
    this.dataVersion = pg ? null : db.prepare('PRAGMA data_version').pluck();
    this.queryOnly = !pg && (db as Db).pragma('query_only', { simple: true }) === 1;
    onBrainRowsRemoved(db, (brainId) => this.brainRowsRemoved(brainId));
    // A chunk's words on PostgreSQL: the four columns weighted A (title), B (heading), D (body), C
    // (frontmatter), each split into words as unicode61 splits them and folded as it folds them
    // (pgWordText). Not through unaccent: its rules fold more (ß, Ł, ligatures, modifier letters)
    // and PostgreSQL would find words SQLite does not.
    const tsv = (config: string) =>
      (['@t A', '@h B', '@b D', '@m C'] as const)
        .map((x) => {
          const [param, weight] = x.split(' ');
          return `setweight(to_tsvector('${config}', CAST(${param} AS text)), '${weight}')`;
        })
        .join(' || ');
    this.stmts = {
      chunksOfPage: db.prepare('SELECT id, ordinal, heading, meta, hash FROM search_chunks WHERE page_id = ? ORDER BY ordinal'),
      chunksOfBrain: db.prepare(
        `SELECT c.id, c.page_id AS pageId, c.ordinal, c.heading, c.meta, p.title, p.path
         FROM search_chunks c JOIN pages p ON p.id = c.page_id WHERE c.brain_id = ?`,
      ),
      otherBrainsChunk: db.prepare('SELECT 1 FROM search_chunks WHERE brain_id <> ? LIMIT 1').pluck(),
      // No RETURNING: it opens a statement savepoint that makes FTS5 flush its pending terms (see pageIndexRepo).
      insertChunk: db.prepare('INSERT INTO search_chunks (brain_id, page_id, ordinal, heading, meta, hash) VALUES (?, ?, ?, ?, ?, ?)'),
      updateChunk: db.prepare('UPDATE search_chunks SET ordinal = ?, heading = ?, meta = ?, hash = ? WHERE id = ?'),
      // PostgreSQL: the chunk with its words in one statement (its id returned), or its words rewritten.
      pgInsertChunk: pg
        ? db.prepare(
            `INSERT INTO search_chunks (brain_id, page_id, ordinal, heading, meta, hash, words, stems, cjk)
             VALUES (@brainId, @pageId, @ordinal, @heading, @meta, @hash, ${tsv('simple')}, ${tsv('brainkeep_stem')}, @cjk) RETURNING id`,
          ).pluck()
        : none,
      pgUpdateChunk: pg
        ? db.prepare(
            `UPDATE search_chunks SET ordinal = @ordinal, heading = @heading, meta = @meta, hash = @hash,
               words = ${tsv('simple')}, stems = ${tsv('brainkeep_stem')}, cjk = @cjk WHERE id = @id`,
          )
        : none,
      setOrdinal: db.prepare('UPDATE search_chunks SET ordinal = ? WHERE id = ?'),
      deleteChunk: db.prepare('DELETE FROM search_chunks WHERE id = ?'),
      ftsInsert: [ftsInsert('search_fts'), ftsInsert('search_fts_stem')],
      ftsDelete: [ftsDelete('search_fts'), ftsDelete('search_fts_stem')],
      ftsDeleteAll: [ftsDeleteAll('search_fts'), ftsDeleteAll('search_fts_stem'), ftsDeleteAll('search_fts_cjk')],
      cjkInsert: ftsInsert('search_fts_cjk'),
      cjkDelete: ftsDelete('search_fts_cjk'),
      insertTag: db.prepare('INSERT INTO page_tags (brain_id, tag, page_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      insertField: db.prepare('INSERT INTO page_fields (brain_id, key, value, page_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
      tagsOfPage: db.prepare('SELECT tag FROM page_tags WHERE page_id = ?').pluck(),
      fieldsOfPage: pg ? db.prepare('SELECT key, value FROM page_fields WHERE page_id = ?') : (db as Db).prepare('SELECT key, value FROM page_fields WHERE page_id = ?').raw(),
      deleteTags: db.prepare('DELETE FROM page_tags WHERE page_id = ?'),
      deleteFields: db.prepare('DELETE FROM page_fields WHERE page_id = ?'),
      clearTags: db.prepare('DELETE FROM page_tags WHERE brain_id = ?'),
      clearFields: db.prepare('DELETE FROM page_fields WHERE brain_id = ?'),
    };
  }

  private sql(text: string): Statement {
    let stmt = this.statements.get(text);
    if (!stmt) {
      // PostgreSQL's ranking statements spell out the query's shape (its strings, operators and
      // filters) in their text, so their number has no bound: the kept ones are dropped when many.
      // (A PostgreSQL statement is a name for its text; nothing is prepared on the server.)
      if (this.pg && this.statements.size >= PG_STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(text, (stmt = this.db.prepare(text)));
    }
    return stmt;
  }

  /** A statement that returns its rows as arrays (kept apart from `sql`'s: raw mode is a statement's state). */
  private rawSql(text: string): { all(params: unknown): unknown[] } {
    if (this.pg) {
      // The bridge returns objects whose keys are in column order: their values are the array.
      const stmt = this.sql(text);
      return { all: (params) => stmt.all(params).map((r) => Object.values(r as Record<string, unknown>)) };
    }
    let stmt = this.rawStatements.get(text);
    if (!stmt) this.rawStatements.set(text, (stmt = (this.db as Db).prepare(text).raw()));
    return stmt;
  }

  /**
   * A brain's pages, chunks or facets change (called by the index hooks, before they write, inside
   * the index transaction): what was kept of its facet filters is read again. Every write of the
   * page, chunk and facet tables goes through these hooks (pageIndexRepo calls them beside each
   * page row it writes or deletes).
   */
  private indexChanged(brainId: string): void {
    this.generation++;
    this.indexWrites.set(brainId, (this.indexWrites.get(brainId) ?? 0) + 1);
  }

  /** Called (inside the index transaction) for each page put; the reindex progress bar listens. */
  onPagePut(listener: (brainId: string, path: string) => void): () => void {
    this.putListeners.add(listener);
    return () => this.putListeners.delete(listener);
  }

  /** Called after chunks were queued for embedding (the worker wakes up). */
  onQueued(listener: () => void): () => void {
    this.queueListeners.add(listener);
    return () => this.queueListeners.delete(listener);
  }

  pagePut(brainId: string, page: IndexedPage, derived: DerivedPage, isNew = false, previous?: PreviousPage): void {
    this.indexChanged(brainId);
    const wanted = derived.chunks;
    const old = isNew ? [] : (this.stmts.chunksOfPage.all(page.id) as ChunkRow[]);
    const was = this.indexedText(page.path, previous ?? page);
    const byHash = new Map<string, ChunkRow[]>();
    for (const o of old) byHash.set(o.hash, [...(byHash.get(o.hash) ?? []), o]);
    const kept = new Set<number>();
    let queued = false;
    for (const w of wanted) {
      const same = byHash.get(w.hash)?.shift();
      if (same) {
        kept.add(same.id);
        // The hash covers title, heading and text (joined by line breaks, so the heading is compared
        // on its own too); the frontmatter text is outside it.
        if (same.meta !== w.meta || same.heading !== w.heading) {
          if (this.pg) {
            this.stmts.pgUpdateChunk.run({ ...this.pgChunkParams({ ...w, id: same.id }, w.fts), id: same.id, ordinal: w.ordinal, hash: w.hash });
            continue;
          }
          this.ftsDelete(was(same));
          this.stmts.updateChunk.run(w.ordinal, w.heading, w.meta, w.hash, same.id);
          this.ftsInsert({ ...w, id: same.id }, w.fts);
        } else if (same.ordinal !== w.ordinal) {
          this.stmts.setOrdinal.run(w.ordinal, same.id);
        }
        continue;
      }
      let id: number;
      if (this.pg) {
        id = this.stmts.pgInsertChunk.get({ ...this.pgChunkParams({ ...w, id: 0 }, w.fts), brainId, pageId: page.id, ordinal: w.ordinal, hash: w.hash }) as number;
      } else {
        id = Number((this.stmts.insertChunk.run(brainId, page.id, w.ordinal, w.heading, w.meta, w.hash) as unknown as { lastInsertRowid: number | bigint }).lastInsertRowid);
        this.ftsInsert({ ...w, id }, w.fts);
      }
      // Without vectors (PostgreSQL without pgvector) nothing is queued: no worker embeds it.
      if (!this.embeddings.vectorsOff) {
        this.embeddings.enqueue(brainId, id, page.updatedAt);
        queued = true;
      }
    }
    this.removeChunks(old.filter((o) => !kept.has(o.id)), was);
    this.putFacets(brainId, page.id, derived.facets, isNew);
    for (const l of this.putListeners) l(brainId, page.path);
    if (queued) this.notifyQueued();
  }

  /**
   * Index pages that have no chunks yet (a database indexed before search existed), through
   * this hook and the others given (the link graph). Returns how many pages it indexed.
   */
  indexMissingPages(others: PageIndexHook[], rulesOf: (brainId: string) => RelationRules | null = () => null): number {
    return this.db.transaction(() => {
      const rows = this.sql('SELECT * FROM pages p WHERE NOT EXISTS (SELECT 1 FROM search_chunks c WHERE c.page_id = p.id)')
        .all() as Array<Record<string, unknown>>;
      const hooks: PageIndexHook[] = [this, ...others];
      const brains = new Set<string>();
      for (const r of rows) {
        const page = pageFromRow(r);
        if (!brains.has(page.brainId)) for (const h of hooks) h.batchStart?.(page.brainId);
        brains.add(page.brainId);
        const derived = derivePage(page.path, page.markdown, rulesOf(page.brainId));
        for (const h of hooks) h.pagePut(page.brainId, page, derived, false);
      }
      for (const brainId of brains) for (const h of hooks) h.flush?.(brainId);
      return rows.length;
    }).immediate();
  }

  pageRemoved(brainId: string, pageId: number, path: string, previous?: PreviousPage): void {
    this.indexChanged(brainId);
    const rows = this.stmts.chunksOfPage.all(pageId) as ChunkRow[];
    if (!previous && rows.length) throw new Error(`the index lost the text of ${path} before its chunks`);
    if (previous) this.removeChunks(rows, this.indexedText(path, previous));
    this.stmts.deleteTags.run(pageId);
    this.stmts.deleteFields.run(pageId);
    this.embeddings.forgetPage(pageId);
  }

  /** A page's tags and frontmatter fields, rewritten only when they changed. */
  private putFacets(brainId: string, pageId: number, facets: PageFacets, isNew: boolean): void {
    if (!isNew) {
      const tags = this.stmts.tagsOfPage.all(pageId) as string[];
      const rows = this.stmts.fieldsOfPage.all(pageId);
      const fields = (this.pg ? (rows as Array<{ key: string; value: string }>).map((r): [string, string] => [r.key, r.value]) : rows) as Array<[string, string]>;
      const key = (f: [string, string]) => `${f[0]}\u0000${f[1]}`;
      const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
      if (same(tags, facets.tags) && same(fields.map(key), facets.fields.map(key))) return;
      if (tags.length) this.stmts.deleteTags.run(pageId);
      if (fields.length) this.stmts.deleteFields.run(pageId);
    }
    for (const t of facets.tags) this.stmts.insertTag.run(brainId, t, pageId);
    for (const [k, v] of facets.fields) this.stmts.insertField.run(brainId, k, v, pageId);
  }

  brainCleared(brainId: string): void {
    this.indexChanged(brainId);
    this.embeddings.clearBrain(brainId);
    if (this.pg) {
      // The words go with the chunk rows.
    } else if (this.stmts.otherBrainsChunk.get(brainId) === undefined) {
      for (const s of this.stmts.ftsDeleteAll) s.run();
    } else {
      // .all(), not .iterate(): better-sqlite3 refuses other statements while an iterator is open.
      const rows = this.stmts.chunksOfBrain.all(brainId) as Array<ChunkRow & { pageId: number; title: string; path: string }>;
      const markdownOf = this.sql('SELECT markdown FROM pages WHERE id = ?').pluck();
      const texts = chunkTextsOf(rows, (pageId) => unpackMarkdown(markdownOf.get(pageId)));
      for (const r of rows) this.ftsDelete({ id: r.id, title: r.title, heading: r.heading, body: texts.get(r.id) ?? '', meta: r.meta });
    }
    this.sql('DELETE FROM search_chunks WHERE brain_id = ?').run(brainId);
    this.stmts.clearTags.run(brainId);
    this.stmts.clearFields.run(brainId);
  }

  /**
   * The values a page's stored chunks were indexed with: title and text from the page as it was
   * (`page`), heading and frontmatter text from the row. The text is cut only if a chunk leaves.
   */
  private indexedText(path: string, page: { title: string; markdown: string }): (row: ChunkRow) => ChunkText {
    let texts: string[] | null = null;
    return (row) => {
      texts ??= chunkTexts(path, page.markdown);
      return { id: row.id, title: page.title, heading: row.heading, body: texts[row.ordinal] ?? '', meta: row.meta };
    };
  }

  private removeChunks(rows: ChunkRow[], indexed: (row: ChunkRow) => ChunkText): void {
    if (!rows.length) return;
    this.embeddings.forgetChunks(rows.map((r) => r.id));
    for (const r of rows) {
      // On PostgreSQL the words go with the row.
      if (!this.pg) this.ftsDelete(indexed(r));
      this.stmts.deleteChunk.run(r.id);
    }
  }

  /**
   * A chunk's text columns as PostgreSQL's statements take them: split into words as unicode61
   * does (the word tables' values, already script-folded when derivation computed them), and its
   * CJK runs one line per column.
   */
  private pgChunkParams(c: ChunkText, fts?: FtsColumns): Record<string, unknown> {
    const cols = [c.title, c.heading, c.body, c.meta];
    const w = (fts ?? ftsColumns(cols)).words ?? cols;
    return { t: pgWords(w[0]!), h: pgWords(w[1]!), b: pgWords(w[2]!), m: pgWords(w[3]!), heading: c.heading, meta: c.meta, cjk: cjkLines(cols, cjkRuns) };
  }

  /** `fts`: the values derivation computed for these columns (domain/scriptFolding ftsColumns). */
  private ftsInsert(c: ChunkText, fts?: FtsColumns): void {
    this.ftsWrite(c, this.stmts.ftsInsert, this.stmts.cjkInsert, fts);
  }

  private ftsDelete(c: ChunkText): void {
    this.ftsWrite(c, this.stmts.ftsDelete, this.stmts.cjkDelete);
  }

  /**
   * A chunk into (or, with the 'delete' statements, out of) the FTS5 tables, as each indexes it: the
   * word tables take its columns script-folded, the CJK table their bigrams when any column has CJK
   * text (ftsColumns). One place, so a row always goes out with the values it went in with.
   */
  private ftsWrite(c: ChunkText, words: Statement[], cjk: Statement, fts?: FtsColumns): void {
    const cols = [c.title, c.heading, c.body, c.meta];
    const values = fts ?? ftsColumns(cols);
    const w = values.words ?? cols;
    for (const s of words) s.run(c.id, w[0], w[1], w[2], w[3]);
    if (values.cjk) cjk.run(c.id, ...values.cjk);
  }

  /** Wake the embedding worker: chunks were queued, or a brain's embedding settings changed (re-embed). */
  notifyQueued(): void {
    // Listeners run after the surrounding transaction has returned control to the event loop.
    setImmediate(() => {
      for (const l of this.queueListeners) l();
    });
  }

  /**
   * Pages whose chunks match an FTS5 expression, best chunk per page, best pages first.
   * `chunks`: every chunk, or only those still waiting for a vector (`queued`, semantic mode's fallback).
   * The best-scoring chunks are ranked by FTS5 alone (the same query as a bare FTS5 search), then
   * their pages are looked up and grouped; the window widens only when other brains' chunks,
   * filters or repeated pages leave fewer than `limit` pages and more matches exist.
   */
  matchPages(brainId: string, table: FtsTable, match: string, filters: SearchFilters, limit: number, chunks: ChunkScope = 'all'): PageHit[] {
    const fts = FTS_NAME[table];
    if (table !== 'cjk') match = foldScripts(match);
    const queued = chunks === 'queued' ? ` AND rowid IN (SELECT chunk_id FROM search_embed_queue WHERE brain_id = @brainId)` : '';
    // Facet filters (tag, type, field, date): a narrow one is applied inside the ranking query
    // (`+rowid`: each match tested against the chunks its pages hold, not used to drive FTS5, and
    // bm25 computed only for those that pass); a wide one by a window widened by its share. Folder
    // and partition are checked on the pages found.
    const scope = this.facetScope(brainId, filters);
    const plan = scope?.plan;
    if (plan?.pages === 0) return [];
    const admitted = scope?.admitted ?? null;
    let params: Record<string, unknown> = { ...(chunks === 'queued' ? { brainId } : {}), ...(admitted != null ? { admitted } : {}) };
    let rank: Statement;
    if (this.pg) {
      const pgRank = this.pgRankSql(table, match, chunks, admitted != null);
      if (!pgRank) return [];
      rank = this.sql(pgRank.sql);
      params = { ...params, ...pgRank.params, brainId };
    } else {
      rank = this.sql(
        `SELECT rowid AS chunkId, bm25(${fts}, ${WEIGHTS}) AS distance FROM ${fts}
         WHERE ${fts} MATCH @match${queued}${admitted != null ? ' AND +rowid IN (SELECT value FROM json_each(@admitted))' : ''} ORDER BY distance LIMIT ${boundLimit(this.db, '@window')}`,
      );
      params.match = match;
    }
    const first = limit + Math.max(4, limit >> 1);
    // Pushed down, the facet filters are applied in the query: folder or partition still thin the window.
    const others = admitted != null && (filters.folder || filters.partition);
    const start = !plan ? first : admitted == null ? Math.ceil((first * 1.25) / plan.share) : others ? first * 4 : first;
    for (let window = start; ; window *= 8) {
      const scored = rank.all({ ...params, window }) as ScoredChunk[];
      const pages = this.pagesForChunks(brainId, scored, filters, limit, admitted != null);
      if (pages.length >= limit || scored.length < window) return pages;
    }
  }

  /**
   * matchPages' ranking on PostgreSQL: the brain's chunks whose words match (a tsquery built from
   * the FTS5 expression, through the GIN index of `words` or `stems`), ranked by ts_rank_cd with the
   * column weights, negated so that lower is better as bm25; or, for the CJK table, the chunks whose
   * CJK runs hold the expression's strings (pg_trgm's index), ranked by how many each column holds
   * (each weighted as bm25 weighs its column).
   * Null when the expression holds no word.
   */
  private pgRankSql(table: FtsTable, match: string, chunks: ChunkScope, admitted: boolean): { sql: string; params: Record<string, unknown> } | null {
    const params: Record<string, unknown> = {};
    const scope = `${chunks === 'queued' ? ' AND c.id IN (SELECT chunk_id FROM search_embed_queue WHERE brain_id = @brainId)' : ''}${admitted ? ` AND c.id IN (${jsonValues('@admitted', true)})` : ''}`;
    if (table === 'cjk') {
      const m = cjkMatchSql(match, 'c.cjk', params);
      if (!m) return null;
      return {
        sql: `SELECT c.id AS "chunkId", -${m.rank} AS distance FROM search_chunks c
              WHERE c.cjk IS NOT NULL AND ${m.where} AND c.brain_id = @brainId${scope} ORDER BY distance, c.id LIMIT @window`,
        params,
      };
    }
    const column = table === 'stem' ? 'stems' : 'words';
    const query = tsquerySql(match, table === 'stem' ? 'brainkeep_stem' : 'simple', params);
    if (!query) return null;
    return {
      sql: `SELECT c.id AS "chunkId", -${TS_RANK_SCALE} * ts_rank_cd(CAST('${TS_RANK_WEIGHTS}' AS real[]), c.${column}, q.q, 1) AS distance
            FROM (SELECT ${query} AS q) AS q JOIN search_chunks c ON c.${column} @@ q.q
            WHERE c.brain_id = @brainId${scope} ORDER BY distance, c.id LIMIT @window`,
      params,
    };
  }

  /**
   * Group scored chunks (lower is better, best first) by page under the filters, best pages first:
   * a page takes the score of its best chunk. Ties go by path. `admitted`: every chunk is one of
   * `admittedChunks` for these filters.
   */
  pagesForChunks(brainId: string, scored: ScoredChunk[], filters: SearchFilters, limit: number, admitted = false): PageHit[] {
    if (!scored.length) return [];
    const archived = !filters.includeArchived && this.hasArchivedPartitions(brainId);
    // Chunks taken from the admitted set (`admittedChunks`, read in this same state of the index)
    // passed the tag, field, type and date filters already (facetDriverSql is exact): with no
    // folder or partition, their rows are read as an unfiltered search's are (kept, see below).
    if (admitted) filters = { ...filters, tags: undefined, fields: undefined, type: null, updatedAfter: null, updatedBefore: null };
    const where = filterSql({ ...filters, includeArchived: !archived }, this.pg);
    // `+c.brain_id`: look chunks up by id and check the brain on the row, not through the brain index.
    // Read as arrays, each made into its hit here: better-sqlite3 builds a row object property by
    // property (a third of this lookup's CPU time for the 45 rows a hybrid list reads).
    const read = (ids: number[]) =>
      this.rawSql(
        `SELECT c.id, c.page_id, c.ordinal, p.blob_oid, p.path, p.title, p.summary, p.folder, p.partition
         FROM search_chunks c JOIN pages p ON p.id = c.page_id
         WHERE c.id IN (${jsonValues('@ids', this.pg)}) AND ${this.pg ? '' : '+'}c.brain_id = @brainId${where}`,
      ).all({ brainId, ids: JSON.stringify(ids), ...filterParams(filters) }) as HitRow[];
    // Unfiltered, the rows are kept while the brain's index stays as it is: each ranking list reads
    // 12 to 45 of them, two lists of a hybrid search mostly the same pages, and questions return to them.
    const kept = where ? null : this.keptHitRows(brainId);
    let rows: HitRow[];
    if (kept) {
      const missing = [...new Set(scored.filter((s) => !kept.rows.has(s.chunkId)).map((s) => s.chunkId))];
      const fresh = new Map<number, HitRow>();
      if (missing.length) for (const r of read(missing)) fresh.set(r[0], r);
      rows = [];
      for (const s of scored) {
        const r = kept.rows.get(s.chunkId) ?? fresh.get(s.chunkId);
        if (r) rows.push(r);
      }
      if (missing.length) this.keepHitRows(kept, missing, fresh);
    } else rows = read(scored.map((s) => s.chunkId));
    const byChunk = new Map<number, PageHit>();
    for (const r of rows) {
      // A fresh hit per call: the search sets its score and text on it.
      byChunk.set(r[0], { chunkId: r[0], pageId: r[1], ordinal: r[2], blob: r[3], path: r[4], title: r[5], summary: r[6], folder: r[7], partition: r[8], raw: 0 });
    }
    const byPage = new Map<number, PageHit>();
    for (const s of scored) {
      // Each row is a chunk's own fresh object: it becomes the hit (no copy per row).
      const row = byChunk.get(s.chunkId);
      if (!row) continue;
      const had = byPage.get(row.pageId);
      if (!had || s.distance < had.raw) {
        row.raw = s.distance;
        byPage.set(row.pageId, row);
      }
    }
    // The hits' texts are cut by `hitBodies`, for the hits shown only.
    return [...byPage.values()].sort((a, b) => a.raw - b.raw || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, limit);
  }

  /**
   * The brain's kept hit rows by chunk id (null: the chunk is not the brain's), emptied when its
   * index changes (a write through this connection or a commit by another); null inside a
   * transaction (nothing read there is kept).
   */
  private keptHitRows(brainId: string): { rows: Map<number, HitRow | null>; chars: number } | null {
    const state = this.indexState(brainId);
    if (!state) return null;
    let kept = this.hitRows.get(brainId);
    this.hitRows.delete(brainId);
    if (!kept || !sameState(kept, state)) kept = { ...state, rows: new Map(), chars: 0 };
    // The brain asked most recently last; the least recently asked go past HIT_ROW_BRAINS_KEPT.
    this.hitRows.set(brainId, kept);
    while (this.hitRows.size > HIT_ROW_BRAINS_KEPT) this.hitRows.delete(this.hitRows.keys().next().value!);
    return kept;
  }

  /**
   * Keep a call's newly read rows (null: the chunk is not the brain's), measured after adding
   * them: past HIT_ROWS_KEPT rows or HIT_ROW_CHARS_KEPT characters the older rows go; rows that
   * alone pass a bound are not kept.
   */
  private keepHitRows(kept: { rows: Map<number, HitRow | null>; chars: number }, ids: number[], found: Map<number, HitRow>): void {
    let chars = ids.length * HIT_ROW_OVERHEAD_CHARS;
    for (const r of found.values()) chars += r[3].length + r[4].length + r[5].length + r[6].length + r[7].length + (r[8]?.length ?? 0);
    if (ids.length > HIT_ROWS_KEPT || chars > HIT_ROW_CHARS_KEPT) return;
    if (kept.rows.size + ids.length > HIT_ROWS_KEPT || kept.chars + chars > HIT_ROW_CHARS_KEPT) {
      kept.rows.clear();
      kept.chars = 0;
    }
    for (const id of ids) kept.rows.set(id, found.get(id) ?? null);
    kept.chars += chars;
  }

  /**
   * A brain's rows went without the index hooks (its brain row deleted: pages and chunks by FK
   * cascade, data_version unchanged on this connection): what was kept of it goes.
   */
  brainRowsRemoved(brainId: string): void {
    this.hitRows.delete(brainId);
    this.pageCounts.delete(brainId);
    this.indexChanged(brainId);
  }

  /** How a filtered ranking applies its facet filters: the driving index and the share of the brain's pages it admits. */
  facetPlan(brainId: string, filters: SearchFilters): FacetPlan | null {
    // Without the chunk ids: a plan alone neither reads nor keeps them.
    return this.facetScope(brainId, filters, false)?.plan ?? null;
  }

  /**
   * facetPlan and, for a pushed-down filter that admits any page, admittedChunks (read and kept the
   * first time, unless `chunks` is false): the index state and the kept entry read once (a filtered
   * exact search asks in each of its tiers).
   */
  facetScope(brainId: string, filters: SearchFilters, chunks = true): { plan: FacetPlan; admitted: string | null } | null {
    // No facet filter (most searches): no plan, and no PRAGMA data_version read for one.
    if (!hasFacetFilters(filters)) return null;
    const state = this.indexState(brainId);
    const found = this.facetEntry(brainId, filters, state);
    if (!found) return null;
    const share = Math.min(1, found.entry.pages / this.pageCount(brainId, state));
    const plan = { driver: found.driver, share, pushdown: share < PUSHDOWN_SHARE, pages: found.entry.pages };
    return { plan, admitted: chunks && plan.pushdown && plan.pages > 0 ? this.chunksOf(found) : null };
  }

  /**
   * What the facet filters admit: read through the driving index the first time, then kept until
   * the brain's index changes (a write through this connection, or any commit by another, which
   * PRAGMA data_version reports). Nothing is kept inside an open transaction: it may roll back.
   */
  private facetEntry(brainId: string, filters: SearchFilters, state: IndexState | null): { driver: string; params: Record<string, string>; entry: FacetEntry; kept: boolean } | null {
    const driver = facetDriverSql(filters, this.pg);
    if (!driver) return null;
    const params = { brainId, ...filterParams(filters) };
    const key = `${brainId}\u0000${driver}\u0000${JSON.stringify(params)}`;
    const had = state ? this.facets.get(key) : undefined;
    if (had) {
      this.dropFacet(key, had);
      if (sameState(had, state!)) {
        // Used again: the most recent now.
        this.facets.set(key, had);
        this.facetChunks += had.chunkCount;
        return { driver, params, entry: had, kept: true };
      }
    }
    const pages = this.sql(`SELECT COUNT(*) FROM (${driver}) AS d`).pluck().get(params) as number;
    const entry: FacetEntry = { writes: state?.writes ?? -1, external: state?.external ?? -1, pages, chunks: null, chunkCount: 0 };
    if (state) {
      this.facets.set(key, entry);
      while (this.facets.size > FACETS_KEPT) {
        const [oldest, e] = this.facets.entries().next().value!;
        this.dropFacet(oldest, e);
      }
    }
    return { driver, params, entry, kept: state != null };
  }

  private dropFacet(key: string, entry: FacetEntry): void {
    this.facets.delete(key);
    this.facetChunks -= entry.chunkCount;
  }

  /**
   * The chunk ids of the pages the facet filters admit by their indexes (without folder and
   * partition: checked on the pages found), as a JSON array; null without
   * a facet filter. Kept beside the filter's page count while the index stays as it is.
   */
  admittedChunks(brainId: string, filters: SearchFilters): string | null {
    const found = this.facetEntry(brainId, filters, this.indexState(brainId));
    return found ? this.chunksOf(found) : null;
  }

  private chunksOf(found: NonNullable<ReturnType<SearchIndexRepo['facetEntry']>>): string {
    const { entry } = found;
    if (entry.chunks != null) return entry.chunks;
    const ids = this.sql(drivenChunksSql(found.driver)).pluck().all(found.params) as number[];
    const json = JSON.stringify(ids);
    // Kept while the ids of every kept filter stay within bounds (the least recently used go first).
    if (found.kept && ids.length <= FACET_CHUNKS_KEPT) {
      entry.chunks = json;
      entry.chunkCount = ids.length;
      this.facetChunks += ids.length;
      while (this.facetChunks > FACET_CHUNKS_KEPT) {
        const [oldest, e] = this.facets.entries().next().value!;
        this.dropFacet(oldest, e);
      }
    }
    return json;
  }

  /** A brain's page count (it sizes ranking windows), counted again when its index changes. */
  private pageCount(brainId: string, state: IndexState | null): number {
    const had = state && this.pageCounts.get(brainId);
    if (had && sameState(had, state)) return had.n;
    const n = Math.max(1, this.sql('SELECT COUNT(*) FROM pages WHERE brain_id = ?').pluck().get(brainId) as number);
    if (state) this.pageCounts.set(brainId, { ...state, n });
    return n;
  }

  /**
   * The brain's index state now (null: every brain's); null inside an open transaction (what it
   * reads may roll back: nothing is kept), except on a query-only connection (a search thread's,
   * whose every search is one read transaction): nothing it reads can roll back, and data_version
   * read inside the transaction is its snapshot's.
   */
  private indexState(brainId: string | null): IndexState | null {
    if (this.db.inTransaction && !this.queryOnly) return null;
    // PostgreSQL has no data_version: the change bus's `index` version stands in (a page written or
    // removed on any node bumps its brain's, every resync all); null while it is not listening, when
    // another node's commit could go unseen and nothing read is kept from one call to the next.
    const external = this.dataVersion ? this.dataVersionNow() : changeVersion(this.db, 'index', brainId ?? undefined);
    if (external === null) return null;
    return { writes: brainId == null ? this.generation : (this.indexWrites.get(brainId) ?? 0), external };
  }

  /**
   * A read transaction began on this (query-only) connection: the data_version read in the one
   * before belongs to an older snapshot and is forgotten. The search thread calls it right after
   * its BEGIN, so nothing read before another connection's commit is served after it.
   */
  readBegun(): void {
    this.runDataVersion = null;
  }

  /**
   * PRAGMA data_version (~6 µs a read; a search asks for the index state in each of its stages).
   * Inside a query-only connection's read transaction (a search thread's search) it is its
   * snapshot's and cannot move: read once per synchronous run there. It is forgotten when the next
   * read transaction begins (readBegun) and, should a caller not say so, in the microtask after
   * the run. Elsewhere read every time: another connection's commit shows at once, even within one run.
   */
  private dataVersionNow(): number {
    if (!(this.queryOnly && this.db.inTransaction)) return this.dataVersion!.get() as number;
    if (this.runDataVersion !== null) return this.runDataVersion;
    const v = this.dataVersion!.get() as number;
    this.runDataVersion = v;
    queueMicrotask(this.forgetDataVersion);
    return v;
  }

  private runDataVersion: number | null = null;
  private readonly forgetDataVersion = (): void => {
    this.runDataVersion = null;
  };

  /**
   * The filters with `includeArchived` set when the brain has no archived partition (there is
   * nothing to leave out: the same pages either way). A search settles its filters once, so its
   * rankings (each tier and window, each list of a hybrid search) do not ask again.
   */
  withArchivedSettled(brainId: string, filters: SearchFilters): SearchFilters {
    return filters.includeArchived || this.hasArchivedPartitions(brainId) ? filters : { ...filters, includeArchived: true };
  }

  /** Whether any partition of the brain is archived (the archived filter is skipped when none is). */
  private hasArchivedPartitions(brainId: string): boolean {
    return this.sql('SELECT 1 FROM partitions WHERE brain_id = ? AND archived_at IS NOT NULL LIMIT 1').get(brainId) !== undefined;
  }

  /** Chunk ids of the brain that pass the filters (for an exact vector scan of a narrow filter). */
  filteredChunkIds(brainId: string, filters: SearchFilters, cap: number): number[] | null {
    if (!filters.includeArchived && !this.hasArchivedPartitions(brainId)) filters = { ...filters, includeArchived: true };
    const driver = facetDriverSql(filters, this.pg);
    const from = driver ? `(${driver}) d JOIN search_chunks c ON c.page_id = d.pid JOIN pages p ON p.id = c.page_id` : 'search_chunks c JOIN pages p ON p.id = c.page_id';
    const ids = this.sql(`SELECT c.id FROM ${from} WHERE c.brain_id = @brainId${filterSql(filters, this.pg)} LIMIT ${boundLimit(this.db, '@cap')}`)
      .pluck()
      .all({ brainId, cap: cap + 1, ...filterParams(filters) }) as number[];
    return ids.length > cap ? null : ids;
  }

  /** Pages by path under the filters (for graph-boosted pages no list found). */
  pagesByPath(brainId: string, paths: string[], filters: SearchFilters): PageHit[] {
    if (!paths.length) return [];
    return this.sql(
        `SELECT p.id AS "pageId", (SELECT c.id FROM search_chunks c WHERE c.page_id = p.id ORDER BY c.ordinal LIMIT 1) AS "chunkId", 0 AS raw,
           p.path, p.title, p.summary, p.folder, p.partition
         FROM pages p WHERE p.brain_id = @brainId AND p.path IN (${jsonValues('@paths', this.pg, false)})${filterSql(filters, this.pg)}`,
      )
      .all({ brainId, paths: JSON.stringify(paths), ...filterParams(filters) }) as PageHit[];
  }

  /**
   * The text of chunks, by id (for the snippets of the hits shown), cut from their pages once per
   * page. Recently cut pages are kept, by their blob id (the markdown's own hash) and path: a page
   * found again is neither read nor cut again.
   */
  chunkBodies(chunkIds: number[]): Map<number, string> {
    if (!chunkIds.length) return new Map();
    const rows = this.sql(
      `SELECT c.id, c.page_id AS "pageId", c.ordinal, p.path, p.blob_oid AS blob FROM search_chunks c JOIN pages p ON p.id = c.page_id
       WHERE c.id IN (${jsonValues('?', this.pg)})`,
    ).all(JSON.stringify(chunkIds)) as ChunkPlace[];
    return this.cutBodies(rows);
  }

  /**
   * The text of hits' chunks, by chunk id: from the place the ranking's page lookup read (no
   * query when the page was cut recently), by id for hits without it.
   */
  hitBodies(hits: PageHit[]): Map<number, string> {
    const placed: ChunkPlace[] = [];
    const asked: number[] = [];
    for (const h of hits) {
      if (h.chunkId == null) continue;
      if (h.ordinal != null && h.blob !== undefined) placed.push({ id: h.chunkId, pageId: h.pageId, ordinal: h.ordinal, path: h.path, blob: h.blob });
      else asked.push(h.chunkId);
    }
    const out = this.cutBodies(placed);
    for (const [id, text] of this.chunkBodies(asked)) out.set(id, text);
    return out;
  }

  private cutBodies(rows: ChunkPlace[]): Map<number, string> {
    if (!rows.length) return new Map();
    // The last chunk asked of each page: a page is cut no further than that (chunkTextsOfBody's `last`).
    const need = new Map<number, { r: ChunkPlace; last: number }>();
    for (const r of rows) {
      const had = need.get(r.pageId);
      if (!had) need.set(r.pageId, { r, last: r.ordinal });
      else if (r.ordinal > had.last) had.last = r.ordinal;
    }
    const cut = new Map<number, string[]>();
    const missing = new Map<number, { path: string; blob: string; last: number }>();
    for (const [pageId, { r, last }] of need) {
      const kept = r.blob ? this.cutPages.get(pageId) : undefined;
      if (kept && kept.blob === r.blob && kept.path === r.path && (kept.complete || last < kept.texts.length)) {
        cut.set(pageId, kept.texts);
        // Used again: the most recent now.
        this.cutPages.delete(pageId);
        this.cutPages.set(pageId, kept);
      } else missing.set(pageId, { path: r.path, blob: r.blob, last });
    }
    if (missing.size) {
      // The row's title, and whether its frontmatter parsed to something: then the body is cut
      // from the markdown without reading the YAML again (chunkTextsOfBody).
      const pages = this.sql(`SELECT id, markdown, title, CASE WHEN frontmatter <> '{}' THEN 1 ELSE 0 END AS parsed FROM pages WHERE id IN (${jsonValues('?', this.pg)})`).all(
        JSON.stringify([...missing.keys()]),
      ) as Array<{ id: number; markdown: string; title: string; parsed: number }>;
      for (const pg of pages) {
        pg.markdown = unpackMarkdown(pg.markdown);
        const m = missing.get(pg.id)!;
        const known = pg.parsed === 1 || !pg.markdown.startsWith('---');
        // Cut up to the last chunk asked for: the page's chunks after it are neither read nor cut.
        const texts = known ? chunkTextsOfBody(pg.title, bodyAfterParsedFrontmatter(pg.markdown), m.last) : chunkTexts(m.path, pg.markdown, m.last);
        cut.set(pg.id, texts);
        this.forgetCut(pg.id);
        if (m.blob) {
          const chars = texts.reduce((n, t) => n + t.length, 0);
          // Fewer texts than asked for: the page ended there, and every chunk of it is cut.
          this.cutPages.set(pg.id, { blob: m.blob, path: m.path, texts, chars, complete: texts.length <= m.last });
          this.cutChars += chars;
        }
      }
      while (this.cutChars > CUT_CHARS_KEPT && this.cutPages.size > 1) this.forgetCut(this.cutPages.keys().next().value!);
    }
    return new Map(rows.map((r) => [r.id, cut.get(r.pageId)?.[r.ordinal] ?? '']));
  }

  private forgetCut(pageId: number): void {
    const had = this.cutPages.get(pageId);
    if (!had) return;
    this.cutChars -= had.chars;
    this.cutPages.delete(pageId);
  }

  /** Tags of a brain with their page counts, most used first. */
  tagCounts(brainId: string, limit: number): Array<{ tag: string; pages: number }> {
    return this.sql(`SELECT tag, COUNT(*) AS pages FROM page_tags WHERE brain_id = ? GROUP BY tag ORDER BY pages DESC, tag LIMIT ${boundLimit(this.db)}`).all(brainId, limit) as Array<{
      tag: string;
      pages: number;
    }>;
  }

  /**
   * How many chunks hold each word (as the words-as-written table folds it), and how many chunks
   * there are: for weighing a question's words by rarity. Counts span every brain of the index
   * (as bm25's own statistics do).
   */
  termDocs(terms: string[]): { chunks: number; docs: Map<string, number> } {
    const docs = new Map<string, number>();
    const one = this.pg ? this.pgTermDocs(terms) : this.sql('SELECT doc FROM search_fts_vocab WHERE term = ?').pluck();
    // The counts span every brain: kept while no brain's index changed (`generation`).
    const state = this.indexState(null);
    const keep = state != null;
    if (state && !sameState(this.termCountsOf, state)) {
      this.termCounts.clear();
      this.termCountsOf = state;
    }
    for (const t of new Set(terms)) {
      let n = keep ? this.termCounts.get(t) : undefined;
      if (n === undefined) {
        n = (one.get(t) as number | undefined) ?? 0;
        if (keep) {
          if (this.termCounts.size >= TERM_COUNTS_KEPT) this.termCounts.clear();
          this.termCounts.set(t, n);
        }
      }
      docs.set(t, n);
    }
    const now = Date.now();
    if (!this.allChunks || now - this.allChunks.at > CHUNK_COUNT_TTL_MS) {
      this.allChunks = { n: this.sql('SELECT COUNT(*) FROM search_chunks').pluck().get() as number, at: now };
    }
    return { chunks: this.allChunks.n, docs };
  }

  /** Indexed words starting with `prefix` (folded as the words table folds), with their chunk counts: typo candidates. */
  termsStartingWith(prefix: string, limit: number): Array<{ term: string; docs: number }> {
    if (!prefix) return [];
    if (this.pg) return this.pgTermsStartingWith(prefix, limit);
    const end = prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);
    return this.sql(`SELECT term, doc AS docs FROM search_fts_vocab WHERE term >= ? AND term < ? LIMIT ${boundLimit(this.db)}`).all(prefix, end, limit) as Array<{ term: string; docs: number }>;
  }

  /** The frontmatter `date` of each of these pages that has one (as indexed: trimmed, lower case). */
  pageDates(brainId: string, pageIds: number[]): Map<number, string> {
    const out = new Map<number, string>();
    if (!pageIds.length) return out;
    const rows = this.sql(`SELECT page_id AS "pageId", value FROM page_fields WHERE brain_id = ? AND page_id IN (${jsonValues('?', this.pg)}) AND key = 'date'`).all(brainId, JSON.stringify(pageIds)) as Array<{
      pageId: number;
      value: string;
    }>;
    for (const r of rows) if (!out.has(r.pageId)) out.set(r.pageId, r.value);
    return out;
  }

  /**
   * These pages' words, by page id, for the few pages a ranking rule reads in full: their frontmatter
   * values (not its keys, which every page shares) and the body, the markdown read to its first
   * PAGE_TEXT_CHARS characters only (a page may be megabytes), links' addresses left out.
   */
  pageTexts(brainId: string, pageIds: number[]): Map<number, string> {
    const out = new Map<number, string>();
    if (!pageIds.length) return out;
    // (SQLite: the page is unpacked and cut here; substr(page_text(markdown)) sent the whole page
    // into SQLite and back to cut it.)
    const rows = (this.pg
      ? this.sql(`SELECT id, frontmatter, substr(markdown, 1, CAST(? AS integer)) AS head FROM pages WHERE brain_id = ? AND id IN (${jsonValues('?', true)})`).all(PAGE_TEXT_CHARS, brainId, JSON.stringify(pageIds))
      : (this.sql(`SELECT id, frontmatter, markdown FROM pages WHERE brain_id = ? AND id IN (${jsonValues('?', false)})`).all(brainId, JSON.stringify(pageIds)) as Array<{ id: number; frontmatter: string; markdown: unknown }>).map(
          (r) => ({ id: r.id, frontmatter: r.frontmatter, head: headOf(unpackMarkdown(r.markdown), PAGE_TEXT_CHARS) }),
        )) as Array<{
      id: number;
      frontmatter: string;
      head: string;
    }>;
    for (const r of rows) {
      let values: unknown = {};
      try {
        values = JSON.parse(r.frontmatter);
      } catch {
        values = {};
      }
      const hasFrontmatter = values != null && typeof values === 'object' && Object.keys(values).length > 0;
      // A frontmatter block cut by the limit leaves no body to read.
      const body = !hasFrontmatter ? r.head : ((b) => (b === r.head ? '' : b))(bodyAfterParsedFrontmatter(r.head));
      out.set(r.id, `${leafValues(values).join('\n')}\n${body.replace(URL_TEXT, ' ')}`);
    }
    return out;
  }

  /**
   * termDocs on PostgreSQL: each term's chunks in every brain, read from `search_terms` (PostgreSQL
   * migration 10: kept by a trigger as chunks come and go, as fts5vocab reads the FTS5 index), every
   * term in one round trip. A term is folded as the words were; one that splits into several words
   * is no indexed word (as in fts5vocab).
   */
  private pgTermDocs(terms: string[]): { get(term: string): number | undefined } {
    const asked = [...new Set(terms.map(pgWordText).filter((t) => t && !t.includes(' ')))];
    const rows = asked.length
      ? (this.sql(
          `SELECT t.term, CAST(COALESCE((SELECT SUM(s.docs) FROM search_terms s WHERE s.term = t.term), 0) AS integer) AS docs
           FROM json_array_elements_text(CAST(? AS json)) AS t(term)`,
        ).all(JSON.stringify(asked)) as Array<{ term: string; docs: number }>)
      : [];
    const counts = new Map(rows.map((r) => [r.term, r.docs]));
    return { get: (term) => counts.get(pgWordText(term)) ?? 0 };
  }

  /**
   * termsStartingWith on PostgreSQL: a range scan of `search_terms` in byte order (its primary key,
   * `term COLLATE "C"`), each word's chunks summed over the brains, as fts5vocab's range.
   */
  private pgTermsStartingWith(prefix: string, limit: number): Array<{ term: string; docs: number }> {
    const p = pgWordText(prefix);
    if (!p || p.includes(' ')) return [];
    const chars = [...p];
    const next = chars[chars.length - 1]!.codePointAt(0)! + 1;
    const end = chars.slice(0, -1).join('') + String.fromCodePoint(next === 0xd800 ? 0xe000 : next);
    return this.sql(
      `SELECT term, CAST(SUM(docs) AS integer) AS docs FROM search_terms WHERE term >= ? AND term < ?
       GROUP BY term ORDER BY term LIMIT ?`,
    ).all(p, end, limit) as Array<{ term: string; docs: number }>;
  }

  chunkCount(brainId: string): number {
    return this.sql('SELECT COUNT(*) FROM search_chunks WHERE brain_id = ?').pluck().get(brainId) as number;
  }
}

/** The first `n` characters (code points, as SQL's substr counts them) of `text`. */
function headOf(text: string, n: number): string {
  if (text.length <= n) return text;
  let units = 0;
  for (let chars = 0; chars < n && units < text.length; chars++) units += text.codePointAt(units)! > 0xffff ? 2 : 1;
  return text.slice(0, units);
}
