// One interface for every embedding backend. A provider turns texts into vectors of a fixed
// size; `modelKey` names the model and is stored with every vector so vectors from different
// models (or sizes) are never compared.
export interface EmbeddingProvider {
  /** e.g. `local:glove-sg-100d-sif`, `openai:text-embedding-3-small`. */
  readonly modelKey: string;
  readonly dimensions: number;
  /** Texts per call the backend accepts comfortably. */
  readonly batchSize: number;
  /**
   * Cosine similarity below which a chunk is not a semantic match at all. Model-specific: the
   * built-in model's unrelated texts score near 0; remote models vary, so they keep every neighbour.
   */
  readonly minSimilarity: number;
  /**
   * One vector per text, in order. Throws EmbeddingError on failure. `urgent`: a search query.
   * `brainId`: the brain the texts belong to (a model that adapts to each brain uses its vocabulary).
   */
  embed(texts: string[], opts?: { urgent?: boolean; brainId?: string }): Promise<Float32Array[]>;
  /**
   * A model that adapts to each brain's own words (the built-in one): learn vectors for the words
   * it lacks from a brain's texts, install a learned vocabulary, and say which version it holds.
   */
  learnVocabulary?(texts: string[]): Promise<{ terms: string[]; occurrences: number[]; vectors: Float32Array; textsWithTerms: number[] }>;
  setVocabulary?(brainId: string, version: number, terms: string[], vectors: Float32Array): void;
  vocabularyVersion?(brainId: string): number | null;
  /** False while the model is not usable yet (a local model still loading): queries do not wait for it. */
  isReady?(): boolean;
  /** Resolves once the model is usable (starting to load it if needed). */
  whenReady?(): Promise<void>;
}

export class EmbeddingError extends Error {
  constructor(
    message: string,
    /** True when trying again later may help (timeouts, 429, 5xx, connection refused). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

/** Scale to unit length in place (cosine distance then equals 1 − dot product). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/**
 * No direction: every component zero, one not finite (NaN, ±Inf), or the largest so small that no
 * finite scale reaches it. Stored or asked with, such a vector is zero as int8 (vectorFormat.ts),
 * and every cosine distance to it NULL: it is neither stored nor searched with.
 */
export function isZero(v: Float32Array): boolean {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]!);
    if (!Number.isFinite(a)) return true;
    if (a > max) max = a;
  }
  return max === 0 || !Number.isFinite(127 / max);
}
