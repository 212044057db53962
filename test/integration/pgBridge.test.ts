// The synchronous PostgreSQL bridge (src/storage/postgres/pgBridge.ts) against a real server
// (PGlite behind pglite-socket, see test/helpers/pg.ts): timeouts, a dead bridge thread, and
// connections that drop, with and without a transaction open.
import assert from 'node:assert/strict';
import type { Worker } from 'node:worker_threads';
import { PostgresDb } from '../../src/storage/postgres/pgBridge.js';
import { connectPostgres, redactUrl } from '../../src/storage/postgres/database.js';
import { startTestPostgres, type TestPostgres } from '../helpers/pg.js';
import { startTcpCutter, type TcpCutter } from '../helpers/tcpCutter.js';

describe('PostgreSQL bridge: timeouts, dead thread, lost connections', function () {
  this.timeout(30_000);
  let server: TestPostgres;
  const opened: PostgresDb[] = [];
  const open = (url: string, statementTimeoutMs?: number): PostgresDb => {
    const db = new PostgresDb(url, { statementTimeoutMs });
    opened.push(db);
    return db;
  };
  /** A bridge with a short timeout, once its thread has started (loading the thread is not part of the budget). */
  const openStarted = (url: string, statementTimeoutMs: number): PostgresDb => {
    const db = open(url, statementTimeoutMs);
    for (let i = 0; ; i++) {
      try {
        db.queryRaw('SELECT 1');
        return db;
      } catch (e) {
        if (i === 40) throw e;
      }
    }
  };

  before(async () => {
    server = await startTestPostgres({ withVector: false });
    // the first bridge thread of a run loads the TypeScript loader: not part of any 300 ms budget
    const warm = new PostgresDb(server.url);
    warm.queryRaw('SELECT 1');
    await warm.close();
  });
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });
  after(async () => {
    await server.stop();
  });

  it('after a statement times out, the next statement gets its own reply, not the late one', async () => {
    const db = openStarted(server.url, 300);
    assert.throws(() => db.queryRaw("SELECT pg_sleep(1), 'slow'"), /did not answer within 300 ms/);
    // the test server runs one backend for every connection: let the sleep end before the next statement
    await new Promise((r) => setTimeout(r, 1200));
    assert.deepEqual(db.queryRaw("SELECT 'fast'").rows, [['fast']]);
    assert.deepEqual(db.queryRaw("SELECT 'again'").rows, [['again']]);
  });

  it('a timeout inside a transaction fails the transaction; the next statement outside one reconnects', async () => {
    const db = openStarted(server.url, 300);
    db.exec('CREATE TABLE IF NOT EXISTS tx_timeout (v TEXT)');
    db.exec('DELETE FROM tx_timeout');
    assert.throws(
      () =>
        db.transaction(() => {
          db.queryRaw("INSERT INTO tx_timeout VALUES ('x')");
          try {
            db.queryRaw('SELECT pg_sleep(1)');
          } catch {
            // swallowed on purpose: the transaction must still not go on in autocommit
          }
          db.queryRaw("INSERT INTO tx_timeout VALUES ('after')");
        })(),
      /lost during the transaction/,
    );
    await new Promise((r) => setTimeout(r, 1200));
    assert.deepEqual(db.queryRaw("SELECT v FROM tx_timeout WHERE v = 'after'").rows, []);
    assert.deepEqual(db.queryRaw("SELECT 'ok'").rows, [['ok']]);
  });

  it('a connection string the driver cannot parse fails at once with its own error, not a timeout', () => {
    const db = open('postgres://[bad/x', 10_000);
    const t0 = Date.now();
    assert.throws(() => db.queryRaw('SELECT 1'), /Invalid URL/);
    assert.throws(() => db.queryRaw('SELECT 1'), /Invalid URL/);
    assert.ok(Date.now() - t0 < 3000, `took ${Date.now() - t0} ms`);
  });

  it('once the bridge thread has died, every call fails at once with why, instead of waiting out its timeout', async () => {
    const db = open(server.url, 10_000);
    assert.deepEqual(db.queryRaw('SELECT 1').rows, [[1]]);
    // the real thread, ended from outside as a fatal error would end it
    await (db as unknown as { worker: Worker }).worker.terminate();
    const t0 = Date.now();
    assert.throws(() => db.queryRaw('SELECT 1'), /bridge thread died/);
    assert.throws(() => db.queryRaw('SELECT 1'), /bridge thread died/);
    assert.ok(Date.now() - t0 < 3000, `took ${Date.now() - t0} ms`);
  });

  describe('through a relay that drops connections', () => {
    let relay: TcpCutter;
    before(async () => {
      relay = await startTcpCutter(server.url);
    });
    after(async () => {
      await relay.stop();
    });

    it('reconnects on the next statement after the connection was lost', () => {
      const db = open(relay.url, 5000);
      assert.deepEqual(db.queryRaw('SELECT 1').rows, [[1]]);
      relay.cut();
      let answered: unknown[][] | null = null;
      // the loss may be noticed by the first statement after it (which then fails) or before it
      for (let i = 0; i < 2 && !answered; i++) {
        try {
          answered = db.queryRaw("SELECT 'back'").rows;
        } catch {
          // the statement that met the broken connection
        }
      }
      assert.deepEqual(answered, [['back']]);
    });

    it('a connection lost inside a transaction fails that transaction instead of going on in autocommit', () => {
      const db = open(relay.url, 5000);
      db.exec('CREATE TABLE IF NOT EXISTS tx_lost (v TEXT)');
      db.exec('DELETE FROM tx_lost');
      assert.throws(
        () =>
          db.transaction(() => {
            db.queryRaw("INSERT INTO tx_lost VALUES ('before')");
            relay.cut();
            try {
              db.queryRaw('SELECT 1');
            } catch {
              // swallowed on purpose
            }
            db.queryRaw("INSERT INTO tx_lost VALUES ('after')");
          })(),
        /lost during the transaction|Connection terminated/,
      );
      assert.deepEqual(db.queryRaw("SELECT v FROM tx_lost WHERE v = 'after'").rows, []);
    });
  });
});

describe('PostgreSQL connection errors', function () {
  this.timeout(20_000);
  it('never show a password, whether in the user part or in the query (?password=)', () => {
    assert.equal(redactUrl('postgres://u:s3cret@h/db'), 'postgres://u:***@h/db');
    assert.equal(redactUrl('postgres://u@h/db?sslmode=disable&password=s3cret'), 'postgres://u@h/db?sslmode=disable&password=***');
    assert.throws(
      () => connectPostgres('postgres://u@127.0.0.1:1/db?password=s3cret', { statementTimeoutMs: 10_000 }),
      (e: Error) => /Cannot connect to PostgreSQL/.test(e.message) && !e.message.includes('s3cret'),
    );
  });
});
