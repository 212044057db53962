// Outbound events (CONTRACT "Outbound events"): the event types, the delivery JSON every consumer
// sees (webhooks, the live stream, MCP notifications), the event cursor and the signature header.
import { createHmac } from 'node:crypto';

export const EVENT_TYPES = ['page.put', 'page.delete', 'page.move', 'file.put', 'file.delete', 'inbox.created', 'inbox.status'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(v: unknown): v is EventType {
  return typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);
}

/** One row of the brain's event log (storage/sqlite/eventsRepo.ts). */
export interface BrainEvent {
  seq: number;
  brainId: string;
  type: EventType;
  at: string;
  path: string | null;
  fromPath: string | null;
  version: number | null;
  commit: string | null;
  by: string | null;
  itemId: string | null;
  /** Inbox status as stored (0..3). */
  status: number | null;
}

export interface PageEventData {
  path: string;
  fromPath?: string;
  version: number;
  commit: string;
  by: string;
}

export interface InboxEventData {
  itemId: string;
  /** The item's status as on the wire everywhere (integer enum, CONTRACT). */
  status: number;
}

/** The JSON body of a webhook delivery and the `data:` of a stream event. */
export interface EventDelivery {
  id: string;
  type: EventType;
  brainId: string;
  seq: number;
  at: string;
  data: PageEventData | InboxEventData;
}

export function eventId(seq: number): string {
  return `evt_${seq}`;
}

export function toDelivery(e: BrainEvent): EventDelivery {
  const data: PageEventData | InboxEventData = e.type.startsWith('inbox.')
    ? { itemId: e.itemId ?? '', status: e.status ?? 0 }
    : { path: e.path ?? '', ...(e.fromPath ? { fromPath: e.fromPath } : {}), version: e.version ?? 0, commit: e.commit ?? '', by: e.by ?? '' };
  return { id: eventId(e.seq), type: e.type, brainId: e.brainId, seq: e.seq, at: e.at, data };
}

/** Does a subscription's folder filter take this event? Inbox events have no folder and always pass. */
export function inFolder(e: Pick<BrainEvent, 'path' | 'fromPath'>, folder: string | null): boolean {
  if (!folder) return true;
  if (e.path == null) return true;
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  return e.path.startsWith(prefix) || (e.fromPath?.startsWith(prefix) ?? false);
}

const EVENT_CURSOR = /^e1:(\d{1,15})$/;
const CHANGES_CURSOR = /^c1:(\d{1,15})$/;

/** A stream event's `id:`: opaque, base64url like the /changes cursor. */
export function encodeEventCursor(seq: number): string {
  return Buffer.from(`e1:${seq}`).toString('base64url');
}

/**
 * A resume point: an event cursor from the stream, or a /changes `nextCursor` (then the stream
 * resumes after that page change). Null when the text is neither.
 */
export function decodeResumeCursor(cursor: string): { event: number } | { change: number } | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const e = EVENT_CURSOR.exec(text);
  if (e) return { event: Number(e[1]) };
  const c = CHANGES_CURSOR.exec(text);
  if (c) return { change: Number(c[1]) };
  return null;
}

/**
 * `Brainkeep-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (Stripe's
 * scheme): the timestamp inside the MAC lets a receiver refuse replays of old deliveries.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
