// Uploads after review: the web app's file forms check CSRF and the caller's role before a byte of
// the body is read; the REST and web file uploads share one refuse-before-body precheck (and the
// web one answers problem+json to a script); multipartUpload alone removes staged parts, on
// success, on error and when the client goes away mid-upload. Real HTTP, real disk.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { multipartUpload } from '../../src/http/multipartUpload.js';
import { ContentStore } from '../../src/storage/contentStore.js';
import { browser, signIn, type Browser } from '../helpers/oauth.js';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { claudeExport } from '../fixtures/chatExports.js';
import { parseChatExport } from '../../src/domain/chatExports.js';

const MAX = 64 * 1024;
const BOUNDARY = 'xyz';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Send headers and the first bytes of a 1 MB body that never finishes; resolve with the reply (a server that reads first never replies). */
function openBody(base: string, method: string, urlPath: string, headers: Record<string, string>, first: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let done = false;
    const req = http.request(`${base}${urlPath}`, { method, headers: { 'content-length': String(1_000_000), ...headers } });
    const timer = setTimeout(() => {
      done = true;
      req.destroy();
      reject(new Error(`${method} ${urlPath}: no reply while the body was still open (the server waited to read it)`));
    }, 10_000);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body });
      });
    });
    req.on('error', (e) => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        reject(e);
      }
    });
    req.write(first);
  });
}

/** A multipart body: text fields, then one file part. */
function multipartBody(fields: Record<string, string>, file: { name: string; type: string; data: Buffer | string } | null, end = true): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(Buffer.from(file.data));
    if (end) parts.push(Buffer.from('\r\n'));
  }
  if (end) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

function entries(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Staged files go away right after the reply (the response's close): wait a moment for it. */
async function assertEmptySoon(dir: string, what: string): Promise<void> {
  const until = Date.now() + 5000;
  while (entries(dir).length && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  assert.deepEqual(entries(dir), [], `${what}: staged files left in ${dir}`);
}

/**
 * Start a multipart upload whose file part keeps streaming, wait until the server has staged part
 * of it in `stagingDir`, then cut the connection (a client that goes away mid-upload).
 */
function abortMidUpload(base: string, method: string, urlPath: string, headers: Record<string, string>, head: Buffer, stagingDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers: { 'content-length': String(40 * 1024 * 1024), 'content-type': MULTIPART, ...headers } });
    req.on('error', () => undefined); // the cut itself
    req.on('response', (res) => {
      res.resume();
      reject(new Error(`${urlPath}: answered ${res.statusCode} before the upload was cut`));
    });
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const until = Date.now() + 10_000;
    const pump = () => {
      if (entries(stagingDir).length) {
        req.destroy();
        return resolve();
      }
      if (Date.now() > until) {
        req.destroy();
        return reject(new Error(`${urlPath}: nothing was staged`));
      }
      req.write(chunk, () => setTimeout(pump, 5));
    };
    pump();
  });
}

