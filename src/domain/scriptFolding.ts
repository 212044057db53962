// Pure: what the FTS5 tables are given beyond the unicode61 tokenizer's own folding (case in every
// script, Latin diacritics), so that search works the same in other scripts:
// - Greek accents (tonos, dialytika: "Αθηνάς" = "αθηνας") and the Cyrillic ё (= е) are folded
//   here, in the text indexed and in the query alike; unicode61 folds only Latin diacritics.
// - Han, Hiragana, Katakana and Hangul are written without spaces between words, so a run of them
//   is one unicode61 token and a word inside it is not found. Those runs are also indexed as
//   overlapping bigrams (each character with the next; the last character alone) in a table of
//   their own (search_fts_cjk): a query's run is then found anywhere as the phrase of its bigrams,
//   and one character as a prefix. Bigrams, not FTS5's trigram tokenizer: two-character words (東京,
//   会議) are the commonest, and a trigram index cannot find them.

const NEEDS_FOLD = /[\u0370-\u03ff\u1f00-\u1fff\u0401\u0451]/;
const GREEK_MARKED = /([\p{Script=Greek}])\p{M}+/gu;

/** Greek letters without their accents, ё as е; anything else as it is. */
export function foldScripts(s: string): string {
  if (!NEEDS_FOLD.test(s)) return s;
  return foldByTable(streamSafe(s));
}

/** Reference form of foldScripts (tests compare the two; the fallback of foldByTable). */
export function foldScriptsByNormalizing(s: string): string {
  return NEEDS_FOLD.test(s) ? foldNormalizing(streamSafe(s)) : s;
}

const MARKS_30 = /\p{M}{30}(?=\p{M})/gu;

/**
 * `s` with a combining grapheme joiner (U+034F) after every 30 marks in a row, as Unicode's
 * stream-safe format has it (UAX #15): normalising reorders a run of marks by insertion, so a
 * hostile page of one letter and alternating marks cost time quadratic in the run (32,000 marks
 * 0.5 s, a 1 MB page minutes, on the event loop). Text of shorter runs (all real writing) is
 * returned as it is.
 */
function streamSafe(s: string): string {
  return hasLongMarkRun(s) ? s.replace(MARKS_30, '$&\u034f') : s;
}

/**
 * Whether `s` holds 31 marks in a row (/\p{M}{31}/u.test(s)) by one walk over the code units with a table of the
 * BMP's marks: the regular expression tried its Unicode class at every position of every Greek or
 * Cyrillic text folded, a tenth of deriving a multilingual vault's pages. A surrogate pair is asked
 * of the expression's class itself (astral marks exist); a lone surrogate is no mark.
 */
export function hasLongMarkRun(s: string): boolean {
  const marks = markTable();
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    let mark: boolean;
    if (u < 0x300) mark = false; // (the first marks are the combining diacriticals at U+0300)
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      mark = MARK.test(s.slice(i, i + 2));
      i++;
    } else mark = marks[u] === 1;
    if (!mark) run = 0;
    else if (++run >= 31) return true;
  }
  return false;
}

let bmpMarks: Uint8Array | null = null;

/** 1 for each BMP code unit that is a mark (\p{M}); surrogates are 0. */
function markTable(): Uint8Array {
  if (bmpMarks) return bmpMarks;
  const t = new Uint8Array(0x10000);
  for (let u = 0x300; u < 0x10000; u++) if ((u < 0xd800 || u > 0xdfff) && MARK.test(String.fromCharCode(u))) t[u] = 1;
  return (bmpMarks = t);
}

/** foldScripts of a text that holds a character to fold (or a piece of such a text). */
function foldNormalizing(s: string): string {
  return s.normalize('NFD').replace(GREEK_MARKED, '$1').normalize('NFC').replace(/ё/g, 'е').replace(/Ё/g, 'Е');
}

