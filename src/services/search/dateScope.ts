// The periods a question asks about, read from the dates written in it: a day (`2025-04-02`,
// `4 November 2025`, `November 4, 2025`, `2025年11月4日`), a month with its year (`November 2025`,
// `novembre 2025`, `März 2025`, `2025年11月`), a quarter (`Q4 2025`), a range of these (`between
// March 2025 and May 2025`, `from 2025-01-15 to 2025-02-20`, `May–June 2025`) or, when the question
// names no such date, a month alone after a word that makes it one (`in June`, `im März`, `en mars`,
// `в марте`: that month of any year). Month names are read in English, French, German, Spanish,
// Italian, Portuguese, Dutch and Russian. A year alone is no scope: "the 2024 tax return" names a
// document, not a period. Several periods not joined as a range ("Q1 2025 vs Q2 2025") are each a
// scope: a page dated in any of them is in. Hybrid search ranks the candidates dated inside
// (pageDate: frontmatter `date`, else a day in the path) as if first in one more list.
import { pageDate } from '../../domain/recency.js';

/** One period: first and last day, `YYYY-MM-DD` (inclusive); for a month of any year, `from` is `*-MM` and `to` null. */
export interface DateSpan {
  from: string;
  to: string | null;
}

export interface DateScope {
  /** The periods named; a page dated in any of them is in scope. */
  spans: DateSpan[];
  /** The words of the question that set it. */
  text: string;
}

type Lang = 'en' | 'fr' | 'de' | 'es' | 'it' | 'pt' | 'nl' | 'ru';

/** Month names by language; the first of each month is its full name, the rest also (abbreviations are in ABBREVIATIONS). */
const MONTH_NAMES: Record<Lang, ReadonlyArray<readonly string[]>> = {
  en: [['january'], ['february'], ['march'], ['april'], ['may'], ['june'], ['july'], ['august'], ['september'], ['october'], ['november'], ['december']],
  fr: [['janvier'], ['février', 'fevrier'], ['mars'], ['avril'], ['mai'], ['juin'], ['juillet'], ['août', 'aout'], ['septembre'], ['octobre'], ['novembre'], ['décembre', 'decembre']],
  de: [['januar', 'jänner'], ['februar'], ['märz', 'maerz'], ['april'], ['mai'], ['juni'], ['juli'], ['august'], ['september'], ['oktober'], ['november'], ['dezember']],
  es: [['enero'], ['febrero'], ['marzo'], ['abril'], ['mayo'], ['junio'], ['julio'], ['agosto'], ['septiembre', 'setiembre'], ['octubre'], ['noviembre'], ['diciembre']],
  it: [['gennaio'], ['febbraio'], ['marzo'], ['aprile'], ['maggio'], ['giugno'], ['luglio'], ['agosto'], ['settembre'], ['ottobre'], ['novembre'], ['dicembre']],
  pt: [['janeiro'], ['fevereiro'], ['março', 'marco'], ['abril'], ['maio'], ['junho'], ['julho'], ['agosto'], ['setembro'], ['outubro'], ['novembro'], ['dezembro']],
  nl: [['januari'], ['februari'], ['maart'], ['april'], ['mei'], ['juni'], ['juli'], ['augustus'], ['september'], ['oktober'], ['november'], ['december']],
  // Russian: each month in its case forms (nominative, genitive, dative, instrumental, prepositional).
  ru: [
    ['январь', 'января', 'январю', 'январём', 'январем', 'январе'],
    ['февраль', 'февраля', 'февралю', 'февралём', 'февралем', 'феврале'],
    ['март', 'марта', 'марту', 'мартом', 'марте'],
    ['апрель', 'апреля', 'апрелю', 'апрелем', 'апреле'],
    ['май', 'мая', 'маю', 'маем', 'мае'],
    ['июнь', 'июня', 'июню', 'июнем', 'июне'],
    ['июль', 'июля', 'июлю', 'июлем', 'июле'],
    ['август', 'августа', 'августу', 'августом', 'августе'],
    ['сентябрь', 'сентября', 'сентябрю', 'сентябрём', 'сентябрем', 'сентябре'],
    ['октябрь', 'октября', 'октябрю', 'октябрём', 'октябрем', 'октябре'],
    ['ноябрь', 'ноября', 'ноябрю', 'ноябрём', 'ноябрем', 'ноябре'],
    ['декабрь', 'декабря', 'декабрю', 'декабрём', 'декабрем', 'декабре'],
  ],
};
/** Abbreviated month names: read only in a full date (`Feb 3, 2025`, `Nov 2025`), never alone. */
const ABBREVIATIONS: ReadonlyArray<readonly string[]> = [
  ['jan', 'janv', 'ene', 'gen'],
  ['feb', 'févr', 'fevr'],
  ['mar'],
  ['apr', 'avr', 'abr'],
  [],
  ['jun'],
  ['jul', 'juil'],
  ['aug', 'ago'],
  ['sep', 'sept', 'set'],
  ['oct', 'okt', 'ott', 'out'],
  ['nov'],
  ['dec', 'déc', 'dez', 'dic'],
];
/**
 * The words after which a month named alone is a period, by language ("in June", "im März", "en
 * mars", "в марте"): a month word elsewhere is as likely a name (Mars, August Strindberg, Avril
 * Lavigne, Julio Iglesias, Mayo Clinic, Марта). `mois de`, `mes de` and the like are read by their last word.
 */
