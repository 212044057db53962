// The search tool: the same parameters as GET /brains/{id}/search (one schema, domain/schemas/search.ts).
import { searchParamsSchema } from '../../domain/schemas/search.js';
import { parseArgs, toolSchema, type ToolDef } from '../tool.js';

const search = toolSchema(searchParamsSchema, { includeArchived: 'Include pages of archived partitions.' });

export const searchTools: ToolDef[] = [
  {
    name: 'search',
    title: 'Search a brain',
    description: 'Find pages by words or meaning. Hits carry path, title, snippet, score, partition and folder; read_page a hit for its full text.',
    inputSchema: search,
    readOnly: true,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<Record<string, unknown>>(ctx, search, args);
      return ctx.c.search.search(ctx.actor, brain, input, opts);
    },
  },
];
