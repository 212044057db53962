import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import TurndownService from 'turndown';
import { extractText, lazyParser, resolveContentType, CONTENT_TYPES } from '../../src/infra/extraction.js';
import { ExtractionPool } from '../../src/infra/extractionPool.js';
import { makeDocx, makePdf } from '../helpers/documents.js';
import { docxBomb } from '../helpers/zipBomb.js';

const EXTRACTION = new URL('../../src/infra/extraction.ts', import.meta.url).href;

/** `code` (an ES module body with `extraction` imported) run in a fresh process: its stdout, parsed as JSON. */
async function inFreshProcess(code: string, nodeArgs: string[] = []): Promise<unknown> {
  const script = `import * as extraction from ${JSON.stringify(EXTRACTION)};\n${code}`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', ...nodeArgs, '--input-type=module', '-e', script]);
  return JSON.parse(stdout);
}

describe('text extraction', () => {
  it('keeps markdown, plain text and JSON transcripts as they are', async () => {
    const md = '# Notes\n\n- one\n- two\n';
    assert.deepEqual(await extractText(Buffer.from(md), 'text/markdown'), { text: md, status: 'extracted' });
    const json = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
    assert.deepEqual(await extractText(Buffer.from(json), 'application/json; charset=utf-8'), { text: json, status: 'extracted' });
  });

  it('turns HTML into markdown without scripts or styles', async () => {
    const html = '<html><head><title>x</title><style>p{}</style></head><body><h1>Brief</h1><p>Launch on <b>Monday</b>.</p><script>alert(1)</script><ul><li>a</li></ul></body></html>';
    const { text, status } = await extractText(Buffer.from(html), 'text/html');
    assert.equal(status, 'extracted');
    assert.match(text, /^# Brief/);
    assert.match(text, /Launch on \*\*Monday\*\*\./);
    assert.match(text, /^-\s+a$/m);
    assert.doesNotMatch(text, /alert|p\{\}/);
  });

  it('leaves out a web page\'s menus and "Related" boxes (nav, aside), keeping the article', async () => {
    const html = '<html><body><nav>Home · Markets · Subscribe</nav><article><h1>Acme buys Roe</h1><p>Acme agreed to buy Roe Imports.</p></article><aside><h3>Related</h3><ul><li><a href="/x">Hooli raises a Series C</a></li></ul></aside><footer>© 2026 Daily</footer></body></html>';
    const { text } = await extractText(Buffer.from(html), 'text/html');
    assert.match(text, /^# Acme buys Roe/);
    assert.match(text, /Acme agreed to buy Roe Imports\./);
    assert.match(text, /© 2026 Daily/);
    assert.doesNotMatch(text, /Hooli|Related|Markets/);
  });

  it('sets the HTML converter\'s rules once, not on every page (the rule list grew with each conversion)', async () => {
    const html = '<html><head><title>t</title></head><body><nav>Menu</nav><h2>Minutes</h2><p>Agreed: <i>ship</i>.</p><script>x()</script></body></html>';
    const remove = TurndownService.prototype.remove;
    let calls = 0;
    TurndownService.prototype.remove = function (this: TurndownService, filter: TurndownService.Filter) {
      calls++;
      return remove.call(this, filter);
    };
    try {
      for (let i = 0; i < 50; i++) assert.deepEqual(await extractText(Buffer.from(html), 'text/html'), { text: '## Minutes\n\nAgreed: _ship_.', status: 'extracted' });
    } finally {
      TurndownService.prototype.remove = remove;
    }
    // Once when the converter is built (0 if an earlier test built it), never per page.
    assert.ok(calls <= 1, `remove was called ${calls} times for 50 pages`);
  });

  it('builds the HTML converter once for concurrent first pages (the pending import is shared)', async () => {
    const calls = await inFreshProcess(`
      const { default: TurndownService } = await import('turndown');
      const remove = TurndownService.prototype.remove;
      let calls = 0;
      TurndownService.prototype.remove = function (filter) { calls++; return remove.call(this, filter); };
      const pages = Array.from({ length: 8 }, (_, i) => extraction.extractText(Buffer.from('<p>page ' + i + '</p>'), 'text/html'));
      const texts = (await Promise.all(pages)).map((e) => e.text);
      if (texts.join() !== Array.from({ length: 8 }, (_, i) => 'page ' + i).join()) throw new Error(texts.join());
      console.log(JSON.stringify(calls));
    `);
    assert.equal(calls, 1);
  });

  it('loads a parser once for concurrent callers, and again after a failed load', async () => {
    let loads = 0;
    let fail = true;
    const load = lazyParser('test', async () => {
      loads++;
      await new Promise((r) => setImmediate(r));
      if (fail) throw new Error('not yet');
      return { loaded: loads };
    });
    await assert.rejects(Promise.all([load(), load()]), { name: 'ParserUnavailableError', message: /the test parser could not be loaded \(not yet\)/ });
    assert.equal(loads, 1);
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    assert.equal(loads, 2);
    assert.equal(a, b);
    assert.equal(await load(), a);
  });

  it('says why when a parser library will not load (HTML, PDF, DOCX), instead of a bare failure', async () => {
    const hook = `export async function resolve(s, c, next) { if (['turndown', 'unpdf', 'mammoth'].includes(s)) throw new Error('blocked by the test: ' + s); return next(s, c); }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const out = (await inFreshProcess(
      `
      const { makeDocx, makePdf } = await import(${JSON.stringify(new URL('../helpers/documents.ts', import.meta.url).href)});
      const html = await extraction.extractText(Buffer.from('<p>hi</p>'), 'text/html');
      const pdf = await extraction.extractText(makePdf(['x']), 'application/pdf');
      const docx = await extraction.extractText(makeDocx([{ text: 'x' }]), extraction.CONTENT_TYPES.docx);
      const broken = await extraction.extractText(Buffer.from('%PDF-1.4 garbage'), 'application/pdf');
      console.log(JSON.stringify({ html, pdf, docx, broken }));
    `,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    )) as Record<string, { status: string; reason?: string; transient?: boolean }>;
    for (const [kind, library] of [['html', 'turndown'], ['pdf', 'unpdf'], ['docx', 'mammoth']] as const) {
      assert.equal(out[kind]!.status, 'failed', kind);
      assert.match(out[kind]!.reason ?? '', new RegExp(`the ${library} parser could not be loaded \\(.*blocked by the test: ${library}\\)`), kind);
      // Not the file's fault: the attachments' indexer tries it again.
      assert.equal(out[kind]!.transient, true, kind);
    }
    // A file the parser is never reached for is failed the same way: the library is the fault, not the file.
    assert.match(out.broken!.reason ?? '', /unpdf parser could not be loaded/);
    assert.equal(out.broken!.transient, true);
  });

  it('reads the text of a PDF', async () => {
    const { text, status } = await extractText(makePdf(['Quarterly report', 'Revenue grew (a lot)']), 'application/pdf');
    assert.equal(status, 'extracted');
    assert.match(text, /Quarterly report/);
    assert.match(text, /Revenue grew \(a lot\)/);
  });

  it('reads a DOCX as markdown', async () => {
    const { text, status } = await extractText(makeDocx([{ text: 'Statement of work', heading: true }, { text: 'Scope & budget agreed.' }]), CONTENT_TYPES.docx);
    assert.equal(status, 'extracted');
    assert.match(text, /Statement of work/);
    assert.match(text, /Scope & budget agreed\./);
  });

  it('marks binaries unextractable and broken documents failed, never throwing', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    assert.deepEqual(await extractText(png, 'image/png'), { text: '', status: 'unextractable' });
    assert.deepEqual(await extractText(png, 'text/plain'), { text: '', status: 'unextractable' });
    // A file the parser reads and rejects is the file's fault: failed, with no reason (the item is
    // not sent to Review for it, as a library that will not load sends it).
    assert.deepEqual(await extractText(Buffer.from('%PDF-1.4 garbage'), 'application/pdf'), { text: '', status: 'failed' });
    assert.deepEqual(await extractText(Buffer.from('PK not a zip'), CONTENT_TYPES.docx), { text: '', status: 'failed' });
  });

  it('a document over an inflation limit is its own fault: failed with the reason, not marked transient', async () => {
    const out = await extractText(docxBomb(20e6), CONTENT_TYPES.docx, { maxInflatedBytes: 1e6, maxEntries: 100 });
    assert.equal(out.status, 'failed');
    assert.match(out.reason ?? '', /BRAINKEEP_EXTRACT_MAX_INFLATED_MB/);
    assert.equal(out.transient, undefined);
  });

  it('resolves the content type from the declaration, the name, then the bytes', () => {
    assert.equal(resolveContentType('Text/HTML; charset=utf-8', 'x.bin', Buffer.from(''), false), 'text/html');
    assert.equal(resolveContentType('application/octet-stream', 'notes.md', Buffer.from('x'), false), 'text/markdown');
    assert.equal(resolveContentType(null, 'scan', makePdf(['x']), false), 'application/pdf');
    assert.equal(resolveContentType(null, 'file', makeDocx([{ text: 'x' }]), false), CONTENT_TYPES.docx);
    assert.equal(resolveContentType(null, 'untitled', Buffer.from('hello'), true), 'text/plain');
    assert.equal(resolveContentType(null, 'blob', Buffer.from([0, 1, 2, 255]), false), 'application/octet-stream');
  });
});

describe('text extraction pool', () => {
  it('says why a parser thread did not start (its load error), not only that it did not', async () => {
    // A 1 MB heap: the thread dies loading its modules, as it would on one that will not import.
    const pool = new ExtractionPool({ workers: 1, timeoutMs: 30_000, memoryMb: 1, maxPdfTextBytes: 1e9, maxInflatedBytes: 1e9, maxEntries: 1e6 });
    try {
      const out = await pool.extract(Buffer.from('<p>x</p>'), 'text/html');
      assert.equal(out.status, 'failed');
      assert.match(out.reason ?? '', /^Text extraction stopped: the parser thread did not start \(.*memory.*\)\. The file is kept\.$/);
      assert.equal(out.transient, true, 'a thread that did not start is the pool\'s fault, not the file\'s');
    } finally {
      await pool.close();
    }
  });
});
