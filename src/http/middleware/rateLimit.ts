// One rate limiter for every door. REST, MCP and git share one token-bucket store. A caller's
// budget is keyed by its credential (or by its user, when it comes through OAuth or a session),
// or by its client address when it is anonymous. So a caller cannot get a second budget by
// switching from /api/v1 to /mcp or /git. Webhook ingest uses the same store under its own keys:
// one bucket per source and one per client address.
//
// Why a token bucket and not a fixed window: a bucket holds `burst` tokens and refills at
// `perMinute`. A bulk load (hundreds of page PUTs, an import) can spend the whole burst at once.
// Once the burst is spent, the caller is paced at the refill rate, and Retry-After is the wait for
// the next token (a fraction of a second at the default rate), not the rest of a one-minute
// window.
//
// Bulk work: a git clone, fetch or push spends one token from the shared bucket, taken on its
// ref advertisement (`info/refs`). Its pack requests (the POSTs to upload-pack or receive-pack,
// several per fetch negotiation) draw from a separate, larger git bucket for the same key.
// Refusals are 429 problem+json with `Retry-After` and the `RateLimit-*` headers (IETF draft 6).
//
// Several nodes on PostgreSQL: the buckets are rows in the database (SharedTokenBuckets over the
// SharedBuckets port, one statement per take), so a caller behind a load balancer has one budget, not
// one per node. On SQLite (one node) they stay in memory (TokenBuckets).
import type { RequestHandler, Response } from 'express';
import type { Options as RateLimitOptions, Store as RateLimitStore, ClientRateLimitInfo } from 'express-rate-limit';
import type { Config } from '../../config.js';
import { actorRef, type Actor } from '../../domain/actor.js';
import { RateLimitedError } from '../../domain/errors.js';
import type { SharedBuckets } from '../../domain/rateLimits.js';

export interface Budget {
  /** Refill rate: tokens per minute. */
  perMinute: number;
  /** Bucket size: how many requests may come at once after a quiet spell. */
  burst: number;
}

export interface Verdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next token (0 when allowed). */
  retryAfterSeconds: number;
  /** `RateLimit-Policy` value: the burst and the time it takes to refill it. */
  policy: string;
}

interface Bucket {
  tokens: number;
  at: number;
  fullAt: number;
}

const SWEEP_EVERY = 4096;

/** Where the buckets are kept: this process's memory, or the database every node shares. */
export interface BucketStore {
  /** Take `cost` tokens from `key`'s bucket, if it has them. */
  take(key: string, budget: Budget, cost?: number): Verdict;
  /** Tokens `key` has now, without taking any. */
  available(key: string, budget: Budget): number;
}

/** The verdict of a take that leaves `tokens` in the bucket. */
function verdictOf(allowed: boolean, tokens: number, budget: Budget, cost: number): Verdict {
  const perMs = budget.perMinute / 60_000;
  return {
    allowed,
    limit: budget.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((budget.burst - tokens) / perMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((cost - tokens) / perMs / 1000)),
    policy: `${budget.burst};w=${Math.max(1, Math.round(budget.burst / perMs / 1000))}`,
  };
}

/** Token buckets in the database (PostgreSQL): every node takes from the same bucket of a key. */
export class SharedTokenBuckets implements BucketStore {
  constructor(private readonly shared: SharedBuckets) {}

  take(key: string, budget: Budget, cost = 1): Verdict {
    const t = this.shared.take(key, budget.burst, budget.perMinute, cost);
    return verdictOf(t.allowed, t.tokens, budget, cost);
  }

  available(key: string, budget: Budget): number {
    return this.shared.available(key, budget.burst, budget.perMinute);
  }
}

/**
 * express-rate-limit's store (the MCP SDK's OAuth endpoints count hits per address in fixed
 * windows) on the shared database: one store per limiter, its keys under its own `prefix`.
 */
export class SharedWindowStore implements RateLimitStore {
  private windowMs = 60_000;
  readonly localKeys = false;

  constructor(
    private readonly shared: SharedBuckets,
    readonly prefix: string,
  ) {}

  init(options: RateLimitOptions): void {
    this.windowMs = options.windowMs;
  }

  increment(key: string): ClientRateLimitInfo {
    const r = this.shared.hit(this.prefix + key, this.windowMs, 1);
    return { totalHits: r.hits, resetTime: new Date(r.resetAtMs) };
  }

