// End to end through the HTTP inbox and the filing pass: chat sessions that name their company only
// in lower case are filed (not sent to review), a forwarded mail of prose is a document, a
// block-quoted chat is a session, a note written up days later carries the call's own day, a
// declined invitee is left alone and a calendar acceptance from a known person touches nothing.
import assert from 'node:assert/strict';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\ncompany: "[[companies/acme]]"\n---\n# Ada Lovelace\n',
  'people/margaret-hamilton.md': '---\ntitle: Margaret Hamilton\naliases: [Maggie]\ncompany: "[[companies/umbrella]]"\n---\n# Margaret Hamilton\n',
  'people/barbara-liskov.md': '---\ntitle: Barbara Liskov\ncompany: "[[companies/stark]]"\n---\n# Barbara Liskov\n',
  'people/hedy-lamarr.md': '---\ntitle: Hedy Lamarr\ncompany: "[[companies/northwind]]"\n---\n# Hedy Lamarr\n',
  'people/bill-ohara.md': "---\ntitle: William O'Hara\nemail: bill@redwoodcap.com\ncompany: \"[[companies/redwood]]\"\n---\n# William O'Hara\n",
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n',
  'companies/umbrella.md': '---\ntitle: Umbrella Health\naliases: [Umbrella]\n---\n# Umbrella Health\n',
  'companies/stark.md': '---\ntitle: Stark Industries\n---\n# Stark Industries\n',
  'companies/northwind.md': '---\ntitle: Northwind Traders\naliases: [Northwind]\n---\n# Northwind Traders\n',
  'companies/redwood.md': '---\ntitle: Redwood Capital\ndomain: redwoodcap.com\naliases: [Redwood]\n---\n# Redwood Capital\n',
  'companies/wonka.md': '---\ntitle: Wonka Labs\n---\n# Wonka Labs\n',
  'projects/falcon.md': '---\ntitle: Project Falcon\naliases: [Falcon]\n---\n# Project Falcon\n',
  'projects/atlas.md': '---\ntitle: Atlas Migration\naliases: [Atlas]\n---\n# Atlas Migration\n',
};

