// Email-and-password sign-in for the web pages (sign-in, OAuth consent, the web app): sessions
// with a random cookie token stored hashed, a per-session CSRF token, and login throttling per
// account and client address, per account and per address, so a password cannot be guessed at speed.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { AppError, RateLimitedError, UnauthorizedError } from '../domain/errors.js';
import type { FailureLog } from '../domain/rateLimits.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { IdentityRepo, UserRow } from '../storage/sqlite/identityRepo.js';
import type { SessionRow, SessionsRepo } from '../storage/sqlite/sessionsRepo.js';
import type { IdentityService } from './identityService.js';
import { hashToken, randomBase62 } from './secrets.js';

export const SESSION_TTL_MS = 14 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;

export interface SignedIn {
  session: SessionRow;
  user: UserRow;
}

export class SessionService {
  readonly throttle: LoginThrottle;

  /** `failures`: where failed sign-ins are counted (the database, shared by every node, on PostgreSQL); in memory by default. */
  constructor(
    private readonly repo: SessionsRepo,
    private readonly users: IdentityRepo,
    private readonly identity: IdentityService,
    private readonly audit: AuditRepo,
    failures: FailureLog = new MemoryFailureLog(),
  ) {
    this.throttle = new LoginThrottle(failures);
  }

  /** Check the password and open a session. Returns the cookie value (shown to the browser only). */
  async signIn(email: string, password: string, clientAddress: string): Promise<{ token: string } & SignedIn> {
    const keys = loginThrottleKeys(email, clientAddress);
    this.throttle.checkAll(keys);
    let user: UserRow;
    try {
      user = await this.identity.verifyLogin(email.trim(), password);
    } catch (e) {
      if (e instanceof AppError && e.status === 401) for (const k of keys) this.throttle.fail(k.key);
      throw e;
    }
    // A success clears this account's failures from this address; the account's and the
    // address's own counts run out with the window (an attacker's guesses elsewhere still count).
    this.throttle.succeed(keys[0]!.key);
    const token = randomBase62(43);
    const now = new Date();
    const session: SessionRow = {
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId: user.id,
      csrfToken: randomBase62(32),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      lastSeenAt: now.toISOString(),
    };
    this.repo.deleteExpired(session.createdAt);
    this.repo.insert(session);
    const actor = this.identity.userActor(user, 'session');
    this.audit.record({ brainId: null, actor, action: 'session.sign_in', target: session.id });
    return { token, session, user };
  }

  /** The session and user behind a cookie value, or null (unknown, expired, user disabled). */
  lookup(token: string | undefined | null): SignedIn | null {
    if (!token) return null;
    const session = this.repo.byTokenHash(hashToken(token));
    if (!session) return null;
    const now = Date.now();
    if (Date.parse(session.expiresAt) <= now) {
      this.repo.delete(session.id);
      return null;
    }
    const user = this.users.userById(session.userId);
    if (!user || user.disabledAt) return null;
    if (Date.parse(session.lastSeenAt) < now - TOUCH_EVERY_MS) this.repo.touch(session.id, new Date(now).toISOString());
    return { session, user };
  }

  /**
   * A signed-in user changes their own password: the current password is checked (under the same
   * throttle as sign-in), then every other session and every OAuth token of the user ends.
   * This session stays signed in.
   */
  async changePassword(signedIn: SignedIn, currentPassword: string, newPassword: string, clientAddress: string): Promise<void> {
    const key = `${signedIn.user.email.trim().toLowerCase()}|${clientAddress}`;
    this.throttle.check(key);
    try {
      await this.identity.verifyLogin(signedIn.user.email, currentPassword);
    } catch (e) {
      if (e instanceof AppError && e.status === 401) {
        this.throttle.fail(key);
        throw new UnauthorizedError('The current password is not correct.', 'invalid_login');
      }
      throw e;
    }
    this.throttle.succeed(key);
    await this.identity.setPassword(signedIn.user.id, newPassword, this.actorOf(signedIn.user), { keepSessionId: signedIn.session.id });
  }

  signOut(token: string | undefined | null): void {
    const found = this.lookup(token);
    if (!found) return;
    this.repo.delete(found.session.id);
    this.audit.record({ brainId: null, actor: this.actorOf(found.user), action: 'session.sign_out', target: found.session.id });
  }

  actorOf(user: UserRow): Actor {
    return this.identity.userActor(user, 'session');
  }
}

/**
 * The three counts a sign-in is throttled on: the account from this address (a user's typos),
 * the account from anywhere (guesses spread over many addresses, or over addresses a client
 * invents when a proxy is trusted too far), and the address over all accounts (one client
 * spraying a password over many emails). The account's own limit is higher, so that a stranger
 * cannot lock a user out as easily as the user's own typos would.
 */
export function loginThrottleKeys(email: string, clientAddress: string): Array<{ key: string; max: number }> {
  const account = email.trim().toLowerCase();
  return [
    { key: `account+address:${account}|${clientAddress}`, max: LoginThrottle.MAX_FAILURES },
    { key: `account:${account}`, max: LoginThrottle.MAX_ACCOUNT_FAILURES },
    { key: `address:${clientAddress}`, max: LoginThrottle.MAX_ADDRESS_FAILURES },
  ];
}

/**
 * Failed sign-ins per key in a sliding window. After a key's maximum the key is refused with 429
 * until the oldest failure leaves the window; a success clears the key.
 */
export class LoginThrottle {
  static readonly MAX_FAILURES = 5;
  static readonly MAX_ACCOUNT_FAILURES = 20;
  static readonly MAX_ADDRESS_FAILURES = 50;
  static readonly WINDOW_MS = 15 * 60_000;

  constructor(private readonly failures: FailureLog = new MemoryFailureLog()) {}

  check(key: string, now = Date.now(), max = LoginThrottle.MAX_FAILURES): void {
    const recent = this.failures.recent(key, now - LoginThrottle.WINDOW_MS);
    if (recent.length >= max) {
      throw new RateLimitedError(Math.max(1, Math.ceil((recent[0]! + LoginThrottle.WINDOW_MS - now) / 1000)));
    }
  }

  /** Refused when any of the keys is over its maximum. */
  checkAll(keys: Array<{ key: string; max: number }>, now = Date.now()): void {
    for (const k of keys) this.check(k.key, now, k.max);
  }

  fail(key: string, now = Date.now()): void {
    this.failures.add(key, now);
  }

  succeed(key: string): void {
    this.failures.clear(key);
  }
}

/** Failed sign-ins in this process's memory (one node: SQLite). */
export class MemoryFailureLog implements FailureLog {
  private failures = new Map<string, number[]>();

  recent(key: string, sinceMs: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => t > sinceMs);
  }

  add(key: string, atMs: number): void {
    const recent = this.recent(key, atMs - LoginThrottle.WINDOW_MS);
    recent.push(atMs);
    this.failures.set(key, recent);
    if (this.failures.size > 10_000) this.prune(atMs);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) if (!times.some((t) => t > now - LoginThrottle.WINDOW_MS)) this.failures.delete(key);
  }
}
