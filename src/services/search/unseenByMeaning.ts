// Pages the meaning list cannot judge. A word-vector model compares a question with a page through
// the words they share a language for: a question in Latin letters says nothing, by meaning, about a
// page written in Japanese, Cyrillic or Arabic, so that page's absence from the meaning list is no
// evidence against it. Hybrid fusion weighs such a page's words match as much as meaning would have
// weighed it, in proportion to how much of the question the page holds by rarity (its name written in
// the question's letters, as an alias, is the usual reason it matched at all). A page in the
// question's own script, or one the meaning list found, keeps the weights of its query class.
import { scriptOf } from '../../domain/letterScripts.js';

/** Scripts written without spaces between words: each of their letters counts as a word. */
const SPACELESS = new Set(['cjk', 'thai', 'lao', 'khmer', 'myanmar']);

const ASCII = /^[\x00-\x7f]*$/;

/** Characters of a page's summary read for its script: its opening says what language it is in. */
const SUMMARY_CHARS = 300;

/**
 * How many words of a text each script holds: a word counts for the script of its first letter; in
 * a script written without spaces (Han, Kana, Thai …), each letter counts as a word.
 */
export function scriptWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (ASCII.test(text)) {
    // Most titles and questions are ASCII: no letter-by-letter look-up for them.
    const n = text.match(/[A-Za-z]{2,}/g)?.length ?? 0;
    if (n) counts.set('latin', n);
    return counts;
  }
  const add = (s: string) => counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const m of text.matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
    const word = m[0];
    const first = scriptOf(word);
    if (!SPACELESS.has(first)) {
      // A lone letter ("v2", "Q4", "A/B") is a mark, not a word of the page's language.
      if (word.length > 1) add(first);
      continue;
    }
    // A run of a script without spaces: each of its letters counts, and a run of another script
    // written against it ("東京Tokyo") once.
    let prev = '';
    for (const ch of word) {
      const s = scriptOf(ch);
      if (SPACELESS.has(s)) add(s);
      else if (s !== prev) add(s);
      prev = s;
    }
  }
  return counts;
}

/** The script most of a text's words are written in; null for a text without letters, or two scripts tied. */
export function dominantScript(text: string): string | null {
  let best: string | null = null;
  let most = 0;
  let tied = false;
  for (const [name, n] of scriptWords(text)) {
    if (n > most) [best, most, tied] = [name, n, false];
    else if (n === most) tied = true;
  }
  return tied ? null : best;
}

/** A page in the words ranking, as far as this rule reads it. */
export interface UnseenCandidate {
  pageId: number;
  title: string;
  /** The page's summary (its opening paragraph): read with the title for the page's script. */
  summary?: string;
}

/**
 * The pages of the words ranking (its first `depth`) written in another script than the question
 * whose page the meaning list does not hold: the meaning list is blind to them, not against them.
 * A page is in another script when fewer than half the words of its title are in the question's;
 * a title half in it ("Ivan Petrov (Иван Петров)", "東京 Tokyo office") or without letters is read
 * by its summary's opening instead.
 */
export function unseenByMeaning(question: string, exact: readonly UnseenCandidate[], meaningPages: ReadonlySet<number>, depth: number): UnseenCandidate[] {
  const asked = dominantScript(question);
  if (asked == null) return [];
  // -1: fewer than half the words in the question's script; 1: more; 0: half, or no words.
  const side = (text: string) => {
    const words = scriptWords(text);
    const all = [...words.values()].reduce((a, b) => a + b, 0);
    return Math.sign((words.get(asked) ?? 0) * 2 - all) * (all > 0 ? 1 : 0);
  };
  return exact.slice(0, depth).filter((c) => {
    if (meaningPages.has(c.pageId)) return false;
    const title = side(c.title);
    return title < 0 || (title === 0 && side((c.summary ?? '').slice(0, SUMMARY_CHARS)) < 0);
  });
}

/**
 * The words ranking's weight for a page the meaning list cannot judge: between the query class's words
 * weight and its meaning weight, by the share of the question's meaning (its words by rarity) the page
 * holds. A page matched only by a common word stays near the words weight; one holding the question's
 * rare words (a name) counts as meaning would have.
 */
export function unseenWeight(wordsWeight: number, meaningWeight: number, held: number): number {
  if (!(meaningWeight > wordsWeight)) return wordsWeight;
  const share = Math.min(1, Math.max(0, Number.isFinite(held) ? held : 0));
  return wordsWeight + (meaningWeight - wordsWeight) * share;
}
