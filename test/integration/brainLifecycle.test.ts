// Brain lifecycle (issue 24.2): PATCH (name, description, visibility, slug) with its roles, DELETE
// with the confirm step, the trash (every surface loses the brain at once), restore (pages,
// history and search come back), the purge, and the CLI's rename, delete and restore.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { browser, oauthTokens, signIn, type Browser } from '../helpers/oauth.js';
import { runCli } from '../helpers/cli.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { TrashPurgeJob } from '../../src/jobs/trashPurgeJob.js';

const PASSWORD = 'correct horse battery';

async function mcpBrains(url: string, token: string): Promise<string[]> {
  const client = new Client({ name: 'lifecycle-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  try {
    const r = (await client.callTool({ name: 'list_brains', arguments: {} })) as unknown as { structuredContent: { brains: Array<{ slug: string }> } };
    return r.structuredContent.brains.map((b) => b.slug);
  } finally {
    await client.close();
  }
}

describe('brain lifecycle', () => {
  let s: TestServer;
  let git: GitClient;
  let ann: string;
  let web: Browser;
  before(async () => {
    s = await startTestServer();
    git = new GitClient();
    await s.c.identity.createUser({ email: 'ann@example.com', name: 'Ann', password: PASSWORD }, SYSTEM_ACTOR);
    ann = (await oauthTokens(s.url, 'ann@example.com', PASSWORD)).access_token;
    web = browser();
    await signIn(web, s.url, 'ann@example.com', PASSWORD);
  });
  after(async () => {
    git.cleanup();
    await s.stop();
  });

  describe('PATCH', () => {
    it('Admin renames and describes; visibility and slug need Owner (403, nothing changed)', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'alpha', name: 'Alpha' });
      const admin = s.credential('Admin', 'alpha');
      const r = await s.request('PATCH', '/api/v1/brains/alpha', { token: admin, body: { name: 'Alpha Two', description: 'Notes' } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.name, 'Alpha Two');
      assert.equal(r.body.description, 'Notes');
      for (const body of [{ visibility: 1 }, { slug: 'alpha-2' }, { name: 'X', slug: 'alpha-3' }]) {
        const refused = await s.request('PATCH', '/api/v1/brains/alpha', { token: admin, body });
        assert.equal(refused.status, 403, refused.text);
        assert.equal(refused.body.code, 'insufficient_role');
      }
      const now = s.c.access.findBrain('alpha')!;
      assert.equal(now.name, 'Alpha Two');
      assert.equal(now.visibility, 0);
      const writer = s.credential('Write', 'alpha');
      assert.equal((await s.request('PATCH', '/api/v1/brains/alpha', { token: writer, body: { name: 'W' } })).status, 403);
    });

    it('Owner changes visibility and slug; the old slug stops resolving; a slug in use is 409; a bad one 400', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'beta' });
      const owner = s.credential('Owner', 'alpha');
      const r = await s.request('PATCH', '/api/v1/brains/alpha', { token: owner, body: { slug: 'gamma', visibility: 1 } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.slug, 'gamma');
      assert.equal(r.body.visibility, 1);
      assert.equal((await s.request('GET', '/api/v1/brains/alpha', { token: owner })).status, 404);
      assert.equal((await s.request('GET', '/api/v1/brains/gamma', { token: owner })).status, 200);
      const taken = await s.request('PATCH', '/api/v1/brains/gamma', { token: owner, body: { slug: 'beta', name: 'Renamed' } });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.code, 'slug_taken');
      assert.equal(s.c.access.findBrain('gamma')!.name, 'Alpha Two', 'a refused PATCH changes nothing');
      const bad = await s.request('PATCH', '/api/v1/brains/gamma', { token: owner, body: { slug: 'Not A Slug' } });
      assert.equal(bad.status, 400);
      const unknown = await s.request('PATCH', '/api/v1/brains/gamma', { token: owner, body: { colour: 'red' } });
      assert.equal(unknown.status, 400);
      // The git remote follows the slug.
      const dir = await git.clone(gitUrl(s.url, 'gamma', owner), 'gamma-clone');
      assert.ok(fs.existsSync(`${dir}/.brain/schema.json`));
    });

    it('is all or nothing: a slug write that fails after the field change leaves name, slug and audit as they were', async () => {
      const b = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'atomic', name: 'Atomic' });
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'atomic-rival' });
      const owner = s.credential('Owner', 'atomic');
      const repo = s.c.brainsRepo;
      const audits = () => s.c.audit.list(b.id).filter((a) => a.action.startsWith('brain.update') || a.action.startsWith('brain.embedding')).length;
      const auditsBefore = audits();
      // A rival took the slug after the check (a race): the slug write hits the UNIQUE index.
      const slugTaken = repo.slugTaken;
      repo.slugTaken = () => false;
      try {
        const r = await s.request('PATCH', '/api/v1/brains/atomic', { token: owner, body: { name: 'Half Done', visibility: 1, slug: 'atomic-rival' } });
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.code, 'slug_taken');
      } finally {
        repo.slugTaken = slugTaken;
      }
      let now = s.c.access.findBrain(b.id)!;
      assert.equal(now.name, 'Atomic', 'the name change rolled back with the refused slug');
      assert.equal(now.visibility, 0);
      assert.equal(now.slug, 'atomic');
      // An injected failure of the slug write itself.
      const setSlug = repo.setSlug;
      repo.setSlug = () => {
        throw new Error('disk I/O error (injected)');
      };
      try {
        const r = await s.request('PATCH', '/api/v1/brains/atomic', { token: owner, body: { name: 'Half Done', description: 'x', slug: 'atomic-new' } });
        assert.equal(r.status, 500, r.text);
      } finally {
        repo.setSlug = setSlug;
      }
      now = s.c.access.findBrain(b.id)!;
      assert.equal(now.name, 'Atomic');
      assert.equal(now.description, null);
      assert.equal(s.c.access.findBrain('atomic-new'), null);
      // A failure while storing the embedding change undoes the name and slug change too.
      const record = s.c.audit.record;
      s.c.audit.record = function (entry, at) {
        if (entry.action === 'brain.embedding.update') throw new Error('audit write failed (injected)');
        return record.call(this, entry, at);
      };
      try {
        const r = await s.request('PATCH', '/api/v1/brains/atomic', { token: owner, body: { name: 'Half Done', slug: 'atomic-new', embeddingProvider: 3 } });
        assert.equal(r.status, 500, r.text);
      } finally {
        s.c.audit.record = record;
      }
      now = s.c.access.findBrain(b.id)!;
      assert.equal(now.name, 'Atomic');
      assert.equal(now.slug, 'atomic');
      assert.equal(now.embeddingProvider, 0);
      assert.equal(audits(), auditsBefore, 'no audit row for a change that did not happen');
      // And the same PATCH without the failure changes everything at once.
      const ok = await s.request('PATCH', '/api/v1/brains/atomic', { token: owner, body: { name: 'Whole', slug: 'atomic-new', embeddingProvider: 3 } });
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.name, 'Whole');
      assert.equal(ok.body.slug, 'atomic-new');
      assert.equal(ok.body.embeddingProvider, 3);
      assert.equal(ok.body.embeddingDimensions, 768);
      assert.equal(audits(), auditsBefore + 2);
    });
  });

  describe('DELETE, the trash and restore', () => {
    let owner: string;
    let brainId: string;
    before(async () => {
      const b = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'doomed', name: 'Doomed' });
      brainId = b.id;
      s.c.members.add(SYSTEM_ACTOR, 'doomed', { email: 'ann@example.com', role: 'Owner' });
      owner = s.credential('Owner', 'doomed');
      const put = (markdown: string) => s.request('PUT', '/api/v1/brains/doomed/pages', { token: owner, body: { path: 'notes/zebra.md', markdown } });
      assert.equal((await put('# Zebra\n\nStripes of a quagga.\n')).status, 201);
      assert.equal((await put('# Zebra\n\nStripes of a quagga, edited.\n')).status, 200);
    });

    it('without confirm, or with another slug, is 400 and nothing changes', async () => {
      for (const qs of ['', '?confirm=', '?confirm=main', '?confirm=DOOMED']) {
        const r = await s.request('DELETE', `/api/v1/brains/doomed${qs}`, { token: owner });
        assert.equal(r.status, 400, `${qs}: ${r.text}`);
        assert.match(r.body.code, /^confirm_/);
      }
      assert.equal((await s.request('GET', '/api/v1/brains/doomed', { token: owner })).status, 200);
      assert.ok(fs.existsSync(s.c.repos.gitdirOf(brainId)));
    });

    it('an Admin may not delete (403); no token is 401', async () => {
      const admin = s.credential('Admin', 'doomed');
      assert.equal((await s.request('DELETE', '/api/v1/brains/doomed?confirm=doomed', { token: admin })).status, 403);
      assert.equal((await s.request('DELETE', '/api/v1/brains/doomed?confirm=doomed')).status, 401);
    });

    it('deletes: REST 404, git clone fails, MCP list_brains omits it, search, webhooks and the web lose it, the repository is in the trash', async () => {
      assert.deepEqual((await mcpBrains(s.url, ann)).includes('doomed'), true);
      const { secret } = s.c.sources.create(SYSTEM_ACTOR, 'doomed', { mode: 'secret', label: 'hook' });
      const hook = () => s.request('POST', `/api/ingest/${brainId}`, { rawBody: 'a note', headers: { 'content-type': 'text/plain', 'x-ingest-secret': secret } });
      assert.equal((await hook()).status, 201);
      assert.equal((await web.fetch(`${s.url}/app/b/doomed`)).status, 200);
      const r = await s.request('DELETE', '/api/v1/brains/doomed?confirm=doomed', { token: owner });
      assert.equal(r.status, 204, r.text);
      assert.equal((await s.request('GET', '/api/v1/brains/doomed', { token: ann })).status, 404);
      assert.equal((await s.request('GET', `/api/v1/brains/${brainId}`, { token: ann })).status, 404);
      assert.equal((await s.request('GET', '/api/v1/brains/doomed/pages?path=notes/zebra.md', { token: ann })).status, 404);
      assert.equal((await s.request('GET', '/api/v1/brains/doomed/search?q=quagga', { token: ann })).status, 404);
      const listed = (await s.request('GET', '/api/v1/brains', { token: ann })).body.brains.map((b: any) => b.slug);
      assert.ok(!listed.includes('doomed'));
      assert.ok(!(await mcpBrains(s.url, ann)).includes('doomed'));
      const clone = await git.run(['clone', '--quiet', gitUrl(s.url, 'doomed', owner), `${git.home}/doomed-clone`]);
      assert.notEqual(clone.code, 0, 'git clone of a deleted brain fails');
      assert.equal((await web.fetch(`${s.url}/app/b/doomed`)).status, 404);
      assert.equal((await hook()).status, 401, 'its webhook sources stop accepting deliveries');
      assert.doesNotMatch(await (await web.fetch(`${s.url}/app/b/main`)).text(), /doomed/, 'the brain switcher no longer offers it');
      assert.ok(!fs.existsSync(s.c.repos.gitdirOf(brainId)));
      assert.ok(fs.existsSync(s.c.repos.trashGitdirOf(brainId)));
      assert.deepEqual(s.c.brains.trash().map((b) => b.slug), ['doomed']);
      // The slug stays reserved while the brain is in the trash, and the 409 says why and what frees it.
      const again = await s.request('PATCH', '/api/v1/brains/main', { token: s.credential('Owner', 'main'), body: { slug: 'doomed' } });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'slug_in_trash');
      assert.match(again.body.detail, /deleted brain in the trash/);
      assert.match(again.body.detail, /brainkeep brain restore --slug doomed/);
      assert.match(again.body.detail, /purged/);
      assert.equal(again.body.trashedBrainId, brainId);
      assert.ok(Date.parse(again.body.purgeAfter) > Date.now());
      const create = await s.request('POST', '/api/v1/brains', { token: ann, body: { slug: 'doomed', name: 'Doomed again' } });
      assert.equal(create.status, 409, create.text);
      assert.match(String(create.headers.get('content-type')), /application\/problem\+json/);
      assert.equal(create.body.code, 'slug_in_trash');
      assert.match(create.body.detail, /restore --slug doomed/);
      await assert.rejects(s.c.brains.create(SYSTEM_ACTOR, { slug: 'doomed' }), (e: any) => e.code === 'slug_in_trash');
      // A slug derived from a name skips the trashed brain's slug, as it skips a live one.
      const derived = await s.c.brains.create(SYSTEM_ACTOR, { name: 'Doomed' });
      assert.equal(derived.slug, 'doomed-2');
    });

    it('restore brings back pages, history, search, git and MCP', async () => {
      const restored = await s.c.brains.restore({ kind: 'system', name: 'brainkeep-cli' }, 'doomed');
      assert.equal(restored.id, brainId);
      const page = await s.request('GET', '/api/v1/brains/doomed/pages?path=notes/zebra.md', { token: owner });
      assert.equal(page.status, 200, page.text);
      assert.match(page.body.markdown, /edited/);
      const history = await s.request('GET', '/api/v1/brains/doomed/pages/history?path=notes/zebra.md', { token: owner });
      assert.equal(history.status, 200);
      assert.equal(history.body.versions.length, 2);
      const hits = await s.request('GET', '/api/v1/brains/doomed/search?q=quagga&mode=exact', { token: owner });
      assert.equal(hits.status, 200, hits.text);
      assert.deepEqual(hits.body.hits.map((h: any) => h.path), ['notes/zebra.md']);
      assert.ok((await mcpBrains(s.url, ann)).includes('doomed'));
      assert.equal((await web.fetch(`${s.url}/app/b/doomed`)).status, 200);
      const dir = await git.clone(gitUrl(s.url, 'doomed', owner), 'doomed-restored');
      assert.match(fs.readFileSync(`${dir}/notes/zebra.md`, 'utf8'), /edited/);
      const log = await git.ok(['log', '--oneline'], dir);
      assert.ok(log.trim().split('\n').length >= 3, log);
      // Writes work again.
      assert.equal((await s.request('PUT', '/api/v1/brains/doomed/pages', { token: owner, body: { path: 'after.md', markdown: 'back\n' } })).status, 201);
    });

    it('a page or file write queued before the delete gets a 404 brain_not_found problem, not a raw error', async () => {
      const b = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'racing' });
      const w = s.credential('Write', 'racing');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const taken = new Promise<void>((r) => (holding = r));
      // The brain's write lock is held; the delete queues on it first, then the two writes.
      const lock = s.c.writes.locks.run(b.id, async () => {
        holding();
        await held;
      });
      await taken;
      const deleted = s.c.brains.delete(SYSTEM_ACTOR, 'racing', 'racing');
      const page = s.request('PUT', '/api/v1/brains/racing/pages', { token: w, body: { path: 'late.md', markdown: 'too late\n' } });
      const file = s.request('PUT', '/api/v1/brains/racing/files?path=late.txt', { token: w, rawBody: 'too late\n', headers: { 'content-type': 'text/plain' } });
      await new Promise((r) => setTimeout(r, 400));
      release();
      await lock;
      await deleted;
      for (const r of [await page, await file]) {
        assert.equal(r.status, 404, r.text);
        assert.match(String(r.headers.get('content-type')), /application\/problem\+json/);
        assert.equal(r.body.code, 'brain_not_found');
      }
      assert.ok(fs.existsSync(s.c.repos.trashGitdirOf(b.id)));
      assert.ok(!fs.existsSync(s.c.repos.gitdirOf(b.id)), 'the refused writes made no repository');
      // Restored, the brain holds neither write (and leaves the trash to the purge test below).
      await s.c.brains.restore(SYSTEM_ACTOR, 'racing');
      const r = s.credential('Read', 'racing');
      assert.equal((await s.request('GET', '/api/v1/brains/racing/pages?path=late.md', { token: r })).status, 404);
      assert.equal((await s.request('GET', '/api/v1/brains/racing/files?path=late.txt', { token: r })).status, 404);
    });

    it('the purge removes a brain once BRAINKEEP_TRASH_DAYS have passed, and only then', async () => {
      const b = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'short-lived' });
      await s.c.brains.delete(SYSTEM_ACTOR, 'short-lived', 'short-lived');
      assert.deepEqual(await s.c.brains.purgeExpired(), []);
      assert.ok(fs.existsSync(s.c.repos.trashGitdirOf(b.id)));
      assert.deepEqual(await s.c.brains.purgeExpired(Date.now() + 31 * 24 * 3600 * 1000), ['short-lived']);
      assert.ok(!fs.existsSync(s.c.repos.trashGitdirOf(b.id)));
      assert.deepEqual(s.c.brains.trash(), []);
      await assert.rejects(s.c.brains.restore(SYSTEM_ACTOR, 'short-lived'), /in the trash/);
      // The slug is free again.
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'short-lived' });
    });

    it('a brain that fails to purge is logged and retried next pass; the other expired brains are purged anyway', async () => {
      const stuck = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'purge-stuck' });
      const fine = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'purge-fine' });
      // Deleted in this order: the stuck one is first in the purge's loop.
      await s.c.brains.delete(SYSTEM_ACTOR, 'purge-stuck', 'purge-stuck');
      await s.c.brains.delete(SYSTEM_ACTOR, 'purge-fine', 'purge-fine');
      const purgeTrash = s.c.repos.purgeTrash;
      s.c.repos.purgeTrash = function (id: string) {
        if (id === stuck.id) throw Object.assign(new Error('EBUSY: resource busy or locked (injected)'), { code: 'EBUSY' });
        return purgeTrash.call(this, id);
      };
      const logged: Array<{ obj: any; msg: string }> = [];
      const log = { info: () => {}, error: (obj: any, msg: string) => void logged.push({ obj, msg }) };
      const later = Date.now() + 31 * 24 * 3600 * 1000;
      const job = new TrashPurgeJob({ purgeExpired: (_now, onFailure) => s.c.brains.purgeExpired(later, onFailure) }, log as any);
      try {
        await job.runOnce();
      } finally {
        s.c.repos.purgeTrash = purgeTrash;
      }
      assert.ok(!fs.existsSync(s.c.repos.trashGitdirOf(fine.id)), 'the other brain was purged');
      assert.ok(!s.c.brains.trash().some((b) => b.slug === 'purge-fine'));
      assert.deepEqual(s.c.brains.trash().map((b) => b.slug), ['purge-stuck'], 'the failing brain stays in the trash');
      assert.equal(logged.length, 1, JSON.stringify(logged));
      assert.equal(logged[0]!.obj.slug, 'purge-stuck');
      assert.match(String(logged[0]!.obj.err.message), /EBUSY/);
      assert.match(logged[0]!.msg, /retried next pass/);
      // The next pass purges it.
      assert.deepEqual(await s.c.brains.purgeExpired(later), ['purge-stuck']);
      assert.ok(!fs.existsSync(s.c.repos.trashGitdirOf(stuck.id)));
      assert.deepEqual(s.c.brains.trash(), []);
    });

    it('the purge removes the inbox content only the purged brain held, not bytes another brain shares', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'inbox-doomed' });
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'inbox-keeper' });
      const own = await s.c.inbox.upload(SYSTEM_ACTOR, { named: 'inbox-doomed' }, { content: 'only the doomed brain holds this' }, 'api');
      await s.c.inbox.upload(SYSTEM_ACTOR, { named: 'inbox-doomed' }, { content: 'both brains hold this' }, 'api');
      await s.c.inbox.upload(SYSTEM_ACTOR, { named: 'inbox-keeper' }, { content: 'both brains hold this' }, 'api');
      const shaOf = (text: string) => s.c.contentStore.list().find((h) => fs.readFileSync(s.c.contentStore.pathOf(h), 'utf8') === text);
      const ownSha = shaOf('only the doomed brain holds this');
      const sharedSha = shaOf('both brains hold this');
      assert.ok(own && ownSha && sharedSha);
      await s.c.brains.delete(SYSTEM_ACTOR, 'inbox-doomed', 'inbox-doomed');
      // In the trash the content stays: a restore brings the inbox back whole.
      assert.deepEqual(await s.c.brains.purgeExpired(), []);
      assert.ok(s.c.contentStore.has(ownSha));
      assert.deepEqual(await s.c.brains.purgeExpired(Date.now() + 31 * 24 * 3600 * 1000), ['inbox-doomed']);
      assert.ok(!s.c.contentStore.has(ownSha), 'the purged brain\'s own inbox file is removed');
      assert.ok(s.c.contentStore.has(sharedSha), 'bytes another brain still uses stay');
    });
  });
});