const CUES: Record<Lang, readonly string[]> = {
  en: ['in', 'during', 'throughout', 'since', 'until', 'till', 'early', 'mid', 'late', 'last', 'next', 'this', 'month'],
  fr: ['en', 'depuis', 'début', 'debut', 'fin', 'mi', 'mois', 'jusqu’en', 'durant', 'pendant'],
  de: ['im', 'seit', 'bis', 'anfang', 'mitte', 'ende', 'monat'],
  es: ['en', 'durante', 'desde', 'hasta', 'mes'],
  it: ['a', 'ad', 'in', 'durante', 'mese', 'nel'],
  pt: ['em', 'durante', 'desde', 'até', 'mês', 'mes', 'no'],
  nl: ['in', 'sinds', 'tot', 'begin', 'eind', 'half', 'maand'],
  ru: ['в', 'во', 'с', 'до', 'по', 'месяц'],
};
/** Words joining a cue to its month that are skipped: "au mois de mars", "el mes de mayo", "nel mese di maggio". */
const CUE_JOINERS = new Set(['de', 'd', 'di', 'del', 'do']);

interface MonthWord {
  month: number;
  langs: Set<Lang>;
  /** Written out in full (not an abbreviation): may be read alone. */
  full: boolean;
}
const MONTH_WORDS = new Map<string, MonthWord>();
for (const [lang, months] of Object.entries(MONTH_NAMES) as Array<[Lang, ReadonlyArray<readonly string[]>]>) {
  months.forEach((names, i) => {
    for (const n of names) {
      const w = MONTH_WORDS.get(n) ?? { month: i + 1, langs: new Set<Lang>(), full: true };
      w.langs.add(lang);
      MONTH_WORDS.set(n, w);
    }
  });
}
ABBREVIATIONS.forEach((names, i) => {
  for (const n of names) if (!MONTH_WORDS.has(n)) MONTH_WORDS.set(n, { month: i + 1, langs: new Set(), full: false });
});

const two = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= lastDay(y, m);
const dayOf = (y: number, m: number, d: number) => `${y}-${two(m)}-${two(d)}`;
const monthSpan = (y: number, m: number): DateSpan => ({ from: dayOf(y, m, 1), to: dayOf(y, m, lastDay(y, m)) });

/** A period found in the question, where it is written. */
interface Found {
  span: DateSpan;
  start: number;
  end: number;
}

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const isYear = (t: Token | undefined) => t != null && /^(?:19|20)\d\d$/.test(t.text);
const isDayNumber = (t: Token | undefined) => t != null && /^\d{1,2}$/.test(t.text);
/** Words before a number that make it a count, not a day ("Top 10 November 2025 deals"). */
const COUNT_WORDS = new Set(['top', 'best', 'worst', 'first', 'last', 'next', 'past', 'over', 'under', 'about', 'around']);

/** Text between two tokens matches `sep`. */
function joined(q: string, a: Token | undefined, b: Token | undefined, sep: RegExp): boolean {
  return a != null && b != null && sep.test(q.slice(a.end, b.start));
}
const DAY_MONTH = /^(?:\.?\s+|\.?\s+(?:de|del)\s+|\.)$/u;
const MONTH_DAY = /^\s+$/u;
const BEFORE_YEAR = /^(?:,?\s+|\s+(?:de|del)\s+)$/u;

