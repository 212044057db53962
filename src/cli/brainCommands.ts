// Brain lifecycle from the operator CLI: rename (name and/or slug), delete to the trash (with the
// slug typed again as the confirm step), restore from the trash, and list what the trash holds.
import { namedBrain } from '../domain/brainRef.js';
import { command, flags, OPERATOR, UsageError } from './main.js';

command('brain rename', 'brain rename --slug S [--name N] [--new-slug S2]', async (args, { io, container }) => {
  const f = flags(args, { slug: 'string', name: 'string', 'new-slug': 'string' }, ['slug']);
  if (f.name == null && f['new-slug'] == null) throw new UsageError('give --name and/or --new-slug');
  const body: Record<string, string> = {};
  if (f.name != null) body.name = f.name as string;
  if (f['new-slug'] != null) body.slug = f['new-slug'] as string;
  const brain = container().brains.update(OPERATOR, namedBrain(f.slug as string), body);
  io.out(`${brain.id}\t${brain.slug}\t${brain.name ?? ''}`);
});

command('brain delete', 'brain delete --slug S --confirm S', async (args, { io, config, container }) => {
  const f = flags(args, { slug: 'string', confirm: 'string' }, ['slug']);
  const c = container();
  const brain = c.brains.get(OPERATOR, namedBrain(f.slug as string));
  await c.brains.delete(OPERATOR, brain.id, (f.confirm as string | undefined) ?? null);
  io.err(`brain ${brain.slug} moved to the trash for ${config.trashDays} days; 'brainkeep brain restore --slug ${brain.slug}' brings it back`);
  io.out(brain.id);
});

command('brain restore', 'brain restore --slug S', async (args, { io, container }) => {
  const f = flags(args, { slug: 'string' }, ['slug']);
  const brain = await container().brains.restore(OPERATOR, f.slug as string);
  io.out(brain.id);
});

command('brain trash', 'brain trash', async (args, { io, container }) => {
  flags(args, {});
  for (const b of container().brains.trash()) io.out(`${b.id}\t${b.slug}\t${b.deletedAt}\t${b.purgeAfter}`);
});
