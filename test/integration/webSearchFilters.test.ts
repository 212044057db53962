// The web search page's tag and type filters in headless Chromium: the tag field (suggesting the
// brain's tags) and the entity type list narrow the hits as the API's `tag` and `type` do.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotPath } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('web search filters in a browser', function () {
  this.timeout(60_000);
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    [s, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const write = s.credential('Write');
    const pages: Record<string, string> = {
      'people/orla-quince.md': '---\ntags: [climbing]\n---\n# Orla Quince\n\nOrla leads the quarry survey.\n',
      'notes/quarry-survey.md': '# Quarry survey\n\nThe quarry survey, planned by Orla. #climbing\n',
      'notes/quarry-budget.md': '# Quarry budget\n\nWhat the quarry survey costs.\n',
    };
    for (const [path, markdown] of Object.entries(pages)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${s.url}/app/b/main/search`);
    await page.getByLabel('Email').fill('owner@brainkeep.local');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/b\/main\/search$/);
  });
  after(async () => {
    await browser?.close();
    await s?.stop();
  });

  const hits = async () => (await page.locator('.hits li .mono').allTextContents()).sort();

  it('filters by tag, by type, and by both', async () => {
    await page.getByLabel('Search for').fill('quarry survey');
    await page.getByLabel('exact').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.hits li').first().waitFor();
    assert.deepEqual(await hits(), ['notes/quarry-budget.md', 'notes/quarry-survey.md', 'people/orla-quince.md']);
    // The tag field suggests the brain's tags.
    assert.deepEqual(await page.locator('#s-tags option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))), ['climbing']);

    await page.getByLabel('Tag').fill('climbing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/tag=climbing/);
    assert.deepEqual(await hits(), ['notes/quarry-survey.md', 'people/orla-quince.md']);

    await page.getByLabel('Type').selectOption('person');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/type=person/);
    assert.deepEqual(await hits(), ['people/orla-quince.md']);
    assert.equal(await page.getByLabel('Tag').inputValue(), 'climbing', 'the filters stay filled in');
    assert.equal(await page.getByLabel('Type').inputValue(), 'person');
    await page.screenshot({ path: screenshotPath('search-filters'), fullPage: true });

    await page.getByLabel('Tag').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => !u.search.includes('tag=climbing'));
    assert.deepEqual(await hits(), ['people/orla-quince.md']);
    assert.deepEqual(errors, []);
  });
});
