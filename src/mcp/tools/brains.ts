// Brain tools: which brains the caller reaches, a brain's schema and its writing instructions.
import { S } from '../../domain/validate.js';
import { argsSchema, brainCall, type ToolDef } from '../tool.js';

const brainOnly = argsSchema({});

export const brainTools: ToolDef[] = [
  {
    name: 'list_brains',
    title: 'List brains',
    description:
      'The brains you can access, with your role on each (Read, Write, Admin, Owner). Call it first: pass a slug from here as the brain argument of other tools when you reach more than one brain, and check your role before you write.',
    inputSchema: S.object({}),
    readOnly: true,
    run: (ctx) => ({ brains: ctx.c.brains.list(ctx.actor) }),
  },
  {
    name: 'get_schema',
    title: 'Get brain schema',
    description:
      "The brain's folders and entity types (with their fields): where each kind of page belongs. Read it with get_instructions before creating a page, to pick its folder and frontmatter fields.",
    inputSchema: brainOnly,
    readOnly: true,
    run: brainCall((ctx, brain) => ctx.c.brains.schema(ctx.actor, brain)),
  },
  {
    name: 'get_instructions',
    title: 'Get brain instructions',
    description:
      "The brain's own conventions for writing (markdown, from its .brain/instructions.md): how pages are named and linked, what goes in frontmatter and timelines. Read it once per brain before you create or change pages, and follow it over general habits; get_schema says which folder each kind of page goes in. Empty when the brain has none.",
    inputSchema: brainOnly,
    readOnly: true,
    run: brainCall((ctx, brain) => ctx.c.brains.instructions(ctx.actor, brain)),
  },
];
