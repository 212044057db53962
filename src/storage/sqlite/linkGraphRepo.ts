// The link graph, derived: every link as written on each page, resolved to a page path or kept
// as "wanted" (to_path NULL), and the names every page answers to. Maintained as a
// PageIndexHook inside the index transaction: when a page appears, moves or disappears, every
// link spelling one of its names is resolved again, so wanted links resolve when their target
// is created and fall back to wanted (or to another page of that name) when it goes.
// Resolution is deferred to the hook's `flush` at the end of the transaction's batch and done in
// one statement for every name the batch touched: the result is the same as resolving after each
// page (a link's target depends only on the final set of names), but an import of 10,000 pages
// costs one set-based UPDATE instead of ~100,000 point queries.
// Stored in integers (migration 021): a link names its page and the page it points at by row id,
// and its target as written (with its key) once per brain in search_link_targets.
import { contextLine, markdownLinkPath, relativeWikiPath } from '../../domain/links.js';
import type { DerivedPage } from '../../domain/pageDerivation.js';
import { foldPrefix, KEY_SEPARATOR, ONE_PATH, type KeyCandidate, type KeyKind } from '../../domain/pageRefs.js';
import { boundLimit, isPostgres, type SyncDb, type SyncStatement } from '../syncDb.js';
import type { RunResult } from 'better-sqlite3';
import { isAmbiguousKey, resolveLinkKey, retargetLinks, storeLinks, type NewLink } from './linkResolution.js';
import type { IndexedPage, PageIndexHook, PreviousPage } from './pageIndexRepo.js';
import { unpackMarkdown } from './pageText.js';

export interface LinkRow {
  fromPath: string;
  toPath: string | null;
  target: string;
  kind: 'wiki' | 'markdown';
  heading: string | null;
  line: number;
  context: string;
  /** The relation the link expresses (`mentions` for a plain link). */
  type: string;
}

/** One edge per from → to pair and type, with how many links on the page make it. */
export interface Edge {
  from: string;
  to: string;
  type: string;
  count: number;
}

export interface NamedPage {
  path: string;
  title: string;
  label: string;
  kind: KeyKind;
}

/** A key's link targets seen in a batch: the first as written, and any others by their spelling. */
interface TargetIds {
  target: string;
  id: number;
  others: Map<string, number> | null;
}

export class LinkGraphRepo implements PageIndexHook {
  private readonly stmts;
  /** Folded key prefixes (see pageRefs) whose resolution may have changed since the last flush, per brain. */
  private readonly touched = new Map<string, Set<string>>();
  private readonly edgeStmts = new Map<string, SyncStatement>();
  /**
   * Per brain: the id of each target seen this batch, by key (cleared at every batch's start and
   * end). A key is nearly always written one way (the vault: 18,700 keys, 22,200 targets), so its
   * first target sits in the entry and only the others in a map of their own: one Map lookup and
   * a string comparison a link, rather than two lookups in ~19,000 small maps (a vault page has ~29
   * links), and no `key \0 target` string made and hashed per link.
   */
  private readonly targetIds = new Map<string, Map<string, TargetIds>>();
  /** Per brain: the links written this batch, by page, stored (resolved) at flush. */
  private readonly fresh = new Map<string, Map<number, NewLink[]>>();
  /** Targets whose links went this batch: deleted at flush when no link names them any more. */
  private readonly orphanCandidates = new Set<number>();
  /**
   * Brains that held no link when their batch started (a first import, a push into a new brain):
   * flush has no stored link to resolve again, and reads none (a range query per touched name:
   * 4.6 a page, a twentieth of a vault import's link work).
   */
  private readonly linkless = new Set<string>();
  /**
   * Brains that held no page name when their batch started (a first import): the names their pages
   * get this batch, by page id, as stored. They are then every name of the brain, and flush
   * resolves links against them without reading each touched name's range back (2.75 queries a
   * vault page).
   */
  private readonly batchNames = new Map<string, Map<number, { path: string; keys: DerivedPage['keys'] }>>();

