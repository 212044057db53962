// Clone and fetch through upload-pack without http-backend (src/storage/git/uploadPack.ts):
// protocol v2's ls-refs answered from the ref files is byte for byte what `git upload-pack`
// writes, for every argument a client sends and every ref state a brain can be in; a request the
// native answer does not cover gets git's own answer; and real clients (protocol v2 and v0,
// shallow, a fetch of an update, a gzip-encoded request) get the repository file:// gives.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { answerLsRefs, capped, MAX_INFLATED_REQUEST, pkt, readRefsForAdvertisement, requestCommand } from '../../src/storage/git/uploadPack.js';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

const FLUSH = '0000';
const DELIM = '0001';

/** A request of pkt-lines; '0000' and '0001' pass as flush and delimiter. */
function request(lines: string[]): Buffer {
  return Buffer.concat(lines.map((l) => (l === FLUSH || l === DELIM ? Buffer.from(l, 'latin1') : pkt(`${l}\n`))));
}

const CLONE_LS_REFS = request(['command=ls-refs', 'agent=git/2.39.5', 'object-format=sha1', DELIM, 'peel', 'symrefs', 'unborn', 'ref-prefix HEAD', 'ref-prefix refs/heads/', 'ref-prefix refs/tags/', FLUSH]);

const VARIANTS: Array<[string, Buffer]> = [
  ['a clone', CLONE_LS_REFS],
  ['no arguments', request(['command=ls-refs', DELIM, FLUSH])],
  ['no delimiter', request(['command=ls-refs', 'agent=git/2.39.5', FLUSH])],
  ['symrefs without unborn', request(['command=ls-refs', DELIM, 'symrefs', FLUSH])],
  ['unborn without symrefs', request(['command=ls-refs', DELIM, 'unborn', 'peel', FLUSH])],
  ['a prefix of a branch', request(['command=ls-refs', DELIM, 'symrefs', 'ref-prefix refs/heads/ma', FLUSH])],
  ['a prefix matching nothing', request(['command=ls-refs', DELIM, 'ref-prefix refs/notes/', FLUSH])],
  ['HEAD only', request(['command=ls-refs', DELIM, 'symrefs', 'ref-prefix HEAD', FLUSH])],
  ['a server option', request(['command=ls-refs', 'server-option=x', DELIM, 'symrefs', FLUSH])],
];

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };
}

/** What git itself answers: `git upload-pack --stateless-rpc` in protocol v2. */
function gitsAnswer(gitdir: string, body: Buffer): Buffer {
  return execFileSync('git', ['upload-pack', '--stateless-rpc', gitdir], { input: body, env: { ...gitEnv(), GIT_PROTOCOL: 'version=2' } });
}

