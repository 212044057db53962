// The filing pass's side of the state tables: claims with a lease (one UPDATE, so two workers or
// two processes never both win an item), attempts and backoff, the record of how an item was
// filed, the audit row of an earlier filing commit (for crash recovery), and the frontmatter and
// title lookups the filer plans with (over the derived `pages` table).
//
// One module for both backends. On PostgreSQL the claim locks its row with FOR UPDATE SKIP LOCKED:
// a node that finds the item mid-claim by another node moves on at once instead of waiting for that
// transaction, and the claim conditions are checked again on the row it locked, so two nodes never
// both win an item. Case folding in the page lookups is ASCII only on both (SQLite's lower(); on
// PostgreSQL lower() under the C collation), so the same pages are candidates on either.
import { boundLimit, isPostgres, type SyncDb } from '../syncDb.js';

export interface PriorFiling {
  commit: string | null;
  pages: string[];
  skill: string | null;
  placement: { targetFolder: string | null; entityType: string | null; targetSlug: string | null } | null;
  confidence: number | null;
  rationale: string | null;
}

export interface FilingState {
  attempts: number;
  claimedBy: string | null;
  claimedUntil: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  skill: string | null;
  commit: string | null;
}

export class FilingRepo {
  private readonly stmts;
  private readonly pg: boolean;

  constructor(private readonly db: SyncDb) {
    this.pg = isPostgres(db);
    // SQLite's instr(haystack, needle) is PostgreSQL's strpos(haystack, needle); lower() folds ASCII only on both.
    const instr = this.pg ? 'strpos' : 'instr';
    const folded = (col: string) => (this.pg ? `lower(${col} COLLATE "C")` : `lower(${col})`);
    this.stmts = {
      due: db.prepare(
        `SELECT id FROM inbox_items WHERE brain_id = ? AND status = 0
           AND (filing_next_attempt_at IS NULL OR filing_next_attempt_at <= ?)
           AND (filing_claimed_until IS NULL OR filing_claimed_until < ?)
         ORDER BY seq LIMIT ${boundLimit(db)}`,
      ),
      brainsWithDue: db.prepare(
        `SELECT DISTINCT brain_id FROM inbox_items WHERE status = 0
           AND (filing_next_attempt_at IS NULL OR filing_next_attempt_at <= ?)
           AND (filing_claimed_until IS NULL OR filing_claimed_until < ?)
           AND brain_id IN (SELECT id FROM brains WHERE deleted_at IS NULL)`,
      ),
      state: db.prepare(
        'SELECT filing_attempts, filing_claimed_by, filing_claimed_until, filing_next_attempt_at, filing_last_error, filing_skill, filing_commit FROM inbox_items WHERE id = ?',
      ),
      release: db.prepare('UPDATE inbox_items SET filing_claimed_by = NULL, filing_claimed_until = NULL WHERE id = ? AND filing_claimed_by = ?'),
      failure: db.prepare(
        `UPDATE inbox_items SET filing_claimed_by = NULL, filing_claimed_until = NULL, filing_last_error = ?, filing_next_attempt_at = ?
         WHERE id = ? AND filing_claimed_by = ?`,
      ),
      filed: db.prepare(
        `UPDATE inbox_items SET filing_claimed_by = NULL, filing_claimed_until = NULL, filing_last_error = NULL,
           filing_next_attempt_at = NULL, filing_skill = ?, filing_commit = ? WHERE id = ?`,
      ),
      resetAttempts: db.prepare('UPDATE inbox_items SET filing_attempts = 0, filing_next_attempt_at = NULL, filing_last_error = NULL WHERE id = ?'),
      prior: db.prepare("SELECT detail FROM audit WHERE brain_id = ? AND action = 'inbox.file' AND target = ? ORDER BY id DESC LIMIT 1"),
      pagesLike: db.prepare(`SELECT path, title, frontmatter FROM pages WHERE brain_id = ? AND ${instr}(${folded('frontmatter')}, ?) > 0`),
      pagesTitled: db.prepare(`SELECT path, title, frontmatter FROM pages WHERE brain_id = ? AND (${folded('title')} = ? OR ${instr}(${folded('frontmatter')}, ?) > 0)`),
    };
  }

  /** Run `fn` in one IMMEDIATE transaction (one commit for an item's status and filing record). */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** Items of a brain that a pass may claim now, oldest first. */
  dueItems(brainId: string, now: string, limit: number): string[] {
    return (this.stmts.due.all(brainId, now, now, limit) as Array<{ id: string }>).map((r) => r.id);
  }

  brainsWithDueItems(now: string): string[] {
    return (this.stmts.brainsWithDue.all(now, now) as Array<{ brain_id: string }>).map((r) => r.brain_id);
  }

