import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { startTestServer, tempDir } from '../helpers/server.js';

describe('brainkeep import', () => {
  let data: string;
  let vault: string;
  before(() => {
    data = tempDir();
    vault = tempDir('brainkeep-vault-');
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(vault, rel)), { recursive: true });
      fs.writeFileSync(path.join(vault, rel), text);
    };
    write('Home.md', '# Home\n\nSee [[people/Ada]].\n');
    write('people/Ada.md', '---\ntitle: Ada Lovelace\n---\nMathematician.\n');
    write('projects/2024/engine.MD', '# Engine\n');
    write('.obsidian/workspace.md', 'hidden');
    write('attachments/diagram.png', 'not markdown');
    write('odd\\name.md', 'a backslash in a file name');
  });
  after(() => {
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(vault, { recursive: true, force: true });
  });

  it('imports a folder of markdown as ONE commit, prints the page count, and indexes it', async () => {
    assert.equal(runCli(['brain', 'create', '--slug', 'vault'], { BRAINKEEP_DATA: data }).code, 0);
    const r = runCli(['import', '--brain', 'vault', vault, '--folder', 'imported'], { BRAINKEEP_DATA: data });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '3');
    assert.match(r.stderr, /skipped odd\\name\.md: Invalid path/);
    assert.match(r.stderr, /skipped \.obsidian\/: a hidden folder, 1 file \(--include-hidden takes it\)/);
    assert.match(r.stderr, /skipped 1 file: not markdown \(1 \.png\)/);
    const s = await startTestServer({ BRAINKEEP_DATA: data });
    try {
      const brain = s.c.access.findBrain('vault')!;
      const gitdir = s.c.repos.gitdirOf(brain.id);
      const git = (...a: string[]) => execFileSync('git', ['--git-dir', gitdir, ...a], { encoding: 'utf8' });
      assert.equal(git('rev-list', '--count', 'main').trim(), '2', 'template commit + one import commit');
      assert.match(git('log', '-1', '--format=%s%n%B', 'main'), /^Import 3 pages[\s\S]*Brainkeep-Op: import/);
      assert.deepEqual(git('show', '--name-only', '--format=', 'main').trim().split('\n').sort(), ['imported/Home.md', 'imported/people/Ada.md', 'imported/projects/2024/engine.MD']);
      git('fsck', '--strict', '--no-progress');
      const key = s.credential('Read', 'vault');
      const page = await s.request('GET', `/api/v1/brains/vault/pages?path=imported/people/Ada.md`, { token: key });
      assert.equal(page.status, 200);
      assert.equal(page.body.title, 'Ada Lovelace');
      assert.equal(page.body.version, 1);
      const list = await s.request('GET', `/api/v1/brains/vault/pages?prefix=imported/`, { token: key });
      assert.equal(list.body.pages.length, 3);
    } finally {
      await s.stop();
    }
  });

  it('--include-hidden takes hidden folders (never .git)', () => {
    fs.mkdirSync(path.join(vault, '.git'), { recursive: true });
    fs.writeFileSync(path.join(vault, '.git', 'HEAD.md'), 'not a page');
    try {
      const r = runCli(['import', '--brain', 'vault', '--include-hidden', vault, '--folder', 'with-hidden'], { BRAINKEEP_DATA: data });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '4');
      assert.doesNotMatch(r.stderr, /hidden folder/);
      assert.match(r.stderr, /skipped \.git\/: a git folder/);
    } finally {
      fs.rmSync(path.join(vault, '.git'), { recursive: true, force: true });
    }
  });

  it('leaves a large import as one pack with a reachability bitmap, ready for clones', function () {
    this.timeout(180_000);
    const big = tempDir('brainkeep-vault-big-');
    try {
      for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(big, `n${i}.md`), `# Note ${i}\n\nAbout the harbour, week ${i % 52}.\n`);
      assert.equal(runCli(['brain', 'create', '--slug', 'ready'], { BRAINKEEP_DATA: data }).code, 0);
      const r = runCli(['import', '--brain', 'ready', big], { BRAINKEEP_DATA: data });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '1000');
      const listed = runCli(['brain', 'list'], { BRAINKEEP_DATA: data }).stdout.split('\n').map((l) => l.split('\t'));
      const gitdir = path.join(data, 'brains', `${listed.find((cols) => cols[1] === 'ready')![0]!}.git`);
      const files = fs.readdirSync(path.join(gitdir, 'objects', 'pack'));
      assert.equal(files.filter((f) => f.endsWith('.pack')).length, 1, files.join(' '));
      assert.equal(files.filter((f) => f.endsWith('.bitmap')).length, 1, files.join(' '));
      assert.match(execFileSync('git', ['--git-dir', gitdir, 'count-objects', '-v'], { encoding: 'utf8' }), /^count: 0$/m);
      execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-progress']);
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });

  it('fails with a message for a missing folder or brain', () => {
    const noDir = runCli(['import', '--brain', 'vault', path.join(vault, 'nope')], { BRAINKEEP_DATA: data });
    assert.equal(noDir.code, 2);
    assert.match(noDir.stderr, /is not a folder/);
    const noBrain = runCli(['import', '--brain', 'nope', vault], { BRAINKEEP_DATA: data });
    assert.equal(noBrain.code, 1);
    assert.equal(noBrain.stdout, '');
    assert.match(noBrain.stderr, /not found/);
  });
});
