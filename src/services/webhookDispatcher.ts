// Delivers the event log to webhook subscriptions: one worker per subscription, each walking the
// log from its durable cursor in seq order, one delivery in flight at a time (so order holds), and
// retrying a failed delivery with exponential backoff for 24 hours before it gives up and moves
// on. Workers share nothing but the event feed's wake-up, so a slow or dead receiver holds up only
// its own subscription, and nothing here runs inside a write. Outcomes and cursors are written in
// small batches; after a crash a subscription resumes from its cursor and may repeat the delivery
// that was in flight (at-least-once).
//
// Kept cheap per delivery, since a hundred writes a second fan out to every subscription: workers
// read new events from a shared in-memory tail that the event feed fills from the log (one read of
// the log for all subscriptions, and one request body per event), and a worker reads its
// subscription's log rows past the cursor once when it starts, not once per event.
//
// With several nodes on one PostgreSQL database, a subscription's deliveries are one node's: its
// worker runs only while this node holds the lease "webhook:<id>" (leaseRepo; taken FOR UPDATE SKIP
// LOCKED, renewed at every sync, let go at stop), so each delivery is attempted by one node and
// still in order. Another node takes the subscription over from its durable cursor when the lease
// is let go or expires (at-least-once, as after a crash). On SQLite the one node always holds it.
import { SYSTEM_ACTOR } from '../domain/actor.js';
import { toDelivery, eventId, inFolder, signatureHeader, type BrainEvent } from '../domain/events.js';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { DeliveryRow, EventsRepo, WebhookRow } from '../storage/sqlite/eventsRepo.js';
import { webhookLeaseName, type LeaseRepo } from '../storage/sqlite/leaseRepo.js';
import type { EventFeed } from './eventFeed.js';
import type { SecretBox } from './secretBox.js';
import { postDelivery, type OutboundGuard, type SendResult } from './webhookSender.js';
import { webhookSecretContext } from './webhooksService.js';

export interface DispatcherOptions {
  /** First retry delay; each later one doubles, up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** How long a delivery is retried before it is marked failed and skipped. */
  giveUpAfterMs: number;
  /** How often outcomes and cursors are flushed to the database. */
  flushMs: number;
  /** How often the subscription list is re-read (subscriptions made by another process). */
  syncMs: number;
  timeoutMs: number;
  /**
   * How long a subscription's lease lasts from a renewal (PostgreSQL; each sync renews it). Longer
   * than the bridge's statement timeout (60 s), so one slow call does not lose it; a node stops
   * posting `timeoutMs + syncMs` before it ends by its own clock (fenced), so it never delivers
   * once another node may have taken the subscription over.
   */
  leaseMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  retryBaseMs: 1000,
  maxRetryDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  flushMs: 250,
  syncMs: 5000,
  timeoutMs: 10_000,
  leaseMs: 90_000,
};

const BATCH = 200;
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_LOG_MS = 7 * 24 * 60 * 60_000;
/** Most events the shared tail holds; a worker further behind reads the log itself. */
const TAIL_MAX = 5000;

type Send = (url: string, body: string, headers: Record<string, string>) => Promise<SendResult>;

/** The lastError of a delivery that could not be signed. */
export const UNREADABLE_SECRET_ERROR =
  "the webhook's secret cannot be decrypted with this server's key (BRAINKEEP_SECRET_KEY or secret.key changed since it was created); " +
  'nothing is sent until the key it was made with is back: restore that key, or delete the webhook and create it again';

/**
 * A subscription whose secret cannot be opened: it gets no worker (nothing can be signed), and the
 * secret is tried again only after a doubling delay, or at once if its stored cipher changes.
 */
interface Unreadable {
  cipher: string;
  tries: number;
  nextTryAt: number;
  /** Whether its next pending delivery has been marked failed with the reason. */
  recorded: boolean;
}

