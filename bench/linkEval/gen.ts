// An Obsidian-style multi-script vault for the link-resolution eval (issue 28), written from the
// issue's description and from how real vaults look, NOT from the engine's code: ~25 languages in
// their own scripts (real words), a top folder per language with topic folders (some nested), pages
// of 1-20 KB with dozens of wiki links each, written the ways people write them:
//   [[Name]], [[Name|label]], [[Folder/Name]], [[Top/Folder/Name]], [[Name#Heading]], [[Name#^block]],
//   [[Name\|label]] in tables, ![[Embed]] of pages and ![[file.png]] of files, other case, NFD
//   spellings (macOS file names), full-width forms (CJK input methods), folded spellings (no accents,
//   other punctuation), aliases from frontmatter, links to pages that do not exist, links inside code
//   spans and fenced blocks (which are not links), frontmatter `up: "[[...]]"` links.
// Names repeat across folders (Index, README, Glossary, product names), some names are the folded
// form of others (Themes / Thèmes), some mix scripts (Python 入门 / Python 입문), and bare product
// names occur inside longer names of other scripts. Seeded and deterministic.
import fs from 'node:fs';
import path from 'node:path';

export interface Lang {
  code: string;
  /** The language group the eval reports: Latin languages share one, the others are their own. */
  group: string;
  top: string;
  spaceless: boolean;
  topics: string[];
  words: string[];
  headings: string[];
}

const L = (code: string, group: string, top: string, topics: string, words: string, headings: string, spaceless = false): Lang => ({
  code,
  group,
  top,
  spaceless,
  topics: topics.split(','),
  words: words.split(' '),
  headings: headings.split(','),
});

