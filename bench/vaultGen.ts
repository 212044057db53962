// A realistic Obsidian-style vault for benchmarks (issue 28): pages of 1–20 KB (log-uniform),
// dozens of links each (by name, by Folder/Name, with headings, block references, labels, `\|`
// inside tables, embeds, relative markdown links), frontmatter with aliases and tags, code blocks,
// in many scripts (about half Latin, the rest Greek, Cyrillic, Arabic, Persian, Hebrew, Devanagari,
// Bengali, Thai, Khmer, Chinese, Japanese, Korean, Armenian, Georgian), in nested folders with
// names that repeat across folders. Deterministic for a given seed.
import fs from 'node:fs';
import path from 'node:path';

const WORDS: Record<string, string[]> = {
  en: 'garden river project meeting notes budget design review weekly plan research market product team launch health travel recipe book reading history music theory practice goals'.split(' '),
  fr: 'thèmes réunion projet équipe été marché idée lecture histoire musique cuisine voyage santé année début fête création élève'.split(' '),
  de: 'straße übung größe prüfung bücher gemüse märchen grün schön führung zusammenfassung besprechung'.split(' '),
  es: 'reunión canción niño año mañana jardín política economía música lección corazón señal'.split(' '),
  el: 'κόσμος λόγος θάλασσα ιστορία μουσική φιλοσοφία σημειώσεις ταξίδι υγεία βιβλίο'.split(' '),
  ru: 'москва встреча проект заметки история музыка книга здоровье путешествие ёлка неделя'.split(' '),
  uk: 'київ зустріч проєкт нотатки історія музика книга здоров’я подорож тиждень'.split(' '),
  ar: 'القاهرة اجتماع مشروع ملاحظات تاريخ موسيقى كتاب صحة سفر أسبوع'.split(' '),
  fa: 'تهران جلسه پروژه یادداشت تاریخ موسیقی کتاب سلامت سفر هفته'.split(' '),
  he: 'ירושלים פגישה פרויקט הערות היסטוריה מוזיקה ספר בריאות טיול שבוע'.split(' '),
  hi: 'नमस्ते बैठक परियोजना नोट्स इतिहास संगीत किताब स्वास्थ्य यात्रा सप्ताह'.split(' '),
  bn: 'ঢাকা সভা প্রকল্প নোট ইতিহাস সংগীত বই স্বাস্থ্য ভ্রমণ সপ্তাহ'.split(' '),
  th: 'กรุงเทพ ประชุม โครงการ บันทึก ประวัติศาสตร์ ดนตรี หนังสือ สุขภาพ การเดินทาง สัปดาห์'.split(' '),
  km: 'ភ្នំពេញ ការប្រជុំ គម្រោង កំណត់ចំណាំ ប្រវត្តិសាស្ត្រ តន្ត្រី សៀវភៅ សុខភាព'.split(' '),
  zh: '北京 会议 项目 笔记 历史 音乐 书籍 健康 旅行 每周 使用 方法'.split(' '),
  ja: '東京 会議 プロジェクト メモ 歴史 音楽 本 健康 旅行 週次 カタカナ'.split(' '),
  ko: '서울 회의 프로젝트 노트 역사 음악 책 건강 여행 주간 사용법'.split(' '),
  hy: 'Երևան հանդիպում նախագիծ նշումներ պատմություն երաժշտություն'.split(' '),
  ka: 'თბილისი შეხვედრა პროექტი ჩანაწერები ისტორია მუსიკა'.split(' '),
};
// Languages weighted as a multilingual vault: about half Latin-script.
const LANGS = ['en', 'en', 'en', 'en', 'fr', 'fr', 'de', 'es', 'el', 'ru', 'uk', 'ar', 'fa', 'he', 'hi', 'bn', 'th', 'km', 'zh', 'zh', 'ja', 'ja', 'ko', 'ko', 'hy', 'ka'];
const LATIN_PRODUCTS = ['Notion', 'Figma', 'iPhone', 'Obsidian', 'Python', 'Excel', 'Zoom'];
const SPACELESS = new Set(['zh', 'ja', 'th', 'km']);

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
  markdown: string;
}

export interface GeneratedVault {
  pages: VaultPage[];
  bytes: number;
  links: number;
}

