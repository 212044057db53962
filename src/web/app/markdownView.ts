// Page markdown → sanitized HTML for the browser: one pipeline for the page view, the editor's
// preview, backlink context and search snippets. Wiki links show the title of the page they
// resolve to (the resolution comes from the graph service, passed in) and a link to nothing yet
// looks different and offers to create the page; relative markdown links to pages become app
// links; images show when the file is in the brain and a plain "Missing image" note when it is not;
// frontmatter is dropped from the body (the page view shows it as a property table).
// A line of text (a snippet, a backlink's line) goes through the same parse and links, then is
// flattened to one run of text: links as titles, table and list syntax gone, matches marked.
// rehype-sanitize runs last, so nothing in a page can inject script or style.
import { posix } from 'node:path';
import type { Image, Link, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { extractLinks, markdownLinkRef, scanWikiLinks, type LinkRef } from '../../domain/links.js';
import { linkKey } from '../../domain/pageRefs.js';
import { folderOf } from '../../domain/paths.js';

export interface RenderLinks {
  /** The page a wiki target resolves to (with `.md`), or null when nothing matches. */
  wikiTarget(target: string): string | null;
  /** The page a markdown link's index key (domain/pageRefs linkKey) resolves to, or null. */
  linkTarget(key: string): string | null;
  /** The app URL of a page path, with an optional heading anchor. */
  pageHref(path: string, heading?: string | null): string;
  /** The title of a page a link resolved to (the link then shows it); the target as written when absent. */
  pageTitle?(path: string): string | null;
  /** Where a link to no page yet leads (the editor of a new page, for a writer); the page URL when absent. */
  missingHref?(target: string): string;
  /** The URL of a file of the brain that exists, or null when it does not (a "Missing image" note is shown). */
  fileHref?(path: string): string | null;
}

export interface InlineOptions {
  /** A page whose links are marked (a backlink's line marks the link to the page it is shown on). */
  highlight?: string | null;
}

/** Image files a page may show (served by the app; anything else shows as a note). */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  // Shown by <img> (no script runs there); served under a sandbox CSP as an attachment.
  svg: 'image/svg+xml',
};

const MAX_IMAGE_REFS = 50;

const schema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark'],
  attributes: {
    ...defaultSchema.attributes,
    // One className rule per element: the first match wins, so extend the default one.
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter((rule) => !(Array.isArray(rule) && rule[0] === 'className')),
      ['className', 'data-footnote-backref', 'wikilink', 'wikilink-missing'],
    ],
    span: [['className', 'missing-file', 'ref', 'ref-missing']],
    mark: [['className', 'ref']],
  },
};

function labelOf(title: string | null, target: string, heading: string | null, label: string | null): string {
  if (label) return label;
  const base = title ?? target;
  return heading ? `${base} › ${heading}` : base;
}

/** Candidate paths of an image reference: a markdown image's URL, or an embed's name (same folder first, then the root). */
function imageCandidates(ref: string, sourcePath: string, embed: boolean): string[] | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//') || ref.startsWith('#')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref.split('#', 1)[0]!.split('?', 1)[0]!);
  } catch {
    decoded = ref;
  }
  if (!decoded) return null;
  const folder = folderOf(sourcePath);
  const joined = decoded.startsWith('/') ? [decoded.slice(1)] : embed && folder ? [posix.join(folder, decoded), decoded] : [posix.join(folder, decoded)];
  const out = joined.map((p) => posix.normalize(p)).filter((p) => p && !p.startsWith('../') && p !== '..' && p !== '.');
  return out.length ? [...new Set(out)] : null;
}

function isImageName(name: string): boolean {
  return Object.hasOwn(IMAGE_TYPES, (name.slice(name.lastIndexOf('.') + 1) || '').toLowerCase());
}

/** The mdast node an image becomes: the image from the app when its file exists, else a note saying it is missing. */
function imageNode(candidates: string[] | null, url: string, alt: string, links: RenderLinks): PhrasingContent {
  if (!candidates) {
    // A remote image would tell its host who read the page (and the CSP would block it): a link instead.
    if (/^https?:/i.test(url)) return { type: 'link', url, children: [{ type: 'text', value: `Image from another site, not loaded: ${alt || url}` }] };
    return { type: 'image', url, alt };
  }
  for (const path of candidates) {
    const href = isImageName(path) ? links.fileHref?.(path) : null;
    if (href) return { type: 'image', url: href, alt, title: alt || null };
  }
  const shown = candidates[candidates.length - 1]!;
  const reason = isImageName(shown) ? 'Missing image' : 'Not an image the page can show';
  return {
    type: 'text',
    value: `${reason}: ${shown}${alt && alt !== shown ? ` (${alt})` : ''}`,
    data: { hName: 'span', hProperties: { className: ['missing-file'] } },
  } as Text;
}

