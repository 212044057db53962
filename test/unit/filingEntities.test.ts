// Entity resolution and date extraction for the built-in filer: tables of aliases, e-mails,
// domains, works-at relations and negatives (free mail, passing mentions, unknown and ambiguous
// names); and the dates items carry (documents, calendar exports, chat exports, meetings).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { EntityResolver, factAbout, introducedPeople, isServiceName, substantiveText, type EntityLookup } from '../../src/domain/filing/entities.js';
import { eventDate } from '../../src/domain/filing/eventDate.js';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { calendarDate, readableText } from '../../src/domain/filing/formats.js';
import { extractMeeting } from '../../src/domain/filing/meeting.js';
import { isoOf, parseSessionTranscript } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\ncompany: "[[companies/acme]]"\naliases: [Ada L]\n---\n# Ada Lovelace\n',
  'people/linus-berg.md': '---\ntitle: Linus Berg\nemails: [linus@initech.com, linus.berg@gmail.com]\ncompany: Initech\n---\n# Linus Berg\n',
  'people/maggie.md': '---\ntitle: Margaret Hamilton\naliases: [Maggie Hamilton]\n---\n# Margaret Hamilton\n\nWorks at [[companies/umbrella]].\n',
  'people/alex-kim.md': '---\ntitle: Alex Kim\naliases: [Alex]\n---\n# Alex Kim\n',
  'people/alex-chen.md': '---\ntitle: Alex Chen\naliases: [Alex]\n---\n# Alex Chen\n',
  'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\naliases: [Acme Corp]\n---\n# Acme\n',
  'companies/initech.md': '---\ntitle: Initech\ndomain: initech.com\n---\n# Initech\n',
  'companies/umbrella.md': '---\ntitle: Umbrella Health\ndomains: [umbrella.org, umbrella-health.com]\n---\n# Umbrella Health\n',
  'companies/gmail.md': '---\ntitle: Gmail\ndomain: gmail.com\n---\n# Gmail\n',
  'projects/falcon.md': '---\ntitle: Project Falcon\naliases: [Falcon]\n---\n# Project Falcon\n',
  'concepts/pricing.md': '---\ntitle: Pricing\n---\n# Pricing\n',
  'meetings/2026-03-01-kickoff.md': '---\ntitle: Kickoff\n---\n# Kickoff\n',
};

