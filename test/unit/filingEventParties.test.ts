// Table tests for the filing pass's known weak spots, each a general rule:
// 1. a timeline line carries the event's own day: a press dateline with or without its year, in
//    English, Spanish, French or German; a postmortem's incident day; a chat export's create_time,
//    created_at or Slack `ts`; informal dates ("17/9/26", "(20/10/2026)", "22 oct", "oct 22"), day
//    and month in the order the item itself writes them;
// 2. a party known only by an e-mail address or a signature resolves to its person and, by the
//    address's domain or the signature's organisation, to its company (also through `website`);
// 3. chats quoted as "> user" / "> assistant", "User:"/"Assistant:", "**You:**"/"**ChatGPT:**" are sessions;
// 4. bounces, advance-fee fraud and credential phishing are junk even when they name known pages;
// 5. a first name two people share ("Sam") names neither;
// 6. handwritten notes dated "17/9/26" with attendee initials are meetings.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { planBuiltin, type BrainLookup, type FilingContext, type FilingItem } from '../../src/domain/filing/builtinFiler.js';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { documentAuthors, EntityResolver } from '../../src/domain/filing/entities.js';
import { eventDate, slashOrder } from '../../src/domain/filing/eventDate.js';
import { readableText } from '../../src/domain/filing/formats.js';
import { extractMeeting, initialsLine } from '../../src/domain/filing/meeting.js';
import { yearlessDates } from '../../src/domain/filing/messageDate.js';
import { parseSkillFile } from '../../src/domain/filing/skillFile.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { parsePage } from '../../src/domain/markdown.js';
import { SKILLS } from '../../src/domain/skills.js';
import { webHost } from '../../src/services/filingNames.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\ncompany: "[[companies/acme]]"\n---\n# Ada Lovelace\n',
  'people/grace-hopper.md': '---\ntitle: Grace Hopper\nemail: grace@globex.io\ncompany: "[[companies/globex]]"\n---\n# Grace Hopper\n',
  'people/ken-thompson.md': '---\ntitle: Ken Thompson\nemail: ken@ourfund.vc\n---\n# Ken Thompson\n',
  'people/jane-doe.md': '---\ntitle: Jane Doe\nemail: jane.doe@brightline.health\n---\n# Jane Doe\n',
  'people/sam-rivera.md': '---\ntitle: Sam Rivera\ncompany: "[[companies/hooli]]"\n---\n# Sam Rivera\n',
  'people/sam-okafor.md': '---\ntitle: Sam Okafor\n---\n# Sam Okafor\n',
  'people/kim-tan.md': '---\ntitle: Kim Tan\n---\n# Kim Tan\n',
  'people/kai-tanaka.md': '---\ntitle: Kai Tanaka\n---\n# Kai Tanaka\n',
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n',
  'companies/globex.md': '---\ntitle: Globex\ndomain: globex.io\n---\n# Globex\n',
  'companies/hooli.md': '---\ntitle: Hooli\n---\n# Hooli\n',
  'companies/brightline.md': '---\ntitle: Brightline Health\nwebsite: https://www.brightline.health/\n---\n# Brightline Health\n',
  'companies/quill.md': '---\ntitle: Quill Payments\nurl: quillpay.com/en\n---\n# Quill Payments\n',
  'projects/falcon.md': '---\ntitle: Project Falcon\naliases: [Falcon]\n---\n# Project Falcon\n',
  'people/lena-park.md': '---\ntitle: Lena Park\ncompany: "[[companies/acme]]"\n---\n# Lena Park\n',
  'companies/stark.md': '---\ntitle: Stark Industries\nurl: https://www.linkedin.com/company/stark\n---\n# Stark Industries\n',
  'people/john-smith.md': '---\ntitle: John Smith\ncompany: "[[companies/acme]]"\n---\n# John Smith\n',
};

