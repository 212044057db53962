// Operator commands for webhook ingest sources: create (prints `<sourceId> <secret>`, the only
// time the secret is shown), list, update and delete. Same service and rules as the admin routes.
import { UsageError, command, flags, OPERATOR } from './main.js';
import { NotFoundError } from '../domain/errors.js';
import type { Services } from '../container.js';
import type { SourceEditBody } from '../domain/schemas/sources.js';

const EDIT_FLAGS = { label: 'string', folder: 'string', partition: 'string', skill: 'string', 'allow-types': 'string', 'max-bytes': 'string', 'allow-domains': 'string' } as const;

function brainOf(c: Services, ref: unknown): string {
  const brain = c.access.findBrain(String(ref));
  if (!brain) throw new NotFoundError(`Brain ${String(ref)}`);
  return brain.id;
}

/** Flags to an edit body; an empty value clears an optional setting. */
function editBody(f: Record<string, string | boolean | undefined>): SourceEditBody {
  const body: SourceEditBody = {};
  const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
  if (typeof f.label === 'string') body.label = f.label;
  if (typeof f.folder === 'string') body.targetFolder = f.folder || null;
  if (typeof f.partition === 'string') body.partition = f.partition || null;
  if (typeof f.skill === 'string') body.skill = f.skill || null;
  if (typeof f['allow-types'] === 'string') body.allowedContentTypes = list(f['allow-types']);
  if (typeof f['allow-domains'] === 'string') body.allowedSenderDomains = list(f['allow-domains']);
  if (typeof f['max-bytes'] === 'string') {
    const raw = f['max-bytes'];
    const n = Number(raw);
    if (raw !== '' && (!Number.isInteger(n) || n < 1)) throw new UsageError('--max-bytes must be a positive integer');
    body.maxBytes = raw === '' ? null : n;
  }
  return body;
}

command(
  'source create',
  'source create --brain SLUG --mode secret|signature [--label L] [--folder F] [--partition K] [--skill S] [--allow-types T,..] [--max-bytes N] [--allow-domains D,..]',
  async (args, { io, container }) => {
    const f = flags(args, { brain: 'string', mode: 'string', ...EDIT_FLAGS }, ['brain', 'mode']);
    const c = container();
    const { source, secret } = c.sources.create(OPERATOR, brainOf(c, f.brain), { mode: f.mode, ...editBody(f) });
    io.out(`${source.id} ${secret}`);
  },
);

command('source list', 'source list --brain SLUG', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string' }, ['brain']);
  const c = container();
  for (const s of c.sources.list(OPERATOR, brainOf(c, f.brain)).sources) {
    io.out([s.id, s.mode, s.label, s.targetFolder ?? '-', s.partition ?? '-', s.skill ?? '-'].join('\t'));
  }
});

command(
  'source update',
  'source update --brain SLUG --id SOURCE_ID [--label L] [--folder F] [--partition K] [--skill S] [--allow-types T,..] [--max-bytes N] [--allow-domains D,..]',
  async (args, { io, container }) => {
    const f = flags(args, { brain: 'string', id: 'string', ...EDIT_FLAGS }, ['brain', 'id']);
    const c = container();
    const source = c.sources.update(OPERATOR, brainOf(c, f.brain), String(f.id), editBody(f));
    io.out(source.id);
  },
);

command('source delete', 'source delete --brain SLUG --id SOURCE_ID', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', id: 'string' }, ['brain', 'id']);
  const c = container();
  c.sources.delete(OPERATOR, brainOf(c, f.brain), String(f.id));
  io.out(String(f.id));
});
