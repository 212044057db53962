import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runCli } from '../helpers/cli.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

describe('webhook ingest sources', () => {
  let s: TestServer;
  let brainId: string;
  let admin: string;
  let reader: string;
  let sourcesUrl: string;

  before(async () => {
    s = await startTestServer();
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'hooks', templateKey: 'agency' })).id;
    admin = s.credential('Admin', 'hooks');
    reader = s.credential('Read', 'hooks');
    sourcesUrl = `/api/v1/brains/${brainId}/sources`;
    await s.c.partitions.create(SYSTEM_ACTOR, brainId, { name: 'Acme', key: 'acme', domains: ['acme.com'] });
    await s.c.partitions.create(SYSTEM_ACTOR, brainId, { name: 'Globex', key: 'globex', domains: ['globex.com'] });
  });
  after(async () => s.stop());

  const createSource = async (body: Record<string, unknown>) => {
    const r = await s.request('POST', sourcesUrl, { token: admin, body });
    assert.equal(r.status, 201, r.text);
    return r.body as { source: any; secret: string };
  };

  const deliver = (headers: Record<string, string>, body: string | Buffer, query = '') =>
    s.request('POST', `/api/ingest/${brainId}${query}`, { rawBody: body, headers: { 'content-type': 'text/plain', ...headers } });

  async function snapshot() {
    const list = await s.request('GET', `/api/v1/brains/${brainId}/inbox?limit=200`, { token: reader });
    return { ids: list.body.items.map((i: any) => i.id), files: s.c.contentStore.list() };
  }

  describe('administration', () => {
    it('creates a source (secret shown once, stored encrypted), lists and gets it without the secret', async () => {
      const { source, secret } = await createSource({ mode: 'secret', label: 'Zapier', targetFolder: 'notes', skill: 'ingest-doc' });
      assert.match(secret, /^[0-9A-Za-z]{40,}$/);
      assert.equal(source.mode, 'secret');
      assert.equal(source.kind, 'webhook');
      assert.equal(source.targetFolder, 'notes');
      const list = await s.request('GET', sourcesUrl, { token: admin });
      assert.equal(list.status, 200);
      assert.ok(Array.isArray(list.body.sources));
      assert.ok(!list.text.includes(secret));
      assert.ok(!(await s.request('GET', `${sourcesUrl}/${source.id}`, { token: admin })).text.includes(secret));
      const row = s.c.db.prepare('SELECT secret_cipher FROM ingest_sources WHERE id = ?').get(source.id) as { secret_cipher: string };
      assert.ok(!row.secret_cipher.includes(secret));
      assert.match(row.secret_cipher, /^v1\./);
      const keyFile = path.join(s.dataDir, 'secret.key');
      assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    });

    it('needs Admin; validates skill (400 with skills), partition (422) and fixed fields (400)', async () => {
      const writer = s.credential('Write', 'hooks');
      assert.equal((await s.request('GET', sourcesUrl, { token: writer })).status, 403);
      assert.equal((await s.request('POST', sourcesUrl, { token: writer, body: { mode: 'secret' } })).status, 403);
      const skill = await s.request('POST', sourcesUrl, { token: admin, body: { mode: 'secret', skill: 'nope' } });
      assert.equal(skill.status, 400);
      assert.equal(skill.body.skills.length, 4);
      const partition = await s.request('POST', sourcesUrl, { token: admin, body: { mode: 'secret', partition: 'nobody' } });
      assert.equal(partition.status, 422);
      assert.deepEqual(partition.body.partitions, ['acme', 'globex']);
      assert.equal((await s.request('POST', sourcesUrl, { token: admin, body: { mode: 'password' } })).status, 400);
      const { source } = await createSource({ mode: 'signature' });
      const fixed = await s.request('PUT', `${sourcesUrl}/${source.id}`, { token: admin, body: { mode: 'secret' } });
      assert.equal(fixed.status, 400);
      assert.equal(fixed.body.code, 'source_field_fixed');
      const edited = await s.request('PUT', `${sourcesUrl}/${source.id}`, { token: admin, body: { label: 'Drive sync', allowedContentTypes: ['text/*'], maxBytes: 1000 } });
      assert.equal(edited.status, 200);
      assert.equal(edited.body.label, 'Drive sync');
      assert.equal(edited.body.mode, 'signature');
      assert.deepEqual(edited.body.allowedContentTypes, ['text/*']);
    });
  });

  describe('delivery', () => {
    let secret: string;
    let sourceId: string;

    before(async () => {
      const created = await createSource({ mode: 'secret', label: 'Mailer', targetFolder: 'notes', skill: 'ingest-doc', partition: 'acme' });
      secret = created.secret;
      sourceId = created.source.id;
    });

    it('stores a delivery with every header recorded', async () => {
      const r = await deliver(
        {
          'x-ingest-secret': secret,
          'x-filename': encodeURIComponent('Brief – v1.md'),
          'x-ingest-external-id': 'mail-1',
          'x-ingest-senders': 'ann@globex.com, bob@globex.com',
          'x-ingest-canonical-url': 'https://acme.atlassian.net/wiki/spaces/OPS/pages/123',
          'x-ingest-provider-item-id': 'page-123',
          'x-ingest-version': '4',
          'x-ingest-partition': 'globex',
          'x-ingest-skill': 'ingest-meeting',
          'content-type': 'text/markdown',
        },
        '# Brief\n\nHello.\n',
      );
      assert.equal(r.status, 201, r.text);
      const item = r.body.item;
      assert.equal(item.filename, 'Brief – v1.md');
      assert.equal(item.externalId, 'mail-1');
      assert.deepEqual(item.senders, ['ann@globex.com', 'bob@globex.com']);
      assert.deepEqual(item.sourceReference, { provider: 'confluence', providerItemId: 'page-123', version: '4', canonicalUrl: 'https://acme.atlassian.net/wiki/spaces/OPS/pages/123' });
      assert.equal(item.partition, 'globex');
      assert.equal(item.skillHint, 'ingest-meeting');
      assert.equal(item.targetFolder, 'notes');
      assert.equal(item.contentType, 'text/markdown');
      assert.equal(item.via, 'webhook');
      assert.deepEqual(item.pushedBy, { ref: `source:${sourceId}`, name: 'Mailer', sourceId });
      const again = await deliver({ 'x-ingest-secret': secret, 'x-ingest-external-id': 'mail-1' }, 'other bytes');
      assert.equal(again.status, 200);
      assert.equal(again.body.duplicate, true);
      assert.equal(again.body.item.id, item.id);
    });

    it('header beats query beats the source default; the path query beats the source folder', async () => {
      const q = await deliver({ 'x-ingest-secret': secret }, 'query hints', '?skill=ingest-conversation&partition=globex&path=projects/x');
      assert.equal(q.body.item.skillHint, 'ingest-conversation');
      assert.equal(q.body.item.partition, 'globex');
      assert.equal(q.body.item.targetFolder, 'projects/x');
      const h = await deliver({ 'x-ingest-secret': secret, 'x-ingest-skill': 'ingest', 'x-ingest-partition': 'acme' }, 'header hints', '?skill=ingest-conversation&partition=globex');
      assert.equal(h.body.item.skillHint, 'ingest');
      assert.equal(h.body.item.partition, 'acme');
      const d = await deliver({ 'x-ingest-secret': secret }, 'source defaults');
      assert.equal(d.body.item.skillHint, 'ingest-doc');
      assert.equal(d.body.item.partition, 'acme');
      assert.equal(d.body.item.targetFolder, 'notes');
    });

    it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
      const before = await snapshot();
      for (const headers of <Array<Record<string, string>>>[{ 'x-ingest-secret': `${secret}x` }, { 'x-ingest-secret': '' }, {}, { 'x-service-signature': 'sha256=' + '0'.repeat(64) }]) {
        const r = await deliver(headers, 'intruder');
        assert.equal(r.status, 401, JSON.stringify(headers));
        assert.equal(r.body.code, 'invalid_webhook_secret');
      }
      const otherBrain = await s.request('POST', `/api/ingest/${s.mainBrainId}`, { rawBody: 'x', headers: { 'x-ingest-secret': secret } });
      assert.equal(otherBrain.status, 401);
      assert.equal((await s.request('POST', '/api/ingest/no-such-brain', { rawBody: 'x', headers: { 'x-ingest-secret': secret } })).status, 401);
      assert.deepEqual(await snapshot(), before);
    });

    it('refuses a bad skill (400 with skills), a bad canonical url (400) and an unknown or archived partition (422); nothing stored', async () => {
      const before = await snapshot();
      const skill = await deliver({ 'x-ingest-secret': secret, 'x-ingest-skill': 'summarise' }, 'bad skill');
      assert.equal(skill.status, 400);
      assert.deepEqual(skill.body.skills, ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation']);
      assert.equal((await deliver({ 'x-ingest-secret': secret }, 'bad skill query', '?skill=x')).status, 400);
      assert.equal((await deliver({ 'x-ingest-secret': secret, 'x-ingest-canonical-url': 'file:///etc/passwd' }, 'bad url')).status, 400);
      const unknown = await deliver({ 'x-ingest-secret': secret, 'x-ingest-partition': 'nobody' }, 'unknown partition');
      assert.equal(unknown.status, 422);
      assert.deepEqual(unknown.body.partitions, ['acme', 'globex']);
      await s.c.partitions.create(SYSTEM_ACTOR, brainId, { name: 'Old', key: 'old' });
      s.c.partitions.archive(SYSTEM_ACTOR, brainId, 'old');
      assert.equal((await deliver({ 'x-ingest-secret': secret }, 'archived partition', '?partition=old')).status, 422);
      assert.equal((await deliver({ 'x-ingest-secret': secret }, '')).status, 400);
      assert.deepEqual(await snapshot(), before);
    });

    it('a new version header makes a linked revision', async () => {
      const h = { 'x-ingest-secret': secret, 'x-ingest-provider': 'gdrive', 'x-ingest-provider-item-id': 'doc-9' };
      const v1 = await deliver({ ...h, 'x-ingest-version': 'e1' }, 'line\nold\n');
      assert.equal(v1.body.item.externalId, 'gdrive:doc-9@e1');
      assert.equal((await deliver({ ...h, 'x-ingest-version': 'e1' }, 'line\nold\n')).status, 200);
      const v2 = await deliver({ ...h, 'x-ingest-version': 'e2' }, 'line\nnew\n');
      assert.equal(v2.status, 201);
      assert.equal(v2.body.item.supersedesItemId, v1.body.item.id);
      const got = await s.request('GET', `/api/v1/brains/${brainId}/inbox/${v2.body.item.id}`, { token: reader });
      assert.match(got.body.revisionDiff, /^-old$/m);
      assert.match(got.body.revisionDiff, /^\+new$/m);
    });
  });

  describe('signature mode', () => {
    let secret: string;
    const sign = (key: string, body: string | Buffer) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

    before(async () => {
      secret = (await createSource({ mode: 'signature', label: 'Signed' })).secret;
    });

    it('accepts the HMAC of the raw bytes; refuses a wrong secret, a modified body and the shared-secret header', async () => {
      const body = Buffer.from('{"event":"doc.updated","id":1}');
      const ok = await deliver({ 'x-service-signature': sign(secret, body), 'content-type': 'application/json', 'x-ingest-senders': 'x@acme.com' }, body);
      assert.equal(ok.status, 201, ok.text);
      assert.equal(ok.body.item.contentType, 'application/json');
      assert.equal(ok.body.item.partition, 'acme');
      const before = await snapshot();
      const wrongKey = await deliver({ 'x-service-signature': sign(`${secret}!`, 'other body') }, 'other body');
      assert.equal(wrongKey.status, 401);
      const modified = await deliver({ 'x-service-signature': sign(secret, body) }, Buffer.from('{"event":"doc.updated","id":2}'));
      assert.equal(modified.status, 401);
      assert.equal((await deliver({ 'x-service-signature': sign(secret, 'z').toUpperCase() }, 'zz')).status, 401);
      assert.equal((await deliver({ 'x-ingest-secret': secret }, 'secret header on a signature source')).status, 401);
      assert.deepEqual(await snapshot(), before);
    });
  });

  describe('guard rules', () => {
    let secret: string;
    before(async () => {
      secret = (await createSource({ mode: 'secret', allowedContentTypes: ['text/*', 'application/json'], maxBytes: 64, allowedSenderDomains: ['acme.com'] })).secret;
    });

    it('refuses other content types (415), bodies over the cap (413) and senders outside the domains (403) before storing', async () => {
      const before = await snapshot();
      const good = { 'x-ingest-secret': secret, 'x-ingest-senders': 'a@acme.com' };
      const type = await deliver({ ...good, 'content-type': 'application/pdf' }, '%PDF-1.4');
      assert.equal(type.status, 415);
      assert.equal(type.body.code, 'unsupported_media_type');
      const size = await deliver(good, 'x'.repeat(65));
      assert.equal(size.status, 413);
      const outsider = await deliver({ ...good, 'x-ingest-senders': 'a@acme.com, eve@evil.example' }, 'hello');
      assert.equal(outsider.status, 403);
      assert.equal(outsider.body.code, 'sender_not_allowed');
      assert.equal((await deliver({ 'x-ingest-secret': secret }, 'no senders named')).status, 403);
      assert.deepEqual(await snapshot(), before);
      const ok = await deliver({ ...good, 'x-ingest-senders': 'a@sub.acme.com', 'content-type': 'text/csv' }, 'x'.repeat(64));
      assert.equal(ok.status, 201, ok.text);
    });
  });

  describe('deletion', () => {
    it('revokes the secret at once and keeps delivered items', async () => {
      const { source, secret } = await createSource({ mode: 'secret', label: 'Temp' });
      const item = (await deliver({ 'x-ingest-secret': secret }, 'delivered before delete')).body.item;
      assert.equal((await s.request('DELETE', `${sourcesUrl}/${source.id}`, { token: reader })).status, 403);
      assert.equal((await s.request('DELETE', `${sourcesUrl}/${source.id}`, { token: admin })).status, 204);
      assert.equal((await deliver({ 'x-ingest-secret': secret }, 'after delete')).status, 401);
      const kept = await s.request('GET', `/api/v1/brains/${brainId}/inbox/${item.id}`, { token: reader });
      assert.equal(kept.status, 200);
      assert.equal(kept.body.pushedBy.sourceId, source.id);
      assert.equal((await s.request('GET', `${sourcesUrl}/${source.id}`, { token: admin })).status, 404);
    });
  });

  describe('operator CLI', () => {
    it('source create prints "<sourceId> <secret>"; list, update and delete work against a running server', async () => {
      const env = { BRAINKEEP_DATA: s.dataDir };
      const created = runCli(['source', 'create', '--brain', 'hooks', '--mode', 'signature', '--label', 'CLI hook', '--folder', 'notes', '--skill', 'ingest', '--allow-types', 'text/plain,text/markdown', '--max-bytes', '5000'], env);
      assert.equal(created.code, 0, created.stderr);
      const m = /^([0-9a-f-]{36}) ([0-9A-Za-z]{40,})$/.exec(created.stdout);
      assert.ok(m, created.stdout);
      const [, id, secret] = m;
      const body = 'from the CLI source';
      const r = await deliver({ 'x-service-signature': `sha256=${createHmac('sha256', secret!).update(body).digest('hex')}` }, body);
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.item.targetFolder, 'notes');
      const listed = runCli(['source', 'list', '--brain', 'hooks'], env);
      assert.match(listed.stdout, new RegExp(`^${id}\\tsignature\\tCLI hook`, 'm'));
      const updated = runCli(['source', 'update', '--brain', 'hooks', '--id', id!, '--label', 'Renamed', '--folder', ''], env);
      assert.equal(updated.code, 0, updated.stderr);
      const view = await s.request('GET', `${sourcesUrl}/${id}`, { token: admin });
      assert.equal(view.body.label, 'Renamed');
      assert.equal(view.body.targetFolder, null);
      const deleted = runCli(['source', 'delete', '--brain', 'hooks', '--id', id!], env);
      assert.equal(deleted.code, 0, deleted.stderr);
      const after = await deliver({ 'x-service-signature': `sha256=${createHmac('sha256', secret!).update('again').digest('hex')}` }, 'again');
      assert.equal(after.status, 401);
    });
  });
});
