// Local (provider 0, the default): offline sentence vectors from GloVe word vectors with SIF
// weighting and common-component removal (Arora, Liang and Ma 2017, "A simple but tough-to-beat
// baseline for sentence embeddings"). A sentence is the weighted mean of its words' vectors,
// each weighted a / (a + p(word)) so frequent words count for little; then the direction shared
// by all sentences is projected out. No network, no native code, 100 dimensions.
import { loadGloveModel, sifWeight, zipfProbability, type GloveModel } from '../../storage/models/gloveStore.js';
import { sharedModelThread, type LocalModelThread } from './localModelThread.js';
import { normalize, type EmbeddingProvider } from './provider.js';
import { inSpacelessScript, worthLearning } from '../../domain/spacelessScripts.js';

export const LOCAL_MODEL_KEY = 'local:glove-sg-100d-sif';
export const LOCAL_DIMENSIONS = 100;
/** Measured on judged texts: related texts score ≥ 0.3, unrelated ones ≤ 0.15. */
export const LOCAL_MIN_SIMILARITY = 0.15;

const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

/** Lower-cased word tokens; compound and contracted forms fall back to their parts. */
export function wordTokens(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((t) => t.replace(/’/g, "'"));
}

/** A brain's learned vocabulary: OOV term → raw word vector (on the scale of GloVe's vectors). */
export type TermOverlay = Map<string, Float32Array>;

export interface LearnedTerms {
  terms: string[];
  occurrences: number[];
  /** Indexes of the texts that hold at least one unknown word (only their vectors change). */
  textsWithTerms: number[];
  /** One vector per term, packed end to end. */
  vectors: Float32Array;
}

/** Words either side of an unknown term that describe it. */
const CONTEXT_WINDOW = 5;
/** The learned part of an unknown term's vector; the rest is its spelling (character trigrams). */
const CONTEXT_SHARE = 0.6;
/**
 * Weight of a word GloVe lacks, relative to a known word of the same rarity: names and codes
 * recur across a brain's pages, and at full weight they outvote a chunk's topic words.
 */
const UNKNOWN_WEIGHT = 0.5;
/** At most this many terms are learned per brain (the most frequent of those worth learning). */
export const MAX_LEARNED_TERMS = 50_000;
const SUBWORD_CACHE = 20_000;

export class SifModel {
  private readonly weights: Float32Array;
  /** Typical length of a GloVe vector (learned and spelled vectors are scaled to it). */
  private readonly typicalNorm: number;
  /** SIF weight of a word rarer than any in the vocabulary. */
  private readonly rareWeight: number;
  private readonly subwords = new Map<string, Float32Array>();

  constructor(private readonly glove: GloveModel) {
    this.weights = new Float32Array(glove.count);
    for (let r = 0; r < glove.count; r++) this.weights[r] = sifWeight(zipfProbability(r, glove.count));
    this.rareWeight = UNKNOWN_WEIGHT * sifWeight(zipfProbability(glove.count, glove.count));
    let sum = 0;
    const sample = Math.min(glove.count, 50_000);
    for (let r = 0; r < sample; r++) {
      let sq = 0;
      for (let d = 0; d < glove.dims; d++) sq += glove.vectors[r * glove.dims + d]! ** 2;
      sum += Math.sqrt(sq) * glove.scales[r]!;
    }
    this.typicalNorm = sample ? sum / sample : 1;
  }

  get dims(): number {
    return this.glove.dims;
  }