export const LANGS: Lang[] = [
  L('en', 'Latin', 'English', 'Projects,Reading,Health,Travel', 'garden river meeting budget design review weekly plan research market product launch recipe history music theory practice goals habit journal kitchen bridge harvest winter', 'Overview,Open questions,Next steps,Sources'),
  L('fr', 'Latin', 'Français', 'Projets,Lecture,Santé,Voyages', 'thèmes réunion projet équipe été marché idée lecture histoire musique cuisine voyage santé année début fête création élève théâtre château forêt rivière fenêtre', 'Aperçu,Questions ouvertes,Étapes suivantes,Sources'),
  L('de', 'Latin', 'Deutsch', 'Projekte,Lesen,Gesundheit,Reisen', 'straße übung größe prüfung bücher gemüse märchen garten führung zusammenfassung besprechung wörterbuch frühling käse brücke schlüssel wald fluss', 'Überblick,Offene Fragen,Nächste Schritte,Quellen'),
  L('es', 'Latin', 'Español', 'Proyectos,Lectura,Salud,Viajes', 'reunión canción niño año mañana jardín política economía música lección corazón señal montaña cocina biblioteca estación invierno', 'Resumen,Preguntas abiertas,Próximos pasos,Fuentes'),
  L('pt', 'Latin', 'Português', 'Projetos,Leitura,Saúde,Viagens', 'reunião canção coração ação informação cidade jardim música lição mãe pão irmão escola trabalho viagem', 'Visão geral,Perguntas,Próximos passos,Fontes'),
  L('pl', 'Latin', 'Polski', 'Projekty,Czytanie,Zdrowie,Podróże', 'spotkanie książka źródło łódź gęś żółw zdrowie podróż historia muzyka ogród miasto rzeka jesień', 'Przegląd,Pytania,Następne kroki,Źródła'),
  L('tr', 'Latin', 'Türkçe', 'Projeler,Okuma,Sağlık,Seyahat', 'toplantı kitap İstanbul şehir ağaç çiçek müzik tarih sağlık yolculuk öğrenci değişim güneş ışık', 'Genel bakış,Sorular,Sonraki adımlar,Kaynaklar'),
  L('vi', 'Latin', 'Tiếng Việt', 'Dự án,Đọc sách,Sức khỏe,Du lịch', 'cuộc họp dự án ghi chú lịch sử âm nhạc sách sức khỏe du lịch tuần thành phố', 'Tổng quan,Câu hỏi,Bước tiếp theo,Nguồn'),
  L('el', 'Greek', 'Ελληνικά', 'Έργα,Ανάγνωση,Υγεία,Ταξίδια', 'κόσμος λόγος θάλασσα ιστορία μουσική φιλοσοφία σημειώσεις ταξίδι υγεία βιβλίο συνάντηση πόλη ποταμός χειμώνας Σωκράτης', 'Επισκόπηση,Ερωτήσεις,Επόμενα βήματα,Πηγές'),
  L('ru', 'Russian', 'Русский', 'Проекты,Чтение,Здоровье,Путешествия', 'москва встреча проект заметки история музыка книга здоровье путешествие ёлка неделя сад река зима мост', 'Обзор,Открытые вопросы,Следующие шаги,Источники'),
  L('uk', 'Ukrainian', 'Українська', 'Проєкти,Читання,Здоров’я,Подорожі', 'київ зустріч проєкт нотатки історія музика книга здоров’я подорож тиждень їжа ґанок сад річка', 'Огляд,Питання,Наступні кроки,Джерела'),
  L('ar', 'Arabic', 'العربية', 'مشاريع,قراءة,صحة,سفر', 'القاهرة اجتماع مشروع ملاحظات تاريخ موسيقى كِتَاب كتاب صحة سفر أسبوع مدينة حديقة نهر شتاء', 'نظرة عامة,أسئلة,الخطوات التالية,مصادر'),
  L('fa', 'Persian', 'فارسی', 'پروژه‌ها,مطالعه,سلامت,سفر', 'تهران جلسه پروژه یادداشت تاریخ موسیقی کتاب سلامت سفر هفته باغ رودخانه زمستان می‌خواهم', 'نمای کلی,پرسش‌ها,گام‌های بعدی,منابع'),
  L('he', 'Hebrew', 'עברית', 'פרויקטים,קריאה,בריאות,טיולים', 'ירושלים פגישה שָׁלוֹם פרויקט הערות היסטוריה מוזיקה ספר בריאות טיול שבוע גן נהר חורף', 'סקירה,שאלות,הצעדים הבאים,מקורות'),
  L('hi', 'Hindi', 'हिन्दी', 'परियोजनाएँ,पठन,स्वास्थ्य,यात्रा', 'बैठक परियोजना नोट्स इतिहास संगीत किताब स्वास्थ्य यात्रा सप्ताह शहर बगीचा नदी', 'अवलोकन,प्रश्न,अगले कदम,स्रोत'),
  L('bn', 'Bengali', 'বাংলা', 'প্রকল্প,পড়া,স্বাস্থ্য,ভ্রমণ', 'ঢাকা সভা প্রকল্প নোট ইতিহাস সংগীত বই স্বাস্থ্য ভ্রমণ সপ্তাহ শহর বাগান নদী', 'সংক্ষিপ্ত বিবরণ,প্রশ্ন,পরবর্তী পদক্ষেপ,উৎস'),
  L('th', 'Thai', 'ภาษาไทย', 'โครงการ,การอ่าน,สุขภาพ,ท่องเที่ยว', 'กรุงเทพ ประชุม โครงการ บันทึก ประวัติศาสตร์ ดนตรี หนังสือ สุขภาพ การเดินทาง สัปดาห์ สวน แม่น้ำ', 'ภาพรวม,คำถาม,ขั้นตอนถัดไป,แหล่งที่มา', true),
  L('km', 'Khmer', 'ខ្មែរ', 'គម្រោង,ការអាន,សុខភាព,ដំណើរ', 'ភ្នំពេញ ការប្រជុំ គម្រោង កំណត់ចំណាំ ប្រវត្តិសាស្ត្រ តន្ត្រី សៀវភៅ សុខភាព សួនច្បារ ទន្លេ', 'ទិដ្ឋភាពទូទៅ,សំណួរ,ជំហានបន្ទាប់,ប្រភព', true),
  L('zh', 'Chinese', '中文', '项目,阅读,健康,旅行', '北京 会议 项目 笔记 历史 音乐 书籍 健康 旅行 每周 使用 方法 入门 花园 河流 冬天', '概述,问题,下一步,来源', true),
  L('ja', 'Japanese', '日本語', 'プロジェクト,読書,健康,旅行', '東京 会議 プロジェクト メモ 歴史 音楽 本 健康 旅行 週次 入門 庭 川 冬 がっこう', '概要,質問,次のステップ,出典', true),
  L('ko', 'Korean', '한국어', '프로젝트,독서,건강,여행', '서울 회의 프로젝트 노트 역사 음악 책 건강 여행 주간 사용법 입문 정원 강 겨울', '개요,질문,다음 단계,출처'),
  L('hy', 'Armenian', 'Հայերեն', 'Նախագծեր,Ընթերցանություն,Առողջություն,Ճանապարհորդություն', 'Երևան հանդիպում նախագիծ նշումներ պատմություն երաժշտություն գիրք առողջություն այգի գետ', 'Ակնարկ,Հարցեր,Հաջորդ քայլեր,Աղբյուրներ'),
  L('ka', 'Georgian', 'ქართული', 'პროექტები,კითხვა,ჯანმრთელობა,მოგზაურობა', 'თბილისი შეხვედრა პროექტი ჩანაწერები ისტორია მუსიკა წიგნი ჯანმრთელობა ბაღი მდინარე', 'მიმოხილვა,კითხვები,შემდეგი ნაბიჯები,წყაროები'),
  L('ta', 'Tamil', 'தமிழ்', 'திட்டங்கள்,வாசிப்பு,உடல்நலம்,பயணம்', 'சென்னை கூட்டம் திட்டம் குறிப்புகள் வரலாறு இசை புத்தகம் உடல்நலம் பயணம் தோட்டம் ஆறு', 'கண்ணோட்டம்,கேள்விகள்,அடுத்த படிகள்,ஆதாரங்கள்'),
];

