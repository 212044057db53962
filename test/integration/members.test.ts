import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runCli } from '../helpers/cli.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

describe('members API', () => {
  let s: TestServer;
  let admin: string;
  let owner: string;
  let ownerEmail: string;
  const base = () => `/api/v1/brains/${s.mainBrainId}/members`;

  before(async () => {
    s = await startTestServer();
    admin = s.credential('Admin');
    owner = s.credential('Owner');
    ownerEmail = s.c.identity.users()[0]!.email;
    for (const who of ['ann', 'bob', 'cat', 'dan']) {
      await s.c.identity.createUser({ email: `${who}@example.com`, name: who.toUpperCase(), password: 'password123' }, SYSTEM_ACTOR);
    }
  });
  after(async () => s.stop());

  it('lists the first owner with the CONTRACT member shape', async () => {
    const r = await s.request('GET', base(), { token: admin });
    assert.equal(r.status, 200);
    assert.equal(r.body.members.length, 1);
    const m = r.body.members[0];
    assert.deepEqual(Object.keys(m).sort(), ['displayName', 'email', 'grantedAt', 'role', 'userId']);
    assert.equal(m.email, ownerEmail);
    assert.equal(m.role, 'Owner');
  });

  it('grants by email with Read by default (201), audited', async () => {
    const r = await s.request('POST', base(), { token: admin, body: { email: 'ann@example.com' } });
    assert.equal(r.status, 201);
    assert.equal(r.body.role, 'Read');
    assert.equal(r.body.displayName, 'ANN');
    assert.match(r.headers.get('location') ?? '', new RegExp(`/members/${r.body.userId}$`));
    const audit = s.c.audit.list(s.mainBrainId).find((a) => a.action === 'member.add' && a.target === r.body.userId);
    assert.ok(audit, 'member.add is audited');
  });

  it('grants by userId with an explicit role', async () => {
    const bob = s.c.identity.findUser('bob@example.com')!;
    const r = await s.request('POST', base(), { token: admin, body: { userId: bob.id, role: 'Write' } });
    assert.equal(r.status, 201);
    assert.equal(r.body.email, 'bob@example.com');
    assert.equal(r.body.role, 'Write');
  });

  const refusals: Array<[string, () => Promise<{ status: number; body: any }>, number, string]> = [
    ['a second grant for the same person', () => s.request('POST', base(), { token: admin, body: { email: 'ann@example.com', role: 'Write' } }), 409, 'member_exists'],
    ['an email outside the workspace', () => s.request('POST', base(), { token: admin, body: { email: 'stranger@example.com' } }), 400, 'not_workspace_user'],
    ['an unknown user id', () => s.request('POST', base(), { token: admin, body: { userId: '00000000-0000-4000-8000-000000000000' } }), 400, 'not_workspace_user'],
    ['neither email nor userId', () => s.request('POST', base(), { token: admin, body: { role: 'Read' } }), 400, 'member_user_required'],
    ['an unknown role on grant', () => s.request('POST', base(), { token: admin, body: { email: 'cat@example.com', role: 'Boss' } }), 400, 'invalid_role'],
    ['an unknown property', () => s.request('POST', base(), { token: admin, body: { email: 'cat@example.com', colour: 'red' } }), 400, 'validation_failed'],
    ['an unknown role on update', () => s.request('PUT', `${base()}/ann@example.com`, { token: admin, body: { role: 'owner' } }), 400, 'invalid_role'],
    ['an update without a role', () => s.request('PUT', `${base()}/ann@example.com`, { token: admin, body: {} }), 400, 'validation_failed'],
    ['an update of someone without a grant', () => s.request('PUT', `${base()}/cat@example.com`, { token: admin, body: { role: 'Write' } }), 404, 'member_not_found'],
    ['a removal of an unknown member', () => s.request('DELETE', `${base()}/nobody@example.com`, { token: admin }), 404, 'member_not_found'],
    ['the last Owner demoted', () => s.request('PUT', `${base()}/${ownerEmail}`, { token: owner, body: { role: 'Admin' } }), 400, 'last_owner'],
    ['the last Owner removed', () => s.request('DELETE', `${base()}/${ownerEmail}`, { token: owner }), 400, 'last_owner'],
    ['an Admin granting Owner', () => s.request('POST', base(), { token: admin, body: { email: 'cat@example.com', role: 'Owner' } }), 403, 'owner_required'],
    ['an Admin demoting an Owner', () => s.request('PUT', `${base()}/${ownerEmail}`, { token: admin, body: { role: 'Read' } }), 403, 'owner_required'],
  ];
  for (const [what, call, status, code] of refusals) {
    it(`refuses ${what}: ${status} ${code}, and changes nothing`, async () => {
      const before = (await s.request('GET', base(), { token: admin })).body.members;
      const r = await call();
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.code, code);
      if (code === 'invalid_role') assert.match(r.body.detail, /Read, Write, Admin, Owner/);
      const after = (await s.request('GET', base(), { token: admin })).body.members;
      assert.deepEqual(after, before);
    });
  }

  for (const role of ['Read', 'Write'] as const) {
    it(`refuses a ${role} credential on all four operations with 403`, async () => {
      const key = s.credential(role);
      const calls = [
        s.request('GET', base(), { token: key }),
        s.request('POST', base(), { token: key, body: { email: 'cat@example.com' } }),
        s.request('PUT', `${base()}/ann@example.com`, { token: key, body: { role: 'Write' } }),
        s.request('DELETE', `${base()}/ann@example.com`, { token: key }),
      ];
      for (const r of await Promise.all(calls)) {
        assert.equal(r.status, 403);
        assert.equal(r.body.code, 'insufficient_role');
      }
    });
  }

  it('no token is 401; a credential for another brain is 404', async () => {
    assert.equal((await s.request('GET', base())).status, 401);
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'elsewhere' });
    const other = s.credential('Owner', 'elsewhere');
    const r = await s.request('GET', base(), { token: other });
    assert.equal(r.status, 404);
  });

  it('updates by email and by id, then removes (204)', async () => {
    const ann = s.c.identity.findUser('ann@example.com')!;
    let r = await s.request('PUT', `${base()}/ann@example.com`, { token: admin, body: { role: 'Admin' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.role, 'Admin');
    r = await s.request('PUT', `${base()}/${ann.id}`, { token: admin, body: { role: 'Write' } });
    assert.equal(r.body.role, 'Write');
    assert.equal(s.c.brainsRepo.memberRole(s.mainBrainId, ann.id), 'Write');
    r = await s.request('DELETE', `${base()}/${ann.id}`, { token: admin });
    assert.equal(r.status, 204);
    assert.equal(s.c.brainsRepo.memberRole(s.mainBrainId, ann.id), null);
    assert.ok(s.c.audit.list(s.mainBrainId).some((a) => a.action === 'member.remove' && a.target === ann.id));
  });

  it('an Owner can add a second Owner; then the first may be demoted, but not the last', async () => {
    let r = await s.request('POST', base(), { token: owner, body: { email: 'dan@example.com', role: 'Owner' } });
    assert.equal(r.status, 201);
    r = await s.request('PUT', `${base()}/${ownerEmail}`, { token: owner, body: { role: 'Admin' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.role, 'Admin');
    r = await s.request('DELETE', `${base()}/dan@example.com`, { token: owner });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'last_owner');
    r = await s.request('PUT', `${base()}/${ownerEmail}`, { token: owner, body: { role: 'Owner' } });
    assert.equal(r.status, 200);
  });

  it('a user below Admin is refused by the service with 403 (user actors, not only credentials)', () => {
    const bob = s.c.identity.findUser('bob@example.com')!;
    const actor = s.c.identity.userActor(bob, 'session');
    assert.throws(() => s.c.members.list(actor, 'main'), (e: any) => e.status === 403);
  });

  it('CLI: member add --brain --email --role prints the user id; user list shows users', () => {
    const env = { BRAINKEEP_DATA: s.dataDir };
    const r = runCli(['member', 'add', '--brain', 'main', '--email', 'cat@example.com', '--role', 'Write'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, s.c.identity.findUser('cat@example.com')!.id);
    assert.equal(s.c.brainsRepo.memberRole(s.mainBrainId, r.stdout), 'Write');
    const again = runCli(['member', 'add', '--brain', 'main', '--email', 'cat@example.com'], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already has access/);
    const list = runCli(['user', 'list'], env);
    assert.match(list.stdout, /cat@example\.com/);
  });
});
