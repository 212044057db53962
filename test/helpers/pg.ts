// Test harness for the PostgreSQL backend: a PGlite server (pgliteThread.ts) on an ephemeral
// loopback port, and the connection URL the code under test is given. Nothing leaves the machine.
import type { PGliteOptions } from '@electric-sql/pglite';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../../src/workerThread.js';
import type { ClaimerData } from './pgClaimer.js';

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

/** A compiled WebAssembly.Module (the ES2023 lib this project type-checks with has no WebAssembly types). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let pgliteWasm: Promise<WasmModule> | undefined;

/**
 * PGlite's PostgreSQL (9 MB of WebAssembly), compiled once per process and handed to each PGlite
 * thread. Compiled in each thread, every start ran its first statements (above all the 19
 * migrations) on unoptimized code while the hot functions were optimized again: a start,
 * openPostgres and a small workload took 8.9 s of CPU, with the module shared 4.5-4.9 s
 * (process.cpuUsage, starts 2 and 3 of a process, 2 alternating runs), openPostgres alone 3.3-3.6 s
 * before, 1.2-1.5 s after. The 11 PostgreSQL files in one mocha process: 252 and 270 s of CPU
 * before, 199 and 237 s after (alternating, at load 3 and 7).
 */
function pgliteModule(): Promise<WasmModule> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
  return (pgliteWasm ??= fs.promises.readFile(file).then((bytes) => wasm.compile(bytes)));
}

/** Start a fresh, empty database. `withVector: false` leaves pgvector out (the "missing extension" case). */
export async function startTestPostgres(opts: { withVector?: boolean } = {}): Promise<TestPostgres> {
  const worker: Worker = startSiblingWorker(import.meta.url, 'pgliteThread', { withVector: opts.withVector ?? true, wasmModule: await pgliteModule() });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the PGlite thread exited (${code}) before listening`)));
    worker.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'listening') resolve(m.port!);
    });
  });
  worker.removeAllListeners('exit');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
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
