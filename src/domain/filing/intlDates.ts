// Dates written the ways the world writes them, read with the tables Node's ICU holds instead of word
// lists: the month names of every locale Intl knows (long and short, as a date writes them and as they
// stand alone), the digits of every numbering system, the words ICU writes between a day, a month and a
// year ("de", "ב", "năm", "m.", "г.") and the eras of the calendars people date letters in (Buddhist,
// Japanese, Minguo, Solar Hijri, Hijri, Hebrew, Ethiopian). A date in another calendar is converted to
// its Gregorian day by walking that calendar year's months with Intl from an estimate of the year's start
// (two or three formats a month, the months of a year cached together by calendar and year); a filed
// item converts at most CONVERSIONS_PER_TEXT such dates (withConversionBudget).
//
// The tables are built once, on first use, and cached; `intlTablesBuildMs` says how long that took.
// Reading is one linear pass over tokens (digit runs and letter runs): no pattern here is built from the
// names, so a long text costs a long scan, never a large alternation. A month name never makes a date
// alone: a day and a year must stand beside it, with nothing but spaces, dots, commas and ICU's own
// connecting words between them.

/** Calendars whose months have their own names. Buddhist, Japanese and Minguo share the Gregorian months. */
const NAMED_CALENDARS = ['persian', 'islamic-umalqura', 'hebrew', 'ethiopic', 'coptic', 'indian'] as const;
type NamedCalendar = (typeof NAMED_CALENDARS)[number];

/**
 * Where a month name points: a Gregorian month, or a month of another calendar as a locale writes it.
 * `locales` are the locales that write it ("es", or "en:hebrew" for a calendar's own words), so a word
 * between a day and a month counts only when one of them writes it there; `ymd` when the locales that
 * write the year first (Hungarian, Lithuanian, Japanese, Korean, Chinese, Persian, Burmese) write this
 * name and no other locale does.
 */
type MonthRef = ({ cal: 'gregory'; month: number } | { cal: NamedCalendar; locale: string; name: string }) & { locales: ReadonlySet<string>; ymd: boolean; dotOnly?: boolean; alts?: MonthRef[] };

/**
 * Words of English and the major European languages that are also some locale's short month ("Pro",
 * "Sun", "Sat", "Set", "Aus", "Leo", "Sie", "Est", "Mac", "Dis", "Gas", "Here"): never a month here,
 * dot or no dot ("iPhone 15 Pro 2023", "Beschluss Nr. 5 aus 2023.", "Haben Sie 3 Sie 2026").
 */
const COMMON_WORDS = new Set([
  'pro', 'sun', 'sat', 'set', 'aus', 'leo', 'sie', 'est', 'mac', 'dis', 'gas', 'here', 'mat', 'lis', 'kas', 'ara', 'out', 'fan', 'mut',
  'sam', 'fer', 'cam', 'ama', 'mud', 'lun', 'mot', 'dam', 'aga', 'kel', 'any', 'kan', 'tet', 'man', 'sin', 'per', 'con', 'den', 'die',
  'der', 'das', 'war', 'was', 'not', 'but', 'all', 'one', 'two', 'new', 'old', 'big', 'top', 'max', 'min', 'plus', 'team', 'and', 'the',
  'for', 'via', 'tag', 'mag', 'bis', 'hat', 'ist', 'son', 'sur', 'les', 'une', 'nos', 'por', 'sem', 'ter', 'par', 'mes', 'ano',
]);

/** The locales whose dates put the year first. */
const YEAR_FIRST = new Set(['hu', 'lt', 'ja', 'ko', 'zh', 'fa', 'my']);

interface Tables {
  months: Map<string, MonthRef>;
  /** Tokens ICU writes between a date's parts, and era abbreviations ("de", "ב", "m", "г", "พ", "ศ", "هـ"), to the locales that write them. */
  connectives: Map<string, Set<string>>;
  /** Era names of year-counting calendars (令和, 平成, 民國) to the Gregorian year before the era's year 1. */
  eras: Map<string, number>;
  /** Non-ASCII decimal digits to their value. */
  digits: Map<string, number>;
}

let tables: Tables | null = null;
let buildMs = 0;

/** Milliseconds the first use spent building the tables (0 before it). */
export function intlTablesBuildMs(): number {
  return buildMs;
}

const TOKEN = /\p{Nd}+|[\p{L}\p{M}]+/gu;

function norm(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(/[.\u200e\u200f\u061c]/g, '').trim();
}

/** The locales ICU has date data for: every two-letter language code it supports. */
function dateLocales(): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const codes: string[] = [];
  for (const a of letters) for (const b of letters) codes.push(a + b);
  return Intl.DateTimeFormat.supportedLocalesOf(codes, { localeMatcher: 'lookup' });
}

function tokensOf(s: string): string[] {
  return [...s.matchAll(TOKEN)].map((m) => norm(m[0]));
}

/** A month name worth reading: no digits but a Vietnamese "tháng 5", two letters at least, three in Latin script. */
function usableName(name: string): boolean {
  if (!name) return false;
  if (/\d/.test(name) && !/^\p{L}+ \d{1,2}$/u.test(name)) return false;
  const letters = [...name.replace(/[^\p{L}\p{M}]/gu, '')].length;
  return letters >= 3 || (letters === 2 && !/[a-z]/.test(name));
}

