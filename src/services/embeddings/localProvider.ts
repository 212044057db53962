// Local (provider 0, the default): offline sentence vectors from GloVe word vectors with SIF
// weighting and common-component removal (Arora, Liang and Ma 2017, "A simple but tough-to-beat
// baseline for sentence embeddings"). A sentence is the weighted mean of its words' vectors,
// each weighted a / (a + p(word)) so frequent words count for little; then the direction shared
// by all sentences is projected out. No network, no native code, 100 dimensions.
import { loadGloveModel, sifWeight, zipfProbability, type GloveModel } from '../../storage/models/gloveStore.js';
import { sharedModelThread, type LocalModelThread } from './localModelThread.js';
import { normalize, type EmbeddingProvider } from './provider.js';

export const LOCAL_MODEL_KEY = 'local:glove-sg-100d-sif';
export const LOCAL_DIMENSIONS = 100;
/** Measured on judged texts: related texts score ≥ 0.3, unrelated ones ≤ 0.15. */
export const LOCAL_MIN_SIMILARITY = 0.15;

const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

/** Lower-cased word tokens; compound and contracted forms fall back to their parts. */
export function wordTokens(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((t) => t.replace(/’/g, "'"));
}

export class SifModel {
  private readonly weights: Float32Array;

  constructor(private readonly glove: GloveModel) {
    this.weights = new Float32Array(glove.count);
    for (let r = 0; r < glove.count; r++) this.weights[r] = sifWeight(zipfProbability(r, glove.count));
  }

  get dims(): number {
    return this.glove.dims;
  }

  /** Unit-length sentence vector; all zeros when no word is known. */
  embed(text: string): Float32Array {
    const { dims, vectors, scales, vocab, commonComponent } = this.glove;
    const out = new Float32Array(dims);
    let n = 0;
    const add = (rank: number) => {
      const f = this.weights[rank]! * scales[rank]!;
      const base = rank * dims;
      for (let d = 0; d < dims; d++) out[d]! += f * vectors[base + d]!;
      n++;
    };
    for (const token of wordTokens(text)) {
      const rank = vocab.get(token);
      if (rank !== undefined) {
        add(rank);
        continue;
      }
      for (const part of token.split(/['\-]/)) {
        const r = part ? vocab.get(part) : undefined;
        if (r !== undefined) add(r);
      }
    }
    if (n === 0) return out;
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += out[d]! * commonComponent[d]!;
    for (let d = 0; d < dims; d++) out[d]! -= dot * commonComponent[d]!;
    return normalize(out);
  }
}

const models = new Map<string, Promise<SifModel>>();

/** One model loaded on the calling thread per models folder (the model's own thread, tools and benchmarks). */
export function sharedSifModel(modelsDir: string): Promise<SifModel> {
  let p = models.get(modelsDir);
  if (!p) {
    p = loadGloveModel(modelsDir).then((g) => new SifModel(g));
    p.catch(() => models.delete(modelsDir));
    models.set(modelsDir, p);
  }
  return p;
}

/**
 * The built-in model runs in its own thread (localModelThread.ts): converting it on a fresh
 * models folder takes seconds of CPU, and embedding a batch of chunks tens of milliseconds, none
 * of which may stall the server's requests.
 */
export class LocalProvider implements EmbeddingProvider {
  readonly modelKey = LOCAL_MODEL_KEY;
  readonly dimensions = LOCAL_DIMENSIONS;
  readonly batchSize = 256;
  readonly minSimilarity = LOCAL_MIN_SIMILARITY;
  private readonly thread: LocalModelThread;

  constructor(modelsDir: string) {
    this.thread = sharedModelThread(modelsDir);
  }

  /** False while the model is still being converted or loaded (search then answers by words). */
  isReady(): boolean {
    return this.thread.ready;
  }

  whenReady(): Promise<void> {
    return this.thread.whenReady();
  }

  embed(texts: string[], opts: { urgent?: boolean } = {}): Promise<Float32Array[]> {
    return this.thread.embed(texts, opts);
  }
}
