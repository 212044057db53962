// The held-out filing eval set: written by someone other than the filer's author, without reading
// the filer, against the same seeded brain (brain.ts). Its point is to measure the filer honestly:
// nothing here is tuned to the filer, and the filer must not be tuned to it. The forms are chosen to
// differ from items.ts: hurried notes with first names and initials, a Zoom AI summary, a Teams
// WebVTT transcript, an Outlook invite body, an Otter export, Gemini meeting notes; a board memo,
// a one-pager, an ADR, a press article, a PDF and DOCX; an agent log, a ChatGPT export with an
// abandoned branch, a Claude export, a pasted transcript, a chat-completions request; junk that
// names real entities (an invoice billed to Acme, a webinar featuring Grace Hopper).
// Precision traps: people only in a CC line, a signature, a forwarded footer or a "related" link.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');

export const HELDOUT_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'h-m01-hurried-falcon',
    kind: 'meeting',
    upload: {
      filename: 'falcon sync.md',
      content: `falcon sync thu 12 mar 2026\nw/ grace, linus (LB dialled in late)\n\n- LB: initech side of api basically done, blocked on staging creds\n- grace -> creds today, load test ok ~400rps single node\n- pilot start pushed to 23/3 ??\n- LB worried re: rate limits, gh to check w/ her infra ppl\n\nnext: grace send creds, LB confirm pilot date by mon\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('grace-hopper'), P('linus-berg'), C('globex'), C('initech'), J('falcon')],
    date: '2026-03-12',
  },
  {
    id: 'h-m02-zoom-ai-summary',
    kind: 'meeting',
    upload: {
      filename: 'Zoom meeting summary - Atlas weekly.txt',
      content: `Meeting summary for Atlas Migration weekly (03/18/2026)\n\nQuick recap\n\nAda Lovelace and Alex Kim reviewed the progress of the Atlas database cutover. The team confirmed that the read replicas are in sync and that the final cutover is planned for the weekend of March 28. Ada raised a concern about the rollback plan for the billing tables.\n\nNext steps\n\n• Alex Kim to write the rollback runbook for the billing tables.\n• Ada Lovelace to get sign-off from the Acme change advisory board.\n\nSummary\n\nCutover readiness\nAlex reported that 14 of 16 services now read from the new cluster. The remaining two are batch jobs owned by the Acme finance team.\n\nRollback plan\nAda asked for a tested rollback path before the cutover. Alex will rehearse it on staging next Tuesday.\n\nAI-generated content may be inaccurate or misleading. Always check for accuracy.\nZoom AI Companion · Share feedback · Edit summary\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('alex-kim'), C('acme'), J('atlas-migration')],
    date: '2026-03-18',
  },
  {
    id: 'h-m03-teams-vtt',
    kind: 'meeting',
    upload: {
      filename: 'Stark Wonka partnership call.vtt',
      content: `WEBVTT\n\nNOTE\nStark Industries / Wonka Labs partnership call\nRecorded 2026-02-24 15:00 UTC\n\n00:00:03.120 --> 00:00:09.400\n<v Barbara Liskov>Thanks Radia. I wanted to walk you through the research licence we drafted.</v>\n\n00:00:09.900 --> 00:00:18.250\n<v Radia Perlman>Sure. From the Wonka side we're fine with the exclusivity clause, but not for five years.</v>\n\n00:00:18.800 --> 00:00:27.000\n<v Barbara Liskov>Three years then, and Stark keeps the rights to anything built on the sensor work.</v>\n\n00:00:27.500 --> 00:00:34.700\n<v Radia Perlman>That works. Let's say three years, and Wonka Labs puts in the two million we discussed.</v>\n\n00:00:35.100 --> 00:00:39.000\n<v Barbara Liskov>Agreed. I'll send the revised term sheet on Friday.</v>\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('barbara-liskov'), P('radia-perlman'), C('stark'), C('wonka')],
    date: '2026-02-24',
  },
  {
    id: 'h-m04-outlook-invite',
    kind: 'meeting',
    upload: {
      filename: 'Billing Revamp kickoff.eml.txt',
      content: `From: Margaret Hamilton <mh@umbrella.org>\nSent: Monday, March 30, 2026 4:12 PM\nTo: Alan Turner <alan.turner@gmail.com>\nSubject: Billing Revamp kickoff\n\nWhen: Tuesday, April 7, 2026 10:00 AM-11:00 AM (UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna.\nWhere: Microsoft Teams Meeting\n\nRequired: Margaret Hamilton; Alan Turner\n\nHi Alan,\n\nAgenda for the kickoff:\n1. Scope of the Billing Revamp for Umbrella Health's clinics (invoicing per clinic, not per region)\n2. What Hooli's payment gateway can take over from the old system\n3. Timeline: a first invoice run in June\n\nPlease bring the gateway's API limits.\n\nThanks,\nMaggie\n\n________________________________________________________________________________\nMicrosoft Teams meeting\nJoin on your computer, mobile app or room device\nClick here to join the meeting\nMeeting ID: 312 555 019 44\nPasscode: 7xQ9rT\n________________________________________________________________________________\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('margaret-hamilton'), P('alan-turner'), C('umbrella'), C('hooli'), J('billing-revamp')],
    date: '2026-04-07',
  },
  {
    id: 'h-m05-debrief-email-cc',
    kind: 'meeting',
    upload: {
      filename: 'Fwd: Northwind debrief.txt',
      content: `From: Alan Turner <alan.turner@gmail.com>\nTo: Hedy Lamarr\nCc: Grace Hopper <grace@globex.io>\nDate: Tue, 10 Mar 2026 08:14:00 +0000\nSubject: Northwind debrief\n\nHedy, thanks for the time yesterday (Monday 9 March 2026). My notes from our meeting:\n\n- Northwind Traders will move its warehouse search onto Hooli's index, starting with the Rotterdam site.\n- You need the data export by end of March; I committed to that.\n- Pricing: we agreed on the volume tier, 40k queries a day.\n- Open question: who at Northwind owns the integration after go-live. You'll come back to me.\n\nBest,\nAlan\n\n--\nAlan Turner\nSolutions, Hooli\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('alan-turner'), P('hedy-lamarr'), C('hooli'), C('northwind')],
    date: '2026-03-09',
  },
  {
    id: 'h-m06-otter-export',
    kind: 'meeting',
    upload: {
      filename: 'Acme x Globex - Falcon data sharing.txt',
      content: `Acme x Globex - Falcon data sharing\nMon, Mar 23, 2026 · 45 min\n\nAda Lovelace  0:00\nOkay, I think everyone is here. The main thing today is whether Acme can share the usage data with Globex for Falcon.\n\nAlex Chen  0:31\nRight. On our side we only need aggregates, nothing at the user level.\n\nAda Lovelace  1:02\nThen legal is fine with it. Aggregates per day, no user IDs, and we keep the right to stop the feed.\n\nAlex Chen  1:40\nPerfect. I can have the Falcon ingest job ready for that format in two weeks.\n\nAda Lovelace  2:15\nGreat, let's say the feed starts April 6.\n\nTranscribed by https://otter.ai\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('alex-chen'), C('acme'), C('globex'), J('falcon')],
    date: '2026-03-23',
  },
  {
    id: 'h-m07-gemini-notes',
    kind: 'meeting',
    upload: {
      filename: 'Vandelay supplier review - Notes by Gemini.txt',
      content: `📝 Notes\nFeb 27, 2026\n\nVandelay supplier review\n\nInvited Hedy Lamarr Radia Perlman\n\nAttachments Vandelay supplier review\n\nMeeting records Transcript\n\nSummary\nHedy Lamarr and Radia Perlman reviewed the supplier contract with Vandelay Industries. Northwind wants to extend the contract by a year; Radia said Wonka Labs would co-fund the latex line if Vandelay guarantees delivery times.\n\nDetails\n• Contract extension: Hedy Lamarr proposed extending the Vandelay Industries contract to March 2027. Radia Perlman agreed in principle.\n• Delivery guarantees: Radia Perlman asked for penalties on late delivery. Hedy Lamarr will raise this with Vandelay.\n\nSuggested next steps\n• Hedy Lamarr will send Vandelay Industries the draft extension with delivery penalties.\n• Radia Perlman will confirm the Wonka Labs co-funding amount.\n\nYou should review Gemini's notes to make sure they're accurate. Get tips and learn how Gemini takes notes\nPlease provide feedback about using Gemini to take notes in a short survey.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('hedy-lamarr'), P('radia-perlman'), C('northwind'), C('wonka'), C('vandelay')],
    date: '2026-02-27',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'h-d01-board-memo',
    kind: 'document',
    upload: {
      filename: 'board-memo-q1.txt',
      content: `MEMORANDUM\n\nTO:      Board of Directors\nFROM:   Ken Thompson\nDATE:   2 February 2026\nRE:     Q1 portfolio update: Stark Industries and Wonka Labs\n\n1. Stark Industries. Revenue for the quarter came in at 4.1M, 12% above plan. Barbara Liskov's research group shipped the first sensor prototype to two customers and is hiring four engineers. Risk: the Berlin lab lease ends in June.\n\n2. Wonka Labs. Burn is down to 310k a month after the January restructuring. Partner Radia Perlman is leading the Series B and expects a term sheet in March.\n\nRecommendation: approve a 1.5M follow-on in Stark Industries; hold on Wonka Labs until the Series B is priced.\n\nK.T.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('stark'), C('wonka'), P('barbara-liskov'), P('radia-perlman')],
    allow: [P('ken-thompson')],
    date: '2026-02-02',
  },
  {
    id: 'h-d02-one-pager',
    kind: 'document',
    upload: {
      filename: 'BILLING_REVAMP_onepager_v3.txt',
      content: `BILLING REVAMP - ONE PAGER (v3, 14.01.2026)\n\nPROBLEM\nInvoices are generated by a nightly batch that nobody owns. Acme Corp's finance team reconciles 900 invoices by hand every month.\n\nPROPOSAL\nReplace the batch with event-driven invoicing: one invoice per closed order, sent within the hour.\n\nOWNER\nAlex Kim (alex.kim@acme.com)\n\nFIRST CUSTOMER\nACME Inc. (finance), go-live target 1 May\n\nCOST\n2 engineers x 3 months\n\nNOT IN SCOPE\nTax engine, multi-currency.\n\n---\nInternal. Do not forward.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('billing-revamp'), P('alex-kim'), C('acme')],
    date: '2026-01-14',
  },
  {
    id: 'h-d03-spec-docx',
    kind: 'document',
    upload: {
      filename: 'Falcon Ingest API spec.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Falcon Ingest API: product specification', heading: true },
          { text: 'Last updated: 2026-03-02. Author: Grace Hopper (Globex). Reviewer: Linus Berg.' },
          { text: 'Goal', heading: true },
          { text: 'Project Falcon needs a single ingest endpoint through which Initech pushes order events to the Globex platform.' },
          { text: 'Requirements', heading: true },
          { text: 'The endpoint accepts batches of up to 500 events, answers within 200 ms at p95 and is idempotent on the event id.' },
          { text: 'Initech authenticates with mutual TLS; Globex issues the client certificates.' },
          { text: 'Out of scope', heading: true },
          { text: 'Replays older than seven days and any user-level data.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [J('falcon'), P('grace-hopper'), C('globex'), C('initech')],
    allow: [P('linus-berg')],
    date: '2026-03-02',
  },
  {
    id: 'h-d04-dd-pdf',
    kind: 'document',
    upload: {
      filename: 'DD note Vandelay.pdf',
      contentBase64: b64(
        makePdf([
          'Due diligence note: Vandelay Industries',
          'Prepared 19 January 2026 by Radia Perlman, Wonka Labs',
          'Business: import and export of latex goods, 140 staff.',
          'Revenue 2025: 22M, gross margin 31 percent.',
          'Management: CEO Art Vandelay; CFO Ruth Pike joined from a logistics firm in 2024.',
          'Findings: customer concentration is high, the top client is 40 percent of revenue.',
          'Recommendation: proceed to a term sheet with a customer-concentration covenant.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('vandelay')],
    allow: [P('radia-perlman'), C('wonka'), 'people/'],
    date: '2026-01-19',
  },
  {
    id: 'h-d05-press-article',
    kind: 'document',
    upload: {
      filename: 'globex-buys-initech-platform.html',
      canonicalUrl: 'https://techdaily.example.com/2026/03/20/globex-acquires-initech-platform-unit',
      content: `<!doctype html><html><head><title>Globex acquires Initech's platform unit | TechDaily</title><meta property="article:published_time" content="2026-03-20T07:30:00Z"></head><body>\n<nav>Home · Startups · Enterprise · Subscribe</nav>\n<article>\n<h1>Globex acquires Initech's platform unit</h1>\n<p class="byline">By Dana Ortiz · March 20, 2026</p>\n<p>Globex Corporation has agreed to buy the platform division of Initech for an undisclosed sum, the companies said on Friday.</p>\n<p>"Initech built the best order pipeline in the market, and now it runs on our infrastructure," said Grace Hopper, Globex's chief technology officer.</p>\n<p>Linus Berg, who led Initech's platform team, will join Globex along with about 30 engineers. The deal is expected to close in the second quarter.</p>\n</article>\n<aside><h3>Related</h3><ul><li><a href="/2026/03/hooli-series-c">Hooli raises a Series C</a></li><li><a href="/2026/02/acme-layoffs">Acme trims its sales team</a></li></ul></aside>\n<footer>© 2026 TechDaily. Get our newsletter every morning. Unsubscribe any time.</footer>\n</body></html>\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('globex'), C('initech'), P('grace-hopper'), P('linus-berg')],
    allow: ['people/'],
    date: '2026-03-20',
  },
  {
    id: 'h-d06-investment-memo-docx',
    kind: 'document',
    upload: {
      filename: 'Umbrella Health - Series A memo.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Investment memo: Umbrella Health, Series A', heading: true },
          { text: '9 March 2026' },
          { text: 'The company', heading: true },
          { text: 'Umbrella Health runs scheduling and billing for 60 outpatient clinics. Maggie Hamilton leads the clinical programme and is the founders\' key hire.' },
          { text: 'Terms', heading: true },
          { text: 'We propose to lead a 6M Series A at a 24M pre-money valuation, with one board seat.' },
          { text: 'Risks', heading: true },
          { text: 'Reimbursement rules change yearly; the billing product depends on two payer integrations.' },
          { text: 'Prepared by Ken Thompson. cc: Ada Lovelace (for the reference call).' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('umbrella'), P('margaret-hamilton')],
    allow: [P('ken-thompson')],
    date: '2026-03-09',
  },
  {
    id: 'h-d07-adr',
    kind: 'document',
    upload: {
      filename: 'ADR-014-atlas-logical-replication.md',
      content: `# ADR-014: Atlas cutover through logical replication\n\n* Status: accepted\n* Deciders: Ada Lovelace, Alex Kim\n* Date: 2026-02-11\n\n## Context and problem statement\n\nThe Atlas Migration moves the order database to the new cluster. A dump-and-restore cutover would take the shop offline for about six hours.\n\n## Considered options\n\n* Dump and restore during a maintenance window\n* Logical replication with a short switchover\n\n## Decision outcome\n\nChosen option: logical replication, because it keeps the downtime under ten minutes. Alex Kim owns the replication slots; Ada Lovelace signs off the switchover.\n\n### Consequences\n\n* Good: near-zero downtime.\n* Bad: sequences must be synchronised by hand at switchover.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('atlas-migration'), P('ada-lovelace'), P('alex-kim')],
    allow: [C('acme')],
    date: '2026-02-11',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'h-s01-agent-log-move',
    kind: 'session',
    upload: {
      filename: 'agent-log-2026-03-14.json',
      content: JSON.stringify(
        [
          { role: 'system', content: 'You are a helpful assistant for a venture team. Keep answers short.', timestamp: '2026-03-14T16:02:11Z' },
          { role: 'user', content: 'Heads up: Barbara Liskov is leaving Stark Industries. She joins Wonka Labs as Chief Scientist on April 1.', timestamp: '2026-03-14T16:02:40Z' },
          { role: 'assistant', content: 'Noted. That leaves Stark without a Director of Research. Do you want me to draft a note to the Stark founders asking who covers the sensor programme?', timestamp: '2026-03-14T16:02:44Z' },
          { role: 'user', content: 'Yes. And we decided to keep our Stark position as is; no follow-on until they name her successor.', timestamp: '2026-03-14T16:03:30Z' },
          { role: 'assistant', content: 'Understood: no follow-on in Stark Industries until a new research director is named. To-do: draft the note to the Stark founders.', timestamp: '2026-03-14T16:03:35Z' },
        ],
        null,
        2,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('barbara-liskov'), C('stark'), C('wonka')],
    date: '2026-03-14',
  },
  {
    id: 'h-s02-chatgpt-branch',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Falcon hosting choice',
          create_time: 1773738720,
          update_time: 1773739200,
          current_node: 'n5',
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['n1'] },
            n1: { id: 'n1', message: { id: 'n1', author: { role: 'system' }, content: { content_type: 'text', parts: [''] }, create_time: null }, parent: 'root', children: ['n2a', 'n2'] },
            n2a: { id: 'n2a', message: { id: 'n2a', author: { role: 'user' }, content: { content_type: 'text', parts: ['Should we buy the packaging line from Vandelay Industries?'] }, create_time: 1773738720 }, parent: 'n1', children: ['n3a'] },
            n3a: { id: 'n3a', message: { id: 'n3a', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['It depends on the volumes you expect.'] }, create_time: 1773738725 }, parent: 'n2a', children: [] },
            n2: { id: 'n2', message: { id: 'n2', author: { role: 'user' }, content: { content_type: 'text', parts: ['For Project Falcon we have two hosting options: run it ourselves or use the hosted option Initech offers. Linus Berg says Initech can guarantee 99.95% uptime.'] }, create_time: 1773738900 }, parent: 'n1', children: ['n3'] },
            n3: { id: 'n3', message: { id: 'n3', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['With a 99.95% guarantee and no ops team of your own, the hosted option is usually cheaper in the first year. Check the exit terms and data export.'] }, create_time: 1773738910 }, parent: 'n2', children: ['n4'] },
            n4: { id: 'n4', message: { id: 'n4', author: { role: 'user' }, content: { content_type: 'text', parts: ["Decision: Falcon goes on Initech's hosted option, one-year term. Linus sends the contract next week."] }, create_time: 1773739100 }, parent: 'n3', children: ['n5'] },
            n5: { id: 'n5', message: { id: 'n5', author: { role: 'assistant' }, content: { content_type: 'text', parts: ['Recorded. Make sure the contract includes a data export clause.'] }, create_time: 1773739200 }, parent: 'n4', children: [] },
          },
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [J('falcon'), C('initech'), P('linus-berg')],
    date: '2026-03-17',
  },
  {
    id: 'h-s03-claude-export',
    kind: 'session',
    upload: {
      filename: 'claude-conversation.json',
      content: JSON.stringify({
        uuid: '5d0c1e8a-3f7b-4d0e-9b35-2f1c8e6a4a11',
        name: 'Email to Hedy about the billing delay',
        created_at: '2026-03-19T10:05:31.000Z',
        updated_at: '2026-03-19T10:14:02.000Z',
        chat_messages: [
          { uuid: 'a1', sender: 'human', created_at: '2026-03-19T10:05:31.000Z', text: 'Help me write to Hedy Lamarr at Northwind Traders. The Billing Revamp slips: the launch moves from May to June because the tax rules changed.', content: [{ type: 'text', text: 'Help me write to Hedy Lamarr at Northwind Traders. The Billing Revamp slips: the launch moves from May to June because the tax rules changed.' }] },
          { uuid: 'a2', sender: 'assistant', created_at: '2026-03-19T10:05:40.000Z', text: 'Here is a draft:\n\nDear Hedy,\n\nI want to let you know early that the Billing Revamp launch moves to June...', content: [{ type: 'text', text: 'Here is a draft:\n\nDear Hedy,\n\nI want to let you know early that the Billing Revamp launch moves to June...' }] },
          { uuid: 'a3', sender: 'human', created_at: '2026-03-19T10:12:10.000Z', text: 'Good. Also offer Northwind a free month as a goodwill gesture; we agreed that internally this morning.', content: [{ type: 'text', text: 'Good. Also offer Northwind a free month as a goodwill gesture; we agreed that internally this morning.' }] },
          { uuid: 'a4', sender: 'assistant', created_at: '2026-03-19T10:14:02.000Z', text: 'Added: "As a thank-you for your patience, Northwind gets the first month of the new billing free."', content: [{ type: 'text', text: 'Added: "As a thank-you for your patience, Northwind gets the first month of the new billing free."' }] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('hedy-lamarr'), C('northwind'), J('billing-revamp')],
    date: '2026-03-19',
  },
  {
    id: 'h-s04-pasted-markdown',
    kind: 'session',
    upload: {
      filename: 'chat with assistant.md',
      content: `_Conversation pasted on 3 March 2026_\n\n**User:** quick one. Maggie just got promoted to COO at Umbrella. she'll own the Atlas migration on their side from now on\n\n**Assistant:** Congratulations to her. Since she now owns Atlas on the Umbrella side, do you want to move the weekly Atlas sync to her calendar and copy her on the cutover plan?\n\n**User:** yes, and note that we decided to freeze the Atlas scope until she has reviewed it\n\n**Assistant:** Got it: the Atlas Migration scope is frozen until Margaret Hamilton reviews it. To-do: send her the cutover plan.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('margaret-hamilton'), C('umbrella'), J('atlas-migration')],
    date: '2026-03-03',
  },
  {
    id: 'h-s05-unrelated-regex',
    kind: 'session',
    upload: {
      filename: 'session.json',
      content: JSON.stringify({
        started: '2026-03-21T20:11:00Z',
        messages: [
          { role: 'user', content: 'How do I match an ISO date with a regex in JavaScript?' },
          { role: 'assistant', content: 'Use /^\\d{4}-\\d{2}-\\d{2}$/ for the shape, then check the value with Date.parse, since the regex accepts 2026-02-31.' },
          { role: 'user', content: 'Thanks, that works.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 'h-s06-api-request-move',
    kind: 'session',
    upload: {
      filename: 'chat-completion-log.json',
      content: JSON.stringify({
        request: {
          model: 'gpt-4o-2024-08-06',
          temperature: 0.2,
          messages: [
            { role: 'system', content: 'You keep the CRM up to date. Answer in one paragraph.' },
            { role: 'user', content: 'Alan Turner has left Hooli. He starts at Vandelay Industries next month as VP Sales. What should we update?' },
            { role: 'assistant', content: "Update Alan Turner's company from Hooli to Vandelay Industries and his role to VP Sales; move open Hooli threads to another contact there." },
            { role: 'user', content: 'Ok. Decided: we keep Alan as our contact for the Vandelay deal.' },
          ],
        },
        response: {
          id: 'chatcmpl-9xYz',
          object: 'chat.completion',
          created: 1771537200,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Noted: Alan Turner stays your contact, now for the Vandelay Industries deal.' } }],
        },
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('alan-turner'), C('hooli'), C('vandelay')],
    date: '2026-02-19',
  },
  {
    id: 'h-s07-ambiguous-alex',
    kind: 'session',
    upload: {
      filename: 'quick-chat.json',
      content: JSON.stringify([
        { role: 'user', content: 'Alex told me yesterday he is thinking about quitting. How do I handle that conversation?' },
        { role: 'assistant', content: 'Ask what is driving it before you offer anything, and listen more than you talk.' },
        { role: 'user', content: 'I decided to offer Alex a sabbatical first.' },
      ]),
    },
    worth: false,
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'h-j01-saas-invoice',
    kind: 'junk',
    upload: {
      filename: 'Your receipt from Linear #2291-0331.txt',
      content: `Receipt from Linear Orbit, Inc.\nReceipt #2291-0331 · Paid March 31, 2026\n\nBilled to: Acme Corp\nada@acme.com\n\nLinear Business · 12 seats · Mar 31 - Apr 30, 2026    $168.00\nTax                                                   $0.00\nTotal                                                 $168.00\nAmount paid                                           $168.00\n\nPayment method: Visa ending in 4242\n\nQuestions? Visit our support site or reply to this email.\nLinear Orbit, Inc. · 548 Market St · San Francisco, CA\n`,
    },
    worth: false,
  },
  {
    id: 'h-j02-webinar-promo',
    kind: 'junk',
    upload: {
      filename: 'webinar invite.txt',
      content: `You're invited! 🎙️ LIVE WEBINAR: "Scaling data platforms in 2026"\n\nThursday, April 16 · 5 PM CET · Free\n\nHear from Grace Hopper, CTO of Globex, and other leaders on how they cut their cloud bill by 40%.\n\n✅ Live Q&A\n✅ Free recording for everyone who registers\n✅ Certificate of attendance\n\n[ SAVE MY SEAT ]\n\nSeats are limited. Can't make it? Register anyway and we'll send you the recording.\n\nYou are receiving this because you signed up at dataconf.example. Unsubscribe | Update preferences\n`,
    },
    worth: false,
  },
  {
    id: 'h-j03-linkedin-notification',
    kind: 'junk',
    upload: {
      filename: 'LinkedIn notification.txt',
      content: `LinkedIn\n\nCongratulate Barbara Liskov for 5 years at Stark Industries\n\n[ Say congrats ]\n\nRadia Perlman and 3 others viewed your profile this week.\n[ See all views ]\n\nJobs you may be interested in: Senior Engineer at Wonka Labs · 12 applicants\n\nThis email was intended for you. Learn why we included this.\nYou are receiving LinkedIn notification emails. Unsubscribe · Help\n© 2026 LinkedIn Corporation, 1000 West Maude Avenue, Sunnyvale, CA 94085.\n`,
    },
    worth: false,
  },
  {
    id: 'h-j04-phishing',
    kind: 'junk',
    upload: {
      filename: 'URGENT password expiry.txt',
      content: `From: IT Service Desk <it-support@micros0ft-365-security.com>\nSubject: ACTION REQUIRED: Your password expires today\n\nDear user,\n\nYour Office 365 password for ada@acme.com expires in 24 hours. To keep your mailbox, verify your account now:\n\nhttp://micros0ft-365-security.com/verify?u=ada%40acme.com\n\nFailure to verify will result in permanent loss of emails.\n\nRegards,\nIT Service Desk\n`,
    },
    worth: false,
  },
];
