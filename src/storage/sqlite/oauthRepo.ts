// OAuth 2.1 authorization-server state: registered clients, pending consent requests,
// authorization codes and tokens. Secrets are stored only as SHA-256 hashes.
import type { SyncDb } from '../syncDb.js';

export interface OAuthClientRow {
  clientId: string;
  secretHash: string | null;
  secretExpiresAt: number | null;
  metadata: Record<string, unknown>;
  issuedAt: number;
}

export interface OAuthRequestRow {
  idHash: string;
  sessionId: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
  expiresAt: string;
}

export interface OAuthCodeRow {
  codeHash: string;
  clientId: string;
  userId: string;
  familyId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
  expiresAt: string;
  usedAt: string | null;
}

export interface OAuthTokenRow {
  tokenHash: string;
  kind: 'access' | 'refresh';
  familyId: string;
  clientId: string;
  userId: string;
  scopes: string[];
  resource: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
}

export class OAuthRepo {
  constructor(private readonly db: SyncDb) {}

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  // ---- clients

  insertClient(c: OAuthClientRow): void {
    this.db
      .prepare('INSERT INTO oauth_clients (client_id, secret_hash, secret_expires_at, metadata, issued_at) VALUES (?, ?, ?, ?, ?)')
      .run(c.clientId, c.secretHash, c.secretExpiresAt, JSON.stringify(c.metadata), c.issuedAt);
  }

  client(clientId: string): OAuthClientRow | null {
    const r = this.db.prepare('SELECT * FROM oauth_clients WHERE client_id = ?').get(clientId) as Record<string, unknown> | undefined;
    if (!r) return null;
    return {
      clientId: r.client_id as string,
      secretHash: (r.secret_hash as string | null) ?? null,
      secretExpiresAt: (r.secret_expires_at as number | null) ?? null,
      metadata: JSON.parse(r.metadata as string) as Record<string, unknown>,
      issuedAt: r.issued_at as number,
    };
  }

  // ---- pending consent requests

  insertRequest(r: OAuthRequestRow): void {
    this.db
      .prepare(
        `INSERT INTO oauth_requests (id_hash, session_id, client_id, redirect_uri, state, scopes, code_challenge, resource, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(r.idHash, r.sessionId, r.clientId, r.redirectUri, r.state, r.scopes.join(' '), r.codeChallenge, r.resource, r.expiresAt);
  }

  request(idHash: string): OAuthRequestRow | null {
    const r = this.db.prepare('SELECT * FROM oauth_requests WHERE id_hash = ?').get(idHash) as Record<string, string | null> | undefined;
    if (!r) return null;
    return {
      idHash: r.id_hash!,
      sessionId: r.session_id!,
      clientId: r.client_id!,
      redirectUri: r.redirect_uri!,
      state: r.state ?? null,
      scopes: splitScopes(r.scopes!),
      codeChallenge: r.code_challenge!,
      resource: r.resource ?? null,
      expiresAt: r.expires_at!,
    };
  }

  deleteRequest(idHash: string): boolean {
    return this.db.prepare('DELETE FROM oauth_requests WHERE id_hash = ?').run(idHash).changes > 0;
  }

  deleteExpired(now: string): void {
    this.db.prepare('DELETE FROM oauth_requests WHERE expires_at <= ?').run(now);
    this.db.prepare('DELETE FROM oauth_codes WHERE expires_at <= ?').run(now);
    this.db.prepare('DELETE FROM oauth_tokens WHERE expires_at <= ?').run(now);
  }

  // ---- authorization codes

  insertCode(c: OAuthCodeRow): void {
    this.db
      .prepare(
        `INSERT INTO oauth_codes (code_hash, client_id, user_id, family_id, redirect_uri, scopes, code_challenge, resource, expires_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
      )
      .run(c.codeHash, c.clientId, c.userId, c.familyId, c.redirectUri, c.scopes.join(' '), c.codeChallenge, c.resource, c.expiresAt);
  }

  code(codeHash: string): OAuthCodeRow | null {
    const r = this.db.prepare('SELECT * FROM oauth_codes WHERE code_hash = ?').get(codeHash) as Record<string, string | null> | undefined;
    if (!r) return null;
    return {
      codeHash: r.code_hash!,
      clientId: r.client_id!,
      userId: r.user_id!,
      familyId: r.family_id!,
      redirectUri: r.redirect_uri!,
      scopes: splitScopes(r.scopes!),
      codeChallenge: r.code_challenge!,
      resource: r.resource ?? null,
      expiresAt: r.expires_at!,
      usedAt: r.used_at ?? null,
    };
  }

  /** Mark a code used; false when it already was (a replay). */
  useCode(codeHash: string, at: string): boolean {
    return this.db.prepare('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(at, codeHash).changes > 0;
  }

  // ---- tokens

  insertToken(t: OAuthTokenRow): void {
    this.db
      .prepare(
        `INSERT INTO oauth_tokens (token_hash, kind, family_id, client_id, user_id, scopes, resource, created_at, expires_at, used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
      )
      .run(t.tokenHash, t.kind, t.familyId, t.clientId, t.userId, t.scopes.join(' '), t.resource, t.createdAt, t.expiresAt);
  }

  token(tokenHash: string): OAuthTokenRow | null {
    const r = this.db.prepare('SELECT * FROM oauth_tokens WHERE token_hash = ?').get(tokenHash) as Record<string, string | null> | undefined;
    if (!r) return null;
    return {
      tokenHash: r.token_hash!,
      kind: r.kind as 'access' | 'refresh',
      familyId: r.family_id!,
      clientId: r.client_id!,
      userId: r.user_id!,
      scopes: splitScopes(r.scopes!),
      resource: r.resource ?? null,
      createdAt: r.created_at!,
      expiresAt: r.expires_at!,
      usedAt: r.used_at ?? null,
      revokedAt: r.revoked_at ?? null,
    };
  }

  /** Mark a refresh token rotated; false when it already was (a replay). */
  useToken(tokenHash: string, at: string): boolean {
    return this.db.prepare('UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL').run(at, tokenHash).changes > 0;
  }

  revokeToken(tokenHash: string, at: string): void {
    this.db.prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(at, tokenHash);
  }

  revokeFamily(familyId: string, at: string): number {
    return this.db.prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL').run(at, familyId).changes;
  }
}

function splitScopes(s: string): string[] {
  return s.split(' ').filter(Boolean);
}
