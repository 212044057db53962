// CONTRACT "Order of checks": authentication, then authorization, then the body. A request without
// a valid token is 401 whatever its body is, and no route reads more than its headers before it
// knows who is calling. The proof that nothing was read: each request below announces a 1 MB body
// and sends only its first bytes; the refusal still arrives, while the body is open. A server that
// read first would wait for the rest (the generous timer only catches that hang).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Send headers and the first bytes of a body that never finishes; resolve with the server's reply. */
function openBodyRequest(base: string, method: string, urlPath: string, headers: Record<string, string>, first: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let done = false;
    const req = http.request(`${base}${urlPath}`, { method, headers: { ...headers, 'content-length': String(1_000_000) } });
    const timer = setTimeout(() => {
      done = true;
      req.destroy();
      reject(new Error(`${method} ${urlPath}: no reply while the body was still open (the server waited to read it)`));
    }, 20_000);
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

const MULTIPART = 'multipart/form-data; boundary=xyz';
const MULTIPART_START = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nhello';

describe('order of checks: authentication, then authorization, then the body', function () {
  this.timeout(90_000);
  let s: TestServer;
  let read: string;
  let write: string;
  const open = (method: string, urlPath: string, headers: Record<string, string>, first: string) => openBodyRequest(s.url, method, urlPath, headers, first);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const problem = (r: Reply) => JSON.parse(r.body) as { status: number; code: string };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    write = s.credential('Write');
  });
  after(async () => {
    await s?.stop();
  });

  it('a PUT with a malformed JSON body and no token is 401, not 400', async () => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { rawBody: '{"path": "a", "markdown": ', headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 401, r.text);
    assert.equal(r.body.code, 'unauthorized');
    assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer /);
    const badToken = await s.request('PUT', '/api/v1/brains/main/pages', { token: 'ck_not_a_real_key', rawBody: '{bad', headers: { 'content-type': 'application/json' } });
    assert.equal(badToken.status, 401, badToken.text);
  });

  it('a caller without the role is refused before the body: 403 for a Read credential writing malformed JSON', async () => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: read, rawBody: '{bad', headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.code, 'insufficient_role');
    const brain = await s.request('POST', '/api/v1/brains', { token: write, rawBody: '{bad', headers: { 'content-type': 'application/json' } });
    assert.equal(brain.status, 403, brain.text);
    assert.equal(brain.body.code, 'cannot_create_brain');
    // An authorized caller's malformed body is still the caller's mistake.
    const mine = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, rawBody: '{bad', headers: { 'content-type': 'application/json' } });
    assert.equal(mine.status, 400, mine.text);
    assert.equal(mine.body.code, 'malformed_json');
  });

  it('JSON routes answer 401 and 403 while the body is still arriving', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['PUT', '/api/v1/brains/main/pages', json, 401],
      ['PUT', '/api/v1/brains/main/pages', { ...json, ...bearer(read) }, 403],
      ['PATCH', '/api/v1/brains/main/pages?path=x', { ...json, ...bearer(read) }, 403],
      ['POST', '/api/v1/brains/main/members', { ...json, ...bearer(write) }, 403],
      ['POST', '/api/v1/brains', json, 401],
      ['POST', '/api/v1/brains/main/graph/resolve', json, 401],
      ['POST', '/api/v1/no-such-route', json, 404], // no such route: its body is not read either
    ];
    for (const [method, url, headers, status] of cases) {
      const r = await open(method, url, headers, '{"path":"a","markdown":"');
      assert.equal(r.status, status, `${method} ${url}: ${r.body}`);
      assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
    }
  });

  it('multipart uploads are authorized before a byte of the file is read or staged (issue 21.6)', async () => {
    const staging = path.join(s.dataDir, 'inbox');
    const files = () => (fs.existsSync(staging) ? fs.readdirSync(staging, { recursive: true }).length : 0);
    const before = files();
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['/api/v1/brains/main/inbox', { 'content-type': MULTIPART }, 401, 'unauthorized'],
      ['/api/v1/brains/main/inbox', { 'content-type': MULTIPART, ...bearer(read) }, 403, 'insufficient_role'],
      ['/api/v1/inbox', { 'content-type': MULTIPART, ...bearer(read) }, 403, 'insufficient_role'],
      ['/api/v1/inbox?brain=main', { 'content-type': MULTIPART }, 401, 'unauthorized'],
    ];
    for (const [url, headers, status, code] of cases) {
      const r = await open('POST', url, headers, MULTIPART_START);
      assert.equal(r.status, status, `${url}: ${r.body}`);
      assert.equal(problem(r).code, code);
    }
    assert.equal(files(), before, 'nothing was staged');
    const items = await s.request('GET', '/api/v1/brains/main/inbox', { token: read });
    assert.deepEqual(items.body.items, []);
    // The same upload from a writer is read and kept.
    const ok = await s.request('POST', '/api/v1/brains/main/inbox', { token: write, rawBody: `${MULTIPART_START}\r\n--xyz--\r\n`, headers: { 'content-type': MULTIPART } });
    assert.equal(ok.status, 201, ok.text);
  });

  it('MCP authenticates before it reads the JSON-RPC body', async () => {
    const r = await open('POST', '/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, '{"jsonrpc":"2.0","id":1,"method":"tools/li');
    assert.equal(r.status, 401, r.body);
    assert.match(String(r.headers['www-authenticate']), /^Bearer /);
  });

  it('the web app reads no form from a visitor who is not signed in', async () => {
    const r = await open('POST', '/app/b/main/pages/edit', { 'content-type': 'application/x-www-form-urlencoded' }, 'path=a&markdown=');
    assert.ok(r.status >= 300 && r.status < 500, `${r.status}: ${r.body.slice(0, 200)}`);
  });
});
