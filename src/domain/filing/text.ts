// Text helpers shared by the filing extractors: line cleanup, JSON session transcripts,
// dates, e-mail addresses, sentences and capitalised names. Pure and deterministic.
import { buddhistEraAt, intlAsciiDigits, intlDatesIn, isBuddhistYear, nounAfter, wordLikeMonth } from './intlDates.js';

export interface Turn {
  speaker: string;
  text: string;
  /** When the message was written (YYYY-MM-DD), when the transcript says. */
  at?: string;
  /** When the message was written, as epoch milliseconds, when the transcript gives its time of day too. */
  ms?: number;
  /** A pasted line's own stamp as written ("19.05.2026 21:14" in `Nutzer (19.05.2026 21:14): …`), read with the item's date order. */
  stamp?: string;
}

/** An ISO timestamp or epoch seconds/milliseconds as YYYY-MM-DD, or null. */
export function isoOf(v: string | number): string | null {
  if (typeof v === 'number' || /^\d{9,13}(\.\d+)?$/.test(v)) {
    const n = Number(v);
    const ms = n > 1e11 ? n : n * 1000;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
  }
  return datesIn(v)[0] ?? null;
}

export const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Mail domains that name no organisation (a person's own address). */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com',
  'proton.me', 'protonmail.com', 'aol.com', 'gmx.de', 'gmx.net', 'web.de', 'fastmail.com', 'hey.com', 'mail.com',
  'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'ymail.com', 'rocketmail.com',
  'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.es', 'hotmail.it', 'outlook.de', 'outlook.fr', 'outlook.es',
  'live.co.uk', 'live.fr', 'msn.com', 'pm.me', 'protonmail.ch', 'tutanota.com', 'tuta.io', 'zoho.com', 'zohomail.com',
  't-online.de', 'gmx.at', 'gmx.ch', 'gmx.com', 'posteo.de', 'mailbox.org', 'orange.fr', 'wanadoo.fr', 'free.fr',
  'laposte.net', 'sfr.fr', 'libero.it', 'virgilio.it', 'alice.it', 'btinternet.com', 'sky.com', 'seznam.cz',
  'wp.pl', 'o2.pl', 'interia.pl', 'yandex.ru', 'yandex.com', 'mail.ru', 'bk.ru', 'list.ru', 'inbox.ru', 'rambler.ru',
  'qq.com', '163.com', '126.com', 'sina.com', 'naver.com', 'daum.net', 'hanmail.net', 'yahoo.co.jp', 'rediffmail.com',
  'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net', 'bigpond.com', 'uol.com.br', 'bol.com.br',
]);

/**
 * Hosts of platforms where organisations keep a profile (`url: https://www.linkedin.com/company/acme`):
 * never an organisation's own domain, so a page's web address on one of them is not indexed and
 * mail from one of them (invitations@linkedin.com) links no company that merely has a profile there.
 */
export const PLATFORM_HOSTS = new Set([
  'linkedin.com', 'github.com', 'github.io', 'gitlab.com', 'bitbucket.org', 'twitter.com', 'x.com', 'facebook.com',
  'instagram.com', 'crunchbase.com', 'medium.com', 'notion.site', 'notion.so', 'sites.google.com', 'google.com',
  'youtube.com', 'tiktok.com', 'angel.co', 'wellfound.com', 'substack.com', 'wordpress.com', 'blogspot.com',
  'wixsite.com', 'squarespace.com', 'linktr.ee', 'glassdoor.com', 'bsky.app', 'mastodon.social', 'threads.net',
]);
/** A host on a platform (the platform's own host or any subdomain of it: "acme.notion.site"). */
export function isPlatformHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  for (const p of PLATFORM_HOSTS) if (h === p || h.endsWith(`.${p}`)) return true;
  return false;
}

export function normalizeText(raw: string): string {
  return raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n').map(trimEndBlanks).join('\n');
}

/**
 * A line without its trailing spaces and tabs, by a scan from the end: `/[ \t]+$/gm` restarted at
 * every blank of a long run that a word ends (quadratic: 0.7 s on 16 KB of spaces before a letter).
 */
function trimEndBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return end === line.length ? line : line.slice(0, end);
}

export function nonEmptyLines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

/**
 * Scripts written without spaces between words whose vowel signs split main's count into syllables
 * (Thai, Lao, Khmer, Burmese). Chinese and Japanese keep main's count (a run of characters is one
 * word): the thresholds of CJK minutes and letters were set on it, and ICU's count broke them.
 */
const CONTINUA = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const CONTINUA_RUN = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}]+/gu;
let wordSegmenter: Intl.Segmenter | null = null;

/**
 * Words in a text. Runs of Thai, Lao, Khmer and Burmese are counted by ICU's word segmenter (a Thai
 * sentence is twenty words, not one); everything else as it always was, so the thresholds set on
 * Latin, Cyrillic, Devanagari or Bengali text keep their meaning.
 */