describe('uploads: order of checks and staged parts (review)', function () {
  this.timeout(60_000);
  let s: TestServer;
  let writer: string;
  let reader: string;
  let owner: Browser;
  let readerSession: Browser;
  let ownerToken: string;
  let readerToken: string;
  let inboxTmp: string;
  let filesTmp: string;
  const cookie = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfOf = async (b: Browser) => {
    const page = await (await b.fetch(`${s.url}/app/b/main/inbox/upload`)).text();
    return /name="csrf-token" content="([^"]+)"/.exec(page)![1]!;
  };

  before(async () => {
    s = await startTestServer({ BRAINKEEP_MAX_FILE_BYTES: String(MAX) });
    writer = s.credential('Write');
    reader = s.credential('Read');
    inboxTmp = path.join(s.dataDir, 'inbox', '.tmp');
    filesTmp = path.join(s.dataDir, 'files.tmp');
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    await s.c.identity.createUser({ email: 'rita@example.com', name: 'Rita', password: 'password123' }, SYSTEM_ACTOR);
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'rita@example.com', role: 'Read' });
    owner = browser();
    readerSession = browser();
    assert.equal((await signIn(owner, s.url, 'owner@brainkeep.local', password)).status, 303);
    assert.equal((await signIn(readerSession, s.url, 'rita@example.com', 'password123')).status, 303);
    ownerToken = await csrfOf(owner);
    readerToken = await csrfOf(readerSession);
  });
  after(async () => {
    await s?.stop();
  });

  describe('web file forms: CSRF and role before the body', () => {
    const FILE_START = multipartBody({}, { name: 'notes.txt', type: 'text/plain', data: 'hello' }, false);

    it('a cross-site multipart post is refused before a byte of it is read or staged', async () => {
      const before = entries(inboxTmp).length;
      for (const route of ['/app/b/main/inbox/upload', '/app/b/main/inbox/import']) {
        const cases: Array<[string, string, Record<string, string>, string | Buffer]> = [
          ['another origin', route, { origin: 'https://evil.example' }, FILE_START],
          ['no token', route, {}, FILE_START],
          ['a wrong token', `${route}?_csrf=${'x'.repeat(32)}`, {}, FILE_START],
          // The token in the body is never read: the body is not read before the check.
          ['the token in the body only', route, {}, multipartBody({ _csrf: ownerToken }, { name: 'notes.txt', type: 'text/plain', data: 'hello' }, false)],
        ];
        for (const [what, url, headers, first] of cases) {
          const r = await openBody(s.url, 'POST', url, { 'content-type': MULTIPART, cookie: cookie(owner), ...headers }, first);
          assert.equal(r.status, 403, `${route}, ${what}: ${r.body.slice(0, 300)}`);
          assert.equal(r.headers.connection, 'close', `${route}, ${what}`);
        }
      }
      assert.equal(entries(inboxTmp).length, before, 'nothing was staged');
      assert.deepEqual(s.c.inbox.list(SYSTEM_ACTOR, 'main', {}).items, []);
    });

    it('a member without Write is refused before the body, with a valid token', async () => {
      for (const route of ['/app/b/main/inbox/upload', '/app/b/main/inbox/import']) {
        const r = await openBody(s.url, 'POST', `${route}?_csrf=${readerToken}`, { 'content-type': MULTIPART, cookie: cookie(readerSession) }, FILE_START);
        assert.equal(r.status, 403, `${route}: ${r.body.slice(0, 300)}`);
      }
      // A visitor who is not signed in: sent to sign in, the body unread.
      const anon = await openBody(s.url, 'POST', '/app/b/main/inbox/upload', { 'content-type': MULTIPART }, FILE_START);
      assert.ok([303, 403].includes(anon.status), `${anon.status}`);
      assert.deepEqual(entries(inboxTmp), []);
    });

    it("the forms carry their token in the action URL, and a writer's upload is stored", async () => {
      const page = await (await owner.fetch(`${s.url}/app/b/main/inbox/upload`)).text();
      const actions = [...page.matchAll(/<form method="post" action="([^"]+)" enctype="multipart\/form-data"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      assert.deepEqual(actions, [`/app/b/main/inbox/upload?_csrf=${ownerToken}`, `/app/b/main/inbox/import?_csrf=${ownerToken}`]);
      const form = new FormData();
      form.append('file', new Blob(['Budget memo: the telescope costs 4,000 euros.\n'], { type: 'text/plain' }), 'memo.txt');
      const res = await owner.fetch(`${s.url}${actions[0]}`, { method: 'POST', body: form });
      assert.equal(res.status, 303, await res.text());
      assert.match(res.headers.get('location') ?? '', /\/inbox\/[0-9a-f-]{36}$/);
      assert.equal(s.c.inbox.list(SYSTEM_ACTOR, 'main', {}).items.length, 1);
      await assertEmptySoon(inboxTmp, 'web upload');
    });
  });

  describe('web urlencoded forms: Origin and size before the body', () => {
    const FORM = 'application/x-www-form-urlencoded';
    const pageStart = (token: string) => `_csrf=${token}&path=big.md&expectedVersion=0&markdown=${'a'.repeat(64 * 1024)}`;

    it('a cross-site urlencoded post of a large body is refused on its Origin before the body is read', async () => {
      for (const route of ['/app/b/main/pages/edit', '/app/b/main/settings/partitions/import']) {
        // 10 MB declared, 64 KB sent: a server that reads the body first never replies.
        const r = await openBody(s.url, 'POST', route, { 'content-type': FORM, 'content-length': String(10 * 1024 * 1024), cookie: cookie(owner), origin: 'https://evil.example' }, pageStart(ownerToken));
        assert.equal(r.status, 403, `${route}: ${r.body.slice(0, 300)}`);
        assert.equal(r.headers.connection, 'close', route);
      }
      assert.equal(s.c.pages.list(SYSTEM_ACTOR, 'main', {}).pages.some((p) => p.path === 'big.md'), false);
    });

    it('a form from another site by Sec-Fetch-Site (no Origin) is refused before its body is read', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const r = await openBody(s.url, 'POST', '/app/b/main/pages/edit', { 'content-type': FORM, 'content-length': String(10 * 1024 * 1024), cookie: cookie(owner), 'sec-fetch-site': site }, pageStart(ownerToken));
        assert.equal(r.status, 403, `${site}: ${r.body.slice(0, 300)}`);
        assert.equal(r.headers.connection, 'close', site);
      }
    });

    it('a form naming no origin (no Origin, Referer or Sec-Fetch-Site) with its token only in the body is refused unread', async () => {
      // 10 MB declared (under the editor's limit), 64 KB sent: a server that reads the body first never replies.
      const r = await openBody(s.url, 'POST', '/app/b/main/pages/edit', { 'content-type': FORM, 'content-length': String(10 * 1024 * 1024), cookie: cookie(owner) }, pageStart(ownerToken));
      assert.equal(r.status, 403, r.body.slice(0, 300));
      assert.equal(r.headers.connection, 'close');
      assert.match(r.body, /another site|expired/);
      assert.equal(s.c.pages.list(SYSTEM_ACTOR, 'main', {}).pages.some((p) => p.path === 'big.md'), false);
    });

    it('a form naming no origin is read when its token comes outside the body; same-origin browser posts are read', async () => {
      const body = (p: string) => new URLSearchParams({ _csrf: ownerToken, path: p, expectedVersion: '0', markdown: `# ${p}\n` }).toString();
      const send = (p: string, headers: Record<string, string>, query = '') =>
        fetch(`${s.url}/app/b/main/pages/edit${query}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': FORM, cookie: cookie(owner), ...headers }, body: body(p) });
      const cases: Array<[string, Record<string, string>, string]> = [
        ['by-header.md', { 'x-csrf-token': ownerToken }, ''],
        ['by-query.md', {}, `?_csrf=${ownerToken}`],
        ['same-origin.md', { 'sec-fetch-site': 'same-origin', origin: 'null' }, ''], // our pages send no referrer: Origin is null
        ['origin-null.md', { origin: 'null' }, ''], // a browser on plain http to a LAN address sends no Sec-Fetch-Site
        ['by-origin.md', { origin: s.url }, ''],
        ['by-referer.md', { referer: `${s.url}/app/b/main/pages/edit` }, ''],
      ];
      for (const [p, headers, query] of cases) {
        const r = await send(p, headers, query);
        assert.equal(r.status, 303, `${p}: ${(await r.text()).slice(0, 300)}`);
        assert.equal(s.c.pages.get(SYSTEM_ACTOR, 'main', p).markdown, `# ${p}\n`);
      }
      // A wrong token outside the body, or a Referer of another site, is refused.
      assert.equal((await send('wrong.md', { 'x-csrf-token': 'x'.repeat(32) })).status, 403);
      assert.equal((await send('elsewhere.md', { referer: 'https://evil.example/form' })).status, 403);
    });

    it('a declared body over the form limit is 413 before it is read; a large page still saves', async () => {
      const cases: Array<[string, number]> = [
        ['/app/b/main/settings/partitions/import', 2 * 1024 * 1024],
        ['/app/b/main/pages/edit', 16 * 1024 * 1024],
        ['/app/b/main/pages/preview', 16 * 1024 * 1024],
      ];
      for (const [route, size] of cases) {
        const r = await openBody(s.url, 'POST', route, { 'content-type': FORM, 'content-length': String(size), cookie: cookie(owner) }, pageStart(ownerToken));
        assert.equal(r.status, 413, `${route}: ${r.body.slice(0, 300)}`);
        assert.equal(r.headers.connection, 'close', route);
      }
      // The editor's content is the exception: a 1.5 MB page (over the 1 MB of other forms) is read and saved.
      const markdown = '# Big\n\n' + 'A line of the page, in plain words.\n'.repeat(40_000);
      const res = await owner.fetch(`${s.url}/app/b/main/pages/edit`, { method: 'POST', body: new URLSearchParams({ _csrf: ownerToken, path: 'big.md', expectedVersion: '0', markdown }) });
      assert.equal(res.status, 303, (await res.text()).slice(0, 300));
      assert.equal(s.c.pages.get(SYSTEM_ACTOR, 'main', 'big.md').markdown.length, markdown.length);
      // So is the brain's instructions file, saved through the schema settings form.
      const content = '# Instructions\n\n' + 'File meeting notes under meetings, one page per meeting.\n'.repeat(25_000);
      const saved = await owner.fetch(`${s.url}/app/b/main/settings/schema`, { method: 'POST', body: new URLSearchParams({ _csrf: ownerToken, file: 'instructions', content }) });
      assert.equal(saved.status, 303, (await saved.text()).slice(0, 300));
      assert.equal((await s.c.brains.instructions(SYSTEM_ACTOR, 'main')).markdown.length, content.length);
    });
  });

  describe('file uploads: one precheck before the body, REST and web', () => {
    const webUpload = (query: string, headers: Record<string, string>, b: Browser = owner, token = ownerToken) =>
      openBody(s.url, 'POST', `/app/b/main/files/upload?${query}`, { cookie: cookie(b), 'x-csrf-token': token, ...headers }, Buffer.from('%PDF-1.4\n'));

    it('web: a declared size over the cap is 413 problem+json before the body is read; nothing staged', async () => {
      const r = await webUpload('path=docs/big.pdf', { 'content-type': 'application/pdf', accept: 'application/json' });
      assert.equal(r.status, 413, r.body);
      assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(JSON.parse(r.body).code, 'payload_too_large');
      assert.equal(r.headers.connection, 'close');
      assert.deepEqual(entries(filesTmp), []);
    });

    it('web: refusals are problem+json to a script (Accept or fetch) and an HTML page to a form post', async () => {
      const fetchLike = { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' };
      const type = await webUpload('path=bin/tool.exe', { 'content-type': 'application/octet-stream', ...fetchLike });
      assert.equal(type.status, 415, type.body);
      assert.equal(type.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(JSON.parse(type.body).code, 'unsupported_media_type');
      const badPath = await webUpload('path=../x.pdf', { 'content-type': 'application/pdf', accept: 'application/json' });
      assert.equal(badPath.status, 400, badPath.body);
      assert.equal(JSON.parse(badPath.body).code, 'invalid_path');
      const role = await webUpload('path=a.pdf', { 'content-type': 'application/pdf', accept: 'application/json' }, readerSession, readerToken);
      assert.equal(role.status, 403, role.body);
      assert.equal(JSON.parse(role.body).code, 'insufficient_role');
      const csrf = await webUpload('path=a.pdf', { 'content-type': 'application/pdf', ...fetchLike }, owner, 'y'.repeat(32));
      assert.equal(csrf.status, 403, csrf.body);
      assert.equal(JSON.parse(csrf.body).code, 'csrf_failed');
      const multipart = await webUpload('path=a.pdf', { 'content-type': MULTIPART, accept: 'application/json' });
      assert.equal(multipart.status, 415, multipart.body);
      const page = await webUpload('path=bin/tool.exe', { 'content-type': 'application/octet-stream', accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' });
      assert.equal(page.status, 415);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /not allowed/);
      assert.deepEqual(entries(filesTmp), []);
    });

    it('a stale expectedVersion is 409 before the body is read, REST and web', async () => {
      const first = await s.request('PUT', '/api/v1/brains/main/files?path=notes/v.txt', { token: writer, rawBody: 'one', headers: { 'content-type': 'text/plain' } });
      assert.equal(first.status, 201, first.text);
      const small = { 'content-length': String(MAX / 2) }; // under the cap, and still far more than is sent
      const rest = await openBody(s.url, 'PUT', '/api/v1/brains/main/files?path=notes/v.txt&expectedVersion=7', { authorization: `Bearer ${writer}`, 'content-type': 'text/plain', ...small }, 'two');
      assert.equal(rest.status, 409, rest.body);
      assert.equal(JSON.parse(rest.body).code, 'file_conflict');
      assert.equal(JSON.parse(rest.body).currentVersion, 1);
      const create = await openBody(s.url, 'PUT', '/api/v1/brains/main/files?path=notes/v.txt&expectedVersion=0', { authorization: `Bearer ${writer}`, 'content-type': 'text/plain', ...small }, 'two');
      assert.equal(create.status, 409, create.body);
      const web = await webUpload('path=notes/v.txt&expectedVersion=3', { 'content-type': 'text/plain', accept: 'application/json', ...small });
      assert.equal(web.status, 409, web.body);
      assert.equal(JSON.parse(web.body).code, 'file_conflict');
      // The right version still goes through, on the web too.
      const ok = await owner.fetch(`${s.url}/app/b/main/files/upload?path=notes/v.txt&expectedVersion=1`, { method: 'POST', body: 'two', headers: { 'x-csrf-token': ownerToken, 'content-type': 'text/plain' } });
      assert.equal(ok.status, 200, await ok.text());
      assert.equal((await s.request('GET', '/api/v1/brains/main/files?path=notes/v.txt', { token: reader })).text, 'two');
    });
  });

  describe('staged parts are removed by multipartUpload, whatever happens', () => {
    it('a handler that takes nothing leaves nothing behind, on success and on error', async () => {
      const dir = tempDir();
      const store = new ContentStore(dir, false);
      const app = express();
      const upload = multipartUpload(store, () => true);
      app.post('/ok', upload, (_req, res) => void res.json({ ok: true }));
      app.post('/fail', upload, () => {
        throw new Error('the handler failed');
      });
      let entered!: () => void;
      const inHandler = new Promise<void>((r) => (entered = r));
      let readDone!: (text: string) => void;
      const slowRead = new Promise<string>((r) => (readDone = r));
      app.post('/slow', upload, (req, res) => {
        const part = (req.files as Express.Multer.File[])[0]!;
        res.once('close', () =>
          setTimeout(() => {
            readDone(fs.existsSync(part.path) ? fs.readFileSync(part.path, 'utf8') : '(removed)');
            res.json({ ok: true });
          }, 100),
        );
        entered();
      });
      app.use(((_err, _req, res, _next) => void res.status(500).end()) as express.ErrorRequestHandler);
      const server = app.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        for (const [route, status] of [['/ok', 200], ['/fail', 500]] as const) {
          const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': MULTIPART }, body: multipartBody({ note: 'x' }, { name: 'a.txt', type: 'text/plain', data: 'hello' }) });
          assert.equal(res.status, status);
          await res.arrayBuffer();
          await assertEmptySoon(store.tmpDir, route);
        }
        await abortMidUpload(base, 'POST', '/ok', {}, multipartBody({}, { name: 'a.txt', type: 'text/plain', data: '' }, false), store.tmpDir);
        await assertEmptySoon(store.tmpDir, 'aborted');

        // The client goes away after sending it all, while the handler is still at work: the part
        // stays until the handler is done with it, then goes.
        const client = http.request(`${base}/slow`, { method: 'POST', headers: { 'content-type': MULTIPART } });
        client.on('error', () => undefined);
        client.end(multipartBody({}, { name: 'a.txt', type: 'text/plain', data: 'hello' }));
        await inHandler;
        client.destroy();
        assert.equal(await slowRead, 'hello', 'the handler could still read its part after the client left');
        await assertEmptySoon(store.tmpDir, 'client gone while the handler worked');
      } finally {
        await new Promise((r) => server.close(r));
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('REST inbox, files and chat import: nothing left after success or error', async () => {
      const auth = { authorization: `Bearer ${writer}`, 'content-type': MULTIPART };
      const cases: Array<[string, string, string, Buffer, number]> = [
        ['inbox ok', 'POST', '/api/v1/brains/main/inbox', multipartBody({}, { name: 'r1.txt', type: 'text/plain', data: 'rest one' }), 201],
        ['inbox refused', 'POST', '/api/v1/brains/main/inbox', multipartBody({ skill: 'juggling' }, { name: 'r2.txt', type: 'text/plain', data: 'rest two' }), 400],
        ['files ok', 'PUT', '/api/v1/brains/main/files?path=notes/m.txt', multipartBody({}, { name: 'm.txt', type: 'text/plain', data: 'multi' }), 201],
        ['files refused', 'PUT', '/api/v1/brains/main/files?path=img/x.png', multipartBody({}, { name: 'x.png', type: 'image/png', data: 'not a png' }), 415],
        ['import ok', 'POST', '/api/v1/brains/main/inbox/import?format=claude', multipartBody({}, { name: 'conversations.json', type: 'application/json', data: JSON.stringify(claudeExport()) }), 201],
        ['import refused', 'POST', '/api/v1/brains/main/inbox/import?format=claude', multipartBody({}, { name: 'conversations.json', type: 'application/json', data: 'not json' }), 400],
      ];
      for (const [what, method, url, body, status] of cases) {
        const r = await s.request(method, url, { rawBody: body, headers: auth });
        assert.equal(r.status, status, `${what}: ${r.text}`);
        await assertEmptySoon(inboxTmp, what);
        await assertEmptySoon(filesTmp, what);
      }
    });

    it('web inbox upload and chat import: nothing left after success or error', async () => {
      const cases: Array<[string, string, Buffer, RegExp]> = [
        ['upload ok', '/app/b/main/inbox/upload', multipartBody({ skill: '' }, { name: 'w1.txt', type: 'text/plain', data: 'web one' }), /\/inbox\/[0-9a-f-]{36}$/],
        ['upload refused', '/app/b/main/inbox/upload', multipartBody({ skill: 'juggling' }, { name: 'w2.txt', type: 'text/plain', data: 'web two' }), /\/inbox\/upload$/],
        ['import ok', '/app/b/main/inbox/import', multipartBody({ format: 'claude' }, { name: 'conversations.json', type: 'application/json', data: JSON.stringify(claudeExport()) }), /\/inbox\?status=all$/],
        ['import refused', '/app/b/main/inbox/import', multipartBody({ format: 'claude' }, { name: 'conversations.json', type: 'application/json', data: 'not json' }), /\/inbox\/upload$/],
      ];
      for (const [what, route, body, to] of cases) {
        const res = await owner.fetch(`${s.url}${route}?_csrf=${ownerToken}`, { method: 'POST', body, headers: { 'content-type': MULTIPART } });
        assert.equal(res.status, 303, `${what}: ${await res.text()}`);
        assert.match(res.headers.get('location') ?? '', to, what);
        await assertEmptySoon(inboxTmp, what);
      }
    });

    it('a client that goes away mid-upload leaves nothing behind (REST inbox, files, chat import; web upload and import)', async () => {
      const head = (name: string) => multipartBody({}, { name, type: 'text/plain', data: '' }, false);
      const rest = { authorization: `Bearer ${writer}` };
      const web = { cookie: cookie(owner) };
      const cases: Array<[string, string, Record<string, string>, Buffer]> = [
        ['POST', '/api/v1/brains/main/inbox', rest, head('big.txt')],
        ['PUT', '/api/v1/brains/main/files?path=notes/big.txt', rest, head('big.txt')],
        ['POST', '/api/v1/brains/main/inbox/import?format=claude', rest, head('conversations.json')],
        ['POST', `/app/b/main/inbox/upload?_csrf=${ownerToken}`, web, head('big.txt')],
        ['POST', `/app/b/main/inbox/import?_csrf=${ownerToken}`, web, multipartBody({ format: 'claude' }, { name: 'conversations.json', type: 'application/json', data: '' }, false)],
      ];
      for (const [method, url, headers, first] of cases) {
        await abortMidUpload(s.url, method, url, headers, first, inboxTmp);
        await assertEmptySoon(inboxTmp, `${method} ${url} (aborted)`);
        await assertEmptySoon(filesTmp, `${method} ${url} (aborted)`);
      }
    });
  });

  describe('chat import in the web app', () => {
    it('web chat import: a conversation that fails to store is named in the message; the others are stored', async () => {
      // A plain file where the content store's folder for the third conversation's bytes goes.
      let data: Array<Record<string, unknown>> = [];
      let folder = '';
      for (let salt = 1; !folder; salt++) {
        data = Array.from({ length: 4 }, (_, i) => ({
          uuid: `1111111${i}-aaaa-4bbb-8ccc-${String(salt).padStart(12, '0')}`,
          name: `Web conversation ${i + 1}`,
          created_at: '2024-11-02T09:15:00.000000Z',
          chat_messages: [{ uuid: `m-${i}`, sender: 'human', text: `Web question ${i + 1}, round ${salt}`, created_at: '2024-11-02T09:15:00.000000Z' }],
        }));
        const shas = parseChatExport('claude', data).map((c) => ContentStore.hash(Buffer.from(c.markdown, 'utf8')));
        const candidate = path.join(s.dataDir, 'inbox', shas[2]!.slice(0, 2));
        if (shas.filter((h) => h.startsWith(shas[2]!.slice(0, 2))).length === 1 && !fs.existsSync(candidate)) folder = candidate;
      }
      fs.writeFileSync(folder, 'not a folder');
      try {
        const body = multipartBody({ format: 'claude' }, { name: 'conversations.json', type: 'application/json', data: JSON.stringify(data) });
        const res = await owner.fetch(`${s.url}/app/b/main/inbox/import?_csrf=${ownerToken}`, { method: 'POST', body, headers: { 'content-type': MULTIPART } });
        assert.equal(res.status, 303, await res.text());
        const flash = JSON.parse(Buffer.from(owner.cookies.get('bk_flash')!, 'base64url').toString('utf8')) as { kind: string; text: string };
        assert.equal(flash.kind, 'error');
        assert.match(flash.text, /^Imported 3 conversations: 3 new, 0 revised, 0 already there\. 1 not stored: Web conversation 3 \(/);
        const stored = s.c.inbox.list(SYSTEM_ACTOR, 'main', { limit: 200 }).items.map((i) => i.externalId);
        for (const i of [0, 1, 3]) assert.ok(stored.includes(`claude:${data[i]!.uuid}`));
        assert.ok(!stored.includes(`claude:${data[2]!.uuid}`));
        await assertEmptySoon(inboxTmp, 'web import with a failure');
      } finally {
        fs.rmSync(folder, { force: true });
      }
    });
  });
});
