// Table tests for the built-in filer's reading of mail, memos, written-up notes and quoted chats:
// a mail or memo of prose is a document (its From/To/Cc addresses are nobody's attendance), "call
// with <Name>" in a note's header is a meeting, a block-quoted chat is a transcript; dates in a
// metadata line of several fields and "last Tuesday's call" under a write-up date; invitees marked
// declined; calendar replies, social-network digests and invoice fraud as junk; a company's domain
// in parentheses.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { EntityResolver, type EntityLookup } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { readableText, unquotedChat } from '../../src/domain/filing/formats.js';
import { absentNames, extractMeeting, parseAttendee } from '../../src/domain/filing/meeting.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { datesIn } from '../../src/domain/filing/text.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const FORWARD = `From: Ken Thompson <ken@ourfund.vc>
Date: Tue, 14 Jul 2026 21:03:11 +0000
Subject: Fwd: Fund III close
To: notes@ourfund.vc

FYI for the files, worth keeping next to the fund's other letters this year.

---------- Forwarded message ---------
From: William O'Hara <bill@redwoodcap.com>
Date: Tue, Jul 14, 2026 at 4:47 PM
Subject: Fund III close
To: Ken Thompson <ken@ourfund.vc>

Ken, quick update ahead of the LP letter: we held the final close of Fund III today at $420M, above the target.

Separately, we have accepted an offer for our stake in Wonka Labs from a growth fund and will be out by September.

Bill
`;

const MEMO = `Subject: Falcon go-live decision
Date: March 23rd, 2026
To: Falcon steering group
cc: ada@acme.com, alex.kim@acme.com

After the load tests last week, the fraud team is ready to take Project Falcon live in the first region. Scores came back in 38 ms at p99.

Decision: Falcon goes live for EU card payments on 6 April, with the rules engine in shadow mode for four weeks.
`;

const WRITE_UP = `Friday 6 November 2026

Writing up last Tuesday's call with Danny and Hedy Lamarr before I forget.

Northwind wants Acme to run their warehouse scanners on the new firmware, and the Leeds site lost two days to a driver bug. Danny offered a 10% credit on the next quarter.

Agreed on the call: Acme fixes the driver bug by 20 November.
`;

const QUOTED_CHAT = `Session started 2026-09-02 14:03 (UTC)

> Human: falcon scoring p99 jumped from 38ms to 95ms after yesterday's deploy. where do I start?

> Assistant: Compare connection handling first: a new client often defaults to a small pool.

> Human: you're right, the pool size went from 64 to 8. fixed, p99 back to 40ms.
`;

describe('filing: mail and memos of prose are documents; written-up calls are meetings; quoted chats are transcripts', () => {
  const kind = (text: string, filename: string) => classifyContent({ text: readableText(text, filename), filename }).kind;
  it('a forwarded mail of prose paragraphs → document (its From/To addresses are no attendees)', () => {
    assert.equal(kind(FORWARD, 'Fwd_ Fund III close.eml'), 'document');
  });
  it('a memo with Subject/Date/To/cc lines over prose → document', () => {
    assert.equal(kind(MEMO, 'falcon-go-live-decision.txt'), 'document');
  });
  it('a mailed recap whose subject names the call stays a meeting', () => {
    const recap = `From: Ken Thompson <ken@ourfund.vc>\nTo: Alan Turner <alan@hooli.xyz>\nCc: Ada Lovelace <ada@acme.com>\nSubject: Notes from today's Hooli call\nDate: Thu, 22 Oct 2026 18:12:40 +0100\n\nAlan, thanks for the time today. My notes from the call follow below, with the two open points.\n\n- Hooli moves its invoicing onto the new billing stack in Q1.\n- You are happy to be a reference customer once the first invoices go out, which we will confirm.\n`;
    assert.equal(kind(recap, 'Notes.eml'), 'meeting');
  });
  it('a memo with a subject line in another language ("Objet :") over prose → document', () => {
    const memo = "Note interne\n\nDate : 12 mars 2026\nObjet : partenariat avec Quill Payments\n\nQuill Payments propose de revendre nos modèles à ses marchands, avec une part de revenus de 30 %.\n\nNous recommandons d'accepter pour deux ans.\n";
    assert.equal(kind(memo, 'note-interne.md'), 'document');
  });
  it('a subject line that names a meeting stays a meeting', () => {
    const notes = 'Betreff: Besprechung Keystone\nTeilnehmer: Thomas Becker, Ada Lovelace\n\nWir haben die Sensordaten besprochen und den Start auf Juni gelegt.\n';
    assert.equal(kind(notes, 'protokoll.txt'), 'meeting');
  });
  it('a note written up later, "…call with Danny and Hedy Lamarr" in its header → meeting', () => {
    assert.equal(kind(WRITE_UP, 'notes-2026-11-06.md'), 'meeting');
  });
  it('a block-quoted chat ("> Human:", "> Assistant:") → conversation, with the quote marks taken off', () => {
    assert.equal(kind(QUOTED_CHAT, 'falcon-latency-debug.md'), 'conversation');
    assert.match(unquotedChat(QUOTED_CHAT), /^Human: falcon scoring/m);
  });
  it('a mail quoting one earlier reply keeps its quote marks', () => {
    const reply = 'Sounds good.\n\n> User: can we move the call?\n> Thanks\n';
    assert.equal(unquotedChat(reply), reply);
  });
});

