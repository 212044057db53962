// The search tool: the same parameters as GET /brains/{id}/search (one schema, domain/schemas/search.ts).
import { searchParamsSchema } from '../../domain/schemas/search.js';
import { brainCall, toolSchema, type ToolDef } from '../tool.js';

const search = toolSchema(searchParamsSchema, { includeArchived: 'Include pages of archived partitions.' });

export const searchTools: ToolDef[] = [
  {
    name: 'search',
    title: 'Search a brain',
    description:
      'Find pages you do not know yet by words or meaning (a question, a name, an identifier or email). Hits carry path, title, snippet, score, partition and folder; read_page a hit for its full text. To check what a [[link]] target resolves to use resolve_links; to explore the pages linked around one you know use traverse or backlinks.',
    inputSchema: search,
    readOnly: true,
    run: brainCall<Record<string, unknown>>((ctx, brain, input) => ctx.c.search.search(ctx.actor, brain, input)),
  },
];
