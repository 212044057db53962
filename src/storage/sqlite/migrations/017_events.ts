import type { Migration } from './index.js';

// Outbound events (issue 25). `brain_events` is the one ordered event log of a brain: SQLite
// triggers add a row in the same transaction as every page change (the changes feed that /changes
// reads) and every inbox item insert or status change, so no writer (API, git push, filing, the
// CLI in another process, imports) can change a brain without its event. Webhook subscriptions
// keep a durable cursor into that log; `webhook_deliveries` is their delivery log and retry state.
//
// Attachments (`file.put`, `file.delete`) hook in the same way: migration 023 adds triggers on the
// file index that insert here, under the same brain_event_mutes condition as pages.
export const m017Events: Migration = {
  version: 17,
  name: 'outbound-events',
  up(db) {
    db.exec(`
      CREATE TABLE brain_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        path TEXT,
        from_path TEXT,
        version INTEGER,
        commit_oid TEXT,
        by_name TEXT,
        item_id TEXT,
        status INTEGER,
        page_seq INTEGER,
        at TEXT NOT NULL
      );
      CREATE INDEX brain_events_brain ON brain_events(brain_id, seq);
      CREATE INDEX brain_events_page_seq ON brain_events(page_seq) WHERE page_seq IS NOT NULL;

      -- A rebuild of a brain's index (reindex, repair, rewritten history) records its whole history
      -- in page_changes again; those rows are not new changes. The rebuild notes when it began, and
      -- rows stamped before that (a replayed commit keeps its commit time) make no event.
      CREATE TABLE brain_event_mutes (
        brain_id TEXT PRIMARY KEY REFERENCES brains(id) ON DELETE CASCADE,
        before TEXT NOT NULL
      );

      CREATE TRIGGER brain_events_page AFTER INSERT ON page_changes
      WHEN NOT EXISTS (SELECT 1 FROM brain_event_mutes m WHERE m.brain_id = NEW.brain_id AND NEW.at < m.before) BEGIN
        INSERT INTO brain_events (brain_id, type, path, from_path, version, commit_oid, by_name, page_seq, at)
        VALUES (NEW.brain_id, 'page.' || NEW.op, NEW.path, NEW.from_path, NEW.version, NEW.commit_oid, NEW.by_name, NEW.seq, NEW.at);
      END;
      CREATE TRIGGER brain_events_inbox_created AFTER INSERT ON inbox_items BEGIN
        INSERT INTO brain_events (brain_id, type, item_id, status, at)
        VALUES (NEW.brain_id, 'inbox.created', NEW.id, NEW.status, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END;
      CREATE TRIGGER brain_events_inbox_status AFTER UPDATE OF status ON inbox_items WHEN NEW.status IS NOT OLD.status BEGIN
        INSERT INTO brain_events (brain_id, type, item_id, status, at)
        VALUES (NEW.brain_id, 'inbox.status', NEW.id, NEW.status, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END;

      CREATE TABLE webhooks (
        id TEXT PRIMARY KEY,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        events TEXT NOT NULL,
        folder TEXT,
        secret_cipher TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT
      );
      CREATE INDEX webhooks_brain ON webhooks(brain_id);

      CREATE TABLE webhook_deliveries (
        webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event_seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('retrying', 'delivered', 'failed')),
        attempts INTEGER NOT NULL,
        last_error TEXT,
        first_attempt_at TEXT NOT NULL,
        next_attempt_at TEXT,
        delivered_at TEXT,
        PRIMARY KEY (webhook_id, event_seq)
      ) WITHOUT ROWID;
    `);
  },
};
