// Inbox items and their extracted text (state tables). Inserts are idempotent by construction:
// inside one IMMEDIATE transaction a repeat (same externalId or same bytes) is found and returned
// instead, and the unique indexes of migration 003 refuse a second row even from another process.
// Status changes are compare-and-set on the current status, so the filing pass and a person acting
// on the same item never both win.
import { fsyncPath } from '../fsyncs.js';
import { withoutFlush, type Db } from './database.js';
import { boundLimit, isPostgres, isUniqueViolation, type SyncDb, type SyncStatement, type SyncTransaction } from '../syncDb.js';
import type { InboxStatus, UploadVia } from '../../domain/inbox.js';
import type { InboxItem, Suggestion } from '../../domain/entities/inboxItem.js';

// The entity is defined in domain/entities/inboxItem.ts; these names are the repository's view of it.
export type { Suggestion } from '../../domain/entities/inboxItem.js';
export type InboxItemRow = InboxItem;

export type NewInboxItem = Omit<InboxItemRow, 'seq' | 'supersedesItemId' | 'supersededByItemId' | 'filedPages' | 'suggestion'>;

export type InsertOutcome =
  | { inserted: true; item: InboxItemRow }
  | { inserted: false; item: InboxItemRow; matchedBy: 'externalId' | 'content' };

export interface ListQuery {
  status?: InboxStatus | null;
  partition?: string | null;
  unassigned?: boolean;
  beforeSeq?: number | null;
  limit: number;
}

const COLUMNS = `seq, id, brain_id, filename, status, reason, skill_hint, partition, external_id, content_type, size, sha256, text_status,
  provider, provider_item_id, source_version, canonical_url, doc_key, target_folder, suggestion, supersedes_item_id,
  superseded_by_item_id, filed_pages, senders, via, pushed_by, pushed_by_name, source_id, created_at, updated_at`;

/** The most inserts one group commit takes; more wait for the next one. */
const GROUP_COMMIT_MAX = 128;
/** Groups whose WAL flushes may run at once: the next group commits while the previous one flushes. */
const FLUSHES_IN_FLIGHT = 2;

/**
 * Thrown inside the insert's savepoint so it rolls back; carries the item the insert repeats, or,
 * when a unique index refused the row (`refused`), is looked up after the rollback (PostgreSQL
 * answers nothing more inside a transaction a failed statement aborted).
 */
class RepeatFound extends Error {
  constructor(
    readonly outcome: InsertOutcome | null,
    readonly refused: unknown = null,
  ) {
    super('repeat');
  }
}

type PendingInsert = { row: NewInboxItem; text: string; resolve: (o: InsertOutcome) => void; reject: (e: unknown) => void };

export class InboxRepo {
  private readonly stmts;
  private readonly insertTx: SyncTransaction<(row: NewInboxItem, text: string) => InsertOutcome>;
  /** SQLite's PRAGMA synchronous (null on PostgreSQL, whose commits the server makes durable). */
  private readonly syncLevel: SyncStatement | null;
  /** Status moves, one statement per combination of fields set (a handful), compiled once. */
  private readonly transitionStmts = new Map<string, SyncStatement>();
  private pending: PendingInsert[] = [];
  private flushScheduled = false;
  /** Groups committed whose WAL flush is running (at most FLUSHES_IN_FLIGHT). */
  private flushing = 0;
  /** The WAL file, when the commit's flush can be taken off the event loop (see `flush`). */
  private readonly walFile: string | null;

