// The derived page index: one row per page at the brain's indexed commit, the changes feed,
// and hooks through which search and the link graph index the same change in the same
// transaction. Rebuildable from git at any time. Also the write journal (pending_writes) the write
// path keeps while a commit is between "built" and "indexed". One module for both backends (see
// docs/postgres.md): where the dialects differ the statement is chosen once, at construction.
import type { RunResult } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { ChangeOp, Page, PageChange } from '../../domain/entities/page.js';
import { boundLimit, isPostgres, type SyncDb } from '../syncDb.js';
import { isFilePath } from '../../domain/files.js';
import { folderOf, isPagePath } from '../../domain/paths.js';
import { CHUNKING_VERSION, chunkingOfStamp, DERIVATION_VERSION, derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import type { RelationRules } from '../../domain/relations/relations.js';
import type { LinkRef } from '../../domain/links.js';
import { linkKey } from '../../domain/pageRefs.js';
import { resolveLinkKey } from './linkResolution.js';
import type { BrainConfigCache } from '../git/brainConfig.js';
import { inflatePacked, packMarkdown, unpackMarkdown } from './pageText.js';

export type { ChangeOp } from '../../domain/entities/page.js';

export interface IndexEntry {
  op: ChangeOp;
  path: string;
  fromPath?: string;
  /** Markdown at `path` after the change (put and move). */
  markdown?: string;
  blobOid?: string;
  /**
   * `derivePage(path, markdown)` when it is being computed ahead (on another thread, for a large
   * commit): may wait for that thread to get to this page; undefined means derive it here.
   */
  derive?: () => DerivedPage | undefined;
  /** An attachment's facts (put and move of a file path; see domain/files.ts). */
  file?: FileFacts;
  /**
   * A put of a page the index already holds at this blob (reindex, the page derived by another
   * DERIVATION_VERSION): its derived rows are made again from `markdown` (the hooks keep what comes
   * out the same: unchanged chunks keep their rows and vectors), its row keeps its version and
   * stamp and records the current derivation, and no change is recorded: nothing happened to the page.
   */
  refresh?: boolean;
}

/** What the index keeps of an attachment's bytes. */
export interface FileFacts {
  contentType: string;
  size: number;
  sha256: string;
}

/** The entities are defined in domain/entities/page.ts. */
export type IndexedPage = Page;
export type { PageChange };

/** Search, links and embeddings subscribe here; they run inside the index transaction. */
export interface PageIndexHook {
  /**
   * `isNew`: the page's row was inserted by this change, so nothing derived can exist for its id
   * yet (every removal clears its derived rows in the same transaction); hooks skip the cleanup.
   * `refresh`: the page is only derived again (reindex; IndexEntry.refresh), its text unchanged.
   */
  pagePut(brainId: string, page: IndexedPage, derived: DerivedPage, isNew: boolean, previous?: PreviousPage, refresh?: boolean): void;
  pageRemoved(brainId: string, pageId: number, path: string, previous?: PreviousPage): void;
  /** Called before the first pagePut/pageRemoved of a batch (what a rolled-back batch cached is void). */
  batchStart?(brainId: string): void;
  /** Called before a full rebuild of one brain. */
  brainCleared?(brainId: string): void;
  /**
   * Called once after a batch of pagePut/pageRemoved calls for a brain (one commit's entries),
   * still inside the same transaction: work that is cheaper set-based (link resolution) is done here.
   */
  flush?(brainId: string): void;
  /** An attachment (domain/files.ts isFilePath) was put or deleted by this commit. */
  fileChanged?(brainId: string, stamp: ChangeStamp, entry: IndexEntry): void;
}

/**
 * What an updated or removed page's row held before this change: hooks compare it with the new one,
 * and search takes the old chunks' text out of its contentless FTS5 tables with it.
 */
export interface PreviousPage {
  title: string;
  summary: string;
  markdown: string;
}

export interface ChangeStamp {
  commit: string;
  at: string;
  byName: string;
  byRef: string | null;
}

/** One page of a path-keyed listing: after `afterPath` (keyset), under an optional prefix. */
export interface PathPage {
  prefix?: string;
  afterPath?: string | null;
  limit: number;
}

/** Rows of `select` (which filters on `brain_id = ?`) in path order, one keyset page at a time. */
export function listByPath(db: SyncDb, select: string, brainId: string, opts: PathPage): Array<Record<string, unknown>> {
  const params: unknown[] = [brainId];
  let sql = select;
  if (opts.prefix) {
    sql += ' AND substr(path, 1, ?) = ?';
    params.push(opts.prefix.length, opts.prefix);
  }
  if (opts.afterPath) {
    sql += ' AND path > ?';
    params.push(opts.afterPath);
  }
  sql += ` ORDER BY path LIMIT ${boundLimit(db)}`;
  params.push(opts.limit);
  return db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
}

/** Pages read at once by pagesMentioning on SQLite (packed: ~2 KB each for a 6.6 KB page). */
const MENTION_BATCH = 500;

/** A commit naming more paths (or making more changes) than this is bulk work: set-based statements. */
const BULK = 16;

const INSERT_PAGE = `
        INSERT INTO pages (folder, title, summary, frontmatter, markdown, version, blob_oid, commit_oid, partition, updated_at, updated_by, derivation, brain_id, path)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_CHANGE = 'INSERT INTO page_changes (brain_id, op, path, from_path, version, commit_oid, at, by_name, by_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** A pending_writes row: a write journaled before its commit lands, removed once it is indexed. */
export interface PendingWriteRow {
  id: string;
  brain_id: string;
  base_commit: string | null;
  new_commit: string;
  payload: string;
  created_at: string;
}

export class PageIndexRepo {
  private hooks: PageIndexHook[] = [];
  private readonly stmts;
  /** A new page's row; its id. */
  private readonly insertPage: (columns: unknown[], brainId: string, path: string) => number;
  /** A change's row in the feed; its seq. */
  private readonly insertChange: (...values: unknown[]) => number;
  /** The `markdown` column's value: packed on SQLite (pageText.ts), the text on PostgreSQL (TOAST compresses it). */
  private readonly stored: (markdown: string) => string | Buffer;
  /** PostgreSQL: a value packed ahead (DerivedPage.stored) is not used. */
  private readonly pg: boolean;

  constructor(
    private readonly db: SyncDb,
    /** The brain's `.brain/` configuration as cached per commit (storage/git/brainConfig.ts). */
    private readonly config: Pick<BrainConfigCache, 'partitionFolderOf' | 'relationRulesOf'>,
  ) {
    const pg = (this.pg = isPostgres(db));
    this.stored = pg ? (markdown) => markdown : packMarkdown;
    // A JSON array of paths as rows (one parameter, however many paths).
    const jsonList = pg ? 'SELECT json_array_elements_text(CAST(? AS json))' : 'SELECT value FROM json_each(?)';
    this.stmts = {
      get: db.prepare('SELECT * FROM pages WHERE brain_id = ? AND path = ?'),
      // A row as `get` reads it, but for its markdown (a refresh that already holds the text).
      facts: db.prepare(
        'SELECT id, brain_id, path, folder, title, summary, frontmatter, version, blob_oid, commit_oid, partition, updated_at, updated_by FROM pages WHERE brain_id = ? AND path = ?',
      ),
      refreshFacts: db.prepare('UPDATE pages SET folder = ?, title = ?, summary = ?, frontmatter = ?, partition = ?, derivation = ? WHERE id = ?'),
      lastVersion: db.prepare('SELECT MAX(version) AS v FROM page_changes WHERE brain_id = ? AND path = ?'),
      // Whether the brain holds any page row or feed row (two index probes): a first import or a
      // rebuild after clearBrain holds neither, and its paths need no lookups.
      holdsAny: db.prepare('SELECT (SELECT 1 FROM pages WHERE brain_id = ? LIMIT 1) AS page, (SELECT 1 FROM page_changes WHERE brain_id = ? LIMIT 1) AS change'),
      lastVersions: db.prepare(
        `SELECT c.path, MAX(c.version) AS v FROM page_changes c
         WHERE c.brain_id = ? AND c.path IN (${jsonList}) GROUP BY c.path`,
      ),
      count: db.prepare('SELECT COUNT(*) AS n FROM pages WHERE brain_id = ?'),
      staleDerivations: db.prepare('SELECT path FROM pages WHERE brain_id = ? AND derivation <> ?').pluck(),
      stampsOtherThan: db.prepare('SELECT path, derivation FROM pages WHERE brain_id = ? AND derivation <> ? ORDER BY path'),
      clearPages: db.prepare('DELETE FROM pages WHERE brain_id = ?'),
      clearChanges: db.prepare('DELETE FROM page_changes WHERE brain_id = ?'),
      changesSince: db.prepare(`SELECT * FROM page_changes WHERE brain_id = ? AND seq > ? ORDER BY seq LIMIT ${boundLimit(db)}`),
      recentChanges: db.prepare(`SELECT * FROM page_changes WHERE brain_id = ? ORDER BY seq DESC LIMIT ${boundLimit(db)}`),
      historyOf: db.prepare('SELECT * FROM page_changes WHERE brain_id = ? AND path = ? AND seq < ? ORDER BY seq DESC'),
      latestSeq: db.prepare('SELECT MAX(seq) AS s FROM page_changes WHERE brain_id = ?'),
      // SQLite's lower() folds ASCII letters only; lower() under the C collation does the same
      // (paths are COLLATE "C" columns). PostgreSQL's substr() takes no negative start: right().
      markdownAfter: db.prepare(`SELECT path, markdown FROM pages WHERE brain_id = ? AND path > ? ORDER BY path LIMIT ${boundLimit(db)}`),
      pagesNamed: db.prepare(
        pg
          ? `SELECT path FROM pages WHERE brain_id = ? AND (lower(title COLLATE "C") = ? OR lower(path) = ? OR right(lower(path), length(CAST(? AS text))) = ?)`
          : `SELECT path FROM pages WHERE brain_id = ? AND (lower(title) = ? OR lower(path) = ? OR substr(lower(path), -length(?)) = ?)`,
      ),
      // No RETURNING in this hot path: SQLite runs RETURNING as a trigger, which opens a statement
      // savepoint, and every savepoint makes FTS5 flush its pending terms to a new segment (measured:
      // ~70 µs per page on a 10,000-page import). Ids come from a lookup or lastInsertRowid instead.
      // Positional parameters: binding them is measurably cheaper than named ones from an object.
      insert: db.prepare(INSERT_PAGE),
      update: db.prepare(`
        UPDATE pages SET folder = ?, title = ?, summary = ?, frontmatter = ?, markdown = ?, version = ?, blob_oid = ?, commit_oid = ?,
          partition = ?, updated_at = ?, updated_by = ?, derivation = ? WHERE id = ?`),
      idOf: db.prepare('SELECT id, title, summary, markdown FROM pages WHERE brain_id = ? AND path = ?'),
      idsOf: db.prepare(`SELECT path, id, title, summary, markdown FROM pages WHERE brain_id = ? AND path IN (${jsonList})`),
      removeById: db.prepare('DELETE FROM pages WHERE id = ?'),
      change: db.prepare(INSERT_CHANGE),
      // A commit's feed rows in one statement (SQLite, a bulk commit): rows in array order, so their
      // seqs are consecutive and the last is the statement's last insert id (AUTOINCREMENT; the
      // events trigger's own inserts do not change what last insert id reports after it). This
      // holds only while nothing else inserts into page_changes during the statement: no trigger
      // may (recordChanges would hand out wrong seqs), and no OR IGNORE may skip a row.
      changes: pg
        ? null
        : db.prepare(
            `INSERT INTO page_changes (brain_id, op, path, from_path, version, commit_oid, at, by_name, by_ref)
             SELECT ?, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, ?, ?, ?, ? FROM json_each(?) j ORDER BY j.key`,
          ),
      setIndexed: db.prepare('UPDATE brains SET indexed_commit = ? WHERE id = ?'),
      indexed: db.prepare('SELECT indexed_commit FROM brains WHERE id = ?'),
      setReconciling: db.prepare('UPDATE brains SET reconciling = ? WHERE id = ?'),
      reconciling: db.prepare('SELECT reconciling FROM brains WHERE id = ?').pluck(),
      brainsReconciling: db.prepare('SELECT id FROM brains WHERE reconciling IS NOT NULL ORDER BY id').pluck(),
      addPending: db.prepare('INSERT INTO pending_writes (id, brain_id, base_commit, new_commit, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
      removePending: db.prepare('DELETE FROM pending_writes WHERE id = ?'),
      pendingOf: db.prepare('SELECT * FROM pending_writes WHERE brain_id = ? ORDER BY created_at, id'),
      pendingBrains: db.prepare('SELECT brain_id, MIN(created_at) AS first FROM pending_writes GROUP BY brain_id ORDER BY first, brain_id'),
    };
    // SQLite: the row id as better-sqlite3 reports it (no RETURNING, see \`insert\`). PostgreSQL has
    // no last-insert id: the same insert RETURNING it, one round trip either way.
    if (pg) {
      const insertReturning = db.prepare(`${INSERT_PAGE} RETURNING id`).pluck();
      const changeReturning = db.prepare(`${INSERT_CHANGE} RETURNING seq`).pluck();
      this.insertPage = (columns, brainId, path) => insertReturning.get(...columns, brainId, path) as number;
      this.insertChange = (...values) => changeReturning.get(...values) as number;
    } else {
      const insert = this.stmts.insert;
      const change = this.stmts.change;
      this.insertPage = (columns, brainId, path) => Number((insert.run(...columns, brainId, path) as RunResult).lastInsertRowid);
      this.insertChange = (...values) => Number((change.run(...values) as RunResult).lastInsertRowid);
    }
  }

  /** What a page row of the brain derived now records as having made its rows (see derivationStamp). */
  derivationStampOf(brainId: string): string {
    return derivationStamp(this.config.relationRulesOf(brainId), this.config.partitionFolderOf(brainId));
  }

  /**
   * Paths of the brain's pages whose rows another derivation made: another DERIVATION_VERSION, or
   * the brain's schema (link typing rules, partition folder) as it was then. Reindex derives them again.
   */
  staleDerivations(brainId: string): Set<string> {
    return new Set(this.stmts.staleDerivations.all(brainId, this.derivationStampOf(brainId)) as string[]);
  }

  /**
   * Paths of the brain's pages cut into chunks by another CHUNKING_VERSION: their full-text rows
   * cannot be taken out in place (see CHUNKING_VERSION), only dropped with the brain's index.
   */
  cutByOtherChunking(brainId: string): string[] {
    const rows = this.stmts.stampsOtherThan.all(brainId, this.derivationStampOf(brainId)) as Array<{ path: string; derivation: string }>;
    return rows.filter((r) => r.derivation !== '' && chunkingOfStamp(r.derivation) !== CHUNKING_VERSION).map((r) => r.path);
  }

  /** What derivation needs to know of the brain beyond a page (its link typing rules). */
  relationRules(brainId: string): RelationRules | null {
    return this.config.relationRulesOf(brainId);
  }

  addHook(hook: PageIndexHook): void {
    this.hooks.push(hook);
  }

  indexedCommit(brainId: string): string | null {
    const row = this.stmts.indexed.get(brainId) as { indexed_commit: string | null } | undefined;
    return row?.indexed_commit ?? null;
  }

  /**
   * The commit an unfinished in-place reconcile (storage/indexReconciler.ts) was taking the index
   * to, or null. Set by each of its slices but the last: until it is cleared the index's
   * indexed_commit says the head while pages of later slices may still be missing or wrong.
   */
  reconciling(brainId: string): string | null {
    return (this.stmts.reconciling.get(brainId) as string | null | undefined) ?? null;
  }

  /** Mark (or with null clear) an in-place reconcile of the brain as unfinished; inside the slice's transaction. */
  markReconciling(brainId: string, target: string | null): void {
    this.stmts.setReconciling.run(target, brainId);
  }

  /** Brains whose in-place reconcile stopped before its last slice (a server start finishes them). */
  brainsReconciling(): string[] {
    return this.stmts.brainsReconciling.all() as string[];
  }

  getPage(brainId: string, path: string): IndexedPage | null {
    const row = this.stmts.get.get(brainId, path) as Record<string, unknown> | undefined;
    return row ? pageFromRow(row) : null;
  }

  countPages(brainId: string): number {
    return (this.stmts.count.get(brainId) as { n: number }).n;
  }

  /**
   * Pages in path order after `afterPath`, optionally under a prefix, without their markdown: the
   * page list and the filing name cache (every page of a brain) never read it, and reading it would
   * copy (and for a packed page, unpack) every page's text for nothing.
   */
  listPages(brainId: string, opts: PathPage): ListedPage[] {
    return listByPath(this.db, `SELECT ${LISTED_COLUMNS} FROM pages WHERE brain_id = ?`, brainId, opts).map(listedFromRow);
  }

  /**
   * Apply one commit's page entries to the index. Must run inside a write transaction
   * (the caller's), together with the audit row, so the index never half-applies a commit.
   */
  apply(brainId: string, stamp: ChangeStamp, entries: IndexEntry[]): PageChange[] {
    return this.applyGroup(brainId, [{ stamp, entries }])[0]!;
  }

  /**
   * `apply` for the members of one group commit, each with its own stamp (its writer), as one
   * batch: the state is read once, the hooks start and flush once (link resolution is set-based),
   * and the feed rows go last, so FTS5 flushes its pending terms once for the group instead of once
   * per member (a feed row's trigger opens a savepoint). The members touch distinct paths; the
   * rows, versions, feed entries and events are those applying them one by one in order would
   * write. (A path named by two members is still applied in order: versions, ids and the previous
   * text carry over, as within one commit.) Answers each member's changes, in order.
   */
  applyGroup(brainId: string, members: Array<{ stamp: ChangeStamp; entries: IndexEntry[] }>): PageChange[][] {
    if (!members.length) return [];
    const out: PageChange[][] = members.map(() => []);
    const partitionFolder = this.config.partitionFolderOf(brainId);
    const rules = this.config.relationRulesOf(brainId);
    const derivation = derivationStamp(rules, partitionFolder);
    const { versions, ids, previous } = this.currentState(brainId, members.length === 1 ? members[0]!.entries : members.flatMap((m) => m.entries));
    for (const h of this.hooks) h.batchStart?.(brainId);
    const files: IndexEntry[][] = members.map(() => []);
    let changes = out[0]!;
    let stamp = members[0]!.stamp;
    // The changes feed is written after the batch's pages: an insert into page_changes runs its
    // events trigger in a statement transaction, whose savepoint makes FTS5 flush its pending terms
    // to a new segment (see `insert` below). Written per page, that was a segment per page per FTS5
    // table and a third of a bulk import's time; written last, the terms go out in large segments.
    const record = (op: ChangeOp, path: string, fromPath: string | null, version: number) => {
      versions.set(path, version);
      changes.push({ seq: 0, op, path, fromPath, version, commit: stamp.commit, at: stamp.at, by: stamp.byName });
    };
    const remove = (path: string): number | null => {
      const id = ids.get(path) ?? null;
      if (id == null) return null;
      this.stmts.removeById.run(id);
      ids.set(path, null);
      return id;
    };
    for (let m = 0; m < members.length; m++) {
      ({ stamp } = members[m]!);
      changes = out[m]!;
      for (const entry of members[m]!.entries) {
        if (!isPagePath(entry.path) && isFilePath(entry.path)) {
          files[m]!.push(entry); // indexed with the feed rows below, in member order
          continue;
        }
        if (entry.op === 'delete') {
          if (!isPagePath(entry.path)) continue;
          const removed = remove(entry.path);
          if (removed == null) continue;
          for (const h of this.hooks) h.pageRemoved(brainId, removed, entry.path, previous.get(entry.path));
          record('delete', entry.path, null, versions.get(entry.path)! + 1);
          continue;
        }
        if (entry.op === 'move' && entry.fromPath && isPagePath(entry.fromPath)) {
          const removed = remove(entry.fromPath);
          if (removed != null) for (const h of this.hooks) h.pageRemoved(brainId, removed, entry.fromPath, previous.get(entry.fromPath));
        }
        if (!isPagePath(entry.path)) continue;
        if (entry.refresh) {
          this.refresh(brainId, entry, rules, partitionFolder, derivation, previous);
          continue;
        }
        const markdown = entry.markdown ?? '';
        const derived = entry.derive?.() ?? derivePage(entry.path, markdown, rules);
        const parsed = derived.parsed;
        // A moved page keeps counting its versions where it left off at its old path.
        const moved = entry.op === 'move' && entry.fromPath ? versions.get(entry.fromPath)! + 1 : 0;
        const version = Math.max(versions.get(entry.path)! + 1, moved);
        const folder = folderOf(entry.path);
        let id = ids.get(entry.path) ?? null;
        const isNew = id == null;
        const page: IndexedPage = {
          id: id ?? 0,
          brainId,
          path: entry.path,
          folder,
          title: parsed.title,
          summary: parsed.summary,
          frontmatter: parsed.frontmatter,
          markdown,
          version,
          blobOid: entry.blobOid ?? '',
          commit: stamp.commit,
          partition: partitionOfPath(entry.path, partitionFolder),
          updatedAt: stamp.at,
          updatedBy: stamp.byName,
        };
        const columns = [folder, page.title, page.summary, JSON.stringify(page.frontmatter), this.storedOf(markdown, derived), version, page.blobOid, stamp.commit, page.partition, stamp.at, stamp.byName, derivation];
        if (id != null) this.stmts.update.run(...columns, id);
        else ids.set(entry.path, (id = page.id = this.insertPage(columns, brainId, entry.path)));
        const before = isNew ? undefined : previous.get(entry.path);
        for (const h of this.hooks) h.pagePut(brainId, page, derived, isNew, before);
        // (A path named twice in one batch sees this state the second time.)
        previous.set(entry.path, { title: page.title, summary: page.summary, markdown });
        const op: ChangeOp = entry.op === 'move' && entry.fromPath ? 'move' : 'put';
        record(op, entry.path, op === 'move' ? entry.fromPath! : null, version);
      }
    }
    for (const h of this.hooks) h.flush?.(brainId);
    // Member by member, in arrival order: its attachments' rows, then its feed rows. Their triggers
    // write the brain's events, so a group's events come in the order its members arrived (and a
    // lone commit's, attachments first, as before).
    members.forEach((member, m) => {
      for (const entry of files[m]!) for (const h of this.hooks) h.fileChanged?.(brainId, member.stamp, entry);
      this.recordChanges(brainId, member.stamp, out[m]!);
    });
    this.stmts.setIndexed.run(stamp.commit, brainId);
    return out;
  }

  /** The row's markdown value: as the derivation thread packed it when it did (SQLite only), else packed here. */
  private storedOf(markdown: string, derived: DerivedPage): string | Buffer {
    const ahead = this.pg ? undefined : derived.stored;
    if (ahead === undefined) return this.stored(markdown);
    // A Buffer crosses threads as a plain Uint8Array: the same bytes, viewed as a Buffer again.
    return typeof ahead === 'string' ? ahead : Buffer.from(ahead.buffer, ahead.byteOffset, ahead.byteLength);
  }

  /** A refresh entry (see IndexEntry.refresh): derived rows again, the row's facts corrected in place. */
  private refresh(brainId: string, entry: IndexEntry, rules: RelationRules | null, partitionFolder: string | null, derivation: string, previous: Map<string, PreviousPage>): void {
    const known = previous.get(entry.path);
    // The row without its markdown when the batch already read that (currentState): a refresh
    // keeps the page's text, so unpacking it again, and packing it again below, was a fifth of a reindex.
    const row = (known ? this.stmts.facts : this.stmts.get).get(brainId, entry.path) as Record<string, unknown> | undefined;
    if (!row) return;
    const current = pageFromRow(row);
    const markdown = entry.markdown ?? '';
    const derived = entry.derive?.() ?? derivePage(entry.path, markdown, rules);
    const parsed = derived.parsed;
    const page: IndexedPage = { ...current, folder: folderOf(entry.path), title: parsed.title, summary: parsed.summary, frontmatter: parsed.frontmatter, markdown, partition: partitionOfPath(entry.path, partitionFolder) };
    const frontmatter = JSON.stringify(page.frontmatter);
    if (known?.markdown === markdown) this.stmts.refreshFacts.run(page.folder, page.title, page.summary, frontmatter, page.partition, derivation, current.id);
    else this.stmts.update.run(page.folder, page.title, page.summary, frontmatter, this.storedOf(markdown, derived), current.version, current.blobOid, current.commit, page.partition, current.updatedAt, current.updatedBy, derivation, current.id);
    // What the hooks take out is what the row held (its chunks were cut from that markdown and title).
    const before = known ?? { title: current.title, summary: current.summary, markdown: current.markdown };
    for (const h of this.hooks) h.pagePut(brainId, page, derived, false, before, true);
    previous.set(entry.path, { title: page.title, summary: page.summary, markdown });
  }

  /**
   * For every path the entries name: the last version recorded (0 when none; history continues
   * across delete and re-create, so the changes feed is asked) and the page's row id (null when
   * absent). For a large commit (an import): none when the brain holds no page and no change yet,
   * else two queries; point lookups for a small one.
   */
  private currentState(brainId: string, entries: IndexEntry[]): { versions: Map<string, number>; ids: Map<string, number | null>; previous: Map<string, PreviousPage> } {
    const paths = new Set<string>();
    for (const e of entries) {
      paths.add(e.path);
      if (e.fromPath) paths.add(e.fromPath);
    }
    const versions = new Map<string, number>();
    const ids = new Map<string, number | null>();
    const previous = new Map<string, PreviousPage>();
    for (const p of paths) {
      versions.set(p, 0);
      ids.set(p, null);
    }
    if (paths.size > BULK) {
      // A brain with no page and no change yet (a first import, a rebuild): every path is new.
      // The two lookups below found nothing for it at ~8 µs a page (10,000 bench pages).
      const held = this.stmts.holdsAny.get(brainId, brainId) as { page: number | null; change: number | null };
      if (held.page == null && held.change == null) return { versions, ids, previous };
      const list = JSON.stringify([...paths]);
      for (const r of this.stmts.lastVersions.all(brainId, list) as Array<{ path: string; v: number }>) versions.set(r.path, r.v);
      for (const r of this.stmts.idsOf.all(brainId, list) as Array<PreviousPage & { path: string; id: number }>) {
        ids.set(r.path, r.id);
        previous.set(r.path, { title: r.title, summary: r.summary, markdown: unpackMarkdown(r.markdown) });
      }
    } else {
      for (const p of paths) {
        versions.set(p, (this.stmts.lastVersion.get(brainId, p) as { v: number | null }).v ?? 0);
        const r = this.stmts.idOf.get(brainId, p) as (PreviousPage & { id: number }) | undefined;
        ids.set(p, r?.id ?? null);
        if (r) previous.set(p, { title: r.title, summary: r.summary, markdown: unpackMarkdown(r.markdown) });
      }
    }
    return { versions, ids, previous };
  }

  /**
   * A member's changes into the feed, in order, each given its seq. A bulk commit's rows go in one
   * statement on SQLite: one row a statement cost ~15 µs a page with its events trigger, one
   * statement ~10 (10,000 bench pages).
   */
  private recordChanges(brainId: string, stamp: ChangeStamp, changes: PageChange[]): void {
    const bulk = this.stmts.changes;
    if (!bulk || changes.length <= BULK) {
      for (const c of changes) c.seq = this.recordChange(brainId, stamp, c.op, c.path, c.fromPath, c.version);
      return;
    }
    const rows = JSON.stringify(changes.map((c) => [c.op, c.path, c.fromPath, c.version]));
    const put = bulk.run(brainId, stamp.commit, stamp.at, stamp.byName, stamp.byRef, rows) as RunResult;
    if (put.changes !== changes.length) throw new Error(`the changes feed took ${put.changes} of ${changes.length} rows`);
    const first = Number(put.lastInsertRowid) - changes.length + 1;
    changes.forEach((c, i) => (c.seq = first + i));
  }

  /** The change's row in the feed; its seq. */
  private recordChange(brainId: string, stamp: ChangeStamp, op: ChangeOp, path: string, fromPath: string | null, v: number): number {
    return this.insertChange(brainId, op, path, fromPath, v, stamp.commit, stamp.at, stamp.byName, stamp.byRef);
  }

  /** Drop the derived rows of one brain before a rebuild from git. */
  clearBrain(brainId: string): void {
    for (const h of this.hooks) h.brainCleared?.(brainId);
    this.stmts.clearPages.run(brainId);
    this.stmts.clearChanges.run(brainId);
    this.stmts.setIndexed.run(null, brainId);
    this.stmts.setReconciling.run(null, brainId);
  }

  /**
   * Pages other than `exceptPath` whose markdown contains any of `needles` (case-insensitive):
   * the cheap candidate set for link rewriting on a move.
   */
  pagesMentioning(brainId: string, needles: string[], exceptPath: string): Array<{ path: string; markdown: string }> {
    // SQLite's lower() folds only ASCII, so fold the needles the same way (an accented name still matches).
    const wanted = [...new Set(needles.filter(Boolean).flatMap((n) => [n.replace(/[A-Z]+/g, (m) => m.toLowerCase()), n.toLowerCase()]))];
    if (!wanted.length) return [];
    // (PostgreSQL: strpos, and lower() under the C collation, which folds ASCII only too.)
    if (!isPostgres(this.db)) return this.pagesMentioningPacked(brainId, wanted, exceptPath);
    const has = 'strpos(lower(markdown COLLATE "C"), ?) > 0';
    const sql = `SELECT path, markdown FROM pages WHERE brain_id = ? AND path != ? AND (${wanted.map(() => has).join(' OR ')}) ORDER BY path`;
    return this.db.prepare(sql).all(brainId, exceptPath, ...wanted) as Array<{ path: string; markdown: string }>;
  }

  /**
   * pagesMentioning on SQLite, where long pages are packed (pageText.ts): each page is unpacked
   * once and searched here. In SQL every `instr(lower(page_text(markdown)), ?)` of the OR unpacked
   * the page again (a move with 6 needles took 11.6 s instead of 5.3 s on the 6,300-page bench
   * vault, inside the brain's write lock). A packed page's UTF-8 bytes are searched as latin1 (one
   * character a byte, no UTF-8 decoding) for the needles' bytes; JavaScript's case-insensitive
   * match folds A-Z as SQLite's lower() does and some other letters too, so the set can only be
   * larger (the caller keeps the pages whose links it rewrites). Pages are read in batches.
   */
  private pagesMentioningPacked(brainId: string, wanted: string[], exceptPath: string): Array<{ path: string; markdown: string }> {
    const anyOf = (needles: string[]) => new RegExp(needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
    const inText = anyOf(wanted);
    const inBytes = anyOf(wanted.map((n) => Buffer.from(n, 'utf8').toString('latin1')));
    const out: Array<{ path: string; markdown: string }> = [];
    let after = '';
    for (;;) {
      const rows = this.stmts.markdownAfter.all(brainId, after, MENTION_BATCH) as Array<{ path: string; markdown: unknown }>;
      for (const r of rows) {
        if (r.path === exceptPath) continue;
        if (r.markdown instanceof Uint8Array) {
          const bytes = inflatePacked(r.markdown);
          if (inBytes.test(bytes.toString('latin1'))) out.push({ path: r.path, markdown: bytes.toString('utf8') });
        } else {
          const text = unpackMarkdown(r.markdown);
          if (inText.test(text)) out.push({ path: r.path, markdown: text });
        }
      }
      if (rows.length < MENTION_BATCH) return out;
      after = rows[rows.length - 1]!.path;
    }
  }

  /** Where a link on the page `from` resolves now (the resolution order of link indexing), or null. */
  linkGoesTo(brainId: string, link: LinkRef, from: string): string | null {
    return resolveLinkKey(this.db, brainId, linkKey(link), from);
  }

  /** Paths of pages whose title or file name (without `.md`) equals `name`, case-insensitively. */
  pagesNamed(brainId: string, name: string): string[] {
    const lower = name.toLowerCase();
    const rows = this.stmts.pagesNamed
      .all(brainId, lower, `${lower}.md`, `/${lower}.md`, `/${lower}.md`) as Array<{ path: string }>;
    return rows.map((r) => r.path);
  }

  changesSince(brainId: string, afterSeq: number, limit: number): PageChange[] {
    const rows = this.stmts.changesSince.all(brainId, afterSeq, limit) as Array<Record<string, unknown>>;
    return rows.map(toChange);
  }

  /** The brain's latest changes, newest first. */
  recentChanges(brainId: string, limit: number): PageChange[] {
    const rows = this.stmts.recentChanges.all(brainId, limit) as Array<Record<string, unknown>>;
    return rows.map(toChange);
  }

  /** Every change that touched `path` (puts, moves into it, deletes), newest first. */
  historyOf(brainId: string, path: string, beforeSeq = Number.MAX_SAFE_INTEGER): PageChange[] {
    const rows = this.stmts.historyOf.all(brainId, path, beforeSeq) as Array<Record<string, unknown>>;
    return rows.map(toChange);
  }

  latestSeq(brainId: string): number {
    const row = this.stmts.latestSeq.get(brainId) as { s: number | null };
    return row.s ?? 0;
  }

  // --- the write journal (writePath.ts) ---

  /** Journal a write whose commit is built and about to land. */
  insertPending(row: PendingWriteRow): void {
    this.stmts.addPending.run(row.id, row.brain_id, row.base_commit, row.new_commit, row.payload, row.created_at);
  }

  /** The write is indexed (or never landed): its journal row goes. */
  removePending(id: string): void {
    this.stmts.removePending.run(id);
  }

  /** Brains with journaled writes, the one with the oldest first. */
  brainsWithPending(): string[] {
    return (this.stmts.pendingBrains.all() as Array<{ brain_id: string }>).map((r) => r.brain_id);
  }

  /** One brain's journaled writes, oldest first. */
  pendingOf(brainId: string): PendingWriteRow[] {
    return this.stmts.pendingOf.all(brainId) as PendingWriteRow[];
  }
}

/** DERIVATION_VERSION.CHUNKING_VERSION, the stamp's first part. */
const VERSIONS = `${DERIVATION_VERSION}.${CHUNKING_VERSION}`;

/** Stamps by the rules object they were made for (the brain config cache keeps one per schema read). */
const stamps = new WeakMap<RelationRules, Map<string | null, string>>();

/**
 * What a page row records as having made its derived rows: DERIVATION_VERSION.CHUNKING_VERSION, and (when the
 * brain's schema has any) a short hash of the link typing rules and partition folder derivation
 * read. Either changing makes reindex derive the page again (a schema's new relations retype old pages).
 */
export function derivationStamp(rules: RelationRules | null, partitionFolder: string | null): string {
  if (!rules && !partitionFolder) return VERSIONS;
  const byFolder = rules ? (stamps.get(rules) ?? new Map<string | null, string>()) : null;
  if (rules && !stamps.has(rules)) stamps.set(rules, byFolder!);
  const kept = byFolder?.get(partitionFolder);
  if (kept) return kept;
  const hash = createHash('sha1').update(JSON.stringify([rules ?? null, partitionFolder])).digest('hex').slice(0, 12);
  const stamp = `${VERSIONS}:${hash}`;
  byFolder?.set(partitionFolder, stamp);
  return stamp;
}

export function partitionOfPath(path: string, partitionFolder: string | null): string | null {
  if (!partitionFolder) return null;
  const prefix = `${partitionFolder}/`;
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  const i = rest.indexOf('/');
  return i > 0 ? rest.slice(0, i) : null;
}

/** A page as listPages gives it: every field but the markdown. */
export type ListedPage = Omit<IndexedPage, 'markdown'>;
/** The `pages` columns of a ListedPage (all but `markdown` and `derivation`). */
const LISTED_COLUMNS = 'id, brain_id, path, folder, title, summary, frontmatter, version, blob_oid, commit_oid, partition, updated_at, updated_by';

/** A listed row (no markdown column) as a ListedPage: pageFromRow's one mapping, its empty markdown dropped. */
function listedFromRow(r: Record<string, unknown>): ListedPage {
  const { markdown: _none, ...listed } = pageFromRow(r);
  return listed;
}

/** A `pages` row as an IndexedPage (the one mapping; search reuses it). */
export function pageFromRow(r: Record<string, unknown>): IndexedPage {
  const page: IndexedPage = {
    id: r.id as number,
    brainId: r.brain_id as string,
    path: r.path as string,
    folder: r.folder as string,
    title: r.title as string,
    summary: r.summary as string,
    frontmatter: JSON.parse(r.frontmatter as string) as Record<string, unknown>,
    markdown: '',
    version: r.version as number,
    blobOid: r.blob_oid as string,
    commit: r.commit_oid as string,
    partition: (r.partition as string | null) ?? null,
    updatedAt: r.updated_at as string,
    updatedBy: r.updated_by as string,
  };
  const raw = r.markdown;
  if (raw == null || typeof raw === 'string') page.markdown = raw ?? '';
  // A packed page is unpacked when its markdown is first read (a caller checking that a page exists
  // or reading its title never does).
  else lazyMarkdown(page, raw);
  return page;
}

function lazyMarkdown(page: IndexedPage, raw: unknown): void {
  const settle = (text: string) => Object.defineProperty(page, 'markdown', { value: text, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(page, 'markdown', {
    enumerable: true,
    configurable: true,
    get: () => {
      const text = unpackMarkdown(raw);
      settle(text);
      return text;
    },
    set: settle,
  });
}

function toChange(r: Record<string, unknown>): PageChange {
  return {
    seq: r.seq as number,
    op: r.op as ChangeOp,
    path: r.path as string,
    fromPath: (r.from_path as string | null) ?? null,
    version: r.version as number,
    commit: r.commit_oid as string,
    at: r.at as string,
    by: r.by_name as string,
  };
}
