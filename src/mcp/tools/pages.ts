// Page tools: read, list, write, patch, delete, move, timeline and the changes feed. Input schemas
// are the REST bodies' schemas (domain/schemas/pages.ts) plus the arguments REST takes from the URL.
import { movePageBody, patchPageBody, putPageBody, timelineEntryBody } from '../../domain/schemas/pages.js';
import { S } from '../../domain/validate.js';
import { argsSchema, parseArgs, toolSchema, type ToolDef } from '../tool.js';

const PATH = S.string({ minLength: 1, maxLength: 1024 });
const CONCURRENCY = {
  expectedVersion: 'Optimistic check: the version you read (0 = the page must not exist yet). A stale value fails with a 409 problem.',
  expectedToken: 'Optimistic check: the token you read.',
};
const pagePath = 'Page path inside the brain, e.g. "people/ann-lee.md" (".md" is added when missing).';

const readPage = argsSchema({ path: PATH, version: S.int({ minimum: 1 }) }, ['path'], { path: pagePath, version: 'An earlier version to read instead of the current one.' });
const listPages = argsSchema(
  { prefix: S.string({ maxLength: 1024 }), cursor: S.string({ maxLength: 2048 }), limit: S.int({ minimum: 1, maximum: 1000 }) },
  [],
  { prefix: 'Only pages whose path starts with this folder or prefix.', cursor: 'nextCursor from the previous call.', limit: 'At most this many pages (default 100).' },
);
const writePage = toolSchema(putPageBody, {
  path: pagePath,
  markdown: 'The page body in markdown. Link pages with [[path/without-ext]] or [[Title]]. A leading ---YAML--- block is read as frontmatter.',
  frontmatter: 'Frontmatter keys as an object (replaces the page\'s keys). Omit it, with no ---block--- in markdown, to keep the existing keys.',
  summary: 'One-line summary stored in frontmatter.',
  ...CONCURRENCY,
});
const patchPage = toolSchema(
  patchPageBody,
  {
    operation: 'append-section: add to a section (created when missing); replace-section: replace a section body; append: add to the end of the page; set-frontmatter: set frontmatter keys.',
    section: 'Heading text of the section (for the section operations).',
    content: 'Markdown to add or use, or an object of frontmatter keys for set-frontmatter.',
    position: 'For append-section: add at the start or the end of the section (default end).',
    ...CONCURRENCY,
  },
  { path: PATH },
  ['path'],
);
const deletePage = argsSchema(
  { path: PATH, expectedVersion: S.int({ minimum: 0 }), expectedToken: S.string({ maxLength: 200 }) },
  ['path'],
  { path: pagePath, expectedVersion: CONCURRENCY.expectedVersion, expectedToken: CONCURRENCY.expectedToken },
);
const movePage = toolSchema(movePageBody, { fromPath: 'Current path of the page.', toPath: 'New path; must not exist. Links to the page are rewritten.', ...CONCURRENCY });
const getTimeline = argsSchema({ path: PATH, limit: S.int({ minimum: 1, maximum: 1000 }) }, ['path'], { path: pagePath, limit: 'At most this many entries, newest first.' });
const addTimeline = toolSchema(timelineEntryBody, { text: 'What happened, one line.', date: 'YYYY-MM-DD; defaults to today (UTC).', ...CONCURRENCY }, { path: PATH }, ['path']);
const recentChanges = argsSchema(
  { since: S.string({ maxLength: 200 }), limit: S.int({ minimum: 1, maximum: 1000 }) },
  [],
  { since: 'nextCursor from the previous call; omit to start from the beginning.', limit: 'At most this many changes (default 100).' },
);

export const pageTools: ToolDef[] = [
  {
    name: 'read_page',
    title: 'Read a page',
    description: 'One page: metadata, frontmatter (an object) and the markdown body (without the frontmatter), with the version and token to pass back when you change it.',
    inputSchema: readPage,
    readOnly: true,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string; version?: number }>(ctx, readPage, args);
      return input.version != null ? ctx.c.pages.getVersion(ctx.actor, brain, input.path, input.version, opts) : ctx.c.pages.get(ctx.actor, brain, input.path, opts);
    },
  },
  {
    name: 'list_pages',
    title: 'List pages',
    description: 'Pages of a brain in path order (path, title, summary, version), one page of results at a time.',
    inputSchema: listPages,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ prefix?: string; cursor?: string; limit?: number }>(ctx, listPages, args);
      return ctx.c.pages.list(ctx.actor, brain, input, opts);
    },
  },
  {
    name: 'write_page',
    title: 'Write a page',
    description: 'Create or replace a whole page (one git commit). Returns the page and whether it was created.',
    inputSchema: writePage,
    readOnly: false,
    destructive: true,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<Record<string, unknown>>(ctx, writePage, args);
      const { page, created } = await ctx.c.pages.put(ctx.actor, brain, input, opts);
      return { ...page, created };
    },
  },
  {
    name: 'patch_page',
    title: 'Patch a page',
    description: 'Change part of a page without resending it: append to or replace a section, append to the page, or set frontmatter keys.',
    inputSchema: patchPage,
    readOnly: false,
    destructive: true,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string } & Record<string, unknown>>(ctx, patchPage, args);
      const { path, ...body } = input;
      return ctx.c.pages.patch(ctx.actor, brain, path, body, opts);
    },
  },
  {
    name: 'delete_page',
    title: 'Delete a page',
    description: 'Delete a page (one git commit; history keeps it).',
    inputSchema: deletePage,
    readOnly: false,
    destructive: true,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string; expectedVersion?: number; expectedToken?: string }>(ctx, deletePage, args);
      await ctx.c.pages.delete(ctx.actor, brain, input.path, { expectedVersion: input.expectedVersion, expectedToken: input.expectedToken }, opts);
      return { deleted: true, path: input.path };
    },
  },
  {
    name: 'move_page',
    title: 'Move a page',
    description: 'Rename or move a page; links to it in other pages are rewritten in the same commit. Refused when the target exists.',
    inputSchema: movePage,
    readOnly: false,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<Record<string, unknown>>(ctx, movePage, args);
      return ctx.c.pages.move(ctx.actor, brain, input, opts);
    },
  },
  {
    name: 'get_timeline',
    title: 'Get a page timeline',
    description: "Dated entries of the page's ## Timeline section, newest first.",
    inputSchema: getTimeline,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string; limit?: number }>(ctx, getTimeline, args);
      return ctx.c.pages.timeline(ctx.actor, brain, input.path, { limit: input.limit }, opts);
    },
  },
  {
    name: 'add_timeline_entry',
    title: 'Add a timeline entry',
    description: 'Add "- YYYY-MM-DD: text" to the page\'s ## Timeline section (created when missing).',
    inputSchema: addTimeline,
    readOnly: false,
    run: async (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ path: string } & Record<string, unknown>>(ctx, addTimeline, args);
      const { path, ...body } = input;
      return ctx.c.pages.addTimelineEntry(ctx.actor, brain, path, body, opts);
    },
  },
  {
    name: 'recent_changes',
    title: 'Recent changes',
    description: 'The feed of page changes (put, delete, move) in order. Pass nextCursor back as since to poll for newer changes.',
    inputSchema: recentChanges,
    readOnly: true,
    run: (ctx, args) => {
      const { input, brain, opts } = parseArgs<{ since?: string; limit?: number }>(ctx, recentChanges, args);
      return ctx.c.pages.changes(ctx.actor, brain, input, opts);
    },
  },
];
