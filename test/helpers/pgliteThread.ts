// A real PostgreSQL for tests, offline: PGlite (Postgres compiled to WebAssembly) with pgvector,
// pg_trgm and unaccent, served over TCP on an ephemeral loopback port by pglite-socket so the `pg`
// driver reaches it as it would any server. It runs in its own thread (see pg.ts): the code under
// test blocks its thread while a statement is answered, and the server must go on meanwhile.
//
// A new PGlite runs initdb in WebAssembly: 7.5-9.5 s of CPU, and the suite starts about 18. The
// empty cluster initdb makes is the same every time, so the first start saves it (a tar of the data
// folder, per PGlite and pgvector version and extension set) in a folder of the user's own under the
// OS temp folder, and later starts load it (2-2.5 s of CPU): the same empty database, with no initdb.
// The template only saves time: one that cannot be loaded is removed and made again, and one that
// cannot be saved (no space, read-only temp folder) leaves the start as it was.
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { WasmModule } from './pg.js';

const { withVector, wasmModule } = workerData as { withVector: boolean; wasmModule?: WasmModule };
const extensions: Extensions = withVector ? { vector, pg_trgm, unaccent } : { pg_trgm, unaccent };

/**
 * Every PGlite of this thread: PostgreSQL compiled once per process (pg.ts), and 16 MB of shared
 * buffers instead of initdb's 128 MB. PGlite's start zeroes all of the shared memory byte by byte in
 * WebAssembly (memset under mmap: 1.9 s of a 3 s template load at 128 MB, 0.4 s at 16 MB, cpu-prof),
 * and a test's database is a few MB.
 */
const options = {
  extensions,
  ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/** How a template is made (options, CHECKPOINT, what is dumped): bump it when that changes, so older tars are not loaded. */
const TEMPLATE_FORMAT = 'v1';

/** An installed package's version, wherever node_modules is (these packages export no ./package.json). */
function packageVersion(pkg: string): string {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (json.name === pkg) return json.version;
  }
  throw new Error(`no package.json named ${pkg} above its entry`);
}

/** The saved empty cluster for this PGlite, pgvector and extension set (a change to any makes another). */
function templateFile(): string {
  const key = [
    TEMPLATE_FORMAT,
    `pglite-${packageVersion('@electric-sql/pglite')}`,
    `pgvector-${packageVersion('@electric-sql/pglite-pgvector')}`,
    Object.keys(extensions).sort().join('+'),
  ].join('-');
  // Per user, like the test Chromium (browser.ts): another user's folder of this name is neither
  // written (EACCES) nor trusted.
  return path.join(os.tmpdir(), `brainkeep-test-pglite-${process.getuid?.() ?? 0}`, `${key}.tar`);
}

/** The folder is ours and only we can write to it, so what is in it was saved by a start of ours. */
function ownFolder(dir: string): boolean {
  const st = fs.statSync(dir, { throwIfNoEntry: false });
  return st !== undefined && st.isDirectory() && st.uid === (process.getuid?.() ?? st.uid) && (st.mode & 0o022) === 0;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The template loaded, or undefined (none yet, or unusable: then it is removed and made again). */
async function loadTemplate(template: string): Promise<PGlite | undefined> {
  if (!ownFolder(path.dirname(template)) || !fs.existsSync(template)) return undefined;
  try {
    // A blob backed by the file: one copy of the 40 MB in memory, not a read buffer and a blob.
    return await PGlite.create({ ...options, loadDataDir: await fs.openAsBlob(template) });
  } catch (err) {
    // Also when a temp cleaner removed the file since existsSync: openAsBlob then throws, not ENOENT.
    // A torn file (a power loss after the rename: the write is not fsynced) fails here with PGlite's
    // "failed to initialize properly"; every later start would fail the same way.
    console.warn(`PGlite test template ${template} is unusable (${message(err)}): removing it, running initdb and saving it again`);
    try {
      fs.rmSync(template, { force: true });
    } catch (rmErr) {
      // Not a file (a folder of that name): the save below fails to rename onto it and says so.
      console.warn(`PGlite test template ${template} not removed (${message(rmErr)})`);
    }
    return undefined;
  }
}

/** Best effort: the database in hand is good whether or not its empty cluster could be kept. */
async function saveTemplate(db: PGlite, template: string): Promise<void> {
  const dir = path.dirname(template);
  // Written whole under a private name and renamed into place: a file at the template's name is
  // complete (unless torn by a power loss, see loadTemplate), and two first starts at once each
  // write their own and one rename wins.
  const partial = `${template}.${process.pid}-${threadId}.partial`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownFolder(dir)) throw new Error(`${dir} is not this user's alone`);
    await db.exec('CHECKPOINT');
    fs.writeFileSync(partial, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    fs.renameSync(partial, template);
  } catch (err) {
    console.warn(`PGlite test template ${template} not saved (${message(err)}): later starts run initdb`);
    try {
      fs.rmSync(partial, { force: true });
    } catch {
      // Nothing was written where nothing can be removed.
    }
  }
}

async function openDatabase(): Promise<PGlite> {
  const template = templateFile();
  const loaded = await loadTemplate(template);
  if (loaded) return loaded;
  const db = await PGlite.create(options);
  await saveTemplate(db, template);
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
