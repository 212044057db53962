// Embedding: works the queue of chunks waiting for vectors (one batch at a time, in the
// background; page writes never wait), embeds search queries, and reports progress. A brain's
// provider, model and size are read from its row on every batch; when they change, every vector
// of the brain is dropped and every chunk queued again (progress shows in the status), so
// vectors from different models or sizes are never compared.
import type { Config } from '../../config.js';
import { EMBEDDING_PROVIDER_NAMES } from '../../domain/enums.js';
import type { BrainRow, BrainsRepo } from '../../storage/sqlite/brainsRepo.js';
import type { EmbeddingRepo, PageContext, QueuedChunk } from '../../storage/sqlite/embeddingRepo.js';
import type { HttpOptions } from '../../infra/embeddings/httpProviders.js';
import { EmbeddingError, isZero, normalize, type EmbeddingProvider } from '../../infra/embeddings/provider.js';
import { createEmbeddingProvider, modelKeyOf, type BrainEmbeddingSettings } from '../../infra/embeddings/providers.js';

export interface EmbeddingStatus {
  provider: number;
  providerName: string;
  model: string;
  dimensions: number;
  chunks: number;
  embedded: number;
  pending: number;
  failing: number;
  /** embedded / chunks (1 when there is nothing to embed). */
  progress: number;
  /** True while a change of provider, model or size is being re-embedded. */
  reembedding: boolean;
  lastError: string | null;
}

/** Share of a brain's chunks that must have changed before its vocabulary is learned again (learning reads them all). */
const RELEARN_SHARE = 0.1;

/**
 * A chunk's vector is its own text's vector plus a small share of its page's fields (title and
 * summary) and of the titles of the pages it links with, then made unit length again.
 */
const FIELDS_WEIGHT = 0.3;
const NEIGHBOURS_WEIGHT = 0.15;

/** Wait after a failed batch: 5 s, 10 s, 20 s … up to 10 minutes; configuration errors wait the most. */
function retryDelayMs(attempts: number, retryable: boolean): number {
  if (!retryable) return 10 * 60_000;
  return Math.min(5_000 * 2 ** attempts, 10 * 60_000);
}

/**
 * Query vectors kept, least recently used out first. An agent repeats its searches, and a query's
 * vector otherwise costs a round trip to the model's thread (or a remote provider's API) every time.
 */
const QUERY_VECTORS_KEPT = 1_000;

/** Every kept query vector's key starts with its brain's id: one brain's can be dropped alone. */
function queryVectorKeyPrefix(brainId: string): string {
  return `${brainId}\u0000`;
}

