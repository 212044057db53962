import type { PgMigration } from './index.js';
import { CHANGE_CHANNEL } from './013_change_notify.js';

// The `index` change notice names its brain (`index:<brain id>`), so a node drops only what it kept
// of the brains that changed (search hit rows, page counts, facets), not of every brain at each
// write anywhere (migration 13 sent one bare `index` for all). Statement-level triggers read the
// rows a statement touched from its transition tables, one notice per brain per statement (NOTIFY
// folds repeats within a transaction); PostgreSQL allows a transition table on a trigger of one
// event only, hence three triggers per table. A brain's rows deleted by cascade (the brain purged)
// fire them too.
const TABLES = ['pages', 'partitions'] as const;

export const p015IndexNotifyPerBrain: PgMigration = {
  version: 15,
  name: 'index_notify_per_brain',
  up(db) {
    db.exec(`
      CREATE FUNCTION brainkeep_notify_index() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE b TEXT;
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          FOR b IN SELECT DISTINCT brain_id FROM new_rows LOOP
            PERFORM pg_notify('${CHANGE_CHANNEL}', 'index:' || b);
          END LOOP;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          FOR b IN SELECT DISTINCT brain_id FROM old_rows LOOP
            PERFORM pg_notify('${CHANGE_CHANNEL}', 'index:' || b);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$;
    `);
    for (const table of TABLES) {
      db.exec(`DROP TRIGGER IF EXISTS ${table}_notify_change ON ${table}`);
      db.exec(`CREATE TRIGGER ${table}_index_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_index()`);
      db.exec(`CREATE TRIGGER ${table}_index_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_index()`);
      db.exec(`CREATE TRIGGER ${table}_index_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_index()`);
    }
  },
};