export function wordCount(text: string): number {
  if (!CONTINUA.test(text)) return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let words = 0;
  const rest = text.replace(CONTINUA_RUN, (run) => {
    for (const s of wordSegmenter!.segment(run)) if (s.isWordLike) words++;
    return ' ';
  });
  return words + (rest.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

/**
 * A calendar invitation's organizer address ("ORGANIZER;CN=Ada:mailto:ada@x.org"), lower-cased. Bounded
 * runs: the unbounded `[^\n]*?mailto:([^\s;]+@…)` took 0.5 s on a line of 40,000 repeated "mailto:".
 */
export function calendarOrganizer(raw: string): string | null {
  return /^ORGANIZER[^\n]{0,300}?mailto:([^\s;@]{1,64}@[^\s;]{1,255})/im.exec(raw)?.[1]?.toLowerCase() ?? null;
}

export function emailsIn(text: string): string[] {
  return unique(emailMatches(text).map(([a, b]) => text.slice(a, b).toLowerCase().replace(/\.$/, '')));
}

const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;
const LETTER = /[A-Za-z]/;

/**
 * The ranges EMAIL_PATTERN matches, found in linear time: the pattern itself backtracks over long
 * runs of `-`, `.` or digits (quadratic), so each `@` is taken in turn, its local part read
 * backwards and its domain forwards, and the domain cut where the pattern's backtracking would
 * cut it: at the last dot followed by two letters.
 */
export function emailMatches(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let lastEnd = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at < lastEnd) continue;
    let left = at;
    while (left > lastEnd && LOCAL_CHAR.test(text[left - 1]!)) left--;
    if (left === at) continue;
    let right = at + 1;
    while (right < text.length && DOMAIN_CHAR.test(text[right]!)) right++;
    // `[A-Za-z0-9.-]+\.[A-Za-z]{2,}`: the longest head, so the last usable dot.
    for (let dot = right - 3; dot > at + 1; dot--) {
      if (text[dot] !== '.' || !LETTER.test(text[dot + 1]!) || !LETTER.test(text[dot + 2]!)) continue;
      let end = dot + 3;
      while (end < right && LETTER.test(text[end]!)) end++;
      out.push([left, end]);
      lastEnd = end;
      break;
    }
  }
  return out;
}

export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Case-insensitive de-duplication that keeps the first spelling. */
export function uniqueText(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = v.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(v.trim());
  }
  return out;
}

/**
 * Words that head a list of the people in a meeting, in the languages notes are written in
 * (English, Spanish, Portuguese, French, Italian, German, Dutch, Polish, Russian, Japanese, Chinese).
 */
export const ATTENDEE_LABELS =
  '(?:required |optional )?(?:attendees|participants|invitees|guests)|present|asistentes|participantes|assistentes|présents|presents|partecipanti|presenti|teilnehmer(?:innen)?|teilnehmende|anwesend|deelnemers|aanwezig|uczestnicy|obecni|участники|присутствовали|参加者|出席者|与会者|参会人员|참석자|참석|참가자|osallistujat|l[äa]sn[äa]|paikalla|deltagare|n[äa]rvarande|deltagere|til stede|[úu][čc]astn[íi]ci|p[řr][íi]tomni|kat[ıi]l[ıi]mc[ıi]lar|الحاضرون|الحضور|المشاركون|उपस्थित|प्रतिभागी|उपस्थिति';

/**
 * Words that name a meeting in other languages (`\b` does not bound non-ASCII letters, so these
 * are matched between non-letters).
 */
export const MEETING_WORDS_INTL = /(?<!\p{L})(?:reuni[oó]n|reuni[ãa]o|r[ée]union|besprechung|sitzung|treffen|riunione|vergadering|overleg|spotkanie|zebranie|встреча|совещание|созвон|会議|打ち合わせ|ミーティング|会议|회의|미팅|palaveri|kokous|tapaaminen|m[öo]te|m[øo]de|m[øo]te|sch[ůu]zka|porada|toplant[ıi]|اجتماع|محضر|बैठक|मीटिंग)(?!\p{L})/iu;

/** Month names and their abbreviations, to the month's number (1–12). */
export const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
};

/**
 * Month names of the other languages items are written in (French, German, Spanish, Italian,
 * Portuguese, Dutch, Polish), for dates written out in full ("5 février 2026", "3. März 2026",
 * "5 de marzo de 2026"). Kept apart from MONTHS: short words like "mai" or "mars" are only read as
 * months when a day and a year stand beside them.
 */
export const FOREIGN_MONTHS: Readonly<Record<string, number>> = {
  janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, août: 8, aout: 8, septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
  januar: 1, jänner: 1, februar: 2, märz: 3, maerz: 3, juni: 6, juli: 7, oktober: 10, dezember: 12,
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9, octubre: 10, noviembre: 11, diciembre: 12,
  gennaio: 1, febbraio: 2, aprile: 4, maggio: 5, giugno: 6, luglio: 7, settembre: 9, ottobre: 10, dicembre: 12,
  janeiro: 1, fevereiro: 2, março: 3, maio: 5, junho: 6, julho: 7, setembro: 9, outubro: 10, dezembro: 12,
  januari: 1, februari: 2, maart: 3, mei: 5, augustus: 8,
  novembro: 11,
  // Polish writes the month in the genitive after a day ("14 października 2026").
  stycznia: 1, lutego: 2, marca: 3, kwietnia: 4, maja: 5, czerwca: 6, lipca: 7, sierpnia: 8, września: 9, wrzesnia: 9, października: 10, pazdziernika: 10, listopada: 11, grudnia: 12,
  // Russian and Ukrainian write it in the genitive too ("1 апреля 2027 г.", "5 березня 2027"); Finnish in the partitive ("4. helmikuuta 2027").
  января: 1, февраля: 2, марта: 3, апреля: 4, мая: 5, июня: 6, июля: 7, августа: 8, сентября: 9, октября: 10, ноября: 11, декабря: 12,
  січня: 1, лютого: 2, березня: 3, квітня: 4, травня: 5, червня: 6, липня: 7, серпня: 8, вересня: 9, жовтня: 10, листопада: 11, грудня: 12,
  tammikuuta: 1, helmikuuta: 2, maaliskuuta: 3, huhtikuuta: 4, toukokuuta: 5, kesäkuuta: 6, heinäkuuta: 7, elokuuta: 8, syyskuuta: 9, lokakuuta: 10, marraskuuta: 11, joulukuuta: 12,
  // Scandinavian spellings the others lack.
  maj: 5, augusti: 8, marts: 3,
  // Turkish ("9 Mart 2027", "14 Ekim").
  ocak: 1, şubat: 2, subat: 2, mart: 3, nisan: 4, mayıs: 5, mayis: 5, haziran: 6, temmuz: 7, ağustos: 8, agustos: 8, eylül: 9, eylul: 9, ekim: 10, kasım: 11, kasim: 11, aralık: 12, aralik: 12,
};