export class WebhookDispatcher {
  private workers = new Map<string, SubscriptionWorker>();
  private rows: DeliveryRow[] = [];
  private cursors = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private started = false;
  /** Set while following the event feed (see `follow`). */
  private unlisten: (() => void) | null = null;
  private lastPrune = 0;
  /** Every event in the log with seq > tailFrom (all brains), as the feed read them, oldest first. */
  private tail: BrainEvent[] = [];
  private tailFrom = Number.POSITIVE_INFINITY;
  private readonly bodies = new WeakMap<BrainEvent, string>();
  private readonly unreadable = new Map<string, Unreadable>();
  /** Per subscription held here: until when (this node's clock) it may post, from its last renewal. */
  private readonly fencedAt = new Map<string, number>();
  /** Workers stopped and not yet done: their subscription is not restarted before they are. */
  private readonly stopping = new Map<string, Promise<void>>();
  readonly opts: DispatcherOptions;
  private readonly send: Send;
  /** This node, as the holder of its subscriptions' leases. */
  readonly node = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly repo: EventsRepo,
    private readonly feed: EventFeed,
    private readonly box: SecretBox,
    guard: OutboundGuard,
    opts: Partial<DispatcherOptions> = {},
    private onError: (err: unknown) => void = () => {},
    private readonly audit: Pick<AuditRepo, 'record'> | null = null,
    private readonly leases: LeaseRepo | null = null,
  ) {
    this.opts = { ...DEFAULT_DISPATCHER_OPTIONS, ...opts };
    if (leases?.shared && !(this.opts.leaseMs > this.fenceMarginMs)) throw new RangeError('leaseMs must exceed timeoutMs + syncMs (the time a node keeps posting before its lease ends)');
    this.send = (url, body, headers) => postDelivery(guard, url, body, headers, this.opts.timeoutMs);
  }

  /** `onError` (the server's log) replaces the one given at construction. */
  start(onError?: (err: unknown) => void): void {
    if (onError) this.onError = onError;
    if (this.started) return;
    this.started = true;
    this.sync();
    this.syncTimer = setInterval(() => this.sync(), this.opts.syncMs);
    this.syncTimer.unref();
    this.flushTimer = setInterval(() => this.flush(), this.opts.flushMs);
    this.flushTimer.unref();
  }

  /**
   * Follow the event feed while a subscription has a worker here. With none, nothing needs the
   * log's tail, and following it would read the log after every write (every group commit of
   * pages or inbox items) for nobody. A worker that starts before the tail covers its cursor reads
   * the log itself (eventsAfter), so nothing is missed between an unfollow and the next follow.
   */
  private follow(): void {
    if (this.unlisten) return;
    this.unlisten = this.feed.listen((events) => {
      this.extendTail(events);
      const brains = new Set(events.map((e) => e.brainId));
      for (const w of this.workers.values()) if (brains.has(w.hook.brainId)) w.wake();
    });
    // The feed hands over everything after its position, in order and without gaps.
    this.tail = [];
    this.tailFrom = this.feed.position;
  }

  private unfollowWhenIdle(): void {
    if (!this.unlisten || this.workers.size) return;
    this.unlisten();
    this.unlisten = null;
    this.tail = [];
    this.tailFrom = Number.POSITIVE_INFINITY;
  }

  /** Start workers for new subscriptions and stop those of deleted ones (only once started: CLI processes never deliver). */
  sync(): void {
    if (!this.started) return;
    let hooks: WebhookRow[];
    try {
      hooks = this.repo.allWebhooks();
    } catch (err) {
      return this.onError(err);
    }
    const live = new Set(hooks.map((h) => h.id));
    for (const [id, w] of this.workers) {
      if (!live.has(id)) this.retire(id, w);
      // Its lease went to another node (this one stalled past the expiry): hand over what is done.
      // A database error is no answer: the worker goes on until its fence, and the next sync asks again.
      else if (this.holds(id) === 'lost') this.retire(id, w, true);
    }
    for (const id of this.unreadable.keys()) if (!live.has(id)) this.unreadable.delete(id);
    const now = Date.now();
    for (const h of hooks) {
      if (this.workers.has(h.id) || this.stopping.has(h.id)) continue;
      const parked = this.unreadable.get(h.id);
      if (parked && parked.cipher === h.secretCipher && now < parked.nextTryAt) continue;
      if (this.holds(h.id) !== 'held') continue;
      const secret = this.box.open(h.secretCipher, webhookSecretContext(h.id));
      if (secret == null) {
        this.park(h, parked, now);
        // Not renewed while parked: let it go, a node whose key opens it may deliver.
        this.letGo(h.id);
        continue;
      }
      this.unreadable.delete(h.id);
      // Before the worker's first read of the tail. The first follow reads the log's head, which
      // can fail (a busy database, an outage): then no worker starts, since one that is listed but
      // not running would be passed over by every later sync. The next sync tries again.
      try {
        this.follow();
      } catch (err) {
        this.onError(err);
        this.letGo(h.id);
        continue;
      }
      const w = new SubscriptionWorker(h, secret, this);
      this.workers.set(h.id, w);
      void w.run();
    }
    this.unfollowWhenIdle();
  }

  /** A worker stops; its subscription starts again (here or elsewhere) only once it is done. */
  private retire(id: string, w: SubscriptionWorker, flush = false): void {
    w.stop();
    if (flush) this.flush();
    this.workers.delete(id);
    this.cursors.delete(id);
    this.fencedAt.delete(id);
    this.unfollowWhenIdle();
    this.stopping.set(
      id,
      w.done.finally(() => this.stopping.delete(id)),
    );
  }

  /**
   * Take or renew this node's lease on a subscription's deliveries: 'held' (and the fence moves on),
   * 'lost' when another node holds it, 'unknown' when the database did not answer.
   */
  private holds(webhookId: string): 'held' | 'lost' | 'unknown' {
    if (!this.leases?.shared) return 'held';
    const asked = Date.now();
    try {
      if (!this.leases.acquire(webhookLeaseName(webhookId), this.node, this.opts.leaseMs)) return 'lost';
    } catch (err) {
      this.onError(err);
      return 'unknown';
    }
    // The lease runs from the database's time of the renewal, which is after `asked`.
    this.fencedAt.set(webhookId, asked + this.opts.leaseMs - this.fenceMarginMs);
    return 'held';
  }

  private letGo(webhookId: string): void {
    this.fencedAt.delete(webhookId);
    try {
      this.leases?.release(webhookLeaseName(webhookId), this.node);
    } catch (err) {
      this.onError(err);
    }
  }

  /** Posting stops this long before the lease ends: a post started then ends (times out) before it. */
  private get fenceMarginMs(): number {
    return this.opts.timeoutMs + this.opts.syncMs;
  }

  /** Whether the worker may post now: on a shared database, only before its fence (its lease surely lasts). */
  mayPost(w: SubscriptionWorker): boolean {
    if (!this.leases?.shared) return true;
    return this.workers.get(w.hook.id) === w && Date.now() < (this.fencedAt.get(w.hook.id) ?? 0);
  }

  /**
   * A subscription whose secret cannot be opened is a permanent failure until the key changes, not
   * something to retry every sync: it is logged and audited once, its next pending delivery is
   * marked failed with the reason (what GET .../deliveries shows), and the secret is tried again
   * only after a doubling delay (sync period up to maxRetryDelayMs). Its cursor stays put: with the
   * right key back (a restart), the events after that delivery are sent.
   */
  private park(h: WebhookRow, parked: Unreadable | undefined, now: number): void {
    const fresh = !parked || parked.cipher !== h.secretCipher;
    const tries = fresh ? 1 : parked.tries + 1;
    const state: Unreadable = {
      cipher: h.secretCipher,
      tries,
      nextTryAt: now + Math.min(this.opts.syncMs * 2 ** (tries - 1), this.opts.maxRetryDelayMs),
      recorded: !fresh && parked.recorded,
    };
    this.unreadable.set(h.id, state);
    if (fresh) {
      this.onError(new Error(`webhook ${h.id} (brain ${h.brainId}, ${h.url}): ${UNREADABLE_SECRET_ERROR}`));
      try {
        this.audit?.record({ brainId: h.brainId, actor: SYSTEM_ACTOR, action: 'webhook.secret_unreadable', target: h.id, detail: { url: h.url, error: UNREADABLE_SECRET_ERROR } });
      } catch (err) {
        this.onError(err);
      }
    }
    if (state.recorded) return;
    try {
      const head = this.repo.after(h.cursor, BATCH, h.brainId).find((e) => h.events.includes(e.type) && inFolder(e, h.folder));
      if (!head || this.repo.delivery(h.id, head.seq)) {
        state.recorded = !!head;
        return;
      }
      const at = new Date(now).toISOString();
      this.repo.record(
        [{ webhookId: h.id, eventSeq: head.seq, type: head.type, status: 'failed', attempts: 0, lastError: UNREADABLE_SECRET_ERROR, firstAttemptAt: at, nextAttemptAt: null, deliveredAt: null }],
        new Map(),
      );
      state.recorded = true;
    } catch (err) {
      this.onError(err);
    }
  }

  // ---- used by the workers

  private extendTail(events: BrainEvent[]): void {
    if (!events.length) return;
    const last = this.tail.length ? this.tail[this.tail.length - 1]!.seq : this.tailFrom;
    if (events[0]!.seq <= last) {
      // Never expected (the feed moves forward only); should it happen, trust only the log: workers
      // not yet past these events read them from it.
      this.tail = [];
      this.tailFrom = events[events.length - 1]!.seq;
      return;
    }
    this.tail.push(...events);
    // Drop what every worker is past, and keep the tail bounded for a worker far behind.
    let min = Number.POSITIVE_INFINITY;
    for (const w of this.workers.values()) min = Math.min(min, w.position);
    let drop = 0;
    while (drop < this.tail.length && (this.tail[drop]!.seq <= min || this.tail.length - drop > TAIL_MAX)) drop++;
    if (drop) {
      this.tailFrom = this.tail[drop - 1]!.seq;
      this.tail = this.tail.slice(drop);
    }
  }

  /** The subscription's brain's events after `after`: from the shared tail when it covers them, else from the log. */
  next(w: SubscriptionWorker, after: number): BrainEvent[] {
    if (after < this.tailFrom) return this.repo.after(after, BATCH, w.hook.brainId);
    let lo = 0;
    let hi = this.tail.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.tail[mid]!.seq <= after) lo = mid + 1;
      else hi = mid;
    }
    const out: BrainEvent[] = [];
    for (let i = lo; i < this.tail.length && out.length < BATCH; i++) if (this.tail[i]!.brainId === w.hook.brainId) out.push(this.tail[i]!);
    return out;
  }

  /** The subscription's log rows past `cursor` (a retry in progress, or deliveries the cursor lagged behind). */
  priorAttempts(w: SubscriptionWorker, cursor: number): Map<number, DeliveryRow> {
    return new Map(this.repo.deliveriesAfter(w.hook.id, cursor).map((r) => [r.eventSeq, r]));
  }

  post(w: SubscriptionWorker, e: BrainEvent): Promise<SendResult> {
    let body = this.bodies.get(e);
    if (body === undefined) this.bodies.set(e, (body = JSON.stringify(toDelivery(e))));
    const t = Math.floor(Date.now() / 1000);
    return this.send(w.hook.url, body, {
      'Brainkeep-Event-Id': eventId(e.seq),
      'Brainkeep-Event-Type': e.type,
      'Brainkeep-Signature': signatureHeader(w.secret, body, t),
    });
  }

  /** Queue an outcome; `now` flushes at once (a retry's state must survive a crash). */
  note(w: SubscriptionWorker, row: DeliveryRow | null, cursor: number | null, now = false): void {
    // Only the subscription's current worker: a stopped one's late results are not the new one's.
    if (this.workers.get(w.hook.id) !== w) return;
    if (row) this.rows.push(row);
    if (cursor != null) this.cursors.set(w.hook.id, Math.max(cursor, this.cursors.get(w.hook.id) ?? 0));
    if (now) this.flush();
  }

  flush(): void {
    if (!this.rows.length && !this.cursors.size) return this.prune();
    const rows = this.rows;
    const cursors = this.cursors;
    this.rows = [];
    this.cursors = new Map();
    try {
      // A subscription deleted meanwhile: its rows would violate the foreign key.
      this.repo.record(
        rows.filter((r) => this.workers.has(r.webhookId)),
        new Map([...cursors].filter(([id]) => this.workers.has(id))),
      );
    } catch (err) {
      this.onError(err);
    }
    this.prune();
  }

  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    try {
      this.repo.pruneDeliveries(new Date(now - KEEP_LOG_MS).toISOString());
    } catch (err) {
      this.onError(err);
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    this.unlisten?.();
    this.unlisten = null;
    if (this.syncTimer) clearInterval(this.syncTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    const running = [...this.workers.values()];
    for (const w of running) w.stop();
    await Promise.all([...running.map((w) => w.done), ...this.stopping.values()]);
    this.flush();
    // Another node takes these subscriptions over at its next sync, not after the expiry.
    for (const id of this.workers.keys()) this.letGo(id);
    this.workers.clear();
  }
}


