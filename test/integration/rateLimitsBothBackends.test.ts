// Rate limits and the sign-in throttle on both backends: in memory on SQLite (one node), in the
// database on PostgreSQL, where two nodes (two connections) count one caller against one budget.
// PostgreSQL runs twice: PGlite behind pglite-socket (always, CI included) and the machine's own
// server where one is installed (skipped, saying why, elsewhere).
import assert from 'node:assert/strict';
import { SharedTokenBuckets, SharedWindowStore, TokenBuckets, type BucketStore, type Budget } from '../../src/http/middleware/rateLimit.js';
import { LoginThrottle, MemoryFailureLog } from '../../src/services/sessionService.js';
import { connectPostgres, openPostgres } from '../../src/storage/postgres/database.js';
import type { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { RateLimitRepo } from '../../src/storage/sqlite/rateLimitRepo.js';
import { openDatabase } from '../../src/storage/sqlite/database.js';
import { RateLimitedError } from '../../src/domain/errors.js';
import type { Options as RateLimitOptions } from 'express-rate-limit';
import { startTestPostgres } from '../helpers/pg.js';
import { realPostgresOrSkip } from '../helpers/realPg.js';

/** Slow refill: nothing comes back within a test. */
const SLOW: Budget = { perMinute: 1, burst: 4 };

function spendsItsBurstThenRefuses(store: BucketStore): void {
  for (let i = 0; i < SLOW.burst; i++) assert.equal(store.take('k', SLOW).allowed, true, `take ${i + 1}`);
  const refused = store.take('k', SLOW);
  assert.equal(refused.allowed, false);
  assert.equal(refused.remaining, 0);
  assert.ok(refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= 60);
  assert.equal(store.take('other', SLOW).allowed, true, 'another key has its own bucket');
}

function throttles(throttle: LoginThrottle): void {
  for (let i = 0; i < 3; i++) throttle.fail('acct');
  assert.throws(() => throttle.check('acct', Date.now(), 3), RateLimitedError);
  throttle.check('acct', Date.now(), 4);
  throttle.succeed('acct');
  throttle.check('acct', Date.now(), 1);
}

describe('rate limits on SQLite (in memory)', () => {
  it('a bucket spends its burst, then refuses', () => {
    const db = openDatabase(':memory:');
    try {
      assert.throws(() => new RateLimitRepo(db), /PostgreSQL/);
    } finally {
      db.close();
    }
    spendsItsBurstThenRefuses(new TokenBuckets());
  });

  it('the sign-in throttle refuses after its failures and a success clears them', () => {
    throttles(new LoginThrottle(new MemoryFailureLog()));
  });
});

for (const server of ['PGlite', 'the machine\'s PostgreSQL'] as const) {
  describe(`rate limits on PostgreSQL shared by two nodes (${server})`, function () {
    this.timeout(240_000);
    let stop: (() => Promise<void>) | null = null;
    let a: PostgresDb | null = null;
    let b: PostgresDb | null = null;

    before(async function () {
      const pg = server === 'PGlite' ? await startTestPostgres({ withVector: false }) : await realPostgresOrSkip(this);
      stop = () => pg.stop();
      a = openPostgres(pg.url).db;
      b = connectPostgres(pg.url);
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await stop?.();
    });
    beforeEach(() => a!.exec('DELETE FROM rate_buckets; DELETE FROM rate_windows; DELETE FROM login_failures'));

    it('a bucket spends its burst, then refuses', () => {
      spendsItsBurstThenRefuses(new SharedTokenBuckets(new RateLimitRepo(a!)));
    });

    it('two nodes take from one bucket: the burst is spent once, not once per node', () => {
      const nodeA = new SharedTokenBuckets(new RateLimitRepo(a!));
      const nodeB = new SharedTokenBuckets(new RateLimitRepo(b!));
      const allowed = [nodeA, nodeB, nodeA, nodeB, nodeA, nodeB].map((n) => n.take('caller', SLOW).allowed);
      assert.deepEqual(allowed, [true, true, true, true, false, false]);
      assert.equal(nodeA.available('caller', SLOW) < 1, true);
      assert.equal(nodeB.available('fresh', SLOW), SLOW.burst);
    });

    it('a bucket refills at its rate on the database clock', async () => {
      const fast: Budget = { perMinute: 600_000, burst: 2 }; // ten tokens a millisecond
      const store = new SharedTokenBuckets(new RateLimitRepo(a!));
      store.take('r', fast, 2);
      await new Promise((r) => setTimeout(r, 30));
      assert.equal(store.take('r', fast, 2).allowed, true);
    });

    it('a cost larger than the burst is refused and leaves the bucket as it was', () => {
      const store = new SharedTokenBuckets(new RateLimitRepo(a!));
      assert.equal(store.take('big', SLOW, SLOW.burst + 1).allowed, false);
      assert.equal(store.take('big', SLOW, SLOW.burst).allowed, true);
    });

    it("the sign-in throttle counts another node's failures", () => {
      throttles(new LoginThrottle(new RateLimitRepo(a!)));
      const onA = new LoginThrottle(new RateLimitRepo(a!));
      const onB = new LoginThrottle(new RateLimitRepo(b!));
      onA.fail('user');
      onB.fail('user');
      assert.throws(() => onA.check('user', Date.now(), 2), RateLimitedError);
      onB.succeed('user');
      onA.check('user', Date.now(), 1);
      // Failures older than the window do not count.
      onA.fail('old', Date.now() - LoginThrottle.WINDOW_MS - 1000);
      onB.check('old', Date.now(), 1);
    });

    it("express-rate-limit's store counts both nodes' hits in one window, and a reset clears it", async () => {
      const opts = { windowMs: 60_000 } as RateLimitOptions;
      const onA = new SharedWindowStore(new RateLimitRepo(a!), 'oauth-token:');
      const onB = new SharedWindowStore(new RateLimitRepo(b!), 'oauth-token:');
      const other = new SharedWindowStore(new RateLimitRepo(b!), 'oauth-register:');
      onA.init(opts);
      onB.init(opts);
      other.init(opts);
      assert.equal(onA.increment('1.2.3.4').totalHits, 1);
      const second = onB.increment('1.2.3.4');
      assert.equal(second.totalHits, 2);
      assert.ok(second.resetTime!.getTime() > Date.now());
      assert.equal(other.increment('1.2.3.4').totalHits, 1, 'each limiter its own keys');
      onA.decrement('1.2.3.4');
      assert.equal(onB.increment('1.2.3.4').totalHits, 2);
      onB.resetKey('1.2.3.4');
      assert.equal(onA.increment('1.2.3.4').totalHits, 1);
      // A window that ended starts again from one.
      const short = new SharedWindowStore(new RateLimitRepo(a!), 'short:');
      short.init({ windowMs: 20 } as RateLimitOptions);
      short.increment('x');
      short.increment('x');
      await new Promise((r) => setTimeout(r, 40));
      assert.equal(short.increment('x').totalHits, 1);
    });
  });
}
