// The seventh blind filing set: written from the item format (items.ts types), the shared seeded
// brain (brain.ts), the scorer and the format of blind5.ts only, without reading the filer (src/),
// its docs or the other sets' items. New seed pages so nothing here was tuned for: a Japanese
// robotics maker (with its name in katakana and kanji), a Moroccan solar developer (with its name
// in Arabic), a Latvian freight company whose COO is written in Cyrillic and inflected, a German
// machine builder, a French lighting house, a Chinese trading house, two projects.
// Meetings: German minutes with a dotted date, French minutes with a spelled-out date, an Outlook
// .ics with a Casablanca time zone, a WebVTT transcript with <v> voices dated by its file name,
// Japanese minutes naming people only in kanji, Chinese minutes, an Otter-style transcript, Spanish
// notes, Russian notes with inflected names, an e-mailed recap, a stand-up with an unknown person,
// Arabic minutes with Arabic-Indic digits. Documents: a memo, a PDF investment memo, a French DOCX
// quarterly report, a German framework contract, a news article, a long tender evaluation naming
// its subject deep in, a forwarded French price list, an RFC, a Japanese press release (DOCX), a
// board pack, a Russian commercial offer. Sessions: {role, content} JSON, a ChatGPT export, a
// Claude export, a pasted User/Assistant chat, a **You:**/**Gemini:** markdown chat, an agent tool
// log naming a company by domain only, a chat naming nothing in the brain, a German chat, one
// naming a person by a nickname only, a JSONL log. Junk: a vendor newsletter, a receipt from a
// known company, a repository notification, a French parcel phishing mail, an out-of-office reply
// from a known person, a social-network digest. Expected pages were written by hand before the run.
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
export const BLIND7_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'kenji-watanabe', 'Kenji Watanabe', { email: 'k.watanabe@hoshizora.co.jp', company: '"[[companies/hoshizora]]"', role: 'Head of Procurement', aliases: '[Watanabe-san, 渡辺 健二]' }, 'Buys our software for the Hoshizora plants.'),
  page('companies', 'company', 'hoshizora', 'Hoshizora Robotics', { domain: 'hoshizora.co.jp', aliases: '[Hoshizora, 星空ロボティクス]' }, 'Warehouse robot maker, Yokohama. Customer.'),
  page('people', 'person', 'amira-haddad', 'Amira Haddad', { email: 'amira@sahelsolar.ma', company: '"[[companies/sahel-solar]]"', role: 'CEO', aliases: '[أميرة حداد]' }, 'Founder and CEO of Sahel Solar.'),
  page('companies', 'company', 'sahel-solar', 'Sahel Solar', { domain: 'sahelsolar.ma', aliases: '[سهل للطاقة الشمسية]' }, 'Solar developer in Morocco; portfolio candidate.'),
  page('people', 'person', 'dmitri-volkov', 'Dmitri Volkov', { email: 'dmitri@balticfreight.lv', company: '"[[companies/baltic-freight]]"', role: 'COO', aliases: '[Дмитрий Волков, Dima]' }, 'Runs operations at Baltic Freight, Riga.'),
  page('companies', 'company', 'baltic-freight', 'Baltic Freight SIA', { domain: 'balticfreight.lv', aliases: '[Baltic Freight]' }, 'Freight forwarder in Riga; logistics partner.'),
  page('people', 'person', 'lena-fischer', 'Lena Fischer', { email: 'lena.fischer@nordwerk.de', company: '"[[companies/nordwerk]]"', role: 'Einkaufsleiterin' }, 'Head of purchasing at Nordwerk.'),
  page('companies', 'company', 'nordwerk', 'Nordwerk GmbH', { domain: 'nordwerk.de', aliases: '[Nordwerk]' }, 'Machine builder in Bremen; customer.'),
  page('people', 'person', 'chloe-bernard', 'Chloé Bernard', { email: 'c.bernard@maisonlumen.fr', company: '"[[companies/lumen]]"', role: 'Directrice financière', aliases: '[Chloe Bernard]' }, 'CFO at Maison Lumen.'),
  page('companies', 'company', 'lumen', 'Maison Lumen', { domain: 'maisonlumen.fr', aliases: '[Lumen]' }, 'Lighting manufacturer in Lyon; customer.'),
  page('people', 'person', 'zhang-wei', 'Zhang Wei', { email: 'zhang.wei@jadebridge.cn', company: '"[[companies/jadebridge]]"', role: 'Partner', aliases: '[张伟, David Zhang]' }, 'Partner at Jade Bridge Trading.'),
  page('companies', 'company', 'jadebridge', 'Jade Bridge Trading', { domain: 'jadebridge.cn', aliases: '[Jade Bridge, 玉桥贸易]' }, 'Trading and investment house in Shanghai.'),
  page('projects', 'project', 'kestrel', 'Project Kestrel', { aliases: '[Kestrel]', status: 'active' }, 'Pilot of our fleet software on Hoshizora robots at Nordwerk.'),
  page('projects', 'project', 'solstice', 'Solstice', { aliases: '[Project Solstice]', status: 'active' }, 'Financing round for Sahel Solar’s second plant.'),
];

