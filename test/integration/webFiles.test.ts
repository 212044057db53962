// Files in the web app, in headless Chromium: upload from the Files tab (and a refused type shows
// the server's words), drag and drop an image into the editor (uploaded beside the page, the image
// link inserted), the saved page shows it inline, an SVG is shown by <img> but served sandboxed,
// and a file is deleted from the list. Screenshots go to test-output/screenshots/.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotPath } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f0b1d40000000049454e44ae426082', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert("owned")</script><rect width="10" height="10" fill="red"/></svg>';

/** The page's DOM, as much of it as these checks use (the test compiles without the DOM library). */
type Doc = { querySelector(s: string): { complete?: boolean; naturalWidth?: number; value?: string } | null };

/** Waits until the image `selector` finds has loaded and decoded (it has a width). */
const loaded = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const el = (globalThis as unknown as { document: Doc }).document.querySelector(sel);
    return !!el && el.complete === true && (el.naturalWidth ?? 0) > 0;
  }, selector);

describe('web app: files (attachments) in a browser', function () {
  this.timeout(60_000);
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const dialogs: string[] = [];
  const shot = (name: string) => page.screenshot({ path: screenshotPath(name), fullPage: true });

  before(async () => {
    [s, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.goto(`${s.url}/app/b/main/files`);
    await page.getByLabel('Email').fill('owner@brainkeep.local');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/b\/main\/files$/);
  });
  after(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('uploads from the Files tab; a refused type shows why and adds nothing', async () => {
    assert.equal(await page.locator('nav.tabs a[aria-current="page"]').textContent(), 'Files');
    await page.locator('#file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('#file-folder').fill('img');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('table.files a', { hasText: 'img/dot.png' }).waitFor();
    await loaded(page, 'table.files img.thumb');

    await page.locator('#file-input').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('#file-status', { hasText: 'Not uploaded' }).waitFor();
    assert.match((await page.locator('#file-status').textContent())!, /not allowed/);
    await shot('files-01-list');
    const list = await s.request('GET', '/api/v1/brains/main/files', { token: s.credential('Read') });
    assert.deepEqual(list.body.files.map((f: { path: string }) => f.path), ['img/dot.png']);
  });

  it('drag and drop into the editor uploads beside the page and inserts the image; the page shows it inline', async () => {
    await page.goto(`${s.url}/app/b/main/pages/edit?path=${encodeURIComponent('notes/trip.md')}`);
    const textarea = page.getByLabel('Markdown');
    await textarea.fill('# Trip\n\n');
    await page.evaluate('(() => { const el = document.getElementById("ed-md"); el.setSelectionRange(el.value.length, el.value.length); })()');
    // What the browser hands the page when a file is dropped: a DataTransfer holding a File.
    const transfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(${JSON.stringify([...PNG])})], 'map.png', { type: 'image/png' }));
      return dt;
    })()`);
    await textarea.dispatchEvent('drop', { dataTransfer: transfer });
    await page.waitForFunction(() => ((globalThis as unknown as { document: Doc }).document.querySelector('#ed-md')?.value ?? '').includes('![map.png](map.png)'));
    await page.locator('#ed-preview img').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/pages\?path=/);
    const img = page.locator('main img[alt="map.png"]');
    await img.waitFor();
    assert.match((await img.getAttribute('src'))!, /\/app\/b\/main\/files\?path=notes%2Fmap\.png$/);
    await loaded(page, 'main img[alt="map.png"]');
    await shot('files-02-page-image');
    const file = await s.request('GET', '/api/v1/brains/main/files?path=notes/map.png', { token: s.credential('Read') });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
  });

  it("a refused drop says why, in the server's words (problem+json), and inserts nothing", async () => {
    await page.goto(`${s.url}/app/b/main/pages/edit?path=${encodeURIComponent('notes/refused.md')}`);
    const textarea = page.getByLabel('Markdown');
    await textarea.fill('# Refused\n\n');
    const transfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array([77, 90, 144, 0])], 'tool.exe', { type: 'application/octet-stream' }));
      return dt;
    })()`);
    const reply = page.waitForResponse((r) => r.url().includes('/files/upload'));
    await textarea.dispatchEvent('drop', { dataTransfer: transfer });
    const res = await reply;
    assert.equal(res.status(), 415);
    assert.match(res.headers()['content-type'] ?? '', /^application\/problem\+json/);
    const until = Date.now() + 5000;
    while (!dialogs.length && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    assert.equal(dialogs.length, 1);
    assert.match(dialogs[0]!, /^Not uploaded: .*not allowed/);
    assert.equal(await textarea.inputValue(), '# Refused\n\n');
    dialogs.length = 0;
  });

  it('an SVG shows inline through <img> but is served as a sandboxed attachment, and its script never runs', async () => {
    const put = await s.request('PUT', '/api/v1/brains/main/files?path=img/red.svg', { token: s.credential('Write'), rawBody: SVG, headers: { 'content-type': 'image/svg+xml' } });
    assert.equal(put.status, 201, put.text);
    const pagePut = await s.request('PUT', '/api/v1/brains/main/pages', { token: s.credential('Write'), body: { path: 'notes/logo.md', markdown: '# Logo\n\n![red square](../img/red.svg)\n' } });
    assert.equal(pagePut.status, 201, pagePut.text);
    await page.goto(`${s.url}/app/b/main/pages?path=notes%2Flogo.md`);
    await loaded(page, 'main img[alt="red square"]');
    const direct = await page.request.get(`${s.url}/app/b/main/files?path=img%2Fred.svg`);
    assert.match(direct.headers()['content-security-policy'] ?? '', /sandbox/);
    assert.match(direct.headers()['content-disposition'] ?? '', /^attachment/);
    assert.equal(direct.headers()['x-content-type-options'], 'nosniff');
    assert.deepEqual(dialogs, [], 'no script from the SVG ran');
  });

  it('deletes a file from the list (with a confirmation)', async () => {
    await page.goto(`${s.url}/app/b/main/files`);
    await page.getByRole('button', { name: 'Delete img/dot.png' }).click();
    await page.waitForURL(/\/app\/b\/main\/files$/);
    assert.match((await page.locator('.flash.ok').textContent())!, /Deleted img\/dot\.png/);
    assert.equal(await page.locator('table.files a', { hasText: 'img/dot.png' }).count(), 0);
    assert.deepEqual(dialogs, ['Delete img/dot.png?']);
    const gone = await s.request('GET', '/api/v1/brains/main/files?path=img/dot.png', { token: s.credential('Read') });
    assert.equal(gone.status, 404);
    assert.deepEqual(errors, []);
  });
});
