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
  return s.normalize('NFD').replace(GREEK_MARKED, '$1').normalize('NFC').replace(/ё/g, 'е').replace(/Ё/g, 'Е');
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
  if (!MAYBE_CJK.test(s)) return '';
  const kinds = cjkKinds();
  let out = '';
  let prev = ''; // the run's last character so far ('' outside a run)
  let any = false;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    let kind: number;
    let ch: string;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      ch = s.slice(i, i + 2);
      kind = CJK_CHAR.test(ch) ? CJK_LETTER : CJK_RUN_ONLY.test(ch) ? CJK_MARK : 0;
      i++;
    } else {
      kind = kinds[unit]!;
      ch = kind ? s[i]! : '';
    }
    if (kind) {
      if (kind === CJK_LETTER) any = true;
      if (prev) out += `${out ? ' ' : ''}${prev}${ch}`;
      prev = ch;
    } else if (prev) {
      out += `${out ? ' ' : ''}${prev}`;
      prev = '';
    }
  }
  if (prev) out += `${out ? ' ' : ''}${prev}`;
  return any ? out : '';
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

/** The FTS5 values of a chunk's columns (computed where the page is derived, off the index's thread for a large commit). */
export function ftsColumns(cols: readonly string[]): FtsColumns {
  const folded = cols.map(foldScripts);
  const bigrams = cols.map(cjkBigrams);
  // (cjkBigrams is '' exactly for a column without CJK letters: a row only when some column has them.)
  return { words: folded.some((f, i) => f !== cols[i]) ? folded : null, cjk: bigrams.some((b) => b !== '') ? bigrams : null };
}
