// Rate-limit buckets, fixed windows and failed sign-ins in the database (PostgreSQL migration 14),
// shared by every node: each take is one statement, one round trip, whose row lock orders two
// nodes' takes of one key. The bucket's clock is the database's (milliseconds), so skewed node
// clocks do not refill a bucket early. SQLite keeps these in memory (one node per data folder), so
// this repository is opened on PostgreSQL only (`sharedRateLimits`).
import type { BucketTake, FailureLog, SharedBuckets } from '../../domain/rateLimits.js';
import { isPostgres, type SyncDb, type SyncStatement } from '../syncDb.js';

const NOW_MS = 'brainkeep_now_ms()';
/** Takes between two sweeps of full buckets and ended windows (per node). */
const SWEEP_EVERY = 4096;

export class RateLimitRepo implements SharedBuckets, FailureLog {
  private readonly takeStmt: SyncStatement;
  private readonly hitStmt: SyncStatement;
  private takes = 0;
  private adds = 0;

  constructor(private readonly db: SyncDb) {
    if (!isPostgres(db)) throw new Error('Shared rate limits live in PostgreSQL; SQLite keeps them in memory.');
    // Both in one call of a PL/pgSQL function (migration 14): one round trip per request.
    this.takeStmt = db.prepare('SELECT tokens, allowed FROM brainkeep_rate_take(CAST(? AS text), CAST(? AS float8), CAST(? AS float8), CAST(? AS float8))');
    this.hitStmt = db.prepare('SELECT hits, reset_at_ms FROM brainkeep_rate_hit(CAST(? AS text), CAST(? AS bigint), CAST(? AS integer))');
  }

  take(key: string, burst: number, perMinute: number, cost: number): BucketTake {
    const row = this.takeStmt.get(key, burst, perMinute / 60_000, cost) as { tokens: number; allowed: boolean };
    this.sweepNow();
    return { allowed: row.allowed, tokens: row.tokens };
  }

  available(key: string, burst: number, perMinute: number): number {
    const v = this.db
      .prepare(`SELECT LEAST(CAST(? AS float8), tokens + GREATEST(0, ${NOW_MS} - at_ms) * CAST(? AS float8)) FROM rate_buckets WHERE key = ?`)
      .pluck()
      .get(burst, perMinute / 60_000, key) as number | undefined;
    return v ?? burst;
  }

  hit(key: string, windowMs: number, delta = 1): { hits: number; resetAtMs: number } {
    const row = this.hitStmt.get(key, windowMs, delta) as { hits: number; reset_at_ms: number };
    this.sweepNow();
    return { hits: row.hits, resetAtMs: row.reset_at_ms };
  }

  resetWindow(key: string): void {
    this.db.prepare('DELETE FROM rate_windows WHERE key = ?').run(key);
  }

  recent(key: string, sinceMs: number): number[] {
    return this.db.prepare('SELECT at_ms FROM login_failures WHERE key = ? AND at_ms > ? ORDER BY at_ms').pluck().all(key, sinceMs) as number[];
  }

  add(key: string, atMs: number): void {
    this.db.prepare('INSERT INTO login_failures (key, at_ms) VALUES (?, ?)').run(key, atMs);
    // Failures older than a day count for no throttle window: dropped now and then.
    if (++this.adds % 1000 === 0) this.pruneFailures(atMs - 86_400_000);
  }

  clear(key: string): void {
    this.db.prepare('DELETE FROM login_failures WHERE key = ?').run(key);
  }

  /** Drop failures older than `beforeMs` (the throttle's window). */
  pruneFailures(beforeMs: number): void {
    this.db.prepare('DELETE FROM login_failures WHERE at_ms <= ?').run(beforeMs);
  }

  /** Every SWEEP_EVERY takes: buckets full again and ended windows go (a full bucket is a missing row). */
  private sweepNow(): void {
    if (++this.takes % SWEEP_EVERY) return;
    this.db.exec(`DELETE FROM rate_buckets WHERE full_at_ms <= ${NOW_MS}; DELETE FROM rate_windows WHERE reset_at_ms <= ${NOW_MS}`);
  }
}
