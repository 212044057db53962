// Pure: which script a letter is written in, by the Unicode Script property, named as the search's
// script rules count them (search/unseenByMeaning.ts: a page in another script than the question;
// scriptSpellings.ts: a name's spelling in another script).

/**
 * Scripts told apart, by the Unicode Script property. Han, Hiragana and Katakana count as one
 * (Japanese mixes them); a letter of a script not listed counts under its own 128-code-point block.
 */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = (
  [
    ['latin', 'Latin'],
    ['cyrillic', 'Cyrillic'],
    ['greek', 'Greek'],
    ['arabic', 'Arabic'],
    ['hebrew', 'Hebrew'],
    ['cjk', 'Han'],
    ['cjk', 'Hiragana'],
    ['cjk', 'Katakana'],
    ['hangul', 'Hangul'],
    ['devanagari', 'Devanagari'],
    ['bengali', 'Bengali'],
    ['gurmukhi', 'Gurmukhi'],
    ['gujarati', 'Gujarati'],
    ['oriya', 'Oriya'],
    ['tamil', 'Tamil'],
    ['telugu', 'Telugu'],
    ['kannada', 'Kannada'],
    ['malayalam', 'Malayalam'],
    ['sinhala', 'Sinhala'],
    ['thai', 'Thai'],
    ['lao', 'Lao'],
    ['khmer', 'Khmer'],
    ['myanmar', 'Myanmar'],
    ['tibetan', 'Tibetan'],
    ['ethiopic', 'Ethiopic'],
    ['armenian', 'Armenian'],
    ['georgian', 'Georgian'],
    ['thaana', 'Thaana'],
    ['syriac', 'Syriac'],
    ['mongolian', 'Mongolian'],
  ] as const
).map(([name, script]) => [name, new RegExp(`^\\p{Script=${script}}`, 'u')]);

/** The script of each letter met, by code point (emptied when full): a text repeats its letters. */
const SCRIPT_OF = new Map<number, string>();
const SCRIPTS_KEPT = 20_000;

export function scriptOf(letter: string): string {
  const cp = letter.codePointAt(0)!;
  let name = SCRIPT_OF.get(cp);
  if (name === undefined) {
    const found = SCRIPTS.find(([, re]) => re.test(letter));
    name = found ? found[0] : `block-${Math.floor(cp / 128)}`;
    if (SCRIPT_OF.size >= SCRIPTS_KEPT) SCRIPT_OF.clear();
    SCRIPT_OF.set(cp, name);
  }
  return name;
}
