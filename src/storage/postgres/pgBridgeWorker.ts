// The thread behind the synchronous Postgres bridge (pgBridge.ts): one `pg` client, one request
// at a time. Each reply is posted on the port, then the shared signal is bumped and notified, so
// the main thread (blocked in Atomics.wait) wakes with the reply already queued.
import pg from 'pg';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { BridgeReply, BridgeRequest, BridgeWorkerData } from './bridgeProtocol.js';

const { url, signal, applicationName } = workerData as BridgeWorkerData;
const flag = new Int32Array(signal);

// bigint (COUNT(*), BIGINT columns) as a JS number, as better-sqlite3 returns integers; doubles too.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v));

const client = new pg.Client({ connectionString: url, application_name: applicationName });
let connected: Promise<void> | null = null;
/** The client connected and has not failed since (ending one that never connected would never settle). */
let live = false;

let port: MessagePort;

function reply(r: BridgeReply): void {
  port.postMessage(r);
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
}

function failure(e: unknown): BridgeReply {
  const err = e as { message?: string; code?: string; constraint?: string; detail?: string };
  return { ok: false, error: { message: err.message ?? String(e), code: err.code, constraint: err.constraint, detail: err.detail } };
}

// The first message from the parent carries the port that every request comes on.
parentPort!.once('message', (m: { port: MessagePort }) => {
  port = m.port;
  port.on('message', (r: BridgeRequest) => {
    void handle(r).then(reply, (e: unknown) => reply(failure(e)));
  });
});

async function handle(m: BridgeRequest): Promise<BridgeReply> {
  if (m.kind === 'close') {
    // The port stays open for this reply; the main thread closes it and ends the thread.
    if (live) await client.end().catch(() => undefined);
    return { ok: true, fields: [], rows: [], rowCount: 0 };
  }
  connected ??= client.connect().then(() => {
    live = true;
  });
  await connected;
  if (m.kind === 'exec') {
    await client.query(m.text);
    return { ok: true, fields: [], rows: [], rowCount: 0 };
  }
  const r = await client.query({ text: m.text, values: m.values, rowMode: 'array' });
  return { ok: true, fields: r.fields.map((f) => f.name), rows: r.rows as unknown[][], rowCount: r.rowCount ?? 0 };
}

client.on('error', (e) => {
  // The connection broke between requests: the next request fails on the dead client with this message.
  live = false;
  connected = Promise.reject(e);
  connected.catch(() => undefined);
});
