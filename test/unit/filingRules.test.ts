// Rules the blind filing set (bench/filingEval/blind.ts) showed missing: one date precedence for
// every kind (eventDate) with one reading of 03/04/2026 per item; meetings in other languages;
// labelled forms are not transcripts; a document's authors reach their pages; calendar rooms and
// declined invitees are not attendees; names in every script are found in the text.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { documentAuthors, EntityResolver, type EntityLookup } from '../../src/domain/filing/entities.js';
import { eventDate, slashOrder } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { extractMeeting } from '../../src/domain/filing/meeting.js';
import { capitalisedNames, datesIn, parseSessionTranscript } from '../../src/domain/filing/text.js';
import { parsePage } from '../../src/domain/markdown.js';
import { publishedDate } from '../../src/infra/extraction.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

describe('filing rules: one date precedence (eventDate)', () => {
  const rows: Array<[string, string, 'meeting' | 'document' | 'conversation' | 'note', string | null, string | null]> = [
    // [what, text, kind, file name, expected]
    ['frontmatter beats a labelled line', '---\ndate: 2026-04-22\n---\n# Prep\n\nDate: 2026-05-01\n', 'meeting', null, '2026-04-22'],
    ['a labelled line beats the mail header', 'From: A <a@x.com>\nDate: Fri, 20 Mar 2026 08:15:00 +0000\nSubject: notes\n\nDate: 2026-03-18\nWe met.', 'meeting', null, '2026-03-18'],
    ['an e-mailed recap: the day in the body', "From: A <a@x.com>\nDate: Fri, 20 Mar 2026 08:15:00 +0000\nSubject: Fwd\n\nMy notes from yesterday's sync (Thursday 19 March).", 'meeting', null, '2026-03-19'],
    ['an e-mailed document: the day it was sent', 'From: A <a@x.com>\nDate: Fri, 20 Mar 2026 08:15:00 +0000\nSubject: memo\n\nThe budget is attached.', 'document', null, '2026-03-20'],
    ['a German Stand: label', 'Rahmenvertrag\nStand: 05.02.2026\n\nLaufzeit: 24 Monate', 'document', null, '2026-02-05'],
    ['a Revision: label', 'RUNBOOK\nRevision: 2026-05-02\nOwner: x', 'document', null, '2026-05-02'],
    ['a header line that is mostly a date', '1:1 Ada / me — 2026-02-03\n\nAda wants two SREs.', 'meeting', null, '2026-02-03'],
    ['the file name, when the text has no date', '[00:00:03] Ada: hello\n[00:00:09] Ken: hi', 'meeting', '2026-02-17 call.txt', '2026-02-17'],
    ['a document date deep in the body does not count', `# Plan\n\n${'Line of prose.\n'.repeat(8)}Launch on 2026-09-01.`, 'document', null, null],
    ['a session: its metadata', JSON.stringify({ created_at: '2026-05-18T20:05:00Z', chat_messages: [{ sender: 'human', text: 'Date: 2026-06-13 is the cut-over' }] }), 'conversation', null, '2026-05-18'],
    ['a pasted chat: its header, not a date a speaker writes', 'User: ship on 2026-06-13?\nAssistant: yes', 'conversation', null, null],
    ['a press dateline', 'FOR IMMEDIATE RELEASE\n\nStark and Umbrella announce a partnership\n\nNEW YORK, March 3, 2026 — Stark Industries and Umbrella Health today announced a research partnership.', 'document', null, '2026-03-03'],
    ['a recorder\'s compact file name', 'WEBVTT\n\nAlan: hello', 'meeting', 'GMT20260224-150000_Recording.transcript.vtt', '2026-02-24'],
    ['nothing', 'Just words.', 'note', null, null],
  ];
  for (const [what, text, kind, filename, want] of rows) it(`${kind}: ${what} → ${want}`, () => assert.equal(eventDate(text, kind, { filename })?.date ?? null, want));

  const yearless: Array<[string, string, string, string | null]> = [
    ['a day without its year, before the upload', 'Globex sync — Thu, March 5\n\n- Atlas slips.', '2026-11-25', '2026-03-05'],
    ['a day after the upload belongs to the year before', 'Planning — 14 December\n\n- Budget.', '2026-11-25', '2025-12-14'],
    ['a weekday that disagrees is not trusted', 'Sync — Monday, March 5\n\n- Atlas slips.', '2026-11-25', null],
    ['a day in a long sentence is no header date', 'We said we would ship the new onboarding flow to every customer by March 5 at the latest.', '2026-11-25', null],
    ['a dated line wins over a yearless one', 'Sync — March 5\nDate: 2026-03-06', '2026-11-25', '2026-03-06'],
  ];
  for (const [what, text, reference, want] of yearless) it(`meeting: ${what} → ${want}`, () => assert.equal(eventDate(text, 'meeting', { reference })?.date ?? null, want));

  const orders: Array<[string, string, 'mdy' | 'dmy']> = [
    ['English text: month first', 'Sync with the team on 03/04/2026 about the launch and the budget.', 'mdy'],
    ['Spanish text: day first', 'Reunión con Vandelay — 12/03/2026. Vandelay quiere ampliar el contrato con los equipos de la región.', 'dmy'],
    ['German text: day first', 'Besprechung am 03/04/2026 mit der Geschäftsführung und dem Vertrieb für das neue Jahr.', 'dmy'],
    ['another date that can only be day first', 'Kick-off 25/03/2026, review 04/05/2026.', 'dmy'],
    ['another date that can only be month first', 'Kick-off 03/25/2026, review 04/05/2026.', 'mdy'],
  ];
  for (const [what, text, want] of orders) it(`slash order: ${what}`, () => assert.equal(slashOrder(text), want));
  it('datesIn reads 12/03/2026 in the order it is given; a first number above 12 is a day either way', () => {
    assert.deepEqual(datesIn('12/03/2026'), ['2026-12-03']);
    assert.deepEqual(datesIn('12/03/2026', { order: 'dmy' }), ['2026-03-12']);
    assert.deepEqual(datesIn('25/03/2026', { order: 'mdy' }), ['2026-03-25']);
    assert.deepEqual(datesIn('03/25/2026', { order: 'dmy' }), ['2026-03-25']);
  });
  it('a Spanish meeting is dated day first end to end', () => {
    const m = extractMeeting('Reunión con Vandelay — 12/03/2026\n\nAsistentes: Jose Nunez (Vandelay), Radia Perlman\n\n- Vandelay quiere ampliar el contrato a 40 licencias.\n- Radia propone un descuento del 10 % si firman antes de abril.', { fallbackDate: '2026-11-25' });
    assert.equal(m.date, '2026-03-12');
    assert.deepEqual(m.attendees.map((a) => a.name), ['Jose Nunez', 'Radia Perlman']);
  });
});

