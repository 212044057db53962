// Filing reaches every page an item is about, end to end: items uploaded through the HTTP inbox
// without a skill (routed by content), filed by the pass, each touched page checked — meetings
// (a calendar export), documents (PDF, DOCX), chat sessions (ChatGPT and Claude exports), junk left
// untouched, and a revised document that adds only what changed.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { makeDocx, makePdf } from '../helpers/documents.js';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\ncompany: "[[companies/acme]]"\n---\n# Ada Lovelace\n',
  'people/maggie.md': '---\ntitle: Margaret Hamilton\naliases: [Maggie Hamilton]\nemail: mh@umbrella.org\n---\n# Margaret Hamilton\n\nWorks at [[companies/umbrella]].\n',
  'people/grace-hopper.md': '---\ntitle: Grace Hopper\nemail: grace@globex.io\ncompany: "[[companies/globex]]"\n---\n# Grace Hopper\n',
  'people/radia-perlman.md': '---\ntitle: Radia Perlman\nemail: radia@wonka.co\n---\n# Radia Perlman\n',
  'people/alex-kim.md': '---\ntitle: Alex Kim\naliases: [Alex]\n---\n# Alex Kim\n',
  'people/alex-chen.md': '---\ntitle: Alex Chen\naliases: [Alex]\n---\n# Alex Chen\n',
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\naliases: [Acme Corp]\n---\n# Acme\n',
  'companies/umbrella.md': '---\ntitle: Umbrella Health\ndomain: umbrella.org\n---\n# Umbrella Health\n',
  'companies/globex.md': '---\ntitle: Globex\ndomain: globex.io\naliases: [Globex Corporation]\n---\n# Globex\n',
  'companies/stark.md': '---\ntitle: Stark Industries\naliases: [Stark]\n---\n# Stark Industries\n',
  'companies/wonka.md': '---\ntitle: Wonka Labs\ndomain: wonka.co\n---\n# Wonka Labs\n',
  'projects/atlas.md': '---\ntitle: Atlas Migration\naliases: [Atlas]\n---\n# Atlas Migration\n',
};