function build(locales: string[], global: boolean): Tables {
  const t0 = performance.now();
  const gregory = new Map<string, Set<number>>();
  const gregoryLocales = new Map<string, Set<string>>();
  // Every reading of a name: Tigrinya writes the Ethiopian month names for Gregorian months, Turkish
  // "Nisan" is April and a Hebrew month; the text around a date decides (see `resolve`).
  const named = new Map<string, Array<{ cal: NamedCalendar; locale: string; name: string; locales: Set<string> }>>();
  const connectives = new Map<string, Set<string>>();
  // Names a locale writes in its long date, and short names some locale writes with a dot ("Dez.", "sept.").
  const longNames = new Set<string>();
  const dotted = new Set<string>();
  const addConnectives = (s: string, tag: string) => {
    for (const tok of tokensOf(s)) {
      if (/\d/.test(tok) || [...tok].length > 5) continue;
      const set = connectives.get(tok) ?? new Set<string>();
      set.add(tag);
      connectives.set(tok, set);
    }
  };
  for (const loc of locales) {
    const tag = `${loc}-u-ca-gregory-nu-latn`;
    const forms = [
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }),
      new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    ];
    for (let m = 1; m <= 12; m++) {
      const day = new Date(Date.UTC(2026, m - 1, 15, 12));
      for (const [fi, f] of forms.entries()) {
        const parts = f.formatToParts(day);
        for (const [pi, p] of parts.entries()) {
          if (p.type === 'month') {
            const name = tokensOf(p.value).join(' ');
            if (!usableName(name)) continue;
            if (fi === 0) longNames.add(name);
            else if (p.value.endsWith('.') || parts[pi + 1]?.value.startsWith('.')) dotted.add(name);
            const set = gregory.get(name) ?? new Set<number>();
            set.add(m);
            gregory.set(name, set);
            const locs = gregoryLocales.get(name) ?? new Set<string>();
            locs.add(loc);
            gregoryLocales.set(name, locs);
          } else if (p.type === 'literal' && m === 1) addConnectives(p.value, loc);
        }
      }
    }
    // Months of the other calendars: the first day of each month of two years (a leap year and a common
    // one: Hebrew Adar I, Adar II and Adar, the Ethiopian Pagume), so no month is skipped.
    const uses = new Set((new Intl.Locale(loc).maximize() as Intl.Locale & { calendars?: string[] }).calendars ?? []);
    if (uses.has('islamic')) uses.add('islamic-umalqura');
    for (const cal of NAMED_CALENDARS) {
      if (loc !== 'en' && !uses.has(cal)) continue;
      const f = new Intl.DateTimeFormat(`${loc}-u-ca-${cal}-nu-latn`, { day: 'numeric', month: 'long', year: 'numeric', era: 'short', timeZone: 'UTC' });
      if (f.resolvedOptions().calendar !== cal) continue;
      const names = new Set<string>();
      for (const [i, m] of referenceMonths(cal).entries()) {
        for (const p of f.formatToParts(new Date(m.start))) {
          if (p.type === 'month') {
            const name = tokensOf(p.value).join(' ');
            if (usableName(name)) names.add(name);
          } else if (p.type === 'era' || (p.type === 'literal' && i === 0)) addConnectives(p.value, `${loc}:${cal}`);
        }
      }
      // ICU's Kashmiri 'indian' calendar writes the Hijri month names (ذِی الحج for Phalguna): no Indian
      // national month is written in Arabic script, so those names are left out.
      if (cal === 'indian' && [...names].some((n) => /\p{Script=Arabic}/u.test(n))) continue;
      for (const name of names) {
        const list = named.get(name) ?? [];
        const had = list.find((r) => r.cal === cal);
        if (had) had.locales.add(loc).add(`${loc}:${cal}`);
        else list.push({ cal, locale: loc, name, locales: new Set([loc, `${loc}:${cal}`]) });
        named.set(name, list);
      }
    }
  }
  const months = new Map<string, MonthRef>();
  for (const [name, set] of gregory) {
    if (set.size !== 1) continue;
    const locales = gregoryLocales.get(name)!;
    // A short form in Latin letters that no locale writes in full, and English does not write: read only
    // with the dot its locale writes, and never when it is a common word ("Pro", "Sun", "Sat", "Aus").
    const abbrev = !longNames.has(name) && !locales.has('en') && /^[\p{Script=Latin} ]+$/u.test(name);
    if ((abbrev && !dotted.has(name)) || (COMMON_WORDS.has(name) && !locales.has('en'))) continue;
    months.set(name, { cal: 'gregory', month: [...set][0]!, locales, ymd: [...locales].every((l) => YEAR_FIRST.has(l)), dotOnly: abbrev });
  }
  for (const [name, list] of named) {
    const readings: MonthRef[] = list.map((r) => ({ ...r, ymd: [...r.locales].some((l) => YEAR_FIRST.has(l)) }));
    const first = months.get(name) ?? readings.shift()!;
    const all = [first, ...readings];
    // The first reading stands for all of them: the words any of their locales write beside it join it.
    months.set(name, all.length === 1 ? first : { ...first, locales: new Set(all.flatMap((r) => [...r.locales])), alts: all });
  }
  // Eras of year-counting calendars, in the scripts that write them before the year (令和8年, 民國115年).
  const eras = new Map<string, number>();
  const digits = new Map<string, number>();
  if (!global) {
    buildMs += performance.now() - t0;
    return { months, connectives, eras, digits };
  }
  // The Thai era written beside a year (พ.ศ.) is a connecting word between a Thai month and its year.
  for (const p of new Intl.DateTimeFormat('th-u-ca-buddhist', { dateStyle: 'long', timeZone: 'UTC' }).formatToParts(new Date())) if (p.type === 'era' || p.type === 'literal') addConnectives(p.value, 'th');
  for (const [tag, from] of [['ja-u-ca-japanese', 1868], ['zh-Hant-u-ca-roc', 1912], ['zh-u-ca-roc', 1912], ['en-u-ca-japanese', 1868], ['en-u-ca-roc', 1912]] as const) {
    const f = new Intl.DateTimeFormat(`${tag}-nu-latn`, { era: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let y = from; y <= 2030; y++) {
      for (const md of [[0, 1], [11, 31]] as const) {
        const parts = f.formatToParts(new Date(Date.UTC(y, md[0], md[1], 12)));
        const era = parts.find((p) => p.type === 'era')?.value;
        const year = Number(parts.find((p) => p.type === 'year')?.value);
        if (era && Number.isFinite(year)) eras.set(norm(era), y - year);
      }
    }
  }
  for (const nu of Intl.supportedValuesOf('numberingSystem')) {
    let f: Intl.NumberFormat;
    try {
      f = new Intl.NumberFormat(`en-u-nu-${nu}`, { useGrouping: false });
    } catch {
      continue;
    }
    if (f.resolvedOptions().numberingSystem !== nu) continue;
    for (let d = 0; d <= 9; d++) {
      const s = f.format(d);
      if (s.length === 1 && s !== String(d)) digits.set(s, d);
    }
  }
  buildMs += performance.now() - t0;
  return { months, connectives, eras, digits };
}

