// Starting a worker_threads module that sits next to its caller (process plumbing, not storage: any
// layer that runs a thread uses it, and it imports nothing of Brainkeep's): `name.js` from dist/; run from the
// TypeScript sources (tests, benchmarks, development through tsx), the thread registers tsx itself
// first, since the main thread's loader hooks do not reach worker threads on Node 20.
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
  const code = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
  return new Worker(code, { eval: true, workerData, resourceLimits });
}

function tsxApiUrl(): string {
  // tsx's ESM API entry, from its package exports (import.meta.resolve is missing when tsx runs this module as CommonJS).
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
}