/**
 * Abbreviated month names of those languages ("20 ene. 2026", "3 fev 2026", "14. Okt. 2026", "3 déc. 2026").
 * Some are words too ("set", "out", "gen"), so they are only read between a day and a year.
 */
const FOREIGN_MONTH_ABBREVIATIONS: Readonly<Record<string, number>> = {
  ene: 1, abr: 4, ago: 8, dic: 12, fev: 2, set: 9, out: 10, dez: 12, jän: 1, mär: 3, okt: 10, janv: 1, févr: 2, fevr: 2, avr: 4, juil: 7, déc: 12,
  gen: 1, mag: 5, giu: 6, lug: 7, ott: 10, mrt: 3,
};

const WRITTEN_MONTHS: Readonly<Record<string, number>> = { ...MONTHS, ...FOREIGN_MONTHS, ...FOREIGN_MONTH_ABBREVIATIONS };

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** How `03/04/2026` reads: month first (US calendars and exports) or day first. */
export type DateOrder = 'mdy' | 'dmy';

/** Digits of other scripts (Arabic-Indic `٢٠٢٦`, Persian `۲۰۲۶`, Devanagari `२०२६`, full-width `２０２６`) as ASCII, one character for one. */
export function asciiDigits(text: string): string {
  // Every other numbering system ICU knows (Thai, Bengali, Khmer, Myanmar…) through its own digit table.
  return intlAsciiDigits(text);
}

/**
 * Every calendar date written in the text, as YYYY-MM-DD, in order of appearance. `order` says how
 * a slashed date whose two numbers could each be the month is read (`eventDate.slashOrder` decides it
 * for a whole item); dotted dates (`24.03.2026`) are always day first, and a first number above 12
 * is a day either way.
 */
