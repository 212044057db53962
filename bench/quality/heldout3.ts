// A third held-out evaluation set, written apart from world.ts, heldout2.ts and the engine (no file
// under src/ was read to write it): the Obsidian vault of a hospital research group, the
// Ravensworth Cardiometabolic Research Unit (RCRU), with its staff and reporting lines, seven
// studies known by acronyms, six partner hospitals abroad whose pages and people are written in
// German, French, Spanish, Japanese, Russian and Arabic, committees, dated minutes and protocol
// amendments, long SOPs (2,000–4,000 words) with facts buried deep, and look-alike pages that share
// words with the questions but are not the answer (a lantern parade, a saltwater aquarium, a café
// called Night Owl, a superseded SOP). Pages use vault conventions: folders, [[wiki links]] with
// aliases and heading links, frontmatter aliases and tags, relations stated on one side only.
// The ~120 questions are hand-written the way staff ask (paraphrases that share no word with the
// page, two-hop relations, another language than the page, typos, distractors, negation, date
// scopes, acronyms, deep facts); each names its expected pages from the ground truth here, never
// from the engine. Filler prose and link styles come from a seeded generator, so the vault is the
// same for a given seed. Nothing in src/ may import this file.

export type Heldout3Family = 'relational' | 'two-hop' | 'paraphrase' | 'crosslingual' | 'typo' | 'distractor' | 'negation' | 'date' | 'acronym' | 'deep';
export const HELDOUT3_FAMILIES: Heldout3Family[] = ['relational', 'two-hop', 'paraphrase', 'crosslingual', 'typo', 'distractor', 'negation', 'date', 'acronym', 'deep'];

