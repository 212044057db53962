// The eleventh filing set, a development set (written by the engineer who then changed the filer, from
// the description of the weak spots only and before changing it; its first run is dev11-first-run.txt).
// Inboxes of people in sixteen locales outside the languages the filer was built on: meeting minutes,
// invitations and transcripts, letters, contracts, quotes and invoices under letterheads, chat exports of
// the messaging apps those people use (WhatsApp in Spanish and Arabic, LINE in Thai, KakaoTalk, WeChat,
// Telegram JSON, Viber CSV), and junk. Dates are written as people there write them: their month names
// (Thai, Persian, Vietnamese, Indonesian, Swahili, Ukrainian, Greek, Czech, Hebrew, Hindi, Turkish,
// Amharic), their digits (Thai, Persian, Arabic-Indic, Devanagari, Bengali, full-width), their calendars
// and eras (Buddhist, Solar Hijri, Umm al-Qura Hijri, Japanese Reiwa, Minguo, Ethiopian) and word order
// (year first in Korean, Hungarian-like orders, month-day-year). Names in their own scripts, with Latin
// aliases on the seed pages as a contacts app would keep them. Its own seed pages.
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const DEV11_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'somchai-wongsakul', 'สมชาย วงศ์สกุล', { email: 'somchai@siamcold.co.th', company: '"[[companies/siam-cold]]"', aliases: '[Somchai Wongsakul]' }, 'Operations manager at Siam Cold Chain.'),
  page('companies', 'company', 'siam-cold', 'Siam Cold Chain', { domain: 'siamcold.co.th', aliases: '[สยามโคลด์เชน]' }, 'Thai cold-storage operator; customer.'),
  page('people', 'person', 'reza-ahmadi', 'رضا احمدی', { email: 'r.ahmadi@parstextile.ir', company: '"[[companies/pars-textile]]"', aliases: '[Reza Ahmadi]' }, 'Plant manager at Pars Textile.'),
  page('companies', 'company', 'pars-textile', 'Pars Textile', { domain: 'parstextile.ir', aliases: '[پارس نساج]' }, 'Iranian textile mill; customer.'),
  page('people', 'person', 'kenji-yamamoto', '山本健二', { email: 'yamamoto@hoshizora-denki.co.jp', company: '"[[companies/hoshizora]]"', aliases: '[Kenji Yamamoto]' }, 'Sales manager at Hoshizora Denki.'),
  page('companies', 'company', 'hoshizora', 'Hoshizora Denki', { domain: 'hoshizora-denki.co.jp', aliases: '[星空電機]' }, 'Japanese sensor maker; supplier.'),
  page('people', 'person', 'faisal-alotaibi', 'فيصل العتيبي', { email: 'faisal@rimal.com.sa', company: '"[[companies/rimal]]"', aliases: '[Faisal Al-Otaibi]' }, 'Project director at Rimal Construction.'),
  page('companies', 'company', 'rimal', 'Rimal Construction', { domain: 'rimal.com.sa', aliases: '[شركة رمال للمقاولات, رمال]' }, 'Saudi contractor; customer.'),
  page('people', 'person', 'noa-levi', 'נועה לוי', { email: 'noa@galiltech.co.il', company: '"[[companies/galil-tech]]"', aliases: '[Noa Levi]' }, 'CTO of Galil Tech.'),
  page('companies', 'company', 'galil-tech', 'Galil Tech', { domain: 'galiltech.co.il', aliases: '[גליל טק]' }, 'Israeli IoT start-up; partner.'),
  page('people', 'person', 'priya-sharma', 'प्रिया शर्मा', { email: 'priya@gangaagro.in', company: '"[[companies/ganga-agro]]"', aliases: '[Priya Sharma]' }, 'Head of procurement at Ganga Agro.'),
  page('companies', 'company', 'ganga-agro', 'Ganga Agro', { domain: 'gangaagro.in', aliases: '[गंगा एग्रो]' }, 'Indian food processor; customer.'),
  page('people', 'person', 'nguyen-van-an', 'Nguyễn Văn An', { email: 'an.nguyen@mekongfoods.vn', company: '"[[companies/mekong-foods]]"' }, 'Logistics lead at Mekong Foods.'),
  page('companies', 'company', 'mekong-foods', 'Mekong Foods', { domain: 'mekongfoods.vn' }, 'Vietnamese seafood exporter; customer.'),
  page('people', 'person', 'budi-santoso', 'Budi Santoso', { email: 'budi@nusantara-log.co.id', company: '"[[companies/nusantara]]"' }, 'Director of Nusantara Logistik.'),
  page('companies', 'company', 'nusantara', 'Nusantara Logistik', { domain: 'nusantara-log.co.id', aliases: '[PT Nusantara Logistik]' }, 'Indonesian freight forwarder; partner.'),
  page('people', 'person', 'amina-wanjiru', 'Amina Wanjiru', { email: 'amina@savannapay.co.ke', company: '"[[companies/savanna-pay]]"' }, 'COO of Savanna Pay.'),
  page('companies', 'company', 'savanna-pay', 'Savanna Pay', { domain: 'savannapay.co.ke' }, 'Kenyan mobile payments company; partner.'),
  page('people', 'person', 'olena-kovalenko', 'Олена Коваленко', { email: 'o.kovalenko@dniprosoft.ua', company: '"[[companies/dnipro-soft]]"', aliases: '[Olena Kovalenko]' }, 'Delivery manager at Dnipro Soft.'),
  page('companies', 'company', 'dnipro-soft', 'Dnipro Soft', { domain: 'dniprosoft.ua', aliases: '[Дніпро Софт]' }, 'Ukrainian software house; supplier.'),
  page('people', 'person', 'kim-minjun', '김민준', { email: 'minjun.kim@hanbit-semi.kr', company: '"[[companies/hanbit]]"', aliases: '[Kim Min-jun]' }, 'Purchasing manager at Hanbit Semicon.'),
  page('companies', 'company', 'hanbit', 'Hanbit Semicon', { domain: 'hanbit-semi.kr', aliases: '[한빛반도체]' }, 'Korean chip packager; customer.'),
  page('people', 'person', 'chen-yating', '陳雅婷', { email: 'yating.chen@formosa-optics.com.tw', company: '"[[companies/formosa-optics]]"', aliases: '[Chen Ya-ting, 陈雅婷]' }, 'Account manager at Formosa Optics.'),
  page('companies', 'company', 'formosa-optics', 'Formosa Optics', { domain: 'formosa-optics.com.tw', aliases: '[福爾摩沙光學]' }, 'Taiwanese lens maker; supplier.'),
  page('people', 'person', 'valentina-herrera', 'Valentina Herrera', { email: 'vherrera@andesminera.cl', company: '"[[companies/andes-minera]]"' }, 'Maintenance lead at Andes Minera.'),
  page('companies', 'company', 'andes-minera', 'Andes Minera', { domain: 'andesminera.cl' }, 'Chilean mining company; customer.'),
  page('people', 'person', 'mehmet-yilmaz', 'Mehmet Yılmaz', { email: 'mehmet.yilmaz@anadoluenerji.com.tr', company: '"[[companies/anadolu-enerji]]"' }, 'Energy manager at Anadolu Enerji.'),
  page('companies', 'company', 'anadolu-enerji', 'Anadolu Enerji', { domain: 'anadoluenerji.com.tr' }, 'Turkish utility; customer.'),
  page('people', 'person', 'eleni-papadopoulou', 'Ελένη Παπαδοπούλου', { email: 'eleni@aegeanreefer.gr', company: '"[[companies/aegean-reefer]]"', aliases: '[Eleni Papadopoulou]' }, 'Fleet manager at Aegean Reefer.'),
  page('companies', 'company', 'aegean-reefer', 'Aegean Reefer Lines', { domain: 'aegeanreefer.gr', aliases: '[Aegean Reefer]' }, 'Greek refrigerated shipping line; customer.'),
  page('people', 'person', 'abebe-kebede', 'አበበ ከበደ', { email: 'abebe@abaycoffee.et', company: '"[[companies/abay-coffee]]"', aliases: '[Abebe Kebede]' }, 'General manager of Abay Coffee.'),
  page('companies', 'company', 'abay-coffee', 'Abay Coffee', { domain: 'abaycoffee.et', aliases: '[አባይ ቡና]' }, 'Ethiopian coffee exporter; customer.'),
  page('people', 'person', 'rahim-chowdhury', 'রহিম চৌধুরী', { email: 'rahim@padmaknit.com.bd', company: '"[[companies/padma-knit]]"', aliases: '[Rahim Chowdhury]' }, 'Owner of Padma Knitwear.'),
  page('companies', 'company', 'padma-knit', 'Padma Knitwear', { domain: 'padmaknit.com.bd', aliases: '[পদ্মা নিটওয়্যার]' }, 'Bangladeshi garment factory; customer.'),
  page('people', 'person', 'petr-novak', 'Petr Novák', { email: 'novak@vltava-chlazeni.cz', company: '"[[companies/vltava]]"' }, 'Sales director at Vltava Chlazení.'),
  page('companies', 'company', 'vltava', 'Vltava Chlazení', { domain: 'vltava-chlazeni.cz', aliases: '[Vltava]' }, 'Czech refrigeration maker; supplier.'),
  page('projects', 'project', 'monsoon', 'Project Monsoon', { aliases: '[Monsoon]', status: 'active' }, 'Cold-chain temperature sensors for warehouses and reefers.'),
];

