// What the synchronous Postgres bridge (pgBridge.ts) and its thread (pgBridgeWorker.ts) say to
// each other: one request at a time on a MessagePort, the reply's arrival signalled through a
// shared Int32 the main thread waits on. Each request carries an id the reply echoes, so a reply
// that arrives after its caller gave up (a timeout) is recognised and dropped, never taken as the
// answer to a later statement.

export interface BridgeWorkerData {
  url: string;
  /** See SIGNAL_*: the reply counter, the "thread dead" marker and the dying thread's error text. */
  signal: SharedArrayBuffer;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  /** The server-side statement_timeout (ms), set just below the caller's own timeout. */
  statementTimeoutMs: number;
}

/** Int32 slots of the shared signal. */
export const SIGNAL_COUNTER = 0; // bumped by the thread after each reply is posted; the main thread waits on it
export const SIGNAL_DEAD = 1; // set to 1 by a thread that is dying
export const SIGNAL_ERROR_LENGTH = 2; // byte length of the dying thread's error text
/** Where the error text (UTF-8) starts, in bytes, and the signal buffer's whole size. */
export const SIGNAL_ERROR_OFFSET = 16;
export const SIGNAL_BYTES = 16 + 2048;

/**
 * Mark the thread dead with its error and wake a waiting caller. Written by the dying thread (an
 * uncaught error) or by the main thread when the Worker reports an error or exit between calls.
 */
export function markBridgeDead(signal: SharedArrayBuffer, message: string): void {
  const flag = new Int32Array(signal);
  if (Atomics.load(flag, SIGNAL_DEAD) === 1) return;
  const text = new TextEncoder().encode(`The PostgreSQL bridge thread died: ${message}`);
  const bytes = new Uint8Array(signal, SIGNAL_ERROR_OFFSET, SIGNAL_BYTES - SIGNAL_ERROR_OFFSET);
  const n = Math.min(text.length, bytes.length);
  bytes.set(text.subarray(0, n));
  Atomics.store(flag, SIGNAL_ERROR_LENGTH, n);
  Atomics.store(flag, SIGNAL_DEAD, 1);
  Atomics.add(flag, SIGNAL_COUNTER, 1);
  Atomics.notify(flag, SIGNAL_COUNTER);
}

export type BridgeRequest =
  | { id: number; kind: 'query'; text: string; values: unknown[]; inTransaction: boolean }
  | { id: number; kind: 'exec'; text: string; inTransaction: boolean }
  | { id: number; kind: 'close' }
  /** The caller gave up waiting: drop the connection (no reply). */
  | { id: number; kind: 'reset' };

export interface BridgeError {
  message: string;
  /** SQLSTATE, e.g. 23505 for a unique violation. */
  code?: string;
  constraint?: string;
  detail?: string;
}

export type BridgeReply =
  | { id: number; ok: true; fields: string[]; rows: unknown[][]; rowCount: number }
  | { id: number; ok: false; error: BridgeError };
