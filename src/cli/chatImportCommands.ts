// `brainkeep import chat --brain S --format chatgpt|claude FILE`: a chat export (conversations.json or
// the export zip) into the brain's inbox, one item per conversation, through the same service as
// POST /api/v1/brains/{brainId}/inbox/import. Prints the result as JSON; a conversation that could
// not be stored is named on stderr, and the exit status is 1 (the others stay stored).
import { namedBrain } from '../domain/brainRef.js';
import fs from 'node:fs';
import { command, flags, OPERATOR, UsageError } from './main.js';

command('import chat', 'import chat --brain SLUG --format chatgpt|claude FILE', async (args, { io, config, container }) => {
  const at = args.findIndex((a, i) => !a.startsWith('--') && (i === 0 || !['--brain', '--format'].includes(args[i - 1]!)));
  if (at < 0) throw new UsageError('the export file (conversations.json or the zip) is required');
  const file = args[at]!;
  const f = flags([...args.slice(0, at), ...args.slice(at + 1)], { brain: 'string', format: 'string' }, ['brain', 'format']);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`${file} is not a file`);
  if (fs.statSync(file).size > config.importMaxBytes) {
    throw new UsageError(`${file} is larger than BRAINKEEP_IMPORT_MAX_MB (${Math.round(config.importMaxBytes / (1024 * 1024))} MB)`);
  }
  const result = await container().chatImports.import(OPERATOR, namedBrain(f.brain as string), f.format as string, { bytes: fs.readFileSync(file) });
  io.err(`${result.created} created, ${result.revised} revised, ${result.duplicates} already there${result.failed ? `, ${result.failed} failed` : ''}`);
  for (const c of result.conversations) if (c.error) io.err(`  not stored: conversation ${c.index + 1} ${c.externalId} (${c.title}): ${c.error.detail}`);
  io.out(JSON.stringify(result));
  // What was stored stays stored (and is listed above); the exit status says the import was not whole.
  if (result.failed) throw new Error(`${result.failed} of ${result.conversations.length} conversations were not stored`);
});
