// A fourth held-out evaluation set, written apart from world.ts, heldout2.ts, heldout3.ts and the
// engine (no file under src/ was read to write it): the Obsidian vault of a freelance architect and
// urban planner in Basel, Maren Solvik, who keeps work and life in one vault. Eleven projects in
// eight countries whose pages are written in the local language (German, French, Spanish, Japanese,
// Chinese, Russian, Arabic, Greek) and whose people often carry their names only in their own script,
// dated meetings in those languages, a year of daily notes, long reference notes and life-admin pages
// (2,000–2,600 words) with facts buried late, and decoys named like the projects (a restaurant called
// Lindenhof, a knitting class called Trama, a cat called Mews, a novel called The Water Tower, the
// bake sale at the Erlenmatt school, an Anselm who fixes bikes, a Regula who runs a choir).
// Relations are stated on one side only (a project page names its engineer; the engineer's page does
// not name the project). Vault conventions: folders, [[Note]], [[Folder/Note]], [[Note|label]],
// [[Note#Heading]], ![[embeds]], inline #tags, YAML frontmatter with aliases, daily notes.
// The ~145 questions are hand-written in ten families (exact, paraphrase, typo, crosslingual,
// two-hop, negation, date, deep, distractor, vague); each names its expected pages from the ground
// truth here, never from the engine. A paraphrase may share no word (nor a 5-letter prefix) with its
// target's title, aliases and summary: the build refuses one that does. Filler prose and link
// styles come from a seeded generator, so the vault is the same for a given seed. Nothing in src/
// may import this file.
// Ground truth revised once after the first run (heldout4-first-run.txt, commit 9fa042c): nine
// answers were added where another page of this vault also answers the question (a daily note that
// records the same event, the jury minutes that also criticise the entry); no question was changed,
// added or removed. heldout4-labels2-run.txt is the run on the revised labels.

export type Heldout4Family = 'exact' | 'paraphrase' | 'typo' | 'crosslingual' | 'two-hop' | 'negation' | 'date' | 'deep' | 'distractor' | 'vague';
export const HELDOUT4_FAMILIES: Heldout4Family[] = ['exact', 'paraphrase', 'typo', 'crosslingual', 'two-hop', 'negation', 'date', 'deep', 'distractor', 'vague'];

