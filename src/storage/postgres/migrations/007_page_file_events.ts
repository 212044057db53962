import type { PgMigration } from './index.js';

// The page and file events of the brain event log (eventsRepo), as SQLite's migrations 017 and 023
// add them: a row in page_changes is a `page.<op>` event, a file row inserted or given a new
// version is a `file.put` or `file.delete`, in the same transaction as the change, unless the
// brain's index is being rebuilt and the change is stamped before the rebuild began
// (brain_event_mutes: replayed history is not news). The event carries the change's own time, as on
// SQLite (a replayed commit keeps its commit time); times are ISO 8601 text, compared bytewise
// (COLLATE "C", SQLite's BINARY).
//
// Event order is commit order (migration 3): the events these triggers insert take the write lock
// through brain_events' statement trigger. page_changes and files get the same BEFORE … FOR EACH
// STATEMENT lock trigger as inbox_items: page_changes' seq is an identity too, read by the changes
// feed past the highest seq seen, and the lock is then taken before the statement draws a seq or
// locks a row, not halfway through it.
export const p007PageFileEvents: PgMigration = {
  version: 7,
  name: 'page-file-events',
  up(db) {
    db.exec(`
      CREATE TRIGGER page_changes_write_lock BEFORE INSERT ON page_changes
        FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_write_lock();
      CREATE TRIGGER files_write_lock BEFORE INSERT OR UPDATE OF version ON files
        FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_write_lock();

      CREATE FUNCTION brain_events_page() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM brain_event_mutes m WHERE m.brain_id = NEW.brain_id AND NEW.at COLLATE "C" < m.before COLLATE "C") THEN
          INSERT INTO brain_events (brain_id, type, path, from_path, version, commit_oid, by_name, page_seq, at)
          VALUES (NEW.brain_id, 'page.' || NEW.op, NEW.path, NEW.from_path, NEW.version, NEW.commit_oid, NEW.by_name, NEW.seq, NEW.at);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brain_events_page AFTER INSERT ON page_changes
        FOR EACH ROW EXECUTE FUNCTION brain_events_page();

      CREATE FUNCTION brain_events_file() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM brain_event_mutes m WHERE m.brain_id = NEW.brain_id AND NEW.updated_at COLLATE "C" < m.before COLLATE "C") THEN
          INSERT INTO brain_events (brain_id, type, path, version, commit_oid, by_name, at)
          VALUES (NEW.brain_id, CASE NEW.deleted WHEN 1 THEN 'file.delete' ELSE 'file.put' END, NEW.path, NEW.version, NEW.commit_oid, NEW.updated_by, NEW.updated_at);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brain_events_file_insert AFTER INSERT ON files
        FOR EACH ROW EXECUTE FUNCTION brain_events_file();
      CREATE TRIGGER brain_events_file_update AFTER UPDATE OF version ON files
        FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION brain_events_file();
    `);
  },
};
