// Text extraction off the main thread. PDF, DOCX and HTML parsers run on a small pool of worker
// threads (extractionWorker.ts), one job per thread at a time, each thread with a heap cap
// (`resourceLimits`) and each job with a time limit. A job that passes its time limit has its
// thread terminated; a thread that runs out of memory or dies otherwise is dropped; either way the
// job ends with a `reason`, `transient` (the limits are the pool's, met under whatever load the
// machine had: a later try may pass), and the next job gets a fresh thread. Text types need no
// parser and are read on the calling thread. Idle threads are unref'd, so they never keep the
// process alive.
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../workerThread.js';
import { baseContentType, CONTENT_TYPES, extractText, needsParser, type Extraction } from './extraction.js';
import type { ExtractionJob } from './extractionWorker.js';
import type { ZipLimits } from './zipLimits.js';

export interface ExtractionPoolOptions extends ZipLimits {
  /** Threads at most. */
  workers: number;
  /** Per job, from when a thread takes it. */
  timeoutMs: number;
  /** Each thread's old-generation heap cap. */
  memoryMb: number;
  /**
   * Largest PDF handed to the parser: parsing takes several times the file's size in memory (a
   * 100 MB PDF added some 500 MB of RSS), so a larger one is not parsed at all.
   */
  maxPdfTextBytes: number;
}

/** A thread that takes longer than this to load its modules is given up. */
const STARTUP_MS = 60_000;

interface Slot {
  worker: Worker;
  /** Resolves true once the thread has loaded, false if it died or never did. */
  ready: Promise<boolean>;
  /** The thread's first error: why it did not start, when it died loading (a module that would not load, memory). */
  error?: string;
}

interface Pending {
  bytes: Buffer;
  contentType: string;
  resolve: (e: Extraction) => void;
}

export class ExtractionPool {
  private readonly idle: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Set<Worker>();
  private closed = false;
  /** Threads started, and threads lost to a limit or a crash (tests and metrics read these). */
  readonly stats = { started: 0, replaced: 0 };

  constructor(private readonly opts: ExtractionPoolOptions) {}

  get limits(): ZipLimits {
    return { maxInflatedBytes: this.opts.maxInflatedBytes, maxEntries: this.opts.maxEntries };
  }

  /** The size cap on PDFs whose text is extracted (BRAINKEEP_MAX_PDF_TEXT_BYTES). */
  get maxPdfTextBytes(): number {
    return this.opts.maxPdfTextBytes;
  }

  /** Why a PDF of `size` bytes is not parsed, or null when it may be. */
  pdfTooLarge(size: number): string | null {
    if (size <= this.opts.maxPdfTextBytes) return null;
    return `The PDF is ${size} bytes, over the ${this.opts.maxPdfTextBytes} bytes whose text is extracted (BRAINKEEP_MAX_PDF_TEXT_BYTES); it is kept, its text is not read.`;
  }

  /** The text of an upload; never throws: a limit or a dead thread is `failed` with a reason. */
  extract(bytes: Buffer, contentType: string): Promise<Extraction> {
    if (!needsParser(contentType)) return extractText(bytes, contentType, this.limits);
    const tooLarge = baseContentType(contentType) === CONTENT_TYPES.pdf ? this.pdfTooLarge(bytes.length) : null;
    if (tooLarge) return Promise.resolve({ text: '', status: 'failed', reason: tooLarge });
    if (this.closed) return Promise.resolve(failed(SHUTTING_DOWN));
    return new Promise((resolve) => {
      this.queue.push({ bytes, contentType, resolve });
      this.pump();
    });
  }

  /** Terminate every thread; jobs still queued end as failed. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve(failed(SHUTTING_DOWN));
    const all = [...this.idle.splice(0).map((s) => s.worker), ...this.running];
    this.running.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.queue.length && !this.closed && (this.idle.length || this.idle.length + this.running.size < this.opts.workers)) {
      const job = this.queue.shift()!;
      const worker = this.idle.pop() ?? this.spawn();
      this.run(worker, job);
    }
  }

  private spawn(): Slot {
    this.stats.started++;
    const worker = startSiblingWorker(import.meta.url, 'extractionWorker', null, { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, this.opts.memoryMb >> 3)) });
    const slot: Slot = { worker, ready: loaded(worker) };
    // A thread that dies while idle is simply forgotten; one that dies loading says why in the job's reason.
    worker.on('error', (e: Error) => (slot.error ??= e.message));
    worker.once('exit', () => {
      const i = this.idle.findIndex((s) => s.worker === worker);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return slot;
  }

  private run(slot: Slot, job: Pending): void {
    const { worker } = slot;
    this.running.add(worker);
    worker.ref();
    void slot.ready.then((ok) => {
      if (ok) this.start(slot, job);
      else {
        this.running.delete(worker);
        if (!this.closed) this.stats.replaced++;
        void worker.terminate();
        job.resolve(failed(`Text extraction stopped: the parser thread did not start${slot.error ? ` (${slot.error})` : ''}. The file is kept.`));
        this.pump();
      }
    });
  }

  private start(slot: Slot, job: Pending): void {
    const { worker } = slot;
    let done = false;
    const finish = (result: Extraction, healthy: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.running.delete(worker);
      if (healthy && !this.closed) {
        worker.unref();
        this.idle.push(slot);
      } else if (!this.closed) {
        this.stats.replaced++;
        void worker.terminate();
      }
      job.resolve(result);
      this.pump();
    };
    const onMessage = (result: Extraction): void => finish(result, true);
    const onError = (e: Error & { code?: string }): void =>
      finish(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? failed(`Text extraction stopped: the document needed more than ${this.opts.memoryMb} MB of memory to parse (BRAINKEEP_EXTRACT_MEMORY_MB). The file is kept.`)
          : failed(`Text extraction stopped: the parser crashed (${e.message}). The file is kept.`),
        false,
      );
    const onExit = (code: number): void => finish(this.closed ? failed(SHUTTING_DOWN) : failed(`Text extraction stopped: the parser exited (code ${code}). The file is kept.`), false);
    const timer = setTimeout(
      () => finish(failed(`Text extraction stopped: parsing took longer than ${Math.round(this.opts.timeoutMs / 100) / 10} s (BRAINKEEP_EXTRACT_TIMEOUT_MS). The file is kept.`), false),
      this.opts.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // A copy the thread owns: the caller's buffer may be a slice of a larger one.
    const copy = new Uint8Array(job.bytes);
    worker.postMessage({ bytes: copy, contentType: job.contentType, limits: this.limits } satisfies ExtractionJob, [copy.buffer]);
  }
}

/** The job clock starts once the thread has loaded its modules; loading has a clock of its own. */
function loaded(worker: Worker): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), STARTUP_MS);
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      worker.off('message', onReady);
      resolve(ok);
    };
    const onReady = (m: unknown) => m === 'ready' && settle(true);
    worker.on('message', onReady);
    worker.once('exit', () => settle(false));
  });
}

const SHUTTING_DOWN = 'Text extraction is unavailable: the server is shutting down.';

/** A job the pool could not finish: a limit, a dead thread or a shutdown, none of them the file's own fault. */
function failed(reason: string): Extraction {
  return { text: '', status: 'failed', reason, transient: true };
}
