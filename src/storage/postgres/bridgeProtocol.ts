// What the synchronous Postgres bridge (pgBridge.ts) and its thread (pgBridgeWorker.ts) say to
// each other: one request at a time on a MessagePort, the reply's arrival signalled through a
// shared Int32 the main thread waits on.

export interface BridgeWorkerData {
  url: string;
  /** [0]: bumped by the thread after each reply is posted; the main thread waits on it. */
  signal: SharedArrayBuffer;
  /** Shown in pg_stat_activity. */
  applicationName: string;
}

export type BridgeRequest =
  | { kind: 'query'; text: string; values: unknown[] }
  | { kind: 'exec'; text: string }
  | { kind: 'close' };

export interface BridgeError {
  message: string;
  /** SQLSTATE, e.g. 23505 for a unique violation. */
  code?: string;
  constraint?: string;
  detail?: string;
}

export type BridgeReply =
  | { ok: true; fields: string[]; rows: unknown[][]; rowCount: number }
  | { ok: false; error: BridgeError };
