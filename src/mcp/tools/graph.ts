// Link-graph tools: backlinks, traversal and link resolution, with the graph routes' schemas.
import { backlinksQuery, resolveRefsBody, traverseParamsSchema, type BacklinksQuery, type ResolveRefsBody, type TraverseQuery } from '../../domain/schemas/search.js';
import { brainCall, toolSchema, type ToolDef } from '../tool.js';

const backlinks = toolSchema(backlinksQuery, { path: 'The page whose backlinks you want.', includeArchived: 'Also list links from archived pages (default false).' });
const traverse = toolSchema(traverseParamsSchema, { path: 'The start page (included at depth 0).' });
const resolve = toolSchema(resolveRefsBody, {
  refs: 'Slugs, titles or paths you would write as [[links]]; each resolves to the page it would link to, or near misses.',
  from: 'The page the links will be written on: ties go to the page nearest it.',
});

export const graphTools: ToolDef[] = [
  {
    name: 'backlinks',
    title: 'Backlinks',
    description:
      'Pages that link to one page, with the line around each link and the relation type. Use it to see what refers to a page you know (one hop, inward); traverse goes several hops either way, and search finds pages you do not know yet.',
    inputSchema: backlinks,
    readOnly: true,
    run: brainCall<BacklinksQuery>((ctx, brain, input) => ctx.c.graph.backlinks(ctx.actor, brain, input.path, { includeArchived: input.includeArchived })),
  },
  {
    name: 'traverse',
    title: 'Traverse links',
    description:
      "The neighbourhood of a page you already know: pages within 1-3 link hops (out, in or both), as nodes with their depth and typed edges. Use it to explore around a page, e.g. a person's company and meetings; to find pages by their words or meaning use search, and to check a [[link]] target before writing use resolve_links.",
    inputSchema: traverse,
    readOnly: true,
    run: brainCall<TraverseQuery>((ctx, brain, input) => ctx.c.graph.traverse(ctx.actor, brain, input)),
  },
  {
    name: 'resolve_links',
    title: 'Resolve links',
    description:
      "Before you write [[links]]: which page each target (slug, title or path) would reach, or near misses when none matches, so you link to existing pages instead of creating duplicates. It matches names, not content; use search to find pages about something, and traverse to walk from a page you know.",
    inputSchema: resolve,
    readOnly: true,
    run: brainCall<ResolveRefsBody>((ctx, brain, input) => ctx.c.graph.resolve(ctx.actor, brain, input)),
  },
];
