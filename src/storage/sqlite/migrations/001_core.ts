import type { Migration } from './index.js';

// Service state (workspace, users, brains, members, credentials, audit) and the page index
// with its write journal. Everything under "derived" is rebuildable from the repositories.
export const m001Core: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`
      CREATE TABLE workspace (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        display_name TEXT NOT NULL,
        password_hash TEXT,
        created_at TEXT NOT NULL,
        disabled_at TEXT
      );

      CREATE TABLE brains (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT,
        description TEXT,
        visibility INTEGER NOT NULL DEFAULT 0 CHECK (visibility IN (0, 1, 2)),
        template_key TEXT NOT NULL,
        embedding_provider INTEGER NOT NULL DEFAULT 0 CHECK (embedding_provider BETWEEN 0 AND 4),
        embedding_model TEXT,
        embedding_dimensions INTEGER NOT NULL DEFAULT 100,
        created_at TEXT NOT NULL,
        created_by TEXT,
        indexed_commit TEXT
      );

      CREATE TABLE members (
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('Read', 'Write', 'Admin', 'Owner')),
        granted_at TEXT NOT NULL,
        granted_by TEXT,
        PRIMARY KEY (brain_id, user_id)
      );
      CREATE INDEX members_user ON members(user_id);

      CREATE TABLE credentials (
        id TEXT PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('Read', 'Write', 'Admin', 'Owner')),
        label TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        token_hint TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT,
        last_used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX credentials_brain ON credentials(brain_id);

      CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        brain_id TEXT,
        actor TEXT NOT NULL,
        actor_name TEXT,
        action TEXT NOT NULL,
        target TEXT,
        detail TEXT
      );
      CREATE INDEX audit_brain ON audit(brain_id, id);

      -- derived: one row per page at the brain's indexed commit
      CREATE TABLE pages (
        id INTEGER PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        folder TEXT NOT NULL,
        title TEXT NOT NULL,
        summary TEXT NOT NULL,
        frontmatter TEXT NOT NULL,
        markdown TEXT NOT NULL,
        version INTEGER NOT NULL,
        blob_oid TEXT NOT NULL,
        commit_oid TEXT NOT NULL,
        partition TEXT,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        UNIQUE (brain_id, path)
      );
      CREATE INDEX pages_folder ON pages(brain_id, folder);

      -- derived: the changes feed, one row per page change in commit order
      CREATE TABLE page_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        op TEXT NOT NULL CHECK (op IN ('put', 'delete', 'move')),
        path TEXT NOT NULL,
        from_path TEXT,
        version INTEGER NOT NULL,
        commit_oid TEXT NOT NULL,
        at TEXT NOT NULL,
        by_name TEXT NOT NULL,
        by_ref TEXT
      );
      CREATE INDEX page_changes_brain ON page_changes(brain_id, seq);
      CREATE INDEX page_changes_path ON page_changes(brain_id, path, seq);

      -- the write journal: a row exists only while a write is between "commit built" and "indexed"
      CREATE TABLE pending_writes (
        id TEXT PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        base_commit TEXT,
        new_commit TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `);
  },
};