// foldScripts without normalising the whole text (two normalisations of every Greek or Cyrillic
// chunk, and half a vault's chunks hold a Greek name, were the largest single cost of deriving a
// multilingual vault's pages). A character is a BASE when it is its own NFC, is no mark, and
// neither it nor the first character of its NFD ever follows another character in a canonical
// decomposition (so it composes with nothing before it: this leaves out the combining marks,
// Hangul vowel and final jamo, the spacing vowel signs). NFD, the removal of marks after Greek
// letters and NFC then act on the text cut before each base piece by piece: a base alone folds
// by a table; a base with the other characters after it (marks, jamo, surrogates) is that piece
// of an NFC text as it is when the base holds no Greek letter, else folded by the reference form.
const PLAIN = 1; // a base that folds to itself, no Greek letter in its NFD
const GREEK = 2; // a base that folds to itself, with a Greek letter in its NFD (marks after it go)
const FOLDS = 3; // a base that folds to another string (foldChars)
let foldKinds: Uint8Array | null = null;
const foldChars = new Map<number, string>();

function foldTable(): Uint8Array {
  if (foldKinds) return foldKinds;
  const t = new Uint8Array(0x10000);
  const follows = new Uint8Array(0x10000);
  // (Plane 2 decomposes only its compatibility ideographs, 2F800-2FA1D, each to one character.)
  for (let cp = 0; cp < 0x2fa20; cp = cp === 0x1ffff ? 0x2f800 : cp + 1) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const d = String.fromCodePoint(cp).normalize('NFD');
    // (A BMP character that follows in some decomposition: a code unit of d after its first character.)
    for (let i = d.codePointAt(0)! > 0xffff ? 2 : 1; i < d.length; i++) follows[d.charCodeAt(i)] = 1;
  }
  for (let u = 0; u < 0x10000; u++) {
    if ((u >= 0xd800 && u <= 0xdfff) || follows[u]) continue;
    const c = String.fromCharCode(u);
    const d = c.normalize('NFD');
    if (c.normalize('NFC') !== c || MARK.test(c) || follows[d.charCodeAt(0)] || MARK.test(d[0]!)) continue;
    // (A character outside NEEDS_FOLD's ranges is its own NFC and holds no accented Greek letter: it stays.)
    const f = NEEDS_FOLD.test(c) ? foldNormalizing(c) : c;
    t[u] = f !== c ? FOLDS : GREEK_LETTER.test(d) ? GREEK : PLAIN;
    if (f !== c) foldChars.set(u, f);
  }
  return (foldKinds = t);
}
const MARK = /\p{M}/u;
const GREEK_LETTER = /\p{Script=Greek}/u;

/** foldScripts piece by piece (see foldTable): the same answer without normalising all of `s`. */
function foldByTable(s: string): string {
  const t = foldTable();
  // Whether s is NFC: asked only when a mark or jamo is met (-1 until then).
  let nfc = -1;
  const n = s.length;
  let out = '';
  let last = 0; // s[0, last) is in out
  let base = -1; // where the last base starts (-1: none yet)
  let baseKind = PLAIN;
  let pieces = 0;
  for (let i = 0; i < n; ) {
    const u = s.charCodeAt(i);
    // Printable ASCII (most of any text) is a plain base.
    const k = u >= 32 && u < 127 ? PLAIN : t[u]!;
    if (k === FOLDS) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 32;
      if ((next >= 32 && next < 127) || t[next] !== 0) {
        out += s.slice(last, i) + foldChars.get(u)!;
        last = i + 1;
        i++;
        continue;
      }
    } else if (k !== 0) {
      base = i;
      baseKind = k;
      i++;
      continue;
    } else if (baseKind === PLAIN && (u & 0xf800) !== 0xd800 && (nfc === -1 ? (nfc = s.normalize('NFC') === s ? 1 : 0) : nfc) === 1) {
      // A mark or jamo after a plain base in an NFC text: the piece stays as it is.
      i++;
      continue;
    }
    // A piece folded by the reference form: from the base before (or the text's start, or this
    // folding base) to the next base.
    const from = k === FOLDS ? i : Math.max(base, last);
    // Many such pieces (an NFD text, jamo, emoji beside one Greek letter): the rest in one reference
    // call, which costs what the whole text's did before, instead of one call per piece (review:
    // a Korean jamo chunk 24 -> 331 us).
    if (++pieces > 8) return out + s.slice(last, from) + foldNormalizing(s.slice(from));
    let j = i + 1;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if ((c >= 32 && c < 127) || t[c] !== 0) break;
    }
    out += s.slice(last, from) + foldNormalizing(s.slice(from, j));
    last = i = j;
    base = -1;
    baseKind = PLAIN;
  }
  return last === 0 ? s : out + s.slice(last);
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu;

