// Request bodies and parameter schemas of search and the link graph (REST, MCP and OpenAPI share them).
import { LIMITS } from '../limits.js';
import { S, type Infer } from '../validate.js';
import { PATH } from './pages.js';

export const MAX_RESOLVE_REFS = 100;

/** How a search ranks: `hybrid` (the default) fuses exact and semantic ranking. */
export const SEARCH_MODES = ['hybrid', 'exact', 'semantic'] as const;

export const resolveRefsBody = S.object(
  {
    refs: S.array(PATH, { maxItems: MAX_RESOLVE_REFS }),
    from: PATH,
  },
  ['refs'],
);

/** `from`: the page the refs are written on; ties go to the page nearest it. */
export type ResolveRefsBody = Infer<typeof resolveRefsBody>;

/** Search parameters as an MCP tool input (the REST route takes the same names as query parameters). */
export const searchParamsSchema = S.object(
  {
    q: S.string({ minLength: 1, maxLength: LIMITS.searchQuery, description: 'What to look for: words, "a phrase", a prefix*, an identifier or email.' }),
    mode: S.string({ enum: SEARCH_MODES, description: 'hybrid (default) fuses exact and semantic ranking.' }),
    limit: S.int({ minimum: 1, maximum: LIMITS.searchHits, description: `Hits to return; default 8, at most ${LIMITS.searchHits}.` }),
    folder: S.string({ description: 'Only pages in this folder or below.' }),
    partition: S.string({ description: 'Only pages of this partition (key).' }),
    includeArchived: S.bool(),
    tags: S.array(S.string({ minLength: 1, maxLength: 200 }), { maxItems: 20, description: 'Only pages carrying every one of these tags (frontmatter `tags` or inline `#tag`; case-insensitive).' }),
    type: S.string({ minLength: 1, maxLength: 200, description: 'Only pages of this entity type (frontmatter `type`, else the schema folder\'s entity type).' }),
    frontmatter: S.map(
      { description: 'Only pages whose frontmatter has each of these field values (case-insensitive; a list field matches any of its items), e.g. {"status": "active"}.' },
      S.types(['string', 'number', 'boolean']),
    ),
    updatedAfter: S.string({ description: 'Only pages updated at or after this ISO date or timestamp.' }),
    updatedBefore: S.string({ description: 'Only pages updated before this ISO date or timestamp.' }),
  },
  ['q'],
);

export const traverseParamsSchema = S.object(
  {
    path: PATH,
    depth: S.int({ minimum: 1, maximum: LIMITS.traverseDepth, description: `Hops from the start page, 1 to ${LIMITS.traverseDepth} (default 2).` }),
    limit: S.int({ minimum: 1, maximum: LIMITS.traverseNodes, description: `Most pages to return, default 50, at most ${LIMITS.traverseNodes}.` }),
    direction: S.string({ enum: ['out', 'in', 'both'], description: 'Follow links out of pages, into them, or both (default).' }),
    type: S.array(S.string({ minLength: 1, maxLength: 64 }), {
      description: 'Follow only links of these relation types (mentions, attended, works_at, invested_in, advises, founded, about, or a schema link field); all when absent.',
    }),
    includeArchived: S.bool(),
  },
  ['path'],
);

export type SearchQuery = Infer<typeof searchParamsSchema>;
export type TraverseQuery = Infer<typeof traverseParamsSchema>;

/** GET /graph/backlinks and the backlinks tool. */
export const backlinksQuery = S.object({ path: PATH, includeArchived: S.bool() }, ['path']);

export type BacklinksQuery = Infer<typeof backlinksQuery>;

/** GET /graph/wanted: unresolved link targets, most linked first. */
export const wantedQuery = S.object({ limit: S.int({ minimum: 1, maximum: LIMITS.wanted }) });

export type WantedQuery = Infer<typeof wantedQuery>;
