// The web app does what the API does (issue 24.6), in headless Chromium: create a brain from a
// template, upload to its inbox (a file and pasted text) and import a chat export, move a page
// (links to it rewritten), rename the brain, and delete it with its slug typed as the confirm step.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { launchBrowser, screenshotPath } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { chatgptExport } from '../fixtures/chatExports.js';

describe('web app: brain lifecycle, inbox upload, page move (browser)', function () {
  this.timeout(60_000);
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const shot = (name: string) => page.screenshot({ path: screenshotPath(name), fullPage: true });
  // The visible flash message (a page also carries the hidden live-update notice, `#page-live`).
  const flash = () => page.locator('.flash:not([hidden])').first().textContent();

  before(async () => {
    [s, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await s.c.identity.createUser({ email: 'lee@example.com', name: 'Lee', password: 'password123' }, SYSTEM_ACTOR);
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'lee@example.com', role: 'Read' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${s.url}/app`);
    await page.getByLabel('Email').fill('lee@example.com');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  });
  after(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('creates a brain from a template', async () => {
    await page.getByRole('link', { name: 'New brain' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Field Notes');
    await page.getByLabel('Template').selectOption('personal');
    await page.getByRole('button', { name: 'Create brain' }).click();
    await page.waitForURL(/\/app\/b\/field-notes$/);
    assert.match((await flash()) ?? '', /Created Field Notes from the personal template/);
    const brain = s.c.access.findBrain('field-notes')!;
    assert.equal(brain.templateKey, 'personal');
    const user = s.c.identity.findUser('lee@example.com')!;
    assert.equal(s.c.brainsRepo.memberRole(brain.id, user.id), 'Owner');
    await shot('lifecycle-01-brain-created');
  });

  it('uploads pasted text to the inbox', async () => {
    await page.goto(`${s.url}/app/b/field-notes/inbox`);
    await page.getByRole('link', { name: 'Add to inbox' }).click();
    await page.getByLabel('Or paste text').fill('Met Rosalind at the lab; she showed the X-ray photographs.');
    await page.getByLabel('Skill hint').selectOption('ingest-meeting');
    await page.getByRole('button', { name: 'Add to inbox' }).click();
    await page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    assert.match((await flash()) ?? '', /Added pasted-text\.md to the inbox/);
    assert.match(await page.content(), /X-ray photographs/);
    const items = s.c.inbox.list(SYSTEM_ACTOR, 'field-notes', {}).items;
    assert.equal(items.length, 1);
    assert.equal(items[0]!.skillHint, 'ingest-meeting');
  });

  it('uploads a file to the inbox', async () => {
    await page.goto(`${s.url}/app/b/field-notes/inbox/upload`);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Budget memo: the telescope costs 4,000 euros.\n') });
    await page.getByRole('button', { name: 'Add to inbox' }).click();
    await page.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    assert.match((await flash()) ?? '', /Added memo\.txt to the inbox/);
    assert.match(await page.content(), /telescope costs/);
    const item = s.c.inbox.list(SYSTEM_ACTOR, 'field-notes', {}).items.find((i) => i.filename === 'memo.txt');
    assert.ok(item);
    assert.equal(item.contentType, 'text/plain');
    await shot('lifecycle-02-file-uploaded');
  });

  it('refuses an empty upload with a message, and imports a ChatGPT export', async () => {
    await page.goto(`${s.url}/app/b/field-notes/inbox/upload`);
    await page.getByRole('button', { name: 'Add to inbox' }).click();
    await page.waitForURL(/\/inbox\/upload$/);
    assert.match((await flash()) ?? '', /needs its content/);
    await page.getByLabel('Export from').selectOption('chatgpt');
    await page.getByLabel('Export file').setInputFiles({ name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(chatgptExport())) });
    await page.getByRole('button', { name: 'Import conversations' }).click();
    await page.waitForURL(/\/inbox\?status=all$/);
    assert.match((await flash()) ?? '', /Imported 2 conversations: 2 new, 0 revised, 0 already there/);
    assert.match(await page.content(), /Urban beekeeping\.md/);
  });

  it('moves a page and rewrites the links to it', async () => {
    await s.c.pages.put(SYSTEM_ACTOR, 'field-notes', { path: 'people/rosalind.md', markdown: '# Rosalind Franklin\n\nX-ray crystallographer.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'field-notes', { path: 'notes/lab-visit.md', markdown: '# Lab visit\n\nMet [[people/rosalind]] and read [her bio](../people/rosalind.md).\n' });
    await page.goto(`${s.url}/app/b/field-notes/pages?path=people/rosalind.md`);
    await page.getByRole('link', { name: 'Move or rename' }).click();
    await page.getByLabel('New path').fill('scientists/rosalind-franklin.md');
    await page.getByRole('button', { name: 'Move' }).click();
    await page.waitForURL(/pages\?path=scientists%2Frosalind-franklin\.md$/);
    assert.match((await flash()) ?? '', /Moved people\/rosalind\.md to scientists\/rosalind-franklin\.md; links to it were rewritten/);
    const visit = s.c.pages.get(SYSTEM_ACTOR, 'field-notes', 'notes/lab-visit.md');
    assert.equal(visit.markdown, '# Lab visit\n\nMet [[scientists/rosalind-franklin]] and read [her bio](../scientists/rosalind-franklin.md).\n');
    await shot('lifecycle-03-page-moved');
    // A refused move comes back with the service's message.
    await page.goto(`${s.url}/app/b/field-notes/pages/move?path=notes/lab-visit.md`);
    await page.getByLabel('New path').fill('scientists/rosalind-franklin.md');
    await page.getByRole('button', { name: 'Move' }).click();
    await page.waitForURL(/pages\/move\?path=notes%2Flab-visit\.md$/);
    assert.match((await flash()) ?? '', /already exists/);
  });

  it('renames the brain (name and slug)', async () => {
    await page.goto(`${s.url}/app/b/field-notes/settings`);
    await page.getByRole('link', { name: 'Name and deletion' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lab Notebook');
    await page.getByLabel(/^Slug/).fill('lab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/app\/b\/lab\/settings\/brain$/);
    assert.equal(s.c.access.findBrain('lab')!.name, 'Lab Notebook');
    assert.equal(s.c.access.findBrain('field-notes'), null);
    assert.match(await page.locator('#brain-switch').textContent() ?? '', /Lab Notebook/);
  });

  it('deletes the brain only once its slug is typed', async () => {
    const id = s.c.access.findBrain('lab')!.id;
    const button = page.getByRole('button', { name: 'Delete brain' });
    assert.equal(await button.isDisabled(), true, 'disabled until the slug is typed');
    await page.getByLabel(/Type lab to confirm/).fill('la');
    assert.equal(await button.isDisabled(), true);
    await page.getByLabel(/Type lab to confirm/).fill('lab');
    assert.equal(await button.isDisabled(), false);
    await shot('lifecycle-04-delete-confirm');
    await button.click();
    await page.waitForURL(/\/app\/b\/main$/);
    assert.match((await flash()) ?? '', /Deleted lab\. It stays in the trash for 30 days/);
    assert.doesNotMatch((await page.locator('#brain-switch').textContent()) ?? '', /Lab Notebook/);
    assert.equal(s.c.access.findBrain('lab'), null);
    assert.deepEqual(s.c.brains.trash().map((b) => b.id), [id]);
    const gone = await page.goto(`${s.url}/app/b/lab`);
    assert.equal(gone?.status(), 404);
    problems.splice(problems.findIndex((p) => p.startsWith('404 ') && p.endsWith('/app/b/lab')), 1);
  });

  it('a server-side refusal of a wrong confirm (script bypassed) changes nothing', async () => {
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'keep', name: 'Keep' });
    const user = s.c.identity.findUser('lee@example.com')!;
    s.c.brainsRepo.grant(s.c.access.findBrain('keep')!.id, user.id, 'Owner', null);
    await page.goto(`${s.url}/app/b/keep/settings/brain`);
    // What a visitor without script (or a hand-made request) can send: the button enabled, another value.
    await page.getByRole('button', { name: 'Delete brain' }).evaluate((el) => el.removeAttribute('disabled'));
    await page.getByLabel(/Type keep to confirm/).evaluate((el) => el.setAttribute('value', 'nope'));
    await page.getByRole('button', { name: 'Delete brain' }).click();
    await page.waitForURL(/\/app\/b\/keep\/settings\/brain$/);
    assert.match((await flash()) ?? '', /confirm must be the brain's slug/);
    assert.ok(s.c.access.findBrain('keep'));
  });

  it('deleting the last brain lands on "No brains yet" with the Deleted flash', async () => {
    const lee = s.c.identity.findUser('lee@example.com')!;
    s.c.brainsRepo.revoke(s.c.access.findBrain('main')!.id, lee.id);
    await page.goto(`${s.url}/app/b/keep/settings/brain`);
    await page.getByLabel(/Type keep to confirm/).fill('keep');
    await page.getByRole('button', { name: 'Delete brain' }).click();
    await page.waitForURL(/\/app\/?$/);
    assert.match((await page.locator('h1').first().textContent()) ?? '', /No brains yet/);
    assert.match((await flash()) ?? '', /Deleted keep\. It stays in the trash for 30 days/);
    // Shown once: the next visit has no flash.
    await page.reload();
    assert.equal(await page.locator('.flash:not([hidden])').count(), 0);
  });

  it('ran without script errors or failed requests', () => {
    assert.deepEqual(problems, []);
  });
});
