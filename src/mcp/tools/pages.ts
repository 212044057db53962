// Page tools: read, list, write, patch, delete, move, timeline and the changes feed. Input schemas
// are the REST bodies' schemas (domain/schemas/pages.ts) plus the arguments REST takes from the URL.
import { LIMITS } from '../../domain/limits.js';
import { PATH, changesQuery, deletePageQuery, listPagesQuery, readPageQuery, movePageBody, patchPageBody, putPageBody, timelineEntryBody, timelineQuery, type ChangesQuery, type DeletePageQuery, type ListPagesQuery, type ReadPageQuery, type TimelineQuery } from '../../domain/schemas/pages.js';
import { brainCall, pageBodyCall, parseArgs, toolSchema, type ToolDef } from '../tool.js';

const CONCURRENCY = {
  expectedVersion: 'Optimistic check: the version you read (0 = the page must not exist yet). A stale value fails with a 409 problem.',
  expectedToken: 'Optimistic check: the token you read.',
};
const pagePath = 'Page path inside the brain, e.g. "people/ann-lee.md" (".md" is added when missing).';

const readPage = toolSchema(readPageQuery, { path: pagePath, version: 'An earlier version to read instead of the current one.' });
const listPages = toolSchema(listPagesQuery, {
  prefix: 'Only pages whose path starts with this folder or prefix.', cursor: 'nextCursor from the previous call.', limit: `At most this many pages (default 100, at most ${LIMITS.pageList}).`,
});
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
const deletePage = toolSchema(deletePageQuery, { path: pagePath, ...CONCURRENCY });
const movePage = toolSchema(movePageBody, { fromPath: 'Current path of the page.', toPath: 'New path; must not exist. Links to the page are rewritten.', ...CONCURRENCY });
const getTimeline = toolSchema(timelineQuery, { path: pagePath, limit: 'At most this many entries, newest first (default all).' });
const addTimeline = toolSchema(timelineEntryBody, { text: 'What happened, one line.', date: 'YYYY-MM-DD; defaults to today (UTC).', ...CONCURRENCY }, { path: PATH }, ['path']);
const recentChanges = toolSchema(changesQuery, {
  since: 'nextCursor from the previous call; omit to start from the beginning.', limit: `At most this many changes (default 100, at most ${LIMITS.changes}).`,
});

export const pageTools: ToolDef[] = [
  {
    name: 'read_page',
    title: 'Read a page',
    description:
      'One page by path: metadata, frontmatter (an object) and the markdown body (without the frontmatter), with the version and token to pass back as expectedVersion/expectedToken when you change it. Use search first when you do not know the path.',
    inputSchema: readPage,
    readOnly: true,
    run: brainCall<ReadPageQuery>((ctx, brain, input) => input.version != null ? ctx.c.pages.getVersion(ctx.actor, brain, input.path, input.version) : ctx.c.pages.get(ctx.actor, brain, input.path)),
  },
  {
    name: 'list_pages',
    title: 'List pages',
    description:
      'Pages of a brain in path order (path, title, summary, version), one batch at a time; pass nextCursor back as cursor. Use it to browse a folder by prefix; to find pages about something use search.',
    inputSchema: listPages,
    readOnly: true,
    run: brainCall<ListPagesQuery>((ctx, brain, input) => ctx.c.pages.list(ctx.actor, brain, input)),
  },
  {
    name: 'write_page',
    title: 'Write a page',
    description:
      'Create a page, or replace a whole page with the markdown you send (one git commit). Use it for new pages and full rewrites. To change part of an existing page without resending it use patch_page, and to log a dated event on a page use add_timeline_entry. Returns the page and whether it was created.',
    inputSchema: writePage,
    readOnly: false,
    destructive: true,
    run: async (ctx, args) => {
      const { input, brain } = parseArgs<Record<string, unknown>>(ctx, args);
      const { page, created } = await ctx.c.pages.put(ctx.actor, brain, input);
      return { ...page, created };
    },
  },
  {
    name: 'patch_page',
    title: 'Patch a page',
    description:
      'Change part of an existing page without resending it: append to or replace one section, append to the end, or set frontmatter keys (one git commit). Prefer it over write_page for edits, since it cannot drop text you did not read; for a dated event use add_timeline_entry.',
    inputSchema: patchPage,
    readOnly: false,
    destructive: true,
    run: pageBodyCall((ctx, brain, path, body) => ctx.c.pages.patch(ctx.actor, brain, path, body)),
  },
  {
    name: 'delete_page',
    title: 'Delete a page',
    description: 'Delete a page (one git commit; git history keeps it). Pass expectedVersion or expectedToken from read_page so you delete what you read. To rename use move_page instead.',
    inputSchema: deletePage,
    readOnly: false,
    destructive: true,
    run: async (ctx, args) => {
      const { input, brain } = parseArgs<DeletePageQuery>(ctx, args);
      await ctx.c.pages.delete(ctx.actor, brain, input.path, { expectedVersion: input.expectedVersion, expectedToken: input.expectedToken });
      return { deleted: true, path: input.path };
    },
  },
  {
    name: 'move_page',
    title: 'Move a page',
    description:
      'Rename or move a page; links to it in other pages are rewritten in the same commit, so prefer it over writing a copy and deleting the old page. Refused when the target exists.',
    inputSchema: movePage,
    readOnly: false,
    run: brainCall<Record<string, unknown>>((ctx, brain, input) => ctx.c.pages.move(ctx.actor, brain, input)),
  },
  {
    name: 'get_timeline',
    title: 'Get a page timeline',
    description: "Dated entries of the page's ## Timeline section, newest first: the history of what happened with a person, company or project. read_page gives the whole page.",
    inputSchema: getTimeline,
    readOnly: true,
    run: brainCall<TimelineQuery>((ctx, brain, input) => ctx.c.pages.timeline(ctx.actor, brain, input.path, { limit: input.limit })),
  },
  {
    name: 'add_timeline_entry',
    title: 'Add a timeline entry',
    description:
      'Record a dated event on a page: adds "- YYYY-MM-DD: text" to its ## Timeline section (created when missing), keeping entries in date order. Use it for things that happened (a meeting, a decision, a change of role) instead of patch_page or write_page, which edit the page text.',
    inputSchema: addTimeline,
    readOnly: false,
    run: pageBodyCall((ctx, brain, path, body) => ctx.c.pages.addTimelineEntry(ctx.actor, brain, path, body)),
  },
  {
    name: 'recent_changes',
    title: 'Recent changes',
    description:
      'The feed of page changes (put, delete, move) in order, oldest first. Pass nextCursor back as since to poll for newer changes, e.g. to catch up on what others wrote since your last visit.',
    inputSchema: recentChanges,
    readOnly: true,
    run: brainCall<ChangesQuery>((ctx, brain, input) => ctx.c.pages.changes(ctx.actor, brain, input)),
  },
];
