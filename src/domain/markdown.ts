// Pure page parsing: frontmatter (YAML, read the way gray-matter reads it), title and summary.
import { createRequire } from 'node:module';
import { baseName } from './paths.js';

export interface ParsedPage {
  frontmatter: Record<string, unknown>;
  body: string;
  title: string;
  summary: string;
}

type FrontmatterEngine = (text: string) => unknown;

/**
 * gray-matter's own YAML engine (js-yaml's safeLoad), called directly: going through matter()
 * rebuilt its options and engine table twice per page (half the parse time of an import), and
 * matter() also honours `---js` / `---javascript` fences by eval()-ing the block — code execution
 * for anyone who can write a page. Only YAML (the default, `---yaml`, `---yml`) and JSON are read;
 * a block in any other language stays part of the body, like broken YAML.
 *
 * gray-matter (CommonJS, with js-yaml and esprima behind it) is required by the first page with
 * YAML frontmatter, not at import: many processes (most CLI commands) read none.
 */
let yamlParse: FrontmatterEngine | null = null;
const yamlEngine: FrontmatterEngine = (text) =>
  (yamlParse ??= (createRequire(import.meta.url)('gray-matter') as { engines: { yaml: { parse: FrontmatterEngine } } }).engines.yaml.parse)(text);
const jsonEngine: FrontmatterEngine = (text) => JSON.parse(text);

/** The engine gray-matter would pick for a fence's language (its aliases fold case; names do not). */
function engineFor(language: string): FrontmatterEngine | null {
  if (language === '') return yamlEngine;
  if (language === 'json') return jsonEngine;
  const alias = language.toLowerCase();
  return alias === 'yaml' || alias === 'yml' ? yamlEngine : null;
}
const NOT_FRONTMATTER = Symbol('not frontmatter');

/** gray-matter's fences: the language line, the block and what follows it (null for `----`, a rule). */
function fences(markdown: string): { language: string; block: string; content: string } | null {
  // `----` is a rule, not a fence.
  if (markdown.charAt(3) === '-') return null;
  let rest = markdown.slice(3);
  const language = rest.slice(0, rest.search(/\r?\n/));
  if (language.trim()) rest = rest.slice(language.length);
  let close = rest.indexOf('\n---');
  if (close === -1) close = rest.length;
  let content = close === rest.length ? '' : rest.slice(close + 4);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  return { language, block: rest.slice(0, close), content };
}

/** gray-matter's split (same fences, language line, comment-only blocks, line break after the fence). */
function splitFrontmatter(markdown: string): { data: unknown; content: string } | typeof NOT_FRONTMATTER {
  const f = fences(markdown);
  if (!f) return NOT_FRONTMATTER;
  let data: unknown = {};
  if (f.block.replace(/^\s*#[^\n]+/gm, '').trim() !== '') {
    const engine = engineFor(f.language.trim());
    if (!engine) return NOT_FRONTMATTER;
    data = engine(f.block);
  }
  return { data: data ?? {}, content: f.content };
}

/**
 * The body of a page whose frontmatter is known to have parsed to something (its index row says
 * so): what parseFrontmatter answers as `content`, without reading the YAML again. Cutting a
 * search hit's chunk text needs the body only, and the YAML cost a third of that cut.
 */
export function bodyAfterParsedFrontmatter(markdown: string): string {
  if (!markdown.startsWith('---')) return markdown;
  return fences(markdown)?.content ?? markdown;
}

export function parseFrontmatter(markdown: string): { data: Record<string, unknown>; content: string } {
  if (!markdown.startsWith('---')) return { data: {}, content: markdown };
  try {
    const parsed = splitFrontmatter(markdown);
    if (parsed === NOT_FRONTMATTER) return { data: {}, content: markdown };
    return { data: toPlainJson(parsed.data) as Record<string, unknown>, content: parsed.content };
  } catch {
    // Broken YAML stays part of the body rather than failing a read.
    return { data: {}, content: markdown };
  }
}

export function parsePage(path: string, markdown: string): ParsedPage {
  const { frontmatter, body, title } = parseTitleAndBody(path, markdown);
  const fmSummary = typeof frontmatter.summary === 'string' ? frontmatter.summary.trim() : '';
  return { frontmatter, body, title, summary: fmSummary || firstParagraph(body) };
}

/** parsePage without the summary (what cutting a page into chunks again needs). */
export function parseTitleAndBody(path: string, markdown: string): Omit<ParsedPage, 'summary'> {
  const { data, content } = parseFrontmatter(markdown);
  const fmTitle = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : null;
  const h1 = firstH1(content);
  const title = fmTitle ?? (h1 != null ? h1.trim() : baseName(path));
  return { frontmatter: data, body: content, title };
}

/**
 * What `/^#[ \t]+(.+?)[ \t#]*$/m` captures, line by line in linear time (the regex backtracks
 * quadratically over a long heading line of spaces and `#`s that ends in something else).
 */
function firstH1(content: string): string | null {
  // The lines one at a time (what split(LINE_BREAK) gives, without cutting the whole page when the
  // title is at its top).
  LINE_BREAK.lastIndex = 0;
  for (let from = 0; from <= content.length; ) {
    const br = LINE_BREAK.exec(content);
    const to = br ? br.index : content.length;
    const line = content.slice(from, to);
    from = br ? to + br[0].length : content.length + 1;
    if (line.charCodeAt(0) !== 35) continue;
    let p = 1;
    while (p < line.length && (line[p] === ' ' || line[p] === '\t')) p++;
    if (p === 1) continue;
    if (p === line.length) {
      if (p >= 3) return line[p - 1]!;
      continue;
    }
    const rest = line.slice(p);
    let end = rest.length;
    while (end > 1 && (rest[end - 1] === ' ' || rest[end - 1] === '\t' || rest[end - 1] === '#')) end--;
    return rest.slice(0, end);
  }
  return null;
}
const LINE_BREAK = /\r\n?|\n|\u2028|\u2029/g;
const BLANK_LINES = /\n\s*\n/g;

/** The first prose paragraph, flattened and cut to 280 characters. */
export function firstParagraph(body: string): string {
  // The blocks one at a time (what split(BLANK_LINES) gives, without cutting the whole page).
  BLANK_LINES.lastIndex = 0;
  for (let from = 0; from <= body.length; ) {
    const gap = BLANK_LINES.exec(body);
    const to = gap ? gap.index : body.length;
    const block = body.slice(from, to);
    from = gap ? to + gap[0].length : body.length + 1;
    const text = block.trim();
    if (!text || /^(#|```|---|\||>|<!--)/.test(text) || /^[-*+] |^\d+\. /.test(text)) continue;
    // Only the first 280 characters are kept: a bounded head keeps the link regex's backtracking bounded too.
    const flat = text.slice(0, 4000).replace(/\s+/g, ' ').replace(/\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, p, l) => l ?? p);
    return flat.length > 280 ? `${flat.slice(0, 277)}...` : flat;
  }
  return '';
}

/** Dates and other YAML values become JSON-safe values. */
function toPlainJson(value: unknown): unknown {
  if (value instanceof Date) return isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toPlainJson(v);
    return out;
  }
  return value;
}
