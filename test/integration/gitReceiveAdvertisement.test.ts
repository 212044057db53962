// A push's ref advertisement without git (src/storage/git/receiveAdvertisement.ts): built from the
// ref files with the capabilities of git's own answer, it is byte for byte what git http-backend
// writes for every ref state a brain can be in; an answer this code would not build the same is
// never learnt from; and through the HTTP route the second push of a brain is advertised from the
// ref files, after the refs moved, with the bytes git gives.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answerReceiveAdvertisement, buildReceiveAdvertisement, learnReceiveAdvertisement } from '../../src/storage/git/receiveAdvertisement.js';
import { pkt, readRefsForAdvertisement } from '../../src/storage/git/uploadPack.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };
}

/** What git http-backend answers (its service line and flush, then receive-pack's advertisement). */
function gitsAnswer(gitdir: string, config: string[] = []): Buffer {
  const refs = execFileSync('git', [...config, 'receive-pack', '--advertise-refs', gitdir], { env: gitEnv() });
  return Buffer.concat([pkt('# service=git-receive-pack\n'), Buffer.from('0000'), refs]);
}

const HEADERS: Array<[string, string]> = [['Content-Type', 'application/x-git-receive-pack-advertisement']];

describe('a push\'s ref advertisement without http-backend', function () {
  this.timeout(120_000);

  describe('from the ref files', () => {
    let root: string;
    let n = 0;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-recvadv-'));
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
    const run = (args: string[]) => execFileSync('git', args, { cwd: root, env: gitEnv() }).toString();
    const bare = () => {
      const dir = path.join(root, `r${n++}.git`);
      run(['init', '--quiet', '--bare', '--initial-branch=main', dir]);
      return dir;
    };
    const commitTo = (gitdir: string, ref: string, text: string) => {
      const parent = readRefsForAdvertisement(gitdir)?.refs.find((r) => r.name === ref)?.oid;
      const oid = run(['--git-dir', gitdir, 'commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904', '-m', text, ...(parent ? ['-p', parent] : [])]).trim();
      run(['--git-dir', gitdir, 'update-ref', ref, oid]);
      return oid;
    };

    it('is byte-identical to git for an empty repository, one branch, loose and packed refs and several branches', () => {
      const gitdir = bare();
      const kept = learnReceiveAdvertisement(gitdir, HEADERS, gitsAnswer(gitdir));
      assert.ok(kept, 'learnt from an empty repository');
      const assertSame = (state: string) => assert.equal(answerReceiveAdvertisement(gitdir, kept)?.toString('latin1'), gitsAnswer(gitdir).toString('latin1'), state);
      assertSame('empty');
      commitTo(gitdir, 'refs/heads/main', 'one');
      assertSame('one loose branch');
      run(['--git-dir', gitdir, 'pack-refs', '--all']);
      assert.ok(!fs.existsSync(path.join(gitdir, 'refs/heads/main')));
      assertSame('packed');
      commitTo(gitdir, 'refs/heads/main', 'two');
      assertSame('loose over packed');
      commitTo(gitdir, 'refs/heads/a-side', 'side');
      commitTo(gitdir, 'refs/heads/nested/branch', 'nested');
      assertSame('several branches');
    });

    it('learns nothing from an answer it would build otherwise: a push certificate nonce, a session id, an alternate, refs moved since, not an advertisement', () => {
      const gitdir = bare();
      commitTo(gitdir, 'refs/heads/main', 'one');
      const nonce = gitsAnswer(gitdir, ['-c', 'receive.certNonceSeed=s3cret']);
      assert.match(nonce.toString('latin1'), /push-cert=/);
      assert.equal(learnReceiveAdvertisement(gitdir, HEADERS, nonce), null, 'a nonce changes with every answer');
      const sid = gitsAnswer(gitdir, ['-c', 'transfer.advertiseSID=true']);
      assert.match(sid.toString('latin1'), /session-id=/);
      assert.equal(learnReceiveAdvertisement(gitdir, HEADERS, sid), null, 'so does a session id');
      const stale = gitsAnswer(gitdir);
      commitTo(gitdir, 'refs/heads/main', 'two');
      assert.equal(learnReceiveAdvertisement(gitdir, HEADERS, stale), null, 'the refs moved after git answered');
      assert.equal(learnReceiveAdvertisement(gitdir, HEADERS, Buffer.from('0000')), null);
      const kept = learnReceiveAdvertisement(gitdir, HEADERS, gitsAnswer(gitdir));
      assert.ok(kept);
      // An alternate adds `.have` lines git writes and this code does not: git answers again.
      const other = bare();
      fs.writeFileSync(path.join(gitdir, 'objects/info/alternates'), `${path.join(other, 'objects')}\n`);
      assert.equal(answerReceiveAdvertisement(gitdir, kept), null);
      assert.equal(learnReceiveAdvertisement(gitdir, HEADERS, gitsAnswer(gitdir)), null);
    });

    it('answers git only for refs it reads (a tag makes the answer git\'s)', () => {
      const gitdir = bare();
      const oid = commitTo(gitdir, 'refs/heads/main', 'one');
      const kept = learnReceiveAdvertisement(gitdir, HEADERS, gitsAnswer(gitdir));
      assert.ok(kept);
      run(['--git-dir', gitdir, 'update-ref', 'refs/tags/v1', oid]);
      assert.equal(answerReceiveAdvertisement(gitdir, kept), null);
      assert.equal(buildReceiveAdvertisement({ head: null, refs: [] }, 'report-status').toString('latin1'), `001f# service=git-receive-pack\n0000${pkt('0000000000000000000000000000000000000000 capabilities^{}\0report-status\n').toString('latin1')}0000`);
    });
  });

  describe('through the HTTP route', () => {
    let s: TestServer;
    let git: GitClient;
    let write: string;
    before(async () => {
      s = await startTestServer();
      git = new GitClient();
      write = s.credential('Write', 'main', 'pusher');
    });
    after(async () => {
      await s.stop();
      git.cleanup();
    });
    const advertise = () => fetch(`${s.url}/git/main.git/info/refs?service=git-receive-pack`, { headers: { authorization: `Bearer ${write}` } });

    it('advertises the refs git would, from the ref files once learnt, after pushes and API writes moved them; pushes land', async () => {
      const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
      // Every http-backend the service starts, by what it was asked.
      const backends: string[] = [];
      const run = s.c.gitRemote.httpBackend;
      s.c.gitRemote.httpBackend = (dir, req, opts) => {
        backends.push(`${req.pathInfo}?${req.queryString}`);
        return run(dir, req, opts);
      };
      const advertisements = () => backends.filter((b) => b === 'info/refs?service=git-receive-pack').length;
      const first = await advertise();
      assert.equal(first.status, 200);
      assert.equal(Buffer.from(await first.arrayBuffer()).toString('latin1'), gitsAnswer(gitdir).toString('latin1'));
      assert.equal(advertisements(), 1, 'the first answer is git\'s, and teaches the capabilities');
      const dir = await git.clone(gitUrl(s.url, 'main', write), 'pusher');
      for (let i = 0; i < 2; i++) {
        fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
        fs.writeFileSync(path.join(dir, `notes/pushed-${i}.md`), `# Pushed ${i}\n`);
        await git.ok(['add', '.'], dir);
        await git.ok(['commit', '--quiet', '-m', `Push ${i}`], dir);
        await git.ok(['push', '--quiet', 'origin', 'main'], dir);
        assert.equal(s.c.repos.get(s.mainBrainId).head(), (await git.ok(['rev-parse', 'HEAD'], dir)).trim());
        assert.equal((await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: `notes/api-${i}.md`, markdown: `# API ${i}\n` } })).status, 201);
        const res = await advertise();
        assert.equal(res.headers.get('content-type'), 'application/x-git-receive-pack-advertisement');
        assert.equal(res.headers.get('cache-control'), 'no-cache, max-age=0, must-revalidate');
        assert.equal(Buffer.from(await res.arrayBuffer()).toString('latin1'), gitsAnswer(gitdir).toString('latin1'), `after push ${i} and an API write`);
        await git.ok(['pull', '--quiet', '--rebase', 'origin', 'main'], dir);
      }
      assert.equal(advertisements(), 1, 'no later advertisement (pushes\' and ours) started http-backend');
      // A shallow repository gets `shallow` lines from git, which this code does not write: git answers again.
      fs.writeFileSync(path.join(gitdir, 'shallow'), `${s.c.repos.get(s.mainBrainId).head()}\n`);
      try {
        const res = await advertise();
        assert.equal(Buffer.from(await res.arrayBuffer()).toString('latin1'), gitsAnswer(gitdir).toString('latin1'));
        assert.match(gitsAnswer(gitdir).toString('latin1'), /shallow /);
        assert.equal(advertisements(), 2);
      } finally {
        fs.rmSync(path.join(gitdir, 'shallow'));
        s.c.gitRemote.httpBackend = run;
      }
    });
  });
});
