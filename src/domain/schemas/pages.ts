// Request bodies of the page routes.
import { LIMITS } from '../limits.js';
import { S, type Infer } from '../validate.js';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** A page or file path named in a request: every body, query and tool argument that takes one. */
export const PATH = S.string({ minLength: 1, maxLength: LIMITS.path });

/** A frontmatter key: what set-frontmatter accepts and what one YAML line can carry unquoted. */
export const FRONTMATTER_KEY = '^[A-Za-z0-9_][A-Za-z0-9_-]*$';

/** Frontmatter as an object of top-level keys (values are any JSON; written to the file as YAML). */
export const frontmatterObject = S.map({ propertyNames: { pattern: FRONTMATTER_KEY, maxLength: 200 }, maxProperties: 500 });

export const putPageBody = S.object(
  {
    path: PATH,
    markdown: S.string({ maxLength: MAX_PAGE_BYTES }),
    frontmatter: frontmatterObject,
    summary: S.nullableString({ maxLength: 2000 }),
    expectedVersion: S.int({ minimum: 0 }),
    expectedToken: S.nullableString({ maxLength: 200 }),
  },
  ['path', 'markdown'],
);

/**
 * CONTRACT "Page body": `markdown` is the body. Frontmatter comes from `frontmatter`, or from a
 * leading `---` block of `markdown` (both: the object's keys win); with neither, the page keeps
 * its existing keys. `summary` is then set in the frontmatter.
 */
export type PutPageBody = Infer<typeof putPageBody>;

const concurrency = {
  expectedVersion: S.int({ minimum: 0 }),
  expectedToken: S.nullableString({ maxLength: 200 }),
};

export const patchPageBody = S.object(
  {
    operation: S.string({ enum: ['append-section', 'replace-section', 'append', 'set-frontmatter'] }),
    section: S.nullableString({ maxLength: 500 }),
    content: S.types(['string', 'object'], { maxLength: MAX_PAGE_BYTES }),
    position: S.nullable(S.string({ enum: ['start', 'end'] })),
    ...concurrency,
  },
  ['operation', 'content'],
);

export type PatchPageBody = Infer<typeof patchPageBody>;

export const timelineEntryBody = S.object(
  {
    text: S.string({ minLength: 1, maxLength: 2000 }),
    date: S.nullableString({ maxLength: 20 }),
    ...concurrency,
  },
  ['text'],
);

export type TimelineEntryBody = Infer<typeof timelineEntryBody>;

export const movePageBody = S.object(
  {
    fromPath: PATH,
    toPath: PATH,
    ...concurrency,
  },
  ['fromPath', 'toPath'],
);

export type MovePageBody = Infer<typeof movePageBody>;

export const revertPageBody = S.object(
  {
    path: PATH,
    version: S.int({ minimum: 1 }),
    ...concurrency,
  },
  ['path', 'version'],
);

export type RevertPageBody = Infer<typeof revertPageBody>;

/** GET /pages (list) and the list_pages tool: one schema, so REST, MCP and OpenAPI share its limits. */
export const listPagesQuery = S.object({
  prefix: S.string({ maxLength: LIMITS.path }),
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  cursor: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.pageList }),
});

export type ListPagesQuery = Infer<typeof listPagesQuery>;


/** GET /pages with `path` (one page, or one of its versions) and the read_page tool. */
export const readPageQuery = S.object({ path: PATH, version: S.int({ minimum: 1 }) }, ['path']);

export type ReadPageQuery = Infer<typeof readPageQuery>;

/** GET /pages/timeline and the get_timeline tool. */
export const timelineQuery = S.object({ path: PATH, limit: S.int({ minimum: 1, maximum: LIMITS.timeline }) }, ['path']);

export type TimelineQuery = Infer<typeof timelineQuery>;

/** GET /pages/history: a page's versions. */
export const historyQuery = S.object({ path: PATH, limit: S.int({ minimum: 1, maximum: LIMITS.history }) }, ['path']);

export type HistoryQuery = Infer<typeof historyQuery>;

/** GET /changes and the recent_changes tool. */
export const changesQuery = S.object({
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  since: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.changes }),
});

export type ChangesQuery = Infer<typeof changesQuery>;

/** DELETE /pages and the delete_page tool. */
export const deletePageQuery = S.object(
  { path: PATH, expectedVersion: S.int({ minimum: 0 }), expectedToken: S.string({ maxLength: 200 }) },
  ['path'],
);

export type DeletePageQuery = Infer<typeof deletePageQuery>;
