// Pure page patching. Sections are found on remark's syntax tree (so headings inside code blocks
// or frontmatter never match; plain pages take a line scan held to the same answer), but the change is spliced into the original string by offset:
// every byte outside the edited range stays exactly as it was.
import { createRequire } from 'node:module';
import type { Heading, Root } from 'mdast';
import { BadRequestError, NotFoundError } from './errors.js';
import { setFrontmatterKeys } from './frontmatter.js';

export const PATCH_OPERATIONS = ['append-section', 'replace-section', 'append', 'set-frontmatter'] as const;
export type PatchOperation = (typeof PATCH_OPERATIONS)[number];
export type PatchPosition = 'start' | 'end';

export interface PatchInput {
  operation: PatchOperation;
  section?: string | null;
  content: unknown;
  position?: PatchPosition | null;
}

export interface HeadingInfo {
  depth: number;
  text: string;
  /** Offset of the heading's first character. */
  start: number;
  /** Offset just after the heading (after a setext underline too), before its line break. */
  end: number;
}

export interface SectionRange {
  heading: HeadingInfo;
  /** Where the section ends: the next heading of the same or a higher level, or the end of the page. */
  end: number;
  /** `end` with trailing blank space removed (never before the heading's end). */
  contentEnd: number;
}

interface Remark {
  unified: typeof import('unified').unified;
  remarkParse: typeof import('remark-parse').default;
  remarkFrontmatter: typeof import('remark-frontmatter').default;
  remarkGfm: typeof import('remark-gfm').default;
  toString: typeof import('mdast-util-to-string').toString;
}

/**
 * remark, its plugins and mdast-util-to-string (~100 ES modules), loaded by the first page parsed
 * rather than at import: most CLI commands parse none. A Node that requires ES modules
 * synchronously (20.19 and later: process.features.require_module) loads them then; an older one
 * (package.json allows 20.15) loads them at import, as before.
 */
let remark: Remark | null = (process.features as { require_module?: boolean }).require_module ? null : await importRemark();

async function importRemark(): Promise<Remark> {
  const [{ unified }, remarkParse, remarkFrontmatter, remarkGfm, { toString }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-frontmatter'),
    import('remark-gfm'),
    import('mdast-util-to-string'),
  ]);
  return { unified, remarkParse: remarkParse.default, remarkFrontmatter: remarkFrontmatter.default, remarkGfm: remarkGfm.default, toString };
}

function requireRemark(): Remark {
  const require = createRequire(import.meta.url);
  return {
    unified: (require('unified') as typeof import('unified')).unified,
    remarkParse: (require('remark-parse') as typeof import('remark-parse')).default,
    remarkFrontmatter: (require('remark-frontmatter') as typeof import('remark-frontmatter')).default,
    remarkGfm: (require('remark-gfm') as typeof import('remark-gfm')).default,
    toString: (require('mdast-util-to-string') as typeof import('mdast-util-to-string')).toString,
  };
}

const loadRemark = (): Remark => (remark ??= requireRemark());

let parser: { parse(markdown: string): unknown } | null = null;

function parse(markdown: string): Root {
  if (!parser) {
    const r = loadRemark();
    parser = r.unified().use(r.remarkParse).use(r.remarkFrontmatter, ['yaml', 'toml']).use(r.remarkGfm);
  }
  return parser.parse(markdown) as Root;
}

/** Top-level headings of a page with their offsets, in document order. */
export function headingsOf(markdown: string): HeadingInfo[] {
  return plainHeadings(markdown) ?? parsedHeadings(markdown);
}

const FENCE_OR_HTML = /^ {0,3}(`{3}|~{3}|<)/;
const UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const INDENTED_HASH = /^[ \t]+#/;
const ATX = /^(#{1,6})(?:[ \t]+(.*))?$/;
const ATX_OPEN = /^#{1,6}(?:[ \t]|$)/;
const MARKUP = /[#*_`[\]<>&\\!~|]|[ \t]$/;

