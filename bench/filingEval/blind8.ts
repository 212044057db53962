// The eighth blind filing set: written from the item format (items.ts types), the shared seeded brain
// (brain.ts), the scorer, the runner and the header of blind7.ts only, without reading the filer
// (src/), its docs or the other sets' items. New seed pages so nothing here was tuned for: a Korean
// robot maker (name also in hangul) and its field lead written in hangul, a Polish logistics firm
// whose operations director goes by her nickname and is written surname-first by Outlook, two people
// called Jan (a Pole and a Dutchman), an Indian agritech (name also in Devanagari), an Israeli water
// company (name also in Hebrew), a Turkish textile maker whose CIO has a dotless-i name, a company
// known only by its domain (fernhill.io) with an engineer known by a nickname and an account manager
// known by her e-mail address, a Brazilian payments firm, a Venetian glassworks, three projects.
// Meetings: a Teams AI recap, a Zoom AI summary with a US date, Gemini notes from Meet, a Dutch WebVTT
// transcript dated only by its file name, a Turkish/English SRT transcript, a Polish Outlook .ics
// with attendees by e-mail only, terse notes e-mailed to oneself saying "last tues", Portuguese
// minutes with a dd/mm date, Italian minutes, Korean minutes (2026년 6월 16일), Hindi minutes, and a
// calendar "Accepted:" mail carrying the decisions. Documents: a bilingual Polish/English framework
// agreement, an invoice, a board deck as text, an RFC, a PDF policy, a market report naming its
// subject late, an OCR-noisy Italian order confirmation, a Hebrew/English MoU, a forwarded e-mail
// chain, a Turkish DOCX plan with the owner in upper case, a Dutch quote signed "Jan", and a
// two-line "(no subject) / Sent from my iPhone" note carrying a board decision. Sessions: a ChatGPT
// markdown export, a Slack channel export, a Turkish WhatsApp chat across midnight, a Telegram JSON
// export in Hindi and English, a Discord export over two days, a Teams chat in Korean and English, a
// Signal export in Hebrew and English, an Italian Claude export, a Portuguese ChatGPT export over
// several days, and a family WhatsApp chat naming nothing in the brain. Junk: a newsletter, marketing
// from a known company's domain, Turkish phishing, a delivery-failure bounce quoting a real message,
// calendar spam, a near-empty file. Expected pages were written by hand before the run.
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
export const BLIND8_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'park-ji-hoon', 'Park Ji-hoon', { email: 'jihoon.park@hanbit-robotics.kr', company: '"[[companies/hanbit]]"', role: 'Head of Field Robotics', aliases: '[박지훈, Jihoon Park]' }, 'Runs field deployments of the Hanbit robots.'),
  page('people', 'person', 'malgorzata-wojcik', 'Małgorzata Wójcik', { email: 'm.wojcik@bursztyn.pl', company: '"[[companies/bursztyn]]"', role: 'Operations Director', aliases: '[Gosia Wójcik, Gosia]' }, 'Runs the warehouses at Bursztyn Logistyka.'),
  page('people', 'person', 'jan-kowalski', 'Jan Kowalski', { email: 'jan.kowalski@bursztyn.pl', company: '"[[companies/bursztyn]]"', role: 'Warehouse Safety Lead', aliases: '[Jan]' }, 'Safety sign-off for the Gdańsk warehouse.'),
  page('people', 'person', 'jan-de-vries', 'Jan de Vries', { email: 'jan@molenwerf.nl', company: '"[[companies/molenwerf]]"', role: 'Sales Director', aliases: '[Jan]' }, 'Sells charging docks and enclosures at Molenwerf.'),
  page('people', 'person', 'priya-sharma', 'Priya Sharma', { email: 'priya@sahyadri.in', company: '"[[companies/sahyadri]]"', role: 'CEO', aliases: '[प्रिया शर्मा]' }, 'Founder and CEO of Sahyadri Agritech.'),
  page('people', 'person', 'noa-levi', 'Noa Levi', { email: 'noa.levi@galilwater.co.il', company: '"[[companies/galil-water]]"', role: 'VP Business Development', aliases: '[נועה לוי]' }, 'Runs partnerships at Galil Water.'),
  page('people', 'person', 'isil-yildirim', 'Işıl Yıldırım', { email: 'isil@kapadokyatekstil.com.tr', company: '"[[companies/kapadokya]]"', role: 'CIO' }, 'Owns the ERP at Kapadokya Tekstil.'),
  page('people', 'person', 'sebastian-okafor', 'Sebastian Okafor', { email: 'seb@fernhill.io', company: '"[[companies/fernhill-io]]"', role: 'Engineering Lead', aliases: '[Bash, Seb Okafor]' }, 'Leads integration work at fernhill.io.'),
  page('people', 'person', 'kiri-ngata', 'Kiri Ngata', { email: 'kiri@fernhill.io', company: '"[[companies/fernhill-io]]"', role: 'Account Manager' }, 'Account manager at fernhill.io.'),
  page('people', 'person', 'tiago-goncalves', 'Tiago Gonçalves', { email: 'tiago@caravela.com.br', company: '"[[companies/caravela]]"', role: 'Head of Partnerships' }, 'Partnerships at Caravela Pagamentos.'),
  page('people', 'person', 'chiara-esposito', 'Chiara Esposito', { email: 'c.esposito@vetrerialagunare.it', company: '"[[companies/lagunare]]"', role: 'Direttrice commerciale' }, 'Sales director at Vetreria Lagunare.'),
  page('companies', 'company', 'hanbit', 'Hanbit Robotics', { domain: 'hanbit-robotics.kr', aliases: '[한빛로보틱스, Hanbit]' }, 'Korean maker of warehouse robots.'),
  page('companies', 'company', 'bursztyn', 'Bursztyn Logistyka', { domain: 'bursztyn.pl', aliases: '[Bursztyn]' }, 'Polish contract-logistics operator.'),
  page('companies', 'company', 'molenwerf', 'Molenwerf', { domain: 'molenwerf.nl', aliases: '[Molenwerf B.V.]' }, 'Dutch maker of charging docks.'),
  page('companies', 'company', 'sahyadri', 'Sahyadri Agritech', { domain: 'sahyadri.in', aliases: '[सह्याद्रि एग्रीटेक, Sahyadri]' }, 'Irrigation sensors for smallholder farms, Pune.'),
  page('companies', 'company', 'galil-water', 'Galil Water', { domain: 'galilwater.co.il', aliases: '[גליל מים]' }, 'Israeli drip-irrigation company.'),
  page('companies', 'company', 'kapadokya', 'Kapadokya Tekstil', { domain: 'kapadokyatekstil.com.tr', aliases: '[Kapadokya]' }, 'Turkish textile maker.'),
  page('companies', 'company', 'fernhill-io', 'fernhill.io', { domain: 'fernhill.io' }, 'Integration consultancy.'),
  page('companies', 'company', 'caravela', 'Caravela Pagamentos', { domain: 'caravela.com.br', aliases: '[Caravela]' }, 'Brazilian payments company.'),
  page('companies', 'company', 'lagunare', 'Vetreria Lagunare', { domain: 'vetrerialagunare.it', aliases: '[Lagunare]' }, 'Glassworks in Murano.'),
  page('projects', 'project', 'kestrel', 'Kestrel', { aliases: '[Project Kestrel, 케스트럴]', status: 'active' }, 'Hanbit robots in the Bursztyn warehouses.'),
  page('projects', 'project', 'monsoon-pilot', 'Monsoon Pilot', { aliases: '[मानसून पायलट]', status: 'active' }, 'Sahyadri sensors with Galil Water drip kits on pilot farms.'),
  page('projects', 'project', 'loom-replatform', 'Loom Replatform', { aliases: '[Loom ERP]', status: 'active' }, 'Moving Kapadokya Tekstil to a new ERP, with fernhill.io.'),
];