  /**
   * Claim an item for `worker` until `until`: only when its status is one of `statuses`, its
   * retry time has come (unless `ignoreBackoff`) and no live claim holds it. Counts an attempt.
   */
  claim(itemId: string, worker: string, now: string, until: string, statuses: number[], ignoreBackoff = false): boolean {
    const claimable = `status IN (${statuses.map(Number).join(', ')})
           AND (filing_claimed_until IS NULL OR filing_claimed_until < ?)
           ${ignoreBackoff ? '' : 'AND (filing_next_attempt_at IS NULL OR filing_next_attempt_at <= ?)'}`;
    const set = 'UPDATE inbox_items SET filing_claimed_by = ?, filing_claimed_until = ?, filing_attempts = filing_attempts + 1';
    const times = ignoreBackoff ? [now] : [now, now];
    if (!this.pg) return this.db.prepare(`${set} WHERE id = ? AND ${claimable}`).run(worker, until, itemId, ...times).changes === 1;
    // The row is locked by the inner SELECT (skipped if another node holds it); under READ COMMITTED
    // a row changed meanwhile is re-read and the conditions are checked on its latest version.
    return (
      this.db.prepare(`${set} WHERE seq = (SELECT seq FROM inbox_items WHERE id = ? AND ${claimable} FOR UPDATE SKIP LOCKED)`).run(worker, until, itemId, ...times).changes === 1
    );
  }

  state(itemId: string): FilingState | null {
    const r = this.stmts.state.get(itemId) as Record<string, unknown> | undefined;
    if (!r) return null;
    return {
      attempts: r.filing_attempts as number,
      claimedBy: (r.filing_claimed_by as string | null) ?? null,
      claimedUntil: (r.filing_claimed_until as string | null) ?? null,
      nextAttemptAt: (r.filing_next_attempt_at as string | null) ?? null,
      lastError: (r.filing_last_error as string | null) ?? null,
      skill: (r.filing_skill as string | null) ?? null,
      commit: (r.filing_commit as string | null) ?? null,
    };
  }

  release(itemId: string, worker: string): void {
    this.stmts.release.run(itemId, worker);
  }

  recordFailure(itemId: string, worker: string, error: string, nextAttemptAt: string | null): void {
    this.stmts.failure.run(error.slice(0, 2000), nextAttemptAt, itemId, worker);
  }

  recordFiled(itemId: string, skill: string | null, commit: string | null): void {
    this.stmts.filed.run(skill, commit, itemId);
  }

  /** A person re-queued the item: it gets a fresh set of attempts. */
  resetAttempts(itemId: string): void {
    this.stmts.resetAttempts.run(itemId);
  }

  /** The detail of the audit row written with an earlier filing commit of this item, if any. */
  priorFiling(brainId: string, itemId: string): PriorFiling | null {
    const r = this.stmts.prior.get(brainId, itemId) as { detail: string | null } | undefined;
    if (!r?.detail) return null;
    const d = JSON.parse(r.detail) as Record<string, unknown>;
    return {
      commit: (d.commit as string | undefined) ?? null,
      pages: Array.isArray(d.pages) ? (d.pages as string[]) : [],
      skill: (d.skill as string | undefined) ?? null,
      placement: (d.placement as PriorFiling['placement']) ?? null,
      confidence: typeof d.confidence === 'number' ? d.confidence : null,
      rationale: (d.rationale as string | undefined) ?? null,
    };
  }

  /** Pages whose frontmatter `key` equals `value` or lists it (case-insensitive). */
  pagesWithField(brainId: string, key: string, value: string): string[] {
    const needle = value.toLowerCase();
    const rows = this.stmts.pagesLike.all(brainId, JSON.stringify(needle).slice(1, -1)) as Array<{ path: string; frontmatter: string }>;
    return rows
      .filter((r) => {
        const v = (JSON.parse(r.frontmatter) as Record<string, unknown>)[key];
        const list = Array.isArray(v) ? v : [v];
        return list.some((x) => typeof x === 'string' && x.trim().toLowerCase() === needle);
      })
      .map((r) => r.path)
      .sort();
  }

  /** Pages titled `name` or listing it in `aliases` (case-insensitive). */
  pagesNamed(brainId: string, name: string): string[] {
    const needle = name.toLowerCase();
    const rows = this.stmts.pagesTitled.all(brainId, needle, JSON.stringify(needle).slice(1, -1)) as Array<{ path: string; title: string; frontmatter: string }>;
    return rows
      .filter((r) => {
        if (r.title.toLowerCase() === needle) return true;
        const aliases = (JSON.parse(r.frontmatter) as Record<string, unknown>).aliases;
        return Array.isArray(aliases) ? aliases.some((a) => typeof a === 'string' && a.toLowerCase() === needle) : typeof aliases === 'string' && aliases.toLowerCase() === needle;
      })
      .map((r) => r.path)
      .sort();
  }
}