function remarkBrainLinks(this: unknown, opts: { links: RenderLinks; sourcePath: string }) {
  const { links, sourcePath } = opts;
  return (tree: Root) => {
    visit(tree, (node, index, parent: Parent | undefined) => {
      if (node.type === 'link') {
        const link = node as Link;
        // A link to a page goes where the index sends it, by the index's own key (the page beside
        // the linking one first for [x](Note.md); its file name a path, never wiki syntax), else to
        // the path it names.
        const ref = markdownLinkRef(link.url, sourcePath);
        if (ref?.path) {
          const path = links.linkTarget(linkKey(ref)) ?? ref.path;
          link.url = links.pageHref(path, ref.heading);
          link.data = { ...link.data, pagePath: path } as Link['data'];
        }
        return SKIP; // text inside a link stays text
      }
      if (node.type === 'image' && parent && index != null) {
        const image = node as Image;
        parent.children.splice(index, 1, imageNode(imageCandidates(image.url, sourcePath, false), image.url, image.alt ?? '', links) as (typeof parent.children)[number]);
        return SKIP;
      }
      if (node.type !== 'text' || !parent || index == null) return;
      const value = (node as Text).value;
      if (!value.includes('[[')) return;
      const parts: PhrasingContent[] = [];
      let last = 0;
      // Text nodes hold no code (remark made code its own nodes): scan for wiki links only.
      for (const m of scanWikiLinks(value)) {
        const { target, heading } = m;
        // An embed (`![[file.png]]`) of a file: the image, or the note that it is missing.
        const start = m.embed && m.start > last && value.charCodeAt(m.start - 1) === 33 ? m.start - 1 : m.start;
        if (start > last) parts.push({ type: 'text', value: value.slice(last, start) });
        last = m.end;
        if (m.embed && !/\.md$/i.test(target) && /\.[a-z0-9]{2,5}$/i.test(target)) {
          parts.push(imageNode(imageCandidates(target, sourcePath, true), target, m.label ?? '', links));
          continue;
        }
        if (start < m.start) parts.push({ type: 'text', value: '!' });
        const path = links.wikiTarget(target);
        const label = labelOf(path ? (links.pageTitle?.(path) ?? null) : null, target, heading, m.label);
        parts.push({
          type: 'link',
          url: path ? links.pageHref(path, heading) : (links.missingHref?.(target) ?? links.pageHref(target.endsWith('.md') ? target : `${target}.md`)),
          title: path ? null : `No page “${target}” yet: create this page`,
          children: [{ type: 'text', value: label }],
          data: { hProperties: { className: [path ? 'wikilink' : 'wikilink-missing'] }, pagePath: path } as Link['data'],
        });
      }
      if (parts.length === 0) return;
      if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
      parent.children.splice(index, 1, ...(parts as typeof parent.children));
      return index + parts.length;
    });
  };
}

/** A line of text as one paragraph of phrasing: blocks flattened, links as plain titles, strong (a match) marked. */
function remarkFlatten(this: unknown, opts: InlineOptions) {
  return (tree: Root) => {
    const out: PhrasingContent[] = [];
    const push = (nodes: PhrasingContent[]) => {
      if (!nodes.length) return;
      if (out.length) out.push({ type: 'text', value: ' · ' });
      out.push(...nodes);
    };
    visit(tree, (node) => {
      if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
        push((node as Parent).children as PhrasingContent[]);
        return SKIP;
      }
      if (node.type === 'code' || node.type === 'inlineCode') {
        push([{ type: 'inlineCode', value: (node as { value: string }).value }]);
        return SKIP;
      }
    });
    const phrasing = (nodes: PhrasingContent[]) => {
      for (const n of nodes) {
        if (n.type === 'link') {
          const path = (n.data as { pagePath?: string | null } | undefined)?.pagePath ?? null;
          const missing = ((n.data as { hProperties?: { className?: string[] } } | undefined)?.hProperties?.className ?? []).includes('wikilink-missing');
          const marked = path != null && path === opts.highlight;
          n.data = { hName: marked ? 'mark' : 'span', hProperties: { className: [missing ? 'ref-missing' : 'ref'] } } as Link['data'];
          n.title = null;
        } else if (n.type === 'strong') {
          n.data = { hName: 'mark' };
        } else if (n.type === 'image') {
          Object.assign(n, { type: 'text', value: n.alt ?? '' });
          continue;
        }
        if ('children' in n) phrasing(n.children as PhrasingContent[]);
      }
    };
    phrasing(out);
    tree.children = [{ type: 'paragraph', children: out } as RootContent];
  };
}

/** Render a page's markdown (frontmatter included; it is not shown) to safe HTML. */
export async function renderMarkdown(markdown: string, sourcePath: string, links: RenderLinks): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .use(remarkGfm)
    .use(remarkBrainLinks, { links, sourcePath })
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeStringify)
    .process(markdown);
  return String(file);
}

