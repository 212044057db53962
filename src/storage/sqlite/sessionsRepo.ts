// Sign-in sessions (state). The cookie value is stored only as a SHA-256 hash.
import type { SyncDb } from '../syncDb.js';

export interface SessionRow {
  id: string;
  tokenHash: string;
  userId: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export class SessionsRepo {
  constructor(private readonly db: SyncDb) {}

  insert(s: SessionRow): void {
    this.db
      .prepare(
        `INSERT INTO web_sessions (id, token_hash, user_id, csrf_token, created_at, expires_at, last_seen_at)
         VALUES (@id, @tokenHash, @userId, @csrfToken, @createdAt, @expiresAt, @lastSeenAt)`,
      )
      .run(s);
  }

  byTokenHash(hash: string): SessionRow | null {
    const r = this.db.prepare('SELECT * FROM web_sessions WHERE token_hash = ?').get(hash) as Record<string, string> | undefined;
    return r ? toSession(r) : null;
  }

  touch(id: string, at: string): void {
    this.db.prepare('UPDATE web_sessions SET last_seen_at = ? WHERE id = ?').run(at, id);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM web_sessions WHERE id = ?').run(id);
  }

  deleteExpired(now: string): number {
    return this.db.prepare('DELETE FROM web_sessions WHERE expires_at <= ?').run(now).changes;
  }
}

function toSession(r: Record<string, string>): SessionRow {
  return {
    id: r.id!,
    tokenHash: r.token_hash!,
    userId: r.user_id!,
    csrfToken: r.csrf_token!,
    createdAt: r.created_at!,
    expiresAt: r.expires_at!,
    lastSeenAt: r.last_seen_at!,
  };
}
