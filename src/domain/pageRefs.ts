// Pure: how a reference to a page (a link target, a `resolve` ref, a name inside a search query)
// is normalised into lookup keys, and how near a miss is. A page answers to its path, its slug
// (file name without `.md`), its title and its frontmatter `aliases`; names compare by slug form
// so case, accents, spaces and punctuation do not matter.
import { baseName } from './paths.js';
import { slugify } from './slug.js';
import type { LinkRef } from './links.js';

export const KEY_KIND = { path: 0, slug: 1, title: 2, alias: 3 } as const;
export type KeyKind = (typeof KEY_KIND)[keyof typeof KEY_KIND];

export interface PageKey {
  key: string;
  kind: KeyKind;
  label: string;
}

/** Names compare in slug form; scripts slugify() drops (CJK, Cyrillic...) compare lower-cased. */
export function nameKey(name: string): string {
  const slug = slugify(name, 200);
  return `name:${slug || name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ')}`;
}

export function pathKey(path: string): string {
  return `path:${path.normalize('NFC').toLowerCase()}`;
}

/** Every key a page answers to. */
export function pageKeys(path: string, title: string, frontmatter: Record<string, unknown>): PageKey[] {
  const keys: PageKey[] = [{ key: pathKey(path), kind: KEY_KIND.path, label: path }];
  const add = (name: string, kind: KeyKind) => {
    const trimmed = name.trim();
    if (!trimmed || nameKey(trimmed) === 'name:') return;
    keys.push({ key: nameKey(trimmed), kind, label: trimmed });
  };
  add(baseName(path), KEY_KIND.slug);
  add(title, KEY_KIND.title);
  for (const alias of aliasesOf(frontmatter)) add(alias, KEY_KIND.alias);
  const seen = new Set<string>();
  return keys.filter((k) => {
    const id = `${k.key}\u0000${k.kind}`;
    if (seen.has(id)) return false;
    seen.add(id);
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

/** The key a link looks up: a path when it names one, otherwise the name it spells. */
export function linkKey(link: Pick<LinkRef, 'path' | 'target'>): string {
  return link.path ? pathKey(link.path) : nameKey(link.target);
}

/** Lookup keys for a free-form ref (resolve, resolveOne): the path it may be, then the name. */
export function refKeys(ref: string): string[] {
  const trimmed = ref.trim().replace(/^\[\[|\]\]$/g, '').replace(/#.*$/, '').trim();
  if (!trimmed) return [];
  const keys: string[] = [];
  const asPath = trimmed.replace(/^\/+/, '');
  keys.push(pathKey(/\.md$/i.test(asPath) ? asPath : `${asPath}.md`));
  if (!trimmed.includes('/')) keys.push(nameKey(trimmed.replace(/\.md$/i, '')));
  return keys;
}

function trigrams(s: string): Map<string, number> {
  const padded = `  ${s} `;
  const grams = new Map<string, number>();
  for (let i = 0; i + 3 <= padded.length; i++) {
    const g = padded.slice(i, i + 3);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

export interface PreparedName {
  norm: string;
  grams: Map<string, number>;
  size: number;
}

export function prepareName(name: string): PreparedName {
  const norm = (slugify(name, 200) || name.toLowerCase()).replace(/-/g, ' ');
  const grams = trigrams(norm);
  let size = 0;
  for (const n of grams.values()) size += n;
  return { norm, grams, size };
}

/**
 * Similarity of two names in [0, 1]: Dice coefficient over character trigrams, raised when one
 * name contains the other as whole words ("Ada" vs "Ada Lovelace").
 */
export function nameSimilarity(a: PreparedName, b: PreparedName): number {
  if (!a.size || !b.size) return 0;
  if (a.norm === b.norm) return 1;
  let shared = 0;
  for (const [g, n] of a.grams) {
    const m = b.grams.get(g);
    if (m) shared += Math.min(n, m);
  }
  let score = (2 * shared) / (a.size + b.size);
  const [short, long] = a.norm.length <= b.norm.length ? [a.norm, b.norm] : [b.norm, a.norm];
  if (short.length >= 3 && ` ${long} `.includes(` ${short} `)) score = Math.max(score, 0.5 + 0.4 * (short.length / long.length));
  return Math.min(score, 0.99);
}
