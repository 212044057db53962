// Link syntax, pure: extraction with positions (for indexing and context lines) and rewriting
// (for moves). Supported: [[target]], [[target|label]], [[target#heading]], [[target#heading|label]],
// and relative markdown links [text](../folder/page.md). Code spans and fenced blocks are skipped.
import { posix } from 'node:path';
import { folderOf } from './paths.js';

export type LinkKind = 'wiki' | 'markdown';

export interface LinkRef {
  kind: LinkKind;
  /** The target as written: `people/ada`, `Ada Lovelace`, `../people/ada.md`. */
  target: string;
  heading: string | null;
  label: string | null;
  /** For markdown links and path-like wiki links: the brain path it points at (with `.md`). */
  path: string | null;
  /** Offsets of the whole link in the markdown, and its 1-based line. */
  start: number;
  end: number;
  line: number;
}

/**
 * A wiki link's parts, as scanned: `[[target#heading|label]]` with `start`/`end` around the brackets.
 * `embed`: written `![[...]]`. A `\|` (the pipe escaped inside a table) separates like `|`.
 */
export interface WikiMatch {
  start: number;
  end: number;
  target: string;
  heading: string | null;
  label: string | null;
  embed: boolean;
}

/** Characters looked at by the scanners (tests check that the work grows linearly with the input). */
export interface ScanCounter {
  steps: number;
}

const BACKTICK = 96;
const TILDE = 126;
const NL = 10;
const SPACE = 32;
const TAB = 9;
const OPEN = 91; // [
const CLOSE = 93; // ]
const PIPE = 124;
const HASH = 35;
const BANG = 33;
const LPAREN = 40;
const RPAREN = 41;
const LT = 60;
const GT = 62;
const QUOTE = 34;
const BACKSLASH = 92;

/** What a regex's `\s` matches. */
function isSpace(c: number): boolean {
  if (c < 128) return c === SPACE || c === NL || c === TAB || c === 13 || c === 12 || c === 11;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Ranges of fenced code blocks and inline code spans, which hold no links: sorted and disjoint.
 * One pass over the lines finds the fences; one pass over the backtick runs outside them finds the
 * spans: a run followed by a character other than a newline opens one, and the next run of the
 * same length closes it (CommonMark); a run with no partner is text. Each character is looked at
 * a bounded number of times, whatever the input.
 */
export function codeRanges(md: string, counter: ScanCounter = { steps: 0 }): Array<[number, number]> {
  const fences: Array<[number, number]> = [];
  let open: { char: number; len: number; start: number } | null = null;
  for (let ls = 0; ls < md.length; ) {
    let le = md.indexOf('\n', ls);
    if (le < 0) le = md.length;
    counter.steps += le - ls + 1;
    let i = ls;
    while (i < le && i - ls < 3 && md.charCodeAt(i) === SPACE) i++;
    const c = md.charCodeAt(i);
    if (c === BACKTICK || c === TILDE) {
      let j = i;
      while (j < le && md.charCodeAt(j) === c) j++;
      const len = j - i;
      if (open) {
        let rest = j;
        while (rest < le && (md.charCodeAt(rest) === SPACE || md.charCodeAt(rest) === TAB)) rest++;
        if (c === open.char && len >= open.len && rest === le) {
          fences.push([open.start, le]);
          open = null;
        }
      } else if (len >= 3) {
        open = { char: c, len, start: ls };
      }
    }
    ls = le + 1;
  }
  if (open) fences.push([open.start, md.length]);

  // Backtick runs outside fences; for each run, the index of the next run of the same length.
  const at: number[] = [];
  const lens: number[] = [];
  let f = 0;
  for (let i = md.indexOf('`'); i >= 0; ) {
    while (f < fences.length && fences[f]![1] <= i) f++;
    if (f < fences.length && fences[f]![0] <= i) {
      i = md.indexOf('`', fences[f]![1]);
      continue;
    }
    let j = i;
    while (j < md.length && md.charCodeAt(j) === BACKTICK) j++;
    counter.steps += j - i;
    at.push(i);
    lens.push(j - i);
    i = md.indexOf('`', j);
  }
  const nextSame = new Array<number>(at.length).fill(-1);
  const lastOfLen = new Map<number, number>();
  for (let k = at.length - 1; k >= 0; k--) {
    counter.steps++;
    nextSame[k] = lastOfLen.get(lens[k]!) ?? -1;
    lastOfLen.set(lens[k]!, k);
  }
  // Walk the runs in order, merging spans with the fences.
  const spans: Array<[number, number]> = [];
  let nextFence = 0;
  for (let k = 0; k < at.length; ) {
    counter.steps++;
    while (nextFence < fences.length && fences[nextFence]![0] < at[k]!) nextFence++;
    const after = at[k]! + lens[k]!;
    const partner = after < md.length && md.charCodeAt(after) !== NL ? nextSame[k]! : -1;
    // A span does not reach across a fence.
    if (partner >= 0 && !(nextFence < fences.length && fences[nextFence]![0] < at[partner]!)) {
      spans.push([at[k]!, at[partner]! + lens[partner]!]);
      k = partner + 1;
    } else k++;
  }
  return mergeRanges(fences, spans);
}

function mergeRanges(a: Array<[number, number]>, b: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]![0] <= b[j]![0])) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/** Is `offset` inside one of the sorted ranges? `cursor` remembers where the last lookup ended (offsets ascend). */
function inCode(ranges: Array<[number, number]>, cursor: { k: number }, offset: number): number {
  while (cursor.k < ranges.length && ranges[cursor.k]![1] <= offset) cursor.k++;
  const r = ranges[cursor.k];
  return r && r[0] <= offset ? r[1] : -1;
}