  /** Store a link target, returning its id, or undefined when the brain has it already. */
  private readonly insertTarget: (brainId: string, key: string, target: string) => number | undefined;
  private readonly pg: boolean;

  /**
   * One module for both backends (SQL both speak, a dialect switch where they differ: see
   * docs/postgres.md). On PostgreSQL keys are indexed by their first 200 characters and targets'
   * uniqueness is checked on digests (migration 8: a B-tree entry cannot hold a long key).
   */
  constructor(private readonly db: SyncDb) {
    const pg = (this.pg = isPostgres(db));
    this.stmts = {
      // Select, then delete: DELETE … RETURNING would open a statement savepoint, which makes FTS5
      // flush its pending terms mid-batch (see pageIndexRepo).
      keysOfPage: db.prepare('SELECT key FROM search_page_keys WHERE page_id = ?').pluck(),
      storedKeys: db.prepare('SELECT key, kind, label, path FROM search_page_keys WHERE page_id = ?'),
      storedLinks: db.prepare(
        'SELECT t.key, t.target, l.kind, l.heading, l.line, l.type FROM search_links l JOIN search_link_targets t ON t.id = l.target_id WHERE l.from_page_id = ? ORDER BY l.ordinal',
      ),
      deleteKeys: db.prepare('DELETE FROM search_page_keys WHERE page_id = ?'),
      insertKey: db.prepare(
        pg
          ? 'INSERT INTO search_page_keys (brain_id, key, kind, page_id, path, label) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING'
          : 'INSERT OR IGNORE INTO search_page_keys (brain_id, key, kind, page_id, path, label) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      targetsOfPage: db.prepare('SELECT DISTINCT target_id FROM search_links WHERE from_page_id = ?').pluck(),
      deleteLinks: db.prepare('DELETE FROM search_links WHERE from_page_id = ?'),
      targetId: db.prepare(
        pg
          ? 'SELECT id FROM search_link_targets WHERE brain_id = ? AND md5(key) = md5(?) AND md5(target) = md5(?) AND key = ? AND target = ?'
          : 'SELECT id FROM search_link_targets WHERE brain_id = ? AND key = ? AND target = ?',
      ).pluck(),
      // Every stored link names a target of its brain (targets no link names go at flush).
      // One statement for both probes: batchStart runs it before every write's index work.
      anyStored: db.prepare('SELECT (SELECT 1 FROM search_link_targets WHERE brain_id = ? LIMIT 1) AS target, (SELECT 1 FROM search_page_keys WHERE brain_id = ? LIMIT 1) AS name'),
      deleteOrphanTarget: db.prepare('DELETE FROM search_link_targets WHERE id = ? AND NOT EXISTS (SELECT 1 FROM search_links WHERE target_id = ?)'),
      deleteBrainLinks: db.prepare('DELETE FROM search_links WHERE target_id IN (SELECT id FROM search_link_targets WHERE brain_id = ?)'),
      deleteBrainTargets: db.prepare('DELETE FROM search_link_targets WHERE brain_id = ?'),
      deleteBrainKeys: db.prepare('DELETE FROM search_page_keys WHERE brain_id = ?'),
      // (SQLite reads them in its primary key's order; PostgreSQL is told that order.)
      allNames: db.prepare(
        `SELECT k.path, p.title, k.label, k.kind FROM search_page_keys k JOIN pages p ON p.id = k.page_id
         WHERE k.brain_id = ? AND k.key >= 'n:' AND k.key < 'n;'${pg ? ' ORDER BY k.key, k.kind, k.page_id' : ''}`,
      ),
      nameLabels: db.prepare(`SELECT path, label FROM search_page_keys WHERE brain_id = ? AND key >= 'n:' AND key < 'n;'`),
      // The names of some pages, found by path (pages' own index, then the keys by page).
      namesOfPaths: db.prepare(
        `SELECT p.path, k.label FROM pages p JOIN search_page_keys k ON k.page_id = p.id
         WHERE p.brain_id = ? AND p.path IN (${pg ? 'SELECT json_array_elements_text(CAST(? AS json))' : 'SELECT value FROM json_each(?)'}) AND k.key >= 'n:' AND k.key < 'n;'`,
      ),
      wanted: db.prepare(
        `SELECT MIN(t.target) AS target, t.key, COUNT(*) AS count FROM search_link_targets t JOIN search_links l ON l.target_id = t.id
         WHERE t.brain_id = ? AND l.to_page_id IS NULL
         GROUP BY t.key ORDER BY count DESC, target, t.key LIMIT ${boundLimit(db)}`,
      ),
      // A page linking with one spelling of a relative target (its folder gives the path the target names).
      wantedFrom: db.prepare(
        `SELECT p.path, l.kind FROM search_link_targets t JOIN search_links l ON l.target_id = t.id JOIN pages p ON p.id = l.from_page_id
         WHERE t.brain_id = ? AND t.key = ? AND t.target = ? AND l.to_page_id IS NULL ORDER BY p.path LIMIT 1`,
      ),
      // One row per linking page and type: the first link's line and how many links. The context
      // line is cut from the linking page's markdown when asked for, not stored with every link
      // (stored, it repeated the text of every line with a link: the size of the vault again).
      // Grouped on the links alone, the page joined to each group after: grouping rows that carry
      // the page's markdown made SQLite's sorter hold one copy of the page per link (a page of
      // 20,000 links to one target took gigabytes of native memory). The target is the first link's
      // (a bare column beside MIN: SQLite takes it from the first row holding the least line, in
      // the order of the index it walks, by page and position; PostgreSQL has no bare columns and
      // is told that order).
      backlinks: db.prepare(
        `SELECT p.path AS "fromPath", p.title, p.markdown, t.target, g.line, g.type, g.count
         FROM (SELECT l.from_page_id AS "pageId", l.type, MIN(l.line) AS line,
                 ${pg ? '(array_agg(l.target_id ORDER BY l.line, l.ordinal))[1]' : 'l.target_id'} AS "targetId", COUNT(*) AS count
               FROM search_links l
               WHERE l.to_page_id = (SELECT x.id FROM pages x WHERE x.brain_id = ? AND x.path = ?) AND l.from_page_id <> l.to_page_id
               GROUP BY l.from_page_id, l.type) g
         JOIN pages p ON p.id = g."pageId" JOIN search_link_targets t ON t.id = g."targetId"
         ORDER BY p.path, g.line, g.type`,
      ),
      // The whole graph (the web app's brain picture): every page, every resolved edge, grouped.
      allPages: db.prepare('SELECT path, title, folder FROM pages WHERE brain_id = ? ORDER BY path'),
      allEdges: db.prepare(
        `SELECT f.path AS "from", p.path AS "to", l.type, COUNT(*) AS count
         FROM pages f JOIN search_links l ON l.from_page_id = f.id JOIN pages p ON p.id = l.to_page_id
         WHERE f.brain_id = ? AND l.from_page_id <> l.to_page_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      ),
      linkCount: db.prepare(
        `SELECT COUNT(*) AS n FROM pages f JOIN search_links l ON l.from_page_id = f.id
         WHERE f.brain_id = ? AND l.to_page_id IS NOT NULL AND l.from_page_id <> l.to_page_id`,
      ).pluck(),
      mostLinked: db.prepare(
        `SELECT p.path, COUNT(DISTINCT l.from_page_id) AS count FROM pages p JOIN search_links l ON l.to_page_id = p.id
         WHERE p.brain_id = ? AND l.from_page_id <> l.to_page_id GROUP BY p.id ORDER BY count DESC, p.path LIMIT ${boundLimit(db)}`,
      ),
      // The page's markdown is read once (outgoingMarkdown), not with every link: sorted, each row's copy would be kept.
      outgoingMarkdown: db.prepare('SELECT markdown FROM pages WHERE brain_id = ? AND path = ?').pluck(),
      outgoing: db.prepare(
        `SELECT f.path AS from_path, p.path AS to_path, t.target, l.kind, l.heading, l.line, l.type
         FROM pages f JOIN search_links l ON l.from_page_id = f.id JOIN search_link_targets t ON t.id = l.target_id
         LEFT JOIN pages p ON p.id = l.to_page_id
         WHERE f.brain_id = @brainId AND f.path = @path ORDER BY l.line, l.ordinal`,
      ),
    };
    // SQLite: the row id as better-sqlite3 reports it (RETURNING would open a statement savepoint,
    // see keysOfPage); PostgreSQL has no last-insert id, so the same insert returns it.
    const insert = 'INSERT INTO search_link_targets (brain_id, key, target) VALUES (?, ?, ?) ON CONFLICT DO NOTHING';
    if (pg) {
      const returning = db.prepare(`${insert} RETURNING id`).pluck();
      this.insertTarget = (brainId, key, target) => returning.get(brainId, key, target) as number | undefined;
    } else {
      const plain = db.prepare(insert);
      this.insertTarget = (brainId, key, target) => {
        const put = plain.run(brainId, key, target) as RunResult;
        return put.changes ? Number(put.lastInsertRowid) : undefined;
      };
    }
  }

  batchStart(brainId: string): void {
    // Ids cached by a batch that was rolled back would name targets that do not exist.
    this.targetIds.delete(brainId);
    this.fresh.delete(brainId);
    this.orphanCandidates.clear();
    const stored = this.stmts.anyStored.get(brainId, brainId) as { target: number | null; name: number | null };
    if (stored.target == null) this.linkless.add(brainId);
    else this.linkless.delete(brainId);
    if (stored.name == null) this.batchNames.set(brainId, new Map());
    else this.batchNames.delete(brainId);
  }

  /**
   * Whether a page derived again (reindex) keeps its stored names and links: they are exactly what
   * `derived` holds. Asked by the embedding context hook ahead of this one's pagePut for the same
   * page, which then takes the answer rather than reading the rows again.
   */
  keepsRows(brainId: string, page: IndexedPage, derived: DerivedPage): boolean {
    const kept = !this.fresh.get(brainId)?.has(page.id) && this.storedAsDerived(page, derived);
    this.lastKept = { derived, pageId: page.id, kept };
    return kept;
  }

  /** keepsRows' last answer, for the pagePut of the same derivation that follows it. */
  private lastKept: { derived: DerivedPage; pageId: number; kept: boolean } | null = null;

  pagePut(brainId: string, page: IndexedPage, derived: DerivedPage, isNew: boolean, _previous?: PreviousPage, refresh = false): void {
    const touched = this.touchedKeys(brainId);
    const asked = this.lastKept?.derived === derived && this.lastKept.pageId === page.id ? this.lastKept.kept : null;
    this.lastKept = null;
    // A page derived again (reindex) whose names and links come out as stored keeps its rows; its
    // names are still resolved again at flush (a new version may resolve the same links otherwise).
    if (refresh && !isNew && (asked ?? this.keepsRows(brainId, page, derived))) {
      // Names kept as stored are not among the batch's: flush reads them.
      this.batchNames.delete(brainId);
      for (const k of derived.keys) touched.add(foldPrefix(k.key));
      for (const l of derived.links) touched.add(foldPrefix(l.key));
      return;
    }
    if (!isNew) this.dropPage(brainId, page.id, touched);
    for (const k of derived.keys) {
      this.stmts.insertKey.run(brainId, k.key, k.kind, page.id, page.path, k.label);
      touched.add(foldPrefix(k.key));
    }
    this.batchNames.get(brainId)?.set(page.id, { path: page.path, keys: derived.keys });
    const links = derived.links;
    if (!links.length) return;
    // Stored by flush(), at the end of the batch and in the same transaction, resolved with every
    // other touched name: one insert and one resolution per link (resolving here cost a tenth of a
    // bulk import; inserting as wanted and updating at flush cost another two B-tree writes a link).
    // Their prefixes join the touched ones at flush, once per prefix rather than once per link.
    let byKey = this.targetIds.get(brainId);
    if (!byKey) this.targetIds.set(brainId, (byKey = new Map()));
    const added = new Array<NewLink>(links.length);
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      // (`to` from the start: every link object keeps one shape when retargetLinks sets it.)
      added[i] = {
        pageId: page.id,
        ordinal: i,
        targetId: this.targetId(byKey, brainId, link.key, link.target),
        key: link.key,
        prefix: foldPrefix(link.key),
        from: page.path,
        kind: link.kind,
        heading: link.heading,
        line: link.line,
        type: link.type,
        to: undefined,
      };
    }
    let fresh = this.fresh.get(brainId);
    if (!fresh) this.fresh.set(brainId, (fresh = new Map()));
    fresh.set(page.id, added);
  }

  /** Whether the page's stored names and links are exactly what `derived` holds (links in order). */
  private storedAsDerived(page: IndexedPage, derived: DerivedPage): boolean {
    const links = this.stmts.storedLinks.all(page.id) as Array<{ key: string; target: string; kind: string; heading: string | null; line: number; type: string }>;
    if (links.length !== derived.links.length) return false;
    for (let i = 0; i < links.length; i++) {
      const s = links[i]!;
      const d = derived.links[i]!;
      if (s.key !== d.key || s.target !== d.target || s.kind !== d.kind || (s.heading ?? null) !== (d.heading ?? null) || Number(s.line) !== d.line || s.type !== d.type) return false;
    }
    const keys = this.stmts.storedKeys.all(page.id) as Array<{ key: string; kind: number; label: string; path: string }>;
    if (keys.some((k) => k.path !== page.path)) return false;
    const stored = new Set(keys.map((k) => `${Number(k.kind)}\u0000${k.key}\u0000${k.label}`));
    const wanted = new Set(derived.keys.map((k) => `${k.kind}\u0000${k.key}\u0000${k.label}`));
    return stored.size === wanted.size && [...wanted].every((k) => stored.has(k));
  }

  pageRemoved(brainId: string, pageId: number): void {
    this.dropPage(brainId, pageId, this.touchedKeys(brainId));
  }

  /** Remove a page's names and links (its targets may become orphans: see flush). */
  private dropPage(brainId: string, pageId: number, touched: Set<string>): void {
    this.batchNames.get(brainId)?.delete(pageId);
    // (The page's unstored links leave the batch: their prefixes stay touched, as if stored and dropped.)
    for (const l of this.fresh.get(brainId)?.get(pageId) ?? []) {
      this.orphanCandidates.add(l.targetId);
      touched.add(l.prefix);
    }
    this.fresh.get(brainId)?.delete(pageId);
    for (const k of this.stmts.keysOfPage.all(pageId) as string[]) touched.add(foldPrefix(k));
    this.stmts.deleteKeys.run(pageId);
    for (const t of this.stmts.targetsOfPage.all(pageId) as number[]) this.orphanCandidates.add(t);
    this.stmts.deleteLinks.run(pageId);
  }

  /** The id of a link target of the brain, stored on first use; `byKey`: the brain's ids of this batch. */
  private targetId(byKey: Map<string, TargetIds>, brainId: string, key: string, target: string): number {
    const ids = byKey.get(key);
    if (ids) {
      if (ids.target === target) return ids.id;
      const id = ids.others?.get(target);
      if (id !== undefined) return id;
    }
    // Insert first (a first import meets mostly new targets), look up only when it was there.
    const id = this.insertTarget(brainId, key, target) ?? (this.stmts.targetId.get(...(this.pg ? [brainId, key, target, key, target] : [brainId, key, target])) as number);
    if (!ids) byKey.set(key, { target, id, others: null });
    else (ids.others ??= new Map()).set(target, id);
    return id;
  }

  brainCleared(brainId: string): void {
    this.linkless.delete(brainId);
    this.batchNames.delete(brainId);
    this.touched.delete(brainId);
    this.targetIds.delete(brainId);
    this.fresh.delete(brainId);
    this.stmts.deleteBrainLinks.run(brainId);
    this.stmts.deleteBrainTargets.run(brainId);
    this.stmts.deleteBrainKeys.run(brainId);
  }

  /** Re-resolve every name the puts and removals since the last flush touched (same transaction). */
  flush(brainId: string): void {
    this.targetIds.delete(brainId);
    const keys = this.touched.get(brainId) ?? new Set<string>();
    this.touched.delete(brainId);
    const byPrefix = new Map<string, NewLink[]>();
    const fresh = this.fresh.get(brainId);
    for (const links of fresh?.values() ?? []) {
      for (const l of links) {
        const list = byPrefix.get(l.prefix);
        if (list) list.push(l);
        else {
          byPrefix.set(l.prefix, [l]);
          keys.add(l.prefix); // a new link's name is touched (its put did not add it: see pagePut)
        }
      }
    }
    this.fresh.delete(brainId);
    // Every stored link whose key shares a folded half with a touched key points at the page it
    // resolves to now (NULL: wanted), rows already right untouched; the batch's links are stored
    // resolved (linkResolution.ts).
    // (Stored links only ever go within a batch: none at its start, none now.)
    const noneStored = this.linkless.delete(brainId);
    const names = this.batchNames.get(brainId);
    this.batchNames.delete(brainId);
    if (keys.size) retargetLinks(this.db, brainId, keys, byPrefix, noneStored, names && namesByPrefix(names));
    // In page order: appended to the primary key (page, ordinal) in an import, its new pages' ids ascending.
    if (fresh) storeLinks(this.db, [...fresh].sort((x, y) => x[0] - y[0]).flatMap(([, links]) => links));
    // Targets no link names any more go, so a live index holds what a reindex would.
    for (const t of this.orphanCandidates) this.stmts.deleteOrphanTarget.run(t, t);
    this.orphanCandidates.clear();
  }

  private touchedKeys(brainId: string): Set<string> {
    let keys = this.touched.get(brainId);
    if (!keys) this.touched.set(brainId, (keys = new Set()));
    return keys;
  }

  /** The page a key resolves to, seen from the page at `from` ('' for none: ties go to the shortest path). */
  resolveKey(brainId: string, key: string, from = ''): string | null {
    return resolveLinkKey(this.db, brainId, key, from);
  }

  /** The first of `keys` that resolves, in order. */
  resolveFirst(brainId: string, keys: string[], from = ''): string | null {
    for (const k of keys) {
      const path = this.resolveKey(brainId, k, from);
      if (path) return path;
    }
    return null;
  }

  /**
   * The page each name key resolves to (in the resolution order), for the keys that resolve;
   * `ambiguous` when another page answers the key as well (same name, another folder).
   */
  pagesNamed(brainId: string, keys: string[]): Array<{ key: string; path: string; ambiguous?: boolean }> {
    const out: Array<{ key: string; path: string; ambiguous?: boolean }> = [];
    for (const key of keys) {
      const path = this.resolveKey(brainId, key);
      if (path) out.push(isAmbiguousKey(this.db, brainId, key) ? { key, path, ambiguous: true } : { key, path });
    }
    return out;
  }

  backlinks(brainId: string, path: string): Array<{ fromPath: string; title: string; context: string; line: number; type: string; count: number }> {
    const rows = this.stmts.backlinks.all(brainId, path) as Array<{ fromPath: string; title: string; markdown: string; target: string; line: number; type: string; count: number }>;
    // One row per linking page and link type: a page linking with several types is unpacked once.
    const texts = new Map<string, string>();
    const textOf = (r: { fromPath: string; markdown: unknown }) => texts.get(r.fromPath) ?? texts.set(r.fromPath, unpackMarkdown(r.markdown)).get(r.fromPath)!;
    return rows.map((r) => ({ fromPath: r.fromPath, title: r.title, context: contextAt(textOf(r), r.line, r.target), line: r.line, type: r.type, count: r.count }));
  }

  outgoing(brainId: string, path: string): LinkRow[] {
    const markdown = unpackMarkdown(this.stmts.outgoingMarkdown.get(brainId, path));
    return (this.stmts.outgoing.all({ brainId, path }) as Array<Record<string, unknown>>).map((r) => toLink(r, markdown));
  }

  /**
   * Resolved edges touching any of `paths` (self-links left out), for traversal and boosts: one per
   * from → to pair and type, with its link count. `types` (when given) keeps only those relations.
   */
  edgesTouching(brainId: string, paths: string[], direction: 'out' | 'in' | 'both', types?: readonly string[] | null): Edge[] {
    if (!paths.length) return [];
    const typed = types != null && types.length > 0;
    const stmtKey = `${direction}${typed ? ':typed' : ''}`;
    let stmt = this.edgeStmts.get(stmtKey);
    if (!stmt) {
      // One indexed SELECT per direction (outgoing through from_page_id, incoming through to_path),
      // joined by UNION (which also drops repeats): an OR of the two lets the planner scan every
      // resolved link of the brain instead.
      const list = (param: string) => (this.pg ? `SELECT json_array_elements_text(CAST(${param} AS json))` : `SELECT value FROM json_each(${param})`);
      const typeFilter = typed ? ` AND type IN (${list('@types')})` : '';
      const pagesListed = `SELECT p.id FROM pages p WHERE p.brain_id = @brainId AND p.path IN (${list('@list')})`;
      const edges = (where: string) => `SELECT from_page_id, ordinal, to_page_id, type FROM search_links WHERE ${where} AND from_page_id <> to_page_id${typeFilter}`;
      const parts: string[] = [];
      // (`+`: the outgoing half stays on its primary key; left to itself the planner may walk the
      // resolved links by to_page_id.)
      if (direction !== 'in') parts.push(edges(`from_page_id IN (${pagesListed}) AND ${this.pg ? '' : '+'}to_page_id IS NOT NULL`));
      if (direction !== 'out') parts.push(edges(`to_page_id IN (${pagesListed})`));
      stmt = this.db.prepare(
        `SELECT f.path AS "from", t.path AS "to", e.type, COUNT(*) AS count FROM (${parts.join(' UNION ')}) e
         JOIN pages f ON f.id = e.from_page_id JOIN pages t ON t.id = e.to_page_id
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      );
      this.edgeStmts.set(stmtKey, stmt);
    }
    const params: Record<string, string> = { brainId, list: JSON.stringify(paths) };
    if (typed) params.types = JSON.stringify(types);
    return stmt.all(params) as Edge[];
  }

  /** Every page of the brain with its title and folder, in path order. */
  allPages(brainId: string): Array<{ path: string; title: string; folder: string }> {
    return this.stmts.allPages.all(brainId) as Array<{ path: string; title: string; folder: string }>;
  }

  /** Every resolved edge of the brain (self-links left out), one per from → to pair and type. */
  allEdges(brainId: string): Edge[] {
    return this.stmts.allEdges.all(brainId) as Edge[];
  }

  /** How many resolved links the brain's pages hold (self-links left out). */
  linkCount(brainId: string): number {
    return this.stmts.linkCount.get(brainId) as number;
  }

  /** Pages linked from the most other pages, with how many link to each. */
  mostLinked(brainId: string, limit: number): Array<{ path: string; count: number }> {
    return this.stmts.mostLinked.all(brainId, limit) as Array<{ path: string; count: number }>;
  }

  /** Every name of every page (slug, title, alias), for near-miss ranking. */
  allNames(brainId: string): NamedPage[] {
    return this.stmts.allNames.all(brainId) as NamedPage[];
  }

  /** Every name label (title, file name, alias) of the brain's pages, with its page's path. */
  nameLabels(brainId: string): Array<{ path: string; label: string }> {
    return this.stmts.nameLabels.all(brainId) as Array<{ path: string; label: string }>;
  }

  /** The name labels (titles, file names, aliases) of the pages at `paths` that exist. */
  namesOfPaths(brainId: string, paths: string[]): Array<{ path: string; label: string }> {
    if (!paths.length) return [];
    return this.stmts.namesOfPaths.all(brainId, JSON.stringify(paths)) as Array<{ path: string; label: string }>;
  }

  /** Links whose target does not exist yet, with how often each is wanted. */
  wanted(brainId: string, limit = 100): Array<{ target: string; count: number }> {
    const rows = this.stmts.wanted.all(brainId, limit) as Array<{ target: string; key: string; count: number }>;
    return rows.map((r) => ({ target: r.key.endsWith(ONE_PATH) ? this.wantedPath(brainId, r.key, r.target) : r.target, count: r.count }));
  }

  /**
   * A relative target (`[[./New]]`, `[New](../x/New.md)`) names one path beside its page: the
   * wanted list shows that path (`a/New`), not the spelling, which reads the same from every folder.
   */
  private wantedPath(brainId: string, key: string, target: string): string {
    const from = this.stmts.wantedFrom.get(brainId, key, target) as { path: string; kind: string } | undefined;
    if (!from) return target;
    if (from.kind === 'markdown') return markdownLinkPath(target, from.path)?.path ?? target;
    const path = relativeWikiPath(target, from.path);
    if (!path) return target;
    return /\.md$/i.test(target) ? path : path.slice(0, -'.md'.length);
  }
}

/**
 * Names by folded prefix, as a range of the names' index gives them: the names starting with the
 * prefix, i.e. those whose own folded half (up to their first separator) is that prefix.
 */
function namesByPrefix(byPage: Map<number, { path: string; keys: DerivedPage['keys'] }>): Map<string, Array<KeyCandidate & { pageId: number }>> {
  const out = new Map<string, Array<KeyCandidate & { pageId: number }>>();
  for (const [pageId, { path, keys }] of byPage) {
    // As stored: a second name of the same key and kind on a page is ignored (INSERT OR IGNORE).
    // A set, not a search of the earlier keys: a page may carry tens of thousands of aliases.
    const seen = new Set<string>();
    for (let i = 0; i < keys.length; i++) {
      const { key, kind } = keys[i]!;
      const id = `${kind}\u0000${key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const at = key.indexOf(KEY_SEPARATOR);
      if (at < 0) continue; // no range of a prefix holds it
      const prefix = key.slice(0, at + 1);
      const name = { key, kind, path, pageId };
      const list = out.get(prefix);
      if (list) list.push(name);
      else out.set(prefix, [name]);
    }
  }
  return out;
}

function toLink(r: Record<string, unknown>, markdown: string): LinkRow {
  return {
    fromPath: r.from_path as string,
    toPath: (r.to_path as string | null) ?? null,
    target: r.target as string,
    kind: r.kind as 'wiki' | 'markdown',
    heading: (r.heading as string | null) ?? null,
    line: r.line as number,
    context: contextAt(markdown, r.line as number, r.target as string),
    type: (r.type as string | undefined) ?? 'mentions',
  };
}

/** The line a link sits on (1-based `line`), cut around the link as written (as the index stored it before). */
function contextAt(markdown: string, line: number, target: string): string {
  let start = 0;
  for (let n = 1; n < line && start >= 0; n++) {
    const nl = markdown.indexOf('\n', start);
    start = nl < 0 ? -1 : nl + 1;
  }
  if (start < 0) return '';
  const end = markdown.indexOf('\n', start);
  const at = markdown.slice(start, end < 0 ? markdown.length : end).indexOf(target);
  return contextLine(markdown, { start: start + Math.max(at, 0) });
}
