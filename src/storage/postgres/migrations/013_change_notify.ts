import type { PgMigration } from './index.js';

// Cross-node change notices (src/storage/changeBus.ts): triggers NOTIFY the channel
// `brainkeep_change` in the transaction of the change, so every node LISTENing hears it when (and
// only when) the change commits. The payload names what changed, not the rows: a node drops what it
// kept of that kind and reads again. Statement-level triggers: one call per statement, and NOTIFY
// folds identical payloads of one transaction into one notice.
// - `config:<table>`: brains, members, credentials, ingest_sources, users (the configuration caches,
//   configCache.ts, and who may do what).
// - `events`: rows added to brain_events (the event feed reads the log's tail: SSE, MCP, webhooks).
// - `index`: pages written or removed, partitions changed (archived partitions leave search): the
//   search caches of hit rows, page counts and facets.
// A notice is a hint to read again, never the data: a node that was not listening (its connection
// dropped) drops everything it kept when it listens again.
export const CHANGE_CHANNEL = 'brainkeep_change';

const CONFIG_TABLES = ['brains', 'members', 'credentials', 'ingest_sources', 'users'] as const;

export const p013ChangeNotify: PgMigration = {
  version: 13,
  name: 'change_notify',
  up(db) {
    db.exec(`
      CREATE FUNCTION brainkeep_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGE_CHANNEL}', TG_ARGV[0]);
        RETURN NULL;
      END $$;
    `);
    for (const table of CONFIG_TABLES) {
      db.exec(`CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_change('config:${table}')`);
    }
    db.exec(`CREATE TRIGGER brain_events_notify_change AFTER INSERT ON brain_events FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_change('events')`);
    for (const table of ['pages', 'partitions']) {
      db.exec(`CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION brainkeep_notify_change('index')`);
    }
  },
};