export function datesIn(raw: string, opts: { order?: DateOrder } = {}): string[] {
  // Markdown emphasis (`_3 March 2026_`) must not glue the date to a word: `_` is a word character
  // to \b. Replaced by a space of the same length, so positions stay.
  // Direction marks (an Arabic phone's WhatsApp export writes them between a date's numbers) are dropped.
  const text = asciiDigits(raw.replace(/_/g, ' ').replace(/[\u200e\u200f\u061c]/g, ''));
  const found: Array<{ at: number; date: string }> = [];
  const push = (at: number, date: string | null) => {
    if (date) found.push({ at, date });
  };
  // A Buddhist-era year (Thai letters and Thai phones' exports: 543 years ahead) only beside Thai letters or its era.
  const year = (y: number, m: RegExpMatchArray) => (isBuddhistYear(y) && buddhistEraAt(text, m.index!, m.index! + m[0].length) ? y - 543 : y);
  for (const m of text.matchAll(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g)) push(m.index!, iso(year(+m[1]!, m), +m[2]!, +m[3]!));
  // 03/24/2026 (month first, as US calendars and exports write it) and 24.03.2026 (day first);
  // a first number above 12 is a day either way.
  // 24-03-2026 (dashes, as Dutch, Danish and many forms write it) is read like the slashed form.
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?!\d|[/.-]\d)/g)) {
    const a = +m[1]!;
    const b = +m[3]!;
    const dayFirst = m[2] === '.' || a > 12 || (opts.order === 'dmy' && b <= 12);
    push(m.index!, dayFirst ? iso(year(+m[4]!, m), b, a) : iso(year(+m[4]!, m), a, b));
  }
  // 3/24/26 and 24/3/26: a two-digit year, read in the same order, in this century.
  for (const m of text.matchAll(/(?<![\p{L}\d/.:-])(\d{1,2})\/(\d{1,2})\/(\d{2})(?![\p{L}\d/.:-])/gu)) {
    const a = +m[1]!;
    const b = +m[2]!;
    const dayFirst = a > 12 || (opts.order === 'dmy' && b <= 12);
    push(m.index!, dayFirst ? iso(2000 + +m[3]!, b, a) : iso(2000 + +m[3]!, a, b));
  }
  const monthNames = Object.keys(MONTHS).join('|');
  // 03-Mar-2026, 3-Mar-26: day, month abbreviation and year joined by dashes, as exports write them.
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\d-])(\\d{1,2})-(${monthNames})-(\\d{4}|\\d{2})(?![\\p{L}\\d-])`, 'giu'))) {
    push(m.index!, iso(m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!));
  }
  const mdy = new RegExp(`\\b(${monthNames})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi');
  for (const m of text.matchAll(mdy)) {
    if (wordLikeMonth(m[1]!) && nounAfter(text, m.index! + m[0].length)) continue;
    push(m.index!, iso(year(+m[3]!, m), MONTHS[m[1]!.toLowerCase()]!, +m[2]!));
  }
  // Day first, also as other languages write it: "3. März 2026", "1er mars 2026", "5 de marzo de 2026".
  const writtenNames = Object.keys(WRITTEN_MONTHS).join('|');
  // "of" only after an ordinal ("5th of May 2026", never "Top 5 of May 2026"), "de" only before another
  // language's month ("5 de marzo", never "5 de May"); a month written as a short lowercase word only
  // when no noun follows ("We sold 5 mar 2026 units").
  const dmy = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(st|nd|rd|th|er|º|\\.)?\\s+(?:(de|of)\\s+)?(${writtenNames})(?!\\p{L})\\.?,?\\s+(?:de\\s+|del\\s+)?(\\d{4})(?!\\d)`, 'giu');
  for (const m of text.matchAll(dmy)) {
    const [, day, ordinal, joint, month, y] = m;
    const english = MONTHS[month!.toLowerCase()] !== undefined;
    if (joint && (joint.toLowerCase() === 'of' ? !/^(?:st|nd|rd|th)$/i.test(ordinal ?? '') || !english : english)) continue;
    if (wordLikeMonth(month!) && nounAfter(text, m.index! + m[0].length)) continue;
    push(m.index!, iso(year(+y!, m), WRITTEN_MONTHS[month!.toLowerCase()]!, +day!));
  }
  // Chinese and Japanese: 2026年4月8日
  for (const m of text.matchAll(/(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g)) push(m.index!, iso(+m[1]!, +m[2]!, +m[3]!));
  // Korean: 2026년 11월 5일
  for (const m of text.matchAll(/(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) push(m.index!, iso(+m[1]!, +m[2]!, +m[3]!));
  // Month names of every locale and calendar ICU knows, eras and other calendars' dates (intlDates.ts).
  for (const f of intlDatesIn(text)) push(f.at, f.date);
  return unique(found.sort((a, b) => a.at - b.at).map((f) => f.date));
}

/** Split prose into sentences; keeps list items and lines as their own sentences. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const l = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim();
    if (!l) continue;
    for (const s of l.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(\[])/)) {
      const t = s.trim();
      if (t) out.push(t);
    }
  }
  return out;
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/**
 * Words that start sentences or are capitalised for grammar, not because they name something.
 * Transcript labels are among them ("Decision:", "Action:", a to-do label): they are content the filer
 * reads, not markers in this code. Listed in title case; `isNotName` folds a word in capitals to it.
 */
const NOT_NAMES = new Set(
  (
    'I I’ll I\'ll I’m I\'m I’ve I\'ve I’d I\'d A An The This That These Those We You He She It They Our Your My His Her Their Its Let Lets Let’s Ok Okay Yes No Hi Hello Hey Thanks ' +
    'Thank So And But Or If When Then Also Next Today Tomorrow Yesterday Monday Tuesday Wednesday Thursday Friday Saturday Sunday ' +
    'January February March April May June July August September October November December Decision Decisions Action Actions ' +
    'Agenda Attendees Participants Summary Notes Note Meeting Call Date Title Subject Todo Open Question Questions Facts Fact ' +
    'Key Points Point User Assistant Human AI System Please Sure Great Good Right Well Just Can Could Would Should Will Shall Do Does ' +
    'Did Is Are Was Were Be Been Have Has Had What Why How Where Who Which Here There All Any Some Each Every Both For From With ' +
    'Without About After Before During Into Onto Over Under Not Nothing Everything Everyone Someone One Two Three First Second ' +
    'Last Follow Follow-up Update Updates Re Fwd Dear Best Regards Cheers Agreed Decided Discussed Action-items Owner Due Status ' +
    'Goal Goals Risk Risks Background Context Overview Introduction Conclusion Version Revision Draft Final Section Page Appendix ' +
    'Maybe Perhaps Because Since Until While Although However Therefore Meanwhile Otherwise Instead Once Still Yet Again Even Only'
  ).split(/\s+/),
);

/** A grammar word or transcript label, as written or in capitals ("ACTION:", "NOTES"); acronyms not listed stay names. */
function isNotName(word: string): boolean {
  if (NOT_NAMES.has(word)) return true;
  return /^[A-Z]{2,}$/.test(word) && NOT_NAMES.has(word.charAt(0) + word.slice(1).toLowerCase());
}

/**
 * Capitalised names ("Ada Lovelace", "Acme Corp", "Project Falcon") in the text. Single words
 * count only when they are not sentence starters or grammar words; the caller resolves them
 * against the brain before trusting them.
 */
export function capitalisedNames(text: string, opts: { keepSentenceStarts?: boolean } = {}): string[] {
  const names: string[] = [];
  // Capitals of every cased script (Latin with accents, Greek, Cyrillic, Armenian…), not only A–Z.
  const word = "\\p{Lu}[\\p{L}\\p{M}'’&-]*[\\p{L}\\p{M}]|\\p{Lu}{2,}";
  const re = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_@./])((?:${word})(?:\\s+(?:of\\s+|de\\s+|del\\s+|van\\s+|von\\s+)?(?:${word}))*)(?![\\p{L}\\p{M}\\p{N}_@])`, 'gu');
  const singlesAtStart = new Set<string>();
  const singlesInside = new Set<string>();
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(re)) {
      // A capitalised word that opens a sentence may just be grammar ("Adding the index...").
      const before = line.slice(0, m.index!).replace(/[\s"“'‘(\[*_>#-]+$/, '');
      const atSentenceStart = before === '' || /[.!?:;]$/.test(before) || /^\s*(?:[-*+]|\d+[.)])$/.test(before);
      let parts = m[1]!.split(/\s+/);
      while (parts.length && isNotName(parts[0]!)) parts = parts.slice(1);
      while (parts.length && isNotName(parts[parts.length - 1]!)) parts = parts.slice(0, -1);
      if (!parts.length) continue;
      const name = parts.join(' ');
      if (parts.length === 1 && (name.length < 3 || isNotName(name))) continue;
      if (parts.length === 1) (atSentenceStart && name === m[1]!.split(/\s+/)[0] ? singlesAtStart : singlesInside).add(name);
      names.push(name);
    }
  }
  // Callers that check every name against the brain may keep sentence starters ("Atlas pilot review").
  if (opts.keepSentenceStarts) return uniqueText(names);
  return uniqueText(names.filter((n) => !singlesAtStart.has(n) || singlesInside.has(n) || /^[A-Z]{2,}$/.test(n)));
}

