// The fifth blind filing set: written from the issue text, the item format (items.ts types), the
// shared seeded brain (brain.ts) and the scorer only, without reading the filer (src/), its docs
// or the other sets' items. New seed pages (a Norwegian, an Italian and a health-care company, an
// investor associate, a project whose alias is a common word) so nothing here was tuned for.
// Meetings: free notes with aliases, a Zoom-style transcript, an .ics export with attendee e-mails
// only and a declined invitee, an AI recap, Italian minutes, an e-mailed recap whose call date is
// in the body while the header carries the next day, a WebVTT transcript dated by its file name,
// 1:1 notes with a dotted date, board minutes with an observer. Documents: a memo, a spec, a DOCX
// board update, a PDF investment memo, a news article, a long review naming its subject deep in,
// a forwarded e-mail with a cc line and signature, a DOCX proposal naming a company by domain only,
// a term sheet naming parties by e-mail only. Sessions: {role, content} JSON, a ChatGPT export
// (a person leaving one company for another), a Claude export, pasted transcripts in three styles,
// an agent log with tool turns, one naming nothing in the brain and one naming only an ambiguous
// first name. Junk: a newsletter, a receipt from a known company, a repository notification, spam,
// a webinar invitation from a known company. Expected pages were written by hand before the run.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');
const epoch = (iso: string) => Date.parse(iso) / 1000;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const BLIND5_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'ingrid-solberg', 'Ingrid Solberg', { email: 'ingrid@fjordtech.no', company: '"[[companies/fjordtech]]"', role: 'CFO', aliases: '[Inga]' }, 'Finance lead at Fjordtech, Oslo.'),
  page('companies', 'company', 'fjordtech', 'Fjordtech AS', { domain: 'fjordtech.no', aliases: '[Fjordtech]' }, 'Norwegian maritime software company; customer since 2025.'),
  page('people', 'person', 'marco-bianchi', 'Marco Bianchi', { email: 'm.bianchi@velatessile.it', company: '"[[companies/vela]]"', role: 'Direttore commerciale' }, 'Sales director at Vela Tessile, Prato.'),
  page('companies', 'company', 'vela', 'Vela Tessile S.p.A.', { domain: 'velatessile.it', aliases: '[Vela Tessile]' }, 'Technical textiles manufacturer; supplier.'),
  page('people', 'person', 'tomasz-nowak', 'Tomasz Nowak', { email: 'tomasz@brightline.health', company: '"[[companies/brightline]]"', role: 'Head of Data', aliases: '[Tom Nowak]' }, 'Runs data at Brightline.'),
  page('companies', 'company', 'brightline', 'Brightline Health', { domain: 'brightline.health', aliases: '[Brightline]' }, 'Digital clinic operator; customer and portfolio company.'),
  page('people', 'person', 'oluwaseun-adeyemi', 'Oluwaseun Adeyemi', { email: 'seun@ourfund.vc', role: 'Associate', aliases: '[Seun]' }, 'Associate on the investment team.'),
  page('projects', 'project', 'harbor', 'Project Harbor', { aliases: '[Harbor]', status: 'active' }, 'Moving customer support onto the new ticketing stack.'),
];

const ICS = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
  'VERSION:2.0',
  'METHOD:REQUEST',
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16011028T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'ORGANIZER;CN="m.bianchi@velatessile.it":mailto:m.bianchi@velatessile.it',
  'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;CN=barbara@stark.dev:ma',
  ' ilto:barbara@stark.dev',
  'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;CN=m.bianchi@velatess',
  ' ile.it:mailto:m.bianchi@velatessile.it',
  'ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=DECLINED;RSVP=FALSE;CN=linus@initech.com:',
  ' mailto:linus@initech.com',
  'DESCRIPTION;LANGUAGE=en-US:Agenda\\n- Results of the conductive-fabric samples',
  '  sent in June\\n- Wash-cycle durability (target 50 cycles)\\n- Pricing for a 2',
  ' 000 m pilot run\\n\\nOutcome to capture: go / no-go on the pilot order.\\n\\n___',
  ' _____________________________________________________________________________',
  ' ___\\nMicrosoft Teams meeting\\nJoin on your computer\\, mobile app or room dev',
  ' ice\\nClick here to join the meeting\\nMeeting ID: 318 552 907 114\\nPasscode:',
  '  Xk9pQ2\\n',
  'UID:040000008200E00074C5B7101A82E00800000000A0F1C3D9E4F1DC01000000000000000010',
  ' 0000007D1B1F5E7A8C3A4F9B0C2E6D7A8B9C0D1',
  'SUMMARY;LANGUAGE=en-US:Vela Tessile x Stark - smart fabric pilot go/no-go',
  'DTSTART;TZID=W. Europe Standard Time:20260723T150000',
  'DTEND;TZID=W. Europe Standard Time:20260723T160000',
  'CLASS:PUBLIC',
  'PRIORITY:5',
  'DTSTAMP:20260710T081522Z',
  'TRANSP:OPAQUE',
  'STATUS:CONFIRMED',
  'SEQUENCE:1',
  'LOCATION;LANGUAGE=en-US:Microsoft Teams Meeting',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const VTT = `WEBVTT

00:00:03.120 --> 00:00:09.400
<v Ingrid Solberg>Okay, I think everyone's here. This is the Harbor weekly, so let's keep it to half an hour.

00:00:09.900 --> 00:00:21.050
<v Linus Berg>Sure. Quick status from our side: the ticket import from the old system ran over the weekend, about 410,000 tickets, and we lost nothing that we can see.

00:00:21.600 --> 00:00:30.200
<v Ingrid Solberg>Good. What about attachments? Last week they were the blocker.

00:00:30.800 --> 00:00:44.900
<v Linus Berg>Attachments are about eighty percent through. Initech's storage team had to raise a quota, that's done now. I expect the rest by Tuesday.

00:00:45.500 --> 00:00:58.000
<v Ingrid Solberg>Then from Fjordtech's side we're fine to switch the Oslo support desk on the twenty-second. Finance signed off the licence cost yesterday.

00:00:58.400 --> 00:01:06.700
<v Linus Berg>Agreed. Let's make the twenty-second the cutover date for Oslo and keep Bergen on the old system until July.

00:01:07.100 --> 00:01:12.300
<v Ingrid Solberg>Decision noted. I'll send the comms to the support team. Thanks all.
`;

