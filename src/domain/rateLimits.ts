// The counters rate limits and the sign-in throttle keep, as ports: in memory on one node
// (SQLite), in the database on PostgreSQL so that every node behind a load balancer counts a caller
// against the same budget (storage/sqlite/rateLimitRepo.ts).

/** A token bucket taken from: whether it had `cost` tokens, and what it holds after. */
export interface BucketTake {
  allowed: boolean;
  tokens: number;
}

export interface SharedBuckets {
  /** Refill `key`'s bucket (`burst` tokens, `perMinute` refill) to now and take `cost` if it has them. */
  take(key: string, burst: number, perMinute: number, cost: number): BucketTake;
  /** Tokens `key`'s bucket holds now, without taking any. */
  available(key: string, burst: number, perMinute: number): number;
  /** Fixed window: count one hit of `key` in its window of `windowMs`; the count and when it resets (ms since the epoch). */
  hit(key: string, windowMs: number, delta?: number): { hits: number; resetAtMs: number };
  /** Forget `key`'s window. */
  resetWindow(key: string): void;
}

/** Failed sign-ins by throttle key (sliding window). */
export interface FailureLog {
  /** Failure times of `key` after `sinceMs`, oldest first. */
  recent(key: string, sinceMs: number): number[];
  add(key: string, atMs: number): void;
  clear(key: string): void;
}
