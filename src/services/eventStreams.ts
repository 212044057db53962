// The live event stream (GET /brains/{brainId}/events): Server-Sent Events fed by the event feed.
// A stream first replays the log after its resume point, then joins the live fan-out: one read of
// the log per batch of new events for all streams, each stream skipping what it already sent.
// A client that cannot keep up (its socket buffer full) drops back to replaying from the log when
// it drains, so a slow reader holds no growing queue. Every heartbeat re-checks that the caller
// still may read the brain; heartbeats are staggered (each stream has a slot of the period), so a
// thousand idle streams cost a few dozen small writes a second rather than one long burst that
// stalls whatever request arrives during it. Transport-neutral: the HTTP route hands in a sink.
import { actorRef, type Actor } from '../domain/actor.js';
import { BadRequestError } from '../domain/errors.js';
import { decodeResumeCursor, encodeEventCursor, toDelivery, type BrainEvent } from '../domain/events.js';
import type { EventsRepo } from '../storage/sqlite/eventsRepo.js';
import type { AccessService } from './accessService.js';
import type { EventFeed } from './eventFeed.js';

export interface StreamSink {
  /** False when the transport's buffer is full (wait for `drain`). */
  write(chunk: string): boolean;
  onDrain(listener: () => void): void;
  end(): void;
}

export const HEARTBEAT_MS = 15_000;
const REPLAY_BATCH = 500;
/** Streams written per turn of the event loop during a fan-out. */
const FAN_OUT_SLICE = 100;
/** Heartbeats go out one slot of the period at a time, about this often. */
const BEAT_SLOT_MS = 1000;

interface Frame {
  seq: number;
  text: string;
}

function frame(e: BrainEvent): Frame {
  return { seq: e.seq, text: `id: ${encodeEventCursor(e.seq)}\nevent: ${e.type}\ndata: ${JSON.stringify(toDelivery(e))}\n\n` };
}

interface Stream {
  actor: Actor;
  brainId: string;
  cursor: number;
  live: boolean;
  sink: StreamSink;
  closed: boolean;
  /** Which slot of the heartbeat period this stream beats in. */
  slot: number;
}

export class EventStreams {
  private byBrain = new Map<string, Set<Stream>>();
  private unlisten: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private count = 0;
  private adopted = new Set<() => void>();
  /** The streams of each heartbeat slot; a new stream joins the emptiest. */
  private readonly slots: Array<Set<Stream>>;
  private nextSlot = 0;

  constructor(
    private readonly repo: EventsRepo,
    private readonly feed: EventFeed,
    private readonly access: AccessService,
    private readonly heartbeatMs = HEARTBEAT_MS,
    beatSlotMs = BEAT_SLOT_MS,
  ) {
    this.slots = Array.from({ length: Math.max(1, Math.round(heartbeatMs / beatSlotMs)) }, () => new Set<Stream>());
  }

  get open(): number {
    return this.count;
  }