describe('filing rules: what an item is', () => {
  const rows: Array<[string, string, string, string]> = [
    ['Spanish meeting notes (Asistentes)', 'reunion.txt', 'Reunión con Vandelay — 12/03/2026\n\nAsistentes: Jose Nunez, Radia Perlman\n\nNotas:\n- Vandelay quiere ampliar el contrato.', 'meeting'],
    ['German minutes (Teilnehmer)', 'protokoll.txt', 'Besprechung Vertrieb\n\nTeilnehmer: Anna Schmidt, Jonas Weber\n\n- Angebot bis Freitag.', 'meeting'],
    ['a 1:1 written as prose', '1on1.md', "1:1 Ada / me — 2026-02-03\n\nAda's priorities this quarter are hiring two SREs for the platform team and getting the migration over the line before the audit.\n\nLinus agreed to lend two of his engineers for the Postgres upgrade that the migration depends on.", 'meeting'],
    ['a German contract summary with labelled fields', 'zusammenfassung.txt', 'Rahmenvertrag – Zusammenfassung\nStand: 05.02.2026\n\nVertragspartner: MULLER LOGISTIK GMBH\nLaufzeit: 24 Monate\nVolumen: 1.800 Paletten\nKündigungsfrist: 6 Monate', 'document'],
    ['a short article with a Published line', 'news.md', '# Initech ships version 5\n\nPublished 2026-04-04\n\nInitech released version 5 of its platform with faster builds.', 'document'],
    ['captions of a short recording', 'call.vtt', 'Margaret Hamilton: Thanks Alex, the scheduler is live.\nAlex Kim: Great.\nMargaret Hamilton: Agreed.', 'meeting'],
    ['a German file note (Aktennotiz)', 'notiz.md', '# Aktennotiz: Umzug der Datenbanken\n\nDatum: 16.03.2026\nVerfasser: Linus Berg\n\nInitech verlegt alle Datenbanken in das neue Rechenzentrum. Die Umstellung dauert zwei Wochenenden.', 'document'],
    ['a letter to shareholders', 'letter.md', '# Letter to shareholders\n\nDate: 1 June 2026\n\nJane Roe, CFO of Globex, writes that revenue grew 22% and that the company will open two data centres next year.', 'document'],
    ['a runbook with numbered steps', 'runbook.txt', 'ATLAS MIGRATION — CUT-OVER RUNBOOK\nRevision: 2026-05-02\nOwner: linus@initech.com\n\n1. Freeze writes at 22:00 UTC.\n2. Run the final catch-up and compare row counts.\n3. Flip the DNS record.', 'document'],
  ];
  for (const [what, filename, text, want] of rows) it(`${what} → ${want}`, () => assert.equal(classifyContent({ text, filename }).kind, want));
});

