// The filing eval set: hand-written items of four kinds against the seeded brain (brain.ts), each
// with the pages it should touch and the date its timeline lines should carry. Written the way
// people and tools write these things (call notes, transcripts, calendar exports, memos, specs,
// PDFs, DOCX files, chat exports, junk mail), not in the engine's own formats.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';

export type EvalKind = 'meeting' | 'document' | 'session' | 'junk';

export interface EvalUpload {
  filename: string;
  content?: string;
  contentBase64?: string;
  canonicalUrl?: string;
}

export interface EvalItem {
  id: string;
  kind: EvalKind;
  upload: EvalUpload;
  /** false: must not be filed (junk, or a session naming nothing in the brain). */
  worth: boolean;
  /** The folder the item's own page goes to (`meetings/`, `sources/`, `notes/`). */
  own?: string;
  /** Existing pages the item must touch, each with a dated timeline line linking the item's page. */
  touch?: string[];
  /** Pages that may be touched without counting against precision (new people, bylines). */
  allow?: string[];
  /** The event's date; 'upload' when the item carries none. */
  date?: string;
}

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');

export const EVAL_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'm01-notes-acme-renewal',
    kind: 'meeting',
    upload: {
      filename: 'acme renewal call.txt',
      content: `Acme renewal call\nDate: 2026-03-04\nAttendees: Ada Lovelace <ada@acme.com>, Ken Thompson <ken@ourfund.vc>\n\nNotes\n- Acme wants to renew for 120 seats, up from 80.\n- The Billing Revamp has to ship before they sign; Ada says their finance team needs the new invoices.\n\nDecision: offer a 12% discount for a two-year term.\nAction: Ken to send the revised order form by Friday.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('ken-thompson'), C('acme'), J('billing-revamp')],
    date: '2026-03-04',
  },
  {
    id: 'm02-transcript-globex-initech',
    kind: 'meeting',
    upload: {
      filename: 'transcript.txt',
      content: `Globex / Initech integration sync — March 5, 2026\n\n[00:00] Grace Hopper: Thanks for joining. Let's go through where Project Falcon stands.\n[00:42] Linus Berg: Our side of the API is done. We still need the staging credentials from you.\n[01:15] Grace Hopper: I'll get those to you today. The load test showed 400 requests per second on a single node.\n[02:30] Linus Berg: That is enough for the pilot. We agreed to start the pilot on March 16.\n[03:05] Grace Hopper: Great, I'll tell the Falcon steering group.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('grace-hopper'), P('linus-berg'), C('globex'), C('initech'), J('falcon')],
    date: '2026-03-05',
  },
  {
    id: 'm03-ics-umbrella',
    kind: 'meeting',
    upload: {
      filename: 'invite.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260310T140000Z',
        'DTEND:20260310T150000Z',
        'DTSTAMP:20260301T090000Z',
        'ORGANIZER;CN=Ken Thompson:mailto:ken@ourfund.vc',
        'UID:7kukuqrhb1@google.com',
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Maggie Hamilton:mailto:mh@umbrella.org',
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Ken Thompson:mailto:ken@ourfund.vc',
        'SUMMARY:Umbrella pilot review',
        'DESCRIPTION:Review the Atlas Migration pilot results: 3 of 5 clinics migrated\\, no data loss. Decide whether to roll out to the remaining clinics in April.',
        'LOCATION:Zoom',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('margaret-hamilton'), P('ken-thompson'), C('umbrella'), J('atlas-migration')],
    date: '2026-03-10',
  },
  {
    id: 'm04-notes-stark-new-person',
    kind: 'meeting',
    upload: {
      filename: 'stark-intro.md',
      content: `# Stark Industries intro\n\n**Date:** 2026-03-12\n**Attendees:** Barbara Liskov <barbara@stark.dev>, Tony Vance <tony.vance@stark.dev>, Ken Thompson\n\n## Notes\n\nBarbara introduced Tony Vance, who runs procurement. Stark wants a 6-month pilot for the research division, 40 users.\n\n## Next steps\n\n- [ ] Ken: send the pilot proposal (due 2026-03-20)\n- [ ] Tony: confirm the security review owner\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('barbara-liskov'), P('ken-thompson'), C('stark')],
    allow: ['people/'],
    date: '2026-03-12',
  },
  {
    id: 'm05-notes-hooli-cc-footer',
    kind: 'meeting',
    upload: {
      filename: 'hooli weekly.txt',
      content: `Subject: Notes from Hooli weekly (2026-03-13)\nTo: Alan Turner <alan.turner@gmail.com>\nCc: Radia Perlman <radia@wonka.co>\n\nHi Alan,\n\nNotes from today's call with you and Ken Thompson:\n- Hooli's usage grew 18% month over month; the ads team is the largest user.\n- We agreed to move the quarterly review to the first week of April.\n- Alan will share the churn numbers next week.\n\nBest,\nKen\n\n--\nKen Thompson | Partner | ourfund.vc\nSent from my iPhone\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('alan-turner'), P('ken-thompson'), C('hooli')],
    date: '2026-03-13',
  },
  {
    id: 'm06-vtt-acme',
    kind: 'meeting',
    upload: {
      filename: 'acme-design-review.vtt',
      content: `WEBVTT\n\nNOTE Acme design review, recorded 2026-03-17\n\n00:00:01.000 --> 00:00:06.000\n<v Ada Lovelace>Let's review the invoice designs for the Billing Revamp.\n\n00:00:06.500 --> 00:00:12.000\n<v Alex Kim>The new layout cuts the invoice to one page and shows the tax per line.\n\n00:00:12.500 --> 00:00:18.000\n<v Ada Lovelace>Good. We decided to ship the one-page layout first and keep the old PDF as an option.\n\n00:00:18.500 --> 00:00:22.000\n<v Alex Kim>I will update the templates by next Wednesday.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('alex-kim'), C('acme'), J('billing-revamp')],
    date: '2026-03-17',
  },
  {
    id: 'm07-calendar-json',
    kind: 'meeting',
    upload: {
      filename: 'event.json',
      content: JSON.stringify(
        {
          kind: 'calendar#event',
          summary: 'Wonka x Globex partnership',
          description: 'Agenda: joint go-to-market for the Wonka Labs sensors on the Globex platform. Outcome: both sides agreed to a co-marketing pilot in Q2.',
          start: { dateTime: '2026-03-18T16:00:00+01:00' },
          end: { dateTime: '2026-03-18T17:00:00+01:00' },
          organizer: { email: 'radia@wonka.co', displayName: 'Radia Perlman' },
          attendees: [
            { email: 'radia@wonka.co', displayName: 'Radia Perlman', responseStatus: 'accepted' },
            { email: 'grace@globex.io', displayName: 'Grace Hopper', responseStatus: 'accepted' },
          ],
        },
        null,
        2,
      ),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('radia-perlman'), P('grace-hopper'), C('wonka'), C('globex')],
    date: '2026-03-18',
  },
  {
    id: 'm08-filename-date-vandelay',
    kind: 'meeting',
    upload: {
      filename: '2026-03-19 vandelay diligence call.md',
      content: `Vandelay diligence call\n\nParticipants: Radia Perlman, Ken Thompson, Art Vandelay (CEO, Vandelay Industries)\n\nArt walked us through the import business: revenue of $14M last year, 60% from latex. Gross margin is 31%.\nConcerns: customer concentration (top 3 customers = 45% of revenue).\n\nNext step: Radia to request the customer contracts.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('radia-perlman'), P('ken-thompson'), C('wonka'), C('vandelay')],
    allow: ['people/'],
    date: '2026-03-19',
  },
  {
    id: 'm09-one-on-one-northwind',
    kind: 'meeting',
    upload: {
      filename: '1-1 notes.txt',
      content: `1:1 Ken / Hedy — 20 Mar 2026\nPresent: Hedy Lamarr, Ken Thompson\n\n- Northwind is reorganising its warehouse teams; Hedy now owns logistics too.\n- Budget for the forecasting tool is approved at 90k.\n- Hedy asked for an intro to someone who ran a similar rollout.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('hedy-lamarr'), P('ken-thompson'), C('northwind')],
    date: '2026-03-20',
  },
  {
    id: 'm10-board-minutes',
    kind: 'meeting',
    upload: {
      filename: 'board-minutes-march.txt',
      content: `MINUTES OF THE BOARD MEETING\n\nHeld on 23 March 2026 by video conference.\n\nPresent: Ada Lovelace, Grace Hopper, Ken Thompson (chair)\n\n1. Project Falcon. The board reviewed the pilot results and approved a budget of $2M for the next phase.\n2. Hiring. The board noted two senior hires in engineering.\n3. Any other business. None.\n\nThe meeting closed at 11:40.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('grace-hopper'), P('ken-thompson'), C('acme'), C('globex'), J('falcon')],
    date: '2026-03-23',
  },
  {
    id: 'm11-outlook-invite-notes',
    kind: 'meeting',
    upload: {
      filename: 'Atlas checkpoint.txt',
      content: `Subject: Atlas Migration checkpoint\nWhen: Tuesday, March 24, 2026 10:00 AM-11:00 AM (UTC+01:00) Amsterdam, Berlin\nWhere: Microsoft Teams Meeting\nRequired Attendees: Linus Berg <linus@initech.com>; Margaret Hamilton <mh@umbrella.org>\nOptional Attendees: Ken Thompson\n\nNotes:\nThe data copy for the last two clinics finished. Linus reported one failed index rebuild, fixed on the 22nd.\nWe decided to switch the clinics over on April 6.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('linus-berg'), P('margaret-hamilton'), P('ken-thompson'), C('initech'), C('umbrella'), J('atlas-migration')],
    date: '2026-03-24',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'd01-memo-hooli',
    kind: 'document',
    upload: {
      filename: 'memo-hooli-partnership.md',
      content: `# Memo: Hooli partnership terms\n\nDate: 2026-02-20\nFrom: Ken Thompson\nTo: Investment committee\n\nHooli has asked for a reseller agreement covering its ads customers in Europe. Alan Turner, who leads partnerships at Hooli, proposed a 20% revenue share and a two-year term.\n\nWe recommend accepting a 15% share with a one-year term and an option to extend. Hooli would commit to at least 50 customers in the first year.\n\n## Open points\n\n- Data processing agreement\n- Minimum volume if Hooli misses the target\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('hooli'), P('alan-turner')],
    allow: [P('ken-thompson')],
    date: '2026-02-20',
  },
  {
    id: 'd02-spec-billing',
    kind: 'document',
    upload: {
      filename: 'billing-spec.md',
      content: `# Billing Revamp — technical specification\n\nVersion 1.2 · 2026-02-25 · Owner: Ada Lovelace\n\n## Goal\n\nReplace the invoice generator with a service that supports per-line tax, credit notes and multiple currencies. Acme is the pilot customer and needs it live before their renewal.\n\n## Requirements\n\n- Invoices render in under 2 seconds.\n- Credit notes reference the original invoice.\n- EUR, USD and GBP at launch.\n\n## Milestones\n\n- Design freeze: 2026-03-15\n- Pilot with Acme: 2026-04-01\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('billing-revamp'), C('acme'), P('ada-lovelace')],
    date: '2026-02-25',
  },
  {
    id: 'd03-pdf-investment-memo',
    kind: 'document',
    upload: {
      filename: 'Vandelay investment memo.pdf',
      contentBase64: b64(
        makePdf([
          'Investment memo: Vandelay Industries',
          'Date: March 2, 2026',
          'Prepared by Radia Perlman',
          'Vandelay Industries imports and distributes latex products in Europe.',
          'Revenue grew from $9M to $14M last year with a gross margin of 31%.',
          'We propose leading an $8M Series A at a $40M pre-money valuation.',
          'Main risk: the top three customers account for 45% of revenue.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('vandelay')],
    allow: [P('radia-perlman')],
    date: '2026-03-02',
  },
  {
    id: 'd04-article-stark',
    kind: 'document',
    upload: {
      filename: 'stark-berlin-lab.html.txt',
      canonicalUrl: 'https://news.example.com/2026/04/stark-industries-berlin-lab',
      content: `Stark Industries opens a research lab in Berlin\n\nApril 2, 2026\n\nStark Industries will open a 200-person research lab in Berlin this summer, the company said on Thursday. The lab will focus on battery chemistry and will be led by Barbara Liskov, who joined Stark from academia in 2024.\n\nThe company plans to invest EUR 150 million over five years. Hiring starts in May, with the first teams moving in by September.\n\nAnalysts said the move brings Stark closer to its European automotive customers.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('stark'), P('barbara-liskov')],
    date: '2026-04-02',
  },
  {
    id: 'd05-docx-sow-umbrella',
    kind: 'document',
    upload: {
      filename: 'SOW Umbrella Atlas.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Statement of Work: Atlas Migration for Umbrella Health', heading: true },
          { text: 'Date: 2026-03-01' },
          { text: 'This statement of work covers the migration of the five Umbrella Health clinics from the legacy records system to the new platform, as part of the Atlas Migration project.' },
          { text: 'Scope', heading: true },
          { text: 'Data migration for five clinics, staff training, and two weeks of hypercare after each switch-over.' },
          { text: 'Fees', heading: true },
          { text: 'A fixed fee of EUR 180,000, invoiced in three milestones.' },
          { text: 'Signed for Umbrella Health: Margaret Hamilton' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('umbrella'), J('atlas-migration')],
    allow: [P('margaret-hamilton')],
    date: '2026-03-01',
  },
  {
    id: 'd06-report-northwind-footer',
    kind: 'document',
    upload: {
      filename: 'northwind-q1-review.md',
      content: `# Northwind Traders — Q1 2026 account review\n\n5 April 2026\n\nNorthwind Traders renewed in January and expanded to four warehouses. Hedy Lamarr, their COO, presented the forecasting results: stock-outs fell by 22% and overstock by 9%.\n\n## Key facts\n\n- 4 warehouses live, 2 more planned for Q3.\n- Annual contract value now 240k.\n- Next review in July.\n\n---\n\n© 2026 Globex Corporation. All rights reserved. Confidential.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('northwind'), P('hedy-lamarr')],
    date: '2026-04-05',
  },
  {
    id: 'd07-pdf-falcon-requirements',
    kind: 'document',
    upload: {
      filename: 'falcon-requirements.pdf',
      contentBase64: b64(
        makePdf([
          'Project Falcon: requirements',
          '2026-03-15',
          'Sponsor: Grace Hopper, Globex',
          'Falcon moves fraud scoring for Globex payments to real time.',
          'Scores must be returned within 50 ms at 2,000 requests per second.',
          'The first region goes live in June; all regions by the end of the year.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [J('falcon'), P('grace-hopper'), C('globex')],
    date: '2026-03-15',
  },
  {
    id: 'd08-article-initech-undated',
    kind: 'document',
    upload: {
      filename: 'why-initech-bet-on-rust.md',
      content: `# Why Initech bet on Rust\n\nInitech rewrote its payment router in Rust over eighteen months. The team says latency dropped by a third and on-call pages fell from twelve a month to two.\n\nThe rewrite was not free: two engineers spent most of a year on tooling, and hiring took longer than planned. But the company now runs the router on half the machines it needed before.\n\nOther teams at Initech are now evaluating the same move for the ledger service.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('initech')],
    date: 'upload',
  },
  {
    id: 'd09-investment-memo-wonka',
    kind: 'document',
    upload: {
      filename: 'wonka-follow-on.md',
      content: `# Wonka Labs — follow-on investment memo\n\n**Date:** 12 March 2026\n\nWonka Labs makes low-cost air-quality sensors. Since our seed investment, revenue has tripled to $3.1M ARR and the company signed Globex as a distribution partner.\n\nCharlie Bucket, CFO of Wonka Labs, shared the plan: raise $12M to build a second factory. We propose taking $2M of the round. Radia Perlman will join the board as an observer.\n\n## Risks\n\n- Single factory today\n- Hardware margins of 38%\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('wonka'), P('radia-perlman'), C('globex')],
    allow: ['people/'],
    date: '2026-03-12',
  },
  {
    id: 'd10-docx-hiring-plan',
    kind: 'document',
    upload: {
      filename: 'Hiring plan 2026.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Hiring plan 2026', heading: true },
          { text: '30 January 2026' },
          { text: 'We plan to grow the team from 14 to 22 people this year, with most hires in engineering and customer success.' },
          { text: 'Engineering adds five people: three backend, one frontend and one data engineer. Customer success adds two, and sales one.' },
          { text: 'The total cost of the new hires is budgeted at EUR 1.1 million for the year.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [],
    date: '2026-01-30',
  },
  {
    id: 'd11-contract-acme-globex',
    kind: 'document',
    upload: {
      filename: 'msa-acme-globex.txt',
      content: `MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement is entered into as of February 1, 2026 between Acme Corp ("Customer") and Globex Corporation ("Provider").\n\n1. Services. Provider will host and operate the Customer's analytics platform as described in each statement of work.\n\n2. Term. The agreement runs for three years and renews for one-year periods unless either party gives 90 days' notice.\n\n3. Fees. Customer pays the fees set out in each statement of work within 30 days of invoice.\n\n4. Liability. Each party's liability is capped at the fees paid in the previous twelve months.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('acme'), C('globex')],
    date: '2026-02-01',
  },
  {
    id: 'd12-research-quoted-newsletter',
    kind: 'document',
    upload: {
      filename: 'logistics-market-notes.md',
      content: `# Market notes: warehouse forecasting\n\n2026-03-22\n\nForecasting tools for mid-size distributors are consolidating. Northwind Traders is the clearest reference customer we have: four warehouses live and stock-outs down 22%.\n\nPricing in the segment sits between 40k and 120k a year. Buyers are operations leaders, not IT.\n\nFrom a newsletter I read this week:\n\n> Hooli quietly shut down its logistics analytics pilot, according to people familiar with the matter.\n> The team was folded into ads.\n\nOur take: the segment still lacks a clear leader.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('northwind')],
    date: '2026-03-22',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 's01-json-log-acme',
    kind: 'session',
    upload: {
      filename: 'session.json',
      content: JSON.stringify([
        { role: 'system', content: 'You are a helpful assistant.', timestamp: '2026-03-06T09:12:00Z' },
        { role: 'user', content: 'The Acme dashboard takes 9 seconds to load since Monday. What could cause that?', timestamp: '2026-03-06T09:12:05Z' },
        { role: 'assistant', content: 'The most likely cause is the events query: it scans 3 million rows for Acme without an index on account_id. Adding that index usually brings it under a second.', timestamp: '2026-03-06T09:12:20Z' },
        { role: 'user', content: 'OK. We decided to add the index tonight and cache the totals for 5 minutes.', timestamp: '2026-03-06T09:14:00Z' },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [C('acme')],
    date: '2026-03-06',
  },
  {
    id: 's02-chatgpt-export-grace-moves',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify({
        title: 'Grace Hopper career move',
        create_time: 1772960400.5,
        update_time: 1772961000.1,
        mapping: {
          'root-0': { id: 'root-0', message: null, parent: null, children: ['m-1'] },
          'm-1': { id: 'm-1', message: { id: 'm-1', author: { role: 'system' }, content: { content_type: 'text', parts: [''] }, create_time: null }, parent: 'root-0', children: ['m-2'] },
          'm-2': {
            id: 'm-2',
            message: { id: 'm-2', author: { role: 'user' }, create_time: 1772960400.5, content: { content_type: 'text', parts: ['Grace Hopper is leaving Globex at the end of March to join Stark Industries as CTO. Help me write a note to our portfolio team about what this means for our Globex relationship.'] } },
            parent: 'm-1',
            children: ['m-3'],
          },
          'm-3': {
            id: 'm-3',
            message: { id: 'm-3', author: { role: 'assistant' }, create_time: 1772960460.2, content: { content_type: 'text', parts: ['Here is a draft. Grace was our main sponsor at Globex, so the relationship needs a new executive owner before she leaves. At Stark Industries she could become a buyer for the research division.'] } },
            parent: 'm-2',
            children: ['m-4'],
          },
          'm-4': {
            id: 'm-4',
            message: { id: 'm-4', author: { role: 'user' }, create_time: 1772960700.0, content: { content_type: 'text', parts: ['We agreed that Alex Chen takes over as our contact at Globex.'] } },
            parent: 'm-3',
            children: [],
          },
        },
        current_node: 'm-4',
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('grace-hopper'), C('globex'), C('stark'), P('alex-chen')],
    date: '2026-03-08',
  },
  {
    id: 's03-claude-export-atlas',
    kind: 'session',
    upload: {
      filename: 'claude-conversation.json',
      content: JSON.stringify({
        uuid: '5b1e0c3a-8d1f-4a4e-9f1a-2f0f6c3e9a11',
        name: 'Atlas cutover plan',
        created_at: '2026-03-09T15:02:11.000000Z',
        updated_at: '2026-03-09T15:20:40.000000Z',
        chat_messages: [
          { uuid: 'a1', sender: 'human', created_at: '2026-03-09T15:02:11.000000Z', text: 'The Atlas Migration cutover is planned for April 20 but two clinics asked for more time. What are my options?', content: [{ type: 'text', text: 'The Atlas Migration cutover is planned for April 20 but two clinics asked for more time. What are my options?' }] },
          { uuid: 'a2', sender: 'assistant', created_at: '2026-03-09T15:02:40.000000Z', text: 'You can split the cutover into two waves, or move the whole cutover two weeks later. Splitting keeps the three ready clinics on schedule.', content: [{ type: 'text', text: 'You can split the cutover into two waves, or move the whole cutover two weeks later. Splitting keeps the three ready clinics on schedule.' }] },
          { uuid: 'a3', sender: 'human', created_at: '2026-03-09T15:10:00.000000Z', text: "Let's go with two waves: three clinics on April 20, the other two on May 4. TODO: ask Margaret Hamilton to confirm the change freeze for May.", content: [{ type: 'text', text: "Let's go with two waves: three clinics on April 20, the other two on May 4. TODO: ask Margaret Hamilton to confirm the change freeze for May." }] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [J('atlas-migration'), P('margaret-hamilton')],
    date: '2026-03-09',
  },
  {
    id: 's04-markdown-pasted-billing',
    kind: 'session',
    upload: {
      filename: 'chat-billing-pricing.md',
      content: `# Chat about Initech pricing (2026-03-11)\n\n**User:** Initech wants to move to the Billing Revamp invoices but asks for per-seat pricing. They have 300 seats.\n\n**Assistant:** Per-seat pricing at 300 seats works if you set a floor. A common pattern is a platform fee plus a per-seat price above a threshold.\n\n**User:** Good idea. Decision: we offer Initech a 10k platform fee plus 25 EUR per seat above 200 seats.\n\n**Assistant:** That gives 12,500 EUR a year at 300 seats. Remember to update the order form template.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('initech'), J('billing-revamp')],
    date: '2026-03-11',
  },
  {
    id: 's05-json-nothing-in-brain',
    kind: 'session',
    upload: {
      filename: 'regex-help.json',
      content: JSON.stringify({
        messages: [
          { role: 'user', content: 'My regex for ISO dates also matches 2026-13-45. How do I restrict months and days?' },
          { role: 'assistant', content: 'Use (0[1-9]|1[0-2]) for the month and (0[1-9]|[12][0-9]|3[01]) for the day; the regex still accepts 31 February, so validate with a date parser too.' },
          { role: 'user', content: 'We decided to validate with the date parser and keep the simple regex.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 's06-ambiguous-alex',
    kind: 'session',
    upload: {
      filename: 'session-alex.json',
      content: JSON.stringify({
        created_at: '2026-03-12T08:00:00Z',
        messages: [
          { role: 'user', content: 'Alex said the rollout needs two more weeks because the test environment is down.' },
          { role: 'assistant', content: 'Two weeks is reasonable if the environment is back by Friday. You could ask for a daily status update.' },
          { role: 'user', content: 'We agreed that Alex owns the rollout and reports every morning.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 's07-chatgpt-copy-vandelay',
    kind: 'session',
    upload: {
      filename: 'vandelay diligence chat.txt',
      content: `You said:\nWe are doing diligence on Vandelay Industries. Their top three customers are 45% of revenue. Is that a red flag for a Series A?\n\nChatGPT said:\nIt is a real risk but common at this stage. Ask for contract lengths and renewal history for those three customers; multi-year contracts lower the risk a lot.\n\nYou said:\nThey told us two of the three have contracts until 2028. We decided to go ahead with the term sheet.\n\nChatGPT said:\nThat sounds reasonable. Put a customer-concentration covenant in the term sheet.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('vandelay')],
    date: 'upload',
  },
  {
    id: 's08-jsonl-agent-falcon',
    kind: 'session',
    upload: {
      filename: 'agent-session.jsonl',
      content: [
        { type: 'user', message: { role: 'user', content: 'Deploy the Project Falcon scoring service to staging and check the latency.' }, timestamp: '2026-03-14T10:00:00.000Z', sessionId: 's-1' },
        { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Deployed to staging. The p99 latency is 41 ms at 2,000 requests per second, under the 50 ms target.' }] }, timestamp: '2026-03-14T10:06:00.000Z', sessionId: 's-1' },
        { type: 'user', message: { role: 'user', content: 'Great. We decided to promote it to the first production region next Monday.' }, timestamp: '2026-03-14T10:07:00.000Z', sessionId: 's-1' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    },
    worth: true,
    own: 'notes/',
    touch: [J('falcon')],
    date: '2026-03-14',
  },
  {
    id: 's09-claude-array-hedy-moves',
    kind: 'session',
    upload: {
      filename: 'claude-export.json',
      content: JSON.stringify([
        {
          uuid: 'c9',
          name: 'Intro note for Hedy',
          created_at: '2026-03-21T12:00:00Z',
          chat_messages: [
            { sender: 'human', text: 'Hedy Lamarr left Northwind Traders last week and joined Wonka Labs as COO. Draft a short congratulations note from me.', created_at: '2026-03-21T12:00:00Z' },
            { sender: 'assistant', text: 'Congratulations on the new role at Wonka Labs, Hedy! Your work on forecasting at Northwind was impressive, and I look forward to staying in touch.', created_at: '2026-03-21T12:00:30Z' },
          ],
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('hedy-lamarr'), C('northwind'), C('wonka')],
    date: '2026-03-21',
  },
  {
    id: 's10-json-greeting',
    kind: 'session',
    upload: { filename: 'hello.json', content: JSON.stringify([{ role: 'user', content: 'hello!' }, { role: 'assistant', content: 'Hi! How can I help you today?' }, { role: 'user', content: 'nothing, thanks' }]) },
    worth: false,
  },
  {
    id: 's11-markdown-headings-stark',
    kind: 'session',
    upload: {
      filename: 'stark-pricing-session.md',
      content: `## User\n\nStark Industries asked for the enterprise tier for 400 users. What discount is normal for that size?\n\n## Assistant\n\nFor 400 users, 20 to 30% off list is common, usually in exchange for a multi-year term.\n\n## User\n\nDecision: Stark Industries gets the enterprise tier at 25% off for a two-year term. To-do: send Barbara Liskov the contract by Friday.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('stark'), P('barbara-liskov')],
    date: 'upload',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'j01-newsletter',
    kind: 'junk',
    upload: {
      filename: 'techdaily.eml.txt',
      content: `From: TechDaily <newsletter@techdaily.example>\nSubject: TechDaily: Globex raises $40M, Hooli cuts staff\n\nView this email in your browser\n\nGood morning! Here is what happened in tech yesterday.\n\nGlobex raised $40M to expand its payments platform into Asia.\nHooli cut 5% of its staff in a reorganisation of the ads unit.\nStark Industries announced a new lab in Berlin.\n\nYou are receiving this email because you subscribed to TechDaily. Unsubscribe | Update preferences\n© 2026 TechDaily Media, 123 Market St, San Francisco\n`,
    },
    worth: false,
  },
  {
    id: 'j02-receipt-ride',
    kind: 'junk',
    upload: {
      filename: 'receipt.txt',
      content: `Thanks for riding, Ken\n\nHere's your receipt for your ride on March 3, 2026.\n\nTotal: €23.50\nTrip fare €19.80\nBooking fee €3.70\n\nPickup 08:12 Hauptbahnhof\nDropoff 08:41 Acme Corp office, Friedrichstr. 12\n\nPaid with Visa •••• 4242\n`,
    },
    worth: false,
  },
  {
    id: 'j03-github-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.txt',
      content: `[brainkeep/brainkeep] Filing misses company pages (Issue #19)\n\n@linus-berg commented on this issue.\n\nI can reproduce this with the Initech meeting notes too.\n\n—\nReply to this email directly, view it on GitHub, or unsubscribe.\nYou are receiving this because you were mentioned.\n`,
    },
    worth: false,
  },
  {
    id: 'j04-spam-prize',
    kind: 'junk',
    upload: {
      filename: 'prize.txt',
      content: `CONGRATULATIONS!!! You have been selected to receive a $1,000 gift card.\n\nClick here to claim your prize now: http://claim-prize.example/win\n\nThis is a limited time offer. Act now before it expires!\n`,
    },
    worth: false,
  },
  {
    id: 'j05-order-confirmation',
    kind: 'junk',
    upload: {
      filename: 'order.txt',
      content: `Order Confirmation\n\nHello Ken,\nThank you for your order. We'll let you know once your item has shipped.\n\nOrder #113-4419932-7781204\nPlaced on March 8, 2026\n\n1 x USB-C charger, 65 W        €39.99\nShipping                        €0.00\nOrder Total:                    €39.99\n\nArriving Thursday, March 12\n`,
    },
    worth: false,
  },
  {
    id: 'j06-substack-newsletter',
    kind: 'junk',
    upload: {
      filename: 'this-week-in-saas.txt',
      content: `This week in SaaS — issue #112\n\nAcme Corp launched usage-based pricing for its analytics product, and Wonka Labs opened a waitlist for its new sensor.\n\nOur take: usage pricing is back in fashion. Expect more companies to follow in Q2.\n\nLike this post? Share it with a friend.\n\nYou're receiving this because you subscribed to This week in SaaS. To stop receiving these emails, unsubscribe here.\n`,
    },
    worth: false,
  },
  {
    id: 'j07-calendar-reminder',
    kind: 'junk',
    upload: {
      filename: 'reminder.txt',
      content: `Reminder: Dentist appointment\nTomorrow, 10:00 – 10:30\n\nThis is an automated reminder from Google Calendar.\nYou are receiving this email because you are an attendee on the event. To stop receiving future updates, change your notification settings.\n`,
    },
    worth: false,
  },
  {
    id: 'j08-phishing',
    kind: 'junk',
    upload: {
      filename: 'urgent.txt',
      content: `URGENT: Your account will be suspended within 24 hours.\n\nDear customer, we detected unusual activity. Verify your wallet immediately at http://secure-verify.example/login to avoid losing access to your funds.\n\nFailure to verify will result in permanent suspension.\n`,
    },
    worth: false,
  },
  {
    id: 'j09-slack-digest',
    kind: 'junk',
    upload: {
      filename: 'slack.txt',
      content: `You have 5 unread messages in #general\n\nAlan Turner: lunch anyone?\nGrace Hopper: +1\n\nOpen Slack to reply. You can change how often you get these emails in your notification preferences.\n`,
    },
    worth: false,
  },
];