function context(): FilingContext {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const skills = Object.fromEntries(SKILLS.map((n) => [n, parseSkillFile(n, fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'skills', `${n}.md`), 'utf8'))])) as FilingContext['skills'];
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => r === '' || p.path.startsWith(`${r}/`)));
  const initials = (title: string) => title.split(/\s+/).map((w) => w.charAt(0)).join('');
  const lookup: BrainLookup = {
    read: (p) => PAGES[p] ?? null,
    // As the name index files them: `website` by the host of a page's website/url/homepage.
    findByField: (key, value, roots) =>
      under(roots)
        .filter((p) =>
          key === 'website'
            ? ['website', 'url', 'homepage'].some((k) => listOf(p.frontmatter[k]).some((v) => webHost(v) === webHost(value)))
            : listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase()),
        )
        .map((p) => p.path),
    findByName: (name, roots) => under(roots).filter((p) => [p.title, ...listOf(p.frontmatter.aliases)].some((n) => n.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    findByInitials: (i, roots) => under(roots).filter((p) => p.title.split(/\s+/).length >= 2 && initials(p.title) === i).map((p) => p.path),
    resolve: () => null,
  };
  return { schema, skills, scope: { schema, partitionKey: null, partitionRoot: null }, lookup, today: '2026-11-26' };
}

function resolver(ctx = context()): EntityResolver {
  return new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: null, roots: ['people', 'companies', 'projects', 'notes', 'sources', 'meetings'] });
}

function fileItem(filename: string, text: string): ReturnType<typeof planBuiltin> {
  const readable = readableText(text, filename);
  const kind = classifyContent({ text: readable, filename }).kind;
  const skill = kind === 'meeting' ? 'ingest-meeting' : kind === 'document' ? 'ingest-doc' : kind === 'conversation' ? 'ingest-conversation' : 'ingest';
  const item: FilingItem = { id: 'item-1', filename, text: readable, contentType: 'text/plain', targetFolder: null, partition: null, sourceReference: null, createdAt: '2026-11-26T09:00:00Z', previous: null };
  return planBuiltin(item, skill, context());
}

