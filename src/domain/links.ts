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

const WIKI = /\[\[([^\[\]\n|#]+?)(?:#([^\[\]\n|]*))?(?:\|([^\[\]\n]*))?\]\]/g;
const MD = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** Ranges of fenced code blocks and inline code spans, which hold no links. */
function codeRanges(md: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const fence = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1?\2[ \t]*$|(?![\s\S]))/gm;
  for (const m of md.matchAll(fence)) ranges.push([m.index!, m.index! + m[0].length]);
  const inline = /(`+)[^`\n][\s\S]*?\1/g;
  for (const m of md.matchAll(inline)) {
    if (!ranges.some(([a, b]) => m.index! >= a && m.index! < b)) ranges.push([m.index!, m.index! + m[0].length]);
  }
  return ranges;
}

function inRanges(i: number, ranges: Array<[number, number]>): boolean {
  for (const [a, b] of ranges) if (i >= a && i < b) return true;
  return false;
}

/** Every link in a page, in document order. `sourcePath` resolves relative markdown links. */
export function extractLinks(markdown: string, sourcePath: string): LinkRef[] {
  const code = markdown.includes('`') || markdown.includes('~~~') ? codeRanges(markdown) : [];
  const lineStarts = [0];
  for (let i = markdown.indexOf('\n'); i >= 0; i = markdown.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const out: LinkRef[] = [];
  for (const m of markdown.matchAll(WIKI)) {
    if (inRanges(m.index!, code)) continue;
    const target = m[1]!.trim();
    if (!target) continue;
    out.push({
      kind: 'wiki',
      target,
      heading: m[2]?.trim() || null,
      label: m[3]?.trim() || null,
      path: wikiPath(target),
      start: m.index!,
      end: m.index! + m[0].length,
      line: lineOf(m.index!),
    });
  }
  for (const m of markdown.matchAll(MD)) {
    if (m[1] === '!' || inRanges(m.index!, code)) continue;
    const href = m[3]!;
    const resolved = markdownLinkPath(href, sourcePath);
    if (!resolved) continue;
    out.push({
      kind: 'markdown',
      target: href,
      heading: resolved.heading,
      label: m[2] || null,
      path: resolved.path,
      start: m.index!,
      end: m.index! + m[0].length,
      line: lineOf(m.index!),
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A wiki target that looks like a path (`people/ada`, `ada.md`) names that path; a bare title does not. */
export function wikiPath(target: string): string | null {
  const t = target.replace(/^\/+/, '');
  if (t.includes('/')) return t.toLowerCase().endsWith('.md') ? t : `${t}.md`;
  if (t.toLowerCase().endsWith('.md')) return t;
  return null;
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
      out += `[[${target}${link.heading ? `#${link.heading}` : ''}${link.label ? `|${link.label}` : ''}]]`;
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
