// Pure: a question's words as the words-as-written FTS5 table sees them, how much each one tells
// (its rarity), how much of that a text holds, and the nearest indexed spelling of a word no
// chunk holds (a typo in a name: "Zubirria" for Zubiría, "heorn" for Heron).
import { foldScripts, hasCjk } from './scriptFolding.js';
import { isStopword } from './queryUnderstanding.js';
import { foldWord, stemOf } from './wordForms.js';

/** Words as unicode61 (remove_diacritics 2) cuts and folds them, after the Greek/Cyrillic folding the index applies. */
export function ftsTokens(text: string): string[] {
  return foldWord(foldScripts(text.normalize('NFC'))).normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words of a question that carry its meaning: folded, not stop words, not single characters,
 * not CJK runs (those are matched through bigrams, not words), each once.
 */
export function contentTokens(words: string[]): string[] {
  const out = new Set<string>();
  for (const w of words) for (const t of ftsTokens(w)) if (t.length > 1 && !isStopword(t) && !hasCjk(t)) out.add(t);
  return [...out];
}

/** How much a word tells: bm25's inverse document frequency (0 for a word no chunk holds). */
export function rarity(docs: number, chunks: number): number {
  if (docs <= 0 || chunks <= 0) return 0;
  return Math.log(1 + (chunks - docs + 0.5) / (docs + 0.5));
}

/**
 * Two folded words the same but for an ending ("snapshots"/"snapshot", "approve"/"approvals"):
 * the same Porter stem, as the index's porter table and the snippets match them ("port" and
 * "portal" are not the same word).
 */
export function sameStem(a: string, b: string): boolean {
  return a === b || stemOf(a) === stemOf(b);
}

/**
 * The share of a question's meaning a text holds: the rarity of the question's words found in it
 * (by stem) over the rarity of all of them. A word is a list of spellings (a typo and its
 * correction, its translations); its rarity is its best spelling's; a CJK spelling is held inside
 * a run of the text (such a run is one token). 1 for a question without any known word.
 */
export function coverage(words: Array<{ spellings: string[]; weight: number }>, textTokens: ReadonlySet<string>): number {
  let total = 0;
  let held = 0;
  let stems: Set<string> | null = null;
  for (const w of words) {
    if (w.weight <= 0) continue;
    total += w.weight;
    stems ??= new Set([...textTokens].map(stemOf));
    if (w.spellings.some((s) => textTokens.has(s) || stems!.has(stemOf(s)) || (hasCjk(s) && cjkInside(s, textTokens)))) held += w.weight;
  }
  return total > 0 ? held / total : 1;
}

/** A CJK word inside one of a text's tokens (a run written without spaces is one token). */
function cjkInside(word: string, textTokens: ReadonlySet<string>): boolean {
  for (const t of textTokens) if (t.length > word.length && t.includes(word)) return true;
  return false;
}

/** Damerau-Levenshtein distance (optimal string alignment), or max + 1 once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const x = [...a];
  const y = [...b];
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[y.length]!;
}

/**
 * Edits a misspelt word of this length may be from its correction: none under 4 letters, 1 up to
 * 8, else 2 (two edits make a short word another word: "helping" is not a typo of "heating").
 */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  return n < 4 ? 0 : n <= 8 ? 1 : 2;
}

/**
 * Whether a word may be a misspelling worth correcting: letters only (codes and numbers are
 * identifiers: a near one is another identifier, not a typo), long enough, not CJK.
 */
export function correctable(word: string): boolean {
  return allowedEdits(word) > 0 && /^\p{L}+$/u.test(word) && !hasCjk(word);
}

/**
 * The nearest indexed spelling of a word no chunk holds: fewest edits, then the most used.
 * Null when none is near enough.
 */
export function nearestSpelling(word: string, candidates: Array<{ term: string; docs: number }>): string | null {
  return nearestSpellings(word, candidates, 1)[0] ?? null;
}

/** The `max` nearest indexed spellings of a word, nearest first (see nearestSpelling). */
export function nearestSpellings(word: string, candidates: Array<{ term: string; docs: number }>, max: number): string[] {
  const edits = allowedEdits(word);
  if (!edits) return [];
  const near: Array<{ term: string; d: number; docs: number }> = [];
  for (const c of candidates) {
    if (c.term === word || !/^\p{L}+$/u.test(c.term)) continue;
    const d = editDistance(word, c.term, edits);
    if (d <= edits) near.push({ term: c.term, d, docs: c.docs });
  }
  near.sort((a, b) => a.d - b.d || b.docs - a.docs || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  return near.slice(0, max).map((n) => n.term);
}

/** The prefixes under which a word's corrections are looked up: its first two letters, and swapped (a typo in the second letter is rarer). */
export function spellingPrefixes(word: string): string[] {
  const c = [...word];
  if (c.length < 2) return [];
  const a = c[0]! + c[1]!;
  const b = c[1]! + c[0]!;
  return a === b ? [a] : [a, b];
}
