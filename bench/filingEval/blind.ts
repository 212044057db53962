// The blind filing set: written from the item format, the seeded brain and the issue text only,
// without reading the filer (src/) or the other two sets' items. Its first run is the honest
// estimate for unseen inboxes. Names, phrasings and formats are chosen apart from the other sets:
// first names, possessives, e-mail addresses and domains, accent-less and upper-case spellings,
// Cyrillic and Japanese names (pages for them are seeded below, on top of the shared brain).
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

/** Extra pages this set needs on top of SEED_PAGES: names with accents and in other scripts. */
export const BLIND_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  {
    path: 'people/jose-nunez.md',
    markdown: '---\ntitle: José Núñez\ntype: person\nemail: jose@vandelay.com\ncompany: "[[companies/vandelay]]"\nrole: Head of Sales\n---\n# José Núñez\n\nSales lead at Vandelay.\n',
  },
  {
    path: 'people/dmitri-sokolov.md',
    markdown: '---\ntitle: Дмитрий Соколов\ntype: person\ncompany: "[[companies/initech]]"\nrole: Finance Director\n---\n# Дмитрий Соколов\n\nFinance at Initech.\n',
  },
  {
    path: 'people/zoe-angstrom.md',
    markdown: '---\ntitle: Zoë Ångström\ntype: person\ncompany: "[[companies/globex]]"\nrole: Partnerships\n---\n# Zoë Ångström\n\nPartnerships at Globex, based in Tokyo.\n',
  },
  {
    path: 'companies/muller.md',
    markdown: '---\ntitle: Müller Logistik GmbH\ntype: company\ndomain: mueller-logistik.de\naliases: [Müller Logistik]\n---\n# Müller Logistik GmbH\n\nFreight partner in Hamburg.\n',
  },
  {
    path: 'companies/mirai.md',
    markdown: '---\ntitle: 株式会社ミライ\ntype: company\ndomain: mirai.co.jp\naliases: [ミライ, Mirai KK]\n---\n# 株式会社ミライ\n\nDistributor in Japan.\n',
  },
];

const b64 = (b: Buffer) => b.toString('base64');
const crlf = (lines: string[]) => lines.join('\r\n');