function resolver(): EntityResolver {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => p.path.startsWith(`${r}/`)));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: (key, value, roots) => under(roots).filter((p) => listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase())).map((p) => p.path),
    findByName: (name, roots) => under(roots).filter((p) => [p.title, ...listOf(p.frontmatter.aliases)].some((n) => n.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    // The link resolver answers slugs too.
    resolve: (ref) => parsed.find((p) => p.path.replace(/^.*\//, '').replace(/\.md$/, '') === ref.toLowerCase())?.path ?? null,
  };
  return new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects', 'concepts', 'meetings', 'sources', 'notes'] });
}

describe('filing entities: resolution tables', () => {
  const r = resolver();

  const names: Array<[string, string[]]> = [
    ['Ada Lovelace', ['people/ada-lovelace.md']],
    ['Ada L', ['people/ada-lovelace.md']], // alias
    ['ada lovelace', ['people/ada-lovelace.md']], // case
    ['Maggie Hamilton', ['people/maggie.md']], // alias
    ['Acme Corp', ['companies/acme.md']], // alias
    ["Acme's", ['companies/acme.md']], // possessive
    ['Falcon', ['projects/falcon.md']], // alias
    ['Initech', ['companies/initech.md']], // title
    ['Alex', ['people/alex-chen.md', 'people/alex-kim.md']], // ambiguous: both
    ['Pricing', []], // a concept is not an entity an item is about
    ['Kickoff', []], // nor is a meeting page
    ['Grace Hopper', []], // unknown
    ['Ada', ['people/ada-lovelace.md']], // a first name one person has
    ['Margaret', ['people/maggie.md']],
    ['Initech', ['companies/initech.md']],
    ['Lovelace', []], // a surname alone is not enough
    ['ada', []], // nor a lower-case word
  ];
  for (const [name, want] of names) {
    it(`name "${name}" → ${want.length ? want.join(', ') : 'nothing'}`, () => assert.deepEqual(r.byName(name).sort(), want));
  }

  const emails: Array<[string, string | null]> = [
    ['ada@acme.com', 'people/ada-lovelace.md'],
    ['ADA@ACME.COM', 'people/ada-lovelace.md'],
    ['linus.berg@gmail.com', 'people/linus-berg.md'], // one of several `emails`
    ['linus@initech.com', 'people/linus-berg.md'],
    ['nobody@acme.com', null],
  ];
  for (const [email, want] of emails) it(`e-mail ${email} → ${want ?? 'nothing'}`, () => assert.equal(r.personByEmail(email), want));

  const domains: Array<[string, string | null]> = [
    ['acme.com', 'companies/acme.md'],
    ['mail.acme.com', 'companies/acme.md'], // a subdomain
    ['umbrella-health.com', 'companies/umbrella.md'], // one of several `domains`
    ['gmail.com', null], // free mail names no organisation, even when a page claims it
    ['globex.io', null],
  ];
  for (const [domain, want] of domains) it(`domain ${domain} → ${want ?? 'nothing'}`, () => assert.equal(r.companyByDomain(domain), want));

  it('works-at: a frontmatter link, a plain company name, a body link; nothing for a person without one', () => {
    assert.deepEqual(r.worksAt('people/ada-lovelace.md'), ['companies/acme.md']);
    assert.deepEqual(r.worksAt('people/linus-berg.md'), ['companies/initech.md']);
    assert.deepEqual(r.worksAt('people/maggie.md'), ['companies/umbrella.md']);
    assert.deepEqual(r.worksAt('people/alex-kim.md'), []);
  });

  it('mentions: found, ambiguous and unknown names; e-mails resolve people and, by domain, their company', () => {
    const m = r.mentions('Ada Lovelace and Alex met Grace Hopper about Falcon. Linus wrote from linus@initech.com.');
    assert.deepEqual(m.found.map((f) => f.path).sort(), ['companies/initech.md', 'people/ada-lovelace.md', 'people/linus-berg.md', 'projects/falcon.md']);
    assert.deepEqual(m.ambiguous.map((a) => ({ name: a.name, paths: [...a.paths].sort() })), [{ name: 'Alex', paths: ['people/alex-chen.md', 'people/alex-kim.md'] }]);
    assert.deepEqual(m.unknown, ['Grace Hopper']);
    // A full name elsewhere settles the short one.
    assert.deepEqual(r.mentions('Alex Kim joined. Alex said yes.').ambiguous, []);
  });

  const passing: Array<[string, string]> = [
    ['a Cc line', 'Notes from the call.\nCc: Ada Lovelace <ada@acme.com>\nWe agreed on the budget.'],
    ['a signature', 'We agreed on the budget for the pilot.\n\nBest regards,\nKen\nAcme Corp | Partner'],
    ['a dash-dash signature', 'We agreed on the budget for the pilot.\nIt is 40k.\n--\nAda Lovelace, Acme Corp'],
    ['quoted text', 'Our take: the market is young.\n> Acme Corp shut its analytics pilot.\n> The team moved.'],
    ['a footer', 'Quarterly numbers are up 12%.\n\n© 2026 Acme Corp. All rights reserved.'],
    ['a quoted reply', 'Thanks, see you Monday.\n\nOn Tue, Mar 3, 2026 at 9:00 AM Ada Lovelace <ada@acme.com> wrote:\nAcme Corp is in.'],
    ['a byline', 'Prepared by Ada Lovelace\nThe market for sensors grows 20% a year.'],
    ['a closing name-and-title block', 'We recommend a $5M allocation.\n\nAda Lovelace\nVP Engineering, Acme Corp'],
    ['a closing Related stories block', 'Quarterly numbers are up 12%.\nThe listing is expected in June.\n\nRelated stories\n- Acme Corp cuts 4% of staff'],
    ['a closing Read more block', 'Quarterly numbers are up 12%.\nThe listing is expected in June.\n\n## Read more\n- Ada Lovelace on hiring'],
  ];
  for (const [what, text] of passing) {
    it(`a passing mention in ${what} reaches no page`, () => assert.deepEqual(r.mentions(substantiveText(text)).found, []));
  }

  it('introduced people: a name with a role and a company is enough for a page; a bare name or a known person is not', () => {
    assert.deepEqual(introducedPeople('Charlie Bucket, CFO of Acme Corp, shared the plan.', r), [{ name: 'Charlie Bucket', role: 'CFO', company: 'companies/acme.md' }]);
    assert.deepEqual(introducedPeople('Art Vandelay (CEO, Vandelay Industries) joined.', r), [{ name: 'Art Vandelay', role: 'CEO, Vandelay Industries', company: null }]);
    assert.deepEqual(introducedPeople('Charlie Bucket shared the plan.', r), []);
    assert.deepEqual(introducedPeople('Ada Lovelace, VP of Acme, shared it.', r), []);
  });

  it('a fact line is the first sentence naming the page', () => {
    assert.equal(factAbout('Intro. Acme renews for 120 seats. Acme pays yearly.', ['Acme']), 'Acme renews for 120 seats.');
    assert.equal(factAbout('Nothing here.', ['Acme']), null);
  });
});

describe('filing dates: extraction tables', () => {
  const docs: Array<[string, string, string | null]> = [
    ['frontmatter date', '---\ntitle: X\ndate: 2026-02-03\n---\n# X\n\nBody.', '2026-02-03'],
    ['a Date: line', '# Memo\n\nFrom: Ken\nDate: 20 February 2026\n\nText.', '2026-02-20'],
    ['a bold Date line', '# Memo\n\n**Date:** 12 March 2026\n\nText.', '2026-03-12'],
    ['a date in the header', '# Spec\n\nVersion 1.2 · 2026-02-25 · Owner: Ada\n\nText.', '2026-02-25'],
    ['American style', 'Investment memo\nMarch 2, 2026\nPrepared by Radia', '2026-03-02'],
    ['"as of" in a contract', 'AGREEMENT\n\nThis agreement is entered into as of February 1, 2026 between A and B.', '2026-02-01'],
    ['a Published line', '# Article\n\nPublished: 2026-04-02\n\nText.', '2026-04-02'],
    ['US style with slashes', 'Meeting summary\n03/24/2026\nText follows here.', '2026-03-24'],
    ['day first with dots', 'Protokoll\n24.03.2026\nText follows here.', '2026-03-24'],
    ['a day above 12 first', 'Notes\n24/03/2026\nText follows here.', '2026-03-24'],
    ['a Last updated line in a spec', 'Ingest API spec\nLast updated: 2026-03-02. Author: Ada.\nGoal\nText.', '2026-03-02'],
    ['an Updated line, day first', '# Policy\n\nUpdated: 02.03.2026\n\nText.', '2026-03-02'],
    ['a Revised line written out', '# Handbook\n\nOwner: Tom\nRevised: 5 April 2026\n\nText.', '2026-04-05'],
    ['an As of line', 'Pipeline overview\nAs of: March 9, 2026\n\nText.', '2026-03-09'],
    ['a Dated line', 'LETTER OF INTENT\nDated: 2026-01-30\n\nText.', '2026-01-30'],
    ['a labelled line after an unlabelled empty one', '# Memo\n\nDate: tbd\nLast modified: 2026-02-11\n\nText.', '2026-02-11'],
    ['d.m.yyyy inside a title', 'PRICING - ONE PAGER (v3, 14.01.2026)\n\nPROBLEM\nText.', '2026-01-14'],
    ['a labelled date beats a header date', 'Roadmap 2026-01-05 draft\nLast updated: 2026-02-20\n\nText.', '2026-02-20'],
    ['"last updated" in prose in the header', 'Atlas runbook, last updated 2026-03-12 by Tom.\n\nText.', '2026-03-12'],
    ['a deadline sentence is not the document date', 'Rollout plan\n\nThe rollout must finish before 14.01.2027 or the old contract renews for another year.', null],
    ['a date in markdown emphasis', '_Conversation pasted on 3 March 2026_\n\n**User:** hi', '2026-03-03'],
    ['an ISO date in emphasis', '*Exported* _2026-03-04_\n\nText.', '2026-03-04'],
    ['none', '# Why Rust\n\nThe team rewrote the router over eighteen months.', null],
    ['a date deep in the body does not count', `# Plan\n\n${'Line of prose.\n'.repeat(8)}Launch on 2026-09-01.`, null],
  ];
  for (const [what, text, want] of docs) it(`document date: ${what} → ${want}`, () => assert.equal(eventDate(text, 'document')?.date ?? null, want));

  const stamps: Array<[string | number, string | null]> = [
    [1772960400.5, '2026-03-08'], // ChatGPT create_time (epoch seconds)
    [1772960400500, '2026-03-08'], // epoch milliseconds
    ['2026-03-09T15:02:11.000000Z', '2026-03-09'], // Claude created_at
    ['not a date', null],
  ];
  for (const [v, want] of stamps) it(`timestamp ${v} → ${want}`, () => assert.equal(isoOf(v), want));

  const cal: Array<[string, string | null]> = [
    ['20260310T140000Z', '2026-03-10'],
    ['20260310', '2026-03-10'],
    ['2026-03-18T16:00:00+01:00', '2026-03-18'],
    ['tomorrow', null],
  ];
  for (const [v, want] of cal) it(`calendar start ${v} → ${want}`, () => assert.equal(calendarDate(v), want));

  it('session dates: ChatGPT create_time, Claude created_at, the first message timestamp, a pasted header', () => {
    const chatgpt = JSON.stringify({ title: 'T', create_time: 1772960400.5, mapping: { a: { message: { author: { role: 'user' }, content: { parts: ['Acme renews for 120 seats.'] } }, parent: null } } });
    assert.equal(extractConversation(chatgpt).date, '2026-03-08');
    const claude = JSON.stringify({ name: 'T', created_at: '2026-03-09T15:02:11Z', chat_messages: [{ sender: 'human', text: 'Acme renews.' }] });
    assert.equal(extractConversation(claude).date, '2026-03-09');
    const log = JSON.stringify([{ role: 'user', content: 'Acme renews.', timestamp: '2026-03-06T09:12:05Z' }]);
    assert.equal(extractConversation(log).date, '2026-03-06');
    assert.equal(extractConversation(readableText('# Chat about pricing (2026-03-11)\n\n**User:** Acme renews.\n\n**Assistant:** Good.\n')).date, '2026-03-11');
    assert.equal(extractConversation(JSON.stringify([{ role: 'user', content: 'Acme renews.' }])).date, null);
  });

  it('meeting dates: a Date line, "Held on", an Outlook When line, an iCalendar DTSTART, the file name, else the fallback', () => {
    const at = (text: string, filename: string | null = null) => extractMeeting(readableText(text, filename), { filename, fallbackDate: '2026-01-01' }).date;
    assert.equal(at('Sync\nDate: 2026-03-04\nAttendees: Ada, Tom\n'), '2026-03-04');
    assert.equal(at('MINUTES\n\nHeld on 23 March 2026 by video.\n\nPresent: Ada, Tom\n'), '2026-03-23');
    assert.equal(at('Subject: Checkpoint\nWhen: Tuesday, March 24, 2026 10:00 AM-11:00 AM\nRequired Attendees: Ada; Tom\n'), '2026-03-24');
    assert.equal(at('BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260310T140000Z\nSUMMARY:Review\nATTENDEE;CN=Ada:mailto:ada@acme.com\nEND:VEVENT\nEND:VCALENDAR\n'), '2026-03-10');
    assert.equal(at('Sync notes\nAttendees: Ada, Tom\n', '2026-03-19 sync.md'), '2026-03-19');
    assert.equal(at('Sync notes\nAttendees: Ada, Tom\n'), '2026-01-01');
  });
});

describe('filing formats and junk', () => {
  it('reads exports: ChatGPT mapping, Claude chat_messages, calendar JSON, pasted "You said:" chats', () => {
    const chatgpt = { title: 'T', current_node: 'b', mapping: { r: { message: null, parent: null }, a: { message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['Q?'] } }, parent: 'r' }, b: { message: { author: { role: 'assistant' }, content: { parts: ['A.'] } }, parent: 'a' } } };
    assert.deepEqual(parseSessionTranscript(JSON.stringify(chatgpt))!.turns.map((t) => `${t.speaker}:${t.text}`), ['User:Q?', 'Assistant:A.']);
    const claude = [{ name: 'T', chat_messages: [{ sender: 'human', text: 'Q?' }, { sender: 'assistant', content: [{ type: 'text', text: 'A.' }] }] }];
    assert.deepEqual(parseSessionTranscript(JSON.stringify(claude))!.turns.map((t) => t.speaker), ['User', 'Assistant']);
    const event = { summary: 'Sync', start: { dateTime: '2026-03-18T16:00:00+01:00' }, attendees: [{ email: 'ada@acme.com', displayName: 'Ada Lovelace' }] };
    assert.match(readableText(JSON.stringify(event)), /^Title: Sync\nDate: 2026-03-18\nAttendees: Ada Lovelace <ada@acme.com>/);
    assert.equal(readableText('You said:\nHello there?\n\nChatGPT said:\nHi.\n'), 'User: Hello there?\nAssistant: Hi.');
    assert.equal(readableText('Just a note.\nNothing else.'), 'Just a note.\nNothing else.');
  });

  const junk: Array<[string, string, RegExp]> = [
    ['a receipt', 'Thanks for riding, Ken\nHere is your receipt.\nTotal: €23.50\nPaid with Visa •••• 4242', /receipt/],
    ['an order confirmation', 'Order Confirmation\nThank you for your order.\nOrder #113-44\nOrder Total: €39.99', /receipt or order/],
    ['spam', 'CONGRATULATIONS! You have been selected for a gift card. Click here to claim your prize now.', /spam/],
    ['phishing', 'URGENT: Your account will be suspended. Verify your wallet immediately.', /spam or phishing/],
    ['a newsletter', 'This week in SaaS, issue #112\nAcme Corp launched usage pricing.\nYou are receiving this because you subscribed. Unsubscribe here.', /newsletter/],
    ['a chat notification', 'You have 5 unread messages in #general\nOpen Slack to reply.', /automated notification/],
  ];
  for (const [what, text, reason] of junk) {
    it(`${what} is not worth filing, with a reason a person can act on`, () => {
      const w = checkWorthFiling(text, 'other');
      assert.equal(w.worth, false);
      assert.match(w.reason!, reason);
    });
  }
  const articles: Array<[string, string]> = [
    ['an article whose footer advertises the site newsletter', '# Globex acquires Initech\'s platform unit\n\nBy Dana Ortiz · March 20, 2026\n\nGlobex Corporation has agreed to buy the platform division of Initech, the companies said on Friday.\n\n© 2026 TechDaily. Get our newsletter every morning. Unsubscribe any time.'],
    ['a report that mentions newsletters and issue numbers is not one', '# Q1 marketing report\n\nOur newsletter reached 12,000 readers; issue 14 had the best open rate. Acme Corp signed up as a sponsor for Q2.'],
  ];
  for (const [what, text] of articles) it(`${what} is a document worth filing`, () => assert.equal(checkWorthFiling(text, 'document').worth, true));
  const lists: Array<[string, string, string]> = [
    ['a newsletter with a List-Unsubscribe header', 'List-Unsubscribe: <mailto:u@list.example>\nSubject: Weekly\n\nAcme Corp launched usage pricing.\nGet the newsletter. Unsubscribe.', 'document'],
    ['a newsletter read "in your browser"', '# Weekly digest\n\nView this email in your browser\n\nGlobex raised $40M. Our newsletter team wishes you a good week. Unsubscribe.', 'document'],
    ['a short mail whose only automation signal is unsubscribe', 'Your weekly digest is ready. Unsubscribe', 'other'],
  ];
  for (const [what, text, kind] of lists) it(`${what} is not worth filing`, () => assert.equal(checkWorthFiling(text, kind as 'document' | 'other').worth, false));

  it('a closing list or sentence is content, not a signature', () => {
    assert.match(substantiveText('Summary of the deal.\n\n- Acme Corp renews\n- 120 seats'), /Acme Corp renews/);
    assert.match(substantiveText('Summary of the deal.\n\nAcme Corp renews for 120 seats.'), /Acme Corp renews/);
  });

  it('a short meeting note with a reminder line is still worth filing', () => {
    assert.equal(checkWorthFiling('Acme sync 2026-03-04\nAttendees: Ada, Tom\nReminder: send the deck by Friday.', 'meeting').worth, true);
  });
});

