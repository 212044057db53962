// `brainkeep mcp --brain SLUG`: serve MCP over stdio against the local data folder.
import { NotFoundError } from '../domain/errors.js';
import { command, flags } from './main.js';

command('mcp', 'mcp --brain SLUG', async (args, { container }) => {
  const f = flags(args, { brain: 'string' }, ['brain']);
  const c = container();
  const brain = c.access.findBrain(f.brain as string);
  if (!brain) throw new NotFoundError(`Brain ${String(f.brain)}`);
  await c.brains.schemaOf(brain.id);
  const { serveStdio } = await import('../mcp/stdio.js'); // the MCP SDK only for this command
  await serveStdio(c, brain.slug);
});
