// A large CLI import (1,000+ pages: derived on the derivation thread, one pack, one index
// transaction) SIGKILLed at moments spread over its run: after recovery the index is exactly git's
// (the import wholly indexed when its commit is on the branch, absent when not), no journal row is
// left, and git fsck is clean.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TEST_MODELS_DIR } from '../helpers/models.js';
import { cliArgv, ROOT, runCli } from '../helpers/cli.js';
import { startTestServer, tempDir } from '../helpers/server.js';

const PAGES = 1200; // above the write path's derive-ahead minimum (1,000)

function importChild(data: string, vault: string, folder: string): { done: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, cliArgv(['import', '--brain', 'main', vault, '--folder', folder]), {
    cwd: ROOT,
    env: { ...process.env, BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, BRAINKEEP_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { done, kill: () => child.kill('SIGKILL') };
}

describe('a large CLI import SIGKILLed at any moment (fsync on)', function () {
  this.timeout(300_000);
  let data: string;
  let vault: string;
  before(() => {
    data = tempDir('brainkeep-import-kill-');
    vault = tempDir('brainkeep-import-kill-vault-');
    for (let i = 0; i < PAGES; i++) {
      const dir = path.join(vault, `f${i % 12}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `page ${i}.md`), `# Page ${i}\n\nSee [[page ${(i + 1) % PAGES}]] and [[page ${(i * 7) % PAGES}]].\n\n${'Some words of text here. '.repeat(20 + (i % 40))}\n`);
    }
    assert.equal(runCli(['brain', 'list'], { BRAINKEEP_DATA: data }).code, 0); // sets the data folder up
  });
  after(() => {
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(vault, { recursive: true, force: true });
  });

  it('leaves the index equal to git after every kill: the import wholly there or wholly absent', async () => {
    // One import to its end, timed: the kills are spread over that span.
    let t = performance.now();
    const full = importChild(data, vault, 'whole');
    assert.equal(await full.done, 0);
    const span = performance.now() - t;
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const folder = `killed-${round}`;
      const run = importChild(data, vault, folder);
      const at = span * (0.5 + 0.08 * round);
      t = performance.now();
      const timer = setTimeout(run.kill, at);
      const code = await run.done;
      clearTimeout(timer);
      const s = await startTestServer({ BRAINKEEP_DATA: data }); // recovery runs at start
      try {
        const brainId = s.mainBrainId;
        const gitdir = s.c.repos.gitdirOf(brainId);
        const head = s.c.repos.get(brainId).head();
        assert.equal(s.c.pageIndex.indexedCommit(brainId), head, `round ${round}: the index is at git's head`);
        assert.deepEqual(s.c.db.prepare('SELECT id FROM pending_writes').all(), [], `round ${round}: no journal row left`);
        const inGit = execFileSync('git', ['--git-dir', gitdir, 'ls-tree', '-r', '--name-only', 'main', `${folder}/`], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n').filter(Boolean).length;
        const indexed = s.c.db.prepare('SELECT count(*) FROM pages WHERE brain_id = ? AND path LIKE ?').pluck().get(brainId, `${folder}/%`) as number;
        assert.ok(inGit === 0 || inGit === PAGES, `round ${round}: git has ${inGit} pages of the import`);
        assert.equal(indexed, inGit, `round ${round}: the index has what git has`);
        assert.equal(s.c.db.prepare('SELECT count(*) FROM pages WHERE brain_id = ? AND path LIKE ?').pluck().get(brainId, 'whole/%'), PAGES);
        execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });
        outcomes.push(`${code === 0 ? 'finished' : `killed at ${Math.round(at)} ms`}: ${inGit ? 'landed' : 'absent'}`);
      } finally {
        await s.stop();
      }
    }
    // Printed for whoever reads the run: where the kills fell.
    process.stdout.write(`      ${outcomes.join('; ')}\n`);
  });
});