export const BLIND_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'bm01-notes-first-name-globex',
    kind: 'meeting',
    upload: {
      filename: 'globex check-in.md',
      content: `# Globex check-in\n\nWhen: Wed 4 March 2026, 15:00 CET\nWho: Grace, Alex Chen, me\n\n- Grace says the Atlas cut-over slips two weeks because their DBA left.\n- Alex Chen owns the data validation scripts and needs read access to our staging bucket.\n- Next: we send a revised plan by Friday.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/grace-hopper.md', 'people/alex-chen.md', 'companies/globex.md', 'projects/atlas-migration.md'],
    date: '2026-03-04',
  },
  {
    id: 'bm02-transcript-date-in-filename',
    kind: 'meeting',
    upload: {
      filename: '2026-02-17 stark funding call.txt',
      content: `[00:00:03] Barbara Liskov: okay let's start, I have a hard stop at the half hour.\n[00:00:09] Ken Thompson: sure. On the fund side we're ready to wire the bridge round for Stark next week.\n[00:00:21] Barbara Liskov: Great. Research needs the GPU quote signed before that lands.\n[00:00:40] Ken Thompson: Send me the quote today and I'll get partner sign-off.\n[00:01:02] Barbara Liskov: Will do. Anything else? No? Thanks Ken.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/barbara-liskov.md', 'people/ken-thompson.md', 'companies/stark.md'],
    date: '2026-02-17',
  },
  {
    id: 'bm03-ics-attendees-by-mail',
    kind: 'meeting',
    upload: {
      filename: 'invite.ics',
      content: crlf([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Apple Inc.//macOS 14.4//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:7F1C2E9A-3B44-4F7B-9C1D-falcon-review',
        'DTSTAMP:20260401T090000Z',
        'DTSTART:20260410T140000Z',
        'DTEND:20260410T150000Z',
        'SUMMARY:Falcon telemetry design review',
        'ORGANIZER;CN=Ada Lovelace:mailto:ada@acme.com',
        'ATTENDEE;CN=Radia Perlman;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:radia@wonka.co',
        'ATTENDEE;CN=Priya Raman;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:priya@wonka.co',
        'DESCRIPTION:Walk through the telemetry pipeline for Project Falcon. Wonka presents',
        '  their ingestion numbers\\, Acme brings the storage budget.',
        'LOCATION:Zoom',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ]),
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/ada-lovelace.md', 'people/radia-perlman.md', 'companies/acme.md', 'companies/wonka.md', 'projects/falcon.md'],
    allow: ['people/'],
    date: '2026-04-10',
  },
  {
    id: 'bm04-email-recap-cc-signature',
    kind: 'meeting',
    upload: {
      filename: 'Recap - Northwind onboarding call.eml',
      content: `From: Alex Kim <alex.kim@acme.com>\nTo: Hedy Lamarr <hedy@northwindtraders.com>\nCc: Ada Lovelace <ada@acme.com>\nDate: Mon, 11 May 2026 18:02:11 +0200\nSubject: Recap - Northwind onboarding call today\n\nHi Hedy,\n\nThanks for the time today. Quick recap of what we agreed:\n * Northwind will pilot the billing module in two warehouses starting in June.\n * We move your invoices over as part of the Billing Revamp.\n * Your team sends the SKU export by Thursday.\n\nBest,\nAlex\n--\nAlex Kim | Solutions Engineer | Acme Corp\nacme.com\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/alex-kim.md', 'people/hedy-lamarr.md', 'companies/northwind.md', 'companies/acme.md', 'projects/billing-revamp.md'],
    date: '2026-05-11',
  },
  {
    id: 'bm05-teams-transcript-alias',
    kind: 'meeting',
    upload: {
      filename: 'Weekly sync - Umbrella Health.docx.txt',
      content: `Weekly sync – Umbrella Health\nTranscript\n29 January 2026, 10:02AM\n\nMaggie   0:05\nMorning all. Main thing today is the Atlas timeline.\n\nLinus Berg   0:12\nWe can move the Umbrella tenants in the second wave, not the first.\n\nMaggie   0:31\nThat works if the consent records move with them. Let's fix that as the plan.\n\nLinus Berg   0:44\nAgreed, I'll write it up.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/margaret-hamilton.md', 'people/linus-berg.md', 'companies/umbrella.md', 'companies/initech.md', 'projects/atlas-migration.md'],
    date: '2026-01-29',
  },
  {
    id: 'bm06-spanish-notes-accentless-name',
    kind: 'meeting',
    upload: {
      filename: 'reunion-vandelay.txt',
      content: `Reunión con Vandelay — 12/03/2026\n\nAsistentes: Jose Nunez (Vandelay), Radia Perlman\n\nNotas:\n- Vandelay quiere ampliar el contrato a 40 licencias.\n- Radia propone un descuento del 10 % si firman antes de abril.\n- Jose enviará la orden de compra la semana que viene.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/jose-nunez.md', 'people/radia-perlman.md', 'companies/vandelay.md', 'companies/wonka.md'],
    date: '2026-03-12',
  },
  {
    id: 'bm07-google-calendar-json',
    kind: 'meeting',
    upload: {
      filename: 'event-export.json',
      content: JSON.stringify(
        {
          kind: 'calendar#event',
          id: '4k2v9qz1h0',
          status: 'confirmed',
          summary: 'Hooli partnership intro',
          description: "Alan to introduce Hooli's search team to Grace. Topics: API access for Project Falcon, data residency.",
          start: { dateTime: '2026-06-02T16:00:00-07:00', timeZone: 'America/Los_Angeles' },
          end: { dateTime: '2026-06-02T16:45:00-07:00', timeZone: 'America/Los_Angeles' },
          organizer: { email: 'alan.turner@gmail.com', displayName: 'Alan Turner' },
          attendees: [
            { email: 'alan.turner@gmail.com', displayName: 'Alan Turner', organizer: true, responseStatus: 'accepted' },
            { email: 'grace@globex.io', responseStatus: 'accepted' },
            { email: 'rooms-4b@resource.calendar.google.com', displayName: 'Room 4B', resource: true, responseStatus: 'accepted' },
          ],
        },
        null,
        2,
      ),
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/alan-turner.md', 'people/grace-hopper.md', 'companies/hooli.md', 'companies/globex.md', 'projects/falcon.md'],
    date: '2026-06-02',
  },
  {
    id: 'bm08-one-on-one-possessives',
    kind: 'meeting',
    upload: {
      filename: '1on1.md',
      content: `1:1 Ada / me — 2026-02-03\n\nAda's priorities this quarter:\n1. Hire two SREs for Acme's platform team.\n2. Get Atlas over the line before the audit.\n\nLinus (Initech) agreed to lend two of his engineers for the Postgres upgrade that Atlas depends on.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/ada-lovelace.md', 'companies/acme.md', 'projects/atlas-migration.md', 'people/linus-berg.md', 'companies/initech.md'],
    date: '2026-02-03',
  },
  {
    id: 'bm09-frontmatter-bold-speakers',
    kind: 'meeting',
    upload: {
      filename: 'board-prep.md',
      content: `---\ndate: 2026-04-22\ntags: [board]\n---\n# Board prep with Ken\n\n**Ken Thompson:** The Q1 numbers for Wonka Labs look soft. What happened?\n\n**Radia:** Churn was one account. Hooli moved their workloads in-house in February.\n\n**Ken Thompson:** Then the deck should say so plainly. Decision: we present net retention without Hooli as a second line.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/ken-thompson.md', 'people/radia-perlman.md', 'companies/wonka.md', 'companies/hooli.md'],
    date: '2026-04-22',
  },
  {
    id: 'bm10-forwarded-notes-weekday-date',
    kind: 'meeting',
    upload: {
      filename: 'Fwd notes from Thursday.eml',
      content: `From: Barbara Liskov <barbara@stark.dev>\nTo: me@ourfund.vc\nDate: Fri, 20 Mar 2026 08:15:00 +0000\nSubject: Fwd: notes from Thursday's procurement sync\n\nForwarding my notes from yesterday's sync (Thursday 19 March) with our procurement lead Tomás Ferreira.\n\n- Stark Industries will buy the 200-seat licence in Q2, not Q3.\n- Tomás needs a security questionnaire filled in before the PO.\n- Barbara to send the questionnaire to the vendor by 27 March.\n\nBarbara\n\nDirector of Research, Stark Industries\nThis e-mail and any attachments are confidential.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/barbara-liskov.md', 'companies/stark.md'],
    allow: ['people/'],
    date: '2026-03-19',
  },
  {
    id: 'bm11-ai-summary-participants',
    kind: 'meeting',
    upload: {
      filename: 'meeting-summary.txt',
      content: `Meeting summary — "Initech x Acme: SSO rollout"\nDate: July 8, 2026\nParticipants: Linus Berg, Alex Kim, Sam O'Neill\n\nKey takeaways\n- Initech switches all staff to SAML SSO by the end of Q3.\n- Acme provides a test tenant for two weeks.\n\nAction items\n- Alex: share the IdP metadata XML.\n- Linus: pick the pilot group.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/linus-berg.md', 'people/alex-kim.md', 'companies/initech.md', 'companies/acme.md'],
    date: '2026-07-08',
  },
  {
    id: 'bm12-tokyo-visit-japanese-names',
    kind: 'meeting',
    upload: {
      filename: 'tokyo-visit.md',
      content: `# 株式会社ミライ訪問 (visit to Mirai KK, Tokyo)\n\nDate: 2026-06-18\nAttendees: Zoe Angstrom (Globex), 佐藤 健 (CTO, 株式会社ミライ)\n\n- ミライ will distribute the Globex appliance in Japan from October.\n- Zoe to send the revised reseller margins.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: ['people/zoe-angstrom.md', 'companies/mirai.md', 'companies/globex.md'],
    allow: ['people/'],
    date: '2026-06-18',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'bd01-memo-header-fields',
    kind: 'document',
    upload: {
      filename: 'memo-research-budget.md',
      content: `MEMORANDUM\n\nTO: Leadership team\nFROM: Barbara Liskov\nDATE: 9 February 2026\nRE: Research budget for Stark Industries, FY26\n\nStark's research group asks for 1.2M for FY26. Most of it funds the Project Falcon sensor work, which moves from prototype to field trials in Q3.\n\nI recommend we approve 0.9M now and release the rest after the field trials.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: ['people/barbara-liskov.md', 'companies/stark.md', 'projects/falcon.md'],
    date: '2026-02-09',
  },
  {
    id: 'bd02-spec-last-updated',
    kind: 'document',
    upload: {
      filename: 'billing-revamp-spec-v0.3.md',
      content: `# Billing Revamp — technical spec v0.3\n\nLast updated: 14 Jan 2026 · Owner: Ada Lovelace\n\n## Goal\nReplace the monthly batch invoicer with usage-based billing.\n\n## Integrations\n- Payments go through Globex's payment gateway (REST, idempotency keys required).\n- Invoices are rendered as PDF and mailed.\n\n## Open questions\n- Proration for mid-month plan changes.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: ['projects/billing-revamp.md', 'people/ada-lovelace.md', 'companies/globex.md'],
    date: '2026-01-14',
  },
  {
    id: 'bd03-investment-memo',
    kind: 'document',
    upload: {
      filename: 'IC memo - Wonka Labs Series A.md',
      content: `# Investment memo: Wonka Labs, Series A\n\nPrepared by Ken Thompson · 3 Feb 2026\n\n## Summary\nWe propose leading Wonka Labs' 8M Series A at a 32M pre-money valuation.\n\n## Team\nRadia Perlman (partner, ex-networking research) runs product and engineering.\n\n## Market\nThe main alternative for buyers is building in-house, as Hooli did.\n\n## Risks\nCustomer concentration: the top three accounts are 61% of revenue.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: ['companies/wonka.md', 'people/radia-perlman.md', 'people/ken-thompson.md'],
    allow: ['companies/hooli.md'],
    date: '2026-02-03',
  },
  {
    id: 'bd04-news-article-byline',
    kind: 'document',
    upload: {
      filename: 'globex-buys-vandelay-unit.html',
      canonicalUrl: 'https://news.example.net/2026/03/30/globex-vandelay-logistics',
      content: `<html><head><title>Globex buys Vandelay Industries' logistics unit</title></head><body><article><h1>Globex buys Vandelay Industries' logistics unit</h1><p class="byline">By Jordan Pike, staff reporter · Published March 30, 2026</p><p>Globex Corporation has agreed to acquire the logistics unit of Vandelay Industries for an undisclosed sum, the companies said on Monday.</p><p>"Routing is the hard part of our business and Vandelay has the best routing team in the country," said Grace Hopper, Globex's chief technology officer.</p><p>The deal is expected to close in the third quarter.</p></article><footer>© 2026 Example News. Subscribe for more.</footer></body></html>`,
    },
    worth: true,
    own: 'sources/',
    touch: ['companies/globex.md', 'companies/vandelay.md', 'people/grace-hopper.md'],
    allow: ['people/'],
    date: '2026-03-30',
  },
  {
    id: 'bd05-pdf-dpa',
    kind: 'document',
    upload: {
      filename: 'DPA_Umbrella_Acme_signed.pdf',
      contentBase64: b64(
        makePdf([
          'DATA PROCESSING AGREEMENT',
          'between Umbrella Health (the Controller) and Acme Corp (the Processor)',
          'Effective date: 1 April 2026',
          'Acme Corp processes patient scheduling data on behalf of Umbrella Health.',
          'Sub-processors must be approved in writing by the Controller.',
          'Signed for the Controller: Margaret Hamilton, Programme lead',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: ['companies/umbrella.md', 'companies/acme.md', 'people/margaret-hamilton.md'],
    date: '2026-04-01',
  },
  {
    id: 'bd06-docx-quarterly-review',
    kind: 'document',
    upload: {
      filename: 'Falcon Q1 review.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Project Falcon — Q1 2026 review', heading: true },
          { text: 'Date: 15 April 2026' },
          { text: 'Prepared by Hedy Lamarr, Northwind Traders' },
          { text: 'Northwind ran the Falcon field pilot in three depots. Scan accuracy reached 97.4%.' },
          { text: 'Next quarter: extend to twelve depots and cut the per-unit cost by a fifth.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: ['projects/falcon.md', 'people/hedy-lamarr.md', 'companies/northwind.md'],
    date: '2026-04-15',
  },
  {
    id: 'bd07-german-contract-accentless-caps',
    kind: 'document',
    upload: {
      filename: 'Rahmenvertrag_Zusammenfassung.txt',
      content: `Rahmenvertrag – Zusammenfassung\nStand: 05.02.2026\n\nVertragspartner: MULLER LOGISTIK GMBH, Hamburg\nLaufzeit: 24 Monate ab 1. März 2026\nVolumen: ca. 1.800 Paletten pro Monat\n\nMuller Logistik setzt Vandelay Industries als Subunternehmer für die Lagerung in Bremen ein.\nKündigungsfrist: 6 Monate zum Quartalsende.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: ['companies/muller.md', 'companies/vandelay.md'],
    date: '2026-02-05',
  },
  {
    id: 'bd08-article-no-known-entities',
    kind: 'document',
    upload: {
      filename: 'crdts-in-practice.md',
      canonicalUrl: 'https://blog.example.org/crdts-in-practice',
      content: `# CRDTs in practice: what we learned shipping offline sync\n\nPublished 2 May 2026\n\nConflict-free replicated data types promise that replicas converge without coordination. In practice the hard parts are elsewhere: garbage-collecting tombstones, keeping document size bounded, and explaining merges to users.\n\nWe settled on a sequence CRDT for text and last-writer-wins registers for metadata. Tombstones are compacted once every replica has acknowledged a version vector.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [],
    date: '2026-05-02',
  },
  {
    id: 'bd09-runbook-emails-revision',
    kind: 'document',
    upload: {
      filename: 'atlas-cutover-runbook.txt',
      content: `ATLAS MIGRATION — CUT-OVER RUNBOOK\nRevision: 2026-05-02\nOwner: linus@initech.com\n\n1. Freeze writes on the legacy cluster at 22:00 UTC.\n2. Run the final logical replication catch-up and compare row counts.\n3. Flip the DNS record for db.internal to the new cluster.\n4. Rollback: restore DNS and unfreeze the legacy cluster; page the owner.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: ['projects/atlas-migration.md', 'people/linus-berg.md'],
    allow: ['companies/initech.md'],
    date: '2026-05-02',
  },
  {
    id: 'bd10-docx-joint-proposal',
    kind: 'document',
    upload: {
      filename: 'Proposal - Stark x Initech pilot.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Proposal: Stark Industries × Initech joint pilot', heading: true },
          { text: '22 June 2026' },
          { text: 'Author: Linus Berg, Head of Platform, Initech' },
          { text: 'Initech proposes to run its build farm on Stark Industries hardware for a six-week pilot.' },
          { text: 'Success means 30% shorter builds at equal cost. Stark provides 40 nodes free of charge during the pilot.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: ['companies/stark.md', 'companies/initech.md', 'people/linus-berg.md'],
    date: '2026-06-22',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'bs01-json-array-job-move',
    kind: 'session',
    upload: {
      filename: 'agent-session.json',
      content: JSON.stringify([
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Heads up for my notes: Grace Hopper is leaving Globex and joins Hooli as VP Engineering in May.' },
        { role: 'assistant', content: 'Noted. Grace Hopper moves from Globex to Hooli (VP Engineering) in May. Do you want a reminder to update the Globex account owner?' },
        { role: 'user', content: 'Yes, and remind me that Hooli will now be our main contact for the Falcon API beta.' },
        { role: 'assistant', content: 'Reminder set: update the Globex account owner, and treat Hooli as the main contact for the Falcon API beta.' },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: ['people/grace-hopper.md', 'companies/globex.md', 'companies/hooli.md', 'projects/falcon.md'],
    date: 'upload',
  },
  {
    id: 'bs02-json-messages-timestamps',
    kind: 'session',
    upload: {
      filename: 'session-7f3a.json',
      content: JSON.stringify({
        session_id: '7f3a',
        model: 'some-model',
        messages: [
          { role: 'user', content: 'Which payment provider should the Billing Revamp use? We compared three.', timestamp: '2026-03-02T09:14:00Z' },
          { role: 'assistant', content: 'Given your need for usage-based invoices and EU VAT handling, the second option fits best.', timestamp: '2026-03-02T09:14:20Z' },
          { role: 'user', content: 'OK, decision made: we go with the second provider for the Billing Revamp, and Alex Kim owns the integration.', timestamp: '2026-03-02T09:16:02Z' },
          { role: 'assistant', content: 'Recorded: second provider chosen; Alex Kim owns the integration work.', timestamp: '2026-03-02T09:16:10Z' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: ['projects/billing-revamp.md', 'people/alex-kim.md'],
    date: '2026-03-02',
  },
  {
    id: 'bs03-chatgpt-export-mapping',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Pricing email to Wonka',
          create_time: 1775817000.12,
          update_time: 1775817900.5,
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['m1'] },
            m1: {
              id: 'm1',
              parent: 'root',
              children: ['m2'],
              message: { id: 'm1', author: { role: 'user' }, create_time: 1775817000.12, content: { content_type: 'text', parts: ['Help me write to Radia at Wonka Labs: we can hold last year\'s price if they sign a two-year renewal before June.'] } },
            },
            m2: {
              id: 'm2',
              parent: 'm1',
              children: ['m3'],
              message: { id: 'm2', author: { role: 'assistant' }, create_time: 1775817030.4, content: { content_type: 'text', parts: ['Hi Radia,\n\nWe would be glad to keep Wonka Labs on last year\'s pricing if the two-year renewal is signed before 1 June. Happy to talk details.\n\nBest regards'] } },
            },
            m3: {
              id: 'm3',
              parent: 'm2',
              children: [],
              message: { id: 'm3', author: { role: 'user' }, create_time: 1775817200.9, content: { content_type: 'text', parts: ['Perfect, sent. Their renewal decision is due end of May.'] } },
            },
          },
          current_node: 'm3',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: ['people/radia-perlman.md', 'companies/wonka.md'],
    date: '2026-04-10',
  },
  {
    id: 'bs04-claude-export-chat-messages',
    kind: 'session',
    upload: {
      filename: 'claude-conversation.json',
      content: JSON.stringify({
        uuid: 'c0ffee00-1111-2222-3333-444455556666',
        name: 'Atlas cut-over plan',
        created_at: '2026-05-18T20:05:00.000000Z',
        updated_at: '2026-05-18T20:31:00.000000Z',
        chat_messages: [
          { uuid: 'a1', sender: 'human', text: 'Linus wants to do the Atlas cut-over on a weekend. Pros and cons?', created_at: '2026-05-18T20:05:00.000000Z' },
          { uuid: 'a2', sender: 'assistant', text: 'A weekend cut-over lowers user impact but means thinner on-call coverage. If Linus can staff two engineers, it is the safer choice.', created_at: '2026-05-18T20:05:40.000000Z' },
          { uuid: 'a3', sender: 'human', text: 'Decided: Atlas cuts over on Saturday 2026-06-13, Linus staffs the on-call.', created_at: '2026-05-18T20:30:00.000000Z' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: ['projects/atlas-migration.md', 'people/linus-berg.md'],
    date: '2026-05-18',
  },
  {
    id: 'bs05-pasted-user-assistant-email-ref',
    kind: 'session',
    upload: {
      filename: 'chat.md',
      content: `User: mh@umbrella.org wrote that they want to renew for two years but only with a 99.9% uptime SLA. Is that reasonable for us?\n\nAssistant: A 99.9% SLA allows about 43 minutes of downtime a month. Your last six months averaged 99.95%, so it is reachable, but you should exclude planned maintenance windows.\n\nUser: Good. Then we accept the SLA for Umbrella with maintenance windows excluded.\n\nAssistant: Agreed: accept the 99.9% SLA for the Umbrella renewal, planned maintenance excluded.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: ['people/margaret-hamilton.md', 'companies/umbrella.md'],
    date: 'upload',
  },
  {
    id: 'bs06-pasted-bold-human-cyrillic',
    kind: 'session',
    upload: {
      filename: 'pasted-conversation.md',
      content: `**Human**: Дмитрий Соколов from Initech told me today they cut the Falcon budget by 20% next quarter. How should we re-plan?\n\n**Assistant**: With 20% less budget, the usual options are to drop the lowest-value milestone or to stretch the timeline. For Falcon, the field-trial expansion is the most expensive step.\n\n**Human**: Let's stretch the timeline by one quarter and keep the field trials.\n\n**Assistant**: Plan: Falcon field trials kept, overall timeline stretched by one quarter.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: ['people/dmitri-sokolov.md', 'companies/initech.md', 'projects/falcon.md'],
    date: 'upload',
  },
  {
    id: 'bs07-session-names-nothing',
    kind: 'session',
    upload: {
      filename: 'session-rust.json',
      content: JSON.stringify({
        messages: [
          { role: 'user', content: 'Why does the borrow checker reject returning a reference to a local variable?' },
          { role: 'assistant', content: 'Because the local is dropped when the function returns, the reference would dangle. Return an owned value instead, or take the buffer as a parameter.' },
          { role: 'user', content: 'Makes sense, thanks.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 'bs08-session-ambiguous-first-name',
    kind: 'session',
    upload: {
      filename: 'quick-chat.json',
      content: JSON.stringify({
        messages: [
          { role: 'user', content: 'Alex said the deploy is blocked on a flaky integration test. What should I tell him?' },
          { role: 'assistant', content: 'Ask Alex to quarantine the flaky test behind a retry and open a ticket to fix it, so the deploy can go ahead.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 'bs09-jsonl-agent-log-blocks',
    kind: 'session',
    upload: {
      filename: 'agent-run.jsonl',
      content: [
        { type: 'user', timestamp: '2026-04-30T07:12:00Z', message: { role: 'user', content: [{ type: 'text', text: 'Hedy confirmed on the phone that Northwind approves the Falcon rollout budget for the next phase.' }] } },
        { type: 'assistant', timestamp: '2026-04-30T07:12:09Z', message: { role: 'assistant', content: [{ type: 'text', text: 'Good news. I will note that Northwind approved the Falcon rollout budget and that Hedy Lamarr gave the approval.' }] } },
        { type: 'user', timestamp: '2026-04-30T07:13:30Z', message: { role: 'user', content: [{ type: 'text', text: 'Yes. Rollout starts with the Hamburg depot.' }] } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    },
    worth: true,
    own: 'notes/',
    touch: ['people/hedy-lamarr.md', 'companies/northwind.md', 'projects/falcon.md'],
    date: '2026-04-30',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'bj01-newsletter-mentions-companies',
    kind: 'junk',
    upload: {
      filename: 'The Weekly Byte #142.eml',
      content: `From: The Weekly Byte <hello@weeklybyte.news>\nTo: me@ourfund.vc\nSubject: The Weekly Byte #142: Globex's big bet, Hooli's layoffs\nList-Unsubscribe: <https://weeklybyte.news/unsub?u=8812>\n\nThis week in tech\n\n1. Globex bets on logistics software with a new acquisition.\n2. Hooli trims 4% of staff in its devices unit.\n3. Five tools we loved this month.\n\nYou are receiving this because you subscribed at weeklybyte.news. Unsubscribe | View in browser\n`,
    },
    worth: false,
  },
  {
    id: 'bj02-receipt',
    kind: 'junk',
    upload: {
      filename: 'Your receipt from Figma.eml',
      content: `From: Figma <billing@figma.com>\nSubject: Your receipt from Figma #2291-0043\nDate: Tue, 3 Mar 2026 04:11:00 +0000\n\nReceipt #2291-0043\nAmount paid: $45.00\nDate paid: March 3, 2026\nPayment method: Visa ending in 4242\n\nProfessional plan (3 editors) ........ $45.00\n\nQuestions? Visit our help centre. Figma, Inc., San Francisco\n`,
    },
    worth: false,
  },
  {
    id: 'bj03-github-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.eml',
      content: `From: Ada Lovelace <notifications@github.com>\nTo: acme/falcon <falcon@noreply.github.com>\nSubject: Re: [acme/falcon] Bump protobuf to 5.27 (PR #312)\n\n@ada-lovelace approved this pull request.\n\nLGTM once CI is green.\n\n—\nReply to this email directly, view it on GitHub, or unsubscribe.\nYou are receiving this because you were mentioned.\n`,
    },
    worth: false,
  },
  {
    id: 'bj04-spam-prize',
    kind: 'junk',
    upload: {
      filename: 'congratulations.txt',
      content: `CONGRATULATIONS!!! You have been selected as one of our 3 lucky winners this month. Claim your $1,000 gift card now — offer expires in 24 hours. Click here to claim: http://win-prizes.example.biz/claim?id=99812. No purchase necessary. To stop receiving these offers reply STOP.\n`,
    },
    worth: false,
  },
  {
    id: 'bj05-phishing-mailbox-full',
    kind: 'junk',
    upload: {
      filename: 'mailbox-quota.eml',
      content: `From: IT Helpdesk <it-support@acme-mail-security.ru>\nTo: ada@acme.com\nSubject: [URGENT] Your acme.com mailbox is full\n\nDear ada@acme.com,\n\nYour mailbox has exceeded its storage limit and incoming messages will be rejected within 12 hours. To keep receiving mail, verify your account and password here:\n\nhttp://acme-com.mailbox-verify.ru/login\n\nFailure to verify will result in permanent deactivation.\n\nIT Helpdesk Team\n`,
    },
    worth: false,
  },
  {
    id: 'bj06-calendar-reminder',
    kind: 'junk',
    upload: {
      filename: 'reminder.eml',
      content: `From: Google Calendar <calendar-notification@google.com>\nSubject: Notification: Falcon standup @ Thu 9 Apr 2026 09:30 - 09:45 (CEST)\n\nThis event starts in 10 minutes.\n\nFalcon standup\nThursday 9 April 2026 · 09:30 – 09:45\nJoin with Google Meet: meet.google.com/abc-defg-hij\n\nInvitation from Google Calendar. You are receiving this email because you are an attendee of the event. Forwarding this invitation could allow any recipient to send a response to the organiser. Learn more.\n`,
    },
    worth: false,
  },
  {
    id: 'bj07-social-notification',
    kind: 'junk',
    upload: {
      filename: 'linkedin.eml',
      content: `From: LinkedIn <messages-noreply@linkedin.com>\nSubject: Congratulate Barbara Liskov on 5 years at Stark Industries\n\nBarbara Liskov is celebrating a work anniversary.\nSay congrats: https://www.linkedin.com/feed/\n\nGrace Hopper and 3 others viewed your profile this week.\n\nYou are receiving LinkedIn notification emails. Unsubscribe · Help\n© 2026 LinkedIn Corporation\n`,
    },
    worth: false,
  },
];
