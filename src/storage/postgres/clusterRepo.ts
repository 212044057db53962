// What several nodes on one PostgreSQL database know of each other (migration 16): the set-up's
// identity (cluster_facts) and each node's heartbeat (nodes). Times are the database's clock.
import type { SyncDb } from '../syncDb.js';

export interface NodeBeat {
  id: string;
  host: string;
  pid: number;
  version: string;
  volumeId: string | null;
  dataDir: string;
  clockSkewMs: number | null;
}

/** A node as `doctor` lists it: its last heartbeat, when it started, and how long ago it beat. */
export interface NodeRow extends NodeBeat {
  startedAt: string;
  /** Seconds since its last heartbeat, by the database's clock. */
  secondsAgo: number;
}

export class ClusterRepo {
  constructor(private readonly db: SyncDb) {}

  fact(key: string): string | null {
    return (this.db.prepare('SELECT value FROM cluster_facts WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  /** Record `value` unless another node recorded one first; answers the value kept. */
  claimFact(key: string, value: string): string {
    this.db.prepare('INSERT INTO cluster_facts (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, value);
    return this.fact(key)!;
  }

  /** The database's clock, in ms since the epoch. */
  nowMs(): number {
    return Number(this.db.prepare('SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint').pluck().get());
  }

  clearFacts(): void {
    this.db.prepare('DELETE FROM cluster_facts').run();
  }

  heartbeat(n: NodeBeat): void {
    this.db
      .prepare(
        `INSERT INTO nodes (id, host, pid, version, volume_id, data_dir, clock_skew_ms, started_at, seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET volume_id = excluded.volume_id, clock_skew_ms = excluded.clock_skew_ms, seen_at = excluded.seen_at`,
      )
      .run(n.id, n.host, n.pid, n.version, n.volumeId, n.dataDir, n.clockSkewMs);
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM nodes WHERE id = ?').run(id);
  }

  /** Nodes heard from in the last `seconds`, most recent first; older rows (nodes gone a day) are swept. */
  recent(seconds: number): NodeRow[] {
    this.db.prepare("DELETE FROM nodes WHERE seen_at < clock_timestamp() - interval '1 day'").run();
    const rows = this.db
      .prepare(
        `SELECT id, host, pid, version, volume_id, data_dir, clock_skew_ms,
                to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS started_at,
                extract(epoch FROM clock_timestamp() - seen_at)::integer AS seconds_ago
           FROM nodes WHERE seen_at >= clock_timestamp() - make_interval(secs => ?) ORDER BY seen_at DESC`,
      )
      .all(seconds) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: r.id as string,
      host: r.host as string,
      pid: Number(r.pid),
      version: r.version as string,
      volumeId: (r.volume_id as string | null) ?? null,
      dataDir: r.data_dir as string,
      clockSkewMs: r.clock_skew_ms == null ? null : Number(r.clock_skew_ms),
      startedAt: r.started_at as string,
      secondsAgo: Number(r.seconds_ago),
    }));
  }
}
