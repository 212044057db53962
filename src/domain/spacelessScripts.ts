// Pure: scripts written without spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer,
// Myanmar). A word token of such text (a run of letters between spaces or punctuation) is a
// phrase or a whole clause rather than a word: seen once in a brain, the built-in model stores no
// learned vector for it, but makes the same vector from the words around it whenever it embeds the
// text holding it (issue 28: such clauses were 96% of a multilingual vault's stored vocabulary,
// 9 MB of its index).

const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** True when a token holds a letter of a script written without spaces between words. */
export function inSpacelessScript(token: string): boolean {
  return SPACELESS.test(token);
}

/** Whether a word GloVe lacks, seen `occurrences` times in a brain's texts, gets a learned vector. */
export function worthLearning(term: string, occurrences: number): boolean {
  return occurrences >= 2 || !inSpacelessScript(term);
}