describe('brain lifecycle CLI', () => {
  it('rename, delete (confirm typed), trash and restore', () => {
    const data = tempDir();
    try {
      const env = { BRAINKEEP_DATA: data };
      assert.equal(runCli(['brain', 'create', '--slug', 'research', '--name', 'Research'], env).code, 0);
      const renamed = runCli(['brain', 'rename', '--slug', 'research', '--name', 'Deep Research', '--new-slug', 'deep'], env);
      assert.equal(renamed.code, 0, renamed.stderr);
      assert.match(renamed.stdout, /\tdeep\tDeep Research$/);
      const noConfirm = runCli(['brain', 'delete', '--slug', 'deep'], env);
      assert.equal(noConfirm.code, 1);
      assert.match(noConfirm.stderr, /confirm/);
      const del = runCli(['brain', 'delete', '--slug', 'deep', '--confirm', 'deep'], env);
      assert.equal(del.code, 0, del.stderr);
      assert.doesNotMatch(runCli(['brain', 'list'], env).stdout, /\tdeep\t/);
      assert.match(runCli(['brain', 'trash'], env).stdout, /\tdeep\t/);
      const restore = runCli(['brain', 'restore', '--slug', 'deep'], env);
      assert.equal(restore.code, 0, restore.stderr);
      assert.match(runCli(['brain', 'list'], env).stdout, /\tdeep\tDeep Research/);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
