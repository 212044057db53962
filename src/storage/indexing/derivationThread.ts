// Derivation of a large commit's pages on another thread (derivationWorker.ts). The write path
// asks for it before building the commit and collects it after moving the ref, so on a two-core
// machine parsing, chunking and link extraction overlap with hashing, compressing and fsyncing the
// git objects. A failure only costs the overlap: the caller derives inline instead.
import type { Worker } from 'node:worker_threads';
import type { DerivedPage } from '../../domain/pageDerivation.js';
import { startSiblingWorker } from '../workerThread.js';

export interface DerivationRequest {
  id: number;
  pages: Array<{ path: string; markdown: string }>;
}

export type DerivationReply = { id: number; pages: DerivedPage[] } | { id: number; error: string };

export class DerivationThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (p: DerivedPage[]) => void; reject: (e: Error) => void }>();

  derive(pages: Array<{ path: string; markdown: string }>): Promise<DerivedPage[]> {
    const worker = this.start();
    const id = this.nextId++;
    const result = new Promise<DerivedPage[]>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.ref(); // a caller is waiting: keep the process alive until the reply
    worker.postMessage({ id, pages } satisfies DerivationRequest);
    return result;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new Error('The derivation thread was shut down.'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startSiblingWorker(import.meta.url, 'derivationWorker', null);
    worker.on('message', (m: DerivationReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (!this.pending.size) worker.unref();
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(m.pages);
    });
    worker.on('error', (e: Error) => {
      if (this.worker === worker) this.fail(e);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(new Error('The derivation thread stopped.'));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(error);
  }
}