/** A display name from an e-mail local part: `ada.lovelace@x` → "Ada Lovelace". */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0]!.replace(/\+.*$/, '');
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())
    .join(' ');
}

/** An organisation name from a mail domain: `mail.acme-corp.com` → "Acme Corp". */
export function companyFromDomain(domain: string): string {
  const parts = domain.toLowerCase().split('.');
  const core = parts.length >= 3 && ['co', 'com', 'org', 'net', 'ac', 'gov'].includes(parts[parts.length - 2]!) ? parts[parts.length - 3]! : parts[parts.length - 2] ?? parts[0]!;
  return core
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join(' ');
}

/** The registrable part of a mail domain: `mail.acme.com` → `acme.com`. */
export function baseDomain(domain: string): string {
  const parts = domain.toLowerCase().split('.');
  if (parts.length >= 3 && ['co', 'com', 'org', 'net', 'ac', 'gov'].includes(parts[parts.length - 2]!)) return parts.slice(-3).join('.');
  return parts.slice(-2).join('.');
}

// ---------- JSON session transcripts ----------

/** The kinds of formatted text a Telegram export splits a message into. */
const TELEGRAM_ENTITY = /^(?:plain|bold|italic|underline|strikethrough|spoiler|code|pre|link|text_link|mention|mention_name|hashtag|cashtag|bot_command|email|phone|bank_card|blockquote|custom_emoji)$/;

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    // A Telegram message split into formatted pieces is one run of text, not lines.
    const pieces = content.some((p) => p && typeof p === 'object' && typeof (p as Record<string, unknown>).type === 'string' && TELEGRAM_ENTITY.test((p as Record<string, unknown>).type as string));
    return content
      .map((part) => {
        if (typeof part === 'string') return part;
        if (part && typeof part === 'object') {
          const p = part as Record<string, unknown>;
          if (typeof p.type === 'string' && /^(?:input_|output_)?text$/.test(p.type) && typeof p.text === 'string') return p.text;
          // Gemini's parts: `{ text }` without a type.
          if (p.type === undefined && typeof p.text === 'string') return p.text;
          // Telegram's formatted pieces of one message: `{ type: 'bold' | 'link' | 'mention' | …, text }`.
          if (typeof p.type === 'string' && typeof p.text === 'string' && TELEGRAM_ENTITY.test(p.type)) return p.text;
        }
        return '';
      })
      .filter(Boolean)
      .join(pieces ? '' : '\n');
  }
  if (content && typeof content === 'object') {
    const c = content as Record<string, unknown>;
    if (typeof c.text === 'string') return c.text;
    if (Array.isArray(c.parts)) return contentText(c.parts);
    if ('content' in c) return contentText(c.content);
  }
  return '';
}

function turnOf(entry: unknown): Turn | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const inner = e.message && typeof e.message === 'object' ? (e.message as Record<string, unknown>) : e;
  const author = inner.author && typeof inner.author === 'object' ? (inner.author as Record<string, unknown>).role : inner.author;
  // Chat-client exports (Slack) name the person in a profile beside an opaque user id.
  const profile = e.user_profile && typeof e.user_profile === 'object' ? (e.user_profile as Record<string, unknown>) : null;
  const person = [profile?.real_name, profile?.display_name, e.user_name, e.username].find((v) => typeof v === 'string' && v.trim());
  const speaker = [inner.role, inner.sender, inner.speaker, author, inner.from, inner.name, person, e.type].find((v) => typeof v === 'string') as string | undefined;
  // LangChain keeps a message's content under `data`; Gemini under `parts`.
  const data = e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : null;
  // The first of them that holds text: a Claude message may carry an empty `content` list beside its `text`.
  const said = [inner.content, inner.text, inner.message, inner.body, inner.parts, data?.content].map((c) => (c == null ? '' : contentText(c))).find((t) => t.trim()) ?? '';
  // An agent's outgoing message (a tool call that sends mail or a chat message) is what it said to someone.
  const sent = sentMessages([...(Array.isArray(inner.tool_calls) ? inner.tool_calls : []), ...(Array.isArray(inner.content) ? inner.content : [])]);
  const text = [said, ...sent].filter((t) => t.trim()).join('\n');
  if (!speaker || !text.trim()) return null;
  if (/^(system|tool|tool_result|function)$/i.test(speaker)) return null;
  // Telegram exports stamp each message with `date` (local ISO time) and `date_unixtime`: the local
  // time gives the writer's own day (epoch seconds give the UTC day: 00:30 in Warsaw is the day before).
  // Slack stamps each message with `ts` (epoch seconds with a sequence: "1789300800.000100").
  const at = [e.timestamp, e.created_at, e.createdAt, inner.create_time, inner.timestamp, inner.created_at, e.date, e.date_unixtime, e.ts].find((v) => typeof v === 'string' || typeof v === 'number');
  const day = at != null ? isoOf(at as string | number) : null;
  const ms = day ? msOf(at as string | number) : null;
  return { speaker: speakerName(speaker), text: text.trim(), ...(day ? { at: day } : {}), ...(ms != null ? { ms } : {}) };
}

