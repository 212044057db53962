// The OAuth 2.1 authorization server behind the MCP SDK's auth router: dynamic client
// registration, consent requests, authorization codes (PKCE S256, one use), access tokens
// (1 hour) and rotating refresh tokens (30 days; replaying a used one revokes its whole family),
// revocation, and the bearer verifier that turns an access token into its user's Actor.
// Scopes: `brains:read`, `brains:write`; the access service caps a token without write to Read.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { AppError } from '../domain/errors.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { IdentityRepo, UserRow } from '../storage/sqlite/identityRepo.js';
import type { OAuthClientRow, OAuthRepo, OAuthRequestRow, OAuthTokenRow } from '../storage/sqlite/oauthRepo.js';
import type { IdentityService } from './identityService.js';
import { hashToken, randomBase62 } from './secrets.js';

export const OAUTH_SCOPES = ['brains:read', 'brains:write'] as const;
/** Requested by some clients; refresh tokens are always issued, so it is accepted and dropped. */
const IGNORED_SCOPES = new Set(['offline_access']);

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
const CODE_TTL_S = 300;
const REQUEST_TTL_S = 600;

export const ACCESS_TOKEN_PREFIX = 'bka_';
export const REFRESH_TOKEN_PREFIX = 'bkr_';

export type OAuthErrorCode = 'invalid_grant' | 'invalid_scope' | 'invalid_target' | 'invalid_request' | 'access_denied';

/** An OAuth protocol error; the HTTP adapter maps `code` to the SDK's error classes. */
export class OAuthProtocolError extends AppError {
  constructor(readonly oauthCode: OAuthErrorCode, detail: string) {
    super(400, oauthCode, 'OAuth error', detail);
  }
}

const OAUTH_ACTOR: Actor = { kind: 'system', name: 'oauth' };

function unwrap<T>(result: T | OAuthProtocolError): T {
  if (result instanceof OAuthProtocolError) throw result;
  return result;
}

export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface VerifiedToken {
  token: string;
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  resource: string | null;
}

export interface AuthorizationParams {
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
}

export class OAuthService {
  constructor(
    private readonly repo: OAuthRepo,
    private readonly users: IdentityRepo,
    private readonly identity: IdentityService,
    private readonly audit: AuditRepo,
    /** The server's public base URL (read when needed: with PORT=0 it is known only after listen). */
    private readonly baseUrl: () => string,
  ) {}

  // ---- clients (dynamic registration)

  /** Store a client the SDK's registration handler built; its secret is kept only as a hash. */
  registerClient(info: { client_id: string; client_secret?: string; client_secret_expires_at?: number; client_id_issued_at?: number } & Record<string, unknown>): void {
    const { client_secret, client_secret_expires_at, client_id, client_id_issued_at, ...metadata } = info;
    this.repo.insertClient({
      clientId: client_id,
      secretHash: client_secret ? hashToken(client_secret) : null,
      secretExpiresAt: client_secret_expires_at ?? null,
      metadata,
      issuedAt: client_id_issued_at ?? Math.floor(Date.now() / 1000),
    });
    this.audit.record({ brainId: null, actor: OAUTH_ACTOR, action: 'oauth.client.register', target: client_id, detail: { name: metadata.client_name ?? null } });
  }

  client(clientId: string): OAuthClientRow | null {
    return this.repo.client(clientId);
  }

  // ---- authorization: consent requests and codes

  /** Validate scopes and resource, and park the request until the user allows or denies it. */
  beginAuthorization(sessionId: string, params: AuthorizationParams): { requestId: string; scopes: string[] } {
    const scopes = this.grantableScopes(params.scopes);
    const resource = this.checkResource(params.resource);
    const requestId = randomBase62(32);
    const now = Date.now();
    this.repo.deleteExpired(new Date(now).toISOString());
    this.repo.insertRequest({
      idHash: hashToken(requestId),
      sessionId,
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      state: params.state,
      scopes,
      codeChallenge: params.codeChallenge,
      resource,
      expiresAt: new Date(now + REQUEST_TTL_S * 1000).toISOString(),
    });
    return { requestId, scopes };
  }

  /** A pending request, only for the session that started it. */
  pendingRequest(requestId: string, sessionId: string): OAuthRequestRow | null {
    const row = this.repo.request(hashToken(requestId));
    if (!row || row.sessionId !== sessionId || Date.parse(row.expiresAt) <= Date.now()) return null;
    return row;
  }

