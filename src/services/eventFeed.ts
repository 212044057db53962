// The process's view of the brain event log: one reader that follows the log's tail and hands each
// new event, in seq order, to in-process listeners (the live stream, MCP subscriptions, the webhook
// dispatcher). Woken at once by this process's writes; a short poll of the log's head catches
// writers in other processes (the CLI, a second server) and inbox changes, so nothing depends on
// an in-memory signal for correctness: the log is the source.
import type { BrainEvent } from '../domain/events.js';
import type { EventsRepo } from '../storage/sqlite/eventsRepo.js';

export type EventListener = (events: BrainEvent[]) => void;

const BATCH = 500;

export class EventFeed {
  private listeners = new Set<EventListener>();
  private last: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;

  constructor(
    private readonly repo: EventsRepo,
    private readonly pollMs = 250,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Whether a page.put event made the page (its first version, or the first after a delete). */
  isCreate(e: BrainEvent): boolean {
    return this.repo.isCreate(e);
  }

  /** The log's head when the feed started following it (listeners see only what comes after). */
  get position(): number {
    return (this.last ??= this.repo.latestSeq());
  }

  listen(listener: EventListener): () => void {
    void this.position;
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => this.wake(), this.pollMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) {
        if (this.timer) clearInterval(this.timer);
        this.timer = null;
        // Nobody follows the tail now: the next listener starts from the head as it is then.
        this.last = null;
      }
    };
  }

  /** Something may have been written: read the tail soon (coalesced; never inside the writer's call). */
  wake(): void {
    if (this.scheduled || !this.listeners.size) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    try {
      for (;;) {
        const events = this.repo.after(this.position, BATCH);
        if (!events.length) return;
        this.last = events[events.length - 1]!.seq;
        for (const l of this.listeners) {
          try {
            l(events);
          } catch (err) {
            this.onError(err);
          }
        }
        if (events.length < BATCH) return;
      }
    } catch (err) {
      // The database closed under us at shutdown, or a transient read error: the next wake retries.
      this.onError(err);
    }
  }

  close(): void {
    this.listeners.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
