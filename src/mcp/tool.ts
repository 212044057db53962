// What a tool is, and the two things every tool shares: the optional `brain` argument (a slug or
// id, needed only when the caller reaches more than one brain) and input schemas built from the
// same JSON Schemas that validate the REST bodies, with descriptions added for agents. The server
// validates a call's arguments against `inputSchema` before `run` sees them.
import type { Logger } from 'pino';
import type { Services } from '../container.js';
import type { Actor } from '../domain/actor.js';
import { namedBrain, type BrainRef } from '../domain/brainRef.js';
import { BadRequestError, NotFoundError } from '../domain/errors.js';
import { S, type JsonSchema } from '../domain/validate.js';

export interface ToolContext {
  c: Services;
  actor: Actor;
  /** The brain a tool acts on when the call names none (stdio: `--brain`). */
  defaultBrain: string | null;
  log?: Logger;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  /** The arguments, as REST validates them (clients see them through `portable`). */
  inputSchema: JsonSchema;
  /** Hints for clients: read-only tools never change a brain; destructive ones may remove content. */
  readOnly: boolean;
  destructive?: boolean;
  /** `args` are already valid against `inputSchema`; the result matches OUTPUT_SCHEMAS[name]. */
  run(ctx: ToolContext, args: Record<string, unknown>): unknown;
}

export const BRAIN_ARG: JsonSchema = S.string({
  minLength: 1,
  maxLength: 100,
  description: 'Slug or id of the brain. Needed only when you can reach more than one brain (see list_brains).',
});

/**
 * A tool input schema: `brain`, the REST body's properties (`base`) and any path-like arguments the
 * REST route takes from the URL (`extra`, with `extraRequired`), with descriptions merged in.
 */
export function toolSchema(
  base: JsonSchema,
  descriptions: Record<string, string> = {},
  extra: Record<string, JsonSchema> = {},
  extraRequired: string[] = [],
): JsonSchema {
  const props = { ...extra, ...((base.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const described: Record<string, JsonSchema> = { brain: BRAIN_ARG };
  for (const [name, schema] of Object.entries(props)) described[name] = descriptions[name] ? { ...schema, description: descriptions[name] } : schema;
  const required = [...extraRequired, ...((base.required as string[] | undefined) ?? [])];
  return { type: 'object', properties: described, required, additionalProperties: false };
}

/** A schema from plain properties (query-style tools that have no REST body). */
export function argsSchema(properties: Record<string, JsonSchema>, required: string[] = [], descriptions: Record<string, string> = {}): JsonSchema {
  return toolSchema(S.object(properties, required), descriptions);
}

/** A call's (validated) arguments without `brain`, and the brain the call acts on. */
export function parseArgs<T>(ctx: ToolContext, args: Record<string, unknown>): { input: T; brain: BrainRef } {
  const { brain, ...rest } = args;
  return { input: rest as T, brain: resolveBrain(ctx, typeof brain === 'string' ? brain : null) };
}

/** A tool's `run` that hands its arguments (without `brain`) to one service call on the brain the call acts on. */
export function brainCall<T>(call: (ctx: ToolContext, brain: BrainRef, input: T) => unknown): ToolDef['run'] {
  return (ctx, args) => {
    const { input, brain } = parseArgs<T>(ctx, args);
    return call(ctx, brain, input);
  };
}

/** `brainCall` for a tool whose `path` names the page (a URL parameter in REST) and whose other arguments are the REST body. */
export function pageBodyCall(call: (ctx: ToolContext, brain: BrainRef, path: string, body: Record<string, unknown>) => unknown): ToolDef['run'] {
  return brainCall<{ path: string } & Record<string, unknown>>((ctx, brain, { path, ...body }) => call(ctx, brain, path, body));
}

/** Split off `brain` without resolving it (the inbox applies its own default rules). */
export function splitArgs<T>(args: Record<string, unknown>): { input: T; brain: string | null } {
  const { brain, ...rest } = args;
  return { input: rest as T, brain: typeof brain === 'string' ? brain : null };
}

/**
 * The brain a call acts on: the one it names (`namedBrain`, so a credential naming another brain is
 * 403), the session default, the credential's own, or the only brain the caller can see.
 */
export function resolveBrain(ctx: ToolContext, named: string | null): BrainRef {
  if (named) return namedBrain(named);
  if (ctx.defaultBrain) return ctx.defaultBrain;
  if (ctx.actor.kind === 'credential') return ctx.actor.brainId;
  const visible = ctx.c.access.visibleBrains(ctx.actor);
  if (visible.length === 1) return visible[0]!.brain.id;
  if (!visible.length) throw new NotFoundError('Brain', 'brain_not_found');
  const slugs = visible.map((b) => b.brain.slug);
  throw new BadRequestError(`You can reach ${slugs.length} brains; name one with the brain argument (${slugs.join(', ')}).`, 'brain_required', { brains: slugs });
}