describe('filing dates: the event day written in the item, not the upload day', () => {
  const table: Array<[string, string, 'document' | 'meeting' | 'conversation' | 'note', string | null]> = [
    ['an English dateline with its year', 'FOR IMMEDIATE RELEASE\n\n# Globex opens a Paris office\n\nPARIS, 14 October 2026 — Globex today announced its first office in Europe.\n', 'document', '2026-10-14'],
    ['a Spanish dateline without a year', 'Nota de prensa\n\nMadrid, 22 de octubre — Initech anuncia hoy un acuerdo con Hooli.\n', 'document', '2026-10-22'],
    ['a French dateline without a year', 'Communiqué de presse\n\nPARIS, le 14 octobre — Globex ouvre un bureau à Paris.\n', 'document', '2026-10-14'],
    ['a German dateline', 'Pressemitteilung\n\nBerlin, 14. Oktober 2026 – Stark Industries übernimmt Kessler.\n', 'document', '2026-10-14'],
    ['a dateline in the US style, year left out', 'Press release\n\nAustin, TX, Oct. 22 — Hooli launches its billing stack.\n', 'document', '2026-10-22'],
    ['a postmortem: the incident day in its prose, not the update line', '# Postmortem: Falcon scoring outage\n\nAuthor: Grace Hopper\nLast updated: 2026-10-06\n\n## Summary\nOn 3 October 2026 between 14:02 and 15:10 UTC, scoring returned errors.\n', 'document', '2026-10-03'],
    ['an incident report: the incident label over the report date', '# Incident report\n\nDate: 2026-10-06\nIncident date: 2 Oct 2026\n\nThe API was down for an hour.\n', 'document', '2026-10-02'],
    ['an incident label written informally', '# Incident review: Atlas data loss\n\nIncident date: 17/9/26\nReport written: 2026-09-25\n\n312 records were restored from backup.\n', 'document', '2026-09-17'],
    ['a postmortem whose prose gives the day without its year', '# Postmortem: checkout errors\n\nStatus: final\n\nOn Oct 3 at 14:02 UTC the checkout API returned errors for 40 minutes.\n\nFollow-up review planned for Nov 20.\n', 'document', '2026-10-03'],
    ['a handwritten note dated 17/9/26', '17/9/26\nAL, GH, KT\n\n- falcon pilot\n', 'meeting', '2026-09-17'],
    ['an ambiguous slashed date read as the item writes its other one', 'sync (3/10/26)\nnext one 17/10/26\n- stuff\n', 'meeting', '2026-10-03'],
    ['a slashed date in parentheses', 'Chat about pricing (20/10/2026)\n\nUser: acme pricing?\nAssistant: yes.\n', 'conversation', '2026-10-20'],
    ['"22 oct" without a year', 'Notes 22 oct\n- falcon\n', 'meeting', '2026-10-22'],
    ['"oct 22" without a year', 'Notes oct 22\n- falcon\n', 'meeting', '2026-10-22'],
    ['"22 de octubre" without a year', 'Notas reunión 22 de octubre\n- falcon\n', 'meeting', '2026-10-22'],
    ['"14 octobre" without a year', 'Réunion du 14 octobre\n- falcon\n', 'meeting', '2026-10-14'],
    ['"14. Oktober" without a year', 'Besprechung 14. Oktober\n- falcon\n', 'meeting', '2026-10-14'],
    ['a document that names only a deadline has no day of its own', '# Plan\n\nThe parties intend to sign by 31 July 2026.\n', 'document', null],
  ];
  for (const [what, text, kind, want] of table) {
    it(`${what} → ${want ?? 'none (the upload day)'}`, () => assert.equal(eventDate(text, kind, { reference: '2026-11-26' })?.date ?? null, want));
  }

  const orders: Array<[string, string, 'dmy' | 'mdy']> = [
    ['a two-digit-year date that can only be day first', 'met 3/10/26, again 17/10/26', 'dmy'],
    ['a two-digit-year date that can only be month first', 'met 3/10/26, again 10/17/26', 'mdy'],
    ['day-first month names ("14 October") elsewhere in the item', 'Report of 14 October 2026. Next review 3/11/2026.', 'dmy'],
    ['month-first names ("October 14") elsewhere', 'Report of October 14, 2026. Next review 3/11/2026.', 'mdy'],
    ['dotted dates elsewhere (a day-first locale)', 'Stand 14.10.2026; nächster Termin 3/11/2026', 'dmy'],
    ['nothing to go by: month first', 'Next review 3/11/2026.', 'mdy'],
    // review finding 8: "may" and "march" as words are no month
    ['"we have 5 may attend" is no day-first date', 'We have 5 may attend. Next review 3/11/2026.', 'mdy'],
    ['"3 march on Friday" in lower case is no date', 'About 3 march to the office. Next review 3/11/2026.', 'mdy'],
    ['a day-first month followed by a lower-case word is no date', 'We saw 5 Mar people there. Next review 3/11/2026.', 'mdy'],
    ['a day-first month followed by its year still counts', 'Held 5 May 2026. Next review 3/11/2026.', 'dmy'],
    ['a day-first month at the end of a sentence still counts', 'Held on 5 May. Next review 3/11/2026.', 'dmy'],
  ];
  for (const [what, text, want] of orders) it(`slash order: ${what} → ${want}`, () => assert.equal(slashOrder(text), want));

  it('yearless days in other languages are placed on or before the reference day', () => {
    assert.deepEqual(yearlessDates('Madrid, 22 de octubre', '2026-11-26'), ['2026-10-22']);
    assert.deepEqual(yearlessDates('le 14 octobre', '2026-11-26'), ['2026-10-14']);
    assert.deepEqual(yearlessDates('am 14. Oktober', '2026-10-01'), ['2025-10-14']);
    assert.deepEqual(yearlessDates('22 de octubre de 2026', '2026-11-26'), []);
  });

  const sessions: Array<[string, string, string]> = [
    ['a Slack export: the first message\'s ts', JSON.stringify([{ type: 'message', user_profile: { real_name: 'Grace Hopper' }, text: 'Globex signed the Falcon expansion, 3 more regions.', ts: '1789300800.000100' }, { type: 'message', user_profile: { real_name: 'Ada Lovelace' }, text: 'Decision: we go with the EU first.', ts: '1789301400.000200' }]), '2026-09-13'],
    ['a ChatGPT export: create_time in epoch seconds', JSON.stringify([{ title: 'Acme pricing', create_time: 1789732800.5, mapping: { a: { id: 'a', parent: null, message: { author: { role: 'user' }, create_time: 1789732800.5, content: { parts: ['Acme wants 120 seats. Is that a good deal?'] } } }, b: { id: 'b', parent: 'a', message: { author: { role: 'assistant' }, create_time: 1789732860, content: { parts: ['It is within the usual range.'] } } } }, current_node: 'b' }]), '2026-09-18'],
    ['a Claude export: created_at in ISO', JSON.stringify([{ uuid: 'x', name: 'Falcon', created_at: '2026-10-02T18:00:00.000Z', chat_messages: [{ sender: 'human', text: 'Falcon goes live on 20 October for Globex.', created_at: '2026-10-02T18:00:00Z' }, { sender: 'assistant', text: 'Noted: Falcon goes live on 20 October.', created_at: '2026-10-02T18:00:05Z' }] }]), '2026-10-02'],
  ];
  for (const [what, text, want] of sessions) it(`${what} → ${want}`, () => assert.equal(extractConversation(text).date, want));

  const pasted: Array<[string, string, string]> = [
    ['role headings stamped with the time ("### User (Oct 22, 2026, 2:14 PM)")', '# Falcon rollout\n\n### User (Oct 22, 2026, 2:14 PM)\nGlobex wants Falcon in the EU first.\n\n### Assistant (Oct 22, 2026, 2:14 PM)\nStart with the data-residency review.\n', '2026-10-22'],
    ['a markdown export\'s "**Created:**" line, not its "**Exported:**" line', '# Acme renewal\n\n**Created:** 10/21/2026 9:02 AM\n**Exported:** 11/20/2026\n\n## Human\n\nAcme wants 120 seats.\n\n## Assistant\n\nOffer 12% for two years.\n', '2026-10-21'],
    ['a Teams paste stamped per message', '[10/22/2026 9:14 AM] Grace Hopper: Globex signed the expansion.\n[10/22/2026 9:15 AM] Ada Lovelace: Decision: EU first.\n[10/22/2026 9:16 AM] Grace Hopper: Agreed.\n', '2026-10-22'],
  ];
  for (const [what, text, want] of pasted) {
    it(`pasted chat: ${what} → ${want}`, () => {
      const readable = readableText(text, 'chat.md');
      assert.equal(classifyContent({ text: readable, filename: 'chat.md' }).kind, 'conversation');
      assert.equal(extractConversation(readable, { reference: '2026-11-26' }).date, want);
    });
  }
});