export class EmbeddingService {
  private readonly providers = new Map<string, EmbeddingProvider>();
  /** Query vectors by everything they depend on (see embedQuery), in order of last use. */
  private readonly queryVectors = new Map<string, Float32Array>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly brains: BrainsRepo,
    private readonly repo: EmbeddingRepo,
    private readonly config: Config,
    private readonly http: Partial<HttpOptions> = {},
  ) {}

  /**
   * Why there are no vectors at all (PostgreSQL without pgvector), or null. Then nothing is queued,
   * no chunk or query is embedded (a remote provider is never called for vectors that could not be
   * stored or searched) and the worker stays idle: search is exact only.
   */
  get vectorsOff(): string | null {
    return this.repo.vectorsOff;
  }

  settingsOf(brain: BrainRow): BrainEmbeddingSettings & { modelKey: string } {
    return {
      embeddingProvider: brain.embeddingProvider,
      embeddingModel: brain.embeddingModel,
      embeddingDimensions: brain.embeddingDimensions,
      modelKey: modelKeyOf(brain),
    };
  }

  /** The provider for a brain's current settings (cached); throws EmbeddingError when misconfigured. */
  providerFor(brain: BrainRow): EmbeddingProvider {
    const s = this.settingsOf(brain);
    const cacheKey = `${s.embeddingProvider}|${s.modelKey}|${s.embeddingDimensions}`;
    let p = this.providers.get(cacheKey);
    if (!p) {
      p = createEmbeddingProvider(s, this.config, this.http);
      this.providers.set(cacheKey, p);
    }
    return p;
  }

  /**
   * Start loading every model a brain uses that loads in the background (the built-in one), so
   * the first searches after a start do not fall back to words for longer than needed.
   */
  warmUp(): void {
    if (this.vectorsOff) return;
    for (const brain of this.brains.all()) {
      try {
        this.providerFor(brain).whenReady?.().catch(() => undefined);
      } catch {
        // A misconfigured provider shows up in the status when the queue reaches it.
      }
    }
  }

  /** Adopt the brain's current model; re-queues everything when it changed. */
  syncModel(brain: BrainRow): boolean {
    if (this.vectorsOff) return false;
    const s = this.settingsOf(brain);
    return this.repo.adoptModel(brain.id, s.modelKey, s.embeddingDimensions, new Date().toISOString());
  }

  /**
   * Embed one batch for the brain whose work is oldest. Returns how many chunks it settled
   * (stored or failed); 0 when nothing is ready. Calls are serialized.
   */
  processNext(onlyBrainId?: string, opts: { waitForModel?: boolean; maxBatch?: number } = {}): Promise<number> {
    const run = this.chain.then(() => this.processOne(onlyBrainId, opts.waitForModel ?? false, opts.maxBatch ?? Infinity));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * `waitForModel`: a local model still loading is waited for (drain); otherwise its brains are
   * skipped for now, so the background worker never sits on a model being converted (and stops at once).
   * `maxBatch`: fewer chunks than the provider's batch (the worker, when requests are waiting).
   */
  private async processOne(onlyBrainId: string | undefined, waitForModel: boolean, maxBatch: number): Promise<number> {
    if (this.vectorsOff) return 0;
    // A brain whose provider, model or size changed gets all its chunks queued again here.
    for (const brain of this.brains.all()) if (!onlyBrainId || brain.id === onlyBrainId) this.syncModel(brain);
    const now = Date.now();
    for (const brainId of this.repo.brainsWithReadyWork(now)) {
      if (onlyBrainId && brainId !== onlyBrainId) continue;
      const brain = this.brains.byId(brainId);
      if (!brain) continue;
      let provider: EmbeddingProvider;
      const settings = this.settingsOf(brain);
      try {
        provider = this.providerFor(brain);
      } catch (e) {
        const batch = this.repo.readyBatch(brainId, now, 1000);
        const message = e instanceof EmbeddingError ? e.message : String(e);
        this.repo.fail(brainId, batch.map((b) => b.chunkId), message, now + retryDelayMs(0, false), new Date().toISOString());
        return batch.length;
      }
      if (provider.isReady && !provider.isReady()) {
        if (!waitForModel || !provider.whenReady) continue;
        try {
          await provider.whenReady();
        } catch {
          // Loading failed: the embed below fails the same way and records it.
        }
      }
      try {
        await this.prepareVocabulary(brain, provider, settings.modelKey, settings.embeddingDimensions, false);
      } catch {
        // Learning failed (the model thread restarted): embed with what the model knows; the next batch tries again.
      }
      // Claimed (PostgreSQL): another node embeds other chunks meanwhile, never these.
      const batch = this.repo.claimBatch(brainId, now, Math.max(1, Math.min(provider.batchSize, maxBatch)));
      if (!batch.length) continue;
      const idleAfter = batch.length === this.repo.queuedCount(brainId);
      try {
        const { vectors, pages, context } = await this.embedBatch(provider, brainId, batch);
        this.repo.store(
          brainId,
          settings.modelKey,
          settings.embeddingDimensions,
          batch.map((b, i) => ({ ...b, context: context.get(b.pageId) ?? null, vector: vectors[i]! })),
          new Date().toISOString(),
          pages,
        );
        // The brain's queue is empty: learn its vocabulary again if its chunks changed since.
        if (idleAfter) await this.prepareVocabulary(brain, provider, settings.modelKey, settings.embeddingDimensions, true).catch(() => undefined);
      } catch (e) {
        const retryable = e instanceof EmbeddingError ? e.retryable : true;
        const message = e instanceof Error ? e.message : String(e);
        const attempts = Math.max(...batch.map((b) => b.attempts));
        this.repo.fail(brainId, batch.map((b) => b.chunkId), message, Date.now() + retryDelayMs(attempts, retryable), new Date().toISOString());
      }
      return batch.length;
    }
    return 0;
  }

  /**
   * Embed a batch of chunks: each chunk's text, and once per page its fields and its link
   * neighbours' titles, blended into the chunk's vector (FIELDS_WEIGHT, NEIGHBOURS_WEIGHT).
   */
  private async embedBatch(
    provider: EmbeddingProvider,
    brainId: string,
    batch: QueuedChunk[],
  ): Promise<{ vectors: Float32Array[]; pages: Array<{ pageId: number; vector: Float32Array }>; context: Map<number, PageContext> }> {
    const context = this.repo.pageContext(batch.map((b) => b.pageId));
    const texts = batch.map((b) => b.input);
    const extra = new Map<string, number>();
    const slot = (text: string) => {
      if (!text) return -1;
      let i = extra.get(text);
      if (i === undefined) extra.set(text, (i = texts.length + extra.size));
      return i;
    };
    const parts = batch.map((b) => {
      const c = context.get(b.pageId);
      return { fields: c ? slot(c.fields) : -1, neighbours: c ? slot(c.neighbours) : -1 };
    });
    const all = await provider.embed([...texts, ...extra.keys()], { brainId });
    // Each page's fields also get a vector of their own (hybrid search ranks pages by it).
    const pages = new Map<number, Float32Array>();
    batch.forEach((b, i) => {
      const f = parts[i]!.fields;
      if (f >= 0 && !pages.has(b.pageId)) pages.set(b.pageId, all[f]!);
    });
    const vectors = batch.map((_, i) => {
      const own = all[i]!;
      const { fields, neighbours } = parts[i]!;
      const f = fields >= 0 ? all[fields] : undefined;
      const n = neighbours >= 0 ? all[neighbours] : undefined;
      if (isZero(own) && (!f || isZero(f))) return own;
      const v = new Float32Array(own.length);
      for (let d = 0; d < v.length; d++) v[d] = own[d]! + (f ? FIELDS_WEIGHT * f[d]! : 0) + (n ? NEIGHBOURS_WEIGHT * n[d]! : 0);
      return normalize(v);
    });
    return { vectors, pages: [...pages].map(([pageId, vector]) => ({ pageId, vector })), context };
  }

  /**
   * For a model that adapts to each brain (the built-in one): learn the brain's vocabulary when it
   * has none (a new brain, a reindex, a change of model), or, once the brain's queue is empty
   * (`idle`), when a tenth of its chunks (at least one) changed since it was learned; learning
   * queues the embedded chunks holding its words again. A vocabulary is learned from all the brain's chunks in path order, so
   * a live index that has settled and a reindex of the same pages hold the same one. Otherwise
   * make sure the model holds the stored version.
   */
  private async prepareVocabulary(brain: BrainRow, provider: EmbeddingProvider, modelKey: string, dims: number, idle: boolean): Promise<void> {
    if (!provider.learnVocabulary || !provider.setVocabulary || !provider.vocabularyVersion) return;
    const state = this.repo.termsState(brain.id);
    const fresh = !state || state.model !== modelKey;
    const stale = !fresh && idle && this.repo.chunksChangedSince(brain.id, state.chunks) >= Math.max(1, RELEARN_SHARE * Number(state.chunks.split(':')[0]));
    const mark = fresh || stale ? this.repo.chunkMark(brain.id) : null;
    if (mark && !mark.startsWith('0:')) {
      const { ids, inputs } = await this.repo.chunkInputs(brain.id);
      const learned = await provider.learnVocabulary(inputs);
      const terms = learned.terms.map((term, i) => ({ term, occurrences: learned.occurrences[i]!, vector: learned.vectors.subarray(i * dims, (i + 1) * dims) }));
      const requeue = learned.textsWithTerms.map((k) => ids[k]!);
      const version = this.repo.replaceTerms(brain.id, modelKey, terms, mark, requeue, new Date().toISOString());
      // The model takes the vectors as stored (compact, a little rounded), so this process embeds
      // exactly as one that loads them after a restart.
      const stored = this.repo.loadTerms(brain.id, dims);
      provider.setVocabulary(brain.id, version, stored.terms, stored.vectors);
      this.forgetQueryVectors(brain.id);
      return;
    }
    this.installVocabulary(brain, provider, dims);
  }

  /** Hand the stored vocabulary to the model when it holds another version (a restart, another process learned it). */
  private installVocabulary(brain: BrainRow, provider: EmbeddingProvider, dims: number): void {
    if (!provider.setVocabulary || !provider.vocabularyVersion) return;
    const state = this.repo.termsState(brain.id);
    if (!state || provider.vocabularyVersion(brain.id) === state.version) return;
    const { terms, vectors } = this.repo.loadTerms(brain.id, dims);
    provider.setVocabulary(brain.id, state.version, terms, vectors);
    // A version number alone does not name a vocabulary (a cleared brain learns from 1 again).
    this.forgetQueryVectors(brain.id);
  }

  /** Drop one brain's kept query vectors (its vocabulary changed); other brains' stay. */
  private forgetQueryVectors(brainId: string): void {
    const prefix = queryVectorKeyPrefix(brainId);
    for (const key of this.queryVectors.keys()) if (key.startsWith(prefix)) this.queryVectors.delete(key);
  }

  /** Work the queue until nothing is ready (failed rows waiting for a retry are left waiting). */
  async drain(brainId?: string): Promise<void> {
    while ((await this.processNext(brainId, { waitForModel: true })) > 0) {
      /* keep going */
    }
  }

  /** Milliseconds until a waiting (failed) row becomes ready, or null when none waits. */
  nextRetryInMs(): number | null {
    const at = this.repo.nextReadyAt();
    return at == null ? null : Math.max(0, at - Date.now());
  }

  /** A unit vector for a search query, or null when the provider is unavailable or knows no word. */
  async embedQuery(brain: BrainRow, text: string): Promise<{ vector: Float32Array; modelKey: string; dimensions: number; minSimilarity: number } | null> {
    if (this.vectorsOff) return null;
    const s = this.settingsOf(brain);
    const state = this.repo.state(brain.id);
    if (!state || state.model !== s.modelKey || state.dimensions !== s.embeddingDimensions) return null;
    try {
      const provider = this.providerFor(brain);
      // A model still loading answers nothing: the search falls back to words instead of waiting.
      if (provider.isReady && !provider.isReady()) return null;
      this.installVocabulary(brain, provider, s.embeddingDimensions);
      // Everything the vector depends on: the brain (its learned vocabulary), the provider and
      // model, the size, the vocabulary's version, the text. Installing a brain's vocabulary drops its own.
      const key = `${queryVectorKeyPrefix(brain.id)}${s.embeddingProvider}\u0000${s.modelKey}\u0000${s.embeddingDimensions}\u0000${provider.vocabularyVersion?.(brain.id) ?? ''}\u0000${text}`;
      let vector = this.queryVectors.get(key);
      if (vector) {
        // Used again: the most recent now.
        this.queryVectors.delete(key);
        this.queryVectors.set(key, vector);
      } else {
        [vector] = await provider.embed([text], { urgent: true, brainId: brain.id });
        if (!vector || vector.length !== s.embeddingDimensions || isZero(vector)) return null;
        this.queryVectors.set(key, vector);
        if (this.queryVectors.size > QUERY_VECTORS_KEPT) this.queryVectors.delete(this.queryVectors.keys().next().value!);
      }
      // A copy: the kept vector is never handed out to be changed.
      return { vector: vector.slice(), modelKey: s.modelKey, dimensions: s.embeddingDimensions, minSimilarity: provider.minSimilarity };
    } catch {
      return null;
    }
  }

  hasPending(brainId: string): boolean {
    return !this.vectorsOff && this.repo.hasQueued(brainId);
  }

  status(brain: BrainRow): EmbeddingStatus {
    const s = this.settingsOf(brain);
    const state = this.repo.state(brain.id);
    const current = state != null && state.model === s.modelKey && state.dimensions === s.embeddingDimensions;
    const counts = this.repo.counts(brain.id, s.modelKey, s.embeddingDimensions);
    const embedded = current ? counts.embedded : 0;
    return {
      provider: brain.embeddingProvider,
      providerName: EMBEDDING_PROVIDER_NAMES[brain.embeddingProvider] ?? String(brain.embeddingProvider),
      model: s.modelKey,
      dimensions: s.embeddingDimensions,
      chunks: counts.chunks,
      embedded,
      pending: current ? counts.queued : counts.chunks,
      failing: counts.failing,
      progress: counts.chunks ? Math.round((embedded / counts.chunks) * 1000) / 1000 : 1,
      reembedding: !current ? state != null : state.reembedTotal != null,
      lastError: counts.lastError,
    };
  }
}
