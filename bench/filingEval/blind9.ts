// The ninth blind filing set: written from the item format (items.ts types), the shared seeded brain
// (brain.ts), the scorer, the runner and the header of blind8.ts only, without reading the filer
// (src/), its docs, the tests or the other sets' items. New seed pages so nothing here was tuned for:
// a Greek shipping company (name also in Greek) and its fleet manager written in Greek, a Thai food
// group whose supply-chain head goes by his nickname "Chai", a Georgian winery and its export
// director written in Georgian script, a Persian solar maker whose CTO is known as "DK", a Vietnamese
// textile maker whose finance director is written surname-first with diacritics (Nguyễn Thị Lan), a
// Russian logistics firm whose procurement lead also goes by "Оля"/"Olya", a Japanese robot maker with
// two people written surname-first (Tanaka Hiroshi, Yamamoto Aiko; also in kanji and as "Tanaka-san"),
// a Norwegian payments firm whose partnerships man is known by his e-mail address (jb@) and initials,
// and four projects (one also named in Greek, one in Persian).
// Meetings: a Greek .ics, a Japanese/English WebVTT transcript dated in Japanese, a Norwegian/English
// SRT dated only by its file name, an Otter.ai recap, a Russian Zoom AI Companion summary, Greek minutes
// (genitive month), Thai minutes in the Buddhist era (2569), Georgian minutes, Vietnamese minutes,
// Persian minutes in the Solar Hijri calendar with Persian digits, two notes mailed to oneself ("last
// Friday", "yesterday" relative to the mail's Date header), and a Google Calendar invitation mail that
// looks like invitation noise but carries a real meeting's decisions. Documents: a Greek services
// contract under a letterhead, a Japanese quote dated in the Reiwa era, a Russian invoice, a
// Vietnamese data policy, a Georgian letter, a Persian progress report (Solar Hijri, Persian digits),
// a Thai/English DOCX report, an ASCII-only PDF MoU dated only in its signature block, an English
// pricing sheet with no date at all, a review naming its subject late, a Russian supply contract
// between two known companies, and an investor update with an unsubscribe footer (looks like a
// newsletter, must be filed). Sessions: a Slack channel export over two days, a Greek WhatsApp chat
// (dd/mm/yyyy) across midnight, a Thai/English WhatsApp chat in US format (m/d/yy, 12-hour), a Russian
// Telegram JSON export, a Discord export over three days, a Teams chat copy in Georgian and English, a
// Signal export in Persian and English, a Greek ChatGPT export, a Japanese Claude export, and a
// Russian Telegram group naming nothing in the brain. Junk: Greek parcel phishing, Vietnamese bank
// phishing, a fintech newsletter naming a known company, Russian calendar-invitation spam (.ics), a
// delivery-failure bounce quoting a real-looking message, a Persian/English crypto scam, and a
// near-empty file. Multi-day and across-midnight sessions are expected on the day they start.
// Expected pages were written by hand before the run.
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
export const BLIND9_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'nikos-papadopoulos', 'Nikos Papadopoulos', { email: 'nikos@aigaion.gr', company: '"[[companies/aigaion]]"', role: 'Fleet Operations Manager', aliases: '[Νίκος Παπαδόπουλος, Νίκος]' }, 'Runs fleet operations at Aigaion Shipping.'),
  page('people', 'person', 'somchai-wongsakul', 'Somchai Wongsakul', { email: 'somchai.w@siamorchid.co.th', company: '"[[companies/siam-orchid]]"', role: 'Head of Supply Chain', aliases: '[สมชาย วงศ์สกุล, Chai, Chai Wongsakul]' }, 'Owns the cold chain at Siam Orchid Foods.'),
  page('people', 'person', 'nino-beridze', 'Nino Beridze', { email: 'nino@kartli.ge', company: '"[[companies/kartli]]"', role: 'Export Director', aliases: '[ნინო ბერიძე]' }, 'Runs exports at Kartli Wine Company.'),
  page('people', 'person', 'dariush-karimi', 'Dariush Karimi', { email: 'd.karimi@parssolar.com', company: '"[[companies/pars-solar]]"', role: 'CTO', aliases: '[داریوش کریمی, DK]' }, 'CTO of Pars Solar.'),
  page('people', 'person', 'nguyen-thi-lan', 'Nguyễn Thị Lan', { email: 'lan.nguyen@mekongtextiles.vn', company: '"[[companies/mekong]]"', role: 'Finance Director', aliases: '[Lan Nguyen, Nguyen Thi Lan, Chị Lan]' }, 'Finance director at Mekong Textiles.'),
  page('people', 'person', 'olga-smirnova', 'Olga Smirnova', { email: 'o.smirnova@sever-log.ru', company: '"[[companies/sever]]"', role: 'Procurement Lead', aliases: '[Ольга Смирнова, Оля, Olya]' }, 'Buys equipment for Sever Logistics.'),
  page('people', 'person', 'tanaka-hiroshi', 'Tanaka Hiroshi', { email: 'h.tanaka@kumo-robotics.jp', company: '"[[companies/kumo]]"', role: 'Engineering Manager', aliases: '[田中寛, 田中 寛, Hiroshi Tanaka, Tanaka-san]' }, 'Engineering manager at Kumo Robotics.'),
  page('people', 'person', 'yamamoto-aiko', 'Yamamoto Aiko', { email: 'aiko.yamamoto@kumo-robotics.jp', company: '"[[companies/kumo]]"', role: 'Product Lead', aliases: '[山本愛子, 山本 愛子, Aiko Yamamoto, Aiko]' }, 'Product lead at Kumo Robotics.'),
  page('people', 'person', 'jonas-berge', 'Jonas Berge', { email: 'jb@fjordpay.no', company: '"[[companies/fjordpay]]"', role: 'Head of Partnerships', aliases: '[JB]' }, 'Partnerships at Fjordpay; signs his mails "JB".'),
  page('companies', 'company', 'aigaion', 'Aigaion Shipping', { domain: 'aigaion.gr', aliases: '[Αιγαίον Ναυτιλιακή, Aigaion]' }, 'Greek dry-bulk shipping company in Piraeus.'),
  page('companies', 'company', 'siam-orchid', 'Siam Orchid Foods', { domain: 'siamorchid.co.th', aliases: '[สยามออร์คิด ฟู้ดส์, Siam Orchid]' }, 'Thai frozen-food group.'),
  page('companies', 'company', 'kartli', 'Kartli Wine Company', { domain: 'kartli.ge', aliases: '[ქართლის ღვინის კომპანია, Kartli Wine, Kartli]' }, 'Georgian winery exporting qvevri wines.'),
  page('companies', 'company', 'pars-solar', 'Pars Solar', { domain: 'parssolar.com', aliases: '[پارس سولار]' }, 'Solar inverter maker.'),
  page('companies', 'company', 'mekong', 'Mekong Textiles', { domain: 'mekongtextiles.vn', aliases: '[Dệt May Mê Kông, Mekong]' }, 'Vietnamese garment maker.'),
  page('companies', 'company', 'sever', 'Sever Logistics', { domain: 'sever-log.ru', aliases: '[Север Логистик, Sever]' }, 'Russian warehouse operator.'),
  page('companies', 'company', 'kumo', 'Kumo Robotics', { domain: 'kumo-robotics.jp', aliases: '[クモロボティクス, クモ・ロボティクス株式会社, Kumo]' }, 'Japanese maker of picking robots.'),
  page('companies', 'company', 'fjordpay', 'Fjordpay', { domain: 'fjordpay.no', aliases: '[Fjordpay AS]' }, 'Norwegian payments company.'),
  page('projects', 'project', 'halcyon', 'Project Halcyon', { aliases: '[Halcyon, Αλκυόνη]', status: 'active' }, 'Vessel-tracking rollout across the Aigaion Shipping fleet.'),
  page('projects', 'project', 'lotus-rollout', 'Lotus Rollout', { aliases: '[Lotus]', status: 'active' }, 'Cold-chain sensors in the Siam Orchid warehouses.'),
  page('projects', 'project', 'sunbeam', 'Project Sunbeam', { aliases: '[Sunbeam, پروژه آفتاب]', status: 'planned' }, 'Pars Solar inverters with remote monitoring.'),
  page('projects', 'project', 'silk-thread', 'Silk Thread', { aliases: '[Silk Thread ERP]', status: 'active' }, 'New ERP at Mekong Textiles.'),
];

