// The sixth blind filing set: written from the item format (items.ts types), the shared seeded
// brain (brain.ts), the scorer (score.ts) and the runner only, without reading the filer (src/) or
// tuning to it. New seed pages (a Spanish and a Japanese company, outside counsel, an investor
// principal, a Northwind contact known by a nickname, a DPO, two people called Sam, and projects
// whose names are common words: Beacon, Orchard) so nothing here was tuned for.
// Meetings: a Teams/Copilot recap, a Zoom AI Companion summary e-mail, Google Meet "Notes by Gemini",
// handwritten-style notes with a short date and nicknames, Spanish minutes, an .ics with e-mail
// addresses only, a WebVTT with first names only, an Otter-style transcript, a 1:1, a Slack huddle
// summary, an e-mail recap whose call date is in the body, an intake call with a new person.
// Documents: a memo, an RFC, a services agreement, a forwarded thread with e-mail addresses only,
// a PDF summary, a DOCX statement of work, a postmortem naming the customer deep in, a French
// press release, an NDA signed by e-mail address, an investor update, a PRD, a dispute letter.
// Sessions: a ChatGPT export, a Claude export, a Slack thread export, a "> user"/"> assistant"
// transcript, a Discord log, an API message log, an agent log with tool calls, a Spanish chat, a
// Teams chat, a "User:/AI:" paste, one naming nothing in the brain, one naming only an ambiguous
// first name. Junk: a newsletter, phishing, an out-of-office from a known person, receipts, social
// and e-signature notifications, a bounce, a marketing mail from a known firm. The expected pages
// were written by hand before the first run.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');
const epoch = (iso: string) => Date.parse(iso) / 1000;
const slackTs = (iso: string, n = 0) => `${Date.parse(iso) / 1000}.${String(100200 + n).padStart(6, '0')}`;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const BLIND6_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'lucia-ferrer', 'Lucía Ferrer', { email: 'lucia.ferrer@solaria.es', company: '"[[companies/solaria]]"', role: 'Directora de compras', aliases: '[Lucía, Lucia Ferrer]' }, 'Head of procurement at Solaria, Sevilla.'),
  page('companies', 'company', 'solaria', 'Solaria Renovables S.L.', { domain: 'solaria.es', aliases: '[Solaria]' }, 'Spanish solar-park operator; customer since 2025.'),
  page('people', 'person', 'kenji-watanabe', 'Kenji Watanabe', { email: 'kenji@kumo-robotics.jp', company: '"[[companies/kumo]]"', role: 'CEO', aliases: '[渡辺 健二, Watanabe-san]' }, 'Founder and CEO of Kumo Robotics.'),
  page('companies', 'company', 'kumo', 'Kumo Robotics K.K.', { domain: 'kumo-robotics.jp', aliases: '[Kumo]' }, 'Osaka maker of collaborative robot arms; portfolio company since the seed round.'),
  page('people', 'person', 'priya-natarajan', 'Priya Natarajan', { email: 'priya@ourfund.vc', role: 'Principal', aliases: '[PN]' }, 'Principal on the investment team; board observer at Kumo.'),
  page('people', 'person', 'dmitri-sokolov', 'Dmitri Sokolov', { email: 'dmitri@northwind-traders.com', company: '"[[companies/northwind]]"', role: 'Head of Data', aliases: '[Dima]' }, 'Runs data and analytics at Northwind.'),
  page('companies', 'company', 'lighthouse', 'Lighthouse Legal LLP', { domain: 'lighthouse-legal.com', aliases: '[Lighthouse]' }, 'Outside counsel for fund matters.'),
  page('people', 'person', 'olivia-grant', 'Olivia Grant', { email: 'ogrant@lighthouse-legal.com', company: '"[[companies/lighthouse]]"', role: 'Partner' }, 'Our lawyer on financings.'),
  page('people', 'person', 'fatima-zahra-benali', 'Fatima Zahra Benali', { email: 'fz.benali@umbrella.org', company: '"[[companies/umbrella]]"', role: 'Data Protection Officer', aliases: '[FZ, Fatima Benali]' }, 'DPO at Umbrella Health.'),
  page('people', 'person', 'sam-okafor', 'Sam Okafor', { email: 'sam.okafor@globex.io', company: '"[[companies/globex]]"', role: 'Head of Procurement', aliases: '[Sam]' }, 'Procurement at Globex.'),
  page('people', 'person', 'samantha-reyes', 'Samantha Reyes', { email: 'sam@wonka.co', company: '"[[companies/wonka]]"', role: 'COO', aliases: '[Sam Reyes, Sam]' }, 'COO of Wonka Labs.'),
  page('projects', 'project', 'beacon', 'Project Beacon', { aliases: '[Beacon]', status: 'active' }, 'Self-serve onboarding flow for new customers.'),
  page('projects', 'project', 'orchard', 'Orchard', { aliases: '[Data Orchard]', status: 'active' }, 'Moving the analytics warehouse to the new platform.'),
];

const ICS = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'DTSTART:20260924T160000Z',
  'DTEND:20260924T163000Z',
  'DTSTAMP:20260919T101500Z',
  'ORGANIZER;CN=ogrant@lighthouse-legal.com:mailto:ogrant@lighthouse-legal.com',
  'UID:5p0d3kq0c2n8v1r3s7m4@google.com',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE',
  ' ;CN=radia@wonka.co;X-NUM-GUESTS=0:mailto:radia@wonka.co',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE',
  ' ;CN=ken@ourfund.vc;X-NUM-GUESTS=0:mailto:ken@ourfund.vc',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE',
  ' ;CN=ogrant@lighthouse-legal.com;X-NUM-GUESTS=0:mailto:ogrant@lighthouse-legal.com',
  'DESCRIPTION:Closing call for the Series B.\\n\\nAgenda:\\n1. Open items on the dis',
  ' closure schedule\\n2. Wire timing (funds to arrive by 30 Sept)\\n3. Signature',
  ' pages — DocuSign envelope goes out after this call\\n\\n-::~:~::~:~:~:~:~:~:',
  ' ~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-\\nJoin with Google Me',
  ' et: https://meet.google.com/xqe-rbtm-kwa\\n-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~',
  ' :~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-',
  'LOCATION:',
  'SEQUENCE:0',
  'STATUS:CONFIRMED',
  'SUMMARY:Wonka Labs Series B — closing call',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const VTT = `WEBVTT

NOTE
Falcon integration check-in, 2026-09-29

00:00:01.500 --> 00:00:07.900
<v Grace>Morning Linus. I only have twenty minutes, so let's go straight to the Falcon cut-over.

00:00:08.400 --> 00:00:19.100
<v Linus>Sure. Initech's side is ready. The last thing was the webhook retries, and those shipped on Friday.

00:00:19.600 --> 00:00:27.300
<v Grace>Good. Globex legal signed the data addendum yesterday, so nothing is blocking us contractually.

00:00:27.800 --> 00:00:38.000
<v Linus>Then I'd say we switch production traffic on the sixth of October, early morning European time.

00:00:38.500 --> 00:00:45.200
<v Grace>Agreed, October sixth. I'll tell the steering group and book the war room.
`;

