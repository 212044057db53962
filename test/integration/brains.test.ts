import assert from 'node:assert/strict';
import { oauthTokens } from '../helpers/oauth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { execFileSync } from 'node:child_process';

describe('brains API', () => {
  let s: TestServer;
  let owner: string; // an OAuth-less stand-in: a user actor is exercised through the service layer below
  before(async () => {
    s = await startTestServer();
    owner = s.credential('Owner');
  });
  after(async () => s.stop());

  it('first start created the workspace, an owner and the default brain, and printed how to sign in', () => {
    assert.ok(s.mainBrainId);
    assert.match(s.printed.join('\n'), /Sign in at/);
    assert.match(s.printed.join('\n'), /credential create --brain main/);
    const users = s.c.identity.users();
    assert.equal(users.length, 1);
    assert.equal(s.c.brainsRepo.memberRole(s.mainBrainId, users[0]!.id), 'Owner');
  });

  it('the default brain repository holds .brain/ in its first commit and fscks clean', () => {
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    const files = execFileSync('git', ['--git-dir', gitdir, 'ls-tree', '-r', '--name-only', 'main'], { encoding: 'utf8' }).trim().split('\n');
    assert.deepEqual(files.sort(), [
      '.brain/instructions.md',
      '.brain/schema.json',
      '.brain/skills/ingest-conversation.md',
      '.brain/skills/ingest-doc.md',
      '.brain/skills/ingest-meeting.md',
      '.brain/skills/ingest.md',
    ]);
    execFileSync('git', ['--git-dir', gitdir, 'fsck', '--strict'], { stdio: 'pipe' });
  });

  describe('authentication and roles', () => {
    it('no token is 401 with WWW-Authenticate', async () => {
      const r = await s.request('GET', '/api/v1/brains');
      assert.equal(r.status, 401);
      assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
      assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      assert.equal(r.body.code, 'unauthorized');
    });

    it('an unknown token is 401; a malformed header is 401', async () => {
      assert.equal((await s.request('GET', '/api/v1/brains', { token: 'ck_nope' })).status, 401);
      assert.equal((await s.request('GET', '/api/v1/brains', { headers: { authorization: 'Basic abc' } })).status, 401);
    });

    it('a revoked credential is 401', async () => {
      const key = s.credential('Read', 'main', 'to-revoke');
      assert.equal((await s.request('GET', '/api/v1/brains', { token: key })).status, 200);
      const cred = s.c.identity.listCredentials(s.mainBrainId).find((c) => c.label === 'to-revoke')!;
      s.c.identity.revokeCredential(s.mainBrainId, cred.id, SYSTEM_ACTOR);
      assert.equal((await s.request('GET', '/api/v1/brains', { token: key })).status, 401);
    });

    it('a credential lists only its own brain, with its role', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'other' });
      const key = s.credential('Read');
      const r = await s.request('GET', '/api/v1/brains', { token: key });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.brains.map((b: any) => [b.slug, b.role]), [['main', 'Read']]);
    });

    it('a credential pinned to another brain gets 404 on that brain', async () => {
      const other = s.c.access.findBrain('other')!;
      const key = s.credential('Owner');
      for (const ref of [other.id, 'other']) {
        const r = await s.request('GET', `/api/v1/brains/${ref}`, { token: key });
        assert.equal(r.status, 404);
        assert.equal(r.body.code, 'brain_not_found');
      }
    });

    it('each role can read; only users create brains (credentials get 403)', async () => {
      for (const role of ['Read', 'Write', 'Admin', 'Owner'] as const) {
        const key = s.credential(role);
        const get = await s.request('GET', `/api/v1/brains/${s.mainBrainId}`, { token: key });
        assert.equal(get.status, 200, role);
        assert.equal(get.body.role, role);
        const create = await s.request('POST', '/api/v1/brains', { token: key, body: { slug: `x-${role.toLowerCase()}` } });
        assert.equal(create.status, 403, role);
      }
    });
  });

  describe('brain resources', () => {
    it('GET by id and by slug return the CONTRACT shape', async () => {
      const byId = await s.request('GET', `/api/v1/brains/${s.mainBrainId}`, { token: owner });
      const bySlug = await s.request('GET', '/api/v1/brains/main', { token: owner });
      assert.deepEqual(byId.body, bySlug.body);
      assert.deepEqual(Object.keys(byId.body).sort(), [
        'createdAt', 'description', 'embeddingDimensions', 'embeddingModel', 'embeddingProvider', 'id', 'name', 'role', 'slug', 'templateKey', 'visibility',
      ]);
      assert.equal(byId.body.visibility, 0);
      assert.equal(byId.body.embeddingProvider, 0);
    });

    it('schema returns folders, entity types and the partition folder', async () => {
      const r = await s.request('GET', '/api/v1/brains/main/schema', { token: owner });
      assert.equal(r.status, 200);
      const folders = r.body.folders.map((f: any) => f.path);
      for (const f of ['people', 'companies', 'projects', 'meetings', 'concepts', 'sources', 'notes']) assert.ok(folders.includes(f), f);
      assert.equal(r.body.partitionFolder, null);
      const person = r.body.entityTypes.find((e: any) => e.name === 'person');
      assert.ok(person.fields.some((f: any) => f.name === 'email' && f.type === 'string' && f.required === false));
    });

    it('instructions return markdown', async () => {
      const r = await s.request('GET', '/api/v1/brains/main/instructions', { token: owner });
      assert.equal(r.status, 200);
      assert.match(r.body.markdown, /^# How to write/);
    });

    it('unknown brain is 404 problem+json', async () => {
      const r = await s.request('GET', '/api/v1/brains/00000000-0000-4000-8000-000000000000', { token: owner });
      assert.equal(r.status, 404);
      assert.equal(r.body.status, 404);
    });
  });

  describe('creating brains (as a user)', () => {
    it('creates from a template, the creator becomes Owner, the slug is unique', async () => {
      const user = s.c.identity.users()[0]!;
      const actor = s.c.identity.userActor(user, 'session');
      const a = await s.c.brains.create(actor, { name: 'Acme Agency', templateKey: 'agency', visibility: 1 });
      assert.equal(a.slug, 'acme-agency');
      assert.equal(a.templateKey, 'agency');
      assert.equal(a.role, 'Owner');
      assert.equal(s.c.brainsRepo.memberRole(a.id, user.id), 'Owner');
      const b = await s.c.brains.create(actor, { name: 'Acme Agency' });
      assert.equal(b.slug, 'acme-agency-2');
      const schema = await s.c.brains.schemaOf(a.id);
      assert.equal(schema.partitionFolder, 'clients');
    });

    it('rejects unknown properties, wrong types, bad enums and unknown templates with 400 and creates nothing', async () => {
      const user = s.c.identity.users()[0]!;
      const actor = s.c.identity.userActor(user, 'session');
      const before = s.c.brainsRepo.all().length;
      const bad: unknown[] = [
        { slug: 'ok-1', colour: 'red' },
        { slug: 'ok-2', visibility: 'public' },
        { slug: 'ok-3', visibility: 7 },
        { slug: 'ok-4', embeddingProvider: 9 },
        { slug: 'ok-6', embeddingDimensions: 768 },
        { slug: 'Not A Slug' },
        { slug: 'ok-5', templateKey: 'nope' },
        [],
        'x',
      ];
      for (const body of bad) {
        await assert.rejects(s.c.brains.create(actor, body), (e: any) => e.status === 400, JSON.stringify(body));
      }
      assert.equal(s.c.brainsRepo.all().length, before);
      await assert.rejects(s.c.brains.create(actor, { slug: 'main' }), (e: any) => e.status === 409);
    });

    it('POST /brains over HTTP: a credential is refused before its body is read; a user\'s malformed JSON is 400', async () => {
      // Authorization before the body (CONTRACT "Order of checks"): credentials cannot create brains.
      const refused = await s.request('POST', '/api/v1/brains', { token: owner, rawBody: '{"slug":', headers: { 'content-type': 'application/json' } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'cannot_create_brain');
      await s.c.identity.createUser({ email: 'maker@example.com', name: 'Maker', password: 'correct horse battery' }, SYSTEM_ACTOR);
      const user = (await oauthTokens(s.url, 'maker@example.com', 'correct horse battery')).access_token;
      const malformed = await s.request('POST', '/api/v1/brains', { token: user, rawBody: '{"slug":', headers: { 'content-type': 'application/json' } });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.body.code, 'malformed_json');
      const unknown = await s.request('POST', '/api/v1/brains', { token: user, body: { name: 'X', bogus: 1 } });
      assert.equal(unknown.status, 400);
    });
  });
});
