// Dates of e-mailed meeting notes. An e-mail's `Date:`/`Sent:` header says when the message was
// sent, not when the meeting was held: a recap sent the morning after ("thanks for the time
// yesterday (Monday 9 March)", "my notes from the call on 9 March") names the meeting's own day in
// its body. Conservative: only a sentence that refers to a meeting counts, only a day written out
// (a date, with or without the year, or a relative word together with a weekday that agrees with
// it, or "last Tuesday"), and only a day on or up to 31 days before the message was sent.
import { datesIn, FOREIGN_MONTHS, MONTHS, sentences } from './text.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTH_NAMES = Object.keys(MONTHS).join('|');
/** Month names of the other languages, longest first; only read after a day ("22 de octubre", "14. Oktober", "14 octobre"). */
const FOREIGN_MONTH_NAMES = Object.keys(FOREIGN_MONTHS)
  .filter((m) => !(m in MONTHS))
  .sort((a, b) => b.length - a.length)
  .join('|');
const WEEKDAY = /\b(sun|mon|tues|wednes|thurs|fri|satur)day\b/i;
/** Weekday names of the languages recaps are written in, each with its English name. */
const WEEKDAYS_INTL: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['sunday', 'domingo domenica zondag sonntag dimanche niedziela niedzieli pazar'],
      ['monday', 'lunes lunedì lunedi segunda maandag montag lundi poniedziałek poniedzialek pazartesi'],
      ['tuesday', 'martes martedì martedi terça terca dinsdag dienstag mardi wtorek salı sali'],
      ['wednesday', 'miércoles miercoles mercoledì mercoledi quarta woensdag mittwoch mercredi środa sroda środę srode çarşamba carsamba'],
      ['thursday', 'jueves giovedì giovedi quinta donderdag donnerstag jeudi czwartek perşembe persembe'],
      ['friday', 'viernes venerdì venerdi sexta vrijdag freitag vendredi piątek piatek cuma'],
      ['saturday', 'sábado sabado sabato zaterdag samstag samedi sobota sobotę cumartesi'],
    ] as const
  ).flatMap(([en, names]) => names.split(' ').map((n) => [n, en] as const)),
);
const WEEKDAY_INTL = new RegExp(`(?<!\\p{L})(${Object.keys(WEEKDAYS_INTL).join('|')})(?!\\p{L})`, 'giu');
/**
 * Weekday names that are also ordinary words: Portuguese ordinals ("a quarta reunião", "segunda
 * fase"), Turkish "pazar" (market) and "sali". They name a weekday only as "quarta-feira" or right
 * beside a date ("sexta, 12 de outubro", "Pazar 14 Ekim", "12 ottobre, quinta").
 */