const LONG_REVIEW: string[] = [
  'Annual access and credentials review 2026',
  'Issued: 2 Nov 2026',
  'Prepared by: Security & IT Operations',
  '',
  '1. Purpose',
  'This review covers every system that holds customer data or can move money, and every integration through which a third party reaches those systems. It follows the same method as last year so the two can be compared line by line.',
  '',
  '2. Method',
  'We exported the identity provider groups, the cloud IAM policies and the secrets vault audit log for the twelve months to 30 September. Each human account was matched to a current employee or contractor record. Each machine credential was matched to an owning team and a documented purpose. Credentials with no owner were disabled for fourteen days and then deleted unless someone claimed them.',
  '',
  '3. Headline numbers',
  '- 1,284 human accounts reviewed; 37 belonged to people who had left (all disabled within 24 hours of discovery).',
  '- 412 machine credentials reviewed; 58 had no owner, 51 were deleted after the claim period.',
  '- Mean age of API keys fell from 311 days to 142 days after the rotation campaign in April.',
  '- Hardware keys now cover 96% of staff with production access, up from 71%.',
  '',
  '4. Findings by area',
  '4.1 Payroll and finance systems. No exceptions. Two dormant administrator accounts were removed.',
  '4.2 Customer database. Read replicas were reachable from the analytics VPC without a bastion; fixed in June.',
  '4.3 Support tooling. The old ticketing system still has 19 shared logins. They disappear when the migration completes; no separate action.',
  '4.4 Build and deploy. Deploy keys were scoped per repository. One long-lived token with organisation-wide scope was replaced by short-lived tokens issued by the CI provider.',
  '4.5 Backups. Restore tests passed for all tier-1 stores. The restore runbook was out of date and has been rewritten.',
  '',
  '5. Third-party integrations',
  'Most partners connect through the partner API with per-partner OAuth clients, scoped to the data they need, and rotated every 90 days. We reviewed 23 such clients and found no over-broad scopes.',
  'The exception is the EDI link with Northwind Traders. Their operations team, which reports to Hedy Lamarr, still signs in to our SFTP drop with one shared password that was last changed in 2024, and four of their staff who have since left knew it. We raised it with their COO on 28 October; Northwind has agreed to move to key-based, per-user access by 15 December, and until then the drop only accepts connections from their two office IP ranges.',
  '',
  '6. Recommendations',
  '- Keep the quarterly rotation for API keys; move the remaining 12% of staff to hardware keys by Q1.',
  '- Make the claim period for ownerless credentials seven days instead of fourteen.',
  '- Require per-user credentials for every partner file exchange in new contracts.',
  '',
  '7. Appendix: systems in scope',
  'Identity provider, cloud accounts (3), secrets vault, payroll, ERP, data warehouse, customer database, support tooling (old and new), CI/CD, backup service, partner API, SFTP drop.',
];

