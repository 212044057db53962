// Pure: a search hit's snippet — the window of a chunk's text where the query's terms are
// densest, with each match in **bold**. It follows FTS5's snippet() (fts5_aux.c) token for
// token: the same window scoring (a phrase's first hit in the window counts 1000, each further
// hit 1; windows that start a sentence get a bonus), the same centring of the hits, the same
// ellipses. Computing it here from the chunk text the search already read avoids a second
// FTS5 query per hit, which cost more than the ranking itself.
//
// Tokens are what FTS5's unicode61 tokenizer makes (letters, digits, marks; case and diacritics
// folded); with `stem`, words are compared by their Porter stems, as in the porter table.
import type { QueryTerm } from './searchQuery.js';
import { foldWord, stemOf } from './wordForms.js';

export interface SnippetOptions {
  /** Compare words by Porter stem (the porter table's matches) instead of as written. */
  stem: boolean;
  /** Window length in tokens (FTS5's nToken). */
  tokens?: number;
}

interface Instance {
  phrase: number;
  first: number;
  last: number;
}

/** What FTS5's unicode61 keeps in a token: letters, digits, marks, private use (the rest separates). */
const WORD_CHAR = /^[\p{L}\p{N}\p{M}\p{Co}]$/u;
/**
 * WORD_CHAR's answer for each character of the Basic Multilingual Plane, learnt as met (0: not
 * asked yet, 1: a word character, 2: not): a text in another script than Latin asked the regex
 * again for each of its characters, each through a one-character string cut for it.
 */
const BMP_WORD = new Uint8Array(0x10000);

/** Whether the character at `i` (`width` units: 2 for a surrogate pair) is one unicode61 keeps in a token. */
function wordCharAt(text: string, i: number, c: number, width: number): boolean {
  if (width === 1) {
    let known = BMP_WORD[c]!;
    if (known === 0) BMP_WORD[c] = known = WORD_CHAR.test(text[i]!) ? 1 : 2;
    return known === 1;
  }
  return WORD_CHAR.test(text.slice(i, i + width));
}
/** 1 for the ASCII characters unicode61 keeps in a token (letters and digits). */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
/** A folded query word of ASCII letters and digits only (one token of an ASCII text can equal it). */
const ASCII_WORDS = /^[a-z0-9]+$/;
const OPEN = '**';
const CLOSE = '**';
const ELLIPSIS = '…';

/** Token boundaries of a text; each token's folded (and stemmed) form is made only when asked. */
/**
 * Scratch space for a scan: token boundaries are written here, then copied out once at their
 * final length. Arrays grown by push for a chunk's few hundred tokens were most of a cold
 * snippet's cost (their regrowth and the garbage they left: 40% of a snippet's time, 2026-11).
 */
let scratchStarts: Int32Array = new Int32Array(1024);
let scratchEnds: Int32Array = new Int32Array(1024);
let scratchSentences: Int32Array = new Int32Array(256);

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

class Tokens {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Tokens with a character beyond ASCII (folded with Unicode decomposition; the rest by lowercasing). */
  private readonly wide: Set<number> | null;
  /** Tokens that start a sentence: the first, and any after whitespace that follows '.' or ':' (fts5SentenceFinderCb). */
  readonly sentenceStarts: Int32Array;
  private readonly folded: Array<string | undefined> = [];