  constructor(private readonly db: SyncDb) {
    const lite = isPostgres(db) ? null : (db as Db);
    this.walFile = lite && !lite.memory && String(lite.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal' ? `${lite.name}-wal` : null;
    this.stmts = {
      byId: db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE id = ?`),
      byExternalId: db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE brain_id = ? AND external_id = ?`),
      bySha: db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE brain_id = ? AND sha256 = ? ORDER BY seq DESC LIMIT 1`),
      chainHead: db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE brain_id = ? AND doc_key = ? AND superseded_by_item_id IS NULL`),
      supersede: db.prepare('UPDATE inbox_items SET superseded_by_item_id = ?, updated_at = ? WHERE id = ?'),
      // Positional parameters: binding 26 named ones from an object cost more than the insert itself.
      insert: db.prepare(`INSERT INTO inbox_items (id, brain_id, filename, status, reason, skill_hint, partition, external_id, content_type, size,
          sha256, text_status, provider, provider_item_id, source_version, canonical_url, doc_key, target_folder, supersedes_item_id, senders,
          via, pushed_by, pushed_by_name, source_id, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`).pluck(),
      insertText: db.prepare('INSERT INTO inbox_texts (item_seq, text) VALUES (?, ?)'),
      text: db.prepare('SELECT t.text FROM inbox_texts t JOIN inbox_items i ON t.item_seq = i.seq WHERE i.id = ?'),
      // Brain by brain, through the (brain_id, sha256) index.
      shaUsed: db.prepare('SELECT 1 FROM inbox_items WHERE brain_id IN (SELECT id FROM brains) AND sha256 = ? LIMIT 1'),
    };
    // A repeated externalId is refused by its unique index, and only then is the item it repeats
    // fetched (the savepoint is rolled back, undoing a chain head marked superseded for it). The
    // same bytes are a repeat only of the document's latest version (an older version's bytes are
    // a revert: a new revision), or, for an upload that is no document's version, of any item.
    this.insertTx = db.transaction((row: NewInboxItem, text: string): InsertOutcome => {
      let supersedesItemId: string | null = null;
      if (row.docKey) {
        const head = this.stmts.chainHead.get(row.brainId, row.docKey) as Record<string, unknown> | undefined;
        if (head && head.sha256 === row.sha256) throw new RepeatFound(this.repeatOf(row) ?? { inserted: false, item: toItem(head), matchedBy: 'content' });
        if (head) {
          supersedesItemId = head.id as string;
          this.stmts.supersede.run(row.id, row.createdAt, supersedesItemId);
        }
      } else {
        const same = this.stmts.bySha.get(row.brainId, row.sha256) as Record<string, unknown> | undefined;
        if (same) throw new RepeatFound(this.repeatOf(row) ?? { inserted: false, item: toItem(same), matchedBy: 'content' });
      }
      let seq: number;
      try {
        seq = this.stmts.insert.get(
          row.id, row.brainId, row.filename, row.status, row.reason, row.skillHint, row.partition, row.externalId, row.contentType, row.size,
          row.sha256, row.textStatus, row.provider, row.providerItemId, row.sourceVersion, row.canonicalUrl, row.docKey, row.targetFolder, supersedesItemId, JSON.stringify(row.senders),
          row.via, row.pushedBy, row.pushedByName, row.sourceId, row.createdAt, row.updatedAt,
        ) as number;
      } catch (e) {
        throw row.externalId && isUniqueViolation(e) ? new RepeatFound(null, e) : e;
      }
      this.stmts.insertText.run(seq, text);
      return { inserted: true, item: insertedItem(row, seq, supersedesItemId) };
    });
    this.syncLevel = lite ? lite.prepare('PRAGMA synchronous').pluck() : null;
  }

  /** The item a new row repeats by externalId, if any (the insert itself judges the bytes). */
  private repeatOf(row: NewInboxItem): InsertOutcome | null {
    if (!row.externalId) return null;
    const existing = this.stmts.byExternalId.get(row.brainId, row.externalId) as Record<string, unknown> | undefined;
    return existing ? { inserted: false, item: toItem(existing), matchedBy: 'externalId' } : null;
  }

  /**
   * Insert a new item with its text, or return the item it repeats. When the item continues a
   * document chain (same doc key), the previous head is marked superseded in the same transaction.
   */
  insertOrFind(row: NewInboxItem, text: string): InsertOutcome {
    try {
      return this.insertTx.immediate(row, text);
    } catch (e) {
      if (!(e instanceof RepeatFound)) throw e;
      if (e.outcome) return e.outcome;
      const repeat = this.repeatOf(row);
      if (repeat) return repeat;
      throw e.refused;
    }
  }

  /**
   * `insertOrFind` with group commit: concurrent uploads pay for one durable commit (one WAL
   * flush) together instead of one each. An insert arriving goes at the next turn of the event
   * loop, with whatever else arrived in that turn; while FLUSHES_IN_FLIGHT groups are being
   * flushed, inserts gather and go as soon as one flush ends. A group commits while an earlier
   * group's flush is still running (its own flush covers the earlier frames too), so an insert
   * never waits for a flush that is not its own. Each insert runs in its own savepoint, so one
   * failing fails only itself. The promise settles after the group's commit is on disk, so an
   * acknowledged item is durable.
   */
  insertOrFindGrouped(row: NewInboxItem, text: string): Promise<InsertOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, text, resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing >= FLUSHES_IN_FLIGHT || !this.pending.length) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  /**
   * Commit one group. With synchronous=FULL the commit's fsync of the WAL would block the event
   * loop, and every request behind it. Instead the transaction commits with NORMAL (its WAL
   * frames are written, not flushed) and the WAL file is fdatasync'ed on the thread pool before
   * any insert of the group settles: fsync flushes the file whichever descriptor wrote it, and a
   * checkpoint running meanwhile flushes the WAL itself first (and the database after), so no
   * insert is acknowledged before it is on disk. With fsync off (NORMAL already) nothing is flushed.
   */
  private async flush(): Promise<void> {
    if (this.flushing >= FLUSHES_IN_FLIGHT || !this.pending.length) return;
    const batch = this.pending.splice(0, GROUP_COMMIT_MAX);
    this.flushing++;
    try {
      const level = this.syncLevel ? (this.syncLevel.get() as number) : 0;
      const deferFlush = this.walFile != null && level >= 2;
      const settled: Array<() => void> = [];
      try {
        const tx = () =>
          this.db
            .transaction(() => {
              for (const p of batch) {
                try {
                  const outcome = this.insertOrFind(p.row, p.text); // nested: a savepoint inside this transaction
                  settled.push(() => p.resolve(outcome));
                } catch (e) {
                  settled.push(() => p.reject(e));
                }
              }
            })
            .immediate();
        if (deferFlush) withoutFlush(this.db as Db, tx);
        else tx();
        // The next group may commit while this one's WAL is flushed.
        if (deferFlush) {
          this.scheduleFlush();
          await fsyncPath(this.walFile!, true);
        }
      } catch (e) {
        for (const p of batch) p.reject(e);
        return;
      }
      for (const s of settled) s();
    } finally {
      this.flushing--;
      this.scheduleFlush();
    }
  }

  get(id: string): InboxItemRow | null {
    const r = this.stmts.byId.get(id) as Record<string, unknown> | undefined;
    return r ? toItem(r) : null;
  }

  getIn(brainId: string, id: string): InboxItemRow | null {
    const item = this.get(id);
    return item && item.brainId === brainId ? item : null;
  }

  byExternalId(brainId: string, externalId: string): InboxItemRow | null {
    const r = this.stmts.byExternalId.get(brainId, externalId) as Record<string, unknown> | undefined;
    return r ? toItem(r) : null;
  }

  text(itemId: string): string {
    const r = this.stmts.text.get(itemId) as { text: string } | undefined;
    return r?.text ?? '';
  }

  /** Newest first. */
  list(brainId: string, q: ListQuery): InboxItemRow[] {
    const params: unknown[] = [brainId];
    let sql = `SELECT ${COLUMNS} FROM inbox_items WHERE brain_id = ?`;
    if (q.status != null) {
      sql += ' AND status = ?';
      params.push(q.status);
    }
    if (q.partition) {
      sql += ' AND partition = ?';
      params.push(q.partition);
    }
    if (q.unassigned) sql += ' AND partition IS NULL';
    if (q.beforeSeq != null) {
      sql += ' AND seq < ?';
      params.push(q.beforeSeq);
    }
    sql += ` ORDER BY seq DESC LIMIT ${boundLimit(this.db)}`;
    params.push(q.limit);
    return (this.db.prepare(sql).all(...params) as Array<Record<string, unknown>>).map(toItem);
  }

  count(brainId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM inbox_items WHERE brain_id = ?').get(brainId) as { n: number }).n;
  }

  /**
   * Move an item from one of `from` to `to`, optionally recording a reason, suggestion or filed
   * pages. Returns the updated item, or null when its status was no longer one of `from`.
   */
  transition(
    id: string,
    from: InboxStatus[],
    to: InboxStatus,
    fields: { reason?: string | null; suggestion?: Suggestion | null; filedPages?: string[] } = {},
    now = new Date().toISOString(),
  ): InboxItemRow | null {
    const sets = ['status = @to', 'updated_at = @now'];
    if (fields.reason !== undefined) sets.push('reason = @reason');
    if (fields.suggestion !== undefined) sets.push('suggestion = @suggestion');
    if (fields.filedPages !== undefined) sets.push('filed_pages = @filedPages');
    const sql = `UPDATE inbox_items SET ${sets.join(', ')} WHERE id = @id AND status IN (${from.map(Number).join(', ')})`;
    let stmt = this.transitionStmts.get(sql);
    if (!stmt) this.transitionStmts.set(sql, (stmt = this.db.prepare(sql)));
    const info = stmt
      .run({
        id,
        to,
        now,
        reason: fields.reason ?? null,
        suggestion: fields.suggestion ? JSON.stringify(fields.suggestion) : null,
        filedPages: JSON.stringify(fields.filedPages ?? []),
      });
    return info.changes ? this.get(id) : null;
  }

  // ---- the filing pass's side (it adds claim/attempt columns in a later migration)

  /** Pending items, oldest first, for a filing pass (all brains when brainId is null). */
  claimPending(brainId: string | null, limit: number): InboxItemRow[] {
    const rows = brainId
      ? this.db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE brain_id = ? AND status = 0 ORDER BY seq LIMIT ${boundLimit(this.db)}`).all(brainId, limit)
      : this.db.prepare(`SELECT ${COLUMNS} FROM inbox_items WHERE status = 0 ORDER BY seq LIMIT ${boundLimit(this.db)}`).all(limit);
    return (rows as Array<Record<string, unknown>>).map(toItem);
  }

  /** Pending or Review → Filed with the pages written and the placement chosen. Null if it moved meanwhile. */
  markFiled(id: string, filedPages: string[], placement: Suggestion | null): InboxItemRow | null {
    return this.transition(id, [0, 1], 2, { filedPages, suggestion: placement, reason: null });
  }

  /** Pending → Review with a reason and the placement the filer would suggest. */
  markReview(id: string, reason: string, suggestion: Suggestion | null): InboxItemRow | null {
    return this.transition(id, [0], 1, { reason, suggestion });
  }

  /** Pending or Review → Dismissed (the filer decided it is not worth filing). */
  markDismissed(id: string, reason: string): InboxItemRow | null {
    return this.transition(id, [0, 1], 3, { reason });
  }

  // ---- partitions

  setPartition(id: string, key: string | null, status?: { from: InboxStatus; to: InboxStatus; reason: string | null }): InboxItemRow | null {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      this.db.prepare('UPDATE inbox_items SET partition = ?, updated_at = ? WHERE id = ?').run(key, now, id);
      if (status) this.db.prepare('UPDATE inbox_items SET status = ?, reason = ? WHERE id = ? AND status = ?').run(status.to, status.reason, id, status.from);
    }).immediate();
    return this.get(id);
  }

  itemsOfPartition(brainId: string, key: string): Array<{ id: string; sha256: string }> {
    return this.db.prepare('SELECT id, sha256 FROM inbox_items WHERE brain_id = ? AND partition = ?').all(brainId, key) as Array<{ id: string; sha256: string }>;
  }

  /** Delete items (and their texts); links from surviving items to them are cleared. Run in the caller's transaction. */
  deleteItems(ids: string[]): void {
    const del = this.db.prepare('DELETE FROM inbox_items WHERE id = ?');
    const unlinkA = this.db.prepare('UPDATE inbox_items SET supersedes_item_id = NULL WHERE supersedes_item_id = ?');
    const unlinkB = this.db.prepare('UPDATE inbox_items SET superseded_by_item_id = NULL WHERE superseded_by_item_id = ?');
    for (const id of ids) {
      del.run(id);
      unlinkA.run(id);
      unlinkB.run(id);
    }
  }

  /** The content hashes that a brain's items refer to (each once). */
  contentOf(brainId: string): string[] {
    return (this.db.prepare('SELECT DISTINCT sha256 FROM inbox_items WHERE brain_id = ?').all(brainId) as Array<{ sha256: string }>).map((r) => r.sha256);
  }

  /** Whether any item in any brain still refers to these bytes. */
  contentInUse(sha256: string): boolean {
    return this.stmts.shaUsed.get(sha256) !== undefined;
  }
}

function toItem(r: Record<string, unknown>): InboxItemRow {
  return {
    seq: r.seq as number,
    id: r.id as string,
    brainId: r.brain_id as string,
    filename: r.filename as string,
    status: r.status as InboxStatus,
    reason: (r.reason as string | null) ?? null,
    skillHint: (r.skill_hint as string | null) ?? null,
    partition: (r.partition as string | null) ?? null,
    externalId: (r.external_id as string | null) ?? null,
    contentType: r.content_type as string,
    size: r.size as number,
    sha256: r.sha256 as string,
    textStatus: r.text_status as InboxItemRow['textStatus'],
    provider: (r.provider as string | null) ?? null,
    providerItemId: (r.provider_item_id as string | null) ?? null,
    sourceVersion: (r.source_version as string | null) ?? null,
    canonicalUrl: (r.canonical_url as string | null) ?? null,
    docKey: (r.doc_key as string | null) ?? null,
    targetFolder: (r.target_folder as string | null) ?? null,
    suggestion: r.suggestion ? (JSON.parse(r.suggestion as string) as Suggestion) : null,
    supersedesItemId: (r.supersedes_item_id as string | null) ?? null,
    supersededByItemId: (r.superseded_by_item_id as string | null) ?? null,
    filedPages: JSON.parse(r.filed_pages as string) as string[],
    senders: JSON.parse(r.senders as string) as string[],
    via: r.via as UploadVia,
    pushedBy: r.pushed_by as string,
    pushedByName: r.pushed_by_name as string,
    sourceId: (r.source_id as string | null) ?? null,
    createdAt: r.created_at as string,
    updatedAt: r.updated_at as string,
  };
}

/** The row just inserted, built field by field (one object shape, no spread of a 24-key object). */
function insertedItem(r: NewInboxItem, seq: number, supersedesItemId: string | null): InboxItemRow {
  return {
    seq,
    id: r.id,
    brainId: r.brainId,
    filename: r.filename,
    status: r.status,
    reason: r.reason,
    skillHint: r.skillHint,
    partition: r.partition,
    externalId: r.externalId,
    contentType: r.contentType,
    size: r.size,
    sha256: r.sha256,
    textStatus: r.textStatus,
    provider: r.provider,
    providerItemId: r.providerItemId,
    sourceVersion: r.sourceVersion,
    canonicalUrl: r.canonicalUrl,
    docKey: r.docKey,
    targetFolder: r.targetFolder,
    suggestion: null,
    supersedesItemId,
    supersededByItemId: null,
    filedPages: [],
    senders: r.senders,
    via: r.via,
    pushedBy: r.pushedBy,
    pushedByName: r.pushedByName,
    sourceId: r.sourceId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
