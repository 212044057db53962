// Issue 21, item 3: the webhook route knows its caller before it reads the body, caps the body by
// the source's own size cap while it streams, stops reading at the first refusal, and is
// rate-limited per source and per client address. Bodies here are streamed over a raw HTTP
// connection, and the client counts what the server let it send: far less than the body when
// the server stops reading (only what the socket buffers hold), all of it when the server reads on.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const MB = 1024 * 1024;
/** Well over the server's 50 MB webhook limit, so a server that reads on is bound to read far more than this bound. */
const HOSTILE_BYTES = 96 * MB;
/** What socket buffers on loopback may take in before the server reads anything. */
const IN_FLIGHT_BOUND = 24 * MB;

interface Streamed {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  written: number;
}

/** POST `total` bytes in 64 KB chunks (respecting backpressure) until the server answers. */
function streamPost(url: string, headers: Record<string, string>, total: number): Promise<Streamed> {
  const u = new URL(url);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', headers, agent: false });
    let written = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8'), written }));
      res.on('error', reject);
    });
    // Writing into a socket the server closed fails: expected once it has answered.
    req.on('error', (e) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(e)), 2000);
    });
    const pump = () => {
      while (!answered && written < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
        written += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('security: webhook ingest authenticates before it reads, caps while streaming, and is rate-limited', () => {
  let s: TestServer;
  let brainId: string;
  let secretSource: { id: string; secret: string };
  let signedSecret: string;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_INGEST_RATE_LIMIT: '1000', BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT: '1000' });
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'hooks-sec' })).id;
    const a = s.c.sources.create(SYSTEM_ACTOR, brainId, { mode: 'secret', maxBytes: 1000 });
    secretSource = { id: a.source.id, secret: a.secret };
    signedSecret = s.c.sources.create(SYSTEM_ACTOR, brainId, { mode: 'signature', maxBytes: 64 * 1024 }).secret;
  });
  after(async () => s.stop());

  const inboxCount = () => (s.c.db.prepare('SELECT COUNT(*) AS n FROM inbox_items WHERE brain_id = ?').get(brainId) as { n: number }).n;

  it('refuses a wrong secret with 401 without reading the streamed body', async () => {
    const before = inboxCount();
    const r = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-ingest-secret': `${secretSource.secret}x` }, HOSTILE_BYTES);
    assert.equal(r.status, 401);
    assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(JSON.parse(r.body).code, 'invalid_webhook_secret');
    assert.ok(r.written < IN_FLIGHT_BOUND, `the server read on: the client sent ${r.written} bytes`);
    assert.equal(inboxCount(), before);
  });

  it('refuses a body whose Content-Length is over the source cap with 413 before reading it', async () => {
    const r = await streamPost(
      `${s.url}/api/ingest/${brainId}`,
      { 'content-type': 'text/plain', 'x-ingest-secret': secretSource.secret, 'content-length': String(HOSTILE_BYTES) },
      HOSTILE_BYTES,
    );
    assert.equal(r.status, 413);
    assert.equal(JSON.parse(r.body).limitBytes, 1000);
    assert.ok(r.written < IN_FLIGHT_BOUND, `the client sent ${r.written} bytes`);
  });

  it('stops reading a chunked body at the source cap (413), in secret and in signature mode', async () => {
    const before = inboxCount();
    const secret = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-ingest-secret': secretSource.secret }, HOSTILE_BYTES);
    assert.equal(secret.status, 413);
    assert.ok(secret.written < IN_FLIGHT_BOUND, `the client sent ${secret.written} bytes`);
    // A signature cannot be checked before the bytes, so they are hashed as they stream, up to the cap.
    const signed = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-service-signature': `sha256=${'ab'.repeat(32)}` }, HOSTILE_BYTES);
    assert.equal(signed.status, 413);
    assert.ok(signed.written < IN_FLIGHT_BOUND, `the client sent ${signed.written} bytes`);
    assert.equal(inboxCount(), before);
  });

  it('computes the signature as the body streams: a signed chunked body is accepted, a modified one is 401', async () => {
    const body = Buffer.alloc(40 * 1024, 0x61);
    const sig = `sha256=${createHmac('sha256', signedSecret).update(body).digest('hex')}`;
    const ok = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-service-signature': sig }, body.length);
    assert.equal(ok.status, 201, ok.body);
    const wrong = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-service-signature': sig }, body.length + 1024);
    assert.equal(wrong.status, 401);
  });

  it('a request without any secret or signature is 401 before a byte of the body is read', async () => {
    const r = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain' }, HOSTILE_BYTES);
    assert.equal(r.status, 401);
    assert.ok(r.written < IN_FLIGHT_BOUND, `the client sent ${r.written} bytes`);
  });
});

describe('security: webhook ingest rate limits per source and per client address', () => {
  let s: TestServer;
  let brainId: string;
  let first: string;
  let second: string;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_INGEST_RATE_LIMIT: '3', BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT: '6' });
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'hooks-limits' })).id;
    first = s.c.sources.create(SYSTEM_ACTOR, brainId, { mode: 'secret' }).secret;
    second = s.c.sources.create(SYSTEM_ACTOR, brainId, { mode: 'secret' }).secret;
  });
  after(async () => s.stop());

  const deliver = (secret: string, text: string) =>
    s.request('POST', `/api/ingest/${brainId}`, { rawBody: text, headers: { 'content-type': 'text/plain', 'x-ingest-secret': secret } });

  it('gives each source its budget (429 with Retry-After and RateLimit-* headers), then each address its own', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await deliver(first, `first ${i}`)).status, 201);
    const limited = await deliver(first, 'first, one too many');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal(limited.body.code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(limited.headers.get('ratelimit-limit'), '3');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    assert.ok(limited.headers.get('ratelimit-reset'));
    // Another source has a budget of its own...
    assert.equal((await deliver(second, 'second 0')).status, 201);
    // ...but this address has spent 5 of its 6 deliveries, and a wrong secret spends one too.
    assert.equal((await deliver('not-a-secret', 'guess')).status, 401);
    const address = await deliver(second, 'second 1');
    assert.equal(address.status, 429);
    assert.equal(address.headers.get('ratelimit-limit'), '6');
    const items = (s.c.db.prepare('SELECT COUNT(*) AS n FROM inbox_items WHERE brain_id = ?').get(brainId) as { n: number }).n;
    assert.equal(items, 4);
  });
});

describe('security: a signed source out of budget is refused before its body is read', () => {
  let s: TestServer;
  let brainId: string;
  let secret: string;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_INGEST_RATE_LIMIT: '2', BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT: '1000' });
    brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'hooks-signed-limit' })).id;
    secret = s.c.sources.create(SYSTEM_ACTOR, brainId, { mode: 'signature' }).secret;
  });
  after(async () => s.stop());

  it('spends the source budget on verified deliveries, then answers 429 from the headers', async () => {
    for (let i = 0; i < 2; i++) {
      const body = `signed ${i}`;
      const r = await s.request('POST', `/api/ingest/${brainId}`, {
        rawBody: body,
        headers: { 'content-type': 'text/plain', 'x-service-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
      });
      assert.equal(r.status, 201, r.text);
    }
    const r = await streamPost(`${s.url}/api/ingest/${brainId}`, { 'content-type': 'text/plain', 'x-service-signature': `sha256=${'cd'.repeat(32)}` }, HOSTILE_BYTES);
    assert.equal(r.status, 429);
    assert.ok(Number(r.headers['retry-after']) >= 1);
    assert.ok(r.written < IN_FLIGHT_BOUND, `the client sent ${r.written} bytes`);
  });
});
