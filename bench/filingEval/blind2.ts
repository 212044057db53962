// The second blind filing set: written from the issue text, the item format (items.ts types), the
// shared seeded brain (brain.ts) and the scorer only, without reading the filer (src/). Hard the way
// real inboxes are: long documents that name many entities in passing but are about few, chat
// sessions that wander over several topics, attendees only in prose, first names and roles ("our
// CFO", "Globex's CTO"), names in Cyrillic, Japanese and Arabic script and with diacritics, French,
// German and Spanish items, dates in many forms (year-less ones resolve against the upload date),
// and items that must go to review (ambiguous, naming nothing, empty, a forwarded duplicate).
// The expected pages were written by hand from the rules, before the set was ever run.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');
const crlf = (lines: string[]) => lines.join('\r\n');
const epoch = (iso: string) => Date.parse(iso) / 1000;

function person(slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: P(slug), markdown: ['---', `title: ${title}`, 'type: person', ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

function company(slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: C(slug), markdown: ['---', `title: ${title}`, 'type: company', ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const BLIND2_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  person('olga-petrova', 'Ольга Петрова', { email: 'olga.petrova@globex.io', company: '"[[companies/globex]]"', role: 'Head of Legal', aliases: '[Olga Petrova]' }, 'Legal at Globex.'),
  person('tanaka-yuko', '田中 優子', { email: 'y.tanaka@starkindustries.com', company: '"[[companies/stark]]"', role: 'Country Manager Japan', aliases: '[Yuko Tanaka, 田中]' }, 'Runs Stark in Japan.'),
  person('layla-haddad', 'Layla Haddad', { email: 'layla@hooli.xyz', company: '"[[companies/hooli]]"', role: 'Product Lead', aliases: '[ليلى حداد]' }, 'Product at Hooli.'),
  person('francois-lefevre', 'François Lefèvre', { email: 'f.lefevre@lumiere.fr', company: '"[[companies/lumiere]]"', role: 'Directeur financier' }, 'CFO of Lumière Énergie.'),
  person('jurgen-gross', 'Jürgen Groß', { email: 'jg@kessler-werke.de', company: '"[[companies/kessler]]"', role: 'CTO', aliases: '[Juergen Gross]' }, 'CTO of Kessler Werke.'),
  person('nadia-okafor', 'Nadia Okafor', { email: 'nadia@ourfund.vc', role: 'CFO' }, 'Our CFO.'),
  person('carmen-ruiz', 'Carmen Ruiz Águila', { email: 'carmen@solaria.es', company: '"[[companies/solaria]]"', role: 'Directora de Operaciones', aliases: '[Carmen Ruiz]' }, 'Operations at Solaria.'),
  company('lumiere', 'Lumière Énergie SA', { domain: 'lumiere.fr', aliases: '[Lumière Énergie, Lumiere Energie]' }, 'Energy retailer in Lyon.'),
  company('kessler', 'Kessler Werke AG', { domain: 'kessler-werke.de', aliases: '[Kessler Werke, Kessler]' }, 'Industrial robotics, Stuttgart.'),
  company('solaria', 'Solaria Redes S.L.', { domain: 'solaria.es', aliases: '[Solaria Redes, Solaria]' }, 'Network operator in Madrid.'),
  company('al-noor', 'Al Noor Logistics', { domain: 'alnoor.ae', aliases: '[شركة النور, Al-Noor Logistics]' }, 'Cold-chain logistics in Dubai.'),
  { path: J('orion'), markdown: '---\ntitle: Project Orion\ntype: project\naliases: [Orion]\nstatus: active\n---\n# Project Orion\n\nThe distribution platform.\n' },
  { path: J('data-residency'), markdown: '---\ntitle: EU Data Residency\ntype: project\naliases: [Data Residency]\nstatus: active\n---\n# EU Data Residency\n\nKeeping EU customer data in the EU.\n' },
];

// Generic paragraphs that long documents carry between their substantive parts (no entity names).
const PROSE = [
  'The broader market context matters here. Over the last eighteen months buyers have lengthened their procurement cycles, asked for more security evidence up front and pushed vendors towards usage-based pricing. None of this is unusual for the segment, but it does mean that the revenue figures in this section should be read as a range rather than as a point estimate, and that the downside case deserves at least as much attention as the base case.',
  'Methodology. Figures were taken from the management accounts as of the end of the previous month, reconciled against bank statements where possible. Where the two disagreed we used the lower number. Headcount is reported as full-time equivalents; contractors are included only when they have worked for more than three consecutive months. Customer counts exclude trials and internal accounts.',
  'Risks. The main operational risk remains concentration: a small number of accounts make up a large share of recurring revenue, and the loss of any one of them would be felt within a quarter. A second risk is key-person dependency in the engineering team, where two people hold most of the knowledge about the deployment tooling. A third is regulatory: the rules on data transfers continue to change and may require further investment in regional hosting.',
  'Operations. The support queue has been stable at between forty and sixty open tickets for most of the period, with a median first response time of under two hours during business hours. On-call load has dropped since the alerting rules were rewritten, and the number of pages outside business hours fell by roughly a third. The team would still like a second shift in a different time zone.',
  'A note on terminology: throughout this document "customer" means a paying organisation with at least one active contract, "user" means a named seat, and "workload" means a unit of scheduled processing. Monetary amounts are in euros unless stated otherwise, and all dates are in UTC.',
  'Open questions for the next review include whether the current pricing tiers still match how customers actually use the product, whether the onboarding checklist can be shortened without raising the early churn rate, and how much of the roadmap for the second half of the year depends on hiring that has not yet been approved.',
  'Background. The architecture described here grew out of a series of smaller services that were written quickly to meet individual customer requests. Over time they accumulated overlapping responsibilities, inconsistent error handling and three different approaches to configuration. The consolidation proposed below is meant to reduce that surface without a rewrite, moving one responsibility at a time behind a stable interface.',
  'Testing and rollout. Each stage ships behind a flag, first to internal accounts, then to a small cohort of volunteers, then to everyone. A stage is only promoted when its error rate over seven days is no worse than the stage it replaces. Rollback is a flag flip; no stage changes stored data in a way the previous stage cannot read.',
  'Glossary and appendix. The tables that follow list the measurements used above, the queries that produced them and the date each was taken. They are included for completeness and are not needed to follow the argument of the main text. Readers interested only in the recommendation can skip to the final section.',
  'Governance. Decisions above the agreed thresholds require sign-off from two directors, and any change to the data processing terms needs a written review. Minutes of each review are kept with the contract file, and the audit trail is retained for seven years in line with the retention policy.',
];

const prose = (...i: number[]) => i.map((n) => PROSE[n]!).join('\n\n');

export const BLIND2_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'c-m01-board-minutes-prose-attendees',
    kind: 'meeting',
    upload: {
      filename: 'minutes-leadership-review.md',
      content: `# Leadership review — minutes\n\nTuesday, 10 February 2026\n\nAda opened the meeting at nine and walked through the quarter. Grace Hopper joined from the Globex office about ten minutes in, and our CFO Nadia Okafor took the finance items.\n\n## 1. Acme renewal\n\nAda reported that Acme will renew for another two years if Project Orion delivers the regional catalogue by June. Nadia wants the renewal priced in two steps so the first-year number does not fall below plan.\n\n## 2. Orion staffing\n\nGrace offered two Globex engineers for the Orion integration work from March. The offer was accepted; Ada will write the statement of work.\n\n## 3. Competition\n\nThe usual names came up (Hooli, Vandelay and a couple of start-ups) but nobody thought the competitive picture had changed since the last review.\n\n${prose(3, 5)}\n\n## Decisions\n\n- Orion gets the two Globex engineers from 1 March.\n- Acme renewal to be priced in two steps.\n\n_Minutes taken by the office of the CEO._\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('ada-lovelace'), P('grace-hopper'), P('nadia-okafor'), C('acme'), C('globex'), J('orion')],
    date: '2026-02-10',
  },
  {
    id: 'c-m02-french-compte-rendu',
    kind: 'meeting',
    upload: {
      filename: 'compte-rendu-lumiere-solaria.txt',
      content: `Compte rendu — réunion du 5 février 2026\n\nParticipants : François Lefèvre (Lumière Énergie), Carmen Ruiz (Solaria Redes)\n\nObjet : hébergement des données des clients espagnols dans le cadre du projet EU Data Residency.\n\n1. Lumière Énergie souhaite que les données de facturation restent à Madrid chez Solaria.\n2. Carmen confirme que Solaria peut ouvrir une deuxième salle d'ici fin avril.\n3. Décision : François signe la lettre d'intention avant le 20 février.\n\nProchaine réunion : début mars.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('francois-lefevre'), P('carmen-ruiz'), C('lumiere'), C('solaria'), J('data-residency')],
    date: '2026-02-05',
  },
  {
    id: 'c-m03-german-protokoll-dotted-date',
    kind: 'meeting',
    upload: {
      filename: 'Protokoll_Abstimmung_Kessler.txt',
      content: `Protokoll: Abstimmung Kessler / Stark\nDatum: 03.03.2026, 14:00–14:45\n\nJürgen: Die Falcon-Anbindung an unsere Steuerung ist fertig, wir brauchen nur noch die Freigabe von Stark.\nBarbara: Die Freigabe kommt diese Woche. Unser Forschungsteam möchte vorher die Latenzmessungen sehen.\nJürgen: Die schicke ich heute noch.\nBarbara: Gut. Dann starten wir den Pilotbetrieb am 16. März.\n\nBeschluss: Pilotbetrieb Project Falcon ab 16.03.2026 bei Stark Industries.\nAufgabe: Jürgen Groß sendet die Latenzmessungen.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('jurgen-gross'), P('barbara-liskov'), C('kessler'), C('stark'), J('falcon')],
    date: '2026-03-03',
  },
  {
    id: 'c-m04-otter-transcript-self-introductions',
    kind: 'meeting',
    upload: {
      filename: 'otter_transcript_residency.txt',
      content: `Residency addendum walkthrough\nJun 18, 2026 · 45 min\n\nSpeaker 1  0:00\nHi everyone, this is Layla from Hooli, I'll drive today.\n\nSpeaker 2  0:06\nOlga here, Globex legal. I have the redline open.\n\nSpeaker 1  0:15\nGreat. So the open point on the EU Data Residency addendum is the backup location. We'd like Frankfurt as primary and Dublin as secondary.\n\nSpeaker 2  1:02\nGlobex can accept that if the sub-processor list is attached as a schedule. Otherwise our DPA doesn't hold.\n\nSpeaker 1  1:40\nFine, we'll attach it. So that's agreed: Frankfurt primary, Dublin secondary, sub-processors in schedule 3.\n\nSpeaker 2  1:52\nAgreed. I'll send the clean version by Friday.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('layla-haddad'), P('olga-petrova'), C('hooli'), C('globex'), J('data-residency')],
    date: '2026-06-18',
  },
  {
    id: 'c-m05-outlook-ics-cyrillic-cjk-cn',
    kind: 'meeting',
    upload: {
      filename: 'Orion distribution review.ics',
      content: crlf([
        'BEGIN:VCALENDAR',
        'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VTIMEZONE',
        'TZID:Tokyo Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0900',
        'TZOFFSETTO:+0900',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'ORGANIZER;CN=田中 優子:mailto:y.tanaka@starkindustries.com',
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Ольга Петрова:mailto:olga.petrova@globex.io',
        'ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Kenji Mori:mailto:kenji.mori@mirai.co.jp',
        'DESCRIPTION:Review of the Orion distribution contract for Japan: exclusivity\\, t',
        ' erm and the data clauses Globex legal asked for.',
        'SUMMARY;LANGUAGE=en-US:Orion distribution contract review',
        'DTSTART;TZID=Tokyo Standard Time:20260709T100000',
        'DTEND;TZID=Tokyo Standard Time:20260709T110000',
        'UID:040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5',
        'DTSTAMP:20260701T020000Z',
        'LOCATION:Microsoft Teams Meeting',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ]),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tanaka-yuko'), P('olga-petrova'), C('stark'), C('globex'), J('orion')],
    allow: ['people/', C('mirai')],
    date: '2026-07-09',
  },
  {
    id: 'c-m06-first-name-and-role-yearless',
    kind: 'meeting',
    upload: {
      filename: 'sync hedy.md',
      content: `Sync with Hedy and our CFO — 14 Jan\n\nHedy walked us through Northwind's invoice backlog: about 3,000 invoices are stuck in the old system.\nOur CFO wants them migrated as part of the Billing Revamp rather than by hand.\nAgreed: Hedy's team exports the backlog by the end of the month; we load it in the first Billing Revamp batch.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('hedy-lamarr'), P('nadia-okafor'), C('northwind'), J('billing-revamp')],
    date: '2026-01-14',
  },
  {
    id: 'c-m07-spanish-email-recap-cc',
    kind: 'meeting',
    upload: {
      filename: 'Resumen reunion Solaria Wonka.eml',
      content: `From: Carmen Ruiz <carmen@solaria.es>\nTo: Radia Perlman <radia@wonka.co>\nCc: Ada Lovelace <ada@acme.com>\nDate: Thu, 5 Mar 2026 19:40:12 +0100\nSubject: Resumen de la reunión de hoy\n\nHola Radia:\n\nGracias por la reunión de esta tarde. Resumo lo acordado:\n\n- Solaria y Wonka Labs arrancan un piloto de tres meses en abril.\n- Wonka aporta el equipo de datos; Solaria, la red y los centros de datos.\n- Revisamos el precio en junio con los resultados del piloto.\n\nUn saludo,\nCarmen\n\n--\nCarmen Ruiz Águila · Directora de Operaciones\nSolaria Redes S.L. · Calle Mayor 1, 28013 Madrid\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('carmen-ruiz'), P('radia-perlman'), C('solaria'), C('wonka')],
    date: '2026-03-05',
  },
  {
    id: 'c-m08-retro-passing-mentions',
    kind: 'meeting',
    upload: {
      filename: 'atlas-retro-2026-09-15.md',
      content: `# Atlas Migration — retrospective\n\nDate: 2026-09-15\nAttendees: Linus Berg, Margaret Hamilton, Alex Kim\n\n## What went well\n- Umbrella's tenants moved in one weekend with no data loss; Margaret's consent-record checklist caught two gaps before cut-over.\n- Linus's team at Initech ran the Postgres upgrade a week early.\n\n## What went badly\n- Alex Kim found that Acme's staging copy was three days stale, so the dry run proved less than we thought.\n- We copied the runbook format from a conference talk by someone at Stark; it did not fit a multi-tenant move.\n\n## Actions\n- Alex: automate the staging refresh at Acme.\n- Margaret: keep the checklist as the template for the next wave.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('linus-berg'), P('margaret-hamilton'), P('alex-kim'), C('initech'), C('umbrella'), C('acme'), J('atlas-migration')],
    date: '2026-09-15',
  },
  {
    id: 'c-m09-japanese-minutes',
    kind: 'meeting',
    upload: {
      filename: '議事録_スターク.txt',
      content: `議事録 2026年4月8日\n\n出席者：田中 優子、Ken Thompson\n\n・Stark Industries 日本法人の来期予算が承認された。\n・Ken より、追加出資は第3四半期に判断するとの説明。\n・田中：東京オフィスの採用を5名から8名に増やしたい。\n\n決定事項：採用計画は8名で進める。\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tanaka-yuko'), P('ken-thompson'), C('stark')],
    date: '2026-04-08',
  },
  {
    id: 'c-m10-forwarded-duplicate-of-m07',
    kind: 'meeting',
    upload: {
      filename: 'Fwd Resumen reunion.eml',
      content: `From: Radia Perlman <radia@wonka.co>\nTo: me@ourfund.vc\nDate: Fri, 6 Mar 2026 08:02:00 +0100\nSubject: Fwd: Resumen de la reunión de hoy\n\nFYI, same notes as yesterday.\n\n---------- Forwarded message ---------\nFrom: Carmen Ruiz <carmen@solaria.es>\nDate: Thu, 5 Mar 2026 19:40:12 +0100\nSubject: Resumen de la reunión de hoy\n\nHola Radia:\n\nGracias por la reunión de esta tarde. Resumo lo acordado:\n\n- Solaria y Wonka Labs arrancan un piloto de tres meses en abril.\n- Wonka aporta el equipo de datos; Solaria, la red y los centros de datos.\n- Revisamos el precio en junio con los resultados del piloto.\n\nUn saludo,\nCarmen\n`,
    },
    worth: false,
  },
  {
    id: 'c-m11-new-contact-with-role',
    kind: 'meeting',
    upload: {
      filename: 'call-notes-kessler-sales.txt',
      content: `Call with Priyanka Desai, VP Sales at Kessler Werke\nMon 2 Feb 2026\n\nPriyanka wants to bundle Kessler's robot controllers with Project Orion for the Nordic market.\nThey would take 15% of the bundle revenue; we keep the software licence.\nShe'll send a term sheet next week. I'll check the Orion roadmap for the Nordic launch date.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [C('kessler'), J('orion')],
    allow: ['people/'],
    date: '2026-02-02',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'c-d01-long-investment-memo',
    kind: 'document',
    upload: {
      filename: 'IC memo - Lumiere Energie.md',
      content: `# Investment memo: Lumière Énergie SA\n\nPrepared by: Ken Thompson\nDate: 12 March 2026\nStatus: for the investment committee\n\n## Summary\n\nWe propose to lead a €6M round in Lumière Énergie, a Lyon-based energy retailer that sells fixed-price contracts to small businesses. Lumière Énergie has grown recurring revenue from €2.1M to €5.4M in eighteen months with gross margins above 30%.\n\n${prose(0)}\n\n## Management\n\nFrançois Lefèvre, the CFO, joined from a utility two years ago and rebuilt the hedging book; he is the reason margins held through last winter. He will stay on after the round and has agreed to monthly reporting to us.\n\n${prose(1, 2)}\n\n## Comparable companies\n\n| Company | Market | Revenue multiple |\n|---|---|---|\n| Solaria Redes | Spain | 3.1x |\n| Kessler Werke | Germany | 1.8x |\n| Hooli | US | 9.5x |\n\nThe comparables are loose; none sells energy, and they are listed only to frame the multiple.\n\n${prose(3, 5)}\n\n## Recommendation\n\nInvest €6M at a €30M pre-money valuation in Lumière Énergie, with one board seat.\n\n${prose(8)}\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('lumiere'), P('francois-lefevre')],
    allow: [P('ken-thompson')],
    date: '2026-03-12',
  },
  {
    id: 'c-d02-long-spec-owner-globex',
    kind: 'document',
    upload: {
      filename: 'orion-ingestion-spec.md',
      content: `# Orion ingestion tier — design spec\n\nOwner: Alex Chen (Globex)\nLast updated: 2026-08-02\nReviewers: platform team\n\n## Goal\n\nProject Orion needs an ingestion tier that takes partner catalogues (CSV, XML and JSON feeds) and turns them into the normalised product records the distribution platform serves. Globex hosts this tier in its Frankfurt region and operates it under the existing hosting agreement.\n\n${prose(6)}\n\n## Design\n\nEach partner feed is fetched by a scheduler, validated against the partner's declared schema and written to a staging table. A normaliser turns staged rows into product records. Alex Chen's team owns the normaliser; Globex's operations team owns the scheduler and the on-call rota.\n\n${prose(7, 4)}\n\n## Related work\n\nThe staging-table pattern is borrowed from the Atlas Migration, where it worked well for tenant moves. Billing data is out of scope.\n\n${prose(2, 9, 8)}\n\n## Milestones\n\n1. Scheduler and staging in production for the first three partners: end of September.\n2. Normaliser v1: end of October.\n3. All Orion partners on the new tier: end of the year.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('orion'), P('alex-chen'), C('globex')],
    date: '2026-08-02',
  },
  {
    id: 'c-d03-article-yearless-date',
    kind: 'document',
    upload: {
      filename: 'hooli-buys-kessler-robotics.html.txt',
      canonicalUrl: 'https://industry-wire.example.com/hooli-buys-kessler-robotics',
      content: `Hooli to buy Kessler Werke's robotics division\n\nBy Sam Whitfield · March 3\n\nHooli has agreed to buy the robotics division of Kessler Werke, the Stuttgart industrial group, for an undisclosed sum, the companies said on Tuesday.\n\nThe division, which makes controllers for warehouse robots, will become part of Hooli's hardware unit. "We have wanted a controller team of this quality for years," said Layla Haddad, Hooli's product lead, who will run the combined group.\n\nKessler Werke will keep its machine-tool business. Its chief technology officer, Jürgen Groß, moves to Hooli with the division.\n\n${prose(0)}\n\nAnalysts noted that rivals such as Stark Industries and Globex have made similar purchases in the past two years.\n\n© Industry Wire. All rights reserved. Sign up for our morning briefing.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('hooli'), C('kessler'), P('layla-haddad'), P('jurgen-gross')],
    date: '2026-03-03',
  },
  {
    id: 'c-d04-pdf-german-framework-contract',
    kind: 'document',
    upload: {
      filename: 'Rahmenvertrag_Kessler_Acme.pdf',
      contentBase64: b64(
        makePdf([
          'Rahmenvertrag ueber die Lieferung von Robotersteuerungen',
          'zwischen der Kessler Werke AG, Stuttgart',
          'und der Acme Corp (Auftraggeber)',
          '',
          '1. Kessler Werke liefert an Acme bis zu 400 Steuerungen pro Jahr.',
          '2. Laufzeit: drei Jahre ab dem 1. Juni 2026.',
          '3. Preis: 1.850 EUR je Steuerung, jaehrlich an den Index angepasst.',
          '4. Gerichtsstand ist Stuttgart.',
          '',
          'Stuttgart, den 14.05.2026',
          'Fuer Kessler Werke AG: Juergen Gross, CTO',
          'Fuer Acme Corp: Ada Lovelace, VP Engineering',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('kessler'), C('acme')],
    allow: [P('jurgen-gross'), P('ada-lovelace')],
    date: '2026-05-14',
  },
  {
    id: 'c-d05-docx-spanish-quarterly-report',
    kind: 'document',
    upload: {
      filename: 'Informe_trimestral_Solaria_Q2.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Informe trimestral de operaciones — Solaria Redes', heading: true },
          { text: 'Fecha: 30 de junio de 2026. Autora: Carmen Ruiz Águila, Directora de Operaciones.' },
          { text: 'Solaria Redes cerró el segundo trimestre con una disponibilidad del 99,97 % en sus dos centros de datos de Madrid.' },
          { text: 'El proyecto EU Data Residency avanza según lo previsto: la segunda sala abrirá en septiembre y alojará los datos de facturación de clientes europeos.' },
          { text: 'Carmen Ruiz propone contratar a cuatro técnicos más para el turno de noche.' },
          { text: 'Proveedores principales del trimestre: Kessler, Globex y varios integradores locales.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('solaria'), P('carmen-ruiz'), J('data-residency')],
    date: '2026-06-30',
  },
  {
    id: 'c-d06-long-cfo-budget-memo',
    kind: 'document',
    upload: {
      filename: 'FY27 budget memo.txt',
      content: `MEMORANDUM\n\nTo: Leadership team\nFrom: Nadia Okafor, CFO\nDate: October 1, 2026\nRe: FY27 budget — where the money goes\n\nThis memo sets out the FY27 budget proposal. Two programmes take most of the discretionary spend: the Billing Revamp and Project Falcon.\n\n1. Billing Revamp. We propose €1.4M, up from €0.9M, because the migration of legacy invoices turned out larger than planned. The extra money pays for a dedicated data team for two quarters.\n\n2. Project Falcon. We propose to hold Falcon flat at €2.0M. The telemetry work is on track and does not need more people; the savings from the cloud contract renegotiation cover inflation.\n\n${prose(0, 1)}\n\nRevenue assumptions. Our largest customers (Acme, Globex, Umbrella Health and Initech) are assumed to renew at their current size. No expansion revenue is assumed from any of them.\n\n${prose(2, 3, 5, 9)}\n\nDecision needed: approval of the two programme budgets by 15 October.\n\nNadia\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('nadia-okafor'), J('billing-revamp'), J('falcon')],
    date: '2026-10-01',
  },
  {
    id: 'c-d07-arabic-partner-onepager',
    kind: 'document',
    upload: {
      filename: 'Al Noor partnership overview.md',
      content: `# Al Noor Logistics — partnership overview\n\n## شركة النور للخدمات اللوجستية\n\nDate: 15/04/2026\nContact: عمر الفارسي (Omar Al-Farsi), Head of Partnerships, Al Noor Logistics\n\nAl Noor Logistics will run cold-chain delivery for Umbrella Health across the Gulf from July: vaccines and temperature-sensitive diagnostics from Umbrella's Dubai hub to 140 clinics.\n\n- Term: two years, renewable.\n- Volume: about 9,000 shipments a month at full ramp.\n- Umbrella Health keeps ownership of the stock; Al Noor is liable for temperature excursions.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('al-noor'), C('umbrella')],
    allow: ['people/'],
    date: '2026-04-15',
  },
  {
    id: 'c-d08-long-postmortem-table',
    kind: 'document',
    upload: {
      filename: 'postmortem-billing-outage.md',
      content: `# Postmortem: billing outage of 2026-07-21\n\n| Role | Person |\n|---|---|\n| Incident commander | Alex Kim |\n| Operations | Linus Berg |\n| Observer | Grace Hopper |\n\n## Impact\n\nFor 3 hours 40 minutes on 21 July, invoices generated by the Billing Revamp pipeline carried the wrong tax rate for Acme's EU entities. About 1,200 invoices were affected; Acme's finance team caught the problem before any were paid.\n\n## Timeline\n\n- 09:12 Alex Kim is paged by the invoice validation alert and declares an incident.\n- 09:40 Linus Berg traces the fault to a rate table deployed the night before.\n- 11:05 Linus rolls the rate table back; new invoices are correct.\n- 12:52 Alex confirms with Acme that the 1,200 invoices will be reissued.\n\n${prose(6, 7)}\n\n## Root cause\n\nThe Billing Revamp rate table was generated from a spreadsheet export that dropped a column. Validation ran only on the totals, which matched by coincidence.\n\n${prose(2, 3, 8)}\n\n## Actions\n\n- Validate every row of the rate table, not just the totals (owner: Linus Berg).\n- Reissue the affected Acme invoices (owner: Alex Kim).\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('billing-revamp'), P('alex-kim'), P('linus-berg'), C('acme')],
    allow: [P('grace-hopper')],
    date: '2026-07-21',
  },
  {
    id: 'c-d09-blog-with-newsletter-footer',
    kind: 'document',
    upload: {
      filename: 'umbrella-cloud-bill.md',
      canonicalUrl: 'https://cloudcost.example.org/blog/umbrella-health-cloud-bill',
      content: `# How Umbrella Health cut its cloud bill by 40%\n\nPublished 2026-05-20 · 8 min read\n\nWhen Margaret Hamilton took over the programme office at Umbrella Health, the hospital group was spending more on cloud storage than on its nurses' scheduling software. Her first move was boring and effective: she tagged every bucket with an owner and deleted whatever nobody claimed within a month.\n\n"Half of it was backups of backups," Hamilton says. Umbrella Health then moved cold patient archives to a cheaper tier and renegotiated its committed spend.\n\n${prose(0, 3)}\n\nThe result: a 40% lower bill within two quarters, and a finance team that now reviews storage every month.\n\n---\n\n**More from the CloudCost newsletter**\n- Globex raises a Series C to expand in Asia\n- Stark Industries opens a Tokyo office\n- Five things we learned from Hooli's outage report\n\nYou are receiving this because you subscribed at cloudcost.example.org. Unsubscribe.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('umbrella'), P('margaret-hamilton')],
    date: '2026-05-20',
  },
  {
    id: 'c-d10-french-synthesis-note',
    kind: 'document',
    upload: {
      filename: 'note-de-synthese-orion.md',
      content: `# Note de synthèse — Projet Orion\n\nRédigée par François Lefèvre, le 2 septembre 2026\n\nLumière Énergie rejoint le Projet Orion comme premier distributeur dans le secteur de l'énergie. Les catalogues d'offres de Lumière Énergie seront publiés sur la plateforme Orion à partir de novembre.\n\nPoints clés :\n- Lumière Énergie prend en charge la traduction des fiches produits.\n- Orion facture une commission de 4 % sur les contrats signés via la plateforme.\n- François Lefèvre suivra le budget côté Lumière.\n\n${prose(4)}\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('orion'), C('lumiere'), P('francois-lefevre')],
    date: '2026-09-02',
  },
  {
    id: 'c-d11-long-lp-letter',
    kind: 'document',
    upload: {
      filename: 'LP letter Q2 2026.md',
      content: `# Letter to our limited partners — second quarter 2026\n\nJuly 15, 2026\n\nDear partners,\n\nThe quarter was quiet for the market and busy for the portfolio. This letter covers the two events that changed the fund's numbers, then the usual appendix.\n\n## Wonka Labs\n\nWonka Labs closed a €25M Series B led by a growth fund, at three times our entry price. Radia Perlman, who joined as a partner last year, became chief executive in May; under her the company has doubled its data team and signed its first two enterprise contracts. We took part pro rata.\n\n${prose(0, 1)}\n\n## Stark Industries\n\nWe made a new investment in Stark Industries, buying a 6% stake from an early shareholder. Stark's research division is the main reason: its robotics work is two years ahead of anything else we saw this year.\n\n${prose(2, 3, 5)}\n\n## Other activity\n\nWe met many companies this quarter, among them Hooli, Initech and Umbrella Health, but made no other investments. Deal flow remains healthy.\n\n${prose(9, 4, 8, 6)}\n\nWith thanks for your continued support,\n\nKen Thompson\nManaging Partner\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('wonka'), C('stark'), P('radia-perlman')],
    allow: [P('ken-thompson')],
    date: '2026-07-15',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'c-s01-chatgpt-export-two-conversations',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        chatgptConversation('Redlines for the Globex DPA', '2026-06-18T07:45:00Z', [
          ['user', 'Olga Petrova (Globex legal) sent back the DPA redlines for the EU Data Residency addendum. She insists on listing every sub-processor. Is that normal?'],
          ['assistant', 'Yes, listing sub-processors in a schedule is common under GDPR Article 28. You can agree to notify changes 30 days in advance instead of re-signing.'],
          ['user', 'OK. Decision: we accept Olga\'s schedule and offer 30 days\' notice for changes. Draft me a two-line reply.'],
          ['assistant', 'Dear Olga, we accept the sub-processor schedule as proposed and will notify any change 30 days in advance. Kind regards.'],
        ]),
        chatgptConversation('Kessler benchmark numbers', '2026-06-18T11:00:00Z', [
          ['user', 'Jürgen from Kessler Werke sent benchmark numbers for Project Falcon: 2.1 ms p99 on their controllers. How do I compare that to our 3 ms target?'],
          ['assistant', 'At 2.1 ms p99 they are under your 3 ms target with about 30% headroom, assuming the same payload size and network path.'],
          ['user', 'Good. To-do: ask Jürgen for the payload size they used.'],
        ]),
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('olga-petrova'), C('globex'), J('data-residency'), P('jurgen-gross'), C('kessler'), J('falcon')],
    date: '2026-06-18',
  },
  {
    id: 'c-s02-claude-export-wandering',
    kind: 'session',
    upload: {
      filename: 'claude-conversations.json',
      content: JSON.stringify([
        {
          uuid: '5b0e8c1e-1f7d-4b5a-9d43-7a2f0e1c9b10',
          name: 'pandas groupby question',
          created_at: '2026-02-09T21:05:00.000000Z',
          updated_at: '2026-02-09T22:10:00.000000Z',
          chat_messages: [
            claudeMsg('human', 'Why does df.groupby("region").sum() drop my string columns?', '2026-02-09T21:05:00Z'),
            claudeMsg('assistant', 'Since pandas 2.0, sum() on a groupby raises or drops non-numeric columns depending on numeric_only. Select the numeric columns first, or pass numeric_only=True.', '2026-02-09T21:05:20Z'),
            claudeMsg('human', 'Thanks. Unrelated: Grace (the CTO at Globex) wants the Falcon API frozen by August 1 so her team can build against it. We agreed to freeze it. Can you turn that into a one-line announcement?', '2026-02-09T21:30:00Z'),
            claudeMsg('assistant', 'Announcement: the Project Falcon API is frozen from August 1, 2026; changes after that date need Globex sign-off.', '2026-02-09T21:30:15Z'),
            claudeMsg('human', 'Perfect. Last thing, a quick risotto recipe for four?', '2026-02-09T22:09:00Z'),
            claudeMsg('assistant', 'Sweat one onion in butter, toast 320 g of arborio, add a glass of white wine, then hot stock ladle by ladle for 18 minutes; finish with parmesan and butter.', '2026-02-09T22:09:30Z'),
          ],
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('grace-hopper'), C('globex'), J('falcon')],
    date: '2026-02-09',
  },
  {
    id: 'c-s03-agent-log-person-moves',
    kind: 'session',
    upload: {
      filename: 'agent-session-0802.json',
      content: JSON.stringify({
        session_id: 'sess_8f2a91',
        timestamp: '2026-08-02T16:20:00Z',
        messages: [
          { role: 'system', content: 'You are a helpful assistant for the partnerships team.' },
          { role: 'user', content: 'Heads up: Hedy Lamarr is leaving Northwind Traders at the end of August to join Vandelay Industries as COO in September.' },
          { role: 'assistant', content: 'Noted. Do you want me to update the Northwind account owner and set up an intro with Vandelay?' },
          { role: 'user', content: 'Yes. To-do: find the new Northwind operations contact before she leaves, and book an intro call with Hedy at Vandelay for mid-September.' },
          { role: 'assistant', content: 'Two to-dos recorded: new Northwind contact before 31 August; intro call with Hedy at Vandelay in mid-September.' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('hedy-lamarr'), C('northwind'), C('vandelay')],
    date: '2026-08-02',
  },
  {
    id: 'c-s04-pasted-chatgpt-japanese-honorific',
    kind: 'session',
    upload: {
      filename: 'chat about orion japan.md',
      content: `You said:\n田中さん from Stark just told me the Orion launch in Japan slips to Q4 because the distribution contract isn't signed. How should I tell the board?\n\nChatGPT said:\nKeep it short and factual: state the new quarter, the single cause (the unsigned distribution contract), and what you are doing to get it signed. Boards mind surprises more than delays.\n\nYou said:\nOK. Decision: we tell the board the Japan launch of Orion is Q4. To-do: get Stark's legal review of the contract done this month.\n\nChatGPT said:\nHere is a two-sentence board note: "The Japan launch of Project Orion moves to Q4 because the distribution contract with Stark is still unsigned. We expect Stark's legal review to finish this month."\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('tanaka-yuko'), C('stark'), J('orion')],
    date: 'upload',
  },
  {
    id: 'c-s05-slack-thread-yearless-day',
    kind: 'session',
    upload: {
      filename: 'slack-thread-atlas.txt',
      content: `Wednesday, January 14th\n\nAda Lovelace  9:14 AM\n@Linus Berg can we still do the Atlas cut-over this Saturday? The consent export isn't finished.\n\nLinus Berg  9:20 AM\nWe can, if we leave the Umbrella tenants for the second wave. Everything else is ready.\n\nAda Lovelace  9:22 AM\nOk, let's do that. Saturday for everyone except Umbrella; Umbrella moves the week after.\n\nLinus Berg  9:23 AM\n:+1: I'll update the runbook.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('ada-lovelace'), P('linus-berg'), J('atlas-migration')],
    allow: [C('acme'), C('initech'), C('umbrella')],
    date: '2026-01-14',
  },
  {
    id: 'c-s06-slack-export-json',
    kind: 'session',
    upload: {
      filename: 'orion-pilot-2026-06-18.json',
      content: JSON.stringify(
        [
          { type: 'message', user: 'U02HADDAD', user_profile: { real_name: 'Layla Haddad', display_name: 'layla' }, text: 'Hooli signed the Orion pilot this morning :tada:', ts: `${epoch('2026-06-18T09:03:00Z')}.000100` },
          { type: 'message', user: 'U01ME', user_profile: { real_name: 'Sam Park', display_name: 'sam' }, text: 'Great! Which catalogues go first?', ts: `${epoch('2026-06-18T09:05:00Z')}.000200` },
          { type: 'message', user: 'U02HADDAD', user_profile: { real_name: 'Layla Haddad', display_name: 'layla' }, text: 'Electronics and home. We decided to start on 1 July with 5,000 SKUs.', ts: `${epoch('2026-06-18T09:07:00Z')}.000300` },
        ],
        null,
        2,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('layla-haddad'), C('hooli'), J('orion')],
    allow: ['people/'],
    date: '2026-06-18',
  },
  {
    id: 'c-s07-german-markdown-transcript',
    kind: 'session',
    upload: {
      filename: 'Gespraech-Lieferverzug.md',
      content: `Datum: 12.02.2026\n\n## Human\n\nKessler Werke liefert die Steuerungen für Project Falcon drei Wochen zu spät. Hilf mir, Jürgen eine höfliche, aber klare Mail zu schreiben.\n\n## Assistant\n\nHallo Jürgen, vielen Dank für die Information zum Lieferverzug. Drei Wochen gefährden unseren Pilotstart für Falcon. Können wir bis Freitag einen Plan besprechen, wie wir mindestens die ersten 20 Steuerungen früher bekommen?\n\n## Human\n\nGut. Aufgabe für mich: bis Freitag Jürgen anrufen.\n\n## Assistant\n\nNotiert: Anruf bei Jürgen Groß bis Freitag.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('jurgen-gross'), C('kessler'), J('falcon')],
    date: '2026-02-12',
  },
  {
    id: 'c-s08-long-wandering-session-order-moves',
    kind: 'session',
    upload: {
      filename: 'session-log-0910.json',
      content: JSON.stringify([
        { role: 'user', content: 'Plan a three-day trip to Porto in October, not too touristy.', timestamp: '2026-09-10T08:01:00Z' },
        { role: 'assistant', content: 'Day 1: Bonfim and a walk along the Douro to Foz. Day 2: day trip to Guimarães. Day 3: Matosinhos for grilled fish, then Serralves.', timestamp: '2026-09-10T08:01:30Z' },
        { role: 'user', content: 'Nice. Now a regex for ISO dates with optional time?', timestamp: '2026-09-10T08:20:00Z' },
        { role: 'assistant', content: 'Try ^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})?)?$', timestamp: '2026-09-10T08:20:10Z' },
        { role: 'user', content: 'Note for later: Barbara at Stark asked us to move the GPU controller order from Initech to Kessler Werke, because Initech cannot deliver before January.', timestamp: '2026-09-10T09:45:00Z' },
        { role: 'assistant', content: 'Noted: the GPU controller order moves from Initech to Kessler Werke at the request of Barbara (Stark), since Initech cannot deliver before January.', timestamp: '2026-09-10T09:45:10Z' },
        { role: 'user', content: 'And how do I make git forget a file without deleting it?', timestamp: '2026-09-10T10:02:00Z' },
        { role: 'assistant', content: 'git rm --cached path/to/file, then add it to .gitignore and commit.', timestamp: '2026-09-10T10:02:05Z' },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('barbara-liskov'), C('stark'), C('kessler'), C('initech')],
    date: '2026-09-10',
  },
  {
    id: 'c-s09-ambiguous-first-name-only',
    kind: 'session',
    upload: {
      filename: 'chat-2026-05-04.json',
      content: JSON.stringify({
        created_at: '2026-05-04T15:00:00Z',
        messages: [
          { role: 'user', content: 'Alex says the contract is signed and wants to start Monday. What should the kickoff agenda be?' },
          { role: 'assistant', content: 'A kickoff agenda: goals and success criteria, roles, the first two milestones, communication cadence, open risks.' },
          { role: 'user', content: 'Good. Decision: kickoff Monday 10:00 with Alex.' },
        ],
      }),
    },
    worth: false,
  },
  {
    id: 'c-s10-claude-export-names-nothing',
    kind: 'session',
    upload: {
      filename: 'claude-export-lisbon.json',
      content: JSON.stringify([
        {
          uuid: '0c9d7a52-6a0e-4f43-8a6e-2b8f3c1d4e55',
          name: 'Sourdough and Lisbon',
          created_at: '2026-04-02T18:00:00.000000Z',
          updated_at: '2026-04-02T18:30:00.000000Z',
          chat_messages: [
            claudeMsg('human', 'My sourdough starter smells like acetone. Is it dead?', '2026-04-02T18:00:00Z'),
            claudeMsg('assistant', 'No, it is hungry. Feed it twice a day at a 1:1:1 ratio for two days and the smell will go.', '2026-04-02T18:00:20Z'),
            claudeMsg('human', 'Also, where should we eat in Lisbon next week? Decision: we book Alfama for Friday.', '2026-04-02T18:25:00Z'),
            claudeMsg('assistant', 'For Alfama, book a fado house early; Friday evenings fill up.', '2026-04-02T18:25:30Z'),
          ],
        },
      ]),
    },
    worth: false,
  },
  {
    id: 'c-s11-spanish-pasted-person-moves',
    kind: 'session',
    upload: {
      filename: 'conversacion-carmen.md',
      content: `Fecha: 5 de octubre de 2026\n\n**Usuario:** Me acabo de enterar de que Carmen Ruiz deja Solaria Redes y se incorpora a Lumière Énergie en enero como directora de operaciones. ¿Qué implica para nuestro contrato con Solaria?\n\n**Asistente:** El contrato es con Solaria, no con Carmen, así que sigue vigente. Conviene pedir a Solaria un nuevo interlocutor antes de que ella se vaya.\n\n**Usuario:** De acuerdo. Tarea: pedir a Solaria un nuevo contacto y felicitar a Carmen.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('carmen-ruiz'), C('solaria'), C('lumiere')],
    date: '2026-10-05',
  },
  {
    id: 'c-s12-arabic-name-json-log',
    kind: 'session',
    upload: {
      filename: 'assistant-log-0320.json',
      content: JSON.stringify({
        created_at: '2026-03-20T10:15:00Z',
        messages: [
          { role: 'user', content: 'ليلى حداد from Hooli confirmed the data residency addendum is signed. Summarise what that changes for us.' },
          { role: 'assistant', content: 'With the EU Data Residency addendum signed, Hooli data stays in Frankfurt with Dublin as backup, and any new sub-processor needs 30 days\' notice.' },
          { role: 'user', content: 'Thanks. To-do: send Layla the hosting region confirmation.' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('layla-haddad'), C('hooli'), J('data-residency')],
    date: '2026-03-20',
  },
  {
    id: 'c-s13-roles-only',
    kind: 'session',
    upload: {
      filename: 'session-budget-roles.json',
      content: JSON.stringify({
        created_at: '2026-10-20T13:00:00Z',
        messages: [
          { role: 'user', content: "Our CFO approved raising the Project Falcon budget to €1.2M for next year. And Globex's CTO wants a weekly Falcon status update from now on." },
          { role: 'assistant', content: 'Two facts: the Falcon budget is €1.2M for next year (approved by the CFO), and Globex asks for weekly status updates. Want a template for the update?' },
          { role: 'user', content: 'Yes please, short.' },
          { role: 'assistant', content: 'Falcon weekly: done, next, risks, asks. Four bullets, no more.' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('nadia-okafor'), J('falcon'), P('grace-hopper'), C('globex')],
    date: '2026-10-20',
  },

  // ---------------------------------------------------------------- junk and review
  {
    id: 'c-j01-newsletter-with-known-names',
    kind: 'junk',
    upload: {
      filename: 'The Weekly Stack #212.eml',
      content: `From: The Weekly Stack <newsletter@weeklystack.example.com>\nTo: me@ourfund.vc\nDate: Mon, 9 Mar 2026 06:00:00 +0000\nSubject: The Weekly Stack #212: Globex raises, Stark hires, Hooli ships\nList-Unsubscribe: <https://weeklystack.example.com/unsub?u=8812>\n\nThis week in infrastructure\n\n* Globex raised a Series C and says it will hire 200 engineers.\n* Stark Industries hired a new head of robotics from a rival.\n* Hooli shipped a vector database nobody asked for.\n* Project Falcon-style telemetry pipelines are the new trend, says one analyst.\n\nSponsored: try our observability platform free for 30 days.\n\nYou are receiving this because you subscribed. Unsubscribe | Manage preferences\n`,
    },
    worth: false,
  },
  {
    id: 'c-j02-receipt-known-company',
    kind: 'junk',
    upload: {
      filename: 'Receipt 2026-0417.txt',
      content: `Receipt from Kessler Werke AG\nReceipt #2026-0417 · Paid April 17, 2026\n\nSpare part KW-CTRL-7 (x2)      EUR 180.00\nShipping                      EUR  12.50\nVAT 19%                       EUR  36.58\nTotal paid                    EUR 229.08\n\nPayment method: Visa •••• 4242\nQuestions? Contact billing@kessler-werke.de. This is an automatically generated receipt.\n`,
    },
    worth: false,
  },
  {
    id: 'c-j03-jira-notification',
    kind: 'junk',
    upload: {
      filename: 'jira-notification.eml',
      content: `From: Jira <jira@acme.atlassian.net>\nTo: me@ourfund.vc\nDate: Wed, 22 Jul 2026 11:14:00 +0000\nSubject: [JIRA] Alex Kim mentioned you on BILL-231: Rate table validation\n\nAlex Kim mentioned you on BILL-231\n\n> @you can you review the row-level validation for the Billing Revamp rate table?\n\nView issue · Reply to this email to add a comment\n\nYou're receiving this because you were mentioned. Manage notifications: https://acme.atlassian.net/settings\n`,
    },
    worth: false,
  },
  {
    id: 'c-j04-french-spam',
    kind: 'junk',
    upload: {
      filename: 'Félicitations.eml',
      content: `From: Service Clients <gagnant@promo-express.example>\nTo: me@ourfund.vc\nSubject: Félicitations ! Vous avez gagné un iPhone 17\n\nCher client,\n\nVous avez été sélectionné pour recevoir un iPhone 17 GRATUIT. Cliquez ici pour confirmer votre adresse et payer seulement 1,95 € de frais de port.\n\nOffre valable 24 heures. Pour ne plus recevoir nos offres, cliquez ici.\n`,
    },
    worth: false,
  },
  {
    id: 'c-j05-near-empty',
    kind: 'junk',
    upload: { filename: 'Untitled 3.txt', content: 'test\n' },
    worth: false,
  },
  {
    id: 'c-j06-calendar-acceptance',
    kind: 'junk',
    upload: {
      filename: 'Accepted Falcon review.eml',
      content: `From: Grace Hopper <calendar-notification@google.com>\nTo: ada@acme.com\nDate: Tue, 7 Apr 2026 10:00:00 +0000\nSubject: Accepted: Falcon telemetry review @ Fri 10 Apr 2026 16:00 - 17:00 (CEST)\n\nGrace Hopper has accepted this invitation.\n\nFalcon telemetry review\nWhen: Fri 10 Apr 2026 16:00 – 17:00 (CEST)\n\nInvitation from Google Calendar. You are receiving this email because you are the organiser of the event. Forwarding this invitation could allow any recipient to send a response to the organiser.\n`,
    },
    worth: false,
  },
  {
    id: 'c-j07-german-marketing-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Kessler Newsletter Maerz.eml',
      content: `From: Kessler Werke Newsletter <news@kessler-werke.de>\nTo: me@ourfund.vc\nDate: Tue, 3 Mar 2026 07:30:00 +0100\nSubject: Ihr Kessler Werke Newsletter – März 2026\n\nLiebe Kundinnen und Kunden,\n\nin dieser Ausgabe: unsere neue Steuerungsgeneration KW-8, ein Interview mit unserem CTO Jürgen Groß und Termine für die Hannover Messe.\n\nJetzt 10 % Messerabatt sichern!\n\nSie erhalten diesen Newsletter, weil Sie sich angemeldet haben. Abmelden | Impressum\n`,
    },
    worth: false,
  },
];

function chatgptConversation(title: string, iso: string, turns: Array<['user' | 'assistant', string]>): unknown {
  const t0 = epoch(iso);
  const mapping: Record<string, unknown> = { root: { id: 'root', message: null, parent: null, children: ['m0'] } };
  turns.forEach(([role, text], i) => {
    mapping[`m${i}`] = {
      id: `m${i}`,
      message: { id: `m${i}`, author: { role, name: null, metadata: {} }, create_time: t0 + i * 30, content: { content_type: 'text', parts: [text] }, status: 'finished_successfully', metadata: {} },
      parent: i === 0 ? 'root' : `m${i - 1}`,
      children: i + 1 < turns.length ? [`m${i + 1}`] : [],
    };
  });
  return { title, create_time: t0, update_time: t0 + turns.length * 30, mapping, current_node: `m${turns.length - 1}`, conversation_id: `conv-${title.toLowerCase().replace(/\W+/g, '-')}` };
}

function claudeMsg(sender: 'human' | 'assistant', text: string, iso: string): unknown {
  return { uuid: `${sender}-${iso}`, text, content: [{ type: 'text', text }], sender, created_at: iso, updated_at: iso, attachments: [], files: [] };
}