describe('filing junk: credential phishing and service mailboxes', () => {
  const phishing: Array<[string, string]> = [
    ['a password expiry with a deadline', 'From: Mail Admin <admin@mail-secure-login.example>\nSubject: ACTION REQUIRED\n\nYour password for tom@roe.com expires in 24 hours. Verify your account to keep access.'],
    ['a mailbox threat with a generic salutation', 'Dear customer,\n\nWe noticed a problem. Please confirm your identity to restore your mailbox, or failure to confirm will result in loss of access.'],
    ['a lookalike login link', 'Your password has expired. Sign in to keep your files: http://dr0pbox-files.example/login?id=4'],
    ['a wallet unlock under pressure', 'URGENT: unlock your wallet today or it will be suspended.'],
  ];
  for (const [what, text] of phishing) {
    it(`${what} is phishing`, () => {
      const w = checkWorthFiling(text, 'meeting');
      assert.equal(w.worth, false);
      assert.match(w.reason!, /phishing/);
    });
  }
  const legit: Array<[string, string]> = [
    ['a meeting note about a password policy', 'Security sync 2026-03-04\nAttendees: Ada Lovelace, Tom Roe\n\nWe agreed that passwords expire after 90 days and that IT will verify your account setup during onboarding.'],
    ['an onboarding note that asks to verify an account, without pressure', 'Welcome to Acme, Tom. Verify your account with Ada on your first day; she will hand over the laptop.'],
    ['a reminder to update a password at a calm pace', 'Note for the team: update your password before the migration next month, Ada will send the details.'],
  ];
  for (const [what, text] of legit) it(`${what} is not phishing`, () => assert.doesNotMatch(checkWorthFiling(text, 'meeting').reason ?? '', /phishing/));

  const services: Array<[string, string | null, boolean]> = [
    ['IT Service Desk', 'it-support@micros0ft.example', true],
    ['Acme Support', null, true],
    ['noreply', null, true],
    ['Billing Team', 'billing@hooli.com', true],
    ['Jane Roe', 'noreply@roe.example', true],
    ['Jane Roe', 'helpdesk@roe.example', true],
    ['notifications@github.com', null, true],
    ['Jane Roe', 'jane@roe.example', false],
    ['Grace Hopper', 'grace@globex.io', false],
    ['Tom Sales-Smith', 'tom.smith@acme.com', false],
    ['Jane Roe', 'team.jane@roe.example', false],
  ];
  for (const [name, email, want] of services) it(`"${name}" <${email}> is ${want ? 'a mailbox' : 'a person'}`, () => assert.equal(isServiceName(name, email), want));
});
