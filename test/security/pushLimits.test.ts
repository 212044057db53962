// Issue 21, item 5: a refused push does not read its blobs into memory. The real git CLI pushes
// over smart HTTP; the server's push checks report every byte of blob content they read to an
// observer (GitRemoteService.blobReadObserver), and the test counts them: an oversized file is
// refused from its object header without its bytes being read, the rest of a refused push is
// not read at all, and content checks stop at the first bad blob.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PACK_OBJECT_BYTES } from '../../src/services/gitRemoteService.js';
import { PackObjectTooLargeError, PackScanner } from '../../src/storage/git/packScanner.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

const PAGE_LIMIT = 5 * 1024 * 1024;

describe('security: push checks read no blob they do not need', function () {
  this.timeout(120_000);
  let s: TestServer;
  let git: GitClient;
  let dir: string;
  const reads = new Map<string, number>();
  const bytesRead = () => [...reads.values()].reduce((a, b) => a + b, 0);

  before(async () => {
    s = await startTestServer();
    git = new GitClient();
    s.c.gitRemote.blobReadObserver = (oid, bytes) => reads.set(oid, (reads.get(oid) ?? 0) + bytes);
    dir = await git.clone(gitUrl(s.url, 'main', s.credential('Write', 'main', 'pusher')), 'push-limits');
  });
  after(async () => {
    s.c.gitRemote.blobReadObserver = null;
    await s.stop();
    git.cleanup();
  });
  beforeEach(() => reads.clear());

  const head = () => s.c.repos.get(s.mainBrainId).head();
  const page = (i: number, kb: number) => `# Page ${i}\n\n${'All work and no play. '.repeat(Math.ceil((kb * 1024) / 22))}\n`;

  it('reads each pushed page once, streaming, when the push is accepted', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`notes/accepted-${i}.md`] = page(i, 64);
    await git.commit(dir, files, 'Eight pages');
    const pushed = await git.run(['push', 'origin', 'main'], dir);
    assert.equal(pushed.code, 0, pushed.stderr);
    const total = Object.values(files).reduce((a, t) => a + Buffer.byteLength(t), 0);
    assert.equal(bytesRead(), total, 'every pushed page is read for its content check, exactly once');
    assert.equal(reads.size, 8);
  });

  it('refuses a file over the limit from its object header: neither it nor the rest of the push is read', async () => {
    const before = head();
    const files: Record<string, string | Buffer> = { 'notes/huge.md': Buffer.alloc(PAGE_LIMIT * 4, 0x61) };
    for (let i = 0; i < 8; i++) files[`notes/beside-${i}.md`] = page(i, 256);
    await git.commit(dir, files, 'A huge page among normal ones');
    const r = await git.run(['push', 'origin', 'main'], dir);
    assert.notEqual(r.code, 0, 'the push is refused');
    assert.match(r.stderr, /notes\/huge\.md: 20971520 bytes is over the 5242880-byte limit/);
    assert.equal(bytesRead(), 0, `the refused push read ${bytesRead()} bytes of blob content`);
    assert.equal(head(), before, 'the brain is untouched');
    await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
  });

  it('stops reading contents at the first bad blob', async () => {
    const before = head();
    const bad = Buffer.concat([Buffer.from('# Not text\n'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.alloc(64 * 1024, 0x61)]);
    const files: Record<string, string | Buffer> = { 'notes/aa-bad.md': bad };
    for (let i = 0; i < 16; i++) files[`notes/zz-after-${i}.md`] = page(i, 256);
    await git.commit(dir, files, 'A page that is not UTF-8, then many good ones');
    const r = await git.run(['push', 'origin', 'main'], dir);
    assert.notEqual(r.code, 0, 'the push is refused');
    assert.match(r.stderr, /notes\/aa-bad\.md: not valid UTF-8/);
    // The bad page is read whole; of the 4 MB of good pages after it, at most what shared its pipe chunk.
    assert.ok(bytesRead() < bad.length + 256 * 1024, `read ${bytesRead()} bytes`);
    assert.equal(head(), before);
    await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
  });
});

