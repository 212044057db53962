// The pre-receive hook (a shell script) and the server's gate talk over two named pipes: the hook
// hands over its ref updates, folder and quarantine environment, and exits with the verdict,
// printing the message; a wrong nonce or no gate at all refuses.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanStaleGateDirs, ensurePreReceiveHook, makeGateDir, openPreReceiveGate, type HookRequest } from '../../src/storage/git/preReceiveGate.js';

function runHook(hook: string, env: Record<string, string>, input: string, cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('sh', [hook], { env: { PATH: process.env.PATH, ...env }, cwd }, (err, _out, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
    });
    // A hook that refuses may exit before it reads its input, as git allows: the pipe then closes
    // under the write, which is not a failure of the hook.
    child.stdin!.on('error', () => {});
    child.stdin!.end(input);
  });
}

describe('pre-receive gate', function () {
  this.timeout(20_000);
  let root: string;
  let hook: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-gate-'));
    ensurePreReceiveHook(path.join(root, 'hooks'));
    hook = path.join(root, 'hooks', 'pre-receive');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('hands the hook input to the check and exits with its verdict, printing the message', async () => {
    const dir = await makeGateDir(root);
    const seen: HookRequest[] = [];
    let verdict = { ok: true, message: '' };
    const gate = await openPreReceiveGate(dir, async (req) => {
      seen.push(req);
      return verdict;
    });
    try {
      const updates = `${'a'.repeat(40)} ${'b'.repeat(40)} refs/heads/main\n`;
      const env = { ...gate.env, GIT_DIR: '.', GIT_QUARANTINE_PATH: '/q/path', UNRELATED: 'x' };
      const ok = await runHook(hook, env, updates, root);
      assert.equal(ok.code, 0);
      assert.equal(seen[0]!.updates, updates);
      assert.equal(seen[0]!.cwd, root);
      assert.deepEqual(seen[0]!.env, { GIT_DIR: '.', GIT_QUARANTINE_PATH: '/q/path' });
    } finally {
      await gate.close();
    }

    const dir2 = await makeGateDir(root);
    verdict = { ok: false, message: 'Brainkeep refused this push:\n  - notes/x.txt: not markdown\n|end\nend\n' };
    const gate2 = await openPreReceiveGate(dir2, async () => verdict);
    try {
      const refused = await runHook(hook, gate2.env, 'x y refs/heads/main\n', root);
      assert.equal(refused.code, 1);
      assert.equal(refused.stderr, verdict.message);
    } finally {
      await gate2.close();
    }
  });

  it("names a hook folder after its server, and removes only the folders of servers no longer running", async () => {
    const dir = await makeGateDir(root);
    assert.match(path.basename(dir), new RegExp(`^brainkeep-push-gate-${process.pid}-[A-Za-z0-9]{6}$`));
    const exited = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => exited.once('exit', r));
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const make = (name: string) => {
        fs.mkdirSync(path.join(root, name));
        fs.writeFileSync(path.join(root, name, 'hook.request'), '');
        return path.join(root, name);
      };
      const dead = make(`brainkeep-push-gate-${exited.pid}-aB3dE9`);
      const running = make(`brainkeep-push-gate-${sleeper.pid}-ghijkl`);
      const other = make(`brainkeep-push-gateway-${exited.pid}-abcdef`);
      assert.deepEqual(cleanStaleGateDirs(root), [dead]);
      assert.equal(fs.existsSync(dead), false);
      for (const kept of [dir, running, other]) assert.ok(fs.existsSync(kept), kept);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('refuses a wrong nonce and a push that did not come through the server', async () => {
    const dir = await makeGateDir(root);
    let checked = 0;
    const gate = await openPreReceiveGate(dir, async () => {
      checked++;
      return { ok: true, message: '' };
    });
    try {
      const wrong = await runHook(hook, { ...gate.env, BRAINKEEP_PUSH_NONCE: 'guess' }, 'x y refs/heads/main\n', root);
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /did not come through the server/);
      assert.equal(checked, 0);
    } finally {
      await gate.close();
    }
    const none = await runHook(hook, {}, 'x y refs/heads/main\n', root);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /push through the server's git URL/);
  });
});
