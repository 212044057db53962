// Issue 21, item 11: /readyz is open to anyone, so it reports status only: no counts (which would
// include Private brains) and no brain ids, ready or not.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

describe('security: /readyz reports status only', () => {
  let s: TestServer;
  let privateId: string;
  before(async () => {
    s = await startTestServer();
    const owner = s.c.identity.users()[0]!;
    privateId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'secret-plans', name: 'Secret plans' }, { ownerUserId: owner.id })).id;
  });
  after(async () => s.stop());

  it('when ready: the status and each check by name, no counts, no ids', async () => {
    const r = await s.request('GET', '/readyz');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      status: 'ready',
      checks: [{ name: 'database', ok: true }, { name: 'migrations', ok: true }, { name: 'repositories', ok: true }],
      database: { backend: 'sqlite', extensions: ['sqlite-vec'], vectorSearch: true, notice: null },
    });
    assert.doesNotMatch(r.text, /\d/, 'no number at all in the reply');
  });

  it('when a Private brain\'s repository is unreadable: 503 naming the check, not the brain or how many', async () => {
    const gitdir = s.c.repos.gitdirOf(privateId);
    fs.renameSync(gitdir, `${gitdir}.away`);
    try {
      const r = await s.request('GET', '/readyz');
      assert.equal(r.status, 503);
      assert.equal(r.body.code, 'not_ready');
      assert.deepEqual(r.body.checks, [{ name: 'database', ok: true }, { name: 'migrations', ok: true }, { name: 'repositories', ok: false }]);
      assert.doesNotMatch(r.text, new RegExp(privateId));
      assert.doesNotMatch(r.text, /secret-plans/);
      assert.doesNotMatch(r.text, /\b\d+ of \d+\b/);
    } finally {
      fs.renameSync(`${gitdir}.away`, gitdir);
    }
  });
});
