// The web app end to end in headless Chromium: sign in, issue a credential (shown once), create a
// webhook source and post to it with the curl line the page shows, review and file the item, open
// the filed page, edit it while someone else saves (409 message, draft kept), search for it, see
// its graph and history, add a member. Screenshots go to test-output/screenshots/.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { PAGE_CONFLICT_MESSAGE } from '../../src/domain/errors.js';
import { addMemberBody } from '../../src/domain/schemas/members.js';
import { createPartitionBody } from '../../src/domain/schemas/partitions.js';
import { launchBrowser, screenshotPath } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);

describe('web app in a browser', function () {
  this.timeout(60_000);
  let s: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let password: string;
  const consoleErrors: string[] = [];
  const shot = (name: string) => page.screenshot({ path: screenshotPath(name), fullPage: true });

  before(async () => {
    [s, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    await s.c.identity.createUser({ email: 'pat@example.com', name: 'Pat Doe', password: 'password123' }, SYSTEM_ACTOR);
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) consoleErrors.push(m.text());
    });
    page.on('response', (r) => {
      // Deliberate refusals (the editor's 409, the invalid schema's 400) are documents shown to the
      // user; the sign-in page has no icon link, so the browser may ask for /favicon.ico.
      const expected =
        (r.status() === 409 && r.url().includes('/pages/edit')) || (r.status() === 400 && r.url().endsWith('/settings/schema')) || r.url().endsWith('/favicon.ico');
      if (r.status() >= 400 && !expected) consoleErrors.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
  });
  after(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('sends an anonymous visitor to sign in, then into the main brain', async () => {
    await page.goto(`${s.url}/app/b/main/pages`);
    assert.match(page.url(), /\/login\?next=/);
    await page.getByLabel('Email').fill('owner@brainkeep.local');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/b\/main\/pages$/);
    assert.equal(await page.locator('nav.tabs a[aria-current="page"]').textContent(), 'Pages');
    const csp = (await page.request.get(`${s.url}/app/b/main/pages`)).headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    await shot('01-pages-home');
  });

  let credentialKey = '';
  it('creates a service credential and shows its key exactly once', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Service credentials' }).click();
    await page.getByLabel('Label').fill('e2e bot');
    await page.getByLabel('Role').selectOption('Write');
    await page.getByRole('button', { name: 'Create' }).click();
    credentialKey = (await page.locator('#new-key').textContent()) ?? '';
    assert.match(credentialKey, /^ck_[0-9A-Za-z]{32,}$/);
    assert.ok(await page.getByRole('button', { name: 'Copy' }).isVisible(), 'the copy button is shown when script runs');
    await shot('02-credential-created');
    const api = await s.request('GET', '/api/v1/brains', { token: credentialKey });
    assert.equal(api.status, 200);
    await page.goto(`${s.url}/app/b/main/settings/credentials`);
    const listed = await page.content();
    assert.ok(!listed.includes(credentialKey), 'the key is never shown again');
    assert.ok(listed.includes('e2e bot'));
  });

  let itemName = '';
  it('creates a webhook source and the shown curl line delivers to the inbox', async () => {
    await page.getByRole('link', { name: 'Ingest sources' }).click();
    await page.locator('form:has(button:text("Create source"))').getByLabel('Label').fill('Meeting recorder');
    await page.getByLabel('Default skill').last().selectOption('ingest-meeting');
    await page.getByRole('button', { name: 'Create source' }).click();
    const secret = (await page.locator('#src-secret').textContent()) ?? '';
    assert.ok(secret.length >= 24);
    const curl = (await page.locator('#curl-text').textContent()) ?? '';
    assert.ok(curl.startsWith('curl ') && curl.includes(secret));
    await shot('03-source-created');
    itemName = 'hello.txt';
    const notes = [
      'Quarterly planning with Zephyrine',
      'Date: 2026-11-20',
      'Attendees: Zephyrine Moss <zephyrine@acme.example>, Bo Chen <bo@acme.example>',
      '',
      'We reviewed the quarter and the hiring plan.',
      'Decision: The Q1 budget is approved.',
      'Action: Zephyrine will send the revised plan by Friday.',
    ].join('\n');
    const { stdout } = await run('sh', ['-c', curl.replace("'Hello from my tool'", `'${notes}'`)]);
    const reply = JSON.parse(stdout);
    assert.equal(reply.duplicate, false);
    assert.equal(reply.item.filename, itemName);
    await page.goto(`${s.url}/app/b/main/settings/sources`);
    assert.ok(!(await page.content()).includes(secret), 'the secret is never shown again');
  });

  let filedPath = '';
  it('shows the item in the review queue with its text, and files it', async () => {
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('link', { name: 'Pending' }).click();
    await shot('04-inbox-queue');
    await page.getByRole('link', { name: itemName }).click();
    assert.ok((await page.locator('pre.wrap').textContent())?.includes('Zephyrine'));
    await shot('05-inbox-item');
    await page.getByRole('button', { name: 'File now' }).click();
    const flash = (await page.locator('.flash').first().textContent()) ?? '';
    assert.match(flash, /^Filed to /, flash);
    assert.equal(await page.locator('.badge.s2').first().textContent(), 'Filed');
    const filed = page.locator('h3:text("Filed to") + ul a').first();
    filedPath = (await filed.textContent()) ?? '';
    await filed.click();
    await page.waitForURL(/\/pages\?path=/);
    assert.ok((await page.locator('.prose').textContent())?.includes('Zephyrine'));
    await shot('06-filed-page');
  });

  it('edits the filed page; a concurrent save shows the 409 message and keeps the draft', async () => {
    const token = s.credential('Write');
    const before = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(filedPath)}`, { token });
    await page.getByRole('link', { name: 'Edit' }).click();
    // The editor holds the whole file: the frontmatter block the API keeps apart, then the body.
    const opened = await page.getByLabel('Markdown').inputValue();
    assert.ok(opened.endsWith(before.body.markdown), 'the editor ends with the body the API returns');
    if (Object.keys(before.body.frontmatter).length) assert.match(opened, /^---\n[\s\S]*\n---\n/);
    const draft = `${opened}\nMy edit: the budget is **final**.\n`;
    await page.getByLabel('Markdown').fill(draft);
    await page.locator('#ed-preview strong:text("final")').waitFor(); // live preview, sanitized by the server
    await shot('07-editor-preview');
    const other = await s.request('PUT', '/api/v1/brains/main/pages', {
      token,
      body: { path: filedPath, markdown: `${before.body.markdown}\nSomeone else saved first.\n`, expectedVersion: before.body.version },
    });
    assert.equal(other.status, 200);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').waitFor();
    assert.ok((await page.getByRole('alert').textContent())?.includes(PAGE_CONFLICT_MESSAGE));
    assert.equal(await page.getByLabel('Markdown').inputValue(), draft);
    await shot('08-editor-conflict');
    await page.getByRole('link', { name: 'reload the editor' }).click();
    const fresh = await page.getByLabel('Markdown').inputValue();
    assert.ok(fresh.includes('Someone else saved first.'));
    await page.getByLabel('Markdown').fill(`${fresh}\nMy edit, again: the budget is final.\n`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/pages\?path=/);
    assert.equal((await page.locator('.flash.ok').textContent())?.trim(), `Saved version ${before.body.version + 2}.`);
    const saved = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(filedPath)}`, { token });
    assert.deepEqual(saved.body.frontmatter, before.body.frontmatter, 'the editor keeps the frontmatter it showed');
    assert.ok(saved.body.markdown.endsWith('My edit, again: the budget is final.\n'));
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Compare selected versions' }).click();
    assert.ok((await page.locator('pre.diff .ins').allTextContents()).some((l) => l.includes('My edit, again')));
    await shot('09-history-diff');
  });

  it('renders frontmatter as properties, wikilinks as links, and backlinks', async () => {
    const token = s.credential('Write');
    await s.request('PUT', '/api/v1/brains/main/pages', {
      token,
      body: { path: 'projects/apollo.md', markdown: '---\nstatus: active\n---\n# Apollo\n\nWorks with [[people/zephyrine]] on the launch.\n' },
    });
    await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'people/zephyrine.md', markdown: '# Zephyrine\n\nLeads [[Apollo]].\n' } });
    await page.goto(`${s.url}/app/b/main/pages?path=projects%2Fapollo.md`);
    assert.equal(await page.locator('table.props td').first().textContent(), 'active');
    assert.equal(await page.locator('.prose a.wikilink').first().getAttribute('href'), '/app/b/main/pages?path=people%2Fzephyrine.md');
    assert.deepEqual(await page.locator('#bl-h + ul a').allTextContents(), ['Zephyrine']);
    await shot('10-page-with-links');
  });

  it('searches with the mode switch and filters', async () => {
    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByLabel('Search for').fill('Zephyrine');
    await page.getByLabel('exact').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.hits li').first().waitFor();
    const paths = await page.locator('.hits li .mono').allTextContents();
    assert.ok(paths.includes(filedPath) && paths.includes('people/zephyrine.md'), paths.join(','));
    await shot('11-search');
  });

  it('draws the graph of a page with d3-force', async () => {
    await page.goto(`${s.url}/app/b/main/graph?path=projects%2Fapollo.md&depth=2`);
    // (globalThis and strings: the tests compile without the DOM library.)
    await page.waitForFunction(() => (globalThis as { brainkeepGraph?: { settled: boolean } }).brainkeepGraph?.settled === true);
    assert.ok(((await page.evaluate('window.brainkeepGraph.nodes')) as number) >= 2);
    assert.ok((await page.locator('.graph-list a').allTextContents()).includes('Zephyrine'));
    await shot('12-graph');
  });

  it('adds a member by email, and surfaces the last-Owner rule', async () => {
    await page.goto(`${s.url}/app/b/main/settings`);
    // The form's limits are the member schema's (the one REST and MCP check).
    assert.equal(await page.locator('#m-email').getAttribute('maxlength'), String((addMemberBody.properties as any).email.maxLength));
    await page.getByLabel('Email').fill('pat@example.com');
    await page.locator('#m-role').selectOption('Write');
    await page.getByRole('button', { name: 'Add' }).click();
    assert.match((await page.locator('.flash.ok').textContent()) ?? '', /pat@example.com now has Write/);
    assert.equal(await page.getByLabel('Role of pat@example.com').inputValue(), 'Write');
    await page.getByLabel('Role of owner@brainkeep.local').selectOption('Admin');
    await page.locator('tr:has-text("owner@brainkeep.local")').getByRole('button', { name: 'Change' }).click();
    assert.match((await page.locator('.flash.error').textContent()) ?? '', /last Owner/);
    await shot('13-members');
  });

  it('manages partitions: create, import a CSV, archive, purge with a typed confirmation', async () => {
    await page.getByRole('link', { name: 'Partitions' }).click();
    assert.equal(await page.locator('#pc-name').getAttribute('maxlength'), String((createPartitionBody.properties as any).name.maxLength));
    assert.equal(await page.locator('#pc-ext').getAttribute('maxlength'), String((createPartitionBody.properties as any).externalRef.maxLength));
    await page.locator('#pc-name').fill('Acme Corp');
    await page.locator('#pc-key').fill('acme');
    await page.locator('#pc-dom').fill('acme.example');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    assert.match((await page.locator('.flash.ok').textContent()) ?? '', /Partition Acme Corp \(acme\) created/);
    await page.getByLabel('CSV with a header row').fill('name,key,domains\nBeta,beta,beta.example\nAcme again,acme,\n');
    await page.getByRole('button', { name: 'Import' }).click();
    assert.match((await page.locator('.flash.ok').textContent()) ?? '', /Imported 1 partition\(s\); skipped acme/);
    await page.locator('tr:has-text("beta.example")').getByRole('button', { name: 'Archive' }).click();
    const purge = page.locator('tr:has-text("beta.example")').getByRole('button', { name: 'Purge' });
    assert.ok(await purge.isDisabled(), 'purge waits for the typed key');
    await page.getByLabel('Type beta to purge').fill('beta');
    await shot('14-partitions');
    page.once('dialog', (d) => void d.accept());
    await purge.click();
    assert.match((await page.locator('.flash.ok').textContent()) ?? '', /Partition beta purged/);
    assert.equal(await page.locator('td.mono:text-is("beta")').count(), 0);
  });

  it('shows schema, instructions and embedding progress to an Admin', async () => {
    await page.getByRole('link', { name: 'Schema and instructions' }).click();
    const schema = JSON.parse(await page.getByLabel('Schema (.brain/schema.json)').inputValue());
    assert.ok(schema.folders.some((f: { path: string }) => f.path === 'meetings'));
    await page.getByLabel('Schema (.brain/schema.json)').fill('{ "folders": "not a list" }');
    await page.getByRole('button', { name: 'Save schema' }).click();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /schema/i);
    await shot('15-schema');
    await page.getByRole('link', { name: 'Embeddings' }).click();
    assert.ok(await page.locator('#emb-progress').isVisible());
    await shot('16-embeddings');
  });

  it('refuses a form post without the CSRF token', async () => {
    const r = await page.request.post(`${s.url}/app/b/main/settings/credentials`, { form: { label: 'forged', role: 'Owner' } });
    assert.equal(r.status(), 403);
    assert.equal(s.c.credentials.list(SYSTEM_ACTOR, 'main').credentials.filter((c) => c.label === 'forged').length, 0);
  });

  it('ran without script errors (CSP violations included)', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
