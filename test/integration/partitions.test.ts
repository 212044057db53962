import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const PARTITION_KEYS = ['key', 'name', 'domains', 'aliases', 'externalRef', 'folder', 'archived', 'createdAt'];

describe('partitions', () => {
  let s: TestServer;
  let brainId: string;
  let admin: string;
  let owner: string;
  let writer: string;
  let reader: string;
  let base: string;

  const git = (...args: string[]) => execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(brainId), ...args], { encoding: 'utf8' }).trim();

  before(async () => {
    s = await startTestServer();
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'agency', templateKey: 'agency' })).id;
    admin = s.credential('Admin', 'agency');
    owner = s.credential('Owner', 'agency');
    writer = s.credential('Write', 'agency');
    reader = s.credential('Read', 'agency');
    base = `/api/v1/brains/${brainId}/partitions`;
  });
  after(async () => s.stop());

  const inbox = (body: unknown, token = writer) => s.request('POST', `/api/v1/brains/${brainId}/inbox`, { token, body });

  describe('create, read, update', () => {
    it("creates a partition with its folder as one commit under the schema's partition folder", async () => {
      const commits = Number(git('rev-list', '--count', 'main'));
      const r = await s.request('POST', base, { token: admin, body: { name: 'Acme Corp', domains: ['ACME.com', 'acme.com'], aliases: ['Acme'], externalRef: 'crm-17' } });
      assert.equal(r.status, 201, r.text);
      for (const k of PARTITION_KEYS) assert.ok(k in r.body, k);
      assert.deepEqual(
        { key: r.body.key, name: r.body.name, domains: r.body.domains, aliases: r.body.aliases, externalRef: r.body.externalRef, folder: r.body.folder, archived: r.body.archived },
        { key: 'acme-corp', name: 'Acme Corp', domains: ['acme.com'], aliases: ['Acme'], externalRef: 'crm-17', folder: 'clients/acme-corp', archived: false },
      );
      assert.equal(Number(git('rev-list', '--count', 'main')), commits + 1);
      assert.equal(git('show', 'main:clients/acme-corp/index.md'), '# Acme Corp');
      const page = s.c.pages.get(SYSTEM_ACTOR, brainId, 'clients/acme-corp/index.md');
      assert.equal(page.title, 'Acme Corp');
      assert.equal(page.partition, 'acme-corp');
    });

    it('derives a unique key from the name; a key in use is 409; a bad key 400; unknown fields 400', async () => {
      const again = await s.request('POST', base, { token: admin, body: { name: 'Acme Corp' } });
      assert.equal(again.status, 201);
      assert.equal(again.body.key, 'acme-corp-2');
      const taken = await s.request('POST', base, { token: admin, body: { name: 'Other', key: 'acme-corp' } });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.code, 'partition_key_taken');
      assert.equal((await s.request('POST', base, { token: admin, body: { name: 'Bad', key: 'Not A Key' } })).status, 400);
      assert.equal((await s.request('POST', base, { token: admin, body: { name: 'X', colour: 'red' } })).status, 400);
      assert.equal((await s.request('POST', base, { token: admin, body: {} })).status, 400);
    });

    it('needs Admin to create, update, archive, restore and import; Read to list and get', async () => {
      for (const token of [writer, reader]) {
        assert.equal((await s.request('POST', base, { token, body: { name: 'Nope' } })).status, 403);
        assert.equal((await s.request('PUT', `${base}/acme-corp`, { token, body: { name: 'Nope' } })).status, 403);
        assert.equal((await s.request('POST', `${base}/acme-corp/archive`, { token })).status, 403);
        assert.equal((await s.request('POST', `${base}/acme-corp/restore`, { token })).status, 403);
        assert.equal((await s.request('POST', `${base}/import`, { token, body: [{ name: 'Nope' }] })).status, 403);
      }
      assert.equal((await s.request('GET', base, { token: reader })).status, 200);
      assert.equal((await s.request('GET', `${base}/acme-corp`, { token: reader })).status, 200);
      const missing = await s.request('GET', `${base}/nobody`, { token: reader });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'partition_not_found');
    });

    it('updates name, domains, aliases and externalRef but never the key', async () => {
      const r = await s.request('PUT', `${base}/acme-corp-2`, { token: admin, body: { name: 'Acme Labs', domains: ['acmelabs.io'], externalRef: null } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.key, 'acme-corp-2');
      assert.equal(r.body.name, 'Acme Labs');
      assert.deepEqual(r.body.domains, ['acmelabs.io']);
      assert.equal((await s.request('PUT', `${base}/acme-corp-2`, { token: admin, body: { key: 'renamed' } })).status, 400);
    });

    it('imports many: { created, skipped }', async () => {
      const r = await s.request('POST', `${base}/import`, {
        token: admin,
        body: [{ name: 'Globex', domains: ['globex.com'] }, { name: 'Initech', key: 'initech' }, { name: 'Dup', key: 'acme-corp' }, { name: 'Bad', key: 'B A D' }, { name: 'Initech 2', key: 'initech' }],
      });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(r.body.created, ['globex', 'initech']);
      assert.deepEqual(r.body.skipped.map((x: any) => x.key), ['acme-corp', 'B A D', 'initech']);
      assert.ok(r.body.skipped.every((x: any) => typeof x.reason === 'string'));
      assert.equal(git('show', 'main:clients/globex/index.md'), '# Globex');
      assert.equal((await s.request('POST', `${base}/import`, { token: admin, body: { name: 'not an array' } })).status, 400);
    });

    it('lists with query and status filters', async () => {
      const all = await s.request('GET', base, { token: reader });
      assert.deepEqual(all.body.partitions.map((p: any) => p.key), ['acme-corp', 'acme-corp-2', 'globex', 'initech']);
      const q = await s.request('GET', `${base}?query=acmelabs`, { token: reader });
      assert.deepEqual(q.body.partitions.map((p: any) => p.key), ['acme-corp-2']);
      assert.equal((await s.request('GET', `${base}?status=weird`, { token: reader })).status, 400);
    });
  });

  describe('archive and restore', () => {
    it('archives and restores; an archived key is refused on upload (422 listing active keys)', async () => {
      const archived = await s.request('POST', `${base}/initech/archive`, { token: admin });
      assert.equal(archived.status, 200);
      assert.equal(archived.body.archived, true);
      assert.deepEqual((await s.request('GET', `${base}?status=archived`, { token: reader })).body.partitions.map((p: any) => p.key), ['initech']);
      assert.ok(!(await s.request('GET', `${base}?status=active`, { token: reader })).body.partitions.some((p: any) => p.key === 'initech'));
      const before = s.c.inboxRepo.count(brainId);
      const refused = await inbox({ content: 'for initech', partition: 'initech' });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.code, 'partition_archived');
      assert.deepEqual(refused.body.partitions, ['acme-corp', 'acme-corp-2', 'globex']);
      assert.equal(s.c.inboxRepo.count(brainId), before);
      const restored = await s.request('POST', `${base}/initech/restore`, { token: admin });
      assert.equal(restored.body.archived, false);
      assert.equal((await inbox({ content: 'for initech', partition: 'initech' })).status, 201);
    });
  });

  describe('deciding the client of an item', () => {
    it('assigns by sender or attendee domain when exactly one partition claims it', async () => {
      const bySender = await inbox({ content: 'Quarterly call notes', senders: ['Wile E <wile@acme.com>'] });
      assert.equal(bySender.body.item.partition, 'acme-corp');
      assert.equal(bySender.body.item.status, 0);
      const sub = await inbox({ content: 'From a subdomain', senders: 'road@runner.eu.globex.com' });
      assert.equal(sub.body.item.partition, 'globex');
      const attendee = await inbox({ filename: 'meeting.json', content: JSON.stringify({ attendees: ['pat@globex.com', 'me@gmail.com'], text: 'hello' }) });
      assert.equal(attendee.body.item.partition, 'globex');
    });

    it('leaves an item needing a client in Review when no or several partitions claim it', async () => {
      const none = await inbox({ content: 'Nobody we know', senders: ['x@unknown.org'] });
      assert.equal(none.body.item.partition, null);
      assert.equal(none.body.item.status, 1);
      assert.match(none.body.item.reason, /needs a client/i);
      const both = await inbox({ content: 'Two clients', senders: ['a@acme.com', 'b@globex.com'] });
      assert.equal(both.body.item.partition, null);
      assert.equal(both.body.item.status, 1);
      const unassigned = await s.request('GET', `/api/v1/brains/${brainId}/inbox?unassigned=true`, { token: reader });
      assert.ok(unassigned.body.items.some((i: any) => i.id === none.body.item.id));
      assert.ok(unassigned.body.items.every((i: any) => i.partition === null));
    });

    it('assigning a partition queues the item again and can remember its sender domains', async () => {
      const item = (await inbox({ content: 'Hooli kickoff', senders: ['gavin@hooli.xyz'] })).body.item;
      assert.equal(item.status, 1);
      const url = `/api/v1/brains/${brainId}/inbox/${item.id}/partition`;
      assert.equal((await s.request('POST', url, { token: reader, body: { key: 'initech' } })).status, 403);
      const unknown = await s.request('POST', url, { token: writer, body: { key: 'nobody' } });
      assert.equal(unknown.status, 422);
      assert.ok(unknown.body.partitions.includes('initech'));
      const r = await s.request('POST', url, { token: writer, body: { key: 'initech', rememberDomains: true } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.partition, 'initech');
      assert.equal(r.body.status, 0);
      assert.equal(r.body.reason, null);
      assert.deepEqual((await s.request('GET', `${base}/initech`, { token: reader })).body.domains, ['hooli.xyz']);
      const next = await inbox({ content: 'Hooli follow-up', senders: ['big.head@hooli.xyz'] });
      assert.equal(next.body.item.partition, 'initech');
      const byPartition = await s.request('GET', `/api/v1/brains/${brainId}/inbox?partition=initech`, { token: reader });
      assert.ok(byPartition.body.items.length >= 3 && byPartition.body.items.every((i: any) => i.partition === 'initech'));
    });
  });

  describe('purge', () => {
    it('is refused without purge=true (400), for an active partition (409) and below Owner (403)', async () => {
      const noFlag = await s.request('DELETE', `${base}/globex`, { token: owner });
      assert.equal(noFlag.status, 400);
      assert.equal(noFlag.body.code, 'purge_flag_required');
      const active = await s.request('DELETE', `${base}/globex?purge=true`, { token: owner });
      assert.equal(active.status, 409);
      assert.equal(active.body.code, 'partition_not_archived');
      await s.request('POST', `${base}/globex/archive`, { token: admin });
      assert.equal((await s.request('DELETE', `${base}/globex?purge=true`, { token: admin })).status, 403);
      assert.equal((await s.request('GET', `${base}/globex`, { token: reader })).body.archived, true);
    });

    it("removes the folder's pages in one commit, the partition's items and their content, and audits it", async () => {
      await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'clients/globex/people/pat.md', markdown: '# Pat\n' });
      await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'clients/acme-corp/people/wile.md', markdown: '# Wile\n' });
      const items = s.c.inboxRepo.itemsOfPartition(brainId, 'globex');
      assert.ok(items.length >= 2);
      const commits = Number(git('rev-list', '--count', 'main'));
      const r = await s.request('DELETE', `${base}/globex?purge=true`, { token: owner });
      assert.equal(r.status, 204, r.text);
      assert.equal(Number(git('rev-list', '--count', 'main')), commits + 1);
      assert.doesNotMatch(git('ls-tree', '-r', '--name-only', 'main'), /clients\/globex\//);
      assert.match(git('ls-tree', '-r', '--name-only', 'main'), /clients\/acme-corp\/people\/wile\.md/);
      assert.equal((await s.request('GET', `${base}/globex`, { token: reader })).status, 404);
      assert.deepEqual(s.c.inboxRepo.itemsOfPartition(brainId, 'globex'), []);
      for (const i of items) {
        assert.equal((await s.request('GET', `/api/v1/brains/${brainId}/inbox/${i.id}`, { token: reader })).status, 404);
        assert.equal(fs.existsSync(s.c.contentStore.pathOf(i.sha256)), false);
      }
      const audit = s.c.audit.list(brainId).find((a) => a.action === 'partition.purge');
      assert.equal(audit?.target, 'globex');
      assert.equal(audit?.detail?.itemsRemoved, items.length);
      const key = await s.request('POST', base, { token: admin, body: { name: 'Globex', key: 'globex' } });
      assert.equal(key.status, 201, 'a purged key can be used again');
    });
  });

  describe('a brain whose schema has no partition folder', () => {
    it('gets one with its first partition, and items wait for a client from then on', async () => {
      const id = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'plain' })).id;
      const admin2 = s.credential('Admin', 'plain');
      const before = await s.request('POST', `/api/v1/brains/${id}/inbox`, { token: admin2, body: { content: 'before partitions' } });
      assert.equal(before.body.item.status, 0);
      const r = await s.request('POST', `/api/v1/brains/${id}/partitions`, { token: admin2, body: { name: 'North Site', domains: ['north.example'] } });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.folder, 'partitions/north-site');
      assert.equal((await s.c.brains.schemaOf(id)).partitionFolder, 'partitions');
      assert.equal(s.c.pages.get(SYSTEM_ACTOR, id, 'partitions/north-site/index.md').partition, 'north-site');
      const waiting = await s.request('POST', `/api/v1/brains/${id}/inbox`, { token: admin2, body: { content: 'after partitions' } });
      assert.equal(waiting.body.item.status, 1);
      const decided = await s.request('POST', `/api/v1/brains/${id}/inbox`, { token: admin2, body: { content: 'from north', senders: ['ops@north.example'] } });
      assert.equal(decided.body.item.partition, 'north-site');
    });
  });
});
