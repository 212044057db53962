// First start from any command (issue 20.4): on an empty data folder the set-up (a first owner,
// the default brain `main`, the workspace) runs once, whichever command comes first: `serve` or a
// CLI command. It is safe when processes start at once, and it finishes what a killed one began.
// The real CLI runs as child processes (test/helpers/cli.ts); the data folder is then served.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../src/config.js';
import { buildContainer } from '../../src/container.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { cliArgv, ROOT, runCli } from '../helpers/cli.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';
import { startTestServer, tempDir } from '../helpers/server.js';

const SET_UP = /Brainkeep is set up/g;

/** The CLI as a child process, started without waiting (so several can run at once). */
function cliAsync(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgv(args), {
      cwd: ROOT,
      env: { ...process.env, BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** What the data folder holds, read straight from its database. */
function census(dir: string): { workspaces: number; users: string[]; brains: string[] } {
  const db = new Database(path.join(dir, 'brainkeep.db'), { readonly: true });
  try {
    return {
      workspaces: db.prepare('SELECT COUNT(*) FROM workspace').pluck().get() as number,
      users: db.prepare('SELECT email FROM users ORDER BY email').pluck().all() as string[],
      brains: db.prepare('SELECT slug FROM brains ORDER BY slug').pluck().all() as string[],
    };
  } finally {
    db.close();
  }
}

const passwordIn = (text: string) => /Password\s+(\S+)/.exec(text)?.[1] ?? null;

describe('first start from any command', function () {
  this.timeout(180_000);
  const dirs: string[] = [];
  const fresh = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('`credential create` on an empty data folder sets it up first, then `serve` does not set it up again', async () => {
    const dir = fresh();
    const key = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'first'], { BRAINKEEP_DATA: dir });
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.stdout, /^ck_[0-9A-Za-z]{32,}$/, 'stdout holds only the key');
    assert.equal(key.stderr.match(SET_UP)?.length, 1, key.stderr);
    const password = passwordIn(key.stderr);
    assert.ok(password, key.stderr);
    assert.deepEqual(census(dir), { workspaces: 1, users: ['owner@brainkeep.local'], brains: ['main'] });

    const again = runCli(['brain', 'list'], { BRAINKEEP_DATA: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, SET_UP);

    const s = await startTestServer({ BRAINKEEP_DATA: dir });
    try {
      assert.doesNotMatch(s.printed.join('\n'), SET_UP, 'serve found the set-up done');
      await s.c.identity.verifyLogin('owner@brainkeep.local', password!);
      const brains = await s.request('GET', '/api/v1/brains', { token: key.stdout });
      assert.equal(brains.status, 200, brains.text);
      assert.deepEqual(brains.body.brains.map((b: { slug: string }) => b.slug), ['main']);
      const owners = s.c.members.list(SYSTEM_ACTOR, 'main').members.filter((m) => m.role === 'Owner').map((m) => m.email);
      assert.deepEqual(owners, ['owner@brainkeep.local']);
    } finally {
      await s.stop();
    }
    assert.deepEqual(census(dir), { workspaces: 1, users: ['owner@brainkeep.local'], brains: ['main'] });
  });

  it('runs once when several processes start on the same empty folder at the same moment', async () => {
    const dir = fresh();
    const runs = await Promise.all([
      cliAsync(['brain', 'list'], { BRAINKEEP_DATA: dir }),
      cliAsync(['user', 'list'], { BRAINKEEP_DATA: dir }),
      cliAsync(['credential', 'create', '--brain', 'main', '--role', 'Read'], { BRAINKEEP_DATA: dir }),
    ]);
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const announced = runs.filter((r) => SET_UP.test(r.stderr));
    SET_UP.lastIndex = 0;
    assert.equal(announced.length, 1, runs.map((r) => r.stderr).join('\n---\n'));
    assert.deepEqual(census(dir), { workspaces: 1, users: ['owner@brainkeep.local'], brains: ['main'] });
    assert.match(runs[0]!.stdout, /\tmain\t/);
    assert.match(runs[2]!.stdout, /^ck_/);
  });

  it('finishes a set-up that was killed half way (an owner, no brain, no workspace)', async () => {
    const dir = fresh();
    const c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR }));
    await c.identity.createUser({ email: 'owner@brainkeep.local', name: 'Owner', password: 'never shown to anyone' }, SYSTEM_ACTOR);
    await c.close();
    const r = runCli(['brain', 'list'], { BRAINKEEP_DATA: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr.match(SET_UP)?.length, 1, r.stderr);
    assert.deepEqual(census(dir), { workspaces: 1, users: ['owner@brainkeep.local'], brains: ['main'] });
    const s = await startTestServer({ BRAINKEEP_DATA: dir });
    try {
      await s.c.identity.verifyLogin('owner@brainkeep.local', passwordIn(r.stderr)!); // the new password is the one shown
    } finally {
      await s.stop();
    }
  });

  it('sets up a folder an older CLI left with only a workspace row', async () => {
    const dir = fresh();
    const c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR }));
    c.identityRepo.createWorkspace('11111111-1111-4111-8111-111111111111', 'Brainkeep', new Date().toISOString());
    await c.close();
    const s = await startTestServer({ BRAINKEEP_DATA: dir });
    try {
      assert.equal(s.printed.join('\n').match(SET_UP)?.length, 1);
      assert.ok(s.mainBrainId);
    } finally {
      await s.stop();
    }
    assert.deepEqual(census(dir), { workspaces: 1, users: ['owner@brainkeep.local'], brains: ['main'] });
  });
});
