// A fifth held-out evaluation set, written apart from world.ts, heldout2.ts, heldout3.ts, heldout4.ts
// and the engine (no file under src/ was read to write it): the Obsidian vault of Wanjiru Kamau,
// programme director of Kisima Water Trust, a small water NGO registered in Geneva with its office in
// Nairobi. Eight projects in Kenya, Tanzania, Ethiopia, Sudan, India and Bangladesh, plus a mapping
// app built in Geneva; pages are written in the language the work happens in (English, Swahili,
// Amharic, Hindi, Bengali, Arabic, Chinese, Japanese, German, French), and many people carry their
// names only in their own script. Dated meetings, daily notes, field reports, funder and partner
// pages, policies with superseded versions, twelve long reference pages of 2,000+ words in English,
// Swahili and French and three shorter long ones in German (14 KB), Arabic and Japanese (7–8 KB), with
// facts buried late, and decoys named like the work
// (an office cat called Mvua, a book club called Dira, a restaurant called Baobab Grill, heliotrope
// seedlings on a balcony, a theatre night of Arsenic and Old Lace, a camping trip on the Tana River,
// a yoga teacher who shares a project lead's name, a drilling company that shares the NGO's name).
// Relations are stated on one side only (a project page names its lead and funder; the lead's and
// the funder's pages do not name the project). Vault conventions: folders, [[Note]], [[Folder/Note]],
// [[Note|label]], [[Note#Heading]], ![[embeds]], inline #tags, YAML frontmatter with aliases and tags,
// daily notes, dated meeting notes.
// About 130 questions are hand-written in ten families (exact, paraphrase, typo, crosslingual,
// two-hop, negation, date, distractor, deep, natural); each names every page of the ground truth
// here that answers it, never taken from the engine. A paraphrase may share no word (nor a 5-letter
// prefix) with its target's title and aliases: the build refuses one that does. Page sizes are
// checked (0.6–15 KB). Filler prose comes from a seeded generator, so the vault is the same for a
// given seed. Nothing in src/ may import this file.

export type Heldout5Family = 'exact' | 'paraphrase' | 'typo' | 'crosslingual' | 'two-hop' | 'negation' | 'date' | 'distractor' | 'deep' | 'natural';
export const HELDOUT5_FAMILIES: Heldout5Family[] = ['exact', 'paraphrase', 'typo', 'crosslingual', 'two-hop', 'negation', 'date', 'distractor', 'deep', 'natural'];

export interface Heldout5Question {
  family: Heldout5Family;
  kind: string;
  q: string;
  relevant: string[];
}

export interface Heldout5 {
  pages: Record<string, string>;
  questions: Heldout5Question[];
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
type Lang = 'en' | 'sw' | 'am' | 'hi' | 'bn' | 'ar' | 'zh' | 'ja' | 'de' | 'fr';

/** Languages written as whole sentences (a paragraph draws several without repeating one in a row). */
const SENTENCES: Record<'am' | 'hi' | 'bn' | 'ar' | 'zh' | 'ja', readonly string[]> = {
  am: [
    'የማህበረሰቡ የውሃ ኮሚቴ በየወሩ ይሰበሰባል።',
    'የመስክ ቡድኑ ከወረዳው ውሃ ጽሕፈት ቤት ጋር ተወያይቷል።',
    'የክረምቱ ወቅት ከመጀመሩ በፊት የግንባታ ቁሳቁሶች መድረስ አለባቸው።',
    'ሴቶች እና ልጃገረዶች ውሃ ለመቅዳት ረጅም መንገድ ይጓዛሉ።',
    'የሂሳብ ሪፖርቱ በሚቀጥለው ሳምንት ይላካል።',
    'የመንገዱ ሁኔታ በክረምት ወቅት አስቸጋሪ ነው።',
    'የጥገና ሥልጠና ለአካባቢው ቴክኒሻኖች ተሰጥቷል።',
    'የቀበሌው አመራሮች ለሥራው ሙሉ ድጋፍ አሳይተዋል።',
    'ፎቶዎቹ በጋራ ማህደሩ ውስጥ ተቀምጠዋል።',
    'የሚቀጥለው የመስክ ጉብኝት በወሩ መጨረሻ ይሆናል።',
    'የአካባቢው ነዋሪዎች በጉልበት ሥራ ተሳትፈዋል።',
    'የወጪ ደረሰኞች በሙሉ ለአዲስ አበባ ቢሮ ተልከዋል።',
  ],
  hi: [
    'ग्राम जल समिति की बैठक हर महीने होती है।',
    'फ़ील्ड टीम ने ज़िला प्रशासन के अधिकारियों से मुलाक़ात की।',
    'बरसात शुरू होने से पहले निर्माण सामग्री पहुँचनी चाहिए।',
    'महिलाएँ और लड़कियाँ पानी लाने के लिए लंबी दूरी तय करती हैं।',
    'खर्च का ब्योरा अगले सप्ताह भेजा जाएगा।',
    'गाँव तक की सड़क बरसात में ख़राब हो जाती है।',
    'स्थानीय मिस्त्रियों को रखरखाव का प्रशिक्षण दिया गया।',
    'पंचायत के सदस्यों ने काम में पूरा सहयोग दिया।',
    'तस्वीरें साझा फ़ोल्डर में रख दी गई हैं।',
    'अगला फ़ील्ड दौरा महीने के अंत में होगा।',
    'गाँव वालों ने श्रमदान से काम में हाथ बँटाया।',
    'सभी बिल और रसीदें लखनऊ कार्यालय को भेज दी गई हैं।',
  ],
  bn: [
    'গ্রামের পানি কমিটি প্রতি মাসে বৈঠক করে।',
    'মাঠ দল উপজেলা জনস্বাস্থ্য প্রকৌশল অফিসের সাথে আলোচনা করেছে।',
    'বর্ষা শুরুর আগে মালামাল পৌঁছাতে হবে।',
    'নারী ও মেয়েরা পানি আনতে অনেক দূর হাঁটে।',
    'খরচের হিসাব আগামী সপ্তাহে পাঠানো হবে।',
    'বর্ষাকালে গ্রামের রাস্তা কাদায় ভরে যায়।',
    'স্থানীয় মিস্ত্রিদের রক্ষণাবেক্ষণের প্রশিক্ষণ দেওয়া হয়েছে।',
    'ইউনিয়ন পরিষদের সদস্যরা কাজে সহযোগিতা করেছেন।',
    'ছবিগুলো শেয়ার করা ফোল্ডারে রাখা হয়েছে।',
    'পরবর্তী মাঠ পরিদর্শন মাসের শেষে হবে।',
    'সব রসিদ ঢাকা অফিসে পাঠানো হয়েছে।',
    'স্কুলের শিক্ষকরা সচেতনতা সভায় অংশ নিয়েছেন।',
  ],
  ar: [
    'تجتمع لجنة المياه في القرية مرة كل شهر.',
    'ناقش الفريق الميداني خطة العمل مع مكتب المياه في المحلية.',
    'يجب أن تصل مواد البناء قبل بداية موسم الخريف.',
    'تقطع النساء والفتيات مسافات طويلة لجلب المياه.',
    'سيُرسل التقرير المالي في الأسبوع القادم.',
    'تصبح الطرق الترابية صعبة جداً خلال موسم الأمطار.',
    'تلقى الفنيون المحليون تدريباً على الصيانة الدورية.',
    'أبدى شيوخ القرية دعمهم الكامل للعمل.',
    'حُفظت الصور في المجلد المشترك.',
    'ستكون الزيارة الميدانية القادمة في نهاية الشهر.',
    'شارك الأهالي في أعمال الحفر بالنفير.',
    'أُرسلت جميع الإيصالات إلى المكتب في نيروبي.',
    'يحتاج الرعاة إلى مصادر مياه قريبة من مسارات الماشية.',
    'تم تحديث سجل الأصول بعد الجرد الأخير.',
  ],
  zh: [
    '我们每周通过微信沟通一次进度。',
    '工厂的质检报告已经发到共享文件夹。',
    '海运需要大约五周时间才能到达蒙巴萨港。',
    '请在发货前确认包装和标签的要求。',
    '发票和装箱单需要同时提供英文版本。',
    '技术人员可以通过视频远程指导安装。',
    '备件清单会随第一批货物一起发出。',
    '付款仍按合同约定的百分之三十预付款执行。',
    '下次会议时间另行通知。',
    '所有设备都要附带中英文使用说明书。',
  ],
  ja: [
    '報告書は日本語と英語の両方で提出してください。',
    '現地の状況については写真付きでご説明いただけると助かります。',
    '次回の定例ミーティングは来月を予定しています。',
    '予算の執行状況は四半期ごとに確認します。',
    '関係者の皆様にはいつもご協力いただき感謝しております。',
    '会計書類の原本は五年間保管してください。',
    '事業の成果指標は申請書に記載したものを使用します。',
    '変更が生じた場合は速やかに事務局へご連絡ください。',
    '現地パートナーとの連携体制についても記載をお願いします。',
    '詳細は添付資料をご参照ください。',
    '受益者の声をできるだけ具体的に記載してください。',
    '為替差損益の扱いについては別途ご相談ください。',
    '写真の掲載にあたっては本人の同意を得てください。',
    '事業終了後の維持管理体制についても説明が必要です。',
  ],
};

/** Languages written from slots (subject, predicate[, tail]), for long pages without visible repeats. */
const SLOTS: Record<'en' | 'sw' | 'de' | 'fr', { s: readonly string[]; p: readonly string[]; t: readonly string[] }> = {
  en: {
    s: ['The field team', 'The county water office', 'Our finance unit', 'The community committee', 'The logistics coordinator', 'Each site supervisor', 'The regional office', 'The monitoring officer', 'The partner organisation', 'The country coordinator', 'The programme assistant', 'Whoever is on duty'],
    p: ['reviews the monthly expenditure against the budget', 'records attendance at community meetings', 'checks the vehicle logbooks and fuel receipts', 'counts the spare parts held in the store', 'follows up on complaints raised through the feedback line', 'files the handover documents for each site', 'reports training attendance by gender', 'uploads the photos taken during site visits', 'drafts the timetable for the next quarter', 'circulates the minutes of the last coordination meeting', 'updates the asset register', 'confirms the delivery notes against the purchase orders'],
    t: ['before the end of each month.', 'and shares the result with the programme director.', 'so that nothing is lost when staff rotate.', 'in the shared drive.', 'together with the local authorities.', 'as agreed in the last review.', 'unless the country office decides otherwise.', 'whenever a site changes hands.', 'and flags anything unusual.', 'at least once a quarter.'],
  },
  sw: {
    s: ['Timu ya shambani', 'Ofisi ya maji ya wilaya', 'Kitengo cha fedha', 'Kamati ya maji ya kijiji', 'Mratibu wa usafirishaji', 'Msimamizi wa kila eneo', 'Ofisi ya kanda', 'Afisa ufuatiliaji', 'Shirika mshirika', 'Mwalimu mkuu wa shule'],
    p: ['hukagua matumizi ya fedha kila mwezi', 'huandika mahudhurio ya mikutano ya jamii', 'hukagua daftari la magari na risiti za mafuta', 'huhesabu vipuri vilivyoko stoo', 'hufuatilia malalamiko yaliyotolewa na wananchi', 'huhifadhi nyaraka za makabidhiano', 'hutoa taarifa za mafunzo kwa jinsia', 'hupakia picha za ziara za shambani', 'huandaa ratiba ya robo mwaka ijayo', 'husambaza kumbukumbu za kikao kilichopita'],
    t: ['kabla ya mwisho wa mwezi.', 'na kumjulisha mkurugenzi wa programu.', 'ili kumbukumbu zisipotee.', 'kwa kushirikiana na serikali ya kijiji.', 'kama ilivyokubaliwa kwenye kikao.', 'angalau mara moja kwa robo mwaka.', 'na kuripoti jambo lolote lisilo la kawaida.'],
  },
  de: {
    s: ['Die Zuwendungsempfängerin', 'Die Geschäftsstelle der Stiftung', 'Der Projektträger', 'Die zuständige Programmreferentin', 'Der lokale Partner', 'Die Buchhaltung des Trägers', 'Das Kuratorium', 'Jede geförderte Organisation'],
    p: ['dokumentiert alle Ausgaben mit Originalbelegen', 'informiert die Stiftung unverzüglich über Verzögerungen', 'bewahrt die Unterlagen zehn Jahre lang auf', 'stimmt Änderungen des Zeitplans schriftlich ab', 'erwähnt die Förderung in der Öffentlichkeitsarbeit angemessen', 'prüft die Angebote nach dem Grundsatz der Wirtschaftlichkeit', 'führt eine nach Budgetlinien gegliederte Buchhaltung', 'beachtet die geltenden Vorschriften des Empfängerlandes', 'stellt sicher, dass keine Doppelförderung entsteht', 'legt Wert auf die Beteiligung der Zielgruppen'],
    t: ['im Rahmen des bewilligten Budgets.', 'nach Maßgabe dieser Richtlinien.', 'in deutscher oder englischer Sprache.', 'soweit nichts anderes vereinbart ist.', 'während der gesamten Projektlaufzeit.', 'gegenüber der Geschäftsstelle in Hamburg.'],
  },
  fr: {
    s: ['Le conseil', 'La présidente', 'Le trésorier', 'Le secrétariat', 'Chaque membre du conseil', 'La direction des programmes', "L'assemblée générale", 'Le comité d’audit'],
    p: ['examine les comptes annuels avant leur approbation', 'veille à la transparence envers les donateurs', 'approuve le budget sur proposition de la direction', 'reçoit les documents préparatoires dix jours avant la séance', 'peut inviter des experts sans droit de vote', 'se prononce sur les nouveaux partenariats', 'signale tout conflit d’intérêts au début de la séance', 'consigne ses décisions dans un procès-verbal', 'suit l’exécution du plan stratégique', 'délègue la gestion courante à la direction'],
    t: ['conformément aux statuts.', 'selon le règlement interne.', 'au moins une fois par an.', 'en séance ou en visioconférence.', 'sauf décision contraire du conseil.', 'dans le respect du droit suisse.'],
  },
};

/**
 * One filler sentence. `topic` (a page's own phrases) is drawn from most of the time: predicates for
 * the slot languages, whole sentences for the others; `pool` replaces the language's sentences.
 */
function sentence(r: R, lang: Lang, topic?: readonly string[], pool?: readonly string[]): string {
  if (pool) return pick(r, pool);
  if (lang === 'en' || lang === 'sw' || lang === 'de' || lang === 'fr') {
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
      // every sentence has been used on this page: start a new cycle (never twice in one paragraph)
      used.clear();
      for (const o of out) used.add(o);
      tries = 0;
    }
    if (used.has(s)) continue;
    used.add(s);
    out.push(s);
  }
  const sep = lang === 'zh' || lang === 'ja' ? '' : ' ';
  return out.join(sep);
}