const POSTMORTEM: string[] = [
  '# INC-2291 postmortem: outbound webhook outage',
  '',
  'Status: final · Severity: SEV2 · Incident date: 2026-10-06 · Author: platform on-call',
  '',
  '## Summary',
  'Between 08:12 and 10:47 UTC, outbound webhooks were queued but not delivered. Around 3,900 events were delayed; none were lost. The root cause was a certificate bundle update that removed an intermediate certificate still used by the webhook workers\' HTTP client.',
  '',
  '## Timeline (UTC)',
  '- 08:05 The weekly base-image rebuild rolls out to the worker fleet.',
  '- 08:12 Delivery success rate drops from 99.9% to 3%. The alert fires at 08:19 but routes to a muted channel.',
  '- 09:02 A customer reports missing events through the support portal.',
  '- 09:30 On-call identifies TLS handshake failures in the worker logs.',
  '- 10:20 The previous image is redeployed.',
  '- 10:47 The backlog is drained; delivery rate is back to normal.',
  '',
  '## Impact',
  'Fourteen customers had delayed webhooks. Most retried automatically and saw no effect beyond latency. Two customers had downstream jobs time out.',
  '',
  '## What went well',
  'Events were persisted before delivery, so nothing was lost. The rollback was quick once the cause was known.',
  '',
  '## What went wrong',
  'The delivery-rate alert was routed to a channel muted during last month\'s migration. The base-image rebuild has no canary stage. The worker HTTP client pins its own certificate bundle instead of using the system store.',
  '',
  '## Customer follow-up',
  'The customer who reported the problem first was Hooli: Alan Turner noticed that their ad-conversion pipeline had stopped receiving events and opened the ticket at 09:02. We owe Alan a written summary and a credit under the SLA; he asked in particular whether events could arrive out of order after a backlog drains (they can, and the docs should say so).',
  '',
  '## Action items',
  '- Route the delivery-rate alert to the paging channel (owner: platform, due 2026-10-13).',
  '- Add a canary stage to the base-image rollout (owner: infra, due 2026-10-27).',
  '- Use the system certificate store in the worker HTTP client (owner: platform, due 2026-10-20).',
  '- Document ordering guarantees after backlog drains (owner: docs, due 2026-10-16).',
];

