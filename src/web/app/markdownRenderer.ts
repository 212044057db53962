// Page markdown to HTML on a worker thread (markdownRenderWorker.ts), so a huge or hostile page
// (remark reads 80 KB of brackets in seconds) never holds the event loop that answers everyone
// else. One thread, one page at a time, with a heap cap and a time limit per page; a thread past
// its limit is terminated and the next page gets a fresh one. The thread is unref'd when idle.
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../../workerThread.js';
import type { RenderJob } from './markdownRenderWorker.js';

/** Per page, once the thread has loaded. */
const RENDER_TIMEOUT_MS = 20_000;
const STARTUP_MS = 60_000;
const HEAP_MB = 256;

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

interface Pending {
  job: RenderJob;
  resolve: (htmls: string[]) => void;
  reject: (e: Error) => void;
}

let worker: Worker | null = null;
let ready: Promise<boolean> | null = null;
let busy = false;
const queue: Pending[] = [];

/** Render on the thread (one HTML per item); rejects with RenderError past the time or memory limit. */
export function renderOffThread(job: RenderJob): Promise<string[]> {
  return new Promise((resolve, reject) => {
    queue.push({ job, resolve, reject });
    pump();
  });
}

function spawn(): void {
  const w = startSiblingWorker(import.meta.url, 'markdownRenderWorker', null, { maxOldGenerationSizeMb: HEAP_MB });
  w.on('error', () => undefined);
  worker = w;
  ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), STARTUP_MS);
    const onReady = (m: unknown) => {
      if (m !== 'ready') return;
      clearTimeout(timer);
      w.off('message', onReady);
      resolve(true);
    };
    w.on('message', onReady);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
      if (worker === w) {
        worker = null;
        ready = null;
      }
    });
  });
}

function drop(w: Worker): void {
  if (worker === w) {
    worker = null;
    ready = null;
  }
  void w.terminate();
}

function pump(): void {
  if (busy || !queue.length) return;
  busy = true;
  const next = queue.shift()!;
  if (!worker) spawn();
  const w = worker!;
  w.ref();
  void ready!.then((ok) => {
    if (!ok) {
      drop(w);
      return finish(() => next.reject(new RenderError('The page renderer did not start.')));
    }
    let done = false;
    const end = (settle: () => void, healthy: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('exit', onExit);
      if (healthy) w.unref();
      else drop(w);
      finish(settle);
    };
    const onMessage = (m: { htmls?: string[]; error?: string }) =>
      end(() => (m.htmls != null ? next.resolve(m.htmls) : next.reject(new Error(m.error ?? 'render failed'))), true);
    const onExit = () => end(() => next.reject(new RenderError('The page is too large to render (the renderer ran out of memory).')), false);
    const timer = setTimeout(() => end(() => next.reject(new RenderError(`The page took longer than ${RENDER_TIMEOUT_MS / 1000} s to render.`)), false), RENDER_TIMEOUT_MS);
    w.on('message', onMessage);
    w.on('exit', onExit);
    w.postMessage(next.job);
  });
}

function finish(settle: () => void): void {
  busy = false;
  settle();
  pump();
}