class SubscriptionWorker {
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private cursor: number;
  /** Log rows past the cursor as of start; a delivery with none was never attempted before. */
  private prior: Map<number, DeliveryRow> | null = null;
  /**
   * Ends the current wait (a delivery in flight or a backoff sleep) early with null at stop. One
   * slot, not a race against a stop promise: each race would leave a reaction on that promise
   * until shutdown, one per delivery.
   */
  private interrupt: (() => void) | null = null;
  done: Promise<void> = Promise.resolve();

  constructor(
    readonly hook: WebhookRow,
    readonly secret: string,
    private readonly d: WebhookDispatcher,
  ) {
    this.cursor = hook.cursor;
  }

  /** The last event this worker finished with (the shared tail keeps what comes after). */
  get position(): number {
    return this.cursor;
  }

  wake(): void {
    this.pendingWake = true;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  stop(): void {
    this.stopped = true;
    const interrupt = this.interrupt;
    this.interrupt = null;
    interrupt?.();
    this.wake();
  }

  run(): Promise<void> {
    return (this.done = this.loop());
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.pendingWake = false;
      let events: BrainEvent[];
      try {
        this.prior ??= this.d.priorAttempts(this, this.cursor);
        events = this.d.next(this, this.cursor);
      } catch {
        await this.sleep(1000);
        continue;
      }
      if (!events.length) {
        await this.idle();
        continue;
      }
      for (const e of events) {
        if (this.stopped) return;
        if (this.hook.events.includes(e.type) && inFolder(e, this.hook.folder)) {
          const finished = await this.deliver(e);
          if (!finished) return; // stopped mid-retry: the cursor stays before this event
        }
        this.cursor = e.seq;
        this.d.note(this, null, e.seq);
      }
    }
  }