describe('filing entities: parties known only by an e-mail address or a signature', () => {
  const r = resolver();
  const table: Array<[string, string, string[]]> = [
    ['a known person\'s address reaches them and their company\'s domain', 'Party B is represented by grace@globex.io for the pilot.', ['people/grace-hopper.md', 'companies/globex.md']],
    ['an unknown person\'s address still reaches the company by domain', 'Prepared for us by tom.baker@acme.com last week.', ['companies/acme.md']],
    ['a company known by its website field (https://www.… with a path)', 'The counterparty is jane.doe@brightline.health for the NDA.', ['people/jane-doe.md', 'companies/brightline.md']],
    ['a company known by a url field without a scheme', 'Questions go to sales.rep@quillpay.com today.', ['companies/quill.md']],
    // Review finding 6: the address's domain must fit the person (free-mail, their company, or no company on either side).
    ['an address spelling a known name reaches the person when the domain is their company\'s', 'Counterparty: lena.park@acme.com (legal).', ['people/lena-park.md', 'companies/acme.md']],
    ['an address spelling a known name at a free-mail domain reaches the person', 'Counterparty: kim.tan@gmail.com (legal).', ['people/kim-tan.md']],
    ['an address spelling a known name at a domain no company owns reaches a person with no company', 'Counterparty: kim.tan@kimtan.dev (legal).', ['people/kim-tan.md']],
    ['an address at another company\'s domain is a namesake: john.smith@globex.io is not Acme\'s John Smith', 'Counterparty: john.smith@globex.io (legal).', ['companies/globex.md']],
    ['an address at a company\'s domain does not reach a person whose page names no company', 'Counterparty: kim.tan@acme.com (legal).', ['companies/acme.md']],
    ['an address at an unknown domain does not reach a person who works elsewhere', 'Counterparty: john.smith@smith-family.net (legal).', []],
    ['an address spelling the name of a person whose page lists another address is someone else', 'Counterparty: grace.hopper@acme.com (legal).', ['companies/acme.md']],
    ['a free-mail address reaches no company', 'Write to someone.else@gmail.com about it.', []],
    ['a platform\'s mail reaches no company that has a profile there (review 5)', 'You have a message from ana.ruiz@linkedin.com today.', []],
    ['a national free-mail address reaches no company', 'Write to someone.else@yahoo.co.uk about it.', []],
    ["a function's mailbox (sales@) is a way to write, not a party", 'Write to sales@acme.com for a quote.', []],
  ];
  for (const [what, text, want] of table) it(`${what}`, () => assert.deepEqual(r.mentions(text).found.map((f) => f.path), want));

  const signatures: Array<[string, string, string[]]> = [
    ['a name under the sign-off with a role and an organisation', '# Notice\n\nBrightline Health ends the pilot on 31 December 2026.\n\nKind regards,\n\nJane Doe\nGeneral Counsel, Brightline Health\n', ['people/jane-doe.md', 'companies/brightline.md']],
    ['a signatory line "Name, Role, Organisation" of an agreement', 'SIDE LETTER\n\nThe customer may cancel the second year.\n\nSigned:\nPriya Patel, CFO, Hooli\n', ['companies/hooli.md']],
    ['a sign-off without a role names nobody', '# Note\n\nThe pilot ends in December.\n\nCheers,\nJane Doe\n', []],
    ['signature blocks side by side: "By: Name" over "Title: role" in each column', 'SERVICES AGREEMENT\n\nThe provider runs the platform.\n\nIN WITNESS WHEREOF the parties have signed.\n\nCUSTOMER                      PROVIDER\nBy: Jane Doe                  By: Ken Thompson\nTitle: General Counsel        Title: Partner\n', ['people/jane-doe.md', 'people/ken-thompson.md']],
    ['a Spanish and a French signature block one under the other', 'CONTRATO\n\nTexto.\n\nFirmado por: Jane Doe\nCargo: Directora jurídica\n\nPar : Ken Thompson\nTitre : Associé\n', ['people/jane-doe.md', 'people/ken-thompson.md']],
    ['a "By:" line with nothing under it is a byline, not a signatory', 'ARTICLE\n\nThe market grew.\n\nBy: Jane Doe\n', []],
    ['signature blocks after a sign-off in Dutch with the role below the name', 'Offerte\n\nWij bieden drie plaatsen aan.\n\nMet vriendelijke groet,\n\nJane Doe\nOperationeel directeur, Brightline Health\n', ['people/jane-doe.md', 'companies/brightline.md']],
    ['a mail\'s signature is its sender\'s, not an author\'s', 'From: Jane Doe <jane.doe@brightline.health>\nTo: ken@ourfund.vc\nSubject: Pilot\n\nThe pilot ends in December.\n\nBest regards,\nJane Doe\nGeneral Counsel, Brightline Health\n', []],
  ];
  for (const [what, text, want] of signatures) it(`signature: ${what}`, () => assert.deepEqual(documentAuthors(text, r).map((a) => a.path), want));

  it('webHost reads a web address or a bare domain', () => {
    assert.equal(webHost('https://www.brightline.health/'), 'brightline.health');
    assert.equal(webHost('quillpay.com/en'), 'quillpay.com');
    assert.equal(webHost('HTTP://Acme.com:8080/x?y'), 'acme.com');
    assert.equal(webHost('not a url'), null);
  });
});

