import assert from 'node:assert/strict';
import fs from 'node:fs';
import { runCli, spawnServer } from '../helpers/cli.js';
import { apiRequest, tempDir } from '../helpers/server.js';

describe('operator CLI', () => {
  let data: string;
  before(() => {
    data = tempDir();
  });
  after(() => fs.rmSync(data, { recursive: true, force: true }));

  it('creates a user, a brain and a credential, printing only the value', () => {
    const user = runCli(['user', 'add', '--email', 'ada@example.com', '--name', 'Ada', '--password', 'correct horse'], { BRAINKEEP_DATA: data });
    assert.equal(user.code, 0, user.stderr);
    assert.match(user.stdout, /^[0-9a-f-]{36}$/);
    const brain = runCli(['brain', 'create', '--slug', 'research', '--name', 'Research', '--template', 'personal', '--owner', 'ada@example.com'], { BRAINKEEP_DATA: data });
    assert.equal(brain.code, 0, brain.stderr);
    assert.match(brain.stdout, /^[0-9a-f-]{36}$/);
    const key = runCli(['credential', 'create', '--brain', 'research', '--role', 'Write', '--label', 'agent'], { BRAINKEEP_DATA: data });
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.stdout, /^ck_[0-9A-Za-z]{32,}$/);
  });

  it('fails with a message on stderr and a non-zero code', () => {
    const missing = runCli(['credential', 'create', '--brain', 'nope', '--role', 'Write'], { BRAINKEEP_DATA: data });
    assert.notEqual(missing.code, 0);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, /not found/);
    const badRole = runCli(['credential', 'create', '--brain', 'research', '--role', 'God'], { BRAINKEEP_DATA: data });
    assert.notEqual(badRole.code, 0);
    assert.match(badRole.stderr, /Unknown role/);
    const usage = runCli(['brain', 'create'], { BRAINKEEP_DATA: data });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--slug is required/);
    const unknown = runCli(['frobnicate'], { BRAINKEEP_DATA: data });
    assert.equal(unknown.code, 2);
  });

  it('works while the server runs: a credential made by the CLI is accepted at once', async () => {
    const dir = tempDir();
    const server = await spawnServer({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off' });
    try {
      assert.match(server.output(), /Sign in at/);
      const key = runCli(['credential', 'create', '--brain', 'main', '--role', 'Read'], { BRAINKEEP_DATA: dir });
      assert.equal(key.code, 0, key.stderr);
      const r = await apiRequest(server.url, 'GET', '/api/v1/brains', { token: key.stdout });
      assert.equal(r.status, 200);
      assert.equal(r.body.brains[0].slug, 'main');
      const brain = runCli(['brain', 'create', '--slug', 'live'], { BRAINKEEP_DATA: dir });
      assert.equal(brain.code, 0, brain.stderr);
      const key2 = runCli(['credential', 'create', '--brain', 'live', '--role', 'Read'], { BRAINKEEP_DATA: dir });
      const r2 = await apiRequest(server.url, 'GET', '/api/v1/brains/live/schema', { token: key2.stdout });
      assert.equal(r2.status, 200);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restarting on an existing data folder does not bootstrap again and prints no password', async () => {
    const dir = tempDir();
    try {
      const first = await spawnServer({ BRAINKEEP_DATA: dir });
      first.child.kill('SIGTERM');
      await new Promise((r) => first.child.once('exit', r));
      const second = await spawnServer({ BRAINKEEP_DATA: dir });
      assert.doesNotMatch(second.output(), /Password/);
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
