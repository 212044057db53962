// The derived page index: one row per page at the brain's indexed commit, the changes feed,
// and hooks through which search and the link graph index the same change in the same
// transaction. Rebuildable from git at any time.
import type { Db } from './database.js';
import { folderOf, isPagePath } from '../../domain/paths.js';
import { parsePage, type ParsedPage } from '../../domain/markdown.js';

export type ChangeOp = 'put' | 'delete' | 'move';

export interface IndexEntry {
  op: ChangeOp;
  path: string;
  fromPath?: string;
  /** Markdown at `path` after the change (put and move). */
  markdown?: string;
  blobOid?: string;
}

export interface IndexedPage {
  id: number;
  brainId: string;
  path: string;
  folder: string;
  title: string;
  summary: string;
  frontmatter: Record<string, unknown>;
  markdown: string;
  version: number;
  blobOid: string;
  commit: string;
  partition: string | null;
  updatedAt: string;
  updatedBy: string;
}

export interface PageChange {
  seq: number;
  op: ChangeOp;
  path: string;
  fromPath: string | null;
  version: number;
  commit: string;
  at: string;
  by: string;
}

/** Search, links and embeddings subscribe here; they run inside the index transaction. */
export interface PageIndexHook {
  pagePut(brainId: string, page: IndexedPage, parsed: ParsedPage): void;
  pageRemoved(brainId: string, pageId: number, path: string): void;
  /** Called before a full rebuild of one brain. */
  brainCleared?(brainId: string): void;
}

export interface ChangeStamp {
  commit: string;
  at: string;
  byName: string;
  byRef: string | null;
}

export class PageIndexRepo {
  private hooks: PageIndexHook[] = [];
  private readonly stmts;