  /** Deliver until acknowledged or given up; false when stopped first. */
  private async deliver(e: BrainEvent): Promise<boolean> {
    // Only this worker writes its subscription's rows once it runs, so the rows read at start are
    // the only earlier attempts there can be.
    const prior = this.prior!.get(e.seq);
    if (prior) this.prior!.delete(e.seq);
    if (prior && prior.status !== 'retrying') return true; // finished before a restart; only the cursor lagged
    let attempts = prior?.attempts ?? 0;
    let lastError = prior?.lastError ?? null;
    const firstAttemptAt = prior?.firstAttemptAt ?? new Date().toISOString();
    if (prior?.nextAttemptAt) await this.sleep(Date.parse(prior.nextAttemptAt) - Date.now());
    const { retryBaseMs, maxRetryDelayMs, giveUpAfterMs } = this.d.opts;
    while (!this.stopped) {
      if (!this.d.mayPost(this)) {
        // Fenced: the lease may have gone to another node. Wait for a sync to renew it (or stop this worker).
        await this.sleep(this.d.opts.syncMs);
        continue;
      }
      // Shutdown does not wait for a slow receiver: the delivery repeats after the restart.
      const result = await this.unlessStopped(this.d.post(this, e));
      if (!result) return false;
      attempts++;
      const now = new Date();
      const base = { webhookId: this.hook.id, eventSeq: e.seq, type: e.type, attempts, firstAttemptAt };
      if (result.ok) {
        this.d.note(this, { ...base, status: 'delivered', lastError, nextAttemptAt: null, deliveredAt: now.toISOString() }, e.seq);
        return true;
      }
      if (now.getTime() - Date.parse(firstAttemptAt) >= giveUpAfterMs) {
        this.d.note(this, { ...base, status: 'failed', lastError: result.error, nextAttemptAt: null, deliveredAt: null }, e.seq, true);
        return true;
      }
      lastError = result.error;
      const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), maxRetryDelayMs);
      const next = new Date(now.getTime() + delay).toISOString();
      this.d.note(this, { ...base, status: 'retrying', lastError: result.error, nextAttemptAt: next, deliveredAt: null }, null, true);
      await this.sleep(delay);
    }
    return false;
  }

  /** Wait for the feed (or stop); a wake that came while busy is not lost. */
  private idle(): Promise<void> {
    if (this.pendingWake || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.wakeUp = resolve;
    });
  }

  /** Wait `ms`, cut short only by stop. */
  private async sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        this.interrupt = null;
        resolve();
      }, ms);
      this.interrupt = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }

  /** The attempt's result, or null as soon as the worker is stopped (the attempt is left to finish unobserved). */
  private unlessStopped(attempt: Promise<SendResult>): Promise<SendResult | null> {
    if (this.stopped) return Promise.resolve(null);
    return new Promise<SendResult | null>((resolve) => {
      this.interrupt = () => resolve(null);
      const settle = (r: SendResult) => {
        this.interrupt = null;
        resolve(r);
      };
      attempt.then(settle, (err: unknown) => settle({ ok: false, error: err instanceof Error ? err.message : String(err) }));
    });
  }
}
