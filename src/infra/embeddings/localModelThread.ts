// The server's side of the built-in model's thread (localModelWorker.ts): one thread per models
// folder, started on first use. Until the model is converted and loaded, `ready` is false and
// search answers by words instead of waiting; background batches simply wait for it. The thread
// keeps the process alive only while a request is in flight, and is started again after a crash.
import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '../../workerThread.js';
import { EmbeddingError } from './provider.js';

export type ToModelThread =
  /** `urgent`: a search query, served before queued batches. `brainId`: use that brain's learned vocabulary. */
  | { type: 'embed'; id: number; texts: string[]; urgent: boolean; brainId?: string }
  /** Learn vectors for the words GloVe lacks from a brain's texts. */
  | { type: 'learn'; id: number; texts: string[] }
  /** Install a brain's learned vocabulary (replacing the one the thread had). */
  | { type: 'terms'; brainId: string; terms: string[]; data: Float32Array };

export type FromModelThread =
  | { type: 'ready'; dims: number }
  | { type: 'error'; message: string }
  | { type: 'vectors'; id: number; dims: number; data: Float32Array }
  | { type: 'learned'; id: number; dims: number; terms: string[]; occurrences: number[]; data: Float32Array; textsWithTerms: number[] }
  | { type: 'failed'; id: number; message: string };

export interface LearnedVocabulary {
  terms: string[];
  occurrences: number[];
  vectors: Float32Array;
  textsWithTerms: number[];
}

interface Pending {
  resolve: (v: Float32Array[] | LearnedVocabulary) => void;
  reject: (e: Error) => void;
}

/** After the model failed to load (no package, unreadable folder), wait this long before trying again. */
const RETRY_AFTER_MS = 30_000;

export class LocalModelThread {
  private worker: Worker | null = null;
  private loaded: Promise<void> | null = null;
  private isReady = false;
  private failure: { error: EmbeddingError; at: number } | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Callers waiting on the thread (for the model or for vectors): they keep the process alive. */
  private waiting = 0;
  /** Brains' learned vocabularies installed in the thread (sent again to a restarted thread), with their versions. */
  private readonly vocabularies = new Map<string, { version: number; terms: string[]; data: Float32Array }>();

  constructor(private readonly modelsDir: string) {}

  /** True once the model is loaded in the thread (starting the thread if it is not running). */
  get ready(): boolean {
    this.start().catch(() => undefined);
    return this.isReady;
  }

  /** Resolves when the model is loaded (converting it first on a fresh models folder). */
  whenReady(): Promise<void> {
    return this.held(() => this.start());
  }

  embed(texts: string[], opts: { urgent?: boolean; brainId?: string } = {}): Promise<Float32Array[]> {
    if (!texts.length) return Promise.resolve([]);
    return this.request((id) => ({ type: 'embed', id, texts, urgent: opts.urgent ?? false, brainId: opts.brainId })) as Promise<Float32Array[]>;
  }

  /** Learn a vocabulary of the words GloVe lacks from a brain's texts (in the thread). */
  learn(texts: string[]): Promise<LearnedVocabulary> {
    return this.request((id) => ({ type: 'learn', id, texts })) as Promise<LearnedVocabulary>;
  }

  /** The version of a brain's vocabulary installed in the thread, or null. */
  vocabularyVersion(brainId: string): number | null {
    return this.vocabularies.get(brainId)?.version ?? null;
  }

  /** Install a brain's learned vocabulary; later embeds for that brain use it. */
  setVocabulary(brainId: string, version: number, terms: string[], data: Float32Array): void {
    this.vocabularies.set(brainId, { version, terms, data });
    if (this.worker && this.isReady) this.worker.postMessage({ type: 'terms', brainId, terms, data } satisfies ToModelThread);
  }

  private request(message: (id: number) => ToModelThread): Promise<Float32Array[] | LearnedVocabulary> {
    // The model loaded: posted now, not a turn of the microtask queue later, so the thread works
    // while the caller goes on (a hybrid search ranks by words while its question is embedded).
    if (this.worker && this.isReady) return this.held(() => this.post(this.worker!, message));
    return this.held(async () => {
      await this.start();
      const worker = this.worker;
      if (!worker) throw new EmbeddingError("The built-in embedding model's thread stopped.", true);
      return this.post(worker, message);
    });
  }

  private post(worker: Worker, message: (id: number) => ToModelThread): Promise<Float32Array[] | LearnedVocabulary> {
    const id = this.nextId++;
    const result = new Promise<Float32Array[] | LearnedVocabulary>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.postMessage(message(id));
    return result;
  }

  /** Keep the process alive while `fn` waits on the thread; an idle thread never does. */
  private async held<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    this.worker?.ref();
    try {
      return await fn();
    } finally {
      if (--this.waiting === 0) this.worker?.unref();
    }
  }

  /** Stop the thread (pending requests fail); the next use starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.reset(new EmbeddingError('The built-in embedding model was shut down.', true));
    if (worker) await worker.terminate();
  }

  private start(): Promise<void> {
    if (this.loaded) return this.loaded;
    if (this.failure && Date.now() - this.failure.at < RETRY_AFTER_MS) return Promise.reject(this.failure.error);
    const worker = startSiblingWorker(import.meta.url, 'localModelWorker', { modelsDir: this.modelsDir });
    this.worker = worker;
    this.loaded = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: FromModelThread) => {
        switch (m.type) {
          case 'ready':
            this.isReady = true;
            for (const [brainId, v] of this.vocabularies) worker.postMessage({ type: 'terms', brainId, terms: v.terms, data: v.data } satisfies ToModelThread);
            resolve();
            break;
          case 'error': {
            const err = new EmbeddingError(`The built-in embedding model could not be loaded: ${m.message}`, true);
            this.failure = { error: err, at: Date.now() };
            reject(err);
            this.reset(err);
            void worker.terminate();
            break;
          }
          case 'vectors':
          case 'learned':
          case 'failed':
            this.settle(m);
        }
      });
      worker.on('error', (e: Error) => {
        const err = new EmbeddingError(`The built-in embedding model's thread failed: ${e.message}`, true);
        if (!this.isReady) this.failure = { error: err, at: Date.now() };
        reject(err);
        if (this.worker === worker) this.reset(err);
      });
      worker.on('exit', () => {
        if (this.worker === worker) this.reset(new EmbeddingError("The built-in embedding model's thread stopped.", true));
      });
    });
    // Loading never keeps the process alive by itself; a caller waiting on it does (see held()).
    if (this.waiting === 0) worker.unref();
    this.loaded.catch(() => undefined);
    return this.loaded;
  }

  private settle(m: Extract<FromModelThread, { type: 'vectors' | 'learned' | 'failed' }>): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.type === 'failed') return p.reject(new EmbeddingError(m.message, true));
    if (m.type === 'learned') return p.resolve({ terms: m.terms, occurrences: m.occurrences, vectors: m.data, textsWithTerms: m.textsWithTerms });
    const out: Float32Array[] = [];
    for (let i = 0; i < m.data.length; i += m.dims) out.push(m.data.slice(i, i + m.dims));
    p.resolve(out);
  }

  /** Forget the thread (it failed or is being closed) so the next use starts afresh. */
  private reset(error: Error): void {
    this.worker = null;
    this.loaded = null;
    this.isReady = false;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(error);
  }
}

const threads = new Map<string, LocalModelThread>();

/** One thread per models folder, shared by every brain using the Local provider. */
export function sharedModelThread(modelsDir: string): LocalModelThread {
  let t = threads.get(modelsDir);
  if (!t) threads.set(modelsDir, (t = new LocalModelThread(modelsDir)));
  return t;
}
