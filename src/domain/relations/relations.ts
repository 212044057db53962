// Pure: the relation a link expresses (typed links). A link's type comes, in this order, from
//   1. the frontmatter key it is written under (`attendees:`, `company:`, or a link field of the
//      brain schema's entity types),
//   2. nothing, when it sits where a page quotes or signs rather than states: a blockquote, an
//      e-mail header line (Cc:, To:), a signature or a forwarded message,
//   3. the list section it is listed in (a heading or "Label:" line such as "Attendees"),
//   4. the phrases written just before or just after it in its sentence ("joined [[Acme]]",
//      "[[Ada]] attended"), from the cue table in cues.json (extendable by the brain's schema),
//   5. otherwise `mentions`.
// Edges keep the link's direction (page → linked page); a relation reads the same both ways, so
// "who attended X" follows `attended` edges into X and out of it alike.
import cueData from './cues.json' with { type: 'json' };
import type { LinkRef } from '../links.js';

export const MENTIONS = 'mentions';

/** Phrases for one relation type (see cues.json). */
export interface RelationSpec {
  keys?: string[];
  sections?: string[];
  before?: string[];
  after?: string[];
  query?: string[];
}

/**
 * A brain's additions to the cue table (plain data: it crosses to the derivation thread):
 * relations from the schema's `relations`, and its entity types' link fields (field → type).
 */
export interface RelationRules {
  relations?: Record<string, RelationSpec>;
  linkFields?: Record<string, string>;
}

interface CueTableData {
  relations: Record<string, RelationSpec>;
  signoffs: string[];
  headers: string[];
  quoteStarts: string[];
  negations: string[];
  glue: string[];
}

interface Phrase {
  words: string[];
  type: string;
  /** Fewer wildcards rank first among phrases of one length. */
  wild: number;
  /** A brain's own phrase ranks before the table's phrase of the same words (its schema decides). */
  own: boolean;
}

export interface CompiledRelations {
  keyType: Map<string, string>;
  sectionType: Map<string, string>;
  /** `before` phrases by their last word, `after` phrases by their first. */
  before: Map<string, Phrase[]>;
  after: Map<string, Phrase[]>;
  /** Every phrase a question may carry, by its first word (the table run backwards). */
  query: Map<string, Phrase[]>;
  signoffs: Set<string>;
  headers: Set<string>;
  quoteStarts: string[];
  negations: Set<string>;
  glue: Set<string>;
  types: string[];
}

const BASE = cueData as unknown as CueTableData;
/** Words allowed between a cue and its link ("invested early in the seed of [[X]]"). */
const MAX_FILLER_BEFORE = 4;
const MAX_FILLER_AFTER = 2;

/** A relation type's name as stored: lower case, words joined by `_`. */
export function relationTypeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

const ASCII = /^[\x00-\x7f]*$/;

/** A frontmatter key or section label as compared: lower case, letters and digits only. */
export function labelKey(s: string): string {
  // The runs of letters and digits joined by one space (what replacing every other run by a space
  // and trimming gives), scanned with cueTokens' cached classes: this runs for every short line.
  const t = (ASCII.test(s) ? s : s.normalize('NFKC')).toLowerCase();
  let out = '';
  let i = 0;
  while (i < t.length) {
    const cp = t.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (!isLetterOrDigit(cp)) {
      i += width;
      continue;
    }
    const start = i;
    for (i += width; i < t.length; ) {
      const c = t.codePointAt(i)!;
      if (!isLetterOrDigit(c)) break;
      i += c > 0xffff ? 2 : 1;
    }
    out = out ? `${out} ${t.slice(start, i)}` : t.slice(start, i);
  }
  return out;
}

/** `.;!?()[]{}|—–"“”`: sentence and bracket boundaries. */
function isBoundary(u: number): boolean {
  switch (u) {
    case 46: case 59: case 33: case 63: case 40: case 41: case 91: case 93: case 123: case 125: case 124: case 0x2014: case 0x2013: case 34: case 0x201c: case 0x201d:
      return true;
    default:
      return false;
  }
}
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per BMP code unit: 0 not classified yet, 1 a letter or digit, 2 neither (filled as text is met). */
const bmpClass = new Uint8Array(0x10000);
const astralClass = new Map<number, boolean>();