/**
 * The headings of a page in the common case, without parsing it (the filing pass adds timeline
 * lines to the same growing pages over and over; a full parse per edit dominated its cost). It
 * reads the frontmatter and then plain ATX headings at the margin, and gives up (null: parse the
 * page) on any line that could make that reading wrong: a code fence, HTML, a possible setext
 * underline or thematic break, an indented `#`, a heading with markup, escapes, a closing
 * sequence or trailing blanks, a CR, or frontmatter that does not close. A property test holds it
 * to remark's answer.
 */
export function plainHeadings(markdown: string): HeadingInfo[] | null {
  if (markdown.includes('\r')) return null;
  let at = 0;
  const fence = markdown.startsWith('---\n') ? '---' : markdown.startsWith('+++\n') ? '+++' : null;
  if (fence) {
    const close = markdown.indexOf(`\n${fence}`, 3);
    const after = close + 1 + fence.length;
    if (close < 0 || (after < markdown.length && markdown[after] !== '\n')) return null;
    at = Math.min(after + 1, markdown.length);
  }
  const out: HeadingInfo[] = [];
  while (at < markdown.length) {
    let nl = markdown.indexOf('\n', at);
    if (nl < 0) nl = markdown.length;
    const line = markdown.slice(at, nl);
    if (FENCE_OR_HTML.test(line) || UNDERLINE.test(line) || INDENTED_HASH.test(line)) return null;
    if (ATX_OPEN.test(line)) {
      const m = ATX.exec(line)!;
      const text = m[2] ?? '';
      if (MARKUP.test(text) || (m[2] === undefined && line.length !== m[1]!.length)) return null;
      out.push({ depth: m[1]!.length, text: text.trim(), start: at, end: nl });
    }
    at = nl + 1;
  }
  return out;
}

/** The headings as remark reads them (the reference `plainHeadings` must agree with). */
export function parsedHeadings(markdown: string): HeadingInfo[] {
  const out: HeadingInfo[] = [];
  for (const node of parse(markdown).children) {
    if (node.type !== 'heading' || !node.position) continue;
    const h = node as Heading;
    out.push({ depth: h.depth, text: loadRemark().toString(h).trim(), start: node.position.start.offset!, end: node.position.end.offset! });
  }
  return out;
}

