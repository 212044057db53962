// Brains as git remotes, driven with the real git CLI against a running server: clone, fetch
// and push over smart HTTP; a push is a first-class write (checked, locked, indexed, audited);
// refused pushes change nothing; access follows roles and visibility.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { PAGE_CONFLICT_MESSAGE } from '../../src/domain/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';

describe('git remote (smart HTTP)', function () {
  this.timeout(120_000);
  let s: TestServer;
  let git: GitClient;
  let write: string;
  let read: string;
  let admin: string;
  let brainId: string;

  before(async () => {
    s = await startTestServer();
    git = new GitClient();
    brainId = s.mainBrainId;
    write = s.credential('Write', 'main', 'pusher');
    read = s.credential('Read', 'main', 'reader');
    admin = s.credential('Admin', 'main', 'admin');
  });
  after(async () => {
    await s.stop();
    git.cleanup();
  });

  const url = (token: string | null = write, brain = 'main') => gitUrl(s.url, brain, token);
  const head = () => s.c.repos.get(brainId).head();
  const snapshot = () => ({
    head: head(),
    indexed: s.c.pageIndex.indexedCommit(brainId),
    seq: s.c.pageIndex.latestSeq(brainId),
    audit: s.c.audit.list(brainId, 1)[0]?.id ?? 0,
    refs: fs.existsSync(path.join(s.c.repos.gitdirOf(brainId), 'refs', 'tags')) ? fs.readdirSync(path.join(s.c.repos.gitdirOf(brainId), 'refs', 'tags')) : [],
  });
  const putPage = (p: string, markdown: string, token = write, extra: Record<string, unknown> = {}) =>
    s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: p, markdown, ...extra } });
  const getPage = (p: string, token = write) => s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p)}`, { token });
  const changesAfter = (seq: number) => s.c.pageIndex.changesSince(brainId, seq, 1000);

  describe('clone and fetch', () => {
    it('a fresh clone holds every API write as its own commit, authored by the actor, with the right content', async () => {
      const before = s.c.pageIndex.latestSeq(brainId);
      assert.equal((await putPage('notes/alpha.md', '# Alpha\n\nFirst.\n')).status, 201);
      assert.equal((await putPage('notes/beta.md', '# Beta\n\nSecond.\n')).status, 201);
      assert.equal((await putPage('notes/alpha.md', '# Alpha\n\nFirst, revised.\n')).status, 200);
      assert.equal(changesAfter(before).length, 3);

      const dir = await git.clone(url(), 'api-writes');
      assert.equal(fs.readFileSync(path.join(dir, 'notes/alpha.md'), 'utf8'), '# Alpha\n\nFirst, revised.\n');
      assert.equal(fs.readFileSync(path.join(dir, 'notes/beta.md'), 'utf8'), '# Beta\n\nSecond.\n');
      const log = (await git.ok(['log', '-3', '--format=%an|%s|%(trailers:key=Brainkeep-Actor,valueonly)'], dir)).trim().split('\n').filter(Boolean);
      assert.equal(log.length, 3);
      assert.match(log[0]!, /^pusher\|Update notes\/alpha\.md\|pusher <credential:/);
      assert.match(log[1]!, /^pusher\|Create notes\/beta\.md\|/);
      assert.match(log[2]!, /^pusher\|Create notes\/alpha\.md\|/);
      assert.equal((await git.ok(['rev-parse', 'HEAD'], dir)).trim(), head());

      // A later API write arrives with git pull.
      await putPage('notes/gamma.md', '# Gamma\n');
      await git.ok(['pull', '--quiet', '--ff-only'], dir);
      assert.equal(fs.readFileSync(path.join(dir, 'notes/gamma.md'), 'utf8'), '# Gamma\n');
    });

    it('a Bearer header (http.extraHeader) works as well as Basic', async () => {
      const dir = path.join(git.home, 'bearer');
      await git.ok(['-c', `http.extraHeader=Authorization: Bearer ${read}`, 'clone', '--quiet', url(null), dir]);
      assert.ok(fs.existsSync(path.join(dir, '.brain/schema.json')));
    });

    it('a gzip-compressed upload-pack request is inflated and answered with a pack', async () => {
      const want = head()!;
      const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
      const body = gzipSync(Buffer.from(`${pkt(`want ${want} ofs-delta\n`)}0000${pkt('done\n')}`));
      const res = await fetch(`${s.url}/git/main.git/git-upload-pack`, {
        method: 'POST',
        headers: { authorization: `Bearer ${read}`, 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip' },
        body,
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-result');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(0, 8).toString(), '0008NAK\n');
      assert.equal(bytes.subarray(8, 12).toString(), 'PACK');
    });

    it('speaks protocol v2 when the client asks for it (Git-Protocol header)', async () => {
      const res = await fetch(`${s.url}/git/main.git/info/refs?service=git-upload-pack`, { headers: { authorization: `Bearer ${read}`, 'git-protocol': 'version=2' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
      assert.match(await res.text(), /^000eversion 2\n[\s\S]*fetch=[^\n]*filter/);
    });

    it('serves only the smart protocol endpoints', async () => {
      const dumb = await fetch(`${s.url}/git/main.git/info/refs`, { headers: { authorization: `Bearer ${read}` } });
      assert.equal(dumb.status, 403);
      const file = await fetch(`${s.url}/git/main.git/HEAD`, { headers: { authorization: `Bearer ${read}` } });
      assert.equal(file.status, 404);
      const objects = await fetch(`${s.url}/git/main.git/objects/info/packs`, { headers: { authorization: `Bearer ${read}` } });
      assert.equal(objects.status, 404);
    });
  });

  describe('push is a first-class write', () => {
    it('pushed pages are indexed as the pusher\'s writes: GET, changes, search, backlinks, audit', async () => {
      const dir = await git.clone(url(), 'push-basic');
      const seq = s.c.pageIndex.latestSeq(brainId);
      const commit = await git.commit(
        dir,
        {
          'people/ada.md': '# Ada\n\nWorks on the [[projects/engine]] with quetzalcoatl gears.\n',
          'projects/engine.md': '# Analytical Engine\n\nA machine.\n',
        },
        'Add Ada and the engine',
      );
      const pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      assert.equal(head(), commit);
      assert.equal(s.c.pageIndex.indexedCommit(brainId), commit, 'the index caught up before git push returned');

      const page = await getPage('people/ada.md');
      assert.equal(page.status, 200);
      assert.equal(page.body.markdown, '# Ada\n\nWorks on the [[projects/engine]] with quetzalcoatl gears.\n');
      assert.equal(page.body.version, 1);
      assert.equal(page.body.commit, commit);
      assert.equal(page.body.updatedBy, 'pusher');

      const feed = await s.request('GET', `/api/v1/brains/main/changes?limit=1000`, { token: read });
      assert.equal(feed.status, 200);
      const mine = (feed.body.changes as Array<Record<string, unknown>>).filter((c) => (c.seq as number) > seq);
      assert.deepEqual(
        mine.map((c) => [c.op, c.path, c.by, c.commit]),
        [
          ['put', 'people/ada.md', 'pusher', commit],
          ['put', 'projects/engine.md', 'pusher', commit],
        ],
      );

      const search = await s.request('GET', '/api/v1/brains/main/search?q=quetzalcoatl&mode=exact', { token: read });
      assert.equal(search.status, 200);
      assert.deepEqual(
        (search.body.hits as Array<{ path: string }>).map((h) => h.path),
        ['people/ada.md'],
      );
      const back = await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=projects/engine.md', { token: read });
      assert.equal(back.status, 200);
      assert.deepEqual(
        (back.body.backlinks as Array<{ path: string }>).map((b) => b.path),
        ['people/ada.md'],
      );

      const audit = s.c.audit.list(brainId, 5).find((a) => a.action === 'git.push');
      assert.ok(audit, 'a git.push audit row');
      assert.match(audit.actor, /^credential:/);
      assert.equal(audit.actorName, 'pusher');
      assert.equal(audit.detail?.to, commit);
      assert.equal(audit.detail?.pages, 2);
    });

    it('an API write with a stale expectedVersion after a push gets 409', async () => {
      const dir = await git.clone(url(), 'push-conflict');
      const v1 = (await getPage('people/ada.md')).body.version as number;
      await git.commit(dir, { 'people/ada.md': '# Ada\n\nEdited in an editor.\n' });
      await git.ok(['push', '--quiet', 'origin', 'main'], dir);
      const now = await getPage('people/ada.md');
      assert.equal(now.body.version, v1 + 1);
      const stale = await putPage('people/ada.md', '# Ada\n\nFrom a stale client.\n', write, { expectedVersion: v1 });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.detail, PAGE_CONFLICT_MESSAGE);
      assert.equal(stale.body.currentVersion, v1 + 1);
      assert.equal((await getPage('people/ada.md')).body.markdown, '# Ada\n\nEdited in an editor.\n');
    });

    it('a git mv is one move entry; a git rm is a delete entry', async () => {
      const dir = await git.clone(url(), 'push-move');
      const seq = s.c.pageIndex.latestSeq(brainId);
      await git.ok(['mv', 'projects/engine.md', 'projects/analytical-engine.md'], dir);
      await git.ok(['commit', '--quiet', '-m', 'Rename the engine'], dir);
      await git.ok(['rm', '--quiet', 'notes/gamma.md'], dir);
      await git.ok(['commit', '--quiet', '-m', 'Drop gamma'], dir);
      await git.ok(['push', '--quiet', 'origin', 'main'], dir);
      const entries = changesAfter(seq).map((c) => [c.op, c.path, c.fromPath, c.by]);
      assert.deepEqual(entries, [
        ['move', 'projects/analytical-engine.md', 'projects/engine.md', 'pusher'],
        ['delete', 'notes/gamma.md', null, 'pusher'],
      ]);
      assert.equal((await getPage('projects/engine.md')).status, 404);
      assert.equal((await getPage('projects/analytical-engine.md')).status, 200);
      assert.equal((await getPage('notes/gamma.md')).status, 404);
    });

    it('a merge made by git pull (no rebase) is accepted and indexed up to the merge', async () => {
      const dir = await git.clone(url(), 'push-merge');
      await putPage('notes/server-side.md', '# Written through the API meanwhile\n');
      await git.commit(dir, { 'notes/client-side.md': '# Written in a clone\n' });
      await git.ok(['pull', '--quiet', '--no-rebase', '--no-edit'], dir);
      const merge = (await git.ok(['rev-parse', 'HEAD'], dir)).trim();
      assert.equal((await git.ok(['rev-list', '--parents', '-1', 'HEAD'], dir)).trim().split(' ').length, 3, 'a merge commit');
      const seq = s.c.pageIndex.latestSeq(brainId);
      await git.ok(['push', '--quiet', 'origin', 'main'], dir);
      assert.equal(head(), merge);
      assert.equal(s.c.pageIndex.indexedCommit(brainId), merge);
      assert.deepEqual(changesAfter(seq).map((c) => [c.op, c.path, c.by]), [['put', 'notes/client-side.md', 'pusher']]);
      assert.equal((await getPage('notes/client-side.md')).status, 200);
      assert.equal((await getPage('notes/server-side.md')).status, 200);
    });

    it('an Admin may change .brain/ by push; the schema and instructions follow', async () => {
      const dir = await git.clone(url(admin), 'push-admin');
      const schema = JSON.parse(fs.readFileSync(path.join(dir, '.brain/schema.json'), 'utf8')) as { folders: Array<{ path: string; description: string }> };
      schema.folders.push({ path: 'recipes', description: 'Things to cook' });
      await git.commit(dir, { '.brain/schema.json': `${JSON.stringify(schema, null, 2)}\n`, '.brain/instructions.md': '# House rules\n\nBe kind.\n' });
      const pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      const got = await s.request('GET', '/api/v1/brains/main/schema', { token: read });
      assert.ok((got.body.folders as Array<{ path: string }>).some((f) => f.path === 'recipes'));
      const instructions = await s.request('GET', '/api/v1/brains/main/instructions', { token: read });
      assert.equal(instructions.body.markdown, '# House rules\n\nBe kind.\n');
    });

    it('the schema follows a push of several commits: a change reverted within the push leaves it, a change kept takes effect', async () => {
      // The cached schema is carried over a push whose net change leaves .brain/ alone, and read again otherwise.
      const dir = await git.clone(url(admin), 'push-admin-schema');
      const original = fs.readFileSync(path.join(dir, '.brain/schema.json'), 'utf8');
      const withFolder = (name: string) => {
        const schema = JSON.parse(original) as { folders: Array<{ path: string; description: string }> };
        schema.folders.push({ path: name, description: `The ${name}` });
        return `${JSON.stringify(schema, null, 2)}\n`;
      };
      const folders = async () => ((await s.request('GET', '/api/v1/brains/main/schema', { token: read })).body.folders as Array<{ path: string }>).map((f) => f.path);
      await git.commit(dir, { '.brain/schema.json': withFolder('gadgets') }, 'Add gadgets');
      await git.commit(dir, { '.brain/schema.json': original, 'notes/reverted-schema.md': '# Reverted\n\nThe wombatcase schema came and went.\n' }, 'Revert gadgets');
      let pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      const before = await folders();
      assert.ok(!before.includes('gadgets'));
      const found = await s.request('GET', '/api/v1/brains/main/search?q=wombatcase&mode=exact', { token: read });
      assert.equal((found.body.hits as unknown[]).length, 1);
      await git.commit(dir, { '.brain/schema.json': withFolder('widgets') }, 'Add widgets');
      await git.commit(dir, { 'notes/kept-schema.md': '# Kept\n' }, 'A page after it');
      pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      assert.ok((await folders()).includes('widgets'));
    });
  });

  describe('refused pushes change nothing and say why', () => {
    let dir: string;
    before(async () => {
      dir = await git.clone(url(), 'refusals');
    });
    afterEach(async () => {
      await git.ok(['fetch', '--quiet', 'origin'], dir);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
    });

    /** git cat-file processes still running in the brain's repository (the checks' readers, started at the hook). */
    function readersLeft(): string[] {
      if (!fs.existsSync('/proc/self/cwd')) return [];
      const gitdir = fs.realpathSync(s.c.repos.gitdirOf(brainId));
      return fs.readdirSync('/proc').filter((pid) => {
        if (!/^\d+$/.test(pid)) return false;
        try {
          return fs.readlinkSync(`/proc/${pid}/cwd`) === gitdir && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cat-file');
        } catch {
          return false; // gone meanwhile, or not ours
        }
      });
    }

    async function expectRefused(args: string[], pattern: RegExp, cwd = dir): Promise<string> {
      const before = snapshot();
      const r = await git.run(args, cwd);
      assert.notEqual(r.code, 0, `push should have been refused:\n${r.stderr}`);
      assert.match(r.stderr, pattern);
      assert.deepEqual(snapshot(), before, 'the brain is untouched');
      // The size and content readers started at the hook were stopped before the verdict went out.
      assert.deepEqual(readersLeft(), [], 'no git reader left running after the refusal');
      return r.stderr;
    }

    it('a non-fast-forward (forced) push', async () => {
      // The brain moves on through the API; this clone's commit does not contain that change.
      assert.equal((await putPage('notes/moved-on.md', '# Moved on\n')).status, 201);
      await git.commit(dir, { 'notes/rewritten.md': '# Rewritten history\n' });
      await expectRefused(['push', '--force', 'origin', 'main'], /remote: .*refs\/heads\/main: non-fast-forward; the brain changed since you fetched/);
    });

    it('paths the API would refuse: not markdown, not normalized, not NFC, leading space', async () => {
      await git.commit(dir, { 'images/logo.bmp': Buffer.from([0x42, 0x4d, 0, 0]) });
      let err = await expectRefused(['push', 'origin', 'main'], /remote: Brainkeep refused this push; nothing was changed/);
      assert.match(err, /images\/logo\.bmp: only markdown pages \(\.md\) and files of the allowed types/);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
      await git.commit(dir, { ['notes/Cafe\u0301.md']: '# NFD\n', 'notes/ lead.md': '# Space\n' });
      err = await expectRefused(['push', 'origin', 'main'], /Unicode NFC/);
      assert.match(err, /segments may not start or end with spaces/);
    });

    it('a Read credential cannot push (403 with the reason)', async () => {
      await git.commit(dir, { 'notes/by-reader.md': '# Reader\n' });
      await expectRefused(['push', url(read), 'main'], /403|needs the Write role/);
    });

    it('a .brain/schema.json that does not parse, even from an Admin', async () => {
      const adminDir = await git.clone(url(admin), 'refusals-admin');
      await git.commit(adminDir, { '.brain/schema.json': '{ "folders": [ oops' });
      await expectRefused(['push', 'origin', 'main'], /schema\.json does not parse/, adminDir);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], adminDir);
      await git.commit(adminDir, { '.brain/schema.json': '{ "folders": [] }' });
      await expectRefused(['push', 'origin', 'main'], /schema\.json.*entityTypes/, adminDir);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], adminDir);
      await git.commit(adminDir, { '.brain/schema.json': null });
      await expectRefused(['push', 'origin', 'main'], /schema cannot be deleted/, adminDir);
      // A schema turned into a folder is its deletion too (the net change shows the file deleted).
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], adminDir);
      await git.commit(adminDir, { '.brain/schema.json': null, '.brain/schema.json/notes.md': '# Not a schema\n' });
      await expectRefused(['push', 'origin', 'main'], /schema cannot be deleted/, adminDir);
    });

    it('the same bytes at a .png and a .md are checked as both: a PNG that is not UTF-8 is no page', async () => {
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xfe, 0x00])]);
      await git.commit(dir, { 'images/a.png': bytes, 'notes/b.md': bytes });
      await expectRefused(['push', 'origin', 'main'], /notes\/b\.md: not valid UTF-8 text/);
    });

    it('commit messages of many large commits are each checked as they stream in', async () => {
      // 12 commits of 100 KB messages each; the forged trailer is in the last one.
      const big = 'x'.repeat(100 * 1024); // a command-line argument's limit is 128 KiB
      for (let i = 0; i < 11; i++) await git.commit(dir, { [`notes/big-${i}.md`]: `# Big ${i}\n` }, `Big ${i}\n\n${big}`);
      const last = await git.commit(dir, { 'notes/big-last.md': '# Last\n' }, `Last\n\n${big}\n\nBrainkeep-Actor: Owner <user:00000000-0000-0000-0000-000000000000>`);
      const stderr = await expectRefused(['push', 'origin', 'main'], /claims a Brainkeep-Actor trailer/);
      assert.match(stderr, new RegExp(last.slice(0, 12)));
    });

    it('.brain/ changes by a Write credential', async () => {
      await git.commit(dir, { '.brain/instructions.md': '# Hijacked\n' });
      await expectRefused(['push', 'origin', 'main'], /\.brain\/instructions\.md: files under \.brain\/ need the Admin role/);
    });

    it('tags, other branches and deleting main', async () => {
      await git.commit(dir, { 'notes/tagged.md': '# Tagged\n' });
      await git.ok(['tag', 'v1'], dir);
      await expectRefused(['push', 'origin', 'v1'], /tags are not accepted/);
      await expectRefused(['push', 'origin', 'HEAD:refs/heads/feature'], /only the main branch can be pushed/);
      await expectRefused(['push', 'origin', ':main'], /deletion prohibited|cannot be deleted/);
      await git.ok(['tag', '-d', 'v1'], dir);
    });

    it('a file over the 5 MB page limit, a symlink, and a forged Brainkeep-Actor trailer', async () => {
      await git.commit(dir, { 'notes/huge.md': Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) });
      await expectRefused(['push', 'origin', 'main'], /notes\/huge\.md: 5242881 bytes is over the 5242880-byte limit/);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
      fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
      fs.symlinkSync('/etc/passwd', path.join(dir, 'notes/link.md'));
      await git.commit(dir, {});
      await expectRefused(['push', 'origin', 'main'], /notes\/link\.md: symbolic links are not accepted/);
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
      await git.commit(dir, { 'notes/forged.md': '# Forged\n' }, 'Innocent change\n\nBrainkeep-Actor: Owner <user:00000000-0000-0000-0000-000000000000>');
      await expectRefused(['push', 'origin', 'main'], /claims a Brainkeep-Actor trailer/);
    });

    it('a push of several commits is checked commit by commit: a forged trailer or a bad path in a middle one refuses it all', async () => {
      // The checks read every pushed commit's message with one git process and each commit's own
      // diff; the net change alone (first to last) would miss a file added and removed again.
      await git.commit(dir, { 'notes/first.md': '# First\n' }, 'First');
      const middle = await git.commit(dir, { 'notes/second.md': '# Second\n' }, 'Second\n\nBrainkeep-Actor: Owner <user:00000000-0000-0000-0000-000000000000>');
      await git.commit(dir, { 'notes/third.md': '# Third\n' }, 'Third');
      const stderr = await expectRefused(['push', 'origin', 'main'], /claims a Brainkeep-Actor trailer/);
      assert.match(stderr, new RegExp(middle.slice(0, 7)), 'the refusal names the forged commit');
      await git.ok(['reset', '--quiet', '--hard', 'origin/main'], dir);
      await git.commit(dir, { 'notes/one.md': '# One\n' }, 'One');
      await git.commit(dir, { 'tools/run.exe': Buffer.from([0x4d, 0x5a, 0, 0]) }, 'Two');
      await git.commit(dir, { 'tools/run.exe': null, 'notes/three.md': '# Three\n' }, 'Three');
      await expectRefused(['push', 'origin', 'main'], /tools\/run\.exe: only markdown pages/);
    });
  });

  describe('concurrency', () => {
    it('pushes and API writes interleave without a lost update; the repository fscks clean', async () => {
      const dir = await git.clone(url(), 'concurrent');
      for (let i = 0; i < 4; i++) await git.commit(dir, { [`concurrent/pushed-${i}.md`]: `# Pushed ${i}\n` }, `Push ${i}`);
      const apiWrites = Array.from({ length: 12 }, (_, i) => putPage(`concurrent/api-${i}.md`, `# API ${i}\n`));
      const pushing = (async () => {
        for (let attempt = 0; attempt < 20; attempt++) {
          const r = await git.run(['push', 'origin', 'main'], dir);
          if (r.code === 0) return attempt;
          assert.match(r.stderr, /fetch first|non-fast-forward|rejected/, r.stderr);
          await git.ok(['pull', '--quiet', '--rebase'], dir);
        }
        throw new Error('push never landed');
      })();
      const [statuses] = await Promise.all([Promise.all(apiWrites), pushing]);
      assert.deepEqual(statuses.map((r) => r.status), Array(12).fill(201));

      assert.equal(s.c.pageIndex.indexedCommit(brainId), head());
      const fresh = await git.clone(url(read), 'concurrent-fresh');
      for (let i = 0; i < 12; i++) {
        assert.equal(fs.readFileSync(path.join(fresh, `concurrent/api-${i}.md`), 'utf8'), `# API ${i}\n`);
        assert.equal((await getPage(`concurrent/api-${i}.md`)).body.version, 1);
      }
      for (let i = 0; i < 4; i++) {
        assert.equal(fs.readFileSync(path.join(fresh, `concurrent/pushed-${i}.md`), 'utf8'), `# Pushed ${i}\n`);
        assert.equal((await getPage(`concurrent/pushed-${i}.md`)).body.markdown, `# Pushed ${i}\n`);
      }
      await git.ok(['--git-dir', s.c.repos.gitdirOf(brainId), 'fsck', '--strict', '--no-progress']);
    });

    it('pushes at once each get hook pipes of their own; the pipes made ahead for the next push are gone once the service closes', async () => {
      const other = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'gate-other' });
      const otherWrite = s.credential('Write', 'gate-other', 'pusher');
      const a = await git.clone(url(), 'gate-a');
      const b = await git.clone(url(otherWrite, 'gate-other'), 'gate-b');
      const ca = await git.commit(a, { 'gate/a.md': '# A\n' }, 'A');
      const cb = await git.commit(b, { 'gate/b.md': '# B\n' }, 'B');
      const spareOf = () => (s.c.gitRemote as unknown as { spareGateDir: Promise<string> | null }).spareGateDir;
      const [ra, rb] = await Promise.all([git.run(['push', 'origin', 'main'], a), git.run(['push', 'origin', 'main'], b)]);
      assert.equal(ra.code, 0, ra.stderr);
      assert.equal(rb.code, 0, rb.stderr);
      assert.equal(head(), ca);
      assert.equal(s.c.repos.get(other.id).head(), cb);
      assert.equal(s.c.pageIndex.indexedCommit(other.id), cb);
      // One folder is ready for the next push, holding only its two pipes.
      const spare = await spareOf()!;
      assert.deepEqual(fs.readdirSync(spare).sort(), ['hook.request', 'hook.verdict']);
      for (const f of fs.readdirSync(spare)) assert.ok(fs.statSync(path.join(spare, f)).isFIFO());
      // The next push to the same brain takes it, removes it when done, and leaves a new one.
      const ca0 = await git.commit(a, { 'gate/a0.md': '# A0\n' }, 'A0');
      const r0 = await git.run(['push', 'origin', 'main'], a);
      assert.equal(r0.code, 0, r0.stderr);
      assert.equal(s.c.pageIndex.indexedCommit(brainId), ca0);
      assert.equal(fs.existsSync(spare), false, 'a folder serves one push');
      const next = await spareOf()!;
      assert.notEqual(next, spare);
      // A temp cleaner removed the spare (no push for days): the next push makes its own and lands.
      fs.rmSync(next, { recursive: true, force: true });
      const ca1 = await git.commit(a, { 'gate/a1.md': '# A1\n' }, 'A1');
      const r1 = await git.run(['push', 'origin', 'main'], a);
      assert.equal(r1.code, 0, r1.stderr);
      assert.equal(s.c.pageIndex.indexedCommit(brainId), ca1);
      // A spare that could not be made (a full disk then) is not the next push's failure either.
      await spareOf();
      const failed = Promise.reject(new Error('no space left on device'));
      failed.catch(() => undefined);
      const previous = await spareOf()!;
      fs.rmSync(previous, { recursive: true, force: true });
      (s.c.gitRemote as unknown as { spareGateDir: Promise<string> | null }).spareGateDir = failed;
      const cb1 = await git.commit(b, { 'gate/b1.md': '# B1\n' }, 'B1');
      const r2 = await git.run(['push', 'origin', 'main'], b);
      assert.equal(r2.code, 0, r2.stderr);
      assert.equal(s.c.pageIndex.indexedCommit(other.id), cb1);
      const spareNow = await spareOf()!;
      await s.c.gitRemote.close();
      assert.equal(fs.existsSync(spareNow), false);
      assert.equal(spareOf(), null);
      // A push after that makes its pipes itself and leaves none behind.
      const ca2 = await git.commit(a, { 'gate/a.md': '# A2\n' }, 'A2');
      const r = await git.run(['push', 'origin', 'main'], a);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(s.c.pageIndex.indexedCommit(brainId), ca2);
      assert.equal(spareOf(), null);
    });
  });

  describe('access', () => {
    before(async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'secret', name: 'Secret' });
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'open', name: 'Open', visibility: 2 });
    });

    it('a Private brain: no credentials is 401 with a Basic challenge, indistinguishable from a missing brain', async () => {
      const r = await git.run(['clone', url(null, 'secret'), path.join(git.home, 'secret-anon')]);
      assert.notEqual(r.code, 0);
      assert.ok(!fs.existsSync(path.join(git.home, 'secret-anon', '.brain')));
      for (const brain of ['secret', 'no-such-brain']) {
        const res = await fetch(`${s.url}/git/${brain}.git/info/refs?service=git-upload-pack`);
        assert.equal(res.status, 401);
        assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Brainkeep"');
      }
    });

    it('a credential of another brain gets 404 for a Private brain; a bad token gets 401', async () => {
      const other = await fetch(`${s.url}/git/secret.git/info/refs?service=git-upload-pack`, { headers: { authorization: `Basic ${Buffer.from(`x:${read}`).toString('base64')}` } });
      assert.equal(other.status, 404);
      const bad = await fetch(`${s.url}/git/main.git/info/refs?service=git-upload-pack`, { headers: { authorization: `Basic ${Buffer.from('x:ck_nope').toString('base64')}` } });
      assert.equal(bad.status, 401);
      assert.equal(bad.headers.get('www-authenticate'), 'Basic realm="Brainkeep"');
      const r = await git.run(['clone', url(read, 'secret'), path.join(git.home, 'secret-other')]);
      assert.notEqual(r.code, 0);
    });

    it('a Public brain clones anonymously; pushing to it still needs credentials', async () => {
      const dir = await git.clone(url(null, 'open'), 'open-anon');
      assert.ok(fs.existsSync(path.join(dir, '.brain/schema.json')));
      const res = await fetch(`${s.url}/git/open.git/info/refs?service=git-receive-pack`);
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Brainkeep"');
      await git.commit(dir, { 'notes/anon.md': '# Anonymous\n' });
      const push = await git.run(['push', 'origin', 'main'], dir);
      assert.notEqual(push.code, 0);
    });
  });
});
