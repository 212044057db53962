// Notices of changes made by any node, for what a node keeps in memory (configuration rows, search
// rows) and for what it wakes (the event feed behind SSE, MCP notifications and webhooks).
//
// On SQLite one node owns the data folder: the LocalChangeBus delivers this process's own notices
// and nothing else; the caches there keep using PRAGMA data_version for other connections' commits.
// On PostgreSQL the PgChangeBus LISTENs on a connection of its own (an async `pg` client, not the
// synchronous bridge: a notice must arrive while the event loop is free). Triggers of PostgreSQL
// migration 13 NOTIFY in the transaction of each change, so a notice is heard only once its change
// committed, on every node, this one included.
//
// A notice says what kind of thing changed, never the data: the listener drops what it kept and reads
// again. While the listening connection is down nothing is heard, so `version()` answers null
// (keep nothing) until it listens again, and then every subscriber is told to resync: whatever
// changed meanwhile was missed.
import { createRequire } from 'node:module';
import type pg from 'pg';
import { isPostgres, type SyncDb } from './syncDb.js';
import { CHANGE_CHANNEL } from './postgres/migrations/013_change_notify.js';
import { redactUrl, scrubCredentials } from './postgres/credentials.js';

/**
 * What changed: `config` (brains, members, credentials, ingest sources, users; detail: the table),
 * `events` (rows added to the brain event log), `index` (pages written or removed, partitions
 * changed; detail: the brain id, PostgreSQL migration 15), `schema` (a brain's `.brain/` changed at
 * a commit; detail: the brain id).
 */
export type ChangeTopic = 'config' | 'events' | 'index' | 'schema';
export const CHANGE_TOPICS: readonly ChangeTopic[] = ['config', 'events', 'index', 'schema'];

export type ChangeNotice = { kind: 'change'; topic: ChangeTopic; detail: string } | { kind: 'resync' };
export type ChangeListener = (notice: ChangeNotice) => void;

export interface ChangeBus {
  /** `listener` hears every notice from now on; the returned function stops it. */
  subscribe(listener: ChangeListener): () => void;
  /** Tell every node (this one too). Topics the triggers cover need no publish. */
  publish(topic: ChangeTopic, detail?: string): Promise<void>;
  /**
   * A number that changes whenever a notice of `topic` is heard or a resync happens; null while
   * changes may go unheard (the listening connection is down): nothing may be kept then. With
   * `detail` (a brain id), only notices with that detail move it (and those without any detail,
   * which may be about anything, and resyncs).
   */
  version(topic: ChangeTopic, detail?: string): number | null;
  /** Whether notices from other nodes are heard now (always true in process). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** Shared by both buses: subscribers, per-topic versions. */
abstract class BusBase implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private readonly versions = new Map<ChangeTopic, number>(CHANGE_TOPICS.map((t) => [t, 0]));
  /** Counts every notice delivered: the per-detail versions are the tick of the last notice that concerned them. */
  private tick = 0;
  /** `topic\u0000detail` → tick of its last notice (one entry per brain and topic at most). */
  private readonly detailTicks = new Map<string, number>();
  /** Per topic, the tick of its last notice without a detail (about anything) or of the last resync. */
  private readonly wholeTicks = new Map<ChangeTopic, number>(CHANGE_TOPICS.map((t) => [t, 0]));
  abstract readonly live: boolean;
  abstract publish(topic: ChangeTopic, detail?: string): Promise<void>;
  abstract close(): Promise<void>;

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  version(topic: ChangeTopic, detail?: string): number | null {
    if (!this.live) return null;
    if (detail === undefined) return this.versions.get(topic)!;
    // Ticks only grow, so the larger of the two moves whenever either does.
    return Math.max(this.wholeTicks.get(topic)!, this.detailTicks.get(`${topic}\u0000${detail}`) ?? 0);
  }

  protected deliver(notice: ChangeNotice): void {
    const tick = ++this.tick;
    if (notice.kind === 'change') {
      this.versions.set(notice.topic, this.versions.get(notice.topic)! + 1);
      if (notice.detail) this.detailTicks.set(`${notice.topic}\u0000${notice.detail}`, tick);
      else this.wholeTicks.set(notice.topic, tick);
    } else {
      for (const t of CHANGE_TOPICS) {
        this.versions.set(t, this.versions.get(t)! + 1);
        this.wholeTicks.set(t, tick);
      }
    }
    for (const l of [...this.listeners]) {
      try {
        l(notice);
      } catch {
        // One subscriber's failure is its own; the others still hear the notice.
      }
    }
  }
}

/** In process (SQLite): a publish is heard by this process's subscribers, on the next microtask. */
export class LocalChangeBus extends BusBase {
  readonly live = true;
  private closed = false;

