// Pure page parsing: frontmatter (gray-matter), title and summary.
import matter from 'gray-matter';
import { baseName } from './paths.js';

export interface ParsedPage {
  frontmatter: Record<string, unknown>;
  body: string;
  title: string;
  summary: string;
}

// gray-matter caches by input string; disable it so memory stays flat on large imports.
const MATTER_OPTIONS = {} as const;

export function parseFrontmatter(markdown: string): { data: Record<string, unknown>; content: string } {
  if (!markdown.startsWith('---')) return { data: {}, content: markdown };
  try {
    const parsed = matter(markdown, MATTER_OPTIONS);
    return { data: toPlainJson(parsed.data) as Record<string, unknown>, content: parsed.content };
  } catch {
    // Broken YAML stays part of the body rather than failing a read.
    return { data: {}, content: markdown };
  }
}

export function parsePage(path: string, markdown: string): ParsedPage {
  const { data, content } = parseFrontmatter(markdown);
  const fmTitle = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : null;
  const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(content);
  const title = fmTitle ?? (h1 ? h1[1]!.trim() : baseName(path));
  const fmSummary = typeof data.summary === 'string' ? data.summary.trim() : '';
  return { frontmatter: data, body: content, title, summary: fmSummary || firstParagraph(content) };
}

/** The first prose paragraph, flattened and cut to 280 characters. */
export function firstParagraph(body: string): string {
  for (const block of body.split(/\n\s*\n/)) {
    const text = block.trim();
    if (!text || /^(#|```|---|\||>|<!--)/.test(text) || /^[-*+] |^\d+\. /.test(text)) continue;
    const flat = text.replace(/\s+/g, ' ').replace(/\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, p, l) => l ?? p);
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
