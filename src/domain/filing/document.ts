// Document extraction (briefs, specs, articles, contracts): title, a one-paragraph summary and
// the key points worth remembering; and a plain-language summary of what changed between two
// versions of the same document.
import { diffLines } from 'diff';
import { parseFrontmatter } from '../markdown.js';
import { documentHead, HEAD_WINDOW, isDateLine, isDecorationLine, letterheadChain } from './documentHead.js';
import { clip, datesIn, nonEmptyLines, normalizeText, sentences, uniqueText, wordCount } from './text.js';
import { withConversionBudget } from './intlDates.js';

export interface DocumentExtract {
  title: string;
  titleFound: boolean;
  summary: string;
  keyPoints: string[];
  headings: string[];
  words: number;
}

const KEY_SECTION = /key (points|facts|takeaways)|highlights|summary|requirements|deliverables|scope|decisions|commitments|terms|budget|timeline|milestones|goals|objectives|conclusions?|findings|recommendations/i;
const WEIGHTY = /\b(must|shall|will|required|deadline|due|budget|price|cost|fee|total|launch|deliver|commit|agree|guarantee|by \w+ \d|q[1-4]\b)|[$€£¥]\s?\d|\d+(?:[.,]\d+)?\s?(?:%|k\b|m\b|eur|usd|gbp|days?|weeks?|months?|hours?)/i;

const MAIL_FIELD = /^(from|to|cc|bcc|date|sent|subject|reply-to)\s*:\s*(.*)$/i;

function strip(s: string): string {
  return s.replace(/\*\*|__|`/g, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').trim();
}

export function extractDocument(raw: string, opts: { filename?: string | null } = {}): DocumentExtract {
  return withConversionBudget(() => extractDocumentBudgeted(raw, opts));
}

function extractDocumentBudgeted(raw: string, opts: { filename?: string | null }): DocumentExtract {
  const { data, content } = parseFrontmatter(normalizeText(raw));
  const lines = content.split('\n');
  const headings: string[] = [];
  let title: string | null = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : null;
  const bulletsBySection: Array<{ section: string; items: string[] }> = [{ section: '', items: [] }];
  const paragraphs: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) paragraphs.push(para.join(' '));
    para = [];
  };
  let seen = 0;
  // The leading run of letterhead, rules and date lines above the title; a line like it further down is the text's.
  let inHead = true;
  // A bare phone or register number is the letterhead's only right under another letterhead line.
  const letterheadLine = letterheadChain();
  for (const line of lines) {
    const t = line.trim();
    const h = /^(#{1,6})\s+(.+?)\s*#*$/.exec(t);
    if (t) seen++;
    // A rule drawn with heading marks ("# # # # #") or any other decoration line is no heading and no
    // title; the sender's letterhead at the top (name, address, phone) is no prose for the summary.
    const letterhead: boolean = inHead && seen <= HEAD_WINDOW && letterheadLine(t);
    if (isDecorationLine(t) || letterhead) {
      flush();
      continue;
    }
    if (t && !isDateLine(t)) inHead = false;
    if (h) {
      flush();
      const text = strip(h[2]!);
      if (h[1] === '#' && !title) title = text;
      else headings.push(text);
      bulletsBySection.push({ section: text, items: [] });
      continue;
    }
    const labelled = /^title\s*:\s*(.+)$/i.exec(t);
    if (labelled && !title) {
      title = strip(labelled[1]!);
      continue;
    }
    // A mail's or memo's header fields (From, To, Cc, Date, Subject): the subject is its title,
    // the rest is routing, not prose.
    const field = MAIL_FIELD.exec(t);
    if (field) {
      flush();
      if (/^subject$/i.test(field[1]!) && !title && field[2]!.trim()) title = strip(field[2]!.replace(/^(?:(?:re|fwd?|aw|wg|tr)\s*:\s*)+/i, '')) || null;
      continue;
    }
    if (/^\s*(?:[-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      const item = strip(t);
      if (item) bulletsBySection[bulletsBySection.length - 1]!.items.push(item);
      continue;
    }
    if (!t) {
      flush();
      continue;
    }
    para.push(t);
  }
  flush();
  const titleFound = title != null;
  title ??= firstLineTitle(content) ?? titleFromFilename(opts.filename) ?? 'Untitled document';

  const prose = paragraphs.map(strip).filter((p) => wordCount(p) >= 8 && p !== title && !/^(title|author|date|version)\s*:/i.test(p));
  const summary = prose.length ? clipSentences(prose[0]!, 3, 600) : clip(nonEmptyLines(content).slice(0, 3).map(strip).join(' '), 400);

  const keyed = bulletsBySection.filter((b) => KEY_SECTION.test(b.section)).flatMap((b) => b.items);
  let keyPoints = keyed.length ? keyed : bulletsBySection.flatMap((b) => b.items);
  if (keyPoints.length < 3) {
    const weighty = prose.flatMap(sentences).filter((s) => WEIGHTY.test(s) || datesIn(s).length > 0);
    keyPoints = keyPoints.concat(weighty);
  }
  return {
    title,
    titleFound,
    summary,
    keyPoints: uniqueText(keyPoints.map((k) => clip(k, 240))).slice(0, 10),
    headings,
    words: wordCount(content),
  };
}

function clipSentences(text: string, n: number, max: number): string {
  return clip(sentences(text).slice(0, n).join(' '), max);
}

function titleFromFilename(filename: string | null | undefined): string | null {
  if (!filename) return null;
  const base = filename.replace(/^.*\//, '').replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim();
  return base && !/^(document|untitled|file|upload)$/i.test(base) ? base.charAt(0).toUpperCase() + base.slice(1) : null;
}

function firstLineTitle(content: string): string | null {
  const lines = nonEmptyLines(content);
  // A letter's or a contract's title stands below its letterhead, decoration and date line.
  const head = documentHead(lines);
  if (head.title) return strip(head.title);
  const first = lines.find((l) => !isDecorationLine(l));
  if (!first) return null;
  const s = strip(first);
  return s.length <= 100 && wordCount(s) <= 14 && !/[.!?]$/.test(s) ? s : null;
}

export interface RevisionSummary {
  added: number;
  removed: number;
  /** One sentence for a timeline line. */
  text: string;
}

/** What changed between two versions' texts, as counts and the most telling added/removed lines. */
export function summarizeRevision(oldText: string, newText: string): RevisionSummary {
  const parts = diffLines(normalizeText(oldText), normalizeText(newText));
  const addedLines: string[] = [];
  const removedLines: string[] = [];
  for (const p of parts) {
    const ls = nonEmptyLines(p.value).map(strip).filter((l) => l && !/^#+$/.test(l));
    if (p.added) addedLines.push(...ls);
    else if (p.removed) removedLines.push(...ls);
  }
  const pick = (ls: string[]) => ls.slice().sort((a, b) => weight(b) - weight(a))[0];
  const bits: string[] = [];
  if (!addedLines.length && !removedLines.length) return { added: 0, removed: 0, text: 'New version with no change to the text.' };
  bits.push(`${addedLines.length} line${addedLines.length === 1 ? '' : 's'} added, ${removedLines.length} removed`);
  const topAdded = pick(addedLines);
  const topRemoved = pick(removedLines);
  if (topAdded) bits.push(`now: "${clip(topAdded, 90)}"`);
  if (topRemoved) bits.push(`was: "${clip(topRemoved, 90)}"`);
  return { added: addedLines.length, removed: removedLines.length, text: `Revised: ${bits.join('; ')}.` };
}

function weight(line: string): number {
  return (WEIGHTY.test(line) ? 100 : 0) + Math.min(line.length, 80);
}
