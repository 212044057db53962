// The web app and outbound events (issue 25), in headless Chromium: an open page says live that
// someone else changed it (from the event stream), and Settings → Webhooks adds a subscription
// whose secret is shown once.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotPath } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('web app: live page notice and webhook settings', function () {
  this.timeout(90_000);
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  let writer: string;
  const errors: string[] = [];

  before(async () => {
    [s, browser] = await Promise.all([startTestServer({ BRAINKEEP_WEBHOOK_ALLOW_PRIVATE: '1' }), launchBrowser()]);
    writer = s.credential('Write', 'main', 'someone-else');
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    await page.goto(`${s.url}/app/b/main/pages`);
    await page.getByLabel('Email').fill('owner@brainkeep.local');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/b\/main\/pages$/);
  });
  after(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('shows "changed by someone else" on an open page as soon as it is saved elsewhere', async () => {
    const pages = `/api/v1/brains/${s.mainBrainId}/pages`;
    let r = await s.request('PUT', pages, { token: writer, body: { path: 'live/page.md', markdown: '# Live page\n\nFirst.\n' } });
    assert.equal(r.status, 201, r.text);
    await page.goto(`${s.url}/app/b/main/pages?path=live/page.md`);
    const notice = page.locator('#page-live');
    assert.equal(await notice.isVisible(), false);
    // Let the stream connect before the change.
    await page.waitForTimeout(500);
    r = await s.request('PUT', pages, { token: writer, body: { path: 'live/page.md', markdown: '# Live page\n\nSecond.\n' } });
    assert.equal(r.status, 200, r.text);
    await notice.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match((await notice.textContent()) ?? '', /changed by someone-else \(version 2\)/);
    await page.screenshot({ path: screenshotPath('events-01-changed-notice'), fullPage: true });
    assert.deepEqual(errors, []);
  });

  it('adds a webhook under Settings → Webhooks and shows its secret once', async () => {
    await page.goto(`${s.url}/app/b/main/settings/webhooks`);
    await page.getByLabel('URL').fill('http://127.0.0.1:9/hook');
    await page.getByLabel('inbox.created').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.locator('#hook-secret').textContent()) ?? '';
    assert.match(secret, /^whsec_/);
    const list = await s.request('GET', `/api/v1/brains/${s.mainBrainId}/webhooks`, { token: s.credential('Admin') });
    assert.equal(list.body.webhooks.length, 1);
    assert.deepEqual(list.body.webhooks[0].events, ['page.put', 'page.delete', 'page.move', 'inbox.created']);
    await page.goto(`${s.url}/app/b/main/settings/webhooks`);
    assert.equal(await page.locator('#hook-secret').count(), 0, 'never shown again');
    await page.screenshot({ path: screenshotPath('events-02-webhooks'), fullPage: true });
    assert.deepEqual(errors, []);
  });
});