export const BLIND6_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'b6-m01-teams-copilot-recap',
    kind: 'meeting',
    upload: {
      filename: 'Recap - Billing Revamp dunning review.txt',
      content: `Billing Revamp — dunning review\nTuesday, September 8, 2026 · 15:00–15:45\nRecorded and transcribed in Microsoft Teams\n\nParticipants\nAda Lovelace, Alex Kim, Priya Natarajan\n\nAI-generated content may be incorrect.\n\nMeeting notes\n• Dunning sequence: Ada Lovelace walked through the proposed sequence for failed card payments in the Billing Revamp: reminder on day 1, second reminder on day 5, service restricted on day 14. Alex Kim noted that the day-14 restriction needs legal sign-off in two EU countries.\n• Metrics: Priya Natarajan asked how recovery rate will be measured. Ada proposed tracking recovered revenue within 30 days as the main metric.\n• Scope: The team agreed to leave annual plans out of the first release.\n\nFollow-up tasks\n• Legal review: Get sign-off on the day-14 restriction for Germany and France. (Alex Kim)\n• Metric definition: Write the recovered-revenue metric into the spec. (Ada Lovelace)\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('alex-kim'), P('priya-natarajan'), J('billing-revamp')],
    allow: [C('acme')],
    date: '2026-09-08',
  },
  {
    id: 'b6-m02-zoom-ai-summary-email',
    kind: 'meeting',
    upload: {
      filename: 'Meeting assets for Solaria weekly are ready!.eml',
      content: `From: Zoom <no-reply@zoom.us>\nTo: ken@ourfund.vc\nDate: Thu, 10 Sep 2026 17:41:02 +0000\nSubject: Meeting assets for Solaria x Orchard weekly are ready!\nContent-Type: text/plain; charset=UTF-8\n\nMeeting summary for Solaria x Orchard weekly (09/10/2026)\n\nQuick recap\n\nKen and Lucía discussed the migration of Solaria's plant telemetry into the Orchard warehouse. Lucía confirmed that the historical data from 2019 onwards must be moved, about 40 TB. They agreed to move the 2024–2026 data first and the older years in November.\n\nNext steps\n- Lucía Ferrer to send the list of plants with priority access by Monday.\n- Ken Thompson to confirm storage pricing for the older years.\n\nSummary\n\nTelemetry migration scope\nLucía explained that the regulator requires seven years of generation data to stay queryable. Ken suggested keeping cold years in cheaper storage but still queryable through Orchard.\n\nEdit summary · Share · Please rate the accuracy of this summary.\n\nAI-generated content may be inaccurate or misleading. Always check for accuracy.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('lucia-ferrer'), C('solaria'), P('ken-thompson'), J('orchard')],
    date: '2026-09-10',
  },
  {
    id: 'b6-m03-gemini-notes',
    kind: 'meeting',
    upload: {
      filename: 'Kumo x Globex intro - 2026_09_14 10_02 CEST - Notes by Gemini.txt',
      content: `📝 Notes\nSep 14, 2026\n\nKumo x Globex intro\n\nInvited Kenji Watanabe Grace Hopper Ken Thompson\n\nAttachments Kumo x Globex intro\n\nMeeting records Transcript Recording\n\nSummary\nKenji Watanabe presented Kumo Robotics' new six-axis arm to Grace Hopper. Globex is evaluating arms for its Rotterdam packing line and wants a pilot of four units in Q1. Ken Thompson made the introduction and will stay out of the commercial talks.\n\nDetails\nPayload and speed: Kenji Watanabe said the arm handles 8 kg at full speed. Grace Hopper asked whether it is certified for collaborative use without fencing; Kenji confirmed ISO 10218 certification (00:07:12).\nPilot terms: Grace Hopper proposed a paid pilot of four units from January; Kenji Watanabe agreed in principle and will send a quote (00:19:40).\n\nSuggested next steps\nKenji Watanabe will send a quote for four units with on-site support.\nGrace Hopper will share the Rotterdam line layout.\n\nYou should review Gemini's notes to make sure they're accurate. Get tips and learn how Gemini takes notes\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kenji-watanabe'), C('kumo'), P('grace-hopper'), C('globex'), P('ken-thompson')],
    date: '2026-09-14',
  },
  {
    id: 'b6-m04-handwritten-nicknames',
    kind: 'meeting',
    upload: {
      filename: 'IMG_4471 transcribed.txt',
      content: `mtg w/ Dima + Hedy @ Northwind   17/9/26\n\n- Orchard: their side wants cutover BEFORE xmas freeze (→ 11 Dec latest)\n- Dima: 3 dashboards still on old WH, he owns migrating them\n- Hedy worried abt cost -- wants fixed price for phase 2 ??\n- -> we send SOW draft by 1/10\n\n* Hedy = decision maker on budget, Dima = technical\n* next: call in 2 wks\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dmitri-sokolov'), P('hedy-lamarr'), C('northwind'), J('orchard')],
    date: '2026-09-17',
  },
  {
    id: 'b6-m05-spanish-minutes',
    kind: 'meeting',
    upload: {
      filename: 'Acta reunión Solaria 22-09-2026.md',
      content: `# Acta de reunión — Solaria Renovables\n\n**Fecha:** martes, 22 de septiembre de 2026, 10:00 h\n**Asistentes:** Lucía Ferrer (Solaria Renovables), Ken Thompson\n**Lugar:** videollamada\n\n## 1. Proyecto Beacon\nLucía Ferrer explica que los nuevos instaladores de Solaria tardan dos semanas en darse de alta en la plataforma. Se acuerda que Solaria sea cliente piloto del nuevo flujo de alta de Beacon a partir de noviembre.\n\n## 2. Renovación del contrato\nSolaria quiere renovar por dos años con un descuento del 8 %. Ken Thompson responde que el descuento depende del volumen de 2027.\n\n## Acuerdos\n- Solaria participa en el piloto de Beacon desde el 2 de noviembre.\n- Ken enviará una propuesta de renovación antes del 9 de octubre.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('lucia-ferrer'), C('solaria'), P('ken-thompson'), J('beacon')],
    date: '2026-09-22',
  },
  {
    id: 'b6-m06-ics-emails-only',
    kind: 'meeting',
    upload: { filename: 'invite.ics', content: ICS },
    worth: true,
    own: 'meetings/',
    touch: [P('olivia-grant'), C('lighthouse'), P('radia-perlman'), C('wonka'), P('ken-thompson')],
    date: '2026-09-24',
  },
  {
    id: 'b6-m07-webvtt-first-names',
    kind: 'meeting',
    upload: { filename: 'falcon-checkin.vtt', content: VTT },
    worth: true,
    own: 'meetings/',
    touch: [P('grace-hopper'), P('linus-berg'), C('globex'), C('initech'), J('falcon')],
    date: '2026-09-29',
  },
  {
    id: 'b6-m08-otter-transcript',
    kind: 'meeting',
    upload: {
      filename: 'Umbrella DPA call - otter.ai.txt',
      content: `Umbrella DPA call\nThu, Oct 1, 2026 2:03PM • 24:18\n\nSUMMARY KEYWORDS\ndpa, subprocessors, atlas, migration, frankfurt, retention\n\nSPEAKERS\nMaggie Hamilton, Fatima Zahra Benali, Speaker 3\n\nMaggie Hamilton  0:04\nOkay, we're recording. FZ, thanks for joining, I know the DPA has been sitting with your team for a while.\n\nFatima Zahra Benali  0:11\nIt has. My main issue is the subprocessor list for the Atlas Migration. The new hosting region isn't on it.\n\nSpeaker 3  0:25\nThat's Frankfurt. We can add it this week.\n\nFatima Zahra Benali  0:31\nThen I also need the retention clause to say thirty days after termination, not ninety.\n\nMaggie Hamilton  0:40\nI think we can live with thirty. Let's agree that: Frankfurt added to the list, thirty-day retention, and FZ signs once both are in.\n\nFatima Zahra Benali  0:52\nAgreed.\n\nTranscribed by https://otter.ai\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('margaret-hamilton'), P('fatima-zahra-benali'), C('umbrella'), J('atlas-migration')],
    date: '2026-10-01',
  },
  {
    id: 'b6-m09-one-on-one',
    kind: 'meeting',
    upload: {
      filename: '1-1 Priya.md',
      content: `## 1:1 Priya / Ken — Mon 5 Oct 2026\n\n- Kumo: Priya thinks we should lead the bridge round (USD 3m) if Globex pilot converts; wants IC slot on the 19th\n- she'll own the Kumo board observer seat going forward, I step back\n- her promotion case: strong, I'll write the memo before year end\n- PN out 12–16 Oct\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('priya-natarajan'), P('ken-thompson'), C('kumo')],
    allow: [C('globex')],
    date: '2026-10-05',
  },
  {
    id: 'b6-m10-slack-huddle-summary',
    kind: 'meeting',
    upload: {
      filename: 'huddle-summary.txt',
      content: `Huddle summary · #globex-procurement · Oct 7, 2026\nParticipants: Sam Okafor, Alex Chen\nDuration: 18 min\n\nSam Okafor and Alex Chen discussed the purchase order for the Falcon GPU cluster. Sam said procurement needs three vendor quotes for any order above USD 250k; Alex has two. They decided to ask one more vendor and keep the original delivery date of 2 November.\n\nAction items\n• Alex Chen: get a third quote by Oct 14\n• Sam Okafor: pre-approve the PO once the third quote is in\n\nSummaries are generated by AI and may be inaccurate.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('sam-okafor'), P('alex-chen'), C('globex'), J('falcon')],
    date: '2026-10-07',
  },
  {
    id: 'b6-m11-email-recap-body-date',
    kind: 'meeting',
    upload: {
      filename: 'Re Follow-up from our call.eml',
      content: `From: Barbara Liskov <barbara@stark.dev>\nTo: ken@ourfund.vc\nDate: Wed, 14 Oct 2026 08:55:10 -0700\nSubject: Re: Follow-up from our call\n\nKen,\n\nThanks again for Tuesday's call (13 October). To confirm what we agreed:\n\n1. Stark's research division will trial the Beacon onboarding flow with 25 new hires in November.\n2. We need SSO through our existing identity provider before anyone logs in.\n3. I'll be the single point of contact; please don't loop in procurement yet.\n\nBarbara\n\nOn Tue, Oct 13, 2026 at 6:02 PM Ken Thompson <ken@ourfund.vc> wrote:\n> Barbara, great speaking today. Sending notes tomorrow.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('barbara-liskov'), C('stark'), P('ken-thompson'), J('beacon')],
    date: '2026-10-13',
  },
  {
    id: 'b6-m12-intake-new-person',
    kind: 'meeting',
    upload: {
      filename: 'vandelay intake.txt',
      content: `Vandelay Industries — intake call\n15 Oct 2026\nWith: Art Vandelay <art@vandelay.com> (VP Imports), Ken Thompson\n\nArt runs imports and wants to replace three spreadsheets with one tracking tool for latex shipments. 40 users, mostly in the Newark warehouse. Budget approved for Q1. Asked for a demo with real shipment data next week.\n\nNext: Ken to book demo for 22 Oct.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [C('vandelay'), P('ken-thompson')],
    allow: ['people/'],
    date: '2026-10-15',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'b6-d01-memo',
    kind: 'document',
    upload: {
      filename: 'MEMO orchard freeze.txt',
      content: `MEMORANDUM\n\nTO:      All engineering and analytics staff\nFROM:    Priya Natarajan\nDATE:    9 September 2026\nRE:      Orchard cut-over — change freeze\n\nFrom 1 December until the Orchard cut-over is complete, no schema changes may be deployed to the old warehouse. Dashboards still reading from the old warehouse must be moved by 20 November. Exceptions need my written approval.\n\nWhy: the last migration slipped by three weeks because tables kept changing underneath it. We will not repeat that.\n\nQuestions to me directly.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('priya-natarajan'), J('orchard')],
    date: '2026-09-09',
  },
  {
    id: 'b6-d02-rfc',
    kind: 'document',
    upload: {
      filename: 'rfc-0042-beacon-events.md',
      content: `# RFC-0042: Onboarding event schema v2\n\n| | |\n|---|---|\n| Status | Draft |\n| Authors | Alex Kim (Acme), Linus Berg |\n| Created | 2026-09-15 |\n| Project | Beacon |\n\n## Problem\nThe Beacon onboarding flow emits 31 event types with inconsistent names and no versioning. Analytics cannot tell a skipped step from an abandoned session.\n\n## Proposal\n- One event type, \`onboarding.step\`, with fields \`step\`, \`outcome\` (completed | skipped | abandoned) and \`schema_version\`.\n- Events are validated at the edge; invalid events go to a dead-letter queue instead of being dropped.\n- The old events are emitted in parallel for one release, then removed.\n\n## Alternatives considered\nKeeping the 31 types and adding a version field to each: rejected, it doubles the mapping work in the warehouse.\n\n## Open questions\n- Do partners embedding the flow need the old events for longer?\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('alex-kim'), P('linus-berg'), J('beacon')],
    allow: [C('acme')],
    date: '2026-09-15',
  },
  {
    id: 'b6-d03-services-agreement',
    kind: 'document',
    upload: {
      filename: 'MSA Solaria Initech signed.txt',
      content: `MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement ("Agreement") is entered into as of 1 October 2026 ("Effective Date") by and between:\n\n(1) SOLARIA RENOVABLES S.L., a company incorporated in Spain with registered office at Avenida de la Innovación 12, 41020 Sevilla ("Customer"); and\n(2) INITECH, INC., a Delaware corporation ("Provider").\n\n1. SERVICES. Provider shall provide the monitoring platform and related support services described in each Statement of Work.\n2. TERM. This Agreement commences on the Effective Date and continues for thirty-six (36) months unless terminated earlier in accordance with Section 9.\n3. FEES. Fees are set out in each Statement of Work and are payable within forty-five (45) days of invoice.\n4. SERVICE LEVELS. Provider shall make the platform available 99.5% of each calendar month, excluding scheduled maintenance.\n5. DATA PROTECTION. The parties shall comply with the Data Processing Addendum attached as Schedule 2.\n6. LIMITATION OF LIABILITY. Each party's aggregate liability shall not exceed the fees paid in the twelve (12) months preceding the claim.\n9. TERMINATION. Either party may terminate for material breach not cured within thirty (30) days of written notice.\n12. GOVERNING LAW. This Agreement is governed by the laws of Spain.\n\nIN WITNESS WHEREOF the parties have executed this Agreement as of the Effective Date.\n\nSOLARIA RENOVABLES S.L.                 INITECH, INC.\nBy: Lucía Ferrer                         By: Linus Berg\nTitle: Directora de compras              Title: Head of Platform\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('solaria'), C('initech'), P('lucia-ferrer'), P('linus-berg')],
    date: '2026-10-01',
  },
  {
    id: 'b6-d04-forwarded-emails-only',
    kind: 'document',
    upload: {
      filename: 'Fwd pricing.eml',
      content: `From: grace@globex.io\nTo: ken@ourfund.vc\nDate: Tue, 22 Sep 2026 07:30:12 +0200\nSubject: Fwd: Quote — cobot pilot (4 units)\n\nFYI, pricing came in. Looks fair to me.\n\n---------- Forwarded message ---------\nFrom: kenji@kumo-robotics.jp\nDate: Mon, Sep 21, 2026 at 11:48 AM\nSubject: Quote — cobot pilot (4 units)\nTo: grace@globex.io\n\nDear Grace,\n\nAs discussed, our quote for the pilot:\n\n- 4 × KR-6 collaborative arm, JPY 3,200,000 each\n- On-site installation and two weeks of support in Rotterdam: JPY 1,800,000\n- Total: JPY 14,600,000 excl. VAT, delivery eight weeks after order\n\nIf the pilot converts to a fleet order within six months, the pilot units are credited at 100%.\n\nBest regards,\nKenji\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('kenji-watanabe'), C('kumo'), P('grace-hopper'), C('globex')],
    allow: [P('ken-thompson')],
    date: '2026-09-21',
  },
  {
    id: 'b6-d05-pdf-dpa-summary',
    kind: 'document',
    upload: {
      filename: 'Umbrella DPA summary.pdf',
      contentBase64: b64(
        makePdf([
          'Umbrella Health - Data Processing Agreement',
          'Summary of agreed terms, 30 September 2026',
          'Controller: Umbrella Health. DPO: Fatima Zahra Benali',
          'Processing region: EU (Frankfurt), added for Atlas Migration',
          'Retention after termination: 30 days',
          'Breach notification: within 24 hours',
          'Signature expected: October 2026',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('umbrella'), P('fatima-zahra-benali'), J('atlas-migration')],
    date: '2026-09-30',
  },
  {
    id: 'b6-d06-docx-sow',
    kind: 'document',
    upload: {
      filename: 'SOW Orchard phase 2 - Northwind.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Statement of Work No. 2 — Orchard, phase 2', heading: true },
          { text: 'Client: Northwind Traders. Client contact: Dmitri Sokolov, Head of Data.' },
          { text: 'Date: 2 October 2026.' },
          { text: 'Scope', heading: true },
          { text: 'Migrate the remaining 14 dashboards and 212 scheduled reports from the old warehouse to Orchard; decommission the old warehouse by 15 January 2027.' },
          { text: 'Commercials', heading: true },
          { text: 'Fixed price of EUR 96,000, invoiced in three milestones. Change requests are billed at the day rate in SOW No. 1.' },
          { text: 'Approval', heading: true },
          { text: 'Budget approval on the client side: Hedy Lamarr, COO.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('northwind'), P('dmitri-sokolov'), J('orchard'), P('hedy-lamarr')],
    date: '2026-10-02',
  },
  {
    id: 'b6-d07-postmortem-customer-deep',
    kind: 'document',
    upload: { filename: 'INC-2291-postmortem.md', content: POSTMORTEM.join('\n') + '\n' },
    worth: true,
    own: 'sources/',
    touch: [C('hooli'), P('alan-turner')],
    date: '2026-10-06',
  },
  {
    id: 'b6-d08-french-press-release',
    kind: 'document',
    upload: {
      filename: 'communique-wonka-serie-b.txt',
      content: `COMMUNIQUÉ DE PRESSE\n\nWonka Labs lève 40 millions de dollars en série B pour industrialiser ses capteurs\n\nParis, le 8 octobre 2026 — Wonka Labs, spécialiste des capteurs textiles pour la santé, annonce une levée de fonds de 40 millions de dollars. Le tour est mené par un fonds américain, avec la participation des investisseurs historiques.\n\n« Cette levée nous permet de passer de la ligne pilote à une production à grande échelle », déclare Radia Perlman, associée chez Wonka Labs. Samantha Reyes, directrice des opérations, précise que la nouvelle usine ouvrira au printemps 2027 et emploiera 120 personnes.\n\nContact presse : presse@wonka.co\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('wonka'), P('radia-perlman'), P('samantha-reyes')],
    date: '2026-10-08',
  },
  {
    id: 'b6-d09-nda-emails-only',
    kind: 'document',
    upload: {
      filename: 'Mutual NDA - executed.txt',
      content: `MUTUAL NON-DISCLOSURE AGREEMENT\n\nEffective date: 12 October 2026\n\nThe parties identified by the signatures below agree to keep confidential all non-public information exchanged in connection with a possible investment, for a period of three (3) years from the effective date. Information may be shared with advisers bound by equivalent duties. Nothing in this agreement obliges either party to proceed with any transaction.\n\nGoverning law: England and Wales.\n\nSIGNED electronically\n\n/s/ mh@umbrella.org                 /s/ ken@ourfund.vc\nDate: 2026-10-12                    Date: 2026-10-12\nIP: 81.2.69.142                     IP: 104.28.11.9\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('margaret-hamilton'), C('umbrella'), P('ken-thompson')],
    date: '2026-10-12',
  },
  {
    id: 'b6-d10-investor-update',
    kind: 'document',
    upload: {
      filename: 'Kumo Q3 2026 investor update.md',
      content: `Subject: Kumo Robotics — Q3 2026 investor update\n\nDear investors,\n\nQ3 in one line: revenue JPY 182m (+41% QoQ), 23 arms shipped, first European pilot signed.\n\n**Highlights**\n- Globex agreed a paid pilot of four arms for its Rotterdam packing line, starting January.\n- We hired a head of manufacturing from a large Osaka automotive supplier.\n- Gross margin 38%, up from 31%.\n\n**Lowlights**\n- A supplier delay on harmonic drives cost us about three weeks of output.\n\n**Asks**\n- Introductions to logistics operators in the Netherlands and Germany.\n\nThanks to Priya Natarajan for joining our board meetings as observer this quarter.\n\nKenji Watanabe\nCEO, Kumo Robotics · 14 October 2026\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kumo'), P('kenji-watanabe'), P('priya-natarajan')],
    allow: [C('globex')],
    date: '2026-10-14',
  },
  {
    id: 'b6-d11-prd',
    kind: 'document',
    upload: {
      filename: 'PRD - dunning emails.md',
      content: `# PRD: Dunning e-mails\n\nOwner: Ada Lovelace (Acme) · Last updated 16 Oct 2026 · Part of: Billing Revamp\n\n## Goal\nRecover more failed card payments without extra support tickets.\n\n## Requirements\n1. Three e-mails: day 1, day 5, day 13 (the last one warns about the restriction on day 14).\n2. Every e-mail has a one-click link to update the card; no login required, the link expires after 72 hours.\n3. Copy is localised for English, German and French at launch.\n4. Customers on annual plans are excluded from the first release.\n\n## Success metric\nRecovered revenue within 30 days of the first failure, target 55% (today: 38%).\n\n## Out of scope\nSMS reminders; in-app banners.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('billing-revamp'), P('ada-lovelace')],
    allow: [C('acme')],
    date: '2026-10-16',
  },
  {
    id: 'b6-d12-dispute-letter',
    kind: 'document',
    upload: {
      filename: 'Invoice dispute INV-2026-0931.eml',
      content: `From: Vandelay Industries Accounts Payable <ap@vandelay.com>\nTo: billing@ourcompany.example\nDate: Mon, 19 Oct 2026 14:20:00 -0400\nSubject: Dispute: invoice INV-2026-0931\n\nTo whom it may concern,\n\nWe dispute invoice INV-2026-0931 dated 30 September 2026 for USD 18,400. The invoice charges 60 seats; our order form (signed 2 June 2026) covers 40 seats, and no change order was signed. We will pay USD 12,266.67 for 40 seats and withhold the balance until a corrected invoice is issued.\n\nPlease also note our remittance address has changed to 1 Vandelay Plaza, Newark, NJ.\n\nRegards,\nArt Vandelay\nVP Imports, Vandelay Industries\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('vandelay')],
    allow: ['people/'],
    date: '2026-10-19',
  },

  // ---------------------------------------------------------------- sessions
  {
    id: 'b6-s01-chatgpt-export',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Solaria renewal email',
          create_time: epoch('2026-09-11T08:10:00Z'),
          update_time: epoch('2026-09-11T08:22:00Z'),
          mapping: {
            'client-created-root': { id: 'client-created-root', message: null, parent: null, children: ['a1'] },
            a1: { id: 'a1', parent: 'client-created-root', children: ['a2'], message: { id: 'a1', author: { role: 'user' }, create_time: epoch('2026-09-11T08:10:00Z'), content: { content_type: 'text', parts: ['Lucía Ferrer at Solaria wants to renew for two years but asks for 8% off. Our floor is 5%. Draft a polite reply in English that offers 5% for two years or 8% for three years.'] } } },
            a2: { id: 'a2', parent: 'a1', children: ['a3'], message: { id: 'a2', author: { role: 'assistant' }, create_time: epoch('2026-09-11T08:11:00Z'), content: { content_type: 'text', parts: ['Dear Lucía,\n\nThank you for your interest in renewing. For a two-year term we can offer a 5% discount; if Solaria commits to three years, we can extend that to 8%. Happy to discuss which option suits you best.\n\nKind regards,'] } } },
            a3: { id: 'a3', parent: 'a2', children: [], message: { id: 'a3', author: { role: 'user' }, create_time: epoch('2026-09-11T08:22:00Z'), content: { content_type: 'text', parts: ['good. sent. decision: 5%/2y or 8%/3y is our final position for Solaria.'] } } },
          },
          moderation_results: [],
          current_node: 'a3',
          conversation_id: '7b2e4c10-91a3-4d5e-8f60-2a1b3c4d5e6f',
          default_model_slug: 'gpt-5',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('lucia-ferrer'), C('solaria')],
    date: '2026-09-11',
  },
  {
    id: 'b6-s02-claude-export',
    kind: 'session',
    upload: {
      filename: 'claude-conversation.json',
      content: JSON.stringify({
        uuid: '2a9c7e51-0b3d-4f6e-8a1c-5d4e3f2a1b0c',
        name: 'Wonka Series B term sheet questions',
        created_at: '2026-09-25T19:02:11.000Z',
        updated_at: '2026-09-25T19:30:40.000Z',
        account: { uuid: '11111111-2222-3333-4444-555555555555' },
        chat_messages: [
          { uuid: 'h1', sender: 'human', created_at: '2026-09-25T19:02:11.000Z', text: 'Olivia Grant (our counsel at Lighthouse Legal) flagged that the Wonka Labs Series B term sheet has a 2x participating liquidation preference for the new investor. Radia Perlman says it is market. Is it?', content: [], attachments: [], files: [] },
          { uuid: 'b1', sender: 'assistant', created_at: '2026-09-25T19:02:40.000Z', text: 'A 2x participating preference is not market for a Series B in most conditions; 1x non-participating is the common term. Participation with a 2x multiple means the new investor gets twice their money back and then shares in the rest, which can take a large share of a modest exit from earlier investors and founders. Common compromises: 1x participating with a cap at 2–3x, or 1x non-participating.', content: [], attachments: [], files: [] },
          { uuid: 'h2', sender: 'human', created_at: '2026-09-25T19:29:00.000Z', text: 'ok. we will push back through Olivia: 1x non-participating, or 1x participating capped at 2.5x. Ken agrees.', content: [], attachments: [], files: [] },
          { uuid: 'b2', sender: 'assistant', created_at: '2026-09-25T19:30:40.000Z', text: 'That is a reasonable position. Ask Olivia to present it as a package with any other open points so it is not negotiated in isolation.', content: [], attachments: [], files: [] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('olivia-grant'), C('lighthouse'), C('wonka'), P('radia-perlman')],
    allow: [P('ken-thompson')],
    date: '2026-09-25',
  },
  {
    id: 'b6-s03-slack-thread-export',
    kind: 'session',
    upload: {
      filename: 'orchard-thread.json',
      content: JSON.stringify({
        channel: { id: 'C05ORCHARD', name: 'proj-orchard' },
        messages: [
          { type: 'message', user: 'U02PN', user_profile: { real_name: 'Priya Natarajan', display_name: 'priya' }, text: 'Heads-up: Dima from Northwind says their finance dashboards read three tables we planned to drop in week 2. Can we keep them until the cut-over?', ts: slackTs('2026-09-28T09:14:00Z', 1), thread_ts: slackTs('2026-09-28T09:14:00Z', 1) },
          { type: 'message', user: 'U07LB', user_profile: { real_name: 'Linus Berg', display_name: 'linus' }, text: 'Yes, they are small. I will move the drop to the decommission step.', ts: slackTs('2026-09-28T09:31:00Z', 2), thread_ts: slackTs('2026-09-28T09:14:00Z', 1) },
          { type: 'message', user: 'U02PN', user_profile: { real_name: 'Priya Natarajan', display_name: 'priya' }, text: 'Thanks. Decision: the three finance tables stay until decommission. I will tell <@U09DS>.', ts: slackTs('2026-09-28T09:40:00Z', 3), thread_ts: slackTs('2026-09-28T09:14:00Z', 1) },
          { type: 'message', user: 'U09DS', user_profile: { real_name: 'Dmitri Sokolov', display_name: 'dima' }, text: 'Much appreciated 🙏', ts: slackTs('2026-09-28T10:02:00Z', 4), thread_ts: slackTs('2026-09-28T09:14:00Z', 1) },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [J('orchard'), P('priya-natarajan'), P('dmitri-sokolov'), C('northwind'), P('linus-berg')],
    date: '2026-09-28',
  },
  {
    id: 'b6-s04-quoted-transcript',
    kind: 'session',
    upload: {
      filename: 'kumo-pricing-chat.txt',
      content: `chat export · 2026-10-02\n\n> user\nkenji from kumo quoted JPY 3.2m per arm for 4 units. what's a sane counter if globex wants a fleet of 40 next year?\n\n> assistant\nAnchor on volume: ask for a tiered price with the 40-unit fleet at roughly 15–20% below the pilot price, and keep the 100% pilot credit Kenji already offered. A counter of JPY 2.7m per arm at fleet volume is defensible.\n\n> user\nok. going with 2.7m at 40+ units and the pilot credit. i'll send it to kenji tonight\n\n> assistant\nNoted: counter-offer of JPY 2.7m per arm for 40+ units, pilot credit kept; you will send it to Kenji tonight.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('kumo'), P('kenji-watanabe')],
    allow: [C('globex')],
    date: '2026-10-02',
  },
  {
    id: 'b6-s05-discord-log',
    kind: 'session',
    upload: {
      filename: 'Beacon Beta - feedback [1288440012].txt',
      content: `==============================================================\nGuild: Beacon Beta\nChannel: Testers / feedback\nTopic: Feedback on the new onboarding flow\n==============================================================\n\n[03-Oct-26 10:14 AM] Ada Lovelace\nTried the Beacon flow with three new Acme hires this morning. Step 4 (connect bank) fails silently on Safari.\n\n[03-Oct-26 10:16 AM] beacon-bot\nThanks! Logged as BEACON-311.\n\n[03-Oct-26 10:21 AM] Alex Kim\nsame here on Safari 18. Chrome works. Also the progress bar says 5 steps but there are 6\n\n[03-Oct-26 10:40 AM] Ada Lovelace\nWe'll keep onboarding Acme people through the old form until the Safari fix lands. Please ping me when it's out.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [J('beacon'), P('ada-lovelace'), P('alex-kim'), C('acme')],
    date: '2026-10-03',
  },
  {
    id: 'b6-s06-api-message-log',
    kind: 'session',
    upload: {
      filename: 'session-2026-10-06.json',
      content: JSON.stringify({
        id: 'sess_01J9Z4',
        created_at: '2026-10-06T13:05:00Z',
        model: 'some-model-2026-06',
        messages: [
          { role: 'system', content: 'You help the customer-success team plan migrations.' },
          { role: 'user', content: 'Umbrella Health wants the Atlas Migration for their last two clinics done before Christmas. Maggie Hamilton asked whether we can do both clinics in one weekend.' },
          { role: 'assistant', content: 'Two clinics in one weekend is feasible only if the data volumes are similar to the pilot clinics (about 300 GB each) and the clinics can freeze writes from Friday 18:00. Otherwise do them on consecutive weekends; the risk of a single overrun pushing both past Christmas is the main argument.' },
          { role: 'user', content: 'volumes are double. ok, consecutive weekends: 5 and 12 December. tell Maggie.' },
          { role: 'assistant', content: 'Draft for Maggie: "We propose migrating the two remaining clinics on consecutive weekends, 5 and 12 December, with a write freeze from Friday 18:00 each time. This keeps a buffer before Christmas if either weekend overruns."' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [J('atlas-migration'), P('margaret-hamilton'), C('umbrella')],
    date: '2026-10-06',
  },
  {
    id: 'b6-s07-nothing-known',
    kind: 'session',
    upload: {
      filename: 'ChatGPT-Sourdough hydration.md',
      content: `# Sourdough hydration\n\n**User:** my sourdough spreads flat in the oven. 78% hydration, 20% whole wheat, cold retard overnight. what should i change first?\n\n**ChatGPT:** Drop hydration to about 72% and build strength with two or three more sets of folds in the first two hours. Whole wheat absorbs water slowly, so the dough feels drier at mixing than it is later. Also check that the bulk ferment is not running too long: aim for a 50–75% rise, not doubling.\n\n**User:** thanks, will try 72 this weekend\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b6-s08-ambiguous-sam',
    kind: 'session',
    upload: {
      filename: 'chat.txt',
      content: `User: Sam wants the purchase order split into two so it stays under the approval threshold. Is that a problem?\n\nAssistant: Splitting an order specifically to avoid an approval threshold is usually a breach of procurement policy, even if each part is legitimate on its own. Ask Sam to put the whole order through the normal approval, or document a genuine reason (different budgets, different delivery dates) if the split is real.\n\nUser: ok, telling sam to take it through approval as one PO.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b6-s09-agent-tool-log',
    kind: 'session',
    upload: {
      filename: 'agent-run-8812.jsonl',
      content: [
        { type: 'user', timestamp: '2026-10-07T08:00:01Z', message: { role: 'user', content: 'Find who at Hooli reported the webhook outage and draft the SLA credit e-mail.' } },
        { type: 'assistant', timestamp: '2026-10-07T08:00:04Z', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'search_tickets', input: { query: 'webhook hooli.xyz', since: '2026-10-06' } }] } },
        { type: 'user', timestamp: '2026-10-07T08:00:05Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '[{"id":"T-55120","reporter":"alan.turner@gmail.com","org":"Hooli","opened":"2026-10-06T09:02:00Z","subject":"No webhook events since 08:10"}]' }] } },
        { type: 'assistant', timestamp: '2026-10-07T08:00:12Z', message: { role: 'assistant', content: [{ type: 'text', text: 'The ticket T-55120 was opened by Alan Turner (alan.turner@gmail.com) for Hooli on 6 October at 09:02 UTC. Draft:\n\nHi Alan,\n\nThank you for flagging the webhook delay on 6 October. Events were delayed between 08:12 and 10:47 UTC and none were lost. Under the SLA, Hooli will receive a 10% service credit on the October invoice. The written incident summary follows this week.\n\nBest regards' }] } },
        { type: 'user', timestamp: '2026-10-07T08:03:30Z', message: { role: 'user', content: 'send it.' } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    },
    worth: true,
    own: 'notes/',
    touch: [C('hooli'), P('alan-turner')],
    date: '2026-10-07',
  },
  {
    id: 'b6-s10-spanish-chat',
    kind: 'session',
    upload: {
      filename: 'conversacion.md',
      content: `## Usuario\nMañana tengo reunión con Lucía Ferrer de Solaria sobre la migración a Orchard. Quieren mover 40 TB de telemetría. ¿Qué preguntas debería llevar preparadas?\n\n## Asistente\n1. ¿Qué años de datos deben poder consultarse y con qué latencia?\n2. ¿Hay requisitos del regulador sobre el lugar de almacenamiento?\n3. ¿Quién valida los datos migrados en Solaria y en qué plazo?\n4. ¿Se puede congelar la escritura durante la copia de cada año?\n\n## Usuario\nperfecto. apunto también: Solaria prefiere que los datos se queden en la UE. (20/10/2026)\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('lucia-ferrer'), C('solaria'), J('orchard')],
    date: '2026-10-20',
  },
  {
    id: 'b6-s11-teams-chat',
    kind: 'session',
    upload: {
      filename: 'Teams chat - Falcon PO.txt',
      content: `[21/10/2026 09:02] Sam Okafor\nThird quote is in. The new vendor is 6% cheaper than the other two.\n\n[21/10/2026 09:05] Alex Chen\nGreat. Then go with them for the Falcon cluster? Delivery date still 2 Nov?\n\n[21/10/2026 09:07] Sam Okafor\nThey can do 9 Nov. I'd accept the week's slip for the saving.\n\n[21/10/2026 09:12] Alex Chen\nOK from my side, Falcon can absorb a week. Approve it.\n\n[21/10/2026 09:13] Sam Okafor\nApproved, PO going out today.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('sam-okafor'), P('alex-chen'), J('falcon')],
    allow: [C('globex')],
    date: '2026-10-21',
  },
  {
    id: 'b6-s12-user-ai-paste',
    kind: 'session',
    upload: {
      filename: 'pasted.txt',
      content: `User: ada wants the day-14 restriction in the billing revamp pushed to day 21 for german customers because of the legal review. does that break the dunning math?\nAI: Not much. Recovery mostly happens in the first ten days; moving the restriction from day 14 to day 21 for one country usually changes the 30-day recovery rate by a point or two. Keep the third e-mail two days before the restriction, i.e. day 19 for Germany.\nUser: ok so germany: restriction day 21, last mail day 19. everyone else unchanged. noting that as decided 22 oct.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [J('billing-revamp'), P('ada-lovelace')],
    date: '2026-10-22',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'b6-j01-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Robotics Brief 88.eml',
      content: `From: The Robotics Brief <editors@roboticsbrief.example>\nTo: you@ourcompany.example\nDate: Fri, 16 Oct 2026 06:30:00 +0000\nSubject: #88 — cobots in packing lines, Globex's automation push, Acme's new CFO\nList-Unsubscribe: <mailto:unsubscribe@roboticsbrief.example>\n\nTHE ROBOTICS BRIEF · #88\n\n1. Collaborative arms are moving from assembly into packing. We look at four deployments.\n2. Globex is said to be piloting arms in Rotterdam; the company declined to comment.\n3. Acme names a new CFO.\n4. Chart of the week: average cobot price fell 9% year over year.\n\nYou're receiving this because you subscribed. Unsubscribe · View in browser\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j02-phishing',
    kind: 'junk',
    upload: {
      filename: 'Mailbox storage full.eml',
      content: `From: "IT Helpdesk" <helpdesk@0urfund-vc.support>\nTo: ken@ourfund.vc\nDate: Mon, 12 Oct 2026 05:12:44 +0000\nSubject: [Action Required] Your mailbox is 99% full — messages will be deleted\n\nDear ken@ourfund.vc,\n\nYour mailbox has exceeded its storage limit. Incoming messages are on hold and will be deleted in 24 hours.\n\nVerify your account now to restore service:\nhttps://0urfund-vc.support/owa/verify?u=ken\n\nIT Helpdesk\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j03-ooo-known-person',
    kind: 'junk',
    upload: {
      filename: 'Automatic reply Orchard.eml',
      content: `From: Grace Hopper <grace@globex.io>\nTo: ken@ourfund.vc\nDate: Wed, 23 Sep 2026 10:02:31 +0200\nSubject: Automatic reply: Kumo pilot next steps\nAuto-Submitted: auto-replied\n\nThank you for your message. I am out of the office until Friday 2 October with limited access to e-mail. For urgent Globex matters please contact Alex Chen (alex@globex.io).\n\nGrace\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j04-ride-receipt',
    kind: 'junk',
    upload: {
      filename: 'Your Thursday morning trip.eml',
      content: `From: Rides <receipts@rides.example>\nTo: ken@ourfund.vc\nDate: Thu, 24 Sep 2026 08:41:00 +0000\nSubject: Your Thursday morning trip with Rides\n\nThanks for riding, Ken\n\nTotal €23.40\n\nTrip fare €19.90\nBooking fee €1.50\nTip €2.00\n\nPickup 08:02 · Hauptbahnhof\nDrop-off 08:39 · Lighthouse Legal, Friedrichstraße\n\nPaid with Visa ••••4421\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j05-social-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.eml',
      content: `From: ProNet <notifications@pronet.example>\nTo: ken@ourfund.vc\nDate: Sat, 26 Sep 2026 14:00:00 +0000\nSubject: Ada Lovelace and 4 others viewed your profile\n\nYour profile got 5 views this week.\n\nAda Lovelace · VP Engineering at Acme\nKenji Watanabe · CEO at Kumo Robotics\n+3 more\n\nSee all views · Try Premium free for 1 month\n\nUnsubscribe · Help\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j06-saas-receipt-known-company',
    kind: 'junk',
    upload: {
      filename: 'Stark Cloud invoice.eml',
      content: `From: Stark Cloud Billing <billing@starkindustries.com>\nTo: accounts@ourcompany.example\nDate: Thu, 1 Oct 2026 02:00:00 +0000\nSubject: Your Stark Cloud invoice SC-1009921 is available\n\nHello,\n\nYour invoice for September 2026 is now available.\n\nInvoice: SC-1009921\nAmount due: USD 1,284.00\nDue date: 31 October 2026\nPayment: automatic (card on file)\n\nView invoice: https://cloud.starkindustries.com/billing\n\nThis is an automated message. Please do not reply.\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j07-esign-notification',
    kind: 'junk',
    upload: {
      filename: 'Completed Please DocuSign.eml',
      content: `From: "Olivia Grant via eSign" <dse@esign.example>\nTo: ken@ourfund.vc\nDate: Wed, 30 Sep 2026 18:12:09 +0000\nSubject: Completed: Please eSign: Wonka Labs - Series B - Signature Pages\n\nAll parties have completed Please eSign: Wonka Labs - Series B - Signature Pages.\n\nVIEW COMPLETED DOCUMENT\n\nDo Not Share This Email\nThis email contains a secure link. Please do not share this email, link, or access code with others.\n\nAbout eSign: Sign documents electronically in just minutes. It's safe, secure, and legally binding.\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j08-bounce',
    kind: 'junk',
    upload: {
      filename: 'Undeliverable.eml',
      content: `From: Mail Delivery Subsystem <mailer-daemon@ourfund.vc>\nTo: priya@ourfund.vc\nDate: Tue, 29 Sep 2026 11:20:05 +0000\nSubject: Undeliverable: Re: Orchard cut-over dates\n\nDelivery has failed to these recipients or groups:\n\nd.sokolov@northwind.example\nThe e-mail address you entered couldn't be found. Please check the recipient's e-mail address and try to resend the message.\n\nDiagnostic information for administrators:\nRemote server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'\n`,
    },
    worth: false,
  },
  {
    id: 'b6-j09-marketing-known-firm',
    kind: 'junk',
    upload: {
      filename: 'Lighthouse Legal Insights.eml',
      content: `From: Lighthouse Legal Insights <insights@lighthouse-legal.com>\nTo: ken@ourfund.vc\nDate: Tue, 20 Oct 2026 12:00:00 +0000\nSubject: Webinar: what the EU AI Act means for your portfolio (5 November)\n\nLighthouse Legal Insights\n\nJoin our technology partners for a 45-minute webinar on the obligations that start applying in 2027, with a checklist for fund managers and portfolio companies.\n\nThursday 5 November · 16:00 GMT · Online\n\n[Register]\n\nYou are receiving this e-mail because you are a client or contact of Lighthouse Legal LLP. Manage your preferences or unsubscribe.\n`,
    },
    worth: false,
  },
];