const AMBIGUOUS_WEEKDAYS = new Set(['segunda', 'terça', 'terca', 'quarta', 'quinta', 'sexta', 'pazar', 'sali']);
const FEIRA_AFTER = /^-?feira(?!\p{L})/iu;
const DATE_AFTER = /^[ \t]*,?[ \t]*(?:(?:il|le|de|den|the)[ \t]+)?\d{1,4}(?:[./-]|[ \t]+\p{L})/iu;
const DATE_BEFORE = /\d{1,4}(?:[./-]\d{1,4})*\.?[ \t]*(?:\p{L}+[ \t]*)?,?[ \t]*$/u;
/** "yesterday" and "today" in those languages. */
const YESTERDAY = /(?<!\p{L})(?:yesterday|ayer|ieri|ontem|gisteren|gestern|wczoraj|dün|어제|昨日)(?!\p{L})/iu;
const TODAY = /(?<!\p{L})(?:today|this (?:morning|afternoon)|earlier today|hoy|oggi|hoje|vandaag|heute|aujourd['’]hui|dzisiaj|dziś|bugün|오늘|今日)(?!\p{L})/iu;

/** A sentence that speaks of a meeting the writer took part in. */
const MEETING_REFERENCE =
  /\b(meet|meeting|call|sync|stand-?up|debrief|catch-?up|workshop|demo|session|interview|visit|lunch|dinner|coffee|conversation|discussion|chat|talk|met|spoke|talked|thanks? (?:you )?for (?:the|your) time|notes from)\b|(?<!\p{L})(?:reuni[óo]n|reuni[ãa]o|llamada|liga[çc][ãa]o|riunione|incontro|chiamata|colloquio|overleg|vergadering|gesprek|besprechung|treffen|gespr[äa]ch|telefonat|r[ée]union|appel|entretien|spotkani[ae]|spotkaniu|rozmow[ay]|toplant[ıi]|g[öo]r[üu][şs]me)(?!\p{L})|회의|会議|ミーティング|बैठक/iu;

export interface MailHeader {
  /** The line index where the header block ends (the first blank line after it). */
  end: number;
  /** The sent date (`Date:` or `Sent:`), YYYY-MM-DD, when the header holds one. */
  sent: string | null;
}

/**
 * The e-mail header block at the top of a text (a `From:` line and a `Subject:` or `To:` line
 * before the first blank line, each line a `Key: value`), or null when the text does not start as
 * an e-mail.
 */
export function mailHeader(lines: string[]): MailHeader | null {
  let i = 0;
  while (i < lines.length && !lines[i]!.trim()) i++;
  const keys: string[] = [];
  let sent: string | null = null;
  for (; i < lines.length && lines[i]!.trim(); i++) {
    const m = /^\s*([A-Za-z][A-Za-z-]{1,20})\s*:\s*(.*)$/.exec(lines[i]!);
    if (!m) return null;
    const key = m[1]!.toLowerCase();
    keys.push(key);
    if ((key === 'date' || key === 'sent') && !sent) sent = datesIn(m[2]!)[0] ?? null;
  }
  if (!keys.includes('from') || !(keys.includes('subject') || keys.includes('to'))) return null;
  return { end: i, sent };
}

/** The sender's address of an e-mail (its header's `From:` line), lower case, or null. */
export function mailSender(text: string): string | null {
  const lines = text.split('\n');
  const header = mailHeader(lines);
  if (!header) return null;
  const from = lines.slice(0, header.end).find((l) => /^\s*from\s*:/i.test(l));
  return from ? (/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(from)?.[0]?.toLowerCase() ?? null) : null;
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function weekdayOf(day: string): string {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
}

export function weekdayIn(s: string): string | null {
  const m = WEEKDAY.exec(s);
  if (!m) {
    for (const intl of s.matchAll(WEEKDAY_INTL)) {
      const name = intl[1]!.toLowerCase();
      if (AMBIGUOUS_WEEKDAYS.has(name)) {
        const after = s.slice(intl.index! + intl[0].length);
        const before = s.slice(Math.max(0, intl.index! - 24), intl.index!);
        if (!FEIRA_AFTER.test(after) && !DATE_AFTER.test(after) && !DATE_BEFORE.test(before)) continue;
      }
      return WEEKDAYS_INTL[name] ?? null;
    }
    return null;
  }
  const head = m[1]!.slice(0, 3).toLowerCase();
  return WEEKDAYS.find((w) => w.startsWith(head)) ?? null;
}

/** Days written without a year ("9 March", "March 9th"), placed in the year that keeps them on or before `sent`. */
export function yearlessDates(s: string, sent: string): string[] {
  const out: string[] = [];
  const year = Number(sent.slice(0, 4));
  const place = (month: number, day: number) => {
    for (const y of [year, year - 1]) {
      const d = datesIn(`${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)[0];
      if (d && d <= sent) {
        out.push(d);
        return;
      }
    }
  };
  const dm = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_NAMES})\\b\\.?(?!,?\\s*\\d{4})`, 'gi');
  for (const m of s.matchAll(dm)) place(MONTHS[m[2]!.toLowerCase()]!, Number(m[1]));
  const md = new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!,?\\s*\\d{4})(?!:)`, 'gi');
  for (const m of s.matchAll(md)) place(MONTHS[m[1]!.toLowerCase()]!, Number(m[2]));
  // The day first, as the other languages write it: "22 de octubre", "14 octobre", "14. Oktober", "1er mars".
  const foreign = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:\\.|er|º)?\\s+(?:de\\s+)?(${FOREIGN_MONTH_NAMES})(?!\\p{L})\\.?(?!,?\\s*(?:de\\s+|del\\s+)?\\d{4})`, 'giu');
  for (const m of s.matchAll(foreign)) place(FOREIGN_MONTHS[m[2]!.toLowerCase()]!, Number(m[1]));
  return out;
}

/**
 * The meeting's own day as the body of an e-mail sent on `sent` writes it, or null. The first
 * sentence that refers to a meeting and names a day on or shortly before the sent date wins;
 * "yesterday"/"today" count only beside a weekday (or a date) that agrees with them.
 */
export function meetingDateInMessage(body: string, sent: string): string | null {
  for (const s of sentences(body)) {
    if (!MEETING_REFERENCE.test(s)) continue;
    const written = [...datesIn(s), ...yearlessDates(s, sent)].filter((d) => {
      const back = daysBetween(d, sent);
      return back >= 0 && back <= 31;
    });
    const weekday = weekdayIn(s);
    const relDay = YESTERDAY.test(s) ? addDays(sent, -1) : TODAY.test(s) ? sent : null;
    if (written.length) {
      const d = written[0]!;
      // A written day that contradicts the weekday or relative word beside it is not trusted.
      if (weekday && weekdayOf(d) !== weekday) continue;
      if (relDay && relDay !== d) continue;
      return d;
    }
    if (relDay && weekday && weekdayOf(relDay) === weekday) return relDay;
    // "the call last Tuesday": the latest such weekday before the day the mail was sent.
    const last = /\blast\s+((?:sun|mon|tues|wednes|thurs|fri|satur)day)\b/i.exec(s);
    if (last && !written.length && !relDay) {
      const want = weekdayIn(last[1]!);
      for (let back = 1; back <= 7; back++) if (weekdayOf(addDays(sent, -back)) === want) return addDays(sent, -back);
    }
  }
  return null;
}