export const BLIND5_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'b5-m01-notes-aliases',
    kind: 'meeting',
    upload: {
      filename: 'fjordtech checkin.md',
      content: `## Fjordtech check-in — Mon 14 Sept 2026\n\nPresent: Inga (Fjordtech), Ada L (Acme), me\n\n- Inga confirmed the budget for the Atlas work in the Bergen office is approved for Q4 (NOK 1.2m).\n- Ada L: Acme can lend two engineers for the schema mapping from October; she wants a written scope first.\n- Open question on data residency: Fjordtech's auditors want the replica in Norway, not Frankfurt.\n\nNext steps\n- [ ] me: write the scope for Ada by Friday\n- [ ] Inga: ask auditors whether Stockholm is acceptable\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ingrid-solberg'), C('fjordtech'), P('ada-lovelace'), C('acme'), J('atlas-migration')],
    date: '2026-09-14',
  },
  {
    id: 'b5-m02-zoom-transcript',
    kind: 'meeting',
    upload: {
      filename: 'GMT20261002-140112_Recording.transcript.txt',
      content: `Brightline / Globex — Falcon pilot review\nRecorded Oct 2, 2026\n\n00:00:04 Tomasz Nowak: Hi Grace, can you hear me? Great. So I wanted to walk through the first month of the Falcon pilot at our clinics.\n00:00:15 Grace Hopper: Please. I've seen the dashboard but not your numbers.\n00:00:22 Tomasz Nowak: Appointment no-shows went from fourteen percent to just under nine in the three pilot clinics. The model is flagging about two hundred patients a week for a reminder call.\n00:01:02 Grace Hopper: That's better than we modelled. Any problems?\n00:01:09 Tomasz Nowak: Latency on the morning batch. It finishes at 7:40, and the call centre starts at 7:30.\n00:01:25 Grace Hopper: We can move the batch to 5 a.m., that's a config change on our side. I'll have it done this week.\n00:01:40 Tomasz Nowak: Then I'd propose we extend the pilot to all eleven clinics in November.\n00:01:48 Grace Hopper: Agreed, subject to your DPO signing the updated data flow.\n00:02:05 Tomasz Nowak: I'll get that signed. Thanks Grace.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tomasz-nowak'), C('brightline'), P('grace-hopper'), C('globex'), J('falcon')],
    date: '2026-10-02',
  },
  {
    id: 'b5-m03-ics-emails-declined',
    kind: 'meeting',
    upload: { filename: 'invite.ics', content: ICS },
    worth: true,
    own: 'meetings/',
    touch: [P('marco-bianchi'), C('vela'), P('barbara-liskov'), C('stark')],
    allow: [P('linus-berg'), C('initech')],
    date: '2026-07-23',
  },
  {
    id: 'b5-m04-ai-recap',
    kind: 'meeting',
    upload: {
      filename: 'Meeting recap - Wonka follow-on.txt',
      content: `Meeting Recap\nWonka follow-on discussion\nTue, Aug 18 2026 · 4:00 PM - 4:45 PM (CEST)\nParticipants: radia@wonka.co, ken@ourfund.vc\n\nOverview\nThe participants discussed Wonka Labs' plan to raise a Series B in Q1 2027 and whether the fund would take its pro-rata. Radia shared that revenue grew 2.3x year over year and that the company has 20 months of runway. Ken asked about gross margin, which is at 61% and expected to reach 68% once the new factory line is running.\n\nOutline\n- Fundraising timeline (00:02): Wonka Labs intends to open the round in January; target size $40M.\n- Metrics (00:11): ARR $14.5M; net revenue retention 128%.\n- Pro-rata (00:27): Ken indicated the fund is likely to take its full pro-rata, subject to the partnership meeting.\n\nAction items\n- Radia to send the updated model and cap table by Aug 28.\n- Ken to bring the follow-on to the partnership meeting in September.\n\n---\nThis summary was generated automatically and may contain inaccuracies. Manage your recap settings at https://recaps.example-notetaker.com/settings · Unsubscribe from recap e-mails\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('radia-perlman'), C('wonka'), P('ken-thompson')],
    date: '2026-08-18',
  },
  {
    id: 'b5-m05-italian-minutes',
    kind: 'meeting',
    upload: {
      filename: 'verbale_riunione_northwind.txt',
      content: `VERBALE DELLA RIUNIONE\n\nData: giovedì 5 novembre 2026, ore 10:30\nLuogo: videochiamata\nPartecipanti: Marco Bianchi (Vela Tessile), Hedy Lamarr (Northwind Traders)\n\n1. Ordine di tessuto tecnico per il 2027\nNorthwind conferma l'intenzione di ordinare 18.000 metri di tessuto idrorepellente per la linea primavera-estate. Marco Bianchi propone un prezzo di 7,40 EUR al metro con consegne mensili da febbraio.\n\n2. Tempi di consegna\nHedy Lamarr chiede che la prima consegna arrivi entro il 15 febbraio per non bloccare la produzione. Vela Tessile può garantirlo solo se l'ordine viene firmato entro il 30 novembre.\n\n3. Decisioni\n- Si procede con il prezzo di 7,40 EUR/m per i primi 10.000 metri; il resto sarà rinegoziato a maggio.\n- Northwind invierà l'ordine firmato entro il 30 novembre.\n\nProssima riunione: da fissare a gennaio.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('marco-bianchi'), C('vela'), P('hedy-lamarr'), C('northwind')],
    date: '2026-11-05',
  },
  {
    id: 'b5-m06-email-recap-cc',
    kind: 'meeting',
    upload: {
      filename: 'Recap - Umbrella Hooli data sharing call.eml',
      content: `From: Alan Turner <alan.turner@gmail.com>\nTo: Margaret Hamilton <mh@umbrella.org>\nCc: alex.kim@acme.com\nDate: Wed, 30 Sep 2026 09:12:44 +0000\nSubject: Recap: data-sharing call (Tue 29 Sep)\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n\nHi Maggie,\n\nThanks for making time for the call on Tuesday 29 September. My notes, so we have the same picture:\n\n- Hooli will receive de-identified admissions data from Umbrella Health's three pilot hospitals, monthly, starting in January.\n- Umbrella keeps the re-identification key; Hooli never receives direct identifiers.\n- Your legal team will send a draft data-sharing agreement by 16 October; ours turns it around within a week.\n- We agreed to drop the free-text clinical notes from scope for now.\n\nI've copied Alex only so he knows the January date for his own planning; nothing needed from him.\n\nBest,\nAlan\n\n--\nAlan Turner\nPartnerships · Hooli\nhooli.xyz | +1 415 555 0142\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('margaret-hamilton'), C('umbrella'), P('alan-turner'), C('hooli')],
    date: '2026-09-29',
  },
  {
    id: 'b5-m07-webvtt-filename-date',
    kind: 'meeting',
    upload: { filename: 'Harbor weekly 2026-06-11.vtt', content: VTT },
    worth: true,
    own: 'meetings/',
    touch: [P('ingrid-solberg'), C('fjordtech'), P('linus-berg'), C('initech'), J('harbor')],
    date: '2026-06-11',
  },
  {
    id: 'b5-m08-one-on-one-dotted-date',
    kind: 'meeting',
    upload: {
      filename: '1on1.txt',
      content: `1:1 w/ Alex Chen — 2026.04.21\n\n* how's it going: tired, the Globex Corporation reorg landed on his team mid-sprint\n* he's taking over day-to-day lead of Falcon from May 1; Grace stays as sponsor only\n* wants budget for one more ML engineer; told him to write it up with the Falcon Q3 plan\n* career: interested in moving to a staff role next year, we'll revisit in Sept\n\nfollow-ups\n- intro him to our infra folks re: GPU quota\n- next 1:1 in two weeks\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('alex-chen'), C('globex'), J('falcon')],
    allow: [P('grace-hopper')],
    date: '2026-04-21',
  },
  {
    id: 'b5-m09-board-minutes-observer',
    kind: 'meeting',
    upload: {
      filename: 'Brightline board minutes Jan 2026.md',
      content: `# Brightline Health — Minutes of the Board of Directors\n\nHeld 12 January 2026 by video conference.\n\n**Present:** Tomasz Nowak (Head of Data, presenting), Ken Thompson (director), Radia Perlman (observer, Wonka Labs)\n**Secretary:** company counsel\n\n## 1. Data platform\nTomasz Nowak presented the data platform roadmap. The board noted that patient-level data now stays in the EU region and that the warehouse costs fell 22% after the move to reserved capacity.\n\n## 2. Budget 2026\nThe board approved the 2026 budget of EUR 31m operating expenditure, with hiring frozen at 240 FTE until the Series B closes.\n\n## 3. Strategic partnership\nRadia Perlman described Wonka Labs' interest in a device partnership. The board asked management to return with terms by the March meeting; no decision was taken.\n\nThere being no further business, the meeting closed at 17:40.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [C('brightline'), P('tomasz-nowak'), P('ken-thompson'), P('radia-perlman'), C('wonka')],
    date: '2026-01-12',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'b5-d01-memo-atlas',
    kind: 'document',
    upload: {
      filename: 'memo-atlas-cutover.md',
      content: `MEMORANDUM\n\nTo: Leadership team\nFrom: ada@acme.com\nDate: 2 June 2026\nRe: Atlas cutover plan\n\nSummary\nWe propose to cut over the last three services of the Atlas Migration on the weekend of 27 June. The platform team at Initech, led by Linus Berg, will run the cutover; our engineers are on call.\n\nWhy now\nThe old cluster's support contract ends on 31 July. Cutting over in June leaves a month of margin for a rollback.\n\nPlan\n1. Freeze schema changes from 20 June.\n2. Linus Berg's team replays the last 48 hours of writes into the new cluster and verifies checksums.\n3. DNS switch on Saturday 27 June at 06:00 UTC; rollback window until Sunday 18:00.\n\nRisks\n- Initech's on-call rota is thin that weekend (summer holidays); Linus has confirmed two extra people.\n- The billing export job has not been tested against the new cluster.\n\nDecision requested: approve the date.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('atlas-migration'), C('initech'), P('linus-berg')],
    allow: [P('ada-lovelace'), C('acme')],
    date: '2026-06-02',
  },
  {
    id: 'b5-d02-spec-billing',
    kind: 'document',
    upload: {
      filename: 'invoice-api-v2-spec.md',
      content: `# Invoice API v2 — technical specification\n\nStatus: Draft for review\nProject: Billing Revamp\nLast updated: 2026-05-19\n\n## Background\nThe current invoice endpoint returns a single PDF per customer per month and supports only one currency per account. Two design partners have asked for more: Vandelay Industries needs line-item invoices per cost centre, and Stark Industries needs invoices in USD and EUR on the same account.\n\n## Goals\n- Line items with cost-centre tags.\n- Multi-currency accounts, with the exchange rate fixed at invoice time.\n- Webhooks when an invoice is finalised or paid.\n\n## Non-goals\n- Tax calculation (stays with the tax provider).\n- Credit notes (phase 2).\n\n## API\n\`\`\`\nPOST /v2/invoices\nGET  /v2/invoices/{id}\nGET  /v2/invoices?account={id}&period=2026-05\n\`\`\`\nEach invoice carries \`currency\`, \`fx_rate\`, \`lines[]\` with \`cost_centre\`.\n\n## Rollout\nVandelay Industries pilots line items from July; Stark Industries pilots multi-currency from August. General availability when both pilots have run two billing cycles without manual correction.\n\n## Open questions\n- Do we round per line or per invoice? (Finance prefers per invoice.)\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('billing-revamp'), C('vandelay'), C('stark')],
    date: '2026-05-19',
  },
  {
    id: 'b5-d03-docx-board-update',
    kind: 'document',
    upload: {
      filename: 'Fjordtech Q3 2026 board update.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Fjordtech AS: Q3 2026 board update', heading: true },
          { text: '8 October 2026. Prepared by Ingrid Solberg, CFO.' },
          { text: 'Highlights', heading: true },
          { text: 'Revenue for the quarter was NOK 48.2m, up 19% on Q3 2025. Gross margin held at 72%.' },
          { text: 'We signed Umbrella Health as our first health-care customer: a three-year licence for the fleet-logistics module across their hospital supply chain, worth NOK 9m a year.' },
          { text: 'Hooli did not renew its pilot. Their reason was a change of strategy after their own reorganisation, not the product; we keep a good relationship and may revisit in 2027.' },
          { text: 'Cash and runway', heading: true },
          { text: 'Cash at quarter end was NOK 131m, giving 26 months of runway at the current burn.' },
          { text: 'Asks of the board', heading: true },
          { text: 'Approve the hiring of four engineers for the health-care vertical. Ingrid Solberg will present the detailed plan at the November meeting.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('fjordtech'), P('ingrid-solberg'), C('umbrella'), C('hooli')],
    date: '2026-10-08',
  },
  {
    id: 'b5-d04-pdf-investment-memo',
    kind: 'document',
    upload: {
      filename: 'IC memo - Brightline Series A.pdf',
      contentBase64: b64(
        makePdf([
          'Investment Committee Memo: Brightline Health, Series A',
          'Date: 17.03.2026    Author: seun@ourfund.vc',
          'Recommendation: invest EUR 6m of a EUR 15m Series A.',
          'Ken Thompson to lead the deal and take the board seat.',
          'Company: digital clinics, 11 sites, EUR 9.4m ARR, 2.1x growth.',
          'Team: strong data function under Tomasz Nowak, Head of Data,',
          'who built the no-show model now in production.',
          'Risks: reimbursement changes in Germany; clinic roll-out capex.',
          'Valuation: EUR 60m pre-money; 3x revenue multiple on 2027 plan.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('brightline'), P('tomasz-nowak'), P('ken-thompson')],
    allow: [P('oluwaseun-adeyemi')],
    date: '2026-03-17',
  },
  {
    id: 'b5-d05-news-article',
    kind: 'document',
    upload: {
      filename: 'vandelay-acquires-portline.html',
      canonicalUrl: 'https://www.example-businessnews.com/2026/07/08/vandelay-industries-acquires-portline',
      content: `<!doctype html><html><head><title>Vandelay Industries buys freight-software start-up Portline | Business News</title><meta property="article:published_time" content="2026-07-08T06:30:00Z"></head><body><nav>Home · Markets · Tech · Opinion</nav><article><h1>Vandelay Industries buys freight-software start-up Portline</h1><p class="byline">By Staff Reporter · Published July 8, 2026</p><p>Vandelay Industries, the import-export group, said on Wednesday it had agreed to acquire Portline, a Rotterdam start-up whose software books container space across carriers, for an undisclosed sum reported to be about $85 million.</p><p>Vandelay plans to fold Portline's booking engine into its own customer portal by early 2027, and to keep Portline's 60 staff in Rotterdam. The company said the deal would cut the time to quote a shipment from days to minutes.</p><p>The move puts Vandelay in more direct competition with software-first logistics groups such as Globex, analysts said.</p><p>The deal is expected to close in the third quarter, subject to regulatory approval.</p></article><footer>© 2026 Business News. <a href="/subscribe">Subscribe</a> · <a href="/privacy">Privacy</a></footer></body></html>`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('vandelay')],
    allow: [C('globex')],
    date: '2026-07-08',
  },
  {
    id: 'b5-d06-long-review-deep-entity',
    kind: 'document',
    upload: { filename: 'access-review-2026.txt', content: LONG_REVIEW.join('\n') },
    worth: true,
    own: 'sources/',
    touch: [C('northwind'), P('hedy-lamarr')],
    allow: [J('harbor')],
    date: '2026-11-02',
  },
  {
    id: 'b5-d07-forwarded-price-list',
    kind: 'document',
    upload: {
      filename: 'Fwd_ Listino prezzi 2027.eml',
      content: `From: Marco Bianchi <m.bianchi@velatessile.it>\nTo: purchasing@ourcompany.example\nCc: ada@acme.com, hedy.l@northwind.example\nDate: Mon, 19 Oct 2026 11:02:17 +0200\nSubject: Listino prezzi 2027 / 2027 price list\nContent-Type: text/plain; charset=UTF-8\n\nGood morning,\n\nplease find below our price list for 2027, valid for orders placed from 1 January 2027.\n\n- Technical polyester 210D, water-repellent: EUR 7.90/m (2026: 7.40)\n- Conductive knit, silver-coated: EUR 31.00/m (2026: 29.50)\n- Flame-retardant aramid blend: EUR 18.20/m (unchanged)\n\nThe increase reflects higher energy and yarn costs. Orders confirmed before 30 November 2026 are still invoiced at 2026 prices, with delivery until 31 March 2027.\n\nMinimum order stays at 500 m per article.\n\nCordiali saluti / Best regards,\n\nMarco Bianchi\nDirettore commerciale\nVela Tessile S.p.A. · Via del Lanificio 14, 59100 Prato (PO)\nTel. +39 0574 555 218 · www.velatessile.it\n\nThis e-mail and any attachments are confidential and intended only for the addressee.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('vela'), P('marco-bianchi')],
    date: '2026-10-19',
  },
  {
    id: 'b5-d08-docx-domain-only',
    kind: 'document',
    upload: {
      filename: 'Harbor phase 2 proposal.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Proposal: Harbor phase 2', heading: true },
          { text: 'November 10th, 2026 · Support Platform team' },
          { text: 'Phase 1 of Project Harbor moved our own support desks onto the new ticketing stack. Phase 2 offers the same stack to customers who run their own patient or passenger help lines.' },
          { text: 'Pilot customer', heading: true },
          { text: 'The team at brightline.health has agreed to pilot it for their clinic call centre from January: 40 agents, about 9,000 tickets a month, with single sign-on through their existing identity provider.' },
          { text: 'Scope', heading: true },
          { text: 'Multi-tenant queues, customer-managed SSO, a per-tenant data export. Out of scope: voice, billing integration.' },
          { text: 'Cost and timeline', heading: true },
          { text: 'Three engineers for one quarter. Decision needed by 1 December so the pilot can start on 11 January 2027.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [J('harbor'), C('brightline')],
    date: '2026-11-10',
  },
  {
    id: 'b5-d09-term-sheet-emails-only',
    kind: 'document',
    upload: {
      filename: 'joint-research-term-sheet-draft.txt',
      content: `JOINT RESEARCH AGREEMENT — SUMMARY OF TERMS (non-binding draft v3)\nDated: February 27, 2026\n\nParties\n  Party A: represented by barbara@stark.dev\n  Party B: represented by grace@globex.io\n\nPurpose\n  Joint research on low-power inference hardware for on-device scheduling models, for 18 months.\n\nContributions\n  Party A provides lab access and two research engineers.\n  Party B provides model architectures, training data under licence, and one research scientist.\n\nIntellectual property\n  Background IP stays with each party. Foreground IP is jointly owned; each party may use it internally without payment. Licensing to third parties needs both parties' consent.\n\nPublication\n  Either party may publish after a 60-day review window.\n\nCosts\n  Each party bears its own costs. Shared equipment up to USD 400k is split 50/50.\n\nNext step\n  Legal review by both parties by 20 March 2026.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('stark'), C('globex'), P('barbara-liskov'), P('grace-hopper')],
    date: '2026-02-27',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'b5-s01-json-alias',
    kind: 'session',
    upload: {
      filename: 'agent-session-2026-09-21.json',
      content: JSON.stringify({
        session_id: 'c41d9e02',
        started_at: '2026-09-21T07:55:40Z',
        messages: [
          { role: 'system', content: 'You are a helpful assistant for account management.' },
          { role: 'user', content: 'Inga at Fjordtech just told me they want to extend the Atlas rollout to their Bergen office next quarter. What do I need to check before I say yes?' },
          { role: 'assistant', content: 'Three things: (1) whether the current Atlas contract covers additional sites or needs an amendment, (2) capacity on the migration team for Q1, and (3) any data-residency constraints for the Bergen data, since Norwegian auditors often ask for in-country replicas.' },
          { role: 'user', content: 'contract needs an amendment, capacity is fine. decision: we say yes, amendment priced at the same per-site rate. todo for me: send Inga the amendment by the 30th' },
          { role: 'assistant', content: 'Noted. Decision: extend Atlas to Fjordtech Bergen at the same per-site rate via a contract amendment. To-do: send the amendment to Inga by 30 September.' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [C('fjordtech'), P('ingrid-solberg'), J('atlas-migration')],
    date: '2026-09-21',
  },
  {
    id: 'b5-s02-chatgpt-person-moves',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Intro email for Alan',
          create_time: epoch('2026-08-03T18:04:00Z'),
          update_time: epoch('2026-08-03T18:15:00Z'),
          mapping: {
            'aaa-root': { id: 'aaa-root', message: null, parent: null, children: ['m1'] },
            m1: { id: 'm1', parent: 'aaa-root', children: ['m2'], message: { id: 'm1', author: { role: 'user' }, create_time: epoch('2026-08-03T18:04:00Z'), content: { content_type: 'text', parts: ['Big news: Alan Turner is leaving Hooli at the end of the year and joining Wonka Labs as VP Product in January. I want to write a short note to congratulate him and ask whether Wonka would want to keep the integration we built with Hooli alive. Keep it warm but short.'] } } },
            m2: { id: 'm2', parent: 'm1', children: ['m3'], message: { id: 'm2', author: { role: 'assistant' }, create_time: epoch('2026-08-03T18:05:00Z'), content: { content_type: 'text', parts: ["Hi Alan,\n\nCongratulations on the move to Wonka Labs — VP Product is a great fit. It's been a pleasure working with you at Hooli.\n\nOnce you've settled in, I'd love to talk about whether the integration we built together could be useful at Wonka too.\n\nAll the best for the last months at Hooli,"] } } },
            m3: { id: 'm3', parent: 'm2', children: [], message: { id: 'm3', author: { role: 'user' }, create_time: epoch('2026-08-03T18:14:00Z'), content: { content_type: 'text', parts: ['perfect, sending it. note for later: we need a new Hooli contact before December.'] } } },
          },
          current_node: 'm3',
          conversation_id: 'b0d5f7a8-2c11-4e0e-8f5b-0f3c6a9e1d22',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('alan-turner'), C('hooli'), C('wonka')],
    date: '2026-08-03',
  },
  {
    id: 'b5-s03-claude-export',
    kind: 'session',
    upload: {
      filename: 'claude-conversation.json',
      content: JSON.stringify({
        uuid: '5e3c1f4a-8b0d-4f2a-9a61-3f1d2c7b9e10',
        name: 'Vandelay MSA liability clause',
        created_at: '2026-05-07T13:21:09.482Z',
        updated_at: '2026-05-07T13:48:51.105Z',
        account: { uuid: '0f0e0d0c-0b0a-0908-0706-050403020100' },
        chat_messages: [
          { uuid: 'u1', sender: 'human', created_at: '2026-05-07T13:21:09.482Z', text: "Vandelay Industries sent back our MSA with the liability cap changed from 12 months of fees to 36 months, and they deleted the exclusion for indirect damages. We're a 40-person SaaS company. How bad is this?", content: [{ type: 'text', text: "Vandelay Industries sent back our MSA with the liability cap changed from 12 months of fees to 36 months, and they deleted the exclusion for indirect damages. We're a 40-person SaaS company. How bad is this?" }], attachments: [], files: [] },
          { uuid: 'a1', sender: 'assistant', created_at: '2026-05-07T13:21:40.000Z', text: 'Both changes shift a lot of risk to you. Removing the indirect-damages exclusion is the bigger one: it could expose you to lost-profit claims far larger than the contract value. A common compromise is to accept a higher cap (say 24 months) for data-breach claims only, keep 12 months for everything else, and restore the exclusion. I am not a lawyer; have counsel review the final wording.', content: [], attachments: [], files: [] },
          { uuid: 'u2', sender: 'human', created_at: '2026-05-07T13:45:02.000Z', text: "OK. We'll go back to Vandelay with: 12-month general cap, 24-month super-cap for data breaches, indirect damages excluded. That's our position. Draft a two-line reply.", content: [], attachments: [], files: [] },
          { uuid: 'a2', sender: 'assistant', created_at: '2026-05-07T13:45:30.000Z', text: 'Thanks for the redline. We can accept a 24-month cap for data-protection claims, with the general cap remaining at 12 months of fees and the exclusion of indirect damages restored; a revised draft is attached.', content: [], attachments: [], files: [] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [C('vandelay')],
    date: '2026-05-07',
  },
  {
    id: 'b5-s04-markdown-bold-labels',
    kind: 'session',
    upload: {
      filename: 'chat-billing-priorities.md',
      content: `# Chat export\n_Exported 2026-06-30 14:02_\n\n**User:** I have to pick what goes into the next Billing Revamp milestone. Options: multi-currency, credit notes, or usage-based pricing. Barbara at Stark has been pushing hard for multi-currency, they need it before their fiscal year starts in March.\n\n**Assistant:** If Stark is a committed design partner with a hard date, multi-currency is the one with a real deadline attached. Credit notes are usually a support-cost problem you can work around manually for a quarter. Usage-based pricing is the biggest and least defined. I would do multi-currency first, and scope usage-based pricing properly in parallel.\n\n**User:** agreed. decision: multi-currency is the next milestone, target end of January. credit notes slip to Q2. I'll tell Barbara this week.\n\n**Assistant:** Summary:\n- Decision: multi-currency ships in the next Billing Revamp milestone, target end of January.\n- Credit notes move to Q2.\n- To-do: tell Barbara (Stark) this week.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [J('billing-revamp'), C('stark'), P('barbara-liskov')],
    date: '2026-06-30',
  },
  {
    id: 'b5-s05-nothing-known',
    kind: 'session',
    upload: {
      filename: 'pasted-chat.txt',
      content: `Human: what's a good way to dedupe a list of dicts in python by one key but keep the last one seen\n\nAssistant: Build a dict keyed by that field and let later entries overwrite earlier ones:\n\n    deduped = list({row["id"]: row for row in rows}.values())\n\nDict insertion order is preserved, but note that an overwritten key keeps its original position. If you need the last occurrences in the order they last appeared, iterate in reverse, keep the first seen, then reverse back.\n\nHuman: nice, the order doesn't matter here. thanks\n\nAssistant: Then the one-liner is all you need.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b5-s06-agent-tool-log',
    kind: 'session',
    upload: {
      filename: 'run-log.json',
      content: JSON.stringify([
        { role: 'system', content: 'You are an operations agent with access to the CRM and e-mail tools.', timestamp: '2026-07-15T09:00:00Z' },
        { role: 'user', content: 'Who is our contact at umbrella.org and what is outstanding with them?', timestamp: '2026-07-15T09:00:05Z' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'crm_lookup', arguments: '{"domain":"umbrella.org"}' } }], timestamp: '2026-07-15T09:00:07Z' },
        { role: 'tool', tool_call_id: 'call_1', content: '{"contacts":[{"email":"mh@umbrella.org","open_items":["DPA unsigned since 2026-06-02","security questionnaire returned 2026-07-01"]}]}', timestamp: '2026-07-15T09:00:08Z' },
        { role: 'assistant', content: 'Your contact is mh@umbrella.org. Outstanding: the data processing agreement has been unsigned since 2 June; the security questionnaire came back on 1 July and is complete.', timestamp: '2026-07-15T09:00:10Z' },
        { role: 'user', content: 'ok. send Maggie a reminder about the DPA and put a follow-up on my list for next Wednesday', timestamp: '2026-07-15T09:01:30Z' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'send_email', arguments: '{"to":"mh@umbrella.org","subject":"DPA signature","body":"Hi Maggie, a quick reminder that the DPA is still waiting for your signature. Happy to answer any questions. Thanks!"}' } }], timestamp: '2026-07-15T09:01:33Z' },
        { role: 'tool', tool_call_id: 'call_2', content: '{"status":"sent"}', timestamp: '2026-07-15T09:01:34Z' },
        { role: 'assistant', content: 'Reminder sent to Maggie. To-do added: follow up on the Umbrella DPA on Wednesday 22 July.', timestamp: '2026-07-15T09:01:36Z' },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('margaret-hamilton'), C('umbrella')],
    date: '2026-07-15',
  },
  {
    id: 'b5-s07-ambiguous-first-name',
    kind: 'session',
    upload: {
      filename: 'chat.md',
      content: `### user\nAlex says the pilot slipped two weeks because the vendor's API keys expired. how should i phrase the update to the steering group so it doesn't sound like his fault?\n\n### assistant\nKeep it factual and about the cause, not the person: "The pilot start moves by two weeks, to the 14th. The delay comes from expired vendor credentials, which have now been reissued; we have added a credential-expiry check to the launch checklist." That frames it as a process fix.\n\n### user\ngood, using that.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b5-s08-quoted-lowercase',
    kind: 'session',
    upload: {
      filename: 'falcon-chat.txt',
      content: `session started 27/10/2026 09:14\n\n> user\nquick sanity check. brightline wants falcon rolled out to all eleven clinics in november. tomasz says their DPO signed the new data flow yesterday. anything else i should confirm before i green-light it?\n\n> assistant\nConfirm three things: that the batch move to 5 a.m. is live (it was the latency issue), that each new clinic has a named call-centre lead for the reminder list, and that the signed data-flow document covers all eleven sites rather than just the three pilot sites.\n\n> user\nall three yes. green-lighting it. decision: falcon goes to all 11 brightline clinics from 9 nov. todo: ask tomasz for the clinic lead names\n\n> assistant\nLogged. Decision: Falcon roll-out to all eleven Brightline clinics from 9 November. To-do: get the clinic lead names from Tomasz.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('brightline'), P('tomasz-nowak'), J('falcon')],
    date: '2026-10-27',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'b5-j01-newsletter',
    kind: 'junk',
    upload: {
      filename: 'The Stack Weekly #212.eml',
      content: `From: The Stack Weekly <hello@stackweekly.example>\nTo: you@ourcompany.example\nDate: Fri, 13 Nov 2026 07:00:00 +0000\nSubject: #212: GPUs get cheaper, Globex ships a scheduler, and the return of the monolith\nList-Unsubscribe: <https://stackweekly.example/unsub?u=8812>\n\nTHE STACK WEEKLY · Issue 212\n\nThis week's top links\n\n1. Spot GPU prices fell another 18% in October. Here's a chart of the last two years.\n2. Globex open-sourced the scheduler behind its logistics platform. Early benchmarks look good.\n3. "We moved back to a monolith and nobody died" — a long read from a 200-person engineering org.\n4. Postgres 19 beta: what's in it for you.\n\nSponsored: Ship faster with Cloudy CI. First 10,000 minutes free.\n\nYou are receiving this because you subscribed at stackweekly.example. Unsubscribe · Update preferences\n`,
    },
    worth: false,
  },
  {
    id: 'b5-j02-receipt-known-company',
    kind: 'junk',
    upload: {
      filename: 'Your Hooli Cloud receipt.eml',
      content: `From: Hooli Cloud Billing <no-reply@billing.hooli.xyz>\nTo: accounts@ourcompany.example\nDate: Sun, 1 Nov 2026 03:14:09 +0000\nSubject: Your receipt for October 2026 (Invoice HC-2026-10-55812)\n\nHooli Cloud\n\nReceipt\nInvoice number: HC-2026-10-55812\nBilling period: 1 Oct 2026 – 31 Oct 2026\nPayment method: Visa ending 4421\n\nCompute (standard-4, 2,208 h) ....... $441.60\nObject storage (1.9 TB-month) ....... $43.70\nNetwork egress (312 GB) ............. $28.08\nSubtotal ............................ $513.38\nTax ................................. $0.00\nTotal charged ....................... $513.38\n\nThank you for using Hooli Cloud. View your invoices at console.hooli.xyz/billing.\nThis is an automated message; replies to this address are not monitored.\n`,
    },
    worth: false,
  },
  {
    id: 'b5-j03-repo-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.eml',
      content: `From: notifications@git-host.example\nTo: you@ourcompany.example\nDate: Thu, 22 Oct 2026 16:40:12 +0000\nSubject: Re: [acme/atlas-tools] Bump lodash from 4.17.21 to 4.17.22 (PR #412)\n\n@dependency-bot[bot] pushed 1 commit.\n\n  3f2a9c1  Bump lodash from 4.17.21 to 4.17.22\n\nView it on the web: https://git-host.example/acme/atlas-tools/pull/412/files\n\n—\nYou are receiving this because you are subscribed to this thread.\nReply to this email directly, view it on the web, or unsubscribe.\n`,
    },
    worth: false,
  },
  {
    id: 'b5-j04-spam',
    kind: 'junk',
    upload: {
      filename: 'URGENT business proposal.eml',
      content: `From: "Dr. James Okafor" <j.okafor.claims@freemail.example>\nTo: undisclosed-recipients:;\nDate: Sat, 7 Nov 2026 02:11:45 +0100\nSubject: URGENT: Unclaimed consignment in your company's name\n\nDear Esteemed Partner,\n\nI am the claims officer of an international courier. A consignment box valued at USD 4,500,000.00 registered to your company has been held at our facility since 2024. To release it we only require a small clearance fee of USD 1,250 and your full banking details.\n\nRespond within 48 hours or the consignment will be forfeited to the government treasury.\n\nYours faithfully,\nDr. James Okafor\nClaims Department\n`,
    },
    worth: false,
  },
  {
    id: 'b5-j05-webinar-from-known-company',
    kind: 'junk',
    upload: {
      filename: 'Webinar invitation.eml',
      content: `From: Stark Industries Events <events@starkindustries.com>\nTo: you@ourcompany.example\nDate: Tue, 3 Nov 2026 15:00:00 +0000\nSubject: You're invited: "Materials science in 2027" — live webinar, 19 November\n\nJoin Stark Industries' research leaders for a 45-minute live session on new materials, followed by Q&A.\n\nWhen: Thursday 19 November 2026, 17:00 CET\nWhere: online (link sent after registration)\n\n[Register now]\n\nCan't make it? Register anyway and we'll send you the recording.\n\nStark Industries · 10880 Malibu Point · You received this e-mail because you opted in to event news. Manage preferences | Unsubscribe\n`,
    },
    worth: false,
  },
];