/** An ISO timestamp with its time of day ("2026-06-03T23:50:00Z", "2026-06-03 23:50:00") or epoch seconds/milliseconds, as epoch milliseconds; null without a time. */
function msOf(v: string | number): number | null {
  if (typeof v === 'number' || /^\d{9,13}(\.\d+)?$/.test(v)) {
    const n = Number(v);
    return n > 1e11 ? n : n * 1000;
  }
  // The clock as written (a local time stays local): only gaps between messages are measured.
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(v.trim());
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}Z`);
  return Number.isNaN(t) ? null : t;
}

/**
 * The messages an agent sent through its tools: a call (OpenAI `tool_calls[].function.arguments`, JSON
 * text; Anthropic `tool_use.input`) whose arguments hold a recipient address (`to`) and a subject or a
 * body, read as "Message to <address>: <subject> — <body>". Other tool calls say nothing to anyone.
 */
function sentMessages(calls: unknown[]): string[] {
  const out: string[] = [];
  for (const c of calls) {
    if (!c || typeof c !== 'object') continue;
    const call = c as Record<string, unknown>;
    const fn = call.function && typeof call.function === 'object' ? (call.function as Record<string, unknown>) : null;
    let args: unknown = call.type === 'tool_use' ? call.input : fn?.arguments;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        continue;
      }
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) continue;
    const a = args as Record<string, unknown>;
    const to = (Array.isArray(a.to) ? a.to : [a.to]).filter((v): v is string => typeof v === 'string' && /@/.test(v));
    const subject = typeof a.subject === 'string' ? a.subject.trim() : '';
    const body = [a.body, a.text, a.message].find((v): v is string => typeof v === 'string' && !!v.trim())?.trim() ?? '';
    if (!to.length || !(subject || body)) continue;
    out.push(`Message to ${to.join(', ')}: ${[subject, body].filter(Boolean).join(' — ')}`);
  }
  return out;
}

function speakerName(raw: string): string {
  const s = raw.trim();
  if (/^(?:user|human|usuari[oa]|usu[áa]ri[oa]|utilisat(?:eur|rice)|benutzer(?:in)?|nutzer(?:in)?|utente|gebruiker|u[żz]ytkownik|пользователь|ユーザー|あなた|用户|t[úu]|yo|voc[êe]|eu|du|ich|vous|moi|io|jij|ik)$/iu.test(s)) return 'User';
  if (/^(?:assistant|ai|model|bot|claude|chatgpt|gemini|copilot|gpt|asistente|assistent(?:in)?|assistente|ki|ia|ассистент|アシスタント|助手)$/iu.test(s)) return 'Assistant';
  return s;
}

function isRoleMessage(m: unknown): m is Record<string, unknown> {
  return !!m && typeof m === 'object' && !Array.isArray(m) && typeof (m as Record<string, unknown>).role === 'string' && 'content' in (m as Record<string, unknown>);
}

function roleList(v: unknown): unknown[] | null {
  return Array.isArray(v) && v.some(isRoleMessage) ? v : null;
}

/** Keys under which API logs nest a request or a response. */
const NESTED_KEYS = ['request', 'body', 'params', 'payload', 'data', 'log', 'response', 'result'];

/**
 * A chat-completions request/response log (OpenAI and compatible APIs): the request's
 * `messages: [{role, content}]` (or a Responses API `input`), then the reply from `choices[0].message`
 * (or `output: [{role, content}]`), found at the top or nested under request/response/body/…; the
 * first `created` (unix seconds) dates it. Null when the object holds no such messages.
 */
export function completionLog(o: unknown): { entries: unknown[]; created: string | number | null } | null {
  const entries: unknown[] = [];
  let created: string | number | null = null;
  const visit = (x: unknown, depth: number) => {
    if (!x || typeof x !== 'object' || Array.isArray(x) || depth > 3) return;
    const r = x as Record<string, unknown>;
    if ((typeof r.created === 'number' || typeof r.created === 'string') && created == null) created = r.created;
    const list = roleList(r.messages) ?? roleList(r.input) ?? roleList(r.history);
    if (list) entries.push(...list);
    if (Array.isArray(r.choices)) {
      const first = r.choices[0] as Record<string, unknown> | undefined;
      if (first && typeof first === 'object' && isRoleMessage(first.message)) entries.push(first.message);
    }
    if (Array.isArray(r.output)) entries.push(...r.output.filter(isRoleMessage));
    for (const k of NESTED_KEYS) if (k in r) visit(r[k], depth + 1);
  };
  visit(o, 0);
  return entries.length ? { entries, created } : null;
}

/** API log records (request/response pairs) expanded into their messages; a message repeated by a later request is kept once. */
function expandCompletionLogs(entries: unknown[], meta: Record<string, string>): unknown[] {
  if (!entries.some((e) => !isRoleMessage(e) && e && typeof e === 'object' && completionLog(e))) return entries;
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const log = isRoleMessage(e) ? null : completionLog(e);
    if (log?.created != null && !meta.date) meta.date = isoOf(log.created) ?? '';
    for (const m of log ? log.entries : [e]) {
      const key = isRoleMessage(m) ? `${m.role}\u0000${contentText(m.content)}` : null;
      if (key != null && seen.has(key)) continue;
      if (key != null) seen.add(key);
      out.push(m);
    }
  }
  if (!meta.date) delete meta.date;
  return out;
}

/**
 * Parse a chat or agent session transcript posted as JSON: an array of messages, an object
 * with `messages`/`transcript`/`turns`/`conversation`, or JSON Lines (one event per line, as
 * session-end hooks write them). Returns null when the text is not such a transcript.
 */
export function parseSessionTranscript(text: string): { turns: Turn[]; meta: Record<string, string> } | null {
  const trimmed = text.trim();
  if (!trimmed || !/^[[{]/.test(trimmed)) return null;
  let entries: unknown[] | null = null;
  const meta: Record<string, string> = {};
  try {
    let parsed = JSON.parse(trimmed) as unknown;
    // An export wrapped in an object (`{ "conversations": [...] }`), or holding other records beside its
    // conversations (projects, users): the conversations are the session.
    const isConversation = (c: unknown) => !!c && typeof c === 'object' && !Array.isArray(c) && ('mapping' in c || 'chat_messages' in c);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const o = parsed as Record<string, unknown>;
      const wrapped = [o.conversations, o.chats].find((v) => Array.isArray(v) && v.some(isConversation)) as unknown[] | undefined;
      if (wrapped && !isConversation(o)) parsed = wrapped;
    }
    if (Array.isArray(parsed) && parsed.some(isConversation)) parsed = parsed.filter(isConversation);
    // An export of several conversations (ChatGPT, Claude): each one's messages, in order, as one
    // session; its date and title are the first conversation's, and the title says how many more.
    if (Array.isArray(parsed) && parsed.length && parsed.every(isConversation)) {
      if (parsed.length === 1) parsed = parsed[0];
      else {
        // Exporters list the most recent conversation first: read them in the order they were held.
        const parts = parsed
          .map((c) => parseSessionTranscript(JSON.stringify(c)))
          .filter((x): x is { turns: Turn[]; meta: Record<string, string> } => x != null)
          .map((x, i) => ({ x, i, at: isoOf(x.meta.date || x.meta.created_at || x.meta.createdAt || '') ?? '9999' }))
          .sort((a, b) => a.at.localeCompare(b.at) || a.i - b.i)
          .map((e) => e.x);
        if (!parts.length) return null;
        const merged: Record<string, string> = { ...parts[0]!.meta };
        if (merged.title && parts.length > 1) merged.title = `${merged.title} (and ${parts.length - 1} more conversation${parts.length === 2 ? '' : 's'})`;
        return { turns: parts.flatMap((x) => x.turns), meta: merged };
      }
    }
    if (Array.isArray(parsed)) entries = parsed;
    else if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      for (const k of ['title', 'name', 'summary', 'session_id', 'sessionId', 'cwd', 'project', 'date', 'created_at', 'createdAt', 'started_at', 'create_time']) {
        if (typeof o[k] === 'string' && k !== 'create_time') meta[k === 'name' ? 'title' : k] ??= o[k] as string;
        else if ((k === 'create_time' || k === 'created_at') && typeof o[k] === 'number') meta.date ??= isoOf(o[k] as number) ?? '';
      }
      if (!meta.title) delete meta.title;
      // A chat client's export names its channel ("proj-orchard", `#falcon-launch`): what the thread is about.
      const channel = o.channel && typeof o.channel === 'object' ? (o.channel as Record<string, unknown>).name : (o.channel ?? o.channel_name);
      if (typeof channel === 'string' && channel.trim()) meta.channel = channel.trim();
      if (o.mapping && typeof o.mapping === 'object') entries = mappingMessages(o.mapping as Record<string, unknown>, typeof o.current_node === 'string' ? o.current_node : null);
      const list = entries ?? [o.messages, o.transcript, o.turns, o.conversation, o.chat_messages, o.contents, o.chat_history, o.dialogue, o.dialog].find(Array.isArray);
      // A chat-completions request/response log: messages nested under request/response/body, the
      // reply in choices[].message, `created` in unix seconds.
      const log = !o.mapping && (!list || 'choices' in o || 'response' in o || 'request' in o) ? completionLog(o) : null;
      if (log) {
        entries = log.entries;
        if (log.created != null) meta.date ??= isoOf(log.created) ?? '';
        if (!meta.date) delete meta.date;
      } else if (list) entries = list as unknown[];
      else if (typeof o.transcript === 'string') return { turns: linesToTurns(o.transcript as string), meta };
    }
  } catch {
    const lines = trimmed.split('\n').filter((l) => l.trim());
    const parsedLines: unknown[] = [];
    for (const l of lines) {
      try {
        parsedLines.push(JSON.parse(l));
      } catch {
        return null;
      }
    }
    entries = parsedLines;
  }
  if (!entries) return null;
  entries = expandCompletionLogs(entries, meta);
  const turns = entries.map(turnOf).filter((t): t is Turn => t != null);
  if (!meta.date && !meta.created_at && !meta.createdAt && !meta.started_at) {
    const first = turns.find((t) => t.at)?.at;
    if (first) meta.date = first;
  }
  return turns.length ? { turns, meta } : null;
}

