// Pure: what search filters match a page by, beside its text — its tags (frontmatter `tags` and
// inline `#tags` in the body, outside code) and its frontmatter fields as key/value pairs (scalars,
// and each scalar of a list). Values are compared folded (Unicode NFC, lower case), so a filter
// `fm.status=Active` finds `status: active`.
import { codeRanges } from './links.js';

export interface PageFacets {
  tags: string[];
  /** [key, folded value] pairs, one per scalar (a list gives one pair per item). */
  fields: Array<[string, string]>;
}

/** Longest value kept for equality filters (a long text is not a field anyone filters on). */
const MAX_VALUE = 200;
const MAX_KEY = 100;
/** Most pairs kept per page (a huge frontmatter must not flood the table). */
const MAX_FIELDS = 200;
const MAX_TAGS = 200;
/**
 * An inline tag: `#` after a line start, whitespace or an opening bracket, then a letter or digit,
 * then letters, digits, `_`, `-` and `/` (nested tags). All digits (`#123`, an issue number) is not a tag.
 */
const INLINE_TAG = /(?<=^|[\s([{])#([\p{L}\p{N}_][\p{L}\p{N}\p{M}_\-/]*)/gu;
/** INLINE_TAG in two parts: what may stand before the '#' (one code unit), and the tag from the '#' on (sticky). */
const TAG_AFTER = /[\s([{]/;
const TAG_AT = /#([\p{L}\p{N}_][\p{L}\p{N}\p{M}_\-/]*)/uy;

/** A tag or value as it is compared: NFC, lower case, trimmed (a tag also loses its leading `#`). */
export function foldValue(v: string): string {
  return v.normalize('NFC').trim().toLowerCase();
}

export function foldTag(t: string): string {
  return foldValue(t.replace(/^#+/, '')).replace(/\/+$/, '');
}

function scalar(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date && !Number.isNaN(v.getTime())) {
    const iso = v.toISOString();
    // A YAML date (`2024-05-01`) is midnight UTC: compared as written.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return null;
}

/** Tags of the frontmatter: a list, or a string of tags separated by commas or spaces. */
function frontmatterTags(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(scalar).filter((t): t is string => t != null);
  const s = scalar(v);
  return s == null ? [] : s.split(/[,\s]+/);
}

/** Inline `#tags` of a markdown body, outside fenced code and code spans. */
export function inlineTags(body: string): string[] {
  if (!body.includes('#')) return [];
  const code = codeRanges(body);
  const out: string[] = [];
  let c = 0;
  // Each '#' is tried where it stands (INLINE_TAG's look-behind tested at every offset of the body
  // was a twentieth of deriving a vault's pages): the same matches, as the property test checks.
  for (let at = body.indexOf('#'); at >= 0; at = body.indexOf('#', at + 1)) {
    if (at > 0 && !TAG_AFTER.test(body[at - 1]!)) continue;
    TAG_AT.lastIndex = at;
    const m = TAG_AT.exec(body);
    if (!m) continue;
    // (A tag holds no '#': the next one is looked for after it, as a global match would.)
    at += m[0].length - 1;
    while (c < code.length && code[c]![1] <= m.index) c++;
    if (c < code.length && code[c]![0] <= m.index) continue;
    if (/^[\p{N}_\-/]+$/u.test(m[1]!)) continue;
    out.push(m[1]!);
  }
  return out;
}

/** Reference form of inlineTags: one global match of INLINE_TAG (tests compare the two). */
export function inlineTagsByRegex(body: string): string[] {
  if (!body.includes('#')) return [];
  const code = codeRanges(body);
  const out: string[] = [];
  let c = 0;
  for (const m of body.matchAll(INLINE_TAG)) {
    const at = m.index;
    while (c < code.length && code[c]![1] <= at) c++;
    if (c < code.length && code[c]![0] <= at) continue;
    if (/^[\p{N}_\-/]+$/u.test(m[1]!)) continue;
    out.push(m[1]!);
  }
  return out;
}

export function pageFacets(frontmatter: Record<string, unknown>, body: string): PageFacets {
  const tags = new Set<string>();
  for (const t of [...frontmatterTags(frontmatter.tags), ...inlineTags(body)]) {
    const f = foldTag(t);
    if (f && f.length <= MAX_VALUE && tags.size < MAX_TAGS) tags.add(f);
  }
  const seen = new Set<string>();
  const fields: Array<[string, string]> = [];
  for (const [key, raw] of Object.entries(frontmatter)) {
    if (!key || key.length > MAX_KEY) continue;
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      const s = scalar(item);
      if (s == null) continue;
      const value = foldValue(s);
      if (value.length > MAX_VALUE || fields.length >= MAX_FIELDS) continue;
      const id = `${key}\u0000${value}`;
      if (seen.has(id)) continue;
      seen.add(id);
      fields.push([key, value]);
    }
  }
  return { tags: [...tags], fields };
}