const ICS = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
  'VERSION:2.0',
  'METHOD:REQUEST',
  'BEGIN:VTIMEZONE',
  'TZID:Morocco Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T000000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'ORGANIZER;CN=Amira Haddad:mailto:amira@sahelsolar.ma',
  'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;CN=Ken Thompson:mailto:k',
  ' en@ourfund.vc',
  'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE;CN=Amira Haddad:mailto:a',
  ' mira@sahelsolar.ma',
  'DESCRIPTION:Solstice: second plant financing\\, lender shortlist and timeline.\\n',
  'SUMMARY:Solstice – lender shortlist',
  'DTSTART;TZID=Morocco Standard Time:20260218T090000',
  'DTEND;TZID=Morocco Standard Time:20260218T100000',
  'UID:040000008200E00074C5B7101A82E00800000000B07F3A1C9E9EDC01000000000000000010000000',
  'LOCATION:Microsoft Teams Meeting',
  'DTSTAMP:20260210T081500Z',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const VTT = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:06.500',
  '<v Dmitri Volkov>Morning. Let us start with the Riga–Hamburg lane, volumes are up twelve percent.',
  '',
  '00:00:07.000 --> 00:00:13.200',
  '<v Linus Berg>Our platform team can expose the tracking events by the end of the month.',
  '',
  '00:00:13.500 --> 00:00:19.000',
  '<v Dmitri Volkov>Good. Then Baltic Freight switches the customs feed over on the first of April.',
  '',
  '00:00:19.400 --> 00:00:24.000',
  '<v Linus Berg>Agreed. I will send the Initech API keys to your ops mailbox.',
  '',
].join('\n');

