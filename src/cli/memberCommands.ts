// Operator commands for members: `member add`, `member list`.
import { command, flags, OPERATOR } from './main.js';

command('member add', 'member add --brain SLUG --email E [--role Read|Write|Admin|Owner]', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', email: 'string', role: 'string' }, ['brain', 'email']);
  const member = container().members.add(OPERATOR, f.brain as string, { email: f.email, role: (f.role as string | undefined) ?? 'Read' });
  io.out(member.userId);
});

command('member list', 'member list --brain SLUG', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string' }, ['brain']);
  for (const m of container().members.list(OPERATOR, f.brain as string).members) io.out(`${m.userId}\t${m.email}\t${m.role}`);
});
