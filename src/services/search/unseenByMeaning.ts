// Pages the meaning list cannot judge. A word-vector model compares a question with a page through
// the words they share a language for: a question in Latin letters says nothing, by meaning, about a
// page written in Japanese, Cyrillic or Arabic, so that page's absence from the meaning list is no
// evidence against it. Hybrid fusion weighs such a page's words match as much as meaning would have
// weighed it, in proportion to how much of the question the page holds by rarity (its name written in
// the question's letters, as an alias, is the usual reason it matched at all). A page in the
// question's own script, or one the meaning list found, keeps the weights of its query class.

/** Scripts told apart; Han, Kana and Hangul count as one (CJK text mixes them). */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['georgian', /\p{Script=Georgian}/u],
];

const ASCII = /^[\x00-\x7f]*$/;

/** The script most of a text's letters are written in; null for a text without letters. */
export function dominantScript(text: string): string | null {
  // Most titles and questions are ASCII: no letter-by-letter look-up for them.
  if (ASCII.test(text)) return /[A-Za-z]/.test(text) ? 'latin' : null;
  const counts = new Map<string, number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    const found = SCRIPTS.find(([, re]) => re.test(ch));
    const name = found ? found[0] : 'other';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  let most = 0;
  for (const [name, n] of counts) {
    if (n > most) {
      best = name;
      most = n;
    }
  }
  return best;
}

/** A page in the words ranking, as far as this rule reads it. */
export interface UnseenCandidate {
  pageId: number;
  title: string;
}

/**
 * The pages of the words ranking (its first `depth`) written in another script than the question
 * whose page the meaning list does not hold: the meaning list is blind to them, not against them.
 */
export function unseenByMeaning(question: string, exact: readonly UnseenCandidate[], meaningPages: ReadonlySet<number>, depth: number): UnseenCandidate[] {
  const asked = dominantScript(question);
  if (asked == null) return [];
  return exact.slice(0, depth).filter((c) => {
    if (meaningPages.has(c.pageId)) return false;
    const written = dominantScript(c.title);
    return written != null && written !== asked;
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