let eraList: string[] | null = null;
/** The era names, listed once (a Han token is searched for one glued inside it). */
function eraNames(): string[] {
  eraList ??= [...getTables().eras.keys()];
  return eraList;
}

/** Eras, digits and the connecting words of eras: built once, whatever the text. */
function getTables(): Tables {
  tables ??= build([], true);
  return tables;
}

/** The locales ICU has date data for, by the script they write in ("Thai", "Arab", "Latn"), with a pattern finding that script. */
let byScript: Array<{ script: RegExp; locales: string[] }> | null = null;
const scriptTables = new Map<RegExp, Tables>();

/**
 * The month tables of the scripts a text is written in, each built on first need: a text in Latin and
 * Thai letters builds the tables of the Latin-script and Thai locales only (names of different scripts
 * never collide, so each script's table is sound alone).
 */
function tablesFor(text: string): Tables[] {
  if (!byScript) {
    const groups = new Map<string, string[]>();
    for (const loc of dateLocales()) {
      const script = new Intl.Locale(loc).maximize().script ?? '';
      groups.set(script, [...(groups.get(script) ?? []), loc]);
    }
    byScript = [];
    for (const [script, locales] of groups) {
      try {
        byScript.push({ script: new RegExp(`\\p{Script=${script}}`, 'u'), locales });
      } catch {
        // Han, Hangul and kana locales write months with digits (3月, 3월): their eras are read apart.
      }
    }
  }
  const out = [getTables()];
  for (const { script, locales } of byScript) {
    if (!script.test(text)) continue;
    let t = scriptTables.get(script);
    if (!t) {
      t = build(locales, false);
      scriptTables.set(script, t);
    }
    out.push(t);
  }
  return out;
}

/** Digits of every numbering system ICU knows (Thai, Bengali, Khmer, Myanmar…) as ASCII, one UTF-16 unit for one. */
export function intlAsciiDigits(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const { digits } = getTables();
  return text.replace(/\p{Nd}/gu, (d) => (d.length === 1 && digits.has(d) ? String(digits.get(d)) : d));
}

/**
 * Whether a year between `at` and `end` is counted in the Buddhist era (543 years ahead): Thai letters
 * stand within 40 characters of it, or its era is written (พ.ศ., B.E., or BE right after the year). "1/2/2500 units" is no date of 1957.
 */
export function buddhistEraAt(text: string, at: number, end: number): boolean {
  const near = text.slice(Math.max(0, at - 40), end + 40);
  // A bare "BE" only right after the year: before a date it is as likely Belgium ("Ref. BE 12/05/2500").
  return /\p{Script=Thai}/u.test(near) || /(?<![\p{L}])B\.[ \t]?E\.(?![\p{L}])/u.test(near) || /^[ \t]*BE(?![\p{L}])/u.test(text.slice(end, end + 8));
}

/** A year as written in the Buddhist era, when one may be. */
export function isBuddhistYear(y: number): boolean {
  return y >= 2443 && y <= 2743;
}

/**
 * A lowercase word after a date's year ("5 mar 2026 units", "3 set 2025 pieces"): the month was an
 * ordinary word and the numbers a count. A clock's word ("at", "um", "à") may follow a date.
 */
