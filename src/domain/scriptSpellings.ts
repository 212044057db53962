// The same name written in two scripts. A vault kept in several languages writes a place or a
// person in each language's own script ("Almaty" in an English note, "Алматы" in a Russian one), and
// a question asked in one script does not hold the other's word. A name's words are compared across
// scripts by their romanization (any-ascii: Cyrillic, Greek, Georgian, Armenian, Hangul romanize
// close to how the name is spelt in Latin; scripts written without vowels, such as Hebrew and
// Arabic, or Han read as Chinese, mostly do not and then simply find nothing). No I/O beyond
// loading any-ascii once.
import { scriptOf } from './letterScripts.js';
import { ftsTokens } from './termWeights.js';

/** any-ascii's transliteration once loaded; `false` when it could not be loaded (no spellings then). */
let romanize: ((text: string) => string) | false | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the romanization tables (any-ascii): about 40 ms of module loading, so a process pays it
 * when it first asks for spellings, not when it starts. Null once settled (nothing to wait for).
 * A failed load is not an error for the search asking: it then finds no other spellings.
 */
export function loadRomanization(): Promise<void> | null {
  if (romanize !== null) return null;
  return (loading ??= import('any-ascii').then(
    (m) => {
      romanize = m.default;
    },
    (e: unknown) => {
      romanize = false;
      process.emitWarning(`any-ascii could not be loaded; names are not matched across scripts: ${(e as Error).message}`);
    },
  ));
}

/** Romanized keys shorter than this match nothing: short words collide across languages by chance. */
export const MIN_SCRIPT_KEY = 4;
/** An inflected form may add this many letters to a name's romanization ("Θεσσαλονίκης" for "Thessaloniki"). */
const MAX_ENDING = 2;
/** Keys are bucketed by their first letters, so a word is compared with few keys. */
const BUCKET = MIN_SCRIPT_KEY;

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{M}]+$/u;

/** A word's romanization as compared: ASCII letters and digits, lower case. */
export function scriptKey(word: string): string {
  if (romanize === null) throw new Error('scriptKey before loadRomanization');
  if (romanize === false) return '';
  return romanize(word.normalize('NFC')).toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a word is written in the Latin script (or digits only). */
export function isLatinWord(word: string): boolean {
  return LATIN_ONLY.test(word);
}

/**
 * Name words by their romanization, kept per page so that a page's change replaces its words:
 * filled from a brain's page names (their words as the words index folds them), then asked for the
 * spellings of a question's word in other scripts.
 */
export class ScriptSpellings {
  /** Romanizations of the words held or met, and the words of the name labels met. */
  private readonly keys = new Map<string, string>();
  private readonly labelWords = new Map<string, string[]>();

  /**
   * `previous`: the set this one replaces (a rebuild), whose romanizations and label words are
   * reused while this one is filled: a brain's names mostly stay, and folding and romanizing them
   * again was most of a rebuild. forgetPrevious lets it go.
   */
  constructor(private previous: ScriptSpellings | null = null) {}

  forgetPrevious(): void {
    this.previous = null;
  }

  /** The page's names (titles, file names, aliases), split into words as the words index folds them. */
  setPageNames(path: string, labels: string[]): void {
    this.setPage(path, labels.flatMap((l) => this.wordsOf(l)));
  }

  private readonly buckets = new Map<string, Map<string, { key: string; latin: boolean }>>();
  private readonly uses = new Map<string, number>();
  private readonly byPage = new Map<string, string[]>();
  private others = 0;

  /** The name words of the page at `path` (any it had before are replaced). */
  setPage(path: string, words: Iterable<string>): void {
    this.removePage(path);
    const kept = [...new Set(words)].filter((w) => this.keyOf(w).length >= MIN_SCRIPT_KEY);
    if (!kept.length) return;
    this.byPage.set(path, kept);
    for (const w of kept) {
      const n = this.uses.get(w) ?? 0;
      this.uses.set(w, n + 1);
      if (n) continue;
      const key = this.keyOf(w);
      const latin = isLatinWord(w);
      if (!latin) this.others++;
      const bucket = key.slice(0, BUCKET);
      let words = this.buckets.get(bucket);
      if (!words) this.buckets.set(bucket, (words = new Map()));
      words.set(w, { key, latin });
    }
  }

  removePage(path: string): void {
    const had = this.byPage.get(path);
    if (!had) return;
    this.byPage.delete(path);
    for (const w of had) {
      const n = this.uses.get(w)! - 1;
      if (n) {
        this.uses.set(w, n);
        continue;
      }
      this.uses.delete(w);
      const bucket = this.keyOf(w).slice(0, BUCKET);
      const words = this.buckets.get(bucket)!;
      if (!words.get(w)!.latin) this.others--;
      words.delete(w);
      if (!words.size) this.buckets.delete(bucket);
    }
  }

  private keyOf(word: string): string {
    let key = this.keys.get(word);
    if (key === undefined) this.keys.set(word, (key = this.previous?.keys.get(word) ?? scriptKey(word)));
    return key;
  }

  private wordsOf(label: string): string[] {
    let words = this.labelWords.get(label);
    if (words === undefined) this.labelWords.set(label, (words = this.previous?.labelWords.get(label) ?? ftsTokens(label)));
    return words;
  }

  /**
   * The name words written in another script than `word` whose romanization is the word's, or the
   * word's with an ending of at most MAX_ENDING letters added on either side ("almaty" = "алматы",
   * "thessaloniki" ~ "θεσσαλονικης"). Sorted, so the same index gives the same answer.
   */
  spellingsOf(word: string): string[] {
    const latin = isLatinWord(word);
    // A brain whose names are all Latin has no other spelling of a Latin word: no romanizing.
    if (latin && !this.others) return [];
    const key = scriptKey(word);
    if (key.length < MIN_SCRIPT_KEY) return [];
    const out: string[] = [];
    for (const [w, c] of this.buckets.get(key.slice(0, BUCKET)) ?? []) {
      if (latin ? c.latin : !c.latin && sameScript(w, word)) continue;
      const [short, long] = c.key.length <= key.length ? [c.key, key] : [key, c.key];
      if (short === long || (long.length - short.length <= MAX_ENDING && short.length > MIN_SCRIPT_KEY && long.startsWith(short))) out.push(w);
    }
    return out.sort();
  }
}

/** Whether two non-Latin words are of one script (the script of each one's first letter). */
function sameScript(a: string, b: string): boolean {
  return scriptOf(firstLetter(a)) === scriptOf(firstLetter(b));
}

function firstLetter(word: string): string {
  return /\p{L}/u.exec(word)?.[0] ?? word;
}
