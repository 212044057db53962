// Derivation of a large commit's pages on another thread (derivationWorker.ts). The write path
// starts it before building the commit; the worker sends the derived pages back in chunks as it
// goes, and the index transaction takes each page's derivation when it reaches that page. So on a
// two-core machine parsing, chunking and link extraction overlap first with hashing, compressing
// and fsyncing the git objects, then with the index inserts of the pages already derived.
//
// The pages are shared out, not assigned: both sides claim the next page from one atomic counter.
// When the index transaction reaches a page nobody has claimed (the thread is still starting, busy
// with another brain's import, or behind), it claims it and derives it inline; the thread moves on
// past it. So neither side waits for a thread that is not there yet, no page is derived twice, and
// when the inserts are quicker than derivation the two cores share the derivation.
//
// The transaction is synchronous (the connection is shared: nothing else may run inside it), so a
// page the thread claimed but has not sent yet is waited for synchronously: chunks arrive on a
// MessagePort of their own, read with receiveMessageOnPort, and the worker bumps a shared counter
// after each chunk, which the waiting thread sleeps on with Atomics.wait (the worker sends at once
// while someone waits). While it waits, the index side derives the next pages nobody has claimed
// (small pages derive slower than they insert: then both cores derive instead of one sleeping). A
// failure, or no progress for STALL_MS (the thread gone), only costs the overlap: the caller
// derives what is missing inline.
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { derivePage, type DerivedPage } from '../../domain/pageDerivation.js';
import type { RelationRules } from '../../domain/relations/relations.js';
import { startSiblingWorker } from '../../workerThread.js';

/** Pages per message from the worker while nobody waits: small enough to start inserting early, large enough to keep messages few. */
export const DERIVATION_CHUNK = 250;
/** No chunk for this long while waiting for a page the thread claimed: stop waiting and derive the rest inline. */
const STALL_MS = 2000;
/** How long `all()` waits for a thread that has not claimed the page yet (it may still be starting). */
const START_MS = 30_000;

/** The shared Int32Array's slots. */
export const SENT = 0; // pages sent so far, or -1 after a failure
export const NEXT = 1; // the next page nobody has claimed
export const WAITING = 2; // the page the index side waits for, or -1

export interface DerivationRequest {
  pages: Array<{ path: string; markdown: string }>;
  /** The brain's link typing rules (plain data). */
  rules: RelationRules | null;
  /** Also compute each page's stored markdown (DerivedPage.stored): the index is SQLite's, which packs it. */
  pack: boolean;
  port: MessagePort;
  /** Int32Array over it: the slots above. */
  progress: SharedArrayBuffer;
}

/** Derived pages with their index in the request (the pages the other side claimed are missing). */
export type DerivationChunk = { pages: Array<[number, DerivedPage]> } | { error: string };

/** The pages of one request, as they arrive. */
export class DerivationStream {
  private readonly got: Array<DerivedPage | undefined> = [];
  private received = 0;
  private failed = false;
  /** 1 for each page this side claimed (the thread never derives those). */
  private readonly mine: Uint8Array;
  /** 1 for each page `take` handed over (and let go of). */
  private readonly taken: Uint8Array;

  /**
   * `derive`: derives page `k` on this side; called while waiting for a page the thread has in
   * hand, for the next page nobody has claimed (see `wait`). Without it this side only waits.
   */
  constructor(
    private readonly port: MessagePort,
    private readonly progress: Int32Array,
    private readonly total: number,
    private readonly derive: ((k: number) => DerivedPage) | null = null,
  ) {
    this.mine = new Uint8Array(total);
    this.taken = new Uint8Array(total);
  }

  /**
   * Page `k`'s derivation from the thread, waiting for it when the thread has claimed it; undefined
   * when this side should derive it: nobody had claimed it (it is this side's now, and so is every
   * unclaimed page before it), or the thread failed or stalled.
   */
  take(k: number): DerivedPage | undefined {
    // Handed over once and then let go: an import's derived pages (chunk texts, links, keys) are
    // garbage as soon as their page is indexed, rather than all kept until the transaction ends
    // (6,300 pages of a vault held ~0.5 GB and made every full collection mark it). A second take
    // of the same page answers undefined: the caller derives it inline.
    if (this.taken[k]) return undefined;
    this.taken[k] = 1;
    const page = this.takeOnce(k);
    this.got[k] = undefined;
    return page;
  }