  decrement(key: string): void {
    this.shared.hit(this.prefix + key, this.windowMs, -1);
  }

  resetKey(key: string): void {
    this.shared.resetWindow(this.prefix + key);
  }
}

/** Token buckets in memory, keyed by any string. Buckets that are full again are swept away. */
export class TokenBuckets implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();
  private takes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Take `cost` tokens from `key`'s bucket, if it has them. */
  take(key: string, budget: Budget, cost = 1): Verdict {
    const now = this.now();
    const perMs = budget.perMinute / 60_000;
    const prev = this.buckets.get(key);
    let tokens = prev ? Math.min(budget.burst, prev.tokens + (now - prev.at) * perMs) : budget.burst;
    const allowed = tokens >= cost;
    if (allowed) tokens -= cost;
    const fullAt = now + (budget.burst - tokens) / perMs;
    this.buckets.set(key, { tokens, at: now, fullAt });
    if (++this.takes % SWEEP_EVERY === 0) this.sweep(now);
    return verdictOf(allowed, tokens, budget, cost);
  }

  /** Tokens `key` has now, without taking any. */
  available(key: string, budget: Budget): number {
    const prev = this.buckets.get(key);
    if (!prev) return budget.burst;
    return Math.min(budget.burst, prev.tokens + (this.now() - prev.at) * (budget.perMinute / 60_000));
  }

  /** How many keys hold a bucket that is not full (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets) if (b.fullAt <= now) this.buckets.delete(key);
  }
}

/** The one store and the budgets of every door, built once per app from the configuration. */
export interface RateLimits {
  store: BucketStore;
  /** Every REST and MCP request, and each git operation (once, on its ref advertisement). */
  api: Budget;
  /** Git pack requests (upload-pack, receive-pack) after the advertisement. */
  git: Budget;
  /** Webhook deliveries per source. */
  ingestSource: Budget;
  /** Webhook deliveries per client address, whatever the source (and before any is known). */
  ingestAddress: Budget;
}

/** `shared`: the database's counters when several nodes share it (PostgreSQL); null: this process's memory. */
export function createRateLimits(config: Pick<Config, 'rateLimits'>, shared: SharedBuckets | null = null): RateLimits {
  const r = config.rateLimits;
  return {
    store: shared ? new SharedTokenBuckets(shared) : new TokenBuckets(),
    api: { perMinute: r.perMinute, burst: r.burst },
    git: { perMinute: r.gitPerMinute, burst: r.gitPerMinute },
    ingestSource: { perMinute: r.ingestPerSource, burst: r.ingestPerSource },
    ingestAddress: { perMinute: r.ingestPerAddress, burst: r.ingestPerAddress },
  };
}

/** The key of a caller's shared budget: its credential or user, or its address when anonymous. */
export function callerKey(actor: Actor | undefined, address: string | undefined): string {
  return actor && actor.kind !== 'anonymous' ? actorRef(actor) : `ip:${address ?? 'unknown'}`;
}

/** Set the RateLimit-* headers (and Retry-After when refused). */
export function setRateHeaders(res: Response, v: Verdict): void {
  res.setHeader('RateLimit-Policy', v.policy);
  res.setHeader('RateLimit-Limit', String(v.limit));
  res.setHeader('RateLimit-Remaining', String(v.remaining));
  res.setHeader('RateLimit-Reset', String(v.resetSeconds));
  if (!v.allowed) res.setHeader('Retry-After', String(v.retryAfterSeconds));
}

/** Charge one request to `key`; throws the 429 error after setting the headers when refused. */
export function charge(limits: RateLimits, res: Response, key: string, budget: Budget, cost = 1): void {
  const v = limits.store.take(key, budget, cost);
  setRateHeaders(res, v);
  if (!v.allowed) throw new RateLimitedError(v.retryAfterSeconds);
}

/** Middleware for REST and MCP: after authentication, one token from the caller's shared bucket. */
export function perCallerRateLimit(limits: RateLimits): RequestHandler {
  return (req, res, next) => {
    try {
      // A known caller's key is its credential or user: the client address (req.ip, which parses
      // X-Forwarded-For through the trusted proxies) is worked out for anonymous callers only.
      const actor = req.actor;
      charge(limits, res, callerKey(actor, actor && actor.kind !== 'anonymous' ? undefined : req.ip), limits.api);
      next();
    } catch (e) {
      next(e);
    }
  };
}