  constructor(
    private readonly db: Db,
    private readonly partitionFolderOf: (brainId: string) => string | null,
  ) {
    this.stmts = {
      get: db.prepare('SELECT * FROM pages WHERE brain_id = ? AND path = ?'),
      lastVersion: db.prepare('SELECT MAX(version) AS v FROM page_changes WHERE brain_id = ? AND path = ?'),
      upsert: db.prepare(`
        INSERT INTO pages (brain_id, path, folder, title, summary, frontmatter, markdown, version, blob_oid, commit_oid, partition, updated_at, updated_by)
        VALUES (@brainId, @path, @folder, @title, @summary, @frontmatter, @markdown, @version, @blobOid, @commit, @partition, @updatedAt, @updatedBy)
        ON CONFLICT (brain_id, path) DO UPDATE SET folder = excluded.folder, title = excluded.title, summary = excluded.summary,
          frontmatter = excluded.frontmatter, markdown = excluded.markdown, version = excluded.version, blob_oid = excluded.blob_oid,
          commit_oid = excluded.commit_oid, partition = excluded.partition, updated_at = excluded.updated_at, updated_by = excluded.updated_by
        RETURNING id`),
      remove: db.prepare('DELETE FROM pages WHERE brain_id = ? AND path = ? RETURNING id'),
      change: db.prepare(
        'INSERT INTO page_changes (brain_id, op, path, from_path, version, commit_oid, at, by_name, by_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      setIndexed: db.prepare('UPDATE brains SET indexed_commit = ? WHERE id = ?'),
      indexed: db.prepare('SELECT indexed_commit FROM brains WHERE id = ?'),
    };
  }

  addHook(hook: PageIndexHook): void {
    this.hooks.push(hook);
  }

  indexedCommit(brainId: string): string | null {
    const row = this.stmts.indexed.get(brainId) as { indexed_commit: string | null } | undefined;
    return row?.indexed_commit ?? null;
  }

  getPage(brainId: string, path: string): IndexedPage | null {
    const row = this.stmts.get.get(brainId, path) as Record<string, unknown> | undefined;
    return row ? toPage(row) : null;
  }

  countPages(brainId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM pages WHERE brain_id = ?').get(brainId) as { n: number }).n;
  }

  /** Pages in path order after `afterPath`, optionally under a prefix. */
  listPages(brainId: string, opts: { prefix?: string; afterPath?: string | null; limit: number }): IndexedPage[] {
    const params: unknown[] = [brainId];
    let sql = 'SELECT * FROM pages WHERE brain_id = ?';
    if (opts.prefix) {
      sql += ' AND substr(path, 1, ?) = ?';
      params.push(opts.prefix.length, opts.prefix);
    }
    if (opts.afterPath) {
      sql += ' AND path > ?';
      params.push(opts.afterPath);
    }
    sql += ' ORDER BY path LIMIT ?';
    params.push(opts.limit);
    return (this.db.prepare(sql).all(...params) as Array<Record<string, unknown>>).map(toPage);
  }

  /** The next version number for a path: history continues across delete and re-create. */
  private nextVersion(brainId: string, path: string): number {
    const row = this.stmts.lastVersion.get(brainId, path) as { v: number | null };
    return (row.v ?? 0) + 1;
  }

  /**
   * Apply one commit's page entries to the index. Must run inside a write transaction
   * (the caller's), together with the audit row, so the index never half-applies a commit.
   */
  apply(brainId: string, stamp: ChangeStamp, entries: IndexEntry[]): PageChange[] {
    const changes: PageChange[] = [];
    const partitionFolder = this.partitionFolderOf(brainId);
    for (const entry of entries) {
      if (entry.op === 'delete') {
        if (!isPagePath(entry.path)) continue;
        const removed = this.stmts.remove.get(brainId, entry.path) as { id: number } | undefined;
        if (!removed) continue;
        for (const h of this.hooks) h.pageRemoved(brainId, removed.id, entry.path);
        changes.push(this.recordChange(brainId, stamp, 'delete', entry.path, null));
        continue;
      }
      if (entry.op === 'move' && entry.fromPath && isPagePath(entry.fromPath)) {
        const removed = this.stmts.remove.get(brainId, entry.fromPath) as { id: number } | undefined;
        if (removed) for (const h of this.hooks) h.pageRemoved(brainId, removed.id, entry.fromPath);
      }
      if (!isPagePath(entry.path)) continue;
      const markdown = entry.markdown ?? '';
      const parsed = parsePage(entry.path, markdown);
      // A moved page keeps counting its versions where it left off at its old path.
      const moved = entry.op === 'move' && entry.fromPath ? this.nextVersion(brainId, entry.fromPath) : 0;
      const version = Math.max(this.nextVersion(brainId, entry.path), moved);
      const folder = folderOf(entry.path);
      const page: Omit<IndexedPage, 'id'> = {
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
      const { id } = this.stmts.upsert.get({ ...page, frontmatter: JSON.stringify(page.frontmatter) }) as { id: number };
      for (const h of this.hooks) h.pagePut(brainId, { ...page, id }, parsed);
      const op: ChangeOp = entry.op === 'move' && entry.fromPath ? 'move' : 'put';
      changes.push(this.recordChange(brainId, stamp, op, entry.path, op === 'move' ? entry.fromPath! : null, version));
    }
    this.stmts.setIndexed.run(stamp.commit, brainId);
    return changes;
  }

  private recordChange(brainId: string, stamp: ChangeStamp, op: ChangeOp, path: string, fromPath: string | null, version?: number): PageChange {
    const v = version ?? this.nextVersion(brainId, path);
    const info = this.stmts.change.run(brainId, op, path, fromPath, v, stamp.commit, stamp.at, stamp.byName, stamp.byRef);
    return { seq: Number(info.lastInsertRowid), op, path, fromPath, version: v, commit: stamp.commit, at: stamp.at, by: stamp.byName };
  }

  /** Drop the derived rows of one brain before a rebuild from git. */
  clearBrain(brainId: string): void {
    for (const h of this.hooks) h.brainCleared?.(brainId);
    this.db.prepare('DELETE FROM pages WHERE brain_id = ?').run(brainId);
    this.db.prepare('DELETE FROM page_changes WHERE brain_id = ?').run(brainId);
    this.stmts.setIndexed.run(null, brainId);
  }

  /**
   * Pages other than `exceptPath` whose markdown contains any of `needles` (case-insensitive):
   * the cheap candidate set for link rewriting on a move.
   */
  pagesMentioning(brainId: string, needles: string[], exceptPath: string): Array<{ path: string; markdown: string }> {
    // SQLite's lower() folds only ASCII, so fold the needles the same way (an accented name still matches).
    const wanted = [...new Set(needles.filter(Boolean).flatMap((n) => [n.replace(/[A-Z]+/g, (m) => m.toLowerCase()), n.toLowerCase()]))];
    if (!wanted.length) return [];
    const sql = `SELECT path, markdown FROM pages WHERE brain_id = ? AND path != ? AND (${wanted.map(() => 'instr(lower(markdown), ?) > 0').join(' OR ')}) ORDER BY path`;
    return this.db.prepare(sql).all(brainId, exceptPath, ...wanted) as Array<{ path: string; markdown: string }>;
  }

  /** Paths of pages whose title or file name (without `.md`) equals `name`, case-insensitively. */
  pagesNamed(brainId: string, name: string): string[] {
    const lower = name.toLowerCase();
    const rows = this.db
      .prepare(
        `SELECT path FROM pages WHERE brain_id = ? AND (lower(title) = ? OR lower(path) = ? OR substr(lower(path), -length(?)) = ?)`,
      )
      .all(brainId, lower, `${lower}.md`, `/${lower}.md`, `/${lower}.md`) as Array<{ path: string }>;
    return rows.map((r) => r.path);
  }

  changesSince(brainId: string, afterSeq: number, limit: number): PageChange[] {
    const rows = this.db
      .prepare('SELECT * FROM page_changes WHERE brain_id = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(brainId, afterSeq, limit) as Array<Record<string, unknown>>;
    return rows.map(toChange);
  }

  /** Every change that touched `path` (puts, moves into it, deletes), newest first. */
  historyOf(brainId: string, path: string, beforeSeq = Number.MAX_SAFE_INTEGER): PageChange[] {
    const rows = this.db
      .prepare('SELECT * FROM page_changes WHERE brain_id = ? AND path = ? AND seq < ? ORDER BY seq DESC')
      .all(brainId, path, beforeSeq) as Array<Record<string, unknown>>;
    return rows.map(toChange);
  }

  latestSeq(brainId: string): number {
    const row = this.db.prepare('SELECT MAX(seq) AS s FROM page_changes WHERE brain_id = ?').get(brainId) as { s: number | null };
    return row.s ?? 0;
  }
}

export function partitionOfPath(path: string, partitionFolder: string | null): string | null {
  if (!partitionFolder) return null;
  const prefix = `${partitionFolder}/`;
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  const i = rest.indexOf('/');
  return i > 0 ? rest.slice(0, i) : null;
}

function toPage(r: Record<string, unknown>): IndexedPage {
  return {
    id: r.id as number,
    brainId: r.brain_id as string,
    path: r.path as string,
    folder: r.folder as string,
    title: r.title as string,
    summary: r.summary as string,
    frontmatter: JSON.parse(r.frontmatter as string) as Record<string, unknown>,
    markdown: r.markdown as string,
    version: r.version as number,
    blobOid: r.blob_oid as string,
    commit: r.commit_oid as string,
    partition: (r.partition as string | null) ?? null,
    updatedAt: r.updated_at as string,
    updatedBy: r.updated_by as string,
  };
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
