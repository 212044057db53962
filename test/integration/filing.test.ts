import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { readTimeline } from '../../src/domain/timeline.js';
import { FilingService } from '../../src/services/filingService.js';
import { FilingRepo } from '../../src/storage/sqlite/filingRepo.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const fixture = (name: string) => fs.readFileSync(path.join('test/fixtures/filing', name), 'utf8');

function git(s: TestServer, brainId: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(brainId), ...args], { encoding: 'utf8' });
}

/** Commits on main whose message carries `Inbox-Item: <id>`. */
function filingCommits(s: TestServer, brainId: string, itemId: string): string[] {
  return git(s, brainId, 'log', '--format=%H', `--grep=^Inbox-Item: ${itemId}$`, 'main').trim().split('\n').filter(Boolean);
}

async function upload(s: TestServer, token: string, body: Record<string, unknown>, brain = 'main'): Promise<any> {
  const r = await s.request('POST', `/api/v1/brains/${brain}/inbox`, { token, body });
  assert.equal(r.status, 201, r.text);
  return r.body.item;
}

describe('filing pass (built-in filer, real git and SQLite)', function () {
  this.timeout(30_000);
  let s: TestServer;
  let writer: string;
  let brainId: string;

  before(async () => {
    s = await startTestServer();
    writer = s.credential('Write');
    brainId = s.mainBrainId;
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'people/ada.md', markdown: '---\ntitle: Ada Lovelace\nemail: ada@acme.com\n---\n# Ada Lovelace\n\nHead of support at Acme.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/acme.md', markdown: '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n\nCustomer since 2024.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/northwind.md', markdown: '---\ntitle: Northwind\n---\n# Northwind\n\nA retailer.\n' });
  });
  after(async () => s.stop());

  it('ingest-meeting: one commit with trailers; meeting page, attendees matched or created, timelines, links both ways', async () => {
    const item = await upload(s, writer, { filename: 'acme-kickoff.txt', content: fixture('meeting-acme-kickoff.txt'), skill: 'ingest-meeting' });
    const headBefore = s.c.repos.get(brainId).head();
    const r = await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer, body: {} });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.outcome, 'filed');
    assert.equal(r.body.skill, 'ingest-meeting');
    const meeting = 'meetings/2026-03-04-acme-onboarding-kickoff.md';
    assert.deepEqual([...r.body.pages].sort(), ['companies/acme.md', meeting, 'people/ada.md', 'people/grace-hopper.md', 'people/linus-berg.md']);
    assert.equal(r.body.item.status, 2);
    assert.deepEqual([...r.body.item.filedPages].sort(), [...r.body.pages].sort());
    assert.equal(r.body.item.suggestion.targetFolder, 'meetings');
    assert.equal(r.body.item.suggestion.targetSlug, '2026-03-04-acme-onboarding-kickoff');
    assert.ok(r.body.item.suggestion.confidence >= 0.9);

    // One commit, parent = previous head, with the trailers, touching exactly those pages.
    assert.equal(git(s, brainId, 'rev-parse', 'main^').trim(), headBefore);
    const message = git(s, brainId, 'log', '-1', '--format=%B', 'main');
    assert.match(message, new RegExp(`^Inbox-Item: ${item.id}$`, 'm'));
    assert.match(message, /^Skill: ingest-meeting$/m);
    assert.match(message, /^Brainkeep-Actor: write-test </m);
    const changed = git(s, brainId, 'show', '--name-only', '--format=', 'main').trim().split('\n').sort();
    assert.deepEqual(changed, [...r.body.pages].sort());

    const ada = s.c.pages.get(SYSTEM_ACTOR, 'main', 'people/ada.md');
    assert.deepEqual(readTimeline(ada.markdown)[0], { date: '2026-03-04', text: 'Met in [[meetings/2026-03-04-acme-onboarding-kickoff|Acme onboarding kickoff]]' });
    const grace = s.c.pages.get(SYSTEM_ACTOR, 'main', 'people/grace-hopper.md');
    assert.equal(grace.frontmatter.email, 'grace.hopper@acme.com');
    assert.equal(grace.frontmatter.company, '[[companies/acme]]');
    assert.match(readTimeline(s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/acme.md').markdown)[0]!.text, /^Meeting \[\[meetings\/2026-03-04-acme-onboarding-kickoff/);
    const page = s.c.pages.get(SYSTEM_ACTOR, 'main', meeting);
    assert.match(page.markdown, /## Decisions\n\n- Then we agreed/);
    assert.match(page.markdown, /## Action items\n\n- \[ \] \[\[people\/linus-berg\|Linus Berg\]\]: send the import checklist/);
    // Links both ways: the meeting links Ada, and Ada's page links back.
    const backToAda = s.c.graph.backlinks(SYSTEM_ACTOR, 'main', 'people/ada.md').backlinks.map((b) => b.path);
    assert.ok(backToAda.includes(meeting));
    const backToMeeting = s.c.graph.backlinks(SYSTEM_ACTOR, 'main', meeting).backlinks.map((b) => b.path);
    assert.ok(backToMeeting.includes('people/ada.md'));
  });

  it('ingest-conversation: an ambient JSON session transcript via the default inbox, filed by the pass as a dated note', async () => {
    const r = await s.request('POST', '/api/v1/inbox', { token: writer, body: { filename: 'session-4f1c.json', content: fixture('session-transcript.json'), externalId: 'session:4f1c2a9e' } });
    assert.equal(r.status, 201, r.text);
    const summary = await s.c.filing.runPass(brainId);
    assert.equal(summary.filed, 1);
    const item = s.c.inbox.get(SYSTEM_ACTOR, 'main', r.body.item.id);
    assert.equal(item.status, 2);
    const note = 'notes/2026-03-05-the-nightly-invoice-job-in-the-billing-service.md';
    assert.ok(item.filedPages.includes(note));
    assert.ok(item.filedPages.includes('companies/northwind.md'));
    const md = s.c.pages.get(SYSTEM_ACTOR, 'main', note).markdown;
    assert.match(md, /## Decisions\n\n- OK, we decided to add the index/);
    assert.match(md, /## Open questions\n\n- One open question: does the reporting team at Northwind/);
    // Northwind's line: the session's date, the statement about Northwind, a link to the note.
    const line = readTimeline(s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/northwind.md').markdown)[0]!;
    assert.equal(line.date, '2026-03-05');
    assert.match(line.text, /^Open question: does the reporting team at Northwind .*\(\[\[notes\/2026-03-05-the-nightly-invoice-job/);
    assert.match(git(s, brainId, 'log', '-1', '--format=%B', 'main'), /^Skill: ingest-conversation$/m);
    assert.match(git(s, brainId, 'log', '-1', '--format=%an', 'main'), /Brainkeep filing/);
  });

  it('the worth-filing check leaves junk in Review with a reason, the content stays on the item, nothing is committed', async () => {
    const head = s.c.repos.get(brainId).head();
    const items = [];
    for (const f of ['junk-greeting.txt', 'junk-test.txt', 'junk-notification.txt', 'session-trivial.json']) items.push(await upload(s, writer, { filename: f, content: fixture(f) }));
    await s.c.filing.runPass(brainId);
    for (const [i, f] of ['junk-greeting.txt', 'junk-test.txt', 'junk-notification.txt', 'session-trivial.json'].entries()) {
      const item = s.c.inbox.get(SYSTEM_ACTOR, 'main', items[i].id);
      assert.equal(item.status, 1, f);
      assert.match(item.reason ?? '', /^Not worth filing: /, f);
      assert.equal(item.text, fixture(f), 'the content stays on the item');
      assert.deepEqual(item.filedPages, []);
    }
    assert.equal(s.c.repos.get(brainId).head(), head);
    // A pinned skill skips the check (default inbox rule 3): the same junk with `ingest` is filed as a note.
    const pinned = await upload(s, writer, { filename: 'test-pinned.txt', content: 'test\nThe release train leaves on 2026-04-01.', skill: 'ingest' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', pinned.id);
    assert.equal(r.outcome, 'filed');
  });

  it('ingest-doc: a source page with canonical URL and provider; the next version updates the same page with a revision timeline line', async () => {
    const url = 'https://docs.google.com/document/d/1NorthwindBriefAbCdEf/edit';
    const v1 = await upload(s, writer, { filename: 'northwind-brief.md', content: fixture('doc-brief-v1.md'), canonicalUrl: url, version: '1' });
    await s.c.filing.runPass(brainId);
    const filed1 = s.c.inbox.get(SYSTEM_ACTOR, 'main', v1.id);
    const pagePath = 'sources/northwind-website-relaunch-brief.md';
    assert.equal(filed1.status, 2);
    // The source page, and the company the brief concerns (a dated line linking the source page).
    assert.deepEqual(filed1.filedPages, [pagePath, 'companies/northwind.md']);
    assert.ok(readTimeline(s.c.pages.get(SYSTEM_ACTOR, 'main', 'companies/northwind.md').markdown).some((l) => l.text.includes('[[sources/northwind-website-relaunch-brief|')));
    const p1 = s.c.pages.get(SYSTEM_ACTOR, 'main', pagePath);
    assert.equal(p1.frontmatter.canonicalUrl, url);
    assert.equal(p1.frontmatter.provider, 'gdrive');
    assert.equal(p1.frontmatter.providerItemId, '1NorthwindBriefAbCdEf');
    assert.match(p1.markdown, /\[\[companies\/northwind\|Northwind Traders\]\]/);

    const v2 = await upload(s, writer, { filename: 'northwind-brief.md', content: fixture('doc-brief-v2.md'), canonicalUrl: url, version: '2' });
    assert.equal(v2.supersedesItemId, v1.id);
    await s.c.filing.runPass(brainId);
    const filed2 = s.c.inbox.get(SYSTEM_ACTOR, 'main', v2.id);
    assert.equal(filed2.status, 2);
    // Re-filing the revision adds only what changed: Northwind already has its line, so only the source page moves.
    assert.deepEqual(filed2.filedPages, [pagePath]);
    const p2 = s.c.pages.get(SYSTEM_ACTOR, 'main', pagePath);
    assert.equal(p2.version, p1.version + 1);
    assert.equal(p2.frontmatter.version, '2');
    assert.match(p2.markdown, /Budget is €120k/);
    assert.doesNotMatch(p2.markdown, /Budget is €80k/);
    assert.match(readTimeline(p2.markdown)[0]!.text, /^Revised \(version 2\): 3 lines added, 2 removed; now: /);
    assert.equal(s.c.pages.list(SYSTEM_ACTOR, 'main', { prefix: 'sources/' }).pages.length, 1, 'no second source page');
  });

  it('ingest: a note in the best schema folder, the folder hint only when it names a schema folder', async () => {
    const hinted = await upload(s, writer, { filename: 'pricing.txt', content: fixture('note-pricing.txt'), targetFolder: 'concepts' });
    const ignored = await upload(s, writer, { filename: 'pricing-2.txt', content: `${fixture('note-pricing.txt')}\nSecond copy.`, targetFolder: 'private/dump' });
    await s.c.filing.runPass(brainId);
    const a = s.c.inbox.get(SYSTEM_ACTOR, 'main', hinted.id);
    const b = s.c.inbox.get(SYSTEM_ACTOR, 'main', ignored.id);
    assert.match(a.filedPages[0]!, /^concepts\/pricing-idea-from-the-sales-offsite\.md$/);
    assert.match(b.filedPages[0]!, /^notes\/\d{4}-\d{2}-\d{2}-pricing-idea-from-the-sales-offsite\.md$/);
    assert.match(b.suggestion!.rationale!, /not a schema folder/);
  });

  it('below the skill threshold the item goes to Review with a suggestion instead of pages', async () => {
    const head = s.c.repos.get(brainId).head();
    const item = await upload(s, writer, { filename: 'x.txt', content: 'a few words about nothing in particular here', skill: 'ingest-meeting' });
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'main', item.id);
    assert.equal(r.outcome, 'review');
    assert.equal(r.item.status, 1);
    assert.match(r.item.reason!, /^Confidence 0\.\d+ is below the ingest-meeting skill's threshold 0\.4: /);
    assert.equal(r.item.suggestion!.targetFolder, 'meetings');
    assert.equal(r.item.suggestion!.entityType, 'meeting');
    assert.ok(r.item.suggestion!.targetSlug);
    assert.ok(r.item.suggestion!.confidence! < 0.4);
    assert.equal(s.c.repos.get(brainId).head(), head);
    // Re-queued by a person (Review → Pending), it waits for the pass again.
    const back = await s.request('PUT', `/api/v1/brains/${brainId}/inbox/${item.id}/status`, { token: writer, body: { status: 0 } });
    assert.equal(back.status, 200);
    assert.equal(back.body.status, 0);
  });

  it('idempotent under a crash between claim and file: an expired claim is taken over and the item filed once', async () => {
    const item = await upload(s, writer, { filename: 'kickoff-2.txt', content: fixture('meeting-acme-kickoff.txt').replace('2026-03-04', '2026-03-18'), skill: 'ingest-meeting' });
    // A worker claimed it and died before filing: its lease is still live, so nobody takes it...
    s.c.db.prepare("UPDATE inbox_items SET filing_claimed_by = 'dead-worker', filing_claimed_until = ?, filing_attempts = 1 WHERE id = ?").run(new Date(Date.now() + 60_000).toISOString(), item.id);
    await s.c.filing.runPass(brainId);
    assert.equal(filingCommits(s, brainId, item.id).length, 0);
    assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', item.id).status, 0);
    const busy = await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer });
    assert.equal(busy.status, 409);
    assert.equal(busy.body.code, 'filing_in_progress');
    // ...until the lease expires.
    s.c.db.prepare("UPDATE inbox_items SET filing_claimed_until = '2000-01-01T00:00:00.000Z' WHERE id = ?").run(item.id);
    await s.c.filing.runPass(brainId);
    assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', item.id).status, 2);
    assert.equal(filingCommits(s, brainId, item.id).length, 1);
  });

  it('idempotent under a crash between the commit and the status update: the next attempt finishes without a second commit', async () => {
    const item = await upload(s, writer, { filename: 'kickoff-3.txt', content: fixture('meeting-acme-kickoff.txt').replace('2026-03-04', '2026-03-25'), skill: 'ingest-meeting' });
    s.c.db.exec("CREATE TRIGGER crash_on_filed BEFORE UPDATE OF status ON inbox_items WHEN NEW.status = 2 BEGIN SELECT RAISE(ABORT, 'simulated crash'); END;");
    try {
      const first = await s.c.filing.runPass(brainId);
      assert.equal(first.retry, 1);
    } finally {
      s.c.db.exec('DROP TRIGGER crash_on_filed');
    }
    assert.equal(filingCommits(s, brainId, item.id).length, 1, 'the commit landed');
    assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', item.id).status, 0);
    s.c.db.prepare('UPDATE inbox_items SET filing_next_attempt_at = NULL WHERE id = ?').run(item.id);
    const second = await s.c.filing.runPass(brainId);
    assert.equal(second.filed, 1);
    assert.equal(filingCommits(s, brainId, item.id).length, 1, 'no second commit');
    const done = s.c.inbox.get(SYSTEM_ACTOR, 'main', item.id);
    assert.equal(done.status, 2);
    assert.ok(done.filedPages.includes('meetings/2026-03-25-acme-onboarding-kickoff.md'));
  });

  it('two workers (two filing services over one database) never file an item twice', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await upload(s, writer, { filename: `n${i}.txt`, content: `Vendor note ${i}: the Acme contract renews on 2026-0${(i % 9) + 1}-15 for ${100 + i} seats.`, skill: 'ingest' })).id);
    const other = new FilingService({
      access: s.c.access,
      brains: s.c.brains,
      pages: s.c.pages,
      pageIndex: s.c.pageIndex,
      repos: s.c.repos,
      inboxRepo: s.c.inboxRepo,
      partitionsRepo: s.c.partitionsRepo,
      filingRepo: new FilingRepo(s.c.db),
      llm: null,
      options: { maxAttempts: 5, leaseMs: 600_000, backoffMs: 30_000 },
    });
    const [a, b] = await Promise.all([s.c.filing.runPass(brainId), other.runPass(brainId)]);
    assert.equal(a.filed + b.filed, 6);
    for (const id of ids) {
      assert.equal(filingCommits(s, brainId, id).length, 1, id);
      assert.equal(s.c.inbox.get(SYSTEM_ACTOR, 'main', id).status, 2);
    }
  });

  it('a failing item is retried with backoff and goes to Review with the error after N attempts', async () => {
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: '.brain/skills/ingest-doc.md', markdown: '---\nconfidenceThreshold: 7\n---\nBroken on purpose.\n' });
    try {
      const item = await upload(s, writer, { filename: 'doc.md', content: fixture('doc-brief-v1.md').replace('Northwind', 'Southwind'), skill: 'ingest-doc' });
      for (let attempt = 1; attempt <= 4; attempt++) {
        const r = await s.c.filing.runPass(brainId);
        assert.equal(r.retry, 1, `attempt ${attempt}`);
        const state = new FilingRepo(s.c.db).state(item.id)!;
        assert.equal(state.attempts, attempt);
        assert.ok(Date.parse(state.nextAttemptAt!) > Date.now() + 29_000 * 2 ** (attempt - 1) - 5_000, 'backoff doubles');
        assert.equal((await s.c.filing.runPass(brainId)).processed, 0, 'not due before its retry time');
        s.c.db.prepare('UPDATE inbox_items SET filing_next_attempt_at = NULL WHERE id = ?').run(item.id);
      }
      const last = await s.c.filing.runPass(brainId);
      assert.equal(last.review, 1);
      const reviewed = s.c.inbox.get(SYSTEM_ACTOR, 'main', item.id);
      assert.equal(reviewed.status, 1);
      assert.match(reviewed.reason!, /^Filing failed 5 times; last error: .*confidenceThreshold/);
    } finally {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: '.brain/skills/ingest-doc.md', markdown: fixture('../../../schema-templates/default/skills/ingest-doc.md') });
    }
  });

  it('the file route: roles, unknown items, bad skills, items already filed', async () => {
    const reader = s.credential('Read');
    const item = await upload(s, writer, { filename: 'r.txt', content: 'Route check: Acme pays 40 EUR per seat from 2026-05-01.' });
    assert.equal((await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: reader })).status, 403);
    const bad = await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer, body: { skill: 'ingest-everything' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.skills, ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation']);
    assert.equal((await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer, body: { nope: 1 } })).status, 400);
    assert.equal((await s.request('POST', `/api/v1/brains/${brainId}/inbox/00000000-0000-4000-8000-000000000000/file`, { token: writer })).status, 404);
    const ok = await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer, body: { skill: 'ingest' } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.outcome, 'filed');
    const again = await s.request('POST', `/api/v1/brains/${brainId}/inbox/${item.id}/file`, { token: writer });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'item_not_fileable');
  });

  it('a partitioned item files only under its partition folder', async () => {
    const agency = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'agency', templateKey: 'agency' });
    await s.c.partitions.create(SYSTEM_ACTOR, 'agency', { name: 'Acme', key: 'acme', domains: ['acme.com'] });
    const token = s.credential('Write', 'agency');
    const item = await upload(s, token, { filename: 'kickoff.txt', content: fixture('meeting-acme-kickoff.txt'), skill: 'ingest-meeting', partition: 'acme' }, agency.id);
    const r = await s.c.filing.fileNow(SYSTEM_ACTOR, 'agency', item.id);
    assert.equal(r.outcome, 'filed', r.reason ?? '');
    assert.ok(r.pages.length >= 4);
    for (const p of r.pages) assert.ok(p.startsWith('clients/acme/'), p);
    assert.ok(r.pages.includes('clients/acme/meetings/2026-03-04-acme-onboarding-kickoff.md'));
  });
});
