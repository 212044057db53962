// Cron leadership: with several nodes on one PostgreSQL database, the scheduled jobs that must run
// once per deployment (git maintenance, the trash purge) run only on the node holding the lease
// "cron" (leaseRepo). The leader renews it every `renewMs`; a node that stops lets it go, and one
// that dies loses it at the expiry (`ttlMs`), when another node's next renewal takes it over.
// Filing and webhook deliveries need no leader: their items and subscriptions are claimed one by one.
// On SQLite the one node always leads.
import { randomUUID } from 'node:crypto';
import os from 'node:os';

export const CRON_LEASE = 'cron';

/** The leases it needs (storage/sqlite/leaseRepo.ts, wired by the container). */
export interface Leases {
  acquire(name: string, holder: string, ttlMs: number): boolean;
  release(name: string, holder: string): void;
}

export class CronLeader {
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private stopped = false;
  readonly node = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly leases: Leases,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly renewMs = 10_000,
    private readonly ttlMs = 30_000,
  ) {}

  /** Whether this node runs the jobs now (asks for the lease, so it is current even between renewals); never once stopped. */
  get isLeader(): boolean {
    if (this.stopped) return false;
    this.renew();
    return this.leading;
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.renew();
    this.timer = setInterval(() => this.renew(), this.renewMs);
    this.timer.unref();
  }

  /** Stop renewing and let the lease go, so another node leads from its next renewal. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      if (this.leading) this.leases.release(CRON_LEASE, this.node);
    } catch (err) {
      this.onError(err);
    }
    this.leading = false;
  }

  private renew(): void {
    try {
      this.leading = this.leases.acquire(CRON_LEASE, this.node, this.ttlMs);
    } catch (err) {
      // The database does not answer: not the leader until it does (another node may be).
      this.leading = false;
      this.onError(err);
    }
  }
}
