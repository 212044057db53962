// The push checks' reads of a repository with the real git CLI: commit messages stream one commit
// at a time (each is handed over before the next one's bytes are taken), and the content reader
// started beside the size check ends when the push is refused before it is used.
import assert from 'node:assert/strict';
import path from 'node:path';
import { PushInspector } from '../../src/storage/git/pushInspector.js';
import { GitClient } from '../helpers/git.js';

describe('push inspector (git reads of a pushed history)', function () {
  this.timeout(60_000);
  let git: GitClient;
  let repo: string;
  const commits: string[] = [];

  before(async () => {
    git = new GitClient();
    repo = path.join(git.home, 'inspected');
    await git.ok(['init', '--quiet', '-b', 'main', repo]);
    // Messages of 100 KB: each spans several pipe reads.
    for (let i = 0; i < 8; i++) commits.push(await git.commit(repo, { [`notes/n${i}.md`]: `# N${i}\n` }, `Commit ${i}\n\n${String(i).repeat(100 * 1024)}`));
  });
  after(() => git.cleanup());

  const inspector = (events: string[]) =>
    new PushInspector({ cwd: repo, env: { GIT_DIR: `${repo}/.git` } }, null, (oid, bytes) => {
      if (bytes > 0) events.push(`read ${oid}`);
    });

  it('hands each commit message over before it takes any byte of the next commit', async () => {
    const events: string[] = [];
    const seen: string[] = [];
    await inspector(events).eachCommitMessage(commits, (oid, message) => {
      events.push(`visit ${oid}`);
      seen.push(oid);
      assert.ok(message.startsWith(`Commit ${commits.indexOf(oid)}\n`));
    });
    assert.deepEqual(seen, commits);
    for (let k = 0; k + 1 < commits.length; k++) {
      const visited = events.indexOf(`visit ${commits[k]}`);
      const nextRead = events.indexOf(`read ${commits[k + 1]}`);
      assert.ok(visited >= 0 && nextRead > visited, `commit ${k} was handed over before commit ${k + 1} was read`);
    }
  });

  it('a missing commit is an error, not a message skipped', async () => {
    await assert.rejects(inspector([]).eachCommitMessage([commits[0]!, '0123456789012345678901234567890123456789'], () => undefined), /found no commit/);
  });

  it('the content reader started beside the size check ends when it is stopped unused', async () => {
    const ins = inspector([]);
    const started = ins.startBlobReader();
    const child = await started;
    await ins.stopBlobReader(started);
    const closed = await Promise.race([child.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still running'), 5000))]);
    assert.equal(closed, 'closed');
  });
});