/**
 * Wiki links, in order, outside the code ranges. At each `[[` the scan reads a target up to `#`,
 * `|` or `]]`, an optional heading up to `|` or `]]`, an optional label up to `]]`; none of the
 * three may hold `[`, `]` or a newline, so a failed attempt stops at the next bracket and the
 * next attempt starts there: every character is read at most twice.
 */
export function scanWikiLinks(md: string, code: Array<[number, number]> = [], counter: ScanCounter = { steps: 0 }, blankTargets = false): WikiMatch[] {
  const out: WikiMatch[] = [];
  const cursor = { k: 0 };
  let i = md.indexOf('[[');
  while (i >= 0) {
    counter.steps++;
    const codeEnd = inCode(code, cursor, i);
    if (codeEnd >= 0) {
      i = md.indexOf('[[', codeEnd);
      continue;
    }
    const m = wikiAt(md, i, counter, blankTargets);
    if (m) {
      out.push(m);
      i = md.indexOf('[[', m.end);
    } else i = md.indexOf('[[', i + 1);
  }
  return out;
}

/** End of a wiki link part from `p`: the first `[`, `]`, newline, or (when asked) `|` or `#`. */
function partEnd(md: string, p: number, stopPipe: boolean, stopHash: boolean): number {
  while (p < md.length) {
    const c = md.charCodeAt(p);
    if (c === OPEN || c === CLOSE || c === NL || (stopPipe && c === PIPE) || (stopHash && c === HASH)) break;
    p++;
  }
  return p;
}