/** Product names that real notes in every script mention bare or inside longer names. */
const PRODUCTS = ['Python', 'Docker', 'Notion', 'Excel', 'Zoom', 'Figma', 'Linux', 'React', 'iPhone', 'Git'];
/** Names people reuse in every folder. */
const COMMON_NAMES = ['Index', 'README', 'Glossary', 'Inbox', 'Todo'];
/** Latin names that have a folded twin (both exist: the exact one must win). */
const FOLD_TWINS: Array<[string, string]> = [
  ['Themes', 'Thèmes'],
  ['Resume', 'Résumé'],
  ['Cafe', 'Café'],
  ['Uber', 'Über'],
  ['Senor', 'Señor'],
  ['Ecole', 'École'],
];
/** Names with punctuation, as vaults hold them. */
const PUNCT_NAMES = ['🚀 Launch plan', '📚 Reading list', '2023-01-05', '2024-11-30', 'iOS 17 notes', 'C++ Notes', 'Node.js', 'Q&A 2023', 'Dr. Strange', 'v2.0 Plan', 'Pros & Cons', 'What’s next', '«Война и мир»', '『源氏物語』', 'Data-Science', 'O’Brien'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface VaultPage {
  path: string;
  lang: string;
  group: string;
  markdown: string;
}

export interface Vault {
  pages: VaultPage[];
  bytes: number;
  /** Files embedded (`![[x.png]]`), written beside the pages so embeds of files have something to point at. */
  files: string[];
}

interface Planned {
  path: string;
  name: string;
  lang: Lang;
  aliases: string[];
  title: string | null;
}

function capitalise(s: string): string {
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

function stripAccents(s: string): string {
  // Latin, Greek and Cyrillic accents, Arabic harakat, Hebrew points: how people type a name plain.
  return s.normalize('NFD').replace(/[\u0300-\u036f\u064b-\u065f\u0591-\u05c7]/g, '').normalize('NFC');
}

function toFullWidth(s: string): string {
  return s.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
}

/** Generate a vault of about `n` pages. */
export function generateVault(n: number, seed = 28): Vault {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const planned: Planned[] = [];
  const used = new Set<string>();
  const perLang = Math.max(20, Math.floor(n / LANGS.length));
  const add = (lang: Lang, folder: string, name: string, extra: Partial<Planned> = {}): Planned | null => {
    const p = folder ? `${folder}/${name}.md` : `${name}.md`;
    const k = p.normalize('NFC').toLowerCase();
    if (used.has(k)) return null;
    used.add(k);
    const page: Planned = { path: p, name, lang, aliases: [], title: null, ...extra };
    planned.push(page);
    return page;
  };
  const folderOf = (lang: Lang): string => {
    const topic = pick(lang.topics);
    const r = rand();
    if (r < 0.35) return `${lang.top}/${topic}`;
    if (r < 0.7) return `${lang.top}/${topic}/${pick(lang.topics)}`;
    if (r < 0.8) return lang.top;
    return `${lang.top}/${topic}/${new Date(Date.UTC(2019 + Math.floor(rand() * 6), 0, 1)).getUTCFullYear()}`;
  };
  const nameOf = (lang: Lang): string => {
    const k = 1 + Math.floor(rand() * 3);
    const parts: string[] = [];
    for (let i = 0; i < k; i++) parts.push(pick(lang.words));
    let name = parts.join(lang.spaceless ? '' : ' ');
    if (lang.group === 'Latin' || ['el', 'ru', 'uk', 'hy', 'ka'].includes(lang.code)) name = capitalise(name);
    // Mixed script: a product name inside a native name ("Python 入门", "Python 입문").
    if (rand() < 0.08) name = rand() < 0.5 ? `${pick(PRODUCTS)} ${name}` : `${name} ${pick(PRODUCTS)}`;
    return name;
  };

  for (const lang of LANGS) {
    let made = 0;
    let tries = 0;
    while (made < perLang && tries++ < perLang * 20) {
      const page = add(lang, folderOf(lang), nameOf(lang));
      if (!page) continue;
      made++;
      // Aliases: an abbreviation or an English gloss, as people add them.
      if (rand() < 0.12) page.aliases.push(`${page.name.split(/\s+/)[0]} ${lang.code.toUpperCase()}-${made}`);
      // A frontmatter title different from the file name, now and then.
      if (rand() < 0.05) page.title = `${page.name} (${lang.headings[0]})`;
    }
    // The same names in many folders.
    for (const common of COMMON_NAMES) {
      add(lang, lang.top, common);
      add(lang, `${lang.top}/${pick(lang.topics)}`, common);
    }
    // Product pages inside each language (bare product name pages only in some).
    if (rand() < 0.5) add(lang, `${lang.top}/${lang.topics[0]}`, pick(PRODUCTS));
  }
  // Root-level product pages and folded twins (both spellings exist, in different folders).
  for (const p of PRODUCTS.slice(0, 6)) add(LANGS[0]!, 'Tools', p);
  for (const [plain, accented] of FOLD_TWINS) {
    add(LANGS[1]!, `${LANGS[1]!.top}/${LANGS[1]!.topics[0]}`, accented);
    add(LANGS[0]!, `${LANGS[0]!.top}/${LANGS[0]!.topics[1]}`, plain);
  }
  // Accented pages whose plain spelling is only a link (folded resolution).
  for (const [, accented] of FOLD_TWINS.slice(0, 3)) add(LANGS[2]!, `${LANGS[2]!.top}/${LANGS[2]!.topics[1]}`, `${accented} ${LANGS[2]!.words[0]}`);
  for (const p of PUNCT_NAMES) add(pick(LANGS), 'Misc', p);
  // Pages at the vault's root (a README, an Index…) whose names are also in many folders, and root
  // folders named like a language's topic: a markdown href `README.md` or `Topic/Index.md` from a
  // nested page names the page beside it first, the root one only when nothing is there.
  for (const common of COMMON_NAMES) add(LANGS[0]!, '', common);
  for (const lang of LANGS.slice(0, 8)) {
    add(lang, '', `${lang.words[1]}`);
    add(lang, lang.top, `${lang.words[1]}`);
    add(lang, lang.topics[0]!, COMMON_NAMES[0]!);
    add(lang, `${lang.top}/${lang.topics[0]}`, COMMON_NAMES[0]!);
  }
  // NFD file names (written on macOS): Korean and French pages.
  for (const page of planned) if ((page.lang.code === 'ko' || page.lang.code === 'fr') && rand() < 0.15) page.path = page.path.normalize('NFD');

  // Targets by language, for links (most links stay in their language, some cross).
  const byLang = new Map<string, Planned[]>();
  for (const p of planned) {
    const list = byLang.get(p.lang.code);
    if (list) list.push(p);
    else byLang.set(p.lang.code, [p]);
  }
  const files: string[] = [];
  const pages: VaultPage[] = [];
  let bytes = 0;
  for (const page of planned) {
    const lang = page.lang;
    const own = byLang.get(lang.code)!;
    const size = Math.floor(1024 * Math.exp(rand() * Math.log(20)));
    let last: Planned = page;
    const linkTo = (): string => {
      const r = rand();
      const target = r < 0.85 ? pick(own) : pick(planned);
      last = target;
      const name = target.name;
      const dir = path.posix.dirname(target.path);
      const segs = dir.split('/');
      const w = rand();
      let t: string;
      if (w < 0.45) t = name;
      else if (w < 0.55) t = name.toLocaleLowerCase();
      else if (w < 0.6) t = name.toLocaleUpperCase();
      else if (w < 0.67) t = `${segs[segs.length - 1]}/${name}`; // partial path
      else if (w < 0.7) t = `${target.path.replace(/\.md$/, '')}`; // full path
      else if (w < 0.71) t = `${name}.md`;
      else if (w < 0.72) t = path.posix.relative(path.posix.dirname(page.path), target.path.replace(/\.md$/, '')); // "relative path" link format
      else if (w < 0.725) t = `../${pick(lang.topics)}/${name}`; // relative, often to no page (a deeper page may end so)
      else if (w < 0.73) t = `./${pick(lang.topics)}/${name}`;
      else if (w < 0.75) t = name.normalize('NFD');
      else if (w < 0.77) t = toFullWidth(name);
      else if (w < 0.8) t = stripAccents(name);
      else if (w < 0.82) t = name.replace(/ /g, '-');
      else if (w < 0.84 && target.aliases.length) t = pick(target.aliases);
      else if (w < 0.86 && target.title) t = target.title;
      else if (w < 0.9) t = `${pick(lang.words)}${lang.spaceless ? '' : ' '}${pick(lang.words)} ${Math.floor(rand() * 100)}`; // a page that does not exist
      else if (w < 0.92) t = pick(PRODUCTS); // bare product name
      else if (w < 0.94) t = pick(COMMON_NAMES);
      else if (w < 0.96) t = pick(FOLD_TWINS)[rand() < 0.5 ? 0 : 1];
      else if (w < 0.98) t = pick(PUNCT_NAMES);
      else t = `  ${name}  `;
      return t;
    };
    const link = (): string => {
      const t = linkTo();
      const s = rand();
      if (s < 0.55) return `[[${t}]]`;
      if (s < 0.7) return `[[${t}|${pick(lang.words)}]]`;
      if (s < 0.8) return `[[${t}#${pick(lang.headings)}]]`;
      if (s < 0.85) return `[[${t}#^${Math.floor(rand() * 1e6).toString(36)}]]`;
      if (s < 0.88) return `[[${t}#${pick(lang.headings)}|${pick(lang.words)}]]`;
      if (s < 0.93) return `![[${t}]]`;
      if (s < 0.955) {
        const f = `${pick(lang.words)}-${Math.floor(rand() * 50)}.png`;
        files.push(`attachments/${f}`);
        return `![[${f}]]`;
      }
      if (s < 0.98) {
        // A markdown link, as vaults with wiki links turned off write them: relative, or by name (shortest path).
        const to = last.path.normalize('NFC');
        const h = rand();
        const href =
          h < 0.45
            ? path.posix.relative(path.posix.dirname(page.path.normalize('NFC')), to)
            : h < 0.9
              ? to.slice(to.lastIndexOf('/') + 1)
              : h < 0.95
                ? pick(COMMON_NAMES) + '.md' // README.md: beside the page when there is one, else the root's
                : `./${pick(lang.topics)}/${to.slice(to.lastIndexOf('/') + 1)}`; // explicitly relative, often to no page
        return `[${pick(lang.words)}](${href.split('/').map(encodeURIComponent).join('/')})`;
      }
      return `[[${t}]]`;
    };
    const sentence = (): string => {
      const k = 6 + Math.floor(rand() * 14);
      const ws: string[] = [];
      for (let i = 0; i < k; i++) ws.push(pick(lang.words));
      return `${capitalise(ws.join(lang.spaceless ? (rand() < 0.3 ? ' ' : '') : ' '))}.`;
    };
    const fm: string[] = [];
    if (page.title) fm.push(`title: "${page.title}"`);
    if (page.aliases.length === 1 && rand() < 0.3) fm.push(`aliases: [${page.aliases.map((a) => `"${a}"`).join(', ')}]`);
    else if (page.aliases.length) fm.push(`aliases:\n${page.aliases.map((a) => `  - "${a}"`).join('\n')}`);
    if (rand() < 0.3) fm.push(`tags: [${lang.code}, ${pick(lang.topics).replace(/[\s,]+/g, '-')}]`);
    if (rand() < 0.2) fm.push(`up: "${link().replace(/^!/, '')}"`);
    let md = fm.length ? `---\n${fm.join('\n')}\n---\n\n` : '';
    // Most pages show their file name as the title (no H1); some repeat it as an H1.
    if (rand() < 0.4) md += `# ${page.name.normalize('NFC')}\n\n`;
    const parts: string[] = [];
    let len = md.length;
    while (len < size) {
      const r = rand();
      let block: string;
      if (r < 0.1) block = `## ${pick(lang.headings)}`;
      else if (r < 0.16) {
        // A table whose cells carry labelled links: the pipe is escaped.
        const rows = [`| ${lang.headings[0]} | ${lang.headings[1]} |`, '| --- | --- |'];
        for (let i = 0; i < 3; i++) rows.push(`| [[${linkTo()}\\|${pick(lang.words)}]] | ${sentence()} |`);
        block = rows.join('\n');
      } else if (r < 0.2) block = `\`\`\`md\n${sentence()} [[${linkTo()}]]\n\`\`\``; // a code block: not a link
      else if (r < 0.24) block = `${sentence()} \`[[${linkTo()}]]\` ${sentence()}`; // a code span: not a link
      else if (r < 0.3) block = `- ${sentence()} ${link()}\n- ${link()} ${sentence()}\n  - ${sentence()} ${link()}`;
      else if (r < 0.33) block = `> ${sentence()} ${link()}`;
      else if (r < 0.35) block = `${sentence()} [${pick(lang.words)}](https://example.org/${encodeURIComponent(pick(lang.words))}) ${sentence()}`;
      else {
        const ss: string[] = [];
        const k = 2 + Math.floor(rand() * 4);
        for (let i = 0; i < k; i++) ss.push(rand() < 0.55 ? `${sentence()} ${link()}` : sentence());
        block = ss.join(' ');
        if (rand() < 0.1) block += ` ^${Math.floor(rand() * 1e6).toString(36)}`;
      }
      parts.push(block);
      len += block.length + 2;
    }
    md += `${parts.join('\n\n')}\n`;
    pages.push({ path: page.path, lang: lang.code, group: lang.group, markdown: md });
    bytes += Buffer.byteLength(md);
  }
  return { pages, bytes, files: [...new Set(files)] };
}

export function writeVault(dir: string, vault: Vault): void {
  for (const p of vault.pages) {
    const file = path.join(dir, p.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, p.markdown);
  }
  // A tiny PNG per embedded file: embeds of files are not page links.
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  for (const f of vault.files) {
    const file = path.join(dir, f);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, png);
  }
}