describe('filing reaches every page an item is about (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { file, page, lineOn } = suite;

  const versionOf = (path: string) => page(path).version;

  it('a meeting (calendar export): attendees, their companies through works-at and domains, the project discussed; the Cc-free invite touches nothing else', async () => {
    const before = versionOf('people/radia-perlman.md');
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART:20260310T140000Z',
      'SUMMARY:Atlas pilot review',
      'ORGANIZER;CN=Ada Lovelace:mailto:ada@acme.com',
      'ATTENDEE;CN=Maggie Hamilton;PARTSTAT=ACCEPTED:mailto:mh@umbrella.org',
      'ATTENDEE;CN=Ada Lovelace:mailto:ada@acme.com',
      'ATTENDEE;CN=Tom Reed:mailto:tom.reed@umbrella.org',
      'DESCRIPTION:Review the pilot: 3 of 5 clinics migrated\\, no data loss.',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const item = await file({ filename: 'invite.ics', content: ics });
    assert.equal(item.status, 2, item.reason);
    const own = 'meetings/2026-03-10-atlas-pilot-review.md';
    assert.deepEqual([...item.filedPages].sort(), [own, 'companies/acme.md', 'companies/umbrella.md', 'people/ada-lovelace.md', 'people/maggie.md', 'people/tom-reed.md', 'projects/atlas.md'].sort());
    assert.match(lineOn('people/maggie.md', '2026-03-10', own), /^Met in/);
    assert.match(lineOn('companies/umbrella.md', '2026-03-10', own), /with Maggie Hamilton, Tom Reed/);
    assert.match(lineOn('companies/acme.md', '2026-03-10', own), /with Ada Lovelace/);
    lineOn('projects/atlas.md', '2026-03-10', own);
    // A new person: name plus company (by mail domain).
    assert.equal(page('people/tom-reed.md').frontmatter.company, '[[companies/umbrella]]');
    assert.equal(versionOf('people/radia-perlman.md'), before);
  });

  it('a document (PDF): a source page with summary, key points and links; lines dated with the document date on every entity it concerns; the footer company is left alone', async () => {
    const globex = versionOf('companies/globex.md');
    const pdf = makePdf([
      'Atlas Migration: phase two plan',
      'Date: March 2, 2026',
      'Umbrella Health moves its last two clinics to the new platform in April.',
      'Margaret Hamilton owns the switch-over; the budget is EUR 60,000.',
      'Copyright 2026 Globex Corporation. All rights reserved.',
    ]);
    const item = await file({ filename: 'atlas-phase-two.pdf', contentBase64: pdf.toString('base64') });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    assert.deepEqual([...item.filedPages].sort(), [own, 'companies/umbrella.md', 'people/maggie.md', 'projects/atlas.md'].sort());
    const md = page(own).markdown;
    assert.match(md, /## Key points/);
    assert.match(md, /\[\[companies\/umbrella\|/);
    assert.equal(page(own).frontmatter.date, '2026-03-02');
    assert.match(lineOn('companies/umbrella.md', '2026-03-02', own), /Umbrella Health moves its last two clinics/);
    lineOn('people/maggie.md', '2026-03-02', own);
    assert.equal(versionOf('companies/globex.md'), globex);
  });

  it('a document (DOCX) naming a new person with a role and company: their page is made and linked', async () => {
    const docx = makeDocx([
      { text: 'Wonka Labs follow-on memo', heading: true },
      { text: '12 March 2026' },
      { text: 'Charlie Bucket, CFO of Wonka Labs, shared the plan to raise $12M for a second factory. We propose taking $2M of the round.' },
      { text: 'Revenue tripled to $3.1M ARR since the seed round, and margins reached 38% on the new sensor line.' },
    ]);
    const item = await file({ filename: 'wonka-memo.docx', contentBase64: docx.toString('base64') });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.deepEqual([...item.filedPages].sort(), [own, 'companies/wonka.md', 'people/charlie-bucket.md'].sort());
    const charlie = page('people/charlie-bucket.md');
    assert.equal(charlie.frontmatter.role, 'CFO');
    assert.equal(charlie.frontmatter.company, '[[companies/wonka]]');
    lineOn('people/charlie-bucket.md', '2026-03-12', own);
    lineOn('companies/wonka.md', '2026-03-12', own);
  });

  it('a chat session (ChatGPT export): a session page; a person leaving one company for another reaches the person and both companies, on the session date', async () => {
    const conversation = {
      title: 'Grace changes jobs',
      create_time: 1772960400.5,
      current_node: 'b',
      mapping: {
        r: { message: null, parent: null },
        a: { message: { author: { role: 'user' }, create_time: 1772960400.5, content: { content_type: 'text', parts: ['Grace Hopper is leaving Globex to join Stark Industries as CTO in April. What does that mean for us?'] } }, parent: 'r' },
        b: { message: { author: { role: 'assistant' }, content: { content_type: 'text', parts: ['You will need a new sponsor at Globex, and Stark Industries may become a customer.'] } }, parent: 'a' },
      },
    };
    const item = await file({ filename: 'conversations.json', content: JSON.stringify([conversation]) });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('notes/'));
    assert.equal(own, 'notes/2026-03-08-grace-changes-jobs.md');
    assert.deepEqual([...item.filedPages].sort(), [own, 'companies/globex.md', 'companies/stark.md', 'people/grace-hopper.md'].sort());
    for (const p of ['people/grace-hopper.md', 'companies/globex.md', 'companies/stark.md']) assert.match(lineOn(p, '2026-03-08', own), /leaving Globex to join Stark Industries/);
  });

  it('a chat session (Claude export) with a to-do: attributed to the project and the person it names', async () => {
    const claude = {
      name: 'Atlas cutover',
      created_at: '2026-03-09T15:02:11Z',
      chat_messages: [
        { sender: 'human', text: 'The Atlas cutover is planned for April 20 but two clinics asked for more time.' },
        { sender: 'assistant', text: 'Split the cutover into two waves: three clinics on April 20, two on May 4.' },
        { sender: 'human', text: "Let's go with two waves. TODO: ask Maggie Hamilton to confirm the change freeze for May." },
      ],
    };
    const item = await file({ filename: 'claude.json', content: JSON.stringify(claude) });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('notes/'));
    assert.deepEqual([...item.filedPages].sort(), [own, 'people/maggie.md', 'projects/atlas.md'].sort());
    assert.match(lineOn('people/maggie.md', '2026-03-09', own), /^To do: ask Maggie Hamilton to confirm the change freeze/);
    assert.match(page(own).markdown, /## To-dos\n\n- \[ \] ask Maggie Hamilton/);
  });

  it('chat sessions go to review only when they name nothing in the brain or the attribution is ambiguous, and the reason says which', async () => {
    const nothing = await file({ filename: 'regex.json', content: JSON.stringify([{ role: 'user', content: 'My ISO date regex accepts month 13. How do I fix it?' }, { role: 'assistant', content: 'Use (0[1-9]|1[0-2]) for the month and validate with a date parser.' }, { role: 'user', content: 'We decided to validate with the date parser.' }]) });
    assert.equal(nothing.status, 1);
    assert.match(nothing.reason, /names no person, company or project that has a page in this brain/);
    const alexBefore = [versionOf('people/alex-kim.md'), versionOf('people/alex-chen.md')];
    const ambiguous = await file({ filename: 'alex.json', content: JSON.stringify([{ role: 'user', content: 'Alex said the rollout needs two more weeks.' }, { role: 'assistant', content: 'Two weeks is reasonable if the test environment is back by Friday.' }, { role: 'user', content: 'We agreed that Alex owns the rollout.' }]) });
    assert.equal(ambiguous.status, 1);
    assert.match(ambiguous.reason, /ambiguous: "Alex" could be people\/alex-\w+\.md or people\/alex-\w+\.md/);
    assert.deepEqual([versionOf('people/alex-kim.md'), versionOf('people/alex-chen.md')], alexBefore);
  });

  it('junk (a newsletter naming companies in the brain, a receipt, spam) stays in Review and touches no page', async () => {
    const versions = Object.keys(SEED).map(versionOf);
    const head = suite.s.c.repos.get(suite.s.mainBrainId).head();
    const items = [
      { filename: 'news.txt', content: 'TechDaily, issue #88\n\nGlobex raised $40M. Acme Corp cut 5% of staff. Stark Industries opened a lab.\n\nYou are receiving this email because you subscribed. Unsubscribe | View in browser\n' },
      { filename: 'receipt.txt', content: 'Thanks for riding\nHere is your receipt for March 3, 2026.\nTotal: €23.50\nDropoff: Acme Corp office\nPaid with Visa •••• 4242\n' },
      { filename: 'prize.txt', content: 'CONGRATULATIONS! You have been selected to receive a $1,000 gift card. Click here to claim your prize now. Limited time offer.\n' },
    ];
    for (const body of items) {
      const item = await file(body);
      assert.equal(item.status, 1, body.filename);
      assert.match(item.reason, /^Not worth filing: The item (is|looks like) /);
      assert.deepEqual(item.filedPages, []);
    }
    assert.deepEqual(Object.keys(SEED).map(versionOf), versions);
    assert.equal(suite.s.c.repos.get(suite.s.mainBrainId).head(), head);
  });

  it('a forwarded copy of a filed recap goes to review, saying which item it copies, and touches no page', async () => {
    const recap = 'From: Radia Perlman <radia@wonka.co>\nTo: Grace Hopper <grace@globex.io>\nDate: Thu, 5 Mar 2026 19:40:12 +0100\nSubject: Recap of today\n\nHi Grace,\n\nThanks for the call today. What we agreed:\n- Wonka Labs and Globex start a three-month pilot in April.\n- We review the price in June with the pilot results.\n\nBest,\nRadia\n';
    const first = await file({ filename: 'recap.eml', content: recap });
    assert.equal(first.status, 2, first.reason);
    const versions = Object.keys(SEED).map(versionOf);
    const head = suite.s.c.repos.get(suite.s.mainBrainId).head();
    const fwd = `From: Grace Hopper <grace@globex.io>\nTo: ada@acme.com\nDate: Fri, 6 Mar 2026 08:00:00 +0100\nSubject: Fwd: Recap of today\n\nFYI, same notes as yesterday.\n\n---------- Forwarded message ---------\nFrom: Radia Perlman <radia@wonka.co>\nDate: Thu, 5 Mar 2026\nSubject: Recap of today\n\n${recap.split('\n\n').slice(1).join('\n\n')}`;
    const copy = await file({ filename: 'fwd.eml', content: fwd });
    assert.equal(copy.status, 1);
    assert.match(copy.reason, new RegExp(`forwarded copy of "recap.eml" \\(item ${first.id}\\), which is already filed`));
    assert.deepEqual(copy.filedPages, []);
    assert.deepEqual(Object.keys(SEED).map(versionOf), versions);
    assert.equal(suite.s.c.repos.get(suite.s.mainBrainId).head(), head);
    // A forward that adds its own facts is filed as usual.
    const more = await file({ filename: 'fwd2.eml', content: fwd.replace('FYI, same notes as yesterday.', 'Adding what changed since: Stark Industries joins the pilot as a third partner, the start moves to May, and Ada Lovelace will run the weekly reviews for Acme from now on.') });
    assert.equal(more.status, 2, more.reason);
  });

  it('names edited between items are seen by the next item: a new alias resolves, a deleted page no longer does', async () => {
    await suite.s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/wonka.md', markdown: '---\ntitle: Wonka Labs\ndomain: wonka.co\naliases: [Chocolate Works]\n---\n# Wonka Labs\n' });
    await suite.s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'companies/initrode.md', markdown: '---\ntitle: Initrode\n---\n# Initrode\n' });
    await suite.s.c.pages.delete(SYSTEM_ACTOR, 'main', 'companies/initrode.md');
    const item = await file({ filename: 'note.md', content: '# Sensor supply note\n\nDate: 2026-03-25\n\nChocolate Works will supply 2,000 sensors to Initrode by June; the price is EUR 14 per unit.\n\nThe contract runs for two years with a review after the first delivery.\n' });
    assert.equal(item.status, 2, item.reason);
    assert.ok(item.filedPages.includes('companies/wonka.md'), JSON.stringify(item.filedPages));
    assert.ok(!item.filedPages.some((p: string) => p.includes('initrode')), JSON.stringify(item.filedPages));
  });

  it('re-filing a revised document adds only what changed: a newly named entity gets its line, the others are not touched again', async () => {
    const url = 'https://docs.example.com/d/acme-pilot-brief';
    const v1 = { filename: 'brief.md', canonicalUrl: url, version: '1', content: '# Acme pilot brief\n\nDate: 2026-03-20\n\nAcme Corp runs a pilot of the Atlas Migration tooling with 40 users. The pilot runs for six weeks and ends with a go/no-go review.\n\n## Key points\n\n- 40 users\n- Six weeks\n' };
    const first = await file(v1);
    assert.equal(first.status, 2, first.reason);
    const own = first.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.deepEqual([...first.filedPages].sort(), [own, 'companies/acme.md', 'projects/atlas.md'].sort());
    const acme = versionOf('companies/acme.md');
    const atlas = versionOf('projects/atlas.md');
    const v2 = { ...v1, version: '2', content: v1.content.replace('- Six weeks\n', '- Six weeks\n- Grace Hopper of Globex reviews the results.\n') };
    const second = await file(v2);
    assert.equal(second.status, 2, second.reason);
    assert.deepEqual([...second.filedPages].sort(), [own, 'companies/globex.md', 'people/grace-hopper.md'].sort());
    assert.equal(versionOf('companies/acme.md'), acme);
    assert.equal(versionOf('projects/atlas.md'), atlas);
    lineOn('people/grace-hopper.md', '2026-03-20', own);
  });
});