// No closures in here: it runs once per `[[`, and tsx (tests, benchmarks) makes each closure costly.
function wikiAt(md: string, start: number, counter: ScanCounter, blankTarget: boolean): WikiMatch | null {
  let p = partEnd(md, start + 2, true, true);
  let target = md.slice(start + 2, p);
  let heading: string | null = null;
  let label: string | null = null;
  if (p < md.length && md.charCodeAt(p) === HASH) {
    const h0 = p + 1;
    p = partEnd(md, h0, true, false);
    heading = md.slice(h0, p);
  }
  if (p < md.length && md.charCodeAt(p) === PIPE) {
    // `\|` in a table cell: the backslash escapes the pipe for the table, not for the link.
    if (heading != null && heading.endsWith('\\')) heading = heading.slice(0, -1);
    else if (heading == null && target.endsWith('\\')) target = target.slice(0, -1);
    const l0 = p + 1;
    p = partEnd(md, l0, false, false);
    label = md.slice(l0, p);
  }
  counter.steps += p - start + 1;
  if (md.charCodeAt(p) !== CLOSE || md.charCodeAt(p + 1) !== CLOSE) return null;
  if (!target) return null;
  if (!target.trim() && !blankTarget) return null;
  return {
    start,
    end: p + 2,
    target: target.trim(),
    heading: heading?.trim() || null,
    label: label?.trim() || null,
    embed: start > 0 && md.charCodeAt(start - 1) === BANG,
  };
}

interface MarkdownMatch {
  start: number;
  end: number;
  image: boolean;
  text: string;
  href: string;
}

/**
 * Markdown links `[text](href "title")`, in order, outside the code ranges (images included, marked).
 * Linear: a failed `[` skips every `[` before its `]` (they share the rest of the parse), and a
 * failed destination is remembered by where it ended, so a later `[` whose destination starts
 * inside it fails without reading it again.
 */
export function scanMarkdownLinks(md: string, code: Array<[number, number]>, counter: ScanCounter): MarkdownMatch[] {
  const out: MarkdownMatch[] = [];
  const cursor = { k: 0 };
  let failedDestFrom = -1;
  let failedDestTo = -1;
  let i = md.indexOf('[');
  while (i >= 0) {
    counter.steps++;
    const bang = i > 0 && md.charCodeAt(i - 1) === BANG && (out.length === 0 || out[out.length - 1]!.end <= i - 1);
    const start = bang ? i - 1 : i;
    const codeEnd = inCode(code, cursor, start);
    if (codeEnd >= 0) {
      i = md.indexOf('[', Math.max(codeEnd, i + 1));
      continue;
    }
    // The text: up to `]` or a newline.
    let j = i + 1;
    while (j < md.length) {
      const c = md.charCodeAt(j);
      if (c === CLOSE || c === NL) break;
      j++;
    }
    counter.steps += j - i;
    if (md.charCodeAt(j) !== CLOSE || md.charCodeAt(j + 1) !== LPAREN) {
      i = nextOpen(md, i, j);
      continue;
    }
    let p = j + 2;
    const ws0 = p;
    while (p < md.length && isSpace(md.charCodeAt(p))) p++;
    if (md.charCodeAt(p) === LT) p++;
    counter.steps += p - ws0;
    if (p > failedDestFrom && p < failedDestTo) {
      i = nextOpen(md, i, j);
      continue;
    }
    const h0 = p;
    while (p < md.length) {
      const c = md.charCodeAt(p);
      if (c === RPAREN || c === GT || isSpace(c)) break;
      p++;
    }
    counter.steps += p - h0 + 1;
    const end = destinationEnd(md, h0, p, counter);
    if (end < 0) {
      failedDestFrom = h0;
      failedDestTo = p;
      i = nextOpen(md, i, j);
      continue;
    }
    out.push({ start, end, image: bang, text: md.slice(i + 1, j), href: md.slice(h0, p) });
    i = md.indexOf('[', end);
  }
  return out;
}

/** After a failed `[` at `i` whose text ends at `j`: the next `[` at or after `j`. */
function nextOpen(md: string, _i: number, j: number): number {
  return md.indexOf('[', j);
}

/** The rest of `(href "title")` after the href [h0, p): the offset after `)`, or -1. */
function destinationEnd(md: string, h0: number, p: number, counter: ScanCounter): number {
  if (p === h0) return -1;
  if (md.charCodeAt(p) === GT) p++;
  const ws = p;
  while (p < md.length && isSpace(md.charCodeAt(p))) p++;
  counter.steps += p - ws;
  if (p > ws && md.charCodeAt(p) === QUOTE) {
    const close = md.indexOf('"', p + 1);
    counter.steps += (close < 0 ? md.length : close) - p;
    if (close < 0) return -1;
    p = close + 1;
    const ws2 = p;
    while (p < md.length && isSpace(md.charCodeAt(p))) p++;
    counter.steps += p - ws2;
  }
  return md.charCodeAt(p) === RPAREN ? p + 1 : -1;
}

