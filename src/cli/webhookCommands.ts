// `brainkeep webhook ...`: outbound webhook subscriptions from the operator's shell (the same
// service as REST). The secret is printed once, by `add`.
import { command, flags, OPERATOR, UsageError } from './main.js';
import { NotFoundError } from '../domain/errors.js';
import { EVENT_TYPES } from '../domain/events.js';
import type { Services } from '../container.js';

function brainOf(c: Services, slug: unknown): string {
  const brain = c.access.findBrain(String(slug));
  if (!brain) throw new NotFoundError(`Brain ${String(slug)}`, 'brain_not_found');
  return brain.id;
}

command('webhook add', `webhook add --brain SLUG --url URL --events T,.. [--folder F]   (types: ${EVENT_TYPES.join(', ')})`, async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', url: 'string', events: 'string', folder: 'string' }, ['brain', 'url', 'events']);
  const events = String(f.events).split(',').map((e) => e.trim()).filter(Boolean);
  if (!events.length) throw new UsageError('--events needs at least one event type');
  const c = container();
  const hook = await c.webhooks.create(OPERATOR, brainOf(c, f.brain), { url: f.url, events, ...(f.folder ? { folder: f.folder } : {}) });
  io.out(`${hook.id} ${hook.secret}`);
});

command('webhook list', 'webhook list --brain SLUG', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string' }, ['brain']);
  const c = container();
  for (const h of c.webhooks.list(OPERATOR, brainOf(c, f.brain)).webhooks) io.out([h.id, h.url, h.events.join(','), h.folder ?? '-', h.createdAt].join('\t'));
});

command('webhook delete', 'webhook delete --brain SLUG --id WEBHOOK_ID', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', id: 'string' }, ['brain', 'id']);
  const c = container();
  c.webhooks.delete(OPERATOR, brainOf(c, f.brain), String(f.id));
  io.out(String(f.id));
});

command('webhook deliveries', 'webhook deliveries --brain SLUG --id WEBHOOK_ID', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', id: 'string' }, ['brain', 'id']);
  const c = container();
  for (const d of c.webhooks.deliveries(OPERATOR, brainOf(c, f.brain), String(f.id)).deliveries) {
    io.out([d.eventId, d.type, d.status, String(d.attempts), d.deliveredAt ?? '-', d.lastError ?? '-'].join('\t'));
  }
});
