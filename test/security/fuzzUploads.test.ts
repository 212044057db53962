// Issue 21, Proof: a hostile-input fuzz pass, seeded, over every upload and extraction route —
// inbox JSON upload, multipart upload, webhook ingest, and the extraction pool itself on random
// and garbled PDF, DOCX and HTML bytes. No 5xx, no crash, /healthz answering throughout.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { makeDocx, makePdf } from '../helpers/documents.js';
import { pollHealth, STALL_BOUND_MS, type HealthPoller } from '../helpers/healthPoller.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { deflateZip } from '../helpers/zipBomb.js';

const TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/pdf',
  'text/html',
  'application/xhtml+xml',
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'application/json',
  'text/markdown',
  'application/zip',
  'image/png',
  '',
  ';;;',
  'text/html; charset=utf-16',
];
const NAMES = ['a.docx', 'a.pdf', 'a.html', 'a.md', 'a', '.docx', 'x.DOCX', '../../etc/passwd', 'ü name.pdf', 'a'.repeat(300) + '.docx'];

const SEEDS = { pdf: makePdf(['Quarterly report', 'garble me']), docx: makeDocx([{ text: 'Statement of work', heading: true }, { text: 'Budget' }]) };

/** A real document with bytes flipped, cut short, or spliced: the parsers' hardest inputs. */
function garbled(base: Buffer): fc.Arbitrary<Buffer> {
  return fc
    .record({
      flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }),
      cut: fc.option(fc.nat(), { nil: null }),
      splice: fc.uint8Array({ maxLength: 64 }),
    })
    .map(({ flips, cut, splice }) => {
      const b = Buffer.from(base);
      for (const [at, v] of flips) b[at % b.length] = v;
      const cutAt = cut == null ? b.length : cut % (b.length + 1);
      return Buffer.concat([b.subarray(0, cutAt), Buffer.from(splice)]);
    });
}

/** A zip of random entries (names, sizes, and bytes that may or may not inflate well). */
const randomZip = fc
  .array(fc.record({ name: fc.constantFrom('word/document.xml', '[Content_Types].xml', '_rels/.rels', 'word/x.xml', 'a'), data: fc.uint8Array({ maxLength: 256 }), repeat: fc.integer({ min: 1, max: 2000 }) }), { minLength: 1, maxLength: 5 })
  .map((entries) => deflateZip(entries.map((e) => ({ name: e.name, data: [Buffer.from(Buffer.alloc(e.data.length * e.repeat, Buffer.from(e.data.length ? e.data : [32])))] }))));

const htmlText = fc.array(fc.constantFrom('<p>', '</p>', '<div', '>', '<', '<!--', '-->', '<script>', '</script>', '<table><tr><td>', '&amp;', '&#x', 'text ', '[[', ']]', '\n', '\u0000', '\uffff', '<a href="javascript:x">'), { maxLength: 200 }).map((p) => Buffer.from(p.join('')));

const hostileBytes = fc.oneof(fc.uint8Array({ maxLength: 4096 }).map((u) => Buffer.from(u)), garbled(SEEDS.pdf), garbled(SEEDS.docx), randomZip, htmlText);

describe('security: fuzzing every upload and extraction route (issue 21, Proof)', function () {
  this.timeout(300_000);
  let s: TestServer;
  let writer: string;
  let secret: string;
  let poller: HealthPoller;
  const statuses: number[] = [];

  before(async () => {
    s = await startTestServer({ BRAINKEEP_EXTRACT_MAX_INFLATED_MB: '8', BRAINKEEP_EXTRACT_TIMEOUT_MS: '20000', BRAINKEEP_EXTRACT_MEMORY_MB: '128', BRAINKEEP_RATE_LIMIT: '100000' });
    writer = s.credential('Write');
    const created = await s.request('POST', `/api/v1/brains/${s.mainBrainId}/sources`, { token: s.credential('Admin'), body: { mode: 'secret', label: 'Fuzz' } });
    assert.equal(created.status, 201, created.text);
    secret = created.body.secret;
    poller = await pollHealth(s.url);
  });
  after(async () => s.stop());

  const noServerError = (status: number, what: string) => {
    statuses.push(status);
    assert.ok(status < 500, `${what} answered ${status}`);
  };

  it('the extraction pool never throws and always says what it did', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, fc.constantFrom(...TYPES), async (bytes, type) => {
        const r = await s.c.extraction.extract(bytes, type);
        assert.ok(['extracted', 'unextractable', 'failed'].includes(r.status));
        assert.equal(typeof r.text, 'string');
      }),
      { numRuns: 60, seed: 2104 },
    );
  });

  it('JSON uploads of hostile bytes and bodies: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, fc.constantFrom(...TYPES), fc.constantFrom(...NAMES), async (bytes, contentType, filename) => {
        const r = await s.request('POST', '/api/v1/brains/main/inbox', { token: writer, body: { filename, contentType, contentBase64: bytes.toString('base64') } });
        noServerError(r.status, 'JSON upload');
      }),
      { numRuns: 40, seed: 2105 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), async (body) => {
        const r = await s.request('POST', '/api/v1/brains/main/inbox', { token: writer, rawBody: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        noServerError(r.status, 'JSON body');
      }),
      { numRuns: 40, seed: 2106 },
    );
  });

  it('multipart uploads of hostile files: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, fc.constantFrom(...TYPES), fc.constantFrom(...NAMES), async (bytes, type, name) => {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type }), name);
        const res = await fetch(`${s.url}/api/v1/inbox`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: form });
        await res.arrayBuffer();
        noServerError(res.status, 'multipart upload');
      }),
      { numRuns: 30, seed: 2107 },
    );
  });

  it('webhook deliveries of hostile bytes: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, fc.constantFrom(...TYPES), fc.constantFrom(...NAMES), async (bytes, type, name) => {
        const headers: Record<string, string> = { 'x-ingest-secret': secret, 'x-filename': encodeURIComponent(name) };
        if (type) headers['content-type'] = type;
        const r = await s.request('POST', `/api/ingest/${s.mainBrainId}`, { rawBody: bytes, headers });
        noServerError(r.status, 'webhook');
      }),
      { numRuns: 30, seed: 2108 },
    );
  });

  it('/healthz answered throughout, and the server still takes an ordinary upload', async () => {
    const health = await poller.stop();
    assert.equal(health.failures, 0, JSON.stringify(health));
    assert.ok(health.worst < STALL_BOUND_MS, `/healthz stalled for ${Math.round(health.worst)} ms`);
    assert.ok(statuses.some((x) => x === 201), 'some uploads were stored');
    const r = await s.request('POST', '/api/v1/brains/main/inbox', { token: writer, body: { filename: 'ok.docx', contentBase64: SEEDS.docx.toString('base64') } });
    assert.ok(r.status === 201 || r.status === 200, r.text);
    assert.equal(r.body.item.textStatus, 'extracted');
  });
});