  async publish(topic: ChangeTopic, detail = ''): Promise<void> {
    if (this.closed) return;
    await Promise.resolve();
    this.deliver({ kind: 'change', topic, detail });
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Parse a payload of the channel: `topic` or `topic:detail`; null for anything else. */
export function parseNotice(payload: string | undefined): ChangeNotice | null {
  if (payload == null) return null;
  const colon = payload.indexOf(':');
  const topic = (colon < 0 ? payload : payload.slice(0, colon)) as ChangeTopic;
  if (!CHANGE_TOPICS.includes(topic)) return null;
  return { kind: 'change', topic, detail: colon < 0 ? '' : payload.slice(colon + 1) };
}

export interface PgChangeBusOptions {
  /** First pause before reconnecting (ms), doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Told of a lost connection and of a failed reconnect (the server logs them). */
  onError?: (err: Error) => void;
}

/**
 * LISTEN on `brainkeep_change` on a connection of its own. A lost connection is reopened (pauses
 * from `retryMs` doubling to `maxRetryMs`); once listening again every subscriber hears a resync.
 */
export class PgChangeBus extends BusBase {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly onError: (err: Error) => void;
  private pause: number;
  private readonly waiting = new Set<() => void>();

  /** Starts connecting at once; until it listens `version()` is null (nothing is kept). */
  constructor(
    private readonly url: string,
    opts: PgChangeBusOptions = {},
  ) {
    super();
    this.retryMs = opts.retryMs ?? 100;
    this.maxRetryMs = opts.maxRetryMs ?? 5000;
    this.onError = opts.onError ?? (() => {});
    this.pause = this.retryMs;
    this.attempt(0);
  }

  /** Resolves once listening (now, or after the next successful connection). */
  listeningNow(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  get live(): boolean {
    return this.listening;
  }

  async publish(topic: ChangeTopic, detail = ''): Promise<void> {
    const payload = detail ? `${topic}:${detail}` : topic;
    const client = this.client;
    if (client && this.listening) {
      try {
        await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
        return;
      } catch (e) {
        this.onError(new Error(scrubCredentials((e as Error).message, this.url)));
      }
    }
    // Not connected: the other nodes resync when this connection is back; this node hears it now.
    this.deliver({ kind: 'change', topic, detail });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }

  /** Drop the listening connection as a network failure would (tests of the reconnect). */
  dropConnection(): void {
    const c = this.client as (pg.Client & { connection?: { stream?: { destroy(): void } } }) | null;
    c?.connection?.stream?.destroy();
  }

  private async connect(): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: this.url, application_name: 'brainkeep-changes' });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || client !== this.client) return;
      const notice = parseNotice(msg.payload);
      if (notice) this.deliver(notice);
    });
    client.on('error', (e) => this.lost(client, new Error(scrubCredentials(e.message, this.url))));
    client.on('end', () => this.lost(client, new Error('the change connection closed')));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (this.closed || this.client !== client) {
      await client.end().catch(() => {});
      return;
    }
    this.listening = true;
    this.pause = this.retryMs;
    // Whatever changed before (or while the connection was down) went unheard: everyone reads again.
    this.deliver({ kind: 'resync' });
    for (const w of [...this.waiting]) w();
    this.waiting.clear();
  }

  private lost(client: pg.Client, err: Error): void {
    if (client !== this.client || this.closed) return;
    this.client = null;
    this.listening = false;
    void client.end().catch(() => {});
    this.onError(err);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const pause = this.pause;
    this.pause = Math.min(this.pause * 2, this.maxRetryMs);
    this.attempt(pause);
  }

  private attempt(afterMs: number): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((e: Error) => {
        const c = this.client;
        this.client = null;
        if (c) void c.end().catch(() => {});
        if (this.closed) return;
        this.onError(new Error(`Cannot LISTEN for changes on PostgreSQL at ${redactUrl(this.url)}: ${scrubCredentials(e.message, this.url)}`));
        this.scheduleReconnect();
      });
    }, afterMs);
    this.retryTimer.unref();
  }
}

/** The bus each database's caches consult (attachChangeBus); none: in-process rules only. */
const attached = new WeakMap<SyncDb, ChangeBus>();

/** Caches on `db` (configCache.ts, the search caches) keep rows while `bus` says nothing changed. */
export function attachChangeBus(db: SyncDb, bus: ChangeBus): void {
  attached.set(db, bus);
}

/**
 * For caches on a PostgreSQL `db`: the version of `topic` on the bus attached to it, null when none
 * is attached or it is not listening (keep nothing: another node's change would go unseen).
 */
export function changeVersion(db: SyncDb, topic: ChangeTopic, detail?: string): number | null {
  return attached.get(db)?.version(topic, detail) ?? null;
}

/**
 * The bus of a node whose database is `db`: on PostgreSQL a PgChangeBus listening on `url` (it
 * connects in the background; its caches keep nothing until it listens), attached to `db` so its
 * caches keep rows again; on SQLite a LocalChangeBus (the caches keep their data_version rule).
 * Called once from the composition root.
 */
export function openChangeBus(db: SyncDb, url: string | null, opts: PgChangeBusOptions = {}): ChangeBus {
  if (!isPostgres(db)) return new LocalChangeBus();
  if (!url) throw new Error('A PostgreSQL database needs its URL to listen for changes.');
  const bus = new PgChangeBus(url, opts);
  attachChangeBus(db, bus);
  return bus;
}

/**
 * The `pg` package, required (synchronously, CommonJS) by the first PostgreSQL connection rather
 * than imported with this module: every process on SQLite loads this module and never connects.
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}