export function nounAfter(text: string, end: number): boolean {
  return /^[ \t]+(?!(?:at|um|à|às|a|alle|om|kl|o|de|del)(?![\p{L}\p{M}]))\p{Ll}/u.test(text.slice(end, end + 24));
}

/** A month written as a short lowercase word ("mar", "set", "ago", "dec"): an English word too, read only in a date's shape. */
export function wordLikeMonth(written: string): boolean {
  return /^[a-z]{2,3}$/.test(written);
}

/** A word of three letters or fewer with a letter outside ASCII ("г", "năm", "ปี"): the era or connecting word of a date outside English. */
function shortNonAscii(word: string): boolean {
  return [...word].length <= 3 && /[^\x00-\x7f]/.test(word);
}

/**
 * Words naming a calendar or its era, so that its month names written in Latin letters ("Ramadan",
 * "Tishri", "Farvardin", "Meskerem") are read as that calendar's months: an era abbreviation right
 * after the year (`after`) or the calendar's name on the same line (`named`).
 */
const CALENDAR_CONTEXT: Readonly<Record<NamedCalendar, { after: RegExp; named: RegExp }>> = {
  'islamic-umalqura': { after: /^[ \t]*(?:A\.?[ \t]?H\.?|H)(?![\p{L}])/u, named: /(?<![\p{L}])(?:hijri|hijr[iī]yy?ah?|hijrah?|hegira|islamic|lunar)(?![\p{L}])/iu },
  persian: { after: /^[ \t]*(?:S\.?[ \t]?H\.?|A\.?[ \t]?P\.?|H\.?[ \t]?Sh\.?)(?![\p{L}])/u, named: /(?<![\p{L}])(?:persian|iranian|solar hijri|shamsi|jalali|khorshidi)(?![\p{L}])/iu },
  hebrew: { after: /^[ \t]*A\.?[ \t]?M\.?(?![\p{L}])/u, named: /(?<![\p{L}])(?:hebrew|jewish)(?![\p{L}])/iu },
  ethiopic: { after: /^[ \t]*(?:E\.?[ \t]?C\.?|A\.?[ \t]?M\.?)(?![\p{L}])/u, named: /(?<![\p{L}])(?:ethiopian|ethiopic|amete mihret)(?![\p{L}])/iu },
  coptic: { after: /^[ \t]*A\.?[ \t]?M\.?(?![\p{L}])/u, named: /(?<![\p{L}])(?:coptic|alexandrian)(?![\p{L}])/iu },
  indian: { after: /^[ \t]*(?:S\.?[ \t]?E\.?|[ŚS]aka)(?![\p{L}])/u, named: /(?<![\p{L}])(?:[śs]h?aka|indian national)(?![\p{L}])/iu },
};

/** Whether the calendar of a date from `at` to its year's end is named: its era after the year, or its name on the line. */
function calendarNamed(cal: NamedCalendar, text: string, at: number, yearEnd: number): boolean {
  if (CALENDAR_CONTEXT[cal].after.test(text.slice(yearEnd, yearEnd + 12))) return true;
  const from = text.lastIndexOf('\n', at) + 1;
  const to = text.indexOf('\n', yearEnd);
  const line = text.slice(Math.max(from, at - 80), Math.min(to === -1 ? text.length : to, yearEnd + 80));
  return CALENDAR_CONTEXT[cal].named.test(line);
}