function isLetterOrDigit(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90);
  if (cp < 0x10000) {
    let k = bmpClass[cp]!;
    if (k === 0) bmpClass[cp] = k = LETTER_OR_DIGIT.test(String.fromCharCode(cp)) ? 1 : 2;
    return k === 1;
  }
  let known = astralClass.get(cp);
  if (known === undefined) astralClass.set(cp, (known = LETTER_OR_DIGIT.test(String.fromCodePoint(cp))));
  return known;
}

/**
 * Lower-case word tokens; `,` and `&` stay as tokens (list glue), other punctuation is a boundary `|`.
 * A word is a letter or digit followed by letters, digits, `'`, `’` and `-` (what
 * /[\p{L}\p{N}][\p{L}\p{N}'’\-]*|[,&]|[.;!?()[\]{}|—–"“”]/gu matches), scanned by code point with the
 * classes cached: the Unicode-property pattern cost a few µs per gap, and linkTypes reads two gaps
 * around every link.
 */
export function cueTokens(text: string): string[] {
  const out: string[] = [];
  const s = text.toLowerCase();
  const n = s.length;
  let i = 0;
  while (i < n) {
    let cp = s.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    if (!isLetterOrDigit(cp)) {
      if (cp === 44 || cp === 38) out.push(cp === 44 ? ',' : '&');
      else if (width === 1 && isBoundary(cp)) out.push('|');
      i += width;
      continue;
    }
    const start = i;
    let curly = false; // a ’ in the word (read as ')
    i += width;
    while (i < n) {
      let c = s.charCodeAt(i);
      let w = 1;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const lo = s.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          c = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
          w = 2;
        }
      }
      if (c === 39 || c === 45 || isLetterOrDigit(c)) i += w;
      else if (c === 0x2019) {
        curly = true;
        i++;
      } else break;
    }
    if (curly) {
      const word = s.slice(start, i).replace(/’/g, "'");
      out.push(word.endsWith("'s") ? word.slice(0, -2) : word);
    } else out.push(i - start >= 2 && s.charCodeAt(i - 1) === 115 && s.charCodeAt(i - 2) === 39 ? s.slice(start, i - 2) : s.slice(start, i)); // without its 's
  }
  return out;
}

function phrase(text: string, type: string, own = false): Phrase | null {
  const words = text
    .trim()
    .split(/\s+/)
    .flatMap((w) => (w === '*' ? ['*'] : cueTokens(w)))
    .filter((w) => w !== '|');
  if (!words.length) return null;
  return { words, type, wild: words.filter((w) => w === '*').length, own };
}

function addPhrase(map: Map<string, Phrase[]>, key: string, p: Phrase): void {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  list.push(p);
  list.sort((a, b) => b.words.length - a.words.length || a.wild - b.wild || Number(b.own) - Number(a.own));
}

function indexPhrases(map: Map<string, Phrase[]>, p: Phrase, at: 'first' | 'last'): void {
  const word = at === 'first' ? p.words[0]! : p.words[p.words.length - 1]!;
  addPhrase(map, word, p);
}

/** The cue table with a brain's additions, indexed for matching. */
export function compileRelations(rules?: RelationRules | null): CompiledRelations {
  const c: CompiledRelations = {
    keyType: new Map(),
    sectionType: new Map(),
    before: new Map(),
    after: new Map(),
    query: new Map(),
    signoffs: new Set(BASE.signoffs.map(labelKey).filter(Boolean)),
    headers: new Set(BASE.headers.map(labelKey)),
    quoteStarts: BASE.quoteStarts.map((s) => s.toLowerCase()),
    negations: new Set(BASE.negations),
    glue: new Set(BASE.glue.flatMap((g) => cueTokens(g))),
    types: [],
  };
  const add = (name: string, spec: RelationSpec, own: boolean) => {
    const type = relationTypeName(name);
    if (!type) return;
    if (!c.types.includes(type)) c.types.push(type);
    for (const k of spec.keys ?? []) c.keyType.set(labelKey(k), type);
    for (const s of spec.sections ?? []) c.sectionType.set(labelKey(s), type);
    for (const b of spec.before ?? []) {
      const p = phrase(b, type, own);
      if (p && p.words[p.words.length - 1] !== '*') indexPhrases(c.before, p, 'last');
    }
    for (const a of spec.after ?? []) {
      const p = phrase(a, type, own);
      if (p && p.words[0] !== '*') indexPhrases(c.after, p, 'first');
    }
    for (const q of [...(spec.query ?? []), ...(spec.before ?? []), ...(spec.after ?? []), ...(spec.keys ?? []), ...(spec.sections ?? [])]) {
      const p = phrase(q.replace(/_/g, ' '), type, own);
      if (p && p.words[0] !== '*' && p.words[p.words.length - 1] !== '*') indexPhrases(c.query, p, 'first');
    }
  };
  for (const [name, spec] of Object.entries(BASE.relations)) add(name, spec, false);
  for (const [name, spec] of Object.entries(rules?.relations ?? {})) add(name, spec, true);
  // A schema's link field types the links under its key, and names a section of the same label.
  // A field the table knows keeps the table's relation (`company` → works_at).
  for (const [field, type] of Object.entries(rules?.linkFields ?? {})) {
    const k = labelKey(field);
    const t = c.keyType.get(k) ?? relationTypeName(type);
    if (!t) continue;
    if (!c.types.includes(t)) c.types.push(t);
    c.keyType.set(k, t);
    if (!c.sectionType.has(k)) c.sectionType.set(k, t);
  }
  return c;
}