describe('upload-pack without http-backend', function () {
  this.timeout(120_000);

  describe('ls-refs from the ref files', () => {
    let root: string;
    let n = 0;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-lsrefs-'));
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    const run = (args: string[], cwd: string) => execFileSync('git', args, { cwd, env: gitEnv() }).toString();
    const bare = () => {
      const dir = path.join(root, `r${n++}.git`);
      run(['init', '--quiet', '--bare', '--initial-branch=main', dir], root);
      return dir;
    };
    const commitTo = (gitdir: string, ref: string, text: string) => {
      const tree = run(['--git-dir', gitdir, 'mktree'], root).trim() || '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
      const parent = readRefsForAdvertisement(gitdir)?.refs.find((r) => r.name === ref)?.oid;
      const oid = run(['--git-dir', gitdir, 'commit-tree', tree, '-m', text, ...(parent ? ['-p', parent] : [])], root).trim();
      run(['--git-dir', gitdir, 'update-ref', ref, oid], root);
      return oid;
    };
    const assertSame = (gitdir: string, state: string) => {
      for (const [name, body] of VARIANTS) {
        const ours = answerLsRefs(body, readRefsForAdvertisement(gitdir));
        assert.ok(ours, `${state}, ${name}: answered natively`);
        assert.equal(ours.toString('latin1'), gitsAnswer(gitdir, body).toString('latin1'), `${state}, ${name}`);
      }
    };

    it('is byte-identical to git for an empty repository, one branch, loose and packed refs, several branches and a detached HEAD', () => {
      const gitdir = bare();
      assertSame(gitdir, 'empty (unborn HEAD)');
      const first = commitTo(gitdir, 'refs/heads/main', 'one');
      assertSame(gitdir, 'one loose branch');
      run(['--git-dir', gitdir, 'pack-refs', '--all'], root);
      assert.ok(!fs.existsSync(path.join(gitdir, 'refs/heads/main')));
      assertSame(gitdir, 'packed');
      commitTo(gitdir, 'refs/heads/main', 'two');
      assertSame(gitdir, 'loose over packed');
      commitTo(gitdir, 'refs/heads/a-side', 'side');
      commitTo(gitdir, 'refs/heads/main.old', 'dotted');
      commitTo(gitdir, 'refs/heads/nested/branch', 'nested');
      assertSame(gitdir, 'several branches');
      run(['--git-dir', gitdir, 'update-ref', '--no-deref', 'HEAD', first], root);
      assertSame(gitdir, 'detached HEAD');
    });

    it('reads the command of a request with or without its newline, as git sends fetch and ls-refs', () => {
      // Captured from git 2.39's clone: `0011command=fetch` (no newline), `0014command=ls-refs\n`.
      assert.equal(requestCommand(Buffer.from('0011command=fetch0014agent=git/2.39.50000', 'latin1')), 'fetch');
      assert.equal(requestCommand(CLONE_LS_REFS), 'ls-refs');
      assert.equal(requestCommand(Buffer.from('0012command=fetch\n0000', 'latin1')), 'fetch');
      for (const bad of ['', '0000', '0011command=fetc', 'zzzzcommand=fetch', '000ccommand=', '0011agent=git/2.3']) assert.equal(requestCommand(Buffer.from(bad, 'latin1')), null, bad);
    });

    it('never misses a ref that gc packs and prunes while the refs are read (loose refs first, as git reads them)', () => {
      const gitdir = bare();
      const c = commitTo(gitdir, 'refs/heads/main', 'one');
      const readdir = fs.readdirSync;
      let packed = false;
      // `git pack-refs --prune` runs the moment the refs start being read: read packed-refs first and
      // then the loose files, the ref would be in neither.
      (fs as { readdirSync: unknown }).readdirSync = ((dir: fs.PathLike, opts?: unknown) => {
        if (!packed && String(dir).endsWith(`${path.sep}refs`)) {
          packed = true;
          run(['--git-dir', gitdir, 'pack-refs', '--all', '--prune'], root);
        }
        return (readdir as (d: fs.PathLike, o?: unknown) => unknown)(dir, opts);
      }) as typeof fs.readdirSync;
      let refs: ReturnType<typeof readRefsForAdvertisement>;
      try {
        refs = readRefsForAdvertisement(gitdir);
      } finally {
        (fs as { readdirSync: unknown }).readdirSync = readdir;
      }
      assert.ok(packed, 'gc ran while the refs were read');
      assert.ok(!fs.existsSync(path.join(gitdir, 'refs/heads/main')), 'the loose ref was pruned');
      assert.deepEqual(refs?.refs, [{ name: 'refs/heads/main', oid: c }]);
    });

    it('leaves tags, other refs and requests it does not know to git', () => {
      const gitdir = bare();
      const c = commitTo(gitdir, 'refs/heads/main', 'one');
      assert.ok(answerLsRefs(CLONE_LS_REFS, readRefsForAdvertisement(gitdir)));
      // Not ls-refs, a capability or an argument this code does not know, a second command, a truncated request.
      for (const body of [
        request(['command=fetch', DELIM, 'want ' + c, 'done', FLUSH]),
        request(['command=ls-refs', 'session-id=1', DELIM, FLUSH]),
        request(['command=ls-refs', DELIM, 'symrefs', 'color', FLUSH]),
        request(['command=ls-refs', DELIM, FLUSH, 'command=ls-refs', FLUSH]),
        request(['command=ls-refs', DELIM, 'symrefs']),
        Buffer.from('zzzz', 'latin1'),
      ]) {
        assert.equal(answerLsRefs(body, readRefsForAdvertisement(gitdir)), null, body.toString('latin1'));
      }
      run(['--git-dir', gitdir, 'tag', '-a', '-m', 'v1', 'v1', c], root);
      assert.equal(readRefsForAdvertisement(gitdir), null, 'an annotated tag peels: git answers');
      fs.rmSync(path.join(gitdir, 'refs/tags/v1'));
      run(['--git-dir', gitdir, 'update-ref', 'refs/notes/commits', c], root);
      assert.equal(readRefsForAdvertisement(gitdir), null, 'a ref outside refs/heads/');
      fs.rmSync(path.join(gitdir, 'refs/notes/commits'));
      run(['--git-dir', gitdir, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main'], root);
      assert.equal(readRefsForAdvertisement(gitdir), null, 'a symbolic ref other than HEAD');
      fs.rmSync(path.join(gitdir, 'refs/heads/alias'));
      fs.writeFileSync(path.join(gitdir, 'refs/heads/main.lock'), c);
      assert.equal(readRefsForAdvertisement(gitdir), null, 'a ref being written');
      fs.rmSync(path.join(gitdir, 'refs/heads/main.lock'));
      fs.writeFileSync(path.join(gitdir, 'refs/heads/caf\u00e9'), `${c}\n`);
      assert.equal(readRefsForAdvertisement(gitdir), null, 'a name outside plain ASCII (git orders bytes)');
      fs.rmSync(path.join(gitdir, 'refs/heads/caf\u00e9'));
      assert.ok(readRefsForAdvertisement(gitdir));
    });
  });

  it('a gzipped request stops at 10 MiB inflated, as http-backend stops it (a gzip bomb)', async () => {
    const drain = () => new Writable({ write: (_c, _e, done) => done() });
    const bomb = gzipSync(Buffer.alloc(MAX_INFLATED_REQUEST + 1, 0x61));
    assert.ok(bomb.length < 64 * 1024, 'a small body');
    await assert.rejects(pipeline(Readable.from([bomb]), createGunzip(), capped(MAX_INFLATED_REQUEST), drain()), /inflates to more than 10485760 bytes/);
    await pipeline(Readable.from([gzipSync(Buffer.alloc(MAX_INFLATED_REQUEST, 0x61))]), createGunzip(), capped(MAX_INFLATED_REQUEST), drain());
  });

  describe('through the HTTP route', () => {
    let s: TestServer;
    let git: GitClient;
    let write: string;
    let gitdir: string;
    before(async () => {
      s = await startTestServer();
      git = new GitClient();
      write = s.credential('Write', 'main', 'fetcher');
      gitdir = s.c.repos.gitdirOf(s.mainBrainId);
      for (let i = 0; i < 3; i++) assert.ok([200, 201].includes((await putPage(`notes/n${i}.md`, `# Note ${i}\n`)).status));
    });
    after(async () => {
      await s.stop();
      git.cleanup();
    });
    const putPage = (p: string, markdown: string) => s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: p, markdown } });
    const url = () => gitUrl(s.url, 'main', write);
    const post = (body: Buffer, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/git/main.git/git-upload-pack`, {
        method: 'POST',
        headers: { authorization: `Bearer ${write}`, 'content-type': 'application/x-git-upload-pack-request', 'git-protocol': 'version=2', ...headers },
        body,
      });
    const history = (dir: string) => git.ok(['log', '--format=%H %T %P|%an|%B', '--all'], dir);

    it('answers ls-refs with the bytes and headers of git http-backend, also for a gzip-encoded request', async () => {
      const res = await post(CLONE_LS_REFS);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-result');
      assert.equal(res.headers.get('cache-control'), 'no-cache, max-age=0, must-revalidate');
      assert.equal(res.headers.get('pragma'), 'no-cache');
      assert.equal(res.headers.get('expires'), 'Fri, 01 Jan 1980 00:00:00 GMT');
      const body = Buffer.from(await res.arrayBuffer());
      assert.equal(body.toString('latin1'), gitsAnswer(gitdir, CLONE_LS_REFS).toString('latin1'));
      assert.match(body.toString('latin1'), new RegExp(`${s.c.repos.get(s.mainBrainId).head()} HEAD symref-target:refs/heads/main\n`));
      const gz = await post(gzipSync(CLONE_LS_REFS), { 'content-encoding': 'gzip' });
      assert.equal(gz.status, 200);
      assert.equal(Buffer.from(await gz.arrayBuffer()).toString('latin1'), body.toString('latin1'));
    });

    it('gives git its own answer to a command it does not answer natively, and still needs a token', async () => {
      const body = request(['command=object-info', DELIM, 'size', `oid ${s.c.repos.get(s.mainBrainId).head()}`, FLUSH]);
      const res = await post(body);
      assert.equal(res.status, 200);
      assert.equal(Buffer.from(await res.arrayBuffer()).toString('latin1'), gitsAnswer(gitdir, body).toString('latin1'));
      const anonymous = await fetch(`${s.url}/git/main.git/git-upload-pack`, { method: 'POST', headers: { 'content-type': 'application/x-git-upload-pack-request', 'git-protocol': 'version=2' }, body: CLONE_LS_REFS });
      assert.equal(anonymous.status, 401);
      const wrongType = await post(CLONE_LS_REFS, { 'content-type': 'text/plain' });
      assert.equal(wrongType.status, 415, 'http-backend refuses another content type, as before');
    });

    it('protocol v2 and v0 clones, a shallow clone and a fetch of an update give what file:// gives', async () => {
      const file = await git.clone(`file://${gitdir}`, 'file');
      const v2 = await git.clone(url(), 'v2', ['-c', 'protocol.version=2']);
      const v0 = await git.clone(url(), 'v0', ['-c', 'protocol.version=0']);
      const expected = await history(file);
      assert.equal(await history(v2), expected);
      assert.equal(await history(v0), expected);
      for (const dir of [v2, v0]) assert.equal(await git.ok(['ls-tree', '-r', 'HEAD'], dir), await git.ok(['ls-tree', '-r', 'HEAD'], file));

      const shallow = await git.clone(url(), 'shallow', ['--depth', '1']);
      assert.equal((await git.ok(['rev-list', '--count', 'HEAD'], shallow)).trim(), '1');
      assert.equal((await git.ok(['rev-parse', 'HEAD'], shallow)).trim(), s.c.repos.get(s.mainBrainId).head());
      assert.ok(fs.existsSync(path.join(shallow, '.git', 'shallow')));

      assert.equal((await putPage('notes/later.md', '# Later\n')).status, 201);
      const after = s.c.repos.get(s.mainBrainId).head();
      for (const [dir, proto] of [[v2, '2'], [v0, '0'], [shallow, '2']] as const) {
        await git.ok(['-c', `protocol.version=${proto}`, 'pull', '--quiet', '--ff-only'], dir);
        assert.equal((await git.ok(['rev-parse', 'HEAD'], dir)).trim(), after);
        assert.equal(fs.readFileSync(path.join(dir, 'notes/later.md'), 'utf8'), '# Later\n');
      }
      await git.ok(['fsck', '--strict'], v2);
    });

    it('a fetch whose request git gzips (many local commits to negotiate) is answered', async () => {
      const dir = await git.clone(url(), 'many-haves');
      // Local commits the server does not have: each becomes a `have` line, past git's 1 KiB gzip threshold.
      for (let i = 0; i < 40; i++) await git.commit(dir, { [`local/l${i}.md`]: `# L${i}\n` }, `Local ${i}`);
      assert.equal((await putPage('notes/remote.md', '# Remote\n')).status, 201);
      const trace = await git.run(['fetch', 'origin'], dir, { GIT_TRACE_CURL: '1', GIT_TRACE_CURL_NO_DATA: '1' });
      assert.equal(trace.code, 0, trace.stderr);
      assert.match(trace.stderr, /Content-Encoding: gzip/i);
      assert.equal((await git.ok(['rev-parse', 'origin/main'], dir)).trim(), s.c.repos.get(s.mainBrainId).head());
    });
  });
});