/** Dates written with a month name: `4 November 2025`, `November 4, 2025`, `November 2025`, `4 ноября 2025`. */
function namedDates(q: string, tokens: Token[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = MONTH_WORDS.get(tokens[i]!.lower);
    if (!word) continue;
    const month = word.month;
    // Spanish and Portuguese join a date's parts with "de": 4 de noviembre de 2025.
    const joiner = (t: Token | undefined) => t != null && (t.lower === 'de' || t.lower === 'del');
    const p = joiner(tokens[i - 1]) ? i - 2 : i - 1;
    const n = joiner(tokens[i + 1]) ? i + 2 : i + 1;
    const [prev, next, after] = [tokens[p], tokens[n], tokens[i + 2]];
    let found: Found | null | undefined;
    let last = i;
    if (isDayNumber(next) && isYear(after) && joined(q, tokens[i], next, MONTH_DAY) && joined(q, next, after, /^,?\s+$/u)) {
      // November 4, 2025: an impossible day is no date at all.
      const [y, d] = [+after!.text, +next!.text];
      found = validDay(y, month, d) ? { span: { from: dayOf(y, month, d), to: dayOf(y, month, d) }, start: tokens[i]!.start, end: after!.end } : null;
      last = i + 2;
    } else if (isYear(next) && joined(q, tokens[i], next, BEFORE_YEAR)) {
      const y = +next!.text;
      const counted = tokens[p - 1] != null && COUNT_WORDS.has(tokens[p - 1]!.lower) && joined(q, tokens[p - 1], prev, /^\s+$/u);
      if (isDayNumber(prev) && joined(q, prev, tokens[i], DAY_MONTH) && !counted) {
        // 4 November 2025 (4. November 2025, 4 de noviembre de 2025).
        const d = +prev!.text;
        found = validDay(y, month, d) ? { span: { from: dayOf(y, month, d), to: dayOf(y, month, d) }, start: prev!.start, end: next!.end } : null;
      } else {
        found = { span: monthSpan(y, month), start: tokens[i]!.start, end: next!.end };
      }
      last = n;
    }
    if (found) out.push(found);
    i = last;
  }
  return out;
}