/** A ChatGPT export's `mapping` tree as a list of messages: the branch ending at `current`, else by time. */
function mappingMessages(mapping: Record<string, unknown>, current: string | null): unknown[] {
  const nodes = mapping as Record<string, { message?: unknown; parent?: string | null }>;
  const chain: unknown[] = [];
  if (current && nodes[current]) {
    const seen = new Set<string>();
    for (let id: string | null | undefined = current; id && nodes[id] && !seen.has(id); id = nodes[id]!.parent) {
      seen.add(id);
      if (nodes[id]!.message) chain.unshift(nodes[id]!.message);
    }
    return chain;
  }
  const all = Object.values(nodes).map((n) => n?.message).filter((m): m is Record<string, unknown> => !!m && typeof m === 'object');
  return all.sort((a, b) => Number(a.create_time ?? 0) - Number(b.create_time ?? 0));
}

/** The numbered stand-ins recorders use when they do not know who spoke ("Speaker 2"). */
export const NUMBERED_SPEAKER = String.raw`(?:Speaker|Sprecher(?:in)?|Intervenant|Orador|Hablante|Participant|Guest|Unknown speaker)\s+\d{1,2}`;
/** `Name: text` (optionally with a [hh:mm] or (hh:mm:ss) stamp and **bold**) as one speaker turn. */
export const SPEAKER_LINE = new RegExp(
  String.raw`^(?:\[?\(?\d{1,2}:\d{2}(?::\d{2})?\)?\]?\s*[-–]?\s*)?\**(${NUMBERED_SPEAKER}|[A-Z][\p{L}'’.-]*(?:\s+[A-Z][\p{L}'’.-]*){0,3})\**\s*(?:\(([^)]*)\))?\s*:\**\s+(.+)$`,
  'u',
);

