// The derived index of a brain's attachments (migration 023): one row per file at the indexed
// commit, the links pages make to files, and a PDF's text for search. Maintained as a
// PageIndexHook inside the index transaction, so API writes, git-push catch-up and rebuilds
// update it the same way. The PDF text arrives after the commit (setText). One module for both
// backends (docs/postgres.md); the PDF text search is FTS5 on SQLite and a tsvector on PostgreSQL.
import type { BrainFile } from '../../domain/entities/file.js';
import type { DerivedPage } from '../../domain/pageDerivation.js';
import { boundLimit, isPostgres, type SyncDb, type SyncStatement } from '../syncDb.js';
import { listByPath, type ChangeStamp, type IndexEntry, type IndexedPage, type PageIndexHook, type PathPage } from './pageIndexRepo.js';

/** The indexed file is the domain entity (domain/entities/file.ts). */
export type IndexedFile = BrainFile;

export type FileTextStatus = 'extracted' | 'failed' | 'too_large';

/**
 * Why a version's text extraction failed: `error`, the reason told to readers; `attempts`, the
 * failures in a row that were not the file's own (0 when the file itself is at fault); `retryAt`,
 * when the indexer tries it again (ISO time), null when it does not (the file's fault, or the
 * attempts of this run are spent).
 */
export interface TextFailure {
  error: string;
  attempts: number;
  retryAt: string | null;
}

/** Where a version's text extraction stands (textState). */
export interface TextState {
  /** null while it waits for the indexer. */
  status: FileTextStatus | null;
  /** The text ('' when none). */
  text: string;
  /** Set when status is `failed`. */
  failure: TextFailure | null;
}

export interface FileTextHit {
  path: string;
  contentType: string;
  updatedAt: string;
  snippet: string;
  rank: number;
}

function fileFromRow(r: Record<string, unknown>): IndexedFile {
  return {
    id: r.id as number,
    brainId: r.brain_id as string,
    path: r.path as string,
    contentType: r.content_type as string,
    size: r.size as number,
    sha256: r.sha256 as string,
    blobOid: r.blob_oid as string,
    version: r.version as number,
    commit: r.commit_oid as string,
    updatedAt: r.updated_at as string,
    updatedBy: r.updated_by as string,
  };
}

export class FileIndexRepo implements PageIndexHook {
  private readonly stmts;
  private readonly searchStmts = new Map<string, SyncStatement>();
  private readonly pg: boolean;

