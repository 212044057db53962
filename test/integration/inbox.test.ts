import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from '../helpers/server.js';
import { describeOnBothBackends } from '../helpers/serverBackends.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { makeDocx, makePdf } from '../helpers/documents.js';

const ITEM_KEYS = [
  'id', 'brainId', 'filename', 'status', 'reason', 'skillHint', 'partition', 'externalId', 'contentType', 'size', 'sourceReference',
  'targetFolder', 'suggestion', 'supersedesItemId', 'supersededByItemId', 'filedPages', 'createdAt', 'updatedAt',
];

describeOnBothBackends('inbox', (b) => {
  let s: TestServer;
  let writer: string;
  let reader: string;
  let base: string;

  before(async function () {
    this.timeout(120_000);
    s = await b.startServer();
    writer = s.credential('Write');
    reader = s.credential('Read');
    base = `/api/v1/brains/${s.mainBrainId}/inbox`;
  });
  after(async () => s.stop());

  /** What a refusal must leave untouched: the listing, the stored content, the temp folder. */
  async function snapshot(brain = s.mainBrainId) {
    const list = await s.request('GET', `/api/v1/brains/${brain}/inbox?limit=200`, { token: s.credential('Owner', brain) });
    return {
      ids: list.body.items.map((i: any) => i.id),
      files: s.c.contentStore.list(),
      temp: fs.readdirSync(s.c.contentStore.tmpDir),
    };
  }

  const upload = (body: unknown, token = writer, url = base) => s.request('POST', url, { token, body });

  describe('upload', () => {
    it('stores an item with CONTRACT fields, its content in the data folder (not git) and its text', async () => {
      const r = await upload({ filename: 'standup.md', content: '# Standup\n\nShip the beta.\n', externalId: 'standup-1' });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.duplicate, false);
      const item = r.body.item;
      for (const k of ITEM_KEYS) assert.ok(k in item, k);
      assert.equal(item.brainId, s.mainBrainId);
      assert.equal(item.status, 0);
      assert.equal(item.contentType, 'text/markdown');
      assert.equal(item.size, 26);
      assert.deepEqual(item.filedPages, []);
      assert.equal(item.sourceReference, null);
      assert.equal(item.via, 'api');
      assert.match(item.pushedBy.ref, /^credential:/);
      const file = path.join(s.dataDir, 'inbox', item.sha256.slice(0, 2), item.sha256);
      assert.equal(fs.readFileSync(file, 'utf8'), '# Standup\n\nShip the beta.\n');
      const tree = execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(s.mainBrainId), 'ls-tree', '-r', '--name-only', 'main'], { encoding: 'utf8' });
      assert.doesNotMatch(tree, /standup/);
      const one = await s.request('GET', `${base}/${item.id}`, { token: reader });
      assert.equal(one.status, 200);
      assert.equal(one.body.text, '# Standup\n\nShip the beta.\n');
      assert.equal(one.body.textTruncated, false);
      assert.equal(one.body.revisionOf, null);
      assert.equal(one.body.revisionDiff, null);
    });

    it('records hints (path, skill) and who pushed it; hints do not move anything', async () => {
      const r = await s.request('POST', `${base}?path=meetings/2024&skill=ingest-meeting`, { token: writer, body: { filename: 'call.txt', content: 'Call with Ada' } });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.item.targetFolder, 'meetings/2024');
      assert.equal(r.body.item.skillHint, 'ingest-meeting');
      assert.deepEqual(r.body.item.filedPages, []);
      const body = await upload({ filename: 'b.txt', content: 'Body skill wins', skill: 'ingest-doc', targetFolder: 'notes' });
      assert.equal(body.body.item.skillHint, 'ingest-doc');
      assert.equal(body.body.item.targetFolder, 'notes');
    });

    it('needs Write: Read is 403, no token 401, an unknown item 404', async () => {
      const before = await snapshot();
      assert.equal((await upload({ content: 'x1' }, reader)).status, 403);
      assert.equal((await s.request('POST', base, { body: { content: 'x2' } })).status, 401);
      assert.deepEqual(await snapshot(), before);
      const missing = await s.request('GET', `${base}/00000000-0000-4000-8000-000000000000`, { token: reader });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'item_not_found');
    });

    it('refuses content and contentBase64 together, neither, unknown fields and empty content with 400; nothing stored', async () => {
      const before = await snapshot();
      for (const body of [
        { filename: 'x', content: 'a', contentBase64: Buffer.from('a').toString('base64') },
        { filename: 'x' },
        { filename: 'x', content: 'a', colour: 'red' },
        { filename: 'x', content: '' },
        { filename: 'x', contentBase64: '***' },
      ]) {
        const r = await upload(body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('refuses a bad canonicalUrl (400), a bad skill (400 with skills) and an unknown partition (422 with partitions); nothing stored', async () => {
      const before = await snapshot();
      for (const url of ['ftp://example.com/a', '/relative/doc', 'not a url']) {
        const r = await upload({ content: `doc at ${url}`, canonicalUrl: url });
        assert.equal(r.status, 400);
        assert.equal(r.body.code, 'invalid_canonical_url');
      }
      const skill = await upload({ content: 'skill?', skill: 'summarise' });
      assert.equal(skill.status, 400);
      assert.deepEqual(skill.body.skills, ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation']);
      const qskill = await s.request('POST', `${base}?skill=nope`, { token: writer, body: { content: 'q' } });
      assert.equal(qskill.status, 400);
      assert.ok(Array.isArray(qskill.body.skills));
      const partition = await upload({ content: 'p', partition: 'nobody' });
      assert.equal(partition.status, 422);
      assert.deepEqual(partition.body.partitions, []);
      assert.deepEqual(await snapshot(), before);
    });

    it('accepts 10 MiB of decoded base64 and refuses one byte more with 413, storing nothing', async function () {
      this.timeout(60_000);
      const before = await snapshot();
      const limit = 10 * 1024 * 1024;
      const tooBig = Buffer.alloc(limit + 1, 7);
      const r = await upload({ filename: 'big.bin', contentBase64: tooBig.toString('base64') });
      assert.equal(r.status, 413);
      assert.equal(r.body.code, 'payload_too_large');
      assert.deepEqual(await snapshot(), before);
      const exact = await upload({ filename: 'exact.bin', contentBase64: Buffer.alloc(limit).toString('base64') });
      assert.equal(exact.status, 201, exact.text);
      assert.equal(exact.body.item.size, limit);
      assert.equal(exact.body.item.textStatus, 'unextractable');
    });

    it('keeps an unextractable binary and marks it', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
      const r = await upload({ filename: 'logo.png', contentBase64: png.toString('base64'), contentType: 'image/png' });
      assert.equal(r.status, 201);
      assert.equal(r.body.item.textStatus, 'unextractable');
      assert.equal(r.body.item.contentType, 'image/png');
      const one = await s.request('GET', `${base}/${r.body.item.id}`, { token: reader });
      assert.equal(one.body.text, '');
      assert.deepEqual(fs.readFileSync(s.c.contentStore.pathOf(r.body.item.sha256)), png);
    });

    it('extracts PDF, DOCX and HTML uploads', async () => {
      const pdf = await upload({ filename: 'report.pdf', contentBase64: makePdf(['Board report', 'Margins improved']).toString('base64') });
      assert.equal(pdf.status, 201, pdf.text);
      assert.equal(pdf.body.item.contentType, 'application/pdf');
      assert.match((await s.request('GET', `${base}/${pdf.body.item.id}`, { token: reader })).body.text, /Board report[\s\S]*Margins improved/);
      const docx = await upload({ filename: 'sow.docx', contentBase64: makeDocx([{ text: 'Statement of work', heading: true }, { text: 'Two sprints.' }]).toString('base64') });
      assert.equal(docx.status, 201, docx.text);
      assert.match((await s.request('GET', `${base}/${docx.body.item.id}`, { token: reader })).body.text, /Statement of work[\s\S]*Two sprints\./);
      const html = await upload({ filename: 'page.html', content: '<h2>Pricing</h2><p>From <em>9 EUR</em></p>' });
      assert.equal(html.body.item.contentType, 'text/html');
      assert.match((await s.request('GET', `${base}/${html.body.item.id}`, { token: reader })).body.text, /## Pricing\n\nFrom _9 EUR_/);
    });

    it('caps the returned text at 200,000 characters with textTruncated', async () => {
      const long = 'abcdefghij'.repeat(25_000);
      const r = await upload({ filename: 'long.txt', content: long });
      const one = await s.request('GET', `${base}/${r.body.item.id}`, { token: reader });
      assert.equal(one.body.text.length, 200_000);
      assert.equal(one.body.textTruncated, true);
      assert.equal(one.body.size, 250_000);
    });
  });

  describe('default inbox', () => {
    it("lands in the credential's brain; ?brain= of another brain is 403; Read is 403", async () => {
      const r = await s.request('POST', '/api/v1/inbox', { token: writer, body: { filename: 'transcript.json', content: '{"turns":[]}', externalId: 'session-42' } });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.item.brainId, s.mainBrainId);
      assert.equal(r.body.item.contentType, 'application/json');
      const named = await s.request('POST', '/api/v1/inbox?brain=main', { token: writer, body: { content: 'named own brain' } });
      assert.equal(named.status, 201);
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'elsewhere' });
      const other = await s.request('POST', '/api/v1/inbox?brain=elsewhere', { token: writer, body: { content: 'not mine' } });
      assert.equal(other.status, 403);
      assert.equal(other.body.code, 'credential_brain_mismatch');
      assert.equal((await s.request('POST', '/api/v1/inbox', { token: reader, body: { content: 'ro' } })).status, 403);
    });

    it("puts a user's upload in their single writable brain, and asks which one when there are several", async () => {
      const ada = await s.c.identity.createUser({ email: 'ada@example.com', name: 'Ada' }, SYSTEM_ACTOR);
      const actor = s.c.identity.userActor(ada, 'oauth');
      const research = await s.c.brains.create(actor, { slug: 'ada-research' });
      const one = await s.c.inbox.upload(actor, null, { content: 'user upload' }, 'mcp');
      assert.equal(one.status, 201);
      assert.equal(one.body.item.brainId, research.id);
      assert.equal(one.body.item.via, 'mcp');
      assert.equal(one.body.item.pushedBy.ref, `user:${ada.id}`);
      await s.c.brains.create(actor, { slug: 'ada-second' });
      await assert.rejects(s.c.inbox.upload(actor, null, { content: 'which brain?' }, 'api'), (e: any) => {
        assert.equal(e.status, 400);
        assert.equal(e.code, 'brain_required');
        assert.deepEqual(e.extras.brains.sort(), ['ada-research', 'ada-second']);
        return true;
      });
      const named = await s.c.inbox.upload(actor, { named: 'ada-second' }, { content: 'which brain?' }, 'api');
      assert.equal(named.status, 201);
    });
  });

  describe('idempotency and revisions', () => {
    it('a repeated externalId or identical content returns the existing item with 200 and a message', async () => {
      const first = await upload({ filename: 'a.md', content: 'alpha', externalId: 'ext-a' });
      assert.equal(first.status, 201);
      const again = await upload({ filename: 'a2.md', content: 'alpha changed', externalId: 'ext-a' });
      assert.equal(again.status, 200);
      assert.equal(again.body.duplicate, true);
      assert.equal(again.body.item.id, first.body.item.id);
      assert.match(again.body.message, /externalId 'ext-a'/);
      const same = await upload({ filename: 'copy.md', content: 'alpha' });
      assert.equal(same.status, 200);
      assert.equal(same.body.item.id, first.body.item.id);
      assert.match(same.body.message, /identical content/);
      // the bytes of the refused repeat were not kept
      assert.ok(!s.c.contentStore.list().some((h) => fs.readFileSync(s.c.contentStore.pathOf(h), 'utf8') === 'alpha changed'));
    });

    it('derives the externalId from a Google Drive link; a new version becomes a linked revision with a diff', async () => {
      const url = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/edit';
      const v1 = await upload({ filename: 'plan.txt', content: 'Plan\nstep one\nstep two\n', canonicalUrl: url, version: '1' });
      assert.equal(v1.status, 201, v1.text);
      assert.equal(v1.body.item.externalId, 'gdrive:1AbCdEfGhIjKlMnOpQrStUvWxYz@1');
      assert.deepEqual(v1.body.item.sourceReference, { provider: 'gdrive', providerItemId: '1AbCdEfGhIjKlMnOpQrStUvWxYz', version: '1', canonicalUrl: url });
      const repeat = await upload({ filename: 'plan.txt', content: 'Plan\nstep one\nstep two\n(touched)', canonicalUrl: url, version: '1' });
      assert.equal(repeat.status, 200);
      assert.equal(repeat.body.item.id, v1.body.item.id);
      await s.request('PUT', `${base}/${v1.body.item.id}/status`, { token: writer, body: { status: 3, rationale: 'draft' } });
      const v2 = await upload({ filename: 'plan.txt', content: 'Plan\nstep one\nstep 2 revised\n', canonicalUrl: url, version: '2' });
      assert.equal(v2.status, 201);
      assert.equal(v2.body.item.supersedesItemId, v1.body.item.id);
      const old = await s.request('GET', `${base}/${v1.body.item.id}`, { token: reader });
      assert.equal(old.body.supersededByItemId, v2.body.item.id);
      const got = await s.request('GET', `${base}/${v2.body.item.id}`, { token: reader });
      assert.deepEqual(got.body.revisionOf, { id: v1.body.item.id, status: 3, filedPages: [] });
      assert.match(got.body.revisionDiff, /^-step two$/m);
      assert.match(got.body.revisionDiff, /^\+step 2 revised$/m);
      assert.match(got.body.revisionDiff, /^ step one$/m);
    });

    it('without a version, changed content is a new version and the same content a repeat', async () => {
      const ref = { canonicalUrl: 'https://acme.sharepoint.com/sites/ops/Shared%20Documents/runbook.docx', providerItemId: 'runbook-77' };
      const a = await upload({ filename: 'runbook.txt', content: 'v-a', ...ref });
      assert.equal(a.body.item.sourceReference.provider, 'sharepoint');
      assert.match(a.body.item.externalId, /^sharepoint:runbook-77@sha256-[0-9a-f]{16}$/);
      const b = await upload({ filename: 'runbook.txt', content: 'v-b', ...ref });
      assert.equal(b.status, 201);
      assert.equal(b.body.item.supersedesItemId, a.body.item.id);
      const c = await upload({ filename: 'runbook.txt', content: 'v-c', ...ref });
      assert.equal(c.body.item.supersedesItemId, b.body.item.id);
      const again = await upload({ filename: 'runbook.txt', content: 'v-c', ...ref });
      assert.equal(again.status, 200);
      assert.equal(again.body.item.id, c.body.item.id);
    });

    it('concurrent uploads of one externalId create exactly one item and keep no stray content', async () => {
      const before = new Set(s.c.contentStore.list());
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, i) => upload({ filename: `race-${i}.txt`, content: `racer ${i}`, externalId: 'race-ext' })),
      );
      const created = replies.filter((r) => r.status === 201);
      assert.equal(created.length, 1, replies.map((r) => r.status).join(','));
      assert.ok(replies.every((r) => r.status === 201 || (r.status === 200 && r.body.duplicate)));
      assert.equal(new Set(replies.map((r) => r.body.item.id)).size, 1);
      const list = await s.request('GET', `${base}?limit=200`, { token: reader });
      assert.equal(list.body.items.filter((i: any) => i.externalId === 'race-ext').length, 1);
      const added = s.c.contentStore.list().filter((h) => !before.has(h));
      assert.deepEqual(added, [created[0]!.body.item.sha256]);
      assert.deepEqual(fs.readdirSync(s.c.contentStore.tmpDir), []);
      // identical bytes racing without an externalId: also one item
      const same = await Promise.all(Array.from({ length: 12 }, () => upload({ content: 'same bytes racing' })));
      assert.equal(same.filter((r) => r.status === 201).length, 1);
      assert.equal(new Set(same.map((r) => r.body.item.id)).size, 1);
    });
  });

  describe('multipart', () => {
    it('takes any field name; the first file wins; form fields are hints', async () => {
      const form = new FormData();
      form.append('skill', 'ingest-doc');
      form.append('canonicalUrl', 'https://example.notion.site/Brief-0123456789abcdef');
      form.append('providerItemId', 'brief-1');
      form.append('version', '7');
      form.append('whatever', new Blob(['first file wins\n'], { type: 'text/plain' }), 'first.txt');
      form.append('attachment', new Blob(['second file loses\n'], { type: 'text/plain' }), 'second.txt');
      const r = await fetch(`${s.url}${base}`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: form });
      const body = (await r.json()) as any;
      assert.equal(r.status, 201, JSON.stringify(body));
      assert.equal(body.item.filename, 'first.txt');
      assert.equal(body.item.skillHint, 'ingest-doc');
      assert.equal(body.item.externalId, 'notion:brief-1@7');
      assert.equal(body.item.sourceReference.provider, 'notion');
      assert.equal(fs.readFileSync(s.c.contentStore.pathOf(body.item.sha256), 'utf8'), 'first file wins\n');
      assert.ok(!s.c.contentStore.list().some((h) => fs.readFileSync(s.c.contentStore.pathOf(h), 'utf8') === 'second file loses\n'));
      assert.deepEqual(fs.readdirSync(s.c.contentStore.tmpDir), []);
    });

    it('extracts a DOCX sent as a file with a generic type', async () => {
      const form = new FormData();
      form.append('file', new Blob([makeDocx([{ text: 'Kick-off agenda' }])], { type: 'application/octet-stream' }), 'agenda.docx');
      const r = await fetch(`${s.url}/api/v1/inbox`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: form });
      const body = (await r.json()) as any;
      assert.equal(r.status, 201);
      assert.equal(body.item.contentType, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      assert.match((await s.request('GET', `${base}/${body.item.id}`, { token: reader })).body.text, /Kick-off agenda/);
    });

    it('refuses a file over 50 MB with 413 and stores nothing; a refused field stores nothing either', async function () {
      this.timeout(60_000);
      const before = await snapshot();
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(50 * 1024 * 1024 + 1, 1)]), 'huge.bin');
      const r = await fetch(`${s.url}${base}`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: form });
      assert.equal(r.status, 413);
      assert.equal(((await r.json()) as any).code, 'payload_too_large');
      const bad = new FormData();
      bad.append('skill', 'nope');
      bad.append('file', new Blob(['fine bytes, bad skill']), 'x.txt');
      const r2 = await fetch(`${s.url}${base}`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: bad });
      assert.equal(r2.status, 400);
      assert.deepEqual(await snapshot(), before);
    });
  });

  describe('listing and status', () => {
    let brainId: string;
    let owner: string;
    let ids: string[];

    before(async () => {
      brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'listing' })).id;
      owner = s.credential('Owner', 'listing');
      ids = [];
      for (let i = 0; i < 5; i++) {
        const r = await upload({ filename: `n${i}.md`, content: `note ${i}` }, owner, `/api/v1/brains/${brainId}/inbox`);
        ids.push(r.body.item.id);
      }
    });

    it('lists newest first and pages with nextCursor (null at the end)', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = cursor ? `&cursor=${cursor}` : '';
        const r = await s.request('GET', `/api/v1/brains/${brainId}/inbox?limit=2${q}`, { token: owner });
        assert.equal(r.status, 200);
        assert.ok('nextCursor' in r.body);
        seen.push(...r.body.items.map((i: any) => i.id));
        cursor = r.body.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(seen, [...ids].reverse());
      assert.equal((await s.request('GET', `/api/v1/brains/${brainId}/inbox?cursor=zzz`, { token: owner })).status, 400);
      assert.equal((await s.request('GET', `/api/v1/brains/${brainId}/inbox?status=7`, { token: owner })).status, 400);
    });

    it('moves status per CONTRACT, records the suggestion, and refuses other moves with 409 and allowed', async () => {
      const url = (id: string) => `/api/v1/brains/${brainId}/inbox/${id}`;
      const toReview = await s.request('PUT', `${url(ids[0]!)}/status`, {
        token: owner,
        body: { status: 1, targetFolder: 'people', entityType: 'person', targetSlug: 'ada-lovelace', confidence: 0.42, rationale: 'Unsure who this is.' },
      });
      assert.equal(toReview.status, 200, toReview.text);
      assert.equal(toReview.body.status, 1);
      assert.equal(toReview.body.reason, 'Unsure who this is.');
      assert.deepEqual(toReview.body.suggestion, { targetFolder: 'people', entityType: 'person', targetSlug: 'ada-lovelace', confidence: 0.42, rationale: 'Unsure who this is.' });
      const same = await s.request('PUT', `${url(ids[0]!)}/status`, { token: owner, body: { status: 1 } });
      assert.equal(same.status, 409);
      assert.deepEqual(same.body.allowed, [0, 2, 3]);
      assert.equal((await s.request('PUT', `${url(ids[0]!)}/status`, { token: owner, body: { status: 0 } })).body.status, 0);
      assert.equal((await s.request('PUT', `${url(ids[1]!)}/status`, { token: owner, body: { status: 3 } })).body.status, 3);
      const from3 = await s.request('PUT', `${url(ids[1]!)}/status`, { token: owner, body: { status: 1 } });
      assert.equal(from3.status, 409);
      assert.deepEqual(from3.body.allowed, [0]);
      const archived = await s.request('POST', `${url(ids[2]!)}/archive`, { token: owner });
      assert.equal(archived.status, 200);
      assert.equal(archived.body.status, 2);
      const fromFiled = await s.request('PUT', `${url(ids[2]!)}/status`, { token: owner, body: { status: 0 } });
      assert.equal(fromFiled.status, 409);
      assert.equal(fromFiled.body.code, 'invalid_status_transition');
      assert.deepEqual(fromFiled.body.allowed, []);
      assert.equal((await s.request('POST', `${url(ids[2]!)}/archive`, { token: owner })).status, 409);
      assert.equal((await s.request('PUT', `${url(ids[3]!)}/status`, { token: owner, body: { status: 9 } })).status, 400);
      const ro = s.credential('Read', 'listing');
      assert.equal((await s.request('PUT', `${url(ids[3]!)}/status`, { token: ro, body: { status: 3 } })).status, 403);
      assert.equal((await s.request('POST', `${url(ids[3]!)}/archive`, { token: ro })).status, 403);
      const filed = await s.request('GET', `/api/v1/brains/${brainId}/inbox?status=2`, { token: owner });
      assert.deepEqual(filed.body.items.map((i: any) => i.id), [ids[2]]);
      const pending = await s.request('GET', `/api/v1/brains/${brainId}/inbox?status=0`, { token: owner });
      assert.deepEqual(pending.body.items.map((i: any) => i.id), [ids[4], ids[3], ids[0]]);
    });

    it('tells the filing scheduler when an item is queued', async () => {
      const queued: string[] = [];
      s.c.inbox.onItemQueued((b, id) => b === brainId && queued.push(id));
      const r = await upload({ content: 'kick the filer' }, owner, `/api/v1/brains/${brainId}/inbox`);
      assert.deepEqual(queued, [r.body.item.id]);
      await s.request('PUT', `/api/v1/brains/${brainId}/inbox/${ids[1]}/status`, { token: owner, body: { status: 0 } });
      assert.deepEqual(queued, [r.body.item.id, ids[1]]);
    });

    it('exposes compare-and-set status changes for the filing pass', () => {
      const [oldest] = s.c.inboxRepo.claimPending(brainId, 1);
      assert.ok(oldest);
      const filed = s.c.inboxRepo.markFiled(oldest.id, ['notes/n.md'], null);
      assert.equal(filed?.status, 2);
      assert.deepEqual(filed?.filedPages, ['notes/n.md']);
      assert.equal(s.c.inboxRepo.markReview(oldest.id, 'too late', null), null);
    });
  });
});