export const DEV11_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings
  {
    // Thai minutes: Buddhist-era year and Thai digits in the date line.
    id: 'd11-m01-thai-minutes-buddhist',
    kind: 'meeting',
    upload: {
      filename: 'รายงานการประชุม Siam Cold.txt',
      content: `รายงานการประชุม โครงการ Project Monsoon
วันพฤหัสบดีที่ ๑๒ มีนาคม ๒๕๖๙ เวลา ๑๔.๐๐ น.
ณ ห้องประชุม ๓ สยามโคลด์เชน

ผู้เข้าร่วมประชุม
1. สมชาย วงศ์สกุล (Siam Cold Chain)
2. ทีมงานของเรา

สรุปการประชุม
- Siam Cold Chain จะติดตั้งเซนเซอร์วัดอุณหภูมิ 120 จุดในคลังสินค้าบางนา
- มติที่ประชุม: เริ่มทดสอบระบบวันที่ 1 เมษายน
- สมชาย จะส่งแผนผังคลังสินค้าภายในสัปดาห์หน้า
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('somchai-wongsakul'), C('siam-cold'), J('monsoon')],
    date: '2026-03-12',
  },
  {
    // Persian minutes: Solar Hijri date in Persian digits, year first.
    id: 'd11-m02-persian-minutes-solar-hijri',
    kind: 'meeting',
    upload: {
      filename: 'صورتجلسه پارس نساج.txt',
      content: `صورتجلسه جلسه هماهنگی
تاریخ: ۱۴۰۵/۰۱/۲۵
حاضرین: رضا احمدی (پارس نساج)، تیم فروش ما

موضوع: پایش دمای انبار رنگ در پروژه Project Monsoon

- رضا احمدی گفت که انبار شماره ۲ در تابستان به ۴۰ درجه می‌رسد.
- تصمیم: ۳۰ سنسور در انبار رنگ نصب می‌شود.
- اقدام: رضا احمدی تا پایان ماه نقشه انبار را می‌فرستد.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('reza-ahmadi'), C('pars-textile'), J('monsoon')],
    date: '2026-04-14',
  },
  {
    // Japanese minutes dated in the Reiwa era.
    id: 'd11-m03-japanese-minutes-reiwa',
    kind: 'meeting',
    upload: {
      filename: '議事録_星空電機.txt',
      content: `議事録

件名：温度センサー供給に関する打合せ
日時：令和8年4月7日（火）10:00～11:00
場所：星空電機 本社会議室
出席者：山本健二（星空電機）、当社購買部

1. 星空電機は Project Monsoon 向けに温度センサー 5,000 個を供給する。
2. 単価は 1,850 円で合意した。
3. 山本さんが 5 月末までに納期回答を送付する。
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kenji-yamamoto'), C('hoshizora'), J('monsoon')],
    date: '2026-04-07',
  },
  {
    // Korean minutes: year-first date with 년/월/일 and the weekday in brackets.
    id: 'd11-m04-korean-minutes',
    kind: 'meeting',
    upload: {
      filename: '회의록_한빛반도체.txt',
      content: `회의록

일시: 2026년 5월 6일(수) 오후 3시
장소: 한빛반도체 판교 사무소
참석자: 김민준 (한빛반도체 구매팀), 당사 영업팀

논의 내용
- 한빛반도체는 클린룸 온도 모니터링에 Project Monsoon 센서 200개를 검토 중이다.
- 결정: 6월에 2주간 시범 운영을 한다.
- 김민준 과장이 견적 요청서를 다음 주까지 보낸다.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kim-minjun'), C('hanbit'), J('monsoon')],
    date: '2026-05-06',
  },
  {
    // A Hebrew meeting summary: day and month name with the prefix ב, Gregorian year.
    id: 'd11-m05-hebrew-summary',
    kind: 'meeting',
    upload: {
      filename: 'סיכום פגישה גליל טק.txt',
      content: `סיכום פגישה עם גליל טק
יום שני, 18 במאי 2026
משתתפים: נועה לוי (גליל טק), אנחנו

- נועה לוי הציגה את שער ה-LoRa החדש של גליל טק.
- סוכם: נשלב את השער בפרויקט Project Monsoon כבר ברבעון השלישי.
- משימה: נועה תשלח מפרט טכני עד סוף השבוע.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('noa-levi'), C('galil-tech'), J('monsoon')],
    date: '2026-05-18',
  },
  {
    // Vietnamese minutes: "ngày 20 tháng 5 năm 2026".
    id: 'd11-m06-vietnamese-minutes',
    kind: 'meeting',
    upload: {
      filename: 'Bien ban hop Mekong Foods.txt',
      content: `BIÊN BẢN HỌP

Thời gian: 9 giờ 00, ngày 20 tháng 5 năm 2026
Địa điểm: Văn phòng Mekong Foods, Cần Thơ
Thành phần: ông Nguyễn Văn An (Mekong Foods), đại diện công ty chúng tôi

Nội dung:
1. Mekong Foods cần theo dõi nhiệt độ cho 40 container lạnh xuất khẩu tôm.
2. Hai bên thống nhất triển khai Project Monsoon trên 10 container trước.
3. Ông Nguyễn Văn An sẽ gửi lịch tàu tháng 6 trước ngày 27/5.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('nguyen-van-an'), C('mekong-foods'), J('monsoon')],
    date: '2026-05-20',
  },
  {
    // A Ukrainian transcript with the date in the genitive month and "р.".
    id: 'd11-m07-ukrainian-transcript',
    kind: 'meeting',
    upload: {
      filename: 'Стенограма дзвінка Дніпро Софт.txt',
      content: `Дзвінок з Дніпро Софт — 3 червня 2026 р.

[00:00] Олена Коваленко: Добрий день. Ми завершили мобільний застосунок для Project Monsoon.
[00:35] Ми: Чудово. Коли буде тестова збірка?
[01:10] Олена Коваленко: Тестову збірку надішлемо в п'ятницю, реліз плануємо на 1 липня.
[02:05] Ми: Домовились. Рахунок за другий етап виставляйте після приймання.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('olena-kovalenko'), C('dnipro-soft'), J('monsoon')],
    date: '2026-06-03',
  },
  {
    // Swahili minutes from Nairobi: "Tarehe: 10 Juni 2026".
    id: 'd11-m08-swahili-minutes',
    kind: 'meeting',
    upload: {
      filename: 'Kumbukumbu za mkutano Savanna Pay.txt',
      content: `KUMBUKUMBU ZA MKUTANO
Tarehe: 10 Juni 2026
Mahali: Ofisi za Savanna Pay, Westlands, Nairobi
Waliohudhuria: Amina Wanjiru (Savanna Pay), timu yetu

1. Savanna Pay itatoa malipo ya M-Pesa kwa wateja wa Project Monsoon nchini Kenya.
2. Uamuzi: ada ya huduma itakuwa asilimia 1.2 kwa kila muamala.
3. Amina Wanjiru atatuma rasimu ya mkataba kabla ya tarehe 20 Juni.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('amina-wanjiru'), C('savanna-pay'), J('monsoon')],
    date: '2026-06-10',
  },
  {
    // An Indonesian invitation pasted from a calendar: day name, month name, "pukul" and WIB.
    id: 'd11-m09-indonesian-invitation',
    kind: 'meeting',
    upload: {
      filename: 'Undangan rapat Nusantara Logistik.txt',
      content: `Undangan: Rapat koordinasi Project Monsoon dengan Nusantara Logistik
Kamis, 11 Juni 2026 pukul 10.00–11.30 WIB
Tempat: Google Meet (meet.google.com/xmd-pqra-kte)

Peserta:
- Budi Santoso <budi@nusantara-log.co.id>
- tim kami

Agenda:
1. Jadwal pengiriman 25 kontainer berpendingin ke Surabaya
2. Pemasangan sensor suhu di gudang Cikarang
3. Keputusan soal biaya bea cukai
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('budi-santoso'), C('nusantara'), J('monsoon')],
    date: '2026-06-11',
  },
  {
    // Hindi minutes: Devanagari digits and a Hindi month name.
    id: 'd11-m10-hindi-minutes-devanagari',
    kind: 'meeting',
    upload: {
      filename: 'बैठक कार्यवृत्त गंगा एग्रो.txt',
      content: `बैठक का कार्यवृत्त
दिनांक: १५ जून २०२६
स्थान: गंगा एग्रो, कानपुर
उपस्थित: प्रिया शर्मा (गंगा एग्रो), हमारी टीम

१. गंगा एग्रो अपने तीन कोल्ड स्टोरेज में Project Monsoon के सेंसर लगाएगा।
२. निर्णय: पहला चरण जुलाई में लखनऊ गोदाम से शुरू होगा।
३. प्रिया शर्मा खरीद आदेश अगले सप्ताह भेजेंगी।
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('priya-sharma'), C('ganga-agro'), J('monsoon')],
    date: '2026-06-15',
  },
  {
    // Turkish minutes: "17 Haziran 2026 Çarşamba".
    id: 'd11-m11-turkish-minutes',
    kind: 'meeting',
    upload: {
      filename: 'Toplantı tutanağı Anadolu Enerji.txt',
      content: `Toplantı Tutanağı – Anadolu Enerji
17 Haziran 2026 Çarşamba, 14:00
Katılımcılar: Mehmet Yılmaz (Anadolu Enerji), ekibimiz

Gündem ve kararlar
- Anadolu Enerji trafo merkezlerinde sıcaklık izlemek için Project Monsoon sensörlerini deneyecek.
- Karar: Konya'daki iki trafo merkezinde pilot yapılacak.
- Mehmet Yılmaz saha izinlerini ay sonuna kadar alacak.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('mehmet-yilmaz'), C('anadolu-enerji'), J('monsoon')],
    date: '2026-06-17',
  },
  {
    // Saudi minutes dated only in the Umm al-Qura Hijri calendar with Arabic-Indic digits.
    id: 'd11-m12-arabic-minutes-hijri',
    kind: 'meeting',
    upload: {
      filename: 'محضر اجتماع رمال.txt',
      content: `محضر اجتماع

التاريخ: الأحد ٧ ذو الحجة ١٤٤٧هـ
المكان: مقر شركة رمال للمقاولات، الرياض
الحضور: المهندس فيصل العتيبي (شركة رمال للمقاولات)، فريقنا

ما تم الاتفاق عليه:
١. تركيب حساسات Project Monsoon في مستودعات الأدوية بمشروع رمال في الرياض.
٢. تقرر البدء في المرحلة الأولى بعد إجازة العيد.
٣. يرسل فيصل العتيبي المخططات المعتمدة خلال أسبوعين.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('faisal-alotaibi'), C('rimal'), J('monsoon')],
    date: '2026-05-24',
  },
  // ---------------------------------------------------------------- documents
  {
    // A Taiwanese quotation under a letterhead, dated in the Minguo (ROC) era.
    id: 'd11-d01-taiwan-quote-minguo',
    kind: 'document',
    upload: {
      filename: '報價單_福爾摩沙光學.txt',
      content: `福爾摩沙光學股份有限公司
新竹市東區光復路二段101號　電話：(03) 555-1234　統一編號：24681357

報　價　單

日期：中華民國115年3月20日
客戶：Project Monsoon 採購小組

品名：紅外線測溫鏡片 IR-40
數量：2,000 片
單價：新台幣 320 元
報價有效期限：115年4月30日

業務聯絡人：陳雅婷
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('chen-yating'), C('formosa-optics'), J('monsoon')],
    date: '2026-03-20',
  },
  {
    // A Thai quotation: "วันที่ 2 เมษายน พ.ศ. 2569" under a company letterhead.
    id: 'd11-d02-thai-quotation',
    kind: 'document',
    upload: {
      filename: 'ใบเสนอราคา_สยามโคลด์เชน.txt',
      content: `บริษัท สยามโคลด์เชน จำกัด
เลขที่ 88 ถนนบางนา-ตราด แขวงบางนา เขตบางนา กรุงเทพฯ 10260
โทร. 02-123-4567  เลขประจำตัวผู้เสียภาษี 0105551234567

ใบเสนอราคา

วันที่ 2 เมษายน พ.ศ. 2569

เรื่อง ค่าบริการติดตั้งระบบ Project Monsoon ในคลังสินค้าบางนา

ค่าติดตั้งเซนเซอร์ 120 จุด รวม 360,000 บาท (ไม่รวมภาษีมูลค่าเพิ่ม)
ยืนราคา 30 วัน

ผู้เสนอราคา
สมชาย วงศ์สกุล
ผู้จัดการฝ่ายปฏิบัติการ
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('somchai-wongsakul'), C('siam-cold'), J('monsoon')],
    date: '2026-04-02',
  },
  {
    // A Persian contract: Solar Hijri date with a month name, Persian digits.
    id: 'd11-d03-persian-contract',
    kind: 'document',
    upload: {
      filename: 'قرارداد نصب سنسور.txt',
      content: `بسمه تعالی

قرارداد نصب و پشتیبانی سامانه پایش دما

تاریخ: ۱۰ اردیبهشت ۱۴۰۵
شماره: ۱۴۰۵/۲۳۷

ماده ۱ – طرفین قرارداد
این قرارداد بین شرکت پارس نساج به نمایندگی آقای رضا احمدی و شرکت ما منعقد می‌گردد.

ماده ۲ – موضوع قرارداد
نصب ۳۰ سنسور دما در انبار رنگ در چارچوب Project Monsoon و پشتیبانی به مدت یک سال.

ماده ۳ – مدت قرارداد
از ۱ خرداد ۱۴۰۵ تا ۳۱ اردیبهشت ۱۴۰۶.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('reza-ahmadi'), C('pars-textile'), J('monsoon')],
    date: '2026-04-30',
  },
  {
    // A Japanese letter with the Reiwa date in full-width digits, right-aligned above the addressee.
    id: 'd11-d04-japanese-letter-fullwidth',
    kind: 'document',
    upload: {
      filename: '納期回答書.txt',
      content: `　　　　　　　　　　　　　　　　　　　　　　　　令和８年５月２８日
お客様各位

　　　　　　　　　　　　　　　　　　　星空電機株式会社
　　　　　　　　　　　　　　　　　　　営業部　山本健二

納期回答書

拝啓　時下ますますご清栄のこととお慶び申し上げます。
Project Monsoon 向け温度センサー 5,000 個につきまして、下記のとおり納期をご回答申し上げます。

第一便 2,000 個：７月１０日出荷
第二便 3,000 個：８月２０日出荷

敬具
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('kenji-yamamoto'), C('hoshizora'), J('monsoon')],
    date: '2026-05-28',
  },
  {
    // An Ethiopian letter dated in the Ethiopian calendar (Ginbot 20, 2018 E.C.).
    id: 'd11-d05-ethiopian-letter',
    kind: 'document',
    upload: {
      filename: 'ደብዳቤ አባይ ቡና.txt',
      content: `አባይ ቡና ላኪ ኃ.የተ.የግ.ማ
ቦሌ ክፍለ ከተማ፣ አዲስ አበባ  ስልክ: +251 11 000 0000

ቀን: ግንቦት 20 ቀን 2018 ዓ.ም

ጉዳዩ: የማቀዝቀዣ መጋዘን የሙቀት ክትትል

አባይ ቡና በአዲስ አበባ ያለውን የቡና መጋዘን በ Project Monsoon ሴንሰሮች ለመከታተል ወስኗል። 50 ሴንሰሮች በሐምሌ ወር እንዲገጠሙ እንጠይቃለን።

ከሰላምታ ጋር
አበበ ከበደ
ዋና ሥራ አስኪያጅ
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('abebe-kebede'), C('abay-coffee'), J('monsoon')],
    date: '2026-05-28',
  },
  {
    // A Bangladeshi purchase order: Bengali digits, day-first slashes.
    id: 'd11-d06-bangla-purchase-order',
    kind: 'document',
    upload: {
      filename: 'ক্রয়াদেশ পদ্মা নিটওয়্যার.txt',
      content: `পদ্মা নিটওয়্যার লিমিটেড
প্লট ১২, আশুলিয়া, ঢাকা-১৩৪৯  ফোন: +৮৮০ ১৭১১ ০০০০০০

ক্রয়াদেশ নং: PK/২০২৬/০৪৫
তারিখ: ১২/০৬/২০২৬

বিষয়: Project Monsoon তাপমাত্রা সেন্সর ক্রয়

আমরা আমাদের রং ও রাসায়নিক গুদামের জন্য ৬০টি সেন্সর অর্ডার করছি। মূল্য পরিশোধ করা হবে ডেলিভারির ৩০ দিনের মধ্যে।

রহিম চৌধুরী
ব্যবস্থাপনা পরিচালক
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('rahim-chowdhury'), C('padma-knit'), J('monsoon')],
    date: '2026-06-12',
  },
  {
    // A Greek service agreement: "Αθήνα, 22 Ιουνίου 2026" (genitive month).
    id: 'd11-d07-greek-agreement',
    kind: 'document',
    upload: {
      filename: 'Σύμβαση Aegean Reefer.txt',
      content: `AEGEAN REEFER LINES Α.Ε.
Ακτή Μιαούλη 45, 185 36 Πειραιάς · ΑΦΜ 099999999

Αθήνα, 22 Ιουνίου 2026

ΣΥΜΒΑΣΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ ΠΑΡΑΚΟΛΟΥΘΗΣΗΣ ΘΕΡΜΟΚΡΑΣΙΑΣ

Η Aegean Reefer Lines αναθέτει την παρακολούθηση θερμοκρασίας 80 ψυγείων-εμπορευματοκιβωτίων στο πλαίσιο του Project Monsoon. Υπεύθυνη εκ μέρους της εταιρείας είναι η Ελένη Παπαδοπούλου.

Διάρκεια: από 1 Ιουλίου 2026 έως 30 Ιουνίου 2027.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('eleni-papadopoulou'), C('aegean-reefer'), J('monsoon')],
    date: '2026-06-22',
  },
  {
    // A Czech offer: "V Praze dne 8. července 2026" in the signature block at the end.
    id: 'd11-d08-czech-offer-signature-date',
    kind: 'document',
    upload: {
      filename: 'Nabídka Vltava Chlazení.txt',
      content: `Vltava Chlazení s.r.o., Na Florenci 15, 110 00 Praha 1, IČO 12345678

NABÍDKA č. 2026/118

Chladicí boxy pro Project Monsoon

Nabízíme dodávku 40 chladicích boxů s vestavěným čidlem teploty. Cena za kus činí 18 500 Kč bez DPH. Dodací lhůta je šest týdnů od objednávky, platnost nabídky do 31. srpna 2026.

V Praze dne 8. července 2026

Petr Novák
obchodní ředitel
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('petr-novak'), C('vltava'), J('monsoon')],
    date: '2026-07-08',
  },
  {
    // An Indonesian letter: place-and-date line, a number with a Roman month.
    id: 'd11-d09-indonesian-letter',
    kind: 'document',
    upload: {
      filename: 'Surat penawaran Nusantara.txt',
      content: `PT NUSANTARA LOGISTIK
Jl. Gatot Subroto Kav. 21, Jakarta Selatan 12930 · Telp. (021) 555-7788 · NPWP 01.234.567.8-901.000

Nomor   : 045/NL/VII/2026
Lampiran: 1 berkas
Perihal : Penawaran jasa pengiriman kontainer berpendingin

Jakarta, 14 Juli 2026

Dengan hormat,

Bersama surat ini kami menawarkan jasa pengiriman 25 kontainer berpendingin untuk Project Monsoon dari Jakarta ke Surabaya dengan tarif Rp 18.500.000 per kontainer.

Hormat kami,

Budi Santoso
Direktur
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('budi-santoso'), C('nusantara'), J('monsoon')],
    date: '2026-07-14',
  },
  {
    // A Ukrainian invoice: "Рахунок № 57 від 21 липня 2026 р.".
    id: 'd11-d10-ukrainian-invoice',
    kind: 'document',
    upload: {
      filename: 'Рахунок 57 Дніпро Софт.txt',
      content: `ТОВ «Дніпро Софт»
49000, м. Дніпро, вул. Січеславська Набережна, 15 · ЄДРПОУ 12345678

РАХУНОК № 57 від 21 липня 2026 р.

Послуга: розробка мобільного застосунку Project Monsoon, етап 2
Сума: 14 200 USD
Оплатити до 5 серпня 2026 р.

Відповідальна особа: Олена Коваленко
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('olena-kovalenko'), C('dnipro-soft'), J('monsoon')],
    date: '2026-07-21',
  },
  // ---------------------------------------------------------------- chat exports
  {
    // WhatsApp on a Chilean Android phone: "d/m/aa, h:mm p. m. - Name: text".
    id: 'd11-s01-whatsapp-android-chile',
    kind: 'session',
    upload: {
      filename: 'Chat de WhatsApp con Valentina Herrera.txt',
      content: `15/7/26, 9:02 p. m. - Los mensajes y las llamadas están cifrados de extremo a extremo. Nadie fuera de este chat, ni siquiera WhatsApp, puede leerlos ni escucharlos.
15/7/26, 9:02 p. m. - Valentina Herrera: Hola! Te cuento que Andes Minera aprobó el piloto de Project Monsoon en la bodega de explosivos de Calama
15/7/26, 9:04 p. m. - Valentina Herrera: Necesitamos 25 sensores con certificación ATEX
15/7/26, 9:10 p. m. - Yo: Perfecto, te mando la cotización mañana
15/7/26, 9:11 p. m. - Valentina Herrera: Dale. La instalación sería la primera semana de agosto
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('valentina-herrera'), C('andes-minera'), J('monsoon')],
    date: '2026-07-15',
  },
  {
    // WhatsApp on an Arabic iPhone: Arabic-Indic digits, Arabic comma, ص/م and direction marks.
    id: 'd11-s02-whatsapp-ios-arabic',
    kind: 'session',
    upload: {
      filename: 'محادثة واتساب مع فيصل العتيبي.txt',
      content: `[\u200f١٩\u200f/٧\u200f/٢٠٢٦، ١٠:١٥:٣٠ ص] فيصل العتيبي: السلام عليكم، اعتمدنا المخططات لمستودعات الأدوية في مشروع Project Monsoon
[\u200f١٩\u200f/٧\u200f/٢٠٢٦، ١٠:١٦:٠٢ ص] فيصل العتيبي: نحتاج ٤٠ حساس بدل ٣٠
[\u200f١٩\u200f/٧\u200f/٢٠٢٦، ١٠:٢٠:٤٤ ص] أنا: تمام، نعدل العرض ونرسله اليوم
[\u200f١٩\u200f/٧\u200f/٢٠٢٦، ١٠:٢١:١٠ ص] فيصل العتيبي: ممتاز، التركيب يبدأ ١ أغسطس إن شاء الله
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('faisal-alotaibi'), J('monsoon')],
    allow: [C('rimal')],
    date: '2026-07-19',
  },
  {
    // A LINE export from a Thai phone: Buddhist-era years, a Thai weekday abbreviation, tab-separated lines.
    id: 'd11-s03-line-thai',
    kind: 'session',
    upload: {
      filename: '[LINE] แชทกับ สมชาย วงศ์สกุล.txt',
      content: `[LINE] ประวัติการแชทกับ สมชาย วงศ์สกุล
วันที่บันทึก: 23/07/2569 18:40

พ. 22/07/2569
09:15\tสมชาย วงศ์สกุล\tทดสอบระบบ Project Monsoon ที่คลังบางนาผ่านแล้วครับ
09:16\tสมชาย วงศ์สกุล\tอุณหภูมิคลาดเคลื่อนไม่เกิน 0.3 องศา
09:30\tฉัน\tเยี่ยมครับ ตกลงเปิดใช้งานจริงวันที่ 1 สิงหาคม
09:31\tสมชาย วงศ์สกุล\tรับทราบครับ จะแจ้งทีมคลังให้
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('somchai-wongsakul'), J('monsoon')],
    allow: [C('siam-cold')],
    date: '2026-07-22',
  },
  {
    // A KakaoTalk PC export: day separator lines with 년/월/일 and 오전/오후 times.
    id: 'd11-s04-kakaotalk-pc',
    kind: 'session',
    upload: {
      filename: 'KakaoTalk_20260724_1020_13_김민준.txt',
      content: `김민준 님과 카카오톡 대화
저장한 날짜 : 2026-07-24 10:20:13

--------------- 2026년 7월 23일 목요일 ---------------
[김민준] [오후 2:05] 안녕하세요, 시범 운영 결과 보고서 잘 받았습니다
[김민준] [오후 2:06] 한빛반도체는 Project Monsoon 센서 200개 구매하기로 결정했습니다
[나] [오후 2:10] 감사합니다! 계약서는 내일 보내드리겠습니다
[김민준] [오후 2:11] 네, 납품은 9월 첫째 주로 부탁드립니다
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('kim-minjun'), C('hanbit'), J('monsoon')],
    date: '2026-07-23',
  },
  {
    // A WeChat history copied out by a desktop tool: "name  yyyy-mm-dd hh:mm:ss" above each message.
    id: 'd11-s05-wechat-copy',
    kind: 'session',
    upload: {
      filename: '微信聊天记录_陈雅婷.txt',
      content: `陈雅婷  2026-07-27 14:03:11
镜片样品已经寄出了，顺丰单号 SF1234567890

我  2026-07-27 14:05:40
收到，谢谢！Project Monsoon 的 IR-40 镜片我们决定先订 2000 片

陈雅婷  2026-07-27 14:07:02
好的，我今天把形式发票发给你，交期四周
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('chen-yating'), J('monsoon')],
    allow: [C('formosa-optics')],
    date: '2026-07-27',
  },
  {
    // A Telegram Desktop JSON export (result.json) of a Ukrainian chat.
    id: 'd11-s06-telegram-json-ukrainian',
    kind: 'session',
    upload: {
      filename: 'result.json',
      content: JSON.stringify(
        {
          name: 'Олена Коваленко',
          type: 'personal_chat',
          id: 5123456789,
          messages: [
            { id: 101, type: 'message', date: '2026-07-29T11:02:15', date_unixtime: '1785322935', from: 'Олена Коваленко', from_id: 'user5123456789', text: 'Реліз Project Monsoon 1.0 опубліковано в App Store і Google Play' },
            { id: 102, type: 'message', date: '2026-07-29T11:03:40', date_unixtime: '1785323020', from: 'Ми', from_id: 'user1000000001', text: 'Вітаю! Тоді закриваємо етап 2, рахунок оплатимо цього тижня' },
            { id: 103, type: 'message', date: '2026-07-29T11:05:12', date_unixtime: '1785323112', from: 'Олена Коваленко', from_id: 'user5123456789', text: [{ type: 'plain', text: 'Дякую! Наступний крок — офлайн-режим, оцінку надішлю до п\'ятниці' }] },
          ],
        },
        null,
        1,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('olena-kovalenko'), J('monsoon')],
    allow: [C('dnipro-soft')],
    date: '2026-07-29',
  },
  {
    // A Viber chat exported to CSV from a Vietnamese phone (day-first dates).
    id: 'd11-s07-viber-csv-vietnamese',
    kind: 'session',
    upload: {
      filename: 'Viber Nguyễn Văn An.csv',
      content: `Date,Time,Sender Name,Sender Phone Number,Message
30/07/2026,08:12:05,Nguyễn Văn An,+84901234567,"Anh ơi, 10 container đầu tiên đã lắp cảm biến Project Monsoon xong"
30/07/2026,08:13:40,Nguyễn Văn An,+84901234567,"Nhiệt độ ổn định ở -18 độ suốt chuyến đi Busan"
30/07/2026,08:20:11,Tôi,+84987654321,"Tốt quá. Mình chốt mở rộng lên 40 container từ tháng 9 nhé"
30/07/2026,08:21:30,Nguyễn Văn An,+84901234567,"Đồng ý, em sẽ báo Mekong Foods ký phụ lục hợp đồng"
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('nguyen-van-an'), C('mekong-foods'), J('monsoon')],
    date: '2026-07-30',
  },
  // ---------------------------------------------------------------- junk
  {
    // A Thai parcel scam.
    id: 'd11-j01-thai-parcel-scam',
    kind: 'junk',
    upload: {
      filename: 'แจ้งเตือนพัสดุ.eml',
      content: `From: Thailand Post <noreply@thpost-delivery.example>
To: info@ourcompany.example
Date: Mon, 20 Jul 2026 07:45:00 +0700
Subject: พัสดุของคุณถูกระงับ กรุณาชำระค่าธรรมเนียม

เรียน ลูกค้า

พัสดุของท่านไม่สามารถจัดส่งได้เนื่องจากที่อยู่ไม่ครบถ้วน กรุณาชำระค่าธรรมเนียม 35 บาท ภายใน 24 ชั่วโมง มิฉะนั้นพัสดุจะถูกส่งคืนผู้ส่ง

ชำระเงิน: http://thpost-delivery.example/pay
`,
    },
    worth: false,
  },
  {
    // An Indonesian prize scam.
    id: 'd11-j02-indonesian-prize',
    kind: 'junk',
    upload: {
      filename: 'Selamat pemenang.eml',
      content: `From: Undian Berhadiah Nasional <hadiah@undian-nasional.example>
To: kontak@ourcompany.example
Date: Tue, 21 Jul 2026 10:00:00 +0700
Subject: SELAMAT! Anda memenangkan hadiah Rp 150.000.000

Pelanggan yang terhormat,

Nomor Anda terpilih sebagai pemenang undian berhadiah senilai Rp 150.000.000. Untuk mencairkan hadiah, segera transfer biaya administrasi Rp 2.500.000 dan kirimkan foto KTP serta nomor rekening Anda dalam 2x24 jam.

Klaim sekarang: http://undian-nasional.example/klaim
`,
    },
    worth: false,
  },
  {
    // A Vietnamese bank phishing mail.
    id: 'd11-j03-vietnamese-bank-phishing',
    kind: 'junk',
    upload: {
      filename: 'Thong bao tai khoan.eml',
      content: `From: Ngân hàng Bảo mật <canhbao@vcb-baomat.example>
To: ketoan@ourcompany.example
Date: Wed, 22 Jul 2026 06:30:00 +0700
Subject: [Khẩn] Tài khoản của Quý khách sẽ bị khóa

Kính gửi Quý khách,

Tài khoản ngân hàng điện tử của Quý khách sẽ bị khóa trong vòng 24 giờ do chưa cập nhật thông tin sinh trắc học. Vui lòng đăng nhập và xác thực tên đăng nhập, mật khẩu và mã OTP tại đường dẫn dưới đây.

http://vcb-baomat.example/xac-thuc
`,
    },
    worth: false,
  },
  {
    // A Russian-language account threat.
    id: 'd11-j04-russian-account-blocked',
    kind: 'junk',
    upload: {
      filename: 'Ваш аккаунт заблокирован.eml',
      content: `From: Служба безопасности <security@mail-akkaunt.example>
To: office@ourcompany.example
Date: Thu, 23 Jul 2026 03:12:00 +0300
Subject: Ваш аккаунт будет заблокирован

Уважаемый пользователь!

Мы зафиксировали подозрительный вход в ваш аккаунт. Подтвердите логин и пароль в течение 12 часов, иначе аккаунт будет удалён без возможности восстановления.

Подтвердить: http://mail-akkaunt.example/verify
`,
    },
    worth: false,
  },
  {
    // A Hindi KYC scam.
    id: 'd11-j05-hindi-kyc-scam',
    kind: 'junk',
    upload: {
      filename: 'KYC अपडेट.eml',
      content: `From: बैंक ग्राहक सेवा <kyc@bank-update.example>
To: accounts@ourcompany.example
Date: Fri, 24 Jul 2026 09:00:00 +0530
Subject: तुरंत KYC अपडेट करें, वरना खाता बंद होगा

प्रिय ग्राहक,

आपका KYC अपडेट नहीं है। 24 घंटे के अंदर नीचे दिए लिंक पर अपना आधार नंबर, पैन कार्ड और OTP दर्ज करें, अन्यथा आपका खाता ब्लॉक कर दिया जाएगा।

http://bank-update.example/kyc
`,
    },
    worth: false,
  },
  {
    // An Arabic prize scam.
    id: 'd11-j06-arabic-prize',
    kind: 'junk',
    upload: {
      filename: 'مبروك.eml',
      content: `From: إدارة الجوائز <prize@jawaiz-khaleej.example>
To: info@ourcompany.example
Date: Sat, 25 Jul 2026 12:00:00 +0300
Subject: مبروك! لقد ربحت سيارة جديدة ومبلغ ٥٠٠٠٠ ريال

عزيزي العميل،

تم اختيار رقمك فائزاً في السحب الشهري. لاستلام الجائزة يرجى إرسال صورة الهوية ورقم الحساب البنكي ودفع رسوم الشحن خلال ٤٨ ساعة.

اضغط هنا: http://jawaiz-khaleej.example/claim
`,
    },
    worth: false,
  },
];
