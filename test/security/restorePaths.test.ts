// Issue 21, item 9: a restore refuses, before it writes anything, a backup whose manifest names a
// path that escapes its place: `../`, an absolute path, a brain id that climbs out of brains/,
// a file over the database, or a symbolic link in the backup that leads outside it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { BackupError, restoreFiles, type BackupManifest } from '../../src/services/backupService.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('security: restore keeps every path inside its target', function () {
  this.timeout(120_000);
  let s: TestServer;
  let original: BackupManifest;
  let backupDir: string;
  const cleanup: string[] = [];
  before(async () => {
    s = await startTestServer();
    const write = s.credential('Write');
    const up = await s.request('POST', '/api/v1/brains/main/inbox', { token: write, body: { filename: 'note.txt', content: 'Meeting notes to file.' } });
    assert.equal(up.status, 201, up.text);
    const parent = tempDir();
    cleanup.push(parent);
    backupDir = path.join(parent, 'backup');
    original = await s.c.backups.backup(backupDir);
    assert.ok(original.files.length > 0, 'the backup carries data files');
  });
  after(async () => {
    await s.stop();
    for (const d of cleanup) fs.rmSync(d, { recursive: true, force: true });
  });

  /** A copy of the real backup whose manifest (and files) `craft` changes; the copy sits in its own folder. */
  function crafted(craft: (m: BackupManifest, dir: string) => void): { dir: string; parent: string; target: string } {
    const parent = tempDir();
    cleanup.push(parent);
    const dir = path.join(parent, 'backup');
    fs.cpSync(backupDir, dir, { recursive: true });
    const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    craft(m, dir);
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m, null, 2));
    return { dir, parent, target: path.join(parent, 'data') };
  }

  async function refused(c: { dir: string; parent: string; target: string }, pattern: RegExp): Promise<void> {
    const before = fs.readdirSync(c.parent).sort();
    await assert.rejects(restoreFiles(c.dir, c.target, s.c.repos), (e: unknown) => {
      assert.ok(e instanceof BackupError, String(e));
      assert.match(e.message, /refused/);
      assert.match(e.message, pattern);
      return true;
    });
    assert.ok(!fs.existsSync(c.target) || fs.readdirSync(c.target).length === 0, 'nothing was written into the data folder');
    assert.deepEqual(fs.readdirSync(c.parent).sort(), before, 'nothing was written beside it');
  }

  it('refuses a file path with ../ that would land beside the data folder', async () => {
    const c = crafted((m, dir) => {
      const content = 'planted by a crafted backup\n';
      fs.writeFileSync(path.join(dir, 'escape.txt'), content);
      m.files.push({ path: 'files/../escape.txt', sha256: sha256(content), bytes: content.length });
    });
    await refused(c, /files\/\.\.\/escape\.txt/);
    assert.equal(fs.existsSync(path.join(c.parent, 'escape.txt')), false);
  });

  it('refuses absolute paths for the database, a bundle and a file', async () => {
    await refused(crafted((m) => void (m.database.path = '/etc/passwd')), /database path/);
    await refused(crafted((m) => void (m.brains[0]!.bundle!.path = path.resolve(backupDir, m.brains[0]!.bundle!.path))), /bundle/);
    await refused(crafted((m) => void (m.files[0]!.path = `files/${path.resolve(backupDir, m.files[0]!.path)}`)), /would land outside|leads outside/);
    await refused(crafted((m) => void (m.files[0]!.path = 'files/C:\\Windows\\win.ini')), /would land outside|leads outside/);
  });

  it('refuses a brain id that climbs out of the repositories folder', async () => {
    const c = crafted((m) => void (m.brains[0]!.id = '../../evil'));
    await refused(c, /brain id/);
    assert.equal(fs.existsSync(path.join(c.parent, 'evil.git')), false);
  });

  it('refuses a file that would overwrite the database or land in a repository', async () => {
    await refused(crafted((m) => void (m.files[0]!.path = 'files/brainkeep.db')), /overwrite/);
    await refused(crafted((m) => void (m.files[0]!.path = `files/brains/${m.brains[0]!.id}.git/hooks/post-checkout`)), /overwrite/);
  });

  it('refuses a file in the backup that is a symbolic link to somewhere outside it', async () => {
    const c = crafted((m, dir) => {
      const rel = m.files[0]!.path;
      const outside = path.join(path.dirname(dir), 'secret.txt');
      fs.copyFileSync(path.join(dir, rel), outside); // same bytes, so the checksum alone would pass
      fs.rmSync(path.join(dir, rel));
      fs.symlinkSync(outside, path.join(dir, rel));
    });
    await refused(c, /link that leads outside/);
  });

  it('still restores the untouched backup', async () => {
    const target = path.join(tempDir(), 'data');
    cleanup.push(path.dirname(target));
    const m = await restoreFiles(backupDir, target, s.c.repos);
    assert.equal(m.files.length, original.files.length);
    for (const f of m.files) assert.ok(fs.existsSync(path.join(target, f.path.slice('files/'.length))), f.path);
  });
});