/** Every full date of the question (a day, a month with its year, a quarter), in the order written; impossible ones left out. */
function fullDates(q: string, tokens: Token[]): Found[] {
  const out: Found[] = [];
  for (const m of q.matchAll(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/gu)) {
    const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
    if (validDay(y, mo, d)) out.push({ span: { from: m[0], to: m[0] }, start: m.index, end: m.index + m[0].length });
  }
  for (const m of q.matchAll(/\bQ([1-4])\s+((?:19|20)\d\d)\b|\b((?:19|20)\d\d)\s+Q([1-4])\b/giu)) {
    const [n, y] = m[1] ? [+m[1], +m[2]!] : [+m[4]!, +m[3]!];
    out.push({ span: { from: dayOf(y, n * 3 - 2, 1), to: dayOf(y, n * 3, lastDay(y, n * 3)) }, start: m.index, end: m.index + m[0].length });
  }
  for (const m of q.matchAll(/((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?/gu)) {
    const [y, mo] = [+m[1]!, +m[2]!];
    if (mo < 1 || mo > 12) continue;
    const at = { start: m.index, end: m.index + m[0].length };
    if (m[3] == null) out.push({ span: monthSpan(y, mo), ...at });
    else if (validDay(y, mo, +m[3])) out.push({ span: { from: dayOf(y, mo, +m[3]), to: dayOf(y, mo, +m[3]) }, ...at });
  }
  out.push(...namedDates(q, tokens));
  return out.sort((a, b) => a.start - b.start);
}

/** Words that open a range ("between … and …", "from … to …") and the words that join its ends. */
const RANGE_OPENERS = /(?:^|[\s(])(?:between|from|entre|zwischen|von|vom|du|desde|dal|dall|da|tra|fra|van|tussen|с|со|между|от)\s+$/iu;
const RANGE_TO = /^\s*(?:[-–—]|to|through|thru|until|till|bis|au|à|a|al|hasta|fino\s+a|tot|até|ate|по|до)\s*$/iu;
const RANGE_AND = /^\s*(?:and|und|et|y|e|en|и)\s*$/iu;

/** Join periods written as a range; the rest are each a period of their own. */
function joinRanges(q: string, found: Found[]): DateSpan[] {
  const spans: DateSpan[] = [];
  for (let i = 0; i < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]];
    if (b) {
      const between = q.slice(a.end, b.start);
      const opened = RANGE_OPENERS.test(q.slice(0, a.start));
      if ((RANGE_TO.test(between) || (opened && RANGE_AND.test(between))) && a.span.from <= b.span.to!) {
        spans.push({ from: a.span.from, to: b.span.to });
        i++;
        continue;
      }
    }
    spans.push(a.span);
  }
  return spans;
}

/**
 * A month written alone ("May" in "May–June 2025", "March" in "between March and May 2025") that
 * opens a range ending at a month with its year: the range in that year.
 */
function monthRanges(q: string, tokens: Token[], found: Found[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = MONTH_WORDS.get(tokens[i]!.lower);
    if (!word || found.some((f) => f.start <= tokens[i]!.start && tokens[i]!.end <= f.end)) continue;
    // The next date written after it, when that is a whole month.
    const end = found.find((f) => f.start > tokens[i]!.end);
    if (!end || end.span.to == null || end.span.from.slice(0, 7) !== end.span.to.slice(0, 7) || !end.span.from.endsWith('-01') || end.span.to !== monthSpan(+end.span.from.slice(0, 4), +end.span.from.slice(5, 7)).to) continue;
    const between = q.slice(tokens[i]!.end, end.start);
    const opened = RANGE_OPENERS.test(q.slice(0, tokens[i]!.start));
    if (!(RANGE_TO.test(between) || (opened && RANGE_AND.test(between)))) continue;
    const year = +end.span.from.slice(0, 4);
    if (word.month > +end.span.from.slice(5, 7)) continue;
    out.push({ span: { from: dayOf(year, word.month, 1), to: end.span.to }, start: tokens[i]!.start, end: end.end });
  }
  return out;
}

/**
 * A month named alone, when the question names no full date: after a cue of its language ("in
 * June", "im März", "au mois de mars", "в марте"); an English or German month capitalised as
 * written; never one followed by a capitalised word (a name: "in August Strindberg's plays").
 */
function loneMonths(q: string, tokens: Token[]): Found[] {
  const out: Found[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    const word = MONTH_WORDS.get(t.lower);
    if (!word?.full) continue;
    let c = i - 1;
    if (CUE_JOINERS.has(tokens[c]!.lower) && c > 0 && joined(q, tokens[c - 1], tokens[c], /^\s+$/u) && joined(q, tokens[c], t, /^(?:\s+|['’])$/u)) c--;
    else if (!joined(q, tokens[c], t, /^\s+$/u)) continue;
    const cue = tokens[c]!.lower;
    const langs = [...word.langs].filter((l) => CUES[l].includes(cue));
    if (!langs.length) continue;
    // English and German write a month capitalised; a lower-case "may" or "march" there is another word.
    if (langs.every((l) => l === 'en' || l === 'de') && !/^\p{Lu}/u.test(t.text)) continue;
    const next = tokens[i + 1];
    if (next && /^\p{Lu}/u.test(next.text) && joined(q, t, next, /^\s+$/u)) continue;
    out.push({ span: { from: `*-${two(word.month)}`, to: null }, start: tokens[c]!.start, end: t.end });
  }
  return out;
}

/** The periods a question's dates name, or null when it names none. */
export function readDateScope(question: string): DateScope | null {
  const q = question.normalize('NFKC');
  const tokens: Token[] = [...q.matchAll(/[\p{L}\p{M}]+|\d+/gu)].map((m) => ({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
  const full = fullDates(q, tokens);
  if (full.length) {
    const ranges = monthRanges(q, tokens, full);
    // A month range replaces the full date it ends at.
    const all = [...ranges, ...full.filter((f) => !ranges.some((r) => r.end === f.end))].sort((a, b) => a.start - b.start);
    return { spans: dedupe(joinRanges(q, all)), text: all.map((f) => q.slice(f.start, f.end)).join(' · ') };
  }
  const lone = loneMonths(q, tokens);
  if (!lone.length) return null;
  return { spans: dedupe(lone.map((f) => f.span)), text: lone.map((f) => q.slice(f.start, f.end)).join(' · ') };
}

function dedupe(spans: DateSpan[]): DateSpan[] {
  const seen = new Set<string>();
  return spans.filter((s) => !seen.has(`${s.from}/${s.to}`) && !!seen.add(`${s.from}/${s.to}`));
}

/** Whether a page's date (pageDate: `YYYY-MM-DD`, or `YYYY-00-00` for a year only) lies in one of the scope's periods. */
export function inDateScope(date: string | null, scope: DateScope): boolean {
  if (!date || date.endsWith('-00-00')) return false;
  const day = date.slice(0, 10);
  return scope.spans.some((s) => (s.to == null ? day.slice(4, 7) === s.from.slice(1) : day >= s.from && day <= s.to));
}

/**
 * Raise the ranked pages dated inside the scope by `boost` (as if first in one more list) and
 * re-sort; answers how many were raised. `frontmatterDates` reads the pages' frontmatter `date`.
 */
export function raiseInScope<T extends { hit: { pageId: number; path: string }; score: number }>(ranked: T[], scope: DateScope, frontmatterDates: (pageIds: number[]) => Map<number, string>, boost: number): number {
  if (!ranked.length) return 0;
  const dates = frontmatterDates(ranked.map((r) => r.hit.pageId));
  let raised = 0;
  for (const r of ranked) {
    if (!inDateScope(pageDate(r.hit.path, dates.get(r.hit.pageId)), scope)) continue;
    r.score += boost;
    raised++;
  }
  if (raised) ranked.sort((a, b) => b.score - a.score || a.hit.path.localeCompare(b.hit.path));
  return raised;
}
