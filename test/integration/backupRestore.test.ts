import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliArgv, ROOT } from '../helpers/cli.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { BackupError, restoreFiles } from '../../src/services/backupService.js';

/** The real CLI as a child process, without blocking this process (the server under test lives here). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgv(args), {
      cwd: ROOT,
      env: { ...process.env, BRAINKEEP_FSYNC: 'off', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

function git(gitdir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8' });
}

describe('backup, restore and doctor', function () {
  this.timeout(120_000);
  let s: TestServer;
  let write: string;
  const cleanup: string[] = [];
  before(async () => {
    s = await startTestServer();
    write = s.credential('Write');
  });
  after(async () => {
    await s.stop();
    for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
  });

  const put = async (p: string, markdown: string, token = write) => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: p, markdown } });
    assert.ok(r.status === 200 || r.status === 201, `${p}: ${r.status} ${r.text}`);
    return r;
  };

  it('backs up while writes go on, restores into a new folder, and the restored service matches the backup', async () => {
    await s.c.identity.createUser({ email: 'ada@example.com', name: 'Ada', password: 'analytical-engine' }, SYSTEM_ACTOR);
    const readKey = s.credential('Read', 'main', 'before-backup');
    const { secret: hookSecret } = s.c.sources.create(SYSTEM_ACTOR, s.mainBrainId, { mode: 'secret', label: 'before-backup' });
    for (let i = 0; i < 5; i++) await put(`notes/n${i}`, `# Note ${i}\n\nLinks to [[notes/n${(i + 1) % 5}]].\n`);

    // A writer keeps going for the whole backup: the backup must still be consistent.
    const backupDir = path.join(tempDir(), 'bk');
    cleanup.push(path.dirname(backupDir));
    let writing = true;
    const acknowledged: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await put(`live/w${i}`, `# Live ${i}\n`);
        acknowledged.push(`live/w${i}.md`);
      }
    })();
    const backup = await cli(['backup', backupDir], { BRAINKEEP_DATA: s.dataDir });
    writing = false;
    await writer;
    assert.equal(backup.code, 0, backup.stderr);
    assert.equal(backup.stdout, backupDir);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.format, 'brainkeep-backup');
    assert.ok(manifest.versions.brainkeep && manifest.versions.migrations.length >= 1);
    const mainEntry = manifest.brains.find((b: any) => b.slug === 'main');
    assert.match(mainEntry.head, /^[0-9a-f]{40}$/);
    assert.match(mainEntry.bundle.sha256, /^[0-9a-f]{64}$/);
    const originalGitdir = s.c.repos.gitdirOf(s.mainBrainId);
    const backedUpPages = git(originalGitdir, 'ls-tree', '-r', '--name-only', mainEntry.head).trim().split('\n').filter((p) => p.endsWith('.md') && !p.startsWith('.brain/'));
    for (let i = 0; i < 5; i++) assert.ok(backedUpPages.includes(`notes/n${i}.md`));

    // Changes after the backup must not appear in the restore.
    await put('notes/n0', '# Note 0 changed after the backup\n');
    assert.equal((await s.request('DELETE', '/api/v1/brains/main/pages?path=notes/n1', { token: write })).status, 204);
    await put('notes/after', '# After\n');
    const lateKey = s.credential('Read', 'main', 'after-backup');

    // Refuses a data folder that is not empty, and changes nothing in it.
    await assert.rejects(restoreFiles(backupDir, s.dataDir, s.c.repos), (e: any) => e instanceof BackupError && /not empty/.test(e.message));
    assert.equal((await s.request('GET', '/api/v1/brains/main/pages?path=notes/after', { token: write })).status, 200);

    const restoredDir = path.join(tempDir(), 'restored');
    cleanup.push(path.dirname(restoredDir));
    const restore = await cli(['restore', backupDir], { BRAINKEEP_DATA: restoredDir });
    assert.equal(restore.code, 0, restore.stderr);
    assert.equal(restore.stdout, restoredDir);

    const r = await startTestServer({ BRAINKEEP_DATA: restoredDir });
    try {
      assert.equal(r.printed.length, 0, 'a restored folder is not bootstrapped again');
      assert.equal((await r.request('GET', '/readyz')).status, 200);
      // Credentials made before the backup still work; the one made after does not exist there.
      const list = await r.request('GET', '/api/v1/brains/main/pages?limit=1000', { token: readKey });
      assert.equal(list.status, 200);
      assert.equal((await r.request('GET', '/api/v1/brains', { token: lateKey })).status, 401);
      // Exactly the pages of the backed-up commit, with their bytes.
      assert.deepEqual(list.body.pages.map((p: any) => p.path).sort(), [...backedUpPages].sort());
      for (const p of backedUpPages) {
        const page = await r.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token: readKey });
        assert.equal(page.body.markdown, git(originalGitdir, 'show', `${mainEntry.head}:${p}`), p);
      }
      assert.match((await r.request('GET', '/api/v1/brains/main/pages?path=notes/n0', { token: readKey })).body.markdown, /^# Note 0\n/);
      assert.equal((await r.request('GET', '/api/v1/brains/main/pages?path=notes/after', { token: readKey })).status, 404);
      // Every write acknowledged before the backup began is there (the writer's first writes at least).
      for (const p of acknowledged.filter((p) => backedUpPages.includes(p))) assert.ok(list.body.pages.some((x: any) => x.path === p));
      // Users and their passwords came back.
      assert.deepEqual(r.c.identity.users().map((u) => u.email).sort(), s.c.identity.users().map((u) => u.email).sort());
      await r.c.identity.verifyLogin('ada@example.com', 'analytical-engine');
      // Webhook secrets (encrypted under the data folder's key) still authenticate.
      const hook = await r.request('POST', `/api/ingest/${r.mainBrainId}`, { rawBody: 'after restore', headers: { 'content-type': 'text/plain', 'x-ingest-secret': hookSecret } });
      assert.equal(hook.status, 201, hook.text);
      // The restored repository is sound, the index agrees with it, and writes work.
      execFileSync('git', ['--git-dir', r.c.repos.gitdirOf(r.mainBrainId), 'fsck', '--strict'], { stdio: 'pipe' });
      assert.equal(r.c.pageIndex.indexedCommit(r.mainBrainId), mainEntry.head);
      const w = r.credential('Write');
      assert.equal((await r.request('PUT', '/api/v1/brains/main/pages', { token: w, body: { path: 'notes/new', markdown: '# New\n' } })).status, 201);
      assert.deepEqual((await r.c.backups.doctor({ repair: false })).findings, []);
    } finally {
      await r.stop();
    }
  });

  it('a brain in the trash goes into the backup and comes back into the trash, and `brain restore` brings it back after the round trip', async () => {
    const b = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'binned' });
    const w = s.credential('Write', 'binned');
    const put = await s.request('PUT', '/api/v1/brains/binned/pages', { token: w, body: { path: 'notes/kept', markdown: '# Kept\n\nA wombat in the trash.\n' } });
    assert.equal(put.status, 201, put.text);
    await s.c.brains.delete(SYSTEM_ACTOR, 'binned', 'binned');
    const head = git(s.c.repos.trashGitdirOf(b.id), 'rev-parse', 'main').trim();

    const backupDir = path.join(tempDir(), 'bk');
    cleanup.push(path.dirname(backupDir));
    const backup = await cli(['backup', backupDir], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(backup.code, 0, backup.stderr);
    const entry = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')).brains.find((x: any) => x.slug === 'binned');
    assert.equal(entry.trashed, true);
    assert.equal(entry.head, head);

    const restoredDir = path.join(tempDir(), 'restored');
    cleanup.push(path.dirname(restoredDir));
    const restore = await cli(['restore', backupDir], { BRAINKEEP_DATA: restoredDir });
    assert.equal(restore.code, 0, restore.stderr);
    assert.ok(fs.existsSync(path.join(restoredDir, 'trash', `${b.id}.git`, 'HEAD')), 'the repository is back in the trash');
    assert.ok(!fs.existsSync(path.join(restoredDir, 'brains', `${b.id}.git`)));

    const r = await startTestServer({ BRAINKEEP_DATA: restoredDir });
    try {
      assert.deepEqual(r.c.brains.trash().map((t) => t.slug), ['binned']);
      await r.c.brains.restore(SYSTEM_ACTOR, 'binned');
      const read = r.credential('Read', 'binned');
      const page = await r.request('GET', '/api/v1/brains/binned/pages?path=notes/kept', { token: read });
      assert.equal(page.status, 200, page.text);
      assert.match(page.body.markdown, /wombat/);
      const hits = await r.request('GET', '/api/v1/brains/binned/search?q=wombat&mode=exact', { token: read });
      assert.deepEqual(hits.body.hits.map((h: any) => h.path), ['notes/kept.md']);
      assert.equal(git(r.c.repos.gitdirOf(b.id), 'rev-parse', 'main').trim(), head);
    } finally {
      await r.stop();
    }
  });

  it('refuses a damaged or incomplete backup, and never writes into a non-empty folder', async () => {
    const dir = path.join(tempDir(), 'bk');
    cleanup.push(path.dirname(dir));
    const manifest = await s.c.backups.backup(dir);
    await assert.rejects(s.c.backups.backup(dir), (e: any) => e instanceof BackupError && /not empty/.test(e.message));
    const bundle = path.join(dir, manifest.brains[0]!.bundle!.path);
    const bytes = fs.readFileSync(bundle);
    bytes[bytes.length - 30] ^= 0xff;
    fs.writeFileSync(bundle, bytes);
    const target = tempDir();
    cleanup.push(target);
    await assert.rejects(restoreFiles(dir, target, s.c.repos), (e: any) => e instanceof BackupError && /checksum/.test(e.message));
    assert.deepEqual(fs.readdirSync(target), [], 'nothing was restored');
    fs.rmSync(path.join(dir, 'manifest.json'));
    await assert.rejects(restoreFiles(dir, target, s.c.repos), (e: any) => e instanceof BackupError && /manifest\.json/.test(e.message));
  });

  it('doctor finds index differences, and --repair rebuilds the index from the repository', async () => {
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
    s.c.db.prepare("UPDATE pages SET blob_oid = '0123456789012345678901234567890123456789' WHERE brain_id = ? AND path = 'notes/n2.md'").run(s.mainBrainId);
    s.c.db.prepare("DELETE FROM pages WHERE brain_id = ? AND path = 'notes/n3.md'").run(s.mainBrainId);
    s.c.db
      .prepare("INSERT INTO pages (brain_id, path, folder, title, summary, frontmatter, markdown, version, blob_oid, commit_oid, updated_at, updated_by) SELECT brain_id, 'ghost.md', '', 'Ghost', '', '{}', '', 1, blob_oid, commit_oid, updated_at, updated_by FROM pages WHERE brain_id = ? LIMIT 1")
      .run(s.mainBrainId);
    const found = await cli(['doctor'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(found.code, 1);
    assert.match(found.stdout, /index_blob_mismatch: notes\/n2\.md/);
    assert.match(found.stdout, /index_missing_page: notes\/n3\.md/);
    assert.match(found.stdout, /index_extra_page: ghost\.md/);
    assert.match(found.stderr, /doctor --repair/);

    const repaired = await cli(['doctor', '--repair'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(repaired.code, 0, repaired.stdout + repaired.stderr);
    assert.match(repaired.stdout, /repaired \(reconcile, \d+ commits, 3 corrected\)/);
    assert.equal((await s.request('GET', '/api/v1/brains/main/pages?path=notes/n3', { token: write })).status, 200);
    assert.equal((await s.request('GET', '/api/v1/brains/main/pages?path=ghost', { token: write })).status, 404);
    assert.deepEqual((await s.c.backups.doctor({ repair: false })).findings, []);
  });

  it('doctor reports a corrupt repository object, which an index rebuild cannot fix', async () => {
    const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'fragile' });
    const gitdir = s.c.repos.gitdirOf(brain.id);
    const oid = git(gitdir, 'rev-parse', 'main:.brain/instructions.md').trim();
    const file = path.join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
    assert.ok(fs.existsSync(file), 'the blob is a loose object');
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(file, Buffer.from('not a zlib stream at all'));
    const report = await s.c.backups.doctor({ repair: true });
    const fsckFindings = report.findings.filter((f) => f.kind === 'fsck');
    assert.deepEqual(fsckFindings.map((f) => [f.slug, f.repairable]), [['fragile', false]]);
    assert.deepEqual(report.brains.map((b) => [b.slug, b.fsck]), [['main', 'ok'], ['fragile', 'failed']]);
    assert.equal((await s.request('GET', '/readyz')).status, 200, 'a corrupt blob does not stop the service');
  });
});
