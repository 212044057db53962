// A repack by another process (a CLI import beside the server, another node on the same volume)
// cannot tell this process's BrainRepository: the pack cache is dropped when a read sees that a
// pack index listed at its last look is gone (at most once a second, or when a read fails), so the
// deleted whole-history pack is not kept in memory for good beside the new one.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { BrainRepository, type FileChange } from '../../src/storage/git/brainRepository.js';
import { gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { PACK_MIN_OBJECTS } from '../../src/storage/git/objectWriter.js';
import { tempDir } from '../helpers/server.js';

const AUTHOR = { name: 'Test', email: 'test@example.com' };
const git = (gitdir: string, ...args: string[]) => execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8' });
const packs = (gitdir: string) => fs.readdirSync(`${gitdir}/objects/pack`).filter((f) => f.endsWith('.idx')).sort();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the pack cache after another process repacks', function () {
  this.timeout(30_000);
  let dir: string;
  before(() => gitWriteThreads().warm());
  beforeEach(() => {
    dir = tempDir('brainkeep-packcache-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is dropped once a pack it listed is gone; reads keep answering throughout', async () => {
    const gitdir = `${dir}/b.git`;
    const writer = new BrainRepository(gitdir, { fsync: false });
    await writer.init();
    const many = (tag: string): FileChange[] => Array.from({ length: PACK_MIN_OBJECTS + 3 }, (_, i) => ({ path: `${tag}/${i}.md`, content: Buffer.from(`# ${tag} ${i}\n`) }));
    const first = await writer.commit(null, many('a'), { message: 'a', author: AUTHOR });
    await writer.commit(first.commit, many('b'), { message: 'b', author: AUTHOR });
    const before = packs(gitdir);
    assert.equal(before.length, 2);

    // The reader is another process's view: it reads both packs into its cache.
    const reader = new BrainRepository(gitdir, { fsync: false });
    assert.equal((await reader.readFile('a/1.md'))?.toString('utf8'), '# a 1\n');
    assert.equal((await reader.readFile('b/2.md'))?.toString('utf8'), '# b 2\n');
    const drops = reader.packCacheDrops;

    await sleep(1100);
    assert.equal((await reader.readFile('a/3.md'))?.toString('utf8'), '# a 3\n');
    assert.equal(reader.packCacheDrops, drops, 'no pack gone: the cache is kept');

    git(gitdir, 'repack', '-a', '-d', '-q');
    const after = packs(gitdir);
    assert.equal(after.length, 1);
    assert.ok(!before.includes(after[0]!));

    // Within the second, reads still answer (from what was cached, or on a fresh list).
    assert.equal((await reader.readFile('b/4.md'))?.toString('utf8'), '# b 4\n');
    await sleep(1100);
    assert.equal((await reader.readFile('a/5.md'))?.toString('utf8'), '# a 5\n');
    assert.ok(reader.packCacheDrops > drops, 'a listed pack is gone: the cache is dropped');
    const dropped = reader.packCacheDrops;
    await sleep(1100);
    assert.equal((await reader.readFile('b/6.md'))?.toString('utf8'), '# b 6\n');
    assert.equal(reader.packCacheDrops, dropped, 'dropped once, not at every look');
  });
});
