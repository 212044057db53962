// git children started through the small spawner process: input, output, exit codes and stderr
// arrive as from a direct spawn, a command can be stopped, and the bytes reach the caller whole.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitEnv, runGit } from '../../src/storage/git/gitCli.js';
import { spawnGit } from '../../src/storage/git/gitSpawner.js';

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
});
