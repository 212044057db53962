// A sixth held-out evaluation set, written apart from world.ts, heldout2.ts–heldout5.ts and the engine
// (no file under src/ was read to write it): the Obsidian vault of Dr Inês Carvalho, group medical
// director of Corvo Veterinary Group, a small network of eight companion-animal and mixed practices
// run from Lisbon: Lisbon and Porto (Portuguese), Thessaloniki (Greek), Haifa (Hebrew), Chiang Mai
// (Thai), Busan (Korean), Tbilisi (Georgian) and Almaty (Russian), with a Persian-speaking consultant
// dermatologist and a Spanish vaccine supplier. Pages are written in the language the work happens in
// (English, Portuguese, Greek, Hebrew, Thai, Korean, Georgian, Russian, Persian, Spanish: ten
// languages, eight scripts), and many people carry their names only in their own script. Group
// programmes (antimicrobial stewardship, telemedicine, a practice-software migration, a stray-animal
// programme in Tbilisi, a rabies campaign in Chiang Mai, equine dentistry in Almaty), dated meetings,
// daily notes, supplier and partner pages, policies with superseded versions, twelve long reference
// pages of 1,500–2,500 words (ten in English, two in Portuguese) with the asked fact buried late, and
// decoys named like the work (a crow called Corvo on the balcony, a neighbour who shares a clinic
// manager's name, a pet shop in Boavista, last year's rabies campaign and its report, superseded
// policies, a Greek cooking class, riding lessons in Sintra, a book club reading Animal Farm, my own
// rabies shots before a trip to Thailand, a restaurant called Haeundae Grill).
// Relations are stated on one side only (a clinic page names its manager, lab and supplier; a
// programme page names its lead, funder and vendor; the other side does not name them back).
// Vault conventions: folders, [[Note]], [[Folder/Note]], [[Note|label]], [[Note#Heading]],
// ![[embeds]], inline #tags, YAML frontmatter with aliases and tags, daily notes, dated meeting notes.
// 130 questions are hand-written in ten families (exact, paraphrase, typo, crosslingual, two-hop,
// negation, date, distractor, deep, natural), 13 each; each names every page of the ground truth
// here that answers it, never taken from the engine. A paraphrase may share no word (nor a 5-letter
// prefix) with its target's title and aliases: the build refuses one that does. Page sizes are
// checked (0.7–15 KB). Filler prose comes from a seeded generator, so the vault is the same for a
// given seed. Nothing in src/ may import this file.

export type Heldout6Family = 'exact' | 'paraphrase' | 'typo' | 'crosslingual' | 'two-hop' | 'negation' | 'date' | 'distractor' | 'deep' | 'natural';
export const HELDOUT6_FAMILIES: Heldout6Family[] = ['exact', 'paraphrase', 'typo', 'crosslingual', 'two-hop', 'negation', 'date', 'distractor', 'deep', 'natural'];

