// A commit's objects (CommitObjectSink) are hashed once, when put: the loose or pack sink that
// writes them takes the id along. What lands on disk is what git itself would write, by id and
// by byte, loose (a lone write) or packed (a group).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import isogit from 'isomorphic-git';
import { CommitObjectSink, LooseObjectSink, PackObjectSink, objectId, serializeCommit, serializeTree, storedZlib, type ObjectType } from '../../src/storage/git/objectWriter.js';

function objects(): Array<{ type: ObjectType; content: Buffer }> {
  const blobs = ['# One\n', '# Two\n', 'same\n', 'same\n'].map((t) => Buffer.from(t));
  const tree = serializeTree(blobs.slice(0, 3).map((b, i) => ({ mode: '100644', path: `p${i}.md`, oid: objectId('blob', b), type: 'blob' as const })));
  const commit = serializeCommit({ tree: objectId('tree', tree), parents: [], author: { name: 'Ada', email: 'ada@example.com' }, timestamp: 1_700_000_000, message: 'one\n' });
  return [...blobs.map((content) => ({ type: 'blob' as const, content })), { type: 'tree', content: tree }, { type: 'commit', content: commit }];
}

describe('object writer: a commit sink hashes each object once', () => {
  let root: string;
  const bare = (name: string) => {
    const gitdir = path.join(root, name);
    execFileSync('git', ['init', '--bare', '-q', gitdir]);
    return gitdir;
  };
  const git = (gitdir: string, ...args: string[]) => execFileSync('git', ['--git-dir', gitdir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const hashObject = (gitdir: string, type: ObjectType, content: Buffer) => execFileSync('git', ['--git-dir', gitdir, 'hash-object', '-t', type, '--stdin'], { input: content, encoding: 'utf8' }).trim();

  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-objects-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Finish `sink` with the loose and pack sinks' own hashing (`put`) made to fail: only `add` may be used. */
  async function finishWithoutRehash(sink: CommitObjectSink): Promise<void> {
    const saved = [LooseObjectSink.prototype.put, PackObjectSink.prototype.put];
    const refuse = () => {
      throw new Error('hashed again');
    };
    LooseObjectSink.prototype.put = refuse;
    PackObjectSink.prototype.put = refuse;
    try {
      await sink.finish();
    } finally {
      [LooseObjectSink.prototype.put, PackObjectSink.prototype.put] = saved;
    }
  }

  it('loose: ids are git’s, files byte-identical to a loose sink’s own, nothing hashed twice', async () => {
    const gitdir = bare('loose.git');
    const sink = new CommitObjectSink(gitdir, true, 100);
    const ids = objects().map((o) => sink.put(o.type, o.content));
    await finishWithoutRehash(sink);

    const direct = bare('direct.git');
    const plain = new LooseObjectSink(direct, true);
    const directIds = objects().map((o) => plain.put(o.type, o.content));
    await plain.finish();

    assert.deepEqual(ids, directIds);
    objects().forEach((o, i) => {
      assert.equal(ids[i], hashObject(gitdir, o.type, o.content));
      const rel = path.join('objects', ids[i]!.slice(0, 2), ids[i]!.slice(2));
      const written = fs.readFileSync(path.join(gitdir, rel));
      assert.deepEqual(written, fs.readFileSync(path.join(direct, rel)));
      assert.deepEqual(zlib.inflateSync(written), Buffer.concat([Buffer.from(`${o.type} ${o.content.length}\0`), o.content]));
    });
    git(gitdir, 'fsck', '--strict', '--no-progress', '--no-dangling');
  });

  it('loose: a small object is a zlib stream of stored blocks (no deflate call), a large one compressed; git and isomorphic-git read both', async () => {
    const gitdir = bare('stored.git');
    const big = Buffer.from('a line of a long page that compresses well\n'.repeat(200));
    const small = Buffer.from('# Small page\n\nA few words.\n');
    const sink = new CommitObjectSink(gitdir, true);
    const smallId = sink.put('blob', small);
    const bigId = sink.put('blob', big);
    const tree = serializeTree([
      { mode: '100644', path: 'big.md', oid: bigId, type: 'blob' },
      { mode: '100644', path: 'small.md', oid: smallId, type: 'blob' },
    ]);
    const treeId = sink.put('tree', tree);
    const commitId = sink.put('commit', serializeCommit({ tree: treeId, parents: [], author: { name: 'Ada', email: 'ada@example.com' }, timestamp: 1_700_000_000, message: 'two\n' }));
    await sink.finish();
    const file = (id: string) => fs.readFileSync(path.join(gitdir, 'objects', id.slice(0, 2), id.slice(2)));
    // A stored deflate block: BTYPE 00 in the first block's header (bits 1-2 of the byte after zlib's two).
    for (const id of [smallId, treeId, commitId]) assert.equal(file(id)[2]! & 0b110, 0, `${id} stored`);
    assert.notEqual(file(bigId)[2]! & 0b110, 0, 'the large blob compressed');
    assert.ok(file(bigId).length < big.length / 4);
    assert.equal(git(gitdir, 'cat-file', '-p', smallId), small.toString());
    assert.equal(git(gitdir, 'cat-file', '-p', bigId), big.toString());
    git(gitdir, 'fsck', '--strict', '--no-progress', '--no-dangling');
    for (const [id, content] of [[smallId, small], [bigId, big]] as const) {
      const { blob } = await isogit.readBlob({ fs, gitdir, oid: id });
      assert.deepEqual(Buffer.from(blob), content);
    }
    const { commit } = await isogit.readCommit({ fs, gitdir, oid: commitId });
    assert.equal(commit.tree, treeId);
  });

  it('packed: ids are git’s, git reads every object back whole, nothing hashed twice', async () => {
    const gitdir = bare('pack.git');
    const sink = new CommitObjectSink(gitdir, true, 1);
    const ids = objects().map((o) => sink.put(o.type, o.content));
    await finishWithoutRehash(sink);

    const packs = fs.readdirSync(path.join(gitdir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
    assert.equal(packs.length, 1);
    const listed = git(gitdir, 'verify-pack', '-v', path.join(gitdir, 'objects', 'pack', packs[0]!));
    objects().forEach((o, i) => {
      assert.equal(ids[i], hashObject(gitdir, o.type, o.content));
      assert.ok(listed.includes(ids[i]!), `${ids[i]} in the pack`);
      assert.deepEqual(execFileSync('git', ['--git-dir', gitdir, 'cat-file', o.type, ids[i]!]), o.content);
    });
    git(gitdir, 'fsck', '--strict', '--no-progress', '--no-dangling');
  });
});

describe('storedZlib', () => {
  it('is a zlib stream that inflates to the same bytes, at any size', () => {
    for (const n of [0, 1, 100, 2047, 5552, 5553, 65535, 65536, 200_000]) {
      const data = Buffer.alloc(n);
      for (let i = 0; i < n; i++) data[i] = (i * 7919 + (i >> 3)) & 0xff;
      assert.deepEqual(zlib.inflateSync(storedZlib(data)), data, `size ${n}`);
    }
  });
});
