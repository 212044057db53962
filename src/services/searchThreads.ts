// Searches off the event loop. Under a mixed load the event loop is the server's bottleneck: every
// request's HTTP work, the write path's index transactions and the searches share it, and a search
// waits behind whatever index transaction or burst of requests is ahead of it. Here exact
// searches (`mode=exact`, the words ranking alone) run on a small pool of threads
// (searchThreadWorker.ts), each with its own read-only connection: SQLite's WAL lets them read
// while the server's connection writes, so neither waits for the other.
//
// The thread runs the same SearchService code over the same database, so the answer is the same:
// the same ranking, snippets and scores. Its search is one read transaction on a query_only
// connection, so its caches (hit rows, facet filters, page and word counts, brain and credential
// rows, the snippet text cut by page and blob) are kept inside it, checked against that snapshot's
// data_version (see docs/search.md). Read-your-writes holds: a write is answered only after its index transaction
// committed, and a search the caller sends after that answer begins its read transaction after
// it, so its WAL snapshot holds the write. A search is one read transaction, one snapshot, as
// the event loop's synchronous search is.
//
// Hybrid and semantic searches stay on the event loop (the query's embedding, the graph's name
// cache and the reranker live there), as do searches by entity type (the brain schema's folders
// are cached there). Anything the thread cannot answer (an error, a thread that stopped, a search
// past its deadline, a thread with too many searches queued) is run on the event loop instead,
// which answers it as it always did; each is counted (brainkeep_search_thread_fallbacks_total).
// A search past BRAINKEEP_SEARCH_THREAD_TIMEOUT_MS ends its thread: the searches queued behind it
// run on the event loop and the next search starts a fresh thread. Threads that keep failing
// (LOST_THREADS_MAX in a row) are rested for a back-off that doubles up to a minute, during which
// searches run once, on the event loop; then one thread is tried again. Once closed (shutdown),
// a search is answered 503 rather than run on the event loop while the container closes.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { StorageUnavailableError } from '../domain/errors.js';
import { searchThreadFallbacks } from '../metrics.js';
import { startSiblingWorker, ThreadJobs, type PoolThread } from '../workerThread.js';
import type { AccessService } from './accessService.js';
import type { SearchParams, SearchService } from './searchService.js';

export interface SearchThreadData {
  /** The SQLite database file. */
  file: string;
  config: Config;
}

export interface SearchJob {
  id: number;
  actor: Actor;
  brain: BrainRef;
  params: SearchParams;
}

/** `refused`: the search itself failed as the event loop's would (a refusal, a bad query), not the thread. */
export type SearchReply = { id: number; json: string } | { id: number; error: string; refused: boolean };

/** Why a search the thread took ran on the event loop (the fallbacks metric's label). */
export type FallbackReason = 'error' | 'refused' | 'lost' | 'timeout' | 'busy';

/** Threads lost or failing in a row (none answering between) before the pool rests for a back-off. */
const LOST_THREADS_MAX = 3;
/** The first back-off, doubled after each failed retry up to BACKOFF_MAX_MS. */
const BACKOFF_MS = 1000;
const BACKOFF_MAX_MS = 60_000;
/** Searches queued on a thread (the least busy) beyond which one runs on the event loop instead. */
const QUEUE_MAX = 32;

const SHUTTING_DOWN = 'The server is shutting down; search again after it restarts.';

export class SearchThreads {
  private readonly pool = new ThreadJobs<PoolThread, Omit<SearchJob, 'id'>, SearchReply>();
  private closed = false;
  /** Threads lost and error replies since a thread last answered: at LOST_THREADS_MAX the pool rests. */
  private lost = 0;
  /** While resting: searches run on the event loop until this time (ms since the epoch). */
  private restUntil = 0;
  private backoffMs = BACKOFF_MS;
  /** Threads ended for a search past its deadline, and threads whose loss was counted as a failure. */
  private readonly timedOut = new WeakSet<PoolThread>();
  private readonly counted = new WeakSet<PoolThread>();
  /** Searches a thread answered, and those it could not that the event loop ran (tests, diagnosis). */
  answered = 0;
  fallbacks = 0;

