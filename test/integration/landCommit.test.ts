// A commit lands in one message to a git write thread (BrainRepository.commit): its objects are
// written and synced there, then the branch moves by compare-and-swap. The journal hook runs
// before anything is written; a stale parent lands nothing on the branch; what lands is a clean
// repository that git itself reads (loose objects for a lone write, one pack for a large commit).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { BrainRepository, type FileChange } from '../../src/storage/git/brainRepository.js';
import { gitWriteThreads } from '../../src/storage/git/gitWriteThread.js';
import { PACK_MIN_OBJECTS } from '../../src/storage/git/objectWriter.js';
import { RefConflictError } from '../../src/storage/git/refStore.js';
import { tempDir } from '../helpers/server.js';

const AUTHOR = { name: 'Test', email: 'test@example.com' };
const git = (gitdir: string, ...args: string[]) => execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8' });

describe('a commit lands in one message: objects, then the ref', function () {
  this.timeout(30_000);
  let dir: string;
  let repo: BrainRepository;

  before(() => gitWriteThreads().warm());
  beforeEach(async () => {
    dir = tempDir('brainkeep-land-');
    repo = new BrainRepository(`${dir}/b.git`, { fsync: true });
    await repo.init();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a lone write: journaled before anything lands, then its loose objects and the ref; git reads it and fsck is clean', async () => {
    const seen: Array<{ head: string | null; objectThere: boolean }> = [];
    const landed = await repo.commit(null, [{ path: 'notes/a.md', content: Buffer.from('# A\n') }], { message: 'Create notes/a.md', author: AUTHOR }, {
      syncLater: true,
      beforeLanding: (b) => seen.push({ head: repo.head(), objectThere: fs.existsSync(`${dir}/b.git/objects/${b.commit.slice(0, 2)}/${b.commit.slice(2)}`) }),
    });
    await landed.durable;
    assert.deepEqual(seen, [{ head: null, objectThere: false }]);
    assert.equal(repo.head(), landed.commit);
    assert.ok(fs.existsSync(`${dir}/b.git/objects/${landed.commit.slice(0, 2)}/${landed.commit.slice(2)}`), 'a lone write stays loose objects');
    assert.equal(git(`${dir}/b.git`, 'show', 'main:notes/a.md'), '# A\n');
    git(`${dir}/b.git`, 'fsck', '--strict');
  });

  it('a large commit lands as one pack; a later commit on a stale parent fails with RefConflictError and moves nothing', async () => {
    const files: FileChange[] = Array.from({ length: PACK_MIN_OBJECTS + 3 }, (_, i) => ({ path: `p/${i}.md`, content: Buffer.from(`# ${i}\n`) }));
    const first = await repo.commit(null, files, { message: 'many', author: AUTHOR });
    assert.equal(fs.readdirSync(`${dir}/b.git/objects/pack`).filter((f) => f.endsWith('.idx')).length, 1);
    const second = await repo.commit(first.commit, [{ path: 'p/0.md', content: Buffer.from('# zero\n') }], { message: 'next', author: AUTHOR });
    await assert.rejects(repo.commit(first.commit, [{ path: 'p/1.md', content: Buffer.from('# stale\n') }], { message: 'stale', author: AUTHOR }), RefConflictError);
    assert.equal(repo.head(), second.commit);
    assert.equal(git(`${dir}/b.git`, 'show', 'main:p/0.md'), '# zero\n');
    assert.equal(git(`${dir}/b.git`, 'show', 'main:p/1.md'), '# 1\n');
    assert.equal(git(`${dir}/b.git`, 'rev-list', '--count', 'main'), '2\n');
    git(`${dir}/b.git`, 'fsck', '--strict');
  });

  it('a journal that cannot be written lands nothing', async () => {
    await assert.rejects(
      repo.commit(null, [{ path: 'a.md', content: Buffer.from('# A\n') }], { message: 'a', author: AUTHOR }, {
        beforeLanding: () => {
          throw new Error('journal refused');
        },
      }),
      /journal refused/,
    );
    assert.equal(repo.head(), null);
  });
});
