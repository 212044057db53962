// Page markdown → sanitized HTML for the browser. Wikilinks become links to the page they resolve to
// (the resolution comes from the graph service, passed in), relative markdown links to pages become
// app links, frontmatter is dropped from the body (the page view shows it as a property table).
// rehype-sanitize runs last, so nothing in a page can inject script or style.
import type { Link, Parent, PhrasingContent, Root, Text } from 'mdast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { extractLinks, markdownLinkPath, scanWikiLinks } from '../../domain/links.js';

export interface RenderLinks {
  /** The page a wiki target resolves to (with `.md`), or null when nothing matches. */
  wikiTarget(target: string): string | null;
  /** The app URL of a page path, with an optional heading anchor. */
  pageHref(path: string, heading?: string | null): string;
}

const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    // One className rule per element: the first match wins, so extend the default one.
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter((rule) => !(Array.isArray(rule) && rule[0] === 'className')),
      ['className', 'data-footnote-backref', 'wikilink', 'wikilink-missing'],
    ],
  },
};

function remarkBrainLinks(this: unknown, opts: { links: RenderLinks; sourcePath: string }) {
  const { links, sourcePath } = opts;
  return (tree: Root) => {
    visit(tree, (node, index, parent: Parent | undefined) => {
      if (node.type === 'link') {
        const link = node as Link;
        const resolved = markdownLinkPath(link.url, sourcePath);
        if (resolved) link.url = links.pageHref(resolved.path, resolved.heading);
        return SKIP; // text inside a link stays text
      }
      if (node.type !== 'text' || !parent || index == null) return;
      const value = (node as Text).value;
      if (!value.includes('[[')) return;
      const parts: PhrasingContent[] = [];
      let last = 0;
      // Text nodes hold no code (remark made code its own nodes): scan for wiki links only.
      for (const m of scanWikiLinks(value)) {
        const { target, heading } = m;
        if (m.start > last) parts.push({ type: 'text', value: value.slice(last, m.start) });
        const label = m.label || (heading ? `${target}#${heading}` : target);
        const path = links.wikiTarget(target);
        parts.push({
          type: 'link',
          url: path ? links.pageHref(path, heading) : links.pageHref(target.endsWith('.md') ? target : `${target}.md`),
          title: path ? null : 'No page by this name yet',
          children: [{ type: 'text', value: label }],
          data: { hProperties: { className: [path ? 'wikilink' : 'wikilink-missing'] } },
        });
        last = m.end;
      }
      if (parts.length === 0) return;
      if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
      parent.children.splice(index, 1, ...(parts as typeof parent.children));
      return index + parts.length;
    });
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

/** Wiki targets in a page, for one batched resolve call before rendering. */
export function wikiTargets(markdown: string, sourcePath: string): string[] {
  return [...new Set(extractLinks(markdown, sourcePath).filter((l) => l.kind === 'wiki').map((l) => l.target))];
}
