// Starting a worker_threads module that sits next to its caller (process plumbing, not storage: any
// layer that runs a thread uses it, and it imports nothing of Brainkeep's): `name.js` from dist/; run from the
// TypeScript sources (tests, benchmarks, development through tsx), the thread registers tsx itself
// first, since the main thread's loader hooks do not reach worker threads on Node 20, unless dist/
// holds a build at least as new as every source (as under `npm test`, which builds first): then the
// compiled sibling runs, without loading each of its modules through tsx.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * `callerUrl`: the caller's import.meta.url; `name`: the worker module's file name without extension;
 * `resourceLimits`: the thread's heap caps (it dies with ERR_WORKER_OUT_OF_MEMORY beyond them).
 */
export function startSiblingWorker(callerUrl: string, name: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const caller = fileURLToPath(callerUrl);
  const ext = path.extname(caller);
  const file = path.join(path.dirname(caller), `${name}${ext}`);
  if (ext !== '.ts') return new Worker(file, { workerData, resourceLimits });
  const built = builtSibling(caller, name);
  if (built) return new Worker(built, { workerData, resourceLimits });
  const code = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
  return new Worker(code, { eval: true, workerData, resourceLimits });
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let distFresh: boolean | undefined;

/**
 * dist/'s compiled `name.js` beside a caller in src/, when dist/ is fresh: a compiled file at least
 * as new as each source (the rule test/helpers/cli.ts applies to the CLI), checked once per process.
 * A thread through tsx took 0.5-0.7 s of CPU to start against 0.25-0.45 s from dist/, and a test
 * server starts half a dozen (measured by suite54). Null otherwise: the sources run through tsx.
 */
function builtSibling(caller: string, name: string): string | null {
  const src = path.join(ROOT, 'src');
  if (!caller.startsWith(src + path.sep) || !distIsFresh()) return null;
  const file = path.join(ROOT, 'dist', path.relative(src, path.dirname(caller)), `${name}.js`);
  return fs.existsSync(file) ? file : null;
}

/**
 * Whether dist/ holds a compiled file at least as new as each src/ file (.ts, and the .json the
 * code imports, copied as is). Checked once per process; test/helpers/cli.ts runs the CLI from
 * dist/ by the same rule.
 */
export function distIsFresh(): boolean {
  return (distFresh ??= builtFrom('src'));
}

/** Whether every source (.ts, and the .json the code imports) under `dir` has its dist/ copy, no older. */
function builtFrom(dir: string): boolean {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).every((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return builtFrom(rel);
    const json = e.name.endsWith('.json');
    if (!json && (!e.name.endsWith('.ts') || e.name.endsWith('.d.ts'))) return true;
    const built = path.join(ROOT, 'dist', path.relative('src', rel).replace(/\.ts$/, '.js'));
    try {
      return fs.statSync(built).mtimeMs >= fs.statSync(path.join(ROOT, rel)).mtimeMs;
    } catch {
      return false;
    }
  });
}

function tsxApiUrl(): string {
  // tsx's ESM API entry, from its package exports (import.meta.resolve is missing when tsx runs this module as CommonJS).
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
}

/** One thread of a small pool, and how many of its jobs are not answered yet. */
export interface PoolThread {
  worker: Worker;
  busy: number;
}

/**
 * The threads of a small pool and the jobs they have in hand, by id. A job is posted to a thread
 * (which is ref'd while it has any, so the process waits for the reply) and settled by the reply
 * that carries its id. A thread that fails or stops is dropped from the pool and its jobs fail
 * (nothing was acknowledged for them); the pool's next job starts another in its place.
 */
export class ThreadJobs<T extends PoolThread, J extends object, R extends { id: number }> {
  readonly threads: T[] = [];
  private readonly waiting = new Map<number, { resolve: (reply: R) => void; reject: (e: Error) => void; thread: T }>();
  private nextId = 1;

  /** Take a started thread into the pool (unref'd while idle); `stopped` is the error its jobs fail with if it exits. */
  add(thread: T, stopped: string): T {
    const { worker } = thread;
    worker.on('message', (m: R) => {
      const w = this.waiting.get(m.id);
      if (!w) return; // not a reply (a thread's own notice) or one already failed
      this.waiting.delete(m.id);
      if (--thread.busy === 0) worker.unref();
      w.resolve(m);
    });
    const lost = (e: Error) => this.drop(thread, e);
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error(stopped)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  /** Send `job` (given the next id) to `thread`; resolves with its reply. */
  post(thread: T, job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, thread });
      if (thread.busy++ === 0) thread.worker.ref(); // a caller is waiting: keep the process alive until the reply
      thread.worker.postMessage({ ...job, id }, transfer);
    });
  }

  /** Fail every job in hand (the pool is shutting down). */
  failAll(error: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of all) w.reject(error);
  }

  /** Take `thread` out of the pool now and fail its jobs with `error` (the caller ends the thread). */
  stop(thread: T, error: Error): void {
    this.drop(thread, error);
  }

  private drop(thread: T, error: Error): void {
    const i = this.threads.indexOf(thread);
    if (i >= 0) this.threads.splice(i, 1);
    for (const [id, w] of this.waiting) {
      if (w.thread !== thread) continue;
      this.waiting.delete(id);
      w.reject(error);
    }
  }
}