  private takeOnce(k: number): DerivedPage | undefined {
    this.drain();
    if (this.got[k] || this.failed || this.mine[k]) return this.got[k];
    for (;;) {
      const next = Atomics.load(this.progress, NEXT);
      if (next > k) break;
      if (Atomics.compareExchange(this.progress, NEXT, next, k + 1) === next) {
        this.mine.fill(1, next, k + 1);
        return undefined;
      }
    }
    return this.wait(k, true);
  }

  /** Every page from the thread, claiming none (tests, and callers that want the whole batch); undefined where it failed. */
  all(): Array<DerivedPage | undefined> {
    return Array.from({ length: this.total }, (_, k) => this.got[k] ?? (this.mine[k] ? undefined : this.wait(k, false)));
  }

  /** Done with it: the thread stops claiming pages, later chunks are dropped. */
  close(): void {
    this.stop();
    this.port.close();
  }

  /** `help`: derive unclaimed pages here meanwhile (take); `all` claims none. */
  private wait(k: number, help: boolean): DerivedPage | undefined {
    Atomics.store(this.progress, WAITING, k);
    try {
      while (!this.got[k] && !this.failed) {
        const m = receiveMessageOnPort(this.port);
        if (m) {
          this.accept(m.message as DerivationChunk);
          continue;
        }
        // Derivation is behind the inserts (small pages): rather than sleep until the thread sends
        // page k, derive the next page nobody has claimed, so both cores derive.
        if (help && this.derive && this.helpOnce()) continue;
        const sent = Atomics.load(this.progress, SENT);
        const limit = Atomics.load(this.progress, NEXT) > k ? STALL_MS : START_MS;
        if (sent < 0) this.stop();
        else if (sent <= this.received && Atomics.wait(this.progress, SENT, sent, limit) === 'timed-out') this.stop();
      }
    } finally {
      Atomics.store(this.progress, WAITING, -1);
    }
    return this.got[k];
  }

  /** Claim and derive the next page nobody has claimed; false when there is none. */
  private helpOnce(): boolean {
    for (;;) {
      const next = Atomics.load(this.progress, NEXT);
      if (next >= this.total) return false;
      if (Atomics.compareExchange(this.progress, NEXT, next, next + 1) === next) {
        this.mine[next] = 1;
        this.got[next] = this.derive!(next);
        return true;
      }
    }
  }

  /** Take the chunks that already arrived, without waiting. */
  private drain(): void {
    if (this.failed) return;
    for (let m = receiveMessageOnPort(this.port); m && !this.failed; m = receiveMessageOnPort(this.port)) this.accept(m.message as DerivationChunk);
  }

  private accept(chunk: DerivationChunk): void {
    if ('error' in chunk) {
      this.stop();
      return;
    }
    for (const [k, p] of chunk.pages) this.got[k] = p;
    this.received += chunk.pages.length;
  }

  /** No more from the thread: it claims nothing more, and this side derives what is missing. */
  private stop(): void {
    this.failed = true;
    Atomics.store(this.progress, NEXT, this.total);
  }
}

export class DerivationThread {
  private worker: Worker | null = null;

  /**
   * Start deriving `pages`; read the results through the returned stream. `pack`: the thread also
   * packs each page's markdown as the SQLite page row stores it (DerivedPage.stored).
   */
  stream(pages: Array<{ path: string; markdown: string }>, rules: RelationRules | null = null, pack = false): DerivationStream {
    const worker = this.start();
    const { port1, port2 } = new MessageChannel();
    const progress = new SharedArrayBuffer(12);
    Atomics.store(new Int32Array(progress), WAITING, -1);
    worker.postMessage({ pages, rules, pack, port: port2, progress } satisfies DerivationRequest, [port2]);
    return new DerivationStream(port1, new Int32Array(progress), pages.length, (k) => derivePage(pages[k]!.path, pages[k]!.markdown, rules));
  }

  /**
   * Start the thread now, ahead of a large batch whose pages are still being gathered (an import
   * reading its files): loading its modules took ~2 s of a loaded 2-core machine, during which the
   * index side derived alone.
   */
  warm(): void {
    this.start();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startSiblingWorker(import.meta.url, 'derivationWorker', null);
    const forget = () => {
      if (this.worker === worker) this.worker = null; // the next stream starts another; a waiting one stalls out and derives inline
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    worker.unref(); // it only ever works for a caller that waits synchronously: it never needs to hold the process open
    this.worker = worker;
    return worker;
  }
}
