// A synchronous connection to PostgreSQL: the SyncDb (../syncDb.ts) that repositories written for
// both backends call. A worker thread (pgBridgeWorker.ts) holds one `pg` client; each statement is
// posted to it and the calling thread blocks in Atomics.wait until the reply is queued, then takes
// it with receiveMessageOnPort. Blocking is what better-sqlite3 does for a read of the local file;
// here it lasts one network round trip (see docs/postgres.md for the measured cost and the
// alternative of making every repository async).
//
// One connection serves the process, as one better-sqlite3 connection does: statements run one at
// a time, and a transaction (BEGIN ... COMMIT) runs within one synchronous call, so nothing else
// can interleave on the connection. `immediate` transactions take a transaction-level advisory
// lock first, so writers are serialised across every node as SQLite serialises its writers.
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../../workerThread.js';
import type { SyncDb, SyncRunResult, SyncStatement, SyncTransaction, TxFunction } from '../syncDb.js';
import {
  SIGNAL_BYTES,
  SIGNAL_COUNTER,
  SIGNAL_DEAD,
  SIGNAL_ERROR_LENGTH,
  SIGNAL_ERROR_OFFSET,
  markBridgeDead,
  type BridgeError,
  type BridgeReply,
  type BridgeRequest,
  type BridgeWorkerData,
} from './bridgeProtocol.js';
import { bindValues, toPgText, type PgText } from './sqlText.js';

/** Statement texts kept rewritten for PostgreSQL (`query`); emptied when full. */
const PG_TEXTS_KEPT = 2048;

/** The advisory lock key every `immediate` transaction takes (the single writer, as on SQLite). */
export const WRITE_LOCK_KEY = 0x6272_6b70; // "brkp"

export interface PostgresDbOptions {
  /**
   * How long one statement may take before the caller gives up (ms). The server is told to cancel
   * a statement a little sooner (statement_timeout); a statement the caller gives up on closes the
   * connection, and the transaction it ran in fails.
   */
  statementTimeoutMs?: number;
  applicationName?: string;
}

/** An error the server (or the connection) reported, with its SQLSTATE as `code`. */
export class PostgresError extends Error {
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  readonly detail: string | undefined;
  constructor(e: BridgeError) {
    super(e.message);
    this.name = 'PostgresError';
    this.code = e.code;
    this.constraint = e.constraint;
    this.detail = e.detail;
  }
}

export interface QueryResult {
  fields: string[];
  rows: unknown[][];
  rowCount: number;
}

/** A request as the caller writes it; `id` and `inTransaction` are added when it is sent. */
type CallRequest = { kind: 'query'; text: string; values: unknown[] } | { kind: 'exec'; text: string } | { kind: 'close' };

export class PostgresDb implements SyncDb {
  readonly dialect = 'postgres';
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag: Int32Array;
  private readonly timeoutMs: number;
  private readonly texts = new Map<string, PgText>();
  private depth = 0;
  private savepoints = 0;
  private closed = false;
  private nextId = 0;

