// Workspace users and service credentials: create, authenticate, revoke. Owns the rules for
// who a bearer token is; roles on brains are the access service's business.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../domain/errors.js';
import { isRole, type Role } from '../domain/roles.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { CredentialRow, IdentityRepo, UserRow } from '../storage/sqlite/identityRepo.js';
import { toCredentialWire, type CredentialWire } from '../domain/entities/credential.js';
import { constantTimeEqual, hashPassword, hashToken, randomBase62, verifyPassword } from './secrets.js';

export const CREDENTIAL_PREFIX = 'ck_';
const CREDENTIAL_RANDOM_LENGTH = 40;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A credential as its brain's admins see it: never the key or its hash. */
export type PublicCredential = CredentialWire;

/** Extra bearer-token kinds (OAuth access tokens) plug in here. */
export type TokenVerifier = (token: string) => Actor | null;

export class IdentityService {
  private verifiers: TokenVerifier[] = [];
  private lastTouched = new Map<string, number>();

  constructor(private readonly repo: IdentityRepo, private readonly audit: AuditRepo) {}

  addTokenVerifier(v: TokenVerifier): void {
    this.verifiers.push(v);
  }

  // ---- users

  async createUser(input: { email: string; name?: string | null; password?: string | null }, by: Actor): Promise<UserRow> {
    const email = input.email?.trim();
    if (!email || !EMAIL.test(email)) throw new BadRequestError('A valid email address is required.', 'invalid_email');
    if (this.repo.userByEmail(email)) throw new ConflictError(`A user with email ${email} already exists.`, 'user_exists');
    if (input.password != null && input.password.length < 8) throw new BadRequestError('The password must have at least 8 characters.', 'weak_password');
    const user: UserRow = {
      id: randomUUID(),
      email,
      displayName: input.name?.trim() || email.split('@')[0]!,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      createdAt: new Date().toISOString(),
      disabledAt: null,
    };
    this.repo.insertUser(user);
    this.audit.record({ brainId: null, actor: by, action: 'user.create', target: user.id, detail: { email } });
    return user;
  }

  /**
   * Set a user's password. Whoever knew the old one may hold a session or an OAuth grant made
   * with it, so every session but `keepSessionId` (the one changing it, if any) ends and every
   * OAuth token of the user is revoked.
   */
  async setPassword(emailOrId: string, password: string, by: Actor, opts: { keepSessionId?: string | null } = {}): Promise<UserRow> {
    const user = this.findUser(emailOrId);
    if (!user) throw new NotFoundError('User');
    if (password.length < 8) throw new BadRequestError('The password must have at least 8 characters.', 'weak_password');
    const ended = this.repo.setPasswordHash(user.id, await hashPassword(password), { keepSessionId: opts.keepSessionId ?? null, at: new Date().toISOString() });
    this.audit.record({ brainId: null, actor: by, action: 'user.set_password', target: user.id, detail: { endedSessions: ended.sessions, revokedTokens: ended.tokens } });
    return user;
  }

  /**
   * Check an email and password; the same error for an unknown email and a wrong password, and
   * the same work: verifyPassword runs the full key derivation even when there is no hash to match.
   */
  async verifyLogin(email: string, password: string): Promise<UserRow> {
    const user = this.repo.userByEmail(email);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok || user.disabledAt) throw new UnauthorizedError('The email or password is not correct.', 'invalid_login');
    return user;
  }

  findUser(emailOrId: string): UserRow | null {
    return emailOrId.includes('@') ? this.repo.userByEmail(emailOrId) : this.repo.userById(emailOrId);
  }

  users(): UserRow[] {
    return this.repo.users();
  }

  userActor(user: UserRow, via: 'oauth' | 'session' | 'cli', scopes?: string[]): Actor {
    return { kind: 'user', userId: user.id, email: user.email, name: user.displayName, via, scopes };
  }

  // ---- service credentials

  createCredential(input: { brainId: string; role: string; label?: string | null }, by: Actor): { key: string; credential: PublicCredential } {
    if (!isRole(input.role)) throw new BadRequestError(`Unknown role '${String(input.role)}'; use Read, Write, Admin or Owner.`, 'invalid_role');
    const key = CREDENTIAL_PREFIX + randomBase62(CREDENTIAL_RANDOM_LENGTH);
    const row: CredentialRow = {
      id: randomUUID(),
      brainId: input.brainId,
      role: input.role,
      label: input.label?.trim() || `${input.role} credential`,
      tokenHash: hashToken(key),
      tokenHint: `${key.slice(0, 7)}…${key.slice(-4)}`,
      createdAt: new Date().toISOString(),
      createdBy: by.kind === 'user' ? by.userId : null,
      lastUsedAt: null,
      revokedAt: null,
    };
    this.repo.insertCredential(row);
    this.audit.record({ brainId: input.brainId, actor: by, action: 'credential.create', target: row.id, detail: { role: row.role, label: row.label } });
    return { key, credential: toCredentialWire(row) };
  }

  listCredentials(brainId: string): PublicCredential[] {
    return this.repo.credentialsOf(brainId).map(toCredentialWire);
  }

  revokeCredential(brainId: string, credentialId: string, by: Actor): void {
    const row = this.repo.credentialById(credentialId);
    if (!row || row.brainId !== brainId) throw new NotFoundError('Credential');
    this.repo.revokeCredential(credentialId, new Date().toISOString());
    this.audit.record({ brainId, actor: by, action: 'credential.revoke', target: credentialId });
  }

  /** The user who created a credential (null: made by the system or the CLI, or unknown). */
  credentialCreator(credentialId: string): string | null {
    return this.repo.credentialById(credentialId)?.createdBy ?? null;
  }

  /** Who a bearer token is, or a 401. */
  authenticateBearer(token: string): Actor {
    if (token.startsWith(CREDENTIAL_PREFIX)) {
      const hash = hashToken(token);
      const row = this.repo.credentialByHash(hash);
      if (!row || !constantTimeEqual(row.tokenHash, hash) || row.revokedAt) {
        throw new UnauthorizedError('The credential is unknown or revoked.', 'invalid_token');
      }
      this.touch(row.id);
      return { kind: 'credential', credentialId: row.id, brainId: row.brainId, role: row.role, label: row.label };
    }
    for (const verify of this.verifiers) {
      const actor = verify(token);
      if (actor) return actor;
    }
    throw new UnauthorizedError('The token is unknown, expired or revoked.', 'invalid_token');
  }

  /** last_used_at at most once a minute per credential, so reads stay cheap. */
  private touch(id: string): void {
    const now = Date.now();
    if ((this.lastTouched.get(id) ?? 0) > now - 60_000) return;
    this.lastTouched.set(id, now);
    try {
      this.repo.touchCredential(id, new Date(now).toISOString());
    } catch {
      // A full or read-only disk must not turn reads into errors; the timestamp is a courtesy.
    }
  }
}