describe('filing rules: calendar rooms and declined invitees', () => {
  it('a Google Calendar event: a resource room is no attendee', () => {
    const text = readableText(
      JSON.stringify({ summary: 'Intro', start: { dateTime: '2026-06-02T16:00:00-07:00' }, attendees: [{ email: 'alan@hooli.xyz', displayName: 'Alan' }, { email: 'rooms-4b@resource.calendar.google.com', displayName: 'Room 4B', resource: true }, { email: 'bo@hooli.xyz', responseStatus: 'declined' }] }),
    );
    assert.match(text, /^Attendees: Alan <alan@hooli\.xyz>$/m);
    assert.doesNotMatch(text, /Room 4B|bo@hooli/);
  });
  it('an ICS invite: CUTYPE=ROOM and PARTSTAT=DECLINED are left out', () => {
    const ics = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'DTSTART:20260410T140000Z', 'SUMMARY:Review', 'ATTENDEE;CN=Ada:mailto:ada@acme.com', 'ATTENDEE;CN=Board Room;CUTYPE=ROOM:mailto:board@acme.com', 'ATTENDEE;CN=Ken;PARTSTAT=DECLINED:mailto:ken@fund.vc', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const text = readableText(ics);
    assert.match(text, /^Attendees: Ada <ada@acme\.com>$/m);
  });
});