export function hasCjk(s: string): boolean {
  return CJK_CHAR.test(s);
}

/** The runs of CJK characters in a text. */
export function cjkRuns(s: string): string[] {
  return s.match(CJK_RUN) ?? [];
}

/** The bigram tokens of a text's CJK runs, space-separated (what search_fts_cjk indexes); '' without any. */
export function cjkBigrams(s: string): string {
  // One pass over the text with a table of the Basic Multilingual Plane (the two Unicode-property
  // regular expressions it replaces were a tenth of deriving a vault's pages; most text has no CJK).
  // The tokens are written as code units into one buffer, not appended to a string: two small
  // strings a character (and the copies of a rope's flattening) were most of its cost.
  if (!MAYBE_CJK.test(s)) return '';
  const kinds = cjkKinds();
  // Each character writes at most a space, the one before it and itself (3 code units a unit).
  if (bigramBuf.length < 3 * s.length + 8) bigramBuf = new Uint16Array(3 * s.length + 8);
  const out = bigramBuf;
  let n = 0;
  let prevAt = -1; // where the run's last character so far starts in s (-1 outside a run)
  let prevLen = 0;
  let any = false;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    let kind: number;
    let len = 1;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const ch = s.slice(i, i + 2);
      kind = CJK_CHAR.test(ch) ? CJK_LETTER : CJK_RUN_ONLY.test(ch) ? CJK_MARK : 0;
      len = 2;
    } else kind = kinds[unit]!;
    if (kind) {
      if (kind === CJK_LETTER) any = true;
      if (prevAt >= 0) {
        if (n) out[n++] = 32;
        for (let k = 0; k < prevLen; k++) out[n++] = s.charCodeAt(prevAt + k);
        for (let k = 0; k < len; k++) out[n++] = s.charCodeAt(i + k);
      }
      prevAt = i;
      prevLen = len;
    } else if (prevAt >= 0) {
      if (n) out[n++] = 32;
      for (let k = 0; k < prevLen; k++) out[n++] = s.charCodeAt(prevAt + k);
      prevAt = -1;
    }
    i += len - 1;
  }
  if (prevAt >= 0) {
    if (n) out[n++] = 32;
    for (let k = 0; k < prevLen; k++) out[n++] = s.charCodeAt(prevAt + k);
  }
  return any ? unitsToString(out, n) : '';
}

let bigramBuf = new Uint16Array(4096);

/** The string of the first `n` code units of `units`. */
function unitsToString(units: Uint16Array, n: number): string {
  // In slices: an argument list has a limit.
  let out = '';
  for (let i = 0; i < n; i += 8192) out += String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + 8192)) as unknown as number[]);
  return out;
}

/** Reference form of cjkBigrams (tests compare the two). */
export function cjkBigramsByRuns(s: string): string {
  if (!hasCjk(s)) return '';
  const out: string[] = [];
  for (const run of cjkRuns(s)) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    out.push(chars[chars.length - 1]!);
  }
  return out.join(' ');
}

