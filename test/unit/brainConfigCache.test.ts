// The brain configuration cache (src/storage/git/brainConfig.ts) reads `.brain/schema.json` from
// git once per change of `.brain/`, not once per commit: under a steady write load a read in
// flight while commits landed stored its entry at an older commit, and a request that saw the ref
// move before its commit was told as landed read again; every page write then read schema.json
// through isomorphic-git (a tenth of the event loop's time in the 64-client load bench).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BrainConfigCache } from '../../src/storage/git/brainConfig.js';
import { RefConflictError } from '../../src/storage/git/refStore.js';
import { RepoRegistry } from '../../src/storage/repoRegistry.js';
import type { BrainRepository, FileChange } from '../../src/storage/git/brainRepository.js';
import { tempDir } from '../helpers/server.js';

const AUTHOR = { name: 'Test', email: 'test@example.com' };

describe('brain configuration cache under commits', () => {
  let dir: string;
  let repo: BrainRepository;
  let cache: BrainConfigCache;
  let reads: number;

  /** Commit `files` on the head; `note` says how the cache is told (as the write path does). */
  async function commit(files: Record<string, string>, note: 'built-then-landed' | 'landed-only' | 'untold'): Promise<string> {
    const head = repo.head();
    const changes: FileChange[] = Object.entries(files).map(([path, text]) => ({ path, content: Buffer.from(text) }));
    const paths = changes.map((c) => c.path);
    const beforeLanding = note === 'built-then-landed' ? (built: { commit: string }) => cache.noteCommit('b', head, built.commit, paths, { landed: false }) : undefined;
    const landed = await repo.commit(head, changes, { message: 'test', author: AUTHOR }, { beforeLanding });
    if (note !== 'untold') cache.noteCommit('b', head, landed.commit, paths);
    return landed.commit;
  }

  beforeEach(async () => {
    dir = tempDir('brainkeep-config-cache-');
    const repos = new RepoRegistry(dir, false);
    repo = repos.get('b');
    await repo.init();
    const readFile = repo.readFile.bind(repo);
    reads = 0;
    repo.readFile = (filepath, at) => {
      if (filepath === '.brain/schema.json') reads++;
      return readFile(filepath, at);
    };
    cache = new BrainConfigCache(repos);
    await commit({ '.brain/schema.json': JSON.stringify({ folders: [], entityTypes: [], partitionFolder: 'clients' }) }, 'untold');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads once, and page commits told before and after the ref moves carry the entry', async () => {
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'clients');
    assert.equal(reads, 1);
    // Seen between the ref move and the landed note: the built note already vouches for it.
    const head = repo.head();
    const built = await repo.commit(head, [{ path: 'a.md', content: Buffer.from('# A\n') }], { message: 'a', author: AUTHOR }, { beforeLanding: (b) => cache.noteCommit('b', head, b.commit, ['a.md'], { landed: false }) });
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'clients');
    cache.noteCommit('b', head, built.commit, ['a.md']);
    await commit({ 'b.md': '# B\n' }, 'built-then-landed');
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'clients');
    assert.equal(reads, 1);
  });

  it('a read that was in flight while commits landed does not make the next request read again', async () => {
    const inFlight = cache.schemaOf('b');
    await commit({ 'a.md': '# A\n' }, 'built-then-landed');
    await commit({ 'b.md': '# B\n' }, 'landed-only');
    assert.equal((await inFlight).partitionFolder, 'clients');
    assert.equal(reads, 1);
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'clients');
    assert.equal(reads, 1);
  });

  it('reads again after a commit under .brain/, and after a ref move it was never told of', async () => {
    await cache.schemaOf('b');
    await commit({ '.brain/schema.json': JSON.stringify({ folders: [], entityTypes: [], partitionFolder: 'accounts' }) }, 'built-then-landed');
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'accounts');
    assert.equal(reads, 2);
    // A push (another writer): the head moves with no note, and its content is unknown.
    await commit({ '.brain/schema.json': JSON.stringify({ folders: [], entityTypes: [], partitionFolder: 'pushed' }) }, 'untold');
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'pushed');
    assert.equal(reads, 3);
    // A commit built and noted but beaten to the ref (it never lands) vouches for nothing.
    const head = repo.head();
    await commit({ '.brain/schema.json': JSON.stringify({ folders: [], entityTypes: [], partitionFolder: 'won' }) }, 'untold');
    await assert.rejects(
      repo.commit(head, [{ path: 'c.md', content: Buffer.from('# C\n') }], { message: 'c', author: AUTHOR }, { beforeLanding: (b) => cache.noteCommit('b', head, b.commit, ['c.md'], { landed: false }) }),
      RefConflictError,
    );
    assert.equal((await cache.schemaOf('b')).partitionFolder, 'won');
    assert.equal(reads, 4);
  });
});