describe('filing rules: names in every script, and a document\'s authors', () => {
  const PAGES: Record<string, string> = {
    'people/barbara.md': '---\ntitle: Barbara Liskov\nemail: barbara@stark.dev\n---\n# Barbara Liskov\n',
    'people/ken.md': '---\ntitle: Ken Thompson\n---\n# Ken Thompson\n',
    'people/ada.md': '---\ntitle: Ada Lovelace\n---\n# Ada Lovelace\n',
    'people/dmitri.md': '---\ntitle: Дмитрий Соколов\n---\n# Дмитрий Соколов\n',
  };
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value) => parsed.filter((p) => String(p.frontmatter[key] ?? '').toLowerCase() === value.toLowerCase()).map((p) => p.path),
    findByName: (name) => parsed.filter((p) => p.title.toLowerCase() === name.toLowerCase()).map((p) => p.path),
    resolve: () => null,
  };
  const r = new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });

  it('capitalised names of Cyrillic, Greek and accented Latin text are found', () => {
    assert.deepEqual(capitalisedNames('Встреча: Дмитрий Соколов from Initech said so.', { keepSentenceStarts: true }).filter((n) => n.includes(' ')), ['Дмитрий Соколов']);
    assert.ok(capitalisedNames('We met José Núñez and Σοφία Παπαδοπούλου today.').includes('José Núñez'));
    assert.ok(capitalisedNames('We met José Núñez and Σοφία Παπαδοπούλου today.').includes('Σοφία Παπαδοπούλου'));
    assert.deepEqual(r.mentions('Дмитрий Соколов told me the budget is cut.').found.map((f) => f.path), ['people/dmitri.md']);
  });

  const authors: Array<[string, string, string[]]> = [
    ['a memo FROM: line', 'MEMORANDUM\n\nTO: Leadership\nFROM: Barbara Liskov\nDATE: 9 February 2026', ['people/barbara.md']],
    ['Prepared by, with a date after it', '# IC memo\n\nPrepared by Ken Thompson · 3 Feb 2026', ['people/ken.md']],
    ['a byline stops at a cc', 'Prepared by Ken Thompson. cc: Ada Lovelace (for the reference call).', ['people/ken.md']],
    ['an Author: line by e-mail', 'Author: barbara@stark.dev', ['people/barbara.md']],
    ['Signed for a party', 'Signed for the Controller: Ada Lovelace, Programme lead', ['people/ada.md']],
    ['a name in prose is no byline', 'Ken Thompson thinks the memo is fine.', []],
    ["an e-mail's sender is not the author of what they forward", 'From: Ken Thompson <ken@fund.vc>\nTo: Ada Lovelace <ada@acme.com>\nSubject: worth a read\n\n# Sensors in 2026\n\nThe market grows.', []],
    ['a memo header (RE:, no Subject:) names its author', 'TO: Board\nFROM: Ken Thompson\nRE: Q1 update\n\nRevenue grew.', ['people/ken.md']],
    ['an unknown author', 'Author: Jordan Pike', []],
    ['a German Verfasser: line', '# Aktennotiz\n\nVerfasser: Ken Thompson\n\nText.', ['people/ken.md']],
  ];
  for (const [what, text, want] of authors) it(`document authors: ${what}`, () => assert.deepEqual(documentAuthors(text, r).map((a) => a.path), want));
});

