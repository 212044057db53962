// Pure: one word as the search index's FTS5 tokenizers make it — folded as unicode61 folds it
// (case, and diacritics with remove_diacritics), and stemmed as the porter tokenizer stems it.
// Snippets (which words to bold) and the question's coverage (which words a hit holds) both
// compare words this way, so they agree with each other and with the index's matches.
import { stemmer } from 'stemmer';

const NOT_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}/gu;

/** A word or text in lower case without diacritics (plain ASCII is only lower-cased). */
export function foldWord(s: string): string {
  return NOT_ASCII.test(s) ? s.normalize('NFD').replace(MARKS, '').toLowerCase() : s.toLowerCase();
}

/** Stems already computed (a brain's vocabulary is small); forgotten wholesale when it grows large. */
const stems = new Map<string, string>();
const STEM_CACHE = 50_000;

/** A folded word's Porter stem: FTS5's porter tokenizer stems plain ASCII words of 3 to 64 letters and passes others through. */
export function stemOf(folded: string): string {
  let out = stems.get(folded);
  if (out === undefined) {
    out = folded.length >= 3 && folded.length <= 64 && /^[a-z]+$/.test(folded) ? stemmer(folded) : folded;
    if (stems.size >= STEM_CACHE) stems.clear();
    stems.set(folded, out);
  }
  return out;
}
