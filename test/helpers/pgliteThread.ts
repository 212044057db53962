// A real PostgreSQL for tests, offline: PGlite (Postgres compiled to WebAssembly) with pgvector,
// pg_trgm and unaccent, served over TCP on an ephemeral loopback port by pglite-socket so the `pg`
// driver reaches it as it would any server. It runs in its own thread (see pg.ts): the code under
// test blocks its thread while a statement is answered, and the server must go on meanwhile.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { parentPort, workerData } from 'node:worker_threads';

const { withVector } = workerData as { withVector: boolean };

const db = await PGlite.create({ extensions: withVector ? { vector, pg_trgm, unaccent } : { pg_trgm, unaccent } });
const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 16 });
server.addEventListener('listening', (e) => {
  const { port } = (e as CustomEvent<{ port: number }>).detail;
  parentPort!.postMessage({ type: 'listening', port });
});
await server.start();

parentPort!.on('message', (m: { type: string }) => {
  if (m.type !== 'stop') return;
  void server
    .stop()
    .then(() => db.close())
    .then(() => parentPort!.postMessage({ type: 'stopped' }));
});