const ics = (lines: string[]) => [...lines, ''].join('\r\n');

export const BLIND9_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    id: 'b9m01-ics-greek-halcyon',
    kind: 'meeting',
    upload: {
      filename: 'invite.ics',
      content: ics([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
        'METHOD:REQUEST',
        'BEGIN:VTIMEZONE',
        'TZID:GTB Standard Time',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010325T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0300',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'DTSTART;TZID=GTB Standard Time:20260505T100000',
        'DTEND;TZID=GTB Standard Time:20260505T110000',
        'DTSTAMP:20260428T081500Z',
        'ORGANIZER;CN="Νίκος Παπαδόπουλος":mailto:nikos@aigaion.gr',
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Νίκος Παπαδόπουλος":mailto:nikos@aigaion.gr',
        'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Ken Thompson:mailto:ken@ourfund.vc',
        'UID:040000008200E00074C5B7101A82E00800000000B0C1',
        'SUMMARY;LANGUAGE=el-GR:Αλκυόνη – ανασκόπηση πιλότου',
        'DESCRIPTION;LANGUAGE=el-GR:Ανασκόπηση του πιλότου σε 4 πλοία. Αποφασίστηκε η επέκταση σε όλο τον στόλο (22 πλοία) μέχρι τον Σεπτέμβριο.\\nΕκκρεμεί: προσφορά για τους δορυφορικούς τερματικούς σταθμούς.',
        'LOCATION:Ακτή Μιαούλη 45\\, Πειραιάς',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nikos-papadopoulos'), P('ken-thompson'), C('aigaion'), J('halcyon')],
    date: '2026-05-05',
  },
  {
    id: 'b9m02-vtt-japanese-kumo',
    kind: 'meeting',
    upload: {
      filename: 'kumo_weekly.vtt',
      content: `WEBVTT

NOTE
会議: クモ・ロボティクス 定例
録画日: 2026年5月12日（火）

1
00:00:02.000 --> 00:00:07.500
<v 田中 寛>では始めます。ピッキングロボットの稼働率は先週94%でした。

2
00:00:08.000 --> 00:00:13.000
<v Ken Thompson>That is better than April. What is blocking the last few percent?

3
00:00:13.500 --> 00:00:20.000
<v 山本 愛子>グリッパーの交換です。新しいグリッパーは6月第1週に届きます。

4
00:00:20.500 --> 00:00:27.000
<v 田中 寛>結論：横浜倉庫への2台目の導入は6月15日に決定しました。
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tanaka-hiroshi'), P('yamamoto-aiko'), P('ken-thompson'), C('kumo')],
    date: '2026-05-12',
  },
  {
    id: 'b9m03-srt-norwegian-fjordpay',
    kind: 'meeting',
    upload: {
      filename: '2026-05-28 Fjordpay onboarding.srt',
      content: `1
00:00:01,200 --> 00:00:05,800
Jonas Berge: Hei Ken, takk for at du tok deg tid.

2
00:00:06,000 --> 00:00:11,400
Ken Thompson: Of course. Where are we with the merchant onboarding at Fjordpay?

3
00:00:11,600 --> 00:00:18,900
Jonas Berge: We onboarded 140 merchants in May. KYC checks now take two days instead of five.

4
00:00:19,100 --> 00:00:24,000
Jonas Berge: Vi ble enige om å åpne for Danmark i august.

5
00:00:24,200 --> 00:00:27,500
Ken Thompson: Good, send me the Denmark plan when it is ready.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('jonas-berge'), P('ken-thompson'), C('fjordpay')],
    date: '2026-05-28',
  },
  {
    id: 'b9m04-otter-recap-lotus',
    kind: 'meeting',
    upload: {
      filename: 'Otter summary - Lotus weekly.txt',
      content: `Lotus weekly
Wed, May 20, 2026 · 3:00 PM · 34 min
Speakers: Chai Wongsakul, Ken Thompson

Overview
Chai reported that the Lotus Rollout reached 9 of 14 Siam Orchid warehouses. Two sites in Chiang Mai lost sensor data during a power cut; the new gateways buffer 48 hours of readings, so nothing was lost after the firmware update.

Outline
- Rollout status (00:00 - 09:12): 9 of 14 warehouses live; Laem Chabang next.
- Power cut in Chiang Mai (09:12 - 20:40): gateways now buffer 48 hours.
- Budget (20:40 - 34:02): remaining budget is 3.1M THB; on track.

Action items
- Chai Wongsakul: send the Laem Chabang installation schedule.
- Ken Thompson: confirm the second tranche of the sensor order.

Otter.ai — Generated by Otter Assistant
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('somchai-wongsakul'), P('ken-thompson'), C('siam-orchid'), J('lotus-rollout')],
    date: '2026-05-20',
  },
  {
    id: 'b9m05-zoom-ai-russian-sever',
    kind: 'meeting',
    upload: {
      filename: 'Сводка собрания.txt',
      content: `Сводка собрания от Zoom AI Companion

Тема: Север Логистик — закупка роботов
Дата: 13 мая 2026 г., 11:00 (Москва)
Участники: Ольга Смирнова, Ken Thompson

Краткое содержание
Ольга Смирнова рассказала, что Север Логистик планирует автоматизировать склад в Подольске. Бюджет на первый этап — 42 млн рублей. Ken Thompson предложил познакомить её с поставщиками роботов для комплектации заказов.

Следующие шаги
- Ольга пришлёт техническое задание до 22 мая.
- Ken организует звонок с поставщиками.

Сводка создана с помощью ИИ и может содержать ошибки.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('olga-smirnova'), P('ken-thompson'), C('sever')],
    date: '2026-05-13',
  },
  {
    id: 'b9m06-greek-minutes-halcyon',
    kind: 'meeting',
    upload: {
      filename: 'Πρακτικά συνάντησης.txt',
      content: `ΑΙΓΑΙΟΝ ΝΑΥΤΙΛΙΑΚΗ Α.Ε.
Ακτή Μιαούλη 45, 185 36 Πειραιάς
________________________________________

ΠΡΑΚΤΙΚΑ ΣΥΝΑΝΤΗΣΗΣ

Πειραιάς, Πέμπτη 7 Μαΐου 2026

Παρόντες: Νίκος Παπαδόπουλος (Διευθυντής Στόλου), Ken Thompson

1. Έργο Αλκυόνη: ο πιλότος ολοκληρώθηκε σε 4 πλοία χωρίς απώλεια δεδομένων.
2. Κόστος: οι δορυφορικοί τερματικοί σταθμοί κοστίζουν 3.800 € ανά πλοίο.
3. Απόφαση: η εγκατάσταση στα υπόλοιπα 18 πλοία ξεκινά τον Ιούνιο.

Επόμενη συνάντηση: αρχές Ιουνίου.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nikos-papadopoulos'), P('ken-thompson'), C('aigaion'), J('halcyon')],
    date: '2026-05-07',
  },
  {
    id: 'b9m07-thai-minutes-buddhist-era',
    kind: 'meeting',
    upload: {
      filename: 'รายงานการประชุม Lotus.txt',
      content: `บริษัท สยามออร์คิด ฟู้ดส์ จำกัด (มหาชน)

รายงานการประชุมโครงการ Lotus
ครั้งที่ 7/2569
วันอังคารที่ 26 พฤษภาคม 2569 เวลา 14.00 น.
ณ ห้องประชุม 3 สำนักงานใหญ่ กรุงเทพฯ

ผู้เข้าประชุม
1. คุณสมชาย วงศ์สกุล  หัวหน้าฝ่ายซัพพลายเชน
2. Ken Thompson  ผู้ลงทุน

วาระที่ 1 ความคืบหน้า
ติดตั้งเซ็นเซอร์แล้ว 11 จาก 14 คลังสินค้า

วาระที่ 2 มติที่ประชุม
ที่ประชุมมีมติให้ขยายโครงการไปยังคลังสินค้าที่เวียดนามในไตรมาสที่ 4

ปิดประชุมเวลา 15.10 น.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('somchai-wongsakul'), P('ken-thompson'), C('siam-orchid'), J('lotus-rollout')],
    date: '2026-05-26',
  },
  {
    id: 'b9m08-georgian-minutes-kartli',
    kind: 'meeting',
    upload: {
      filename: 'ოქმი.txt',
      content: `შეხვედრის ოქმი

თბილისი, 2026 წლის 21 მაისი

დამსწრენი: ნინო ბერიძე (ქართლის ღვინის კომპანია, ექსპორტის დირექტორი), Ken Thompson

განხილული საკითხები:
1. ექსპორტი იაპონიაში: პირველი პარტია — 6 000 ბოთლი — ივლისში გაიგზავნება.
2. ფასი: შეთანხმდნენ 9 ევროზე ბოთლზე FOB.

გადაწყვეტილება: ნინო მოამზადებს ხელშეკრულების პროექტს 5 ივნისამდე.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nino-beridze'), P('ken-thompson'), C('kartli')],
    date: '2026-05-21',
  },
  {
    id: 'b9m09-vietnamese-minutes-silk-thread',
    kind: 'meeting',
    upload: {
      filename: 'bien-ban-hop.txt',
      content: `CÔNG TY CỔ PHẦN DỆT MAY MÊ KÔNG
CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM
Độc lập – Tự do – Hạnh phúc
-----------------

BIÊN BẢN HỌP
V/v: Tiến độ dự án Silk Thread

Thành phố Hồ Chí Minh, ngày 27 tháng 5 năm 2026

Thành phần:
- Bà Nguyễn Thị Lan – Giám đốc Tài chính
- Ông Ken Thompson – Nhà đầu tư

Nội dung:
1. Phân hệ kế toán của Silk Thread đã chạy thử thành công trong tháng 5.
2. Phân hệ kho bị chậm 3 tuần do chuyển đổi dữ liệu.
3. Kết luận: chuyển sang hệ thống mới vào ngày 1 tháng 8 năm 2026.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nguyen-thi-lan'), P('ken-thompson'), C('mekong'), J('silk-thread')],
    date: '2026-05-27',
  },
  {
    id: 'b9m10-persian-minutes-solar-hijri',
    kind: 'meeting',
    upload: {
      filename: 'صورتجلسه.txt',
      content: `بسمه تعالی

صورتجلسه
تاریخ: ۱۴۰۵/۰۳/۱۱
موضوع: پروژه آفتاب

حاضرین: داریوش کریمی (مدیر فنی پارس سولار)، Ken Thompson

۱. نمونه اولیه اینورتر ۵ کیلوواتی آزمایش شد و راندمان ۹۷٪ داشت.
۲. سامانه پایش از راه دور تا پایان تیرماه آماده می‌شود.
۳. تصمیم: تولید آزمایشی ۲۰۰ دستگاه در شهریور.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dariush-karimi'), P('ken-thompson'), C('pars-solar'), J('sunbeam')],
    date: '2026-06-01',
  },
  {
    id: 'b9m11-self-mail-last-friday',
    kind: 'meeting',
    upload: {
      filename: 'notes.eml',
      content: `From: Ken Thompson <ken@ourfund.vc>
To: Ken Thompson <ken@ourfund.vc>
Date: Mon, 18 May 2026 08:12:44 +0200
Subject: coffee w DK

coffee w/ DK (Pars Solar) last Friday
- sunbeam: inverter prototype passes thermal tests, remote monitoring still flaky
- they want a bridge round, ~1.5M, decision by end of june
- DK to send the test report

sent from my phone
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dariush-karimi'), P('ken-thompson'), C('pars-solar'), J('sunbeam')],
    date: '2026-05-15',
  },
  {
    id: 'b9m12-self-mail-yesterday',
    kind: 'meeting',
    upload: {
      filename: 'dinner.txt',
      content: `From: ken@ourfund.vc
To: ken@ourfund.vc
Sent: Wednesday, June 3, 2026 7:05 AM
Subject: dinner notes

Dinner yesterday in Tokyo with Tanaka-san and Aiko from Kumo.
They will open a US office next year; Aiko moves to Boston to run it.
Kumo wants an intro to two logistics customers in the US.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('tanaka-hiroshi'), P('yamamoto-aiko'), P('ken-thompson'), C('kumo')],
    date: '2026-06-02',
  },
  {
    id: 'b9m13-calendar-invite-looks-like-noise',
    kind: 'meeting',
    upload: {
      filename: 'Invitation Kartli export contract review.eml.txt',
      content: `From: Google Calendar <calendar-notification@google.com>
To: ken@ourfund.vc
Subject: Updated invitation with note: Kartli export contract review @ Thu Jun 4, 2026 4pm - 5pm (GMT+4) (ken@ourfund.vc)

This event has been updated with a note:
"Notes from today: we signed off the Japan contract at 9 EUR per bottle FOB; first shipment of 6,000 bottles leaves Poti on 10 July. Nino will send the countersigned copy."

Kartli export contract review
When: Thursday Jun 4, 2026 4pm – 5pm (GMT+04:00) Tbilisi
Who:
  • nino@kartli.ge - organizer
  • ken@ourfund.vc

Going (ken@ourfund.vc)?   Yes - Maybe - No    more options »

Invitation from Google Calendar
You are receiving this email at the account ken@ourfund.vc because you are subscribed for updated invitations on calendar ken@ourfund.vc.
To stop receiving these emails, please log in to https://calendar.google.com/calendar/ and change your notification settings for this calendar.
Forwarding this invitation could allow any recipient to send a response to the organizer and be added to the guest list.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nino-beridze'), P('ken-thompson'), C('kartli')],
    date: '2026-06-04',
  },

  // ---------------------------------------------------------------- documents
  {
    id: 'b9d01-greek-contract-letterhead',
    kind: 'document',
    upload: {
      filename: 'Σύμβαση_Αλκυόνη.txt',
      content: `ΑΙΓΑΙΟΝ ΝΑΥΤΙΛΙΑΚΗ Α.Ε.
Ακτή Μιαούλη 45 · 185 36 Πειραιάς · Τηλ. 210 4100 000 · ΑΦΜ 099999999
==================================================================

ΣΥΜΒΑΣΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ
για το έργο «Αλκυόνη» (παρακολούθηση στόλου)

Στον Πειραιά σήμερα, Δευτέρα 11 Μαΐου 2026, οι κάτωθι συμβαλλόμενοι:
α) η ανώνυμη εταιρεία «ΑΙΓΑΙΟΝ ΝΑΥΤΙΛΙΑΚΗ Α.Ε.», που εκπροσωπείται νόμιμα από τον Νίκο Παπαδόπουλο, και
β) ο πάροχος δορυφορικών υπηρεσιών,
συμφώνησαν τα εξής:

Άρθρο 1. Αντικείμενο: εγκατάσταση και λειτουργία τερματικών σταθμών σε 22 πλοία.
Άρθρο 2. Τίμημα: 3.800 € ανά πλοίο, πλέον ΦΠΑ.
Άρθρο 3. Διάρκεια: 36 μήνες από την υπογραφή.

ΟΙ ΣΥΜΒΑΛΛΟΜΕΝΟΙ
Για την Αιγαίον Ναυτιλιακή
Νίκος Παπαδόπουλος
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('aigaion'), J('halcyon'), P('nikos-papadopoulos')],
    allow: ['companies/'],
    date: '2026-05-11',
  },
  {
    id: 'b9d02-japanese-quote-reiwa',
    kind: 'document',
    upload: {
      filename: '御見積書_No2026-0142.txt',
      content: `　　　　　　　　　　　　　　　　　　　　　　　　No. 2026-0142
　　　　　　　　　　　　　　　　　　　　　　　　発行日：令和8年5月22日

御　見　積　書

Ourfund 御中

クモ・ロボティクス株式会社
〒220-0012 神奈川県横浜市西区みなとみらい3-1
担当：山本 愛子（aiko.yamamoto@kumo-robotics.jp）

下記のとおりお見積り申し上げます。

品名　　　　　　　　　　数量　　単価　　　　　金額
ピッキングロボット KR-7　　4台　　3,200,000円　12,800,000円
設置・調整費　　　　　　　1式　　　　　　　　 1,500,000円
合計（税込）　　　　　　　　　　　　　　　　　15,730,000円

有効期限：発行日より30日
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kumo'), P('yamamoto-aiko')],
    date: '2026-05-22',
  },
  {
    id: 'b9d03-russian-invoice-sever',
    kind: 'document',
    upload: {
      filename: 'Счет_147.txt',
      content: `ООО «Север Логистик»
ИНН 7801234567  КПП 780101001
196084, г. Санкт-Петербург, ул. Заставская, д. 22

СЧЁТ НА ОПЛАТУ № 147 от 3 июня 2026 г.

Поставщик: ООО «Север Логистик»
Покупатель: Ourfund Portfolio Services

№  Наименование                              Кол-во  Цена        Сумма
1  Хранение паллет, май 2026                 320     450,00      144 000,00
2  Комплектация заказов                      1       36 000,00   36 000,00
                                                      Итого:      180 000,00
                                                      НДС 20%:    36 000,00
                                                      Всего к оплате: 216 000,00 руб.

Ответственный: О. Смирнова (o.smirnova@sever-log.ru)
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sever'), P('olga-smirnova')],
    allow: ['companies/'],
    date: '2026-06-03',
  },
  {
    id: 'b9d04-vietnamese-policy',
    kind: 'document',
    upload: {
      filename: 'chinh-sach-bao-mat-du-lieu.md',
      content: `**CÔNG TY CỔ PHẦN DỆT MAY MÊ KÔNG**
Số: 08/2026/QĐ-DMK

*Hà Nội, ngày 8 tháng 5 năm 2026*

# CHÍNH SÁCH BẢO MẬT DỮ LIỆU

## Điều 1. Phạm vi
Chính sách này áp dụng cho toàn bộ nhân viên và nhà cung cấp của Dệt May Mê Kông có quyền truy cập hệ thống Silk Thread.

## Điều 2. Phân loại dữ liệu
Dữ liệu tài chính và dữ liệu nhân sự được xếp loại "mật"; chỉ người được Giám đốc Tài chính phê duyệt mới được truy cập.

## Điều 3. Hiệu lực
Chính sách có hiệu lực từ ngày ký.

GIÁM ĐỐC TÀI CHÍNH
*(đã ký)*
**Nguyễn Thị Lan**
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('mekong'), P('nguyen-thi-lan'), J('silk-thread')],
    date: '2026-05-08',
  },
  {
    id: 'b9d05-georgian-letter',
    kind: 'document',
    upload: {
      filename: 'წერილი_Ken.txt',
      content: `შპს „ქართლის ღვინის კომპანია"
დავით აღმაშენებლის გამზ. 120, თბილისი 0112

თბილისი, 2026 წლის 29 მაისი

ბატონო Ken,

გიგზავნით ინფორმაციას ჩვენი ექსპორტის შესახებ. 2026 წლის პირველ ხუთ თვეში ექსპორტმა 84 000 ბოთლი შეადგინა, რაც გასული წლის ანალოგიურ პერიოდზე 30%-ით მეტია. ყველაზე სწრაფად იზრდება პოლონეთისა და იაპონიის ბაზრები.

ივნისში ვგეგმავთ ახალი საცავის გახსნას ყვარელში.

პატივისცემით,
ნინო ბერიძე
ექსპორტის დირექტორი
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kartli'), P('nino-beridze')],
    allow: [P('ken-thompson')],
    date: '2026-05-29',
  },
  {
    id: 'b9d06-persian-report-solar-hijri',
    kind: 'document',
    upload: {
      filename: 'گزارش پیشرفت آفتاب.txt',
      content: `شرکت پارس سولار
واحد تحقیق و توسعه

گزارش پیشرفت پروژه آفتاب
شماره: ۱۴۰۵-۲۷
تاریخ: ۱۴۰۵/۰۲/۲۴

تهیه‌کننده: داریوش کریمی، مدیر فنی

خلاصه
در این دوره آزمایش‌های حرارتی اینورتر ۵ کیلوواتی با موفقیت انجام شد. دمای قطعات در بار کامل از ۷۸ درجه بالاتر نرفت.

مشکلات
اتصال سامانه پایش از راه دور در ۱۲٪ موارد قطع می‌شود و نسخه جدید نرم‌افزار در حال آزمایش است.

گام بعدی
ارسال ۱۰ دستگاه برای آزمایش میدانی.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('sunbeam'), C('pars-solar'), P('dariush-karimi')],
    date: '2026-05-14',
  },
  {
    id: 'b9d07-docx-thai-english-report',
    kind: 'document',
    upload: {
      filename: 'Lotus Rollout Q2 report.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Siam Orchid Foods Public Company Limited' },
          { text: 'บริษัท สยามออร์คิด ฟู้ดส์ จำกัด (มหาชน)' },
          { text: 'Lotus Rollout — Q2 progress report / รายงานความคืบหน้าไตรมาส 2', heading: true },
          { text: 'Bangkok, 15 June 2026' },
          { text: 'Prepared by: Somchai Wongsakul (สมชาย วงศ์สกุล), Head of Supply Chain' },
          { text: 'Summary: sensors are live in 12 of 14 warehouses. Spoilage of frozen seafood fell from 2.4% to 1.1% of volume.' },
          { text: 'สรุป: ติดตั้งเซ็นเซอร์แล้ว 12 จาก 14 คลังสินค้า ของเสียลดลงจาก 2.4% เหลือ 1.1%' },
          { text: 'Next: the last two warehouses in Songkhla go live in July; the Vietnam pilot starts in Q4.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [J('lotus-rollout'), C('siam-orchid'), P('somchai-wongsakul')],
    date: '2026-06-15',
  },
  {
    id: 'b9d08-pdf-mou-date-in-signature',
    kind: 'document',
    upload: {
      filename: 'Fjordpay MoU signed.pdf',
      contentBase64: b64(
        makePdf([
          'Fjordpay AS',
          'Karl Johans gate 12, 0154 Oslo - Org.nr 921 456 789',
          '------------------------------------------------------------',
          'MEMORANDUM OF UNDERSTANDING',
          'between Fjordpay AS and Ourfund Portfolio Services',
          '1. Fjordpay will offer its card acquiring to Ourfund portfolio companies in the Nordics at 0.9% per transaction.',
          '2. Ourfund will introduce at least ten portfolio companies within twelve months.',
          '3. This memorandum is not binding except for clause 4 (confidentiality).',
          'Signed in Oslo on 9 June 2026',
          'For Fjordpay AS: Jonas Berge, Head of Partnerships',
          'For Ourfund: Ken Thompson',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('fjordpay'), P('jonas-berge')],
    allow: [P('ken-thompson'), 'companies/'],
    date: '2026-06-09',
  },
  {
    id: 'b9d09-pricing-sheet-no-date',
    kind: 'document',
    upload: {
      filename: 'kumo-pricing-sheet.md',
      content: `# Kumo Robotics — price list for partners

| Model | Payload | List price (JPY) | Partner price (JPY) |
|-------|---------|------------------|---------------------|
| KR-5  | 5 kg    | 2,400,000        | 2,050,000           |
| KR-7  | 7 kg    | 3,600,000        | 3,200,000           |
| KR-12 | 12 kg   | 5,100,000        | 4,500,000           |

Maintenance: 8% of the list price per year, including spare grippers.
Lead time: 10 weeks from order. Prices exclude shipping outside Japan.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kumo')],
    date: 'upload',
  },
  {
    id: 'b9d10-review-subject-named-late',
    kind: 'document',
    upload: {
      filename: 'erp-review.txt',
      content: `ERP ADOPTION IN VIETNAMESE GARMENT MANUFACTURING
A portfolio review
Prepared 19.05.2026

1. Context
Garment makers in Vietnam run on thin margins and long supplier chains. Most mid-sized factories still close their books in spreadsheets, and inventory counts are monthly at best. Buyers in Europe increasingly ask for traceability down to the fabric lot.

2. What we see in the market
Cloud ERP vendors are entering the segment with localised tax modules. Implementation times of six to nine months are common, and data migration is the usual cause of delay.

3. Our company
Mekong Textiles started its own ERP project, Silk Thread, in January. The finance module has gone live; the warehouse module is three weeks late because of data conversion. Nguyen Thi Lan, the finance director, expects the switch-over on 1 August.

4. Assessment
The delay is within the normal range. We recommend no change to the budget.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('mekong'), J('silk-thread'), P('nguyen-thi-lan')],
    date: '2026-05-19',
  },
  {
    id: 'b9d11-russian-supply-contract',
    kind: 'document',
    upload: {
      filename: 'Договор поставки 12-05.txt',
      content: `ДОГОВОР ПОСТАВКИ № 12/05-26

г. Санкт-Петербург                                         «12» мая 2026 г.

ООО «Север Логистик», именуемое в дальнейшем «Покупатель», в лице менеджера по закупкам Смирновой Ольги Андреевны, действующей на основании доверенности, с одной стороны, и Kumo Robotics Co., Ltd. (クモ・ロボティクス株式会社), именуемое в дальнейшем «Поставщик», с другой стороны, заключили настоящий договор о нижеследующем:

1. ПРЕДМЕТ ДОГОВОРА
1.1. Поставщик обязуется поставить четыре робота-комплектовщика KR-7 для склада в Подольске.

2. ЦЕНА И ПОРЯДОК РАСЧЁТОВ
2.1. Общая стоимость договора составляет 12 800 000 японских иен.
2.2. Оплата производится в два этапа: 50% предоплата, 50% после ввода в эксплуатацию.

3. СРОК ПОСТАВКИ
3.1. Не позднее 31 августа 2026 г.

ПОДПИСИ СТОРОН
Покупатель: ______ О. А. Смирнова
Поставщик: ______ H. Tanaka
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('sever'), C('kumo'), P('olga-smirnova'), P('tanaka-hiroshi')],
    date: '2026-05-12',
  },
  {
    id: 'b9d12-investor-update-looks-like-newsletter',
    kind: 'document',
    upload: {
      filename: 'Kartli Wine investor update May 2026.eml.txt',
      content: `From: Kartli Wine Company <news@kartli.ge>
To: investors@kartli.ge
Subject: Kartli Wine — investor update, May 2026

View this email in your browser

Dear investors,

Tbilisi, 31 May 2026

Exports in January–May reached 84,000 bottles, 30% above last year. We signed our first distributor in Japan (first shipment in July) and we are opening a new cellar in Kvareli in June. Cash at the end of May: 1.9M GEL, which covers 14 months of costs.

Ask: we are looking for an importer in Germany. Introductions are very welcome.

Nino Beridze
Export Director, Kartli Wine Company

You are receiving this email because you are a shareholder of Kartli Wine Company.
Unsubscribe | Update your preferences
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kartli'), P('nino-beridze')],
    date: '2026-05-31',
  },

  // ---------------------------------------------------------------- chat sessions
  {
    id: 'b9s01-slack-export-two-days',
    kind: 'session',
    upload: {
      filename: 'kumo-pilot/2026-05-19.json',
      content: JSON.stringify(
        [
          { type: 'message', user: 'U02KEN', user_profile: { real_name: 'Ken Thompson', display_name: 'ken' }, text: 'Kumo Robotics sent the pilot numbers: 94% uptime in Yokohama. <@U07TNK> can you confirm the gripper swap date?', ts: String(epoch('2026-05-19T03:10:00Z')) },
          { type: 'message', user: 'U07TNK', user_profile: { real_name: 'Tanaka Hiroshi', display_name: 'Tanaka-san' }, text: 'Confirmed: grippers arrive the first week of June. 山本さん will schedule the swap.', ts: String(epoch('2026-05-19T03:25:00Z')) },
          { type: 'message', user: 'U08AIK', user_profile: { real_name: 'Yamamoto Aiko', display_name: 'Aiko' }, text: 'Swap planned for June 8, one robot at a time so picking never stops.', ts: String(epoch('2026-05-20T01:05:00Z')) },
          { type: 'message', user: 'U02KEN', user_profile: { real_name: 'Ken Thompson', display_name: 'ken' }, text: 'Great, decision then: second site goes ahead on June 15 as planned.', ts: String(epoch('2026-05-20T01:20:00Z')) },
        ],
        null,
        2,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [C('kumo'), P('tanaka-hiroshi'), P('yamamoto-aiko')],
    allow: [P('ken-thompson')],
    date: '2026-05-19',
  },
  {
    id: 'b9s02-whatsapp-greek-across-midnight',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat with Νίκος Παπαδόπουλος.txt',
      content: `[07/05/2026, 23:41:10] Νίκος Παπαδόπουλος: Ken, καλησπέρα. Μόλις τελείωσε το συμβούλιο της Αιγαίον Ναυτιλιακής.
[07/05/2026, 23:42:03] Ken Thompson: Και; Τι αποφασίσατε για την Αλκυόνη;
[07/05/2026, 23:58:47] Νίκος Παπαδόπουλος: Εγκρίθηκε η επέκταση σε όλο τον στόλο. Ξεκινάμε τον Ιούνιο με 6 πλοία τον μήνα.
[08/05/2026, 00:03:15] Ken Thompson: Τέλεια! Στείλε μου το χρονοδιάγραμμα όταν είναι έτοιμο.
[08/05/2026, 00:04:02] Νίκος Παπαδόπουλος: 👍 Αύριο το πρωί.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('nikos-papadopoulos'), C('aigaion'), J('halcyon')],
    allow: [P('ken-thompson')],
    date: '2026-05-07',
  },
  {
    id: 'b9s03-whatsapp-us-thai-english',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat with Chai.txt',
      content: `5/21/26, 9:14 PM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
5/21/26, 9:14 PM - Chai: Hi Ken, quick update on Lotus 🙏
5/21/26, 9:15 PM - Chai: Laem Chabang warehouse is live today, that makes 10 of 14
5/21/26, 9:16 PM - Chai: พรุ่งนี้จะส่งรายงานอุณหภูมิให้นะครับ
5/21/26, 9:20 PM - Ken Thompson: Great news! Did Siam Orchid approve the budget for the last four?
5/21/26, 9:22 PM - Chai: Yes, board approved this afternoon. We finish by end of July.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('somchai-wongsakul'), J('lotus-rollout'), C('siam-orchid')],
    allow: [P('ken-thompson')],
    date: '2026-05-21',
  },
  {
    id: 'b9s04-telegram-json-russian',
    kind: 'session',
    upload: {
      filename: 'result.json',
      content: JSON.stringify(
        {
          name: 'Ольга Смирнова',
          type: 'personal_chat',
          id: 5123456789,
          messages: [
            { id: 101, type: 'message', date: '2026-05-24T10:02:11', date_unixtime: String(epoch('2026-05-24T07:02:11Z')), from: 'Ольга Смирнова', from_id: 'user5123456789', text: 'Ken, добрый день! Отправила техническое задание по складу в Подольске.', text_entities: [] },
            { id: 102, type: 'message', date: '2026-05-24T10:05:40', date_unixtime: String(epoch('2026-05-24T07:05:40Z')), from: 'Ken Thompson', from_id: 'user100200300', text: 'Thank you Olga! I will forward it to the robot vendors today.', text_entities: [] },
            { id: 103, type: 'message', date: '2026-05-24T10:07:02', date_unixtime: String(epoch('2026-05-24T07:07:02Z')), from: 'Ольга Смирнова', from_id: 'user5123456789', text: 'Спасибо. Руководство Север Логистик решило запустить тендер 1 июня.', text_entities: [] },
          ],
        },
        null,
        1,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('olga-smirnova'), C('sever')],
    allow: [P('ken-thompson')],
    date: '2026-05-24',
  },
  {
    id: 'b9s05-discord-three-days',
    kind: 'session',
    upload: {
      filename: 'Mekong Textiles - silk-thread [1188].json',
      content: JSON.stringify(
        {
          guild: { id: '1180000000000000000', name: 'Mekong Textiles IT' },
          channel: { id: '1188000000000000000', type: 'GuildTextChat', category: 'Projects', name: 'silk-thread', topic: 'Silk Thread ERP rollout' },
          dateRange: { after: null, before: null },
          messages: [
            { id: '1', type: 'Default', timestamp: '2026-06-05T09:12:00.000+07:00', content: 'Chào mọi người, phân hệ kho của Silk Thread đã chuyển đổi xong 80% dữ liệu.', author: { id: '11', name: 'lan.nguyen', nickname: 'Chị Lan' } },
            { id: '2', type: 'Default', timestamp: '2026-06-05T09:40:00.000+07:00', content: 'Still 1,200 SKUs with broken units of measure, fixing them this weekend.', author: { id: '12', name: 'minh.dev', nickname: 'Minh' } },
            { id: '3', type: 'Default', timestamp: '2026-06-07T16:02:00.000+07:00', content: 'All SKUs fixed. Warehouse module test run passed.', author: { id: '12', name: 'minh.dev', nickname: 'Minh' } },
            { id: '4', type: 'Default', timestamp: '2026-06-07T16:30:00.000+07:00', content: 'Tuyệt vời. Quyết định: giữ ngày chuyển đổi 1/8 cho toàn Dệt May Mê Kông.', author: { id: '11', name: 'lan.nguyen', nickname: 'Chị Lan' } },
          ],
          messageCount: 4,
        },
        null,
        2,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [J('silk-thread'), C('mekong'), P('nguyen-thi-lan')],
    allow: ['people/'],
    date: '2026-06-05',
  },
  {
    id: 'b9s06-teams-georgian-english',
    kind: 'session',
    upload: {
      filename: 'Teams chat - Nino Beridze.txt',
      content: `[6/8/2026 10:02 AM] Nino Beridze:
გამარჯობა Ken! The Japanese importer asked for a 2% lower price.

[6/8/2026 10:05 AM] Ken Thompson:
What does Kartli Wine want to do?

[6/8/2026 10:11 AM] Nino Beridze:
ვფიქრობ, 9 ევრო დავტოვოთ, მაგრამ მიწოდება უფასოდ შევთავაზოთ Poti-მდე.

[6/8/2026 10:14 AM] Ken Thompson:
Agreed. Keep 9 EUR and offer free delivery to Poti.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('nino-beridze'), C('kartli')],
    allow: [P('ken-thompson')],
    date: '2026-06-08',
  },
  {
    id: 'b9s07-signal-persian-english',
    kind: 'session',
    upload: {
      filename: 'signal-chat-dariush.md',
      content: `# Dariush Karimi

[2026-06-10 22:15] Dariush Karimi: سلام Ken، نسخه جدید نرم‌افزار پایش را نصب کردیم.
[2026-06-10 22:16] Dariush Karimi: Disconnects dropped from 12% to 2% on the Sunbeam test units.
[2026-06-10 22:30] Ken Thompson: Excellent. Is Pars Solar ready for the field test then?
[2026-06-10 22:34] Dariush Karimi: بله، ۱۰ دستگاه هفته آینده به سایت یزد ارسال می‌شود.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('dariush-karimi'), J('sunbeam'), C('pars-solar')],
    allow: [P('ken-thompson')],
    date: '2026-06-10',
  },
  {
    id: 'b9s08-chatgpt-export-greek',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Email για καθυστέρηση Αλκυόνη',
          create_time: epoch('2026-06-11T09:00:00Z'),
          update_time: epoch('2026-06-11T09:12:00Z'),
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['u1'] },
            u1: {
              id: 'u1',
              message: { id: 'u1', author: { role: 'user' }, create_time: epoch('2026-06-11T09:00:00Z'), content: { content_type: 'text', parts: ['Γράψε ένα σύντομο email στον Νίκο Παπαδόπουλο: οι τερματικοί σταθμοί για την Αλκυόνη θα καθυστερήσουν δύο εβδομάδες λόγω τελωνείου.'] } },
              parent: 'root',
              children: ['a1'],
            },
            a1: {
              id: 'a1',
              message: { id: 'a1', author: { role: 'assistant' }, create_time: epoch('2026-06-11T09:00:30Z'), content: { content_type: 'text', parts: ['Αγαπητέ Νίκο,\n\nσας ενημερώνω ότι η παράδοση των τερματικών σταθμών για το έργο Αλκυόνη θα καθυστερήσει περίπου δύο εβδομάδες λόγω τελωνειακού ελέγχου. Η εγκατάσταση στα πρώτα 6 πλοία μετατίθεται για τα τέλη Ιουνίου.\n\nΜε εκτίμηση'] } },
              parent: 'u1',
              children: ['u2'],
            },
            u2: {
              id: 'u2',
              message: { id: 'u2', author: { role: 'user' }, create_time: epoch('2026-06-11T09:12:00Z'), content: { content_type: 'text', parts: ['Τέλειο, το στέλνω έτσι.'] } },
              parent: 'a1',
              children: [],
            },
          },
          current_node: 'u2',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('nikos-papadopoulos'), J('halcyon')],
    date: '2026-06-11',
  },
  {
    id: 'b9s09-claude-export-japanese',
    kind: 'session',
    upload: {
      filename: 'claude-conversations.json',
      content: JSON.stringify([
        {
          uuid: '9d2f7a1e-3b4c-4e5f-8a9b-0c1d2e3f4a5b',
          name: '田中さんへの返信',
          created_at: '2026-06-12T01:30:00.000000Z',
          updated_at: '2026-06-12T01:41:00.000000Z',
          chat_messages: [
            { uuid: 'q1', sender: 'human', created_at: '2026-06-12T01:30:00.000000Z', text: 'クモ・ロボティクスの田中さんに返信を書いてください。KR-7を4台、見積どおり発注します。納期は8月末でお願いしたい、と。', content: [{ type: 'text', text: 'クモ・ロボティクスの田中さんに返信を書いてください。KR-7を4台、見積どおり発注します。納期は8月末でお願いしたい、と。' }] },
            { uuid: 'q2', sender: 'assistant', created_at: '2026-06-12T01:30:40.000000Z', text: '田中様\n\nいつもお世話になっております。お見積りいただいたKR-7を4台、見積書の条件どおり発注いたします。納期は8月末でお願いできますでしょうか。\n\nよろしくお願いいたします。', content: [{ type: 'text', text: '田中様\n\nいつもお世話になっております。お見積りいただいたKR-7を4台、見積書の条件どおり発注いたします。納期は8月末でお願いできますでしょうか。\n\nよろしくお願いいたします。' }] },
            { uuid: 'q3', sender: 'human', created_at: '2026-06-12T01:41:00.000000Z', text: 'ありがとう。これで送ります。', content: [{ type: 'text', text: 'ありがとう。これで送ります。' }] },
          ],
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('tanaka-hiroshi'), C('kumo')],
    date: '2026-06-12',
  },
  {
    id: 'b9s10-telegram-group-nothing-in-brain',
    kind: 'session',
    upload: {
      filename: 'result (1).json',
      content: JSON.stringify(
        {
          name: 'Походы по Карелии 🏕',
          type: 'private_group',
          id: 4400112233,
          messages: [
            { id: 1, type: 'message', date: '2026-06-13T19:20:00', date_unixtime: String(epoch('2026-06-13T16:20:00Z')), from: 'Дима', from_id: 'user1', text: 'Кто едет в субботу на Ладогу? Нужно решить с палатками.', text_entities: [] },
            { id: 2, type: 'message', date: '2026-06-13T19:24:00', date_unixtime: String(epoch('2026-06-13T16:24:00Z')), from: 'Маша', from_id: 'user2', text: 'Я еду, беру две палатки и котелок.', text_entities: [] },
            { id: 3, type: 'message', date: '2026-06-13T19:31:00', date_unixtime: String(epoch('2026-06-13T16:31:00Z')), from: 'Дима', from_id: 'user1', text: 'Решили: выезжаем в 7 утра от Финляндского вокзала.', text_entities: [] },
          ],
        },
        null,
        1,
      ),
    },
    worth: false,
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'b9j01-greek-parcel-phishing',
    kind: 'junk',
    upload: {
      filename: 'ΕΛΤΑ ειδοποίηση.txt',
      content: `ΕΛΤΑ Courier – Ειδοποίηση παράδοσης

Αγαπητέ πελάτη,
Το δέμα σας με αριθμό GR-88412093 δεν μπόρεσε να παραδοθεί λόγω ελλιπούς διεύθυνσης.
Για να προγραμματίσετε νέα παράδοση, πληρώστε τα τέλη επαναποστολής 1,99 € εντός 24 ωρών:
http://elta-redelivery.example/gr/pay

Μετά τη λήξη της προθεσμίας το δέμα θα επιστραφεί στον αποστολέα.
`,
    },
    worth: false,
  },
  {
    id: 'b9j02-vietnamese-bank-phishing',
    kind: 'junk',
    upload: {
      filename: 'thong-bao.txt',
      content: `[Vietcombank] THÔNG BÁO KHẨN

Kính gửi Quý khách,
Tài khoản của Quý khách đã bị tạm khóa do phát hiện đăng nhập bất thường.
Vui lòng xác minh thông tin trong vòng 12 giờ tại: http://vcb-xacminh.example/login
Nếu không xác minh, tài khoản sẽ bị khóa vĩnh viễn.

Trân trọng,
Bộ phận Chăm sóc Khách hàng
`,
    },
    worth: false,
  },
  {
    id: 'b9j03-newsletter-names-fjordpay',
    kind: 'junk',
    upload: {
      filename: 'Nordic Fintech Weekly 87.txt',
      content: `From: Nordic Fintech Weekly <hello@nordicfintech.example>
Subject: #87 — Fjordpay expands, Swedish BNPL rules, and more

View in browser

This week in Nordic fintech
• Fjordpay says it onboarded 140 merchants in May and eyes Denmark.
• Sweden's regulator publishes draft rules for buy-now-pay-later.
• Three Finnish neobanks merge.

Sponsored: Meet the region's top payment founders at Slush.

You are receiving this because you signed up at nordicfintech.example. Unsubscribe · Manage preferences
`,
    },
    worth: false,
  },
  {
    id: 'b9j04-russian-calendar-spam-ics',
    kind: 'junk',
    upload: {
      filename: 'invite (2).ics',
      content: ics([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260616T090000Z',
        'DTEND:20260616T100000Z',
        'DTSTAMP:20260614T231500Z',
        'ORGANIZER;CN=Бесплатный SEO аудит:mailto:promo7731@seo-top.example',
        'ATTENDEE;PARTSTAT=NEEDS-ACTION;CN=ken@ourfund.vc:mailto:ken@ourfund.vc',
        'UID:spam-4412@seo-top.example',
        'SUMMARY:🔥 Выведем ваш сайт в ТОП-10 Яндекса за 14 дней! Скидка 70%',
        'DESCRIPTION:Только сегодня! Бесплатный аудит сайта и гарантия результата. Пишите в Telegram @seo_top_promo или переходите по ссылке http://seo-top.example/promo',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    },
    worth: false,
  },
  {
    id: 'b9j05-bounce-quoting-message',
    kind: 'junk',
    upload: {
      filename: 'Undeliverable.txt',
      content: `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ken@ourfund.vc
Subject: Delivery Status Notification (Failure)

** Address not found **

Your message wasn't delivered to d.karimi@parssolar.co because the domain parssolar.co couldn't be found. Check for typos or unnecessary spaces and try again.

The response was:
DNS Error: DNS type 'mx' lookup of parssolar.co responded with code NXDOMAIN

----- Original message -----
From: Ken Thompson <ken@ourfund.vc>
To: d.karimi@parssolar.co
Subject: Sunbeam test report
Date: Tue, 19 May 2026 10:02:00 +0200

Hi Dariush, could you send me the Sunbeam thermal test report? Thanks, Ken
`,
    },
    worth: false,
  },
  {
    id: 'b9j06-persian-crypto-scam',
    kind: 'junk',
    upload: {
      filename: 'فرصت طلایی.txt',
      content: `🚀 فرصت طلایی سرمایه‌گذاری 🚀

با سرمایه‌گذاری فقط ۱۰۰ دلار در ربات معاملاتی ما، روزانه ۸٪ سود تضمینی دریافت کنید!
Guaranteed 8% daily profit with our AI trading bot. Limited places!

همین حالا در کانال تلگرام ما عضو شوید: t.me/golden_profit_bot
برداشت فوری • بدون ریسک • پشتیبانی ۲۴ ساعته
`,
    },
    worth: false,
  },
  {
    id: 'b9j07-near-empty',
    kind: 'junk',
    upload: { filename: 'Untitled 3.txt', content: '\n  \n.\n\n' },
    worth: false,
  },
];
