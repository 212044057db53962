// Request bodies of the page routes.
import { LIMITS } from '../limits.js';
import { S } from '../validate.js';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** A frontmatter key: what set-frontmatter accepts and what one YAML line can carry unquoted. */
export const FRONTMATTER_KEY = '^[A-Za-z0-9_][A-Za-z0-9_-]*$';

/** Frontmatter as an object of top-level keys (values are any JSON; written to the file as YAML). */
export const frontmatterObject = {
  type: 'object',
  propertyNames: { pattern: FRONTMATTER_KEY, maxLength: 200 },
  maxProperties: 500,
};

export const putPageBody = S.object(
  {
    path: S.string({ minLength: 1, maxLength: 1024 }),
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
export interface PutPageBody {
  path: string;
  markdown: string;
  frontmatter?: Record<string, unknown>;
  summary?: string | null;
  expectedVersion?: number;
  expectedToken?: string | null;
}

const concurrency = {
  expectedVersion: S.int({ minimum: 0 }),
  expectedToken: S.nullableString({ maxLength: 200 }),
};

export const patchPageBody = S.object(
  {
    operation: S.string({ enum: ['append-section', 'replace-section', 'append', 'set-frontmatter'] }),
    section: S.nullableString({ maxLength: 500 }),
    content: { type: ['string', 'object'], maxLength: MAX_PAGE_BYTES },
    position: { type: ['string', 'null'], enum: ['start', 'end', null] },
    ...concurrency,
  },
  ['operation', 'content'],
);

export interface PatchPageBody {
  operation: 'append-section' | 'replace-section' | 'append' | 'set-frontmatter';
  section?: string | null;
  content: string | Record<string, unknown>;
  position?: 'start' | 'end' | null;
  expectedVersion?: number;
  expectedToken?: string | null;
}

export const timelineEntryBody = S.object(
  {
    text: S.string({ minLength: 1, maxLength: 2000 }),
    date: S.nullableString({ maxLength: 20 }),
    ...concurrency,
  },
  ['text'],
);

export interface TimelineEntryBody {
  text: string;
  date?: string | null;
  expectedVersion?: number;
  expectedToken?: string | null;
}

export const movePageBody = S.object(
  {
    fromPath: S.string({ minLength: 1, maxLength: 1024 }),
    toPath: S.string({ minLength: 1, maxLength: 1024 }),
    ...concurrency,
  },
  ['fromPath', 'toPath'],
);

export interface MovePageBody {
  fromPath: string;
  toPath: string;
  expectedVersion?: number;
  expectedToken?: string | null;
}

export const revertPageBody = S.object(
  {
    path: S.string({ minLength: 1, maxLength: 1024 }),
    version: S.int({ minimum: 1 }),
    ...concurrency,
  },
  ['path', 'version'],
);

export interface RevertPageBody {
  path: string;
  version: number;
  expectedVersion?: number;
  expectedToken?: string | null;
}

/** GET /pages (list) and the list_pages tool: one schema, so REST, MCP and OpenAPI share its limits. */
export const listPagesQuery = S.object({
  prefix: S.string({ maxLength: 1024 }),
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  cursor: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.pageList }),
});

export interface ListPagesQuery {
  prefix?: string;
  cursor?: string;
  limit?: number;
}

const QUERY_PATH = S.string({ minLength: 1, maxLength: 1024 });

/** GET /pages with `path` (one page, or one of its versions) and the read_page tool. */
export const readPageQuery = S.object({ path: QUERY_PATH, version: S.int({ minimum: 1 }) }, ['path']);

export interface ReadPageQuery {
  path: string;
  version?: number;
}

/** GET /pages/timeline and the get_timeline tool. */
export const timelineQuery = S.object({ path: QUERY_PATH, limit: S.int({ minimum: 1, maximum: LIMITS.timeline }) }, ['path']);

export interface TimelineQuery {
  path: string;
  limit?: number;
}

/** GET /pages/history: a page's versions. */
export const historyQuery = S.object({ path: QUERY_PATH, limit: S.int({ minimum: 1, maximum: LIMITS.history }) }, ['path']);

export interface HistoryQuery {
  path: string;
  limit?: number;
}

/** GET /changes and the recent_changes tool. */
export const changesQuery = S.object({
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  since: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.changes }),
});

export interface ChangesQuery {
  since?: string;
  limit?: number;
}

/** DELETE /pages and the delete_page tool. */
export const deletePageQuery = S.object(
  { path: QUERY_PATH, expectedVersion: S.int({ minimum: 0 }), expectedToken: S.string({ maxLength: 200 }) },
  ['path'],
);

export interface DeletePageQuery {
  path: string;
  expectedVersion?: number;
  expectedToken?: string;
}