export interface Heldout4Question {
  family: Heldout4Family;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Heldout4 {
  pages: Record<string, string>;
  questions: Heldout4Question[];
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

type Lang = 'en' | 'life' | 'de' | 'fr' | 'es' | 'ja' | 'zh' | 'ru' | 'ar' | 'el';

// --- filler prose (own phrasing; no names, no buried facts) --------------------------------------
const FILLER: Record<Lang, string[]> = {
  en: [
    'The drawings were reissued with the revision cloud removed and the title block updated.',
    'I need to check the door schedule against the latest floor plans before the next issue.',
    'The cost plan still carries a contingency of ten percent, which feels tight at this stage.',
    'Samples of the brick and the mortar colour arrived and were left on the windowsill in the studio.',
    'The model was cleaned up: layers renamed, old sketches moved to an archive file.',
    'A neighbour asked about the hoarding and the hours of work; I forwarded the question to the contractor.',
    'Minutes were circulated the same evening and nobody asked for changes.',
    'The survey drawings turned out to be off by a few centimetres at the north wall.',
    'We agreed to keep the meeting short and to send comments in writing afterwards.',
    'The photographs from the last visit are in the shared folder, sorted by room.',
    'The specification needs a clause on protection of finished surfaces during the works.',
    'I spent the afternoon on details of the window reveals and the sill flashing.',
    'The invoice for the previous phase went out on time; payment terms are thirty days.',
    'Coordination with the services engineer is slow because their team is short-staffed.',
    'A second opinion on the foundations was discussed but not commissioned.',
    'The planning portal was down again, so the upload waited until the next morning.',
    'We walked the route from the street to the entrance to test the level changes.',
    'The client prefers fewer, larger windows on the street side and more openness to the garden.',
    'The printer jammed twice while plotting the A1 sheets.',
    'Lessons learned: ask for the utility records earlier, before the design freezes.',
    'The visualisation of the courtyard was adjusted to show winter light instead of summer light.',
    'A list of open questions was kept at the end of the document and numbered.',
    'The contractor proposed an alternative insulation product with similar values.',
    'Everyone agreed that the entrance sequence works better in the second option.',
    'I updated the project timeline in the spreadsheet and shifted two milestones by a week.',
    'The meeting room was too warm and we opened the windows halfway through.',
    'Material samples will be returned to the supplier after the decision.',
    'The tender documents need a clearer description of the scope of the joinery package.',
    'No objections were raised during the neighbour consultation period.',
    'I should archive the superseded drawings so nobody builds from them by mistake.',
    'The section through the stair needs another look once the structural sizes are known.',
    'Two of the consultants still send drawings as flattened PDFs without layers.',
  ],
  life: [
    'Slept badly, the street cleaners came through at five.',
    'Liv practised her recorder piece for the concert.',
    'Jakob had rehearsal in the evening so I cooked lentil soup.',
    'Went for a short walk along the river after lunch.',
    'The washing machine is making that noise again.',
    'Called Mum; she is fine and the weather up north is grey.',
    'Too much coffee today, need to cut down.',
    'Read a few chapters before bed.',
    'The tram was late and packed.',
    'Bought flowers at the market for the studio table.',
    'Inbox zero for once, which will not last.',
    'Note to self: renew the library books before Friday.',
    'Quiet evening, watched a documentary about bridges.',
    'Rain all day; stayed in and drew.',
    'Paid the electricity bill and the phone bill.',
    'Cleaned the studio desk and threw out a pile of old prints.',
  ],
  de: [
    'Die Pläne wurden mit dem aktuellen Stand der Besprechung neu herausgegeben.',
    'Der Bauherr wünscht eine weitere Variante für die Fenster zur Straße.',
    'Die Kostenschätzung enthält weiterhin eine Reserve von zehn Prozent.',
    'Die Fotos der letzten Begehung liegen im gemeinsamen Ordner.',
    'Die Ausschreibung der Schreinerarbeiten wird im nächsten Monat vorbereitet.',
    'Der Nachbar hat nach den Arbeitszeiten gefragt.',
    'Das Protokoll wurde am selben Abend verschickt, ohne Einwände.',
    'Die Terminplanung wurde um eine Woche verschoben.',
    'Muster für Putz und Farbe liegen im Büro bereit.',
    'Offene Punkte werden am Ende des Dokuments nummeriert geführt.',
    'Die Vermessung zeigte kleine Abweichungen an der Nordwand.',
    'Die Abstimmung mit dem Haustechniker läuft langsam.',
    'Veraltete Pläne wurden archiviert, damit niemand danach baut.',
  ],
  fr: [
    'Les plans ont été réédités avec le cartouche mis à jour.',
    'Le maître d’ouvrage souhaite une variante supplémentaire pour l’entrée.',
    'Le compte rendu a été diffusé le soir même sans remarque.',
    'Les photos de la dernière visite sont classées dans le dossier partagé.',
    'Le calendrier a été décalé d’une semaine.',
    'Les échantillons de pierre sont arrivés à l’atelier.',
    'Une liste des questions ouvertes figure à la fin du document.',
    'La maquette numérique a été nettoyée et les anciens croquis archivés.',
    'La perspective de la place a été ajustée pour montrer la lumière d’hiver.',
    'La coordination avec le bureau d’études avance lentement.',
    'Les riverains ont posé des questions sur les horaires.',
    'Le budget conserve une marge de dix pour cent.',
  ],
  es: [
    'Los planos se volvieron a emitir con el cajetín actualizado.',
    'La asamblea pidió una variante más para la planta baja.',
    'El acta se envió la misma tarde sin comentarios.',
    'Las fotos de la última visita están en la carpeta compartida.',
    'El calendario se retrasó una semana.',
    'Llegaron las muestras de baldosa al estudio.',
    'Las preguntas abiertas se numeran al final del documento.',
    'El presupuesto mantiene un margen del diez por ciento.',
    'La coordinación con instalaciones avanza despacio.',
    'Los vecinos preguntaron por el horario de trabajo.',
    'Se revisó el recorrido desde la calle hasta el portal.',
    'Hay que archivar los planos superados para evitar errores.',
  ],
  ja: [
    '図面は最新の打合せ内容を反映して再発行した。',
    '施主から入口まわりの別案を求められた。',
    '議事録は当日中に共有し、特に意見はなかった。',
    '前回の写真は共有フォルダに部屋ごとに整理してある。',
    '工程表を一週間後ろにずらした。',
    '材料サンプルが事務所に届いた。',
    '未決事項は資料の最後に番号付きでまとめている。',
    '予算には一割の予備費を見込んでいる。',
    '設備との調整はゆっくり進んでいる。',
    '近隣から作業時間について問い合わせがあった。',
    '古い図面は誤用を防ぐため保管用フォルダに移した。',
    '冬の光で見せるためにパースを修正した。',
  ],
  zh: [
    '图纸已根据最新会议内容重新发布。',
    '甲方希望再提供一个入口方案。',
    '会议纪要当天发出，没有意见。',
    '上次的照片已按区域整理到共享文件夹。',
    '进度计划顺延了一周。',
    '材料样品已经送到工作室。',
    '未决问题在文件末尾编号列出。',
    '预算仍保留百分之十的不可预见费。',
    '与设备专业的协调进展缓慢。',
    '周边居民询问了作业时间。',
    '旧图纸已归档，避免误用。',
    '效果图调整为冬季光线。',
  ],
  ru: [
    'Чертежи переизданы с обновлённым штампом.',
    'Заказчик попросил ещё один вариант входной группы.',
    'Протокол разослан в тот же вечер, замечаний не было.',
    'Фотографии с последнего выезда лежат в общей папке.',
    'График сдвинут на неделю.',
    'Образцы материалов доставлены в мастерскую.',
    'Открытые вопросы пронумерованы в конце документа.',
    'В смете сохраняется резерв десять процентов.',
    'Согласование с инженерами сетей идёт медленно.',
    'Соседи спрашивали о времени работ.',
    'Устаревшие чертежи перенесены в архив.',
    'Визуализацию поправили под зимний свет.',
  ],
  ar: [
    'أعيد إصدار المخططات مع تحديث خانة العنوان.',
    'طلبت المالكة بديلاً آخر للمدخل.',
    'أرسل محضر الاجتماع في المساء نفسه دون ملاحظات.',
    'صور الزيارة الأخيرة محفوظة في المجلد المشترك.',
    'تأخر الجدول الزمني أسبوعاً واحداً.',
    'وصلت عينات المواد إلى المكتب.',
    'الأسئلة المفتوحة مرقمة في آخر الوثيقة.',
    'تحتفظ الميزانية بهامش عشرة في المئة.',
    'التنسيق مع مهندس التمديدات يسير ببطء.',
    'سأل الجيران عن ساعات العمل.',
    'نقلت المخططات القديمة إلى الأرشيف.',
    'عدلت الصورة لتظهر ضوء الشتاء.',
  ],
  el: [
    'Τα σχέδια επανεκδόθηκαν με ενημερωμένη πινακίδα.',
    'Ο εργοδότης ζήτησε μία ακόμη παραλλαγή για την είσοδο.',
    'Τα πρακτικά στάλθηκαν το ίδιο βράδυ χωρίς σχόλια.',
    'Οι φωτογραφίες της τελευταίας επίσκεψης είναι στον κοινό φάκελο.',
    'Το χρονοδιάγραμμα μετατέθηκε κατά μία εβδομάδα.',
    'Τα δείγματα υλικών έφτασαν στο γραφείο.',
    'Οι ανοιχτές ερωτήσεις είναι αριθμημένες στο τέλος του εγγράφου.',
    'Ο προϋπολογισμός διατηρεί περιθώριο δέκα τοις εκατό.',
    'Ο συντονισμός με τους μηχανολόγους προχωρά αργά.',
    'Οι περίοικοι ρώτησαν για τις ώρες εργασιών.',
    'Τα παλιά σχέδια μεταφέρθηκαν στο αρχείο.',
    'Η απόδοση προσαρμόστηκε στο χειμωνιάτικο φως.',
  ],
};

const CJK = (lang: Lang) => lang === 'ja' || lang === 'zh';

function filler(r: R, lang: Lang, sentences: number): string {
  const out: string[] = [];
  const pool = FILLER[lang];
  for (let i = 0; i < Math.min(sentences, pool.length); i++) {
    let x = one(r, pool);
    while (out.includes(x)) x = one(r, pool);
    out.push(x);
  }
  return out.join(CJK(lang) ? '' : ' ');
}

const wordCount = (lang: Lang, s: string) => (CJK(lang) ? Math.ceil(s.length / 2.5) : s.split(/\s+/).length);

/** Paragraphs of filler (under the given headings, spread out) until about `words` words. */
function padWords(r: R, lang: Lang, words: number, headings: string[] = []): string {
  const out: string[] = [];
  let n = 0;
  let h = 0;
  while (n < words) {
    if (h < headings.length && r() < 0.35) out.push(`## ${headings[h++]}`, '');
    const p = filler(r, lang, 3 + Math.floor(r() * 4));
    out.push(p, '');
    n += wordCount(lang, p);
  }
  while (h < headings.length) out.push(`## ${headings[h++]}`, '', filler(r, lang, 3), '');
  return out.join('\n');
}

/**
 * A long body: the early lines, then about 60% of the filler, then the late facts each under its
 * own heading with filler around it, then the rest of the filler. The late facts sit past the
 * middle of the page.
 */
function longBody(r: R, lang: Lang, words: number, early: string[], late: Array<[string, string]>, headings: string[]): string {
  const out = [...early, '', padWords(r, lang, Math.round(words * 0.6), headings)];
  for (const [h, fact] of late) out.push(`## ${h}`, '', filler(r, lang, 2), '', fact, '', filler(r, lang, 3), '');
  out.push(padWords(r, lang, Math.round(words * 0.25)));
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
  lang: Lang;
  role: string;
  aliases?: string[];
  email: string;
  /** The person's own summary line (paraphrase questions are checked against it). */
  summary: string;
  /** Extra lines of the person's own page (relations stated from this side only). */
  extra?: string[];
}

const PEOPLE: Person[] = [
  { key: 'me', name: 'Maren Solvik', lang: 'en', role: 'Architect and urban planner (freelance)', aliases: ['Atelier Solvik'], email: 'maren@solvik-atelier.ch', summary: 'That is me: Norwegian-born architect and urban planner, freelance since 2019, working from a shared studio in Kleinbasel.' },
  { key: 'jakob', name: 'Jakob Aebi', lang: 'life', role: 'Partner', aliases: ['Jakob'], email: 'jakob.aebi@gmx.ch', summary: 'My partner. Cellist with the Kammerorchester, teaches at the music school on Wednesdays.' },
  { key: 'liv', name: 'Liv Solvik Aebi', lang: 'life', role: 'Daughter', aliases: ['Liv'], email: '-', summary: 'Our daughter, born 2017. Third class at the Primarschule Erlenmatt; loves drawing and swimming.' },
  { key: 'sunniva', name: 'Sunniva Solvik', lang: 'life', role: 'Sister', aliases: ['Sunni'], email: 'sunniva.solvik@uit.no', summary: 'My sister in Tromsø; marine biologist at the university.' },
  { key: 'reichenbach', name: 'Klaus Reichenbach', lang: 'de', role: 'Privatperson', aliases: ['Dr. Reichenbach'], email: 'praxis@reichenbach-zahn.de', summary: 'Zahnarzt mit eigener Praxis in der Wiehre, verheiratet mit Annette, zwei Kinder.' },
  { key: 'kruegel', name: 'Anselm Krügel', lang: 'de', role: 'Tragwerksplaner', aliases: ['Krügel Tragwerk'], email: 'a.kruegel@kruegel-tragwerk.de', summary: 'Bauingenieur, Inhaber von Krügel Tragwerk in Freiburg im Breisgau. Holzbau und Bestand.' },
  { key: 'krueger', name: 'Anselm Krüger', lang: 'life', role: 'Bike mechanic', email: 'werkstatt@velowerk-kleinbasel.ch', summary: 'Runs the Velowerk repair shop on the Feldbergstrasse corner; knows Bromptons inside out.' },
  { key: 'vasseur', name: 'Élodie Vasseur', lang: 'fr', role: 'Paysagiste', aliases: ['Atelier Vasseur Paysage'], email: 'elodie@vasseur-paysage.fr', summary: 'Paysagiste DPLG, atelier à la Croix-Rousse ; spécialiste des berges et des sols vivants.' },
  { key: 'marchand', name: 'Thibault Marchand', lang: 'fr', role: 'Chargé de projet, Métropole de Lyon', email: 't.marchand@grandlyon.com', summary: 'Chargé de projet à la Direction de l’espace public de la Métropole de Lyon.' },
  { key: 'mwangi', name: 'Wanjiru Mwangi', lang: 'en', role: 'Professor of urban planning', aliases: ['Prof. Mwangi'], email: 'w.mwangi@ethz.ch', summary: 'Professor of urban planning in Zürich; my thesis supervisor and, since then, a mentor.', extra: ['She introduced me to [[林晓雯|Xiaowen]] at the Venice Biennale in 2024, which is how the canal district work started.'] },
  { key: 'berasategui', name: 'Ainhoa Berasategui', lang: 'es', role: 'Presidenta de la cooperativa', email: 'ainhoa@latrama.coop', summary: 'Maestra de primaria y presidenta del consejo rector de la cooperativa de vivienda.' },
  { key: 'cifuentes', name: 'Rubén Cifuentes', lang: 'es', role: 'Ingeniero de estructuras', email: 'ruben@cifuentes-ingenieria.es', summary: 'Ingeniero de caminos en Valencia, especialista en madera contralaminada.' },
  { key: 'tamura', name: '田村 健一', lang: 'ja', role: '大工棟梁', aliases: ['Tamura-san'], email: 'tamura@tamura-koumuten.jp', summary: '金沢の工務店の棟梁。伝統的な継手と仕口の名人。' },
  { key: 'sato', name: '佐藤 美穂', lang: 'ja', role: '施主・茶道教室主宰', aliases: ['Sato-sensei'], email: 'miho@shofukai.jp', summary: '茶道教室「松風会」を主宰する茶人。' },
  { key: 'lin', name: '林晓雯', lang: 'zh', role: '高级规划师', aliases: ['Xiaowen'], email: 'linxw@szghy.cn', summary: '苏州市规划设计研究院高级规划师，负责历史街区项目。' },
  { key: 'zhou', name: '周志强', lang: 'zh', role: '文物保护顾问', email: 'zhouzq@heritage-sz.cn', summary: '文物保护顾问，研究江南民居三十年。' },
  { key: 'lastochkin', name: 'Григорий Ласточкин', lang: 'ru', role: 'Инженер-конструктор', aliases: ['Grigory Lastochkin', 'Гриша'], email: 'g.lastochkin@narvaprojekt.ee', summary: 'Инженер-конструктор, бюро «Нарвапроект». Кирпич, металл, обследования.' },
  { key: 'lange', name: 'Вера Ланге', lang: 'ru', role: 'Главный архитектор города', email: 'vera.lange@narva.ee', summary: 'Главный архитектор города Нарвы с 2021 года.' },
  { key: 'bennani', name: 'سلمى بناني', lang: 'ar', role: 'المالكة', aliases: ['Salma'], email: 'salma@riad-zitoun.ma', summary: 'صاحبة دار ضيافة في مراكش، كانت تعمل في السياحة في الدار البيضاء.' },
  { key: 'idrissi', name: 'حسن الإدريسي', lang: 'ar', role: 'معلم زليج', aliases: ['Maâlem Hassan'], email: 'idrissi.zellige@gmail.com', summary: 'معلم حرفي في الزليج والتادلاكت من فاس، يعمل في مراكش منذ عشرين سنة.' },
  { key: 'haddad', name: 'Nadia Haddad', lang: 'en', role: 'Translator (Arabic, French)', email: 'nadia@haddad-translations.com', summary: 'Freelance interpreter, Arabic–French–English, based in Lausanne.', extra: ['Translates at every site meeting of [[سلمى بناني|Salma]], the riad owner, and checks my Arabic e-mails.'] },
  { key: 'karagiannis', name: 'Δημήτρης Καραγιάννης', lang: 'el', role: 'Δήμος Θεσσαλονίκης', aliases: ['Dimitris K.'], email: 'd.karagiannis@thessaloniki.gr', summary: 'Αρχιτέκτονας, Διεύθυνση Αρχιτεκτονικού Σχεδιασμού του Δήμου.' },
  { key: 'papadopoulou', name: 'Ελένη Παπαδοπούλου', lang: 'el', role: 'Αρχιτέκτονας, τοπική συνεργάτιδα', email: 'eleni@papadopoulou-arch.gr', summary: 'Αρχιτέκτονας με γραφείο στα Λαδάδικα.' },
  { key: 'tschudin', name: 'Regula Tschudin', lang: 'en', role: 'Project manager, Hochbauamt Basel-Stadt', email: 'regula.tschudin@bs.ch', summary: 'Projektleiterin at the Hochbauamt Basel-Stadt (the canton’s building department), schools portfolio.' },
  { key: 'tschudi', name: 'Regula Tschudi', lang: 'life', role: 'Neighbour', email: 'r.tschudi@bluewin.ch', summary: 'Neighbour on the second floor; runs the Kleinbasel community choir on Monday evenings.' },
  { key: 'kessler', name: 'Bjørn Kessler', lang: 'en', role: 'Acoustic engineer', email: 'bk@kessler-akustik.ch', summary: 'Acoustic engineer in Zürich, room acoustics and sound insulation.' },
  { key: 'braendli', name: 'Ines Brändli', lang: 'de', role: 'Brandschutzexpertin VKF', email: 'ines.braendli@brandschutz-braendli.ch', summary: 'Brandschutzexpertin mit eidgenössischem Fachausweis, Büro in Liestal.', extra: ['Telefon direkt: +41 61 921 44 07.'] },
  { key: 'ferris', name: 'Callum Ferris', lang: 'en', role: 'Managing director, Ferris Homes', email: 'callum@ferrishomes.co.uk', summary: 'Runs Ferris Homes, a small residential developer in Bristol.' },
  { key: 'oyelaran', name: 'Hattie Oyelaran', lang: 'en', role: 'Planning consultant', email: 'hattie@oyelaran-planning.co.uk', summary: 'Independent planning consultant, Bristol and Bath.' },
  { key: 'raghunathan', name: 'Priya Raghunathan', lang: 'en', role: 'Accountant', email: 'priya@treuhand-rhein.ch', summary: 'Our Treuhänderin: bookkeeping, VAT and the private tax return.' },
  { key: 'okonjo', name: 'Mateo Okonjo-Ruiz', lang: 'en', role: 'Freelance visualiser', email: 'mateo@okonjo.studio', summary: 'Freelance visualiser in Barcelona.', extra: ['Made the competition images for [[Quai des Tanneurs]] and the first views of the kiosks in [[Περίπτερα Παραλίας Θεσσαλονίκης|Thessaloniki]].'] },
  { key: 'zumsteg', name: 'Beat Zumsteg', lang: 'de', role: 'Stadtbaumeister', email: 'beat.zumsteg@rheinfelden.ch', summary: 'Stadtbaumeister von Rheinfelden (Aargau).' },
];
const person = new Map(PEOPLE.map((p) => [p.key, p]));
const pp = (key: string) => `People/${person.get(key)!.name}.md`;

// --- projects --------------------------------------------------------------------------------------
const PJ = {
  lindenhof: 'Projects/Haus Lindenhof.md',
  qdt: 'Projects/Quai des Tanneurs.md',
  trama: 'Projects/Cooperativa La Trama.md',
  kanazawa: 'Projects/金沢 茶室パビリオン.md',
  suzhou: 'Projects/苏州平江历史街区更新.md',
  narva: 'Projects/Водонапорная башня Нарва.md',
  riad: 'Projects/رياض الزيتون.md',
  thess: 'Projects/Περίπτερα Παραλίας Θεσσαλονίκης.md',
  erlen: 'Projects/Erlenmatt school extension.md',
  mill: 'Projects/Millbrook Lane mews.md',
  markt: 'Projects/Markthalle Rheinfelden.md',
} as const;
const title = (path: string) => path.replace(/^.*\//, '').replace(/\.md$/, '');

interface Meeting {
  date: string;
  name: string;
  lang: Lang;
  project: keyof typeof PJ;
  who: string[];
  text: string;
}

const MEETINGS: Meeting[] = [
  { date: '2025-01-22', name: 'Millbrook planning committee', lang: 'en', project: 'mill', who: ['ferris', 'oyelaran', 'me'], text: 'Bristol City Council’s planning committee refused the application for the six houses (ref. 24/03817/F), five votes to three. Main reason: first-floor windows would overlook the gardens of Nos. 12–16. I followed online; Callum was furious, Hattie calmer.' },
  { date: '2025-02-14', name: 'Lindenhof Baugenehmigung', lang: 'de', project: 'lindenhof', who: ['reichenbach', 'me'], text: 'Die Baugenehmigung für den Umbau ist erteilt (Baurechtsamt Freiburg, Az. 2024-1187). Auflage: die straßenseitige Fassade bleibt mit Holzschindeln verkleidet. Kurzes Telefonat mit dem Bauherrn, große Erleichterung.' },
  { date: '2025-03-11', name: 'Erlenmatt site visit', lang: 'en', project: 'erlen', who: ['tschudin', 'me'], text: 'First site visit with Regula and the caretaker. We walked the roof of the gym: the parapet is lower than the 1974 drawings say, and the roof membrane probably contains asbestos, so a survey is needed before any design decision on the new storey.' },
  { date: '2025-03-19', name: 'Erlenmatt client meeting', lang: 'en', project: 'erlen', who: ['tschudin', 'me'], text: 'Client meeting at the Hochbauamt, the week after the site visit. Regula confirmed the brief: eight classrooms, two group rooms and a staff workroom. Budget CHF 9.4 million including fees. The asbestos survey was commissioned the same afternoon.' },
  { date: '2025-03-27', name: 'Lindenhof Baustellenbesuch', lang: 'de', project: 'lindenhof', who: ['kruegel', 'reichenbach', 'me'], text: 'Erster Baustellenbesuch nach der Genehmigung. Der Dachstuhl ist besser erhalten als befürchtet: nur drei Sparren müssen ersetzt werden. Mit Anselm die Auflager an der Traufe geprüft.' },
  { date: '2025-04-09', name: 'La Trama asamblea general', lang: 'es', project: 'trama', who: ['berasategui', 'me'], text: 'Asamblea general de la cooperativa. Se votó la opción B del patio (corrala abierta) por 19 votos a 4. Ainhoa presentó el plan financiero y la cuota de entrada de cada socio.' },
  { date: '2025-05-23', name: 'Quai des Tanneurs rendu du concours', lang: 'fr', project: 'qdt', who: ['vasseur', 'me'], text: 'Rendu du concours déposé à 11h40 à l’accueil de la Métropole, vingt minutes avant la limite. Trois planches A0, une notice de huit pages et une maquette au 1/500.' },
  { date: '2025-06-17', name: 'Quai des Tanneurs résultats du jury', lang: 'fr', project: 'qdt', who: ['marchand', 'vasseur', 'me'], text: 'Le jury nous attribue le deuxième prix, doté de 18 000 €. Lauréat : l’équipe grenobloise Atelier Rives. Thibault Marchand a appelé dans l’après-midi ; le rapport du jury salue nos plantations mais regrette la passerelle.' },
  { date: '2025-06-30', name: 'Нарва осмотр башни', lang: 'ru', project: 'narva', who: ['lastochkin', 'lange', 'me'], text: 'Первый осмотр башни вместе с Григорием и Верой Ланге. Кирпичная кладка в хорошем состоянии, стальной бак сильно корродирован по нижнему поясу. Лестница внутри ствола аварийная.' },
  { date: '2025-07-15', name: '苏州 平江 工作坊', lang: 'zh', project: 'suzhou', who: ['lin', 'zhou', 'me'], text: '与林晓雯和周志强在苏州举行为期两天的工作坊。确定三条重点巷道：悬桥巷、大儒巷、丁香巷。居民代表参加了第二天的讨论。' },
  { date: '2025-09-04', name: 'Millbrook resubmission meeting', lang: 'en', project: 'mill', who: ['ferris', 'oyelaran', 'me'], text: 'Meeting in Bristol at Ferris Homes, eight months after the refusal. We drop the first-floor windows facing Nos. 12–16 and use rooflights instead; the terrace steps down by 600 mm. Hattie will resubmit in October.' },
  { date: '2025-10-02', name: 'Θεσσαλονίκη εναρκτήρια συνάντηση', lang: 'el', project: 'thess', who: ['karagiannis', 'papadopoulou', 'me'], text: 'Εναρκτήρια συνάντηση στο Δημαρχείο με τον Δημήτρη Καραγιάννη και την Ελένη. Συμφωνήθηκαν δώδεκα περίπτερα και έξι πέργκολες σκίασης κατά μήκος της Νέας Παραλίας.' },
  { date: '2025-10-18', name: '金沢 上棟式', lang: 'ja', project: 'kanazawa', who: ['tamura', 'sato', 'me'], text: '上棟式。田村棟梁、佐藤先生、職人八名が参加した。餅まきは雨のため中止、代わりに工房で直会を行った。' },
  { date: '2025-11-05', name: 'تسليم رياض الزيتون', lang: 'ar', project: 'riad', who: ['bennani', 'idrissi', 'haddad', 'me'], text: 'تسليم الرياض للسيدة سلمى بناني. حضر المعلم حسن الإدريسي ونادية حداد للترجمة. بقيت ملاحظات صغيرة في الحمام وفي باب السطح.' },
  { date: '2025-11-20', name: 'Erlenmatt acoustics design review', lang: 'en', project: 'erlen', who: ['kessler', 'tschudin', 'me'], text: 'Design review with Bjørn and Regula on the classrooms. Ceiling absorbers in wood wool; the corridor gets perforated panels. Bjørn wants the partitions between classrooms to reach the underside of the slab.' },
  { date: '2025-12-03', name: 'Markthalle Rheinfelden Projektstopp', lang: 'de', project: 'markt', who: ['zumsteg', 'me'], text: 'Gespräch mit Beat Zumsteg: Der Stadtrat stellt die Machbarkeitsstudie zurück, weil das Budget 2026 für die Sanierung des Hallenbads gebraucht wird. Das Honorar für die erste Phase wird bezahlt.' },
  { date: '2026-01-14', name: 'Erlenmatt cost review', lang: 'en', project: 'erlen', who: ['tschudin', 'kruegel', 'me'], text: 'Cost review: the estimate stands at CHF 9.9 million, half a million over budget. Options on the table: drop the roof terrace, simplify the façade cladding, reuse the existing stair.' },
  { date: '2026-02-10', name: 'La Trama licencia de obras', lang: 'es', project: 'trama', who: ['berasategui', 'me'], text: 'El Ayuntamiento de Valencia concedió la licencia de obras. Ainhoa llamó a las nueve de la mañana. Comienzo de obras previsto para mayo.' },
  { date: '2026-02-24', name: 'Θεσσαλονίκη διευκρινίσεις διαγωνισμού', lang: 'el', project: 'thess', who: ['karagiannis', 'me'], text: 'Απαντήσεις σε ερωτήματα των διαγωνιζόμενων. Ο Δημήτρης διευκρίνισε ότι η προθεσμία υποβολής προσφορών παρατείνεται έως τις 20 Μαρτίου.' },
  { date: '2026-03-05', name: 'Нарва созвон по ходу работ', lang: 'ru', project: 'narva', who: ['lastochkin', 'me'], text: 'Созвон по ходу работ. Бак демонтирован и вывезен, лифт заказан, новая лестница в изготовлении.' },
  { date: '2026-03-12', name: 'Lindenhof Baustellenbesuch 2', lang: 'de', project: 'lindenhof', who: ['kruegel', 'me'], text: 'Zweiter Baustellenbesuch: Holzfaserdämmung eingebaut, Fenster geliefert. Nächster Termin im April.' },
  { date: '2026-03-18', name: 'Erlenmatt second site visit', lang: 'en', project: 'erlen', who: ['tschudin', 'me'], text: 'Second site visit: the gym roof is open for the asbestos removal, which runs to the end of April. The caretaker showed us the old plant room that could house the new ventilation.' },
];
const mp = (date: string) => {
  const m = MEETINGS.find((x) => x.date === date);
  if (!m) throw new Error(`heldout4: no meeting on ${date}`);
  return `Meetings/${m.date} ${m.name}.md`;
};
const dp = (date: string) => `Daily/${date}.md`;

// --- generation ----------------------------------------------------------------------------------
export function generateHeldout4(seed = 414141): Heldout4 {
  const r = mulberry(seed);
  const pages: Record<string, string> = {};
  /** title + aliases + summary of every page, for the paraphrase check. */
  const meta: Record<string, string> = {};
  const put = (path: string, markdown: string, metaText: string) => {
    if (path in pages) throw new Error(`heldout4: duplicate page ${path}`);
    pages[path] = markdown;
    meta[path] = `${title(path)} ${metaText}`;
  };
  const L = (key: string, label?: string) => {
    const p = person.get(key)!;
    const x = r();
    if (label) return `[[${p.name}|${label}]]`;
    if (x < 0.4) return `[[${p.name}]]`;
    if (x < 0.7) return `[[People/${p.name}|${p.name}]]`;
    return `[[${p.name}|${p.aliases?.[0] ?? p.name.split(' ')[0]}]]`;
  };
  const PL = (k: keyof typeof PJ, label?: string) => {
    const t = title(PJ[k]);
    const x = r();
    if (label) return `[[${t}|${label}]]`;
    if (x < 0.5) return `[[${t}]]`;
    if (x < 0.8) return `[[Projects/${t}|${t}]]`;
    return `[[${t}#Team|${t}]]`;
  };

  // --- people ---
  PEOPLE.forEach((p) => {
    const lines = [fm({ type: 'person', role: p.role, email: p.email, aliases: p.aliases, tags: ['person'] }), `# ${p.name}`, '', p.summary, ''];
    if (p.extra) lines.push(...p.extra, '');
    lines.push(p.lang === 'life' || p.lang === 'en' ? '## Notes' : '## Notizen / notes', '', filler(r, p.lang === 'life' ? 'life' : p.lang, 2 + Math.floor(r() * 4)), '');
    lines.push(padWords(r, p.lang, 110 + Math.floor(r() * 220)));
    put(pp(p.key), lines.join('\n'), `${(p.aliases ?? []).join(' ')} ${p.summary}`);
  });

  // --- projects (long pages in the local language; facts buried late) ---
  const project = (k: keyof typeof PJ, lang: Lang, front: Record<string, unknown>, summary: string, early: string[], late: Array<[string, string]>, words: number, headings: string[]) => {
    const body = [fm({ type: 'project', ...front, tags: ['project', ...((front.tags as string[]) ?? [])] }), `# ${title(PJ[k])}`, '', summary, '', longBody(r, lang, words, early, late, headings)];
    put(PJ[k], body.join('\n'), `${((front.aliases as string[]) ?? []).join(' ')} ${summary}`);
  };
  const meetingsOf = (k: keyof typeof PJ) => MEETINGS.filter((m) => m.project === k).map((m) => `- [[${m.date} ${m.name}]]`);

  project('lindenhof', 'de', { aliases: ['Lindenhof', 'P-2301'], code: 'P-2301', status: 'Bauphase', ort: 'Freiburg-St. Georgen', start: '2024-06' },
    'Umbau eines Schwarzwaldhofs von 1923 zum Wohnhaus, Freiburg-St. Georgen. #projekt/lindenhof',
    ['## Team', '', `Bauherr: ${L('reichenbach', 'Dr. Reichenbach')} und Familie. Tragwerksplanung: ${L('kruegel')}. Bauleitung: ich.`, '', '## Eckdaten', '', 'Baujahr 1923, Dachstuhl aus Weißtanne, Holzfaserdämmung 200 mm auf den Sparren. Budget 1,2 Mio. EUR brutto. Baugenehmigung erteilt, siehe Besprechungen.', '', '## Besprechungen', '', ...meetingsOf('lindenhof')],
    [['Stube', 'Der Kachelofen in der Stube bleibt erhalten: die Ofenbauer der Firma Gsell aus Staufen bauen ihn ab und setzen ihn im Juni 2026 neu, mit neuem Heizeinsatz.'], ['Regenwasser', 'Die neue Regenwasserzisterne unter der Hofeinfahrt fasst 6.000 Liter und speist die Gartenbewässerung und die WC-Spülung.']],
    2050, ['Bestand', 'Tragwerk', 'Energie', 'Fenster', 'Innenausbau', 'Außenanlagen']);

  project('qdt', 'fr', { aliases: ['QdT', 'P-2304'], code: 'P-2304', statut: 'terminé (concours, 2e prix)', lieu: 'Lyon 7e' },
    'Concours pour le réaménagement des berges du Rhône entre le pont de la Guillotière et le pont Galliéni, avec un paysagiste. Maître d’ouvrage : la Métropole de Lyon.',
    ['## Équipe', '', `Mandataire : moi. Paysage : ${L('vasseur')}. Interlocuteur à la Métropole : ${L('marchand')}. #concours`, '', '## Programme', '', 'Une promenade continue, des gradins sur l’eau, 42 arbres nouveaux et une passerelle légère vers la péniche du quai. Enveloppe travaux : 6,8 M€ HT.', '', '## Réunions', '', ...meetingsOf('qdt')],
    [['Critique du jury', 'Le rapport du jury, reçu en juillet, regrette l’absence de toilettes publiques accessibles sur tout le linéaire : c’est le principal reproche fait à notre projet.']],
    1800, ['Site', 'Parti', 'Plantations', 'Matériaux', 'Phasage']);

  project('trama', 'es', { aliases: ['La Trama', 'P-2402'], code: 'P-2402', estado: 'proyecto de ejecución', lugar: 'Benimaclet, Valencia' },
    'Cooperativa de vivienda en cesión de uso en Benimaclet, Valencia: 24 viviendas alrededor de un patio.',
    ['## Equipo', '', `Presidenta de la cooperativa: ${L('berasategui')}. Estructura: ${L('cifuentes')}. Arquitectura: yo, con un estudio local para la dirección de obra.`, '', '## Datos', '', 'Cinco plantas en madera contralaminada sobre planta baja de hormigón; 24 viviendas de 45 a 90 m²; espacios comunes: lavandería, sala polivalente, huerto en la cubierta.', '', '## Reuniones', '', ...meetingsOf('trama')],
    [['Energía', 'La cubierta llevará 38 kWp de paneles fotovoltaicos compartidos, con autoconsumo colectivo repartido por coeficientes entre las viviendas.'], ['Trámites', 'La solicitud de licencia de obras se presentó el 3 de marzo de 2025, con el proyecto básico visado.']],
    2000, ['Solar', 'Programa', 'Estructura', 'Fachadas', 'Patio']);

  project('kanazawa', 'ja', { aliases: ['Kanazawa tea pavilion', 'P-2403'], code: 'P-2403', status: '竣工', 場所: '石川県金沢市' },
    '金沢市東山の庭に建つ四畳半の茶室。施主は茶道教室の主宰者。',
    ['## チーム', '', `施主：${L('sato')}。大工棟梁：${L('tamura')}。設計：私。`, '', '## 概要', '', '能登産の杉材を使い、金物を使わない継手・仕口で組む。炉は本勝手。2025年12月に竣工。', '', '## 打合せ', '', ...meetingsOf('kanazawa')],
    [['屋根', '屋根は銅板一文字葺き。数年で緑青が出ることを施主と確認した。'], ['上棟', '上棟式は2025年10月18日に行った。']],
    1600, ['敷地', '構造', '材料', '建具', '庭']);

  project('suzhou', 'zh', { aliases: ['Pingjiang canal district renewal', 'P-2305'], code: 'P-2305', 状态: '方案设计', 地点: '江苏省苏州市' },
    '苏州平江路历史街区更新规划，与当地规划院合作，以小规模渐进式改造为主。',
    ['## 团队', '', `规划院负责人：${L('lin')}。文物保护顾问：${L('zhou')}。城市设计：我。`, '', '## 要点', '', '街区保留六十三座传统院落民居，新建三座步行桥，沿河设置休憩节点。', '', '## 会议', '', ...meetingsOf('suzhou')],
    [['河道管理', '河道清淤每年两次，分别在三月和十月，期间游船停航。'], ['夜景照明', '夜间照明色温不超过2700K，桥下不设彩色灯光。']],
    1800, ['现状', '目标', '交通', '绿化', '实施']);

  project('narva', 'ru', { aliases: ['Narva water tower', 'P-2401'], code: 'P-2401', статус: 'строительство', место: 'Нарва, Эстония' },
    'Приспособление кирпичной водонапорной башни 1913 года под городскую библиотеку и кафе.',
    ['## Команда', '', `Конструктор: ${L('lastochkin')}. Со стороны города: ${L('lange')}. Архитектор: я.`, '', '## Данные', '', 'Высота 34 м, диаметр ствола 11 м. Внутри ствола — новая стальная лестница и лифт.', '', '## Встречи', '', ...meetingsOf('narva')],
    [['Резервуар', 'Бывший бак объёмом 400 м³ станет читальным залом под куполом: его нижний пояс заменят стеклом.'], ['Лифт', 'Лифт — Kone MonoSpace грузоподъёмностью 630 кг, на восемь остановок.']],
    1150, ['Обследование', 'Конструкции', 'Фасады', 'Инженерия', 'Сроки']);

  project('riad', 'ar', { aliases: ['Riad Zitoun', 'P-2306'], code: 'P-2306', الحالة: 'منتهٍ', المكان: 'مراكش' },
    'ترميم دار تقليدية في المدينة العتيقة بمراكش وتحويلها إلى دار ضيافة من سبع غرف.',
    ['## الفريق', '', `المالكة: ${L('bennani')}. الزليج والتادلاكت: ${L('idrissi')}. التصميم: أنا.`, '', '## معطيات', '', 'سبع غرف حول صحن مزروع بأشجار البرتقال، وحمام تقليدي، وسطح للإفطار.', '', '## الاجتماعات', '', ...meetingsOf('riad')],
    [['الصحن', 'النافورة في وسط الصحن من رخام تاسريرت الأبيض، وحوضها مكسو بزليج أخضر وأبيض.'], ['الحمام', 'جدران الحمام بالتادلاكت المصقول بالصابون البلدي الأسود.']],
    1250, ['الحالة الأصلية', 'الهيكل', 'الزخرفة', 'الماء', 'الجدول الزمني']);

  project('thess', 'el', { aliases: ['Thessaloniki waterfront kiosks', 'P-2404'], code: 'P-2404', κατάσταση: 'διαγωνισμός', τόπος: 'Θεσσαλονίκη' },
    'Δώδεκα περίπτερα και πέργκολες σκίασης κατά μήκος της Νέας Παραλίας για τον Δήμο Θεσσαλονίκης.',
    ['## Ομάδα', '', `Δήμος: ${L('karagiannis')}. Τοπική συνεργάτιδα: ${L('papadopoulou')}. Σχεδιασμός: εγώ.`, '', '## Στοιχεία', '', 'Περίπτερα 3 × 4 μ. με ξύλινα πτερύγια, έξι πέργκολες, φωτισμός LED χαμηλής έντασης.', '', '## Συναντήσεις', '', ...meetingsOf('thess')],
    [['Κατασκευή', 'Οι πέργκολες είναι από ανοδιωμένο αλουμίνιο και έχουν υπολογιστεί για ταχύτητα ανέμου έως 120 km/h.']],
    1100, ['Περιοχή', 'Ιδέα', 'Υλικά', 'Λειτουργία', 'Κόστος']);

  project('erlen', 'en', { aliases: ['Erlenmatt', 'P-2501'], code: 'P-2501', status: 'design', place: 'Basel', client: '[[Regula Tschudin]]' },
    'Extension of the Erlenmatt primary school in Basel: a new storey of classrooms in a timber frame on top of the existing gym. #project/erlenmatt',
    ['## Team', '', `Client: Hochbauamt Basel-Stadt, represented by ${L('tschudin', 'Regula')}. Structure: ${L('kruegel')}. Acoustics: ${L('kessler')}. Fire safety: ${L('braendli')}.`, '', '## Brief', '', 'Eight classrooms, two group rooms and a staff workroom; budget CHF 9.4 million including fees. The gym below is a 1974 concrete frame.', '', '## Meetings', '', ...meetingsOf('erlen'), '', '![[Fire egress cheat sheet#Schools]]'],
    [['Construction phasing', 'The gym stays in use during construction except for the six weeks of the summer holidays, when the roof is opened and the new frame is set.'], ['Room acoustics', 'Target reverberation time in the classrooms: 0.6 s or less, occupied, at 500–1000 Hz.'], ['Outside', 'Bike parking for 140 bicycles under a canopy along the Erlenmattstrasse, plus six scooter spaces.']],
    2300, ['Existing building', 'Structure', 'Timber frame', 'Daylight', 'Services', 'Cost', 'Programme']);

  project('mill', 'en', { aliases: ['Millbrook', 'P-2405'], code: 'P-2405', status: 'planning', place: 'Bristol' },
    'Six two-storey mews houses on a backland plot behind Millbrook Lane, Bristol, for a local developer.',
    ['## Team', '', `Client: ${L('ferris')} (Ferris Homes). Planning consultant: ${L('oyelaran')}. Architect: me.`, '', '## Status', '', 'First application refused in January 2025 over overlooking; revised scheme resubmitted in October 2025.', '', '## Meetings', '', ...meetingsOf('mill')],
    [['Party walls', 'The party wall award with the owners of No. 14 was signed on 26 September 2025; the surveyor was appointed jointly.'], ['Drainage', 'Surface water goes to a soakaway under the shared courtyard; Wessex Water accepted the foul connection.']],
    2100, ['Site', 'Layout', 'Neighbours', 'Materials', 'Access']);

  project('markt', 'de', { aliases: ['Rheinfelden market hall', 'P-2502'], code: 'P-2502', status: 'zurückgestellt', ort: 'Rheinfelden AG' },
    'Machbarkeitsstudie für die Umnutzung der alten Markthalle am Rhein zu einem Quartierzentrum.',
    ['## Team', '', `Auftraggeber: Stadt Rheinfelden, vertreten durch ${L('zumsteg')}.`, '', '## Stand', '', 'Phase 1 (Bestandsaufnahme, drei Varianten) abgeschlossen. Die Studie ist vom Stadtrat zurückgestellt.', '', '## Besprechungen', '', ...meetingsOf('markt')],
    [['Varianten', 'Variante C (Markthalle mit Galerie und Quartierküche) war der Favorit der Begleitgruppe.']],
    1200, ['Bestand', 'Nutzung', 'Varianten', 'Kosten']);

  // --- meetings ---
  for (const m of MEETINGS) {
    const lang = m.lang;
    const head = lang === 'en' ? 'Notes' : lang === 'de' ? 'Notizen' : lang === 'fr' ? 'Notes' : lang === 'es' ? 'Notas' : lang === 'ja' ? 'メモ' : lang === 'zh' ? '记录' : lang === 'ru' ? 'Заметки' : lang === 'ar' ? 'ملاحظات' : 'Σημειώσεις';
    const body = [
      fm({ type: 'meeting', date: m.date, project: `[[${title(PJ[m.project])}]]`, attendees: m.who.map((k) => `[[${person.get(k)!.name}]]`), tags: ['meeting'] }),
      `# ${m.date} ${m.name}`,
      '',
      `${PL(m.project)} · ${m.who.map((k) => L(k)).join(', ')}`,
      '',
      m.text,
      '',
      `## ${head}`,
      '',
      padWords(r, lang, 150 + Math.floor(r() * 350)),
      '',
    ];
    put(mp(m.date), body.join('\n'), m.text);
  }

  // --- daily notes (life and work in one stream) ---
  const DAILY: Array<[string, string]> = [
    ['2025-01-08', 'First proper work day of the year. Planned the quarter; sent the December invoices. Liv back at school, reluctantly.'],
    ['2025-01-22', `Bad day: [[${mp('2025-01-22').slice(9, -3)}|Millbrook refused]]. Long walk in the evening to cool off.`],
    ['2025-02-03', 'Revived the sourdough starter after the holidays. Sent a question about the HOAI phases to Anselm.'],
    ['2025-02-14', `Permit for the Lindenhof farmhouse came through! Celebrated with Jakob, dinner in town.`],
    ['2025-03-11', `Cold morning on the school roof, see [[${mp('2025-03-11').slice(9, -3)}]]. Afternoon on the Lyon boards.`],
    ['2025-04-02', 'Dropped the Brompton at the Velowerk: new chain and a gear cable, ready Friday. Worked from home in the afternoon.'],
    ['2025-04-28', 'Sent the folder of tax documents to Priya, two days before her cut-off.'],
    ['2025-05-22', 'Day before the Lyon deadline. Printing the A0 boards at the copy shop until two in the morning; the last images only arrived at nine in the evening. Élodie slept on the studio sofa.'],
    ['2025-05-23', 'Handed in the Lyon competition, twenty minutes to spare. Slept all afternoon.'],
    ['2025-06-17', 'Second prize in Lyon! Drinks on the Rhine with the studio neighbours.'],
    ['2025-06-29', 'Flew to Tallinn, bus to Narva. The hotel looks straight at the castle and the river border.'],
    ['2025-07-14', 'Flight to Shanghai, train to Suzhou. Jet-lagged but the canals at night were worth it.'],
    ['2025-08-09', 'Lofoten, day one: ferry from Bodø to Moskenes, rain and then the most absurd light at eleven at night. Liv seasick.'],
    ['2025-08-12', 'Climbed Reinebringen with Jakob while Liv and Sunni went fishing. Knees hate the stairs down.'],
    ['2025-08-22', 'Home again. The allotment is a jungle; the courgettes are the size of Liv’s arm.'],
    ['2025-09-04', 'Early flight to Bristol for the Millbrook meeting; back by ten at night.'],
    ['2025-09-30', 'Priya submitted the 2024 tax return today, on the last day of the extension. Relief.'],
    ['2025-10-01', 'Flight to Thessaloniki. Bougatsa for dinner, no regrets.'],
    ['2025-10-17', 'Arrived in Kanazawa. Walked through Higashi Chaya in the evening.'],
    ['2025-11-04', 'Marrakesh. Checked the punch list at the riad before tomorrow.'],
    ['2025-11-21', 'Long run: 18 km along the Rhine, the half marathon plan is working.'],
    ['2025-12-03', 'Rheinfelden paused the market hall study. Annoying, but the first phase gets paid.'],
    ['2025-12-20', 'Christmas market with Liv, mulled apple juice, bought a wooden star.'],
    ['2026-01-05', 'New health insurance starts this month. Filed last year’s receipts.'],
    ['2026-01-14', 'Erlenmatt cost review in the morning. The terrace will probably go.'],
    ['2026-02-10', 'La Trama has its licence! Ainhoa called at nine, I was still in pyjamas.'],
    ['2026-02-24', 'Call with Thessaloniki about the tender questions. Mateo asked about new work.'],
    ['2026-03-05', 'Narva call: tank gone, lift ordered. Dentist in the afternoon.'],
    ['2026-03-12', 'Drove to Freiburg for the Lindenhof site visit. The new windows look good.'],
    ['2026-03-18', 'Second Erlenmatt site visit. Afterwards a parents’ evening at the same school, funny.'],
  ];
  for (const [d, text] of DAILY) {
    const weekday = new Date(`${d}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
    const meeting = MEETINGS.find((m) => m.date === d);
    const body = [fm({ type: 'daily', date: d, tags: ['daily'] }), `# ${d} ${weekday}`, '', text, '', meeting && r() < 0.5 ? `Meeting: [[Meetings/${m2(meeting)}|${meeting.name}]]` : '', '', '## Log', '', filler(r, 'life', 3 + Math.floor(r() * 4)), '', filler(r, 'en', 2 + Math.floor(r() * 4)), '', '## Work', '', padWords(r, 'en', 90 + Math.floor(r() * 200)), ''];
    put(dp(d), body.join('\n'), text);
  }

  // --- reference, personal and admin notes (long; facts buried late) ---
  const note = (path: string, front: Record<string, unknown>, summary: string, early: string[], late: Array<[string, string]>, words: number, headings: string[], lang: Lang = 'en') => {
    put(path, [fm(front), `# ${title(path)}`, '', summary, '', longBody(r, lang, words, early, late, headings)].join('\n'), `${((front.aliases as string[]) ?? []).join(' ')} ${summary}`);
  };
  note('Reference/Fire egress cheat sheet.md', { type: 'reference', aliases: ['VKF escape routes'], tags: ['reference', 'code'] },
    'Escape routes, travel distances and compartments under the Swiss VKF rules, as I use them in early design.',
    ['Always check the current edition with the fire consultant; these are my working notes.', '', '## Schools', '', 'Classrooms need a second way out if more than 50 people use them; a door straight to outside counts.'],
    [['Travel distances', 'Travel distance from any point of a room to the nearest stair or exit outside: 35 m; with two escape directions 50 m.'], ['Corridor widths', 'Escape corridors and stairs: at least 1.2 m clear width; for more than 200 people 1.8 m.']],
    2200, ['Principles', 'Compartments', 'Stairs', 'Doors', 'Signage', 'Timber buildings']);
  note('Reference/SIA 102 fee notes.md', { type: 'reference', aliases: ['SIA fees'], tags: ['reference', 'fees'] },
    'How architects’ fees are worked out under SIA 102: phases, percentages, hourly rates.',
    ['The fee is the product of base hours, the difficulty factor and the hourly rate; the phases split it.'],
    [['Phase split', 'Tender phase (Ausschreibung, 41) is 10% of the total fee in my standard split; construction supervision 29%.'], ['Rates agreed', 'Hourly rate agreed with the Hochbauamt for the school: CHF 142 for partner level, CHF 118 for staff.']],
    2000, ['Basics', 'Difficulty', 'Team factor', 'Extras', 'Invoicing']);
  note('Reference/HOAI Honorar Notizen.md', { type: 'reference', aliases: ['HOAI'], tags: ['reference', 'fees'] },
    'Honorarermittlung nach HOAI 2021 für Projekte in Deutschland: Leistungsphasen, Honorarzonen, Umbauzuschlag.',
    ['Seit 2021 sind die Tafelwerte nur noch Orientierung; Vereinbarung in Textform.'],
    [['Umbauzuschlag', 'Für den Umbau in Freiburg wurde ein Umbauzuschlag von 25 % vereinbart.']],
    1400, ['Leistungsphasen', 'Honorarzonen', 'Nebenkosten'], 'de');
  note('Reference/Classroom daylight and acoustics.md', { type: 'reference', tags: ['reference', 'schools'] },
    'Rules of thumb for teaching spaces: window sizes, glare, reverberation, sound insulation between rooms.',
    ['Collected from the Minergie-Eco guidance and the SIA 181 standard.'],
    [['Daylight', 'Aim for an average daylight factor of at least 3% in classrooms, 2% at the back of the room.']],
    1800, ['Windows', 'Glare', 'Reverberation', 'Partitions', 'Ventilation noise']);
  note('Reference/Timber joinery glossary.md', { type: 'reference', aliases: ['継手 glossary'], tags: ['reference', 'timber'] },
    'Japanese and European carpentry joints I keep forgetting the names of.',
    ['Terms in Japanese with reading and a short description; sketches in the attachments folder.'],
    [['Scarf joints', 'Kanawa tsugi (金輪継ぎ): a stop-splayed scarf joint locked with a wedge-shaped key through the middle; used for long beams and sill plates.'], ['Wedges', 'Shachi sen (車知栓) are the flat hardwood keys that pull two members together.']],
    1800, ['Basics', 'Tools', 'Connections', 'Finishes']);
  note('Reference/Tadelakt and lime plaster.md', { type: 'reference', tags: ['reference', 'materials'] },
    'Lime plasters from Morocco and Europe: mixes, curing, where they work and where they do not.',
    ['Tadelakt is a lime plaster from the Marrakesh region made waterproof by compaction and polishing.'],
    [['Polishing', 'Tadelakt is polished with a river stone and sealed with black olive-oil soap (savon beldi), which reacts with the lime to form a water-repellent skin.']],
    1600, ['Lime', 'Mixes', 'Application', 'Curing', 'Repairs']);
  note('Reference/Competition entry checklist.md', { type: 'reference', tags: ['reference', 'competitions'] },
    'Everything a contest submission needs before it leaves the studio.',
    ['Read the brief twice; list every deliverable with its format.'],
    [['Anonymity', 'Code number on every sheet, in the top right corner, 1 cm high; author envelope sealed separately.']],
    1400, ['Deliverables', 'Printing', 'Models', 'Transport']);
  note('Reference/CLT supplier comparison.md', { type: 'reference', tags: ['reference', 'timber'] },
    'Cross-laminated panels: suppliers, lead times, prices, transport to Spain and Switzerland.',
    ['Three suppliers compared in 2025 for the Valencia co-op and the Basel school.'],
    [['Lead times', 'Lead time from the Austrian mill (Stora Enso Ybbs) was 14 weeks from approved shop drawings; the Spanish supplier quoted 9.']],
    1600, ['Suppliers', 'Prices', 'Transport', 'Certification']);
  note('Personal/Sourdough starter.md', { type: 'personal', aliases: ['Bruno'], tags: ['personal', 'cooking'] },
    'Feeding schedule and notes for Bruno, my starter.',
    ['Fed 1:5:5 with rye and water; fridge during the week.'],
    [['Reviving', 'After more than two weeks in the fridge: two feeds 12 hours apart at room temperature before baking.']],
    700, ['Flour', 'Loaves'], 'life');
  note('Personal/Brompton repairs.md', { type: 'personal', tags: ['personal', 'bike'] },
    'Servicing log of my folding bike.',
    [`Serviced by ${L('krueger')} at the Velowerk.`],
    [['Log', '2025-04: new chain and gear cable. 2025-10: rear tyre (Schwalbe Marathon Racer).']],
    600, ['Parts'], 'life');
  note('Personal/Tax return 2024.md', { type: 'personal', tags: ['personal', 'admin'] },
    'What Priya needs from me for the 2024 return, and what we deducted.',
    [`Prepared with ${L('raghunathan')}. Documents go to her by the end of April.`],
    [['Deadlines', 'The canton granted an extension to 30 September 2025; Priya filed it on that day.'], ['Deductions', 'Pillar 3a contribution CHF 7,056; home-office share 15% of the rent.']],
    2000, ['Income', 'Expenses', 'Documents', 'Pension']);
  note('Personal/Lofoten trip 2025.md', { type: 'personal', tags: ['personal', 'travel'] },
    'Two weeks in the far north with Jakob and Liv, staying partly with Sunniva: 9 to 22 August 2025.',
    [`With ${L('jakob')}, ${L('liv')} and ${L('sunniva')}.`, '', '## Plan', '', 'Bodø, ferry to Moskenes, then Reine, Hamnøy, Henningsvær, back via Svolvær.'],
    [['Costs', 'The car ferry from Bodø to Moskenes cost NOK 1,240 one way for the car and three people.']],
    2000, ['Packing', 'Hikes', 'Food', 'Rainy days'], 'life');
  note('Personal/Allotment garden.md', { type: 'personal', tags: ['personal', 'garden'] },
    'Our Familiengarten plot: what grows where, the association’s rules.',
    ['Plot 117, shared tool shed with plot 118.'],
    [['Rules', 'Hedges no higher than 1.2 m; water only from the rain barrel after 1 July.']],
    900, ['Beds', 'Sowing'], 'life');
  note('Personal/Half marathon plan.md', { type: 'personal', tags: ['personal', 'running'] },
    'Sixteen weeks of training for the Basel half marathon in spring.',
    ['Three runs a week: intervals, tempo, long run.'],
    [['Race', 'Target time 1:55; race day is the second Sunday of April 2026.']],
    800, ['Weeks 1–8', 'Weeks 9–16'], 'life');
  note('Personal/Apartment Feldbergstrasse.md', { type: 'personal', tags: ['personal', 'home'] },
    'Our rented flat: lease, landlord, repairs.',
    ['Four rooms, third floor, lease since 2018.'],
    [['Lease terms', 'Notice period three months, to the end of March, June or September only.']],
    1500, ['Landlord', 'Repairs', 'Heating', 'Neighbours'], 'life');
  note('Personal/Health insurance switch.md', { type: 'personal', tags: ['personal', 'admin'] },
    'Comparing basic cover offers for 2026 for the three of us.',
    ['Switched from the old insurer at the end of November 2025.'],
    [['Choice', 'Chose the family-doctor model with the highest franchise, CHF 2,500 for both adults; Liv at CHF 0.']],
    1000, ['Offers', 'Supplementary'], 'life');
  note('Personal/Books 2025.md', { type: 'personal', tags: ['personal', 'reading'] },
    'What I read this year, with one line each.',
    ['Mostly on trains.'], [['Favourites', 'Best of the year: a book on Scandinavian wooden churches.']], 500, ['Fiction'], 'life');
  note('Admin/Studio rates 2025.md', { type: 'admin', tags: ['admin', 'fees'] },
    'What I charge: hourly and daily rates for 2025, expenses, travel.',
    ['Rates exclude VAT (8.1%).'],
    [['Rates', 'Hourly rate CHF 135; day rate for site supervision CHF 980; competition work at cost only.']],
    1500, ['Principles', 'Travel', 'Expenses', 'Discounts']);
  note('Admin/Professional liability insurance.md', { type: 'admin', tags: ['admin', 'insurance'] },
    'My professional indemnity policy: insurer, cover, deductible.',
    ['Policy with a Swiss insurer since 2019, renewed every January.'],
    [['Cover', 'Cover CHF 3 million per claim for personal injury and damage to property; deductible CHF 5,000 per claim; projects abroad included except USA and Canada.']],
    1800, ['Policy', 'Exclusions', 'Claims procedure', 'Abroad']);
  note('Admin/Software licences.md', { type: 'admin', tags: ['admin', 'software'] },
    'Licences, renewal dates, seats.',
    ['One seat each, on the studio laptop.'],
    [['Renewals', 'Archicad subscription renews on 1 March every year; Rhino is a perpetual licence.']],
    900, ['Design', 'Office']);
  note('Admin/Invoices 2025.md', { type: 'admin', tags: ['admin'] },
    'Invoice register for 2025.',
    ['Numbered A25-001 onwards.'], [['Open', 'Two invoices still open at year end.']], 700, ['Q1', 'Q2', 'Q3', 'Q4']);

  // --- decoys: pages that share words with questions but are not about the work ---
  const decoys: Array<[string, string, Lang]> = [
    ['Misc/Gasthaus Lindenhof reservation.md', 'Table for two at the Gasthaus Lindenhof in Riehen on 14 February 2025, 19:30. Their venison is good; book again for Jakob’s birthday. Permit for outdoor seating is seasonal.', 'life'],
    ['Misc/Trama knitting workshop.md', 'Trama is the knitting and weaving workshop on the Klybeckstrasse. Saturday course in October: weaving a wall hanging on a frame loom. The assembly of the loom takes an hour.', 'life'],
    ['Misc/Tea ceremony lessons.md', 'Monthly tea ceremony lessons in Basel with a teacher from Kyoto. Learning to whisk matcha and the order of the utensils. The tea room is in a carpenter’s workshop.', 'life'],
    ['Misc/The Water Tower (novel).md', 'Notes on the novel The Water Tower: a structural engineer inherits a water tower in a border town and converts it into a lighthouse for birds. Recommended by Sunni.', 'life'],
    ['Misc/Zitoun olive oil subscription.md', 'Zitoun is the olive oil subscription from a cooperative near Meknès: five litres every quarter. Tiles on the bottle label look like zellige.', 'life'],
    ['Misc/Rhine waterfront running route.md', 'My usual running route along the Rhine waterfront: Kaserne to the Dreirosenbrücke and back, past the kiosk at the ferry. Wind from the west makes the way back hard.', 'life'],
    ['Misc/Erlenmatt school bake sale.md', 'Bake sale at Liv’s school, the Primarschule Erlenmatt, to raise money for the class trip. I signed up for two sourdough loaves and a cake; sale in the gym at 15:00.', 'life'],
    ['Misc/Mews the cat.md', 'Mews is our cat, a grey tabby adopted in 2022. Vet: planning a dental check; vaccination due in May. Likes to sit on the drawings.', 'life'],
    ['Misc/Christmas market in the old market hall.md', 'Christmas market in the old market hall at Rheinfelden: crafts, raclette, a carousel for kids. Feasibility of going by bike: yes, along the river.', 'life'],
    ['Misc/Claraplatz newspaper kiosk.md', 'The newspaper kiosk at Claraplatz sells Norwegian papers on Saturdays. The kiosk owner is from Thessaloniki and gives me tips on Greek food.', 'life'],
  ];
  for (const [path, text, lang] of decoys) put(path, [fm({ type: 'note', tags: ['misc'] }), `# ${title(path)}`, '', text, '', padWords(r, lang, 120 + Math.floor(r() * 250)), ''].join('\n'), text);

  // --- hubs ---
  put('Home.md', [fm({ type: 'hub', tags: ['hub'] }), '# Home', '', 'Start page of the vault.', '', '## Projects', '', ...Object.keys(PJ).map((k) => `- ${PL(k as keyof typeof PJ)}`), '', '## Life', '', '- [[Sourdough starter]]', '- [[Lofoten trip 2025]]', '- [[Tax return 2024]]', '', '![[Studio rates 2025#Rates]]', ''].join('\n'), 'Start page of the vault.');
  put('People/People index.md', [fm({ type: 'hub', tags: ['hub'] }), '# People index', '', 'Everyone in the vault, by letter.', '', ...PEOPLE.map((p) => `- ${L(p.key)} — ${p.role}`), ''].join('\n'), 'Everyone in the vault, by letter.');

  // --- questions ---------------------------------------------------------------------------------
  const questions: Heldout4Question[] = [];
  const seen = new Set<string>();
  const ask = (family: Heldout4Family, kind: string, q: string, relevant: string[]) => {
    const rel = [...new Set(relevant)];
    for (const p of rel) if (!(p in pages)) throw new Error(`heldout4: "${q}" → missing page ${p}`);
    if (!rel.length || rel.length > 8 || seen.has(q)) throw new Error(`heldout4: bad or repeated question "${q}"`);
    seen.add(q);
    questions.push({ family, kind, q, relevant: rel });
  };
  const who = pp;
  const meetingsAbout = (k: keyof typeof PJ) => MEETINGS.filter((m) => m.project === k).map((m) => mp(m.date));

  // exact (12): a title, an alias or a project code
  ask('exact', 'title', 'Haus Lindenhof', [PJ.lindenhof]);
  ask('exact', 'code', 'P-2404', [PJ.thess]);
  ask('exact', 'alias', 'Riad Zitoun', [PJ.riad]);
  ask('exact', 'title', 'Erlenmatt school extension', [PJ.erlen]);
  ask('exact', 'title', 'Bjørn Kessler', [who('kessler')]);
  ask('exact', 'title', 'Quai des Tanneurs', [PJ.qdt]);
  ask('exact', 'title', 'Fire egress cheat sheet', ['Reference/Fire egress cheat sheet.md']);
  ask('exact', 'alias', 'Tamura-san', [who('tamura')]);
  ask('exact', 'alias', 'Krügel Tragwerk', [who('kruegel')]);
  ask('exact', 'alias', 'Pingjiang canal district renewal', [PJ.suzhou]);
  ask('exact', 'title', 'Professional liability insurance', ['Admin/Professional liability insurance.md']);
  ask('exact', 'code', 'P-2401', [PJ.narva]);

  // paraphrase (16): no content word shared with the target's title, aliases or summary (checked below)
  const para: Array<[string, string]> = [
    ['adding rooms for lessons above a sports hall in the city on the Rhine', PJ.erlen],
    ['little terraced homes squeezed in at the back of an English port town street, turned down by the council', PJ.mill],
    ['converting the old black forest farm for a dentist and his kids', PJ.lindenhof],
    ['how far may people have to walk to get out when there is smoke', 'Reference/Fire egress cheat sheet.md'],
    ['what to bill a client for design services according to the Swiss professional body', 'Reference/SIA 102 fee notes.md'],
    ['keeping the wild yeast culture for bread alive', 'Personal/Sourdough starter.md'],
    ['what protects me financially if somebody sues over a drawing mistake', 'Admin/Professional liability insurance.md'],
    ['that Arctic holiday on the Norwegian islands with the family', 'Personal/Lofoten trip 2025.md'],
    ['the small wooden hut for whisked green drink ceremonies in Ishikawa', PJ.kanazawa],
    ['bringing an old courtyard house in the Moroccan medina back to life for tourists', PJ.riad],
    ['turning the tall old reservoir at the Estonian border town into books and coffee', PJ.narva],
    ['little sales booths and sunshades along the seafront promenade in northern Greece', PJ.thess],
    ['the noise-and-echo specialist from the city on the Limmat', who('kessler')],
    ['what to pack before mailing off boards for an architecture prize', 'Reference/Competition entry checklist.md'],
    ['the vegetable patch we rent at the edge of town', 'Personal/Allotment garden.md'],
    ['the woman in local government who orders new classrooms', who('tschudin')],
  ];
  for (const [q, path] of para) {
    assertNoSharedWord(q, meta[path]!);
    ask('paraphrase', path.split('/')[0]!.toLowerCase(), q, [path]);
  }

  // typo (12)
  ask('typo', 'person', 'Reichenbah dentist Freiburg', [who('reichenbach')]);
  ask('typo', 'project', 'Quai des Taneurs competition', [PJ.qdt]);
  ask('typo', 'project', 'erlenmat school extention', [PJ.erlen]);
  ask('typo', 'person', 'Bjorn Kesler acoustics', [who('kessler')]);
  ask('typo', 'person', 'Calum Feris developer', [who('ferris')]);
  ask('typo', 'person', 'Priya Ragunathan', [who('raghunathan')]);
  ask('typo', 'person', 'Ainhoa Berasategi cooperativa', [who('berasategui')]);
  ask('typo', 'person', 'Grigori Lastochkn', [who('lastochkin')]);
  ask('typo', 'project', 'thesaloniki waterfront kiosk', [PJ.thess]);
  ask('typo', 'personal', 'sourdouhg startr', ['Personal/Sourdough starter.md']);
  ask('typo', 'person', 'Mateo Okonjo Ruis', [who('okonjo')]);
  ask('typo', 'project', 'millbrok lane mewes', [PJ.mill]);

  // crosslingual (18): asked in English, the page is in another language or script
  ask('crosslingual', 'en>zh name', 'who is Zhou Zhiqiang', [who('zhou')]);
  ask('crosslingual', 'en>ru name', 'Vera Lange, Narva chief architect', [who('lange')]);
  ask('crosslingual', 'en>el name', 'Eleni Papadopoulou architect in Thessaloniki', [who('papadopoulou')]);
  ask('crosslingual', 'en>ja name', 'master carpenter Kenichi Tamura', [who('tamura')]);
  ask('crosslingual', 'en>ar name', 'zellige craftsman Hassan Idrissi', [who('idrissi')]);
  ask('crosslingual', 'en>ja', 'what is the roof of the Kanazawa tea house covered with', [PJ.kanazawa]);
  ask('crosslingual', 'en>zh', 'how many traditional courtyard houses are kept in the Suzhou plan', [PJ.suzhou]);
  ask('crosslingual', 'en>ru', 'what will the old water tank in the tower become', [PJ.narva]);
  ask('crosslingual', 'en>ar', 'what stone is the riad courtyard fountain made of', [PJ.riad]);
  ask('crosslingual', 'en>el', 'wind speed the Thessaloniki pergolas are designed for', [PJ.thess]);
  ask('crosslingual', 'en>de', 'how big is the rainwater cistern at the farmhouse', [PJ.lindenhof]);
  ask('crosslingual', 'en>es', 'how many apartments does the Valencia housing co-op have', [PJ.trama]);
  ask('crosslingual', 'en>fr', 'what did the jury criticise in our Lyon riverside entry', [PJ.qdt, mp('2025-06-17')]);
  ask('crosslingual', 'en>ja', 'roof-raising ceremony in Kanazawa', [mp('2025-10-18'), PJ.kanazawa]);
  ask('crosslingual', 'en>de', 'building permit granted for the Black Forest farmhouse', [mp('2025-02-14'), dp('2025-02-14')]);
  ask('crosslingual', 'en>de', 'why was the Rheinfelden study put on hold', [mp('2025-12-03')]);
  ask('crosslingual', 'en>zh', 'which lanes were chosen at the Suzhou workshop', [mp('2025-07-15')]);
  ask('crosslingual', 'en>ar', 'handover of the Marrakesh guesthouse', [mp('2025-11-05')]);

  // two-hop (16): the answer is reached through a relation stated on another page
  ask('two-hop', 'client>project>engineer', 'who does the structural engineering for the Freiburg dentist’s house', [who('kruegel')]);
  ask('two-hop', 'partner>project>result', 'what did the jury decide on the competition I entered with Élodie', [mp('2025-06-17'), dp('2025-06-17'), PJ.qdt]);
  ask('two-hop', 'mentor>person>project', 'the project I run with the planner Wanjiru introduced me to', [PJ.suzhou]);
  ask('two-hop', 'client>project>acoustics', 'who does the acoustics on Regula Tschudin’s school', [who('kessler')]);
  ask('two-hop', 'client>craftsman', 'the craftsman working for Salma Bennani', [who('idrissi')]);
  ask('two-hop', 'official>project>engineer', 'structural engineer on the project where Vera Lange is the city contact', [who('lastochkin')]);
  ask('two-hop', 'client>carpenter', 'carpenter building the tea teacher’s pavilion', [who('tamura')]);
  ask('two-hop', 'possessive', 'Callum’s planning consultant', [who('oyelaran')]);
  ask('two-hop', 'possessive', 'the co-op president’s structural engineer', [who('cifuentes')]);
  ask('two-hop', 'client>project>fire', 'fire safety expert on the project handled by the Hochbauamt', [who('braendli')]);
  ask('two-hop', 'partner>project>official', 'municipality contact on the job Eleni helps me with', [who('karagiannis')]);
  ask('two-hop', 'engineer>other project', 'which other project does the Lindenhof engineer work on', [PJ.erlen]);
  ask('two-hop', 'visualiser', 'who made the images for the project whose client is the Métropole de Lyon', [who('okonjo')]);
  ask('two-hop', 'engineer>meetings', 'meetings about the project Grigory is the engineer on', meetingsAbout('narva'));
  ask('two-hop', 'planner>consultant', 'heritage adviser on the project under Lin Xiaowen', [who('zhou')]);
  ask('two-hop', 'reverse', 'whose translator is Nadia Haddad', [who('bennani')]);

  // negation (10)
  ask('negation', 'not-restaurant', 'Lindenhof, the building project, not the restaurant', [PJ.lindenhof]);
  ask('negation', 'not-bike', 'the Anselm who is an engineer, not the one who fixes bikes', [who('kruegel')]);
  ask('negation', 'not-choir', 'Regula from the canton, not my neighbour with the choir', [who('tschudin')]);
  ask('negation', 'not-novel', 'the real water tower conversion, not the book', [PJ.narva]);
  ask('negation', 'not-cat', 'Mews housing scheme, not the cat', [PJ.mill]);
  ask('negation', 'not-swiss-fees', 'fee rules for German jobs, not the SIA ones', ['Reference/HOAI Honorar Notizen.md']);
  ask('negation', 'timber-not-japan', 'timber-framed projects that are not in Japan', [PJ.trama, PJ.erlen]);
  ask('negation', 'not-structural', 'engineers on the school who are not doing the structure', [who('kessler'), who('braendli')]);
  ask('negation', 'not-pursued', 'which project did the client stop and not continue', [PJ.markt]);
  ask('negation', 'not-bake-sale', 'Erlenmatt: the building work, not Liv’s bake sale', [PJ.erlen]);

  // date (16): the date or period decides among look-alike pages
  ask('date', 'after', 'the client meeting after the school site visit in March 2025', [mp('2025-03-19')]);
  ask('date', 'month', 'what happened on the Erlenmatt project in November 2025', [mp('2025-11-20')]);
  ask('date', 'ordinal', 'first inspection of the Narva tower', [mp('2025-06-30')]);
  ask('date', 'latest', 'most recent Lindenhof site visit', [mp('2026-03-12'), dp('2026-03-12')]);
  ask('date', 'month', 'Lyon jury results in June', [mp('2025-06-17'), dp('2025-06-17')]);
  ask('date', 'month', 'meetings in February 2026', [mp('2026-02-10'), mp('2026-02-24')]);
  ask('date', 'day-before', 'what did I write the day before the Lyon competition deadline', [dp('2025-05-22')]);
  ask('date', 'quarter', 'meetings in Q4 2025', [mp('2025-10-02'), mp('2025-10-18'), mp('2025-11-05'), mp('2025-11-20'), mp('2025-12-03')]);
  ask('date', 'after', 'the Millbrook meeting after the refusal', [mp('2025-09-04')]);
  ask('date', 'start-of-year', 'Erlenmatt cost review at the start of 2026', [mp('2026-01-14'), dp('2026-01-14')]);
  ask('date', 'exact', 'what did I note on 2025-04-02', [dp('2025-04-02')]);
  ask('date', 'before', 'La Trama meetings before the licence was granted', [mp('2025-04-09')]);
  ask('date', 'just-before', 'the meeting just before the roof-raising in Kanazawa', [mp('2025-10-02')]);
  ask('date', 'daily', 'the day the 2024 tax return was filed', [dp('2025-09-30'), 'Personal/Tax return 2024.md']);
  ask('date', 'first-day', 'daily note from the first day of the Lofoten trip', [dp('2025-08-09')]);
  ask('date', 'month', 'what was I doing in Marrakesh in November 2025', [dp('2025-11-04'), mp('2025-11-05')]);

  // deep (16): facts in the second half of long pages
  ask('deep', 'erlen', 'how many bike parking spaces does the school extension get', [PJ.erlen]);
  ask('deep', 'erlen', 'reverberation time target for the new classrooms', [PJ.erlen]);
  ask('deep', 'erlen', 'is the gym closed while the extension is built', [PJ.erlen]);
  ask('deep', 'fire', 'maximum travel distance to the nearest stair', ['Reference/Fire egress cheat sheet.md']);
  ask('deep', 'fire', 'minimum width of an escape corridor for more than 200 people', ['Reference/Fire egress cheat sheet.md']);
  ask('deep', 'sia', 'what percentage of the fee is the tender phase', ['Reference/SIA 102 fee notes.md']);
  ask('deep', 'tax', 'how much did I pay into pillar 3a', ['Personal/Tax return 2024.md']);
  ask('deep', 'insurance', 'deductible per claim on the indemnity policy', ['Admin/Professional liability insurance.md']);
  ask('deep', 'lease', 'notice period for our flat', ['Personal/Apartment Feldbergstrasse.md']);
  ask('deep', 'joinery', 'what is a kanawa tsugi', ['Reference/Timber joinery glossary.md']);
  ask('deep', 'tadelakt', 'which soap is used to seal tadelakt', ['Reference/Tadelakt and lime plaster.md']);
  ask('deep', 'mill', 'when was the party wall award with No. 14 signed', [PJ.mill]);
  ask('deep', 'lindenhof', 'who is rebuilding the tiled stove', [PJ.lindenhof]);
  ask('deep', 'lofoten', 'price of the car ferry to Moskenes', ['Personal/Lofoten trip 2025.md']);
  ask('deep', 'clt', 'lead time for the Austrian CLT panels', ['Reference/CLT supplier comparison.md']);
  ask('deep', 'daylight', 'minimum daylight factor in a classroom', ['Reference/Classroom daylight and acoustics.md']);

  // distractor (14): the question shares words with a page that is not the answer
  ask('distractor', 'restaurant', 'Lindenhof permit', [mp('2025-02-14'), PJ.lindenhof, dp('2025-02-14')]);
  ask('distractor', 'reverse', 'Lindenhof dinner reservation', ['Misc/Gasthaus Lindenhof reservation.md']);
  ask('distractor', 'reverse', 'Trama weaving course', ['Misc/Trama knitting workshop.md']);
  ask('distractor', 'knitting', 'La Trama assembly vote on the courtyard', [mp('2025-04-09')]);
  ask('distractor', 'tea-lessons', 'tea room carpenter', [who('tamura')]);
  ask('distractor', 'novel', 'water tower structural engineer border town', [who('lastochkin')]);
  ask('distractor', 'reverse', 'Zitoun olive oil', ['Misc/Zitoun olive oil subscription.md']);
  ask('distractor', 'olive-oil', 'Zitoun zellige tiles fountain', [PJ.riad]);
  ask('distractor', 'reverse', 'Erlenmatt school bake sale in the gym', ['Misc/Erlenmatt school bake sale.md']);
  ask('distractor', 'bake-sale', 'Erlenmatt gym roof asbestos', [mp('2025-03-11'), mp('2026-03-18')]);
  ask('distractor', 'bike', 'Anselm calculations timber roof', [who('kruegel')]);
  ask('distractor', 'choir', 'Regula Hochbauamt', [who('tschudin')]);
  ask('distractor', 'kiosk', 'waterfront kiosks tender deadline', [mp('2026-02-24')]);
  ask('distractor', 'market', 'market hall Rheinfelden feasibility variants', [PJ.markt]);

  // vague (15): how people actually ask an assistant
  ask('vague', 'project', 'what was that thing about the old stove in the German house again', [PJ.lindenhof]);
  ask('vague', 'meeting', 'remind me what the Greek guy from the city said about the deadline', [mp('2026-02-24')]);
  ask('vague', 'person', 'I need the number of the fire lady', [who('braendli')]);
  ask('vague', 'admin', 'how much do I usually charge per hour', ['Admin/Studio rates 2025.md']);
  ask('vague', 'project', 'where did we leave things with the bristol developer', [mp('2025-09-04'), PJ.mill]);
  ask('vague', 'personal', 'stuff I have to send for taxes', ['Personal/Tax return 2024.md']);
  ask('vague', 'project', 'anything on the Chinese canal job?', [PJ.suzhou, mp('2025-07-15')]);
  ask('vague', 'admin', 'what is the excess on my work insurance', ['Admin/Professional liability insurance.md']);
  ask('vague', 'person', 'who was the guy doing our renders', [who('okonjo')]);
  ask('vague', 'personal', 'dates of the norway holiday', ['Personal/Lofoten trip 2025.md']);
  ask('vague', 'project', 'what’s going on with the co-op in spain', [PJ.trama, mp('2025-04-09'), mp('2026-02-10'), dp('2026-02-10')]);
  ask('vague', 'personal', 'when do we have to give notice if we move out', ['Personal/Apartment Feldbergstrasse.md']);
  ask('vague', 'person', 'the russian engineer’s email', [who('lastochkin')]);
  ask('vague', 'admin', 'when does the cad software renew', ['Admin/Software licences.md']);
  ask('vague', 'personal', 'my starter needs feeding after the holidays, how', ['Personal/Sourdough starter.md']);

  return { pages, questions };
}

/** The meeting's file name without folder and extension. */
function m2(m: Meeting): string {
  return `${m.date} ${m.name}`;
}

const STOP = new Set(
  'a an the of to in on for and or with by from that this it its is are be as at so what which who how when where their they them you your we our us not no into over all one each can do does did get got i me my about after before up out just really very other own there here then than too only was were has have had while whose may when there is'.split(' '),
);

/** A paraphrase may share no content word (nor a 5-letter prefix of one) with its target's title, aliases and summary. */
function assertNoSharedWord(q: string, target: string): void {
  const words = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));
  const t = words(target);
  for (const w of words(q)) {
    for (const d of t) {
      let k = 0;
      while (k < w.length && k < d.length && w[k] === d[k]) k++;
      if (w === d || k >= 5) throw new Error(`heldout4 paraphrase "${q}" shares "${w}" with its target ("${d}")`);
    }
  }
}
