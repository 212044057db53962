import type { PgMigration } from './index.js';

// Several nodes on one database (issue 27, `brainkeep doctor`):
// - cluster_facts: the identity of the set-up, `volume_id` (the repository volume the first node
//   found, whose marker file is in every node's data folder) and `database_id` (this database, also
//   in the marker): a node whose data folder or database is another one is told apart.
// - nodes: each running node's heartbeat (every 30 s), with the clock difference it measured to the
//   database, so the doctor run on one node lists the others and their clocks.
export const p016Nodes: PgMigration = {
  version: 16,
  name: 'nodes',
  up(db) {
    db.exec(`
      CREATE TABLE cluster_facts (
        key TEXT COLLATE "C" PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE nodes (
        id TEXT COLLATE "C" PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        version TEXT NOT NULL,
        volume_id TEXT,
        data_dir TEXT NOT NULL,
        clock_skew_ms INTEGER,
        started_at TIMESTAMPTZ NOT NULL,
        seen_at TIMESTAMPTZ NOT NULL
      );
    `);
  },
};
