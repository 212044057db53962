// Reads of configuration rows (brains, ingest sources, credentials) that every webhook delivery
// or API request repeats, served from memory until anything that could change them happens. Two
// things can: a write through this connection (the repos that own those tables call
// `configChanged`, and a brain's delete cascades to its sources and credentials, so one mark
// covers them all), and a commit by any other
// connection (the operator CLI, another process), which PRAGMA data_version reports. Nothing is
// cached inside an open transaction: what it reads may still roll back.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

class ConfigMark {
  /** Bumped by every write of a covered table through this connection. */
  local = 0;
  private readonly dataVersion: Statement;

  constructor(readonly db: Db) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /** Other connections' commits since this connection opened. */
  external(): number {
    return this.dataVersion.get() as number;
  }
}

const marks = new WeakMap<Db, ConfigMark>();

function markOf(db: Db): ConfigMark {
  let m = marks.get(db);
  if (!m) marks.set(db, (m = new ConfigMark(db)));
  return m;
}

/** Call after writing a covered table (brains, ingest_sources, credentials) through `db`. */
export function configChanged(db: Db): void {
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

  constructor(db: Db) {
    this.mark = markOf(db);
  }

  get(key: string, load: () => V | null): V | null {
    if (this.mark.db.inTransaction) return load();
    const external = this.mark.external();
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
