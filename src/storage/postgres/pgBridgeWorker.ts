// The thread behind the synchronous Postgres bridge (pgBridge.ts): one `pg` client, one request
// at a time. Each reply is posted on the port, then the shared signal is bumped and notified, so
// the main thread (blocked in Atomics.wait) wakes with the reply already queued.
//
// The client is made on the first request and again after it is lost (a broken connection, or the
// caller giving up on a statement), but only for a request outside a transaction: a transaction
// whose connection was lost fails, and never continues in autocommit on a new connection.
// A thread that dies anyway (an uncaught error) marks the shared signal dead with its error, so
// the caller fails at once with that error rather than waiting out its timeout.
import pg from 'pg';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import {
  SIGNAL_COUNTER,
  markBridgeDead,
  type BridgeReply,
  type BridgeRequest,
  type BridgeWorkerData,
} from './bridgeProtocol.js';
import { scrubCredentials } from './credentials.js';

const { url, signal, applicationName, statementTimeoutMs } = workerData as BridgeWorkerData;
const flag = new Int32Array(signal);

function markDead(e: unknown): void {
  markBridgeDead(signal, scrubCredentials((e as Error)?.message ?? String(e), url));
}

process.on('uncaughtException', (e) => {
  markDead(e);
  process.exit(1);
});
process.on('unhandledRejection', (e) => {
  markDead(e);
  process.exit(1);
});
process.on('exit', (code) => markDead(new Error(`the thread exited (code ${code})`)));

// bigint (COUNT(*), BIGINT columns) as a JS number, as better-sqlite3 returns integers; doubles too.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v));

interface Conn {
  client: pg.Client;
  connected: Promise<void>;
  /** Why the connection is gone, once it is. */
  lost: Error | null;
}

let conn: Conn | null = null;
/** The last connection was lost and the transaction it carried (if any) is over: a request in a transaction fails. */
let lostReason: Error | null = null;

function newConn(): Conn {
  const client = new pg.Client({ connectionString: url, application_name: applicationName, options: `-c statement_timeout=${statementTimeoutMs}` });
  const c: Conn = { client, connected: client.connect().then(() => undefined), lost: null };
  c.connected.catch(() => undefined);
  client.on('error', (e) => drop(c, e));
  client.on('end', () => drop(c, new Error('the server closed the connection')));
  return c;
}

/** Forget a connection that broke or was given up on; the next request outside a transaction opens another. */
function drop(c: Conn, why: Error): void {
  if (c.lost) return;
  c.lost = why;
  if (conn === c) {
    conn = null;
    lostReason = why;
  }
  // ending a client that never connected would never settle: destroy its socket instead
  (c.client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  c.client.end().catch(() => undefined);
}

let port: MessagePort;

function reply(r: BridgeReply): void {
  port.postMessage(r);
  Atomics.add(flag, SIGNAL_COUNTER, 1);
  Atomics.notify(flag, SIGNAL_COUNTER);
}

function failure(id: number, e: unknown): BridgeReply {
  const err = e as { message?: string; code?: string; constraint?: string; detail?: string };
  // A connect failure may quote what it could not parse: never the password of the URL.
  const scrub = (t: string | undefined) => (t == null ? t : scrubCredentials(t, url));
  return { id, ok: false, error: { message: scrub(err.message ?? String(e))!, code: err.code, constraint: err.constraint, detail: scrub(err.detail) } };
}

// The first message from the parent carries the port that every request comes on.
parentPort!.once('message', (m: { port: MessagePort }) => {
  port = m.port;
  port.on('message', (r: BridgeRequest) => {
    if (r.kind === 'reset') {
      if (conn) drop(conn, new Error('the statement timed out and its connection was closed'));
      return;
    }
    void handle(r).then(reply, (e: unknown) => reply(failure(r.id, e)));
  });
});

async function handle(m: Exclude<BridgeRequest, { kind: 'reset' }>): Promise<BridgeReply> {
  if (m.kind === 'close') {
    // The port stays open for this reply; the main thread closes it and ends the thread.
    if (conn) {
      const c = conn;
      conn = null;
      c.lost = new Error('closed');
      await c.connected.then(() => c.client.end()).catch(() => undefined);
    }
    return { id: m.id, ok: true, fields: [], rows: [], rowCount: 0 };
  }
  if (!conn) {
    if (m.inTransaction && lostReason) throw new Error(`The PostgreSQL connection was lost during the transaction, which did not complete: ${lostReason.message}`);
    lostReason = null;
    conn = newConn();
  }
  const c = conn;
  try {
    await c.connected;
    if (m.kind === 'exec') {
      await c.client.query(m.text);
      return { id: m.id, ok: true, fields: [], rows: [], rowCount: 0 };
    }
    const r = await c.client.query({ text: m.text, values: m.values, rowMode: 'array' });
    return { id: m.id, ok: true, fields: r.fields.map((f) => f.name), rows: r.rows as unknown[][], rowCount: r.rowCount ?? 0 };
  } catch (e) {
    // A failed connect, or a connection that broke under this statement: the next request opens another.
    if (!(e instanceof pg.DatabaseError) || c.lost) drop(c, e as Error);
    throw e;
  }
}
