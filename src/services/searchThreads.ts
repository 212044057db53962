// Searches off the event loop. Under a mixed load the event loop is the server's bottleneck: every
// request's HTTP work, the write path's index transactions and the searches share it, and a search
// waits behind whatever index transaction or burst of requests is ahead of it. Here exact
// searches (`mode=exact`, the words ranking alone) run on a small pool of threads
// (searchThreadWorker.ts), each with its own read-only connection: SQLite's WAL lets them read
// while the server's connection writes, so neither waits for the other.
//
// The thread runs the same SearchService code over the same database, so the answer is the same:
// the same ranking, snippets and scores. Its search is one read transaction, and what is read
// inside a transaction is not kept: the index's hit rows, facet filters, page and word counts and
// the brain and credential rows are read again by each search there; the snippet text cut by page
// and blob is kept (see docs/search.md). Read-your-writes holds: a write is answered only after its index transaction
// committed, and a search the caller sends after that answer begins its read transaction after
// it, so its WAL snapshot holds the write. A search is one read transaction, one snapshot, as
// the event loop's synchronous search is.
//
// Hybrid and semantic searches stay on the event loop (the query's embedding, the graph's name
// cache and the reranker live there), as do searches by entity type (the brain schema's folders
// are cached there). Anything the thread cannot answer (an error, a thread that stopped) is run on
// the event loop instead, which answers it as it always did.
import type { Config } from '../config.js';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
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

export type SearchReply = { id: number; json: string } | { id: number; error: string };

/** Threads lost in a row (none answering between) before searches stay on the event loop. */
const LOST_THREADS_MAX = 3;

export class SearchThreads {
  private readonly pool = new ThreadJobs<PoolThread, Omit<SearchJob, 'id'>, SearchReply>();
  private closed = false;
  /** Threads lost since a thread last answered: past LOST_THREADS_MAX the pool gives up (a thread that cannot start). */
  private lost = 0;
  /** Searches a thread answered, and those it could not that the event loop ran (tests, diagnosis). */
  answered = 0;
  fallbacks = 0;

  /** `threads`: how many (0: every search on the event loop); `file`: null when the index is not SQLite. */
  constructor(
    private readonly search: SearchService,
    private readonly access: AccessService,
    private readonly file: string | null,
    private readonly config: Config,
    private readonly threads: number,
  ) {}

  /** Whether a search with these (validated) parameters runs on a thread. */
  handles(params: SearchParams): boolean {
    return !this.closed && this.lost < LOST_THREADS_MAX && this.file != null && this.threads > 0 && params.mode === 'exact' && params.type == null;
  }

  /** The search's answer as JSON text (what `SearchService.search` answers, serialised). */
  async searchJson(actor: Actor, brain: BrainRef, params: SearchParams): Promise<string> {
    if (!this.handles(params)) return JSON.stringify(await this.search.search(actor, brain, params));
    // Refusals come from here, as the event loop gives them (the thread checks again, on its own connection).
    this.access.require(actor, brain, 'Read');
    let reply: SearchReply | null = null;
    try {
      reply = await this.pool.post(this.pick(), { actor, brain, params });
    } catch {
      this.lost++; // the thread stopped: its replacement starts with the next search
    }
    if (reply) this.lost = 0;
    if (reply && 'json' in reply) {
      this.answered++;
      return reply.json;
    }
    this.fallbacks++;
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