function lineIndex(markdown: string): (offset: number) => number {
  const lineStarts = [0];
  for (let i = markdown.indexOf('\n'); i >= 0; i = markdown.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** Every link in a page, in document order. `sourcePath` resolves relative markdown links. */
export function extractLinks(markdown: string, sourcePath: string, counter: ScanCounter = { steps: 0 }): LinkRef[] {
  const code = markdown.includes('`') || markdown.includes('~~~') ? codeRanges(markdown, counter) : [];
  const lineOf = lineIndex(markdown);
  const out: LinkRef[] = [];
  for (const m of scanWikiLinks(markdown, code, counter)) {
    out.push({ kind: 'wiki', target: m.target, heading: m.heading, label: m.label, path: relativeWikiPath(m.target, sourcePath) ?? wikiPath(m.target), start: m.start, end: m.end, line: lineOf(m.start) });
  }
  for (const m of scanMarkdownLinks(markdown, code, counter)) {
    if (m.image) continue;
    const resolved = markdownLinkPath(m.href, sourcePath);
    if (!resolved) continue;
    // (markdownLinkRef's fields, written out: no intermediate object per link.)
    out.push({ kind: 'markdown', target: m.href, heading: resolved.heading, path: resolved.path, label: m.text || null, start: m.start, end: m.end, line: lineOf(m.start) });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The hrefs of a page's markdown links and images (`[a](x.pdf)`, `![b](img/y.png)`) outside code,
 * with whether each is an image: attachments are linked this way (domain/files.ts resolves them).
 */
export function extractMarkdownHrefs(markdown: string): Array<{ href: string; image: boolean }> {
  const counter: ScanCounter = { steps: 0 };
  const code = markdown.includes('`') || markdown.includes('~~~') ? codeRanges(markdown, counter) : [];
  return scanMarkdownLinks(markdown, code, counter).map((m) => ({ href: m.href, image: m.image }));
}

/** A wiki target that looks like a path (`people/ada`, `ada.md`) names that path; a bare title does not. */
export function wikiPath(target: string): string | null {
  const t = target.replace(/^\/+/, '');
  if (t.includes('/')) return t.toLowerCase().endsWith('.md') ? t : `${t}.md`;
  if (t.toLowerCase().endsWith('.md')) return t;
  return null;
}

/**
 * A wiki target written relative to its page (`[[../Folder/Note]]`, `[[./Note]]`: a vault app's
 * "relative path" link format) as the brain path it names; null for any other target, or one that
 * climbs above the brain's root.
 */
export function relativeWikiPath(target: string, sourcePath: string): string | null {
  if (!target.startsWith('./') && !target.startsWith('../')) return null;
  // `[[./.]]`, `[[../..]]`: a folder, not a page.
  if (/(^|\/)\.\.?\/?$/.test(target)) return null;
  const joined = posix.normalize(posix.join(folderOf(sourcePath), target));
  if (joined.startsWith('../') || joined === '..' || joined === '.') return null;
  return joined.toLowerCase().endsWith('.md') ? joined : `${joined}.md`;
}

/**
 * A markdown href's page path as written (decoded, without `#…`), or null when it is explicitly
 * relative or rooted (`./`, `../`, `/`) or not a page: such an href is looked up as a wiki link of
 * the same path would be (domain/pageRefs linkKey; the web app likewise).
 */
export function markdownHrefAsWritten(href: string): string | null {
  const raw = href.split('#', 1)[0]!.trim();
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // kept as written
  }
  if (!decoded.toLowerCase().endsWith('.md') || /^[a-z][a-z0-9+.-]*:/i.test(decoded)) return null;
  if (/^(\.\.?\/|\/)/.test(decoded) || decoded.split('/').some((s) => s === '.' || s === '..')) return null;
  return decoded;
}

/** Resolve a relative markdown href against the source page's folder; null for URLs and non-pages. */
export function markdownLinkPath(href: string, sourcePath: string): { path: string; heading: string | null } | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('//')) return null;
  const [rawPath, hash] = href.split('#', 2) as [string, string | undefined];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath;
  }
  if (!decoded.toLowerCase().endsWith('.md')) return null;
  const joined = decoded.startsWith('/') ? decoded.slice(1) : posix.join(folderOf(sourcePath), decoded);
  const normalized = posix.normalize(joined);
  if (normalized.startsWith('../') || normalized === '..') return null;
  return { path: normalized, heading: hash ? hash : null };
}