const NOT_SPEAKERS = /^(Created|Exported|Updated|Last updated|Model|Started|Ended|Duration|Tags|Link|Date|Title|Subject|Attendees|Participants|Present|Agenda|Summary|Decision|Decisions|Action|Action items?|Actions|Todo|Note|Notes|Location|Time|When|Where|Re|Fwd|From|To|Cc|Owner|Due|Status|Meeting|Call|Topic|Next steps|Follow-up|Question|Q|A|Fact|URL|Source|Version|Author|Company|Client|Project|Key points?|Open questions?|Goal|Goals|Risks?|Background)$/i;

/** Labels of notes in other languages (and attendee labels in any): fields, not people speaking. */
const NOT_SPEAKERS_INTL = new RegExp(
  `^(?:${ATTENDEE_LABELS}|notas|notizen|fecha|datum|stand|ort|lugar|hora|zeit|thema|tema|asunto|betreff|objet|sujet|protokoll|acta|verslag|tagesordnung|orden del d[ií]a|ordre du jour|entscheidungen|beschl[üu]sse|decisiones|d[ée]cisions|acciones|aufgaben|actions|pr[óo]ximos pasos|n[äa]chste schritte|prochaines [ée]tapes|resumen|zusammenfassung|r[ée]sum[ée]|vertragspartner|laufzeit|volumen)$`,
  'iu',
);

export function speakerOf(line: string): { speaker: string; text: string; stamp?: string } | null {
  const m = SPEAKER_LINE.exec(line.trim());
  if (!m) return null;
  const speaker = m[1]!.trim();
  if (NOT_SPEAKERS.test(speaker) || NOT_SPEAKERS_INTL.test(speaker)) return null;
  // A one-word label over a date and nothing else ("Data: 21/10/2026", "Exported: 11/20/2026 9:12") is a
  // header field in whatever language, not someone speaking.
  if (!/\s/.test(speaker) && isDateOnly(m[3]!)) return null;
  // "Nutzer (19.05.2026 21:14): …": the parenthesis after the name is the message's stamp when it holds a date.
  const stamp = m[2] && isDateOnly(m[2]) ? m[2].trim() : undefined;
  return { speaker: speakerName(speaker), text: m[3]!.trim(), ...(stamp ? { stamp } : {}) };
}

/** A date (and a time of day) with at most one other word: a field's value, not a sentence. */
export function isDateOnly(value: string): boolean {
  if (value.length > 60 || !datesIn(value).length) return false;
  const rest = value.replace(/\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ][\d:.]+Z?)?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?|\d+/g, ' ');
  const words = rest.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length <= 5 && words.every((w) => w in WRITTEN_MONTHS || DATE_WORDS.has(w));
}

/** Words a written date and time carry besides the month: weekdays, "de", "of", "at", "Uhr", "UTC". */
const DATE_WORDS = new Set(
  (
    'de del of the at on am pm um uhr le la den der à a às h utc gmt cet cest est pst z t ' +
    'mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday ' +
    'lunes martes miércoles miercoles jueves viernes sábado sabado domingo ' +
    'segunda terça terca quarta quinta sexta feira ' +
    'montag dienstag mittwoch donnerstag freitag samstag sonntag mo di mi do fr sa so ' +
    'lundi mardi mercredi jeudi vendredi samedi dimanche ' +
    'lunedì martedì mercoledì giovedì venerdì sabato'
  ).split(' '),
);

/** Plain-text transcript lines to turns; continuation lines join the previous speaker's turn. */
export function linesToTurns(text: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (!l) continue;
    const s = speakerOf(l);
    if (s) turns.push({ speaker: s.speaker, text: s.text, ...(s.stamp ? { stamp: s.stamp } : {}) });
    else if (turns.length) turns[turns.length - 1]!.text += `\n${l}`;
  }
  return turns;
}