export interface Heldout6Question {
  family: Heldout6Family;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Heldout6 {
  pages: Record<string, string>;
  questions: Heldout6Question[];
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
const pick = <T>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

// --- filler prose, per language --------------------------------------------------------------------
type Lang = 'en' | 'pt' | 'el' | 'he' | 'th' | 'ko' | 'ka' | 'ru' | 'fa' | 'es';

/** Languages written as whole sentences (a paragraph draws several without repeating one in a row). */
const SENTENCES: Record<'el' | 'he' | 'th' | 'ko' | 'ka' | 'ru' | 'fa' | 'es', readonly string[]> = {
  el: [
    'Η αίθουσα αναμονής ήταν γεμάτη όλο το πρωί.',
    'Οι βοηθοί κτηνιάτρων ενημέρωσαν το αρχείο των εμβολιασμών.',
    'Η παραγγελία των αναλωσίμων έφτασε με δύο μέρες καθυστέρηση.',
    'Ο αποστειρωτής χρειάζεται συντήρηση πριν από το τέλος του μήνα.',
    'Οι ιδιοκτήτες ζητούν όλο και συχνότερα ραντεβού το Σάββατο.',
    'Το πρόγραμμα βαρδιών για τον επόμενο μήνα αναρτήθηκε στον πίνακα.',
    'Η καθαρίστρια ανέφερε διαρροή στο πλυντήριο.',
    'Οι φωτογραφίες των περιστατικών αποθηκεύτηκαν στον κοινό φάκελο.',
    'Η τηλεφωνική γραμμή έπεσε για μισή ώρα το απόγευμα.',
    'Ο λογιστής ζήτησε τα τιμολόγια του τριμήνου.',
    'Η νέα ασκούμενη ξεκίνησε τη Δευτέρα και προσαρμόζεται γρήγορα.',
    'Συζητήσαμε πώς να μειώσουμε τον χρόνο αναμονής στη ρεσεψιόν.',
  ],
  he: [
    'חדר ההמתנה היה מלא כל הבוקר.',
    'הטכנאים עדכנו את רישום החיסונים במערכת.',
    'משלוח הציוד המתכלה הגיע באיחור של יומיים.',
    'יש לבצע תחזוקה לאוטוקלב לפני סוף החודש.',
    'בעלי חיות מבקשים יותר תורים ביום שישי בבוקר.',
    'סידור המשמרות לחודש הבא נתלה על הלוח.',
    'המזגן בחדר האשפוז שוב לא עובד כמו שצריך.',
    'התמונות של המקרים נשמרו בתיקייה המשותפת.',
    'הקו הטלפוני נפל לחצי שעה אחר הצהריים.',
    'רואה החשבון ביקש את החשבוניות של הרבעון.',
    'המתמחה החדשה התחילה ביום ראשון ומשתלבת מהר.',
    'דיברנו על איך לקצר את זמן ההמתנה בקבלה.',
  ],
  th: [
    'ห้องรอตรวจมีคนเต็มตลอดช่วงเช้า',
    'ผู้ช่วยสัตวแพทย์ได้อัปเดตประวัติการฉีดวัคซีนในระบบแล้ว',
    'สินค้าสิ้นเปลืองมาถึงช้ากว่ากำหนดสองวัน',
    'เครื่องนึ่งฆ่าเชื้อต้องได้รับการบำรุงรักษาก่อนสิ้นเดือน',
    'เจ้าของสัตว์เลี้ยงขอนัดในวันเสาร์มากขึ้นเรื่อย ๆ',
    'ตารางเวรของเดือนหน้าติดประกาศไว้ที่บอร์ดแล้ว',
    'ฝนตกหนักทำให้ถนนหน้าคลินิกมีน้ำท่วมขัง',
    'รูปถ่ายของเคสต่าง ๆ เก็บไว้ในโฟลเดอร์กลาง',
    'สายโทรศัพท์ใช้งานไม่ได้ประมาณครึ่งชั่วโมงในช่วงบ่าย',
    'ฝ่ายบัญชีขอใบแจ้งหนี้ของไตรมาสนี้',
    'นักศึกษาฝึกงานคนใหม่เริ่มงานวันจันทร์และปรับตัวได้เร็ว',
    'เราคุยกันเรื่องการลดเวลารอที่เคาน์เตอร์ต้อนรับ',
  ],
  ko: [
    '오전 내내 대기실이 가득 찼습니다.',
    '테크니션들이 예방접종 기록을 시스템에 업데이트했습니다.',
    '소모품 주문이 이틀 늦게 도착했습니다.',
    '멸균기는 이번 달 말 전에 점검을 받아야 합니다.',
    '보호자들이 토요일 예약을 점점 더 많이 요청합니다.',
    '다음 달 근무표가 게시판에 붙어 있습니다.',
    '입원실 에어컨이 또 제대로 작동하지 않습니다.',
    '증례 사진은 공유 폴더에 저장했습니다.',
    '오후에 전화가 30분 정도 불통이었습니다.',
    '회계 담당자가 이번 분기 영수증을 요청했습니다.',
    '새 인턴이 월요일에 시작했고 빠르게 적응하고 있습니다.',
    '접수 대기 시간을 줄이는 방법을 논의했습니다.',
  ],
  ka: [
    'მოსაცდელი ოთახი მთელი დილა სავსე იყო.',
    'ასისტენტებმა ვაქცინაციის ჩანაწერები სისტემაში განაახლეს.',
    'სახარჯი მასალების შეკვეთა ორი დღით დაგვიანდა.',
    'სტერილიზატორს თვის ბოლომდე ტექნიკური შემოწმება სჭირდება.',
    'პატრონები სულ უფრო ხშირად ითხოვენ შაბათის ვიზიტებს.',
    'მომავალი თვის მორიგეობის განრიგი დაფაზე გამოიკრა.',
    'სტაციონარში გათბობა ისევ ცუდად მუშაობს.',
    'შემთხვევების ფოტოები საერთო საქაღალდეში შევინახეთ.',
    'ნაშუადღევს ტელეფონი ნახევარი საათით გაითიშა.',
    'ბუღალტერმა კვარტლის ინვოისები მოითხოვა.',
    'ახალი სტაჟიორი ორშაბათს დაიწყო და სწრაფად ეგუება.',
    'ვისაუბრეთ, როგორ შევამციროთ რიგში ლოდინის დრო.',
  ],
  ru: [
    'Всё утро зал ожидания был полон.',
    'Ассистенты обновили записи о вакцинации в системе.',
    'Заказ расходных материалов пришёл с опозданием на два дня.',
    'Автоклаву нужно техническое обслуживание до конца месяца.',
    'Владельцы всё чаще просят записи на субботу.',
    'График дежурств на следующий месяц вывешен на доске.',
    'В стационаре опять плохо работает отопление.',
    'Фотографии клинических случаев сохранены в общей папке.',
    'Днём телефонная линия не работала около получаса.',
    'Бухгалтер запросил счета за квартал.',
    'Новая стажёрка начала в понедельник и быстро осваивается.',
    'Обсудили, как сократить очередь на ресепшене.',
  ],
  fa: [
    'سالن انتظار تمام صبح شلوغ بود.',
    'دستیاران سوابق واکسیناسیون را در سامانه به‌روز کردند.',
    'سفارش مواد مصرفی دو روز دیرتر رسید.',
    'عکس‌های ضایعات پوستی در پوشه مشترک ذخیره شد.',
    'صاحبان حیوانات بیشتر وقت‌های آخر هفته را می‌خواهند.',
    'برنامه جلسات ماه آینده برای همه ارسال شد.',
    'اتصال اینترنت در طول تماس تصویری دو بار قطع شد.',
    'گزارش‌های آزمایشگاه هنوز به دست ما نرسیده است.',
    'نمونه‌های خراش پوست باید زیر میکروسکوپ بررسی شوند.',
    'درباره کاهش زمان انتظار برای نوبت‌دهی صحبت کردیم.',
    'پرونده‌های قدیمی بیماران باید مرتب شوند.',
    'جلسه بعدی در پایان ماه برگزار می‌شود.',
  ],
  es: [
    'El pedido se preparó en el almacén de Zaragoza.',
    'El transportista confirmó la recogida para el martes.',
    'Las facturas del trimestre se enviaron por correo electrónico.',
    'El departamento técnico revisó las fichas de producto.',
    'Los precios de la tarifa se mantienen hasta final de año.',
    'La cadena de frío se controla con registradores de temperatura.',
    'El cliente puede consultar el estado del pedido en el portal.',
    'Las muestras gratuitas se entregan con el primer pedido.',
    'El equipo comercial visita a cada cliente dos veces al año.',
    'Los lotes caducados se retiran sin coste para la clínica.',
    'La documentación de registro está disponible bajo petición.',
    'Cualquier incidencia se comunica al responsable de zona.',
  ],
};

/** Languages written from slots (subject, predicate, tail), for long pages without visible repeats. */
const SLOTS: Record<'en' | 'pt', { s: readonly string[]; p: readonly string[]; t: readonly string[] }> = {
  en: {
    s: ['The duty vet', 'The head nurse', 'Each clinic manager', 'The reception team', 'The practice administrator', 'Whoever closes the clinic', 'The nursing team', 'The locum on shift', 'The clinical director', 'The pharmacy lead', 'Every new starter', 'The surgical nurse'],
    p: ['checks the controlled drugs register against the safe', 'records the fridge temperatures on the wall chart', 'confirms the client’s contact details at check-in', 'restocks the consult rooms from the central store', 'files the consent forms in the patient record', 'reviews the day’s surgical list with the team', 'reports equipment faults on the maintenance sheet', 'updates the waiting list for elective procedures', 'phones clients the day after a general anaesthetic', 'counts swabs and instruments before closing', 'empties the sharps bins when they are two thirds full', 'logs every out-of-hours call'],
    t: ['before the end of each shift.', 'and tells the clinic manager if anything is off.', 'so that nothing is lost at handover.', 'in the practice management system.', 'as agreed at the last clinical meeting.', 'unless the clinical director decides otherwise.', 'at least once a week.', 'and signs the sheet.', 'whenever a new locum starts.', 'without exception.'],
  },
  pt: {
    s: ['A equipa da receção', 'O médico veterinário de serviço', 'A enfermeira-chefe', 'Cada rececionista', 'O gestor da clínica', 'Quem fecha a clínica', 'A equipa de enfermagem', 'O novo colaborador'],
    p: ['confirma os dados de contacto do tutor', 'regista o pagamento no sistema de gestão', 'explica o orçamento antes de qualquer procedimento', 'arquiva o consentimento assinado na ficha do animal', 'marca a consulta de revisão antes de o cliente sair', 'atende o telefone até ao terceiro toque', 'verifica a lista de espera das cirurgias', 'envia o lembrete de vacinação por SMS', 'confere a caixa no fim do dia', 'encaminha as reclamações para o gestor'],
    t: ['antes do fim de cada turno.', 'de acordo com as regras do grupo.', 'sem exceção.', 'e informa o gestor se algo estiver errado.', 'pelo menos uma vez por semana.', 'sempre que entra um novo colaborador.', 'no sistema de gestão da clínica.'],
  },
};

function sentence(r: R, lang: Lang, topic?: readonly string[], pool?: readonly string[]): string {
  if (pool) return pick(r, pool);
  if (lang === 'en' || lang === 'pt') {
    const sl = SLOTS[lang];
    const pred = topic && r() < 0.75 ? pick(r, topic) : pick(r, sl.p);
    return `${pick(r, sl.s)} ${pred} ${pick(r, sl.t)}`;
  }
  return topic && r() < 0.5 ? pick(r, topic) : pick(r, SENTENCES[lang]);
}

/** A paragraph of `n` sentences; `used` (per page) keeps a sentence from coming back while others are left. */
function paragraph(r: R, lang: Lang, n: number, used: Set<string>, topic?: readonly string[], pool?: readonly string[]): string {
  const out: string[] = [];
  for (let tries = 0; out.length < n; tries++) {
    const s = sentence(r, lang, topic, pool);
    if (tries >= 60) {
      used.clear();
      for (const o of out) used.add(o);
      tries = 0;
    }
    if (used.has(s)) continue;
    used.add(s);
    out.push(s);
  }
  return out.join(lang === 'th' ? ' ' : ' ');
}

/** What a daily note is padded with (first person, nothing a question asks about). */
const DIARY: readonly string[] = [
  'Inbox zero by eleven, for once.',
  'Tram 15 was packed again; walked the last stretch along the river.',
  'Signed off the payroll for the Portuguese clinics.',
  'Lunch at my desk with a bifana from downstairs.',
  'Approved two CPD requests and a locum invoice.',
  'Video calls with three time zones; my head hurts.',
  'Read a paper on perioperative hypothermia in cats on the way home.',
  'The coffee machine on the second floor is broken again.',
  'Went through the quarterly KPIs; nothing alarming.',
  'Early night.',
  'Yoga before work, then straight into the morning huddle.',
  'Called my mother in Coimbra.',
  'Answered a journalist asking about pet obesity.',
  'Reviewed a locum CV and forwarded it to the clinic manager.',
  'Too many meetings, not enough clinical time.',
  'Rain all day; the office smelled of wet umbrellas.',
];

// --- page building ---------------------------------------------------------------------------------
interface Meta {
  aliases?: string[];
  tags?: string[];
  [key: string]: unknown;
}

function frontmatter(m: Meta): string {
  const lines: string[] = [];
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => JSON.stringify(String(x))).join(', ')}]`);
    else lines.push(`${k}: ${JSON.stringify(String(v))}`);
  }
  return lines.length ? `---\n${lines.join('\n')}\n---\n` : '';
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Each long page's own phrases (predicates for en/pt); none states a buried fact. */
const TOPICS: Record<string, readonly string[]> = {
  'Reference/Anaesthesia Protocols Handbook': ['checks the anaesthetic machine for leaks before the first case', 'weighs the patient on the day rather than trusting the record', 'records heart rate, SpO2 and end-tidal CO2 every five minutes', 'keeps the emergency drug chart taped to the machine', 'warms fluids before long procedures', 'confirms the ASA grade with the surgeon', 'places an intravenous catheter before induction', 'monitors temperature until the patient is sternal', 'refills the soda lime canister when the indicator changes colour', 'stays with the patient until extubation', 'labels every drawn-up syringe with drug and concentration'],
  'Reference/Radiation Safety Manual': ['closes the X-ray room door before every exposure', 'wears a lead apron and thyroid collar during exposures', 'uses sandbags and foam wedges instead of hands', 'collimates the beam to the area of interest', 'keeps the warning light working', 'records every exposure in the X-ray log', 'checks lead aprons for cracks once a year', 'keeps people not needed outside the controlled area', 'stores the dosimeters away from the X-ray room', 'reports any unplanned exposure to the radiation protection supervisor'],
  'Reference/Infection Control Manual': ['washes hands before and after every patient', 'wipes the consult table between patients', 'keeps coughing dogs in the car until a room is free', 'bags soiled bedding in the yellow bins', 'changes gloves between wards', 'keeps the isolation room’s own stethoscope and thermometer inside it', 'launders theatre gowns separately', 'checks the autoclave indicator strips after every cycle', 'records every hospital-acquired infection', 'cleans the kennels from the cleanest to the dirtiest', 'uses foot dips at the isolation door'],
  'Reference/Blood Transfusion Guide': ['blood-types every recipient before a first transfusion', 'cross-matches dogs that have been transfused before', 'keeps stored blood at 2 to 6 °C', 'warms blood gently before giving it', 'gives the first fifteen minutes slowly and watches for reactions', 'records the bag number in the recipient’s record', 'checks the donor’s packed cell volume before collection', 'screens donors for infectious diseases every year', 'offers each donor a meal and a toy after donating', 'discards blood that has been out of the fridge for more than four hours'],
  'Reference/Client Communication Handbook': ['greets clients by their pet’s name', 'explains the estimate before treatment starts', 'updates hospitalised patients’ owners at least twice a day', 'uses plain words instead of medical jargon', 'writes down discharge instructions', 'offers a quiet room for difficult conversations', 'returns phone messages the same day', 'confirms consent for every procedure in writing', 'calls owners after a euthanasia to see how they are', 'keeps notes of every phone conversation'],
  'Reference/Cold Chain and Vaccine Storage Manual': ['reads the fridge thermometer at opening and closing', 'keeps vaccines in their original boxes', 'leaves space between boxes so air can circulate', 'never stores food or drinks in the vaccine fridge', 'rotates stock so that the earliest expiry is used first', 'checks delivered boxes for temperature indicators', 'keeps a second thermometer with a data logger', 'resets the min–max thermometer after reading it', 'defrosts the fridge only after moving the stock', 'records batch numbers in the patient record'],
  'Reference/Staff Handbook': ['books annual leave through the HR portal', 'completes the probation review after six months', 'receives salary on the last working day of the month', 'has an appraisal with the clinic manager once a year', 'signs the code of conduct on the first day', 'records sick days with the practice administrator', 'can ask for flexible hours after the probation period', 'follows the dress code in public areas', 'raises grievances with the clinic manager first', 'keeps professional registration up to date'],
  'Reference/Exotic Animal Care Guide': ['asks the owner to bring the animal in its own enclosure', 'weighs small patients in grams', 'keeps reptile wards at the species’ preferred temperature', 'handles birds with a towel in a darkened room', 'checks husbandry before anything else', 'offers rabbits hay in every kennel', 'keeps prey species away from the sounds of dogs', 'uses a gram scale that is checked monthly', 'records UV lamp changes for reptiles', 'gives fluids to small mammals under the skin when a vein is too small'],
  'Reference/Equine Field Procedures': ['checks the horse’s passport before treatment', 'ties the horse to a quick-release knot', 'works from the near side unless told otherwise', 'records the heart rate, gut sounds and temperature', 'asks the owner to hold the horse rather than tying it for procedures', 'carries a headtorch for stable visits after dark', 'cleans the ambulatory van every Friday', 'keeps the field kit stocked from the checklist', 'records every drug given in the passport when required', 'checks the weather before booking field visits'],
  'Reference/Records and Data Protection Manual': ['locks the screen when leaving the computer', 'sends records only to verified email addresses', 'asks for written consent before sharing records with another practice', 'shreds paper with client details', 'never writes passwords on sticky notes', 'reports data breaches to the data protection lead within a day', 'keeps laboratory reports in the patient record', 'corrects records by adding a note rather than deleting', 'checks the client’s identity before giving results by phone', 'uses the group’s encrypted laptops when working from home'],
  'Reference/Manual de Procedimentos da Receção': ['confirma o nome do animal e do tutor ao chegar', 'pesa o animal na balança da entrada', 'pede o boletim de vacinas na primeira consulta', 'explica os preços da consulta de urgência', 'emite a fatura com o número de contribuinte', 'liga ao tutor quando o animal tem alta', 'regista os pedidos de receitas renovadas', 'mantém a sala de espera limpa e arrumada', 'separa cães e gatos na sala de espera', 'oferece água aos animais que esperam'],
  'Reference/Guia de Integração de Novos Veterinários': ['recebe as credenciais do sistema no primeiro dia', 'acompanha consultas de colegas na primeira semana', 'conhece os protocolos de anestesia do grupo', 'participa na reunião clínica semanal', 'lê o manual de controlo de infeção', 'apresenta um caso clínico ao fim do primeiro mês', 'aprende a usar o equipamento de radiologia', 'regista as horas de formação contínua', 'conhece a equipa de enfermagem e os seus turnos', 'pede ajuda sempre que tiver dúvidas'],
};

export function generateHeldout6(seed = 616161): Heldout6 {
  const r = mulberry(seed);
  const pages: Record<string, string> = {};
  /** title + aliases of every page, for the paraphrase check. */
  const names: Record<string, string[]> = {};

  /** A page: frontmatter, an H1 title, the hand-written body, then `pad` paragraphs of filler in `lang`. */
  const add = (path: string, meta: Meta, body: string, lang: Lang, pad = 1, pool?: readonly string[]): void => {
    const title = path.split('/').pop()!;
    const key = `${path}.md`;
    if (pages[key]) throw new Error(`heldout6: page ${key} written twice`);
    const used = new Set<string>();
    const filler = Array.from({ length: pad }, () => paragraph(r, lang, 3 + Math.floor(r() * 3), used, undefined, pool));
    const render = () => `${frontmatter(meta)}# ${title}\n\n${body.trim()}\n${filler.length ? `\n${filler.join('\n\n')}\n` : ''}`;
    // A short page gets one more paragraph until it is a realistic note (at least 750 bytes).
    while (pad > 0 && Buffer.byteLength(render()) < 750) filler.push(paragraph(r, lang, 3, used, undefined, pool));
    pages[key] = render();
    names[key] = [title, ...(meta.aliases ?? [])];
  };

  /**
   * A long reference page: `intro`, then sections of filler (mostly the page's own TOPICS) under the
   * given headings until about `target` words (or `maxBytes`), then the buried `late` section, then a
   * short closing section.
   */
  const addLong = (path: string, meta: Meta, lang: 'en' | 'pt', intro: string, headings: string[], late: string, closing: string, target: number, maxBytes = 14_800): void => {
    const topic = TOPICS[path];
    if (!topic) throw new Error(`heldout6: no topic phrases for ${path}`);
    const used = new Set<string>();
    const parts: string[] = [intro.trim()];
    const rounds = lang === 'en' ? ['', ': in practice', ': common mistakes', ': examples', ': checklist'] : ['', ': na prática', ': erros frequentes', ': exemplos', ': lista de verificação'];
    let i = 0;
    const size = () => Buffer.byteLength(parts.join('\n\n')) + Buffer.byteLength(late) + Buffer.byteLength(closing) + 400;
    while (words(parts.join(' ')) < target && size() < maxBytes - 900) {
      const h = headings[i % headings.length]!;
      const round = Math.floor(i / headings.length);
      parts.push(`## ${h}${rounds[round % rounds.length]}\n\n${paragraph(r, lang, 5, used, topic)}\n\n${paragraph(r, lang, 4, used, topic)}`);
      i++;
    }
    parts.push(late.trim(), closing.trim());
    add(path, meta, parts.join('\n\n'), lang, 0);
  };

  const LIS = 'Clinics/Lisbon Alcântara Clinic';
  const POR = 'Clinics/Porto Boavista Clinic';
  const THE = 'Clinics/Κτηνιατρείο Θεσσαλονίκης';
  const HAI = 'Clinics/מרפאת חיפה';
  const CNX = 'Clinics/คลินิกเชียงใหม่';
  const BUS = 'Clinics/부산 해운대 동물병원';
  const TBS = 'Clinics/თბილისის კლინიკა';
  const ALA = 'Clinics/Алматинская клиника';
  const AMS = 'Programs/Antimicrobial Stewardship Programme';
  const TEL = 'Programs/CorvoConnect Telemedicine';
  const PMS = 'Programs/Practice Software Migration';
  const TNR = 'Programs/Tbilisi Stray Animal Programme';
  const RAB = 'Programs/Chiang Mai Rabies Vaccination Campaign 2025';
  const RAB24 = 'Programs/Chiang Mai Rabies Vaccination Campaign 2024';
  const EQD = 'Programs/Equine Dental Outreach';
  const ZAR = 'Partners/Laboratorios Zarzal';
  const OHF = 'Partners/One Health Fund';

  // --------------------------------------------------------------------------------------------------
  // Home
  add('Home', { tags: ['index'] }, `
Working vault of Inês Carvalho, group medical director of **Corvo Veterinary Group** (head office: Lisbon).

- Clinics: [[${LIS}|Lisbon]], [[${POR}|Porto]], [[${THE}|Thessaloniki]], [[${HAI}|Haifa]], [[${CNX}|Chiang Mai]], [[${BUS}|Busan]], [[${TBS}|Tbilisi]], [[${ALA}|Almaty]]
- Group programmes: [[${AMS}]], [[${TEL}]], [[${PMS}]], [[${TNR}]], [[${RAB}]], [[${EQD}]]
- Policies/ for what is in force, Reference/ for manuals, Meetings/ for minutes, Daily/ for my notes.
- Personal/ is mine — never share it with the clinics.

#index #corvo`, 'en', 1);

  // --------------------------------------------------------------------------------------------------
  // Clinics (each names its manager, lab and supplier; those pages do not name the clinic back)
  add(LIS, { aliases: ['Alcântara', 'CVG-PT-01', 'Clínica de Alcântara'], tags: ['clinic', 'portugal'], opened: '2016' }, `
**Code:** CVG-PT-01 · **Opened:** 2016 · **Manager:** [[People/Rui Tavares]] · **Laboratory:** [[Partners/Labvet Lisboa]] · **Vaccines:** [[${ZAR}]]
**Address:** Rua da Cozinha Económica 30, 1300-149 Lisboa · **Hours:** 8:00–22:00, emergencies 24/7

## Team
Fourteen vets, eighteen nurses, six receptionists. The head office (finance, HR, IT) sits on the first floor.

## Services
First-opinion medicine and surgery, a rehabilitation unit with an underwater treadmill (installed in 2023), dentistry, and the group's training centre for new graduates (see [[Reference/Guia de Integração de Novos Veterinários]]).

## Notes
- Reception follows [[Reference/Manual de Procedimentos da Receção]].
- Parking for clients was lost when the street was pedestrianised in 2024; we pay for ten places in the garage opposite.

#clinic #lisboa`, 'pt', 2);

  add(POR, { aliases: ['Clínica do Bessa', 'CVG-PT-08', 'Porto clinic'], tags: ['clinic', 'portugal'], opened: '2021' }, `
**Código:** CVG-PT-08 · **Aberta:** setembro de 2021 (compra da antiga Clínica Veterinária do Bessa) · **Gestora:** [[People/Joana Ferreira]] · **Laboratório:** [[Partners/Labvet Lisboa]] (recolha diária às 17h)

## Equipa e serviços
Cinco médicos veterinários e sete enfermeiros. A clínica é **Cat Friendly Clinic — nível Ouro** desde março de 2024: sala de espera só para gatos, consultório com feromonas e internamento felino separado.

## Pendentes
- Obras na sala de cirurgia previstas para janeiro de 2026.
- Falta um segundo ecógrafo; orçamento pedido.

#clinic #porto`, 'pt', 2);

  add(THE, { aliases: ['Thessaloniki Clinic', 'CVG-GR-03', 'Κλινική Καλαμαριάς'], tags: ['clinic', 'greece'], opened: '2018' }, `
**Κωδικός:** CVG-GR-03 · **Άνοιγμα:** 2018 · **Υπεύθυνη:** [[People/Ελένη Παπαδοπούλου]] · **Εργαστήριο:** [[Partners/Vetlab Hellas]] · **Εμβόλια:** [[${ZAR}]]
**Διεύθυνση:** Καλαμαριά, Θεσσαλονίκη · **Ωράριο:** 24ωρη λειτουργία επειγόντων

## Ομάδα
Οκτώ κτηνίατροι, εννέα βοηθοί. Ο ορθοπαιδικός χειρουργός [[People/Νίκος Αθανασίου]] χειρουργεί εδώ Τρίτη και Πέμπτη· κάνει TPLO και διορθώσεις καταγμάτων για όλη τη Βόρεια Ελλάδα.

## Σημειώσεις
- Τα δείγματα παραλαμβάνονται από το εργαστήριο δύο φορές την ημέρα.
- Το καλοκαίρι η κλινική δέχεται πολλές θερμοπληξίες σκύλων από τις παραλίες της Χαλκιδικής.

#clinic #thessaloniki`, 'el', 2);

  add(HAI, { aliases: ['Haifa Clinic', 'CVG-IL-04', 'מרפאת כרמל'], tags: ['clinic', 'israel'], opened: '2019' }, `
**קוד:** CVG-IL-04 · **נפתחה:** 2019 · **מנהלת:** [[People/נועה לוי]] · **דימות:** [[Partners/Hadar Imaging]] (פענוח צילומים מרחוק)
**כתובת:** שדרות מוריה, חיפה · **שעות:** א׳–ה׳ 8:00–20:00, ו׳ 8:00–13:00

## צוות ושירותים
שישה וטרינרים ושבע אחיות. המרפאה היא המרכז של הקבוצה לציפורים, זוחלים ויונקים קטנים — [[People/אבי כהן]] אחראי על מחלקת האקזוטיים.

## הערות
- צילומי רנטגן נשלחים לפענוח תוך שעתיים בימי חול.
- בשבת המרפאה סגורה; מקרים דחופים מופנים לבית החולים הווטרינרי בקריות.

#clinic #haifa`, 'he', 2);

  add(CNX, { aliases: ['Chiang Mai Clinic', 'CVG-TH-05', 'คลินิกนิมมาน'], tags: ['clinic', 'thailand'], opened: '2020' }, `
**รหัส:** CVG-TH-05 · **เปิด:** 2020 · **ผู้จัดการ:** [[People/สมชาย ศรีสุข]] · **วัคซีน:** [[${ZAR}]]
**ที่อยู่:** ถนนนิมมานเหมินท์ เชียงใหม่ · **เวลาทำการ:** 9:00–21:00 ทุกวัน

## ทีมและบริการ
สัตวแพทย์ห้าคน ผู้ช่วยหกคน รักษาสุนัข แมว และสัตว์เลี้ยงชนิดพิเศษ คลินิกมีหน่วยออกพื้นที่หนึ่งคันสำหรับแคมเปญวัคซีนในหมู่บ้าน

## หมายเหตุ
- ช่วงหน้าฝนมีเคสไข้เห็บและพยาธิเม็ดเลือดมาก
- ลูกค้าชาวต่างชาติจำนวนมาก จึงมีพนักงานต้อนรับที่พูดภาษาอังกฤษได้

#clinic #chiangmai`, 'th', 2);

  add(BUS, { aliases: ['Busan Clinic', 'CVG-KR-06', 'Haeundae Animal Hospital'], tags: ['clinic', 'korea'], opened: '2017' }, `
**코드:** CVG-KR-06 · **개원:** 2017 · **원장:** [[People/김민지]] · **IT/원격진료:** [[People/이준호]]
**주소:** 부산 해운대구 · **진료시간:** 평일 9:00–21:00, 주말 10:00–18:00

## 장비
그룹에서 유일하게 **CT 장비**(Canon Aquilion, 2024년 3월 설치)를 보유한 병원입니다. 다른 병원의 CT 의뢰도 받습니다. 사용 현황은 [[Reports/부산 CT 활용 보고서 2025]] 참고.

## 팀
수의사 아홉 명, 테크니션 열한 명. 야간 응급은 하지 않으며 인근 24시 병원과 협약이 있습니다.

#clinic #busan`, 'ko', 2);

  add(TBS, { aliases: ['Tbilisi Clinic', 'CVG-GE-07', 'ვაკის კლინიკა'], tags: ['clinic', 'georgia'], opened: '2022' }, `
**კოდი:** CVG-GE-07 · **გაიხსნა:** 2022 · **მენეჯერი:** [[People/ნინო ბერიძე]] · **ვაქცინები:** [[${ZAR}]]
**მისამართი:** ვაკე, თბილისი · **სამუშაო საათები:** ყოველდღე 9:00–20:00

## გუნდი და სერვისები
ხუთი ვეტერინარი და ექვსი ასისტენტი. კლინიკა ახორციელებს ქუჩის ცხოველების სტერილიზაციის პროგრამას — იხ. [[${TNR}]].

## შენიშვნები
- ზამთარში ქუჩის ძაღლების ნაკადი მცირდება, ზაფხულში — იზრდება.
- ქირის ხელშეკრულება 2027 წლამდეა.

#clinic #tbilisi`, 'ka', 2);

  add(ALA, { aliases: ['Almaty Clinic', 'CVG-KZ-02', 'Клиника на Абая'], tags: ['clinic', 'kazakhstan'], opened: '2015' }, `
**Код:** CVG-KZ-02 · **Открыта:** 2015 (первая клиника, купленная основателями группы) · **Руководитель:** [[People/Дмитрий Соколов]]
**Адрес:** проспект Абая, Алматы · **Часы работы:** ежедневно 9:00–21:00

## Команда и услуги
Семь ветеринаров, восемь ассистентов. Кроме мелких животных, у клиники есть **выездная конная бригада** (фургон с портативным рентгеном) — она обслуживает конюшни Алматинской области.

## Заметки
- Зимой выезды в горы ограничены; график выездов согласуется с конюшнями заранее.
- Лаборатория — собственная, кроме гистологии (отправляем в Астану).

#clinic #almaty`, 'ru', 2);

  // --------------------------------------------------------------------------------------------------
  // People (role, languages, contact; they do not name the clinic or programme they run)
  add('People/Inês Carvalho', { aliases: ['Inês', 'IC'], tags: ['person', 'head-office'] }, `
Me. Group medical director since 2022; before that clinical director in Alcântara. RCVS-recognised specialist in internal medicine.
Languages: Portuguese, English, Spanish, some Greek.

#person`, 'en', 1);

  add('People/Rui Tavares', { aliases: ['Rui'], tags: ['person', 'portugal'] }, `
**Função:** gestor de clínica · **Telefone:** +351 912 440 118 · **Email:** rui.tavares@corvovet.pt
Veterinário de formação (Universidade de Lisboa, 2008). Gosta de números e de folhas de cálculo; é quem prepara os KPI mensais do grupo.
Fala português, inglês e francês.

#person`, 'pt', 1);

  add('People/Joana Ferreira', { aliases: ['Joana F.'], tags: ['person', 'portugal'] }, `
**Função:** gestora de clínica · **Telefone:** +351 936 201 774
Enfermeira veterinária de formação, depois MBA no Porto Business School. Certificada pela ISFM em medicina felina.
Fala português, inglês e espanhol.

#person`, 'pt', 1);

  add('People/Tomás Reis', { aliases: ['Tomás'], tags: ['person', 'head-office'] }, `
**Role:** group pharmacist · **Phone:** +351 917 330 052
Pharmacist (Universidade do Porto) with a master's in veterinary pharmacology. Runs the central pharmacy order every Tuesday and chairs the formulary committee.
Languages: Portuguese, English.

#person`, 'en', 1);

  add('People/Marta Sousa', { aliases: ['Marta'], tags: ['person', 'head-office'] }, `
**Role:** head of IT · **Phone:** +351 918 552 909
Software engineer; joined from a hospital group in 2023. Owns the network, the laptops and every system contract.
Languages: Portuguese, English.

#person`, 'en', 1);

  add('People/Ελένη Παπαδοπούλου', { aliases: ['Eleni Papadopoulou'], tags: ['person', 'greece'] }, `
**Ρόλος:** υπεύθυνη κλινικής · **Τηλέφωνο:** +30 2310 445 102
Κτηνίατρος (ΑΠΘ, 2010). Πριν έρθει σε εμάς δούλευε σε νοσοκομείο ζώων στην Αθήνα. Μιλάει ελληνικά, αγγλικά και γερμανικά.

#person`, 'el', 2);

  add('People/Νίκος Αθανασίου', { aliases: ['Nikos Athanasiou'], tags: ['person', 'greece', 'surgeon'] }, `
**Ρόλος:** ορθοπαιδικός χειρουργός (εξωτερικός συνεργάτης) · **Τηλέφωνο:** +30 697 221 8840
Διπλωματούχος του Ευρωπαϊκού Κολεγίου Κτηνιατρικής Χειρουργικής (ECVS). Χειρουργεί επίσης σε κλινική στη Λάρισα τις Δευτέρες.

#person`, 'el', 2);

  add('People/נועה לוי', { aliases: ['Noa Levi'], tags: ['person', 'israel'] }, `
**תפקיד:** מנהלת מרפאה · **טלפון:** +972 52 418 3307
וטרינרית (האוניברסיטה העברית, 2012). מדברת עברית, אנגלית ורוסית.

#person`, 'he', 2);

  add('People/אבי כהן', { aliases: ['Avi Cohen'], tags: ['person', 'israel', 'exotics'] }, `
**תפקיד:** וטרינר לחיות אקזוטיות · **טלפון:** +972 54 660 1129
מומחה לציפורים וזוחלים; עבד שמונה שנים בגן החיות התנ״כי. מלמד קורס ערב על תוכים.

#person`, 'he', 2);

  add('People/สมชาย ศรีสุข', { aliases: ['Somchai Srisuk'], tags: ['person', 'thailand'] }, `
**ตำแหน่ง:** ผู้จัดการคลินิก · **โทร:** +66 81 992 4410
สัตวแพทย์ (มหาวิทยาลัยเชียงใหม่ 2009) พูดภาษาไทยและภาษาอังกฤษ

#person`, 'th', 2);

  add('People/พิมพ์ชนก วงศ์ใหญ่', { aliases: ['Pimchanok Wongyai', 'Dr Pim'], tags: ['person', 'thailand'] }, `
**ตำแหน่ง:** สัตวแพทย์ด้านสาธารณสุข · **โทร:** +66 89 115 3376
จบปริญญาโทด้านระบาดวิทยาจากมหาวิทยาลัยมหิดล มีประสบการณ์ทำงานกับกรมปศุสัตว์ห้าปี

#person`, 'th', 2);

  add('People/김민지', { aliases: ['Kim Min-ji'], tags: ['person', 'korea'] }, `
**직책:** 병원장 · **전화:** +82 10 4821 7730
수의사 (서울대학교 2011). 영상의학에 관심이 많고 CT 판독 교육을 받았습니다. 한국어, 영어 가능.

#person`, 'ko', 2);

  add('People/이준호', { aliases: ['Lee Jun-ho', 'Junho'], tags: ['person', 'korea'] }, `
**직책:** IT 매니저 · **전화:** +82 10 3390 1284
개발자 출신. 병원 네트워크와 장비 연동을 담당합니다. 한국어, 영어, 일본어 가능.

#person`, 'ko', 2);

  add('People/ნინო ბერიძე', { aliases: ['Nino Beridze'], tags: ['person', 'georgia'] }, `
**როლი:** კლინიკის მენეჯერი · **ტელეფონი:** +995 599 41 22 08
ვეტერინარი (საქართველოს აგრარული უნივერსიტეტი, 2014). ლაპარაკობს ქართულად, რუსულად და ინგლისურად.

#person`, 'ka', 2);

  add('People/გიორგი კაპანაძე', { aliases: ['Giorgi Kapanadze'], tags: ['person', 'georgia'] }, `
**როლი:** ქირურგი, სტერილიზაციის ბრიგადის ხელმძღვანელი · **ტელეფონი:** +995 577 80 13 64
დღეში თხუთმეტამდე სტერილიზაციას აკეთებს. ადრე მუშაობდა ცხოველთა თავშესაფარში რუსთავში.

#person`, 'ka', 2);

  add('People/Дмитрий Соколов', { aliases: ['Dmitry Sokolov'], tags: ['person', 'kazakhstan'] }, `
**Должность:** руководитель клиники · **Телефон:** +7 701 455 2093
Ветеринарный врач (КазНАУ, 2006). Говорит по-русски, по-казахски и по-английски.

#person`, 'ru', 2);

  add('People/Айгерим Нурланова', { aliases: ['Aigerim Nurlanova'], tags: ['person', 'kazakhstan', 'equine'] }, `
**Должность:** ветеринарный врач по лошадям · **Телефон:** +7 777 318 6621
Стажировалась по стоматологии лошадей в Германии. Ездит верхом с детства, в выходные судит соревнования по конкуру.

#person`, 'ru', 2);

  add('People/سارا رضایی', { aliases: ['Sara Rezaei'], tags: ['person', 'consultant', 'dermatology'] }, `
**نقش:** مشاور پوست (دامپزشک متخصص) · **ایمیل:** sara.rezaei@dermavet.consult
متخصص بیماری‌های پوست حیوانات کوچک، ساکن تورنتو. هر ماه یک جلسه مشاوره تصویری با کلینیک‌های ما دارد. به فارسی، انگلیسی و فرانسوی صحبت می‌کند.

#person`, 'fa', 2);

  add('People/Carlos Méndez', { aliases: ['Carlos'], tags: ['person', 'supplier'] }, `
**Cargo:** delegado comercial para Portugal, Grecia e Israel · **Teléfono:** +34 676 402 118
Veterinario de formación, lleva doce años en el sector. Habla español, portugués e inglés.

#person`, 'es', 2);

  add('People/Hannah Whitfield', { aliases: ['Hannah'], tags: ['person', 'funder'] }, `
**Role:** programme officer · **Email:** h.whitfield@onehealthfund.org · **Based in:** Amsterdam
Epidemiologist by training. Prefers short written updates to calls; answers email on Tuesdays and Thursdays.

#person`, 'en', 1);

  // --------------------------------------------------------------------------------------------------
  // Partners, suppliers, funders
  add('Partners/Labvet Lisboa', { aliases: ['Labvet'], tags: ['partner', 'laboratory'] }, `
**Tipo:** laboratório de análises veterinárias · **Sede:** Lisboa (Benfica) · **Contrato:** renovado em janeiro de 2025 por três anos
Recolha diária, resultados de hematologia e bioquímica no próprio dia, histopatologia em cinco dias úteis. Portal de resultados com acesso por clínica.
Desconto de grupo de 18% sobre a tabela.

#partner #laboratorio`, 'pt', 2);

  add(ZAR, { aliases: ['Zarzal', 'Zarzal Vet'], tags: ['supplier', 'vaccines'] }, `
**Tipo:** fabricante y distribuidor de vacunas veterinarias · **Sede:** Zaragoza, España · **Contacto:** [[People/Carlos Méndez]]
Suministra las vacunas de perros y gatos (incluida la antirrábica) a varias clínicas del grupo. Entregas en cajas isotérmicas con registrador de temperatura, transportadas por [[Partners/Cryovet Logistics]].
Condiciones: pago a 60 días; devolución gratuita de lotes caducados.

#supplier #vacunas`, 'es', 2);

  add('Partners/Vetlab Hellas', { aliases: ['Vetlab'], tags: ['partner', 'laboratory'] }, `
**Τύπος:** κτηνιατρικό διαγνωστικό εργαστήριο · **Έδρα:** Θεσσαλονίκη (Πυλαία)
Αιματολογικές, βιοχημικές και κυτταρολογικές εξετάσεις. Παραλαβή δειγμάτων δύο φορές την ημέρα.

#partner`, 'el', 2);

  add('Partners/Hadar Imaging', { aliases: ['הדר דימות'], tags: ['partner', 'imaging'] }, `
**סוג:** שירות פענוח צילומים מרחוק (טלרדיולוגיה) · **מטה:** תל אביב
רדיולוגים וטרינריים מוסמכים; פענוח רגיל תוך שעתיים, דחוף תוך שלושים דקות. חיוב חודשי לפי מספר מחקרים.

#partner`, 'he', 2);

  add('Partners/Vetlink Systems', { aliases: ['Vetlink'], tags: ['vendor', 'software'] }, `
**What:** video-consultation platform for veterinary practices · **Based in:** Dublin · **Account manager:** Siobhán Kelly
Licence per active vet per month; includes the client app (iOS/Android), booking and card payment. Data hosted in Frankfurt.
Support line: weekdays 8:00–18:00 Irish time.

#vendor`, 'en', 1);

  add('Partners/Animara', { aliases: ['Animara PMS'], tags: ['vendor', 'software'] }, `
**What:** cloud practice-management system (records, billing, stock, reminders) · **Based in:** Tallinn
Multi-language (our clinics use it in eight languages) and multi-currency. Contract: five years from June 2025, priced per clinic.
Implementation consultant: Kaarel Tamm.

#vendor`, 'en', 1);

  add(OHF, { aliases: ['OHF'], tags: ['funder'] }, `
**What:** private foundation funding One Health work (antimicrobial resistance, zoonoses) · **Based in:** Amsterdam
**Programme officer:** [[People/Hannah Whitfield]]
Reporting: a short narrative every six months and a financial report at the end of each grant year. Grants are paid in two tranches.

#funder`, 'en', 1);

  add('Partners/თბილისის მერიის ცხოველთა სამსახური', { aliases: ['Tbilisi City Hall Animal Service'], tags: ['partner', 'georgia'] }, `
**ტიპი:** მუნიციპალური სამსახური · **კონტაქტი:** ლევან ჯაფარიძე, უფროსი სპეციალისტი
ქალაქის ბიუჯეტიდან ფარავს თითოეული სტერილიზაციის ხარჯის ნაწილს და უზრუნველყოფს ცხოველების ტრანსპორტირებას.

#partner`, 'ka', 2);

  add('Partners/สำนักงานปศุสัตว์จังหวัดเชียงใหม่', { aliases: ['Chiang Mai Provincial Livestock Office'], tags: ['partner', 'thailand'] }, `
**ประเภท:** หน่วยงานราชการ · **ผู้ประสานงาน:** คุณวิไลวรรณ ทองดี
รับผิดชอบการควบคุมโรคพิษสุนัขบ้าในระดับจังหวัด ให้ข้อมูลจำนวนสุนัขในแต่ละอำเภอและช่วยประสานผู้ใหญ่บ้าน

#partner`, 'th', 2);

  add('Partners/Ассоциация коневодов Алматинской области', { aliases: ['Almaty Horse Breeders Association'], tags: ['partner', 'kazakhstan'] }, `
**Тип:** общественное объединение владельцев конюшен · **Контакт:** Ерлан Жумабаев, председатель
Объединяет около сорока конюшен. Оплачивает транспорт и половину стоимости осмотров для своих членов.

#partner`, 'ru', 2);

  add('Partners/Nordvet Insurance', { aliases: ['Nordvet'], tags: ['partner', 'insurance'] }, `
**What:** pet insurer (Portugal, Greece) offering direct settlement with the practice · **Contact:** claims desk, claims@nordvet.eu
Direct settlement means the client pays only the excess; we invoice Nordvet through their portal. Pre-authorisation needed above EUR 1,500.

#partner #insurance`, 'en', 1);

  add('Partners/Cryovet Logistics', { aliases: ['Cryovet'], tags: ['partner', 'logistics'] }, `
**What:** cold-chain courier for vaccines and biologicals across Europe and the Middle East · **Based in:** Madrid
Temperature-logged boxes; the logger file is emailed to the receiving clinic on delivery. Missed deliveries are rebooked within 24 h.

#partner`, 'en', 1);

  add('Partners/Boavista Pet Shop', { aliases: ['Boavista Pets'], tags: ['shop'] }, `
Loja de animais na Avenida da Boavista, perto da rotunda. Vende rações, brinquedos e acessórios; tem banhos e tosquias ao sábado.
Não tem nenhuma relação com o grupo — às vezes os clientes confundem as moradas.

#loja`, 'pt', 2);

  // --------------------------------------------------------------------------------------------------
  // Programmes (each names its lead, funder, vendor or partner; the other side does not name it)
  add(AMS, { aliases: ['AMS', 'Stewardship'], tags: ['programme', 'antibiotics'], status: 'active' }, `
**Lead:** [[People/Tomás Reis]] · **Funder:** [[${OHF}]] (grant of EUR 120,000 for 2025–2026) · **Clinics:** all eight

## Goal
Cut the use of critically important antibiotics (fluoroquinolones, third-generation cephalosporins) by 30% against the Q4 2024 baseline by the end of 2026, without worse outcomes.

## How
- Prescribing rules in [[Policies/Antibiotic Prescribing Guidelines v3]].
- Monthly usage dashboards per clinic and per vet, built from the practice system.
- A culture-and-sensitivity test is required before any critically important antibiotic, except in emergencies.
- Clinic champions meet every quarter; see [[Meetings/2025-03-18 AMS Steering Group]].

Progress: ![[Reports/Q2 2025 Antibiotic Usage Report]]

#programme #amr`, 'en', 2);

  add(TEL, { aliases: ['CorvoConnect', 'video consults'], tags: ['programme', 'digital'], status: 'live' }, `
**Lead:** [[People/이준호]] · **Vendor:** [[Partners/Vetlink Systems]] · **Pilot clinics:** [[${BUS}|Busan]], [[${HAI}|Haifa]]
**Go-live:** 14 April 2025

## What it is
Video consultations for follow-ups, behaviour questions and triage. Clients book in the app; the vet sees the case history beside the video. Prescriptions after a video consult only for animals seen in person in the last 12 months.

## Pricing
EUR 25 (or local equivalent) per 15-minute consult; free post-operative checks.

See [[Meetings/2025-04-22 Telemedicine Go-Live Review]] and [[Reports/Telemedicine Pilot Evaluation]].

#programme #telemedicine`, 'en', 2);

  add(PMS, { aliases: ['Projeto Ninho', 'PMS migration'], tags: ['programme', 'it'], status: 'done' }, `
**Lead:** [[People/Marta Sousa]] · **Vendor:** [[Partners/Animara]] · **Old system:** ClinicFox (licence ends December 2025)

## Plan
One cloud system for all eight clinics instead of four local installations. Data migration of 11 years of records, 240,000 patients.

## Timeline
- June 2025: contract signed.
- **Cutover weekend: 23–24 August 2025**, all clinics at once; ClinicFox read-only from then on.
- September 2025: hypercare; daily calls with the vendor.

Planning minutes: [[Meetings/2025-07-15 PMS Migration Cutover Planning]].

#programme #it`, 'en', 2);

  add(TNR, { aliases: ['TNR Tbilisi', 'ქუჩის ცხოველების პროგრამა'], tags: ['programme', 'georgia'], status: 'active' }, `
**ხელმძღვანელი:** [[People/გიორგი კაპანაძე]] · **პარტნიორი:** [[Partners/თბილისის მერიის ცხოველთა სამსახური]]

## მიზანი
2025 წელს 1 200 ქუჩის ძაღლისა და კატის სტერილიზაცია, ვაქცინაცია ცოფის საწინააღმდეგოდ და ყურზე ნიშნის დასმა. ცხოველები უბრუნდებიან იმავე ქუჩას.

## როგორ
- მერია ფარავს თითო ოპერაციის ხარჯის 60%-ს, დანარჩენს — ჯგუფი.
- ოპერაციები ტარდება ორშაბათს, ოთხშაბათს და პარასკევს.
- ნახევარწლიური შედეგები: [[Reports/TNR თბილისი — ნახევარწლიური ანგარიში 2025]].

#programme #tnr`, 'ka', 2);

  add(RAB, { aliases: ['Rabies campaign 2025', 'แคมเปญวัคซีนพิษสุนัขบ้า 2568'], tags: ['programme', 'thailand'], status: 'done' }, `
**ผู้นำโครงการ:** [[People/พิมพ์ชนก วงศ์ใหญ่]] · **พันธมิตร:** [[Partners/สำนักงานปศุสัตว์จังหวัดเชียงใหม่]] · **วัคซีน:** [[${ZAR}]]
**ช่วงเวลา:** 5 พฤษภาคม – 27 มิถุนายน 2025

## เป้าหมาย
ฉีดวัคซีนพิษสุนัขบ้าให้สุนัขและแมว 8,000 ตัว ในอำเภอแม่ริมและสันกำแพง ทั้งสัตว์มีเจ้าของและสัตว์จรจัด

## ผล
ฉีดได้ 8,412 ตัว (สุนัข 6,950 แมว 1,462) ใช้ทีมออกพื้นที่สองทีม ทีมละสามคน

#programme #rabies`, 'th', 2);

  add(RAB24, { aliases: ['Rabies campaign 2024'], tags: ['programme', 'thailand', 'archive'], status: 'closed' }, `
**ผู้นำโครงการ:** [[People/สมชาย ศรีสุข]] · **ช่วงเวลา:** มิถุนายน 2024
แคมเปญแรกของคลินิก ฉีดวัคซีนสุนัข 5,100 ตัวในอำเภอหางดง ใช้วัคซีนที่ซื้อจากผู้จำหน่ายในกรุงเทพฯ รายงาน: [[Reports/Chiang Mai Rabies Campaign 2024 Report]]

#archive`, 'th', 2);

  add(EQD, { aliases: ['Программа конной стоматологии', 'equine dentistry'], tags: ['programme', 'equine'], status: 'active' }, `
**Руководитель:** [[People/Айгерим Нурланова]] · **Партнёр:** [[Partners/Ассоциация коневодов Алматинской области]]

## Цель
Ежегодный осмотр зубов и коррекция (рашпилем с электроприводом) для лошадей конюшен-членов ассоциации. Сезон: апрель–октябрь.

## Итоги 2025
Осмотрено 1 140 лошадей, у 38% найдены острые края зубов, у 6% — проблемы, требующие удаления. Отчёт обсуждали на [[Meetings/2025-06-17 Совещание Алматы|совещании в июне]].

#programme #equine`, 'ru', 2);

  // --------------------------------------------------------------------------------------------------
  // Meetings
  add('Meetings/2024-11-19 Group Medical Board', { tags: ['meeting', 'board'], date: '2024-11-19' }, `
**Present:** Inês Carvalho (chair), Rui Tavares, Tomás Reis, Marta Sousa; clinic managers by video.

## Decisions
1. **2025 budget approved**: capital spending capped at EUR 450,000 for the group.
2. Apply to the One Health Fund for an antibiotic stewardship grant (Tomás to write the proposal by 15 January).
3. Look for a video-consultation vendor; shortlist of three by February.
4. No new clinic in 2025.

## Other
Porto surgery renovation postponed to 2026. Busan reported that the CT scanner installed in March is already at 60 scans a month.

#meeting #board`, 'en', 2);

  add('Meetings/2025-01-20 Group Medical Board', { tags: ['meeting', 'board'], date: '2025-01-20' }, `
**Present:** Inês Carvalho (chair), Rui Tavares, Tomás Reis, Marta Sousa, Joana Ferreira; other managers by video.

## Decisions
1. **Practice-system replacement approved**, budget EUR 310,000 over two years (licences, migration, training). Marta leads; vendor to be chosen by May.
2. New [[Policies/Controlled Drugs Policy 2025]] approved, in force from 1 February 2025.
3. Tbilisi stray-animal target for 2025 confirmed at 1,200 animals.
4. The One Health Fund grant was awarded (EUR 120,000); kick-off in March.

## Actions
- Tomás: set up the steering group and the clinic champions.
- Inês: tell every clinic about the controlled drugs changes before 1 February.

#meeting #board`, 'en', 2);

  add('Meetings/2025-02-11 Σύσκεψη Θεσσαλονίκης', { tags: ['meeting', 'greece'], date: '2025-02-11' }, `
**Παρόντες:** Ελένη Παπαδοπούλου, Νίκος Αθανασίου, Inês Carvalho (μέσω βίντεο), η ομάδα νοσηλευτών.

## Αποφάσεις
1. Πρόσληψη δεύτερου κτηνιάτρου για τις νυχτερινές βάρδιες από τον Απρίλιο.
2. Η λίστα αναμονής για TPLO είναι επτά εβδομάδες· ο Νίκος θα χειρουργεί και το Σάββατο πρωί για δύο μήνες.
3. Νέο πρωτόκολλο για τη θερμοπληξία πριν από το καλοκαίρι: ψύξη με νερό βρύσης, όχι με πάγο.

#meeting`, 'el', 2);

  add('Meetings/2025-03-04 ישיבת צוות חיפה', { tags: ['meeting', 'israel'], date: '2025-03-04' }, `
**נוכחים:** נועה לוי, אבי כהן, צוות האחיות.

## החלטות
1. בעקבות התפרצות שפעת העופות באזור — המרפאה לא מקבלת ציפורי בר עד הודעה חדשה; ציפורי בית מתקבלות בחדר נפרד.
2. ימי שישי: המרפאה תיסגר ב־13:00 במקום 14:00.
3. אבי יכין דף הנחיות לבעלי תוכים על חימום בחורף.

#meeting`, 'he', 2);

  add('Meetings/2025-03-18 AMS Steering Group', { tags: ['meeting', 'amr'], date: '2025-03-18' }, `
**Present:** Tomás Reis (chair), one champion per clinic, Inês Carvalho. Programme: [[${AMS}]].

## Baseline
In Q4 2024, **14.2%** of all antibiotic prescriptions in the group were critically important antibiotics (fluoroquinolones, 3rd-generation cephalosporins). Highest: Almaty (21%); lowest: Porto (8%).

## Decisions
1. Culture and sensitivity before any fluoroquinolone, except in life-threatening cases (documented).
2. Each clinic gets a monthly dashboard from April.
3. Champions meet again in June.

#meeting #amr`, 'en', 2);

  add('Meetings/2025-04-09 جلسه مشاوره پوست', { tags: ['meeting', 'dermatology'], date: '2025-04-09' }, `
**حاضران:** سارا رضایی (مشاور)، دامپزشکان کلینیک‌های لیسبون، پورتو و حیفا (تماس تصویری)

## موارد بررسی‌شده
- سگ ژرمن شپرد با خارش مزمن: احتمال درماتیت آتوپیک؛ ابتدا رژیم حذفی هشت‌هفته‌ای.
- گربه با ریزش مو در ناحیه شکم: احتمالاً رفتاری؛ بررسی استرس در خانه.

## توصیه‌ها
1. قبل از درمان هر عفونت گوش، سیتولوژی گوش انجام شود.
2. هر کلینیک ماهانه سه مورد برای بررسی بفرستد.
3. آنتی‌بیوتیک سیستمیک برای پیودرمای سطحی فقط در صورت شکست درمان موضعی.

#meeting`, 'fa', 2);

  add('Meetings/2025-04-22 Telemedicine Go-Live Review', { tags: ['meeting', 'digital'], date: '2025-04-22' }, `
**Present:** 이준호 (Lee Jun-ho), Marta Sousa, Noa Levi, Kim Min-ji, Inês Carvalho. About: [[${TEL}]].

## First week
- 63 video consults (41 Busan, 22 Haifa).
- 9% of calls dropped — almost all in Haifa, traced to the consult-room wifi. Marta orders a new access point.
- Average consult 11 minutes.

## Decisions
- Keep the price at EUR 25 until the evaluation in September.
- Add Hebrew subtitles to the client app onboarding video.

#meeting`, 'en', 2);

  add('Meetings/2025-05-06 ประชุมแคมเปญวัคซีนพิษสุนัขบ้า', { tags: ['meeting', 'thailand'], date: '2025-05-06' }, `
**ผู้เข้าร่วม:** พิมพ์ชนก วงศ์ใหญ่, สมชาย ศรีสุข, เจ้าหน้าที่ปศุสัตว์จังหวัด

## สรุป
1. วัคซีน 12,000 โดสจากสเปนมาถึงเมื่อวันที่ 2 พฤษภาคม เก็บในตู้เย็นของคลินิกและกล่องเย็น
2. ออกพื้นที่ทุกวันอังคารถึงวันเสาร์ เริ่มที่อำเภอแม่ริมก่อน แล้วจึงไปสันกำแพง
3. ผู้ใหญ่บ้านจะประกาศเสียงตามสายล่วงหน้าหนึ่งวัน
4. สุนัขที่ฉีดแล้วจะได้ปลอกคอสีส้ม

#meeting`, 'th', 2);

  add('Meetings/2025-05-27 부산 병원 운영 회의', { tags: ['meeting', 'korea'], date: '2025-05-27' }, `
**참석:** 김민지, 이준호, 수의사 및 테크니션 대표

## 결정 사항
1. 외부 병원 CT 의뢰 비용: 1회 450,000원 (판독 포함), 7월 1일부터 적용.
2. 토요일 진료 시간을 18시에서 17시로 단축.
3. 원격진료 예약은 오후 2시–5시에만 받음.

#meeting`, 'ko', 2);

  add('Meetings/2025-06-10 თბილისის TNR შეხვედრა', { tags: ['meeting', 'georgia'], date: '2025-06-10' }, `
**მონაწილეები:** ნინო ბერიძე, გიორგი კაპანაძე, მერიის წარმომადგენელი

## შედეგები
- 10 ივნისამდე სტერილიზებულია 540 ცხოველი (ძაღლი 390, კატა 150).
- გართულებების მაჩვენებელი 1,8%.
- მერიამ აპრილისა და მაისის თანხა ჯერ არ გადაიხადა.

## გადაწყვეტილებები
1. ივლისიდან დაემატება შაბათის ოპერაციები.
2. მერიას წერილი გაეგზავნება გადახდის შეფერხების შესახებ.

#meeting`, 'ka', 2);

  add('Meetings/2025-06-17 Совещание Алматы', { tags: ['meeting', 'kazakhstan'], date: '2025-06-17' }, `
**Участники:** Дмитрий Соколов, Айгерим Нурланова, ассистенты клиники

## Решения
1. Покупка второго фургона для выездной бригады — бюджет 9 млн тенге, заказать до августа.
2. Зимой (декабрь–февраль) выезды только по вторникам и пятницам.
3. Конным владельцам раздавать памятку о зубах на русском и казахском.

#meeting`, 'ru', 2);

  add('Meetings/2025-07-08 Group Medical Board', { tags: ['meeting', 'board'], date: '2025-07-08' }, `
**Present:** Inês Carvalho (chair), Rui Tavares, Tomás Reis, Marta Sousa; managers by video.

## Decisions
1. Video consults to be rolled out to Lisbon and Porto in **2026**, not this year.
2. No clinic in Athens this year; look again in 2026.
3. Chiang Mai rabies campaign result (8,412 animals) noted with thanks to the team.
4. The PMS cutover date of 23–24 August confirmed.

#meeting #board`, 'en', 2);

  add('Meetings/2025-07-15 PMS Migration Cutover Planning', { tags: ['meeting', 'it'], date: '2025-07-15' }, `
**Present:** Marta Sousa, Kaarel Tamm (vendor), one super-user per clinic. About: [[${PMS}]].

## Cutover plan
- **Freeze:** Friday 22 August, 18:00 Lisbon time — no new records in the old system.
- Saturday: final data extract, load, checks by super-users.
- Sunday: go / no-go call at 16:00 Lisbon time.
- If no-go: clinics keep using the old system on Monday and paper forms for anything new.

## Risks
- Duplicate vaccination reminders (old and new system both sending).
- Label printers in Porto need new drivers.

#meeting`, 'en', 2);

  add('Meetings/2025-08-12 Zarzal Supply Call', { tags: ['meeting', 'supplier'], date: '2025-08-12' }, `
**With:** Carlos Méndez; Tomás Reis and me. Supplier: [[${ZAR}]].

- Rabies vaccine price goes up 6% from 1 January 2026.
- Feline leukaemia vaccine short until October; Carlos reserved 400 doses for us.
- They will add a second temperature logger to boxes for Haifa and Tbilisi.

#meeting`, 'en', 2);

  add('Meetings/2025-09-02 Reunião Porto', { tags: ['meeting', 'portugal'], date: '2025-09-02' }, `
**Presentes:** Joana Ferreira, Inês Carvalho, equipa clínica do Porto

## Decisões
1. Obras da sala de cirurgia em janeiro de 2026 — a clínica fecha cirurgias durante duas semanas e os casos vão para Lisboa.
2. Aprovado o segundo ecógrafo (28.000 €).
3. Reauditoria Cat Friendly em março de 2026.

#reuniao`, 'pt', 2);

  add('Meetings/2025-09-23 Group Medical Board', { tags: ['meeting', 'board'], date: '2025-09-23' }, `
**Present:** Inês Carvalho (chair), Rui Tavares, Tomás Reis, Marta Sousa; managers by video.

## Decisions
1. New [[Policies/Euthanasia and Consent Policy]] approved, in force from 1 October 2025.
2. Ελένη Παπαδοπούλου named group clinical lead for emergency protocols.
3. Stewardship: Q2 shows an 18% fall in critically important antibiotics; keep the 30% goal.

## Migration
Two weeks after cutover: duplicate reminders fixed on 28 August; Porto labels fixed; stock counts still off in Almaty.

#meeting #board`, 'en', 2);

  add('Meetings/2025-10-14 Nordvet Insurance Contract Review', { tags: ['meeting', 'insurance'], date: '2025-10-14' }, `
**With:** Nordvet partnerships team; Rui Tavares and me. Partner: [[Partners/Nordvet Insurance]].

## Agreed
1. Direct settlement extended to Thessaloniki from 1 January 2026.
2. Pre-authorisation threshold raised from EUR 1,500 to **EUR 2,000** from 2026.
3. Claims paid within 10 working days (was 15).

#meeting`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Daily notes (first person; padded with diary lines)
  const daily = (date: string, body: string) => add(`Daily/${date}`, { tags: ['daily'] }, body, 'en', 2, DIARY);
  daily('2025-01-08', `
- Signed the renewal with [[Partners/Labvet Lisboa]]: three more years, group discount up from 15% to 18%.
- Flu season: two receptionists off sick in Alcântara.`);
  daily('2025-02-03', `
- Porto: controlled drugs register short by 2 ml of methadone on Friday's count. Joana checked the CCTV and the records: a dose given in theatre was written on the anaesthetic sheet but not in the register. Recording error, not a loss. Logged as an incident anyway under [[Policies/Controlled Drugs Policy 2025#Discrepancies]].`);
  daily('2025-03-12', `
- In Thessaloniki all day. Watched Nikos do two TPLOs back to back; he is fast and tidy.
- Eleni wants a second ultrasound machine too — told her to put it in the 2026 budget.`);
  daily('2025-03-27', `
- Call with [[People/Hannah Whitfield]]: first six-month narrative is due **30 June**; she wants one page, not ten.
- Jun-ho says the app store approval for the video-consult app came through.`);
  daily('2025-04-15', `
- Video consults went live yesterday in Busan and Haifa. Jun-ho stayed until 2 a.m. Busan time fixing the payment screen.`);
  daily('2025-05-02', `
- The rabies vaccine for Chiang Mai was held at customs in Bangkok for three days (missing import permit copy). Cryovet rebooked the truck; it arrived at the clinic this afternoon, loggers fine.`);
  daily('2025-05-19', `
- Haifa: a client posted an angry review about the price of a parrot consult. Noa called her, explained the exotic consult fee, and the review was edited. Asked Noa to put exotic fees on the website.`);
  daily('2025-06-03', `
- Interviewed two candidates for the Almaty night shifts by video. Dmitry prefers the second one; so do I.`);
  daily('2025-06-25', `
- Tbilisi: the vaccine fridge failed overnight and reached **11 °C** for about five hours. Nino quarantined the stock with red labels and called Zarzal's technical line as the manual says; they said the rabies and DHPPi batches can be used, the feline vaccines must be destroyed. New fridge ordered.`);
  daily('2025-07-21', `
- Lisbon: the underwater treadmill's pump died. Part comes from Germany, three weeks. Rehab patients moved to land exercises.`);
  daily('2025-08-05', `
- Busan visit. CT referrals from other hospitals are up since the new price in July. Dinner with Min-ji and Jun-ho by the beach — too much grilled eel.`);
  daily('2025-08-25', `
- First Monday on Animara. Every clinic open on time. Problems: vaccination reminders sent twice (old system still sending), Porto label printers print blank labels. Marta on it.`);
  daily('2025-09-11', `
- Nordvet refused three claims from Alcântara for missing pre-authorisation. Rui is collecting the cases for the contract review in October.`);
  daily('2025-10-02', `
- Monthly dermatology session with Sara. Porto has three cats with ringworm from the same breeder; she wants fungal cultures on all in-contact cats.`);
  daily('2025-10-20', `
- Board papers: stewardship figures, migration close-out, the Nordvet changes. Need Tomás's Q3 numbers by Friday.`);

  // --------------------------------------------------------------------------------------------------
  // Policies (current and superseded)
  add('Policies/Controlled Drugs Policy 2025', { aliases: ['CD policy'], tags: ['policy', 'pharmacy'], status: 'in force', effective: '2025-02-01', supersedes: 'Controlled Drugs Policy 2023' }, `
**In force from 1 February 2025.** Owner: group pharmacist. Replaces [[Policies/Controlled Drugs Policy 2023]].

## Storage
Methadone, buprenorphine, ketamine, butorphanol and pentobarbital are kept in the locked safe. Only the duty vet holds the key during a shift.

## Register
The register is counted **every day** at closing by two people (one vet), and both sign.

## Discrepancies
Any difference is reported to the clinic manager the same day and to the group pharmacist within 24 hours, even when it turns out to be a recording error.

## Disposal
Expired stock is denatured with a kit in front of a witness and recorded.

#policy`, 'en', 2);

  add('Policies/Controlled Drugs Policy 2023', { tags: ['policy', 'pharmacy', 'superseded'], status: 'superseded', effective: '2023-03-01' }, `
> **Superseded** on 1 February 2025 by [[Policies/Controlled Drugs Policy 2025]].

## Storage
Controlled drugs are kept in the locked cabinet in the pharmacy. Keys with the head nurse.

## Register
The register is counted **weekly**, on Mondays, by the head nurse, who signs.

## Discrepancies
Reported to the clinic manager within a week.

#policy #superseded`, 'en', 2);

  add('Policies/Antibiotic Prescribing Guidelines v3', { aliases: ['antibiotic guidelines'], tags: ['policy', 'antibiotics'], status: 'in force', effective: '2025-04-01' }, `
**Version 3, in force from 1 April 2025.** Replaces [[Policies/Antibiotic Prescribing Guidelines v2]].

## Principles
- No antibiotics for uncomplicated diarrhoea or kennel cough without fever.
- First line for cystitis in dogs: amoxicillin, after a urine culture when possible.
- **Fluoroquinolones and 3rd-generation cephalosporins** only after culture and sensitivity, or in documented life-threatening cases, with the reason in the record.
- Superficial pyoderma: topical treatment first (chlorhexidine shampoo), systemic antibiotics only if that fails.

## Surgical prophylaxis
One dose of cefazolin 30 minutes before incision for clean-contaminated surgery; none for routine neutering.

#policy`, 'en', 2);

  add('Policies/Antibiotic Prescribing Guidelines v2', { tags: ['policy', 'antibiotics', 'superseded'], status: 'superseded', effective: '2022-05-01' }, `
> **Superseded** on 1 April 2025 by [[Policies/Antibiotic Prescribing Guidelines v3]].

- Amoxicillin–clavulanate as the default for most infections.
- Fluoroquinolones allowed for urinary infections when the owner cannot give tablets twice a day.
- Surgical prophylaxis at the surgeon's discretion, including routine neutering.

#policy #superseded`, 'en', 2);

  add('Policies/Euthanasia and Consent Policy', { tags: ['policy', 'clinical'], status: 'in force', effective: '2025-10-01' }, `
**In force from 1 October 2025.**

## Consent
Written consent signed by the owner (or a person they named in writing). Before the procedure, two staff members check the animal's identity against the record and the microchip.

## The appointment
At the end of the day when possible, in the quiet room, with the owner allowed to stay. Sedation first, always.

## Afterwards
Owners choose communal or individual cremation or taking the body home. Every owner gets the grief support leaflet and a call from the vet within a week.

#policy`, 'en', 2);

  add('Policies/CPD and Travel Allowance 2025', { aliases: ['CPD allowance'], tags: ['policy', 'hr'], status: 'in force', effective: '2025-01-01' }, `
**In force for 2025.** Replaces [[Policies/CPD and Travel Allowance 2024]].

| Staff | CPD budget per year | CPD days |
|---|---|---|
| Vets | EUR 1,200 | 5 |
| Nurses | EUR 700 | 3 |
| Receptionists | EUR 300 | 2 |

Travel for CPD: economy class; hotel up to EUR 120 per night (EUR 150 in London and Tel Aviv); meal allowance EUR 45 per day.

#policy`, 'en', 2);

  add('Policies/CPD and Travel Allowance 2024', { tags: ['policy', 'hr', 'superseded'], status: 'superseded' }, `
> **Superseded** by [[Policies/CPD and Travel Allowance 2025]].

| Staff | CPD budget per year | CPD days |
|---|---|---|
| Vets | EUR 900 | 4 |
| Nurses | EUR 400 | 2 |

Hotel up to EUR 100 per night; meal allowance EUR 35 per day.

#policy #superseded`, 'en', 2);

  add('Policies/On-Call Rota Policy', { tags: ['policy', 'hr'], status: 'in force' }, `
## Rules
- Nobody is on call more than one night in four, or more than one weekend in three.
- After a night in which you were called in, you get 11 hours of rest before your next shift.
- On-call pay: EUR 45 per night plus the hourly rate for time actually worked.
- Swaps are allowed if the clinic manager is told 48 hours ahead.

#policy`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Reports
  add('Reports/Annual Clinical Audit 2024', { tags: ['report', 'audit'], year: '2024' }, `
Group-wide audit of clinical outcomes for calendar year 2024, all eight clinics.

## Headline figures
- Surgical site infections after clean surgery: **2.1%** (target under 2.5%).
- Anaesthetic deaths within 24 hours in healthy patients (ASA I–II): **0.09%**.
- Clinical records with complete history, exam and plan: 91%.
- Hospital-acquired infections: 14 cases, 9 of them in Almaty after a parvovirus case in October.

## Recommendations
Infection control refresher in Almaty; anaesthetic monitoring forms to be used in every clinic (Chiang Mai did not use them).

#report`, 'en', 2);

  add('Reports/Q2 2025 Antibiotic Usage Report', { tags: ['report', 'amr'], quarter: '2025-Q2' }, `
Prepared by the group pharmacist for [[${AMS}]].

- Share of critically important antibiotics among all antibiotic prescriptions: **11.6%** in Q2 2025, down from 14.2% in Q4 2024 (−18%).
- Best improvement: Porto (8% → 5.1%). Still highest: Almaty (19%).
- Cultures sent before fluoroquinolone use: 74% of cases (Q4 2024: 22%).

#report #amr`, 'en', 2);

  add('Reports/Telemedicine Pilot Evaluation', { tags: ['report', 'digital'], period: '2025-04..2025-09' }, `
Evaluation of the first six months of video consults in Busan and Haifa (14 April – 30 September 2025).

- 1,480 consults (Busan 910, Haifa 570).
- **71%** resolved without an in-person visit.
- Client satisfaction 4.6 / 5; main complaint: no evening slots.
- Revenue covers the licence cost from month three.

**Recommendation:** roll out to the other clinics, starting with Lisbon and Porto.

#report`, 'en', 2);

  add('Reports/TNR თბილისი — ნახევარწლიური ანგარიში 2025', { tags: ['report', 'georgia'], period: '2025-H1' }, `
პერიოდი: 2025 წლის იანვარი–ივნისი. პროგრამა: [[${TNR}]].

- სტერილიზებულია **612** ცხოველი (ძაღლი 441, კატა 171).
- ცოფის საწინააღმდეგოდ ვაქცინირებულია ყველა.
- გართულებები: 11 შემთხვევა (1,8%), სიკვდილიანობა — 0.
- მერიის დავალიანება ივნისის ბოლოს: 18 400 ლარი.

#report`, 'ka', 2);

  add('Reports/Chiang Mai Rabies Campaign 2024 Report', { tags: ['report', 'thailand', 'archive'], year: '2024' }, `
Report on the first rabies vaccination campaign run from the Chiang Mai clinic, June 2024, Hang Dong district.

- 5,100 dogs vaccinated in 19 villages; cats were not included.
- Vaccine bought from a Bangkok distributor; two cold boxes failed on day 4 and 300 doses were discarded.
- Lesson: use a supplier that ships with temperature loggers next time.

#report #archive`, 'en', 2);

  add('Reports/Client Satisfaction Survey 2025', { tags: ['report', 'clients'], year: '2025' }, `
Online survey sent to clients after visits, March–May 2025; 4,930 answers.

- Net Promoter Score for the group: **62**.
- Highest: Chiang Mai (74). Lowest: Busan (48), mainly because of waiting times at weekends.
- Most praised: how vets explain things. Most criticised: prices not shown before treatment.

#report`, 'en', 2);

  add('Reports/부산 CT 활용 보고서 2025', { tags: ['report', 'korea'], year: '2025' }, `
기간: 2025년 1월–9월. 대상 장비: Canon Aquilion CT.

- 총 촬영 **734건**, 이 중 외부 병원 의뢰 22%.
- 가장 많은 적응증: 종양 병기 결정, 추간판 질환, 비강 질환.
- 7월 의뢰 비용 도입 후 외부 의뢰가 월 12건에서 월 21건으로 증가.
- 관 교체 시기: 2027년 예상.

#report`, 'ko', 2);

  // --------------------------------------------------------------------------------------------------
  // Personal (decoys named like the work)
  add('Personal/Corvo', { tags: ['personal', 'birds'] }, `
The crow that comes to my balcony in Graça every morning around seven. I call him Corvo, obviously. He likes unsalted peanuts and hates the neighbour's cat.
Read that crows remember faces for years — he certainly remembers mine.

#personal`, 'en', 2, DIARY);

  add('Personal/Joana Ferreira — vizinha do 3.º', { tags: ['personal'] }, `
A vizinha do terceiro andar. Rega-me as plantas quando viajo; tem a chave suplente. Telefone: 966 118 203. Faz anos a 14 de maio — levar um bolo.

#pessoal`, 'pt', 2);

  add('Personal/Greek Cooking Class', { tags: ['personal'] }, `
Saturday course in Thessaloniki when I was there in March: spanakopita, gemista and a very long lesson on phyllo. Teacher: Kyria Despina. Must buy a proper rolling pin (plastiri).

#personal`, 'en', 2, DIARY);

  add('Personal/Riding Lessons in Sintra', { tags: ['personal', 'horses'] }, `
Thursday evenings at the riding school in Sintra. My horse is a grey Lusitano called Farol who hates puddles. The instructor says my heels are always up. Twelve lessons paid until December.

#personal`, 'en', 2, DIARY);

  add('Personal/Book Club — Animal Farm', { tags: ['personal', 'books'] }, `
October book: Orwell's *Animal Farm*. Discussion at Teresa's. Everybody agreed Boxer's fate is the saddest thing in the book; argued about whether the pigs were always going to win.
Next month: *The Overstory*.

#personal`, 'en', 2, DIARY);

  add('Personal/Rabies Shots Before Thailand Trip', { tags: ['personal', 'health'] }, `
Travel clinic in Lisbon: pre-exposure rabies vaccination, two doses (days 0 and 7) before my visit to Chiang Mai. Also Japanese encephalitis. Keep the vaccination card in the passport wallet.

#personal`, 'en', 2, DIARY);

  add('Personal/Haeundae Grill', { tags: ['personal', 'food'] }, `
Korean barbecue place in Arroios, Lisbon. Good galbi, great kimchi pancake; book at weekends. Named after the beach in Busan, the owner says.

#personal #food`, 'en', 2, DIARY);

  add('Personal/Korean Lessons', { tags: ['personal', 'languages'] }, `
Tuesday evenings online with a tutor in Seoul. Finished Hangul; now on polite verb endings. Goal: to greet the Busan team properly next visit.

#personal`, 'en', 2, DIARY);

  // --------------------------------------------------------------------------------------------------
  // Small reference cards, templates, inbox
  add('Reference/راهنمای سیتولوژی گوش', { aliases: ['Ear cytology guide'], tags: ['reference', 'dermatology'] }, `
نوشته سارا رضایی برای کلینیک‌های گروه.

## نمونه‌برداری
با سواب پنبه‌ای از کانال عمودی گوش نمونه بگیرید، روی لام بغلتانید و با رنگ سریع رنگ‌آمیزی کنید.

## تفسیر
- بیش از پنج مخمر مالاسزیا در هر میدان با بزرگنمایی ۴۰۰ برابر: عفونت مخمری.
- وجود باکتری‌های میله‌ای: کشت و آنتی‌بیوگرام لازم است.
- سلول‌های التهابی زیاد: درمان ضدالتهابی را در نظر بگیرید.

#reference`, 'fa', 2);

  add('Reference/Emergency Contacts', { tags: ['reference'] }, `
- Poison centre for animals (Portugal): 800 250 250
- Out-of-hours IT: Marta Sousa
- Building security Alcântara: +351 213 900 441
- Cryovet missed deliveries: +34 910 552 300
- Labvet urgent results line: +351 217 110 990

#reference`, 'en', 2);

  add('Reference/Formulary Quick Card', { tags: ['reference', 'pharmacy'] }, `
Short list of first-choice drugs for common problems (doses in the practice system):
- Pain after neutering: meloxicam (dogs), robenacoxib (cats).
- Nausea: maropitant.
- Sedation for radiographs: dexmedetomidine + butorphanol.
- Seizures at home: rectal diazepam, owners trained before discharge.

#reference`, 'en', 2);

  add('Templates/Meeting Template', { tags: ['template'] }, `
**Present:**
**About:** [[ ]]

## Decisions
1.

## Actions
-

#meeting`, 'en', 1);

  add('Inbox/Ideas', { tags: ['inbox'] }, `
- A group-wide blood donor register (dogs) — ask the Lisbon team how they recruit donors.
- Weekend video consults? Clients asked for them in the survey.
- Shared CPD days between Thessaloniki and Tbilisi?
- Put all clinic fees on the websites.

#inbox`, 'en', 2, DIARY);

  // --------------------------------------------------------------------------------------------------
  // Long reference pages (facts buried late)
  addLong('Reference/Anaesthesia Protocols Handbook', { aliases: ['anaesthesia handbook'], tags: ['reference', 'clinical'] }, 'en', `
Group handbook for general anaesthesia and sedation in all clinics. Drug doses are in the practice system; this handbook is about how we work. See also [[Reference/Formulary Quick Card]].`,
    ['Before the day', 'Pre-anaesthetic assessment', 'Induction', 'Maintenance and monitoring', 'Recovery', 'Record keeping'],
    `## Rabbits, guinea pigs and ferrets
Rabbits and guinea pigs are **never fasted**: they keep hay until the moment they are premedicated, and water is never withheld. Ferrets are fasted for four hours at most. Birds are fasted only long enough to empty the crop — usually two hours for small species.`,
    `## Revision
Reviewed every two years by the clinical leads; next review in 2026.`, 2000);

  addLong('Reference/Radiation Safety Manual', { aliases: ['X-ray rules'], tags: ['reference', 'safety'] }, 'en', `
Local rules for diagnostic X-ray and CT in every clinic. Each clinic names a radiation protection supervisor, listed on the notice at the X-ray room door.`,
    ['Controlled area', 'Positioning without hands', 'Protective equipment', 'Equipment checks', 'Pregnancy', 'Incidents'],
    `## Dosimetry
Everyone who takes radiographs wears a personal dosimeter at chest height under the apron. Dosimeters are **exchanged every two months** and read by an approved laboratory; results go to the supervisor and are kept for 30 years. The group's own dose constraint for staff is 1 mSv per year.`,
    `## Contacts
Radiation protection adviser: external, named in each clinic's local rules.`, 2000);

  addLong('Reference/Infection Control Manual', { aliases: ['infection control'], tags: ['reference', 'clinical'] }, 'en', `
How we keep infections out of our clinics and away from patients, staff and clients. Applies to every clinic; local additions are listed at the end of each section.`,
    ['Hand hygiene', 'Cleaning the consult rooms', 'Wards and kennels', 'Theatre', 'Laundry and waste', 'Surveillance'],
    `## Isolation ward: parvovirus and other contagious cases
Dogs with suspected parvovirus go straight to isolation through the side door. Staff wear gown, gloves and overshoes inside. The isolation room is disinfected with **potassium peroxymonosulfate at 1%, left for 10 minutes** before wiping; if that is out of stock, household bleach diluted 1 to 30. Alcohol and quaternary ammonium products do not kill parvovirus.`,
    `## Revision
Updated after the 2024 clinical audit.`, 2000);

  addLong('Reference/Blood Transfusion Guide', { aliases: ['transfusion guide'], tags: ['reference', 'clinical'] }, 'en', `
Blood products in the group: collecting from our own donor dogs and cats, storing, and giving them safely.`,
    ['When to transfuse', 'Blood typing and cross-matching', 'Collection', 'Storage', 'Giving blood', 'Reactions'],
    `## Donor welfare
Donor dogs must weigh at least 25 kg, be 1 to 8 years old and fully vaccinated. A donor dog gives at most 450 ml at a time and **no more than four times a year, with at least 12 weeks between donations**. Donor cats must weigh at least 4 kg and are sedated for collection.`,
    `## Records
Every donation and every transfusion is recorded in both animals' records.`, 1900);

  addLong('Reference/Client Communication Handbook', { aliases: ['communication handbook'], tags: ['reference', 'clients'] }, 'en', `
How we talk and write to clients, from the first phone call to the last goodbye.`,
    ['On the phone', 'In the consult room', 'Estimates and money', 'Hospitalised patients', 'Bad news', 'Writing to clients'],
    `## Complaints
A formal complaint is acknowledged in writing within two working days. The clinic manager tries to resolve it; **if it is not resolved within 14 days it goes to the group medical director**, who answers within a further 14 days.`,
    `## Revision
Owned by the head office; comments to the group medical director.`, 1900);

  addLong('Reference/Cold Chain and Vaccine Storage Manual', { aliases: ['vaccine storage'], tags: ['reference', 'pharmacy'] }, 'en', `
How vaccines and other cold-chain medicines are received, stored and checked in every clinic.`,
    ['Receiving deliveries', 'The vaccine fridge', 'Daily temperature checks', 'Stock rotation', 'Outreach and cold boxes', 'Power cuts'],
    `## Temperature excursions
The fridge must stay between 2 and 8 °C. **If it has been above 8 °C for more than 30 minutes, quarantine all the stock**: put it back in a working fridge in a bag with a red label "do not use", and call the manufacturer's technical line before anything is used or thrown away. Write down the highest temperature and how long it lasted.`,
    `## Revision
Reviewed yearly by the group pharmacist.`, 1900);

  addLong('Reference/Staff Handbook', { aliases: ['employee handbook'], tags: ['reference', 'hr'] }, 'en', `
What it means to work at Corvo Veterinary Group: hours, leave, pay, development and conduct. Local law wins where it gives staff more.`,
    ['Working hours', 'Annual leave', 'Pay and benefits', 'Development', 'Conduct', 'Leaving'],
    `## Long service
After **seven years** of continuous service, a vet or nurse may take a paid study sabbatical of four weeks, agreed with the clinic manager six months ahead. After ten years there is an extra day of annual leave.`,
    `## Questions
Ask your clinic manager first, then HR at the head office.`, 2000);

  addLong('Reference/Exotic Animal Care Guide', { aliases: ['exotics guide'], tags: ['reference', 'exotics'] }, 'en', `
Care of birds, reptiles and small mammals while they are in our clinics, written with the Haifa exotics team.`,
    ['Admission', 'Handling', 'Hospital housing', 'Nutrition', 'Fluids and medication', 'Discharge advice'],
    `## Tortoise hibernation
We only advise hibernation after a pre-hibernation check (weight, body condition, a blood sample when in doubt). We recommend the fridge method, **kept at 5 °C** (never below 3 or above 7), with the tortoise weighed weekly; wake it up if it loses more than 1% of its body weight in a month.`,
    `## Revision
Reviewed by the exotics team every two years.`, 1900);

  addLong('Reference/Equine Field Procedures', { aliases: ['equine field manual'], tags: ['reference', 'equine'] }, 'en', `
How our ambulatory equine teams work on yards and in fields. Written for the Almaty team, used as the group standard.`,
    ['Booking visits', 'Arriving on the yard', 'Restraint and sedation', 'Examination', 'Treatment in the field', 'The van'],
    `## After sedation
A horse sedated with detomidine or romifidine is **not loaded into a trailer for at least two hours**, and gets no hay or feed for one hour after it can hold its head up again. Leave written instructions with the owner.`,
    `## Revision
Owned by the Almaty equine team.`, 1900);

  addLong('Reference/Records and Data Protection Manual', { aliases: ['data protection'], tags: ['reference', 'it'] }, 'en', `
How we keep clinical records and clients' personal data, in every country where we work.`,
    ['What we record', 'Access to records', 'Sharing records', 'Clients’ rights', 'Security', 'Breaches'],
    `## How long we keep things
The group rule is the longer of local law and these periods: clinical records **eight years after the animal's last visit**; radiographs and CT images **ten years**; invoices as tax law requires. Records of euthanasia consent are kept for eight years.`,
    `## Contact
The data protection lead is the head of IT.`, 2000);

  addLong('Reference/Manual de Procedimentos da Receção', { aliases: ['manual da receção'], tags: ['reference', 'reception'] }, 'pt', `
Manual para as equipas de receção das clínicas portuguesas do grupo (Lisboa e Porto).`,
    ['Abertura da clínica', 'Marcações', 'Chegada do cliente', 'Pagamentos', 'Altas e internamentos', 'Fecho do dia'],
    `## Limites de pagamento
Não se aceitam pagamentos em numerário **acima de 3.000 €** (limite legal). Planos de pagamento só com aprovação do gestor da clínica e até 1.500 €, em no máximo seis prestações.`,
    `## Revisão
Revisto anualmente pelo gestor da clínica de Lisboa.`, 1800);

  addLong('Reference/Guia de Integração de Novos Veterinários', { aliases: ['guia de integração'], tags: ['reference', 'hr'] }, 'pt', `
Guia para os veterinários recém-chegados ao grupo, sobretudo recém-licenciados, nas primeiras semanas.`,
    ['Primeiro dia', 'Primeira semana', 'Consultas', 'Cirurgia', 'Formação', 'Avaliação'],
    `## Tutoria e urgências
Cada novo veterinário tem um tutor durante os **primeiros 90 dias**. Não faz urgências noturnas sozinho antes do fim do período de tutoria; até lá, faz as noites com um colega sénior.`,
    `## Contactos
Dúvidas: o tutor ou o diretor clínico da clínica.`, 1800);

  // --------------------------------------------------------------------------------------------------
  // Questions (hand-written; every page of the ground truth named)
  const questions: Heldout6Question[] = [];
  const P = (p: string) => `${p}.md`;
  const ask = (family: Heldout6Family, kind: string, q: string, relevant: string[]) => questions.push({ family, kind, q, relevant: relevant.map(P) });
  const BOARD_JAN = 'Meetings/2025-01-20 Group Medical Board';
  const BOARD_SEP = 'Meetings/2025-09-23 Group Medical Board';
  const CUTOVER = 'Meetings/2025-07-15 PMS Migration Cutover Planning';
  const NORDVET = 'Partners/Nordvet Insurance';
  const NORDVET_MTG = 'Meetings/2025-10-14 Nordvet Insurance Contract Review';
  const TNR_REPORT = 'Reports/TNR თბილისი — ნახევარწლიური ანგარიში 2025';
  const CT_REPORT = 'Reports/부산 CT 활용 보고서 2025';

  // exact (13): codes, names, product and policy names
  ask('exact', 'code', 'CVG-KR-06', [BUS]);
  ask('exact', 'product', 'Canon Aquilion', [BUS, CT_REPORT]);
  ask('exact', 'alias', 'Projeto Ninho', [PMS]);
  ask('exact', 'product', 'ClinicFox licence end', [PMS]);
  ask('exact', 'name', 'Nordvet Insurance', [NORDVET, NORDVET_MTG]);
  ask('exact', 'name', 'Kaarel Tamm', ['Partners/Animara', CUTOVER]);
  ask('exact', 'name', 'Siobhán Kelly', ['Partners/Vetlink Systems']);
  ask('exact', 'term', 'potassium peroxymonosulfate', ['Reference/Infection Control Manual']);
  ask('exact', 'term', 'Cat Friendly Clinic', [POR, 'Meetings/2025-09-02 Reunião Porto']);
  ask('exact', 'name', 'Hannah Whitfield', ['People/Hannah Whitfield', OHF, 'Daily/2025-03-27']);
  ask('exact', 'code', 'CVG-GE-07', [TBS]);
  ask('exact', 'title', 'Controlled Drugs Policy 2025', ['Policies/Controlled Drugs Policy 2025']);
  ask('exact', 'alias', 'Haeundae Animal Hospital', [BUS]);

  // paraphrase (13): no word shared with the target's title or aliases (checked below)
  ask('paraphrase', 'vendor', 'which company provides the platform for remote appointments over a camera with pet owners', ['Partners/Vetlink Systems', TEL]);
  ask('paraphrase', 'policy', 'who keeps the key to the opioid safe and how often is the register counted', ['Policies/Controlled Drugs Policy 2025']);
  ask('paraphrase', 'manual', 'how do we keep immunisations for pets at the right temperature in the refrigerator and on village trips', ['Reference/Cold Chain and Vaccine Storage Manual']);
  ask('paraphrase', 'policy', 'putting a pet to sleep — what signatures and identity checks are required', ['Policies/Euthanasia and Consent Policy']);
  ask('paraphrase', 'manual', 'giving a sick dog red cells from a donor dog: typing, cross-match and reactions', ['Reference/Blood Transfusion Guide']);
  ask('paraphrase', 'partner', 'who reads our radiographs remotely for the Israeli practice', ['Partners/Hadar Imaging', HAI]);
  ask('paraphrase', 'programme', 'neutering homeless dogs and cats in the Georgian capital with help from the municipality', [TNR, TNR_REPORT, 'Meetings/2025-06-10 თბილისის TNR შეხვედრა']);
  ask('paraphrase', 'programme', 'rasping teeth of horses on yards around Almaty', [EQD]);
  ask('paraphrase', 'funder', 'which Dutch foundation pays for our effort to cut antibiotic overuse', [OHF, AMS]);
  ask('paraphrase', 'programme', 'switching every clinic to one new cloud records system over a weekend in August', [PMS, CUTOVER]);
  ask('paraphrase', 'report', 'how many scans did the tomography machine in Korea do this year', [CT_REPORT]);
  ask('paraphrase', 'manual', 'onboarding for freshly qualified vets: mentoring and when they may do nights alone', ['Reference/Guia de Integração de Novos Veterinários']);
  ask('paraphrase', 'clinic', 'which of our practices treats parrots and lizards', [HAI, 'People/אבי כהן']);

  // typo (13)
  ask('typo', 'typo', 'underwater tredmill alcantara', [LIS, 'Daily/2025-07-21']);
  ask('typo', 'typo', 'Thesaloniki TPLO wating list', ['Meetings/2025-02-11 Σύσκεψη Θεσσαλονίκης']);
  ask('typo', 'typo', 'current controled drugs polcy', ['Policies/Controlled Drugs Policy 2025']);
  ask('typo', 'typo', 'latest antibiotc prescibing guidlines', ['Policies/Antibiotic Prescribing Guidelines v3']);
  ask('typo', 'typo', 'Vetlnik video consults', ['Partners/Vetlink Systems', TEL]);
  ask('typo', 'typo', 'Animra cutover weekend', [PMS, CUTOVER]);
  ask('typo', 'typo', 'Haifa wifi droped calls', ['Meetings/2025-04-22 Telemedicine Go-Live Review']);
  ask('typo', 'typo', 'on-cal pay per nigth', ['Policies/On-Call Rota Policy']);
  ask('typo', 'typo', 'Nordevt pre-authorisaton limit', [NORDVET, NORDVET_MTG]);
  ask('typo', 'typo', 'Cryovet custums delay Bangkok', ['Daily/2025-05-02']);
  ask('typo', 'typo', 'Whitfeild six month report due', ['Daily/2025-03-27', OHF]);
  ask('typo', 'typo', 'parvo isolaton disinfectent', ['Reference/Infection Control Manual']);
  ask('typo', 'typo', 'Zarsal feline leukaemia vacine shortage', ['Meetings/2025-08-12 Zarzal Supply Call']);

  // crosslingual (13): the question's language or script differs from the answer page's
  ask('crosslingual', 'en→ko', 'How much do we charge other hospitals for a CT referral in Busan?', ['Meetings/2025-05-27 부산 병원 운영 회의']);
  ask('crosslingual', 'en→ka', 'How many animals were sterilised in Tbilisi in the first half of 2025?', [TNR_REPORT]);
  ask('crosslingual', 'en→th', 'How many dogs and cats did this year’s rabies campaign in Chiang Mai vaccinate?', [RAB, 'Meetings/2025-07-08 Group Medical Board']);
  ask('crosslingual', 'en→el', 'What did the Thessaloniki team decide about cooling dogs with heatstroke?', ['Meetings/2025-02-11 Σύσκεψη Θεσσαλονίκης']);
  ask('crosslingual', 'en→he', 'Why did the Haifa clinic stop taking in wild birds?', ['Meetings/2025-03-04 ישיבת צוות חיפה']);
  ask('crosslingual', 'en→ru', 'budget for the second van of the Almaty horse team', ['Meetings/2025-06-17 Совещание Алматы']);
  ask('crosslingual', 'en→fa', 'What did the skin specialist recommend doing before treating ear infections?', ['Meetings/2025-04-09 جلسه مشاوره پوست', 'Reference/راهنمای سیتولوژی گوش']);
  ask('crosslingual', 'pt→en', 'Qual é o orçamento anual de formação contínua para enfermeiros?', ['Policies/CPD and Travel Allowance 2025']);
  ask('crosslingual', 'ko→en', '원격진료 시범 사업에서 내원 없이 해결된 비율은 얼마였나요?', ['Reports/Telemedicine Pilot Evaluation']);
  ask('crosslingual', 'el→en', 'Κάθε πότε αλλάζουν τα δοσίμετρα του προσωπικού;', ['Reference/Radiation Safety Manual']);
  ask('crosslingual', 'he→en', 'כמה פעמים בשנה מותר לכלב תורם לתרום דם?', ['Reference/Blood Transfusion Guide']);
  ask('crosslingual', 'ru→es', 'Кто торговый представитель поставщика вакцин из Сарагосы?', [ZAR, 'People/Carlos Méndez']);
  ask('crosslingual', 'th→pt', 'คลินิกที่ลิสบอนส่งตัวอย่างไปตรวจที่ห้องแล็บไหน', [LIS, 'Partners/Labvet Lisboa']);

  // two-hop (13): varied relations, stated on one side only
  ask('two-hop', 'manager→clinic', 'What kind of scanner does the clinic that Kim Min-ji runs have?', [BUS]);
  ask('two-hop', 'programme→lead', 'phone number of whoever leads the stray-animal programme in Tbilisi', ['People/გიორგი კაპანაძე', TNR]);
  ask('two-hop', 'programme→funder→officer', 'Who is our contact at the foundation that funds the antibiotic stewardship work?', ['People/Hannah Whitfield', OHF]);
  ask('two-hop', 'supplier→contact', 'Does the sales rep of the company that supplies our vaccines speak Portuguese?', ['People/Carlos Méndez', ZAR]);
  ask('two-hop', 'clinic→manager', 'Where did the manager of our Greek clinic study?', ['People/Ελένη Παπαδοπούλου', THE]);
  ask('two-hop', 'programme→vendor', 'Where is the data of our video-consultation platform hosted?', ['Partners/Vetlink Systems', TEL]);
  ask('two-hop', 'programme→vendor', 'In which city is the company behind the system we migrated our records to?', ['Partners/Animara', PMS]);
  ask('two-hop', 'supplier→courier', 'Which courier brings the vaccines from our Spanish supplier, and how fast do they rebook a missed delivery?', [ZAR, 'Partners/Cryovet Logistics']);
  ask('two-hop', 'clinic→lab', 'How long does histopathology take at the lab the Porto clinic sends its samples to?', ['Partners/Labvet Lisboa', POR]);
  ask('two-hop', 'programme→partner→person', 'Who is the coordinator at the government office we work with on the 2025 rabies campaign?', ['Partners/สำนักงานปศุสัตว์จังหวัดเชียงใหม่', RAB]);
  ask('two-hop', 'programme→partner', 'What does the partner of the Almaty horse dentistry programme pay for?', ['Partners/Ассоциация коневодов Алматинской области', EQD]);
  ask('two-hop', 'person→clinic', 'Which clinic does Dmitry Sokolov run, and what does it offer besides small animals?', [ALA]);
  ask('two-hop', 'clinic→specialist', 'On Mondays, where does the orthopaedic surgeon of the Thessaloniki clinic operate?', ['People/Νίκος Αθανασίου', THE]);

  // negation (13): decoys and subsets
  ask('negation', 'decoy', 'the clinics of the Corvo group — not the bird on my balcony', ['Home']);
  ask('negation', 'superseded', 'controlled drugs rules in force now, not the 2023 version', ['Policies/Controlled Drugs Policy 2025']);
  ask('negation', 'superseded', 'antibiotic prescribing guidelines, but not the old v2', ['Policies/Antibiotic Prescribing Guidelines v3']);
  ask('negation', 'superseded', 'CPD budget for nurses this year, not last year’s table', ['Policies/CPD and Travel Allowance 2025']);
  ask('negation', 'namesake', 'Joana Ferreira the clinic manager, not my neighbour', ['People/Joana Ferreira', POR]);
  ask('negation', 'decoy', 'the Boavista clinic, not the pet shop', [POR]);
  ask('negation', 'decoy', 'this year’s rabies vaccination campaign in Chiang Mai, not the 2024 one', [RAB]);
  ask('negation', 'decoy', 'Haeundae animal hospital, not the barbecue restaurant', [BUS]);
  ask('negation', 'decoy', 'our horse work in Almaty — not my riding lessons', [EQD, ALA]);
  ask('negation', 'subset', 'board meetings in 2025 except the July one', [BOARD_JAN, BOARD_SEP]);
  ask('negation', 'subset', 'clinics outside the EU that get their vaccines from Zarzal', [CNX, TBS]);
  ask('negation', 'subset', 'our clinical programmes, leaving out the software and telemedicine projects', [AMS, TNR, RAB, EQD, RAB24]);
  ask('negation', 'decoy', 'the Thessaloniki clinic, not the cooking class', [THE]);

  // date (13): dates in varied forms
  ask('date', 'day', 'What did the board decide on 20 January 2025?', [BOARD_JAN]);
  ask('date', 'day', 'meeting notes from 17/06/2025', ['Meetings/2025-06-17 Совещание Алматы']);
  ask('date', 'day', 'what happened on June 25th, 2025?', ['Daily/2025-06-25']);
  ask('date', 'month', 'board meeting in November 2024', ['Meetings/2024-11-19 Group Medical Board']);
  ask('date', 'from-date', 'What changes from 1 January 2026 with our vaccine supplier and the insurer?', ['Meetings/2025-08-12 Zarzal Supply Call', NORDVET_MTG]);
  ask('date', 'from-date', 'which policy came into force on 1 October 2025?', ['Policies/Euthanasia and Consent Policy', BOARD_SEP]);
  ask('date', 'relative', 'my notes from the first Monday after the software cutover', ['Daily/2025-08-25']);
  ask('date', 'month', 'Haifa team meeting in early March', ['Meetings/2025-03-04 ישיבת צוות חיפה']);
  ask('date', 'day', 'what went live on 14 April 2025?', [TEL, 'Reports/Telemedicine Pilot Evaluation', 'Daily/2025-04-15']);
  ask('date', 'iso', '2025-05-27 meeting', ['Meetings/2025-05-27 부산 병원 운영 회의']);
  ask('date', 'day', 'what did I write down on March 27th?', ['Daily/2025-03-27']);
  ask('date', 'quarter', 'antibiotic usage between April and June 2025', ['Reports/Q2 2025 Antibiotic Usage Report']);
  ask('date', 'month', 'Porto meeting in September 2025', ['Meetings/2025-09-02 Reunião Porto']);

  // distractor (13): the answer is the page that looks like a decoy
  ask('distractor', 'decoy', 'What does the crow on my balcony like to eat?', ['Personal/Corvo']);
  ask('distractor', 'namesake', 'When is my neighbour Joana’s birthday?', ['Personal/Joana Ferreira — vizinha do 3.º']);
  ask('distractor', 'other-year', 'How many dogs were vaccinated against rabies in Hang Dong in 2024?', [RAB24, 'Reports/Chiang Mai Rabies Campaign 2024 Report']);
  ask('distractor', 'superseded', 'under the old controlled drugs rules, who held the keys?', ['Policies/Controlled Drugs Policy 2023']);
  ask('distractor', 'decoy', 'Korean barbecue restaurant in Arroios', ['Personal/Haeundae Grill']);
  ask('distractor', 'decoy', 'what is my horse called at the riding school?', ['Personal/Riding Lessons in Sintra']);
  ask('distractor', 'decoy', 'the pet shop on Avenida da Boavista', ['Partners/Boavista Pet Shop']);
  ask('distractor', 'superseded', 'hotel limit per night for CPD travel in 2024', ['Policies/CPD and Travel Allowance 2024']);
  ask('distractor', 'decoy', 'which book did the book club read in October?', ['Personal/Book Club — Animal Farm']);
  ask('distractor', 'decoy', 'my own rabies jabs before visiting Chiang Mai', ['Personal/Rabies Shots Before Thailand Trip']);
  ask('distractor', 'other-year', 'what did the board decide in November 2024 about opening new clinics?', ['Meetings/2024-11-19 Group Medical Board']);
  ask('distractor', 'decoy', 'phyllo lesson in Thessaloniki', ['Personal/Greek Cooking Class']);
  ask('distractor', 'superseded', 'surgical prophylaxis under the old antibiotic guidelines', ['Policies/Antibiotic Prescribing Guidelines v2']);

  // deep (13): a fact buried late in a long page
  ask('deep', 'late-fact', 'how long should rabbits be fasted before an anaesthetic?', ['Reference/Anaesthesia Protocols Handbook']);
  ask('deep', 'late-fact', 'after how many days does an unresolved client complaint go to the group level?', ['Reference/Client Communication Handbook']);
  ask('deep', 'late-fact', 'what must be done with vaccines if the fridge has been above 8 °C for over half an hour?', ['Reference/Cold Chain and Vaccine Storage Manual', 'Daily/2025-06-25']);
  ask('deep', 'late-fact', 'after how many years of service can a nurse take a paid study sabbatical?', ['Reference/Staff Handbook']);
  ask('deep', 'late-fact', 'what temperature should the fridge be for hibernating a tortoise?', ['Reference/Exotic Animal Care Guide']);
  ask('deep', 'late-fact', 'how long to wait before putting a horse sedated with detomidine in a trailer', ['Reference/Equine Field Procedures']);
  ask('deep', 'late-fact', 'how long do we keep CT images?', ['Reference/Records and Data Protection Manual']);
  ask('deep', 'late-fact', 'qual é o limite para pagamentos em numerário na receção?', ['Reference/Manual de Procedimentos da Receção']);
  ask('deep', 'late-fact', 'quando é que um veterinário recém-chegado pode fazer urgências noturnas sozinho?', ['Reference/Guia de Integração de Novos Veterinários']);
  ask('deep', 'late-fact', 'annual radiation dose constraint for staff', ['Reference/Radiation Safety Manual']);
  ask('deep', 'late-fact', 'minimum body weight for a blood donor dog', ['Reference/Blood Transfusion Guide']);
  ask('deep', 'late-fact', 'do alcohol-based disinfectants kill parvovirus?', ['Reference/Infection Control Manual']);
  ask('deep', 'late-fact', 'how long are small birds fasted before anaesthesia?', ['Reference/Anaesthesia Protocols Handbook']);

  // natural (13): long, chatty, agent-style
  ask('natural', 'chatty', 'hey, about the Tbilisi vaccine fridge that died in June — which vaccines did the supplier say we could still use?', ['Daily/2025-06-25']);
  ask('natural', 'chatty', 'I’m writing the six-month note for the antibiotic grant; what were our Q2 numbers against the baseline?', ['Reports/Q2 2025 Antibiotic Usage Report', 'Meetings/2025-03-18 AMS Steering Group']);
  ask('natural', 'chatty', 'a client in Porto wants to pay a big surgery bill in instalments — what are we allowed to offer?', ['Reference/Manual de Procedimentos da Receção']);
  ask('natural', 'chatty', 'Eleni keeps asking about a second ultrasound machine — did I tell her anything when I was in Thessaloniki in March?', ['Daily/2025-03-12']);
  ask('natural', 'chatty', 'can you find what we agreed with the insurer about claims that need approval above two thousand euros?', [NORDVET_MTG]);
  ask('natural', 'chatty', 'remind me why the insurer bounced those claims from the Lisbon clinic in September', ['Daily/2025-09-11']);
  ask('natural', 'chatty', 'what was the story with the methadone that went missing in Porto at the start of the year?', ['Daily/2025-02-03']);
  ask('natural', 'chatty', 'someone asked whether video consults actually pay for themselves — did the evaluation say anything?', ['Reports/Telemedicine Pilot Evaluation']);
  ask('natural', 'chatty', 'which of our clinics had the worst client scores in the survey, and why?', ['Reports/Client Satisfaction Survey 2025']);
  ask('natural', 'chatty', 'when is the Porto theatre being renovated? Lisbon needs to plan for the extra surgeries', ['Meetings/2025-09-02 Reunião Porto', POR, 'Meetings/2024-11-19 Group Medical Board']);
  ask('natural', 'chatty', 'what did last year’s clinical audit say about anaesthetic deaths?', ['Reports/Annual Clinical Audit 2024']);
  ask('natural', 'chatty', 'did Tbilisi city hall ever pay what they owe for the sterilisations? how much was outstanding in the summer?', [TNR_REPORT, 'Meetings/2025-06-10 თბილისის TNR შეხვედრა']);
  ask('natural', 'chatty', 'is there anything on how many CT scans Busan did this year and when the tube needs replacing?', [CT_REPORT]);

  // --- checks ---------------------------------------------------------------------------------------
  for (const f of HELDOUT6_FAMILIES) {
    const n = questions.filter((q) => q.family === f).length;
    if (n !== 13) throw new Error(`heldout6: family ${f} has ${n} questions (must be 13)`);
  }
  for (const q of questions) {
    for (const p of q.relevant) if (!pages[p]) throw new Error(`heldout6: "${q.q}" names a page that does not exist: ${p}`);
  }
  for (const q of questions.filter((x) => x.family === 'paraphrase')) checkParaphrase(q.q, q.relevant.flatMap((p) => names[p]!));
  for (const [p, md] of Object.entries(pages)) {
    const n = Buffer.byteLength(md);
    if (n < 700 || n > 15 * 1024) throw new Error(`heldout6: page ${p} is ${n} bytes (must be 700–15360)`);
  }
  for (const [p, md] of Object.entries(pages)) {
    for (const m of md.matchAll(/!?\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]/g)) {
      const target = m[1]!.trim();
      if (target && !pages[`${target}.md`]) throw new Error(`heldout6: page ${p} links to a missing page: ${target}`);
    }
  }
  return { pages, questions };
}

const STOP = new Set(['the', 'and', 'for', 'our', 'not', 'of', 'to', 'in', 'a', 'an', 'de', 'da', 'do', 'e']);
const tokens = (s: string) => (s.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));

/** A paraphrase may share no word (nor a 5-letter prefix of one) with its target's title and aliases. */
function checkParaphrase(q: string, targetNames: string[]): void {
  const target = new Set(targetNames.flatMap(tokens));
  for (const w of tokens(q)) {
    for (const d of target) {
      if (w === d || (w.length >= 5 && d.length >= 5 && w.slice(0, 5) === d.slice(0, 5))) throw new Error(`heldout6 paraphrase "${q}" shares "${w}" with its target ("${d}")`);
    }
  }
}
