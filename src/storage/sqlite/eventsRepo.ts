// The brain event log (SQLite migration 017, PostgreSQL migration 3): rows are added by triggers in
// the same transaction as the page change or inbox change they describe, on both backends; this
// module only reads them, and keeps the webhook subscriptions, their cursors and their delivery log.
// One module for both backends: the SQL is the subset both speak.
import type { Webhook } from '../../domain/entities/webhook.js';
import type { BrainEvent, EventType } from '../../domain/events.js';
import { boundLimit, isPostgres, type SyncDb } from '../syncDb.js';
import { withoutFlush, type Db } from './database.js';
import { webhookLeaseName } from './leaseRepo.js';

/** The stored subscription is the domain entity (domain/entities/webhook.ts). */
export type WebhookRow = Webhook;

export type DeliveryStatus = 'retrying' | 'delivered' | 'failed';

export interface DeliveryRow {
  webhookId: string;
  eventSeq: number;
  type: EventType;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  firstAttemptAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export class EventsRepo {
  private readonly stmts;

  constructor(private readonly db: SyncDb) {
    const limit = boundLimit(db);
    this.stmts = {
      latest: db.prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM brain_events'),
      latestOf: db.prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM brain_events WHERE brain_id = ?'),
      after: db.prepare(`SELECT * FROM brain_events WHERE seq > ? ORDER BY seq LIMIT ${limit}`),
      afterOf: db.prepare(`SELECT * FROM brain_events WHERE brain_id = ? AND seq > ? ORDER BY seq LIMIT ${limit}`),
      afterChange: db.prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM brain_events WHERE brain_id = ? AND page_seq IS NOT NULL AND page_seq <= ?'),
      priorOfPath: db.prepare(
        'SELECT op FROM page_changes WHERE brain_id = ? AND path = ? AND seq < (SELECT page_seq FROM brain_events WHERE seq = ?) ORDER BY seq DESC LIMIT 1',
      ),
      insertHook: db.prepare(
        'INSERT INTO webhooks (id, brain_id, url, events, folder, secret_cipher, cursor, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      hooksOf: db.prepare('SELECT * FROM webhooks WHERE brain_id = ? ORDER BY created_at, id'),
      allHooks: db.prepare('SELECT * FROM webhooks ORDER BY created_at, id'),
      hook: db.prepare('SELECT * FROM webhooks WHERE id = ?'),
      deleteHook: db.prepare('DELETE FROM webhooks WHERE id = ? AND brain_id = ?'),
      setCursor: db.prepare('UPDATE webhooks SET cursor = ? WHERE id = ? AND cursor < ?'),
      delivery: db.prepare('SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND event_seq = ?'),
      deliveriesAfter: db.prepare('SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND event_seq > ? ORDER BY event_seq'),
      upsertDelivery: db.prepare(
        `INSERT INTO webhook_deliveries (webhook_id, event_seq, type, status, attempts, last_error, first_attempt_at, next_attempt_at, delivered_at)
         VALUES (@webhookId, @eventSeq, @type, @status, @attempts, @lastError, @firstAttemptAt, @nextAttemptAt, @deliveredAt)
         ON CONFLICT (webhook_id, event_seq) DO UPDATE SET status = excluded.status, attempts = excluded.attempts, last_error = excluded.last_error,
           next_attempt_at = excluded.next_attempt_at, delivered_at = excluded.delivered_at
         WHERE excluded.attempts >= webhook_deliveries.attempts AND (webhook_deliveries.status != 'delivered' OR excluded.status = 'delivered')`,
      ),
      deliveries: db.prepare(`SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY event_seq DESC LIMIT ${limit}`),
      mute: db.prepare(
        `INSERT INTO brain_event_mutes (brain_id, before) VALUES (?, ${isPostgres(db) ? 'brainkeep_event_time()' : '?'}) ON CONFLICT (brain_id) DO UPDATE SET before = excluded.before`,
      ),
      deleteLease: isPostgres(db) ? db.prepare('DELETE FROM leases WHERE name = ?') : null,
      pruneDeliveries: db.prepare("DELETE FROM webhook_deliveries WHERE status != 'retrying' AND COALESCE(delivered_at, first_attempt_at) < ?"),
    };
  }

  /**
   * Called (inside the clearing transaction) when a brain's index is dropped to be rebuilt: the
   * replayed history must not come out as new events (migration 017's trigger reads this).
   */
  muteReplayedHistory(brainId: string): void {
    // The time as SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', 'now') wrote it (UTC, milliseconds). On
    // PostgreSQL the database's clock (as the event triggers stamp), not this node's: nodes' clocks
    // may disagree, and the mark must fall between the replayed history and what comes after it.
    if (this.stmts.deleteLease) this.stmts.mute.run(brainId);
    else this.stmts.mute.run(brainId, new Date().toISOString());
  }

  latestSeq(brainId?: string): number {
    return ((brainId ? this.stmts.latestOf.get(brainId) : this.stmts.latest.get()) as { s: number }).s;
  }

  /** Events of every brain (brainId omitted) or one brain after `afterSeq`, oldest first. */
  after(afterSeq: number, limit: number, brainId?: string): BrainEvent[] {
    const rows = (brainId ? this.stmts.afterOf.all(brainId, afterSeq, limit) : this.stmts.after.all(afterSeq, limit)) as Array<Record<string, unknown>>;
    return rows.map(toEvent);
  }

  /** The event seq of the page change a /changes cursor points at (resume just after it). */
  seqOfChange(brainId: string, changeSeq: number): number {
    return (this.stmts.afterChange.get(brainId, changeSeq) as { s: number }).s;
  }

  /** A page.put is a create when the path had no page just before it (never written, or deleted last). */
  isCreate(e: BrainEvent): boolean {
    if (e.type !== 'page.put' || e.path == null) return false;
    if (e.version === 1) return true;
    const prior = this.stmts.priorOfPath.get(e.brainId, e.path, e.seq) as { op: string } | undefined;
    return !prior || prior.op === 'delete';
  }

  insertWebhook(w: WebhookRow): void {
    this.stmts.insertHook.run(w.id, w.brainId, w.url, JSON.stringify(w.events), w.folder, w.secretCipher, w.cursor, w.createdAt, w.createdBy);
  }

  webhooksOf(brainId: string): WebhookRow[] {
    return (this.stmts.hooksOf.all(brainId) as Array<Record<string, unknown>>).map(toWebhook);
  }

  allWebhooks(): WebhookRow[] {
    return (this.stmts.allHooks.all() as Array<Record<string, unknown>>).map(toWebhook);
  }

  webhook(id: string): WebhookRow | null {
    const r = this.stmts.hook.get(id) as Record<string, unknown> | undefined;
    return r ? toWebhook(r) : null;
  }

  /** Its deliveries go with it (foreign key), and on PostgreSQL its lease row (leaseRepo). */
  deleteWebhook(brainId: string, id: string): boolean {
    const del = this.stmts.deleteLease;
    if (!del) return this.stmts.deleteHook.run(id, brainId).changes > 0;
    return this.db.transaction(() => {
      const gone = this.stmts.deleteHook.run(id, brainId).changes > 0;
      if (gone) del.run(webhookLeaseName(id));
      return gone;
    })();
  }

  delivery(webhookId: string, eventSeq: number): DeliveryRow | null {
    const r = this.stmts.delivery.get(webhookId, eventSeq) as Record<string, unknown> | undefined;
    return r ? toDelivery(r) : null;
  }

  /**
   * A subscription's log rows past its cursor: the one still retrying, and any finished before a
   * crash or restart that the cursor had not caught up with (read once when its worker starts).
   */
  deliveriesAfter(webhookId: string, afterSeq: number): DeliveryRow[] {
    return (this.stmts.deliveriesAfter.all(webhookId, afterSeq) as Array<Record<string, unknown>>).map(toDelivery);
  }

  /**
   * Record delivery outcomes and advance cursors in one transaction (the dispatcher batches them,
   * so delivering never costs a write transaction per event). A row never replaces one with more
   * attempts, nor a delivered one with another outcome: a late flush from a node that lost the
   * subscription's lease cannot undo what the node that took it over recorded.
   */
  record(rows: DeliveryRow[], cursors: Map<string, number>): void {
    if (!rows.length && !cursors.size) return;
    // No fsync of its own (WAL, synchronous=NORMAL for this commit): a crash loses at most the last
    // flush, and then those events are delivered again (at-least-once), while a flush never stalls
    // the event loop, and so the writes, on a disk flush. The next page write's commit makes it durable.
    const tx = () =>
      this.db
        .transaction(() => {
          for (const r of rows) this.stmts.upsertDelivery.run(r);
          for (const [id, seq] of cursors) this.stmts.setCursor.run(seq, id, seq);
        })
        .immediate();
    if (isPostgres(this.db)) tx();
    else withoutFlush(this.db as Db, tx);
  }

  deliveries(webhookId: string, limit: number): DeliveryRow[] {
    return (this.stmts.deliveries.all(webhookId, limit) as Array<Record<string, unknown>>).map(toDelivery);
  }

  /** Forget finished deliveries older than `before` (ISO time); ones still retrying stay. */
  pruneDeliveries(before: string): number {
    return this.stmts.pruneDeliveries.run(before).changes;
  }
}

function toEvent(r: Record<string, unknown>): BrainEvent {
  return {
    seq: r.seq as number,
    brainId: r.brain_id as string,
    type: r.type as EventType,
    at: r.at as string,
    path: (r.path as string | null) ?? null,
    fromPath: (r.from_path as string | null) ?? null,
    version: (r.version as number | null) ?? null,
    commit: (r.commit_oid as string | null) ?? null,
    by: (r.by_name as string | null) ?? null,
    itemId: (r.item_id as string | null) ?? null,
    status: (r.status as number | null) ?? null,
  };
}

function toWebhook(r: Record<string, unknown>): WebhookRow {
  return {
    id: r.id as string,
    brainId: r.brain_id as string,
    url: r.url as string,
    events: JSON.parse(r.events as string) as EventType[],
    folder: (r.folder as string | null) ?? null,
    secretCipher: r.secret_cipher as string,
    cursor: r.cursor as number,
    createdAt: r.created_at as string,
    createdBy: (r.created_by as string | null) ?? null,
  };
}

function toDelivery(r: Record<string, unknown>): DeliveryRow {
  return {
    webhookId: r.webhook_id as string,
    eventSeq: r.event_seq as number,
    type: r.type as EventType,
    status: r.status as DeliveryStatus,
    attempts: r.attempts as number,
    lastError: (r.last_error as string | null) ?? null,
    firstAttemptAt: r.first_attempt_at as string,
    nextAttemptAt: (r.next_attempt_at as string | null) ?? null,
    deliveredAt: (r.delivered_at as string | null) ?? null,
  };
}
