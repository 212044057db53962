// Several nodes on one PostgreSQL database and one repository volume (issue 27): each node records
// the set-up's identity on its first start, beats every 30 s in the nodes table, and `brainkeep
// doctor` checks the set-up from any node: the same data volume (the marker file in the data folder
// against what the database recorded), the same database (the marker's database id), the clocks
// (node against database, ours and the other nodes'), and lists the nodes seen recently.
// On SQLite there is one node and nothing to check.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ClusterRepo, NodeRow } from '../storage/postgres/clusterRepo.js';
import { readVolumeMarker, writeVolumeMarker, VOLUME_MARKER_FILE, type VolumeMarker } from '../storage/volumeMarker.js';
import { brainkeepVersion } from '../version.js';

/** Clocks further apart than this are told (leases, expiry and event times are the database's; logs and tokens are the node's). */
export const CLOCK_SKEW_WARN_MS = 2000;
const HEARTBEAT_MS = 30_000;
/** A node is listed when heard from in this window (four missed heartbeats: gone). */
const RECENT_SECONDS = 120;
/** How long a node waits for a marker another node is writing (facts recorded, file not yet there). */
const MARKER_WAITS = 10;
const MARKER_WAIT_MS = 200;

export interface ClusterFinding {
  level: 'problem' | 'warning';
  check: 'volume' | 'database' | 'clock' | 'nodes';
  detail: string;
}

export interface ClusterReport {
  volumeId: string | null;
  databaseId: string | null;
  /** The database's clock minus this node's, ms (round trip halved). */
  clockSkewMs: number;
  nodes: NodeRow[];
  findings: ClusterFinding[];
}

export class ClusterService {
  readonly nodeId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  /** The volume or database problems found at start, rechecked at each heartbeat while they stand. */
  private standing: ClusterFinding[] = [];

  constructor(
    private readonly repo: ClusterRepo | null,
    private readonly dataDir: string,
  ) {}

  /** On PostgreSQL: several nodes may share it. */
  get shared(): boolean {
    return this.repo != null;
  }

  /**
   * At a node's start: the first node of a set-up records its identity (the database and the
   * marker file); later nodes read it. Answers what does not match (the node still starts: the
   * doctor and the log say it).
   */
  identify(): ClusterFinding[] {
    const found = this.identifyOnce();
    this.standing = found.filter((f) => f.level === 'problem');
    return found;
  }

  /** What keeps this node out of the pool (/readyz): the problems found at start, while they stand. */
  problems(): string[] {
    this.recheck();
    return this.standing.map((f) => `${f.check}: ${f.detail}`);
  }

  private recheck(): void {
    if (!this.standing.length || !this.repo) return;
    const { marker, unreadable } = this.readMarker();
    this.standing = unreadable ? [unreadable] : this.compare(marker, this.repo.fact('volume_id'), this.repo.fact('database_id'));
  }