/** What a daily note is padded with (first person, nothing a question asks about). */
const DIARY: readonly string[] = [
  'Two hours of email before lunch.',
  'Traffic on Waiyaki Way was awful again.',
  'Power cut in the afternoon; the generator kicked in after ten minutes.',
  'Approved timesheets and two travel requests.',
  'The auditors moved their call to next week.',
  'Lunch at my desk, again.',
  'Signed the payment batch Grace prepared.',
  'Caught up with the interns on their reading list.',
  'Internet at the office dropped twice; worked from the café downstairs.',
  'Long walk in Karura forest in the evening to clear my head.',
  'Reviewed a concept note from a partner; sent comments.',
  'Answered a journalist who wanted a quote about drought.',
  'Updated the risk register for the quarterly board papers.',
  'Read through the country updates on the shared channel.',
  'Early night.',
  'Too many meetings, not enough thinking time.',
  'Paid the rent and the house help.',
  'Called Mum in Nyeri.',
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

/** Each long page's own phrases (predicates for en/sw/de/fr, whole sentences for ar/ja); none states a buried fact. */
const TOPICS: Record<string, readonly string[]> = {
  'Reference/Borehole Drilling Standard Operating Procedure': ['logs the lithology every three metres', 'checks the verticality of the hole', 'keeps the drilling fluid clean', 'records the depth at which water was struck', 'inspects the casing joints before lowering them', 'confirms the permit from the water resources authority', 'measures the rest water level', 'photographs the gravel before it goes in', 'agrees the rig access route with the landowner', 'marks the site together with the hydrogeologist', 'keeps latrines well away from the site', 'checks that the apron slopes away from the headworks'],
  'Reference/Water Quality Testing Manual': ['labels every sample bottle with site code and time', 'keeps samples in a cool box below 8 °C', 'runs a blank with each batch of microbiology tests', 'reads turbidity tubes in daylight', 'records pH and conductivity on site', 'sends duplicate samples to the laboratory', 'discards reagents past their expiry date', 'wears gloves when handling reagents', 'keeps the incubator log up to date', 'flags any E. coli result to the engineer the same day', 'rinses the sample bottle three times with the source water', 'notes the rainfall of the previous two days'],
  'Reference/Procurement Manual': ['compares quotes on the standard comparison sheet', 'checks that suppliers are not on a sanctions list', 'keeps the signed declarations of interest', 'writes specifications that do not name a brand', 'opens sealed bids in front of two witnesses', 'records why a supplier was chosen', 'checks goods against the specification on delivery', 'pays suppliers only by bank transfer', 'keeps performance guarantees until the defects period ends', 'asks for references from previous clients', 'never splits a purchase to stay under a limit'],
  'Reference/Staff Security Handbook': ['keeps a full tank and a first-aid kit in every vehicle', 'shares the travel plan with the duty officer', 'avoids travel on market days in tense areas', 'carries a copy of the travel authorisation', 'registers visitors with the country office on arrival', 'rehearses the fire and hibernation drills', 'keeps a stock of water and food for three days', 'reports every incident and near miss in writing', 'never carries more cash than needed', 'briefs new staff on local risks during induction', 'keeps the radio charged overnight'],
  'Reference/Monitoring and Evaluation Framework': ['checks that every indicator has a baseline', 'splits beneficiary data by sex and age', 'cleans survey data within a week of collection', 'runs a learning review after each phase', 'keeps the logframe in the shared drive', 'cross-checks reports with site visits', 'answers complaints within ten days', 'samples households at random for surveys', 'trains enumerators before each survey', 'stores consent forms with the survey data'],
  'Reference/Solar Pump Sizing Notes': ['estimates daily water demand from the population served', 'measures the static water level before choosing the pump', 'adds friction losses in the rising main', 'checks the pump curve at the design head', 'tilts the modules to suit the latitude', 'chooses cable sizes for a voltage drop under three percent', 'shades the controller from direct sun', 'installs float switches in the storage tank', 'earths the module frames and the controller', 'fences the modules against livestock', 'records daily output from the controller display'],
  'Reference/Employee Handbook': ['keeps the core hours from nine to four', 'completes a probation review after three months', 'pays salaries on the twenty-fifth of each month', 'holds an appraisal with each staff member once a year', 'approves training requests within the budget', 'signs the code of conduct on the first day', 'handles grievances confidentially', 'records sick days in the HR system', 'applies parental leave as set out in local law', 'reimburses approved medical costs under the insurance scheme'],
  'Reference/Emergency Response Plan': ['activates the response when a trigger is met', 'completes a rapid needs assessment within three days', 'coordinates with the WASH cluster', 'arranges water trucking to affected villages', 'distributes household water treatment tablets', 'sets up handwashing points at health facilities', 'keeps a contingency stock of jerrycans', 'shares a daily situation report', 'agrees a clear exit from the response', 'reviews lessons learned after each response'],
  'Reference/Vehicle and Fleet Policy': ['fills in the trip log for every journey', 'checks tyres, oil and coolant before departure', 'services each vehicle every 5,000 km', 'keeps fuel cards locked away', 'reports accidents to the police and the insurer', 'forbids private use without written approval', 'makes helmets compulsory on motorbikes', 'logs fuel consumption per vehicle each month', 'keeps the spare wheel and jack in every car', 'sells old vehicles by sealed bid'],
  'Reference/Communications and Visibility Guide': ['asks consent before taking anyone’s photo', 'tells stories in people’s own words', 'avoids pictures that show suffering for effect', 'credits the photographer', 'checks facts with the project team before publishing', 'answers comments on social media within a day', 'refers journalists to the programme director', 'translates key messages into local languages', 'mentions donors as agreed in each grant', 'keeps a library of approved photos'],
  'Reference/Mwongozo wa Mafunzo ya Kamati za Maji': ['hufundisha jinsi ya kutunza daftari la mapato na matumizi', 'hueleza majukumu ya mwenyekiti, katibu na mweka hazina', 'hufanya zoezi la kutatua migogoro ya maji', 'hukagua usafi wa eneo la kituo cha maji', 'hufundisha jinsi ya kubadilisha washa na vipuri vidogo', 'huandaa mpango wa matengenezo wa mwaka', 'huhamasisha jamii kulipia huduma ya maji', 'huitisha mkutano wa hadhara kila robo mwaka', 'huonyesha jinsi ya kuweka kumbukumbu za vikao', 'hujadili jinsi ya kulinda chanzo cha maji dhidi ya mifugo'],
  'Reference/Förderrichtlinien Stiftung Quellwasser': ['reicht den Antrag über das Online-Portal ein', 'legt einen detaillierten Finanzplan vor', 'benennt eine verantwortliche Kontaktperson', 'ruft Mittel höchstens für drei Monate im Voraus ab', 'holt bei Aufträgen über 5.000 EUR drei Angebote ein', 'legt jährlich einen Sachbericht vor', 'gewährt der Stiftung Einsicht in alle Bücher', 'verwendet das Logo der Stiftung nur nach Freigabe', 'meldet Interessenkonflikte umgehend', 'verpflichtet sich zur Einhaltung von Schutzstandards'],
  'Reference/Manuel du conseil': ['examine le rapport du comité d’audit', 'nomme la direction générale', 'fixe la stratégie pluriannuelle', 'approuve la politique de protection de l’enfance', 'évalue chaque année son propre fonctionnement', 'reçoit un rapport trimestriel sur les risques', 'valide les comptes révisés', 'approuve les engagements qui dépassent le budget', 'désigne un membre chargé de la protection', 'accueille les nouveaux membres par une journée d’introduction'],
  'Reference/ملاحظات تصميم الحفائر': ['يُختار موقع الحفير في منخفض طبيعي تتجمع فيه مياه الجريان.', 'تُحسب مساحة مستجمع الأمطار من الخرائط الطبوغرافية.', 'تُدك جسور الحفير على طبقات سمكها عشرون سنتيمتراً.', 'تُزرع الحشائش على الجسور لمنع التعرية.', 'يُبنى حوض سقي الماشية على بعد خمسين متراً من الحفير.', 'تُركّب مضخة يدوية لسحب مياه الشرب من بئر ترشيح جانبية.', 'يُحاط الحفير بسياج من الشوك أو السلك.', 'تُقاس كمية الترسبات بعد كل موسم باستخدام أوتاد مدرجة.', 'تتولى لجنة المياه فتح وإغلاق بوابة قناة التغذية.', 'تُراعى مسارات الرعاة عند تحديد مواقع الأحواض.'],
  'Reference/さくら水基金 報告書作成ガイドライン': ['事業計画を変更する場合は、事前に変更承認申請書を提出してください。', '領収書は原本を保管し、写しを報告書に添付してください。', '現地通貨建ての支出は月平均レートで円換算してください。', '五十万円以上の物品調達には三者見積もりが必要です。', '広報物には基金のロゴを掲載してください。', '成果指標の達成状況を表形式でまとめてください。', '受益者数は男女別に記載してください。', '事業の写真は十枚程度添付してください。', '監査法人による監査報告書を添付してください。', '事業の遅延が見込まれる場合は、その理由と対応策を記載してください。'],
};

export function generateHeldout5(seed = 515151): Heldout5 {
  const r = mulberry(seed);
  const pages: Record<string, string> = {};
  /** title + aliases of every page, for the paraphrase check. */
  const names: Record<string, string[]> = {};

  /** A page: frontmatter, an H1 title, the hand-written body, then `pad` paragraphs of filler in `lang`. */
  const add = (path: string, meta: Meta, body: string, lang: Lang, pad = 1, pool?: readonly string[]): void => {
    const title = path.split('/').pop()!;
    const key = `${path}.md`;
    if (pages[key]) throw new Error(`heldout5: page ${key} written twice`);
    const used = new Set<string>();
    const filler = Array.from({ length: pad }, () => paragraph(r, lang, 3 + Math.floor(r() * 3), used, undefined, pool));
    const render = () => `${frontmatter(meta)}# ${title}\n\n${body.trim()}\n${filler.length ? `\n${filler.join('\n\n')}\n` : ''}`;
    // A short page gets one more paragraph until it is a realistic note (at least 700 bytes).
    while (pad > 0 && Buffer.byteLength(render()) < 700) filler.push(paragraph(r, lang, 3, used, undefined, pool));
    pages[key] = render();
    names[key] = [title, ...(meta.aliases ?? [])];
  };

  /**
   * A long reference page: `intro`, then sections of filler (mostly the page's own TOPICS) under the
   * given headings until about `target` words (or `maxBytes`), then the buried `late` section, then a
   * short closing section.
   */
  const addLong = (path: string, meta: Meta, lang: Lang, intro: string, headings: string[], late: string, closing: string, target: number, maxBytes = 14_600): void => {
    const topic = TOPICS[path];
    if (!topic) throw new Error(`heldout5: no topic phrases for ${path}`);
    const used = new Set<string>();
    const parts: string[] = [intro.trim()];
    const rounds = ['', ': in practice', ': common mistakes', ': examples from the field', ': checklist'];
    let i = 0;
    const size = () => Buffer.byteLength(parts.join('\n\n')) + Buffer.byteLength(late) + Buffer.byteLength(closing) + 400;
    while (words(parts.join(' ')) < target && size() < maxBytes - 900) {
      const h = headings[i % headings.length]!;
      const round = Math.floor(i / headings.length);
      const heading = round === 0 ? h : lang === 'en' ? `${h}${rounds[round % rounds.length]}` : `${h} (${round + 1})`;
      parts.push(`## ${heading}\n\n${paragraph(r, lang, 5, used, topic)}\n\n${paragraph(r, lang, 4, used, topic)}`);
      i++;
    }
    parts.push(late.trim(), closing.trim());
    add(path, meta, parts.join('\n\n'), lang, 0);
  };

  // --------------------------------------------------------------------------------------------------
  // Home
  add('Home', { tags: ['index'] }, `
Working vault of Wanjiru Kamau, programme director at **Kisima Water Trust** (Nairobi office; association registered in Geneva).

- Projects: [[Projects/Kisumu Rainwater Harvesting]], [[Projects/Arusha School WASH]], [[Projects/Lake Tana Spring Protection]], [[Projects/Sylhet Arsenic Filters]], [[Projects/Bundelkhand Check Dams]], [[Projects/Kassala Hafir Rehabilitation]], [[Projects/Turkana Solar Pumping Pilot]], [[Projects/Dira Water Point Mapping]]
- Policies live in Policies/, manuals in Reference/, minutes in Meetings/, daily notes in Daily/.
- Personal stuff is in Personal/ — keep it out of donor exports!

#index #kisima`, 'en', 1);

  // --------------------------------------------------------------------------------------------------
  // Projects (each names its lead, funder and partners; the other side does not name the project)
  add('Projects/Kisumu Rainwater Harvesting', { aliases: ['Mvua', 'KRH'], tags: ['project', 'kenya'], id: 'KWT-KE-014', status: 'active' }, `
**Project ID:** KWT-KE-014 · **Country:** Kenya (Kisumu County) · **Start:** February 2025 · **End:** January 2027
**Lead:** [[People/Achieng Otieno]] · **Funder:** [[Funders/Stiftung Quellwasser]] · **Budget:** EUR 184,000

## Scope
Thirty-six ferrocement tanks of 10,000 litres each, with gutters and first-flush diverters, at health centres and primary schools in Nyalenda, Kolwa and Seme. The internal nickname is "Mvua" (Swahili for rain), which is also what the field team writes on the tank plaques.

## Approach
- Schools contribute sand and unskilled labour; we pay the masons.
- Each tank gets a tap stand and a lockable valve box; the head teacher holds the key.
- Water committees are trained with [[Reference/Mwongozo wa Mafunzo ya Kamati za Maji|the Swahili committee curriculum]].

## Links
Progress: [[Reports/Q1 2025 Kisumu Progress Report]]. Steering committee minutes are in Meetings/.

#kenya #rainwater`, 'en', 2);

  add('Projects/Arusha School WASH', { aliases: ['Baobab WASH', 'Mradi wa Shule Arusha'], tags: ['project', 'tanzania'], id: 'KWT-TZ-007', status: 'active' }, `
**Nambari ya mradi:** KWT-TZ-007 · **Nchi:** Tanzania (Arusha, Meru) · **Kiongozi:** [[People/Baraka Mollel]] · **Mfadhili:** [[Funders/Hartley Trust]]

## Lengo
Kuboresha huduma za maji, usafi wa mazingira na usafi binafsi katika shule kumi na mbili, kuanzia **Shule ya Msingi Baobab** (Baobab Primary School) huko Ngaramtoni. Kila shule inapata vituo vya kunawa mikono, vyoo vilivyotenganishwa kwa wavulana na wasichana, na chumba maalum cha hedhi salama kwa wasichana.

## Shughuli
- Ujenzi wa matanki ya lita 5,000 na mabomba ya kunawa mikono.
- Klabu za afya shuleni (school health clubs) zinazoongozwa na wanafunzi.
- Utafiti wa hedhi salama: [[Reports/Arusha Menstrual Hygiene Survey]].

Makabidhiano ya shule ya kwanza yalifanyika Julai 2025. #tanzania #shule`, 'sw', 2);

  add('Projects/Lake Tana Spring Protection', { aliases: ['ጣና ምንጭ ጥበቃ', 'Tana springs'], tags: ['project', 'ethiopia'], id: 'KWT-ET-021', status: 'active' }, `
**የፕሮጀክት ቁጥር:** KWT-ET-021 · **አገር:** ኢትዮጵያ፣ አማራ ክልል (ባሕር ዳር ዙሪያ እና ደራ ወረዳዎች)
**የፕሮጀክት መሪ:** [[People/ሰላማዊት ተስፋዬ]] · **ሃይድሮጂኦሎጂስት:** [[People/ዮሐንስ በቀለ]] · **ለጋሽ:** [[Funders/Sakura Water Fund]]

## ዓላማ
በጣና ሐይቅ ዙሪያ ያሉ **54 ምንጮችን** በኮንክሪት የምንጭ ሳጥን መከለል እና ከእንስሳት መጠበቅ። እያንዳንዱ ምንጭ የውሃ ኮሚቴ እና የጥገና ፈንድ ይኖረዋል።

## ዋና ዋና ሥራዎች
- የምንጭ ሳጥን ግንባታ እና የቧንቧ መስመር
- በምንጩ ዙሪያ አጥር እና የጎርፍ መከላከያ ቦይ
- የውሃ ጥራት ምርመራ፤ ውጤቶቹ በ [[Reports/Lake Tana Spring Water Quality 2025]] ውስጥ ይገኛሉ

የጥገና ዝርዝር፡ [[Reference/Borehole Drilling Standard Operating Procedure#Disinfection]] ን ይመልከቱ። #ethiopia`, 'am', 2);

  add('Projects/Sylhet Arsenic Filters', { aliases: ['সিলেট আর্সেনিক প্রকল্প', 'SAF'], tags: ['project', 'bangladesh'], id: 'KWT-BD-003', status: 'active' }, `
**প্রকল্প নম্বর:** KWT-BD-003 · **দেশ:** বাংলাদেশ (সিলেট ও মৌলভীবাজার) · **প্রকল্প প্রধান:** [[People/রহিমা খাতুন]] · **ল্যাব:** [[People/সাকিব হাসান]] · **দাতা:** [[Funders/Hartley Trust]]

## উদ্দেশ্য
যেসব পরিবারের নলকূপের পানিতে আর্সেনিক বেশি, সেখানে **১,২০০টি** লোহা-ভিত্তিক গৃহস্থালি আর্সেনিক ফিল্টার বিতরণ ও রক্ষণাবেক্ষণ। প্রতিটি নলকূপ পরীক্ষা করে লাল বা সবুজ রং দিয়ে চিহ্নিত করা হয়।

## কার্যক্রম
- নলকূপ পরীক্ষা (ফিল্ড কিট ও ল্যাব যাচাই) — বেসলাইন: [[Reports/Sylhet Baseline Survey]]
- ফিল্টার বিতরণ ও ব্যবহার প্রশিক্ষণ
- প্রতি তিন মাসে ফিল্টার মিডিয়া পরিবর্তন

#bangladesh #arsenic`, 'bn', 2);

  add('Projects/Bundelkhand Check Dams', { aliases: ['बुंदेलखंड जल संरक्षण'], tags: ['project', 'india'], id: 'KWT-IN-011', status: 'active' }, `
**परियोजना संख्या:** KWT-IN-011 · **देश:** भारत (उत्तर प्रदेश, महोबा ज़िला) · **परियोजना प्रमुख:** [[People/सुनीता यादव]] · **साइट इंजीनियर:** [[People/अरविंद मिश्रा]]
**दाता:** [[Funders/Stiftung Quellwasser]] · **स्थानीय साझेदार:** [[Partners/Jal Saheli Sangathan]]

## उद्देश्य
मौसमी नालों पर **18 चेक डैम** बनाना और पुराने तालाबों की गाद निकालना, ताकि गर्मियों में कुओं का जलस्तर बना रहे।

## गतिविधियाँ
- पत्थर और सीमेंट के चेक डैम, हर एक पर ग्राम जल समिति
- जल सहेलियों के साथ भूजल स्तर की मासिक माप
- मानसून से पहले और बाद की समीक्षा (Meetings फ़ोल्डर देखें)

#india #checkdam`, 'hi', 2);

  add('Projects/Kassala Hafir Rehabilitation', { aliases: ['إعادة تأهيل الحفائر في كسلا'], tags: ['project', 'sudan'], id: 'KWT-SD-005', status: 'active' }, `
**رقم المشروع:** KWT-SD-005 · **البلد:** السودان (ولاية كسلا، محلية ود الحليو) · **قائدة المشروع:** [[People/عائشة الطيب]] · **الجهة المانحة:** [[Funders/Al-Nada Development Fund]]

## الهدف
إعادة تأهيل **تسعة حفائر** لتخزين مياه الأمطار للرعاة والمزارعين، مع إنشاء مصائد للطمي وأحواض لسقي الماشية بعيداً عن مياه الشرب.

## الأنشطة
- إزالة الطمي بالآليات والنفير المجتمعي
- تدريب لجان المياه على الصيانة وتحصيل الرسوم
- التصميم الفني في [[Reference/ملاحظات تصميم الحفائر]]

#sudan #hafir`, 'ar', 2);

  add('Projects/Turkana Solar Pumping Pilot', { aliases: ['Heliotrope'], tags: ['project', 'kenya', 'solar'], id: 'KWT-KE-019', status: 'active' }, `
**Project ID:** KWT-KE-019 · **Country:** Kenya (Turkana County, around Lodwar and Kakuma) · **Codename:** Heliotrope
**Lead:** [[People/Daniel Kiprop]] · **Funder:** [[Funders/Sakura Water Fund]] · **Pump supplier:** [[Partners/深圳阳泉泵业]]

## Scope
Six community boreholes that run on diesel generators are converted to solar pumping: submersible pumps with variable-frequency controllers, ground-mounted arrays, and an elevated 20 m³ tank at each site. The diesel sets stay as backup for the first year.

## Why
Fuel runs out, generators get stolen, and committees cannot collect enough to buy diesel. See the numbers in [[Reports/Turkana Diesel vs Solar Cost Comparison]] and the design rules in [[Reference/Solar Pump Sizing Notes]].

![[Reports/Turkana Diesel vs Solar Cost Comparison#Summary]]

#solar #kenya`, 'en', 2);

  add('Projects/Dira Water Point Mapping', { aliases: ['Dira', 'Dira app'], tags: ['project', 'tech'], id: 'KWT-GL-002', status: 'active' }, `
**ID :** KWT-GL-002 · **Responsable :** [[People/Lucie Morel]] · **Bailleur :** [[Funders/Fondation Lémanique pour l'Eau]]

## Objectif
Une application Android, utilisable hors ligne, pour recenser chaque point d'eau (forage, source, réservoir, borne-fontaine) de nos projets et signaler les pannes. Les comités de l'eau envoient un rapport par SMS quand il n'y a pas de données mobiles.

## Fonctionnalités
- Synchronisation hors ligne (offline sync) avec résolution des conflits
- Photos géolocalisées et formulaire de panne en swahili, amharique, hindi, bengali et arabe
- Tableau de bord pour les bailleurs

Le nom « Dira » signifie « boussole » en swahili. #tech #dira`, 'fr', 2);

  // --------------------------------------------------------------------------------------------------
  // People (no page names the projects it works on)
  add('People/Wanjiru Kamau', { tags: ['person', 'staff'] }, `
Programme director, Kisima Water Trust, Nairobi. That's me. Phone +254 722 410 386.
Reports to the board; line-manages the country coordinators and the engineers.`, 'en', 2);
  add('People/Achieng Otieno', { tags: ['person', 'staff'] }, `
Senior project manager, based in Kisumu. Civil engineer by training (JKUAT, 2011); previously with the county water department for six years.
- Phone: +254 733 918 204
- Speaks Dholuo, Swahili, English
- Prefers calls before 9 a.m.`, 'en', 2);
  add('People/Baraka Mollel', { tags: ['person', 'staff'] }, `
Mratibu wa programu, Arusha, Tanzania. Mhandisi wa maji na usafi wa mazingira; ana uzoefu wa miaka minane na shule za vijijini.
- Simu: +255 754 300 118
- Lugha: Kimaasai, Kiswahili, Kiingereza`, 'sw', 2);
  add('People/Daniel Kiprop', { tags: ['person', 'staff'] }, `
WASH engineer (solar and borehole systems), based in Lodwar. Certified solar PV installer; joined in 2022 from a drilling company in Eldoret.
- Phone: +254 711 602 957
- Speaks Kalenjin, Swahili, English, some Turkana`, 'en', 2);
  add('People/ሰላማዊት ተስፋዬ', { tags: ['person', 'staff'] }, `
የኢትዮጵያ ሀገር አስተባባሪ፣ በባሕር ዳር ትሠራለች። በውሃ ሀብት ምህንድስና ከባሕር ዳር ዩኒቨርሲቲ ማስተርስ አላት።
- ስልክ: +251 911 245 870
- ቋንቋዎች: አማርኛ፣ እንግሊዝኛ`, 'am', 2);
  add('People/ዮሐንስ በቀለ', { tags: ['person', 'consultant'] }, `
ሃይድሮጂኦሎጂስት (አማካሪ)፣ አዲስ አበባ። የምንጭ ጥናት እና የከርሰ ምድር ውሃ ካርታ ሥራ ልምድ አለው።
- ስልክ: +251 922 517 093
- ቋንቋዎች: አማርኛ፣ አፋን ኦሮሞ፣ እንግሊዝኛ`, 'am', 2);
  add('People/রহিমা খাতুন', { tags: ['person', 'staff'] }, `
বাংলাদেশ কান্ট্রি কোঅর্ডিনেটর, সিলেট অফিস। জনস্বাস্থ্য বিষয়ে স্নাতকোত্তর; আগে একটি এনজিওতে স্যানিটেশন কর্মসূচিতে কাজ করেছেন।
- ফোন: +880 1711 402 659
- ভাষা: বাংলা, সিলেটি, ইংরেজি`, 'bn', 2);
  add('People/সাকিব হাসান', { tags: ['person', 'staff'] }, `
ল্যাব টেকনিশিয়ান, সিলেট। পানির গুণমান পরীক্ষা, ফিল্ড কিট ক্যালিব্রেশন এবং নমুনা সংরক্ষণের দায়িত্বে।
- ফোন: +880 1819 227 340`, 'bn', 2);
  add('People/सुनीता यादव', { tags: ['person', 'staff'] }, `
भारत कार्यक्रम समन्वयक, महोबा (उत्तर प्रदेश)। जल संरक्षण और महिला स्वयं सहायता समूहों के साथ पंद्रह वर्षों का अनुभव।
- फ़ोन: +91 94150 27318
- भाषाएँ: हिंदी, बुंदेली, अंग्रेज़ी`, 'hi', 2);
  add('People/अरविंद मिश्रा', { tags: ['person', 'staff'] }, `
सिविल इंजीनियर, झाँसी। चेक डैम और तालाबों के डिज़ाइन, माप-जोख और निर्माण की निगरानी करते हैं।
- फ़ोन: +91 98390 61452`, 'hi', 2);
  add('People/عائشة الطيب', { tags: ['person', 'staff'] }, `
منسقة البرامج في السودان. كانت تعمل من مكتب الخرطوم، وانتقلت في عام 2023 بسبب الحرب إلى **بورتسودان**، ومنها تتابع العمل في كسلا.
- الهاتف: +249 912 330 417
- اللغات: العربية، البجاوية، الإنجليزية`, 'ar', 2);
  add('People/陈立华', { tags: ['person', 'supplier'] }, `
深圳阳泉泵业外贸部经理，负责非洲市场。
- 电话/微信：+86 138 2651 7740
- 邮箱：chen.lihua@yangquan-pumps.cn
- 英语流利，回复一般在北京时间下午。`, 'zh', 2);
  add('People/佐藤美咲', { tags: ['person', 'donor'] }, `
プログラムオフィサー。東京事務所勤務。東アフリカの水・衛生分野を担当。
- 電話：+81 3 5412 8870
- メール：m.sato@sakura-mizu.or.jp
- 英語可。会議は日本時間の夕方が望ましい。`, 'ja', 2);
  add('People/Helga Brandt', { tags: ['person', 'donor'] }, `
Programmreferentin, Hamburg. Zuständig für Wasser- und Sanitärprojekte in Afrika und Südasien.
- Telefon: +49 40 3861 2290
- E-Mail: h.brandt@quellwasser-stiftung.de`, 'de', 2);
  add('People/Claire Dufour', { tags: ['person', 'board'] }, `
Présidente du conseil de l'association depuis 2021. Ancienne ingénieure hydraulique, vit à Carouge (Genève).
- Téléphone : +41 22 342 18 07`, 'fr', 2);
  add('People/Imogen Hartley', { tags: ['person', 'donor'] }, `
Trustee and grants lead of a family trust in Bristol. Visited Arusha in 2024. Likes short, numbers-first updates.
- imogen@hartleytrust.org.uk`, 'en', 2);
  add('People/خالد المنصوري', { tags: ['person', 'donor'] }, `
مسؤول البرامج، أبوظبي. يتابع مشاريع المياه في القرن الأفريقي.
- البريد: k.almansoori@alnada-fund.ae`, 'ar', 2);
  add('People/Lucie Morel', { tags: ['person', 'staff'] }, `
Développeuse Android et cheffe de produit, Genève (temps partiel, 60 %). Ancienne de l'EPFL.
- lucie.morel@kisima-water.org`, 'fr', 2);
  add('People/Grace Wambui', { tags: ['person', 'staff'] }, `
Finance manager, Nairobi. CPA(K). Prepares donor financial reports and runs the monthly close.
- Phone: +254 720 557 913`, 'en', 2);
  add('People/Peter Njoroge', { tags: ['person', 'staff'] }, `
Logistics and procurement officer, Nairobi. Handles tenders, customs clearance at Mombasa and the vehicle fleet.
- Phone: +254 701 338 460`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Funders and partners (a funder page names its officer, never the projects)
  add('Funders/Stiftung Quellwasser', { aliases: ['Quellwasser-Stiftung'], tags: ['funder', 'germany'] }, `
Gemeinnützige Stiftung mit Sitz in Hamburg, gegründet 1998. Fördert Trinkwasser- und Sanitärvorhaben in Afrika und Südasien mit Zuschüssen zwischen 50.000 und 250.000 EUR.

**Ansprechpartnerin:** [[People/Helga Brandt]] (Programmreferentin)
**Richtlinien:** [[Reference/Förderrichtlinien Stiftung Quellwasser]]

Anträge werden zweimal jährlich (März und September) vom Kuratorium entschieden.`, 'de', 2);
  add('Funders/Sakura Water Fund', { aliases: ['さくら水基金'], tags: ['funder', 'japan'] }, `
さくら水基金は東京に本部を置く公益財団法人で、アフリカとアジアの給水・衛生事業に助成しています。

**担当プログラムオフィサー:** [[People/佐藤美咲]]
**報告ガイドライン:** [[Reference/さくら水基金 報告書作成ガイドライン]]

助成期間は原則として三年以内です。`, 'ja', 2);
  add('Funders/Hartley Trust', { tags: ['funder', 'uk'] }, `
Family charitable trust based in **Bristol**, UK. Funds school water, sanitation and girls' education; grants of GBP 40,000–120,000 over two years.

**Contact:** [[People/Imogen Hartley]] (trustee, grants lead)
Reporting: a six-monthly narrative of no more than four pages plus a financial summary.`, 'en', 2);
  add('Funders/Al-Nada Development Fund', { aliases: ['صندوق الندى للتنمية'], tags: ['funder', 'uae'] }, `
صندوق الندى للتنمية مؤسسة خيرية مقرها **أبوظبي**، تمول مشاريع المياه في المناطق الجافة في أفريقيا.

**مسؤول البرامج:** [[People/خالد المنصوري]]

تُقدّم التقارير باللغة العربية أو الإنجليزية كل ستة أشهر.`, 'ar', 2);
  add("Funders/Fondation Lémanique pour l'Eau", { tags: ['funder', 'switzerland'] }, `
Fondation privée basée à Lausanne qui soutient l'innovation numérique dans le secteur de l'eau (applications, capteurs, données ouvertes).

**Contact :** Marc-Antoine Rochat, chargé de programme.
Les rapports sont annuels ; la fondation demande que le code soit publié sous licence libre.`, 'fr', 2);

  add('Partners/深圳阳泉泵业', { aliases: ['Shenzhen Yangquan Pump Co.', 'Yangquan Pumps'], tags: ['partner', 'supplier', 'china'] }, `
深圳阳泉泵业有限公司，成立于2006年，生产太阳能深井泵和变频控制器，出口非洲三十多个国家。

**联系人：** [[People/陈立华]]
**地址：** 广东省深圳市宝安区石岩街道
**产品：** 4寸和6寸不锈钢潜水泵，功率1.1–7.5千瓦`, 'zh', 2);
  add('Partners/Jal Saheli Sangathan', { aliases: ['जल सहेली संगठन'], tags: ['partner', 'india'] }, `
जल सहेली संगठन बुंदेलखंड की महिलाओं का एक संगठन है जो गाँवों में पानी के स्रोतों की देखभाल करता है।

**संपर्क:** कमला देवी (अध्यक्ष), फ़ोन +91 94536 10285
**कार्य क्षेत्र:** महोबा, हमीरपुर, बाँदा`, 'hi', 2);
  add('Partners/Kisima Drilling Ltd', { tags: ['partner', 'contractor', 'kenya'] }, `
Drilling contractor in Nakuru (no relation to us despite the name — people mix the two up all the time). Rig: Atlas Copco T3W, capacity to 300 m.

- Contact: Joseph Mutua, +254 722 805 114
- Framework contract 2024–2026, rates per metre in the annex
- **Invoice dispute (May 2025):** they billed 180 m at Kakuma site 3 when the log shows 142 m. Withheld payment on the difference until the driller's log and the supervisor's log are reconciled.`, 'en', 2);
  add('Partners/Sylhet Water Testing Laboratory', { tags: ['partner', 'lab', 'bangladesh'] }, `
Accredited private laboratory in Sylhet that confirms our field-kit arsenic readings by AAS. Turnaround ten working days; BDT 1,800 per sample.`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Policies (with superseded versions)
  add('Policies/Safeguarding Policy 2024', { aliases: ['PSEA policy'], tags: ['policy', 'current'], adopted: '2024-09-10' }, `
**Status:** in force since 10 September 2024; replaces [[Policies/Safeguarding Policy 2021]].

## Principles
Every staff member, volunteer, consultant and contractor must protect children and adults at risk from sexual exploitation, abuse and harassment. Zero tolerance; report within 24 hours.

## Reporting
Concerns go to the safeguarding focal point of the country office or directly to the board's safeguarding trustee. An anonymous line is run by an external provider since 2024.

## What changed from 2021
Contractors and drivers now sign the code of conduct; photography of children needs written parental consent.`, 'en', 2);
  add('Policies/Safeguarding Policy 2021', { tags: ['policy', 'superseded'], adopted: '2021-03-02' }, `
> [!warning] Superseded on 10 September 2024 by [[Policies/Safeguarding Policy 2024]].

## Principles
Staff and volunteers must protect children from abuse. Report concerns within 48 hours to the programme director.

## Scope
Applied to employees and volunteers; contractors were not covered.`, 'en', 2);
  add('Policies/Per Diem Rates 2025', { aliases: ['Daily subsistence allowance 2025'], tags: ['policy', 'finance', 'current'] }, `
Adopted by the board on 10 June 2025, valid from 1 July 2025. Amounts per night away, covering meals and incidentals; accommodation is paid at cost up to the cap.

| Country | Meals & incidentals | Accommodation cap |
|---|---|---|
| Kenya | KES 4,500 | KES 9,000 |
| Tanzania | TZS 90,000 | TZS 150,000 |
| Ethiopia | ETB 3,200 | ETB 6,500 |
| Sudan | USD 45 | USD 90 |
| India | INR 2,400 | INR 4,500 |
| Bangladesh | BDT 3,500 | BDT 6,000 |

Volunteers receive the same meals rate. Replaces [[Policies/Per Diem Rates 2023]].`, 'en', 1);
  add('Policies/Per Diem Rates 2023', { tags: ['policy', 'finance', 'superseded'] }, `
> [!warning] Superseded from 1 July 2025 by [[Policies/Per Diem Rates 2025]].

| Country | Meals & incidentals | Accommodation cap |
|---|---|---|
| Kenya | KES 3,500 | KES 7,000 |
| Tanzania | TZS 70,000 | TZS 120,000 |
| Ethiopia | ETB 1,800 | ETB 4,000 |
| Sudan | USD 40 | USD 80 |
| India | INR 1,900 | INR 3,800 |
| Bangladesh | BDT 2,800 | BDT 5,000 |`, 'en', 1);
  add('Policies/Procurement Policy', { tags: ['policy', 'finance'] }, `
Short policy statement; the detailed rules are in [[Reference/Procurement Manual]].
We buy what is fit for purpose at the best value, from suppliers without conflicts of interest, with competition proportionate to the amount. Every purchase has a purchase order and a delivery note.`, 'en', 2);
  add('Policies/Politique de protection des données', { aliases: ['Data protection policy'], tags: ['policy', 'privacy'] }, `
L'association traite les données personnelles des bénéficiaires, du personnel et des donateurs conformément à la loi fédérale suisse sur la protection des données (nLPD).

## Principes
- Minimisation : l'application [[Projects/Dira Water Point Mapping|Dira]] ne collecte pas de noms de ménages.
- Les photos d'enfants ne sont publiées qu'avec un consentement écrit.
- Les données sont hébergées en Suisse ; durée de conservation de cinq ans.`, 'fr', 2);

  // --------------------------------------------------------------------------------------------------
  // Long reference pages, facts buried late
  addLong('Reference/Borehole Drilling Standard Operating Procedure', { aliases: ['Drilling SOP'], tags: ['reference', 'engineering'] }, 'en', `
This procedure applies to every borehole drilled for or by Kisima Water Trust, whether by our contractors or by a government rig under a cost-sharing agreement. It is written for site supervisors and engineers.`,
    ['Siting and permits', 'Mobilisation', 'Drilling records', 'Casing and screens', 'Gravel pack and sanitary seal', 'Development', 'Site supervision', 'Handover'],
    `## Pumping test

A constant-rate test of at least **24 hours** is followed by a recovery test until the water level is back within 95% of the rest level. The safe yield is set at 70% of the tested yield.

## Disinfection

After the pump is installed, the borehole is disinfected with a chlorine solution giving **50 mg/L free chlorine** in the water column, left for a contact time of **24 hours**, and then pumped to waste until the residual is below 0.5 mg/L. A sample for bacteriological analysis is taken only after that.`,
    `## Records
Drilling logs, test data and water quality results go to the county water office within one month.`, 2300);

  addLong('Reference/Water Quality Testing Manual', { tags: ['reference', 'water-quality'] }, 'en', `
How we sample and test drinking water at our sites: what to test, how often, which kits, and what to do with a bad result.`,
    ['Sampling', 'Chain of custody', 'Microbiology', 'Turbidity and pH', 'Fluoride', 'Nitrate', 'Record keeping', 'Field safety'],
    `## Arsenic

The Bangladesh national standard is **50 µg/L**; the WHO guideline value is 10 µg/L. Our internal **action threshold is 10 µg/L**: any tubewell at or above it is painted red and the household is offered a filter. Readings between 40 and 60 µg/L are confirmed by the laboratory.

## Calibration

Field test kits are **recalibrated every 90 days** against reference standards, and after any drop or exposure to heat above 40 °C. The calibration sheet is signed by the lab technician.`,
    `## Reporting
Results are entered in the shared sheet on the day of the test.`, 2250);

  addLong('Reference/Procurement Manual', { tags: ['reference', 'finance'] }, 'en', `
The detailed procurement rules that sit under the [[Policies/Procurement Policy]]. They apply to all funds, unless a donor's rules are stricter.`,
    ['Planning', 'Specifications', 'Requests for quotation', 'Evaluation committees', 'Contracts', 'Receiving goods', 'Payments', 'Conflicts of interest'],
    `## Thresholds

- Up to USD 1,000: one quote, approved by the budget holder.
- USD 1,000–25,000: three written quotes and a comparison sheet.
- Above **USD 25,000**: an **open tender**, advertised for at least **14 days** in a national newspaper and on our website, evaluated by a committee of three.

Single-source purchases above USD 5,000 need the programme director's written waiver.`,
    `## Archive
Procurement files are kept for ten years.`, 2200);

  addLong('Reference/Staff Security Handbook', { tags: ['reference', 'security'] }, 'en', `
Security rules for staff and visitors travelling to our project areas. Country annexes add local rules; where they differ, the stricter rule applies.`,
    ['Risk levels', 'Travel authorisation', 'Vehicles and drivers', 'Accommodation', 'Communications', 'Incidents', 'Medical emergencies', 'Hibernation'],
    `## Sudan annex

Field travel in Kassala State needs the country coordinator's written authorisation the day before. Teams **check in by satellite phone every 4 hours** while on the road and on arrival. No travel after 17:00. The **evacuation code word is "tamarind"**; on hearing it, staff go to the agreed assembly point and wait for the convoy.`,
    `## Review
This handbook is reviewed every year in January.`, 2200);

  addLong('Reference/Monitoring and Evaluation Framework', { aliases: ['M&E framework'], tags: ['reference', 'mel'] }, 'en', `
Indicators, data sources and the rhythm of monitoring for every project. Each project's logframe uses these definitions.`,
    ['Indicators', 'Baselines', 'Data collection', 'Data quality', 'Learning reviews', 'Feedback and complaints', 'Evaluations', 'Reporting to donors'],
    `## Functionality checks

Every water point gets spot checks at **6, 12 and 24 months** after handover. A water point counts as **functional** if it delivers at least **10 litres per minute on four of five visits** and the committee has held a meeting in the last three months.`,
    `## Changes
Changes to indicators need the programme director's approval.`, 2200);

  addLong('Reference/Solar Pump Sizing Notes', { tags: ['reference', 'engineering', 'solar'] }, 'en', `
Working notes for sizing solar pumping systems at community boreholes: water demand, total dynamic head, pump curves, array size, controllers and storage.`,
    ['Water demand', 'Total dynamic head', 'Pump selection', 'Controllers', 'Cabling', 'Mounting and fencing', 'Storage tanks', 'Hybrid operation'],
    `## Array oversizing

Size the array from the pump's rated input power at the design head, then multiply by an **oversizing factor of 1.3** for Turkana to cover dust, heat losses and module ageing (1.2 elsewhere). Panels are cleaned weekly by the operator.`,
    `## Spares
Keep one spare controller per three sites.`, 2250);

  addLong('Reference/Employee Handbook', { tags: ['reference', 'hr'] }, 'en', `
Terms of employment for all staff on Kenyan contracts and international staff; country offices have addenda for local law.`,
    ['Working hours', 'Probation', 'Pay and benefits', 'Performance reviews', 'Training', 'Code of conduct', 'Grievances', 'Sick leave'],
    `## Annual leave and home leave

Staff have **24 working days** of annual leave per year, plus public holidays of their duty station. Up to five days may be carried over to the next year. International staff get a **home-leave flight once every two years**, economy class.`,
    `## Leaving
Notice periods are in the contract.`, 2200);

  addLong('Reference/Emergency Response Plan', { tags: ['reference', 'emergency'] }, 'en', `
How we respond when a flood, drought or cholera outbreak hits one of our project areas.`,
    ['Triggers', 'Decision making', 'Rapid assessment', 'Water trucking', 'Chlorination', 'Coordination with clusters', 'Communications', 'Closing the response'],
    `## Reserve fund

The board keeps an emergency reserve of USD 60,000; the programme director may release up to USD 15,000 without a board vote.`,
    `## Review
The plan is tested with a desk exercise every year.`, 2100);

  addLong('Reference/Mwongozo wa Mafunzo ya Kamati za Maji', { aliases: ['Community Water Committee Training Curriculum'], tags: ['reference', 'training'] }, 'sw', `
Mwongozo huu unatumika kufundisha kamati za maji za vijiji na shule kuhusu uongozi, fedha, usafi na matengenezo ya miundombinu ya maji.`,
    ['Siku ya kwanza: Majukumu ya kamati', 'Siku ya pili: Fedha na kumbukumbu', 'Siku ya tatu: Usafi wa chanzo cha maji', 'Siku ya nne: Matengenezo', 'Ushirikishwaji wa jamii', 'Utatuzi wa migogoro'],
    `## Kanuni za kamati

Kamati iwe na wajumbe tisa, na angalau **asilimia 40 wawe wanawake**; mweka hazina awe mwanamke pale inapowezekana. Bei ya maji: **TSh 50 kwa ndoo ya lita 20**, au KSh 3 nchini Kenya. Mapato yawekwe benki au kwenye akaunti ya simu ya kikundi.`,
    `## Tathmini
Mwishoni mwa mafunzo kila mshiriki anajaza fomu ya tathmini.`, 2100);

  addLong('Reference/Förderrichtlinien Stiftung Quellwasser', { tags: ['reference', 'donor'] }, 'de', `
Diese Richtlinien gelten für alle Zuwendungen der Stiftung Quellwasser ab dem Förderjahr 2024.`,
    ['Fördergegenstand', 'Antragsverfahren', 'Bewilligung', 'Mittelabruf', 'Vergabe', 'Berichtswesen', 'Prüfungsrechte', 'Öffentlichkeitsarbeit'],
    `## Verwendungsnachweis und Umwidmungen

Der **Verwendungsnachweis** ist spätestens **sechs Monate nach Projektende** vorzulegen. Umwidmungen zwischen Budgetlinien sind bis **20 %** der jeweiligen Linie ohne Zustimmung zulässig; darüber hinaus ist die vorherige schriftliche Zustimmung der Stiftung erforderlich.`,
    `## Inkrafttreten
Diese Fassung tritt am 1. Januar 2024 in Kraft.`, 2050);

  addLong('Reference/Manuel du conseil', { aliases: ['Board handbook'], tags: ['reference', 'governance'] }, 'fr', `
Ce manuel rassemble les règles de fonctionnement du conseil de l'association Kisima Water Trust, inscrite au registre du commerce de Genève.`,
    ['Rôle du conseil', 'Composition', 'Convocation', 'Délibérations', 'Comités', 'Conflits d’intérêts', 'Rémunération', 'Relations avec la direction'],
    `## Quorum et mandats

Le conseil délibère valablement si **la moitié de ses membres plus un** sont présents. Les membres sont élus pour un **mandat de trois ans, renouvelable une fois**.`,
    `## Révision
Le manuel est révisé tous les trois ans.`, 2050, 15_300);

  addLong('Reference/Vehicle and Fleet Policy', { tags: ['reference', 'logistics'] }, 'en', `
Rules for the use, maintenance and safety of the Trust's vehicles and motorbikes.`,
    ['Authorised drivers', 'Trip logs', 'Fuel', 'Servicing', 'Accidents', 'Private use', 'Motorbikes', 'Disposal'],
    `## Speed limits

Our vehicles may not exceed 80 km/h on tarmac and 50 km/h on murram, whatever the legal limit.`,
    `## Review
Reviewed with the logistics team every two years.`, 2050);

  addLong('Reference/Communications and Visibility Guide', { tags: ['reference', 'communications'] }, 'en', `
How we talk about our work in public: stories, photos, social media, donor visibility and media requests.`,
    ['Voice and tone', 'Stories from communities', 'Photography', 'Social media', 'Media requests', 'Donor visibility', 'Translations', 'Crisis communications'],
    `## Logos

Our logo goes first on shared materials, then the donors' logos in the order of their contribution, each no larger than ours. Keep a clear space around the logo of at least the height of the letter K.`,
    `## Approval
Public materials are approved by the programme director.`, 2100);

  addLong('Reference/ملاحظات تصميم الحفائر', { aliases: ['Hafir design notes'], tags: ['reference', 'engineering'] }, 'ar', `
ملاحظات فنية لتصميم وإعادة تأهيل الحفائر في شرق السودان: اختيار الموقع، وحساب الجريان، ومصائد الطمي، وأحواض الماشية.`,
    ['اختيار الموقع', 'حساب الجريان السطحي', 'الحفر وتشكيل الجسور', 'قنوات التغذية', 'أحواض سقي الماشية', 'السياج والحماية'],
    `## السعة ومصيدة الطمي

تُصمم الحفائر في مشروع كسلا بسعة تخزينية قدرها **15,000 متر مكعب** لكل حفير، مع **مصيدة طمي** بعمق متر ونصف عند مدخل القناة تُنظف بعد كل موسم أمطار.`,
    `## ملاحظة
تُراجع هذه الملاحظات بعد كل موسم.`, 2000, 8_000);

  addLong('Reference/さくら水基金 報告書作成ガイドライン', { aliases: ['Sakura Water Fund reporting guidelines'], tags: ['reference', 'donor'] }, 'ja', `
本ガイドラインは、さくら水基金の助成事業における報告書の作成方法を定めるものです。`,
    ['総則', '事業計画の変更', '会計処理', '調達', '広報', '評価'],
    `## 中間報告と最終報告

**中間報告書は毎年9月末まで**に提出してください。最終報告書は事業終了後**三か月以内**に、監査済みの会計報告とともに提出してください。`,
    `## 附則
本ガイドラインは2024年4月1日から施行します。`, 2000, 8_000);

  // --------------------------------------------------------------------------------------------------
  // Reports
  add('Reports/Q1 2025 Kisumu Progress Report', { tags: ['report', 'kenya'] }, `
Quarterly report for [[Projects/Kisumu Rainwater Harvesting|Mvua]], January–March 2025.

## Progress
- 9 of 36 tanks built; 4 handed over.
- Committees trained at 6 schools.

## Issues
The tank at **Nyalenda health centre cracked** during curing on 11–12 March (too little water on the plaster in the heat). It was emptied, the crack cut out and re-plastered; it was refilled at the start of April. Masons retrained on curing.`, 'en', 2);
  add('Reports/Arusha Menstrual Hygiene Survey', { tags: ['report', 'tanzania'] }, `
Utafiti uliofanyika Mei 2025 katika shule 12 kwa wasichana 640 wa darasa la tano hadi la saba.

## Matokeo makuu
- **Asilimia 38** ya wasichana walisema wamekosa shule angalau siku moja kwa mwezi wakati wa hedhi.
- Asilimia 61 hawakuwa na mahali pa kubadilishia shuleni.
- Walimu wa kike waliomba taulo za akiba zihifadhiwe ofisini.

Chumba cha kwanza cha hedhi salama kilijengwa Shule ya Msingi Baobab.`, 'sw', 2);
  add('Reports/Lake Tana Spring Water Quality 2025', { tags: ['report', 'ethiopia'] }, `
በ2025 በተጠበቁ 21 ምንጮች ላይ የተደረገ የውሃ ጥራት ምርመራ ውጤት።

## ውጤቶች
- ከመከለሉ በፊት፡ 17 ምንጮች ኢ. ኮላይ ተገኝቶባቸዋል።
- ከመከለሉ በኋላ፡ 19 ምንጮች ከ0 CFU/100ml ውጤት አሳይተዋል፤ 2 ምንጮች እንደገና ይመረመራሉ።
- የውሃው ደብዛዛነት (turbidity) ከ5 NTU በታች ነው።`, 'am', 2);
  add('Reports/Sylhet Baseline Survey', { tags: ['report', 'bangladesh'] }, `
ফেব্রুয়ারি ২০২৫-এ সিলেট ও মৌলভীবাজারের ৪টি ইউনিয়নে ২,১৪০টি নলকূপ পরীক্ষা করা হয়েছে।

## ফলাফল
- **২৩ শতাংশ** নলকূপে আর্সেনিক ৫০ মাইক্রোগ্রাম/লিটারের বেশি পাওয়া গেছে।
- ৪১ শতাংশ নলকূপে ১০ মাইক্রোগ্রাম/লিটারের বেশি।
- সবচেয়ে বেশি মাত্রা: ৩১০ মাইক্রোগ্রাম/লিটার।

ল্যাব যাচাই: [[Partners/Sylhet Water Testing Laboratory]]।`, 'bn', 2);
  add('Reports/Turkana Diesel vs Solar Cost Comparison', { tags: ['report', 'solar'] }, `
## Summary
Over the first six months at the three converted sites, water cost **KES 11 per m³ on solar** against **KES 38 per m³ on diesel** (fuel, servicing and generator repairs, from the committees' books). The payback on the solar equipment is estimated at four years.

## Method
Diesel figures are from January–June 2024 committee records; solar from the same months of 2025. Labour of the operators is excluded.`, 'en', 2);
  add('Reports/Bundelkhand Field Visit October 2025', { tags: ['report', 'india'] }, `
अक्टूबर 2025 में महोबा के छह गाँवों का दौरा।

## मुख्य बातें
- 12 चेक डैम पूरे; मानसून में सभी में पानी रुका।
- कुओं का जलस्तर पिछले साल की तुलना में औसतन 1.8 मीटर ऊपर।
- दो डैम के किनारों पर कटाव, मरम्मत दिसंबर से पहले।`, 'hi', 2);
  add('Reports/Kassala Rapid Assessment', { tags: ['report', 'sudan'] }, `
تقييم سريع أُجري في فبراير 2025 لثلاثة عشر حفيراً في محلية ود الحليو.

## النتائج
- فقد معظم الحفائر أكثر من نصف سعتها بسبب الطمي.
- وصول نازحين جدد زاد الطلب على المياه بنسبة كبيرة.
- تم اختيار تسعة حفائر لإعادة التأهيل.`, 'ar', 2);
  add('Reports/Annual Report 2024', { tags: ['report', 'annual'] }, `
## Headlines
- **148,000 people** gained access to safer water through our projects in 2024.
- 212 water committees trained, 46% of members women.
- Total expenditure USD 2.9 million, 87% on programmes.

## Thanks
To our funders and the communities we work with.`, 'en', 3);

  // --------------------------------------------------------------------------------------------------
  // Meetings (dated)
  add('Meetings/2025-01-14 Conseil', { tags: ['meeting', 'board'], date: '2025-01-14' }, `
**Séance du conseil**, Genève. Présents : [[People/Claire Dufour]], quatre membres, [[People/Wanjiru Kamau]] (invitée).

## Décisions
1. Le budget 2025 est approuvé.
2. Le conseil approuve un budget de **CHF 85'000** pour la deuxième phase de l'application [[Projects/Dira Water Point Mapping|Dira]].
3. Le rapport annuel 2024 sera publié en avril.`, 'fr', 1);
  add('Meetings/2025-06-10 Conseil', { tags: ['meeting', 'board'], date: '2025-06-10' }, `
**Séance du conseil**, en visioconférence.

## Décisions
1. Les nouveaux barèmes de per diem ([[Policies/Per Diem Rates 2025]]) sont adoptés, valables dès le 1er juillet 2025.
2. Les comptes 2024 sont approuvés.`, 'fr', 1);
  add('Meetings/2025-11-04 Conseil', { tags: ['meeting', 'board'], date: '2025-11-04' }, `
**Séance du conseil**, Nairobi (première séance tenue en Afrique).

## Décisions
1. Le conseil prend acte du plan budgétaire 2026 et demande une version avec un scénario de baisse des dons de 15 %.
2. Visite du projet à Kisumu le lendemain.`, 'fr', 1);
  add('Meetings/2025-03-04 Kisumu Steering Committee', { tags: ['meeting', 'kenya'], date: '2025-03-04' }, `
Attendees: [[People/Achieng Otieno]], county public health officer, two head teachers, me.

- Tank sites for phase 2 agreed (Kolwa and Seme).
- County asked us to add a handwashing station at each school tank.
- Next steering committee in September.`, 'en', 2);
  add('Meetings/2025-09-30 Kisumu Steering Committee', { tags: ['meeting', 'kenya'], date: '2025-09-30' }, `
Attendees: Achieng, county water officer, three head teachers, me.

- 27 of 36 tanks complete. Rainy-season filling went well.
- County will take over the tank register after the project ends.
- Decision: add gutter guards at schools next to eucalyptus trees.`, 'en', 2);
  add('Meetings/2025-03-11 সিলেট আর্সেনিক ফলাফল পর্যালোচনা', { tags: ['meeting', 'bangladesh'], date: '2025-03-11' }, `
উপস্থিত: [[People/রহিমা খাতুন]], [[People/সাকিব হাসান]], আমি (অনলাইনে)।

- বেসলাইন পরীক্ষার ফলাফল: প্রায় **২৩ শতাংশ** নলকূপে আর্সেনিক ৫০ মাইক্রোগ্রাম/লিটারের বেশি।
- লাল চিহ্নিত নলকূপের পরিবারকে প্রথমে ফিল্টার দেওয়া হবে।
- ৪০–৬০ এর মধ্যের ফলাফল ল্যাবে আবার যাচাই করা হবে।`, 'bn', 2);
  add('Meetings/2025-11-18 সিলেট আর্সেনিক ফলো-আপ', { tags: ['meeting', 'bangladesh'], date: '2025-11-18' }, `
উপস্থিত: রহিমা, সাকিব, আমি।

- ৮৬০টি ফিল্টার বিতরণ হয়েছে।
- ফিল্টার করা পানিতে আর্সেনিক ১০ মাইক্রোগ্রাম/লিটারের নিচে পাওয়া গেছে ৯৪ শতাংশ নমুনায়।
- মিডিয়া পরিবর্তনের জন্য স্থানীয় দুইজন মিস্ত্রি প্রশিক্ষণ পেয়েছেন।`, 'bn', 2);
  add('Meetings/2025-03-25 阳泉泵业供货电话会议', { tags: ['meeting', 'supplier'], date: '2025-03-25' }, `
参会：[[People/陈立华]]、[[People/Daniel Kiprop]]、我。

- 第一批六台太阳能泵因控制器芯片缺货，**交货推迟到五月中旬**。
- 工厂同意免费空运两台控制器备件。
- 下一次电话会议在四月底。`, 'zh', 2);
  add('Meetings/2025-04-08 የጣና ሩብ ዓመት ግምገማ', { tags: ['meeting', 'ethiopia'], date: '2025-04-08' }, `
ተሳታፊዎች፡ [[People/ሰላማዊት ተስፋዬ]]፣ [[People/ዮሐንስ በቀለ]]፣ እኔ (ባሕር ዳር)።

- ከ54 ምንጮች ውስጥ 21 ተጠናቅቀዋል።
- በደራ ወረዳ ሁለት ምንጮች በመሬት መንሸራተት ምክንያት ቦታ ተቀይሯል።
- ቀጣዩ ግምገማ በሐምሌ።`, 'am', 2);
  add('Meetings/2025-04-22 Gespräch Stiftung Quellwasser', { tags: ['meeting', 'donor'], date: '2025-04-22' }, `
Teilnehmende: [[People/Helga Brandt]], [[People/Grace Wambui]], ich.

- Frau Brandt genehmigt die Umwidmung von 12.000 EUR von „Reisekosten“ zu „Baumaterial“ (über 20 % der Linie, daher schriftlich).
- Zwischenbericht bis 31. Juli.
- Besuch der Stiftung in Kenia im Oktober geplant.`, 'de', 2);
  add('Meetings/2025-05-06 बुंदेलखंड मानसून तैयारी', { tags: ['meeting', 'india'], date: '2025-05-06' }, `
उपस्थित: [[People/सुनीता यादव]], [[People/अरविंद मिश्रा]], जल सहेली संगठन की दो सदस्य, मैं (ऑनलाइन)।

- फ़ैसला: मानसून से पहले **चार पुराने तालाबों की गाद निकाली जाएगी**, 15 जून तक।
- छह निर्माणाधीन डैम का काम बरसात से पहले पूरा नहीं होगा; उनकी नींव ढककर रखी जाएगी।
- जलस्तर की माप हर महीने की पहली तारीख़ को।`, 'hi', 2);
  add('Meetings/2025-12-02 बुंदेलखंड मानसून पश्चात समीक्षा', { tags: ['meeting', 'india'], date: '2025-12-02' }, `
उपस्थित: सुनीता, अरविंद, मैं।

- सभी 12 पूरे डैम में मानसून का पानी रुका; दो के किनारे की मरम्मत हो गई।
- बाकी छह डैम फ़रवरी 2026 तक।
- साझेदार संगठन ने जल सहेलियों के लिए साइकिल की माँग रखी।`, 'hi', 2);
  add('Meetings/2025-05-20 مراجعة الوضع الأمني في كسلا', { tags: ['meeting', 'sudan', 'security'], date: '2025-05-20' }, `
الحضور: [[People/عائشة الطيب]]، مسؤول الأمن، أنا.

- بسبب النزاع المسلح وتوتر الوضع حول مصادر المياه، تُعلّق الزيارات إلى حفيرين قرب الحدود.
- تستمر عائشة في إدارة العمل من بورتسودان.
- مراجعة جديدة بعد شهر.`, 'ar', 2);
  add('Meetings/2025-06-24 さくら水基金 中間協議', { tags: ['meeting', 'donor'], date: '2025-06-24' }, `
参加者：[[People/佐藤美咲]]、[[People/Daniel Kiprop]]、私。

- トゥルカナの太陽光ポンプは、中国からの**ポンプの納品遅延**（5月中旬に到着）により、稼働開始が8月にずれ込むことを説明した。
- 佐藤さんより、遅延理由を中間報告書に明記するよう依頼があった。
- エチオピアの湧水保護は予定どおり。`, 'ja', 2);
  add('Meetings/2025-07-15 Makabidhiano Shule ya Msingi Baobab', { tags: ['meeting', 'tanzania'], date: '2025-07-15' }, `
Waliohudhuria: [[People/Baraka Mollel]], mwalimu mkuu, afisa elimu wa wilaya, kamati ya shule.

- Vituo vinne vya kunawa mikono na chumba cha hedhi salama vimekabidhiwa rasmi kwa shule.
- Kamati ya shule itachangia TSh 20,000 kila mwezi kwa matengenezo.`, 'sw', 2);
  add('Meetings/2025-08-05 Dira Sprint Review', { tags: ['meeting', 'tech'], date: '2025-08-05' }, `
Présents : [[People/Lucie Morel]], deux développeurs bénévoles, moi.

- Offline sync: conflict resolution now keeps both versions of a fault report; tested with 40 devices in Turkana.
- SMS fallback works in Swahili and Amharic; Bengali keyboard still buggy.
- Next release end of September.`, 'en', 2);
  add('Meetings/2025-09-09 Heliotrope Commissioning Review', { tags: ['meeting', 'solar'], date: '2025-09-09' }, `
Attendees: [[People/Daniel Kiprop]], county water officer, three committee chairs, me.

- Pumps commissioned at three of six sites in August; yields as designed.
- One controller failed on day two and was swapped from the spares.
- Diesel sets stay connected until March 2026.`, 'en', 2);
  add('Meetings/2025-02-18 Hartley Trust Annual Call', { tags: ['meeting', 'donor'], date: '2025-02-18' }, `
Attendees: [[People/Imogen Hartley]], [[People/Grace Wambui]], me.

- Imogen happy with the school numbers; wants more on girls' attendance.
- Agreed to share the menstrual hygiene survey once done.`, 'en', 2);
  add('Meetings/2025-10-14 Budget 2026 Planning', { tags: ['meeting', 'finance'], date: '2025-10-14' }, `
Attendees: [[People/Grace Wambui]], country coordinators (online), me.

- Draft 2026 budget USD 3.1 million; 4 of 8 grants end in 2026.
- Fundraising target for new grants: USD 1.2 million.
- Vehicle replacement in Lodwar postponed.`, 'en', 2);
  add('Meetings/2025-02-03 Kisumu Kickoff', { tags: ['meeting', 'kenya'], date: '2025-02-03' }, `
Attendees: Achieng, masons' foreman, county officials.

- Work plan agreed; first tanks at Nyalenda.
- Masons' rates fixed per tank.`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Daily notes
  const daily = (date: string, body: string, pad = 2) => add(`Daily/${date}`, { tags: ['daily'] }, body, 'en', pad, DIARY);
  daily('2025-01-06', `Back from leave. Inbox triage. Call with [[People/Grace Wambui]] about the year-end close. #admin`);
  daily('2025-01-20', `Drafted the Sakura application annex. Read half of [[Personal/The Water Knife]] on the weekend.`);
  daily('2025-02-10', `Kisumu: first tank foundations poured. Achieng sent photos. Fed [[Personal/Mvua the office cat|Mvua]] because nobody else did.`);
  daily('2025-03-03', `Prep for tomorrow's Kisumu steering committee. Booked Baobab Grill for Friday with the Geneva visitors.`);
  daily('2025-03-12', `Bad news from Kisumu: the new tank at **Nyalenda health centre cracked** overnight — the plaster was not kept wet in this heat. Achieng is emptying it; masons to cut and re-plaster. Need to brief Stiftung Quellwasser in the Q1 report. #kisumu #incident`);
  daily('2025-03-26', `Chen confirmed the solar pumps for Turkana slip to mid-May (controller chips). Told Daniel. Sakura needs to hear this from us before the June call. #heliotrope`);
  daily('2025-04-07', `Flew Nairobi → Addis, then on to Bahir Dar tomorrow for the Tana review. Airport lounge Wi-Fi terrible. #travel`);
  daily('2025-04-23', `Wrote up the Quellwasser call. Reminder: interim report by 31 July.`);
  daily('2025-05-14', `Kisima Drilling invoice: they want payment for 180 m at Kakuma site 3; the supervisor's log says 142 m. Told Peter to hold the difference until the logs are reconciled. Again people assumed Kisima Drilling is us. #procurement`);
  daily('2025-05-27', `Arusha survey results in: 38% of girls miss school during periods. Shared with Imogen.`);
  daily('2025-06-11', `Board adopted the new per diem rates yesterday. Told country offices; effective 1 July.`);
  daily('2025-07-02', `Quiet day. Renewed my work permit paperwork at the immigration office in Nyayo House, three hours in the queue. Watered the heliotrope seedlings.`);
  daily('2025-07-16', `Baraka sent the Baobab school handover photos. Lovely.`);
  daily('2025-08-19', `Turkana: first solar site running. Daniel says the controller display is in Chinese only — asked Chen for the English firmware.`);
  daily('2025-09-02', `Dira book club tonight — not the app! Finished the novel on the bus.`);
  daily('2025-09-22', `Flood warning for Kisumu lowlands; asked Achieng to check the tanks near the lake.`);
  daily('2025-10-08', `Helga Brandt visiting Kisumu next week, logistics done by Peter.`);
  daily('2025-10-29', `Budget 2026 second draft. Grace wants the Lodwar vehicle back in.`);
  daily('2025-11-05', `Board in Nairobi went well; took them to Kisumu today.`);
  daily('2025-11-20', `Sylhet follow-up done yesterday (notes in Meetings). Rahima wants two more masons trained.`);
  daily('2025-12-03', `Bundelkhand review yesterday. Sunita asked for bicycles for the jal sahelis.`);
  daily('2025-12-15', `Year-end: leave plan, board papers, annual report outline.`);

  // --------------------------------------------------------------------------------------------------
  // Personal pages and decoys
  add('Personal/Mvua the office cat', { aliases: ['Mvua'], tags: ['personal', 'cat'] }, `
Grey tabby who adopted the Nairobi office in 2023. Named Mvua because she showed up in a rainstorm. Eats the dry food in the kitchen cupboard; vet is Dr Ouma in Lavington. Hates the printer.`, 'en', 2);
  add('Personal/Baobab Grill', { tags: ['personal', 'restaurant'] }, `
Restaurant in Westlands. Good nyama choma and tilapia; book a table on the terrace for visitors. Booking: +254 709 112 300. Closed Mondays.`, 'en', 2);
  add('Personal/Dira Book Club', { aliases: ['Dira'], tags: ['personal', 'books'] }, `
Monthly book club, first Tuesday, at a friend's flat in Kilimani. "Dira" because we wanted a compass for our reading. 2025 list: The Water Knife, Dust, The Dragons, the Giant, the Women.`, 'en', 2);
  add('Personal/Sunita Yadav (yoga teacher)', { aliases: ['Sunita Yadav'], tags: ['personal', 'yoga'] }, `
Yoga teacher in Parklands, Nairobi. Classes Tuesday and Thursday at 6:30 p.m. Contact: +254 716 880 245. Not to be confused with our India coordinator.`, 'en', 2);
  add('Personal/Arsenic and Old Lace', { tags: ['personal', 'theatre'] }, `
Saw the Phoenix Players' production of *Arsenic and Old Lace* at the Professional Centre. The two aunts with their elderberry wine were brilliant. Poison in the wine, not in the water — for once.`, 'en', 2);
  add('Personal/Heliotrope seedlings', { aliases: ['Heliotrope'], tags: ['personal', 'garden'] }, `
Balcony garden: heliotrope seedlings from the Karen nursery, planted in April. Water every two days in the dry season; they like morning sun.`, 'en', 2);
  add('Personal/Tana River camping trip', { tags: ['personal', 'travel'] }, `
Long weekend camping by the Tana River near Garissa with the cousins, August 2025. Hippos at night, too many mosquitoes.`, 'en', 2);
  add('Personal/Kilimanjaro trek 2025', { tags: ['personal', 'travel'] }, `
Machame route, six days, with two friends from the book club. Reached Uhuru Peak at sunrise. Guide: Emmanuel from Moshi.`, 'en', 2);
  add('Personal/The Water Knife', { tags: ['personal', 'books'] }, `
Notes on Paolo Bacigalupi's novel about water wars in the American Southwest: water rights, armed conflict over rivers, a "water knife" who cuts off cities. Book club pick for September.`, 'en', 2);
  add('Personal/Spring cleaning checklist', { tags: ['personal', 'home'] }, `
- Defrost the freezer
- Wash the curtains
- Clear the balcony drain
- Service the water filter in the kitchen`, 'en', 2);

  // --------------------------------------------------------------------------------------------------
  // Questions ------------------------------------------------------------------------------------------
  const P = (p: string) => `${p}.md`;
  const questions: Heldout5Question[] = [];
  const ask = (family: Heldout5Family, kind: string, q: string, relevant: string[]) => questions.push({ family, kind, q, relevant: relevant.map(P) });

  const KRH = 'Projects/Kisumu Rainwater Harvesting';
  const ARU = 'Projects/Arusha School WASH';
  const TANA = 'Projects/Lake Tana Spring Protection';
  const SYL = 'Projects/Sylhet Arsenic Filters';
  const BUN = 'Projects/Bundelkhand Check Dams';
  const KAS = 'Projects/Kassala Hafir Rehabilitation';
  const TUR = 'Projects/Turkana Solar Pumping Pilot';
  const DIRA = 'Projects/Dira Water Point Mapping';
  const SQ = 'Funders/Stiftung Quellwasser';
  const SAK = 'Funders/Sakura Water Fund';
  const HAR = 'Funders/Hartley Trust';
  const NADA = 'Funders/Al-Nada Development Fund';
  const FLE = "Funders/Fondation Lémanique pour l'Eau";

  // exact (13): a title or an identifier
  ask('exact', 'id', 'KWT-ET-021', [TANA]);
  ask('exact', 'id', 'KWT-BD-003', [SYL]);
  ask('exact', 'id', 'KWT-KE-019', [TUR]);
  ask('exact', 'title', 'Kisumu Rainwater Harvesting', [KRH]);
  ask('exact', 'title', 'Per Diem Rates 2025', ['Policies/Per Diem Rates 2025']);
  ask('exact', 'title', 'Stiftung Quellwasser', [SQ]);
  ask('exact', 'title', '深圳阳泉泵业', ['Partners/深圳阳泉泵业']);
  ask('exact', 'title', 'Borehole Drilling Standard Operating Procedure', ['Reference/Borehole Drilling Standard Operating Procedure']);
  ask('exact', 'title', 'ሰላማዊት ተስፋዬ', ['People/ሰላማዊት ተስፋዬ']);
  ask('exact', 'title', 'Jal Saheli Sangathan', ['Partners/Jal Saheli Sangathan']);
  ask('exact', 'title', 'Safeguarding Policy 2024', ['Policies/Safeguarding Policy 2024']);
  ask('exact', 'alias', 'Community Water Committee Training Curriculum', ['Reference/Mwongozo wa Mafunzo ya Kamati za Maji']);
  ask('exact', 'title', 'Dira Water Point Mapping', [DIRA]);

  // paraphrase (13): no word or 5-letter prefix shared with the target's title and aliases (checked below)
  ask('paraphrase', 'policy', 'how much money can field staff claim each day for meals when they travel', ['Policies/Per Diem Rates 2025']);
  ask('paraphrase', 'policy', 'rules for protecting children and vulnerable adults from abuse by our staff and contractors', ['Policies/Safeguarding Policy 2024']);
  ask('paraphrase', 'project', 'roof gutters feeding big ferrocement tanks at clinics and schools near Lake Victoria', [KRH]);
  ask('paraphrase', 'project', 'household devices that strip a poisonous metal from tubewell water in northeast Bangladesh', [SYL]);
  ask('paraphrase', 'project', 'small stone barriers across seasonal streams in a drought-prone part of northern India', [BUN]);
  ask('paraphrase', 'project', 'converting diesel-driven boreholes to sunlight power in northern Kenya', [TUR]);
  ask('paraphrase', 'project', 'phone tool that charts every well, tap and tank so committees can report breakdowns', [DIRA]);
  ask('paraphrase', 'reference', 'how do we sink a new well step by step and test how much it yields', ['Reference/Borehole Drilling Standard Operating Procedure']);
  ask('paraphrase', 'reference', 'lab instructions for checking contaminants like fluoride, nitrate and E. coli in samples', ['Reference/Water Quality Testing Manual']);
  ask('paraphrase', 'reference', 'how to choose photovoltaic panels and a submersible for a community well', ['Reference/Solar Pump Sizing Notes']);
  ask('paraphrase', 'person', 'who chairs our governing body in Geneva', ['People/Claire Dufour']);
  ask('paraphrase', 'reference', 'the Hamburg donor’s rules on reporting and moving money between budget lines', ['Reference/Förderrichtlinien Stiftung Quellwasser']);
  ask('paraphrase', 'partner', 'the Nakuru contractor with the rig that sinks our wells', ['Partners/Kisima Drilling Ltd']);

  // typo (13)
  ask('typo', 'title', 'Kisumu rainwater harvsting', [KRH]);
  ask('typo', 'title', 'Bundelkand chek dams', [BUN]);
  ask('typo', 'title', 'Stiftung Quelwasser', [SQ]);
  ask('typo', 'title', 'safegaurding polcy', ['Policies/Safeguarding Policy 2024', 'Policies/Safeguarding Policy 2021']);
  ask('typo', 'title', 'arsnic filtres sylhet', [SYL]);
  ask('typo', 'title', 'Turkanna solar pumpng pilot', [TUR]);
  ask('typo', 'person', 'Achieng Otienno', ['People/Achieng Otieno']);
  ask('typo', 'title', 'Kasala hafir rehabilitaton', [KAS]);
  ask('typo', 'title', 'procurment manual', ['Reference/Procurement Manual']);
  ask('typo', 'title', 'Hartly Trust', [HAR]);
  ask('typo', 'title', "Fondation Lemanique pour l'Eau", [FLE]);
  ask('typo', 'title', 'monitering and evaluation framwork', ['Reference/Monitoring and Evaluation Framework']);
  ask('typo', 'person', 'Baraka Molel', ['People/Baraka Mollel']);

  // crosslingual (13): asked in one language, answered in another language or script
  ask('crosslingual', 'en→am', 'Who is our country coordinator in Ethiopia?', ['People/ሰላማዊት ተስፋዬ']);
  ask('crosslingual', 'en→bn', 'arsenic test results of the tubewells in Sylhet', ['Meetings/2025-03-11 সিলেট আর্সেনিক ফলাফল পর্যালোচনা', 'Reports/Sylhet Baseline Survey', 'Meetings/2025-11-18 সিলেট আর্সেনিক ফলো-আপ']);
  ask('crosslingual', 'en→zh', 'When will the Shenzhen factory deliver the solar pumps, and why the delay?', ['Meetings/2025-03-25 阳泉泵业供货电话会议', 'Daily/2025-03-26', 'Meetings/2025-06-24 さくら水基金 中間協議']);
  ask('crosslingual', 'de→am', 'Welches Projekt haben wir in Äthiopien?', [TANA]);
  ask('crosslingual', 'en→ja', 'name of the program officer at the Japanese water fund', ['People/佐藤美咲', SAK]);
  ask('crosslingual', 'hi→en', 'कर्मचारियों को साल में कितने दिन की छुट्टी मिलती है?', ['Reference/Employee Handbook']);
  ask('crosslingual', 'en→fr', 'board quorum rule and how long a board member serves', ['Reference/Manuel du conseil']);
  ask('crosslingual', 'ar→en', 'ما هي بدلات الإقامة والطعام اليومية للموظفين في السفر الميداني؟', ['Policies/Per Diem Rates 2025']);
  ask('crosslingual', 'sw→bn', 'Nani anaongoza mradi wa maji huko Bangladesh?', ['People/রহিমা খাতুন', SYL]);
  ask('crosslingual', 'ja→en', 'ケニアの雨水タンクにひびが入った件', ['Daily/2025-03-12', 'Reports/Q1 2025 Kisumu Progress Report']);
  ask('crosslingual', 'zh→en', '太阳能板阵列的超配系数是多少？', ['Reference/Solar Pump Sizing Notes']);
  ask('crosslingual', 'en→hi', 'What did the team decide before the monsoon about desilting old ponds in Bundelkhand?', ['Meetings/2025-05-06 बुंदेलखंड मानसून तैयारी']);
  ask('crosslingual', 'en→am', 'How many springs are being protected around Lake Tana, and how many are finished?', [TANA, 'Meetings/2025-04-08 የጣና ሩብ ዓመት ግምገማ', 'Reports/Lake Tana Spring Water Quality 2025']);

  // two-hop (13): the answer is reached through a relation stated on one side
  ask('two-hop', 'lead→funder', 'Who funds the project that ሰላማዊት ተስፋዬ leads?', [SAK, TANA]);
  ask('two-hop', 'lead→supplier', 'Which company supplies the pumps for the project Daniel Kiprop leads?', ['Partners/深圳阳泉泵业', TUR]);
  ask('two-hop', 'project→funder→officer', 'Who is the programme officer at the foundation funding the Kisumu rainwater project?', ['People/Helga Brandt', SQ]);
  ask('two-hop', 'project→partner', 'Who is the contact person at the local partner organisation of the Bundelkhand project?', ['Partners/Jal Saheli Sangathan']);
  ask('two-hop', 'project→funder', 'In which city is the funder of the Sylhet arsenic filters based?', [HAR]);
  ask('two-hop', 'project→consultant', 'Which languages does the hydrogeologist on the Lake Tana project speak?', ['People/ዮሐንስ በቀለ']);
  ask('two-hop', 'funder→lead', 'Who leads the project that the Fondation Lémanique funds?', [DIRA, 'People/Lucie Morel']);
  ask('two-hop', 'funder→projects', 'Which of our projects does the Hartley Trust fund?', [ARU, SYL]);
  ask('two-hop', 'funder→engineer', 'Who is the site engineer on the Indian project funded by Stiftung Quellwasser?', [BUN, 'People/अरविंद मिश्रा']);
  ask('two-hop', 'project→partner→person', 'phone number or WeChat of the supplier contact for the Turkana solar pilot', ['People/陈立华']);
  ask('two-hop', 'project→lead', 'Where does the lead of the Kassala hafir project work from now?', ['People/عائشة الطيب', 'Meetings/2025-05-20 مراجعة الوضع الأمني في كسلا']);
  ask('two-hop', 'lead→meeting', 'How much did the board approve for the app that Lucie Morel leads?', ['Meetings/2025-01-14 Conseil']);
  ask('two-hop', 'project→funder→officer', 'Who is the programme officer of the fund that pays for the Turkana solar pumping?', ['People/佐藤美咲', SAK]);

  // negation (13): the question excludes a decoy or a subset
  ask('negation', 'superseded', 'safeguarding policy currently in force, not the superseded one', ['Policies/Safeguarding Policy 2024']);
  ask('negation', 'superseded', 'per diem rates — not the old 2023 table', ['Policies/Per Diem Rates 2025']);
  ask('negation', 'decoy', 'Mvua the rainwater project, not the cat', [KRH]);
  ask('negation', 'decoy', 'Dira the mapping app, not the book club', [DIRA]);
  ask('negation', 'decoy', 'Heliotrope the project, not the balcony plants', [TUR]);
  ask('negation', 'namesake', 'Sunita Yadav who works on check dams, not the yoga teacher', ['People/सुनीता यादव', BUN]);
  ask('negation', 'decoy', 'the arsenic filter project — I don’t mean the theatre night', [SYL]);
  ask('negation', 'namesake', 'Kisima Drilling the contractor, not our own organisation', ['Partners/Kisima Drilling Ltd']);
  ask('negation', 'decoy', 'Lake Tana in Ethiopia, not the Tana River camping trip', [TANA]);
  ask('negation', 'subset', 'our funders other than the Japanese and the German ones', [HAR, NADA, FLE]);
  ask('negation', 'subset', 'water projects in South Asia except the ones in India', [SYL]);
  ask('negation', 'decoy', 'Baobab school WASH work, not the restaurant', [ARU]);
  ask('negation', 'subset', 'projects in Kenya other than the rainwater tanks', [TUR]);

  // date (13): the question names a date or a month
  ask('date', 'meeting', 'Kisumu steering committee meeting in March 2025', ['Meetings/2025-03-04 Kisumu Steering Committee']);
  ask('date', 'meeting', 'Kisumu steering committee in September 2025', ['Meetings/2025-09-30 Kisumu Steering Committee']);
  ask('date', 'meeting', 'board meeting of November 2025', ['Meetings/2025-11-04 Conseil']);
  ask('date', 'meeting', 'board meeting January 2025 decisions', ['Meetings/2025-01-14 Conseil']);
  ask('date', 'daily', 'what happened on 12 March 2025', ['Daily/2025-03-12', 'Reports/Q1 2025 Kisumu Progress Report']);
  ask('date', 'meeting', 'the June 2025 call with the Japanese fund', ['Meetings/2025-06-24 さくら水基金 中間協議']);
  ask('date', 'meeting', 'notes from the Sylhet arsenic follow-up in November 2025', ['Meetings/2025-11-18 সিলেট আর্সেনিক ফলো-আপ']);
  ask('date', 'meeting', 'Bundelkhand post-monsoon review, December 2025', ['Meetings/2025-12-02 बुंदेलखंड मानसून पश्चात समीक्षा']);
  ask('date', 'meeting', 'the April 2025 call with Stiftung Quellwasser', ['Meetings/2025-04-22 Gespräch Stiftung Quellwasser']);
  ask('date', 'meeting', 'the October 2025 budget meeting', ['Meetings/2025-10-14 Budget 2026 Planning']);
  ask('date', 'daily', 'daily note from the day I flew to Addis in April 2025', ['Daily/2025-04-07']);
  ask('date', 'meeting', 'Heliotrope commissioning review in September 2025', ['Meetings/2025-09-09 Heliotrope Commissioning Review']);
  ask('date', 'daily', 'what did I write on 2 July 2025', ['Daily/2025-07-02']);

  // distractor (13): decoys share the salient words
  ask('distractor', 'decoy', 'Mvua tank progress this quarter', [KRH, 'Reports/Q1 2025 Kisumu Progress Report', 'Meetings/2025-09-30 Kisumu Steering Committee']);
  ask('distractor', 'decoy', 'Baobab menstrual hygiene room for girls', [ARU, 'Reports/Arusha Menstrual Hygiene Survey']);
  ask('distractor', 'decoy', 'Dira offline sync conflict resolution', [DIRA, 'Meetings/2025-08-05 Dira Sprint Review']);
  ask('distractor', 'decoy', 'Heliotrope pump commissioning', ['Meetings/2025-09-09 Heliotrope Commissioning Review', TUR]);
  ask('distractor', 'decoy', 'Tana spring water quality E. coli results', ['Reports/Lake Tana Spring Water Quality 2025']);
  ask('distractor', 'decoy', 'arsenic readings above the limit in tubewells', ['Meetings/2025-03-11 সিলেট আর্সেনিক ফলাফল পর্যালোচনা', 'Reports/Sylhet Baseline Survey']);
  ask('distractor', 'namesake', 'Sunita Yadav phone number for the Mahoba work', ['People/सुनीता यादव']);
  ask('distractor', 'namesake', 'Kisima Drilling invoice dispute over metres drilled', ['Partners/Kisima Drilling Ltd', 'Daily/2025-05-14']);
  ask('distractor', 'decoy', 'armed conflict over water sources in Kassala, visits suspended', ['Meetings/2025-05-20 مراجعة الوضع الأمني في كسلا']);
  ask('distractor', 'decoy', 'handwashing stations handed over at schools near Kilimanjaro', [ARU, 'Meetings/2025-07-15 Makabidhiano Shule ya Msingi Baobab']);
  ask('distractor', 'superseded', 'per diem rate for Sudan', ['Policies/Per Diem Rates 2025']);
  ask('distractor', 'superseded', 'the old safeguarding policy from 2021', ['Policies/Safeguarding Policy 2021']);
  ask('distractor', 'decoy', 'Baobab Grill booking number', ['Personal/Baobab Grill']);

  // deep (13): a fact buried late in a long page
  ask('deep', 'late-fact', 'chlorine dose and contact time for disinfecting a new borehole', ['Reference/Borehole Drilling Standard Operating Procedure']);
  ask('deep', 'late-fact', 'what is our internal action threshold for arsenic', ['Reference/Water Quality Testing Manual']);
  ask('deep', 'late-fact', 'how often must field test kits be recalibrated', ['Reference/Water Quality Testing Manual']);
  ask('deep', 'late-fact', 'above what amount do we need an open tender and how long is it advertised', ['Reference/Procurement Manual']);
  ask('deep', 'late-fact', 'evacuation code word in Sudan', ['Reference/Staff Security Handbook']);
  ask('deep', 'late-fact', 'how often to check in by satellite phone when travelling in Kassala', ['Reference/Staff Security Handbook']);
  ask('deep', 'late-fact', 'when does a water point count as functional', ['Reference/Monitoring and Evaluation Framework']);
  ask('deep', 'late-fact', 'array oversizing factor for dust in Turkana', ['Reference/Solar Pump Sizing Notes']);
  ask('deep', 'late-fact', 'Frist für den Verwendungsnachweis nach Projektende', ['Reference/Förderrichtlinien Stiftung Quellwasser']);
  ask('deep', 'late-fact', 'asilimia ya chini ya wanawake kwenye kamati ya maji', ['Reference/Mwongozo wa Mafunzo ya Kamati za Maji']);
  ask('deep', 'late-fact', 'how much can the programme director release from the emergency reserve without a board vote', ['Reference/Emergency Response Plan']);
  ask('deep', 'late-fact', 'speed limit for our vehicles on murram roads', ['Reference/Vehicle and Fleet Policy']);
  ask('deep', 'late-fact', 'さくら水基金の中間報告書の提出期限', ['Reference/さくら水基金 報告書作成ガイドライン']);

  // natural (13): long, chatty, agent-style
  ask('natural', 'chatty', 'hey, I’m prepping for the call with the Japanese donor and can’t remember what we told them in June about the delays on the solar pumps — can you find those notes?', ['Meetings/2025-06-24 さくら水基金 中間協議']);
  ask('natural', 'chatty', 'I need to book travel for a volunteer going to Sylhet next month; what daily allowance do they get there these days?', ['Policies/Per Diem Rates 2025']);
  ask('natural', 'chatty', 'can you pull up whatever we have on the tank that cracked at the health centre in Kisumu, I think it was in March?', ['Daily/2025-03-12', 'Reports/Q1 2025 Kisumu Progress Report']);
  ask('natural', 'chatty', 'remind me who at the German foundation we deal with for the rainwater grant and how to reach her', ['People/Helga Brandt', SQ]);
  ask('natural', 'chatty', 'what’s the story with the drilling company overbilling us for metres they didn’t drill?', ['Partners/Kisima Drilling Ltd', 'Daily/2025-05-14']);
  ask('natural', 'chatty', 'a new hire asked how many days of holiday they get and whether international staff get flights home — where is that written down?', ['Reference/Employee Handbook']);
  ask('natural', 'chatty', 'I want to compare what running a borehole on diesel costs versus solar in Turkana, did we ever work that out?', ['Reports/Turkana Diesel vs Solar Cost Comparison']);
  ask('natural', 'chatty', 'can you find the survey about girls missing school during their periods in Arusha?', ['Reports/Arusha Menstrual Hygiene Survey']);
  ask('natural', 'chatty', 'what were the numbers from the first round of arsenic tests in Bangladesh — roughly what share of wells were bad?', ['Meetings/2025-03-11 সিলেট আর্সেনিক ফলাফল পর্যালোচনা', 'Reports/Sylhet Baseline Survey']);
  ask('natural', 'chatty', 'which board meeting approved the money for the mapping app, and how much was it?', ['Meetings/2025-01-14 Conseil']);
  ask('natural', 'chatty', 'I’m drafting this year’s annual report and need last year’s headline numbers — how many people got water in 2024?', ['Reports/Annual Report 2024']);
  ask('natural', 'chatty', 'is there a checklist somewhere for what the drilling crew must do after they hit water, like the pumping test and disinfecting?', ['Reference/Borehole Drilling Standard Operating Procedure']);
  ask('natural', 'chatty', 'somebody told me Aisha had to relocate because of the war — where is she working from now?', ['People/عائشة الطيب', 'Meetings/2025-05-20 مراجعة الوضع الأمني في كسلا']);

  // --- checks ---------------------------------------------------------------------------------------
  for (const q of questions) {
    for (const p of q.relevant) if (!pages[p]) throw new Error(`heldout5: "${q.q}" names a page that does not exist: ${p}`);
  }
  for (const q of questions.filter((x) => x.family === 'paraphrase')) checkParaphrase(q.q, q.relevant.flatMap((p) => names[p]!));
  for (const [p, md] of Object.entries(pages)) {
    const n = Buffer.byteLength(md);
    if (n < 600 || n > 15 * 1024) throw new Error(`heldout5: page ${p} is ${n} bytes (must be 600–15360)`);
  }
  return { pages, questions };
}

const STOP = new Set(['the', 'and', 'for', 'our', 'not', 'von', 'der', 'die', 'pour', 'ya', 'wa', 'of', 'to', 'in', 'a', 'an']);
const tokens = (s: string) => (s.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));

/** A paraphrase may share no word (nor a 5-letter prefix of one) with its target's title and aliases. */
function checkParaphrase(q: string, targetNames: string[]): void {
  const target = new Set(targetNames.flatMap(tokens));
  for (const w of tokens(q)) {
    for (const d of target) {
      if (w === d || (w.length >= 5 && d.length >= 5 && w.slice(0, 5) === d.slice(0, 5))) throw new Error(`heldout5 paraphrase "${q}" shares "${w}" with its target ("${d}")`);
    }
  }
}