/**
 * Render one line of page text (a search snippet with its matches in `**`, a backlink's line) as
 * safe inline HTML: the same parse and links as a page, then flattened by remarkFlatten.
 */
export async function renderInline(text: string, sourcePath: string, links: RenderLinks, opts: InlineOptions = {}): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkBrainLinks, { links, sourcePath })
    .use(remarkFlatten, opts)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeStringify)
    .process(plainLine(text));
  return String(file).replace(/^<p>/, '').replace(/<\/p>\s*$/, '').trim();
}

/**
 * A line cut from a page, cleaned of the syntax that only makes sense across lines: table pipes
 * and delimiter rows, list and heading and quote markers (also where a snippet joined lines into
 * one), and match marks inside a wiki link moved around it. Wiki links are kept for the renderer.
 */
export function plainLine(text: string): string {
  const lead = text.startsWith('…') ? '…' : '';
  let s = lead ? text.slice(1) : text;
  // Matches marked inside a wiki link: the whole link is marked instead (its title is what shows).
  s = s.replace(/\[\[([^[\]\n]*)\]\]/g, (whole, inner: string) => (inner.includes('**') ? `**[[${inner.replace(/\*\*/g, '')}]]**` : whole));
  // Table delimiter rows (`|---|:--:|`), then cell pipes outside wiki links.
  s = s.replace(/\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?/g, ' ');
  let out = '';
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '[' && s[i + 1] === '[') depth++;
    else if (ch === ']' && s[i + 1] === ']' && depth > 0) depth--;
    if (ch === '|' && depth === 0) {
      out = out.replace(/\\$/, '');
      out += ' · ';
    } else out += ch;
  }
  s = out
    // Markers where lines were joined, then at the start.
    .replace(/(^|\s)(?:[*+]|#{1,6}|>)\s+(?:\[[ xX]\]\s+)?/g, '$1')
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/\s-\s\[[ xX]\]\s/g, ' ')
    // A dash between words where a snippet joined list items (or a dash in prose): a separator either way.
    .replace(/\s+-\s+(?=\S)/g, ' · ')
    // Separators left at the ends or doubled by empty cells.
    .replace(/(?:\s*·\s*){2,}/g, ' · ')
    .replace(/^\s*·\s*|\s*·\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A leading character that would start a block (list, heading, quote, code) stays text.
  return lead + s.replace(/^(\d{1,9})([.)])(?=\s)/, '$1\\$2').replace(/^([-+#>`~<]|\*(?!\*))/, '\\$1');
}

/**
 * Search snippets come from the indexed text, where a wiki link is left as its target as written
 * (`people/ada-lovelace`): put the page's own link targets back in wiki syntax, so they render as
 * titles like any link. A match marked inside a target marks the whole link.
 */
export function relinkTargets(text: string, targets: string[]): string {
  const usable = [...new Set(targets)].filter((t) => t.length >= 3 && t.length <= 200).sort((a, b) => b.length - a.length).slice(0, 100);
  let out = text;
  for (const target of usable) {
    const body = [...target].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('(?:\\*\\*)?');
    const re = new RegExp(`(?<![\\p{L}\\p{N}/\\[-])(?:\\*\\*)?${body}(?:\\*\\*)?(?![\\p{L}\\p{N}/\\]-])`, 'giu');
    out = out.replace(re, (m) => (m.includes('**') ? `**[[${target}]]**` : `[[${target}]]`));
  }
  return out;
}

/** Wiki targets in a page (or a line), for one batched resolve call before rendering. */
export function wikiTargets(markdown: string, sourcePath: string): string[] {
  return [...new Set(extractLinks(markdown, sourcePath).flatMap((l) => (l.kind === 'wiki' ? [l.target] : [])))];
}

/** Markdown links to pages in a page (or a line), to resolve by their index keys before rendering (see remarkBrainLinks). */
export function markdownPageLinks(markdown: string, sourcePath: string): LinkRef[] {
  return extractLinks(markdown, sourcePath).filter((l) => l.kind === 'markdown' && l.path != null);
}

/** The files a page's images (`![](…)` and `![[…]]`) may point at, to look up before rendering. */
export function imageRefs(markdown: string, sourcePath: string): string[] {
  const out = new Set<string>();
  const add = (c: string[] | null) => c?.forEach((p) => out.size < MAX_IMAGE_REFS && isImageName(p) && out.add(p));
  for (const m of markdown.matchAll(/!\[[^\]\n]{0,500}\]\(\s{0,20}<?([^)\s>]{1,1000})/g)) add(imageCandidates(m[1]!, sourcePath, false));
  if (markdown.includes('![[')) for (const m of scanWikiLinks(markdown)) if (m.embed) add(imageCandidates(m.target, sourcePath, true));
  return [...out];
}