describe('security: a pack is refused on the header of an object far over any limit', function () {
  this.timeout(120_000);
  let git: GitClient;
  before(() => {
    git = new GitClient();
  });
  after(() => git.cleanup());

  /** A receive-pack request body as git sends it: one command pkt-line, a flush, the pack. */
  async function pushBody(files: Record<string, Buffer | string>): Promise<{ body: Buffer; objects: number }> {
    const dir = path.join(git.home, `pack-${Math.random().toString(36).slice(2)}`);
    await git.ok(['init', '--quiet', '-b', 'main', dir]);
    const tip = await git.commit(dir, files, 'Files');
    const pack = execFileSync('git', ['pack-objects', '--stdout', '--revs', '--quiet'], { cwd: dir, input: `${tip}\n`, env: git.env, maxBuffer: 512 * 1024 * 1024 });
    const command = `${'0'.repeat(40)} ${tip} refs/heads/main\0report-status side-band-64k\n`;
    const pkt = Buffer.from(`${(command.length + 4).toString(16).padStart(4, '0')}${command}0000`, 'latin1');
    return { body: Buffer.concat([pkt, pack]), objects: pack.readUInt32BE(8) };
  }

  async function scan(body: Buffer, max: number, chunkSize: number, onCount?: (objects: number) => void): Promise<PackScanner> {
    const scanner = new PackScanner(max, onCount);
    for (let i = 0; i < body.length; i += chunkSize) await scanner.push(body.subarray(i, i + chunkSize));
    return scanner;
  }

  it('walks every object header of a real pack, whatever the chunking', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`notes/n-${i}.md`] = `# Note ${i}\n\n${'text '.repeat(i * 300)}\n`;
    files['notes/big.md'] = 'x'.repeat(300_000);
    const { body, objects } = await pushBody(files);
    for (const size of [7, 4096, 65536, body.length]) {
      // The pack's object count is told once, from its header (the server warms its derivation thread on it).
      const counts: number[] = [];
      const scanner = await scan(body, 1024 * 1024, size, (n) => counts.push(n));
      assert.equal(scanner.objectsSeen, objects, `chunks of ${size}`);
      assert.deepEqual(counts, [objects]);
      assert.ok(scanner.finished);
    }
  });

  it('throws on the header of an oversized object, before its data is read', async () => {
    // Random bytes do not compress: the pack is as big as the file, and the header comes first.
    const { body } = await pushBody({ 'a.md': '# A\n', 'huge.bin': randomBytes(2 * 1024 * 1024) });
    const scanner = new PackScanner(1024 * 1024);
    let fed = 0;
    await assert.rejects(async () => {
      for (let i = 0; i < body.length; i += 512) {
        fed = i + 512;
        await scanner.push(body.subarray(i, i + 512));
      }
    }, (e: unknown) => e instanceof PackObjectTooLargeError && e.size === 2 * 1024 * 1024 && e.type === 'blob');
    assert.ok(fed < 64 * 1024, `refused after ${fed} of ${body.length} bytes`);
  });

  it('refuses a real git push of a file over the object limit without running the push checks', async () => {
    const s = await startTestServer();
    try {
      let read = 0;
      s.c.gitRemote.blobReadObserver = (_oid, bytes) => (read += bytes);
      const dir = await git.clone(gitUrl(s.url, 'main', s.credential('Write', 'main', 'pusher')), 'push-giant');
      const before = s.c.repos.get(s.mainBrainId).head();
      fs.writeFileSync(path.join(dir, 'giant.md'), Buffer.alloc(MAX_PACK_OBJECT_BYTES + 1, 0x61));
      await git.ok(['add', '--all'], dir);
      await git.ok(['commit', '--quiet', '-m', 'Giant'], dir);
      const r = await git.run(['push', 'origin', 'main'], dir);
      assert.notEqual(r.code, 0, 'the push is refused');
      assert.match(r.stderr, /HTTP 413/, r.stderr);
      assert.equal(read, 0);
      assert.equal(s.c.repos.get(s.mainBrainId).head(), before);
    } finally {
      await s.stop();
    }
  });
});