describe('filing dates: a field in a metadata line, a call written up days later, deadlines and signing lines', () => {
  const cases: Array<[string, string, 'meeting' | 'document' | 'note', string | null]> = [
    ['"Last updated:" between "·" separators', '# Webhook spec\n\nStatus: approved · Last updated: 17/03/2026 · Owner: payments\n\nThe service accepts events.\n', 'document', '2026-03-17'],
    ['"Date:" between "|" separators', 'Quarterly review | Date: 2 June 2026 | Confidential\n\nRevenue grew.\n', 'document', '2026-06-02'],
    ['a write-up dated Friday about "last Tuesday\'s call"', WRITE_UP, 'meeting', '2026-11-03'],
    ['a write-up naming the call\'s written day', 'Monday 9 March 2026\n\nNotes from the call with Ada on 5 March, while I remember them.\n', 'meeting', '2026-03-05'],
    ['a meeting note whose header date is the meeting\'s own', 'Thursday 5 March 2026\n\nSync with Ada: the pilot starts next Tuesday.\n', 'meeting', '2026-03-05'],
    ['a deadline in the opening sentence is not the document\'s day', 'Letter of intent\n\nThe parties intend to sign by 31 July 2026.\n\nThe pilot runs in two clinics.\n', 'document', null],
    ['a signing line anywhere dates an agreement', 'Letter of intent\n\nThe parties intend to sign by 31 July 2026.\n\nSigned on 9 June 2026 in Paris.\n', 'document', '2026-06-09'],
    ['"Done at Paris on …"', 'Agreement\n\nThe licence fee is EUR 22 per bed.\n\nDone at Paris on 9 June 2026\n', 'document', '2026-06-09'],
    ['"Notes from 3 March 2026" is the notes\' day', 'Notes from 3 March 2026\n\nRevenue grew.\n', 'document', '2026-03-03'],
    ['"held on …" in the opening sentence', 'The following is a summary of the call held on 3 March 2026 with Globex about the Falcon pilot, written for the file.\n\nGlobex goes live in April.\n', 'document', '2026-03-03'],
    ['a "Created:" label', 'Keystone design doc\nAuthors: Ada Lovelace\nStatus: Draft · Created: Mar 3, 2026\n\nThe design.\n', 'document', '2026-03-03'],
    ['a document is dated by its header line, not a call it mentions', 'Friday 6 November 2026\n\nLast Tuesday\'s call with the board settled the budget.\n', 'document', '2026-11-06'],
  ];
  for (const [what, text, k, want] of cases) {
    it(`${what} → ${want}`, () => assert.equal(eventDate(text, k, { reference: '2026-11-26' })?.date ?? null, want));
  }
});