  constructor(private readonly db: SyncDb) {
    const pg = (this.pg = isPostgres(db));
    this.stmts = {
      row: db.prepare('SELECT * FROM files WHERE brain_id = ? AND path = ?'),
      live: db.prepare('SELECT * FROM files WHERE brain_id = ? AND path = ? AND deleted = 0'),
      anyLive: db.prepare('SELECT 1 FROM files WHERE brain_id = ? AND deleted = 0 LIMIT 1'),
      upsert: db.prepare(`
        INSERT INTO files (brain_id, path, content_type, size, sha256, blob_oid, version, commit_oid, updated_at, updated_by, deleted, text_status)
        VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, 0, ?)
        ON CONFLICT (brain_id, path) DO UPDATE SET content_type = excluded.content_type, size = excluded.size, sha256 = excluded.sha256,
          blob_oid = excluded.blob_oid, version = files.version + 1, commit_oid = excluded.commit_oid, updated_at = excluded.updated_at,
          updated_by = excluded.updated_by, deleted = 0, text_status = excluded.text_status, text_error = NULL, text_attempts = 0, text_retry_at = NULL`),
      markDeleted: db.prepare(
        `UPDATE files SET deleted = 1, version = version + 1, commit_oid = ?, updated_at = ?, updated_by = ?, text_status = NULL, text_error = NULL, text_attempts = 0,
          text_retry_at = NULL WHERE brain_id = ? AND path = ? AND deleted = 0`,
      ),
      dropText: db.prepare('DELETE FROM file_text WHERE rowid = ?'),
      // PostgreSQL keeps the words to match beside the text (migration 006): no stemming, no accents.
      addText: db.prepare(
        pg
          ? "INSERT INTO file_text (rowid, text, words) VALUES (@id, @text, strip(to_tsvector('simple', brainkeep_unaccent(@text))))"
          : 'INSERT INTO file_text (rowid, text) VALUES (@id, @text)',
      ),
      setStatus: db.prepare('UPDATE files SET text_status = ?, text_error = ?, text_attempts = ?, text_retry_at = ? WHERE id = ? AND blob_oid = ?'),
      textState: db.prepare(
        'SELECT f.text_status, f.text_error, f.text_attempts, f.text_retry_at, t.text FROM files f LEFT JOIN file_text t ON t.rowid = f.id WHERE f.id = ? AND f.blob_oid = ?',
      ),
      pendingText: db.prepare(`SELECT * FROM files WHERE content_type = 'application/pdf' AND text_status IS NULL AND deleted = 0 ORDER BY id LIMIT ${boundLimit(db)}`),
      // Failed rows only: a node on the code before 036 may set another status and leave the time.
      dueText: db.prepare(
        `SELECT * FROM files WHERE text_retry_at IS NOT NULL AND text_retry_at <= ? AND deleted = 0 AND text_status = 'failed' ORDER BY text_retry_at, id LIMIT ${boundLimit(db)}`,
      ),
      nextRetry: db.prepare("SELECT MIN(text_retry_at) AS at FROM files WHERE text_retry_at IS NOT NULL AND deleted = 0 AND text_status = 'failed'"),
      // text_error NULL: failed by such a node, for a reason not recorded.
      retryNow: db.prepare(
        "UPDATE files SET text_retry_at = ? WHERE text_status = 'failed' AND (text_attempts > 0 OR text_error IS NULL) AND deleted = 0 AND (text_retry_at IS NULL OR text_retry_at > ?)",
      ),
      clearFiles: db.prepare('DELETE FROM files WHERE brain_id = ?'),
      clearText: db.prepare('DELETE FROM file_text WHERE rowid IN (SELECT id FROM files WHERE brain_id = ?)'),
      clearLinks: db.prepare('DELETE FROM file_links WHERE brain_id = ?'),
      linksFrom: db.prepare('DELETE FROM file_links WHERE brain_id = ? AND from_path = ?'),
      addLink: db.prepare('INSERT INTO file_links (brain_id, from_path, to_path) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      linksTo: db.prepare('SELECT from_path FROM file_links WHERE brain_id = ? AND to_path = ? ORDER BY from_path'),
      filesOf: db.prepare('SELECT to_path FROM file_links WHERE brain_id = ? AND from_path = ? ORDER BY to_path'),
      allLinks: db.prepare(`SELECT from_path, to_path FROM file_links WHERE brain_id = ? ORDER BY from_path, to_path LIMIT ${boundLimit(db)}`),
    };
  }

  // --- PageIndexHook: links from pages to files ---

  pagePut(brainId: string, page: IndexedPage, derived: DerivedPage, isNew: boolean): void {
    if (!isNew) this.stmts.linksFrom.run(brainId, page.path);
    for (const to of derived.fileLinks) this.stmts.addLink.run(brainId, page.path, to);
  }

  pageRemoved(brainId: string, _pageId: number, path: string): void {
    this.stmts.linksFrom.run(brainId, path);
  }

  brainCleared(brainId: string): void {
    this.stmts.clearText.run(brainId);
    this.stmts.clearFiles.run(brainId);
    this.stmts.clearLinks.run(brainId);
  }

  /** One attachment's change in a commit: its row (version + 1), and its old text dropped. */
  fileChanged(brainId: string, stamp: ChangeStamp, entry: IndexEntry): void {
    const before = this.stmts.row.get(brainId, entry.path) as Record<string, unknown> | undefined;
    if (before && before.deleted === 0) this.stmts.dropText.run(before.id);
    if (entry.op === 'delete') {
      this.stmts.markDeleted.run(stamp.commit, stamp.at, stamp.byName, brainId, entry.path);
      return;
    }
    const meta = entry.file;
    if (!meta) return;
    // Only PDFs have text to extract; the others are done with.
    const status = meta.contentType === 'application/pdf' ? null : 'none';
    this.stmts.upsert.run(brainId, entry.path, meta.contentType, meta.size, meta.sha256, entry.blobOid ?? '', stamp.commit, stamp.at, stamp.byName, status);
  }

  // --- reads ---

  /** The blob of every live attachment of a brain, by path (reindex compares them with git's tree). */
  liveBlobs(brainId: string): Map<string, string> {
    const rows = this.db.prepare('SELECT path, blob_oid FROM files WHERE brain_id = ? AND deleted = 0').all(brainId) as Array<{ path: string; blob_oid: string }>;
    return new Map(rows.map((r) => [r.path, r.blob_oid]));
  }

  get(brainId: string, path: string): IndexedFile | null {
    const r = this.stmts.live.get(brainId, path) as Record<string, unknown> | undefined;
    return r ? fileFromRow(r) : null;
  }

  /** The version a path last had, live or deleted (0: never), for expectedVersion checks. */
  lastVersion(brainId: string, path: string): { version: number; live: boolean } {
    const r = this.stmts.row.get(brainId, path) as Record<string, unknown> | undefined;
    return r ? { version: r.version as number, live: r.deleted === 0 } : { version: 0, live: false };
  }

  list(brainId: string, opts: PathPage): IndexedFile[] {
    return listByPath(this.db, 'SELECT * FROM files WHERE brain_id = ? AND deleted = 0', brainId, opts).map(fileFromRow);
  }

  pagesLinkingTo(brainId: string, path: string): string[] {
    return (this.stmts.linksTo.all(brainId, path) as Array<{ from_path: string }>).map((r) => r.from_path);
  }

  filesLinkedFrom(brainId: string, pagePath: string): string[] {
    return (this.stmts.filesOf.all(brainId, pagePath) as Array<{ to_path: string }>).map((r) => r.to_path);
  }

  links(brainId: string, limit: number): Array<{ from: string; to: string }> {
    return (this.stmts.allLinks.all(brainId, limit) as Array<{ from_path: string; to_path: string }>).map((r) => ({ from: r.from_path, to: r.to_path }));
  }

  // --- PDF text ---

  /** The text extracted from a file (null: none yet, or none to extract). */
  textOf(file: IndexedFile): string | null {
    const r = this.textState(file);
    return r?.status === 'extracted' ? r.text : null;
  }

  /**
   * Where the text extraction of this version of a file stands (TextState). Null when the file has
   * changed since.
   */
  textState(file: IndexedFile): TextState | null {
    const r = this.stmts.textState.get(file.id, file.blobOid) as
      | { text_status: FileTextStatus | null; text_error: string | null; text_attempts: number; text_retry_at: string | null; text: string | null }
      | undefined;
    if (!r) return null;
    // No stored reason: a row failed by a node still on the code before 036 (a cluster mid-upgrade);
    // 036 sent every row failed before it back to the indexer.
    const failure = r.text_status === 'failed' ? { error: r.text_error ?? '', attempts: Number(r.text_attempts), retryAt: r.text_retry_at } : null;
    return { status: r.text_status, text: r.text ?? '', failure };
  }

  /** PDFs whose text was not extracted yet (any brain), oldest first. */
  pendingText(limit: number): IndexedFile[] {
    return (this.stmts.pendingText.all(limit) as Array<Record<string, unknown>>).map(fileFromRow);
  }

  /** Failed PDFs whose retry is due at `now` (an ISO time), the longest due first. */
  dueText(now: string, limit: number): IndexedFile[] {
    return (this.stmts.dueText.all(now, limit) as Array<Record<string, unknown>>).map(fileFromRow);
  }

  /** The earliest retry any failed PDF waits for (ISO time), or null when none waits. */
  nextTextRetry(): string | null {
    return (this.stmts.nextRetry.get() as { at: string | null } | undefined)?.at ?? null;
  }

  /**
   * Make due at `now` every failed PDF whose failures were not its own (or not recorded), waiting or
   * with its retries spent (the server's start: a parser installed meanwhile, a machine less
   * loaded). Replies how many.
   */
  retryNow(now: string): number {
    return this.stmts.retryNow.run(now, now).changes;
  }

  /**
   * Record a file's extracted text, unless the file changed meanwhile (its blob is no longer
   * `blobOid`). `too_large`: over BRAINKEEP_MAX_PDF_TEXT_BYTES, not read; `failed`: not read, and
   * `failure` says why and whether it is tried again.
   */
  setText(file: IndexedFile, text: string | null, status: FileTextStatus, failure: TextFailure | null = null): void {
    this.db.transaction(() => {
      const changed = this.stmts.setStatus.run(status, failure?.error ?? null, failure?.attempts ?? 0, failure?.retryAt ?? null, file.id, file.blobOid).changes;
      if (!changed) return;
      this.stmts.dropText.run(file.id);
      if (text) this.stmts.addText.run({ id: file.id, text });
    }).immediate();
  }

  /**
   * Files whose text matches an FTS5 query, best first (lowest rank), with a snippet. On PostgreSQL
   * the query's quoted words (all of them, as FTS5's implicit AND) are matched in the tsvector.
   */
  searchText(brainId: string, ftsQuery: string, opts: { folder: string | null; limit: number }): FileTextHit[] {
    // Most brains hold no attachment: one probe of the files index, not an FTS5 query, per search.
    if (this.stmts.anyLive.get(brainId) === undefined) return [];
    let params: unknown[] = [ftsQuery, brainId];
    let sql = `SELECT f.path, f.content_type, f.updated_at, snippet(file_text, 0, '**', '**', '…', 24) AS snippet, bm25(file_text) AS rank
      FROM file_text JOIN files f ON f.id = file_text.rowid
      WHERE file_text MATCH ? AND f.brain_id = ? AND f.deleted = 0`;
    if (this.pg) {
      const words = [...ftsQuery.matchAll(/"((?:[^"]|"")*)"|([^\s"]+)/g)].map((m) => (m[1] ?? m[2]!).replace(/""/g, '"'));
      if (!words.length) return [];
      params = [words.join(' '), brainId];
      sql = `SELECT f.path, f.content_type, f.updated_at,
          ts_headline('simple', t.text, q.q, 'StartSel=**, StopSel=**, MaxWords=24, MinWords=8, MaxFragments=1, FragmentDelimiter=…') AS snippet,
          -ts_rank(t.words, q.q) AS rank
        FROM (SELECT plainto_tsquery('simple', brainkeep_unaccent(CAST(? AS text))) AS q) q
        JOIN file_text t ON t.words @@ q.q
        JOIN files f ON f.id = t.rowid
        WHERE f.brain_id = ? AND f.deleted = 0`;
    }
    if (opts.folder) {
      sql += ' AND substr(f.path, 1, ?) = ?';
      params.push(opts.folder.length + 1, `${opts.folder}/`);
    }
    sql += this.pg ? ' ORDER BY rank, f.path LIMIT ?' : ' ORDER BY rank LIMIT ?';
    params.push(opts.limit);
    try {
      // Prepared once per text (two texts: with and without a folder); a search asks on every call.
      let stmt = this.searchStmts.get(sql);
      if (!stmt) this.searchStmts.set(sql, (stmt = this.db.prepare(sql)));
      return (stmt.all(...params) as Array<Record<string, unknown>>).map((r) => ({
        path: r.path as string,
        contentType: r.content_type as string,
        updatedAt: r.updated_at as string,
        snippet: r.snippet as string,
        rank: r.rank as number,
      }));
    } catch {
      return []; // an FTS5 query this table cannot take (the page search reports query errors)
    }
  }
}