// Code units outside which no CJK letter lies (the blocks of Han, kana, Hangul and their
// compatibility forms, and every surrogate): a text without any has no CJK run, found by one native scan.
const MAYBE_CJK = /[\u1100-\u11ff\u2e80-\u2fff\u3000-\u9fff\ua960-\ua97f\uac00-\udfff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
const CJK_LETTER = 1; // a CJK letter (hasCjk)
const CJK_MARK = 2; // in a run, not a letter of its own (ー, 々)
const CJK_RUN_ONLY = /^[ー々]$/u;
let cjkTable: Uint8Array | null = null;

/** For each BMP code unit: 0, CJK_LETTER or CJK_MARK (a lone surrogate is 0, as the regular expressions see it). */
function cjkKinds(): Uint8Array {
  if (cjkTable) return cjkTable;
  const t = new Uint8Array(0x10000);
  for (let u = 0; u < 0x10000; u++) {
    if (u >= 0xd800 && u <= 0xdfff) continue;
    const c = String.fromCharCode(u);
    t[u] = CJK_CHAR.test(c) ? CJK_LETTER : CJK_RUN_ONLY.test(c) ? CJK_MARK : 0;
  }
  return (cjkTable = t);
}

/**
 * The search_fts_cjk expression for a query's CJK runs, all required: a run of two or more
 * characters as the phrase of its bigrams, one character as a prefix. Null when the query has none.
 */
export function cjkExpression(runs: string[]): string | null {
  const parts: string[] = [];
  for (const run of runs) {
    const chars = [...run];
    if (chars.length === 1) parts.push(`"${chars[0]}"*`);
    else parts.push(`"${chars.slice(0, -1).map((c, i) => c + chars[i + 1]!).join(' ')}"`);
  }
  return parts.length ? parts.join(' AND ') : null;
}

/**
 * The search_fts_cjk expression for any of a query's CJK bigrams (and single characters): for a
 * run that is not found whole ("北斗精機との打ち合わせ" beside a page's "北斗精機と連携の打ち合わせ"),
 * ranked by how many of its bigrams a chunk holds, rarest first. Null when the query has none.
 */
export function cjkAnyExpression(runs: string[]): string | null {
  const parts = new Set<string>();
  for (const run of runs) {
    const chars = [...run];
    if (chars.length === 1) parts.add(`"${chars[0]}"*`);
    else for (let i = 0; i + 1 < chars.length; i++) parts.add(`"${chars[i]}${chars[i + 1]}"`);
  }
  return parts.size > 1 ? [...parts].join(' OR ') : null;
}

/** What the FTS5 tables take of a chunk's four columns (title, heading, body, frontmatter text). */
export interface FtsColumns {
  /** The word tables' values: the columns script-folded; null when folding leaves them as they are. */
  words: string[] | null;
  /** The CJK table's values, their bigrams; null when no column has CJK text (no row there). */
  cjk: string[] | null;
}

/** One column's FTS5 values: script-folded, and its CJK bigrams. */
export interface ColumnFts {
  folded: string;
  bigrams: string;
}

/** The FTS5 values of one column (a page's title, the same for each of its chunks). */
export function columnFts(text: string): ColumnFts {
  return { folded: foldScripts(text), bigrams: cjkBigrams(text) };
}

/** The FTS5 values of a chunk's columns (computed where the page is derived, off the index's thread for a large commit). */
export function ftsColumns(cols: readonly string[], first?: ColumnFts): FtsColumns {
  // `first`: the first column's values computed once for all the chunks of a page (its title).
  const folded = cols.map((c, i) => (i === 0 && first ? first.folded : foldScripts(c)));
  const bigrams = cols.map((c, i) => (i === 0 && first ? first.bigrams : cjkBigrams(c)));
  // (cjkBigrams is '' exactly for a column without CJK letters: a row only when some column has them.)
  return { words: folded.some((f, i) => f !== cols[i]) ? folded : null, cjk: bigrams.some((b) => b !== '') ? bigrams : null };
}
