// Pages as MCP resources (`brain://{slug}/{path}`) and the brain's instructions as a prompt, so an
// agent can load how to write in a brain before it writes.
import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { namedBrain } from '../domain/brainRef.js';
import { BadRequestError } from '../domain/errors.js';
import { resolveBrain, type ToolContext } from './tool.js';

const PAGE_BATCH = 200;

export const PAGE_TEMPLATE: ResourceTemplate = {
  uriTemplate: 'brain://{slug}/{+path}',
  name: 'page',
  title: 'Brain page',
  description: 'A markdown page of a brain, by brain slug and page path.',
  mimeType: 'text/markdown',
};

export function pageUri(slug: string, path: string): string {
  return `brain://${slug}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export function parsePageUri(uri: string): { slug: string; path: string } {
  const m = /^brain:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!m) throw new BadRequestError(`'${uri}' is not a page resource; use brain://{slug}/{path}.`, 'invalid_resource_uri');
  try {
    return { slug: decodeURIComponent(m[1]!), path: m[2]!.split('/').map(decodeURIComponent).join('/') };
  } catch {
    throw new BadRequestError(`'${uri}' is not a valid resource URI.`, 'invalid_resource_uri');
  }
}

/** Every page the caller can read, a batch at a time; the cursor walks brain by brain. */
export function listPageResources(ctx: ToolContext, cursor: string | undefined): { resources: Resource[]; nextCursor?: string } {
  const brains = ctx.defaultBrain
    ? [ctx.c.access.require(ctx.actor, ctx.defaultBrain, 'Read').brain]
    : ctx.c.access.visibleBrains(ctx.actor).map((b) => b.brain);
  let at = cursor ? decodeResourceCursor(cursor) : { b: 0, c: null as string | null };
  if (at.b > brains.length) at = { b: brains.length, c: null };
  const resources: Resource[] = [];
  while (at.b < brains.length && resources.length < PAGE_BATCH) {
    const brain = brains[at.b]!;
    const page = ctx.c.pages.list(ctx.actor, brain.id, { cursor: at.c, limit: PAGE_BATCH - resources.length });
    for (const p of page.pages) {
      resources.push({ uri: pageUri(brain.slug, p.path), name: `${brain.slug}/${p.path}`, title: p.title, description: p.summary || undefined, mimeType: 'text/markdown' });
    }
    at = page.nextCursor ? { b: at.b, c: page.nextCursor } : { b: at.b + 1, c: null };
  }
  const more = at.b < brains.length;
  return { resources, ...(more ? { nextCursor: Buffer.from(JSON.stringify(at)).toString('base64url') } : {}) };
}

/**
 * The resources/list cursor we hand out: `{ b: brain index, c: page cursor or null }`. Anything
 * else (another JSON shape, not JSON, not base64url) is the caller's mistake, never a crash.
 */
function decodeResourceCursor(cursor: string): { b: number; c: string | null } {
  const invalid = () => new BadRequestError('The cursor is not valid; pass back a nextCursor from an earlier resources/list reply.', 'invalid_cursor');
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(cursor)) throw invalid();
  let at: unknown;
  try {
    at = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const o = at as { b?: unknown; c?: unknown } | null;
  if (!o || typeof o !== 'object' || Array.isArray(o) || Object.keys(o).some((k) => k !== 'b' && k !== 'c')) throw invalid();
  if (typeof o.b !== 'number' || !Number.isSafeInteger(o.b) || o.b < 0) throw invalid();
  if (o.c !== null && typeof o.c !== 'string') throw invalid();
  return { b: o.b, c: o.c };
}

export function readPageResource(ctx: ToolContext, uri: string) {
  const { slug, path } = parsePageUri(uri);
  // A resource is the page's markdown file as in git: its frontmatter block, then its body.
  const { source } = ctx.c.pages.source(ctx.actor, namedBrain(slug), path);
  return { contents: [{ uri, mimeType: 'text/markdown', text: source }] };
}

export const INSTRUCTIONS_PROMPT: Prompt = {
  name: 'brain_instructions',
  title: 'How to write in this brain',
  description: "The brain's instructions and folder schema, to load before creating or changing pages.",
  arguments: [{ name: 'brain', description: 'Slug or id of the brain (needed when you can reach more than one).', required: false }],
};

export async function getInstructionsPrompt(ctx: ToolContext, args: Record<string, string> | undefined) {
  const brain = resolveBrain(ctx, args?.brain || null);
  const view = ctx.c.brains.get(ctx.actor, brain);
  const { markdown } = await ctx.c.brains.instructions(ctx.actor, brain);
  const schema = await ctx.c.brains.schema(ctx.actor, brain);
  const folders = schema.folders.map((f) => `- \`${f.path}\`: ${f.description}${f.entityType ? ` (${f.entityType})` : ''}`).join('\n');
  const text = [
    `# Writing in the brain "${view.name ?? view.slug}" (${view.slug})`,
    '',
    markdown.trim() || '_This brain has no instructions._',
    '',
    '## Folders',
    folders || '_No folders are defined._',
  ].join('\n');
  return {
    description: `Instructions for ${view.slug}`,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
  };
}