const LONG_TENDER: string[] = [
  'Tender evaluation — North Sea consolidation hub, outbound freight',
  'Evaluation date: 1 June 2026',
  '',
  'Scope. This report scores the bids received for outbound freight from the consolidation hub for the period July 2026 to June 2028. Bids were scored on price (40%), service level (30%), sustainability (15%) and references (15%).',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Criterion note ${i + 1}. The panel compared transit-time commitments, claims handling and invoicing accuracy on the sample lanes; bidders were asked for evidence of on-time performance over the last twelve months, and the panel discounted claims that were not backed by shipment data.`),
  '',
  'Ranking. Three bidders remain after the compliance check. The highest total score (81/100) went to Baltic Freight SIA, whose rail-and-short-sea option on the Riga corridor cut the carbon figure by a third; the runner-up was 7 points behind.',
  '',
  'Recommendation. Award to the first-ranked bidder subject to a reference call; the contract team will prepare the award letter.',
];

export const BLIND7_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'b7-m01-german-dotted-date',
    kind: 'meeting',
    upload: {
      filename: 'Protokoll Nordwerk Kestrel.txt',
      content: `Protokoll – Abstimmung Pilot Kestrel\nDatum: 12.01.2026, 10:00–11:15 Uhr\nTeilnehmende: Lena Fischer (Nordwerk), Kenji Watanabe (Hoshizora Robotics), wir\n\n1. Stand Pilot: 14 Roboter laufen in Halle 3, Verfügbarkeit 97 %.\n2. Nordwerk möchte die Ausweitung auf Halle 5 ab März prüfen.\n3. Herr Watanabe liefert die neue Firmware bis Ende Januar.\n\nBeschluss: Verlängerung des Piloten um drei Monate.\nAufgabe: Angebot für Halle 5 an Frau Fischer bis 23.01.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('lena-fischer'), C('nordwerk'), P('kenji-watanabe'), C('hoshizora'), J('kestrel')],
    date: '2026-01-12',
  },
  {
    id: 'b7-m02-french-spelled-date',
    kind: 'meeting',
    upload: {
      filename: 'CR réunion Lumen.md',
      content: `# Compte rendu — Maison Lumen / Acme\n\n**Date :** mardi 3 février 2026\n**Présents :** Chloé Bernard (Maison Lumen), Ada Lovelace (Acme)\n\n## Points abordés\n- Maison Lumen veut intégrer les capteurs Acme dans sa gamme de luminaires de bureau.\n- Chloé demande un prix par unité pour 20 000 pièces.\n\n## Décisions\n- Acme envoie une offre chiffrée avant le 20 février.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('chloe-bernard'), C('lumen'), P('ada-lovelace'), C('acme')],
    date: '2026-02-03',
  },
  {
    id: 'b7-m03-ics-casablanca',
    kind: 'meeting',
    upload: { filename: 'Solstice lender shortlist.ics', content: ICS },
    worth: true,
    own: 'meetings/',
    touch: [P('amira-haddad'), C('sahel-solar'), P('ken-thompson'), J('solstice')],
    date: '2026-02-18',
  },
  {
    id: 'b7-m04-webvtt-voices',
    kind: 'meeting',
    upload: { filename: 'Recording 2026-03-04 Baltic Freight tracking.vtt', content: VTT },
    worth: true,
    own: 'meetings/',
    touch: [P('dmitri-volkov'), C('baltic-freight'), P('linus-berg'), C('initech')],
    date: '2026-03-04',
  },
  {
    id: 'b7-m05-japanese-kanji-names',
    kind: 'meeting',
    upload: {
      filename: '議事録_星空ロボティクス.txt',
      content: `議事録\n日時：2026年3月10日（火）14:00〜15:00\n出席者：渡辺 健二（星空ロボティクス 調達部長）、当社2名\n\n議題\n1. Kestrel パイロットの第2段階について\n2. 新ファームウェアの検証結果\n\n決定事項\n・第2段階は4月から開始する。\n・渡辺様より見積依頼書を3月末までに受領する。\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kenji-watanabe'), C('hoshizora'), J('kestrel')],
    date: '2026-03-10',
  },
  {
    id: 'b7-m06-chinese-minutes',
    kind: 'meeting',
    upload: {
      filename: '会议纪要-玉桥-Globex.md',
      content: `# 会议纪要：玉桥贸易 × Globex 合作\n\n时间：2026年3月16日 上午10点\n参会：张伟（玉桥贸易）、Grace Hopper（Globex）\n\n## 讨论\n- 玉桥贸易希望在华东地区代理 Globex 的数据平台。\n- Grace 表示需要先完成合规审查。\n\n## 下一步\n- 张伟在两周内提交代理协议草案。\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('zhang-wei'), C('jadebridge'), P('grace-hopper'), C('globex')],
    date: '2026-03-16',
  },
  {
    id: 'b7-m07-otter-transcript',
    kind: 'meeting',
    upload: {
      filename: 'Solstice financing call - Otter.txt',
      content: `Solstice financing call\nTue, Mar 24, 2026 4:02PM • 22:14\n\nSPEAKERS\nAmira Haddad, Ken Thompson\n\nAmira Haddad  0:04\nThanks Ken. Two lenders came back: the development bank wants a 60/40 debt-equity split, the commercial bank 70/30.\n\nKen Thompson  1:12\nWe would take the 60/40 if the tenor is eighteen years. Can Sahel Solar live with a later close, say June?\n\nAmira Haddad  2:40\nJune works. I will send the updated model on Friday.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('amira-haddad'), C('sahel-solar'), P('ken-thompson'), J('solstice')],
    date: '2026-03-24',
  },
  {
    id: 'b7-m08-spanish-notes',
    kind: 'meeting',
    upload: {
      filename: 'notas reunion lumen abril.txt',
      content: `Notas de la reunión con Chloé Bernard (Maison Lumen)\n7 de abril de 2026, por videollamada\n\n- Lumen quiere pasar su facturación al nuevo sistema en cuanto salga el Billing Revamp.\n- Piden factura electrónica compatible con Chorus Pro.\n- Próximo paso: demo del nuevo módulo de facturas a finales de mayo.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('chloe-bernard'), C('lumen'), J('billing-revamp')],
    date: '2026-04-07',
  },
  {
    id: 'b7-m09-russian-inflected',
    kind: 'meeting',
    upload: {
      filename: 'встреча_14_04.txt',
      content: `Встреча с Дмитрием Волковым (Baltic Freight)\n14.04.2026, офис в Риге\n\nОбсудили перенос их складской системы в рамках проекта Atlas. Дмитрий просит завершить миграцию до конца июня, так как в июле у них пиковый сезон.\n\nРешение: миграция в две волны — май и июнь.\nЗадача: прислать Дмитрию план переключения до 25 апреля.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dmitri-volkov'), C('baltic-freight'), J('atlas-migration')],
    date: '2026-04-14',
  },
  {
    id: 'b7-m10-email-recap',
    kind: 'meeting',
    upload: {
      filename: 'Notes from today - Nordwerk x Stark.eml',
      content: `From: Ken Thompson <ken@ourfund.vc>\nTo: lena.fischer@nordwerk.de, barbara@stark.dev\nDate: Wed, 22 Apr 2026 17:40:12 +0200\nSubject: Notes from today - Nordwerk x Stark\nContent-Type: text/plain; charset=utf-8\n\nHi both,\n\nthanks for the call this afternoon. My notes:\n\n- Nordwerk will test Stark's vision module on two assembly lines from June.\n- Barbara's team provides an on-site engineer for the first two weeks.\n- Lena needs a price for 40 licences before her budget meeting on 5 May.\n\nBest,\nKen\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('lena-fischer'), C('nordwerk'), P('barbara-liskov'), C('stark'), P('ken-thompson')],
    date: '2026-04-22',
  },
  {
    id: 'b7-m11-standup-unknown-person',
    kind: 'meeting',
    upload: {
      filename: 'kestrel-standup-2026-05-05.md',
      content: `## Kestrel stand-up — 2026-05-05\n\nPresent: Kenji Watanabe, Alex Chen (Globex), Priyanka Rao (new integration contractor)\n\n- Kenji: phase 2 robots delivered to Nordwerk hall 5, commissioning Thursday.\n- Alex: Globex data pipeline now receives fleet telemetry every 10 s.\n- Priyanka: starts on the alarm dashboard; needs VPN access.\n\nBlockers: VPN access for Priyanka.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kenji-watanabe'), J('kestrel'), P('alex-chen'), C('globex')],
    allow: [C('hoshizora'), C('nordwerk'), 'people/'],
    date: '2026-05-05',
  },
  {
    id: 'b7-m12-arabic-indic-digits',
    kind: 'meeting',
    upload: {
      filename: 'محضر اجتماع سهل.txt',
      content: `محضر اجتماع — سهل للطاقة الشمسية\nالتاريخ: ٢٠٢٦/٠٥/١٢\nالحاضرون: أميرة حداد، وممثل عن الصندوق\n\nالنقاط:\n- اكتمل اختيار موقع المحطة الثانية قرب ورزازات.\n- تحتاج الشركة إلى موافقة وزارة الطاقة قبل نهاية يونيو.\n\nالقرار: متابعة ملف التمويل بعد الموافقة.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('amira-haddad'), C('sahel-solar')],
    date: '2026-05-12',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'b7-d01-memo-kestrel',
    kind: 'document',
    upload: {
      filename: 'memo-kestrel-phase1-results.md',
      content: `# Memo: Kestrel phase 1 results\n\n_2026-02-09_\n\nPhase 1 of Project Kestrel ran for eight weeks in Nordwerk's hall 3 with 14 Hoshizora robots. Fleet availability reached 97.2%, picks per hour rose 18% against the manual baseline, and no safety incident was recorded.\n\nRecommendation: proceed to phase 2 (hall 5, 30 robots) on the same commercial terms.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('kestrel'), C('nordwerk'), C('hoshizora')],
    date: '2026-02-09',
  },
  {
    id: 'b7-d02-pdf-investment-memo',
    kind: 'document',
    upload: {
      filename: 'IC memo - Sahel Solar plant 2.pdf',
      contentBase64: b64(
        makePdf([
          'Investment Committee memo - Sahel Solar, second plant (Solstice)',
          'Date: 26 February 2026',
          'Prepared by: Ken Thompson',
          'Company: Sahel Solar (CEO Amira Haddad), 48 MW in operation.',
          'Ask: EUR 12m equity for a 70 MW plant near Ouarzazate.',
          'Recommendation: proceed to due diligence.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('sahel-solar'), P('amira-haddad'), J('solstice'), P('ken-thompson')],
    date: '2026-02-26',
  },
  {
    id: 'b7-d03-docx-french-quarterly',
    kind: 'document',
    upload: {
      filename: 'Maison Lumen - rapport T1 2026.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Maison Lumen — Rapport trimestriel, premier trimestre 2026', heading: true },
          { text: 'Lyon, le 15 avril 2026' },
          { text: 'Chiffre d’affaires : 8,4 M€ (+11 % sur un an). Marge brute : 41 %.' },
          { text: 'Le lancement de la gamme de bureau connectée est prévu en septembre.' },
          { text: 'Chloé Bernard, directrice financière' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('lumen'), P('chloe-bernard')],
    date: '2026-04-15',
  },
  {
    id: 'b7-d04-german-contract',
    kind: 'document',
    upload: {
      filename: 'Rahmenvertrag_Entwurf_v3.txt',
      content: `RAHMENVERTRAG ÜBER SPEDITIONSLEISTUNGEN (Entwurf v3, Stand 02.03.2026)\n\nzwischen\n\nNordwerk GmbH, Hafenstraße 40, 28217 Bremen – nachfolgend „Auftraggeber“ –\n\nund\n\nBaltic Freight SIA, Krasta iela 52, Riga, Lettland – nachfolgend „Spediteur“ –\n\n§ 1 Gegenstand: Transport von Maschinenbauteilen zwischen Bremen und den baltischen Staaten.\n§ 2 Laufzeit: 24 Monate ab 1. Mai 2026.\n§ 3 Haftung: nach ADSp 2017.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('nordwerk'), C('baltic-freight')],
    date: '2026-03-02',
  },
  {
    id: 'b7-d05-news-article',
    kind: 'document',
    upload: {
      filename: 'jade-bridge-takes-stake-in-hoshizora.html',
      canonicalUrl: 'https://asia-tech-wire.example/2026/05/20/jade-bridge-hoshizora',
      content: `<!doctype html><html><head><title>Jade Bridge takes minority stake in Hoshizora Robotics</title><meta name="date" content="2026-05-20"></head><body><article><h1>Jade Bridge takes minority stake in Hoshizora Robotics</h1><p class="byline">By Mei Tanaka · May 20, 2026</p><p>Shanghai-based Jade Bridge Trading has bought 15% of Yokohama warehouse-robot maker Hoshizora Robotics, the companies said on Wednesday. Partner Zhang Wei will join Hoshizora's board.</p><p>The deal values Hoshizora at about ¥40 billion.</p></article></body></html>`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('jadebridge'), C('hoshizora')],
    allow: [P('zhang-wei'), 'people/'],
    date: '2026-05-20',
  },
  {
    id: 'b7-d06-long-tender-deep-entity',
    kind: 'document',
    upload: { filename: 'tender-evaluation-outbound-freight.txt', content: LONG_TENDER.join('\n') },
    worth: true,
    own: 'sources/',
    touch: [C('baltic-freight')],
    date: '2026-06-01',
  },
  {
    id: 'b7-d07-forwarded-french-price-list',
    kind: 'document',
    upload: {
      filename: 'TR_ Grille tarifaire 2026.eml',
      content: `From: Amira Haddad <amira@sahelsolar.ma>\nTo: ken@ourfund.vc\nDate: Wed, 28 Jan 2026 11:02:55 +0100\nSubject: TR: Grille tarifaire 2026\n\nBonjour Ken,\n\nje vous transfère la grille tarifaire de notre fournisseur de panneaux pour 2026, comme promis.\n\nAmira\n\n---------- Message transféré ----------\nDe : ventes@panneaux-atlas.example\nDate : 26 janv. 2026\nObjet : Grille tarifaire 2026\n\nModule 550 Wc bifacial : 0,118 €/Wc (FOB Tanger), délai 6 semaines.\nModule 600 Wc : 0,124 €/Wc.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sahel-solar'), P('amira-haddad')],
    allow: [P('ken-thompson')],
    date: '2026-01-28',
  },
  {
    id: 'b7-d08-rfc',
    kind: 'document',
    upload: {
      filename: 'RFC-014 fleet telemetry.md',
      content: `# RFC-014: Fleet telemetry for Kestrel\n\n| | |\n|---|---|\n| Author | Kenji Watanabe |\n| Status | Accepted |\n| Date | 2026-06-09 |\n\n## Summary\nHoshizora robots publish position, battery and fault codes every 10 seconds over MQTT; the Kestrel gateway batches them for the fleet dashboard.\n\n## Decision\nMQTT 5 with per-robot topics; retention 90 days.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('kestrel'), P('kenji-watanabe'), C('hoshizora')],
    date: '2026-06-09',
  },
  {
    id: 'b7-d09-japanese-press-release-docx',
    kind: 'document',
    upload: {
      filename: 'プレスリリース_新型搬送ロボット.docx',
      contentBase64: b64(
        makeDocx([
          { text: '星空ロボティクス、新型搬送ロボット「HZ-7」を発表', heading: true },
          { text: '2026年6月15日　横浜' },
          { text: '星空ロボティクス株式会社は本日、最大積載量800kgの新型搬送ロボット「HZ-7」を発表しました。出荷は2026年10月を予定しています。' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('hoshizora')],
    date: '2026-06-15',
  },
  {
    id: 'b7-d10-board-pack',
    kind: 'document',
    upload: {
      filename: 'Globex board pack June 2026.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Globex — Board pack, 30 June 2026', heading: true },
          { text: 'CTO report (Grace Hopper): the data platform reached 99.95% availability in Q2.' },
          { text: 'Partnerships: the distribution agreement with Jade Bridge Trading for East China was signed on 18 June.' },
          { text: 'Risks: compliance review of the Chinese distribution channel to be completed by September.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('globex'), C('jadebridge'), P('grace-hopper')],
    date: '2026-06-30',
  },
  {
    id: 'b7-d11-russian-offer',
    kind: 'document',
    upload: {
      filename: 'КП_Baltic_Freight_для_Acme.txt',
      content: `КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ\nот 6 июля 2026 г.\n\nBaltic Freight SIA предлагает компании Acme регулярные перевозки электроники по маршруту Рига — Роттердам.\n\nТариф: 1 850 EUR за 40-футовый контейнер, срок доставки 4 дня.\nСрок действия предложения: до 30 сентября 2026 г.\n\nС уважением,\nДмитрий Волков, операционный директор\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('baltic-freight'), C('acme'), P('dmitri-volkov')],
    date: '2026-07-06',
  },

  // ---------------------------------------------------------------- sessions
  {
    id: 'b7-s01-role-content-json',
    kind: 'session',
    upload: {
      filename: 'session-nordwerk-pricing.json',
      content: JSON.stringify({
        created: '2026-05-06T08:12:00Z',
        messages: [
          { role: 'user', content: 'Lena Fischer at Nordwerk wants a price for 40 Stark vision licences before her budget meeting. Our list price is 1,200 per licence per year. What discount is reasonable for a first order?' },
          { role: 'assistant', content: 'For a first order of 40 seats, 10–15% is common; tie anything above 10% to a two-year term.' },
          { role: 'user', content: 'ok: 12% for two years. write the two-line offer to Lena.' },
          { role: 'assistant', content: 'Dear Ms Fischer, for 40 licences we can offer 12% off list (1,056 per licence per year) on a two-year term. The offer is valid until 31 May 2026.' },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('lena-fischer'), C('nordwerk')],
    allow: [C('stark')],
    date: '2026-05-06',
  },
  {
    id: 'b7-s02-chatgpt-solstice',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Solstice term sheet',
          create_time: epoch('2026-04-02T19:30:00Z'),
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['m1'] },
            m1: { id: 'm1', parent: 'root', children: ['m2'], message: { id: 'm1', author: { role: 'user' }, create_time: epoch('2026-04-02T19:30:00Z'), content: { content_type: 'text', parts: ['Amira Haddad sent the Solstice term sheet: EUR 12m for 30%, with a liquidation preference of 1.5x. Is 1.5x unusual for an infrastructure deal like Sahel Solar?'] } } },
            m2: { id: 'm2', parent: 'm1', children: ['m3'], message: { id: 'm2', author: { role: 'assistant' }, create_time: epoch('2026-04-02T19:31:00Z'), content: { content_type: 'text', parts: ['A 1.5x preference is on the high side; 1x non-participating is the market norm. You could offer 1x with a coupon instead.'] } } },
            m3: { id: 'm3', parent: 'm2', children: [], message: { id: 'm3', author: { role: 'user' }, create_time: epoch('2026-04-02T19:40:00Z'), content: { content_type: 'text', parts: ['decision: counter with 1x non-participating plus 6% coupon. tell Amira on Monday.'] } } },
          },
          conversation_id: '6f1a2b3c-4d5e-4f60-8a71-92b3c4d5e6f7',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('amira-haddad'), J('solstice'), C('sahel-solar')],
    date: '2026-04-02',
  },
  {
    id: 'b7-s03-claude-export-kestrel',
    kind: 'session',
    upload: {
      filename: 'claude-kestrel-sla.json',
      content: JSON.stringify({
        uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        name: 'Kestrel SLA',
        created_at: '2026-05-28T07:55:10.000Z',
        chat_messages: [
          { uuid: 'u1', sender: 'human', created_at: '2026-05-28T07:55:10.000Z', text: 'Kenji Watanabe asks what uptime we can commit to for Kestrel phase 2. Phase 1 reached 97.2%. What SLA should we offer?', content: [], attachments: [], files: [] },
          { uuid: 'a1', sender: 'assistant', created_at: '2026-05-28T07:55:40.000Z', text: 'Offer 97% monthly availability with service credits below 95%; committing above your measured performance leaves no margin.', content: [], attachments: [], files: [] },
          { uuid: 'u2', sender: 'human', created_at: '2026-05-28T08:02:00.000Z', text: 'Agreed, 97% with credits below 95%. Draft the reply to Kenji.', content: [], attachments: [], files: [] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('kenji-watanabe'), J('kestrel')],
    allow: [C('hoshizora')],
    date: '2026-05-28',
  },
  {
    id: 'b7-s04-pasted-user-assistant-person-moves',
    kind: 'session',
    upload: {
      filename: 'chat-chloe.txt',
      content: `User: Chloé Bernard is leaving Maison Lumen at the end of June and joining Acme as finance director in July. I want to keep the Lumen relationship warm. Who should I ask for a new contact at Lumen, and how do I congratulate Chloé without making it awkward?\n\nAssistant: Congratulate her directly and ask her, in the same note, who will take over the supplier relationship at Maison Lumen; people usually like to hand over well. Keep it short.\n\nUser: good. todo: write to Chloé on Monday (June 8), and ask for her successor's name.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('chloe-bernard'), C('lumen'), C('acme')],
    date: 'upload',
  },
  {
    id: 'b7-s05-markdown-gemini',
    kind: 'session',
    upload: {
      filename: 'gemini-jade-bridge.md',
      content: `**You:** Zhang Wei from Jade Bridge proposed exclusive distribution of our data platform in East China for three years. Exclusivity worries me. What should I ask for in return?\n\n**Gemini:** Ask for minimum annual volumes, with exclusivity lapsing if they are missed, and a shorter first term (18 months) with renewal on performance.\n\n**You:** fine — we'll counter with 18 months and minimum volumes. Date of this chat: 2026-06-03.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('zhang-wei'), C('jadebridge')],
    date: '2026-06-03',
  },
  {
    id: 'b7-s06-agent-log-domain-only',
    kind: 'session',
    upload: {
      filename: 'agent-run-2026-06-11.json',
      content: JSON.stringify([
        { role: 'system', content: 'You are an operations agent with CRM and e-mail tools.', timestamp: '2026-06-11T06:30:00Z' },
        { role: 'user', content: 'Check what is open with balticfreight.lv and chase anything overdue.', timestamp: '2026-06-11T06:30:04Z' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'crm_lookup', arguments: '{"domain":"balticfreight.lv"}' } }], timestamp: '2026-06-11T06:30:06Z' },
        { role: 'tool', tool_call_id: 'c1', content: '{"contacts":[{"email":"dmitri@balticfreight.lv","open_items":["cut-over plan for wave 2 overdue since 2026-06-05"]}]}', timestamp: '2026-06-11T06:30:07Z' },
        { role: 'assistant', content: 'One overdue item: the cut-over plan for wave 2, due 5 June. Sending a reminder.', timestamp: '2026-06-11T06:30:20Z' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c2', type: 'function', function: { name: 'send_email', arguments: '{"to":"dmitri@balticfreight.lv","subject":"Wave 2 cut-over plan","body":"Hi Dmitri, a reminder that the wave 2 cut-over plan was due on 5 June. Could you send it this week?"}' } }], timestamp: '2026-06-11T06:31:02Z' },
        { role: 'tool', tool_call_id: 'c2', content: '{"status":"sent"}', timestamp: '2026-06-11T06:31:03Z' },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [C('baltic-freight'), P('dmitri-volkov')],
    date: '2026-06-11',
  },
  {
    id: 'b7-s07-nothing-known',
    kind: 'session',
    upload: {
      filename: 'pasted chat.txt',
      content: `me: how long do I proof a rye sourdough at 24 degrees\n\nassistant: Usually 2 to 3 hours for the final proof at 24 °C; look for the surface to crack slightly.\n\nme: and if I retard it overnight in the fridge?\n\nassistant: 10 to 14 hours at 4 °C, then bake straight from cold.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-s08-german-chat',
    kind: 'session',
    upload: {
      filename: 'chat_export_de.txt',
      content: `Nutzer (19.05.2026 21:14): Frau Fischer von Nordwerk fragt, ob wir die Bildverarbeitung von Stark Industries auch für die Endkontrolle einsetzen können. Was muss ich klären?\n\nAssistent (19.05.2026 21:15): Klären Sie die Taktzeit der Endkontrolle, die geforderte Erkennungsrate und ob Stark dafür zertifizierte Modelle hat.\n\nNutzer (19.05.2026 21:20): Entscheidung: wir bieten einen zweiwöchigen Test an. Aufgabe: Barbara Liskov fragen, ob ihr Team im Juni Zeit hat.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('lena-fischer'), C('nordwerk'), C('stark'), P('barbara-liskov')],
    date: '2026-05-19',
  },
  {
    id: 'b7-s09-nickname-only',
    kind: 'session',
    upload: {
      filename: 'quick-chat.md',
      content: `> 2026-06-22\n\n**user:** Dima says the July peak will double their warehouse load and he wants our migration team on standby for two weeks. Is that a change request or covered?\n\n**assistant:** Standby beyond the agreed hypercare window is usually a change request; check the statement of work for hypercare duration.\n\n**user:** SOW says 5 days hypercare. so: change request, quote 2 weeks standby for Dima.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('dmitri-volkov')],
    allow: [C('baltic-freight'), J('atlas-migration')],
    date: '2026-06-22',
  },
  {
    id: 'b7-s10-jsonl-log',
    kind: 'session',
    upload: {
      filename: 'assistant-log.jsonl',
      content: [
        { ts: '2026-07-01T13:00:00Z', role: 'user', text: 'Hoshizora Robotics wants to bundle our fleet software with the new HZ-7 robot. Kenji Watanabe asked for a revenue share proposal.' },
        { ts: '2026-07-01T13:00:30Z', role: 'assistant', text: 'A common structure is 15–20% of the software list price to the hardware partner, with a floor per robot.' },
        { ts: '2026-07-01T13:05:00Z', role: 'user', text: 'decision: 18% revenue share, floor 30 EUR per robot per month. This becomes part of Kestrel phase 3.' },
      ].map((x) => JSON.stringify(x)).join('\n'),
    },
    worth: true,
    own: 'notes/',
    touch: [C('hoshizora'), P('kenji-watanabe'), J('kestrel')],
    date: '2026-07-01',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'b7-j01-vendor-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Hoshizora News – June.eml',
      content: `From: Hoshizora Robotics <newsletter@hoshizora.co.jp>\nTo: subscribers@hoshizora.co.jp\nDate: Mon, 1 Jun 2026 09:00:00 +0900\nSubject: Hoshizora News – June: meet us at LogiMAT!\nList-Unsubscribe: <https://hoshizora.co.jp/unsubscribe>\n\nThis month: our booth at LogiMAT, five tips for warehouse layout, and a customer story.\n\nYou receive this e-mail because you subscribed to Hoshizora News. Unsubscribe at any time.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-j02-receipt-known-company',
    kind: 'junk',
    upload: {
      filename: 'Invoice BF-2026-0611.eml',
      content: `From: Baltic Freight Billing <billing@balticfreight.lv>\nTo: accounts@ourfund.vc\nDate: Thu, 11 Jun 2026 03:12:44 +0300\nSubject: Invoice BF-2026-0611 – payment received\n\nThis is an automatic message. Payment for invoice BF-2026-0611 (EUR 1,850.00) has been received. No action is required.\n\nBaltic Freight SIA · Krasta iela 52 · Riga\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-j03-repo-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.eml',
      content: `From: notifications@github.com\nTo: you@ourfund.vc\nSubject: [kestrel-gateway] Dependabot: bump mqtt from 5.3.0 to 5.3.1 (#214)\n\nBumps mqtt from 5.3.0 to 5.3.1.\n\nYou are receiving this because you are subscribed to this thread. Reply to this email directly or view it on GitHub.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-j04-french-phishing',
    kind: 'junk',
    upload: {
      filename: 'Votre colis est en attente.eml',
      content: `From: "La Poste Suivi" <suivi@la-poste-livraison.example>\nSubject: Votre colis est en attente de livraison\n\nBonjour,\n\nVotre colis n° FR-88231 n'a pas pu être livré. Des frais de 1,99 € sont à régler sous 48 h pour reprogrammer la livraison : cliquez ici.\n\nService client\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-j05-out-of-office',
    kind: 'junk',
    upload: {
      filename: 'Abwesenheitsnotiz.eml',
      content: `From: Lena Fischer <lena.fischer@nordwerk.de>\nTo: ken@ourfund.vc\nDate: Mon, 3 Aug 2026 08:00:01 +0200\nSubject: Automatische Antwort: Kestrel phase 3\nAuto-Submitted: auto-replied\n\nVielen Dank für Ihre Nachricht. Ich bin bis einschließlich 21.08.2026 nicht im Büro. In dringenden Fällen wenden Sie sich bitte an einkauf@nordwerk.de.\n\nThank you for your message. I am out of the office until 21 August 2026.\n`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'b7-j06-social-digest',
    kind: 'junk',
    upload: {
      filename: 'You appeared in 9 searches this week.eml',
      content: `From: LinkedIn <notifications-noreply@linkedin.com>\nSubject: You appeared in 9 searches this week\n\nYou appeared in 9 searches this week. See who's looking: recruiters, founders and 3 people from the logistics industry.\n\nUnsubscribe · Help\n`,
    },
    worth: false,
    date: 'upload',
  },
];