/** `n` pages of a multilingual vault (see the top of the file). */
export function generateVault(n: number, seed = 28): GeneratedVault {
  const r = rng(seed);
  const pick = <T>(a: T[]): T => a[Math.floor(r() * a.length)]!;
  const names: Array<{ path: string; name: string; lang: string; folder: string }> = [];
  const folders = ['Areas/Health', 'Areas/Finance', 'Projects/2024', 'Projects/2025/Alpha', 'Journal/2024', 'Resources/Books', 'Resources/Music', 'Inbox', 'People', 'Archive/Old', ''];
  const taken = new Set<string>();
  for (let i = 0; i < n; i++) {
    const lang = pick(LANGS);
    const words = WORDS[lang]!;
    const sep = SPACELESS.has(lang) && r() < 0.5 ? '' : ' ';
    let name = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(words)).join(sep);
    if (r() < 0.08) name = `${sep ? '' : ''}${name} ${pick(LATIN_PRODUCTS)}`; // mixed-script names
    if (lang === 'en' || lang === 'fr' || lang === 'de' || lang === 'es') name = name.charAt(0).toUpperCase() + name.slice(1);
    const langFolder = r() < 0.4 ? `Languages/${lang}` : pick(folders);
    // Names repeat across folders now and then (Obsidian tells them apart by path).
    let unique = name;
    for (let k = 2; taken.has(`${langFolder}/${unique}`.toLowerCase()); k++) unique = `${name} ${k}`;
    if (taken.has(unique.toLowerCase()) && r() < 0.7) unique = `${unique} ${i}`;
    taken.add(`${langFolder}/${unique}`.toLowerCase());
    taken.add(unique.toLowerCase());
    const folder = langFolder;
    names.push({ path: `${folder ? `${folder}/` : ''}${unique}.md`, name: unique, lang, folder });
  }
  let bytes = 0;
  let links = 0;
  const pages = names.map((p, i) => {
    const words = WORDS[p.lang]!;
    const sep = SPACELESS.has(p.lang) ? '' : ' ';
    const target = Math.exp(Math.log(1024) + r() * (Math.log(20 * 1024) - Math.log(1024))); // 1–20 KB, log-uniform
    const linkTo = () => {
      const t = names[Math.floor(r() * names.length)]!;
      links++;
      const x = r();
      if (x < 0.45) return `[[${t.name}]]`;
      if (x < 0.6) return `[[${t.name}|${pick(WORDS[t.lang]!)}]]`;
      if (x < 0.7) return `[[${t.name}#${pick(WORDS[t.lang]!)}]]`;
      if (x < 0.8 && t.folder) return `[[${t.folder.split('/').pop()}/${t.name}]]`;
      if (x < 0.85) return `[[${t.name}#^b${Math.floor(r() * 1000)}]]`;
      if (x < 0.9) return `![[${t.name}]]`;
      const rel = path.posix.relative(p.folder || '.', t.path).split('/').map(encodeURIComponent).join('/');
      return `[${pick(WORDS[t.lang]!)}](${rel})`;
    };
    const fm = ['---', `aliases: [${JSON.stringify(`${p.name} ${pick(words)}`)}]`, `tags: [${pick(['daily', 'work', 'idea', 'ref'])}, ${p.lang}]`, `created: 2024-0${1 + (i % 9)}-1${i % 10}`, '---'];
    const out = [...fm, `# ${p.name}`, ''];
    let size = out.join('\n').length;
    let section = 0;
    while (size < target) {
      const kind = r();
      let block: string;
      if (kind < 0.1) block = `## ${pick(words)}${sep}${pick(words)} ${++section}`;
      else if (kind < 0.2) block = Array.from({ length: 3 + Math.floor(r() * 4) }, () => `- ${pick(words)}${sep}${pick(words)} ${linkTo()}`).join('\n');
      else if (kind < 0.25) block = `| ${pick(words)} | ${pick(words)} |\n|---|---|\n| [[${names[Math.floor(r() * names.length)]!.name}\\|${pick(words)}]] | ${pick(words)} |`;
      else if (kind < 0.28) block = `\`\`\`js\n// [[not a link]]\nconst x = ${i};\n\`\`\``;
      else {
        const sentence = () => `${Array.from({ length: 6 + Math.floor(r() * 10) }, () => pick(words)).join(sep)}${r() < 0.4 ? ` ${linkTo()}` : ''}${SPACELESS.has(p.lang) ? '。' : '.'}`;
        block = Array.from({ length: 2 + Math.floor(r() * 4) }, sentence).join(' ') + (r() < 0.2 ? ` ^b${Math.floor(r() * 1000)}` : '');
      }
      out.push(block, '');
      size += Buffer.byteLength(block) + 2;
    }
    const markdown = out.join('\n');
    bytes += Buffer.byteLength(markdown);
    return { path: p.path, markdown };
  });
  return { pages, bytes, links };
}

/** Write the vault into `dir` (with an `.obsidian/` folder, as a real vault has). */
export function writeVault(dir: string, vault: GeneratedVault): void {
  for (const p of vault.pages) {
    const file = path.join(dir, p.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, p.markdown);
  }
  fs.mkdirSync(path.join(dir, '.obsidian'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.obsidian', 'app.json'), '{}');
}