/** The table without a brain's rules: compiled by the first page that asks, not at import. */
let defaultCompiled: CompiledRelations | null = null;
const compiledCache = new WeakMap<RelationRules, CompiledRelations>();

/** The compiled table for a brain's rules (cached per rules object; the default when none). */
export function relationsFor(rules?: RelationRules | null): CompiledRelations {
  if (!rules || (!rules.linkFields && !rules.relations)) return (defaultCompiled ??= compileRelations(null));
  let c = compiledCache.get(rules);
  if (!c) compiledCache.set(rules, (c = compileRelations(rules)));
  return c;
}

/**
 * The relation type of a frontmatter key's links: the schema's link field of that name, then the
 * cue table's `keys`. A schema field that the table does not know is its own type (`owner`).
 */
export function keyRelation(key: string, rules: RelationRules | null | undefined, c: CompiledRelations): string | null {
  const k = labelKey(key);
  const field = Object.entries(rules?.linkFields ?? {}).find(([f]) => labelKey(f) === k);
  if (field) {
    const known = c.keyType.get(k);
    return known ?? relationTypeName(field[1]);
  }
  return c.keyType.get(k) ?? null;
}

interface LineInfo {
  start: number;
  end: number;
  text: string;
}

function splitLines(markdown: string): LineInfo[] {
  const lines: LineInfo[] = [];
  let start = 0;
  for (;;) {
    const nl = markdown.indexOf('\n', start);
    const end = nl < 0 ? markdown.length : nl;
    lines.push({ start, end, text: markdown.slice(start, end) });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

/** End offset of a frontmatter block at the top of the page (0 when none). */
export function frontmatterEnd(markdown: string): number {
  if (!markdown.startsWith('---') || markdown.charAt(3) === '-') return 0;
  const close = markdown.indexOf('\n---', 3);
  if (close < 0) return 0;
  const after = markdown.indexOf('\n', close + 4);
  return after < 0 ? markdown.length : after + 1;
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const LABEL_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?([^:*_\n[\]]{2,48}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?(.*)$/;

type LineRole = { kind: 'text' } | { kind: 'excluded' } | { kind: 'section'; type: string; scope: 'heading' | 'label' };

/** Each body line's role: quoted/signed (excluded), in a typed list section, or plain text. */
function lineRoles(lines: LineInfo[], firstBodyLine: number, c: CompiledRelations): LineRole[] {
  const roles: LineRole[] = lines.map(() => ({ kind: 'text' }));
  let excludedUntilHeading = false;
  let heading: { level: number; type: string | null } | null = null;
  let label: { type: string } | null = null;
  for (let i = firstBodyLine; i < lines.length; i++) {
    const text = lines[i]!.text;
    const trimmed = text.trim();
    if (!trimmed) continue; // a blank line keeps every scope open and holds no link
    const h = trimmed.charCodeAt(0) === 35 /* # */ ? HEADING.exec(text) : null;
    if (h) {
      excludedUntilHeading = false;
      label = null;
      const level = h[1]!.length;
      const type = c.sectionType.get(labelKey(h[2]!)) ?? null;
      if (type || !heading || level <= heading.level) heading = { level, type };
      continue;
    }
    if (excludedUntilHeading) {
      roles[i] = { kind: 'excluded' };
      continue;
    }
    if (trimmed.startsWith('>')) {
      roles[i] = { kind: 'excluded' };
      continue;
    }
    // Sign-offs, "wrote:" lines and forwarding banners are short lines.
    // (Lower-cased only here: most lines are long prose.)
    if (trimmed.length <= SHORT_LINE && startsQuotedOrSigned(trimmed, trimmed.toLowerCase(), c)) {
      excludedUntilHeading = true;
      roles[i] = { kind: 'excluded' };
      continue;
    }
    const colon = text.indexOf(':');
    const lm = colon > 0 && colon <= 56 ? LABEL_LINE.exec(text) : null;
    if (lm) {
      const key = labelKey(lm[1]!);
      if (c.headers.has(key)) {
        roles[i] = { kind: 'excluded' };
        label = null;
        continue;
      }
      const type = c.sectionType.get(key);
      if (type) {
        label = { type };
        roles[i] = { kind: 'section', type, scope: 'label' };
        continue;
      }
    }
    if (label) {
      if (LIST_ITEM.test(text) || (/^\s+\S/.test(text) && trimmed)) {
        roles[i] = { kind: 'section', type: label.type, scope: 'label' };
        continue;
      }
      label = null;
    }
    if (heading?.type) roles[i] = { kind: 'section', type: heading.type, scope: 'heading' };
  }
  return roles;
}

/** Lines longer than this are prose: never a sign-off, header banner or "wrote:" line. */
const SHORT_LINE = 120;
/** Characters of a gap read for cues (a cue and its filler words fit well inside). */
const GAP_CHARS = 160;

function startsQuotedOrSigned(trimmed: string, lower: string, c: CompiledRelations): boolean {
  if (trimmed === '--' || trimmed === '—' || lower.startsWith('sent from my')) return true;
  if (trimmed.length <= 40) {
    const bare = labelKey(trimmed);
    if (bare && c.signoffs.has(bare)) return true;
  }
  const opening = lower.replace(/^[-_=*\s]+/, '');
  return c.quoteStarts.some((q) => (q.endsWith(':') ? lower.endsWith(q) : opening.startsWith(q)));
}

function isGlue(tokens: string[], c: CompiledRelations): boolean {
  return tokens.every((t) => c.glue.has(t));
}

/** The tokens of a gap, with parentheticals ("(CTO)") and link-free markup dropped. */
function tokensOfGap(text: string): string[] {
  const t = text.includes('(') ? text.replace(/\([^()]*\)/g, ' ') : text;
  // `*` and `_` read as the spaces they would become (cueTokens skips both, and neither is
  // case-ignorable, so lower-casing reads a final sigma the same); a backtick is case-ignorable.
  return cueTokens(t.includes('`') ? t.replace(/[*_`]/g, ' ') : t);
}

/** A `before` cue ending at most MAX_FILLER_BEFORE words before the end of `tokens`. */
function matchBefore(tokens: string[], c: CompiledRelations): string | null {
  for (let filler = 0; filler <= MAX_FILLER_BEFORE; filler++) {
    const end = tokens.length - filler; // cue occupies [.., end)
    if (end <= 0) break;
    // A break among tokens[end..]: the filler before covered all but tokens[end] (a scan of the
    // whole filler at each step read the tokens again, a few % of deriving a vault's pages).
    if (filler > 0 && isBreak(tokens[end]!, c)) break;
    const last = tokens[end - 1]!;
    const candidates = c.before.get(last);
    if (!candidates) continue;
    for (const p of candidates) {
      const start = end - p.words.length;
      if (start < 0) continue;
      let ok = true;
      for (let k = 0; k < p.words.length && ok; k++) {
        const w = p.words[k]!;
        const t = tokens[start + k]!;
        ok = w === '*' ? /^[\p{L}\p{N}]/u.test(t) : w === t;
      }
      if (!ok) continue;
      if (negatedBefore(tokens, start, c)) return null;
      return p.type;
    }
  }
  return null;
}

/** An `after` cue starting at most MAX_FILLER_AFTER words after the start of `tokens`. */
function matchAfter(tokens: string[], c: CompiledRelations): string | null {
  for (let start = 0; start <= MAX_FILLER_AFTER && start < tokens.length; start++) {
    const t0 = tokens[start]!;
    if (isBreak(t0, c)) break;
    const candidates = c.after.get(t0);
    if (!candidates) continue;
    for (const p of candidates) {
      if (start + p.words.length > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < p.words.length && ok; k++) {
        const w = p.words[k]!;
        const t = tokens[start + k]!;
        ok = w === '*' ? /^[\p{L}\p{N}]/u.test(t) : w === t;
      }
      if (ok) return p.type;
    }
  }
  return null;
}

/** A boundary, comma or negation: no cue reaches across it. */
function isBreak(t: string, c: CompiledRelations): boolean {
  return t === '|' || t === ',' || c.negations.has(t);
}

function negatedBefore(tokens: string[], start: number, c: CompiledRelations): boolean {
  for (let k = Math.max(0, start - 2); k < start; k++) {
    const t = tokens[k]!;
    if (c.negations.has(t) || t.endsWith("n't")) return true;
  }
  return false;
}

/** The sentence part of `text` before `at` (after the last sentence end). */
function sentenceTail(text: string): string {
  // Scanned back from the end: the last `.`, `!` or `?` that ends the text or is followed by white
  // space (what /.*[.!?](?:\s|$)/s finds, without its backtracking over every start: a tenth of a
  // vault's derivation went there).
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text.charCodeAt(i);
    if (ch !== 46 && ch !== 33 && ch !== 63) continue;
    if (i + 1 === text.length) return '';
    if (WHITE_SPACE.test(text[i + 1]!)) return text.slice(i + 2);
  }
  return text;
}

const WHITE_SPACE = /\s/;

function sentenceHead(text: string): string {
  const m = /[.!?](?:\s|$)/.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/**
 * The relation type of each link (same order as `links`, which are in document order), from the
 * page's markdown around them. `rules` are the brain's additions (schema link fields, cues).
 */
export function linkTypes(markdown: string, links: ReadonlyArray<Pick<LinkRef, 'start' | 'end' | 'line'>>, rules?: RelationRules | null): string[] {
  const types: string[] = links.map(() => MENTIONS);
  if (!links.length) return types;
  const c = relationsFor(rules);
  const lines = splitLines(markdown);
  const fmEnd = frontmatterEnd(markdown);
  let firstBodyLine = 0;
  while (firstBodyLine < lines.length && lines[firstBodyLine]!.start < fmEnd) firstBodyLine++;
  const roles = lineRoles(lines, firstBodyLine, c);
  // A gap between two links is read as one's after-text and the other's before-text: tokenise once.
  const memo = new Map<string, string[]>();
  const gapTokens = (text: string): string[] => {
    let t = memo.get(text);
    if (!t) memo.set(text, (t = tokensOfGap(text)));
    return t;
  };
  // Sentence cues first, per line: before-cues, then after-cues; then list glue carries a type on.
  const cue: Array<'before' | 'after' | null> = links.map(() => null);
  for (let i = 0; i < links.length; i++) {
    const l = links[i]!;
    const lineIdx = l.line - 1;
    const line = lines[lineIdx];
    if (!line) continue;
    if (l.start < fmEnd) {
      types[i] = frontmatterKeyType(lines, lineIdx, rules, c) ?? MENTIONS;
      continue;
    }
    const role = roles[lineIdx]!;
    if (role.kind === 'excluded') continue;
    const prev = links[i - 1];
    const next = links[i + 1];
    const gapStart = prev && prev.line === l.line ? prev.end : line.start;
    const gapEnd = next && next.line === l.line ? next.start : line.end;
    const beforeText = markdown.slice(Math.max(gapStart, l.start - GAP_CHARS), l.start);
    const afterText = markdown.slice(l.end, Math.min(gapEnd, l.end + GAP_CHARS));
    if (role.kind === 'section') {
      // The first link of a list item or line (and those joined to it by list glue) is listed.
      let lead = markdown.slice(line.start, l.start);
      const labelled = role.scope === 'label' ? LABEL_LINE.exec(lead) : null;
      if (labelled && c.sectionType.get(labelKey(labelled[1]!)) === role.type) lead = labelled[2]!;
      const leadTokens = gapTokens(lead.replace(LIST_ITEM, '')).filter((t) => t !== '|');
      const onlyGlueBefore = isGlue(leadTokens, c) || (prev && prev.line === l.line && isGlue(gapTokens(beforeText), c) && types[i - 1] === role.type);
      if (onlyGlueBefore) {
        types[i] = role.type;
        continue;
      }
    }
    const before = gapTokens(sentenceTail(beforeText));
    const t = matchBefore(before, c);
    if (t) {
      types[i] = t;
      cue[i] = 'before';
      continue;
    }
    // An after-cue followed by another link on the line is that link's before-cue, not this one's.
    const afterSentence = sentenceHead(afterText);
    const after = gapTokens(afterSentence);
    if (next && next.line === l.line && afterSentence.length === afterText.length && matchBefore(gapTokens(afterText), c)) continue;
    const a = matchAfter(after, c);
    if (a) {
      types[i] = a;
      cue[i] = 'after';
    }
  }
  // "invested in [[A]], [[B]] and [[C]]": the cue before A carries to B and C; "[[A]] and [[B]]
  // attended": the cue after B carries back to A.
  for (let i = 1; i < links.length; i++) {
    const l = links[i]!;
    const prev = links[i - 1]!;
    if (cue[i] || types[i] !== MENTIONS || cue[i - 1] !== 'before' || prev.line !== l.line) continue;
    if (isGlue(gapTokens(markdown.slice(prev.end, l.start)), c)) {
      types[i] = types[i - 1]!;
      cue[i] = 'before';
    }
  }
  for (let i = links.length - 2; i >= 0; i--) {
    const l = links[i]!;
    const next = links[i + 1]!;
    if (cue[i] || types[i] !== MENTIONS || cue[i + 1] !== 'after' || next.line !== l.line || l.start < fmEnd) continue;
    if (roles[l.line - 1]?.kind === 'excluded') continue;
    if (isGlue(gapTokens(markdown.slice(l.end, next.start)), c)) {
      types[i] = types[i + 1]!;
      cue[i] = 'after';
    }
  }
  return types;
}

/** The type of the frontmatter key a link at `lineIdx` is written under (walking up to the key's line). */
function frontmatterKeyType(lines: LineInfo[], lineIdx: number, rules: RelationRules | null | undefined, c: CompiledRelations): string | null {
  for (let i = lineIdx; i > 0; i--) {
    const m = /^([^\s#:-][^:]*?)\s*:/.exec(lines[i]!.text);
    if (m) return keyRelation(m[1]!, rules, c);
  }
  return null;
}

/**
 * Frontmatter values that are names rather than [[links]] under a key that holds links
 * (`company: Acme`, `attendees: [Ada Lovelace, Bob]`): each is a link of the key's type.
 */
export function frontmatterNameLinks(
  markdown: string,
  frontmatter: Record<string, unknown>,
  rules?: RelationRules | null,
): Array<{ target: string; type: string; line: number; context: string }> {
  const out: Array<{ target: string; type: string; line: number; context: string }> = [];
  const fmEnd = frontmatterEnd(markdown);
  if (!fmEnd) return out;
  const c = relationsFor(rules);
  let lines: LineInfo[] | null = null;
  for (const [key, value] of Object.entries(frontmatter)) {
    const type = keyRelation(key, rules, c);
    if (!type) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const names = values.map((v) => v.trim()).filter((v) => v && v.length <= 200 && !v.includes('[[') && !v.includes('](') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v));
    if (!names.length) continue;
    lines ??= splitLines(markdown.slice(0, fmEnd));
    const at = lines.findIndex((l) => new RegExp(`^${escapeRegExp(key)}\\s*:`).test(l.text));
    const line = at < 0 ? 1 : at + 1;
    const context = at < 0 ? `${key}:` : lines[at]!.text.trim().slice(0, 200);
    for (const target of names) out.push({ target, type, line, context });
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A relation cue in a question: its type and the token span it covers. */
export interface QueryCue {
  type: string;
  start: number;
  end: number;
  phrase: string;
}

/** The relation cues in a question's tokens (longest phrase first, no overlaps). */
export function queryCues(tokens: string[], rules?: RelationRules | null): QueryCue[] {
  const c = relationsFor(rules);
  const found: QueryCue[] = [];
  const taken = new Array<boolean>(tokens.length).fill(false);
  const all: QueryCue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const p of c.query.get(tokens[i]!) ?? []) {
      if (i + p.words.length > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < p.words.length && ok; k++) ok = p.words[k] === tokens[i + k];
      if (ok) all.push({ type: p.type, start: i, end: i + p.words.length, phrase: p.words.join(' ') });
    }
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const q of all) {
    let free = true;
    for (let k = q.start; k < q.end; k++) if (taken[k]) free = false;
    if (!free) continue;
    for (let k = q.start; k < q.end; k++) taken[k] = true;
    found.push(q);
  }
  return found.sort((a, b) => a.start - b.start);
}