/**
 * A markdown href on the page at `sourcePath` as the link it is (null for URLs and non-pages): what
 * link extraction indexes, and what the web app keys (domain/pageRefs linkKey) to find the page the
 * index sends it to. The href's file name is a path, never wiki syntax: `C%23%20notes.md` is the
 * page "C# notes.md".
 */
export function markdownLinkRef(href: string, sourcePath: string): Pick<LinkRef, 'kind' | 'target' | 'heading' | 'path'> | null {
  const resolved = markdownLinkPath(href, sourcePath);
  return resolved ? { kind: 'markdown', target: href, heading: resolved.heading, path: resolved.path } : null;
}

/** Link text from `from` to `to` as a relative markdown href. */
export function relativeHref(fromPath: string, toPath: string): string {
  const rel = posix.relative(folderOf(fromPath) || '.', toPath);
  return rel.split('/').map(encodeURIComponent).join('/');
}

/**
 * Rewrite links in a page. `retarget` gets each link and returns the new target path (with `.md`)
 * or null to leave it. Wiki links keep their style (path without `.md`, heading, label);
 * markdown links become relative to the source page. Everything else stays byte for byte.
 */
export function rewriteLinks(markdown: string, sourcePath: string, retarget: (link: LinkRef) => string | null): string {
  const links = extractLinks(markdown, sourcePath);
  let out = '';
  let last = 0;
  for (const link of links) {
    const next = retarget(link);
    if (!next) continue;
    out += markdown.slice(last, link.start);
    if (link.kind === 'wiki') {
      const keepExt = link.target.toLowerCase().endsWith('.md');
      const target = keepExt ? next : next.replace(/\.md$/i, '');
      // A link written with `\|` sits in a table cell: keep the escape, or the table breaks.
      const pipe = markdown.slice(link.start, link.end).includes('\\|') ? '\\|' : '|';
      out += `[[${target}${link.heading ? `#${link.heading}` : ''}${link.label ? `${pipe}${link.label}` : ''}]]`;
    } else {
      const original = markdown.slice(link.start, link.end);
      const href = relativeHref(sourcePath, next) + (link.heading ? `#${link.heading}` : '');
      out += original.replace(/\]\(\s*<?[^)\s>]+>?/, `](${href}`);
    }
    last = link.end;
  }
  return last === 0 ? markdown : out + markdown.slice(last);
}

/** The text of the line a link sits on, trimmed to `max` characters around it (backlink context). */
export function contextLine(markdown: string, link: Pick<LinkRef, 'start'>, max = 200): string {
  const lineStart = markdown.lastIndexOf('\n', link.start - 1) + 1;
  let lineEnd = markdown.indexOf('\n', link.start);
  if (lineEnd < 0) lineEnd = markdown.length;
  const line = markdown.slice(lineStart, lineEnd).trim();
  if (line.length <= max) return line;
  const at = Math.max(0, link.start - lineStart - Math.floor(max / 2));
  return `${at > 0 ? '…' : ''}${line.slice(at, at + max).trim()}…`;
}