  /**
   * `threads`: how many (0: every search on the event loop); `file`: null when the index is not
   * SQLite; `timeoutMs`: a search's deadline on its thread.
   */
  constructor(
    private readonly search: SearchService,
    private readonly access: AccessService,
    private readonly file: string | null,
    private readonly config: Config,
    private readonly threads: number,
    private readonly log: Logger | null = null,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Whether a search with these (validated) parameters runs on a thread. */
  handles(params: SearchParams): boolean {
    if (this.closed || this.file == null || this.threads <= 0 || params.mode !== 'exact' || params.type != null) return false;
    if (this.lost < LOST_THREADS_MAX) return true;
    if (Date.now() < this.restUntil) return false;
    this.lost = LOST_THREADS_MAX - 1; // rested: one more failure rests the pool again, for longer
    return true;
  }

  /** The search's answer as JSON text (what `SearchService.search` answers, serialised). */
  async searchJson(actor: Actor, brain: BrainRef, params: SearchParams): Promise<string> {
    if (this.closed) throw new StorageUnavailableError(SHUTTING_DOWN);
    if (!this.handles(params)) return JSON.stringify(await this.search.search(actor, brain, params));
    // Refusals come from here, as the event loop gives them (the thread checks again, on its own connection).
    this.access.require(actor, brain, 'Read');
    const reason = await this.onThread(actor, brain, params);
    if (typeof reason !== 'string') return reason.json;
    if (this.closed) throw new StorageUnavailableError(SHUTTING_DOWN);
    this.fallbacks++;
    searchThreadFallbacks.inc({ reason });
    return JSON.stringify(await this.search.search(actor, brain, params));
  }

  /** Start the pool's threads now (the server does), so the first searches do not wait for one to load. */
  start(): void {
    if (this.file == null) return;
    while (!this.closed && this.pool.threads.length < this.threads) this.spawn();
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.pool.threads.splice(0).map((t) => t.worker);
    this.pool.failAll(new Error('The search threads were shut down.'));
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** The thread's answer, or why there is none (the search then runs on the event loop). */
  private async onThread(actor: Actor, brain: BrainRef, params: SearchParams): Promise<{ json: string } | FallbackReason> {
    let thread: PoolThread;
    try {
      thread = this.pick();
    } catch (e) {
      this.failed(e, 'lost'); // a thread that cannot start (the pool rests after LOST_THREADS_MAX)
      return 'lost';
    }
    if (thread.busy >= QUEUE_MAX) return 'busy';
    const timer = setTimeout(() => {
      // A search past its deadline holds up every search queued behind it: end the thread (its
      // searches fail over to the event loop, each once); the next search starts a fresh one.
      this.timedOut.add(thread);
      this.pool.stop(thread, new Error(`A search ran past its deadline (${this.timeoutMs} ms) on its thread.`));
      void thread.worker.terminate();
    }, this.timeoutMs);
    timer.unref();
    let reply: SearchReply;
    try {
      reply = await this.pool.post(thread, { actor, brain, params });
    } catch (e) {
      const reason = this.timedOut.has(thread) ? 'timeout' : 'lost';
      // One failure per thread lost, however many searches it had queued.
      if (!this.closed && !this.counted.has(thread)) {
        this.counted.add(thread);
        this.failed(e, reason);
      }
      return reason;
    } finally {
      clearTimeout(timer);
    }
    if ('json' in reply) {
      this.answered++;
      this.lost = 0;
      this.backoffMs = BACKOFF_MS;
      return { json: reply.json };
    }
    if (reply.refused) return 'refused'; // the thread works; the event loop answers the refusal
    this.failed(new Error(reply.error), 'error');
    return 'error';
  }

  /** A thread failed: logged the first time in a streak; the pool rests after LOST_THREADS_MAX in a row. */
  private failed(err: unknown, reason: FallbackReason): void {
    if (this.lost === 0) this.log?.warn({ err, reason }, 'a search thread failed; its search ran on the event loop');
    if (++this.lost < LOST_THREADS_MAX) return;
    this.restUntil = Date.now() + this.backoffMs;
    this.log?.error({ err, reason, retryInMs: this.backoffMs }, 'search threads keep failing; searches run on the event loop until the retry');
    this.backoffMs = Math.min(BACKOFF_MAX_MS, this.backoffMs * 2);
  }

  /** The least busy thread; a new one while the pool is not full. */
  private pick(): PoolThread {
    let best: PoolThread | null = null;
    for (const t of this.pool.threads) if (!best || t.busy < best.busy) best = t;
    if (best && (best.busy === 0 || this.pool.threads.length >= this.threads)) return best;
    return this.spawn();
  }

  private spawn(): PoolThread {
    const data: SearchThreadData = { file: this.file!, config: this.config };
    return this.pool.add({ worker: startSiblingWorker(import.meta.url, 'searchThreadWorker', data), busy: 0 }, 'A search thread stopped.');
  }
}
