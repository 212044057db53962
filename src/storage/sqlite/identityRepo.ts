// Workspace, users and service credentials (state tables). Secrets are stored hashed only.
import { isPostgres, type SyncDb } from '../syncDb.js';
import { ConfigCache, configChanged } from './configCache.js';
import type { Role } from '../../domain/roles.js';
import type { Credential } from '../../domain/entities/credential.js';

export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string | null;
  createdAt: string;
  disabledAt: string | null;
}

/** The stored credential is the domain entity (domain/entities/credential.ts). */
export type CredentialRow = Credential;

export class IdentityRepo {
  // Every API request with a credential looks it up: compile that lookup once, not per call.
  private readonly byHashStmt;
  /**
   * Credentials found by hash, kept until a credential is created or revoked through this
   * connection, a brain changes (its delete cascades to its credentials), or another connection
   * commits (the operator CLI revoking one): a revocation takes effect on the next request.
   */
  private readonly byHash: ConfigCache<CredentialRow>;
  /**
   * Emails compare without ASCII case (only): SQLite's column is COLLATE NOCASE, PostgreSQL's index is
   * on lower(email COLLATE "C"), which folds ASCII letters alone as NOCASE does.
   */
  private readonly byEmailSql: string;

  constructor(private readonly db: SyncDb) {
    this.byHashStmt = db.prepare('SELECT * FROM credentials WHERE token_hash = ?');
    this.byHash = new ConfigCache(db);
    this.byEmailSql = isPostgres(db) ? 'SELECT * FROM users WHERE lower(email COLLATE "C") = lower(? COLLATE "C")' : 'SELECT * FROM users WHERE email = ?';
  }

  workspace(): { id: string; name: string; createdAt: string } | null {
    const r = this.db.prepare('SELECT * FROM workspace LIMIT 1').get() as Record<string, string> | undefined;
    return r ? { id: r.id!, name: r.name!, createdAt: r.created_at! } : null;
  }

  createWorkspace(id: string, name: string, at: string): void {
    this.db.prepare('INSERT INTO workspace (id, name, created_at) VALUES (?, ?, ?)').run(id, name, at);
  }

  insertUser(u: UserRow): void {
    this.db
      .prepare('INSERT INTO users (id, email, display_name, password_hash, created_at, disabled_at) VALUES (@id, @email, @displayName, @passwordHash, @createdAt, @disabledAt)')
      .run(u);
  }

  userById(id: string): UserRow | null {
    const r = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return r ? toUser(r) : null;
  }

  userByEmail(email: string): UserRow | null {
    const r = this.db.prepare(this.byEmailSql).get(email.trim()) as Record<string, unknown> | undefined;
    return r ? toUser(r) : null;
  }

  users(): UserRow[] {
    return (this.db.prepare('SELECT * FROM users ORDER BY created_at, email').all() as Array<Record<string, unknown>>).map(toUser);
  }

  countUsers(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  }

  /**
   * Set a user's password and, in the same transaction, end every other way in that the old
   * password opened: sign-in sessions (all but `keepSessionId`, the one that made the change),
   * OAuth access and refresh tokens, and authorization codes not yet redeemed.
   */
  setPasswordHash(userId: string, hash: string, opts: { keepSessionId: string | null; at: string }): { sessions: number; tokens: number; codes: number } {
    return this.db.transaction(() => {
      this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
      const sessions = this.db.prepare('DELETE FROM web_sessions WHERE user_id = ? AND id IS DISTINCT FROM ?').run(userId, opts.keepSessionId).changes;
      const tokens = this.db.prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(opts.at, userId).changes;
      const codes = this.db.prepare('DELETE FROM oauth_codes WHERE user_id = ? AND used_at IS NULL').run(userId).changes;
      return { sessions, tokens, codes };
    }).immediate();
  }

  insertCredential(c: CredentialRow): void {
    this.db
      .prepare(
        `INSERT INTO credentials (id, brain_id, role, label, token_hash, token_hint, created_at, created_by, last_used_at, revoked_at)
         VALUES (@id, @brainId, @role, @label, @tokenHash, @tokenHint, @createdAt, @createdBy, @lastUsedAt, @revokedAt)`,
      )
      .run(c);
    configChanged(this.db);
  }

  /** For authentication: `lastUsedAt` may be older than the row's (touching a credential is no change of it). */
  credentialByHash(tokenHash: string): CredentialRow | null {
    return this.byHash.get(tokenHash, () => {
      const r = this.byHashStmt.get(tokenHash) as Record<string, unknown> | undefined;
      return r ? toCredential(r) : null;
    });
  }

  credentialById(id: string): CredentialRow | null {
    const r = this.db.prepare('SELECT * FROM credentials WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return r ? toCredential(r) : null;
  }

  credentialsOf(brainId: string): CredentialRow[] {
    return (this.db.prepare('SELECT * FROM credentials WHERE brain_id = ? ORDER BY created_at').all(brainId) as Array<Record<string, unknown>>).map(toCredential);
  }

  touchCredential(id: string, at: string): void {
    this.db.prepare('UPDATE credentials SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  revokeCredential(id: string, at: string): void {
    this.db.prepare('UPDATE credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
    configChanged(this.db);
  }
}

function toUser(r: Record<string, unknown>): UserRow {
  return {
    id: r.id as string,
    email: r.email as string,
    displayName: r.display_name as string,
    passwordHash: (r.password_hash as string | null) ?? null,
    createdAt: r.created_at as string,
    disabledAt: (r.disabled_at as string | null) ?? null,
  };
}

function toCredential(r: Record<string, unknown>): CredentialRow {
  return {
    id: r.id as string,
    brainId: r.brain_id as string,
    role: r.role as Role,
    label: r.label as string,
    tokenHash: r.token_hash as string,
    tokenHint: r.token_hint as string,
    createdAt: r.created_at as string,
    createdBy: (r.created_by as string | null) ?? null,
    lastUsedAt: (r.last_used_at as string | null) ?? null,
    revokedAt: (r.revoked_at as string | null) ?? null,
  };
}
