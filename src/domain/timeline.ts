// Pure timeline handling: a page's `## Timeline` section holds lines `- YYYY-MM-DD: text`,
// newest first. Adding an entry re-sorts only those lines; everything else stays byte for byte.
import { BadRequestError } from './errors.js';
import { appendAtEnd, findSection, insertBlock } from './markdownPatch.js';

export const TIMELINE_SECTION = 'Timeline';

export interface TimelineEntry {
  date: string;
  text: string;
}

const ENTRY = /^[ \t]*[-*+][ \t]+(\d{4}-\d{2}-\d{2})[ \t]*:[ \t]*(.*?)[ \t]*$/;

/** A calendar date `YYYY-MM-DD` (1000-9999), or throws a 400. */
export function checkDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ok = m && (() => {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 1000;
  })();
  if (!ok) throw new BadRequestError(`'${date}' is not a date of the form YYYY-MM-DD.`, 'invalid_date');
  return date;
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

interface EntryLine extends TimelineEntry {
  start: number;
  end: number;
  raw: string;
}

function entryLines(markdown: string, from: number, to: number): EntryLine[] {
  const out: EntryLine[] = [];
  let at = from;
  while (at < to) {
    let nl = markdown.indexOf('\n', at);
    if (nl < 0 || nl > to) nl = to;
    const raw = markdown.slice(at, nl).replace(/\r$/, '');
    const m = ENTRY.exec(raw);
    if (m) out.push({ date: m[1]!, text: m[2]!, start: at, end: at + raw.length, raw });
    at = nl + 1;
  }
  return out;
}

/** Sort newest first; stable, so lines of one day keep their order. */
function newestFirst<T extends TimelineEntry>(entries: T[]): T[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.date < b.e.date ? 1 : a.e.date > b.e.date ? -1 : a.i - b.i))
    .map((x) => x.e);
}

/** The timeline entries of a page, newest first (empty when there is no Timeline section). */
export function readTimeline(markdown: string): TimelineEntry[] {
  const section = findSection(markdown, TIMELINE_SECTION);
  if (!section) return [];
  return newestFirst(entryLines(markdown, section.heading.end, section.end)).map(({ date, text }) => ({ date, text }));
}

/** One line of entry text: line breaks fold to spaces; empty text is a 400. */
export function cleanEntryText(text: string): string {
  // Lines trimmed and joined (a `\s*[\r\n]+\s*` replace backtracks over long runs of spaces).
  const clean = text
    .split(/[\r\n]/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  if (!clean) throw new BadRequestError('text must not be empty.', 'invalid_timeline_entry');
  return clean;
}

/**
 * Add `- date: text` to the page's Timeline section (created at the end of the page when missing),
 * keeping the entry lines sorted newest first. A new entry goes above older entries of the same day.
 */
export function addTimelineEntry(markdown: string, entry: TimelineEntry): string {
  const line = `- ${checkDate(entry.date)}: ${cleanEntryText(entry.text)}`;
  const section = findSection(markdown, TIMELINE_SECTION);
  const eol = markdown.includes('\r\n') ? '\r\n' : '\n';
  if (!section) return appendAtEnd(markdown, `## ${TIMELINE_SECTION}${eol}${eol}${line}`);
  const existing = entryLines(markdown, section.heading.end, section.end);
  if (!existing.length) {
    return section.end === markdown.length ? appendAtEnd(markdown, line) : insertBlock(markdown, section.contentEnd, line);
  }
  // Re-emit only the entry lines, in sorted order, into the slots the entry lines occupied
  // (plus one more right after the last); lines between them stay where they are.
  const fresh: EntryLine = { date: entry.date, text: line, start: -1, end: -1, raw: line };
  const sorted = newestFirst([fresh, ...existing]);
  let out = markdown.slice(0, existing[0]!.start);
  for (let i = 0; i < existing.length; i++) {
    out += sorted[i]!.raw;
    const gapEnd = i + 1 < existing.length ? existing[i + 1]!.start : existing[i]!.end;
    out += markdown.slice(existing[i]!.end, gapEnd);
  }
  out += eol + sorted[existing.length]!.raw;
  return out + markdown.slice(existing[existing.length - 1]!.end);
}