  constructor(url: string, opts: PostgresDbOptions = {}) {
    const signal = new SharedArrayBuffer(SIGNAL_BYTES);
    this.flag = new Int32Array(signal);
    this.timeoutMs = opts.statementTimeoutMs ?? 60_000;
    const data: BridgeWorkerData = {
      url,
      signal,
      applicationName: opts.applicationName ?? 'brainkeep',
      statementTimeoutMs: serverTimeoutMs(this.timeoutMs),
    };
    this.worker = startSiblingWorker(import.meta.url, 'pgBridgeWorker', data);
    // Seen between calls (the event loop is free then); a thread dying during a call marks itself.
    this.worker.on('error', (e) => markBridgeDead(signal, e.message));
    this.worker.on('exit', (code) => markBridgeDead(signal, `the thread exited (code ${code})`));
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker.postMessage({ port: port2 }, [port2]);
    this.worker.unref();
    this.port.unref();
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** False once closed (better-sqlite3's `open`). */
  get open(): boolean {
    return !this.closed;
  }

  /** One request, answered before this returns. Replies to earlier requests (given up on) are dropped. */
  private call(req: CallRequest, timeoutMs = this.timeoutMs): QueryResult {
    if (this.closed) throw new Error('The PostgreSQL connection is closed');
    this.throwIfDead();
    const id = ++this.nextId;
    this.port.postMessage({ ...req, id, inTransaction: this.depth > 0 });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Read before looking at the port: a reply posted after the look bumps it, so the wait returns.
      // (Read each time round: a dropped late reply bumps it too, and must not make the wait spin.)
      const seen = Atomics.load(this.flag, SIGNAL_COUNTER);
      let m = receiveMessageOnPort(this.port);
      while (m && (m.message as BridgeReply).id !== id) m = receiveMessageOnPort(this.port);
      if (m) {
        const r = m.message as BridgeReply;
        if (!r.ok) throw new PostgresError(r.error);
        return r;
      }
      this.throwIfDead();
      const left = deadline - Date.now();
      if (left <= 0) {
        // The statement may still be running: its connection is closed (its late reply is dropped
        // by id), the transaction it was part of fails, and the next statement outside one reconnects.
        this.port.postMessage({ id, kind: 'reset' } satisfies BridgeRequest);
        throw new Error(`PostgreSQL did not answer within ${timeoutMs} ms`);
      }
      Atomics.wait(this.flag, SIGNAL_COUNTER, seen, left);
    }
  }

  /** The bridge thread died (it marks the shared signal): fail at once with its error. */
  private throwIfDead(): void {
    if (Atomics.load(this.flag, SIGNAL_DEAD) !== 1) return;
    const n = Atomics.load(this.flag, SIGNAL_ERROR_LENGTH);
    const bytes = new Uint8Array(this.flag.buffer, SIGNAL_ERROR_OFFSET, n).slice();
    throw new Error(new TextDecoder().decode(bytes));
  }

  /** Run a statement with `$n` parameters as given (no rewriting); rows as arrays. */
  queryRaw(text: string, values: unknown[] = []): QueryResult {
    return this.call({ kind: 'query', text, values });
  }

  /** Run a statement written with `?` or `@name` parameters. */
  query(sql: string, args: unknown[]): QueryResult {
    let t = this.texts.get(sql);
    if (!t) {
      // Statement texts that spell out a query's shape (search's ranking) are many: kept ones dropped when full.
      if (this.texts.size >= PG_TEXTS_KEPT) this.texts.clear();
      this.texts.set(sql, (t = toPgText(sql)));
    }
    return this.call({ kind: 'query', text: t.text, values: bindValues(t, args) });
  }

  prepare(sql: string): SyncStatement {
    return new PgStatement(this, sql, false);
  }

  /** One or more statements without parameters (schema changes). */
  exec(sql: string): this {
    this.call({ kind: 'exec', text: sql });
    return this;
  }

  transaction<F extends TxFunction>(fn: F): SyncTransaction<F> {
    const run = (lock: boolean, args: unknown[]): ReturnType<F> => {
      if (this.depth > 0) return this.nested(fn, args);
      this.exec('BEGIN');
      this.depth = 1;
      try {
        if (lock) this.queryRaw('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]);
        const result = fn(...args) as ReturnType<F>;
        // As better-sqlite3: a transaction ends when its function returns, so it cannot await.
        if (typeof (result as { then?: unknown } | null)?.then === 'function') throw new TypeError('Transaction function cannot return a promise');
        this.exec('COMMIT');
        return result;
      } catch (e) {
        if (!this.closed) this.rollbackQuietly('ROLLBACK');
        throw e;
      } finally {
        this.depth = 0;
      }
    };
    const tx = ((...args: unknown[]) => run(false, args)) as unknown as SyncTransaction<F>;
    tx.deferred = (...args: unknown[]) => run(false, args);
    tx.immediate = (...args: unknown[]) => run(true, args);
    return tx;
  }

  private nested<F extends TxFunction>(fn: F, args: unknown[]): ReturnType<F> {
    const name = `sp${++this.savepoints}`;
    this.exec(`SAVEPOINT ${name}`);
    this.depth++;
    try {
      const result = fn(...args) as ReturnType<F>;
      this.exec(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      this.rollbackQuietly(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
      throw e;
    } finally {
      this.depth--;
    }
  }

  /** Undo after a failure; a failure of the undo itself (a dropped connection) must not hide the first. */
  private rollbackQuietly(sql: string): void {
    try {
      this.exec(sql);
    } catch {
      // the original error is rethrown by the caller
    }
  }

  /** End the connection and its thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.call({ kind: 'close' }, Math.min(this.timeoutMs, 5000));
    } catch {
      // closing a connection that already failed
    }
    this.closed = true;
    this.port.close();
    await this.worker.terminate();
  }
}

/** The server gives up a little before the caller does, so a slow statement is cancelled where it runs. */
function serverTimeoutMs(clientMs: number): number {
  return Math.max(1, clientMs - Math.min(1000, Math.ceil(clientMs / 10)));
}

class PgStatement implements SyncStatement {
  constructor(
    private readonly db: PostgresDb,
    private readonly sql: string,
    private readonly plucked: boolean,
  ) {}

  pluck(toggle = true): SyncStatement {
    return new PgStatement(this.db, this.sql, toggle);
  }

  all(...params: unknown[]): unknown[] {
    const r = this.db.query(this.sql, params);
    return r.rows.map((row) => this.shape(r.fields, row));
  }

  get(...params: unknown[]): unknown {
    const r = this.db.query(this.sql, params);
    return r.rows.length ? this.shape(r.fields, r.rows[0]!) : undefined;
  }

  run(...params: unknown[]): SyncRunResult {
    return { changes: this.db.query(this.sql, params).rowCount };
  }

  private shape(fields: string[], row: unknown[]): unknown {
    if (this.plucked) return row[0];
    const o: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) o[fields[i]!] = row[i];
    return o;
  }
}