/** `## Notes`, `notes` and ` Notes ` all name the heading "Notes" (the level, if given, is a hint for creation). */
export function parseSectionName(section: string): { text: string; depth: number | null } {
  const m = /^\s*(#{1,6})\s+(.*)$/.exec(section);
  const text = (m ? m[2]! : section).replace(/\s+#+\s*$/, '').trim();
  return { text, depth: m ? m[1]!.length : null };
}

/** The first section whose heading text equals `name` (case-insensitive), or null. */
export function findSection(markdown: string, name: string): SectionRange | null {
  const wanted = parseSectionName(name).text.toLowerCase();
  const headings = headingsOf(markdown);
  const i = headings.findIndex((h) => h.text.toLowerCase() === wanted);
  if (i < 0) return null;
  const heading = headings[i]!;
  const next = headings.slice(i + 1).find((h) => h.depth <= heading.depth);
  const end = next ? next.start : markdown.length;
  let contentEnd = end;
  while (contentEnd > heading.end && /\s/.test(markdown[contentEnd - 1]!)) contentEnd--;
  return { heading, end, contentEnd };
}

/** Where a page's body starts: after the frontmatter and, when the page opens with one, its H1 title. */
export function bodyStart(markdown: string): number {
  const root = parse(markdown);
  let at = 0;
  for (const node of root.children) {
    if ((node.type === 'yaml' || (node.type as string) === 'toml') && node.position) {
      at = node.position.end.offset!;
      continue;
    }
    if (node.type === 'heading' && (node as Heading).depth === 1 && node.position) at = node.position.end.offset!;
    break;
  }
  return at;
}

function eolOf(markdown: string): string {
  return markdown.includes('\r\n') ? '\r\n' : '\n';
}

/** The content as a block: no leading blank lines, no trailing whitespace, the page's line endings. */
function asBlock(content: string, eol: string): string {
  const normalized = content.replace(/\r\n/g, '\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  return eol === '\n' ? normalized : normalized.replace(/\n/g, eol);
}

/** Insert a block at `at` with one blank line on each side, reusing the line breaks already there. */
export function insertBlock(markdown: string, at: number, block: string): string {
  const eol = eolOf(markdown);
  const before = markdown.slice(0, at);
  const after = markdown.slice(at);
  const lead = before === '' ? '' : before.endsWith(eol + eol) ? '' : before.endsWith(eol) ? eol : eol + eol;
  const trail = after === '' ? eol : after.startsWith(eol + eol) ? '' : after.startsWith(eol) ? eol : eol + eol;
  return before + lead + block + trail + after;
}

/** Add a block after the last non-blank character of the page, keeping the page's trailing line break(s). */
export function appendAtEnd(markdown: string, block: string): string {
  const eol = eolOf(markdown);
  let end = markdown.length;
  while (end > 0 && /\s/.test(markdown[end - 1]!)) end--;
  if (end === 0) return `${block}${eol}`;
  const tail = markdown.slice(end);
  return `${markdown.slice(0, end)}${eol}${eol}${block}${tail.includes('\n') ? tail : eol}`;
}

function newSection(markdown: string, name: string, block: string, position: PatchPosition): string {
  const { text, depth } = parseSectionName(name);
  if (!text) throw new BadRequestError('section must name a heading.', 'invalid_section');
  const eol = eolOf(markdown);
  const heading = `${'#'.repeat(depth ?? 2)} ${text}`;
  const section = block ? `${heading}${eol}${eol}${block}` : heading;
  if (position === 'start') return insertBlock(markdown, bodyStart(markdown), section);
  return appendAtEnd(markdown, section);
}

/**
 * Apply one patch operation and return the new markdown.
 * - `append`: add the content at the end of the page (`position: start` puts it at the top of the body,
 *   after frontmatter and a leading H1).
 * - `append-section`: add the content at the end of the named section (`start`: right under its heading);
 *   a missing section is created (at the end of the page, or at the top of the body for `start`).
 * - `replace-section`: replace everything under the heading up to the next heading of the same or a
 *   higher level; a missing section is a 404.
 * - `set-frontmatter`: merge keys (`null` removes a key); the rest of the file is untouched.
 */
export function applyPatch(markdown: string, input: PatchInput): string {
  const position: PatchPosition = input.position ?? 'end';
  if (input.operation === 'set-frontmatter') {
    const c = input.content;
    if (c == null || typeof c !== 'object' || Array.isArray(c)) {
      throw new BadRequestError('set-frontmatter needs content to be an object of keys.', 'invalid_patch');
    }
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
      if (!/^[A-Za-z0-9_][\w-]*$/.test(k)) throw new BadRequestError(`'${k}' is not a valid frontmatter key.`, 'invalid_patch');
      values[k] = v === null ? undefined : v;
    }
    return setFrontmatterKeys(markdown, values);
  }
  if (typeof input.content !== 'string') throw new BadRequestError(`${input.operation} needs content to be a string.`, 'invalid_patch');
  const block = asBlock(input.content, eolOf(markdown));
  if (input.operation === 'append') {
    if (!block) return markdown;
    if (position === 'start') return insertBlock(markdown, bodyStart(markdown), block);
    return appendAtEnd(markdown, block);
  }
  const name = input.section?.trim();
  if (!name) throw new BadRequestError(`${input.operation} needs a section (the heading text).`, 'invalid_patch');
  const section = findSection(markdown, name);
  if (input.operation === 'replace-section') {
    if (!section) throw new NotFoundError(`Section '${parseSectionName(name).text}'`, 'section_not_found');
    const rest = markdown.slice(section.contentEnd);
    const eol = eolOf(markdown);
    const replaced = markdown.slice(0, section.heading.end) + (block ? `${eol}${eol}${block}` : '');
    return replaced + (rest === '' ? eol : rest);
  }
  // append-section
  if (!section) return newSection(markdown, name, block, position);
  if (!block) return markdown;
  if (position === 'start') return insertBlock(markdown, section.heading.end, block);
  if (section.end === markdown.length) return appendAtEnd(markdown, block);
  return insertBlock(markdown, section.contentEnd, block);
}