describe('filing classification: quoted chat transcripts are sessions; handwritten initials notes are meetings', () => {
  const kind = (text: string, filename: string) => classifyContent({ text: readableText(text, filename), filename }).kind;
  const table: Array<[string, string, string, string]> = [
    ['"> user" / "> assistant" on lines of their own', 'chat.txt', '> user\nhooli wants to move the pilot to november.\n\n> assistant\nThen plan it for mid-November.\n\n> user\ndecision: the pilot moves to 16 nov.\n', 'conversation'],
    ['"> **User:**" quoted with the text beside it', 'chat.md', '> **User:** hooli wants to move the pilot to november.\n>\n> **Assistant:** Then plan it for mid-November.\n', 'conversation'],
    ['"User:" / "Assistant:"', 'chat.txt', 'User: hooli wants to move the pilot to november.\nAssistant: Then plan it for mid-November.\nUser: ok, decided.\n', 'conversation'],
    ['"**You:**" / "**ChatGPT:**"', 'chat.md', '**You:** Stark asked Barbara to review the plan. What first?\n\n**ChatGPT:** The rollback path first.\n\n**You:** Good. Decision: she reviews it by Friday.\n', 'conversation'],
    ['a mail quoting one earlier reply stays what it was', 'reply.txt', 'Thanks, agreed.\n\n> Could you send the deck by Friday?\n> Ada\n', 'other'],
    ['handwritten notes: a date, then attendee initials', 'scan.txt', '17/9/26\nAL, GH, KT\n\n- falcon pilot: EU first\n- acme wants 120 seats\n', 'meeting'],
    ['"present: AT, KT" under a hurried title', 'IMG_2041.txt', 'Mtg w/ Hooli (20/10/2026)\npresent: AT, KT\n\n- invoices on new stack from jan\n', 'meeting'],
    ['a Spanish press release', 'nota.txt', 'Nota de prensa\n\nMadrid, 22 de octubre — Initech anuncia hoy un acuerdo con Hooli para integrar su plataforma de pagos en toda España. Linus Berg dirigirá el proyecto.\n\nEl acuerdo tiene una duración de tres años.\n', 'document'],
  ];
  for (const [what, filename, text, want] of table) it(`${what} → ${want}`, () => assert.equal(kind(text, filename), want));

  const lines: Array<[string, string[] | null]> = [
    ['AL, GH, KT', ['AL', 'GH', 'KT']],
    ['present: AT / KT', ['AT', 'KT']],
    ['A.L. and G.H.', ['AL', 'GH']],
    ['17/9/26 — AL, GH', ['AL', 'GH']],
    ['w/ AT + KT', ['AT', 'KT']],
    ['EU', null],
    ['Q3 OKR review', null],
    ['AL, AL', null],
    // review finding 7: role abbreviations are not initials
    ['Present: PM, QA, UX', null],
    ['CEO, CTO', null],
    ['AL, GH, PM', ['AL', 'GH']],
  ];
  for (const [line, want] of lines) it(`initials line ${JSON.stringify(line)} → ${want ? want.join(' ') : 'none'}`, () => assert.deepEqual(initialsLine(line), want));
});