  constructor(readonly text: string) {
    // One scan by character code (a regex iterator costs several times more on long chunks), into
    // the scratch arrays: a hit's chunk is tokenized for every search that shows it.
    let starts = scratchStarts;
    let ends = scratchEnds;
    let sentenceStarts = scratchSentences;
    let count = 0;
    let sentences = 0;
    let wide: Set<number> | null = null;
    const n = text.length;
    // Within the gap before the next token: the last character that is not whitespace, and whether whitespace followed it.
    let lastMark = -1;
    let spaceAfter = false;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      let width = 1;
      let word: boolean;
      if (c < 128) word = ASCII_WORD[c] === 1;
      else {
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) width = 2;
        word = wordCharAt(text, i, c, width);
      }
      if (!word) {
        if (c === 32 || c === 9 || c === 10 || c === 13) spaceAfter = true;
        else {
          lastMark = c;
          spaceAfter = false;
        }
        i += width;
        continue;
      }
      // A token starts here: the run of word characters (ASCII ones by the table, in a tight loop).
      const start = i;
      if (count === 0 || (spaceAfter && (lastMark === 46 || lastMark === 58))) {
        if (sentences === sentenceStarts.length) sentenceStarts = scratchSentences = grown(sentenceStarts);
        sentenceStarts[sentences++] = count;
      }
      let isWide = c >= 128;
      i += width;
      while (i < n) {
        c = text.charCodeAt(i);
        if (c < 128) {
          if (ASCII_WORD[c] !== 1) break;
          i++;
          continue;
        }
        width = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
        if (!wordCharAt(text, i, c, width)) break;
        isWide = true;
        i += width;
      }
      if (isWide) (wide ??= new Set()).add(count);
      if (count === starts.length) {
        starts = scratchStarts = grown(starts);
        ends = scratchEnds = grown(ends);
      }
      starts[count] = start;
      ends[count++] = i;
      lastMark = -1;
      spaceAfter = false;
    }
    this.starts = starts.slice(0, count);
    this.ends = ends.slice(0, count);
    this.sentenceStarts = sentenceStarts.slice(0, sentences);
    this.wide = wide;
  }

  get length(): number {
    return this.starts.length;
  }

  /**
   * The text lower-cased, for finding a word with indexOf; null when a token has a character
   * beyond ASCII (then lower-casing may change lengths, or fold differently from `fold`). With
   * ASCII tokens only, toLowerCase keeps every offset (the one length-changing lower-casing,
   * U+0130, is a letter, so it would be in a wide token) and lowers a token as `is` compares it.
   */
  lowered(): string | null {
    if (this.wide) return null;
    this.lower ??= this.text.toLowerCase();
    return this.lower;
  }

  private lower: string | undefined;

  /** The token starting at character `at`, or -1 (binary search of the starts). */
  tokenAt(at: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = starts[mid]!;
      if (s === at) return mid;
      if (s < at) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  fold(i: number): string {
    let f = this.folded[i];
    if (f === undefined) {
      const raw = this.text.slice(this.starts[i], this.ends[i]);
      f = this.folded[i] = this.wide?.has(i) ? foldWord(raw) : raw.toLowerCase();
    }
    return f;
  }

  /**
   * Whether token `i` folds to `word` (all of it, or its start when `prefix`), compared in place
   * for an ASCII token (no string is made for the many tokens that only share a first letter).
   */
  is(i: number, word: string, prefix: boolean): boolean {
    if (this.wide?.has(i)) return prefix ? this.fold(i).startsWith(word) : this.fold(i) === word;
    const from = this.starts[i]!;
    const len = this.ends[i]! - from;
    if (prefix ? len < word.length : len !== word.length) return false;
    const text = this.text;
    for (let k = 0; k < word.length; k++) {
      let c = text.charCodeAt(from + k);
      if (c >= 65 && c <= 90) c += 32;
      if (c !== word.charCodeAt(k)) return false;
    }
    return true;
  }

  /** The folded first character's code (Porter keeps a word's first letter, so a stem starts with it too). */
  initial(i: number): number {
    const c = this.text.charCodeAt(this.starts[i]!);
    if (c >= 65 && c <= 90) return c + 32;
    return c < 128 ? c : this.fold(i).charCodeAt(0);
  }
}

/**
 * Tokenized texts kept for the next snippet of the same text: a hit's chunk is cut once and kept
 * (searchIndexRepo's cut pages), and the pages a brain's questions find return from search to
 * search, so the same text is tokenized again and again; tokenizing is most of a snippet's cost.
 * Keyed by the text itself (a pure function of it: nothing to invalidate), the least recently
 * used first out past TOKENIZED_CHARS_KEPT characters; short texts are tokenized each time.
 */
const TOKENIZED_CHARS_KEPT = 2_000_000;
const TOKENIZED_MIN_CHARS = 200;
const tokenized = new Map<string, Tokens>();
let tokenizedChars = 0;