  /**
   * Check access and the resume point (throws before anything is sent), then return a starter
   * that writes the stream to `sink` until `close`.
   */
  prepare(actor: Actor, brainRef: string, resume: string | null): { start(sink: StreamSink): { close(): void } } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    let cursor: number;
    if (resume) {
      const at = decodeResumeCursor(resume);
      if (!at) throw new BadRequestError('The resume point is not valid; pass back an event id or a /changes nextCursor.', 'invalid_cursor');
      cursor = 'event' in at ? at.event : this.repo.seqOfChange(brain.id, at.change);
    } else cursor = this.feed.position;
    return {
      start: (sink) => {
        const s: Stream = { actor, brainId: brain.id, cursor, live: false, sink, closed: false, slot: 0 };
        this.add(s);
        sink.write(`retry: 2000\n: ${resume ? 'resuming' : 'listening'}\n\n`);
        this.catchUp(s);
        return { close: () => this.remove(s) };
      },
    };
  }

  private add(s: Stream): void {
    this.ensureRunning();
    let set = this.byBrain.get(s.brainId);
    if (!set) this.byBrain.set(s.brainId, (set = new Set()));
    set.add(s);
    s.slot = this.slots.reduce((best, slot, i) => (slot.size < this.slots[best]!.size ? i : best), 0);
    this.slots[s.slot]!.add(s);
    this.count++;
  }

  private remove(s: Stream): void {
    if (s.closed) return;
    s.closed = true;
    const set = this.byBrain.get(s.brainId);
    set?.delete(s);
    if (set && !set.size) this.byBrain.delete(s.brainId);
    this.slots[s.slot]!.delete(s);
    this.count--;
    if (!this.count) this.idle();
  }

  /** Replay the log after the stream's cursor; join the live fan-out once caught up. */
  private catchUp(s: Stream): void {
    s.live = false;
    for (;;) {
      if (s.closed) return;
      const events = this.repo.after(s.cursor, REPLAY_BATCH, s.brainId);
      if (!events.length) {
        s.live = true;
        return;
      }
      if (!this.send(s, events.map(frame))) {
        s.sink.onDrain(() => this.catchUp(s));
        return;
      }
    }
  }

  /** Write events past the cursor; false when the sink is full (then the log is the queue). */
  private send(s: Stream, events: Frame[]): boolean {
    // One write (one syscall) per stream for the whole batch.
    let text = '';
    for (const f of events) {
      if (f.seq <= s.cursor) continue;
      text += f.text;
      s.cursor = f.seq;
    }
    return text ? s.sink.write(text) : true;
  }

  private ensureRunning(): void {
    if (this.unlisten) return;
    this.unlisten = this.feed.listen((events) => this.fanOut(events));
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs / this.slots.length);
    this.heartbeat.unref();
  }

  private idle(): void {
    this.unlisten?.();
    this.unlisten = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * Hand new events to the live streams of their brain. Each event is serialized once; the streams
   * are written a slice at a time, yielding to the event loop between slices, so a thousand open
   * streams never hold up the request (a write) that arrives meanwhile.
   */
  private fanOut(events: BrainEvent[]): void {
    const byBrain = new Map<string, Frame[]>();
    for (const e of events) {
      if (!this.byBrain.has(e.brainId)) continue;
      let list = byBrain.get(e.brainId);
      if (!list) byBrain.set(e.brainId, (list = []));
      list.push(frame(e));
    }
    for (const [brainId, frames] of byBrain) {
      const streams = [...(this.byBrain.get(brainId) ?? [])];
      const slice = (from: number) => {
        const to = Math.min(from + FAN_OUT_SLICE, streams.length);
        for (let i = from; i < to; i++) {
          const s = streams[i]!;
          if (!s.live || s.closed) continue;
          if (!this.send(s, frames)) {
            s.live = false;
            s.sink.onDrain(() => this.catchUp(s));
          }
        }
        if (to < streams.length) setImmediate(slice, to);
      };
      slice(0);
    }
  }

  /**
   * A comment line keeps proxies from closing an idle stream; a caller who lost access is cut off.
   * Each call beats one slot's streams (each stream once per period), checking access once per
   * caller and brain.
   */
  private beat(): void {
    const slot = this.slots[this.nextSlot]!;
    this.nextSlot = (this.nextSlot + 1) % this.slots.length;
    const allowed = new Map<string, boolean>();
    for (const s of [...slot]) {
      const key = `${actorRef(s.actor)}\n${s.brainId}`;
      let ok = allowed.get(key);
      if (ok === undefined) {
        try {
          this.access.require(s.actor, s.brainId, 'Read');
          ok = true;
        } catch {
          ok = false;
        }
        allowed.set(key, ok);
      }
      if (!ok) {
        this.remove(s);
        s.sink.end();
        continue;
      }
      s.sink.write(': heartbeat\n\n');
    }
  }

  /** Another adapter's long-lived stream (MCP notifications) that must end with these at shutdown. */
  adopt(end: () => void): () => void {
    this.adopted.add(end);
    return () => this.adopted.delete(end);
  }

  /** End every stream (server shutdown). */
  closeAll(): void {
    for (const end of [...this.adopted]) end();
    this.adopted.clear();
    for (const set of [...this.byBrain.values()]) {
      for (const s of [...set]) {
        this.remove(s);
        s.sink.end();
      }
    }
    this.idle();
  }
}