describe('filing worth: bounces, advance-fee fraud and phishing are junk even when they name known pages', () => {
  const table: Array<[string, string, boolean]> = [
    ['an "Undeliverable:" bounce quoting a mail to a known person', 'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\nTo: ken@ourfund.vc\nSubject: Undeliverable: Falcon pilot next steps\n\nDelivery to the following recipient failed permanently:\n\n    grace@globex.io\n\n----- Original message -----\nFrom: Ken Thompson <ken@ourfund.vc>\nTo: Grace Hopper <grace@globex.io>\n\nGrace, can we move the Falcon pilot review to Thursday?\n', false],
    ['a "Mail delivery failed" notice', 'Subject: Mail delivery failed: returning message to sender\n\nThis message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its recipients. The following address(es) failed:\n\n  alex.kim@acme.com\n    host mx.acme.com: 550 5.1.1 User unknown\n', false],
    ['a German bounce from a postmaster', 'From: postmaster@acme.com\nTo: ken@ourfund.vc\nSubject: Unzustellbar: Acme renewal\n\nIhre Nachricht konnte nicht zugestellt werden an: ada@acme.com\n\n550 5.1.1 RESOLVER.ADR.RecipNotFound\n', false],
    ['a postmortem about mail bounces is a document, not a bounce', '# Postmortem: outbound mail outage\n\nOn 3 October 2026 our relay rejected mail: customers saw "could not be delivered" and 550 5.1.1 errors for two hours. Acme was affected most.\n', true],
    ['advance-fee fraud naming a known company', 'From: Barrister James Okoye <j.okoye@lawchambers.example>\nTo: ken@ourfund.vc\nSubject: Business proposal\n\nDear Ken Thompson,\n\nI am the attorney to the late engineer of Globex Corporation who died leaving a deposit of US$12.5 million. I seek your consent to present you as the beneficiary. You will receive 40% of the total sum. Reply with your full name and telephone number to proceed.\n', false],
    ['an unclaimed consignment for a fee', 'Dear Esteemed Partner,\n\nA consignment box valued at USD 4,500,000.00 registered to your company is held at our facility. To release it we only require a small clearance fee of USD 1,250.\n', false],
    ['a funding announcement with millions is news, not fraud', 'Acme raised $40 million in a Series C led by Redwood. The money goes to the Falcon roll-out, which has to happen immediately after the close.\n', true],
    ['a trust deed naming a beneficiary is a document', 'The trust holds $2 million for its named beneficiary, Umbrella Health; the trustee reports each quarter.\n', true],
    ['an Outlook non-delivery report', 'From: Microsoft Outlook <MicrosoftExchange329e@acme.com>\nTo: ken@ourfund.vc\nSubject: Undeliverable: Falcon pilot\n\nYour message to alex.kim@acme.com couldn\'t be delivered.\nalex.kim wasn\'t found at acme.com.\n', false],
    ['a gift-card request in a colleague\'s name', 'Hi Ken, this is Ada Lovelace. I am in a meeting and need you to buy 5 Apple gift cards of $200 each for a client. Send me the codes by email asap.\n', false],
    ['an urgent, secret wire in a partner\'s name', 'From: Grace Hopper <grace.hopper@globex-corp.co>\nTo: ken@ourfund.vc\nSubject: Quick favour\n\nKen, are you at your desk? I need you to process a wire of $48,500 to a new vendor for the Falcon project today. Keep this confidential until the deal is announced.\n', false],
    ['a real payment instruction from a known person is news', 'From: Ada Lovelace <ada@acme.com>\nTo: ken@ourfund.vc\nSubject: Acme renewal\n\nKen, finance approved the renewal for 120 seats. We pay the first invoice by bank transfer next week, to the account on the contract.\n', true],
    ['a lottery win in Spanish with a fee', 'Estimado ganador,\n\nSu dirección ha ganado 1.500.000 euros en la lotería internacional. Para reclamar su premio envíe su nombre completo y una tasa de tramitación de 350 euros.\n', false],
    ['credential phishing that names a known person', 'From: Grace Hopper via DocuShare <grace.hopper@docushare-files.net>\nTo: ken@ourfund.vc\nSubject: Grace Hopper shared "Globex Falcon contract.pdf" with you\n\nGrace Hopper (Globex) has shared a document with you.\n\nTo view the document, sign in with your email and password here:\nhttp://docushare-files.net/view/secure-login?id=8812\n\nThis link expires in 24 hours.\n', false],
  ];
  for (const [what, text, worth] of table) {
    it(`${what} → ${worth ? 'worth filing' : 'junk'}`, () => assert.equal(checkWorthFiling(text, classifyContent({ text }).kind, { knownSender: /^From: .*ken@/m.test(text) }).worth, worth));
  }
});

