// Operator commands (registered with `command`). Add new ones in their own module and import it here.
import { UsageError, command, flags, OPERATOR } from './main.js';
import { NotFoundError } from '../domain/errors.js';

command('user add', 'user add --email E --name N --password P', async (args, { io, container }) => {
  const f = flags(args, { email: 'string', name: 'string', password: 'string' }, ['email']);
  const user = await container().identity.createUser({ email: f.email as string, name: f.name as string, password: (f.password as string) ?? null }, OPERATOR);
  io.out(user.id);
});

command('user list', 'user list', async (args, { io, container }) => {
  flags(args, {});
  for (const u of container().identity.users()) io.out(`${u.id}\t${u.email}\t${u.displayName}`);
});

command('user set-password', 'user set-password --email E --password P', async (args, { io, container }) => {
  const f = flags(args, { email: 'string', password: 'string' }, ['email', 'password']);
  const user = await container().identity.setPassword(f.email as string, f.password as string, OPERATOR);
  io.out(user.id);
});

command('brain create', 'brain create --slug S [--name N] [--template T] [--owner EMAIL]', async (args, { io, container }) => {
  const f = flags(args, { slug: 'string', name: 'string', template: 'string', owner: 'string' }, ['slug']);
  const c = container();
  let ownerUserId: string | undefined;
  if (f.owner) {
    const owner = c.identity.findUser(f.owner as string);
    if (!owner) throw new NotFoundError(`User ${String(f.owner)}`);
    ownerUserId = owner.id;
  } else {
    ownerUserId = c.identity.users()[0]?.id;
  }
  const brain = await c.brains.create(OPERATOR, { slug: f.slug, name: f.name ?? null, templateKey: f.template ?? null }, { ownerUserId });
  io.out(brain.id);
});

command('brain list', 'brain list', async (args, { io, container }) => {
  flags(args, {});
  for (const b of container().brains.list(OPERATOR)) io.out(`${b.id}\t${b.slug}\t${b.name ?? ''}`);
});

command('credential create', 'credential create --brain SLUG --role Read|Write|Admin|Owner [--label L]', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', role: 'string', label: 'string' }, ['brain', 'role']);
  const c = container();
  const brain = c.access.findBrain(f.brain as string);
  if (!brain) throw new NotFoundError(`Brain ${String(f.brain)}`);
  const { key } = c.credentials.create(OPERATOR, brain.id, { role: f.role, ...(f.label != null ? { label: f.label } : {}) });
  io.out(key);
});

command('credential revoke', 'credential revoke --brain SLUG --id CREDENTIAL_ID', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', id: 'string' }, ['brain', 'id']);
  const c = container();
  const brain = c.access.findBrain(f.brain as string);
  if (!brain) throw new NotFoundError(`Brain ${String(f.brain)}`);
  c.identity.revokeCredential(brain.id, f.id as string, OPERATOR);
  io.out(f.id as string);
});

import './memberCommands.js';
import './opsCommands.js';
import './sourceCommands.js';
import './importCommands.js';
import './mcpCommands.js';
import './searchCommands.js';
import './webhookCommands.js';
import './brainCommands.js';
import './chatImportCommands.js';
import './migrateCommands.js';