export interface Heldout3Question {
  family: Heldout3Family;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Heldout3 {
  pages: Record<string, string>;
  questions: Heldout3Question[];
}

// --- randomness (mulberry32, own stream) ---------------------------------------------------------
type R = () => number;
function mulberry(seed: number): R {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const one = <T>(r: R, a: readonly T[]): T => a[Math.floor(r() * a.length)]!;

type Lang = 'en' | 'de' | 'fr' | 'es' | 'ja' | 'ru' | 'ar';

// --- filler prose (own phrasing; no study names, no buried facts) --------------------------------
const FILLER: Record<Lang, string[]> = {
  en: [
    'Source data verification was completed for the first twenty participants without major findings.',
    'The monitoring plan assumes one on-site visit per quarter and remote review in between.',
    'Screen failures were mostly due to out-of-range laboratory values at the first visit.',
    'Several participants asked for evening appointments, which the outpatient clinic cannot offer yet.',
    'The electronic case report form was updated to version 4.2 after the last round of edit checks.',
    'Protocol deviations are logged in the deviation tracker and reviewed at the monthly operations meeting.',
    'Drug accountability logs were reconciled with the pharmacy records and matched.',
    'The site file was reorganised so that delegation logs sit at the front of each section.',
    'Recruitment slowed over the summer holidays, as it does every year.',
    'The sponsor asked for a short narrative on every withdrawal of consent.',
    'Training records for two new research nurses are still missing from the investigator site file.',
    'Data queries older than a fortnight were raised with the coordinators individually.',
    'Travel reimbursement for participants is paid by bank transfer within four weeks.',
    'The patient and public involvement group reviewed the newsletter draft and suggested plainer wording.',
    'A temperature excursion in the pharmacy fridge was investigated and found to be within tolerance.',
    'The interim analysis plan was signed off and filed in the trial master file.',
    'The laboratory manual now includes photographs of correctly filled tubes.',
    'Two participants were lost to follow-up after moving abroad.',
    'Visit windows of plus or minus seven days were respected in ninety-four percent of visits.',
    'Randomisation is performed in the web system and the allocation is concealed from the assessors.',
    'The statistical analysis plan follows the estimand framework and was finalised before unblinding.',
    'Participants receive a wallet card with the emergency contact number of the study team.',
    'Questionnaires are available on paper and on a tablet in the waiting area.',
    'The annual progress report was submitted to the funder on time.',
    'Staff turnover at one site delayed the initiation visit by six weeks.',
    'A newsletter for participants is sent twice a year with general progress and no individual results.',
    'Minor findings from the last audit were closed with corrective and preventive actions.',
    'The end-of-study letter template was approved together with the last substantial modification.',
    'Every change to the analysis code is reviewed by a second statistician before it is merged.',
    'The outpatient team flagged that parking near the research clinic is difficult on Mondays.',
    'Coordinators meet every Thursday to compare recruitment and share tips.',
    'Sample kits are ordered from the central laboratory at least three weeks in advance.',
    'A short slide deck explaining the study is used at the multidisciplinary team meeting.',
    'The budget line for participant travel was underspent in the first year.',
    'All essential documents are scanned and stored in the electronic trial master file.',
  ],
  de: [
    'Die Quelldatenverifizierung für die ersten Patientinnen und Patienten ergab keine wesentlichen Befunde.',
    'Der Monitoringplan sieht einen Besuch vor Ort pro Quartal vor.',
    'Screening-Ausfälle beruhten meist auf Laborwerten außerhalb des Referenzbereichs.',
    'Das Prüfarztordner wurde neu sortiert, die Delegationslisten stehen jetzt vorne.',
    'Die Rekrutierung ließ in den Sommerferien wie jedes Jahr nach.',
    'Schulungsnachweise für zwei neue Study Nurses fehlen noch.',
    'Offene Datenanfragen wurden mit dem Studienteam einzeln besprochen.',
    'Die Fahrtkosten der Teilnehmenden werden innerhalb von vier Wochen erstattet.',
    'Die Apotheke hat die Arzneimittelbilanz abgeglichen; sie stimmte.',
    'Der nächste Monitoringbesuch ist für das kommende Quartal geplant.',
  ],
  fr: [
    'La vérification des données sources n’a révélé aucun écart majeur pour les premiers patients.',
    'Le plan de monitorage prévoit une visite sur site par trimestre.',
    'Les échecs de sélection sont surtout dus à des valeurs biologiques hors normes.',
    'Le classeur investigateur a été réorganisé ; les registres de délégation sont en tête.',
    'Les inclusions ont ralenti pendant les vacances d’été, comme chaque année.',
    'Les attestations de formation de deux infirmières de recherche manquent encore.',
    'Les requêtes de plus de quinze jours ont été relancées auprès de l’équipe.',
    'Les frais de transport des participants sont remboursés sous quatre semaines.',
    'La pharmacie a rapproché la comptabilité des traitements ; tout concorde.',
    'La prochaine visite de monitorage est prévue au trimestre suivant.',
  ],
  es: [
    'La verificación de datos fuente no mostró hallazgos relevantes en los primeros pacientes.',
    'El plan de monitorización prevé una visita presencial por trimestre.',
    'Los fallos de selección se debieron sobre todo a valores de laboratorio fuera de rango.',
    'El archivo del investigador se reorganizó; los registros de delegación van al principio.',
    'El reclutamiento bajó durante las vacaciones de verano, como cada año.',
    'Faltan todavía los certificados de formación de dos enfermeras de investigación.',
    'Las consultas de datos de más de quince días se revisaron con el equipo.',
    'Los gastos de desplazamiento de los participantes se reembolsan en cuatro semanas.',
    'La farmacia concilió el balance de medicación y cuadraba.',
    'La próxima visita de monitorización está prevista para el trimestre siguiente.',
  ],
  ja: [
    '最初の症例の原資料照合では重大な指摘はなかった。',
    'モニタリング計画では四半期ごとに一回の訪問を予定している。',
    'スクリーニング不適格の多くは検査値が基準範囲外であったためである。',
    '治験責任医師ファイルを整理し、委任記録を先頭に置いた。',
    '夏休みの期間は例年どおり登録が減少した。',
    '新しい研究看護師二名の教育記録がまだ揃っていない。',
    '二週間以上未回答のクエリは担当者に個別に確認した。',
    '参加者の交通費は四週間以内に振り込まれる。',
    '薬剤部で治験薬の管理記録を照合し、一致を確認した。',
    '次回のモニタリング訪問は来四半期に予定している。',
  ],
  ru: [
    'Сверка с первичной документацией по первым пациентам существенных замечаний не выявила.',
    'План мониторинга предусматривает один визит на центр в квартал.',
    'Отказы при скрининге связаны в основном с лабораторными показателями вне нормы.',
    'Папку исследователя пересобрали, журналы делегирования теперь в начале.',
    'Летом набор, как и каждый год, замедлился.',
    'Не хватает сертификатов обучения двух новых исследовательских медсестёр.',
    'Запросы по данным старше двух недель разобрали с командой отдельно.',
    'Расходы участников на дорогу возмещаются в течение четырёх недель.',
    'Аптека сверила учёт исследуемого препарата, расхождений нет.',
    'Следующий мониторинговый визит запланирован на следующий квартал.',
  ],
  ar: [
    'لم تكشف مطابقة البيانات مع المصادر عن ملاحظات جوهرية لدى المرضى الأوائل.',
    'تنص خطة المراقبة على زيارة ميدانية واحدة كل ربع سنة.',
    'يعود معظم حالات عدم الأهلية إلى قيم مخبرية خارج النطاق الطبيعي.',
    'أعيد ترتيب ملف الباحث وأصبحت سجلات التفويض في بدايته.',
    'تباطأ التسجيل خلال العطلة الصيفية كما يحدث كل عام.',
    'ما زالت شهادات التدريب لممرضتين جديدتين ناقصة.',
    'تمت مراجعة الاستفسارات التي مضى عليها أكثر من أسبوعين مع الفريق.',
    'تعاد تكاليف تنقل المشاركين خلال أربعة أسابيع.',
    'طابقت الصيدلية سجلات الدواء التجريبي ولم توجد فروق.',
    'الزيارة القادمة للمراقبة مقررة في الربع التالي.',
  ],
};

function filler(r: R, lang: Lang, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    let x = one(r, FILLER[lang]);
    while (out.includes(x)) x = one(r, FILLER[lang]);
    out.push(x);
  }
  return out.join(lang === 'ja' ? '' : ' ');
}

/** Paragraphs of filler (under the given headings, spread out) until about `words` words. */
function padWords(r: R, lang: Lang, words: number, headings: string[] = []): string {
  const out: string[] = [];
  let n = 0;
  let h = 0;
  const count = (s: string) => (lang === 'ja' ? Math.ceil(s.length / 2.5) : s.split(/\s+/).length);
  while (n < words) {
    if (h < headings.length && r() < 0.35) out.push(`## ${headings[h++]}`, '');
    const p = filler(r, lang, 3 + Math.floor(r() * 4));
    out.push(p, '');
    n += count(p);
  }
  while (h < headings.length) out.push(`## ${headings[h++]}`, '', filler(r, lang, 3), '');
  return out.join('\n');
}

function fm(obj: Record<string, unknown>): string {
  const lines = ['---'];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => JSON.stringify(String(x))).join(', ')}]`);
    else lines.push(`${k}: ${typeof v === 'string' && /[:#\[\]{}"',|>]|^\s|\s$/.test(v) ? JSON.stringify(v) : String(v)}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

// --- the cast ------------------------------------------------------------------------------------
interface Person {
  key: string;
  name: string;
  folder: string;
  lang: Lang;
  title: string;
  /** 'rcru', a site key, or 'ext'. */
  org: string;
  manager?: string;
  aliases?: string[];
  email: string;
  /** The person's own summary line (paraphrase questions are checked against it). */
  summary: string;
}

const P = (name: string) => `People/${name}.md`;

const PEOPLE: Person[] = [
  { key: 'ostrowski', name: 'Margarethe Ostrowski', folder: 'People', lang: 'en', title: 'Director', org: 'rcru', aliases: ['Prof. Ostrowski', 'Prof O'], email: 'm.ostrowski@ravensworth-hospital.org', summary: 'Professor of cardiovascular medicine and Director of the Ravensworth Cardiometabolic Research Unit since 2019.' },
  { key: 'asante', name: 'Kwame Asante-Boateng', folder: 'People', lang: 'en', title: 'Head of Clinical Trials', org: 'rcru', manager: 'ostrowski', aliases: ['Kwame', 'Dr Asante-Boateng'], email: 'k.asante-boateng@ravensworth-hospital.org', summary: 'Head of Clinical Trials; line-manages the principal investigators, the research nurses and pharmacovigilance.' },
  { key: 'carvalho', name: 'Inês Carvalho', folder: 'People', lang: 'en', title: 'Head of Biostatistics', org: 'rcru', manager: 'ostrowski', aliases: ['Ines Carvalho'], email: 'i.carvalho@ravensworth-hospital.org', summary: 'Head of Biostatistics; leads the statisticians and the data management team.' },
  { key: 'rehm', name: 'Tobias Rehm', folder: 'People', lang: 'en', title: 'Head of Data Management', org: 'rcru', manager: 'carvalho', email: 't.rehm@ravensworth-hospital.org', summary: 'Head of Data Management; owns the study databases and database lock.' },
  { key: 'siobhan', name: 'Siobhán Mac Giolla Phádraig', folder: 'People', lang: 'en', title: 'Lead Research Nurse', org: 'rcru', manager: 'asante', aliases: ['Shiv', 'Siobhan MacGiolla'], email: 's.macgiollaphadraig@ravensworth-hospital.org', summary: 'Lead Research Nurse; manages the study coordinators and the research clinic rota.' },
  { key: 'brandvold', name: 'Helga Brandvold', folder: 'People', lang: 'en', title: 'Consultant Cardiologist', org: 'rcru', manager: 'asante', aliases: ['Dr Brandvold'], email: 'h.brandvold@ravensworth-hospital.org', summary: 'Consultant cardiologist with an interest in heart failure; chief investigator of one of our telemonitoring trials.' },
  { key: 'venkat', name: 'Rahul Venkataraman', folder: 'People', lang: 'en', title: 'Consultant Endocrinologist', org: 'rcru', manager: 'asante', aliases: ['Dr V', 'Rahul V.'], email: 'r.venkataraman@ravensworth-hospital.org', summary: 'Consultant endocrinologist; runs the early diabetes clinic.' },
  { key: 'fontaine', name: 'Amélie Fontaine-Roux', folder: 'People', lang: 'en', title: 'Consultant Electrophysiologist', org: 'rcru', manager: 'asante', aliases: ['Amélie', 'Dr Fontaine-Roux'], email: 'a.fontaine-roux@ravensworth-hospital.org', summary: 'Consultant electrophysiologist; leads the arrhythmia research programme.' },
  { key: 'prichard', name: 'Owen Prichard', folder: 'People', lang: 'en', title: 'Consultant Nephrologist', org: 'rcru', manager: 'asante', email: 'o.prichard@ravensworth-hospital.org', summary: 'Consultant nephrologist with a hypertension clinic.' },
  { key: 'khoury', name: 'Yasmin Khoury', folder: 'People', lang: 'en', title: 'Consultant in Sleep Medicine', org: 'rcru', manager: 'asante', aliases: ['Dr Khoury'], email: 'y.khoury@ravensworth-hospital.org', summary: 'Consultant in respiratory and sleep medicine.' },
  { key: 'serafini', name: 'Matteo Serafini', folder: 'People', lang: 'en', title: 'Clinical Lipidologist', org: 'rcru', manager: 'ostrowski', email: 'm.serafini@ravensworth-hospital.org', summary: 'Clinical lipidologist and geneticist; runs the lipid clinic.' },
  { key: 'eze', name: 'Ngozi Eze', folder: 'People', lang: 'en', title: 'Occupational Health Physician', org: 'rcru', manager: 'asante', email: 'n.eze@ravensworth-hospital.org', summary: 'Occupational health physician and epidemiologist.' },
  { key: 'kowalczyk', name: 'Bartholomew Kowalczyk', folder: 'People', lang: 'en', title: 'Senior Trial Statistician', org: 'rcru', manager: 'carvalho', aliases: ['Bart'], email: 'b.kowalczyk@ravensworth-hospital.org', summary: 'Senior trial statistician.' },
  { key: 'lindholm', name: 'Freya Lindholm', folder: 'People', lang: 'en', title: 'Trial Statistician', org: 'rcru', manager: 'carvalho', email: 'f.lindholm@ravensworth-hospital.org', summary: 'Trial statistician working mostly on device and cohort studies.' },
  { key: 'achterberg', name: 'Jonas Achterberg', folder: 'People', lang: 'en', title: 'Data Manager', org: 'rcru', manager: 'rehm', email: 'j.achterberg@ravensworth-hospital.org', summary: 'Data manager for the registry and the observational studies.' },
  { key: 'ferrer', name: 'Lucía Ferrer Obregón', folder: 'People', lang: 'en', title: 'Study Coordinator', org: 'rcru', manager: 'siobhan', aliases: ['Lucía', 'Lucia Ferrer'], email: 'l.ferrer@ravensworth-hospital.org', summary: 'Study coordinator.' },
  { key: 'osullivan', name: 'Tadhg O’Sullivan', folder: 'People', lang: 'en', title: 'Study Coordinator', org: 'rcru', manager: 'siobhan', aliases: ["Tadhg O'Sullivan", 'Tadhg'], email: 't.osullivan@ravensworth-hospital.org', summary: 'Study coordinator.' },
  { key: 'adjei', name: 'Priscilla Adjei', folder: 'People', lang: 'en', title: 'Study Coordinator', org: 'rcru', manager: 'siobhan', email: 'p.adjei@ravensworth-hospital.org', summary: 'Study coordinator.' },
  { key: 'drummond', name: 'Hamish Drummond', folder: 'People', lang: 'en', title: 'Quality Assurance Manager', org: 'rcru', manager: 'ostrowski', email: 'h.drummond@ravensworth-hospital.org', summary: 'Quality Assurance Manager: runs audits, owns the SOP system and inspection readiness.' },
  { key: 'goldblum', name: 'Esther Goldblum', folder: 'People', lang: 'en', title: 'Pharmacovigilance Lead', org: 'rcru', manager: 'asante', email: 'e.goldblum@ravensworth-hospital.org', summary: 'Pharmacovigilance lead; assesses safety reports for all interventional trials.' },
  { key: 'mbeki', name: 'Rosalind Mbeki-Hart', folder: 'People', lang: 'en', title: 'Biobank Manager', org: 'rcru', manager: 'asante', aliases: ['Ros'], email: 'r.mbeki-hart@ravensworth-hospital.org', summary: 'Biobank Manager; runs the unit’s specimen archive and its laboratory technicians.' },
  { key: 'vandersteen', name: 'Ilse Vandersteen', folder: 'People', lang: 'en', title: 'Regulatory Affairs Officer', org: 'rcru', manager: 'drummond', email: 'i.vandersteen@ravensworth-hospital.org', summary: 'Regulatory Affairs Officer. Prepares clinical trial applications and substantial modifications for the competent authorities.' },
  { key: 'brennan', name: 'Aoife Brennan', folder: 'People', lang: 'en', title: 'Grants Officer', org: 'rcru', manager: 'ostrowski', email: 'a.brennan@ravensworth-hospital.org', summary: 'Grants Officer: prepares grant proposals and reports to funding bodies such as the Wellcome Trust and Horizon Europe.' },
  // committee chairs and look-alikes
  { key: 'okonkwo', name: 'Desmond Okonkwo-Hale', folder: 'People', lang: 'en', title: 'Chair, Research Ethics Committee', org: 'ext', email: 'd.okonkwo-hale@ravensworth.ac.uk', summary: 'Retired paediatrician and lay ethicist.' },
  { key: 'sorensen', name: 'Annika Sørensen', folder: 'People', lang: 'en', title: 'Independent chair', org: 'ext', aliases: ['Annika Sorensen'], email: 'annika.sorensen@ku-biostat.dk', summary: 'Professor of biostatistics in Copenhagen.' },
  { key: 'brandt', name: 'Helge Brandt', folder: 'People', lang: 'en', title: 'Estates and Facilities Manager', org: 'ext', email: 'h.brandt@ravensworth-hospital.org', summary: 'Estates and Facilities Manager for the research building.' },
  // partner sites
  { key: 'vogt', name: 'Anke Vogt', folder: 'People', lang: 'de', title: 'Prüfärztin (Standortleitung)', org: 'hannover', aliases: ['PD Dr. Anke Vogt'], email: 'vogt.anke@klinikum-nordstadt.de', summary: 'Oberärztin der Diabetologie und Leiterin des Studienzentrums.' },
  { key: 'pfeiffer', name: 'Jürgen Pfeiffer', folder: 'People', lang: 'de', title: 'Studienkoordinator', org: 'hannover', email: 'pfeiffer.juergen@klinikum-nordstadt.de', summary: 'Koordiniert die Studien am Klinikum Nordstadt.' },
  { key: 'lemaire', name: 'Benoît Lemaire-Sarrazin', folder: 'People', lang: 'fr', title: 'Investigateur principal du centre', org: 'vannes', aliases: ['Pr Lemaire-Sarrazin'], email: 'benoit.lemaire-sarrazin@chu-vannes-atlantique.fr', summary: 'Professeur de cardiologie, responsable du centre d’investigation clinique.' },
  { key: 'aubry', name: 'Clémence Aubry', folder: 'People', lang: 'fr', title: 'Attachée de recherche clinique (ARC)', org: 'vannes', email: 'clemence.aubry@chu-vannes-atlantique.fr', summary: 'Attachée de recherche clinique au centre d’investigation clinique.' },
  { key: 'etxeberria', name: 'Begoña Etxeberria Lasa', folder: 'People', lang: 'es', title: 'Investigadora principal del centro', org: 'murcia', aliases: ['Dra. Etxeberria'], email: 'begona.etxeberria@hrs-murcia.es', summary: 'Jefa de sección de endocrinología y responsable de la unidad de ensayos.' },
  { key: 'ballesteros', name: 'Joaquín Ballesteros', folder: 'People', lang: 'es', title: 'Coordinador de ensayos', org: 'murcia', email: 'joaquin.ballesteros@hrs-murcia.es', summary: 'Coordina los ensayos clínicos de la unidad.' },
  { key: 'morimoto', name: '森本 直樹', folder: 'People', lang: 'ja', title: '施設責任医師', org: 'tokyo', aliases: ['Naoki Morimoto', 'Morimoto-sensei'], email: 'n.morimoto@toto-med.ac.jp', summary: '循環器内科准教授。臨床研究センター長。' },
  { key: 'ishikawa', name: '石川 さやか', folder: 'People', lang: 'ja', title: '治験コーディネーター（CRC）', org: 'tokyo', aliases: ['Sayaka Ishikawa'], email: 's.ishikawa@toto-med.ac.jp', summary: '臨床研究センターの治験コーディネーター。' },
  { key: 'gromova', name: 'Ольга Громова', folder: 'People', lang: 'ru', title: 'Главный исследователь центра', org: 'kazan', aliases: ['Olga Gromova', 'О. В. Громова'], email: 'o.gromova@gkb17-kazan.ru', summary: 'Заведующая отделением кардиологии, руководитель исследовательского центра.' },
  { key: 'belousov', name: 'Артём Белоусов', folder: 'People', lang: 'ru', title: 'Координатор исследований', org: 'kazan', aliases: ['Artyom Belousov'], email: 'a.belousov@gkb17-kazan.ru', summary: 'Координатор клинических исследований.' },
  { key: 'nabulsi', name: 'ليلى النابلسي', folder: 'People', lang: 'ar', title: 'الباحثة الرئيسية في المركز', org: 'amman', aliases: ['Layla Al-Nabulsi', 'Dr Layla Nabulsi'], email: 'l.nabulsi@alamal-hospital.jo', summary: 'استشارية أمراض القلب ورئيسة وحدة الأبحاث السريرية.' },
  { key: 'omari', name: 'يوسف العمري', folder: 'People', lang: 'ar', title: 'منسق الدراسات', org: 'amman', aliases: ['Yousef Al-Omari'], email: 'y.omari@alamal-hospital.jo', summary: 'منسق الدراسات السريرية في الوحدة.' },
];
const person = new Map(PEOPLE.map((p) => [p.key, p]));
const pp = (key: string) => P(person.get(key)!.name);

interface Site {
  key: string;
  name: string;
  lang: Lang;
  city: string;
  country: string;
  aliases: string[];
  pi: string;
  coord: string;
  summary: string;
}
const SITES: Site[] = [
  { key: 'hannover', name: 'Klinikum Nordstadt Hannover', lang: 'de', city: 'Hannover', country: 'Deutschland', aliases: ['KNH', 'Nordstadt'], pi: 'vogt', coord: 'pfeiffer', summary: 'Universitäres Lehrkrankenhaus mit einem Studienzentrum für Stoffwechselerkrankungen.' },
  { key: 'vannes', name: 'CHU de Vannes-Atlantique', lang: 'fr', city: 'Vannes', country: 'France', aliases: ['CHU Vannes', 'Vannes'], pi: 'lemaire', coord: 'aubry', summary: 'Centre hospitalier universitaire doté d’un centre d’investigation clinique de cardiologie.' },
  { key: 'murcia', name: 'Hospital Universitario Río Segura', lang: 'es', city: 'Murcia', country: 'España', aliases: ['HURS', 'Río Segura'], pi: 'etxeberria', coord: 'ballesteros', summary: 'Hospital universitario con una unidad de ensayos clínicos de endocrinología y nefrología.' },
  { key: 'tokyo', name: '東都医科大学病院', lang: 'ja', city: '東京', country: '日本', aliases: ['Toto Medical University Hospital', 'Tōto'], pi: 'morimoto', coord: 'ishikawa', summary: '東京都文京区の大学病院。臨床研究センターを併設。' },
  { key: 'kazan', name: 'Городская клиническая больница № 17 (Казань)', lang: 'ru', city: 'Казань', country: 'Россия', aliases: ['ГКБ 17', 'GKB 17 Kazan', 'Kazan City Clinical Hospital 17'], pi: 'gromova', coord: 'belousov', summary: 'Многопрофильная городская больница с исследовательским центром кардиологии.' },
  { key: 'amman', name: 'مستشفى الأمل التخصصي', lang: 'ar', city: 'عمّان', country: 'الأردن', aliases: ['Al-Amal Specialist Hospital', 'Al Amal Amman'], pi: 'nabulsi', coord: 'omari', summary: 'مستشفى تخصصي في عمّان يضم وحدة للأبحاث السريرية في أمراض القلب.' },
];
const site = new Map(SITES.map((s) => [s.key, s]));
const sp = (key: string) => `Sites/${site.get(key)!.name}.md`;

interface Study {
  key: string;
  acronym: string;
  full: string;
  summary: string;
  pi: string;
  stat: string;
  coord: string;
  sites: string[];
  protocol: string;
  register: string;
  status: string;
  start: string;
  target: number;
  facts: string[];
}
const STUDIES: Study[] = [
  {
    key: 'drift', acronym: 'DRIFT', full: 'Dapagliflozin for Remission In Fresh-onset Type 2 diabetes',
    summary: 'DRIFT is a randomised, double-blind, placebo-controlled trial testing whether twelve months of dapagliflozin, a sodium-glucose co-transporter 2 inhibitor, started within a year of diagnosis, brings newly diagnosed type 2 diabetes into remission.',
    pi: 'venkat', stat: 'kowalczyk', coord: 'ferrer', sites: ['hannover', 'murcia', 'tokyo'], protocol: 'RCRU-2023-04', register: 'EU CT 2023-504117-21-00', status: 'recruiting', start: '2023-10-02', target: 420,
    facts: [
      'The investigational product is stored at 2–25 °C in the pharmacy; each site keeps a calibrated min/max thermometer log.',
      'Remission is defined as an HbA1c below 48 mmol/mol at least three months after stopping all glucose-lowering medication.',
      'Participants keep a paper diary of symptomatic low blood sugar episodes between visits.',
    ],
  },
  {
    key: 'breathe', acronym: 'BREATHE-HF', full: 'Breathing Remote Evaluation And Telemonitoring in HEart Failure',
    summary: 'BREATHE-HF tests whether daily home spirometry and weight telemonitoring, reviewed by a nurse, reduce readmissions in patients discharged after decompensated heart failure.',
    pi: 'brandvold', stat: 'lindholm', coord: 'adjei', sites: ['vannes', 'kazan'], protocol: 'RCRU-2022-11', register: 'NCT05412277', status: 'follow-up complete, analysis ongoing', start: '2022-11-14', target: 310,
    facts: [
      'Readings are uploaded through a tablet hub; alerts go to the heart failure nurse team during working hours only.',
      'The last participant completed follow-up on 30 September 2025.',
    ],
  },
  {
    key: 'lantern', acronym: 'LANTERN', full: 'Looking for Atrial fibrillation with wrist-worN Technology after unExplained stRoke',
    summary: 'LANTERN screens survivors of cryptogenic ischaemic stroke for silent atrial fibrillation with a wrist-worn single-lead ECG watch worn for six months, against usual care of one 24-hour Holter recording.',
    pi: 'fontaine', stat: 'lindholm', coord: 'osullivan', sites: ['vannes', 'amman', 'tokyo'], protocol: 'RCRU-2024-02', register: 'NCT06120455', status: 'recruiting', start: '2024-04-22', target: 600,
    facts: [
      'No blood samples are taken in LANTERN; all outcome data come from the watch, the clinic ECG and the medical record.',
      'Each participant has a spare charger; lost watches are replaced once at no cost.',
    ],
  },
  {
    key: 'saltwater', acronym: 'SALTWATER', full: 'Sodium Avoidance in resistant hypertension: a Lifestyle Trial With Adaptive Targets and Education Reinforcement',
    summary: 'SALTWATER randomised adults with resistant hypertension to a dietitian-led low-sodium programme with urine sodium feedback or to standard advice; it was stopped early for futility in June 2025.',
    pi: 'prichard', stat: 'kowalczyk', coord: 'adjei', sites: ['murcia', 'amman'], protocol: 'RCRU-2021-09', register: 'ISRCTN48811902', status: 'terminated early (futility)', start: '2021-09-06', target: 280,
    facts: [
      'Twenty-four-hour urine collections are done at baseline, month three and month twelve.',
      'At termination 191 of the planned 280 participants had been randomised.',
    ],
  },
  {
    key: 'tideway', acronym: 'TIDEWAY', full: 'Treating Intermittent Desaturation to Enhance Weight And glYcaemia',
    summary: 'TIDEWAY tests whether supported CPAP adherence coaching improves HbA1c in adults with type 2 diabetes and moderate-to-severe obstructive sleep apnoea.',
    pi: 'khoury', stat: 'kowalczyk', coord: 'ferrer', sites: ['kazan', 'hannover'], protocol: 'RCRU-2025-01', register: 'NCT06655310', status: 'recruiting', start: '2025-03-03', target: 240,
    facts: [
      'Adherence is read remotely from the device modem; four hours a night on seventy percent of nights counts as adherent.',
      'Coaching calls happen weekly for the first eight weeks and monthly afterwards.',
    ],
  },
  {
    key: 'nightowl', acronym: 'NIGHTOWL', full: 'Nocturnal Insulin and Glucose in sHift-working Teams: an Observational Wearable Longitudinal study',
    summary: 'NIGHTOWL is an observational cohort in which hospital night-shift workers wear continuous glucose monitors for four weeks across day and night rotations.',
    pi: 'eze', stat: 'lindholm', coord: 'osullivan', sites: ['tokyo'], protocol: 'RCRU-2024-08', register: 'ISRCTN20457733', status: 'paused (funding)', start: '2024-09-16', target: 350,
    facts: [
      'Sensors are applied to the back of the upper arm and replaced after fourteen days.',
      'Rotas are collected from the workforce system with the participant’s consent.',
    ],
  },
  {
    key: 'mosaic', acronym: 'MOSAIC', full: 'Multinational Observational Study of fAmilial hypercholesterolaemia and Index Cascades',
    summary: 'MOSAIC is a multinational registry of familial hypercholesterolaemia that records genotype, lipid levels and cascade testing of relatives across all six partner sites.',
    pi: 'serafini', stat: 'lindholm', coord: 'adjei', sites: ['hannover', 'vannes', 'murcia', 'tokyo', 'kazan', 'amman'], protocol: 'RCRU-REG-01', register: 'NCT04980021', status: 'open', start: '2021-05-10', target: 5000,
    facts: [
      'Genetic testing is done centrally; pathogenic variants are reported back through the local clinician.',
      'The data manager for the registry is [[Jonas Achterberg]].',
    ],
  },
];
const study = new Map(STUDIES.map((s) => [s.key, s]));
const stp = (key: string) => `Studies/${study.get(key)!.acronym}.md`;

// --- generation ----------------------------------------------------------------------------------
export function generateHeldout3(seed = 737373): Heldout3 {
  const r = mulberry(seed);
  const pages: Record<string, string> = {};
  const put = (path: string, markdown: string) => {
    if (path in pages) throw new Error(`heldout3: duplicate page ${path}`);
    pages[path] = markdown;
  };
  const link = (key: string, label?: string) => {
    const p = person.get(key)!;
    const x = r();
    if (label) return `[[${p.name}|${label}]]`;
    if (x < 0.4) return `[[${p.name}]]`;
    if (x < 0.7) return `[[People/${p.name}|${p.name}]]`;
    return `[[${p.name}|${p.aliases?.[0] ?? p.name.split(' ')[0]}]]`;
  };
  const slink = (key: string) => `[[${study.get(key)!.acronym}]]`;
  const sitelink = (key: string) => (r() < 0.5 ? `[[${site.get(key)!.name}]]` : `[[Sites/${site.get(key)!.name}|${site.get(key)!.aliases[0]}]]`);

  // who works on what (ground truth for the person pages' prose)
  const rolesOf = (key: string) => STUDIES.flatMap((s) => [s.pi === key ? `chief investigator of ${slink(s.key)}` : '', s.stat === key ? `statistician on ${slink(s.key)}` : '', s.coord === key ? `coordinates ${slink(s.key)}` : ''].filter(Boolean));

  // --- people ---
  PEOPLE.forEach((p, i) => {
    const lines: string[] = [];
    const mgrStyle = i % 3; // 0: frontmatter, 1: prose, 2: only on the manager's page
    const front: Record<string, unknown> = { type: 'person', role: p.title, email: p.email, aliases: p.aliases, tags: ['person', p.org === 'rcru' ? 'rcru-staff' : p.org === 'ext' ? 'external' : 'partner-site'] };
    if (p.manager && mgrStyle === 0) front.reports_to = `[[${person.get(p.manager)!.name}]]`;
    if (site.has(p.org)) front.site = `[[${site.get(p.org)!.name}]]`;
    lines.push(fm(front), `# ${p.name}`, '', p.summary, '');
    if (p.lang === 'en') {
      if (p.manager && mgrStyle === 1) lines.push(`Line manager: ${link(p.manager)}.`, '');
      const reports = PEOPLE.filter((x) => x.manager === p.key && PEOPLE.indexOf(x) % 3 === 2);
      if (reports.length) lines.push('## Direct reports', '', ...reports.map((x) => `- ${link(x.key)} — ${x.title}`), '');
      const roles = rolesOf(p.key);
      if (roles.length && i % 2 === 0) lines.push('## Studies', '', ...roles.map((x) => `- ${x[0]!.toUpperCase()}${x.slice(1)}`), '');
      lines.push('## Notes', '', filler(r, 'en', 2 + Math.floor(r() * 6)), '');
    } else {
      lines.push('## Notizen / Notes', '', filler(r, p.lang, 3 + Math.floor(r() * 3)), '');
    }
    put(P(p.name), lines.join('\n'));
  });

  // --- sites ---
  const siteText: Record<Lang, (s: Site) => string> = {
    en: () => '',
    de: (s) => `Das ${s.name} nimmt an folgenden RCRU-Studien teil: ${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join(', ')}. Standortleitung: ${link(s.pi)}; Studienkoordination: ${link(s.coord)}. Die Ethikkommission der Medizinischen Hochschule Hannover ist für alle Voten zuständig, siehe [[Ethikkommission Hannover]].`,
    fr: (s) => `Le ${s.name} participe aux études RCRU suivantes : ${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join(', ')}. Investigateur principal : ${link(s.pi)} ; attachée de recherche clinique : ${link(s.coord)}.`,
    es: (s) => `El ${s.name} participa en los siguientes estudios de la RCRU: ${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join(', ')}. Investigadora principal: ${link(s.pi)}; coordinación: ${link(s.coord)}.`,
    ja: (s) => `${s.name}はRCRUの以下の研究に参加している：${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join('、')}。施設責任医師は${link(s.pi)}、CRCは${link(s.coord)}。`,
    ru: (s) => `Центр участвует в следующих исследованиях RCRU: ${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join(', ')}. Главный исследователь центра — ${link(s.pi)}, координатор — ${link(s.coord)}.`,
    ar: (s) => `يشارك المستشفى في دراسات الوحدة التالية: ${STUDIES.filter((x) => x.sites.includes(s.key)).map((x) => slink(x.key)).join('، ')}. الباحثة الرئيسية: ${link(s.pi)}، ومنسق الدراسات: ${link(s.coord)}.`,
  };
  for (const s of SITES) {
    put(sp(s.key), [fm({ type: 'site', city: s.city, country: s.country, aliases: s.aliases, tags: ['site'] }), `# ${s.name}`, '', s.summary, '', siteText[s.lang](s), '', padWords(r, s.lang, 250 + Math.floor(r() * 400)), ''].join('\n'));
  }

  // --- studies ---
  for (const s of STUDIES) {
    const relStyle = r();
    const front: Record<string, unknown> = { type: 'study', aliases: [s.full, s.protocol], status: s.status, protocol: s.protocol, registration: s.register, start: s.start, tags: ['study', s.key === 'mosaic' || s.key === 'nightowl' ? 'observational' : 'interventional'] };
    if (relStyle < 0.5) {
      front.chief_investigator = `[[${person.get(s.pi)!.name}]]`;
      front.statistician = `[[${person.get(s.stat)!.name}]]`;
    }
    const body = [
      fm(front),
      `# ${s.acronym}`,
      '',
      `*${s.full}*`,
      '',
      s.summary,
      '',
      '## Team',
      '',
      relStyle < 0.5
        ? `Coordination is with ${link(s.coord)}. Recruiting sites: ${s.sites.map(sitelink).join(', ')}.`
        : `${link(s.pi)} is the chief investigator; ${link(s.stat)} does the statistics and ${link(s.coord)} coordinates day to day. Sites: ${s.sites.map(sitelink).join(', ')}.`,
      '',
      `Target enrolment: ${s.target}. Started ${s.start}.`,
      '',
      '## Design',
      '',
      ...s.facts.map((f) => `${f} ${filler(r, 'en', 1)}`),
      '',
      padWords(r, 'en', 600 + Math.floor(r() * 900), ['Eligibility', 'Endpoints', 'Recruitment', 'Monitoring', 'Publications']),
      '',
    ];
    put(stp(s.key), body.join('\n'));
  }

  // --- committees ---
  put('Committees/Research Ethics Committee.md', [
    fm({ type: 'committee', aliases: ['REC', 'Ravensworth REC'], chair: '[[Desmond Okonkwo-Hale]]', tags: ['committee', 'governance'] }),
    '# Ravensworth Research Ethics Committee', '',
    'Reviews and approves research protocols involving patients at Ravensworth University Hospital. Meets on the second Wednesday of every month; papers close three weeks before.', '',
    `Favourable opinions held: ${STUDIES.filter((s) => s.key !== 'mosaic').map((s) => slink(s.key)).join(', ')}. Partner sites obtain their own local approvals.`, '',
    padWords(r, 'en', 500, ['Membership', 'Submission checklist', 'Fees']),
  ].join('\n'));
  put('Committees/DSMB.md', [
    fm({ type: 'committee', aliases: ['Independent Data and Safety Monitoring Board'], tags: ['committee', 'safety'] }),
    '# Independent Data and Safety Monitoring Board', '',
    'The independent board that reviews unblinded safety and efficacy data of RCRU trials and recommends whether they continue.', '',
    `Chaired by ${link('sorensen', 'Prof. Sørensen')} (Copenhagen); two clinicians and a patient representative sit with her. The unblinded reports are prepared by a statistician outside the trial teams. Charter version 3.1, signed 2024-06-30.`, '',
    padWords(r, 'en', 700, ['Charter', 'Stopping guidance', 'Closed and open sessions']),
  ].join('\n'));
  put('Committees/Trial Steering Committee.md', [
    fm({ type: 'committee', aliases: ['TSC'], tags: ['committee', 'governance'] }),
    '# Trial Steering Committee', '',
    'Oversees the scientific conduct, budget and priorities of all RCRU studies.', '',
    `Chaired by ${link('ostrowski')}; members are the chief investigators, ${link('carvalho')} and a lay member.`, '',
    padWords(r, 'en', 400, ['Terms of reference']),
  ].join('\n'));
  put('Committees/Ethikkommission Hannover.md', [
    fm({ type: 'committee', aliases: ['EK Hannover'], tags: ['committee', 'partner-site'] }),
    '# Ethikkommission Hannover', '',
    `Zuständige Ethikkommission für das ${sitelink('hannover')}. Das Votum für ${slink('drift')} wurde am 14.11.2023 erteilt, das Votum für ${slink('tideway')} am 20.05.2025. Die Ethikkommission tagt monatlich; Unterlagen müssen vier Wochen vorher vorliegen. Gebühren für multizentrische Studien: 2.500 EUR.`, '',
    padWords(r, 'de', 300),
  ].join('\n'));

  // --- meetings (dated) ---
  interface Meeting { path: string; date: string; lang: Lang; title: string; body: string; studies: string[] }
  const meetingDefs: Array<Omit<Meeting, 'path'>> = [
    { date: '2024-09-05', lang: 'en', title: 'DSMB SALTWATER review 1', studies: ['saltwater'], body: `First closed review of ${slink('saltwater')}. No safety concerns; recruitment behind plan. Recommendation: continue unchanged.` },
    { date: '2024-11-14', lang: 'en', title: 'DSMB LANTERN review 1', studies: ['lantern'], body: `First review of ${slink('lantern')} after 150 participants. Device-related adverse events limited to mild skin redness. Recommendation: continue unchanged.` },
    { date: '2025-02-11', lang: 'en', title: 'Trial Steering Committee', studies: ['tideway'], body: `The committee approved the start of ${slink('tideway')} at Ravensworth and ${sitelink('kazan')}, with Hannover to follow once the local ethics vote is in. ${link('brennan')} reported that the registry grant was renewed for three years.` },
    { date: '2025-03-20', lang: 'en', title: 'DSMB LANTERN review 2', studies: ['lantern'], body: `Second review of ${slink('lantern')}. Contact dermatitis under the watch strap in 6% of participants. Recommendation: replace the strap with a nickel-free textile band before further enrolment; no other changes.` },
    { date: '2025-05-22', lang: 'en', title: 'DSMB DRIFT review 2', studies: ['drift'], body: `Review of ${slink('drift')}. A signal of symptomatic hypoglycaemia in participants also taking a sulfonylurea. Recommendation: halve the sulfonylurea dose at randomisation; the trial continues. ${link('goldblum')} to update the reference safety information.` },
    { date: '2025-06-12', lang: 'en', title: 'DSMB SALTWATER review 3', studies: ['saltwater'], body: `Interim analysis of ${slink('saltwater')}: conditional power for the primary endpoint below 10%. Recommendation: stop the trial for futility. The steering committee accepted the recommendation on 2025-06-19.` },
    { date: '2025-09-16', lang: 'en', title: 'Trial Steering Committee', studies: ['mosaic'], body: `Approved ${sitelink('amman')} joining ${slink('mosaic')} from October. Discussed the publication plan for ${slink('breathe')} now that follow-up has finished.` },
    { date: '2025-10-09', lang: 'en', title: 'DSMB LANTERN review 3', studies: ['lantern'], body: `Third review of ${slink('lantern')}: no new safety signals since the strap change. Recommendation: continue; enrolment may be extended to 600 as requested.` },
    { date: '2026-01-29', lang: 'en', title: 'DSMB DRIFT review 3', studies: ['drift'], body: `Review of ${slink('drift')} after the dose change: hypoglycaemia rates now similar between arms. Recommendation: continue unchanged.` },
    { date: '2026-02-10', lang: 'en', title: 'Trial Steering Committee', studies: ['nightowl'], body: `Budget cut of 12% for the coming financial year. ${slink('nightowl')} is paused from March until new funding is found; sensors already bought are kept in stock. ${slink('drift')} keeps priority.` },
    { date: '2025-04-08', lang: 'de', title: 'Monitoringbesuch Hannover DRIFT', studies: ['drift'], body: `Monitoringbesuch im ${sitelink('hannover')} für ${slink('drift')}. Anwesend: ${link('vogt')}, ${link('pfeiffer')}, ${link('ferrer')}. Befund: bei drei Teilnehmenden fehlte die unterschriebene Einwilligung zur Biobank-Probe; die Proben wurden gesperrt, bis die Einwilligung nachgeholt ist. Temperaturprotokoll der Apotheke vollständig.` },
    { date: '2025-07-03', lang: 'fr', title: 'Visite de monitorage Vannes LANTERN', studies: ['lantern'], body: `Visite au ${sitelink('vannes')} pour ${slink('lantern')}. Présents : ${link('lemaire')}, ${link('aubry')}, ${link('osullivan')}. Constat : les nouveaux bracelets textiles sont bien tolérés ; deux montres perdues remplacées. Les inclusions ont repris après la pause liée au changement de bracelet.` },
    { date: '2025-11-19', lang: 'es', title: 'Visita de cierre Murcia SALTWATER', studies: ['saltwater'], body: `Visita de cierre del centro ${sitelink('murcia')} para ${slink('saltwater')} tras la finalización anticipada. Asistentes: ${link('etxeberria')}, ${link('ballesteros')}, ${link('adjei')}. Se archivaron las recogidas de orina de 24 horas pendientes y se devolvió el material sobrante.` },
    { date: '2025-12-04', lang: 'ja', title: '東都 NIGHTOWL 施設開始訪問', studies: ['nightowl'], body: `${sitelink('tokyo')}で${slink('nightowl')}の施設開始訪問を実施。出席：${link('morimoto')}、${link('ishikawa')}、${link('osullivan')}。夜勤看護師の説明会を十二月中に二回開催する。センサーは四十個を受領済み。` },
    { date: '2026-01-15', lang: 'ru', title: 'Закрывающий визит Казань BREATHE-HF', studies: ['breathe'], body: `Закрывающий визит в центр ${sitelink('kazan')} по исследованию ${slink('breathe')}. Присутствовали: ${link('gromova')}, ${link('belousov')}, ${link('adjei')}. Планшеты-хабы возвращены, архив исследования передан на хранение на 25 лет.` },
    { date: '2025-08-27', lang: 'ar', title: 'زيارة مراقبة عمّان LANTERN', studies: ['lantern'], body: `زيارة مراقبة إلى ${sitelink('amman')} لدراسة ${slink('lantern')}. الحضور: ${link('nabulsi')} و${link('omari')} و${link('osullivan')}. تم تسجيل ٤٢ مشاركا حتى الآن، واستبدلت الأساور القديمة بالأساور النسيجية الجديدة.` },
  ];
  const meetings: Meeting[] = meetingDefs.map((m) => ({ ...m, path: `Meetings/${m.date} ${m.title}.md` }));
  for (const m of meetings) {
    const heading = m.lang === 'en' ? '## Notes' : m.lang === 'de' ? '## Protokoll' : m.lang === 'fr' ? '## Compte rendu' : m.lang === 'es' ? '## Acta' : m.lang === 'ja' ? '## 議事録' : m.lang === 'ru' ? '## Протокол' : '## المحضر';
    put(m.path, [fm({ type: 'meeting', date: m.date, tags: ['meeting'] }), `# ${m.title}`, '', m.body, '', heading, '', padWords(r, m.lang, 200 + Math.floor(r() * 500)), ''].join('\n'));
  }
  const mp = (date: string) => meetings.find((m) => m.date === date)!.path;

  // --- amendments ---
  const amendments = [
    { path: 'Amendments/DRIFT amendment 1.md', date: '2024-02-01', study: 'drift', text: 'Widened the inclusion range of HbA1c to 48–86 mmol/mol and allowed metformin at stable dose. Approved by the REC on 2024-02-01.' },
    { path: 'Amendments/DRIFT amendment 2.md', date: '2025-06-05', study: 'drift', text: `Implements the DSMB recommendation of 2025-05-22: the sulfonylurea dose is halved at randomisation and home glucose monitoring is added for the first month. Approved 2025-06-05.` },
    { path: 'Amendments/DRIFT amendment 3.md', date: '2026-03-02', study: 'drift', text: 'Adds an optional 12-month off-treatment extension to measure how long remission lasts. Submitted 2026-03-02, approval pending.' },
    { path: 'Amendments/LANTERN amendment 1.md', date: '2025-04-15', study: 'lantern', text: 'Replaces the silicone watch strap with a nickel-free textile band after the DSMB review of 2025-03-20, and raises the target to 600 participants. Approved 2025-04-15.' },
  ];
  for (const a of amendments) {
    put(a.path, [fm({ type: 'amendment', date: a.date, study: `[[${study.get(a.study)!.acronym}]]`, prepared_by: '[[Ilse Vandersteen]]', tags: ['amendment'] }), `# ${study.get(a.study)!.acronym} — substantial modification`, '', a.text, '', padWords(r, 'en', 150 + Math.floor(r() * 200)), ''].join('\n'));
  }

  // --- SOPs (long; deep facts buried late) ---
  const DEEP: Record<string, string[]> = {
    sop014: [
      'Plasma and serum aliquots are kept at −80 °C for a maximum of fifteen years after the end of the study, after which they are destroyed unless the participant consented to future research.',
      'If a freezer rises above −70 °C, the monitoring system phones the on-call technician after eight minutes; if nobody acknowledges within twenty minutes it calls the Biobank Manager.',
      'Dry-ice shipments to the central laboratory leave only Monday to Wednesday so that nothing sits in a depot over a weekend.',
    ],
    sop022v3: [
      'A suspected unexpected serious adverse reaction that is fatal or life-threatening is reported to the regulator within seven calendar days; all other such reactions within fifteen days.',
      'The investigator must tell the pharmacovigilance lead about any serious adverse event within twenty-four hours of becoming aware of it, even if information is incomplete.',
      'Pregnancies in participants or their partners are followed until the outcome is known, usually up to six weeks after delivery.',
    ],
    sop022v2: ['Serious adverse events are reported on the paper SAE form and faxed to the sponsor within one working day.'],
    sop031: [
      'Family members may not act as interpreters during the consent discussion; a professional interpreter is booked through the Language Line desk on extension 4417.',
      'A participant who loses capacity during a study is withdrawn from further procedures unless a consultee advises otherwise, and data already collected are kept.',
      'Participants receive a copy of the signed form; the original stays in the investigator site file and a second copy goes into the hospital record.',
    ],
    sop040: [
      'Database lock needs the signatures of the trial statistician, the data manager and the chief investigator, in that order.',
      'Queries open for more than thirty days are escalated to the Head of Data Management.',
      'After lock, any change to the data needs an unlock request approved by the QA manager and is documented in the lock log.',
    ],
    handbook: [
      'Parking permits for the research building are issued by Estates on the first Tuesday of every month.',
      'The research clinic is on level 3 of the Harrowgate Wing; the minus-eighty freezers are in room B-117 in the basement.',
      'Annual GCP refresher training is mandatory; certificates older than two years are not accepted by monitors.',
    ],
  };
  const sopPage = (path: string, front: Record<string, unknown>, title: string, summary: string, authorLine: string, deep: string[], words: number, headings: string[]) => {
    // facts spread over the last 70% of the page
    const chunks = padWords(r, 'en', words, headings).split('\n\n');
    const at = deep.map((_, k) => Math.floor(chunks.length * (0.3 + (0.65 * (k + 1)) / (deep.length + 1))));
    deep.forEach((f, k) => chunks.splice(at[k]! + k, 0, `${filler(r, 'en', 1)} ${f} ${filler(r, 'en', 2)}`));
    put(path, [fm(front), `# ${title}`, '', summary, '', authorLine, '', chunks.join('\n\n'), ''].join('\n'));
  };
  sopPage('SOPs/SOP-014 Sample handling and biobank.md', { type: 'sop', version: '4.0', effective: '2025-01-06', author: '[[Rosalind Mbeki-Hart]]', approved_by: '[[Hamish Drummond]]', aliases: ['SOP-014'], tags: ['sop'] }, 'SOP-014 Biological sample handling and biobank', 'How blood, urine and tissue samples are collected, processed, labelled, stored and shipped for RCRU studies.', 'Owner: biobank. Review every two years.', DEEP.sop014!, 3200, ['Scope', 'Responsibilities', 'Collection', 'Processing', 'Labelling', 'Storage', 'Shipping', 'Deviations', 'References']);
  sopPage('SOPs/SOP-022 Adverse event reporting v3.md', { type: 'sop', version: '3.0', effective: '2024-10-01', status: 'current', supersedes: '[[SOP-022 Adverse event reporting v2]]', author: '[[Esther Goldblum]]', aliases: ['SOP-022'], tags: ['sop', 'safety'] }, 'SOP-022 Adverse event reporting (version 3)', 'Recording, assessing and reporting adverse events, serious adverse events and SUSARs in RCRU trials.', `Written by ${link('goldblum')}; approved by ${link('drummond')}.`, DEEP.sop022v3!, 3800, ['Scope', 'Definitions', 'Assessment of causality', 'Expectedness', 'Timelines', 'Pregnancy', 'Annual safety reports', 'References']);
  sopPage('SOPs/SOP-022 Adverse event reporting v2.md', { type: 'sop', version: '2.0', effective: '2021-05-03', status: 'superseded', superseded_by: '[[SOP-022 Adverse event reporting v3]]', tags: ['sop', 'safety', 'archive'] }, 'SOP-022 Adverse event reporting (version 2, superseded)', 'Superseded on 2024-10-01. Kept for trials inspected against the old procedure. Adverse event reporting as it applied from May 2021 to September 2024.', '', DEEP.sop022v2!, 1400, ['Scope', 'Timelines', 'Forms']);
  sopPage('SOPs/SOP-031 Informed consent.md', { type: 'sop', version: '5.1', effective: '2025-09-01', author: '[[Hamish Drummond]]', aliases: ['SOP-031'], tags: ['sop'] }, 'SOP-031 Informed consent', 'How to obtain, document and re-obtain informed consent, including with interpreters and for participants who lack capacity.', 'Owner: quality assurance.', DEEP.sop031!, 2600, ['Scope', 'Who may take consent', 'The discussion', 'Interpreters', 'Capacity', 'Re-consent', 'Records']);
  sopPage('SOPs/SOP-040 Data management and database lock.md', { type: 'sop', version: '2.2', effective: '2024-03-18', author: '[[Tobias Rehm]]', aliases: ['SOP-040'], tags: ['sop', 'data'] }, 'SOP-040 Data management and database lock', 'Case report form design, data cleaning, query management and the steps to lock a trial database.', 'Owner: data management.', DEEP.sop040!, 2400, ['Scope', 'CRF design', 'Edit checks', 'Queries', 'Coding', 'Lock', 'Unlock', 'Archiving']);
  sopPage('Handbook/RCRU staff handbook.md', { type: 'handbook', updated: '2025-11-03', tags: ['handbook'] }, 'RCRU staff handbook', 'Practical information for everyone who works in the unit: where things are, who to ask, what training you need.', `Maintained by ${link('brennan')} and ${link('siobhan')}.`, DEEP.handbook!, 2200, ['Welcome', 'Buildings', 'IT accounts', 'Training', 'Travel', 'Leave', 'Who to ask']);

  // --- distractors: pages that share words with questions but are not about the studies ---
  const distractors: Array<[string, string, string]> = [
    ['Misc/Lantern Parade 2025.md', 'Lantern Parade 2025 — volunteers', 'The hospital charity’s winter lantern parade needs volunteers. Recruitment of volunteers opened in October; we have 85 signed up against a target of 120. Routes go past the children’s wing. Participants carry paper lanterns; no open flames. Contact the charity office.'],
    ['Misc/Saltwater aquarium.md', 'Saltwater aquarium in the paediatric ward', 'A donated saltwater aquarium was installed in the paediatric ward. Results of the weekly water test (salinity, nitrate) are logged by Estates. The trial period of the maintenance contract ends in June; the fish have been named by the children.'],
    ['Misc/Night Owl café.md', 'Night Owl café — opening hours', 'The Night Owl café on the ground floor serves night-shift staff from 22:00 to 06:00. Glucose tablets and sugary snacks are sold at the till; the café monitors stock weekly. Shift workers get 20% off hot meals.'],
    ['Misc/Freezer temperature drift incident.md', 'Incident: temperature drift in freezer F-04', 'Freezer F-04 showed a slow temperature drift of about 1 °C per day in August. The compressor was replaced. The drug and sample storage temperature logs for F-04 were reviewed; no study material was affected. Trial material was moved to F-06 as a precaution.'],
    ['Misc/Mosaic mural project.md', 'Mosaic mural in the atrium', 'An artist-led mosaic mural is being laid in the main atrium. Patients from six wards (sites of the workshops) contributed tiles. The registry of donors is kept by the charity. Cascade of colours from blue to gold.'],
    ['Misc/Tideway rowing club.md', 'Tideway rowing club', 'Staff rowing club on the river. Results from the winter head race: our eight finished fourth. Early morning sessions on the tideway three times a week; sleep-deprived coxes welcome. Coaching by volunteers.'],
    ['Misc/Breathe staff wellbeing programme.md', 'BREATHE — staff wellbeing programme', 'BREATHE is the hospital’s staff wellbeing programme: breathing exercises, mindfulness sessions on Tuesdays at 12:30, and free physiotherapy for back pain. Open to all staff including research teams. Run by Occupational Health.'],
    ['Misc/ESC Kazan travel.md', 'Conference travel: Kazan 2025', 'Travel notes for the cardiology congress in Kazan in May 2025. Hotel near the Kremlin; the site visit to the hospital was not possible this time. Visa invitations take six weeks. Expenses go through the grants office.'],
    ['Misc/Compass induction.md', 'Compass — induction checklist for new staff', 'Compass is the induction checklist for new staff: ID badge, IT account, GCP certificate, fire training, and a meeting with your line manager in week one. The research nurse lead signs off the clinical part.'],
  ];
  for (const [path, title, text] of distractors) put(path, [fm({ type: 'note', tags: ['misc'] }), `# ${title}`, '', text, '', padWords(r, 'en', 150 + Math.floor(r() * 250)), ''].join('\n'));

  // --- background noise: weekly unit notes and journal clubs (dated, no answers) ---
  for (let i = 0; i < 25; i++) {
    const d = new Date(Date.UTC(2025, 0, 7) + i * 14 * 86_400_000).toISOString().slice(0, 10);
    const jc = i % 4 === 3;
    const path = jc ? `Journal club/${d} journal club.md` : `Weekly/${d} unit meeting.md`;
    const who = [one(r, PEOPLE.filter((p) => p.org === 'rcru')).key, one(r, PEOPLE.filter((p) => p.org === 'rcru')).key];
    const body = jc
      ? `Paper presented by ${link(who[0]!)}: a cohort study of ${one(r, ['blood pressure variability', 'statin adherence', 'sleep duration and weight', 'renal function decline', 'wearable step counts'])}. Discussion led by ${link(who[1]!)}.`
      : `Chair: ${link(who[0]!)}. Recruitment round-up, staffing, and any other business. ${filler(r, 'en', 2)}`;
    put(path, [fm({ type: 'meeting', date: d, tags: [jc ? 'journal-club' : 'weekly'] }), `# ${jc ? 'Journal club' : 'Unit meeting'} ${d}`, '', body, '', padWords(r, 'en', 120 + Math.floor(r() * 300)), ''].join('\n'));
  }

  // --- questions ---------------------------------------------------------------------------------
  const questions: Heldout3Question[] = [];
  const seen = new Set<string>();
  const ask = (family: Heldout3Family, kind: string, q: string, relevant: string[]) => {
    const rel = [...new Set(relevant)];
    for (const p of rel) if (!(p in pages)) throw new Error(`heldout3: "${q}" → missing page ${p}`);
    if (!rel.length || rel.length > 8 || seen.has(q)) throw new Error(`heldout3: bad or repeated question "${q}"`);
    seen.add(q);
    questions.push({ family, kind, q, relevant: rel });
  };
  const S = (k: string) => stp(k);
  const who = (k: string) => pp(k);
  const sitesOf = (k: string) => study.get(k)!.sites.map(sp);

  // relational (12): the answer page need not hold the question's words
  ask('relational', 'pi', 'who is the chief investigator of TIDEWAY', [who('khoury')]);
  ask('relational', 'sites', 'which hospitals recruit for DRIFT?', sitesOf('drift'));
  ask('relational', 'coordinator', 'who coordinates SALTWATER day to day', [who('adjei')]);
  ask('relational', 'chair', 'who chairs the DSMB', [who('sorensen')]);
  ask('relational', 'reports', 'who reports to Inês Carvalho?', [who('rehm'), who('kowalczyk'), who('lindholm')]);
  ask('relational', 'site-studies', 'studies running at the Amman hospital', [S('lantern'), S('saltwater'), S('mosaic')]);
  ask('relational', 'site-staff', 'who do we know at the Murcia site', [who('etxeberria'), who('ballesteros')]);
  ask('relational', 'stat-studies', 'which studies does Freya Lindholm do the statistics for', [S('breathe'), S('lantern'), S('nightowl'), S('mosaic')]);
  ask('relational', 'author', 'who wrote SOP-040', [who('rehm')]);
  ask('relational', 'coord-studies', "Priscilla Adjei's studies", [S('breathe'), S('saltwater'), S('mosaic')]);
  ask('relational', 'manager', "who is Helga Brandvold's line manager?", [who('asante')]);
  ask('relational', 'attendees', 'who attended the Vannes monitoring visit for LANTERN', [who('lemaire'), who('aubry'), who('osullivan')]);

  // two-hop (14)
  ask('two-hop', 'author>manager', 'who manages the person who wrote the sample handling SOP?', [who('asante')]);
  ask('two-hop', 'study>stat>manager', 'who is the boss of the DRIFT statistician', [who('carvalho')]);
  ask('two-hop', 'pi>study>sites', 'which sites recruit for the study led by Amélie Fontaine-Roux', sitesOf('lantern'));
  ask('two-hop', 'coord>manager', 'who supervises the LANTERN coordinator?', [who('siobhan')]);
  ask('two-hop', 'decision>study>pi', 'who led the trial the DSMB told us to stop', [who('prichard')]);
  ask('two-hop', 'study>site>pi', 'site PI of the Japanese hospital in the NIGHTOWL study', [who('morimoto')]);
  ask('two-hop', 'author>manager', 'line manager of whoever wrote the consent SOP', [who('ostrowski')]);
  ask('two-hop', 'coord>studies', 'which other study does the TIDEWAY coordinator work on', [S('drift')]);
  ask('two-hop', 'studies>site', 'which partner hospital takes part in both BREATHE-HF and TIDEWAY', [sp('kazan')]);
  ask('two-hop', 'site>coordinator', 'who is the coordinator at the German site that recruits for DRIFT?', [who('pfeiffer')]);
  ask('two-hop', 'study>meetings', 'minutes of meetings about the trial Rahul Venkataraman runs', [mp('2025-05-22'), mp('2026-01-29'), mp('2025-04-08')]);
  ask('two-hop', 'chair>committee>decisions', 'which reviews did the committee chaired by Annika Sørensen hold on LANTERN', [mp('2024-11-14'), mp('2025-03-20'), mp('2025-10-09')]);
  ask('two-hop', 'study>stat>studies', 'which other studies share a statistician with SALTWATER', [S('drift'), S('tideway')]);
  ask('two-hop', 'amendment>author>manager', 'who is the manager of the person who prepares our substantial modifications', [who('drummond')]);

  // paraphrase (14): no content word shared with the target's title, aliases or summary (checked below)
  const para: Array<[string, string]> = [
    ['can a pill that makes the kidneys flush out sugar, taken early, make the grown-up kind of blood sugar disease go away', S('drift')],
    ['trial where people whose cardiac pump is weak blow into a gadget every morning so staff can spot trouble before they end up back on the ward', S('breathe')],
    ['smartwatch research hunting for an irregular heartbeat nobody noticed in people after a brain attack of unknown cause', S('lantern')],
    ['the eating study about cutting table seasoning for people whose pressure stays high despite three drugs, which was halted because it could not show a benefit', S('saltwater')],
    ['does getting people to actually wear their night-time breathing mask help their long-term sugar control', S('tideway')],
    ['how does toiling through the small hours mess with porters’ metabolism, measured with a sensor stuck on the arm', S('nightowl')],
    ['the database of inherited very high cholesterol where kin get tested one after another', S('mosaic')],
    ['what do I do with the tubes after I take them from a patient — spinning, freezing, sending by courier', 'SOPs/SOP-014 Sample handling and biobank.md'],
    ['somebody got badly sick while taking part in our research — who must hear about it and how quickly', 'SOPs/SOP-022 Adverse event reporting v3.md'],
    ['making sure volunteers truly agree to take part and signing the paperwork properly', 'SOPs/SOP-031 Informed consent.md'],
    ['freezing the records before the numbers people get to see who got what', 'SOPs/SOP-040 Data management and database lock.md'],
    ['the outside panel that peeks at the unmasked numbers and can tell us to halt', 'Committees/DSMB.md'],
    ['who deals with the paperwork for the medicines agency', who('vandersteen')],
    ['who checks that we follow our own written procedures', who('drummond')],
  ];
  const summaryOf: Record<string, string> = {};
  for (const s of STUDIES) summaryOf[S(s.key)] = `${s.acronym} ${s.full} ${s.summary} ${s.protocol}`;
  summaryOf['SOPs/SOP-014 Sample handling and biobank.md'] = 'SOP-014 Biological sample handling and biobank How blood, urine and tissue samples are collected, processed, labelled, stored and shipped for RCRU studies.';
  summaryOf['SOPs/SOP-022 Adverse event reporting v3.md'] = 'SOP-022 Adverse event reporting version 3 Recording, assessing and reporting adverse events, serious adverse events and SUSARs in RCRU trials.';
  summaryOf['SOPs/SOP-031 Informed consent.md'] = 'SOP-031 Informed consent How to obtain, document and re-obtain informed consent, including with interpreters and for participants who lack capacity.';
  summaryOf['SOPs/SOP-040 Data management and database lock.md'] = 'SOP-040 Data management and database lock Case report form design, data cleaning, query management and the steps to lock a trial database.';
  summaryOf['Committees/DSMB.md'] = 'DSMB Independent Data and Safety Monitoring Board The independent board that reviews unblinded safety and efficacy data of RCRU trials and recommends whether they continue.';
  for (const k of ['vandersteen', 'drummond']) summaryOf[who(k)] = `${person.get(k)!.name} ${person.get(k)!.title} ${person.get(k)!.summary}`;
  for (const [q, path] of para) {
    assertNoSharedWord(q, summaryOf[path]!);
    ask('paraphrase', path.split('/')[0]!.toLowerCase(), q, [path]);
  }

  // crosslingual (14): the question is in another language than the page
  ask('crosslingual', 'de>en', 'Wer leitet die DRIFT-Studie?', [who('venkat')]);
  ask('crosslingual', 'de>en', 'Welche Studie misst zu Hause die Lungenfunktion bei Herzinsuffizienz?', [S('breathe')]);
  ask('crosslingual', 'en>de', 'what did the April 2025 monitoring visit in Hannover find about biobank consent', [mp('2025-04-08')]);
  ask('crosslingual', 'en>de', 'study coordinator at the Hannover hospital', [who('pfeiffer')]);
  ask('crosslingual', 'fr>en', 'Quel comité a recommandé l’arrêt de l’essai SALTWATER ?', [mp('2025-06-12')]);
  ask('crosslingual', 'en>fr', 'clinical research associate in Vannes', [who('aubry')]);
  ask('crosslingual', 'en>ja', 'who is the site PI in Tokyo', [who('morimoto')]);
  ask('crosslingual', 'ja>en', '睡眠時無呼吸と糖尿病の研究の責任医師は誰ですか', [who('khoury')]);
  ask('crosslingual', 'ru>en', 'Кто статистик исследования LANTERN?', [who('lindholm')]);
  ask('crosslingual', 'en>ru', 'close-out visit for BREATHE-HF in Kazan', [mp('2026-01-15')]);
  ask('crosslingual', 'ar>en', 'من هو الباحث الرئيسي في دراسة TIDEWAY؟', [who('khoury')]);
  ask('crosslingual', 'en>ar', 'how many participants had Amman enrolled in LANTERN by the August 2025 visit', [mp('2025-08-27')]);
  ask('crosslingual', 'es>en', '¿Cuánto tiempo se conservan las muestras de plasma en el biobanco?', ['SOPs/SOP-014 Sample handling and biobank.md']);
  ask('crosslingual', 'en>es', 'SALTWATER site close-out in Murcia: what happened to the leftover material', [mp('2025-11-19')]);

  // typo (12)
  ask('typo', 'person', 'Venkatraman diabetes', [who('venkat')]);
  ask('typo', 'person', 'dr brandvol heart failure', [who('brandvold')]);
  ask('typo', 'study', 'saltwatr trial stopped', [S('saltwater')]);
  ask('typo', 'person', 'Amelie Fontain-Roux', [who('fontaine')]);
  ask('typo', 'person', 'Kwame Asante Boatang', [who('asante')]);
  ask('typo', 'study', 'lantren smartwatch strap', [S('lantern')]);
  ask('typo', 'study', 'tideaway cpap coaching', [S('tideway')]);
  ask('typo', 'person', 'Okonkow-Hale ethics', [who('okonkwo')]);
  ask('typo', 'person', 'Kowalcyk statistician', [who('kowalczyk')]);
  ask('typo', 'person', 'prof ostrowsky', [who('ostrowski')]);
  ask('typo', 'sop', 'biobnak sample handeling SOP', ['SOPs/SOP-014 Sample handling and biobank.md']);
  ask('typo', 'person', 'Siobhan Mac Giola Padraig', [who('siobhan')]);

  // distractor (12): the question shares words with a page that is not the answer
  ask('distractor', 'acronym-lookalike', 'lantern study recruitment numbers', [S('lantern')]);
  ask('distractor', 'acronym-lookalike', 'saltwater trial results', [S('saltwater')]);
  ask('distractor', 'acronym-lookalike', 'night owl glucose sensors on shift workers', [S('nightowl')]);
  ask('distractor', 'acronym-lookalike', 'DRIFT drug storage temperature', [S('drift')]);
  ask('distractor', 'acronym-lookalike', 'mosaic registry sites', [S('mosaic')]);
  ask('distractor', 'acronym-lookalike', 'tideway sleep results', [S('tideway')]);
  ask('distractor', 'reverse', 'BREATHE mindfulness sessions for staff', ['Misc/Breathe staff wellbeing programme.md']);
  ask('distractor', 'similar-name', 'Brandt facilities manager', [who('brandt')]);
  ask('distractor', 'similar-name', 'Dr Brandvold heart failure trial', [who('brandvold')]);
  ask('distractor', 'other-committee', 'German ethics committee vote for DRIFT', ['Committees/Ethikkommission Hannover.md']);
  ask('distractor', 'site-vs-travel', 'Kazan hospital site PI', [who('gromova')]);
  ask('distractor', 'charter-vs-minutes', 'DSMB charter and membership', ['Committees/DSMB.md']);

  // negation (8)
  ask('negation', 'not-blood', 'which trial takes no blood samples at all', [S('lantern')]);
  ask('negation', 'stopped', 'the trial that was stopped early, not the one that finished follow-up', [S('saltwater')]);
  ask('negation', 'superseded', 'adverse event SOP — the current one, not the superseded version', ['SOPs/SOP-022 Adverse event reporting v3.md']);
  ask('negation', 'no-change', 'LANTERN DSMB reviews that recommended no changes', [mp('2024-11-14'), mp('2025-10-09')]);
  ask('negation', 'no-japan', 'which of our studies have no site in Japan', [S('breathe'), S('saltwater'), S('tideway')]);
  ask('negation', 'not-recruiting', 'studies that are no longer recruiting', [S('breathe'), S('saltwater'), S('nightowl')]);
  ask('negation', 'not-interventional', 'studies where nobody gets a treatment, just observed', [S('nightowl'), S('mosaic')]);
  ask('negation', 'interpreter', 'can a relative translate during the consent conversation', ['SOPs/SOP-031 Informed consent.md']);

  // date (14): the date or period decides among look-alike pages
  ask('date', 'month', 'LANTERN DSMB March 2025', [mp('2025-03-20')]);
  ask('date', 'season', 'what did the safety board say about LANTERN in autumn 2025', [mp('2025-10-09')]);
  ask('date', 'month', 'steering committee meeting February 2026', [mp('2026-02-10')]);
  ask('date', 'period', 'DRIFT amendment from mid-2025', ['Amendments/DRIFT amendment 2.md']);
  ask('date', 'ordinal', 'first DSMB review of SALTWATER', [mp('2024-09-05')]);
  ask('date', 'latest', 'most recent DRIFT safety review', [mp('2026-01-29')]);
  ask('date', 'quarter', 'site visits in Q3 2025', [mp('2025-07-03'), mp('2025-08-27')]);
  ask('date', 'version-period', 'which adverse event reporting procedure applied in 2023', ['SOPs/SOP-022 Adverse event reporting v2.md']);
  ask('date', 'before', 'DRIFT protocol changes before 2025', ['Amendments/DRIFT amendment 1.md']);
  ask('date', 'month', 'December 2025 site initiation in Tokyo', [mp('2025-12-04')]);
  ask('date', 'month', 'January 2026 meetings', [mp('2026-01-15'), mp('2026-01-29')]);
  ask('date', 'year', 'steering committee decisions in 2025', [mp('2025-02-11'), mp('2025-09-16')]);
  ask('date', 'exact', 'what happened on 2025-06-12', [mp('2025-06-12')]);
  ask('date', 'latest', 'latest change to the DRIFT protocol', ['Amendments/DRIFT amendment 3.md']);

  // acronym (12): the question uses an acronym the page spells out, or the reverse
  ask('acronym', 'expansion', 'what does TIDEWAY stand for', [S('tideway')]);
  ask('acronym', 'short-for-long', 'who chairs the REC', [who('okonkwo')]);
  ask('acronym', 'short-for-long', 'IRB approval for our trials', ['Committees/Research Ethics Committee.md']);
  ask('acronym', 'unlisted', 'the FH registry', [S('mosaic')]);
  ask('acronym', 'unlisted', 'SGLT2 inhibitor trial', [S('drift')]);
  ask('acronym', 'unlisted', 'AF screening after stroke', [S('lantern')]);
  ask('acronym', 'unlisted', 'OSA and T2D trial', [S('tideway')]);
  ask('acronym', 'unlisted', 'CGM study', [S('nightowl')]);
  ask('acronym', 'unlisted', 'SAE reporting timelines', ['SOPs/SOP-022 Adverse event reporting v3.md']);
  ask('acronym', 'role', 'QA manager', [who('drummond')]);
  ask('acronym', 'role', 'PV lead', [who('goldblum')]);
  ask('acronym', 'role', 'CRA for LANTERN in France', [who('aubry')]);

  // deep (10): facts buried in the second half of long pages
  ask('deep', 'sop014', 'how long are plasma samples kept after a study ends', ['SOPs/SOP-014 Sample handling and biobank.md']);
  ask('deep', 'sop014', 'after how many minutes does the freezer alarm phone someone', ['SOPs/SOP-014 Sample handling and biobank.md']);
  ask('deep', 'sop014', 'which days can dry ice shipments go out', ['SOPs/SOP-014 Sample handling and biobank.md']);
  ask('deep', 'sop022', 'deadline to report a fatal unexpected serious reaction', ['SOPs/SOP-022 Adverse event reporting v3.md']);
  ask('deep', 'sop022', 'how long do we follow up a pregnancy in a participant', ['SOPs/SOP-022 Adverse event reporting v3.md']);
  ask('deep', 'sop031', 'extension number for booking an interpreter', ['SOPs/SOP-031 Informed consent.md']);
  ask('deep', 'sop040', 'who has to sign off a database lock', ['SOPs/SOP-040 Data management and database lock.md']);
  ask('deep', 'sop040', 'what happens to queries open longer than a month', ['SOPs/SOP-040 Data management and database lock.md']);
  ask('deep', 'handbook', 'when does Estates hand out parking permits', ['Handbook/RCRU staff handbook.md']);
  ask('deep', 'handbook', 'which room are the minus 80 freezers in', ['Handbook/RCRU staff handbook.md']);

  return { pages, questions };
}

const STOP = new Set(
  'a an the of to in on for and or with by from that this it its is are be as at so what which who how when where their they them you your we our us not no into over all one each can do does did get got i me my about after before up out just really very other own there here then than too only was were has have had while whose'.split(' '),
);

/** A paraphrase may share no content word (nor a 5-letter prefix of one) with its target's title, aliases and summary. */
function assertNoSharedWord(q: string, target: string): void {
  const words = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));
  const t = words(target);
  for (const w of words(q)) {
    for (const d of t) {
      let k = 0;
      while (k < w.length && k < d.length && w[k] === d[k]) k++;
      if (w === d || k >= 5) throw new Error(`heldout3 paraphrase "${q}" shares "${w}" with its target ("${d}")`);
    }
  }
}
