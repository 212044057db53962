// FileStaging.adopt: a multipart part staged by the content store is moved into files.tmp, not
// written to disk a second time nor hashed again (its digest comes with it); on another filesystem
// it is copied, and the part goes either way.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileStaging } from '../../src/storage/fileStaging.js';
import { tempDir } from '../helpers/server.js';

describe('FileStaging.adopt', () => {
  const bytes = randomBytes(300 * 1024);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let dataDir: string;
  let staging: FileStaging;
  const cleanup: string[] = [];

  beforeEach(() => {
    dataDir = tempDir();
    cleanup.push(dataDir);
    staging = new FileStaging(dataDir);
  });
  after(() => {
    for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A part as the multipart storage engine leaves it: on disk, with the digest it computed while streaming. */
  function part(dir: string): { tempPath: string; sha256: string; size: number } {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${randomBytes(4).toString('hex')}.part`);
    fs.writeFileSync(file, bytes);
    return { tempPath: file, sha256, size: bytes.length };
  }

  it('moves a part on the same filesystem: the same bytes (the same file), no copy left', async () => {
    const file = part(path.join(dataDir, 'inbox', '.tmp'));
    const inode = fs.statSync(file.tempPath).ino;
    const staged = await staging.adopt(file, bytes.length);
    assert.equal(fs.existsSync(file.tempPath), false, 'the part is gone from the content store');
    assert.deepEqual(fs.readdirSync(staging.dir), [path.basename(staged.tempPath)], 'one file in files.tmp');
    assert.equal(fs.statSync(staged.tempPath).ino, inode, 'renamed, not written again');
    assert.ok(fs.readFileSync(staged.tempPath).equals(bytes));
    assert.equal(staged.size, bytes.length);
    assert.equal(staged.sha256, sha256);
    assert.ok(staged.head.equals(bytes.subarray(0, staged.head.length)) && staged.head.length > 0);
    await staging.discard(staged);
    assert.deepEqual(fs.readdirSync(staging.dir), []);
  });

  it('refuses a part over the cap with 413 and leaves nothing behind', async () => {
    const file = part(path.join(dataDir, 'inbox', '.tmp'));
    await assert.rejects(staging.adopt(file, bytes.length - 1), (e: { status?: number }) => e.status === 413);
    assert.deepEqual(fs.readdirSync(staging.dir), []);
    assert.equal(fs.existsSync(file.tempPath), false);
  });

  it('takes the digest computed while the part streamed instead of hashing the file again', async () => {
    // A digest the file's bytes would not give: only a second hashing pass could replace it.
    const file = { ...part(path.join(dataDir, 'inbox', '.tmp')), sha256: 'f'.repeat(64) };
    const staged = await staging.adopt(file, bytes.length);
    assert.equal(staged.sha256, 'f'.repeat(64), 'the part was not hashed again');
    assert.equal(staged.size, bytes.length);
    assert.ok(staged.head.length > 0 && staged.head.equals(bytes.subarray(0, staged.head.length)));
    await staging.discard(staged);
  });

  it('refuses a part whose file no longer has the size it was hashed at', async () => {
    const file = part(path.join(dataDir, 'inbox', '.tmp'));
    fs.appendFileSync(file.tempPath, 'more');
    await assert.rejects(staging.adopt(file, bytes.length + 10), /changed size/);
    assert.deepEqual(fs.readdirSync(staging.dir), []);
  });

  it('copies a part from another filesystem (EXDEV) and removes it', async function () {
    const other = '/dev/shm';
    if (!fs.existsSync(other) || fs.statSync(other).dev === fs.statSync(dataDir).dev) this.skip();
    const dir = fs.mkdtempSync(path.join(other, 'brainkeep-test-'));
    cleanup.push(dir);
    const file = part(dir);
    const staged = await staging.adopt(file, bytes.length);
    assert.equal(fs.existsSync(file.tempPath), false, 'no copy left on the other filesystem');
    assert.ok(fs.readFileSync(staged.tempPath).equals(bytes));
    assert.equal(staged.sha256, sha256);
    assert.deepEqual(fs.readdirSync(staging.dir), [path.basename(staged.tempPath)]);
  });
});
