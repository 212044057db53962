// Service credentials as the brain settings issue them: Admin or Owner only, never a key above the
// caller's own role, listed without the key, revoked at once.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR, type Actor } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('credentials service (brain settings)', () => {
  let s: TestServer;
  let admin: Actor;
  let writer: Actor;

  before(async () => {
    s = await startTestServer();
    const users = await Promise.all(
      ['admin', 'writer'].map((n) => s.c.identity.createUser({ email: `${n}@example.com`, name: n, password: 'password123' }, SYSTEM_ACTOR)),
    );
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'admin@example.com', role: 'Admin' });
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'writer@example.com', role: 'Write' });
    [admin, writer] = users.map((u) => s.c.identity.userActor(u, 'session'));
  });
  after(async () => s.stop());

  it('lets an Admin issue a key up to their own role, shown once and listed by hint', async () => {
    const { key, credential } = s.c.credentials.create(admin!, 'main', { role: 'Admin', label: 'ops bot' });
    assert.match(key, /^ck_[0-9A-Za-z]{32,}$/);
    const listed = s.c.credentials.list(admin!, 'main').credentials.find((c) => c.id === credential.id)!;
    assert.equal(listed.label, 'ops bot');
    assert.ok(!JSON.stringify(listed).includes(key));
    assert.equal((await s.request('GET', `/api/v1/brains/${s.mainBrainId}/members`, { token: key })).status, 200);
  });

  it('refuses a key above the caller’s role, an unknown role and a caller below Admin', () => {
    assert.throws(() => s.c.credentials.create(admin!, 'main', { role: 'Owner' }), (e: any) => e.status === 403 && e.code === 'role_above_yours');
    assert.throws(() => s.c.credentials.create(admin!, 'main', { role: 'Boss' }), (e: any) => e.status === 400 && e.code === 'invalid_role');
    assert.throws(() => s.c.credentials.create(writer!, 'main', { role: 'Read' }), (e: any) => e.status === 403);
    assert.throws(() => s.c.credentials.list(writer!, 'main'), (e: any) => e.status === 403);
  });

  it('revokes at once', async () => {
    const { key, credential } = s.c.credentials.create(admin!, 'main', { role: 'Read', label: 'short-lived' });
    assert.equal((await s.request('GET', '/api/v1/brains', { token: key })).status, 200);
    s.c.credentials.revoke(admin!, 'main', credential.id);
    assert.equal((await s.request('GET', '/api/v1/brains', { token: key })).status, 401);
    assert.ok(s.c.credentials.list(admin!, 'main').credentials.find((c) => c.id === credential.id)!.revokedAt);
  });
});