function tokensOf(text: string): Tokens {
  if (text.length < TOKENIZED_MIN_CHARS || text.length > TOKENIZED_CHARS_KEPT / 8) return new Tokens(text);
  const had = tokenized.get(text);
  if (had) {
    // Used again: the most recent now.
    tokenized.delete(text);
    tokenized.set(text, had);
    return had;
  }
  const made = new Tokens(text);
  tokenized.set(text, made);
  tokenizedChars += text.length;
  while (tokenizedChars > TOKENIZED_CHARS_KEPT) {
    const oldest = tokenized.keys().next().value!;
    tokenized.delete(oldest);
    tokenizedChars -= oldest.length;
  }
  return made;
}

/** Drop every kept tokenized text (tests: a snippet computed from fresh tokens). */
export function forgetTokenized(): void {
  tokenized.clear();
  queryWords.clear();
  tokenizedChars = 0;
}

/** How many texts and characters the tokenized cache holds (tests). */
export function tokenizedKept(): { texts: number; chars: number } {
  return { texts: tokenized.size, chars: tokenizedChars };
}

function words(text: string): string[] {
  const t = new Tokens(text);
  return Array.from({ length: t.length }, (_, i) => t.fold(i));
}

/**
 * A query term's words as the tokenizer makes them (Porter stems with `stem`), by the term's text:
 * the same for every hit of a search, so they are made once, not once per hit (each a Tokens of
 * the term and its arrays). A pure function of the text: nothing to invalidate; emptied past
 * QUERY_WORDS_KEPT terms.
 */
const queryWords = new Map<string, string[]>();
const QUERY_WORDS_KEPT = 1_000;

function wantedWords(text: string, stem: boolean): string[] {
  const key = stem ? `s${text}` : `w${text}`;
  let wanted = queryWords.get(key);
  if (wanted === undefined) {
    wanted = stem ? words(text).map(stemOf) : words(text);
    if (queryWords.size >= QUERY_WORDS_KEPT) queryWords.clear();
    queryWords.set(key, wanted);
  }
  return wanted;
}

/** Every place a term (a phrase of one or more words, the last one maybe a prefix) occurs. */
function instances(tokens: Tokens, terms: QueryTerm[], stem: boolean): Instance[] {
  const out: Instance[] = [];
  terms.forEach((term, phrase) => {
    // As in FTS5, a query word goes through the same tokenizer as the text (a prefix too: `pay*`
    // in the porter table looks for stems that start with the stem of "pay").
    const wanted = wantedWords(term.text, stem);
    if (!wanted.length || !wanted[0]) return;
    const initial = wanted[0].charCodeAt(0);
    const last = wanted.length - 1;
    // As written, in a text of ASCII tokens: the first word's places found by indexOf in the
    // lower-cased text (native, instead of a look at every token), each one a token that starts
    // there; the same test as below decides. Instances are sorted after.
    const lower = stem ? null : ASCII_WORDS.test(wanted[0]) ? tokens.lowered() : null;
    if (lower !== null) {
      const first = wanted[0];
      for (let at = lower.indexOf(first); at >= 0; at = lower.indexOf(first, at + 1)) {
        const i = tokens.tokenAt(at);
        if (i < 0 || i + wanted.length > tokens.length) continue;
        let ok = true;
        for (let j = 0; j <= last && ok; j++) ok = tokens.is(i + j, wanted[j]!, term.prefix && j === last);
        if (ok) out.push({ phrase, first: i, last: i + last });
      }
      return;
    }
    for (let i = 0; i + wanted.length <= tokens.length; i++) {
      if (tokens.initial(i) !== initial) continue;
      let ok = true;
      for (let j = 0; j <= last && ok; j++) {
        const isPrefix = term.prefix && j === last;
        if (stem) ok = isPrefix ? stemOf(tokens.fold(i + j)).startsWith(wanted[j]!) : stemOf(tokens.fold(i + j)) === wanted[j];
        else ok = tokens.is(i + j, wanted[j]!, isPrefix);
      }
      if (ok) out.push({ phrase, first: i, last: i + last });
    }
  });
  return out.sort((a, b) => a.first - b.first || a.phrase - b.phrase);
}

