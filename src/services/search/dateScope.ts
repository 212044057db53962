// The period a question asks about, read from the dates written in it: a day (`2025-04-02`,
// `4 November 2025`, `November 4, 2025`), a month with its year (`November 2025`, `novembre 2025`,
// `März 2025`, `2025年11月`), a quarter (`Q4 2025`) or a capitalised month alone (`in June`: that
// month of any year). Month names are read in English, French, German, Spanish, Italian,
// Portuguese, Dutch and Russian. A year alone is no scope: "the 2024 tax return" names a document,
// not a period. Hybrid search ranks the candidates dated inside the period (pageDate: frontmatter
// `date`, else a day in the path) as if first in one more list.
import { pageDate } from '../../domain/recency.js';

export interface DateScope {
  /** First and last day, `YYYY-MM-DD` (inclusive); for a month of any year, `from` is `*-MM` and `to` null. */
  from: string;
  to: string | null;
  /** The words of the question that set it. */
  text: string;
}

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'jan', 'janvier', 'janv', 'januar', 'jänner', 'enero', 'ene', 'gennaio', 'janeiro', 'januari'],
  ['february', 'feb', 'février', 'fevrier', 'févr', 'februar', 'febrero', 'febbraio', 'fevereiro', 'februari'],
  ['march', 'mar', 'mars', 'märz', 'maerz', 'marzo', 'março', 'maart'],
  ['april', 'apr', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juillet', 'juli', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'octubre', 'ottobre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'décembre', 'decembre', 'dezember', 'diciembre', 'dicembre', 'dezembro'],
];
/** Russian month names by stem (their case endings vary: ноябрь, ноября, ноябре). */
const RUSSIAN_STEMS = ['январ', 'феврал', 'март', 'апрел', 'ма', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр'];
const MONTH_OF = new Map<string, number>(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1] as [string, number])));

function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  const m = MONTH_OF.get(w);
  if (m) return m;
  if (/^\p{Script=Cyrillic}+$/u.test(w)) {
    // "ма" (May) only as май / мая / мае: a longer word starting ма is another word.
    if (/^ма[йяе]$/u.test(w)) return 5;
    const i = RUSSIAN_STEMS.findIndex((s, k) => k !== 4 && w.startsWith(s) && w.length <= s.length + 2);
    if (i >= 0) return i + 1;
  }
  return null;
}

const two = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= lastDay(y, m);

function monthScope(year: number, month: number, text: string): DateScope {
  return { from: `${year}-${two(month)}-01`, to: `${year}-${two(month)}-${two(lastDay(year, month))}`, text };
}

/** The period a question's dates name, or null when it names none. */
export function readDateScope(question: string): DateScope | null {
  const q = question.normalize('NFKC');
  const iso = /(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/.exec(q);
  if (iso && validDay(+iso[1]!, +iso[2]!, +iso[3]!)) return { from: iso[0], to: iso[0], text: iso[0] };
  const quarter = /\bQ([1-4])\s+((?:19|20)\d\d)\b/i.exec(q) ?? /\b((?:19|20)\d\d)\s+Q([1-4])\b/i.exec(q);
  if (quarter) {
    const [n, year] = quarter[1]!.length === 1 ? [+quarter[1]!, +quarter[2]!] : [+quarter[2]!, +quarter[1]!];
    return { from: `${year}-${two(n * 3 - 2)}-01`, to: `${year}-${two(n * 3)}-${two(lastDay(year, n * 3))}`, text: quarter[0] };
  }
  const cjk = /((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?/u.exec(q);
  if (cjk && +cjk[2]! >= 1 && +cjk[2]! <= 12) {
    const [y, m] = [+cjk[1]!, +cjk[2]!];
    if (cjk[3] && validDay(y, m, +cjk[3])) return { from: `${y}-${two(m)}-${two(+cjk[3])}`, to: `${y}-${two(m)}-${two(+cjk[3])}`, text: cjk[0] };
    return monthScope(y, m, cjk[0]);
  }
  const tokens = [...q.matchAll(/[\p{L}]+|\d+/gu)].map((t) => t[0]);
  for (const [i, word] of tokens.entries()) {
    const month = monthOf(word);
    if (!month) continue;
    const isYear = (t: string | undefined) => t != null && /^(?:19|20)\d\d$/.test(t);
    const isDay = (t: string | undefined) => t != null && /^\d{1,2}$/.test(t) && +t >= 1 && +t <= 31;
    // 4 November 2025 · November 4, 2025 · November 2025
    const yearAt = isYear(tokens[i + 1]) ? i + 1 : isDay(tokens[i + 1]) && isYear(tokens[i + 2]) ? i + 2 : -1;
    if (yearAt >= 0) {
      const year = +tokens[yearAt]!;
      const day = isDay(tokens[i - 1]) ? +tokens[i - 1]! : yearAt === i + 2 ? +tokens[i + 1]! : null;
      const text = tokens.slice(day != null && yearAt === i + 1 ? i - 1 : i, yearAt + 1).join(' ');
      if (day != null && validDay(year, month, day)) return { from: `${year}-${two(month)}-${two(day)}`, to: `${year}-${two(month)}-${two(day)}`, text };
      return monthScope(year, month, text);
    }
    // A month alone must be written as a name (capitalised, four letters or more): "may", "mar",
    // "march" in lower case are as likely other words.
    if (word.length >= 4 && /^\p{Lu}/u.test(word)) return { from: `*-${two(month)}`, to: null, text: word };
  }
  return null;
}

/** Whether a page's date (pageDate: `YYYY-MM-DD`, or `YYYY-00-00` for a year only) lies in the scope. */
export function inDateScope(date: string | null, scope: DateScope): boolean {
  if (!date || date.endsWith('-00-00')) return false;
  const day = date.slice(0, 10);
  if (scope.to == null) return day.slice(4, 7) === scope.from.slice(1);
  return day >= scope.from && day <= scope.to;
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
