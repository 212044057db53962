// Brain tools: which brains the caller reaches, a brain's schema and its writing instructions.
import { S, validate } from '../../domain/validate.js';
import { argsSchema, parseArgs, type ToolDef } from '../tool.js';

const brainOnly = argsSchema({});

export const brainTools: ToolDef[] = [
  {
    name: 'list_brains',
    title: 'List brains',
    description: 'The brains you can access, with your role on each (Read, Write, Admin, Owner). Use a slug from here as the brain argument of other tools.',
    inputSchema: S.object({}),
    readOnly: true,
    run: (ctx, args) => {
      validate(S.object({}), args ?? {}, 'arguments');
      return { brains: ctx.c.brains.list(ctx.actor) };
    },
  },
  {
    name: 'get_schema',
    title: 'Get brain schema',
    description: "The brain's folders and entity types (with their fields): where each kind of page belongs.",
    inputSchema: brainOnly,
    readOnly: true,
    run: async (ctx, args) => {
      const { brain, opts } = parseArgs(ctx, brainOnly, args);
      return ctx.c.brains.schema(ctx.actor, brain, opts);
    },
  },
  {
    name: 'get_instructions',
    title: 'Get brain instructions',
    description: 'How to write in this brain (markdown). Read it before creating or changing pages.',
    inputSchema: brainOnly,
    readOnly: true,
    run: async (ctx, args) => {
      const { brain, opts } = parseArgs(ctx, brainOnly, args);
      return ctx.c.brains.instructions(ctx.actor, brain, opts);
    },
  },
];
