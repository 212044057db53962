// A second, held-out evaluation set, written apart from world.ts/questions.ts and without looking
// at the engine: an Obsidian-style vault of a product company (Tessellate) with its teams,
// systems, partners abroad, meetings, decisions and long handbooks, in many languages and
// scripts. Pages are of real size (1–20 KB) and carry the usual vault conventions: folders,
// [[wiki links]] with aliases, path-suffix links and heading links, frontmatter aliases and tags.
// The questions come from the ground truth kept while generating, never from the engine, and
// are of ten kinds (see HELDOUT_FAMILIES). Nothing in src/ may import this file.

export type HeldoutFamily = 'relational' | 'paraphrase' | 'identifier' | 'two-hop' | 'deep' | 'typo' | 'recency' | 'distractor' | 'multilingual' | 'natural';
export const HELDOUT_FAMILIES: HeldoutFamily[] = ['relational', 'paraphrase', 'identifier', 'two-hop', 'deep', 'typo', 'recency', 'distractor', 'multilingual', 'natural'];

export interface HeldoutQuestion {
  family: HeldoutFamily;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Heldout {
  pages: Record<string, string>;
  questions: HeldoutQuestion[];
}

// --- randomness (xorshift32, its own stream) ----------------------------------------------------
type R = () => number;
function xorshift(seed: number): R {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}
const one = <T>(r: R, a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
function some<T>(r: R, a: readonly T[], n: number): T[] {
  const c = [...a];
  const out: T[] = [];
  while (out.length < n && c.length) out.push(c.splice(Math.floor(r() * c.length), 1)[0]!);
  return out;
}
const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').replace(/ß/g, 'ss').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/ð/g, 'd');

// --- the cast ------------------------------------------------------------------------------------
type Lang = 'en' | 'fr' | 'de' | 'es' | 'ru' | 'el' | 'ja' | 'zh' | 'ar';

interface Org {
  key: string;
  name: string;
  /** Page file name (without folder). */
  file: string;
  native?: string;
  city: string;
  country: string;
  lang: Lang;
  /** What they do, in plain English. */
  does: string;
  domain: string;
  aliases: string[];
}

const ORGS: Org[] = [
  { key: 'kranich', name: 'Kranich Systems GmbH', file: 'Kranich Systems', city: 'Hamburg', country: 'Germany', lang: 'de', does: 'vibration sensors for wind turbines', domain: 'kranich-systems.de', aliases: ['Kranich'] },
  { key: 'vantor', name: 'Vantor Logistik AG', file: 'Vantor Logistik', city: 'München', country: 'Germany', lang: 'de', does: 'cold-chain freight forwarding', domain: 'vantor.de', aliases: ['Vantor'] },
  { key: 'lumiere', name: 'Atelier Lumière SAS', file: 'Atelier Lumière', city: 'Lyon', country: 'France', lang: 'fr', does: 'architectural lighting design', domain: 'atelier-lumiere.fr', aliases: ['Lumière', 'AL'] },
  { key: 'celeste', name: 'Éditions Céleste', file: 'Éditions Céleste', city: 'Bordeaux', country: 'France', lang: 'fr', does: 'children’s book publishing', domain: 'editions-celeste.fr', aliases: ['Céleste'] },
  { key: 'huerta', name: 'Huerta Verde S.L.', file: 'Huerta Verde', city: 'Valencia', country: 'Spain', lang: 'es', does: 'drip irrigation controllers for citrus farms', domain: 'huertaverde.es', aliases: ['HV'] },
  { key: 'condor', name: 'Cóndor Pagos', file: 'Cóndor Pagos', city: 'Madrid', country: 'Spain', lang: 'es', does: 'card acquiring for small merchants', domain: 'condorpagos.es', aliases: ['Condor'] },
  { key: 'zvezda', name: 'Polyarnaya Zvezda', file: 'Полярная Звезда', native: 'Полярная Звезда', city: 'Новосибирск', country: 'Russia', lang: 'ru', does: 'satellite imagery of forests', domain: 'pzvezda.ru', aliases: ['Polar Star', 'Polyarnaya Zvezda'] },
  { key: 'aigaio', name: 'Aigaio Naftiliaki', file: 'Αιγαίο Ναυτιλιακή', native: 'Αιγαίο Ναυτιλιακή', city: 'Πειραιάς', country: 'Greece', lang: 'el', does: 'ferry fleet management', domain: 'aigaio-naft.gr', aliases: ['Aigaio', 'Aegean Shipping'] },
  { key: 'hokuto', name: 'Hokuto Seiki', file: '北斗精機', native: '北斗精機', city: '大阪', country: 'Japan', lang: 'ja', does: 'precision gear machining', domain: 'hokuto-seiki.co.jp', aliases: ['Hokuto Seiki', 'Hokuto'] },
  { key: 'sakura', name: 'Sakura Data', file: 'Sakura Data', native: 'さくらデータ', city: 'Tokyo', country: 'Japan', lang: 'ja', does: 'retail footfall analytics', domain: 'sakuradata.jp', aliases: ['さくらデータ'] },
  { key: 'qinglan', name: 'Qinglan Technology', file: '青岚科技', native: '青岚科技', city: '深圳', country: 'China', lang: 'zh', does: 'battery management chips for e-scooters', domain: 'qinglan-tech.cn', aliases: ['Qinglan', 'Qinglan Tech'] },
  { key: 'waha', name: 'Al Waha Energy', file: 'Al Waha Energy', native: 'الواحة للطاقة', city: 'Dubai', country: 'UAE', lang: 'ar', does: 'rooftop solar for warehouses', domain: 'alwaha.ae', aliases: ['الواحة للطاقة', 'Al Waha'] },
  { key: 'atlasr', name: 'Atlas Robotics', file: 'Atlas Robotics', city: 'Lyon', country: 'France', lang: 'en', does: 'warehouse picking robots', domain: 'atlas-robotics.io', aliases: ['Atlas'] },
  { key: 'atlasc', name: 'Atlas Capital', file: 'Atlas Capital', city: 'Madrid', country: 'Spain', lang: 'en', does: 'growth-stage venture investing', domain: 'atlascap.vc', aliases: ['Atlas'] },
  { key: 'meridh', name: 'Meridian Health', file: 'Meridian Health', city: 'Boston', country: 'USA', lang: 'en', does: 'telehealth scheduling software', domain: 'meridianhealth.com', aliases: ['Meridian'] },
  { key: 'meridf', name: 'Meridian Freight', file: 'Meridian Freight', city: 'Rotterdam', country: 'Netherlands', lang: 'en', does: 'container drayage', domain: 'meridianfreight.nl', aliases: ['Meridian'] },
];
const HOME = { name: 'Tessellate', domain: 'tessellate.io' };

interface Person {
  key: string;
  name: string;
  /** Latin transliteration when the name is written natively. */
  latin?: string;
  path: string;
  org: string; // 'home' or an org key
  title: string;
  email: string;
  team?: string;
  lang: Lang;
}

// name, latin (for native names), org, title, lang
const CAST: Array<[string, string | null, string, string, Lang]> = [
  ['Françoise Lefèbvre', null, 'home', 'Engineering Manager', 'fr'],
  ['Jürgen Weiß', null, 'home', 'Staff Engineer', 'de'],
  ['Iñaki Zubiría', null, 'home', 'Principal Engineer', 'es'],
  ['Ramón Núñez', null, 'home', 'CFO', 'es'],
  ['Hélène Côté', null, 'home', 'Head of Design', 'fr'],
  ['Łukasz Wróbel', null, 'home', 'SRE Lead', 'en'],
  ['Søren Kjær', null, 'home', 'Data Engineer', 'en'],
  ['Ásta Sigurðardóttir', null, 'home', 'Product Manager', 'en'],
  ['Tomáš Dvořák', null, 'home', 'Security Engineer', 'en'],
  ['João Gonçalves', null, 'home', 'Mobile Engineer', 'en'],
  ['Nguyễn Thị Hương', null, 'home', 'Engineering Manager', 'en'],
  ['Kübra Öztürk', null, 'home', 'Backend Engineer', 'de'],
  ['Priya Raghunathan', null, 'home', 'Engineering Manager', 'en'],
  ['Marcus Oyelaran', null, 'home', 'Frontend Engineer', 'en'],
  ['Beatriz Albuquerque', null, 'home', 'Data Scientist', 'en'],
  ['Dmitri Volkov', null, 'home', 'Backend Engineer', 'ru'],
  ['Chloé Marchand', null, 'home', 'Engineering Manager', 'fr'],
  ['Oskar Lindqvist', null, 'home', 'Platform Engineer', 'en'],
  ['Amara Nwosu', null, 'home', 'QA Lead', 'en'],
  ['Wiremu Tane', null, 'home', 'Support Engineer', 'en'],
  ['Gabriele Ferraro', null, 'home', 'Engineering Manager', 'en'],
  ['Zofia Kamińska', null, 'home', 'Designer', 'en'],
  ['Rafael Etxeberria', null, 'home', 'Growth Analyst', 'es'],
  ['Ingrid Halvorsen', null, 'home', 'Engineering Manager', 'en'],
  ['Théo Vasseur', null, 'home', 'Mobile Engineer', 'fr'],
  ['Mireille Abadie', null, 'home', 'Backend Engineer', 'fr'],
  ['Henrik Ødegård', null, 'home', 'Backend Engineer', 'en'],
  ['Sakshi Malhotra', null, 'home', 'Frontend Engineer', 'en'],
  ['Daniel Weber', null, 'kranich', 'Head of Field Engineering', 'de'],
  ['Daniel Weber', null, 'vantor', 'Procurement Lead', 'de'],
  ['Annegret Schäfer', null, 'kranich', 'CTO', 'de'],
  ['Wolfgang Brückner', null, 'vantor', 'COO', 'de'],
  ['Marie Laurent', null, 'lumiere', 'Directrice technique', 'fr'],
  ['Marie Laurent', null, 'celeste', 'Éditrice', 'fr'],
  ['Grégoire Deschênes', null, 'lumiere', 'CEO', 'fr'],
  ['Éloïse Garnier', null, 'celeste', 'Responsable numérique', 'fr'],
  ['María José Peña', null, 'huerta', 'Directora de operaciones', 'es'],
  ['Begoña Ibáñez', null, 'condor', 'CTO', 'es'],
  ['Álvaro Muñoz', null, 'condor', 'Risk Manager', 'es'],
  ['Анастасия Соколова', 'Anastasia Sokolova', 'zvezda', 'Руководитель проекта', 'ru'],
  ['Игорь Кузнецов', 'Igor Kuznetsov', 'zvezda', 'Главный инженер', 'ru'],
  ['Νίκος Παπαδόπουλος', 'Nikos Papadopoulos', 'aigaio', 'Διευθυντής Στόλου', 'el'],
  ['Ελένη Κωνσταντίνου', 'Eleni Konstantinou', 'aigaio', 'IT Manager', 'el'],
  ['中村 由紀', 'Yuki Nakamura', 'hokuto', '品質保証部長', 'ja'],
  ['佐藤 健', 'Ken Sato', 'hokuto', '生産技術', 'ja'],
  ['Haruto Fujimoto', null, 'sakura', 'Data Lead', 'ja'],
  ['王芳', 'Wang Fang', 'qinglan', '产品经理', 'zh'],
  ['李建国', 'Li Jianguo', 'qinglan', '首席工程师', 'zh'],
  ['فاطمة الزهراء', 'Fatima Al-Zahra', 'waha', 'Operations Director', 'ar'],
  ['عمر حداد', 'Omar Haddad', 'waha', 'Site Engineer', 'ar'],
  ['Claire Dubois', null, 'atlasr', 'VP Engineering', 'en'],
  ['Claire Dubois', null, 'atlasc', 'Partner', 'en'],
  ['Ethan Brooks', null, 'meridh', 'CTO', 'en'],
  ['Ethan Brooks', null, 'meridf', 'Fleet Manager', 'en'],
  ['Pieter van der Berg', null, 'meridf', 'CEO', 'en'],
  ['Rosalind Achterberg', null, 'meridh', 'Head of Product', 'en'],
];

// --- teams and systems ---------------------------------------------------------------------------
interface Team {
  key: string;
  name: string;
  path: string;
  lead: string; // person key
  members: string[];
  systems: string[];
  channel: string;
}

interface System {
  key: string;
  name: string;
  path: string;
  /** How the system's own page describes it. */
  desc: string;
  /** The same thing said with other words (for paraphrase questions). */
  para: string;
  team: string;
  version: string;
  repo: string;
  alias: string;
}

const SYSTEMS: Array<Omit<System, 'path' | 'team' | 'version' | 'repo'>> = [
  { key: 'heron', name: 'Heron', alias: 'heron-recon', desc: 'reconciles incoming bank transfers against open invoices each night and flags the leftovers for the finance desk', para: 'which tool matches customer payments to bills automatically while everyone sleeps' },
  { key: 'kestrel', name: 'Kestrel', alias: 'kestrel-certs', desc: 'rotates expiring TLS certificates across the fleet before they lapse', para: 'what renews the encryption credentials on our machines before they run out' },
  { key: 'lark', name: 'Lark', alias: 'lark-flags', desc: 'is the feature-flag service that lets product managers switch functionality on for a subset of tenants', para: 'how do PMs turn a capability on for only some customers' },
  { key: 'osprey', name: 'Osprey', alias: 'osprey-ocr', desc: 'converts scanned paper receipts into structured expense entries with optical character recognition', para: 'what turns photos of till slips into bookkeeping records' },
  { key: 'wren', name: 'Wren', alias: 'wren-guard', desc: 'detects anomalous sign-in attempts and locks compromised accounts', para: 'what stops intruders who guessed somebody’s password' },
  { key: 'puffin', name: 'Puffin', alias: 'puffin-churn', desc: 'produces the weekly churn forecast for the subscription business', para: 'which thing predicts how many subscribers will cancel' },
  { key: 'gannet', name: 'Gannet', alias: 'gannet-stock', desc: 'mirrors warehouse stock levels into the storefront so sold-out items disappear', para: 'keeping the web shop from offering products we no longer have on the shelves' },
  { key: 'plover', name: 'Plover', alias: 'plover-i18n', desc: 'translates help-centre articles into eleven languages', para: 'localising our support documentation for foreign customers' },
  { key: 'tern', name: 'Tern', alias: 'tern-quota', desc: 'throttles API clients that exceed their quota', para: 'slowing down partners who call us far too often' },
  { key: 'curlew', name: 'Curlew', alias: 'curlew-archive', desc: 'archives cold rows from Postgres into object storage after eighteen months', para: 'moving old database records to cheap buckets' },
  { key: 'dunlin', name: 'Dunlin', alias: 'dunlin-oncall', desc: 'is a dashboard of on-call pager load per engineer', para: 'how often people get woken up at night by alerts' },
  { key: 'shrike', name: 'Shrike', alias: 'shrike-fuzz', desc: 'fuzzes the public REST endpoints with malformed payloads', para: 'throwing garbage input at our web interface to find crashes' },
  { key: 'avocet', name: 'Avocet', alias: 'avocet-tokens', desc: 'exports design tokens such as colours and spacing from Figma into code', para: 'syncing the palette and margins from the mockup tool into the frontend' },
  { key: 'merlin', name: 'Merlin', alias: 'merlin-ab', desc: 'assigns users to A/B experiments and computes the statistics', para: 'split testing framework that tells whether a variant won' },
  { key: 'siskin', name: 'Siskin', alias: 'siskin-push', desc: 'schedules push notifications while respecting user quiet hours', para: 'sending phone alerts without disturbing people at bedtime' },
  { key: 'bittern', name: 'Bittern', alias: 'bittern-ledger', desc: 'keeps the double-entry ledger of every wallet balance', para: 'the accounting book that records debits and credits for stored money' },
  { key: 'linnet', name: 'Linnet', alias: 'linnet-search', desc: 'indexes the product catalogue for the storefront search box', para: 'what lets shoppers type a word and find an article' },
  { key: 'petrel', name: 'Petrel', alias: 'petrel-etl', desc: 'loads partner CSV exports into the warehouse every hour', para: 'importing spreadsheets from other companies into our analytics store' },
];

const TEAM_DEFS: Array<[string, string, string[]]> = [
  // name, lead name, systems
  ['Payments Platform', 'Françoise Lefèbvre', ['heron', 'bittern']],
  ['Site Reliability', 'Łukasz Wróbel', ['kestrel', 'dunlin']],
  ['Product Experimentation', 'Ásta Sigurðardóttir', ['lark', 'merlin']],
  ['Expenses', 'Nguyễn Thị Hương', ['osprey']],
  ['Trust & Safety', 'Tomáš Dvořák', ['wren', 'shrike']],
  ['Growth Analytics', 'Priya Raghunathan', ['puffin', 'petrel']],
  ['Commerce', 'Chloé Marchand', ['gannet', 'linnet']],
  ['Localisation', 'Gabriele Ferraro', ['plover']],
  ['API Gateway', 'Iñaki Zubiría', ['tern', 'curlew']],
  ['Design Systems', 'Hélène Côté', ['avocet']],
  ['Mobile', 'Ingrid Halvorsen', ['siskin']],
];

// --- prose banks (own phrasing) ------------------------------------------------------------------
const EN_FILLER = [
  'We agreed to revisit the rollout plan once the second cohort has been live for a fortnight.',
  'Most of the discussion went to sequencing: what has to land before the freeze and what can slip.',
  'There is still no consensus on the naming of the internal events, so both spellings remain in the code for now.',
  'Budget is not the bottleneck here; reviewer time is.',
  'A short spike last sprint showed the approach works but doubles memory use under peak traffic.',
  'Customer support reported fewer tickets after the copy changes on the settings screen.',
  'The runbook was updated, but the alert thresholds still reflect last year’s traffic.',
  'Someone should own the dependency upgrades; right now they happen only when something breaks.',
  'The pilot customers asked for a CSV export before anything else.',
  'We keep the old endpoint alive until every mobile client older than two releases is gone.',
  'Latency at the 99th percentile improved after the connection pool was resized.',
  'Legal reviewed the data processing addendum and had two small comments about retention.',
  'The integration tests are flaky on the shared runners; the nightly job retries them twice.',
  'Hiring for the open backend role is paused until the next planning cycle.',
  'The migration ran in three batches over a weekend with no user-visible downtime.',
  'Documentation lags behind the implementation by roughly one release.',
  'We should write down the decision instead of relying on the chat thread.',
  'The vendor’s sandbox differs from production in how it rounds currency amounts.',
  'Performance budgets for the web bundle were exceeded twice this quarter.',
  'Observability is decent for the happy path and poor for retries.',
  'The quarterly review showed adoption is concentrated in three large accounts.',
  'An incident postmortem is scheduled for Thursday; attendance is optional but encouraged.',
  'Nobody objected to moving the weekly sync to a fortnightly cadence.',
  'Access reviews are overdue for two of the production databases.',
  'The design review raised accessibility concerns about colour contrast in dark mode.',
  'Product wants a clearer story for what happens when a partner disconnects mid-sync.',
  'We will reassess after the holiday traffic peak.',
  'The backlog grew by forty items, most of them small papercuts.',
  'The estimate assumes one engineer full time and a designer at half capacity.',
  'Procurement needs three quotes before any contract above the threshold is signed.',
];

const LANG_FILLER: Record<Exclude<Lang, 'en'>, string[]> = {
  fr: [
    'Nous avons convenu de refaire le point après la deuxième vague de déploiement.',
    'La discussion a surtout porté sur le calendrier et les dépendances entre équipes.',
    'Le client souhaite recevoir un export mensuel au format tableur.',
    'Les tests de charge ont révélé une consommation mémoire élevée en période de pointe.',
    'Le service juridique a relu l’avenant et demande une précision sur la durée de conservation.',
    'Il reste à désigner un responsable pour la mise à jour des dépendances.',
    'La prochaine réunion aura lieu à Lyon, dans les locaux du client.',
  ],
  de: [
    'Wir haben vereinbart, den Rollout nach der zweiten Welle erneut zu bewerten.',
    'Der Großteil der Besprechung drehte sich um die Reihenfolge der Arbeitspakete.',
    'Der Kunde wünscht sich einen monatlichen Export als Tabelle.',
    'Die Lasttests zeigten einen hohen Speicherverbrauch unter Spitzenlast.',
    'Die Rechtsabteilung hat den Vertrag geprüft und hat zwei kleine Anmerkungen zur Aufbewahrung.',
    'Für die Aktualisierung der Abhängigkeiten fehlt noch ein Verantwortlicher.',
    'Das nächste Treffen findet vor Ort beim Kunden statt.',
  ],
  es: [
    'Acordamos revisar el plan de despliegue tras la segunda fase.',
    'La mayor parte de la reunión se dedicó al orden de las tareas.',
    'El cliente quiere recibir una exportación mensual en hoja de cálculo.',
    'Las pruebas de carga mostraron un consumo de memoria alto en horas punta.',
    'El equipo legal revisó el anexo y pidió aclarar el plazo de conservación de datos.',
    'Todavía falta un responsable para actualizar las dependencias.',
    'La próxima reunión será en las oficinas del cliente.',
  ],
  ru: [
    'Договорились вернуться к плану внедрения после второго этапа.',
    'Большая часть встречи была посвящена порядку работ.',
    'Клиент хочет получать ежемесячную выгрузку в виде таблицы.',
    'Нагрузочное тестирование показало высокий расход памяти в часы пик.',
    'Юристы проверили договор и попросили уточнить срок хранения данных.',
    'Пока не назначен ответственный за обновление зависимостей.',
    'Следующая встреча пройдёт в офисе клиента.',
  ],
  el: [
    'Συμφωνήσαμε να επανεξετάσουμε το σχέδιο μετά τη δεύτερη φάση.',
    'Το μεγαλύτερο μέρος της συνάντησης αφορούσε τη σειρά των εργασιών.',
    'Ο πελάτης θέλει μηνιαία εξαγωγή σε υπολογιστικό φύλλο.',
    'Οι δοκιμές φορτίου έδειξαν υψηλή κατανάλωση μνήμης σε ώρες αιχμής.',
    'Το νομικό τμήμα εξέτασε τη σύμβαση και ζήτησε διευκρινίσεις για τη διατήρηση δεδομένων.',
    'Δεν έχει οριστεί ακόμη υπεύθυνος για τις ενημερώσεις.',
    'Η επόμενη συνάντηση θα γίνει στα γραφεία του πελάτη.',
  ],
  ja: [
    '第二段階の展開後に計画を見直すことで合意した。',
    '会議の大半は作業の順序についての議論だった。',
    '顧客は毎月の表形式のエクスポートを希望している。',
    '負荷試験ではピーク時のメモリ使用量が多いことが分かった。',
    '法務部が契約を確認し、データ保存期間について二点の指摘があった。',
    '依存関係の更新担当者はまだ決まっていない。',
    '次回の打ち合わせは顧客の事務所で行う。',
  ],
  zh: [
    '我们同意在第二阶段上线后重新评估推广计划。',
    '会议大部分时间讨论了工作的先后顺序。',
    '客户希望每月收到一份表格导出。',
    '压力测试显示高峰期内存占用偏高。',
    '法务审阅了合同，对数据保存期限提出了两点意见。',
    '依赖库升级目前还没有负责人。',
    '下次会议将在客户办公室举行。',
  ],
  ar: [
    'اتفقنا على مراجعة خطة النشر بعد المرحلة الثانية.',
    'خصص معظم الاجتماع لترتيب المهام.',
    'يرغب العميل في الحصول على تصدير شهري على شكل جدول.',
    'أظهرت اختبارات الحمل استهلاكا مرتفعا للذاكرة في أوقات الذروة.',
    'راجع القسم القانوني العقد وطلب توضيح مدة الاحتفاظ بالبيانات.',
    'لم يتم بعد تعيين مسؤول عن تحديث المكتبات.',
    'سيعقد الاجتماع القادم في مكتب العميل.',
  ],
};

function para(r: R, lang: Lang, n: number): string {
  const bank = lang === 'en' ? EN_FILLER : LANG_FILLER[lang];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(one(r, bank));
  return out.join(lang === 'ja' || lang === 'zh' ? '' : ' ');
}

/** Paragraphs of filler until the body reaches about `bytes`. */
function pad(r: R, lang: Lang, bytes: number, headings: string[]): string[] {
  const out: string[] = [];
  let size = 0;
  let h = 0;
  while (size < bytes) {
    if (h < headings.length && r() < 0.3) {
      out.push(`## ${headings[h++]}`, '');
    }
    const p = para(r, lang, 3 + Math.floor(r() * 4));
    out.push(p, '');
    size += Buffer.byteLength(p) + 1;
  }
  return out;
}

function fm(obj: Record<string, unknown>): string {
  const lines = ['---'];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => JSON.stringify(String(x))).join(', ')}]`);
    else lines.push(`${k}: ${typeof v === 'string' && /[:#\[\]{}"',]|^\s|\s$/.test(v) ? JSON.stringify(v) : String(v)}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');

// --- deep facts (buried in long handbooks) -------------------------------------------------------
const DEEP_FACTS: Array<{ book: string; fact: string; q: string }> = [
  { book: 'Engineering Handbook', fact: 'The guest wireless network at the Lisbon office is called TESS-VISITOR and its passphrase changes on the first Monday of every month.', q: 'what is the visitor wifi called in the Lisbon office' },
  { book: 'Engineering Handbook', fact: 'Production database snapshots are kept for thirty-five days and then shredded by the Curlew retention job.', q: 'how long do we keep production db snapshots' },
  { book: 'Engineering Handbook', fact: 'Merge requests that touch the billing schema need two approvals, one of them from a member of the Payments Platform team.', q: 'how many approvals does a change to the billing schema need' },
  { book: 'Finance Handbook', fact: 'Expense claims above 2,500 EUR require written sign-off from the CFO before reimbursement.', q: 'who must approve an expense claim over 2500 euros' },
  { book: 'Finance Handbook', fact: 'Per diem for travel to Tokyo is 14,000 JPY per day, hotel excluded.', q: 'daily allowance when travelling to Tokyo' },
  { book: 'Finance Handbook', fact: 'Corporate cards are frozen automatically after 45 days without a submitted receipt.', q: 'when does the company card get blocked for missing receipts' },
  { book: 'People Handbook', fact: 'New parents receive twenty-two weeks of fully paid leave regardless of gender.', q: 'how much paid parental leave do we offer' },
  { book: 'People Handbook', fact: 'The learning budget is 1,800 EUR per person per calendar year and does not roll over.', q: 'annual training budget per employee' },
  { book: 'People Handbook', fact: 'Sabbaticals of up to three months can be requested after five years of service.', q: 'after how many years can I take a sabbatical' },
  { book: 'Security Handbook', fact: 'Hardware security keys are mandatory for anyone with access to the production AWS accounts; the spare keys live in the safe in room 4.12.', q: 'where are the spare hardware security keys kept' },
  { book: 'Security Handbook', fact: 'Laptops must encrypt their disks, and a lost laptop must be reported to security within four hours.', q: 'deadline to report a lost laptop' },
  { book: 'Security Handbook', fact: 'Third-party penetration tests are run by Redline Assurance twice a year, in March and September.', q: 'which firm does our pentests and when' },
  { book: 'Incident Handbook', fact: 'A SEV1 incident pages the incident commander rota and the VP Engineering at the same time, and a status page update is due within twenty minutes.', q: 'how fast must the status page be updated in a sev1' },
  { book: 'Incident Handbook', fact: 'Postmortems are blameless and must be published within five working days of the incident being resolved.', q: 'how soon after an outage is the postmortem due' },
];

// --- recency topics ------------------------------------------------------------------------------
const DECISION_TOPICS: Array<{ key: string; system: string; subject: string; q: string[]; options: string[] }> = [
  { key: 'heron-db', system: 'heron', subject: 'Heron storage engine', q: ['latest decision on the Heron storage engine', 'what did we most recently decide about where Heron stores its data'], options: ['MySQL 8', 'PostgreSQL 15', 'PostgreSQL 16 with logical replication'] },
  { key: 'lark-sdk', system: 'lark', subject: 'Lark client SDK language', q: ['current decision on the Lark client SDK', 'newest ruling about which language the Lark SDK is written in'], options: ['Java', 'Kotlin Multiplatform', 'Rust core with thin bindings'] },
  { key: 'kestrel-ca', system: 'kestrel', subject: 'Kestrel certificate authority', q: ['most recent decision on which CA Kestrel uses', 'what is the up-to-date choice of certificate authority for Kestrel'], options: ['DigiCert', 'Let’s Encrypt', 'an internal step-ca'] },
  { key: 'siskin-vendor', system: 'siskin', subject: 'Siskin push vendor', q: ['latest decision about the push provider for Siskin', 'which push vendor did we settle on last for Siskin'], options: ['OneSignal', 'Firebase Cloud Messaging directly', 'Amazon SNS'] },
  { key: 'merlin-stats', system: 'merlin', subject: 'Merlin statistics method', q: ['the latest decision on Merlin’s statistics method', 'how does Merlin compute significance now, per the newest decision'], options: ['fixed-horizon t-tests', 'sequential testing', 'Bayesian posterior with CUPED'] },
  { key: 'linnet-engine', system: 'linnet', subject: 'Linnet search backend', q: ['most recent decision on the Linnet search backend', 'what backend did we last choose for Linnet'], options: ['Elasticsearch', 'Typesense', 'OpenSearch'] },
  { key: 'oncall', system: 'dunlin', subject: 'On-call rotation length', q: ['latest decision on how long an on-call rotation lasts', 'current on-call shift length decision'], options: ['one week', 'two weeks', 'one week with a follow-the-sun handover'] },
  { key: 'office', system: 'plover', subject: 'Office days policy', q: ['newest decision about office attendance days', 'what is the most recent office days policy'], options: ['three fixed days', 'two team-chosen days', 'one anchor day a week'] },
];

// --- identifiers ---------------------------------------------------------------------------------
const TICKET_PREFIX: Record<string, string> = { heron: 'PAY', bittern: 'PAY', kestrel: 'SRE', dunlin: 'SRE', lark: 'EXP', merlin: 'EXP', osprey: 'EXPN', wren: 'TNS', shrike: 'TNS', puffin: 'GRW', petrel: 'GRW', gannet: 'COM', linnet: 'COM', plover: 'L10N', tern: 'API', curlew: 'API', avocet: 'DS', siskin: 'MOB' };
const INCIDENT_SYMPTOMS = [
  'duplicate webhooks after a retry storm',
  'timeouts on the nightly batch when the replica lagged',
  'a null pointer in the CSV parser for empty trailing columns',
  'wrong rounding of JPY amounts',
  'stale cache after a config reload',
  'memory leak in the websocket handler',
  'clock skew between two regions causing expired tokens',
  'a race between two schedulers firing the same job',
];

// --- generation ----------------------------------------------------------------------------------
export function generateHeldout(seed = 424242): Heldout {
  const r = xorshift(seed);
  const pages: Record<string, string> = {};
  const questions: HeldoutQuestion[] = [];
  const seen = new Set<string>();
  const ask = (family: HeldoutFamily, kind: string, q: string, relevant: string[]) => {
    const rel = [...new Set(relevant)];
    if (!rel.length || rel.length > 8 || seen.has(q)) return;
    for (const p of rel) if (!(p in pages)) throw new Error(`heldout: ${q} → missing ${p}`);
    seen.add(q);
    questions.push({ family, kind, q, relevant: rel });
  };

  const orgs = new Map(ORGS.map((o) => [o.key, { ...o, path: `Companies/${o.file}.md` }]));
  // People: duplicate names go into a folder per company (People/Kranich/Daniel Weber.md).
  const nameCount = new Map<string, number>();
  for (const [n] of CAST) nameCount.set(n, (nameCount.get(n) ?? 0) + 1);
  const people: Person[] = CAST.map(([name, latin, org, title, lang], i) => {
    const o = orgs.get(org);
    const folder = nameCount.get(name)! > 1 ? `People/${o!.aliases[0] === 'Atlas' || o!.aliases[0] === 'Meridian' ? o!.file.replace(/ /g, ' ') : o!.aliases[0]}` : o ? `People/External` : 'People';
    const plainName = stripMarks(latin ?? name);
    const parts = plainName.toLowerCase().split(/\s+/);
    const email = `${parts[0]![0]}.${parts[parts.length - 1]!.replace(/[^a-z]/g, '')}@${o ? o.domain : HOME.domain}`;
    return { key: `p${i}`, name, latin: latin ?? undefined, path: `${folder}/${name}.md`, org, title, email, lang };
  });
  const byName = (n: string) => people.find((p) => p.name === n)!;
  const home = people.filter((p) => p.org === 'home');
  const link = (p: Person, alias?: string) => {
    // The ways a vault links a person: bare name, folder-suffix link, full path with an alias.
    const target = nameCount.get(p.name)! > 1 ? p.path.replace(/^People\//, '').replace(/\.md$/, '') : p.name;
    return alias ? `[[${target}|${alias}]]` : `[[${target}]]`;
  };
  const orgLink = (o: Org, alias?: string) => (alias ? `[[${o.file}|${alias}]]` : `[[${o.file}]]`);

  // Teams: lead + 2–4 members from the home staff not leading a team.
  const leads = new Set(TEAM_DEFS.map(([, l]) => l));
  const pool = home.filter((p) => !leads.has(p.name));
  const systems = new Map<string, System>();
  const teams: Team[] = TEAM_DEFS.map(([name, lead, sys], i) => {
    const members = [pool[(i * 2) % pool.length]!, pool[(i * 2 + 1) % pool.length]!];
    if (i % 3 === 0) members.push(pool[(i * 2 + 7) % pool.length]!);
    const t: Team = { key: `t${i}`, name, path: `Teams/${name}.md`, lead: byName(lead).key, members: members.map((m) => m.key), systems: sys, channel: `#team-${name.toLowerCase().replace(/[^a-z]+/g, '-')}` };
    byName(lead).team = t.key;
    for (const m of members) m.team ??= t.key;
    for (const s of sys) {
      const d = SYSTEMS.find((x) => x.key === s)!;
      systems.set(s, { ...d, path: `Projects/${d.name}.md`, team: t.key, version: `${2 + Math.floor(r() * 5)}.${Math.floor(r() * 20)}.${Math.floor(r() * 10)}`, repo: `git.tessellate.io/${name.toLowerCase().replace(/[^a-z]+/g, '-')}/${d.alias}` });
    }
    return t;
  });
  const teamOf = (k: string) => teams.find((t) => t.key === k)!;
  const pk = (k: string) => people.find((p) => p.key === k)!;

  // Tickets: per system a few, with near-miss ids spread over pages.
  interface Ticket { id: string; system: string; symptom: string; reporter: string; path: string }
  const tickets: Ticket[] = [];
  const usedIds = new Set<string>();
  for (const s of systems.values()) {
    for (let k = 0; k < 2; k++) {
      let id = '';
      do id = `${TICKET_PREFIX[s.key]}-${1000 + Math.floor(r() * 8999)}`;
      while (usedIds.has(id));
      usedIds.add(id);
      tickets.push({ id, system: s.key, symptom: one(r, INCIDENT_SYMPTOMS), reporter: one(r, home).key, path: '' });
    }
  }

  // --- company pages ---
  for (const o of orgs.values()) {
    const staff = people.filter((p) => p.org === o.key);
    const lang = o.lang;
    const head: string[] = [`# ${o.native ?? o.name}`, ''];
    const intro: Record<Lang, string> = {
      en: `${o.name} is based in ${o.city}, ${o.country}, and works on ${o.does}. We have worked with them since ${2019 + Math.floor(r() * 5)}.`,
      fr: `${o.name} est basée à ${o.city} (${o.country}). Activité : ${o.does}. Partenaire de ${HOME.name} depuis ${2019 + Math.floor(r() * 5)}.`,
      de: `${o.name} sitzt in ${o.city} (${o.country}). Tätigkeit: ${o.does}. Partner von ${HOME.name} seit ${2019 + Math.floor(r() * 5)}.`,
      es: `${o.name} tiene su sede en ${o.city} (${o.country}). Actividad: ${o.does}. Socio de ${HOME.name} desde ${2019 + Math.floor(r() * 5)}.`,
      ru: `${o.native} (${o.name}) — компания из города ${o.city}. Направление: ${o.does}. Работаем вместе с ${2019 + Math.floor(r() * 5)} года.`,
      el: `Η ${o.native} (${o.name}) έχει έδρα στον ${o.city}. Δραστηριότητα: ${o.does}. Συνεργάτης από το ${2019 + Math.floor(r() * 5)}.`,
      ja: `${o.native}（${o.name}）は${o.city}に本社を置く会社。事業内容: ${o.does}。${2019 + Math.floor(r() * 5)}年から取引がある。`,
      zh: `${o.native}（${o.name}）总部位于${o.city}。业务：${o.does}。自${2019 + Math.floor(r() * 5)}年起与我们合作。`,
      ar: `${o.native} (${o.name}) شركة مقرها ${o.city}. النشاط: ${o.does}. نتعاون معها منذ ${2019 + Math.floor(r() * 5)}.`,
    };
    head.push(intro[lang], '', '## Contacts', '');
    for (const p of staff) head.push(`- ${link(p, p.latin ?? undefined)} — ${p.title}, ${p.email}`);
    head.push('', ...pad(r, lang, 1200 + Math.floor(r() * 3000), ['History', 'Commercial terms', 'Open questions']));
    pages[o.path] = fm({ type: 'company', aliases: o.aliases, tags: ['company', `country/${o.country.toLowerCase()}`], website: `https://${o.domain}` }) + head.join('\n');
  }

  // --- person pages ---
  for (const p of people) {
    const o = orgs.get(p.org);
    const t = p.team ? teamOf(p.team) : undefined;
    const body: string[] = [`# ${p.name}`, ''];
    if (o) body.push(`${p.title} at ${orgLink(o)}. Email: ${p.email}.`, '');
    else body.push(`${p.title} at ${HOME.name}${t ? `, ${t.lead === p.key ? 'leading' : 'member of'} [[${t.name}]]` : ''}. Email: ${p.email}.`, '');
    body.push(...pad(r, p.lang === 'en' || !o ? 'en' : p.lang, 600 + Math.floor(r() * 2500), ['Background', 'Working with them', 'Notes']));
    const aliases = [p.latin, p.latin ? undefined : p.name !== stripMarks(p.name) ? stripMarks(p.name) : undefined].filter((x): x is string => !!x);
    pages[p.path] = fm({ type: 'person', aliases: aliases.length ? aliases : undefined, company: o ? o.name : HOME.name, role: p.title, tags: ['person'] }) + body.join('\n');
  }

  // --- team pages ---
  for (const t of teams) {
    const lead = pk(t.lead);
    const body = [`# ${t.name}`, '', `Lead: ${link(lead)}`, '', '## Members', '', ...t.members.map((m) => `- ${link(pk(m))}`), '', '## What we own', '', ...t.systems.map((s) => `- [[${systems.get(s)!.name}]]`), '', `Slack: ${t.channel}`, '', ...pad(r, 'en', 800 + Math.floor(r() * 2000), ['Rituals', 'Goals this quarter'])];
    pages[t.path] = fm({ type: 'team', tags: ['team'], lead: `[[${lead.name}]]` }) + body.join('\n');
  }

  // --- system (project) pages ---
  for (const s of systems.values()) {
    const t = teamOf(s.team);
    const own = tickets.filter((k) => k.system === s.key);
    const body = [
      `# ${s.name}`,
      '',
      `${s.name} ${s.desc}.`,
      '',
      `Owned by [[Teams/${t.name}|${t.name}]]. Repository: ${s.repo}. Current release: v${s.version}.`,
      '',
      '## Architecture',
      '',
      ...pad(r, 'en', 1500 + Math.floor(r() * 4000), ['Data flow', 'Dependencies']),
      '## Known issues',
      '',
      ...own.map((k) => `- ${k.id}: ${k.symptom} (reported by ${link(pk(k.reporter))})`),
      '',
      ...pad(r, 'en', 500 + Math.floor(r() * 2000), ['Roadmap']),
    ];
    pages[s.path] = fm({ type: 'project', aliases: [s.alias], status: 'active', owner: `[[${t.name}]]`, tags: ['project', `team/${t.name.toLowerCase().replace(/[^a-z]+/g, '-')}`] }) + body.join('\n');
  }

  // --- release notes (version numbers, near-miss versions) ---
  const releases: Array<{ path: string; system: string; version: string; change: string }> = [];
  for (const s of systems.values()) {
    const [ma, mi, pa] = s.version.split('.').map(Number) as [number, number, number];
    const versions = [`${ma}.${mi}.${pa}`, `${ma}.${mi}.${pa + 1}`, `${ma}.${mi + 1}.0`];
    for (const v of versions) {
      const change = one(r, ['drops support for TLS 1.1', 'adds a bulk export endpoint', 'fixes the retry backoff', 'switches the default timezone handling to UTC', 'removes the legacy v1 webhook format', 'adds per-tenant rate limits']);
      const path = `Releases/${s.name} ${v}.md`;
      releases.push({ path, system: s.key, version: v, change });
      pages[path] = fm({ type: 'release', project: `[[${s.name}]]`, version: v, tags: ['release'] }) + [`# ${s.name} ${v}`, '', `This release ${change}.`, '', ...pad(r, 'en', 400 + Math.floor(r() * 1200), ['Upgrade notes'])].join('\n');
    }
  }

  // --- meetings (many languages) ---
  interface Meeting { path: string; org?: string; system?: string; attendees: string[]; date: string; lang: Lang; buried?: string }
  const meetings: Meeting[] = [];
  const MEETING_TITLE: Record<Lang, (o: string, s: string) => string> = {
    en: (o, s) => `${o} ${s} sync`,
    fr: (o, s) => `Point ${s} avec ${o}`,
    de: (o, s) => `Abstimmung ${s} mit ${o}`,
    es: (o, s) => `Reunión ${s} con ${o}`,
    ru: (o, s) => `Встреча по ${s} с ${o}`,
    el: (o, s) => `Συνάντηση ${s} με ${o}`,
    ja: (o, s) => `${o}と${s}の打ち合わせ`,
    zh: (o, s) => `与${o}的${s}会议`,
    ar: (o, s) => `اجتماع ${s} مع ${o}`,
  };
  const TOPIC_WORD: Record<Lang, string[]> = {
    en: ['pilot', 'pricing', 'integration', 'renewal'],
    fr: ['pilote', 'tarification', 'intégration', 'renouvellement'],
    de: ['Pilotprojekt', 'Preisgestaltung', 'Integration', 'Vertragsverlängerung'],
    es: ['piloto', 'precios', 'integración', 'renovación'],
    ru: ['пилот', 'ценообразование', 'интеграция', 'продление'],
    el: ['πιλοτικό', 'τιμολόγηση', 'ενσωμάτωση', 'ανανέωση'],
    ja: ['試験導入', '価格', '連携', '契約更新'],
    zh: ['试点', '定价', '集成', '续约'],
    ar: ['التجربة', 'التسعير', 'التكامل', 'التجديد'],
  };
  const TOPIC_EN = ['pilot', 'pricing', 'integration', 'renewal'];
  const orgList = [...orgs.values()];
  let day = 0;
  for (let i = 0; i < 48; i++) {
    const o = orgList[i % orgList.length]!;
    const lang: Lang = i < orgList.length ? o.lang : r() < 0.5 ? o.lang : 'en';
    const ti = Math.floor(r() * 4);
    const topic = TOPIC_WORD[lang][ti]!;
    day += 3 + Math.floor(r() * 9);
    const d = new Date(Date.UTC(2024, 0, 1) + day * 86400000).toISOString().slice(0, 10);
    const ours = some(r, home, 2 + Math.floor(r() * 2));
    const theirs = people.filter((p) => p.org === o.key).slice(0, 1 + Math.floor(r() * 2));
    const title = MEETING_TITLE[lang](o.native ?? o.name, topic);
    const path = `Meetings/${d.slice(0, 4)}/${d} ${title.replace(/[/:]/g, '-')}.md`;
    if (pages[path]) continue;
    const m: Meeting = { path, org: o.key, attendees: [...ours, ...theirs].map((p) => p.key), date: d, lang };
    meetings.push(m);
    const body = [`# ${title}`, '', `Date: ${d}`, '', '## Attendees', '', ...[...ours, ...theirs].map((p) => `- ${link(p, r() < 0.4 ? (p.latin ?? p.name).split(' ')[0] : undefined)}`), '', `Company: ${orgLink(o, o.native ? o.name : undefined)}`, '', '## Notes', '', ...pad(r, lang, 1500 + Math.floor(r() * 7000), [])];
    // The topic in English in the tags, so an English question can match a foreign-language page's metadata.
    pages[path] = fm({ type: 'meeting', date: d, company: `[[${o.file}]]`, tags: ['meeting', TOPIC_EN[ti]!] }) + body.join('\n');
  }
  // Internal meetings about systems (with a fact buried deep in long notes).
  const BURIED_ACTIONS = [
    (s: System) => `Action: freeze the ${s.name} schema until the auditors sign off the Q3 report.`,
    (s: System) => `Action: move the ${s.name} cron from 02:00 to 04:30 UTC to avoid the backup window.`,
    (s: System) => `Action: the ${s.name} staging environment gets its own Redis cluster instead of sharing one.`,
  ];
  const internal: Array<Meeting & { system: string; action: string }> = [];
  for (const s of systems.values()) {
    day += 2;
    const d = new Date(Date.UTC(2024, 0, 1) + day * 86400000).toISOString().slice(0, 10);
    const t = teamOf(s.team);
    const who = [pk(t.lead), ...t.members.map(pk)];
    const path = `Meetings/${d.slice(0, 4)}/${d} ${s.name} planning.md`;
    const action = one(r, BURIED_ACTIONS)(s);
    const top = pad(r, 'en', 6000 + Math.floor(r() * 8000), ['Status', 'Risks', 'Staffing', 'Metrics']);
    const body = [`# ${s.name} planning`, '', '## Attendees', '', ...who.map((p) => `- ${link(p)}`), '', '## Discussion', '', ...top, '## Actions', '', action, '', ...pad(r, 'en', 300, [])];
    pages[path] = fm({ type: 'meeting', date: d, project: `[[${s.name}]]`, tags: ['meeting', 'planning'] }) + body.join('\n');
    internal.push({ path, system: s.key, attendees: who.map((p) => p.key), date: d, lang: 'en', action });
  }

  // --- decisions (recency) ---
  const decisions: Array<{ topic: string; path: string; date: string; choice: string }> = [];
  let adr = 1;
  for (const tpc of DECISION_TOPICS) {
    const s = systems.get(tpc.system)!;
    const years = [2022, 2023, 2025];
    const paths: string[] = [];
    tpc.options.forEach((choice, i) => {
      const d = `${years[i]}-${String(2 + Math.floor(r() * 9)).padStart(2, '0')}-${String(1 + Math.floor(r() * 27)).padStart(2, '0')}`;
      const path = `Decisions/ADR-${String(adr++).padStart(3, '0')} ${tpc.subject}${i ? ` (revisited ${years[i]})` : ''}.md`;
      const last = i === tpc.options.length - 1;
      const body = [
        `# ${tpc.subject}`,
        '',
        `Status: ${last ? 'accepted' : 'superseded'}`,
        `Date: ${d}`,
        '',
        '## Context',
        '',
        `See [[${s.name}]]. ${i ? `This revisits [[${base(paths[i - 1]!)}]].` : ''}`,
        '',
        '## Decision',
        '',
        `We go with ${choice} for the ${tpc.subject.toLowerCase()}.`,
        '',
        ...pad(r, 'en', 800 + Math.floor(r() * 1500), ['Consequences', 'Alternatives considered']),
      ];
      pages[path] = fm({ type: 'decision', date: d, status: last ? 'accepted' : 'superseded', project: `[[${s.name}]]`, tags: ['decision', 'adr'] }) + body.join('\n');
      paths.push(path);
      decisions.push({ topic: tpc.key, path, date: d, choice });
    });
  }

  // --- handbooks (long, answer buried deep) ---
  const books = [...new Set(DEEP_FACTS.map((f) => f.book))];
  const bookPath = (b: string) => `Handbook/${b}.md`;
  for (const b of books) {
    const facts = DEEP_FACTS.filter((f) => f.book === b);
    const body = [`# ${b}`, ''];
    for (const f of facts) {
      body.push(...pad(r, 'en', 3000 + Math.floor(r() * 2500), ['Principles', 'Tooling', 'Process', 'Exceptions', 'Contacts', 'Appendix']));
      body.push(f.fact, '');
    }
    body.push(...pad(r, 'en', 1000, ['Changelog']));
    pages[bookPath(b)] = fm({ type: 'handbook', tags: ['handbook'], aliases: [b.replace(' Handbook', ' guide')] }) + body.join('\n');
  }

  // --- incident pages with ids, emails ---
  const incidents: Array<{ path: string; ticket: Ticket; host: string; code: string }> = [];
  tickets.forEach((k, i) => {
    if (i % 2) return; // half of the tickets get their own page, the rest live only on the project page
    const s = systems.get(k.system)!;
    const host = `${s.key}-db-${1 + (i % 4)}.eu-west-${1 + (i % 3)}.internal`;
    const code = `E_${s.name.toUpperCase()}_${one(r, ['TIMEOUT', 'QUOTA', 'STALE', 'DUP'])}_${100 + i}`;
    const path = `Incidents/${k.id} ${k.symptom.split(' ').slice(0, 4).join(' ')}.md`;
    k.path = path;
    const rep = pk(k.reporter);
    const body = [`# ${k.id}: ${k.symptom}`, '', `System: [[${s.name}]]. Reported by ${link(rep)} (${rep.email}).`, '', ...pad(r, 'en', 1500 + Math.floor(r() * 3000), ['Timeline', 'Impact']), `Root cause: ${k.symptom} on host ${host}, surfacing as error ${code}.`, '', ...pad(r, 'en', 500, ['Follow-ups'])];
    pages[path] = fm({ type: 'incident', ticket: k.id, severity: one(r, ['SEV2', 'SEV3']), tags: ['incident'] }) + body.join('\n');
    incidents.push({ path, ticket: k, host, code });
  });

  // --- filler pages: daily notes and reading notes (noise) ---
  for (let i = 0; i < 40; i++) {
    const d = new Date(Date.UTC(2025, 0, 1) + i * 5 * 86400000).toISOString().slice(0, 10);
    const s = one(r, [...systems.values()]);
    const p = one(r, home);
    pages[`Daily/${d}.md`] = fm({ type: 'daily', tags: ['daily'] }) + [`# ${d}`, '', `- Worked on [[${s.name}]] with ${link(p)}.`, '', ...pad(r, 'en', 500 + Math.floor(r() * 2500), [])].join('\n');
  }

  // ================================ questions ================================
  const rname = (p: Person) => p.latin ?? p.name;
  const pathsOf = (keys: string[]) => keys.map((k) => pk(k).path);

  // relational
  for (const s of systems.values()) {
    const t = teamOf(s.team);
    ask('relational', 'team-owning', one(r, [`which team owns ${s.name}`, `${s.name} owner team`, `team responsible for ${s.name}`]), [t.path]);
  }
  for (const t of teams) ask('relational', 'team-members', one(r, [`who is on the ${t.name} team`, `members of ${t.name}`, `${t.name} team people`]), pathsOf([t.lead, ...t.members]));
  for (const o of orgList.slice(0, 10)) {
    const staff = people.filter((p) => p.org === o.key);
    ask('relational', 'contacts-at', one(r, [`our contacts at ${o.name}`, `who works at ${o.aliases[0]}`, `people at ${o.name}`]), staff.map((p) => p.path));
  }
  for (const m of internal.slice(0, 6)) ask('relational', 'attendees', `who attended the ${systems.get(m.system)!.name} planning meeting`, pathsOf(m.attendees));

  // paraphrase (no shared keywords with the system page's description)
  for (const s of systems.values()) ask('paraphrase', 'system-by-function', s.para, [s.path]);
  const BOOK_PARA: Record<string, string> = {
    'Engineering Handbook': 'how developers ship code here and what they must follow',
    'Finance Handbook': 'rules for getting reimbursed for work costs',
    'People Handbook': 'perks and time off for staff',
    'Security Handbook': 'keeping devices and logins safe',
    'Incident Handbook': 'what to do when production goes down',
  };
  for (const [b, q] of Object.entries(BOOK_PARA)) ask('paraphrase', 'document-by-function', q, [bookPath(b)]);

  // identifier
  for (const k of tickets.slice(0, 14)) {
    const s = systems.get(k.system)!;
    const where = k.path ? [k.path, s.path] : [s.path];
    ask('identifier', 'ticket', one(r, [k.id, `${k.id}`, `what is ${k.id} about`, `status of ${k.id.toLowerCase()}`]), where);
  }
  for (const p of people.filter((x) => x.org !== 'home').slice(0, 8)) ask('identifier', 'email', r() < 0.5 ? p.email : `whose address is ${p.email}`, [p.path, orgs.get(p.org)!.path]);
  for (const rel of releases.filter((_, i) => i % 4 === 1).slice(0, 8)) {
    const s = systems.get(rel.system)!;
    ask('identifier', 'version', one(r, [`${s.name} ${rel.version} release notes`, `what changed in ${s.name} v${rel.version}`, `${s.name.toLowerCase()} ${rel.version}`]), [rel.path]);
  }
  for (const inc of incidents.slice(0, 8)) ask('identifier', r() < 0.5 ? 'host' : 'error-code', r() < 0.5 ? inc.host : inc.code, [inc.path]);

  // two-hop
  for (const t of teams.slice(0, 8)) {
    const lead = pk(t.lead);
    ask('two-hop', 'systems-of-lead', one(r, [`which systems does ${rname(lead)}'s team own`, `projects owned by the team ${stripMarks(rname(lead))} leads`]), t.systems.map((x) => systems.get(x)!.path));
  }
  for (const s of [...systems.values()].slice(0, 10)) {
    const t = teamOf(s.team);
    ask('two-hop', 'lead-of-owner', one(r, [`who runs the team that owns ${s.name}`, `who leads the team behind ${s.name}`, `manager of the team maintaining ${s.name}`]), [pk(t.lead).path]);
  }
  for (const inc of incidents.slice(0, 6)) {
    const rep = pk(inc.ticket.reporter);
    const t = rep.team ? teamOf(rep.team) : undefined;
    if (t) ask('two-hop', 'team-of-reporter', `which team is the person who reported ${inc.ticket.id} on`, [t.path]);
  }

  // deep
  for (const f of DEEP_FACTS) ask('deep', 'handbook-fact', f.q, [bookPath(f.book)]);
  for (const m of internal.slice(0, 8)) {
    const what = m.action.replace(/^Action: /, '').replace(/\.$/, '');
    const s = systems.get(m.system)!;
    const q = what.includes('cron') ? `when did we decide to move the ${s.name} cron job` : what.includes('Redis') ? `which meeting decided ${s.name} staging gets its own redis` : `when was the ${s.name} schema freeze for the auditors agreed`;
    ask('deep', 'buried-action', q, [m.path]);
  }

  // typo
  const typo = (s: string, k: number) => {
    const w = stripMarks(s);
    const i = 2 + (k % Math.max(1, w.length - 4));
    return k % 3 === 0 ? w.slice(0, i) + w.slice(i + 1) : k % 3 === 1 ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, i) + w[i] + w.slice(i);
  };
  const typoPeople = people.filter((p) => nameCount.get(p.name) === 1 && (p.latin ?? p.name).length > 8).slice(0, 14);
  typoPeople.forEach((p, k) => {
    const n = rname(p);
    const parts = n.split(' ');
    const last = parts.length - 1;
    parts[last] = typo(parts[last]!, k);
    ask('typo', 'person', one(r, [`${parts.join(' ')}`, `who is ${parts.join(' ')}`, `${parts.join(' ')} email`]), [p.path]);
  });
  [...systems.values()].slice(0, 8).forEach((s, k) => ask('typo', 'system', `${typo(s.name, k + 1).toLowerCase()} architecture`, [s.path]));

  // recency
  for (const tpc of DECISION_TOPICS) {
    const newest = decisions.filter((d) => d.topic === tpc.key).sort((a, b) => b.date.localeCompare(a.date))[0]!;
    for (const q of tpc.q) ask('recency', 'latest-decision', q, [newest.path]);
  }
  // The newest meeting with a company.
  for (const o of orgList.slice(0, 8)) {
    const ms = meetings.filter((m) => m.org === o.key).sort((a, b) => b.date.localeCompare(a.date));
    if (ms.length > 1) ask('recency', 'last-meeting', `our most recent meeting with ${o.name}`, [ms[0]!.path]);
  }

  // distractor (same name, other company)
  for (const n of ['Daniel Weber', 'Marie Laurent', 'Claire Dubois', 'Ethan Brooks']) {
    for (const p of people.filter((x) => x.name === n)) {
      const o = orgs.get(p.org)!;
      ask('distractor', 'same-name-person', one(r, [`${n} from ${o.name}`, `${n} (${o.aliases[0] === 'Atlas' || o.aliases[0] === 'Meridian' ? o.name : o.aliases[0]})`, `${n} ${p.title}`]), [p.path]);
    }
  }
  for (const key of ['atlasr', 'atlasc', 'meridh', 'meridf']) {
    const o = orgs.get(key)!;
    ask('distractor', 'same-name-company', one(r, [`the Atlas company that does ${o.does}`, `${o.name} ${o.city}`]).replace('Atlas company', o.name.split(' ')[0] + ' company'), [o.path]);
  }
  for (const rel of releases.filter((_, i) => i % 3 === 2).slice(0, 6)) {
    const s = systems.get(rel.system)!;
    ask('distractor', 'near-version', `${s.name} ${rel.version}`, [rel.path]);
  }

  // multilingual: questions in the page's language, sometimes without accents; English questions
  // about foreign-language pages.
  const ML: Array<[Lang, (o: string) => string, boolean]> = [
    ['fr', (o) => `compte rendu de réunion avec ${o}`, true],
    ['de', (o) => `Besprechungsprotokoll ${o}`, true],
    ['es', (o) => `acta de la reunión con ${o}`, true],
    ['ru', (o) => `встреча с ${o}`, false],
    ['el', (o) => `συνάντηση με ${o}`, false],
    ['ja', (o) => `${o}との打ち合わせ`, false],
    ['zh', (o) => `与${o}的会议记录`, false],
    ['ar', (o) => `اجتماع مع ${o}`, false],
  ];
  for (const [lang, f, accents] of ML) {
    const o = orgList.find((x) => x.lang === lang)!;
    const ms = meetings.filter((m) => m.org === o.key).map((m) => m.path);
    const q = f(o.native ?? o.name);
    ask('multilingual', `meetings-${lang}`, accents && r() < 0.6 ? stripMarks(q) : q, ms);
    ask('multilingual', `company-native-${lang}`, o.native ?? stripMarks(o.name), [o.path]);
  }
  for (const p of people.filter((x) => x.latin)) ask('multilingual', 'latin-name-of-native', p.latin!, [p.path]);
  for (const p of people.filter((x) => x.latin).slice(0, 5)) ask('multilingual', 'native-name', p.name, [p.path]);
  for (const p of people.filter((x) => !x.latin && x.name !== stripMarks(x.name) && nameCount.get(x.name) === 1).slice(0, 8)) ask('multilingual', 'unaccented-name', stripMarks(p.name).toLowerCase(), [p.path]);

  // natural: full sentences as an agent asks them, over the other kinds
  for (const s of [...systems.values()].slice(4, 12)) {
    const t = teamOf(s.team);
    ask('natural', 'owner', `Can you tell me which team I should talk to about ${s.name}? I need whoever owns it.`, [t.path]);
  }
  for (const inc of incidents.slice(2, 8)) ask('natural', 'incident', `I'm looking for the write-up of the incident where we had ${inc.ticket.symptom} in ${systems.get(inc.ticket.system)!.name} — do we have notes on that?`, [inc.path]);
  for (const o of orgList.slice(2, 9)) {
    const staff = people.filter((p) => p.org === o.key);
    if (staff.length) ask('natural', 'contact', `I have a call with ${o.name} tomorrow, who is our main contact there and what is their email?`, staff.map((p) => p.path));
  }
  for (const f of DEEP_FACTS.slice(5, 11)) ask('natural', 'policy', `Quick question from a new joiner: ${f.q}?`, [bookPath(f.book)]);

  return { pages, questions };
}