describe('filing: lower-case sessions, mailed documents, quoted chats, written-up calls (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { file, page, lineOn } = suite;

  const versionOf = (path: string) => page(path).version;

  it('a JSON {role, content} session naming its company only in lower case is filed to that company, dated by the session', async () => {
    const content = JSON.stringify({
      created_at: '2026-01-06T10:00:00Z',
      messages: [
        { role: 'user', content: 'The acme export job fails every night. Why?' },
        { role: 'assistant', content: 'The export job reads 1032 rows from Postgres and the disk on worker 2 is full.' },
        { role: 'user', content: 'We decided to move the export to worker 3 and keep the schedule.' },
      ],
    });
    const item = await file({ filename: 'session-32.json', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('notes/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    assert.deepEqual([...item.filedPages].sort(), [own, 'companies/acme.md'].sort());
    assert.match(lineOn('companies/acme.md', '2026-01-06', own), /acme export job fails/);
  });

  it('a bare JSON array naming a company by its lower-case alias and a person by nickname reaches both', async () => {
    const content = JSON.stringify([
      { role: 'user', content: "umbrella's board froze next year's budget. how do I keep the atlas migration going without new spend?" },
      { role: 'assistant', content: 'If the statement of work already covers all five clinics, the freeze only affects new work.' },
      { role: 'user', content: 'the SOW covers all five clinics. decision: atlas continues as planned. I need to confirm this with maggie.' },
    ]);
    const item = await file({ filename: 'transcript.json', content });
    assert.equal(item.status, 2, item.reason);
    for (const p of ['companies/umbrella.md', 'projects/atlas.md', 'people/margaret-hamilton.md']) assert.ok(item.filedPages.includes(p), `${p} not in ${JSON.stringify(item.filedPages)}`);
  });

  it('a session whose one lower-case word is a company name used as a noun ("an umbrella policy") goes to review and says why', async () => {
    const content = JSON.stringify([
      { role: 'user', content: 'We decided to buy an umbrella policy for the office insurance. What does it usually cover?' },
      { role: 'assistant', content: 'An umbrella policy adds liability cover above the limits of your other policies, typically 1 to 5 million.' },
    ]);
    const item = await file({ filename: 'insurance.json', content });
    assert.notEqual(item.status, 2);
    assert.match(item.reason, /names no person, company or project/);
    assert.deepEqual(item.filedPages, []);
  });

  it('a forwarded mail of prose is a document: a sources page, the sender and the companies it is about; no meeting', async () => {
    const content = `From: Ken Thompson <ken@ourfund.vc>\nDate: Tue, 14 Jul 2026 21:03:11 +0000\nSubject: Fwd: Redwood Fund III close\nTo: notes@ourfund.vc\n\nFYI for the files, worth keeping next to the other fund letters this year.\n\n---------- Forwarded message ---------\nFrom: William O'Hara <bill@redwoodcap.com>\nDate: Tue, Jul 14, 2026 at 4:47 PM\nSubject: Redwood Fund III close\nTo: Ken Thompson <ken@ourfund.vc>\n\nKen, quick update ahead of the LP letter: Redwood Capital held the final close of Fund III today at $420M, above the target.\n\nSeparately, we have accepted an offer for our stake in Wonka Labs from a growth fund and will be out by September.\n\nBill\n`;
    const item = await file({ filename: 'Fwd_ Redwood Fund III close.eml', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    assert.ok(!item.filedPages.some((p: string) => p.startsWith('meetings/') || p === 'people/notes.md'), JSON.stringify(item.filedPages));
    assert.match(lineOn('companies/redwood.md', '2026-07-14', own), /final close of Fund III/);
    lineOn('companies/wonka.md', '2026-07-14', own);
  });

  it('a block-quoted chat ("> Human:") is a session: a notes page and the project it is about', async () => {
    const content = `Session started 2026-09-02 14:03 (UTC)\n\n> Human: falcon scoring p99 jumped from 38ms to 95ms after yesterday's deploy. the only change was the new feature store client. where do I start?\n\n> Assistant: Compare connection handling first. New clients often default to a small pool, which adds a TLS handshake per request.\n\n> Human: you're right, the pool size went from 64 to 8 by default. fixed, p99 back to 40ms.\n`;
    const item = await file({ filename: 'falcon-latency-debug.md', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('notes/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    lineOn('projects/falcon.md', '2026-09-02', own);
  });

  it('a note written up on Friday about "last Tuesday\'s call" is a meeting dated that Tuesday', async () => {
    const content = `Friday 6 November 2026\n\nWriting up last Tuesday's call with Hedy Lamarr before I forget.\n\nNorthwind wants Acme to run their warehouse scanners on the new firmware. Hedy said the Leeds site lost two days to a driver bug.\n\nAgreed on the call: Acme fixes the driver bug by 20 November.\n`;
    const item = await file({ filename: 'notes-2026-11-06.md', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('meetings/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    for (const p of ['people/hedy-lamarr.md', 'companies/northwind.md', 'companies/acme.md']) lineOn(p, '2026-11-03', own);
  });

  it('a recap listing a declined invitee leaves that person (and their company) untouched', async () => {
    const barbara = versionOf('people/barbara-liskov.md');
    const stark = versionOf('companies/stark.md');
    const content = `Meeting recap\nAtlas steering committee\nTuesday, June 2, 2026\n\nAttendees\nMargaret Hamilton, Ada Lovelace, Barbara Liskov (optional, declined)\n\nMargaret Hamilton reported that three of the five clinics are live. Ada Lovelace confirmed the connector is stable.\n\nDecision: move the last two clinics to July.\n`;
    const item = await file({ filename: 'Recap - Atlas steering.txt', content });
    assert.equal(item.status, 2, item.reason);
    assert.ok(item.filedPages.includes('people/margaret-hamilton.md') && item.filedPages.includes('projects/atlas.md'), JSON.stringify(item.filedPages));
    assert.equal(versionOf('people/barbara-liskov.md'), barbara);
    assert.equal(versionOf('companies/stark.md'), stark);
  });

  it('a calendar acceptance from a known person is not filed and touches nothing', async () => {
    const ada = versionOf('people/ada-lovelace.md');
    const content = `From: Ada Lovelace <ada@acme.com>\nTo: ken@ourfund.vc\nSubject: Accepted: Falcon standup @ Weekly from 9:30am to 9:45am on Monday (CET)\nDate: Thu, 01 Oct 2026 08:02:11 +0000\n\nAda Lovelace has accepted this invitation.\n\nFalcon standup\nWhen: Weekly from 9:30am to 9:45am on Monday, Central European Time\n\nInvitation from Google Calendar\nYou are receiving this email because you are an attendee on the event.\n`;
    const item = await file({ filename: 'Accepted_ Falcon standup.eml', content });
    assert.notEqual(item.status, 2);
    assert.match(item.reason, /automated notification/);
    assert.equal(versionOf('people/ada-lovelace.md'), ada);
  });
});
