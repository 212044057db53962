// Link-graph tools: backlinks, traversal and link resolution, with the graph routes' schemas.
import { resolveRefsBody, traverseParamsSchema } from '../../domain/schemas/search.js';
import { S } from '../../domain/validate.js';
import { argsSchema, parseArgs, toolSchema, type ToolDef } from '../tool.js';

const backlinks = argsSchema({ path: S.string({ minLength: 1, maxLength: 1024 }) }, ['path'], { path: 'The page whose backlinks you want.' });
const traverse = toolSchema(traverseParamsSchema, { path: 'The start page (included at depth 0).' });
const resolve = toolSchema(resolveRefsBody, {
  refs: 'Slugs, titles or paths you would write as [[links]]; each resolves to the page it would link to, or near misses.',
});

export const graphTools: ToolDef[] = [
  {
    name: 'backlinks',
    title: 'Backlinks',
    description: 'Pages that link to a page, with the line around each link.',
    inputSchema: backlinks,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string }>(ctx, backlinks, args);
      return ctx.c.graph.backlinks(ctx.actor, brain, input.path, opts);
    },
  },
  {
    name: 'traverse',
    title: 'Traverse links',
    description: 'Pages within a few link hops of a page, as nodes (with depth) and edges.',
    inputSchema: traverse,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<Record<string, unknown>>(ctx, traverse, args);
      return ctx.c.graph.traverse(ctx.actor, brain, input, opts);
    },
  },
  {
    name: 'resolve_links',
    title: 'Resolve links',
    description: 'Check which page each [[link]] target would reach before you write it; unresolved refs come with near misses.',
    inputSchema: resolve,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ refs: string[] }>(ctx, resolve, args);
      return ctx.c.graph.resolve(ctx.actor, brain, input, opts);
    },
  },
];