  /**
   * Unit-length sentence vector; all zeros when no word is known. Words GloVe lacks take their
   * vector from the brain's learned vocabulary (`overlay`), else from their known parts
   * (`blue-green`), else from their spelling (character trigrams), so a name or a code still
   * meets the same name elsewhere.
   */
  embed(text: string, overlay?: TermOverlay): Float32Array {
    const { dims, vectors, scales, vocab, commonComponent } = this.glove;
    const out = new Float32Array(dims);
    let n = 0;
    const add = (rank: number) => {
      const f = this.weights[rank]! * scales[rank]!;
      const base = rank * dims;
      for (let d = 0; d < dims; d++) out[d]! += f * vectors[base + d]!;
      n++;
    };
    const addRaw = (v: Float32Array, f: number) => {
      for (let d = 0; d < dims; d++) out[d]! += f * v[d]!;
      n++;
    };
    const tokens = wordTokens(text);
    let clauses: number[] | undefined;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const rank = vocab.get(token);
      if (rank !== undefined) {
        add(rank);
        continue;
      }
      const learned = overlay?.get(token);
      if (learned) {
        addRaw(learned, this.rareWeight);
        continue;
      }
      let known = false;
      for (const part of token.split(/['\-]/)) {
        const r = part ? vocab.get(part) : undefined;
        if (r !== undefined) {
          add(r);
          known = true;
        }
      }
      if (!known && isTermLike(token)) {
        if (inSpacelessScript(token)) (clauses ??= []).push(i);
        else addRaw(this.spelling(token), this.rareWeight);
      }
    }
    // A clause of a script written without spaces that the brain's vocabulary lacks (seen once,
    // so not learned: see worthLearning) gets here the vector learning would have given it, from
    // the words around it in this text.
    if (clauses) {
      const ranksAt: Array<number[] | undefined> = [];
      for (const i of clauses) addRaw(this.termVector(this.contextSum(tokens, i, ranksAt), tokens[i]!), this.rareWeight);
    }
    if (n === 0) return out;
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += out[d]! * commonComponent[d]!;
    for (let d = 0; d < dims; d++) out[d]! -= dot * commonComponent[d]!;
    return normalize(out);
  }

  /**
   * Learn vectors for the words GloVe lacks from a brain's texts: each term's vector is the
   * SIF-weighted mean of the known words around it (±5 words) over all its occurrences, without
   * the common component, blended with its spelling vector and scaled like a GloVe vector.
   */
  learnTerms(texts: Iterable<string>): LearnedTerms {
    const { dims, vectors, scales, vocab, commonComponent } = this.glove;
    const sums = new Map<string, { v: Float32Array; n: number }>();
    const ranks: number[][] = [];
    const textsWithTerms: number[] = [];
    let textIndex = -1;
    for (const text of texts) {
      textIndex++;
      const tokens = wordTokens(text);
      // Per position: the known ranks it contributes as context, or null for an unknown term.
      ranks.length = 0;
      const unknown: Array<string | null> = [];
      for (const token of tokens) {
        const r = vocab.get(token);
        if (r !== undefined) {
          ranks.push([r]);
          unknown.push(null);
          continue;
        }
        const parts: number[] = [];
        for (const part of token.split(/['\-]/)) {
          const pr = part ? vocab.get(part) : undefined;
          if (pr !== undefined) parts.push(pr);
        }
        ranks.push(parts);
        unknown.push(!parts.length && isTermLike(token) ? token : null);
      }
      if (unknown.some((u) => u !== null)) textsWithTerms.push(textIndex);
      for (let i = 0; i < tokens.length; i++) {
        const term = unknown[i];
        if (!term) continue;
        let acc = sums.get(term);
        if (!acc) sums.set(term, (acc = { v: new Float32Array(dims), n: 0 }));
        acc.n++;
        const from = Math.max(0, i - CONTEXT_WINDOW);
        const to = Math.min(tokens.length - 1, i + CONTEXT_WINDOW);
        for (let j = from; j <= to; j++) {
          if (j === i) continue;
          for (const r of ranks[j]!) {
            const f = this.weights[r]! * scales[r]!;
            const base = r * dims;
            for (let d = 0; d < dims; d++) acc.v[d]! += f * vectors[base + d]!;
          }
        }
      }
    }
    // A clause of a script written without spaces, seen once, is no word: not learned (see worthLearning).
    const kept = [...sums.entries()].filter(([term, acc]) => worthLearning(term, acc.n)).sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_LEARNED_TERMS);
    const out = new Float32Array(kept.length * dims);
    kept.forEach(([term, acc], i) => out.set(this.termVector(acc.v, term), i * dims));
    return { terms: kept.map(([t]) => t), occurrences: kept.map(([, a]) => a.n), vectors: out, textsWithTerms };
  }

  /** An unknown term's vector from the sum of its contexts (changed in place): without the common component, blended with its spelling. */
  private termVector(ctx: Float32Array, term: string): Float32Array {
    const { dims, commonComponent } = this.glove;
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += ctx[d]! * commonComponent[d]!;
    for (let d = 0; d < dims; d++) ctx[d]! -= dot * commonComponent[d]!;
    normalize(ctx);
    const spelled = this.spelling(term);
    const v = new Float32Array(dims);
    for (let d = 0; d < dims; d++) v[d] = CONTEXT_SHARE * ctx[d]! * this.typicalNorm + (1 - CONTEXT_SHARE) * spelled[d]!;
    return v;
  }

  /**
   * The SIF-weighted sum of the known words (and known parts of words) within CONTEXT_WINDOW of
   * `tokens[i]`, as learnTerms sums them; `ranksAt` keeps each token's known ranks for the next call.
   */
  private contextSum(tokens: string[], i: number, ranksAt: Array<number[] | undefined>): Float32Array {
    const { dims, vectors, scales, vocab } = this.glove;
    const ctx = new Float32Array(dims);
    const to = Math.min(tokens.length - 1, i + CONTEXT_WINDOW);
    for (let j = Math.max(0, i - CONTEXT_WINDOW); j <= to; j++) {
      if (j === i) continue;
      let ranks = ranksAt[j];
      if (!ranks) {
        const r = vocab.get(tokens[j]!);
        ranks = r !== undefined ? [r] : [];
        if (r === undefined) {
          for (const part of tokens[j]!.split(/['\-]/)) {
            const pr = part ? vocab.get(part) : undefined;
            if (pr !== undefined) ranks.push(pr);
          }
        }
        ranksAt[j] = ranks;
      }
      for (const r of ranks) {
        const f = this.weights[r]! * scales[r]!;
        const base = r * dims;
        for (let d = 0; d < dims; d++) ctx[d]! += f * vectors[base + d]!;
      }
    }
    return ctx;
  }

  /** A deterministic vector from a word's character trigrams (near spellings share most of it). */
  private spelling(token: string): Float32Array {
    let v = this.subwords.get(token);
    if (v) return v;
    const dims = this.glove.dims;
    v = new Float32Array(dims);
    const w = `<${token}>`;
    for (let i = 0; i + 3 <= w.length; i++) {
      let h = 2166136261;
      for (let k = i; k < i + 3; k++) h = Math.imul(h ^ w.charCodeAt(k), 16777619);
      let x = h >>> 0 || 1;
      for (let d = 0; d < dims; d++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        v[d]! += ((x >>> 0) / 4294967296) * 2 - 1;
      }
    }
    normalize(v);
    for (let d = 0; d < dims; d++) v[d]! *= this.typicalNorm;
    if (this.subwords.size >= SUBWORD_CACHE) this.subwords.clear();
    this.subwords.set(token, v);
    return v;
  }
}

/** Unknown tokens worth a vector: at least two characters and not a bare number. */
function isTermLike(token: string): boolean {
  return token.length >= 2 && !/^\d+$/.test(token);
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

  embed(texts: string[], opts: { urgent?: boolean; brainId?: string } = {}): Promise<Float32Array[]> {
    return this.thread.embed(texts, opts);
  }

  learnVocabulary(texts: string[]): Promise<{ terms: string[]; occurrences: number[]; vectors: Float32Array; textsWithTerms: number[] }> {
    return this.thread.learn(texts);
  }

  setVocabulary(brainId: string, version: number, terms: string[], vectors: Float32Array): void {
    this.thread.setVocabulary(brainId, version, terms, vectors);
  }

  vocabularyVersion(brainId: string): number | null {
    return this.thread.vocabularyVersion(brainId);
  }
}
