import type { Migration } from './index.js';

// Sign-in sessions and the OAuth 2.1 authorization server's state. Every secret (session cookie,
// client secret, authorization code, access and refresh token) is stored only as a SHA-256 hash.
export const m005OAuth: Migration = {
  version: 5,
  name: 'sessions-oauth',
  up(db) {
    db.exec(`
      CREATE TABLE web_sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
      CREATE INDEX web_sessions_user ON web_sessions(user_id);

      CREATE TABLE oauth_clients (
        client_id TEXT PRIMARY KEY,
        secret_hash TEXT,
        secret_expires_at INTEGER,
        metadata TEXT NOT NULL,
        issued_at INTEGER NOT NULL
      );

      -- an authorization request waiting for the signed-in user's consent
      CREATE TABLE oauth_requests (
        id_hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES web_sessions(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
        redirect_uri TEXT NOT NULL,
        state TEXT,
        scopes TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        resource TEXT,
        expires_at TEXT NOT NULL
      );

      CREATE TABLE oauth_codes (
        code_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        scopes TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        resource TEXT,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );

      -- access and refresh tokens; a family is every token descended from one authorization code
      CREATE TABLE oauth_tokens (
        token_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
        family_id TEXT NOT NULL,
        client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        scopes TEXT NOT NULL,
        resource TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX oauth_tokens_family ON oauth_tokens(family_id);
      CREATE INDEX oauth_tokens_user ON oauth_tokens(user_id);
    `);
  },
};
