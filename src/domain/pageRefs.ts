// Pure: how a reference to a page (a link target, a `resolve` ref, a name inside a search query)
// is normalised into a lookup key, and how near a miss is. Names keep the letters and digits of
// every script: a key is never reduced to ASCII.
//
// A key is `<namespace><folded>\u001f<exact>` (the exact half empty when it equals the folded one):
// - exact: NFKC, case-folded (final sigma and ß included), white space collapsed to one space;
// - folded: the exact form without accents and diacritics (Latin, Greek, Cyrillic, Arabic,
//   Hebrew marks), with every run of punctuation, symbols and separators turned into one space.
// Both halves live in one key so one index range (every key starting with `<folded>\u001f`)
// finds the exact matches and the folded ones, and the exact ones rank first (see
// docs/pages.md, "How links resolve"). Namespaces: `n:` names (file name, title, alias), `p:` paths
// (a page's path and each of its suffixes at folder boundaries, without `.md`).
import { baseName, folderOf } from './paths.js';
import { markdownHrefAsWritten, relativeWikiPath, type LinkRef } from './links.js';

/**
 * What a page key is, and the rank of an exact match on it: 0 the page's whole path (or, for a
 * page at the root, its file name), 1 its file name, 2 its title (names) or a path suffix (paths:
 * another namespace, so the two never compete), 4 an alias. A match on the folded half alone ranks 3
 * (5 for an alias). The file name ranks above the title as in vault apps, which link by file name.
 * (`slug` is the file name's older name.)
 */
export const KEY_KIND = { path: 0, name: 1, slug: 1, title: 2, suffix: 2, alias: 4 } as const;
export type KeyKind = (typeof KEY_KIND)[keyof typeof KEY_KIND];

/** Separates the folded half of a key from its exact half. */
export const KEY_SEPARATOR = '\u001f';

export interface PageKey {
  key: string;
  kind: KeyKind;
  label: string;
}