describe('filing: a first name two people share names neither; initials name the one person who has them', () => {
  it('a session naming only "Sam" (two Sams) goes to review, and the reason names both pages', () => {
    const text = JSON.stringify({ created_at: '2026-10-05T10:00:00Z', messages: [{ role: 'user', content: 'Sam says the renewal is blocked until legal signs off. How do I chase it?' }, { role: 'assistant', content: 'Ask for the expected sign-off date.' }, { role: 'user', content: 'Decision: I will chase Sam on Friday.' }] });
    const r = fileItem('chat.json', text);
    assert.equal(r.kind, 'review');
    const reason = r.kind === 'review' ? r.reason : '';
    assert.match(reason, /ambiguous: "Sam" could be people\/sam-/);
    assert.ok(reason.includes('people/sam-okafor.md') && reason.includes('people/sam-rivera.md'), reason);
  });
  it('a session naming "Sam" and Globex files to Globex, without either Sam', () => {
    const text = JSON.stringify({ created_at: '2026-10-05T10:00:00Z', messages: [{ role: 'user', content: 'Sam says Globex wants the Falcon pilot in the EU region first.' }, { role: 'assistant', content: 'That mostly changes the data-residency review.' }, { role: 'user', content: 'Decision: the Falcon pilot starts in the EU region for Globex.' }] });
    const r = fileItem('chat.json', text);
    assert.equal(r.kind, 'plan');
    const touched = r.kind === 'plan' ? r.plan.timeline.map((t) => t.path).sort() : [];
    assert.deepEqual(touched, ['companies/globex.md', 'projects/falcon.md']);
    assert.ok(r.kind === 'plan' && r.plan.timeline.every((t) => t.date === '2026-10-05'));
  });
  it('a meeting with attendee "Sam" links Grace and neither Sam', () => {
    const r = fileItem('notes.txt', 'Falcon sync 2026-10-06\nAttendees: Sam, Grace Hopper\n\n- Falcon pilot is on track.\nDecision: go live on 20 October.\n');
    assert.equal(r.kind, 'plan');
    const touched = r.kind === 'plan' ? r.plan.timeline.map((t) => t.path) : [];
    assert.ok(touched.includes('people/grace-hopper.md'));
    assert.ok(!touched.some((p) => p.startsWith('people/sam-')), touched.join(', '));
  });
  it('a handwritten note: initials resolve to the one person with them, shared initials to nobody', () => {
    // KT: Ken Thompson, Kim Tan and Kai Tanaka share them, so KT names nobody.
    const r = fileItem('scan-notes.txt', '17/9/26\nAL, GH, KT\n\n- falcon pilot: EU first, US later\n- acme wants 120 seats\n');
    assert.equal(r.kind, 'plan');
    const plan = r.kind === 'plan' ? r.plan : null;
    assert.equal(plan?.skill, 'ingest-meeting');
    assert.equal(plan?.placement.targetFolder, 'meetings');
    const touched = new Set(plan?.timeline.map((t) => t.path));
    for (const p of ['people/ada-lovelace.md', 'people/grace-hopper.md', 'companies/acme.md', 'companies/globex.md', 'projects/falcon.md']) assert.ok(touched.has(p), `missing ${p}`);
    assert.ok(![...touched].some((p) => /ken-thompson|kim-tan|kai-tanaka/.test(p)));
    assert.ok(plan?.timeline.every((t) => t.date === '2026-09-17'));
    assert.ok(!/17-9-26/.test(plan?.placement.targetSlug ?? ''), plan?.placement.targetSlug);
  });
  it('initials on the meeting page read as the person\'s name', () => {
    const m = extractMeeting('17/9/26\nAL, GH\n\n- falcon\n', { fallbackDate: '2026-11-26' });
    assert.deepEqual(m.attendees.map((a) => a.name), ['AL', 'GH']);
    assert.equal(m.date, '2026-09-17');
  });
});
