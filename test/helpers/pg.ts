// Test harness for the PostgreSQL backend: a PGlite server (pgliteThread.ts) on an ephemeral
// loopback port, and the connection URL the code under test is given. Nothing leaves the machine.
import type { PGliteOptions } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { openPostgres } from '../../src/storage/postgres/database.js';
import { startSiblingWorker } from '../../src/workerThread.js';
import type { ClaimerData } from './pgClaimer.js';

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

const POSTGRES_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/storage/postgres');
let migrationsKey: string | undefined;

/**
 * What openPostgres makes of an empty database, as a hash of its sources: database.ts (extensions,
 * the migration loop) and every file of migrations/. An edit to any makes another migrated template.
 */
function migrationsHash(): string {
  if (migrationsKey) return migrationsKey;
  const files = ['database.ts', ...fs.readdirSync(path.join(POSTGRES_SRC, 'migrations')).sort().map((f) => `migrations/${f}`)];
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0`).update(fs.readFileSync(path.join(POSTGRES_SRC, f))).update('\0');
  return (migrationsKey = hash.digest('hex').slice(0, 16));
}

/** A compiled WebAssembly.Module (the ES2023 lib this project type-checks with has no WebAssembly types). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let pgliteWasm: Promise<WasmModule> | undefined;

/**
 * PGlite's PostgreSQL, compiled once per process and handed to each PGlite thread: compiled in each,
 * its 9 MB of WebAssembly was compiled (and its hot functions optimized) again at every start.
 */
function pgliteModule(): Promise<WasmModule> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
  return (pgliteWasm ??= fs.promises.readFile(file).then((bytes) => wasm.compile(bytes)));
}

/** The next message of `type` from the PGlite thread; rejects if it ends first. */
function reply<T>(worker: Worker, type: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const exit = (code: number): void => reject(new Error(`the PGlite thread exited (${code}) before '${type}'`));
    const onMessage = (m: { type: string }): void => {
      if (m.type !== type) return;
      worker.off('message', onMessage).off('error', reject).off('exit', exit);
      resolve(m as T);
    };
    worker.on('message', onMessage).once('error', reject).once('exit', exit);
  });
}

/**
 * Start a fresh database: empty, or with `migrated` as openPostgres leaves an empty one (the
 * extensions made, every migration applied), for tests whose claims are not about migrating: the
 * migrations on a new PGlite cost more CPU than its start. `withVector: false` leaves pgvector out
 * (the "missing extension" case).
 */
export async function startTestPostgres(opts: { withVector?: boolean; migrated?: boolean } = {}): Promise<TestPostgres> {
  const worker: Worker = startSiblingWorker(import.meta.url, 'pgliteThread', {
    withVector: opts.withVector ?? true,
    migratedKey: opts.migrated ? migrationsHash() : undefined,
    wasmModule: await pgliteModule(),
  });
  const { port, migrated } = await reply<{ port: number; migrated: boolean }>(worker, 'listening');
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (opts.migrated && !migrated) {
    // The first such start here: migrate as a node's first start would, and keep that for the next.
    try {
      const { db } = openPostgres(url);
      await db.close();
      const saved = reply(worker, 'saved');
      worker.postMessage({ type: 'save-migrated' });
      await saved;
    } catch (err) {
      await worker.terminate();
      throw err;
    }
  }
  return {
    url,
    async stop() {
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (m: { type: string }) => m.type === 'stopped' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'stop' });
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000))]);
      await worker.terminate();
    },
  };
}

/**
 * Another node in its own thread (pgClaimer.ts): claims the filing items or takes the leases in `ids`
 * in that order, resolves with those it won. Threads given the same `barrier` (a SharedArrayBuffer
 * of 4 bytes, for two threads) start together, once both are connected.
 */
export function claimInThread(data: ClaimerData): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const w = startSiblingWorker(import.meta.url, 'pgClaimer', data);
    w.once('message', (m: { won?: string[]; error?: string }) => (m.won ? resolve(m.won) : reject(new Error(m.error))));
    w.once('error', reject);
  });
}