/**
 * Printable ASCII only (no control characters): NFKC leaves it as it is, lower-casing keeps it
 * ASCII, and it holds none of the letters, marks or controls the general paths below rewrite. Most
 * names and paths are such text, and the general paths cost several normalisations and Unicode
 * regular expressions each: a tenth of deriving a small page (profiled on an import of 10,000).
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** NFKC case folding: the exact half of a name key. */
export function exactName(name: string): string {
  // The same answer as below for printable ASCII: only white space (here, spaces) to collapse.
  if (PRINTABLE_ASCII.test(name)) return name.toLowerCase().replace(/ +/g, ' ').trim();
  return name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/ς/g, 'σ')
    .replace(/ß/g, 'ss')
    .replace(/[\p{Cc}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// Marks dropped by folding: combining diacritics (Latin, Greek, Cyrillic), Arabic harakat and
// tatweel, Hebrew points. Marks that make letters of their own (Devanagari vowel signs, kana voicing)
// stay.
const FOLDED_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640\u0591-\u05c7]/g;
const FOLDED_LETTERS: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ð: 'd', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th', ħ: 'h' };

/** The folded half: no accents, punctuation or separators, only letters, marks and digits. */
export function foldName(name: string): string {
  return foldOfExact(exactName(name));
}

/** foldName of a name whose exactName is `exact` (one normalisation less where both halves are made). */
function foldOfExact(exact: string): string {
  // Printable ASCII (see exactName): no marks nor folded letters; \p{L}\p{M}\p{N} are [a-z0-9] once lower-cased.
  if (PRINTABLE_ASCII.test(exact)) return exact.replace(/['.]/g, '').replace(/[^a-z0-9]+/g, ' ').trim() || exact;
  const folded = exact
    .normalize('NFD')
    .replace(FOLDED_MARKS, '')
    .normalize('NFC')
    .replace(/[łøđðæœıþħ]/g, (c) => FOLDED_LETTERS[c]!)
    .replace(/['’.·]/g, '') // inside words: C.S. = CS, don't = dont
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  // A name made only of punctuation ("???", "C++" minus letters) folds to itself.
  return folded || exact.replace(/\u001f/g, '');
}

/** `<ns><folded>\u001f<exact>`, the exact half left empty when it is the folded one (most names). */
function composeKey(ns: string, folded: string, exact: string): string {
  return `${ns}${folded}${KEY_SEPARATOR}${exact === folded ? '' : exact}`;
}

/** The key a name (file name, title, alias, link text) answers to. */
export function nameKey(name: string): string {
  return nameKeyOfExact(exactName(name));
}

/** nameKey of a name whose exactName is `exact`. */
function nameKeyOfExact(exact: string): string {
  return composeKey('n:', foldOfExact(exact), exact);
}

/** The key a path (or a path suffix) answers to; `.md` is left out. */
export function pathKey(path: string): string {
  const bare = path.replace(/\.md$/i, '');
  const folded = bare.split('/').map(foldName).join('/');
  return composeKey('p:', folded, exactName(bare));
}

/**
 * How a link key is read, written after its exact half (so the folded prefix, the index range, is
 * the key's own; page keys never carry one): ONE_PATH for a link relative to its page
 * (`[[../x]]`, `[[./x]]`, `[x](./x.md)`, `[x](../x.md)`), which names that one path and nothing
 * else; PAGE_FIRST for a markdown href not explicitly relative (`[x](Note.md)`), which is the page
 * beside the linking one when there is one (as a markdown renderer reads it, and as Brainkeep's
 * own move rewriting writes it), else the path as written (from the root, then a suffix…).
 */
export const KEY_READING = '\u001d';
export const ONE_PATH = `${KEY_READING}1`;
export const PAGE_FIRST = `${KEY_READING}r`;

/** A link key's page-key part (`base`) and its reading ('' for the plain order). */
export function keyReading(key: string): { base: string; reading: string } {
  const at = key.indexOf(KEY_READING);
  return at < 0 ? { base: key, reading: '' } : { base: key.slice(0, at), reading: key.slice(at) };
}

/** The exact text of a key without its namespace (the folded half when the exact one is empty). */
function exactHalf(key: string): string {
  const at = key.indexOf(KEY_SEPARATOR);
  return key.slice(at + 1) || key.slice(2, at);
}

/** The folded half of a key with its namespace and the separator: the prefix every rival shares. */
export function foldPrefix(key: string): string {
  const at = key.indexOf(KEY_SEPARATOR);
  return at < 0 ? `${key}${KEY_SEPARATOR}` : key.slice(0, at + 1);
}

/** One page key that shares a link's folded half: a candidate for where the link goes. */
export interface KeyCandidate {
  key: string;
  kind: number;
  path: string;
}

/** The rank of a candidate for `key` (lower wins): its kind when exact, 3 when folded (5 for an alias). */
export function candidateRank(c: KeyCandidate, key: string): number {
  if (c.key === keyReading(key).base) return c.kind;
  return c.kind === KEY_KIND.alias ? 5 : 3;
}

function topFolder(path: string): string {
  const at = path.indexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** ONE_PATH reads a key as that whole path: never a suffix of a deeper page nor a folded spelling. */
function ruledOut(c: KeyCandidate, reading: ReturnType<typeof keyReading>['reading'], base: string): boolean {
  return reading === ONE_PATH && (c.kind !== KEY_KIND.path || c.key !== base);
}

/**
 * THE resolution order (docs/pages.md, "How links resolve"): the candidate of best rank (exact path,
 * exact file name, exact title or path suffix, folded, alias, folded alias); ties to a page in the
 * linking page's folder, then in its top folder, then the shortest path, then the path. `from` is
 * the linking page ('' for none). Every caller (link indexing, graph/resolve, search, the web app)
 * resolves through this one function.
 */
export function bestCandidate(candidates: KeyCandidate[], key: string, from = ''): string | null {
  const { base, reading } = keyReading(key);
  // A lone candidate is the answer unless ONE_PATH rules it out (most names are one page's): no
  // ranks, folders or scores to compare (a first import resolves a vault page's ~29 links here).
  if (candidates.length === 1) return ruledOut(candidates[0]!, reading, base) ? null : candidates[0]!.path;
  let best: KeyCandidate | null = null;
  let bestScore: number[] = [];
  const fromFolder = folderOf(from);
  const fromTop = topFolder(from);
  // PAGE_FIRST: the page at the href joined to the linking page's folder (exact, case-insensitive).
  const besidePath = reading === PAGE_FIRST && fromFolder ? `${exactName(fromFolder)}/${exactHalf(base)}` : null;
  for (const c of candidates) {
    if (ruledOut(c, reading, base)) continue;
    const rank = besidePath !== null && exactName(c.path.replace(/\.md$/i, '')) === besidePath ? -1 : candidateRank(c, base);
    const score = [rank, folderOf(c.path) === fromFolder ? 0 : 1, topFolder(c.path) === fromTop ? 0 : 1, c.path.length];
    let better = best == null;
    if (!better) {
      for (let i = 0; i < score.length; i++) {
        if (score[i] !== bestScore[i]) {
          better = score[i]! < bestScore[i]!;
          break;
        }
        if (i === score.length - 1) better = c.path < best!.path;
      }
    }
    if (better) {
      best = c;
      bestScore = score;
    }
  }
  return best?.path ?? null;
}

/** Every key a page answers to, each once (at its best kind). */
export function pageKeys(path: string, title: string, frontmatter: Record<string, unknown>): PageKey[] {
  const keys: PageKey[] = [{ key: pathKey(path), kind: KEY_KIND.path, label: path }];
  const addName = (name: string, kind: KeyKind) => {
    const trimmed = name.trim();
    if (!trimmed) return;
    const exact = exactName(trimmed);
    if (!exact) return;
    keys.push({ key: nameKeyOfExact(exact), kind, label: trimmed });
  };
  // A page at the root is what a bare [[Name]] names as a path: its file name is an exact path.
  addName(baseName(path), path.includes('/') ? KEY_KIND.name : KEY_KIND.path);
  addName(title, KEY_KIND.title);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const suffix = segments.slice(i).join('/');
    keys.push({ key: pathKey(suffix), kind: KEY_KIND.suffix, label: path });
  }
  for (const alias of aliasesOf(frontmatter)) addName(alias, KEY_KIND.alias);
  const seen = new Set<string>();
  return keys.filter((k) => {
    if (seen.has(k.key)) return false;
    seen.add(k.key);
    return true;
  });
}

/** Frontmatter `aliases` (or `alias`): a list of strings or one string. */
export function aliasesOf(frontmatter: Record<string, unknown>): string[] {
  const raw = frontmatter.aliases ?? frontmatter.alias;
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((a): a is string => typeof a === 'string');
  return [];
}

/**
 * The key a link looks up: a path when it names one, otherwise the name it spells. A markdown
 * link's href that is not explicitly relative (`./`, `../`) nor rooted (`/`) looks up the path as
 * written, as a wiki link of the same text would: vault apps write `[x](Note.md)` for a page in any
 * folder ("shortest path" format) and `[x](Folder/Note.md)` from the root ("absolute" format). The
 * key is read PAGE_FIRST: the page at the href relative to the linking page comes before all of
 * those, as on a markdown renderer, so `[x](README.md)` in docs/ stays docs/README.md when a root
 * README.md exists, and the hrefs move rewriting writes (`Note.md`, `sub/Note.md`) keep their page.
 */
export function linkKey(link: Pick<LinkRef, 'path' | 'target'> & { kind?: LinkRef['kind'] }): string {
  let path = link.path;
  let reading = '';
  if (path && link.kind === 'markdown') {
    const asWritten = markdownHrefAsWritten(link.target);
    if (asWritten) {
      path = asWritten;
      reading = PAGE_FIRST;
    } else if (!link.target.trim().startsWith('/')) reading = ONE_PATH;
  } else if (path && /^\.\.?\//.test(link.target)) reading = ONE_PATH;
  // A vault names the same pages over and over (about 28 links a page, to a few thousand names):
  // NFKC and folding run once per spelling, not once per link.
  // One map per reading, keyed by the text itself: a key built by concatenation was a new string
  // to flatten and hash for every link.
  const memo = path ? (reading === '' ? pathKeys : reading === ONE_PATH ? onePathKeys : pageFirstKeys) : nameKeys;
  const text = path || link.target;
  let key = memo.get(text);
  if (key === undefined) {
    if (memo.size >= LINK_KEYS_KEPT) memo.clear();
    // The key kept is a copy: `text` is a slice of its page, which a kept slice would keep in memory
    // (1,000 pages of 108 KB stayed on the heap).
    memo.set(ownString(text), (key = path ? pathKey(path) + reading : nameKey(link.target)));
  }
  return key;
}

/** A string that shares no memory with the text it was cut from (V8 keeps slices of 13+ characters as views). */
function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/** Keys of link targets met recently (see linkKey), by how they are read: pure functions of their text. */
const nameKeys = new Map<string, string>();
const pathKeys = new Map<string, string>();
const onePathKeys = new Map<string, string>();
const pageFirstKeys = new Map<string, string>();
const LINK_KEYS_KEPT = 50_000;

/**
 * The key a free-form ref (resolve, the web app's wiki links) looks up, as a wiki link spelling it
 * would: `[[…]]`, a heading or block reference and a label are dropped; a ref with a `/` or ending
 * in `.md` is a path (or a path suffix), anything else a name.
 */
export function refKey(ref: string, from = ''): string | null {
  const trimmed = ref
    .trim()
    .replace(/^!?\[\[|\]\]$/g, '')
    .replace(/\\?\|.*$/, '')
    .replace(/#.*$/, '')
    .trim();
  if (!trimmed) return null;
  // `./x`, `../x`: relative to the linking page, as in link extraction.
  const relative = from ? relativeWikiPath(trimmed, from) : null;
  if (relative) return pathKey(relative) + ONE_PATH;
  const asPath = trimmed.replace(/^\/+/, '');
  if (asPath.includes('/') || /\.md$/i.test(asPath)) return pathKey(asPath);
  return nameKey(trimmed);
}

/** Lookup keys for a free-form ref (kept as a list for callers that try several). */
export function refKeys(ref: string, from = ''): string[] {
  const key = refKey(ref, from);
  return key ? [key] : [];
}

function bigrams(s: string): Map<string, number> {
  const chars = [...` ${s} `];
  const grams = new Map<string, number>();
  for (let i = 0; i + 2 <= chars.length; i++) {
    const g = chars[i]! + chars[i + 1]!;
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

export interface PreparedName {
  norm: string;
  grams: Map<string, number>;
  size: number;
}

/** A name ready for similarity: its folded form (any script) and its character bigrams. */
export function prepareName(name: string): PreparedName {
  const norm = foldName(name);
  const grams = bigrams(norm);
  let size = 0;
  for (const n of grams.values()) size += n;
  return { norm, grams, size };
}

/**
 * Similarity of two names in [0, 1]: Dice coefficient over character bigrams of the folded names
 * (bigrams work for scripts without spaces between words as for those with), raised when one name
 * contains the other as whole words ("Ada" vs "Ada Lovelace"). 1 only for the same folded name.
 */
export function nameSimilarity(a: PreparedName, b: PreparedName): number {
  if (!a.size || !b.size || !a.norm || !b.norm) return 0;
  if (a.norm === b.norm) return 1;
  let shared = 0;
  for (const [g, n] of a.grams) {
    const m = b.grams.get(g);
    if (m) shared += Math.min(n, m);
  }
  let score = (2 * shared) / (a.size + b.size);
  const [short, long] = a.norm.length <= b.norm.length ? [a.norm, b.norm] : [b.norm, a.norm];
  if ([...short].length >= 3 && ` ${long} `.includes(` ${short} `)) score = Math.max(score, 0.5 + 0.4 * (short.length / long.length));
  return Math.min(score, 0.99);
}