describe('filing rules: more session formats', () => {
  const rows: Array<[string, string, string[]]> = [
    ['Gemini contents with parts', JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Grace Hopper joins Hooli.' }] }, { role: 'model', parts: [{ text: 'Noted.' }] }] }), ['User: Grace Hopper joins Hooli.', 'Assistant: Noted.']],
    ['LangChain messages with data', JSON.stringify([{ type: 'human', data: { content: 'Grace Hopper joins Hooli.' } }, { type: 'ai', data: { content: 'Noted.' } }]), ['User: Grace Hopper joins Hooli.', 'Assistant: Noted.']],
  ];
  for (const [what, text, want] of rows) {
    it(what, () => {
      const s = parseSessionTranscript(readableText(text));
      assert.deepEqual(s?.turns.map((t) => `${t.speaker}: ${t.text}`), want);
    });
  }
  it('a pasted chat with inline Me:/ChatGPT: labels is a conversation; Me:/Claude: (a person) is not', () => {
    assert.equal(readableText('**Me:** Grace Hopper joins Hooli.\n\n**ChatGPT:** Noted.\n\n**Me:** ok'), 'User: Grace Hopper joins Hooli.\nAssistant: Noted.\nUser: ok');
    const meeting = 'Me: Grace Hopper joins Hooli.\nClaude: Noted, I will tell the team.\nMe: ok';
    assert.equal(readableText(meeting), meeting);
  });
});

describe('filing rules: invitees by name, and invoices', () => {
  it("an appointment's To: names people without addresses; a group is no attendee", () => {
    const m = extractMeeting('-----Original Appointment-----\nFrom: Ada Lovelace <ada@acme.com>\nTo: Ada Lovelace; Grace Hopper; Investment committee\nSubject: Falcon review\nWhen: Tuesday, April 14, 2026 10:00 AM-11:00 AM\n\nAgenda: the pilot results.', { fallbackDate: '2026-11-25' });
    assert.deepEqual(m.attendees.map((a) => a.name).sort(), ['Ada Lovelace', 'Grace Hopper']);
    assert.equal(m.date, '2026-04-14');
  });
  it('an out-of-office reply is not worth filing, even when it names people', () => {
    const text = 'From: Grace Hopper <grace@globex.io>\nSubject: Automatic reply: Atlas timeline\n\nI am out of the office until 6 April with limited access to e-mail. For urgent matters please contact Alex Chen (alex@globex.io).';
    assert.equal(checkWorthFiling(text, 'other').worth, false);
  });
  it("an e-signature service's completion mail is not worth filing, though it names a company", () => {
    const text = 'From: Grace Hopper via DocuSign <dse@docusign.net>\nSubject: Completed: Please DocuSign: Globex MSA 2026\n\nAll parties have completed Please DocuSign: Globex MSA 2026.\n\nView completed document\n\nDo Not Share This Email. This email contains a secure link to DocuSign.';
    assert.equal(checkWorthFiling(text, 'other').worth, false);
  });
  it('a cloud invoice notice from a no-reply mailbox is not worth filing', () => {
    const text = "From: Amazon Web Services <no-reply-aws@amazon.com>\nSubject: Invoice Available\n\nGreetings, we're writing to notify you that your invoice for March 2026 is available. Total: USD 1,204.33. You can view it in the Billing console.\n\nThis message was produced and distributed by Amazon Web Services, Inc.";
    assert.equal(checkWorthFiling(text, 'other').worth, false);
  });
});

describe('filing rules: a web page keeps its publication date', () => {
  const rows: Array<[string, string, string | null]> = [
    ['Open Graph meta', '<html><head><meta property="article:published_time" content="2026-03-30T09:00:00Z"></head><body>x</body></html>', '2026-03-30'],
    ['content before property', '<meta content="2026-01-02" name="date">', '2026-01-02'],
    ['JSON-LD', '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2026-02-14T08:00:00+01:00"}</script>', '2026-02-14'],
    ['a time element', '<article><time datetime="2026-05-02">May 2</time></article>', '2026-05-02'],
    ['no date', '<p>Nothing here.</p>', null],
    ['not ISO', '<meta name="date" content="yesterday">', null],
  ];
  for (const [what, html, want] of rows) it(`published date: ${what}`, () => assert.equal(publishedDate(html), want));
});

describe('filing rules: Google Meet notes', () => {
  it('an Invited line of name pairs becomes the attendees, and the notes are a meeting', () => {
    const text = readableText('📝 Notes\nJun 9, 2026\nNorthwind / Hooli logistics review\nInvited Hedy Lamarr Alan Turner\n\nSummary\nHedy Lamarr and Alan Turner reviewed the shipment delays.\n');
    assert.match(text, /^Attendees: Hedy Lamarr, Alan Turner$/m);
    assert.equal(classifyContent({ text, filename: 'Notes by Gemini.txt' }).kind, 'meeting');
  });
  it('an odd number of words or a sentence is left alone', () => {
    assert.equal(readableText('Invited Hedy Lamarr Alan'), 'Invited Hedy Lamarr Alan');
    assert.equal(readableText('Invited everyone to the party.'), 'Invited everyone to the party.');
  });
});

describe('filing rules: a company by its own domain', () => {
  const PAGES: Record<string, string> = {
    'companies/globex.md': '---\ntitle: Globex\ndomain: globex.io\n---\n# Globex\n',
    'companies/hooli.md': '---\ntitle: Hooli\ndomain: hooli.xyz\n---\n# Hooli\n',
  };
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value) => parsed.filter((p) => String(p.frontmatter[key] ?? '').toLowerCase() === value.toLowerCase()).map((p) => p.path),
    findByName: (name) => parsed.filter((p) => p.title.toLowerCase() === name.toLowerCase()).map((p) => p.path),
    resolve: () => null,
  };
  const r = new EntityResolver(lookup, { schema, partitionKey: null, roots: ['companies'] });
  const rows: Array<[string, string, string[]]> = [
    ['a field whose value is the domain', 'Customer: globex.io', ['companies/globex.md']],
    ['after "at"', 'Our contact at globex.io wants invoices per cost centre.', ['companies/globex.md']],
    ['a subdomain, after "at"', 'More at docs.globex.io.', ['companies/globex.md']],
    ['inside a link', 'Details at https://hooli.xyz/blog/v5 today.', []],
    ['in small print', 'Wonka Labs · 1 Chocolate Way · hosted on hooli.xyz infrastructure', []],
    ['inside an address', 'Write to sales@hooli.xyz for a quote.', []],
  ];
  for (const [what, text, want] of rows) it(`bare domain: ${what}`, () => assert.deepEqual(r.mentions(text).found.map((f) => f.path), want));
});
