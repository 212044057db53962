// Derivation of a large commit's pages on another thread (derivationWorker.ts). The write path
// starts it before building the commit; the worker sends the derived pages back in chunks as it
// goes, and the index transaction takes each page's derivation when it reaches that page. So on a
// two-core machine parsing, chunking and link extraction overlap first with hashing, compressing
// and fsyncing the git objects, then with the index inserts of the pages already derived.
//
// The transaction is synchronous (the connection is shared: nothing else may run inside it), so a
// page not derived yet is waited for synchronously: chunks arrive on a MessagePort of their own,
// read with receiveMessageOnPort, and the worker bumps a shared counter after each chunk, which
// the waiting thread sleeps on with Atomics.wait. A failure, or no progress for STALL_MS (the
// thread busy with another brain's import, or gone), only costs the overlap: the caller derives
// what is missing inline.
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { DerivedPage } from '../../domain/pageDerivation.js';
import type { RelationRules } from '../../domain/relations/relations.js';
import { startSiblingWorker } from '../workerThread.js';

/** Pages per message from the worker: small enough to start inserting early, large enough to keep messages few. */
export const DERIVATION_CHUNK = 250;
/** No chunk for this long: stop waiting and derive the rest inline. */
const STALL_MS = 2000;

export interface DerivationRequest {
  pages: Array<{ path: string; markdown: string }>;
  /** The brain's link typing rules (plain data). */
  rules: RelationRules | null;
  port: MessagePort;
  /** Int32Array over it: [0] pages sent so far, or -1 after a failure. */
  progress: SharedArrayBuffer;
}

export type DerivationChunk = { from: number; pages: DerivedPage[] } | { error: string };

/** The pages of one request, as they arrive. */
export class DerivationStream {
  private readonly got: DerivedPage[] = [];
  private failed = false;

  constructor(
    private readonly port: MessagePort,
    private readonly progress: Int32Array,
    private readonly total: number,
  ) {}

  /** Page `k`'s derivation, waiting for the thread to reach it; undefined when it failed or stalled. */
  take(k: number): DerivedPage | undefined {
    while (k >= this.got.length && !this.failed) {
      const m = receiveMessageOnPort(this.port);
      if (m) {
        this.accept(m.message as DerivationChunk);
        continue;
      }
      const sent = Atomics.load(this.progress, 0);
      if (sent < 0) this.failed = true;
      else if (sent <= this.got.length && Atomics.wait(this.progress, 0, sent, STALL_MS) === 'timed-out') this.failed = true;
    }
    return this.got[k];
  }

  /** Every page, waiting as `take` does (tests, and callers that want the whole batch). */
  all(): Array<DerivedPage | undefined> {
    return Array.from({ length: this.total }, (_, k) => this.take(k));
  }

  /** Done with it: later chunks are dropped. */
  close(): void {
    this.failed = true;
    this.port.close();
  }

  private accept(chunk: DerivationChunk): void {
    if ('error' in chunk || chunk.from !== this.got.length) {
      this.failed = true;
      return;
    }
    for (const p of chunk.pages) this.got.push(p);
    if (this.got.length >= this.total) this.port.close();
  }
}

export class DerivationThread {
  private worker: Worker | null = null;

  /** Start deriving `pages`; read the results through the returned stream. */
  stream(pages: Array<{ path: string; markdown: string }>, rules: RelationRules | null = null): DerivationStream {
    const worker = this.start();
    const { port1, port2 } = new MessageChannel();
    const progress = new SharedArrayBuffer(4);
    worker.postMessage({ pages, rules, port: port2, progress } satisfies DerivationRequest, [port2]);
    return new DerivationStream(port1, new Int32Array(progress), pages.length);
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
