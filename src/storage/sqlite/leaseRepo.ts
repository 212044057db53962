// Leases: a named job (cron's leadership, one webhook subscription's deliveries) held by one node at
// a time, until the holder lets it go or stops renewing it and it expires. One module for both
// backends. On PostgreSQL (migration 4) a lease is a row, taken or renewed in one statement (one
// round trip): an INSERT whose conflict updates the row only when the node holds it or it expired.
// The update locks the row and checks those conditions on its latest version (a node finding it
// mid-change by another waits for that single statement), so two nodes never both hold a lease.
// Expiry is measured by the database's clock, not the nodes'.
// On SQLite one node owns the data folder: it always holds every lease, and nothing is stored.
import { isPostgres, type SyncDb } from '../syncDb.js';

export interface LeaseState {
  holder: string;
  /** When it was taken by this holder (renewals keep it), and when it ends unless renewed; ISO 8601 UTC, null on SQLite (held while the node runs). */
  acquiredAt: string | null;
  expiresAt: string | null;
}

/** The lease on one webhook subscription's deliveries. */
export function webhookLeaseName(webhookId: string): string {
  return `webhook:${webhookId}`;
}

export class LeaseRepo {
  private readonly pg: boolean;

  constructor(private readonly db: SyncDb) {
    this.pg = isPostgres(db);
  }

  /** Whether several nodes share the leases (PostgreSQL); on SQLite this node holds them all. */
  get shared(): boolean {
    return this.pg;
  }

  /**
   * Take `name` for `holder` for `ttlMs`, or renew it when `holder` has it: true when `holder`
   * holds it now. False while another holder's lease lasts.
   */
  acquire(name: string, holder: string, ttlMs: number): boolean {
    if (!this.pg) return true;
    if (!(ttlMs > 0)) throw new RangeError('a lease lasts a positive number of milliseconds');
    return (
      this.db
        .prepare(
          `INSERT INTO leases AS l (name, holder, acquired_at, expires_at)
           VALUES (@name, @holder, clock_timestamp(), clock_timestamp() + make_interval(secs => CAST(@ttl AS double precision) / 1000))
           ON CONFLICT (name) DO UPDATE SET holder = excluded.holder,
             expires_at = clock_timestamp() + make_interval(secs => CAST(@ttl AS double precision) / 1000),
             acquired_at = CASE WHEN l.holder IS NOT DISTINCT FROM excluded.holder AND l.expires_at >= clock_timestamp() THEN l.acquired_at ELSE clock_timestamp() END
           WHERE l.holder = excluded.holder OR l.expires_at < clock_timestamp()`,
        )
        .run({ name, holder, ttl: ttlMs }).changes === 1
    );
  }

  /** Let `name` go at once, if `holder` holds it (a stopping node hands its jobs over without waiting for the expiry). */
  release(name: string, holder: string): void {
    if (!this.pg) return;
    this.db.prepare("UPDATE leases SET holder = NULL, acquired_at = NULL, expires_at = '-infinity' WHERE name = ? AND holder = ?").run(name, holder);
  }

  /** Who holds `name` now (null when nobody does). On SQLite, `self`: the one node is always the holder. */
  current(name: string, self: string): LeaseState | null {
    if (!this.pg) return { holder: self, acquiredAt: null, expiresAt: null };
    const r = this.db
      .prepare(
        `SELECT holder, to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS acquired_at,
           to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at
         FROM leases WHERE name = ? AND holder IS NOT NULL AND expires_at >= clock_timestamp()`,
      )
      .get(name) as { holder: string; acquired_at: string; expires_at: string } | undefined;
    return r ? { holder: r.holder, acquiredAt: r.acquired_at, expiresAt: r.expires_at } : null;
  }
}
