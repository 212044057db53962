// git children started through the small spawner process: input, output, exit codes and stderr
// arrive as from a direct spawn, a command can be stopped, and the bytes reach the caller whole.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitEnv, runGit } from '../../src/storage/git/gitCli.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cleanStaleSpawnerDirs, spawnGit } from '../../src/storage/git/gitSpawner.js';

describe('git spawner', function () {
  this.timeout(30_000);

  it('passes stdin through and returns stdout and the exit code', async () => {
    const input = Buffer.alloc(3 * 1024 * 1024, 'page text ');
    const { code, stdout } = await runGit(null, ['hash-object', '--stdin'], { input });
    assert.equal(code, 0);
    const want = createHash('sha1').update(`blob ${input.length}\0`).update(input).digest('hex');
    assert.equal(stdout.toString('utf8').trim(), want);
  });

  it('reports a failing command with its code and stderr', async () => {
    const r = await runGit('/nonexistent/brainkeep.git', ['rev-parse', 'HEAD'], { allowFail: true });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /not a git repository|No such file/i);
    await assert.rejects(runGit('/nonexistent/brainkeep.git', ['rev-parse', 'HEAD']), /exited with/);
  });

  it('streams a large stdout whole, and many commands run at once', async () => {
    const outs = await Promise.all(Array.from({ length: 8 }, (_, i) => runGit(null, ['hash-object', '--stdin'], { input: `blob ${i}\n` })));
    assert.equal(new Set(outs.map((o) => o.stdout.toString())).size, 8);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-spawner-'));
    try {
      await runGit(null, ['init', '--quiet', '--bare', dir]);
      const content = Buffer.alloc(4 * 1024 * 1024 + 7, 'streamed ');
      const oid = (await runGit(dir, ['hash-object', '-w', '--stdin'], { input: content })).stdout.toString('utf8').trim();
      const child = await spawnGit(['--git-dir', dir, 'cat-file', '--batch'], { env: gitEnv(), stdin: true, stderr: true });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.stdin!.end(`${oid}\n`);
      assert.equal((await child.closed).code, 0);
      assert.ok(Buffer.concat(chunks).equals(Buffer.concat([Buffer.from(`${oid} blob ${content.length}\n`), content, Buffer.from('\n')])));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kill stops a command that waits for input', async () => {
    const child = await spawnGit(['hash-object', '--stdin'], { env: gitEnv(), stdin: true, stderr: false });
    child.stdout.resume();
    setTimeout(() => child.kill(), 50);
    const { code } = await child.closed;
    assert.notEqual(code, 0);
  });

  describe('folders left by killed servers', () => {
    /** The pid of a process that has exited (and been reaped). */
    async function deadPid(): Promise<number> {
      const child = spawn(process.execPath, ['-e', '0']);
      await new Promise((r) => child.once('exit', r));
      return child.pid!;
    }

    it('removes only folders whose server is gone, and leaves running servers, other names and other files alone', async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-spawner-clean-'));
      const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      try {
        const dead = await deadPid();
        const make = (name: string, file = true) => {
          fs.mkdirSync(path.join(root, name));
          if (file) fs.writeFileSync(path.join(root, name, 'spawn.sock'), '');
          return name;
        };
        const stale = make(`brainkeep-git-${dead}-aB3dE9`);
        const staleEmpty = make(`brainkeep-git-${dead}-Zz0000`, false);
        const mine = make(`brainkeep-git-${process.pid}-abcdef`);
        const running = make(`brainkeep-git-${sleeper.pid}-ghijkl`);
        const oldName = make('brainkeep-git-Qw12Er');
        const otherName = make(`brainkeep-gitx-${dead}-abcdef`);
        fs.writeFileSync(path.join(root, `brainkeep-git-${dead}-fileXX`), 'not a folder');

        const removed = cleanStaleSpawnerDirs(root).map((d) => path.basename(d)).sort();
        assert.deepEqual(removed, [stale, staleEmpty].sort());
        const left = fs.readdirSync(root).sort();
        assert.deepEqual(left, [mine, running, oldName, otherName, `brainkeep-git-${dead}-fileXX`].sort());
      } finally {
        sleeper.kill('SIGKILL');
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it('a server killed with SIGKILL (its helper too) leaves its folder, and the next start removes it', async () => {
      const source = fileURLToPath(new URL('../../src/storage/git/gitSpawner.ts', import.meta.url));
      const code = `import { warmGitSpawner } from ${JSON.stringify(source)}; await warmGitSpawner(); process.stdout.write('ready\\n'); setInterval(() => {}, 1000);`;
      // Its own process group, so one SIGKILL takes the server and its spawner helper at once.
      const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
      const pid = server.pid!;
      const exited = new Promise((r) => server.once('exit', r));
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
        server.once('exit', (c) => reject(new Error(`the server exited with ${c} before starting its spawner`)));
      });
      const ours = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`brainkeep-git-${pid}-`));
      assert.equal(ours().length, 1, 'the running server has one spawner folder');
      process.kill(-pid, 'SIGKILL');
      await exited;
      // The helper may still be going down; it cannot remove the folder once killed.
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(ours().length, 1, 'SIGKILL leaves the folder behind');
      const removed = cleanStaleSpawnerDirs();
      assert.ok(removed.some((d) => path.basename(d).startsWith(`brainkeep-git-${pid}-`)));
      assert.equal(ours().length, 0);
    });
  });
});
