import type { PgMigration } from './index.js';

// Leases (leaseRepo): one row per named job, held by one node until it expires. Cron runs under the
// lease "cron" (the leader), each webhook subscription's deliveries under "webhook:<id>", so with
// several nodes each job runs on one. Times here are the database's own clock (timestamptz,
// clock_timestamp()), never a node's: nodes whose clocks disagree still agree on who holds a lease.
// SQLite has no such table: one node owns its data folder, and it is always the holder.
export const p004Leases: PgMigration = {
  version: 4,
  name: 'leases',
  up(db) {
    db.exec(`
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT,
        acquired_at TIMESTAMPTZ,
        expires_at TIMESTAMPTZ NOT NULL DEFAULT '-infinity'
      );
    `);
  },
};