/** fts5SnippetScore: the score of the window starting at `pos`, and where to start it to centre its hits. */
function score(all: Instance[], seen: Uint8Array, docSize: number, pos: number, size: number): { score: number; adjusted: number } {
  seen.fill(0);
  let total = 0;
  let first = -1;
  let last = -1;
  // Instances are sorted by position: start at the first one inside the window, stop after it.
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.first < pos) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < all.length && all[k]!.first < pos + size; k++) {
    const inst = all[k]!;
    total += seen[inst.phrase] ? 1 : 1000;
    seen[inst.phrase] = 1;
    if (first < 0) first = inst.first;
    last = inst.last;
  }
  let adjusted = first - Math.trunc((size - (last - first)) / 2);
  if (adjusted + size > docSize) adjusted = docSize - size;
  if (adjusted < 0) adjusted = 0;
  return { score: total, adjusted };
}

/**
 * The best window of `text` for the query terms, matches in **bold**, "…" where the text goes on.
 * Null when no term occurs in the text.
 */
export function snippet(text: string, terms: QueryTerm[], opts: SnippetOptions): string | null {
  const size = opts.tokens ?? 24;
  const tokens = tokensOf(text);
  const found = instances(tokens, terms, opts.stem);
  if (!found.length) return null;
  const docSize = tokens.length;
  const starts = docSize > size ? tokens.sentenceStarts : [];
  // Which phrases a window has seen: one buffer, cleared by each window's scoring.
  const seen = new Uint8Array(terms.length);
  let best = 0;
  let bestStart = 0;
  let j = 0;
  for (const inst of found) {
    const s = score(found, seen, docSize, inst.first, size);
    if (s.score > best) {
      best = s.score;
      bestStart = s.adjusted;
    }
    if (starts.length) {
      // The last sentence start at or before this instance (instances come in order).
      while (j < starts.length - 1 && starts[j + 1]! <= inst.first) j++;
      if (starts[j]! < inst.first) {
        const bonus = score(found, seen, docSize, starts[j]!, size).score + (starts[j] === 0 ? 120 : 100);
        if (bonus > best) {
          best = bonus;
          bestStart = starts[j]!;
        }
      }
    }
  }
  const end = Math.min(bestStart + size, docSize) - 1;
  return render(text, tokens, found, bestStart, end);
}

/** The window's text with its matches marked; runs of overlapping matches share one pair of marks. */
function render(text: string, tokens: Tokens, found: Instance[], from: number, to: number): string {
  const spans: Array<[number, number]> = [];
  for (const inst of found) {
    const a = Math.max(inst.first, from);
    const b = Math.min(inst.last, to);
    if (a > b) continue;
    const prev = spans[spans.length - 1];
    if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
    else spans.push([a, b]);
  }
  let out = from > 0 ? ELLIPSIS : '';
  let offset = from > 0 ? tokens.starts[from]! : 0;
  for (const [a, b] of spans) {
    out += text.slice(offset, tokens.starts[a]!) + OPEN + text.slice(tokens.starts[a]!, tokens.ends[b]!) + CLOSE;
    offset = tokens.ends[b]!;
  }
  if (to < tokens.length - 1) return out + text.slice(offset, tokens.ends[to]!) + ELLIPSIS;
  return out + text.slice(offset);
}

/**
 * A snippet for text written without spaces between words (CJK): the window around the first
 * occurrence of any of the runs, each occurrence in **bold**, "…" where the text goes on. Null when
 * none occurs. `chars` is the window's length in characters.
 */
export function substringSnippet(text: string, runs: string[], chars = 100): string | null {
  const wanted = runs.filter(Boolean);
  let first = -1;
  for (const r of wanted) {
    const i = text.indexOf(r);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  if (first < 0) return null;
  let from = Math.max(0, first - Math.floor(chars / 4));
  const to = Math.min(text.length, from + chars);
  if (to - from < chars) from = Math.max(0, to - chars);
  const window = text.slice(from, to);
  const marks: Array<[number, number]> = [];
  for (const r of wanted) {
    for (let i = window.indexOf(r); i >= 0; i = window.indexOf(r, i + r.length)) marks.push([i, i + r.length]);
  }
  marks.sort((a, b) => a[0] - b[0]);
  let out = from > 0 ? ELLIPSIS : '';
  let at = 0;
  for (const [a, b] of marks) {
    if (b <= at) continue;
    const start = Math.max(a, at);
    out += window.slice(at, start) + OPEN + window.slice(start, b) + CLOSE;
    at = b;
  }
  out += window.slice(at);
  return to < text.length ? out + ELLIPSIS : out;
}
