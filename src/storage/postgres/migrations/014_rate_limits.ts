import type { PgMigration } from './index.js';

// Rate limits shared by every node (rateLimitRepo): a caller behind a load balancer has one budget,
// not one per node. Times are the database's clock in milliseconds since the epoch, so nodes whose
// clocks disagree still agree on a bucket's refill. SQLite has no such tables: one node keeps its
// buckets and sign-in failures in memory.
// - rate_buckets: one token bucket per key (REST, MCP, git and ingest share them by key), taken
//   and refilled in one statement; rows full again are swept.
// - rate_windows: fixed-window counters for express-rate-limit (the OAuth endpoints of the MCP SDK).
// - login_failures: failed sign-ins per throttle key, one row each, read over a sliding window.
export const p014RateLimits: PgMigration = {
  version: 14,
  name: 'rate_limits',
  up(db) {
    db.exec(`
      CREATE TABLE rate_buckets (
        key TEXT COLLATE "C" PRIMARY KEY,
        tokens DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL,
        full_at_ms BIGINT NOT NULL,
        allowed BOOLEAN NOT NULL
      );
      CREATE INDEX rate_buckets_full ON rate_buckets (full_at_ms);
      CREATE TABLE rate_windows (
        key TEXT COLLATE "C" PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at_ms BIGINT NOT NULL
      );
      CREATE INDEX rate_windows_reset ON rate_windows (reset_at_ms);
      CREATE TABLE login_failures (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key TEXT COLLATE "C" NOT NULL,
        at_ms BIGINT NOT NULL
      );
      CREATE INDEX login_failures_key ON login_failures (key, at_ms);
      CREATE INDEX login_failures_at ON login_failures (at_ms);
      CREATE FUNCTION brainkeep_now_ms() RETURNS BIGINT LANGUAGE sql VOLATILE AS
        'SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)';
    `);
    // One call, one round trip: the row is locked (made first when new, full), refilled to now, taken from.
    db.exec(`
      CREATE FUNCTION brainkeep_rate_take(k TEXT, burst DOUBLE PRECISION, per_ms DOUBLE PRECISION, cost DOUBLE PRECISION)
      RETURNS TABLE (tokens DOUBLE PRECISION, allowed BOOLEAN) LANGUAGE plpgsql AS $$
      DECLARE
        now_ms BIGINT := brainkeep_now_ms();
        have DOUBLE PRECISION;
        ok BOOLEAN;
      BEGIN
        INSERT INTO rate_buckets (key, tokens, at_ms, full_at_ms, allowed) VALUES (k, burst, now_ms, now_ms, TRUE)
          ON CONFLICT (key) DO NOTHING;
        SELECT LEAST(burst, b.tokens + GREATEST(0, now_ms - b.at_ms) * per_ms) INTO have
          FROM rate_buckets b WHERE b.key = k FOR UPDATE;
        ok := have >= cost;
        IF ok THEN have := have - cost; END IF;
        UPDATE rate_buckets SET tokens = have, at_ms = now_ms, full_at_ms = now_ms + CAST(ceil((burst - have) / per_ms) AS BIGINT), allowed = ok
          WHERE key = k;
        RETURN QUERY SELECT have, ok;
      END $$;
      CREATE FUNCTION brainkeep_rate_hit(k TEXT, window_ms BIGINT, delta INTEGER)
      RETURNS TABLE (hits INTEGER, reset_at_ms BIGINT) LANGUAGE plpgsql AS $$
      DECLARE
        now_ms BIGINT := brainkeep_now_ms();
      BEGIN
        RETURN QUERY
        INSERT INTO rate_windows AS w (key, hits, reset_at_ms) VALUES (k, delta, now_ms + window_ms)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN w.reset_at_ms <= now_ms THEN delta ELSE w.hits + delta END,
          reset_at_ms = CASE WHEN w.reset_at_ms <= now_ms THEN now_ms + window_ms ELSE w.reset_at_ms END
        RETURNING w.hits, w.reset_at_ms;
      END $$;
    `);
  },
};