const ics = (lines: string[]) => [...lines, ''].join('\r\n');

export const BLIND8_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'b8m01-teams-recap-kestrel',
    kind: 'meeting',
    upload: {
      filename: 'Kestrel weekly sync - Recap.txt',
      content: `Kestrel weekly sync\nMeeting recap · Thursday, April 9, 2026 · 10:00 AM - 10:45 AM\nAttendees: Park Ji-hoon, Gosia Wójcik, Ken Thompson\n\nMeeting notes\n\nGdańsk pilot status\n  Gosia Wójcik reported that the first six robots are running in the Gdańsk warehouse on the night shift. Picking errors are down, but two robots stop at the cold-store door.\n\nBattery and cold store\n  Park Ji-hoon explained that the battery pack loses range below 4 °C. Hanbit will ship a heated pack for the cold-store robots.\n\nFollow-up tasks\n  Send the heated battery pack spec to Bursztyn (Park Ji-hoon)\n  Book the safety walk-through for the cold store (Gosia Wójcik)\n\nGenerated by AI. Be sure to check for accuracy.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('park-ji-hoon'), P('malgorzata-wojcik'), P('ken-thompson'), C('hanbit'), C('bursztyn'), J('kestrel')],
    date: '2026-04-09',
  },
  {
    id: 'b8m02-zoom-summary-monsoon',
    kind: 'meeting',
    upload: {
      filename: 'zoom-summary.txt',
      content: `Meeting summary for Monsoon Pilot review (04/14/2026)\n\nQuick recap\n\nPriya and Noa reviewed the first month of the Monsoon Pilot. Sensors are live on 12 farms and the drip kits on 9; the rest wait for the pumps.\n\nNext steps\n\nNoa Levi to ship the remaining 3 drip kits from the Haifa warehouse.\nPriya Sharma to send the soil-moisture readings for March.\n\nSummary\n\nSensor rollout in Nashik\nPriya Sharma explained that Sahyadri Agritech installed sensors on 12 farms in Nashik district. Farmers check the readings on WhatsApp every morning.\n\nDrip kits\nNoa Levi said Galil Water can ship the remaining kits within ten days. They agreed to measure water use per acre from May.\n\nAI-generated content may be inaccurate or misleading. Always check for accuracy.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('priya-sharma'), P('noa-levi'), C('sahyadri'), C('galil-water'), J('monsoon-pilot')],
    date: '2026-04-14',
  },
  {
    id: 'b8m03-gemini-notes-loom',
    kind: 'meeting',
    upload: {
      filename: 'Loom Replatform kickoff - Notes by Gemini.txt',
      content: `📝 Notes\nApr 21, 2026\n\nLoom Replatform kickoff\n\nInvited Işıl Yıldırım Sebastian Okafor kiri@fernhill.io\nAttachments Loom Replatform kickoff\nMeeting records Transcript\n\nSummary\nIşıl Yıldırım and Sebastian Okafor kicked off the move of Kapadokya Tekstil's ERP. They agreed to migrate the dyeing plant first and to keep the old system read-only for a year.\n\nDetails\n• Scope: Işıl Yıldırım said the dyeing plant in Kayseri has the cleanest data and should go first. Sebastian Okafor agreed and proposed a two-week dry run.\n• Commercials: the account manager from fernhill.io will send the phase 1 statement of work this week.\n\nSuggested next steps\n• Sebastian Okafor will share the data mapping template.\n• Işıl Yıldırım will name a data owner per plant.\n\nYou should review Gemini's notes to make sure they're accurate. Get tips and learn how Gemini takes notes\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('isil-yildirim'), P('sebastian-okafor'), P('kiri-ngata'), C('kapadokya'), C('fernhill-io'), J('loom-replatform')],
    date: '2026-04-21',
  },
  {
    id: 'b8m04-vtt-dutch-filename-date',
    kind: 'meeting',
    upload: {
      filename: '2026-05-06 Molenwerf kwartaaloverleg.vtt',
      content: `WEBVTT\n\n1\n00:00:02.000 --> 00:00:07.500\n<v Jan de Vries>Goedemiddag allemaal. Zullen we beginnen met de laadstations voor Bursztyn?\n\n2\n00:00:08.000 --> 00:00:15.000\n<v Sanne Bakker>De eerste twintig laadstations voor het Kestrel-project zijn verzonden naar Gdańsk. De rest volgt in juni.\n\n3\n00:00:15.500 --> 00:00:22.000\n<v Ken Thompson>And the margin on the docks? Last quarter it was under twenty percent.\n\n4\n00:00:22.500 --> 00:00:31.000\n<v Jan de Vries>Nu zesentwintig procent. We hebben besloten de prijs voor nieuwe klanten met vijf procent te verhogen.\n\n5\n00:00:31.500 --> 00:00:36.000\n<v Sanne Bakker>Ik stuur de nieuwe prijslijst vrijdag rond.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('jan-de-vries'), P('ken-thompson'), C('molenwerf'), C('bursztyn'), J('kestrel')],
    allow: ['people/'],
    date: '2026-05-06',
  },
  {
    id: 'b8m05-srt-turkish-loom',
    kind: 'meeting',
    upload: {
      filename: 'loom-haftalik-toplanti.srt',
      content: `1\n00:00:01,000 --> 00:00:05,500\n[Işıl Yıldırım] Herkese günaydın. 13 Mayıs 2026, Loom haftalık toplantısı.\n\n2\n00:00:06,000 --> 00:00:12,000\n[Işıl Yıldırım] Boyahanedeki deneme aktarımı tamamlandı, stok kartlarının yüzde dördü hatalı çıktı.\n\n3\n00:00:12,500 --> 00:00:19,000\n[Seb Okafor] Those four percent are the duplicate colour codes. We fix them in the mapping, not in the old system.\n\n4\n00:00:19,500 --> 00:00:25,000\n[Işıl Yıldırım] Tamam. Karar: canlıya geçiş 1 Haziran'da, fernhill.io ekibi iki hafta sahada kalacak.\n\n5\n00:00:25,500 --> 00:00:29,000\n[Seb Okafor] Agreed, two of us on site from June 1.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('isil-yildirim'), P('sebastian-okafor'), C('kapadokya'), C('fernhill-io'), J('loom-replatform')],
    date: '2026-05-13',
  },
  {
    id: 'b8m06-ics-polish-email-only',
    kind: 'meeting',
    upload: {
      filename: 'zaproszenie.ics',
      content: ics([
        'BEGIN:VCALENDAR',
        'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VTIMEZONE',
        'TZID:Central European Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010101T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'ORGANIZER;CN="Wójcik Małgorzata":mailto:m.wojcik@bursztyn.pl',
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:jihoon.park@hanbit-robotics.kr',
        'ATTENDEE;CN="Kowalski Jan";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:jan.kowalski@bursztyn.pl',
        'DESCRIPTION;LANGUAGE=pl-PL:Agenda:\\n1. Wyniki testów bezpieczeństwa robotów Kestrel w magazynie Gdańsk\\n2. Strefa chłodni – nowe akumulatory\\n\\nUstalenia: roboty wracają do chłodni po wymianie akumulatorów\\; odbiór BHP podpisuje Jan Kowalski.',
        'SUMMARY;LANGUAGE=pl-PL:Kestrel – przegląd bezpieczeństwa',
        'DTSTART;TZID=Central European Standard Time:20260520T100000',
        'DTEND;TZID=Central European Standard Time:20260520T110000',
        'UID:040000008200E00074C5B7101A82E00800000000A1B2C3D4E5F6',
        'DTSTAMP:20260515T081500Z',
        'LOCATION:Gdańsk\\, magazyn B / Microsoft Teams',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('malgorzata-wojcik'), P('jan-kowalski'), P('park-ji-hoon'), C('bursztyn'), C('hanbit'), J('kestrel')],
    date: '2026-05-20',
  },
  {
    id: 'b8m07-terse-last-tues',
    kind: 'meeting',
    upload: {
      filename: 'caravela notes.eml.txt',
      content: `From: Ken Thompson <ken@ourfund.vc>\nTo: Ken Thompson <ken@ourfund.vc>\nDate: Mon, 25 May 2026 07:52:10 +0200\nSubject: caravela notes\n\ncall w/ tiago gonçalves last tues\n- caravela ok w/ 1.8% fx fee if vol > 2M/mo\n- wants live by jul 15\n- fernhill.io doing integ (seb)\n- ?? DPA - their legal slow\nnxt: me -> term sheet draft fri\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tiago-goncalves'), P('ken-thompson'), C('caravela'), C('fernhill-io')],
    allow: [P('sebastian-okafor')],
    date: '2026-05-19',
  },
  {
    id: 'b8m08-portuguese-ata',
    kind: 'meeting',
    upload: {
      filename: 'ata-reuniao-caravela.md',
      content: `# ATA DE REUNIÃO\n\n**Caravela Pagamentos × fernhill.io — integração PIX**\n\nData: 03/06/2026, 14h (horário de Brasília)\nLocal: Google Meet\nParticipantes: Tiago Gonçalves (Caravela), Sebastian Okafor (fernhill.io), Kiri Ngata (fernhill.io)\n\n## Pauta\n\n1. Estado da integração com o PIX\n2. Prazo de entrada em produção\n\n## Deliberações\n\n- A integração passou nos testes de homologação do Banco Central.\n- Ficou decidido manter a data de 15 de julho para a entrada em produção.\n\n## Encaminhamentos\n\n- Tiago enviará os certificados de produção até 10/06.\n- Kiri envia o cronograma de suporte para julho.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tiago-goncalves'), P('sebastian-okafor'), P('kiri-ngata'), C('caravela'), C('fernhill-io')],
    date: '2026-06-03',
  },
  {
    id: 'b8m09-italian-verbale',
    kind: 'meeting',
    upload: {
      filename: 'verbale riunione lagunare.txt',
      content: `VERBALE DI RIUNIONE\n\nOggetto: fornitura di lastre temperate per i nuovi alloggiamenti Molenwerf\nMurano, martedì 9 giugno 2026, ore 11:00\n\nPresenti: Chiara Esposito (Vetreria Lagunare), Jan de Vries (Molenwerf), Ken Thompson\n\n1. Chiara Esposito illustra la nuova linea di tempera: 300 lastre a settimana da luglio.\n2. Jan chiede uno spessore di 8 mm per gli alloggiamenti dei caricatori; la vetreria conferma.\n3. Si decide un primo ordine di prova di 240 lastre, consegna entro fine giugno.\n\nLa riunione si chiude alle 12:15.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('chiara-esposito'), P('jan-de-vries'), P('ken-thompson'), C('lagunare'), C('molenwerf')],
    date: '2026-06-09',
  },
  {
    id: 'b8m10-korean-minutes',
    kind: 'meeting',
    upload: {
      filename: '회의록_케스트럴_2단계.txt',
      content: `회의록\n\n회의명: Kestrel 2단계 착수 회의\n일시: 2026년 6월 16일 (화) 14:00–15:00\n장소: 한빛로보틱스 판교 본사 / 화상 회의\n참석자: 박지훈 (한빛로보틱스), Małgorzata Wójcik (Bursztyn Logistyka), Ken Thompson\n\n1. 1단계 결과: 그단스크 창고에서 로봇 12대 운영, 피킹 처리량 31% 증가.\n2. 2단계 범위: 포즈난 창고에 로봇 20대 추가 배치.\n3. 결정 사항: 2단계 계약은 7월 중 체결하기로 함.\n4. 후속 조치: 박지훈 – 배치 일정안을 6월 26일까지 공유.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('park-ji-hoon'), P('malgorzata-wojcik'), P('ken-thompson'), C('hanbit'), C('bursztyn'), J('kestrel')],
    date: '2026-06-16',
  },
  {
    id: 'b8m11-hindi-minutes',
    kind: 'meeting',
    upload: {
      filename: 'monsoon-pilot-baithak.txt',
      content: `बैठक का कार्यवृत्त — Monsoon Pilot समीक्षा\n\nदिनांक: 23/06/2026\nस्थान: पुणे (वीडियो कॉल)\nउपस्थित: प्रिया शर्मा (सह्याद्रि एग्रीटेक), Noa Levi (Galil Water)\n\n1. पहले चरण में 25 खेतों पर सेंसर लगाए गए; पानी की खपत 18% कम हुई।\n2. निर्णय: दूसरे चरण में 40 खेत, जुलाई से।\n3. कार्रवाई: नोआ — ड्रिप किट की नई कीमत 30 जून तक भेजेंगी।\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('priya-sharma'), P('noa-levi'), C('sahyadri'), C('galil-water'), J('monsoon-pilot')],
    date: '2026-06-23',
  },
  {
    id: 'b8m12-accepted-mail-with-notes',
    kind: 'meeting',
    upload: {
      filename: 'Accepted Kestrel go-no-go.eml.txt',
      content: `From: Małgorzata Wójcik <m.wojcik@bursztyn.pl>\nTo: Ken Thompson <ken@ourfund.vc>\nDate: Tue, 30 Jun 2026 10:02:44 +0200\nSubject: Accepted: Kestrel go/no-go @ Tue 30 Jun 2026 09:00 - 09:30 (CEST)\n\nAccepted. And for the record, since you dropped off early:\n\nGO for 6 July in Gdańsk. Jan Kowalski signed off the safety checks this morning. Park Ji-hoon flies in on the 5th with two technicians.\nOpen: the insurance certificate from Hanbit is still missing.\n\nGosia\n\nInvitation from Google Calendar\nYou are receiving this email because you are an attendee on the event. Forwarding this invitation could allow any recipient to send a response to the organizer.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('malgorzata-wojcik'), P('jan-kowalski'), P('park-ji-hoon'), P('ken-thompson'), C('bursztyn'), C('hanbit'), J('kestrel')],
    date: '2026-06-30',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'b8d01-bilingual-framework-agreement',
    kind: 'document',
    upload: {
      filename: 'Umowa ramowa - Framework Agreement Bursztyn Hanbit.txt',
      content: `UMOWA RAMOWA / FRAMEWORK AGREEMENT\n\nzawarta w Gdańsku dnia 2 marca 2026 r. / concluded in Gdańsk on 2 March 2026\n\npomiędzy / between:\nBursztyn Logistyka sp. z o.o., ul. Długie Pobrzeże 8, 80-888 Gdańsk, reprezentowaną przez Małgorzatę Wójcik / represented by Małgorzata Wójcik ("Zamawiający" / "Customer")\n\na / and:\nHanbit Robotics Co., Ltd., Pangyo-ro 255, Seongnam, Republic of Korea ("Dostawca" / "Supplier")\n\n§1 Przedmiot umowy / Subject\nDostawca dostarczy autonomiczne roboty magazynowe w ramach projektu Kestrel. / The Supplier will deliver autonomous warehouse robots under the Kestrel project.\n\n§2 Okres / Term\nUmowa obowiązuje 36 miesięcy. / The agreement runs for 36 months.\n\n§3 Wynagrodzenie / Fees\nOpłata za robota: 1 450 EUR miesięcznie. / Fee per robot: EUR 1,450 per month.\n\nZa Zamawiającego / For the Customer: Małgorzata Wójcik\nZa Dostawcę / For the Supplier: Park Ji-hoon (박지훈)\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('bursztyn'), C('hanbit'), J('kestrel')],
    allow: [P('malgorzata-wojcik'), P('park-ji-hoon')],
    date: '2026-03-02',
  },
  {
    id: 'b8d02-invoice-fernhill-kapadokya',
    kind: 'document',
    upload: {
      filename: 'FH-2026-0412.txt',
      content: `fernhill.io\nINVOICE\n\nInvoice number: FH-2026-0412\nIssue date: 30 April 2026\nDue date: 30 May 2026\n\nBill to:\nKapadokya Tekstil San. ve Tic. A.Ş.\nAttn: Isil Yildirim\nOrganize Sanayi Bölgesi, Kayseri, Türkiye\n\nDescription                                   Qty   Unit price    Amount\nLoom Replatform - phase 1 discovery           1     EUR 24,000    EUR 24,000\nData migration dry run (Loom ERP)             3     EUR 3,500     EUR 10,500\n\nSubtotal                                                          EUR 34,500\nVAT (reverse charge)                                              EUR 0\nTotal due                                                         EUR 34,500\n\nPay to: fernhill.io Ltd, IBAN GB29 NWBK 6016 1331 9268 19\nQuestions about this invoice: kiri@fernhill.io\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('fernhill-io'), C('kapadokya'), J('loom-replatform')],
    allow: [P('isil-yildirim'), P('kiri-ngata')],
    date: '2026-04-30',
  },
  {
    id: 'b8d03-board-deck-sahyadri',
    kind: 'document',
    upload: {
      filename: 'Sahyadri Q2 board deck.txt',
      content: `--- Slide 1 ---\nSAHYADRI AGRITECH\nBoard meeting, Q2 2026\n18 May 2026 | Pune\nConfidential\n\n--- Slide 2 ---\nCEO update (Priya Sharma)\n• Revenue Q4 FY26: ₹4.2 Cr, +38% YoY\n• 2,900 farms on the sensor subscription\n• Cash runway: 19 months\n\n--- Slide 5 ---\nMonsoon Pilot\n• 25 farms live in Nashik district with Galil Water drip kits\n• Water use −18%, grape yield +9% vs. control plots\n• Partner: Galil Water supplies the kits at cost during the pilot\n\n--- Slide 9 ---\nAsks of the board\n• Approve phase 2 of the Monsoon Pilot: 40 farms, budget ₹1.6 Cr\n• Approve hiring a head of sales for Karnataka\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sahyadri'), J('monsoon-pilot'), P('priya-sharma'), C('galil-water')],
    date: '2026-05-18',
  },
  {
    id: 'b8d04-rfc-kestrel-telemetry',
    kind: 'document',
    upload: {
      filename: 'rfc-017-kestrel-telemetry.md',
      content: `# RFC-017: Telemetry event schema for Kestrel robots\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Authors | Park Ji-hoon <jihoon.park@hanbit-robotics.kr> |\n| Reviewers | jan.kowalski@bursztyn.pl |\n| Created | 2026-04-27 |\n\n## 1. Abstract\n\nThis RFC defines one event schema for the telemetry that Hanbit robots send from customer warehouses, starting with the Kestrel deployment at Bursztyn Logistyka.\n\n## 2. Motivation\n\nToday each robot firmware sends its own JSON. The warehouse safety team cannot alert on a stopped robot without parsing three formats.\n\n## 3. Specification\n\nEvery event carries \`robot_id\`, \`site\`, \`ts\` (RFC 3339, UTC), \`kind\` and \`payload\`. Kinds: \`heartbeat\`, \`stop\`, \`battery\`, \`pick\`.\n\n## 4. Rollout\n\nFirmware 4.2 emits the new schema; the old format is dropped in firmware 4.4.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('kestrel'), C('hanbit'), C('bursztyn')],
    allow: [P('park-ji-hoon'), P('jan-kowalski')],
    date: '2026-04-27',
  },
  {
    id: 'b8d05-pdf-policy-fernhill',
    kind: 'document',
    upload: {
      filename: 'fernhill-travel-expense-policy-v3.pdf',
      contentBase64: b64(
        makePdf([
          'fernhill.io - Travel and Expense Policy',
          'Version 3.0, 15 June 2026',
          'Approved by Sebastian Okafor, Engineering Lead',
          'This policy applies to everyone working for fernhill.io, including contractors on client sites.',
          'Flights under six hours are booked in economy. Trains are preferred for trips under four hours.',
          'Client-site stays longer than two weeks are booked as serviced apartments.',
          'Expenses are submitted within 30 days with a receipt; per diem is EUR 45.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('fernhill-io')],
    allow: [P('sebastian-okafor')],
    date: '2026-06-15',
  },
  {
    id: 'b8d06-report-subject-late',
    kind: 'document',
    upload: {
      filename: 'drip-irrigation-maharashtra-scan.md',
      content: `# Water, grapes and sensors: a scan of precision irrigation in western India\n\nPublished 2 July 2026 · Prepared by Ken Thompson\n\n## 1. Why this matters\n\nGroundwater tables in western Maharashtra have fallen for a decade. Grape and pomegranate growers pay for water twice: once for pumping and again in lost yield when they over-irrigate.\n\n## 2. The market\n\nAbout 1.4 million hectares in the state are under drip irrigation, most of it installed with state subsidies. Few of those systems are controlled by soil data; most run on fixed schedules.\n\n## 3. Buyers\n\nFarmer producer organisations buy on behalf of members. Sales cycles follow the monsoon: decisions are made in April and May, installs happen after the rains.\n\n## 4. Economics\n\nA sensor plus controller costs ₹18,000 to ₹25,000 per acre. Payback is one season when water is bought from tankers.\n\n## 5. Case study\n\nThe clearest evidence so far comes from Sahyadri Agritech, whose Monsoon Pilot with Galil Water cut water use by 18% on 25 farms in Nashik district. Phase 2 adds 40 farms from July.\n\n## 6. Our view\n\nThe category is early; a company that owns the farmer relationship, as Sahyadri does, is best placed.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sahyadri'), J('monsoon-pilot'), C('galil-water')],
    allow: [P('ken-thompson')],
    date: '2026-07-02',
  },
  {
    id: 'b8d07-ocr-italian-order',
    kind: 'document',
    upload: {
      filename: 'SCAN_0042.txt',
      content: `VETRERIA LAGUNARE S.r.l.\nFondamenta dei Vetrai 1l4 - 30141 Murano (VE)\nP.IVA 0321456O271   www.vetrerialagunare.it\n\nC0NFERMA D'0RDINE N. 2O26/118\nData: 11/06/2026\n\nSpett.le\nMolenwerf B.V.\nHavenstraat 12\n1013 AB Amsterdam (NL)\n\nPos.  Descrizione                    Q.tà   Prezzo unit.   Importo\n1     Lastra temperata 8 mm 40x60    240    € 42,00        € 10.080,OO\n2     Imballo in cassa di legno        4    € 95,00        €    380,00\n                                          Totale imponibile € 10.460,00\n\nConsegna: entro il 30/06/2026, franco destino.\nPagamento: 60 gg d.f.f.m.\n\nVetrer1a Lagunare - Il Responsab1le commerciale\nChiara Espos1to\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('lagunare'), C('molenwerf')],
    allow: [P('chiara-esposito')],
    date: '2026-06-11',
  },
  {
    id: 'b8d08-hebrew-english-mou',
    kind: 'document',
    upload: {
      filename: 'MoU Galil Sahyadri.txt',
      content: `MEMORANDUM OF UNDERSTANDING | מזכר הבנות\n\nDate: 10 March 2026 | תאריך: 10.3.2026\n\nBetween: Galil Water Ltd. (גליל מים בע"מ), Kiryat Shmona, Israel\nAnd: Sahyadri Agritech Pvt. Ltd., Pune, India\n\n1. Purpose | מטרה\nThe parties will run a joint pilot, the "Monsoon Pilot", combining Sahyadri soil sensors with Galil drip kits on up to 25 farms.\nהצדדים יפעילו פיילוט משותף המשלב חיישני קרקע של Sahyadri עם ערכות טפטוף של גליל מים בעד 25 חוות.\n\n2. Costs | עלויות\nGalil Water supplies the kits at cost; Sahyadri installs and maintains them.\nגליל מים תספק את הערכות במחיר עלות.\n\n3. Term | תקופה\nTwelve months from signature. | שנים עשר חודשים מיום החתימה.\n\nSigned | חתימה: נועה לוי, Noa Levi, VP Business Development\nSigned: Priya Sharma, CEO\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('galil-water'), C('sahyadri'), J('monsoon-pilot')],
    allow: [P('noa-levi'), P('priya-sharma')],
    date: '2026-03-10',
  },
  {
    id: 'b8d09-forwarded-chain-dpa',
    kind: 'document',
    upload: {
      filename: 'Fwd Re DPA Caravela x fernhill.eml.txt',
      content: `From: Ken Thompson <ken@ourfund.vc>\nDate: Thu, 4 Jun 2026 18:02:31 +0200\nSubject: Fwd: Re: DPA Caravela x fernhill\nTo: files@ourfund.vc\n\nFor the Caravela file.\n\n---------- Forwarded message ---------\nFrom: Tiago Gonçalves <tiago@caravela.com.br>\nDate: Thu, 4 Jun 2026 at 16:40\nSubject: Re: DPA Caravela x fernhill\nTo: <kiri@fernhill.io>\nCc: Ken Thompson <ken@ourfund.vc>\n\nOur legal team approved the DPA with your changes to clause 7 (sub-processors). The signed copy is attached; we keep July 15 for go-live.\n\nAbraço,\nTiago\n\nOn Tue, 2 Jun 2026 at 10:14, <kiri@fernhill.io> wrote:\n> Hi Tiago,\n> attached is the DPA with our redlines on clause 7. We need to list our hosting provider as a sub-processor.\n> Best,\n> K.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('caravela'), C('fernhill-io'), P('tiago-goncalves'), P('kiri-ngata')],
    allow: [P('ken-thompson')],
    date: '2026-06-04',
  },
  {
    id: 'b8d10-docx-turkish-plan-upper',
    kind: 'document',
    upload: {
      filename: 'Loom ERP Gecis Plani.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Loom ERP Geçiş Planı', heading: true },
          { text: 'Kapadokya Tekstil A.Ş. — Bilgi Teknolojileri Direktörlüğü' },
          { text: 'Tarih: 5 Mayıs 2026' },
          { text: 'PROJE SAHİBİ: IŞIL YILDIRIM (CIO)' },
          { text: 'Uygulama ortağı: fernhill.io' },
          { text: 'Kapsam', heading: true },
          { text: 'Boyahane, dokuma ve sevkiyat birimleri yeni ERP sistemine taşınacaktır. İlk aşama boyahanedir.' },
          { text: 'Takvim', heading: true },
          { text: 'Deneme aktarımı: 11 Mayıs. Canlıya geçiş: 1 Haziran. Eski sistem bir yıl salt okunur kalacaktır.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('kapadokya'), J('loom-replatform'), P('isil-yildirim'), C('fernhill-io')],
    date: '2026-05-05',
  },
  {
    id: 'b8d11-dutch-quote-signed-jan',
    kind: 'document',
    upload: {
      filename: 'Offerte 2026-0142 Bursztyn.txt',
      content: `OFFERTE\n\nMolenwerf B.V. · Havenstraat 12 · 1013 AB Amsterdam · molenwerf.nl\n\nOffertenummer: 2026-0142\nDatum: 14-04-2026\nGeldig tot: 14-05-2026\n\nAan: Bursztyn Logistyka sp. z o.o., t.a.v. mevrouw M. Wójcik\nBetreft: laadstations voor de Kestrel-robots, magazijn Gdańsk\n\nOmschrijving                         Aantal   Prijs per stuk   Totaal\nLaadstation LS-40, vloermontage        40     € 2.150          € 86.000\nInstallatie en inbedrijfstelling        1     € 6.400          €  6.400\n                                                       Totaal € 92.400 excl. btw\n\nLevering in twee delen: 20 stuks in mei, 20 stuks in juni.\n\nMet vriendelijke groet,\n\nJan\nMolenwerf B.V. | jan@molenwerf.nl | +31 20 555 0172\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('molenwerf'), C('bursztyn'), J('kestrel')],
    allow: [P('jan-de-vries'), P('malgorzata-wojcik')],
    date: '2026-04-14',
  },
  {
    id: 'b8d12-no-subject-iphone-note',
    kind: 'document',
    upload: {
      filename: 'no subject.eml.txt',
      content: `From: Ken Thompson <ken@ourfund.vc>\nTo: files@ourfund.vc\nDate: Wed, 8 Jul 2026 21:47:03 +0530\nSubject: (no subject)\n\nsahyadri board ok'd monsoon pilot phase 2 - 40 farms, ₹1.6 Cr. priya sends budget split mon.\n\nSent from my iPhone\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sahyadri'), J('monsoon-pilot'), P('priya-sharma')],
    allow: [P('ken-thompson')],
    date: '2026-07-08',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'b8s01-chatgpt-markdown-kestrel',
    kind: 'session',
    upload: {
      filename: 'ChatGPT-Kestrel fleet sizing.md',
      content: `# Kestrel fleet sizing\n\n**User:** Ken Thompson\n**Created:** 17/04/2026, 18:04:51\n**Exported:** 17/04/2026, 18:31:07\n\n## Prompt:\nBursztyn runs 3 shifts in the Gdańsk warehouse with 14,000 picks a day. Each Hanbit robot does about 110 picks an hour. How many robots do they need for the Kestrel rollout?\n\n## Response:\nAt 110 picks an hour over three 8-hour shifts, one robot does about 2,640 picks a day. 14,000 / 2,640 ≈ 5.3, so 6 robots cover the average day. Add 30% for peaks and charging time: 8 robots.\n\n## Prompt:\nOK, we decided to propose 8 robots for Gdańsk and keep 2 spares at the Hanbit depot.\n\n## Response:\nThat leaves a 25% buffer. Put the spares in the contract as a service level, not as owned units.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [J('kestrel'), C('bursztyn'), C('hanbit')],
    allow: [P('ken-thompson')],
    date: '2026-04-17',
  },
  {
    id: 'b8s02-slack-export-kestrel',
    kind: 'session',
    upload: {
      filename: '2026-04-16.json',
      content: JSON.stringify(
        [
          {
            type: 'message',
            user: 'U02GW4K1',
            text: 'Morning! The two Kestrel robots at the cold-store door stopped again at 05:40. <@U03JK77> can you check the door sensor before the morning shift?',
            ts: `${epoch('2026-04-16T08:02:11+02:00')}.000100`,
            user_profile: { real_name: 'Małgorzata Wójcik', display_name: 'Gosia', first_name: 'Małgorzata' },
          },
          {
            type: 'message',
            user: 'U03JK77',
            text: 'On it. Door sensor was fine yesterday, I think it is the battery again, same as at Bursztyn HQ test.',
            ts: `${epoch('2026-04-16T08:09:40+02:00')}.000200`,
            user_profile: { real_name: 'Jan Kowalski', display_name: 'jan.k', first_name: 'Jan' },
          },
          {
            type: 'message',
            user: 'U02GW4K1',
            text: 'OK. Decision: Kestrel robots stay out of the cold store until the heated batteries arrive. Jan, please put a sign on the door.',
            ts: `${epoch('2026-04-16T08:15:02+02:00')}.000300`,
            user_profile: { real_name: 'Małgorzata Wójcik', display_name: 'Gosia', first_name: 'Małgorzata' },
          },
        ],
        null,
        4,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('malgorzata-wojcik'), P('jan-kowalski'), J('kestrel'), C('bursztyn')],
    date: '2026-04-16',
  },
  {
    id: 'b8s03-whatsapp-turkish-midnight',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Sohbeti - Bash Fernhill.txt',
      content: `12.05.2026 23:38 - Mesajlar ve aramalar uçtan uca şifrelidir. Bu sohbetin dışında bulunan hiç kimse, WhatsApp bile bunları okuyamaz ve dinleyemez.\n12.05.2026 23:41 - Işıl Yıldırım: Bash, boyahane deneme aktarımında stok kartlarının %4'ü hatalı. Yarın toplantıdan önce bakabilir misin?\n12.05.2026 23:44 - Bash Fernhill: Sure. Probably the duplicate colour codes in Loom ERP, I saw them in the dry run log\n12.05.2026 23:52 - Işıl Yıldırım: Kapadokya tarafında kimse bunları düzeltmek istemiyor 😅\n13.05.2026 00:07 - Bash Fernhill: We fix them in the mapping then. I'll send a list of the 212 codes before 9\n13.05.2026 00:11 - Işıl Yıldırım: Tamam, anlaştık. İyi geceler\n13.05.2026 00:12 - Bash Fernhill: İyi geceler!\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('isil-yildirim'), P('sebastian-okafor'), J('loom-replatform'), C('kapadokya')],
    date: '2026-05-12',
  },
  {
    id: 'b8s04-telegram-json-hinglish',
    kind: 'session',
    upload: {
      filename: 'result.json',
      content: JSON.stringify(
        {
          name: 'Monsoon Pilot – field team',
          type: 'private_group',
          id: 4418820931,
          messages: [
            { id: 1201, type: 'message', date: '2026-05-26T09:15:02', date_unixtime: String(epoch('2026-05-26T09:15:02+05:30')), from: 'Priya Sharma', from_id: 'user5531082', text: 'Noa, Nashik में 3 खेतों पर pumps अभी तक नहीं पहुंचे। Sahyadri team Friday तक wait करेगी।' },
            { id: 1202, type: 'message', date: '2026-05-26T09:31:44', date_unixtime: String(epoch('2026-05-26T09:31:44+05:30')), from: 'Noa Levi', from_id: 'user7719204', text: 'The pumps cleared customs in Mumbai this morning. They should reach Nashik on Thursday.' },
            { id: 1203, type: 'message', date: '2026-05-26T09:40:10', date_unixtime: String(epoch('2026-05-26T09:40:10+05:30')), from: 'Priya Sharma', from_id: 'user5531082', text: [{ type: 'plain', text: 'ठीक है। तय हुआ: ' }, { type: 'bold', text: 'installation Saturday' }, { type: 'plain', text: ', और readings Monday से शुरू।' }] },
          ],
        },
        null,
        1,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('priya-sharma'), P('noa-levi'), J('monsoon-pilot'), C('sahyadri')],
    allow: [C('galil-water')],
    date: '2026-05-26',
  },
  {
    id: 'b8s05-discord-two-days',
    kind: 'session',
    upload: {
      filename: 'fernhill.io - loom-migration [1119230418].txt',
      content: `==============================================================\nGuild: fernhill.io\nChannel: Projects / loom-migration\nTopic: Kapadokya Tekstil ERP move (Loom Replatform)\n==============================================================\n\n[28/05/2026 16:12] bash\nCutover checklist for Kapadokya is in the pinned doc. Still missing: the bank file format for their Ziraat account.\n\n[28/05/2026 16:20] kiri.ngata\nAsked Işıl for it, she says tomorrow.\n\n[28/05/2026 23:58] bash\nDry run 3 done, 0 errors on stock cards 🎉\n\n[29/05/2026 09:05] kiri.ngata\nBank file format arrived. Attached.\n\n[29/05/2026 09:17] bash\nThanks. Decision then: Loom Replatform goes live Monday 1 June as planned, I'm on site from Sunday.\n\n==============================================================\nExported 5 message(s)\n==============================================================\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('fernhill-io'), J('loom-replatform'), C('kapadokya'), P('sebastian-okafor')],
    allow: [P('kiri-ngata'), P('isil-yildirim')],
    date: '2026-05-28',
  },
  {
    id: 'b8s06-teams-chat-korean',
    kind: 'session',
    upload: {
      filename: 'Teams chat - Kestrel Gdansk.txt',
      content: `Chat: Kestrel – Gdańsk cold store\nParticipants: Park Ji-hoon, Jan Kowalski\n\n[15/06/2026 09:14] Park Ji-hoon\nJan, heated battery packs 8개가 오늘 인천에서 출발했습니다. Hanbit 쪽 tracking number 보내드릴게요.\n\n[15/06/2026 09:20] Jan Kowalski\nGreat. When do they land in Gdańsk? Bursztyn needs two days to do the safety check.\n\n[15/06/2026 09:26] Park Ji-hoon\n6월 18일 도착 예정입니다. So safety check on 22-23 June?\n\n[15/06/2026 09:31] Jan Kowalski\nAgreed: safety check 22-23 June, robots back in the cold store on 24 June.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('park-ji-hoon'), P('jan-kowalski'), J('kestrel'), C('hanbit'), C('bursztyn')],
    date: '2026-06-15',
  },
  {
    id: 'b8s07-signal-hebrew',
    kind: 'session',
    upload: {
      filename: 'signal-chat-Noa Levi.md',
      content: `[2026-06-10 07:58] Noa Levi: בוקר טוב Ken! Quick one before my flight to Pune.\n[2026-06-10 07:59] Noa Levi: גליל מים מוכנה להאריך את Monsoon Pilot לשלב 2, אבל המחיר של ערכות הטפטוף עולה ב-6%.\n[2026-06-10 08:03] Me: 6% is fine if you keep the kits at cost until phase 2 ends.\n[2026-06-10 08:05] Noa Levi: סגור. Agreed: at cost until December, then +6%.\n[2026-06-10 08:05] Noa Levi: 👍\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('noa-levi'), C('galil-water'), J('monsoon-pilot')],
    allow: [P('ken-thompson')],
    date: '2026-06-10',
  },
  {
    id: 'b8s08-claude-export-italian',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          uuid: '0d6f2b1e-7c41-4b8e-a0a2-5f9c3d1e8b77',
          name: 'Prezzo lastre Lagunare',
          created_at: '2026-06-11T15:30:12.000000Z',
          updated_at: '2026-06-11T15:44:50.000000Z',
          account: { uuid: '9a1c' },
          chat_messages: [
            { uuid: 'm1', sender: 'human', created_at: '2026-06-11T15:30:12.000000Z', content: [{ type: 'text', text: 'Vetreria Lagunare ci propone 42 euro a lastra per 240 lastre temperate da 8 mm per Molenwerf. Chiara Esposito dice che è il prezzo migliore. È ragionevole?' }] },
            { uuid: 'm2', sender: 'assistant', created_at: '2026-06-11T15:30:40.000000Z', content: [{ type: 'text', text: 'Per vetro temperato da 8 mm in quel formato, 35-45 euro è nella media europea. Per un ordine di prova è ragionevole; chieda uno sconto sul secondo ordine.' }] },
            { uuid: 'm3', sender: 'human', created_at: '2026-06-11T15:44:50.000000Z', content: [{ type: 'text', text: 'Ok, abbiamo deciso di accettare i 42 euro e chiedere il 5% sul secondo ordine.' }] },
          ],
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [C('lagunare'), P('chiara-esposito'), C('molenwerf')],
    date: '2026-06-11',
  },
  {
    id: 'b8s09-chatgpt-json-portuguese-days',
    kind: 'session',
    upload: {
      filename: 'chatgpt-caravela.json',
      content: JSON.stringify([
        {
          title: 'Taxa de câmbio Caravela',
          create_time: epoch('2026-06-05T21:10:00Z'),
          update_time: epoch('2026-06-08T13:02:00Z'),
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['u1'] },
            u1: { id: 'u1', parent: 'root', children: ['a1'], message: { id: 'u1', author: { role: 'user' }, create_time: epoch('2026-06-05T21:10:00Z'), content: { content_type: 'text', parts: ['O Tiago Gonçalves, da Caravela Pagamentos, pediu uma taxa de câmbio de 1,8% para volumes acima de 2 milhões por mês. Isso é competitivo?'] } } },
            a1: { id: 'a1', parent: 'u1', children: ['u2'], message: { id: 'a1', author: { role: 'assistant' }, create_time: epoch('2026-06-05T21:10:30Z'), content: { content_type: 'text', parts: ['Para esse volume, taxas entre 1,5% e 2,2% são comuns no Brasil. 1,8% é competitivo se não houver tarifa fixa por transação.'] } } },
            u2: { id: 'u2', parent: 'a1', children: ['a2'], message: { id: 'u2', author: { role: 'user' }, create_time: epoch('2026-06-08T12:58:00Z'), content: { content_type: 'text', parts: ['Voltando a isso: a fernhill.io confirmou que a integração suporta tarifa fixa zero. Decidimos aceitar 1,8% sem tarifa fixa.'] } } },
            a2: { id: 'a2', parent: 'u2', children: [], message: { id: 'a2', author: { role: 'assistant' }, create_time: epoch('2026-06-08T13:02:00Z'), content: { content_type: 'text', parts: ['Boa decisão. Registre no contrato uma revisão da taxa após seis meses.'] } } },
          },
          current_node: 'a2',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [C('caravela'), P('tiago-goncalves'), C('fernhill-io')],
    date: '2026-06-05',
  },
  {
    id: 'b8s10-whatsapp-family-nothing',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat with Family.txt',
      content: `[6/14/26, 10:02:11 PM] Mom: Did anyone book the restaurant for Sunday?\n[6/14/26, 10:03:40 PM] Lena: Not yet. Is Jan coming?\n[6/14/26, 10:05:02 PM] Mom: Jan said yes, with the kids\n[6/14/26, 10:06:19 PM] Lena: ok I'll book for 9 at 1pm\n[6/14/26, 10:06:55 PM] Mom: ❤️\n`,
    },
    worth: false,
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'b8j01-robotics-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Warehouse Robotics Weekly 88.eml.txt',
      content: `From: Warehouse Robotics Weekly <news@robotics-weekly.example>\nSubject: #88: Hanbit Robotics raises Series C, Bursztyn goes autonomous\n\nView in browser\n\nThis week\n• Hanbit Robotics (한빛로보틱스) raised a $60M Series C led by a Seoul growth fund.\n• Polish 3PL Bursztyn Logistyka is testing autonomous pickers in Gdańsk.\n• Molenwerf launched a 40 kW charging dock.\n\nSponsored: Meet us at LogiMAT, hall 7.\n\nYou are receiving this because you subscribed to Warehouse Robotics Weekly. Unsubscribe · Manage preferences\n`,
    },
    worth: false,
  },
  {
    id: 'b8j02-marketing-known-domain',
    kind: 'junk',
    upload: {
      filename: 'webinar.eml.txt',
      content: `From: fernhill.io <hello@fernhill.io>\nReply-To: no-reply@fernhill.io\nSubject: 🚀 Live webinar: ERP migrations without the drama\n\nHi there,\n\nJoin our free 45-minute webinar on June 24 and learn the five mistakes that sink ERP migrations.\n\n👉 Save my seat\n\nSeats are limited!\n\nThe fernhill.io team\n\nYou're receiving this email because you signed up on fernhill.io. Unsubscribe | Privacy policy\n`,
    },
    worth: false,
  },
  {
    id: 'b8j03-turkish-phishing',
    kind: 'junk',
    upload: {
      filename: 'e-devlet-iade.txt',
      content: `Sayın Vatandaşımız,\n\nAdınıza tanımlı 2.450,00 TL vergi iadesi bulunmaktadır. İadenizi almak için 24 saat içinde kimlik ve kart bilgilerinizi doğrulamanız gerekmektedir.\n\nHemen doğrulayın: http://edevlet-iade.example/dogrula\n\nAksi halde iadeniz iptal edilecektir.\n\nT.C. Gelir İdaresi Başkanlığı\n`,
    },
    worth: false,
  },
  {
    id: 'b8j04-bounce-quoting-real-mail',
    kind: 'junk',
    upload: {
      filename: 'Undeliverable.eml.txt',
      content: `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\nTo: ken@ourfund.vc\nSubject: Delivery Status Notification (Failure)\n\nAddress not found\n\nYour message wasn't delivered to jihoon.park@hanbit-robotcs.kr because the domain hanbit-robotcs.kr couldn't be found. Check for typos or unnecessary spaces and try again.\n\nThe response was:\nDNS Error: DNS type 'mx' lookup of hanbit-robotcs.kr responded with code NXDOMAIN\n\n----- Original message -----\nFrom: Ken Thompson <ken@ourfund.vc>\nTo: jihoon.park@hanbit-robotcs.kr\nSubject: Kestrel phase 2\n\nJihoon, can you send the Poznań deployment schedule before Friday?\n`,
    },
    worth: false,
  },
  {
    id: 'b8j05-calendar-spam',
    kind: 'junk',
    upload: {
      filename: 'invite (1).ics',
      content: ics([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260618T090000Z',
        'DTEND:20260618T093000Z',
        'DTSTAMP:20260617T221204Z',
        'ORGANIZER;CN=Apple Rewards:mailto:rewards.winner8812@gmail.example',
        'UID:spam-8812-771@google.com',
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=ken@ourfund.vc:mailto:ken@ourfund.vc',
        'SUMMARY:🎁 Congratulations! Your iPhone 17 Pro is waiting – confirm delivery',
        'DESCRIPTION:You have been selected! Pay only 1.99 € shipping to receive your iPhone 17 Pro: http://apple-rewards.example/claim\\nOffer expires today.',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    },
    worth: false,
  },
  {
    id: 'b8j06-near-empty',
    kind: 'junk',
    upload: { filename: 'Untitled 3.txt', content: `\n \n\n-- \nSent from my iPhone\n` },
    worth: false,
  },
];