  private identifyOnce(): ClusterFinding[] {
    if (!this.repo) return [];
    try {
      let { marker, unreadable } = this.readMarker();
      if (unreadable) return [unreadable];
      const volume = this.repo.fact('volume_id');
      const database = this.repo.fact('database_id');
      if (!marker && !volume && !database) {
        this.adopt();
        return [];
      }
      // Another node starting at the same moment may have recorded the database's ids and not yet
      // written the marker: wait a little before calling this data folder another volume.
      for (let i = 0; !marker && i < MARKER_WAITS; i++) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, MARKER_WAIT_MS);
        ({ marker, unreadable } = this.readMarker());
        if (unreadable) return [unreadable];
      }
      return this.compare(marker, volume, database);
    } catch (e) {
      // The checks are advice: a node that cannot record or read the set-up still starts, and says so.
      return [{ level: 'warning', check: 'volume', detail: `the set-up's identity could not be checked: ${(e as Error).message}` }];
    }
  }

  /** A fresh identity for this data folder and database (`brainkeep migrate`, or the first start). */
  adopt(opts: { replace?: boolean } = {}): VolumeMarker {
    const repo = this.repo!;
    // A migration fills the database from this data folder: a new identity for both.
    if (opts.replace) repo.clearFacts();
    const marker = { volumeId: repo.claimFact('volume_id', randomUUID()), databaseId: repo.claimFact('database_id', randomUUID()) };
    writeVolumeMarker(this.dataDir, marker);
    return marker;
  }

  private compare(marker: VolumeMarker | null, volume: string | null, database: string | null): ClusterFinding[] {
    const out: ClusterFinding[] = [];
    if (!marker) {
      out.push({
        level: 'problem',
        check: 'volume',
        detail: `the data folder ${this.dataDir} has no ${VOLUME_MARKER_FILE}, but the database records volume ${volume ?? '(none)'}: this node is not on the repository volume the other nodes use (mount the shared volume as BRAINKEEP_DATA)`,
      });
      return out;
    }
    if (!database || marker.databaseId !== database) {
      out.push({
        level: 'problem',
        check: 'database',
        detail: `the data folder was set up with database ${marker.databaseId}, but this database is ${database ?? 'unmarked'}: the nodes do not share one database (check BRAINKEEP_DATABASE_URL on every node)`,
      });
    }
    if (volume && marker.volumeId !== volume) {
      out.push({
        level: 'problem',
        check: 'volume',
        detail: `the data folder is volume ${marker.volumeId}, but the database records volume ${volume}: this node is on a different repository volume from the other nodes`,
      });
    }
    return out;
  }

  /** The marker, or why it cannot be read (a damaged file is a finding, not a failed start). */
  private readMarker(): { marker: VolumeMarker | null; unreadable: ClusterFinding | null } {
    try {
      return { marker: readVolumeMarker(this.dataDir), unreadable: null };
    } catch (e) {
      return { marker: null, unreadable: { level: 'problem', check: 'volume', detail: `the volume marker cannot be read: ${(e as Error).message}` } };
    }
  }

  /** The database's clock minus ours, ms, the round trip halved. */
  clockSkewMs(): number {
    const t0 = Date.now();
    const db = this.repo!.nowMs();
    const t1 = Date.now();
    return Math.round(db - (t0 + t1) / 2);
  }

  /** Beat now and every 30 s until `stop`. */
  start(onError: (e: Error) => void): void {
    if (!this.repo || this.timer) return;
    // A heartbeat that fails (the first included) is logged, never a failed start.
    const beat = () => {
      try {
        this.beat();
      } catch (e) {
        onError(e as Error);
      }
    };
    beat();
    this.timer = setInterval(beat, HEARTBEAT_MS);
    this.timer.unref();
  }

  private beat(): void {
    const repo = this.repo!;
    this.recheck();
    repo.heartbeat({
      id: this.nodeId,
      host: os.hostname(),
      pid: process.pid,
      version: brainkeepVersion(),
      volumeId: this.readMarker().marker?.volumeId ?? null,
      dataDir: this.dataDir,
      clockSkewMs: this.clockSkewMs(),
    });
  }

  /** A stopping node leaves the list at once. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      this.repo?.remove(this.nodeId);
    } catch {
      // the database is gone: the row ages out of the list
    }
  }

  /** The doctor's multi-node checks; null on SQLite. */
  check(): ClusterReport | null {
    if (!this.repo) return null;
    const { marker, unreadable } = this.readMarker();
    const volume = this.repo.fact('volume_id');
    const database = this.repo.fact('database_id');
    const findings = unreadable ? [unreadable] : marker || volume || database ? this.compare(marker, volume, database) : [];
    if (!marker && !volume && !database) findings.push({ level: 'warning', check: 'volume', detail: 'no node has recorded this set-up yet (start a node once)' });
    const skew = this.clockSkewMs();
    if (Math.abs(skew) > CLOCK_SKEW_WARN_MS) {
      findings.push({ level: 'warning', check: 'clock', detail: `this node's clock is ${Math.abs(skew)} ms ${skew > 0 ? 'behind' : 'ahead of'} the database's (more than ${CLOCK_SKEW_WARN_MS} ms): run NTP on every node` });
    }
    const nodes = this.repo.recent(RECENT_SECONDS);
    for (const n of nodes) {
      if (volume && n.volumeId !== volume) findings.push({ level: 'problem', check: 'nodes', detail: `node ${n.id} runs on volume ${n.volumeId ?? '(no marker)'}, not ${volume}` });
      if (n.clockSkewMs != null && Math.abs(n.clockSkewMs) > CLOCK_SKEW_WARN_MS) {
        findings.push({ level: 'warning', check: 'clock', detail: `node ${n.id}'s clock is ${Math.abs(n.clockSkewMs)} ms off the database's` });
      }
    }
    return { volumeId: marker?.volumeId ?? null, databaseId: database, clockSkewMs: skew, nodes, findings };
  }
}