  /**
   * The user's decision on a pending request (used once). Returns where to send the browser:
   * the client's redirect URI with `code` (allow) or `error=access_denied` (deny), plus `state`.
   */
  decide(requestId: string, sessionId: string, user: UserRow, allow: boolean): string | null {
    const req = this.pendingRequest(requestId, sessionId);
    if (!req || !this.repo.deleteRequest(req.idHash)) return null;
    const target = new URL(req.redirectUri);
    if (req.state != null) target.searchParams.set('state', req.state);
    const actor = this.identity.userActor(user, 'session');
    if (!allow) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied access.');
      this.audit.record({ brainId: null, actor, action: 'oauth.deny', target: req.clientId });
      return target.href;
    }
    const code = randomBase62(43);
    this.repo.insertCode({
      codeHash: hashToken(code),
      clientId: req.clientId,
      userId: user.id,
      familyId: randomUUID(),
      redirectUri: req.redirectUri,
      scopes: req.scopes,
      codeChallenge: req.codeChallenge,
      resource: req.resource,
      expiresAt: new Date(Date.now() + CODE_TTL_S * 1000).toISOString(),
      usedAt: null,
    });
    this.audit.record({ brainId: null, actor, action: 'oauth.allow', target: req.clientId, detail: { scopes: req.scopes } });
    target.searchParams.set('code', code);
    return target.href;
  }

  /** The PKCE challenge of a live code (the SDK verifies the verifier against it). */
  challengeForCode(clientId: string, code: string): string {
    return this.liveCode(clientId, code).codeChallenge;
  }

  /** Redeem a code once. A second redemption revokes every token issued from it. */
  exchangeCode(clientId: string, code: string, redirectUri?: string, resource?: string): TokenSet {
    // Revocations must commit even though the request fails, so errors leave the transaction as values.
    return unwrap(
      this.repo.transaction(() => {
        try {
          const row = this.liveCode(clientId, code);
          if (redirectUri !== undefined && redirectUri !== row.redirectUri) throw new OAuthProtocolError('invalid_grant', 'redirect_uri does not match the authorization request.');
          const requested = resource !== undefined ? this.checkResource(resource) : row.resource;
          if (row.resource && requested !== row.resource) throw new OAuthProtocolError('invalid_target', 'resource does not match the authorization request.');
          if (!this.repo.useCode(row.codeHash, new Date().toISOString())) throw this.replayedCode(row.familyId);
          return this.issue(row.clientId, this.activeUser(row.userId), row.familyId, row.scopes, requested ?? null);
        } catch (e) {
          if (e instanceof OAuthProtocolError) return e;
          throw e;
        }
      }),
    );
  }

  /** Rotate a refresh token: the old one is spent; presenting it again revokes the family. */
  refresh(clientId: string, refreshToken: string, scopes?: string[], resource?: string): TokenSet {
    return unwrap(
      this.repo.transaction(() => {
        const now = new Date().toISOString();
        const row = this.repo.token(hashToken(refreshToken));
        if (!row || row.kind !== 'refresh' || row.clientId !== clientId) return new OAuthProtocolError('invalid_grant', 'The refresh token is not valid.');
        if (row.revokedAt) return new OAuthProtocolError('invalid_grant', 'The refresh token was revoked.');
        if (row.usedAt) {
          this.repo.revokeFamily(row.familyId, now);
          this.audit.record({ brainId: null, actor: OAUTH_ACTOR, action: 'oauth.refresh_reuse', target: row.familyId, detail: { clientId } });
          return new OAuthProtocolError('invalid_grant', 'The refresh token was already used; every token of this grant is now revoked.');
        }
        if (Date.parse(row.expiresAt) <= Date.now()) return new OAuthProtocolError('invalid_grant', 'The refresh token has expired.');
        try {
          const narrowed = scopes?.length ? this.grantableScopes(scopes) : row.scopes;
          if (narrowed.some((s) => !row.scopes.includes(s))) return new OAuthProtocolError('invalid_scope', 'A refresh cannot add scopes the user did not grant.');
          const target = resource !== undefined ? this.checkResource(resource) : row.resource;
          if (!this.repo.useToken(row.tokenHash, now)) return new OAuthProtocolError('invalid_grant', 'The refresh token is not valid.');
          return this.issue(clientId, this.activeUser(row.userId), row.familyId, narrowed, target);
        } catch (e) {
          if (e instanceof OAuthProtocolError) return e;
          throw e;
        }
      }),
    );
  }

  /** RFC 7009: unknown tokens and other clients' tokens are ignored. A refresh token takes its family with it. */
  revoke(clientId: string, token: string): void {
    const row = this.repo.token(hashToken(token));
    if (!row || row.clientId !== clientId) return;
    const now = new Date().toISOString();
    if (row.kind === 'refresh') this.repo.revokeFamily(row.familyId, now);
    else this.repo.revokeToken(row.tokenHash, now);
  }

  /** A live access token, or null. */
  verifyAccessToken(token: string): VerifiedToken | null {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return null;
    const row = this.repo.token(hashToken(token));
    if (!row || row.kind !== 'access' || row.revokedAt || Date.parse(row.expiresAt) <= Date.now()) return null;
    const user = this.users.userById(row.userId);
    if (!user || user.disabledAt) return null;
    return { token, clientId: row.clientId, userId: row.userId, scopes: row.scopes, expiresAt: Math.floor(Date.parse(row.expiresAt) / 1000), resource: row.resource };
  }

  /** Registered with the identity service so every bearer route (REST, MCP, git) accepts OAuth tokens. */
  actorForToken(token: string): Actor | null {
    const verified = this.verifyAccessToken(token);
    if (!verified) return null;
    const user = this.users.userById(verified.userId)!;
    return this.identity.userActor(user, 'oauth', verified.scopes);
  }

  /** Requested scopes; none means every scope (the user's roles still cap what the token can do). */
  grantableScopes(requested: string[]): string[] {
    const wanted = requested.filter((s) => s && !IGNORED_SCOPES.has(s));
    if (!wanted.length) return [...OAUTH_SCOPES];
    const unknown = wanted.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
    if (unknown.length) throw new OAuthProtocolError('invalid_scope', `Unknown scope ${unknown.join(', ')}; this server offers ${OAUTH_SCOPES.join(' and ')}.`);
    return OAUTH_SCOPES.filter((s) => wanted.includes(s));
  }

  /** RFC 8707: a token may be bound to this server or a path under it (e.g. `/mcp`), nothing else. */
  private checkResource(resource: string | null): string | null {
    if (resource == null || resource === '') return null;
    let url: URL;
    try {
      url = new URL(resource);
    } catch {
      throw new OAuthProtocolError('invalid_target', 'resource must be an absolute URL.');
    }
    const base = new URL(this.baseUrl());
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin || !(url.pathname === basePath || url.pathname === `${basePath}/` || url.pathname.startsWith(`${basePath}/`))) {
      throw new OAuthProtocolError('invalid_target', `This server issues tokens only for resources under ${base.origin}${basePath}/.`);
    }
    url.hash = '';
    return url.href;
  }

  private liveCode(clientId: string, code: string) {
    const row = this.repo.code(hashToken(code));
    if (!row || row.clientId !== clientId) throw new OAuthProtocolError('invalid_grant', 'The authorization code is not valid.');
    if (row.usedAt) throw this.replayedCode(row.familyId);
    if (Date.parse(row.expiresAt) <= Date.now()) throw new OAuthProtocolError('invalid_grant', 'The authorization code has expired.');
    return row;
  }

  private replayedCode(familyId: string): OAuthProtocolError {
    this.repo.revokeFamily(familyId, new Date().toISOString());
    return new OAuthProtocolError('invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked.');
  }

  private activeUser(userId: string): UserRow {
    const user = this.users.userById(userId);
    if (!user || user.disabledAt) throw new OAuthProtocolError('invalid_grant', 'The user of this grant no longer exists.');
    return user;
  }

  private issue(clientId: string, user: UserRow, familyId: string, scopes: string[], resource: string | null): TokenSet {
    const now = Date.now();
    const access = ACCESS_TOKEN_PREFIX + randomBase62(43);
    const refresh = REFRESH_TOKEN_PREFIX + randomBase62(43);
    const base: Omit<OAuthTokenRow, 'tokenHash' | 'kind' | 'expiresAt'> = {
      familyId,
      clientId,
      userId: user.id,
      scopes,
      resource,
      createdAt: new Date(now).toISOString(),
      usedAt: null,
      revokedAt: null,
    };
    this.repo.insertToken({ ...base, tokenHash: hashToken(access), kind: 'access', expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000).toISOString() });
    this.repo.insertToken({ ...base, tokenHash: hashToken(refresh), kind: 'refresh', expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000).toISOString() });
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh, scope: scopes.join(' ') };
  }
}

/**
 * OAuth 2.1 requires TLS except on loopback; the SDK's router refuses other plain-http issuers.
 * Behind such a base URL the OAuth endpoints are not served and agents use service credentials.
 */
export function oauthAvailable(baseUrl: string): boolean {
  const u = new URL(baseUrl);
  return u.protocol === 'https:' || u.hostname === 'localhost' || u.hostname === '127.0.0.1';
}

export const MCP_PATH = '/mcp';

/** The protected-resource metadata URL that /mcp's 401 points agents to (RFC 9728, path-aware). */
export function mcpResourceMetadataUrl(baseUrl: string): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
}