function iso(y: number, m: number, d: number): string | null {  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** The Gregorian year a calendar's year mostly falls in. */
function gregorianYearOf(cal: NamedCalendar, y: number): number {
  switch (cal) {
    case 'persian':
      return y + 621;
    case 'islamic-umalqura':
      return Math.round(y * 0.970229 + 621.57);
    case 'hebrew':
      return y - 3760;
    case 'ethiopic':
      return y + 7;
    case 'coptic':
      return y + 283;
    case 'indian':
      return y + 78;
  }
}

/** The Gregorian day (UTC noon, in ms) near which a calendar's year `y` begins: a guess a few weeks off at most. */
function yearStartEstimate(cal: NamedCalendar, y: number): number {
  const day = 86_400_000;
  switch (cal) {
    case 'persian':
      return Date.UTC(y + 621, 2, 21, 12);
    case 'islamic-umalqura':
      // The Hijri epoch (16 July 622, Julian) plus the mean lunar year.
      return Date.UTC(622, 6, 19, 12) + Math.round((y - 1) * 354.36707) * day;
    case 'hebrew':
      return Date.UTC(y - 3761, 8, 20, 12);
    case 'ethiopic':
      return Date.UTC(y + 7, 8, 11, 12);
    case 'coptic':
      return Date.UTC(y + 283, 8, 11, 12);
    case 'indian':
      return Date.UTC(y + 78, 2, 22, 12);
  }
}

/** The longest month of each calendar: a day past it is no date, whatever the month. */
const LONGEST_MONTH: Readonly<Record<NamedCalendar, number>> = { persian: 31, indian: 31, 'islamic-umalqura': 30, hebrew: 30, ethiopic: 30, coptic: 30 };

/** A month of another calendar: its first day (UTC noon, ms) and how many days it has. */
interface MonthSpan {
  start: number;
  days: number;
  /** Its English name (en writes every calendar's months by name). */
  name: string;
}

/**
 * The months of a calendar's year in order, keyed by (calendar, year) only: found by walking the year
 * month by month from an estimate of its start. A formatted day tells how far its month began, so each
 * month costs two or three formats, never one per day. Each month carries its English name; a locale's
 * name is mapped to it outside this cache (`monthNameMap`). Years are bounded (Gregorian 1900–2200), so
 * the cache holds about 6 × 310 years at most and is kept whole.
 */
const monthCache = new Map<string, MonthSpan[]>();
let formats = 0;
let conversions = 0;
let normalized = 0;
let examined = 0;

/** How many words the date scan normalized and how many tokens it examined, since the start. */
export function intlScanStats(): { normalized: number; examined: number } {
  return { normalized, examined };
}

/** How many dates of other calendars were converted and how many times Intl formatted a day for it, since the start. */
export function calendarConversionStats(): { conversions: number; formats: number } {
  return { conversions, formats };
}

function monthsOfYear(cal: NamedCalendar, y: number): MonthSpan[] {
  const key = `${cal}|${y}`;
  const had = monthCache.get(key);
  if (had) return had;
  const f = new Intl.DateTimeFormat(`en-u-ca-${cal}-nu-latn`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = 86_400_000;
  const read = (ms: number) => {
    formats++;
    const parts = f.formatToParts(new Date(ms));
    return {
      y: Number(parts.find((p) => p.type === 'year')?.value),
      d: Number(parts.find((p) => p.type === 'day')?.value),
      month: tokensOf(parts.find((p) => p.type === 'month')?.value ?? '').join(' '),
    };
  };
  const months: MonthSpan[] = [];
  // Start a month before the estimate, in the year before; then from each month's first day the next
  // month's first day is 29, 30 or 31 days on (5 or 6 for the Ethiopian and Coptic thirteenth month).
  let at = read(yearStartEstimate(cal, y) - 40 * day);
  let start = yearStartEstimate(cal, y) - 40 * day - (at.d - 1) * day;
  for (let n = 0; n < 20 && Number.isFinite(at.y) && at.y <= y; n++) {
    let next: number | null = null;
    for (const len of [30, 29, 31, 5, 6]) {
      const probe = read(start + len * day);
      if (probe.d === 1) {
        next = start + len * day;
        if (at.y === y) months.push({ start, days: len, name: at.month });
        at = probe;
        break;
      }
    }
    if (next === null) break;
    start = next;
  }
  monthCache.set(key, months);
  return months;
}

/** Two years of each calendar, a leap year among them (Hebrew 5784 has Adar I and II, 5785 Adar alone). */
const REFERENCE_YEARS: Readonly<Record<NamedCalendar, readonly [number, number]>> = {
  persian: [1403, 1404],
  'islamic-umalqura': [1445, 1446],
  hebrew: [5784, 5785],
  ethiopic: [2015, 2016],
  coptic: [1739, 1740],
  indian: [1945, 1946],
};

/** Each month of a calendar's reference years: its first day (for formatting its name in any locale) and its English name. */
function referenceMonths(cal: NamedCalendar): MonthSpan[] {
  return REFERENCE_YEARS[cal].flatMap((y) => monthsOfYear(cal, y));
}

/** A locale's month names of a calendar (normalized, as a date writes them) to the English names monthsOfYear carries. */
const nameMaps = new Map<string, Map<string, string>>();
function monthNameMap(cal: NamedCalendar, locale: string): Map<string, string> {
  const key = `${cal}|${locale}`;
  let map = nameMaps.get(key);
  if (map) return map;
  map = new Map();
  const f = new Intl.DateTimeFormat(`${locale}-u-ca-${cal}-nu-latn`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const m of referenceMonths(cal)) {
    formats++;
    const name = tokensOf(f.formatToParts(new Date(m.start)).find((p) => p.type === 'month')?.value ?? '').join(' ');
    if (name) map.set(name, m.name);
  }
  nameMaps.set(key, map);
  return map;
}

/**
 * The Gregorian day a date of another calendar is. `month` is the month's name as `locale` writes it,
 * or its number (its place in the year). A day or month no calendar has converts to nothing without
 * asking Intl.
 */
export function fromCalendar(cal: NamedCalendar, locale: string, y: number, month: string | number, d: number): string | null {
  if (!Number.isInteger(d) || d < 1 || d > LONGEST_MONTH[cal]) return null;
  if (typeof month === 'number' && (!Number.isInteger(month) || month < 1 || month > 13)) return null;
  const g = gregorianYearOf(cal, y);
  if (g < 1900 || g > 2200) return null;
  const english = typeof month === 'number' ? null : monthNameMap(cal, locale).get(month);
  if (english === undefined) return null;
  conversions++;
  const months = monthsOfYear(cal, y);
  const span = english === null ? months[month as number - 1] : months.find((m) => m.name === english);
  if (!span || d > span.days) return null;
  return new Date(span.start + (d - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Conversions one filed item may make. The entry points (planBuiltin, classifyContent,
 * extractDocument, extractMeeting, eventDate) run inside `withConversionBudget`, so a text read
 * sentence by sentence or line by line still converts at most CONVERSIONS_PER_TEXT dates; a datesIn
 * call outside any item has its own budget.
 */
let itemBudget: { left: number } | null = null;

/** Runs `fn` with one budget of conversions for everything it reads; nested calls share the outer budget. */
export function withConversionBudget<T>(fn: () => T): T {
  if (itemBudget) return fn();
  itemBudget = { left: CONVERSIONS_PER_TEXT };
  try {
    return fn();
  } finally {
    itemBudget = null;
  }
}

interface Token {
  text: string;
  at: number;
  end: number;
  num: number | null;
}

/** Dates of other calendars one text may convert; further ones are ignored. */
export const CONVERSIONS_PER_TEXT = 200;

/** What may stand between two parts of a date: spaces, a dot, a comma (Latin or Arabic), a dash, the geresh of Hebrew "אדר ב׳". */
const GAP = /^[ \t\u00a0\u3000.,،、\u200e\u200f\u061c\u05f3'-]{0,4}$/u;
const HAS_ARABIC = /[\u0600-\u06ff]/;
const PERSIAN_LETTERS = /[پچژگ\u06a9\u06cc]/;

/**
 * Dates the fixed patterns of `datesIn` do not read, with their positions: a day, a month name of any
 * locale or calendar and a year in the orders people write them (day-month-year, month-day-year,
 * year-month-day), a Japanese or Minguo era year, and a year-first date numbered in the Solar Hijri or
 * Hijri calendar in Arabic-script text. `text` has ASCII digits already.
 */
export function intlDatesIn(text: string): Array<{ at: number; date: string }> {
  const found: Array<{ at: number; date: string }> = [];
  if (!/\d/.test(text)) return found;
  const parts = tablesFor(text);
  const { eras } = parts[0]!;
  const months = {
    get: (name: string): MonthRef | undefined => {
      for (const t of parts) {
        const ref = t.months.get(name);
        if (ref) return ref;
      }
      return undefined;
    },
  };
  /**
   * Whether one of the locales writing a month writes this word beside it ("de" beside "mayo"); an
   * English month name takes no Latin word ("5 de May 2026" is no date, Spanish "may." notwithstanding).
   */
  const joins = (word: string, ref: MonthRef): boolean =>
    !(ref.locales.has('en') && /^[a-z]+$/.test(word)) &&
    parts.some((t) => {
      for (const tag of t.connectives.get(word) ?? []) if (ref.locales.has(tag)) return true;
      return false;
    });
  const isConnective = (word: string): boolean => parts.some((t) => t.connectives.has(word));
  // Every pattern below needs a number within three tokens of where it starts (a month name spans three
  // at most): only words within six tokens of a digit run are normalized, within three examined.
  const toks: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const s = m[0];
    const digit = /^\d+$/.test(s);
    toks.push({ text: s, at: m.index!, end: m.index! + s.length, num: digit ? Number(s) : null });
  }
  const near = new Uint8Array(toks.length);
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.num === null) continue;
    for (let k = Math.max(0, i - 6); k <= Math.min(toks.length - 1, i + 6); k++) near[k] = Math.max(near[k]!, Math.abs(k - i) <= 3 ? 2 : 1);
  }
  for (let i = 0; i < toks.length; i++) {
    if (!near[i] || toks[i]!.num !== null) continue;
    toks[i]!.text = norm(toks[i]!.text);
    normalized++;
  }
  const gapOk = (i: number) => i + 1 < toks.length && GAP.test(text.slice(toks[i]!.end, toks[i + 1]!.at));
  const glued = (i: number) => i + 1 < toks.length && toks[i]!.end === toks[i + 1]!.at;
  const isDay = (k: Token | undefined) => !!k && k.num !== null && k.text.length <= 2 && k.num >= 1 && k.num <= 31;
  const isYear = (k: Token | undefined) => !!k && k.num !== null && k.text.length === 4;
  /** A month name starting at token i (one to three tokens, the longest first, or one behind a one-letter prefix such as Hebrew ב that its locale writes): its ref and the next token. */
  const monthAt = (i: number): { ref: MonthRef; at: number; next: number } | null => {
    const first = toks[i];
    if (!first || first.num !== null || first.text.length < 2) return null;
    for (let n = Math.min(3, toks.length - i); n >= 1; n--) {
      // A name's later words are letters, but for the number of a Vietnamese "tháng 5".
      if (n === 3 && (toks[i + 1]!.num !== null || toks[i + 2]!.num !== null)) continue;
      let name = first.text;
      let spaced = true;
      for (let k = 1; k < n && spaced; k++) {
        // ICU joins some names' words with a hyphen ("Dhuʻl-Hijjah").
        spaced = /^(?:[ \t]+|-)$/.test(text.slice(toks[i + k - 1]!.end, toks[i + k]!.at));
        name = `${name} ${toks[i + k]!.text}`;
      }
      const ref = spaced ? months.get(name) : undefined;
      if (ref) return { ref, at: i, next: i + n };
    }
    const letters = [...first.text];
    if (letters.length > 2 && isConnective(letters[0]!)) {
      // Behind the prefix, a name of one or two words ("באדר", "באדר ב׳").
      const rest = letters.slice(1).join('');
      const two = i + 1 < toks.length && toks[i + 1]!.num === null && /^[ \t]+$/.test(text.slice(first.end, toks[i + 1]!.at)) ? months.get(`${rest} ${toks[i + 1]!.text}`) : undefined;
      if (two && joins(letters[0]!, two)) return { ref: two, at: i, next: i + 2 };
      const ref = months.get(rest);
      if (ref && joins(letters[0]!, ref)) return { ref, at: i, next: i + 1 };
    }
    return null;
  };
  /** Skip up to two connecting words (a locale's own, or a non-Latin word of three letters or fewer when loose) from token i. */
  const skipWords = (i: number, loose: boolean): number => {
    for (let n = 0; n < 2 && i < toks.length; n++) {
      const k = toks[i]!;
      if (k.num !== null || !(isConnective(k.text) || (loose && shortNonAscii(k.text)))) break;
      if (!gapOk(i - 1)) break;
      i++;
    }
    return i;
  };
  /** The words skipped from token `from` to `to` are written beside this month by one of its locales ("de" with "mayo", "an" with no English month). */
  const joined = (from: number, to: number, ref: MonthRef, loose: boolean): boolean => {
    for (let i = from; i < to; i++) if (!joins(toks[i]!.text, ref) && !(loose && shortNonAscii(toks[i]!.text))) return false;
    return true;
  };
  // Dates of other calendars converted for this item (or this call, outside one): past the cap the rest
  // are left unread, so a text of thousands of distinct Hijri dates costs what a letter does.
  const budget = itemBudget ?? { left: CONVERSIONS_PER_TEXT };
  // Asked once per text, not once per year-like number (a text of Arabic digits without Persian letters
  // would be scanned to its end for each).
  const arabicScript = HAS_ARABIC.test(text);
  let persianLetters: boolean | undefined;
  const convert = (cal: NamedCalendar, locale: string, y: number, month: string | number, d: number): string | null =>
    budget.left-- <= 0 ? null : fromCalendar(cal, locale, y, month, d);
  /**
   * The date a month, a year and a day make, or null: a Buddhist-era year only beside Thai letters or
   * its era; another calendar's month written in Latin letters only when that calendar is named; a
   * month written as a short lowercase word ("mar", "set") only when no noun follows the date.
   */
  /**
   * Which calendar a month name is read in when several write it: the one named on the line or whose era
   * follows the year; in Ethiopic script beside ቀን or ዓ.ም., the Ethiopian; else the only one left
   * (a Latin-script name of another calendar counts only when that calendar is named), or none.
   */
  const reading = (ref: MonthRef, at: number, yearEnd: number): MonthRef | null => {
    const all = ref.alts ?? [ref];
    const named = all.filter((r) => r.cal !== 'gregory' && calendarNamed(r.cal, text, at, yearEnd));
    if (named.length) return named[0]!;
    const ethiopic = all.length > 1 ? all.find((r) => r.cal === 'ethiopic') : undefined;
    if (ethiopic && /ቀን|ዓ\.?ም/u.test(text.slice(at, yearEnd + 12))) return ethiopic;
    const left = all.filter((r) => r.cal === 'gregory' || !/^[\p{Script=Latin} ]+$/u.test(r.name));
    return left.length === 1 ? left[0]! : null;
  };
  const resolve = (mo: { ref: MonthRef; at: number; next: number }, yearTok: Token, d: number, at: number, end: number): string | null => {
    const { ref } = mo;
    const y = yearTok.num!;
    if (wordLikeMonth(text.slice(toks[mo.at]!.at, toks[mo.at]!.end)) && nounAfter(text, end)) return null;
    if (ref.dotOnly && text[toks[mo.next - 1]!.end] !== '.') return null;
    const chosen = reading(ref, at, yearTok.end);
    if (!chosen) return null;
    if (chosen.cal === 'gregory') return iso(isBuddhistYear(y) && buddhistEraAt(text, at, end) ? y - 543 : y, chosen.month, d);
    return convert(chosen.cal, chosen.locale, y, chosen.name, d);
  };
  for (let i = 0; i < toks.length; i++) {
    if (near[i] !== 2) continue;
    examined++;
    const k = toks[i]!;
    // Day, month, year: "12 มีนาคม 2569", "18 במאי 2026", "ngày 20 tháng 5 năm 2026", "٧ ذو الحجة ١٤٤٧هـ".
    if (isDay(k) && gapOk(i)) {
      const j = skipWords(i + 1, false);
      const mo = j === i + 1 || gapOk(j - 1) ? monthAt(j) : null;
      if (mo && gapOk(mo.next - 1)) {
        const y = skipWords(mo.next, true);
        if (isYear(toks[y]) && gapOk(y - 1)) {
          const date = joined(i + 1, j, mo.ref, false) && joined(mo.next, y, mo.ref, true) ? resolve(mo, toks[y]!, k.num!, k.at, toks[y]!.end) : null;
          if (date) found.push({ at: k.at, date });
          continue;
        }
      }
    }
    // Month, day, year: "ግንቦት 20 ቀን 2018", "Juni 10, 2026".
    if (k.num === null && gapOk(i)) {
      const mo = monthAt(i);
      if (mo && isDay(toks[mo.next]) && gapOk(mo.next - 1) && gapOk(mo.next)) {
        const y = skipWords(mo.next + 1, true);
        if (isYear(toks[y]) && gapOk(y - 1) && !glued(y - 1)) {
          const date = joined(mo.next + 1, y, mo.ref, true) ? resolve(mo, toks[y]!, toks[mo.next]!.num!, k.at, toks[y]!.end) : null;
          if (date) found.push({ at: k.at, date });
          continue;
        }
      }
    }
    // Year, month, day: "2026. május 20.", "2026 m. gegužės 20 d.", "۱۴۰۵ اردیبهشت ۳۰"; only in the
    // words of the locales that write it ("Order 2024 Mar 3 items" is no date).
    if (isYear(k) && gapOk(i)) {
      const j = skipWords(i + 1, false);
      const mo = gapOk(j - 1) ? monthAt(j) : null;
      if (mo && mo.ref.ymd && joined(i + 1, j, mo.ref, false) && isDay(toks[mo.next]) && gapOk(mo.next - 1) && !(toks[mo.next + 1]?.num !== null && gapOk(mo.next) && toks[mo.next + 1] !== undefined)) {
        const date = resolve(mo, k, toks[mo.next]!.num!, k.at, toks[mo.next]!.end);
        if (date) found.push({ at: k.at, date });
        continue;
      }
    }
    // An era year: 令和8年5月28日, 民國115年3月20日, 平成元年.
    // The era may be glued to the words around it in CJK text (中華民國115年, 平成元年).
    const era = eras.has(k.text) ? k.text : /\p{Script=Han}/u.test(k.text) ? eraNames().find((e) => k.text.includes(e)) : undefined;
    if (era !== undefined) {
      const from = k.at + k.text.indexOf(era) + era.length;
      const m = /^[ \t]*(\d{1,3}|元)[ \t]*年[ \t]*(\d{1,2})[ \t]*月[ \t]*(\d{1,2})[ \t]*日/u.exec(text.slice(from, from + 24));
      if (m) {
        const date = iso(eras.get(era)! + (m[1] === '元' ? 1 : Number(m[1])), Number(m[2]), Number(m[3]));
        if (date) found.push({ at: k.at, date });
      }
    }
    // A year-first numeric date in a Hijri calendar, in Arabic-script text: ۱۴۰۵/۰۱/۲۵, ١٤٤٧/١٢/٠٧هـ.
    if (isYear(k) && k.num! >= 1300 && k.num! <= 1500 && arabicScript) {
      const m = /^([/.-])(\d{1,2})\1(\d{1,2})(?!\d)[ \t]*(هـ|ه(?![\p{L}\p{M}]))?/u.exec(text.slice(k.end, k.end + 12).replace(/[\u200e\u200f\u061c]/g, ''));
      if (m) {
        // The era written after it decides: هـ, Urdu ہجری and قمری are Hijri, شمسی (ه‍.ش.) Solar Hijri;
        // else Persian letters in the text say Solar Hijri.
        const era = text.slice(k.end + m[0].length, k.end + m[0].length + 24);
        const lunar = !!m[4] || /^[ \t]*(?:ہجری(?![ \t]*شمسی)|(?:هجری|هجري)[ \t]*قمری|ه‍?\.?[ \t]?ق|قمری)/u.test(era);
        const solar = /^[ \t]*(?:(?:هجری|ہجری)[ \t]*)?(?:شمسی|ه‍?\.?[ \t]?ش)/u.test(era);
        persianLetters ??= PERSIAN_LETTERS.test(text);
        const cal: NamedCalendar = lunar || (!solar && !persianLetters) ? 'islamic-umalqura' : 'persian';
        const date = convert(cal, cal === 'persian' ? 'fa' : 'ar', k.num!, Number(m[2]), Number(m[3]));
        if (date) found.push({ at: k.at, date });
      }
    }
  }
  return found;
}

let periods: Map<string, 'am' | 'pm'> | null = null;

/**
 * Whether a day-period word of any locale ICU knows ("ص", "م", "오후", "午前", "p. m.", "ก่อนเที่ยง") is
 * before or after noon; null when it is neither. The table is built on first use.
 */
export function dayPeriodOf(word: string): 'am' | 'pm' | null {
  if (!periods) {
    periods = new Map();
    const seen = new Map<string, Set<'am' | 'pm'>>();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const codes: string[] = [];
    for (const a of letters) for (const b of letters) codes.push(a + b);
    for (const loc of Intl.DateTimeFormat.supportedLocalesOf(codes, { localeMatcher: 'lookup' })) {
      // The fixed AM/PM of a 12-hour clock, and the words a locale writes for the morning and the afternoon (오전/오후).
      const forms = [new Intl.DateTimeFormat(loc, { hour: 'numeric', hour12: true, timeZone: 'UTC' }), new Intl.DateTimeFormat(loc, { hour: 'numeric', dayPeriod: 'short', timeZone: 'UTC' })];
      for (const [f, hour, half] of forms.flatMap((f) => [[f, 9, 'am'], [f, 15, 'pm']] as const)) {
        const p = f.formatToParts(new Date(Date.UTC(2026, 0, 1, hour))).find((x) => x.type === 'dayPeriod');
        if (!p) continue;
        const key = norm(p.value).replace(/\s+/g, '');
        const set = seen.get(key) ?? new Set();
        set.add(half);
        seen.set(key, set);
      }
    }
    for (const [k, set] of seen) if (set.size === 1) periods.set(k, [...set][0]!);
  }
  return periods.get(norm(word).replace(/\s+/g, '')) ?? null;
}
