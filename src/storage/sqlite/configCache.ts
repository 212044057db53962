// Reads of configuration rows (brains, ingest sources, credentials) that every webhook delivery
// or API request repeats, served from memory until anything that could change them happens. Two
// things can: a write through this connection (the repos that own those tables call
// `configChanged`, and a brain's delete cascades to its sources and credentials, so one mark
// covers them all), and a commit by any other
// connection (the operator CLI, another process), which PRAGMA data_version reports. Nothing is
// cached inside an open transaction, what it reads may still roll back, except on a query-only
// connection (a search thread's, openReader): its transactions only read, and data_version read
// inside one is its snapshot's. On PostgreSQL another node's commit has no data_version to show
// it: the change bus (../changeBus.ts) stands in, its `config` version bumped by every notice of a
// change to these tables (triggers of PostgreSQL migration 13) and by every resync; while the bus is
// not listening (or none is attached) nothing is cached there (see docs/postgres.md).
import { changeVersion } from '../changeBus.js';
import { isPostgres, type SyncDb, type SyncStatement } from '../syncDb.js';

class ConfigMark {
  /** Bumped by every write of a covered table through this connection. */
  local = 0;
  /** Null on PostgreSQL, where other nodes' commits are heard through the change bus instead. */
  readonly dataVersion: SyncStatement | null;
  /** Opened `query_only` (openReader): nothing read inside its transactions can roll back. */
  readonly queryOnly: boolean;

  constructor(readonly db: SyncDb) {
    this.dataVersion = isPostgres(db) ? null : db.prepare('PRAGMA data_version').pluck();
    this.queryOnly = !isPostgres(db) && db.prepare('PRAGMA query_only').pluck().get() === 1;
  }

  /** `external()` as read in the current synchronous run; null once its microtasks ran. */
  private seen: number | null = null;

  /**
   * Other connections' commits since this connection opened. Read once per synchronous run of
   * the event loop (a request's authentication, authorization and service checks each asked,
   * and the PRAGMA was 1.5% of the server's time under load): another connection's commit during
   * that run is seen by the next one, exactly as a commit just after the run would be.
   */
  external(): number | null {
    if (!this.dataVersion) return changeVersion(this.db, 'config');
    if (this.seen === null) {
      this.seen = this.dataVersion.get() as number;
      queueMicrotask(() => (this.seen = null));
    }
    return this.seen;
  }
}

const marks = new WeakMap<SyncDb, ConfigMark>();

function markOf(db: SyncDb): ConfigMark {
  let m = marks.get(db);
  if (!m) marks.set(db, (m = new ConfigMark(db)));
  return m;
}

/** Call after writing a covered table (brains, ingest_sources, credentials) through `db`. */
export function configChanged(db: SyncDb): void {
  markOf(db).local++;
}

/**
 * Found rows by key, kept until the configuration changes. Misses are not kept (a caller probing
 * made-up keys cannot grow it); values are frozen, since every caller shares them.
 */
export class ConfigCache<V extends object> {
  private readonly mark: ConfigMark;
  private readonly entries = new Map<string, V>();
  private local = -1;
  private external = -1;

  constructor(db: SyncDb) {
    this.mark = markOf(db);
  }

  get(key: string, load: () => V | null): V | null {
    if (this.mark.db.inTransaction && !this.mark.queryOnly) return load();
    const external = this.mark.external();
    if (external === null) return load();
    if (external !== this.external || this.mark.local !== this.local) {
      this.entries.clear();
      this.external = external;
      this.local = this.mark.local;
    }
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = load();
    if (value) this.entries.set(key, Object.freeze(value));
    return value;
  }
}
