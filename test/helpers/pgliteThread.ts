// A real PostgreSQL for tests, offline: PGlite (Postgres compiled to WebAssembly) with pgvector,
// pg_trgm and unaccent, served over TCP on an ephemeral loopback port by pglite-socket so the `pg`
// driver reaches it as it would any server. It runs in its own thread (see pg.ts): the code under
// test blocks its thread while a statement is answered, and the server must go on meanwhile.
//
// A new PGlite runs initdb in WebAssembly: 4-8 s of CPU, and the suite starts dozens. The empty
// cluster initdb makes is the same every time, so the first start on a machine saves it (a tar of
// the data folder, per PGlite version and extension set) into the OS temp folder, and later starts
// load it (about 1.3 s): the same empty database, with no initdb.
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, threadId, workerData } from 'node:worker_threads';

const { withVector } = workerData as { withVector: boolean };
const extensions: Extensions = withVector ? { vector, pg_trgm, unaccent } : { pg_trgm, unaccent };

/** The saved empty cluster for this PGlite and extension set (a new version of either makes another). */
function templateFile(): string {
  // The packages' own package.json (not in their exports, so read from node_modules).
  const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');
  const version = (pkg: string): string => (JSON.parse(fs.readFileSync(path.join(modules, pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const key = `pglite-${version('@electric-sql/pglite')}-pgvector-${version('@electric-sql/pglite-pgvector')}-${withVector ? 'vector' : 'plain'}`;
  return path.join(os.tmpdir(), 'brainkeep-test-pglite', `${key}.tar`);
}

async function openDatabase(): Promise<PGlite> {
  const template = templateFile();
  if (fs.existsSync(template)) return PGlite.create({ extensions, loadDataDir: new Blob([fs.readFileSync(template)]) });
  const db = await PGlite.create({ extensions });
  await db.exec('CHECKPOINT');
  const dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
  // Written whole under a private name and renamed into place: a file at the template's name is
  // always complete, and two first starts at once each write their own and one rename wins.
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}-${threadId}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, template);
  return db;
}

const db = await openDatabase();
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
