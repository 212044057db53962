// The background embedding worker: works the embedding queue batch by batch while the server
// runs. It wakes when a write queues chunks (and polls, for rows queued by another process such
// as `brainkeep reindex`), and stops between batches on shutdown.
import type { Logger } from 'pino';
import type { EmbeddingService } from '../services/embeddings/embeddingService.js';
import { loopQuiet } from './loopQuiet.js';

export interface EmbeddingWorkerOptions {
  /** How often an idle worker looks for work queued by another process. */
  pollMs: number;
  /** Resolves when no bulk write (an import, a rebuild) is in flight: batches wait for it (WritePath.bulkSettled). */
  bulkSettled?: () => Promise<void>;
  /**
   * The longest a batch waits for a quiet event loop (see `loopQuiet`); 0 never waits. Under a
   * steady load the queue still moves, one batch per this long.
   */
  busyDeferMs?: number;
}

/** How long after a write's wake the worker starts (see wakeSoon). */
const SETTLE_MS = 250;

/** The default of `busyDeferMs`. */
const BUSY_DEFER_MS = 2000;
/**
 * The most chunks a batch takes when it goes while the loop is still busy: its page context and
 * store hold the loop in proportion (the built-in model's full batch is 256 chunks; 32 held it
 * 26 ms on average under the 64-client load).
 */
const BUSY_BATCH = 16;

export class EmbeddingWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private settle: NodeJS.Timeout | null = null;
  /** When a write last woke the worker (performance.now()). */
  private wokenAt = -Infinity;
  /** Ends the wait in `settled` (stop). */
  private unsettle: (() => void) | null = null;
  private stopped: () => void = () => {};
  /** Resolves on stop (a wait for a bulk write ends there). */
  private readonly stopping = new Promise<void>((resolve) => (this.stopped = resolve));
  /** Ends a wait for a quiet loop (stop). */
  private readonly abort = new AbortController();

  constructor(
    private readonly embeddings: EmbeddingService,
    private readonly onQueued: (listener: () => void) => () => void,
    private readonly log: Logger,
    private readonly opts: EmbeddingWorkerOptions = { pollMs: 1000 },
  ) {}

  /** Does nothing when there are no vectors (PostgreSQL without pgvector): the worker stays idle. */
  start(): void {
    if (this.running || this.embeddings.vectorsOff) return;
    this.running = true;
    this.unsubscribe = this.onQueued(() => this.wakeSoon());
    this.loop = this.run();
  }

  /** Finish the batch in hand, then stop. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.wake?.();
    this.unsettle?.();
    this.abort.abort();
    this.stopped();
    await this.loop;
  }

  /**
   * Woken by a write: start a little later, not at once. The write's caller is still being answered
   * (a whole-vault push waits for git's last packet), and the first batch after a large index
   * change learns the brain's vocabulary synchronously on this thread (seconds for a vault): begun
   * at once, it held the push's answer back. Wakes meanwhile do not push the start further out.
   */
  private wakeSoon(): void {
    this.wokenAt = performance.now();
    if (!this.wake || this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = null;
      this.wake?.();
    }, SETTLE_MS);
    this.settle.unref();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let settled = 0;
      await this.settled();
      if (this.opts.bulkSettled) await Promise.race([this.opts.bulkSettled(), this.stopping]);
      const quiet = await this.loopQuiet();
      if (!this.running) break;
      try {
        settled = await this.embeddings.processNext(undefined, quiet ? {} : { maxBatch: BUSY_BATCH });
      } catch (e) {
        this.log.error({ err: e }, 'embedding batch failed');
      }
      if (settled > 0 || !this.running) continue;
      const retry = this.embeddings.nextRetryInMs();
      await this.idle(retry == null ? this.opts.pollMs : Math.min(this.opts.pollMs, retry + 5));
    }
  }

  /**
   * The poll must not start a batch a write's wake would have delayed: its timer can fire in the
   * same turn of the event loop as a large index transaction ends, before that write's wake (a
   * setImmediate) has run, and then learn the vocabulary while the push waits for its answer (seen:
   * the event loop held for seconds after a whole-vault push was indexed). So the worker first lets
   * the wakes already scheduled run, then waits out the rest of the last one's settling time.
   */
  private async settled(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Once, not again for wakes meanwhile: a steady stream of writes must not starve the queue.
    const left = SETTLE_MS - (performance.now() - this.wokenAt);
    if (!this.running || left <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, left);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.unsettle = null;
        resolve();
      }
      this.unsettle = done;
    });
  }

  /**
   * Background work yields to requests (loopQuiet.ts): a batch holds the event loop for its claim,
   * its page context, its store and, once the queue drains, a relearning of the brain's vocabulary
   * (under the 64-client load, stretches of 10-90 ms and about 5% of the loop, every request
   * queued behind them). So while the loop is busy the batch waits, up to `busyDeferMs`, and then
   * goes with at most BUSY_BATCH chunks. True when the loop was quiet.
   */
  private loopQuiet(): Promise<boolean> {
    return loopQuiet(this.opts.busyDeferMs ?? BUSY_DEFER_MS, this.abort.signal);
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }
}

/** Index pages the search index lacks, then start the worker (`brainkeep serve`). */
export function startSearchJobs(
  c: {
    config: { embeddings: { pollMs: number } };
    search: { indexMissingPages(): number; onQueued(l: () => void): () => void };
    embeddings: EmbeddingService;
    writes: { bulkSettled(): Promise<void> };
  },
  log: Logger,
): EmbeddingWorker {
  c.embeddings.warmUp();
  const indexed = c.search.indexMissingPages();
  if (indexed) log.info({ pages: indexed }, 'indexed pages for search');
  const worker = new EmbeddingWorker(c.embeddings, (l) => c.search.onQueued(l), log, { pollMs: c.config.embeddings.pollMs, bulkSettled: () => c.writes.bulkSettled() });
  if (c.embeddings.vectorsOff) log.warn(c.embeddings.vectorsOff);
  worker.start();
  return worker;
}