describe('filing dates: day-month-year with dashes and two-digit years', () => {
  const cases: Array<[string, string[]]> = [
    ['03-Mar-2026', ['2026-03-03']],
    ['signed 3-mar-26', ['2026-03-03']],
    ['3/24/26', ['2026-03-24']],
    ['24/3/26', ['2026-03-24']],
    ['(3/3/26)', ['2026-03-03']],
    ['a ratio of 1/2/3', []],
    ['build v1/2/26x', []],
    ['pre-Mar-2026', []],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${want.join(', ') || 'nothing'}`, () => assert.deepEqual(datesIn(text), want));
  it('a two-digit-year date in a day-first text is read day first', () => assert.deepEqual(datesIn('3/4/26', { order: 'dmy' }), ['2026-04-03']));
});

describe('filing meetings: invitees who were not there', () => {
  it('"(declined)", "(optional, declined)" and "(apologies)" attendees are dropped', () => {
    assert.equal(parseAttendee('Barbara Liskov (optional, declined)'), null);
    assert.equal(parseAttendee('Ken Thompson (apologies)'), null);
    assert.deepEqual(parseAttendee('Ada Lovelace (CTO, Acme)'), { name: 'Ada Lovelace', email: null, about: 'CTO, Acme' });
  });
  it('absentNames reads "Name (declined)" anywhere and an "Apologies:" line', () => {
    assert.deepEqual(absentNames('Attendees\nMargaret Hamilton, Linus Berg, Barbara Liskov (optional, declined)\nApologies: Ken Thompson, Ada Lovelace\n'), ['Barbara Liskov', 'Ken Thompson', 'Ada Lovelace']);
    assert.deepEqual(absentNames('Grace Hopper (Globex) and Linus Berg (host)'), []);
  });
  it('extractMeeting leaves a declined invitee out of the attendees and lists them as absent', () => {
    const m = extractMeeting('Atlas steering\nDate: 2026-06-02\nAttendees: Margaret Hamilton, Linus Berg, Barbara Liskov (declined)\n\nDecision: move the last clinics to July.\n', { filename: 'recap.txt', fallbackDate: '2026-11-26' });
    assert.deepEqual(m.attendees.map((a) => a.name), ['Margaret Hamilton', 'Linus Berg']);
    assert.deepEqual(m.absent, ['Barbara Liskov']);
  });
});

describe('filing worth: calendar replies, social-network digests and invoice fraud are junk', () => {
  const cases: Array<[string, string, boolean]> = [
    ['a calendar acceptance from a known sender', 'From: Ada Lovelace <ada@acme.com>\nTo: ken@fund.vc\nSubject: Accepted: Keystone standup @ Weekly from 9:30am on Monday\nDate: Thu, 01 Oct 2026 08:02:11 +0000\n\nAda Lovelace has accepted this invitation.\n\nKeystone standup\nWhen: Weekly from 9:30am to 9:45am on Monday\n\nInvitation from Google Calendar\n', false],
    ['a social network digest', 'LinkedIn\n\nPriya Raman and 3 others viewed your profile this week\n\nYou appeared in 27 searches this week.\n\nTry Premium for free to see everyone.\n\nYou are receiving notification emails. Unsubscribe · Help\n', false],
    ['invoice fraud', 'Dear Sir/Madam,\n\nPlease find attached the overdue invoice INV-20931. Kindly pay USD 14,870.00 within 24 hours to avoid legal action. Our bank details have changed, please use the new account below.\n\nIBAN: XX00 1234 5678 9012\n', false],
    ['a real note about a bank change', 'Call with Ada: Acme moves its payroll to a new bank in May; the finance team owns the switch and budgets 20k for it.\n', true],
    ['a meeting invitation with an agenda is not a reply', 'From: Ada Lovelace <ada@acme.com>\nTo: ken@fund.vc\nSubject: Invitation: Keystone scoping @ Tue 12 May 2026\n\nAgenda: sensor feeds, retention, who owns the connectors. Thomas from Bergwerk joins for the first half; we decide the pilot scope.\n', true],
  ];
  for (const [what, text, worth] of cases) {
    it(`${what} → ${worth ? 'worth filing' : 'not worth filing'}`, () => {
      const known = /^From: Ada/.test(text);
      assert.equal(checkWorthFiling(text, classifyContent({ text }).kind, { knownSender: known }).worth, worth);
    });
  }
});

describe('filing entities: a company domain in parentheses', () => {
  const PAGES: Record<string, string> = { 'companies/quill.md': '---\ntitle: Quill Payments\ndomain: quillpay.com\n---\n# Quill Payments\n' };
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value) => parsed.filter((p) => key === 'domain' && p.frontmatter.domain === value).map((p) => p.path),
    findByName: (name) => parsed.filter((p) => p.title.toLowerCase() === name.toLowerCase()).map((p) => p.path),
    resolve: () => null,
  };
  const r = new EntityResolver(lookup, { schema, partitionKey: null, roots: ['companies'] });
  const cases: Array<[string, string[]]> = [
    ['We compared our current processor (quillpay.com) with two others.', ['companies/quill.md']],
    ['| fee | current (quillpay.com) | alternative |', ['companies/quill.md']],
    ['See https://quillpay.com/pricing for the list.', []],
    ['Write to billing@quillpay.com for invoices.', []],
    ['Docs are on quillpay.com and elsewhere.', []],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${want.join(', ') || 'nothing'}`, () => assert.deepEqual(r.mentions(text).found.map((f) => f.path), want));
});

describe('filing entities: people named by an honorific and their surname', () => {
  const PAGES: Record<string, string> = {
    'people/priya-raman.md': '---\ntitle: Priya Raman\n---\n# Priya Raman\n',
    'people/thomas-becker.md': '---\ntitle: Thomas Becker\n---\n# Thomas Becker\n',
    'people/anna-becker.md': '---\ntitle: Anna Becker\n---\n# Anna Becker\n',
    'people/william-ohara.md': "---\ntitle: William O'Hara\n---\n# William O'Hara\n",
    'companies/stark.md': '---\ntitle: Stark Industries\n---\n# Stark Industries\n',
  };
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: () => [],
    findByName: (name) => parsed.filter((p) => p.title.toLowerCase() === name.toLowerCase()).map((p) => p.path),
    findBySurname: (last) => parsed.filter((p) => p.title.toLowerCase().endsWith(` ${last.toLowerCase()}`)).map((p) => p.path),
    resolve: () => null,
  };
  const r = new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies'] });
  const cases: Array<[string, string[]]> = [
    ['Ms. Raman reported revenue of $1.1M.', ['people/priya-raman.md']],
    ["Mr. O'Hara reported that the fund is ready to lead.", ['people/william-ohara.md']],
    ['Dear Ms Raman, thank you for the call.', ['people/priya-raman.md']],
    ['Herr Becker stellt das Angebot vor.', []],
    ['Dr. Industries is not a person.', []],
    ['Ms. Patel joined the call.', []],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${want.join(', ') || 'nothing'}`, () => assert.deepEqual(r.mentions(text).found.map((f) => f.path), want));
});
