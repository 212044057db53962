// Meeting extraction: title, date, attendees (names and e-mails), summary, decisions, action
// items and the organisations present, from a transcript or call notes. Heuristics over the
// header lines, speaker labels, `Decision:`/`Action:` markers, checkboxes and section headings.
import { pageSlug } from '../slug.js';
import {
  ATTENDEE_LABELS,
  FREE_MAIL_DOMAINS,
  emailMatches,
  baseDomain,
  clip,
  companyFromDomain,
  datesIn,
  emailsIn,
  linesToTurns,
  nameFromEmail,
  nonEmptyLines,
  normalizeText,
  sentences,
  speakerOf,
  uniqueText,
} from './text.js';
import { eventDate } from './eventDate.js';
import { withConversionBudget } from './intlDates.js';

export interface Attendee {
  name: string;
  email: string | null;
  /** What the item says about them beside the name: "CEO, Roe Imports" in "Jane Roe (CEO, Roe Imports)". */
  about?: string | null;
}

export interface ActionItem {
  owner: string | null;
  task: string;
  due: string | null;
}

export interface MeetingExtract {
  title: string;
  /** YYYY-MM-DD; `dateFound` says whether it came from the content rather than the fallback. */
  date: string;
  dateFound: boolean;
  titleFound: boolean;
  attendees: Attendee[];
  summary: string;
  decisions: string[];
  actionItems: ActionItem[];
  /** Organisations by mail domain (free-mail domains excluded): `{ name, domain }`. */
  companies: Array<{ name: string; domain: string }>;
  /** People invited who were not there ("Barbara Liskov (declined)", "Apologies: Ken"). */
  absent: string[];
}

const HEADER_KEY = /^\s*(?:[-*]\s*)?(?:\*\*)?(\p{L}[\p{L} ]{1,20}?)(?:\*\*)?\s*[:：]\s*(.*)$/u;
const ATTENDEE_KEYS = new RegExp(`^(${ATTENDEE_LABELS}|people|with|who|organi[sz]er)$`, 'iu');
/** `To:` of meeting notes sent by mail names the people met; only addresses count there (never `Cc:`). */
const RECIPIENT_KEYS = /^(to|from)$/i;
const TITLE_KEYS = /^(title|meeting|subject|topic)$/i;
const DATE_KEYS = /^(date|when|held on)$/i;
const SECTION_HEADING = /^(?:#{1,6}\s+|\*\*)(.+?)(?:\*\*)?:?\s*$/;

function stripMarkup(s: string): string {
  return s.replace(/\*\*|__|`/g, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^\[[ xX]\]\s*/, '').trim();
}

/** Words that say an invitee was not there. */
const ABSENT = /(?<!\p{L})(?:declined|absent|regrets|apologies|did not attend|not present|no-show|abgesagt|entschuldigt|excus[ée]e?s?|ausente)(?!\p{L})/iu;

/** Invitees the text marks as not there: "Name (declined)" anywhere, and the names on an "Apologies:"/"Declined:"/"Absent:" line. */
export function absentNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){0,3})\s*(?:<[^>\n]*>\s*)?\(([^()\n]{1,60})\)/gu)) {
    if (ABSENT.test(m[2]!)) out.push(m[1]!);
  }
  for (const m of text.matchAll(/^\s*(?:[-*]\s*)?(?:\*\*)?(?:apologies|regrets|declined|absent|entschuldigt|excusés?|ausentes?)(?:\*\*)?\s*:\s*(.+)$/gimu)) {
    for (const part of m[1]!.split(/\s*[,;]\s*|\s+and\s+/)) {
      const name = part.replace(/<[^>]*>|\([^)]*\)/g, '').trim();
      if (/^\p{Lu}/u.test(name)) out.push(name);
    }
  }
  return [...new Set(out)];
}

/** One attendee entry: "Ada Lovelace <ada@acme.com>", "Ada (ada@acme.com)", "ada@acme.com", "Ada Lovelace". */
export function parseAttendee(raw: string): Attendee | null {
  // Whitespace collapsed first: `\s*` before an anchored suffix backtracks quadratically over long runs.
  let s = stripMarkup(raw).replace(/\s+/g, ' ').replace(/\s*[-–—]\s*(host|organi[sz]er|chair|notes?|optional)\b.*$/i, '').trim();
  if (!s) return null;
  const found = emailMatches(s);
  const email = found.length ? s.slice(found[0]![0], found[0]![1]).toLowerCase() : null;
  // "(CEO, Roe Imports)" says who they are; "(chair)", "(host)" only what they did here.
  let about: string | null = null;
  const paren = /\(([^()]*)\)\s*$/.exec(withoutEmails(s).replace(/<\s*>|\(\s*\)/g, '').trim());
  if (paren && !paren[1]!.includes('@')) {
    const inner = paren[1]!.trim();
    // "(declined)", "(optional, declined)", "(apologies)": invited, but not there.
    if (ABSENT.test(inner)) return null;
    if (inner && !/^(host|organi[sz]er|chair|chairs?|notes?|note-?taker|optional|required|remote|guest|external|internal|invited|declined|tentative|accepted)$/i.test(inner)) about = inner;
    s = s.replace(`(${paren[1]})`, ' ').trim();
  }
  let name = withoutEmails(s).replace(/[<>()[\]"]/g, ' ').replace(/\s+/g, ' ').replace(/\s*[,;]\s*$/, '').trim();
  name = name.replace(/\s*[-–—,]\s*$/, '').replace(/\s*\((?:[^)]*)\)\s*$/, '').trim();
  if (!name && email) name = nameFromEmail(email);
  if (!name || name.length > 60 || !/\p{L}/u.test(name)) return null;
  if (wordCountOf(name) > 5) return null;
  return about ? { name, email, about } : { name, email };
}

/** "Ada Lovelace", "José Núñez", "Дмитрий Соколов": two to four capitalised words and nothing else. */
function isPersonName(part: string): boolean {
  return /^\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3}$/u.test(stripMarkup(part).trim());
}

function withoutEmails(s: string): string {
  return withoutRanges(s, emailMatches(s));
}

function withoutRanges(s: string, ranges: Array<[number, number]>): string {
  let out = '';
  let last = 0;
  for (const [a, b] of ranges) {
    out += s.slice(last, a);
    last = b;
  }
  return out + s.slice(last);
}

function wordCountOf(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function splitList(value: string): string[] {
  // Commas separate people, but not inside <...> or (...).
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '<' || ch === '(') depth++;
    if (ch === '>' || ch === ')') depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === ';') && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.flatMap((p) => p.split(/\s+(?:and|&)\s+(?=[A-Z])/)).map((p) => p.trim()).filter(Boolean);
}

function addAttendee(list: Attendee[], a: Attendee): void {
  const byEmail = a.email ? list.find((x) => x.email === a.email) : undefined;
  if (byEmail) {
    if (byEmail.name === nameFromEmail(byEmail.email!) && a.name !== nameFromEmail(a.email!)) byEmail.name = a.name;
    if (a.about) byEmail.about ??= a.about;
    return;
  }
  const lower = a.name.toLowerCase();
  const byName = list.find(
    (x) => x.name.toLowerCase() === lower || x.name.toLowerCase().split(' ')[0] === lower || lower.split(' ')[0] === x.name.toLowerCase(),
  );
  if (byName) {
    if (!byName.email && a.email) byName.email = a.email;
    if (a.about) byName.about ??= a.about;
    if (a.name.length > byName.name.length && a.name.toLowerCase().startsWith(byName.name.toLowerCase())) byName.name = a.name;
    return;
  }
  list.push({ ...a });
}

const DECISION_MARKER = /^(?:decision|decided|agreed|resolution|resolved)\s*[:\-–]\s*(.+)$/i;
const DECISION_PHRASE = /\b(we (?:have )?(?:agreed|decided)|(?:it was|was) (?:agreed|decided)|agreed (?:to|that|on)|decided (?:to|that|on)|the decision is|we(?:'ll| will) go with|let'?s go with|settled on|final answer)\b/i;
const ACTION_MARKER = /^(?:action(?: item)?|ai|todo|to-do|follow[- ]up|next step)\s*[:\-–]\s*(.+)$/i;
const CHECKBOX = /^\s*[-*+]\s*\[ \]\s*(.+)$/;
const WILL_BY = /^([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(?:will|to|is going to|'ll)\s+(.+?\bby\b.+)$/;

function sectionKind(heading: string): 'decisions' | 'actions' | 'attendees' | 'summary' | 'other' {
  const h = heading.toLowerCase();
  if (/decision|agreed|resolution/.test(h)) return 'decisions';
  if (/action|to-?do|next steps|follow[- ]ups?|tasks/.test(h)) return 'actions';
  if (/attendee|participant|present|invitee/.test(h) || new RegExp(`^(?:${ATTENDEE_LABELS})$`, 'iu').test(h.trim())) return 'attendees';
  if (/summary|tl;?dr|overview|recap/.test(h)) return 'summary';
  return 'other';
}

/** "Owner: task (due 2026-03-10)", "Ada to send the deck by Friday", "@ada send deck". */
export function parseActionItem(raw: string, attendees: Attendee[]): ActionItem {
  let text = stripMarkup(raw);
  let owner: string | null = null;
  const due = dueOf(text);
  const labelled = /^([A-Z][\p{L}'’.-]*(?:\s[A-Z][\p{L}'’.-]*)?)\s*[:\-–]\s+(.+)$/u.exec(text);
  const mention = /^@([\w.-]+)\s+(.+)$/.exec(text);
  const will = /^([A-Z][\p{L}'’-]*(?:\s[A-Z][\p{L}'’-]*)?)\s+(?:will|to|is going to|'ll|shall)\s+(.+)$/u.exec(text);
  if (labelled && !/^(owner|due|by)$/i.test(labelled[1]!)) {
    owner = labelled[1]!;
    text = labelled[2]!;
  } else if (mention) {
    owner = mention[1]!;
    text = mention[2]!;
  } else if (will && attendees.some((a) => a.name.toLowerCase().startsWith(will[1]!.toLowerCase()))) {
    owner = will[1]!;
    text = will[2]!;
  }
  const ownerField = /\((?:owner|who)\s*:\s*([^)]+)\)/i.exec(text);
  if (ownerField) {
    owner ??= ownerField[1]!.trim();
    text = text.replace(ownerField[0], '').trim();
  }
  if (owner) {
    const full = attendees.find((a) => a.name.toLowerCase() === owner!.toLowerCase() || a.name.toLowerCase().split(' ')[0] === owner!.toLowerCase());
    if (full) owner = full.name;
  }
  text = text.replace(/\s*\((?:due|by)\s*:?\s*[^)]+\)\s*$/i, '').replace(/[.;]\s*$/, '').trim();
  return { owner, task: text, due };
}

function dueOf(text: string): string | null {
  const paren = /\((?:due|by)\s*:?\s*([^)]+)\)/i.exec(text);
  if (paren) return datesIn(paren[1]!)[0] ?? paren[1]!.trim();
  const by = /\bby\s+((?:\d{4}-\d{2}-\d{2})|(?:next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|end of (?:the )?(?:day|week|month|quarter)|eod|eow|tomorrow))\b/i.exec(text);
  if (by) return by[1]!;
  return null;
}

export function extractMeeting(raw: string, opts: { filename?: string | null; fallbackDate: string }): MeetingExtract {
  return withConversionBudget(() => extractMeetingBudgeted(raw, opts));
}

function extractMeetingBudgeted(raw: string, opts: { filename?: string | null; fallbackDate: string }): MeetingExtract {
  const text = normalizeText(raw);
  const lines = text.split('\n');
  const attendees: Attendee[] = [];
  const decisions: string[] = [];
  const actionLines: string[] = [];
  const summaryLines: string[] = [];
  let title: string | null = null;
  let section: ReturnType<typeof sectionKind> | 'header' = 'header';
  let inAttendeeList = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (!trimmed) {
      inAttendeeList = false;
      continue;
    }
    const heading = SECTION_HEADING.exec(trimmed);
    if (heading && (trimmed.startsWith('#') || /^\*\*[^*]+\*\*:?$/.test(trimmed))) {
      const h = stripMarkup(heading[1]!);
      const kind = sectionKind(h);
      if (trimmed.startsWith('# ') && !title && kind === 'other') title = h;
      section = kind;
      inAttendeeList = kind === 'attendees';
      continue;
    }
    const header = HEADER_KEY.exec(trimmed);
    if (header && (!speakerOfPerson(trimmed) || ATTENDEE_KEYS.test(header[1]!.trim()) || RECIPIENT_KEYS.test(header[1]!.trim()))) {
      const key = header[1]!.trim();
      const value = header[2]!.trim();
      if (RECIPIENT_KEYS.test(key) && (emailsIn(value).length || splitList(value).some(isPersonName))) {
        // Addresses, and names written as a person's ("Ada Lovelace; Grace Hopper", as Outlook
        // writes an appointment's invitees), not a group ("Investment committee").
        for (const part of splitList(value)) {
          const a = parseAttendee(part);
          if (a?.email || (a && isPersonName(part))) addAttendee(attendees, a);
        }
        continue;
      }
      if (ATTENDEE_KEYS.test(key)) {
        for (const part of splitList(value)) {
          const a = parseAttendee(part);
          if (a) addAttendee(attendees, a);
        }
        inAttendeeList = value === '';
        continue;
      }
      if (TITLE_KEYS.test(key) && value && !title) {
        title = stripMarkup(value);
        continue;
      }
      // The day is read by eventDate (one precedence for every kind); the line is no content.
      if (DATE_KEYS.test(key) && value) continue;
      if (/^summary$/i.test(key)) {
        if (value) summaryLines.push(value);
        section = 'summary';
        continue;
      }
    }
    if (inAttendeeList || section === 'attendees') {
      if (/^\s*[-*+]\s+/.test(line) || emailsIn(trimmed).length > 0) {
        const a = parseAttendee(trimmed);
        if (a) addAttendee(attendees, a);
        continue;
      }
      inAttendeeList = false;
    }
    const content = stripMarkup(speakerOf(trimmed)?.text ?? trimmed);
    const checkbox = CHECKBOX.exec(line);
    const decisionMarker = DECISION_MARKER.exec(content);
    const actionMarker = ACTION_MARKER.exec(content);
    if (checkbox) actionLines.push(checkbox[1]!);
    else if (actionMarker) actionLines.push(actionMarker[1]!);
    else if (decisionMarker) decisions.push(clip(decisionMarker[1]!, 240));
    else if (section === 'decisions' && /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)) decisions.push(clip(stripMarkup(trimmed), 240));
    else if (section === 'actions' && /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)) actionLines.push(stripMarkup(trimmed));
    else if (section === 'summary') summaryLines.push(trimmed);
    else if (DECISION_PHRASE.test(content)) {
      for (const s of sentences(content)) if (DECISION_PHRASE.test(s)) decisions.push(clip(s, 240));
    } else if (WILL_BY.test(content)) actionLines.push(content);
  }

  // A hurried or handwritten note lists who came by their initials on a line near the top ("AL, GH, KT").
  for (const l of nonEmptyLines(text).slice(0, 4)) {
    const initials = initialsLine(l);
    if (initials) for (const i of initials) addAttendee(attendees, { name: i, email: null });
  }
  // Speakers are attendees too; a speaker's first name matches a listed attendee.
  const turns = linesToTurns(text);
  for (const t of turns) if (t.speaker !== 'User' && t.speaker !== 'Assistant') addAttendee(attendees, { name: t.speaker, email: null });

  const date = eventDate(text, 'meeting', { filename: opts.filename, reference: opts.fallbackDate })?.date ?? null;
  const dateFound = date != null;
  const titleFound = title != null; // from a Title: line or a heading, not guessed
  title ??= firstShortLine(lines) ?? titleFromFilename(opts.filename) ?? 'Meeting';
  title = title.replace(/^(meeting|call)\s*[:\-–]\s*/i, (m) => (title!.length > m.length + 3 ? '' : m)).trim() || 'Meeting';

  const actionItems = uniqueText(actionLines).map((l) => parseActionItem(l, attendees));
  const uniqueDecisions = uniqueText(decisions);
  const companies = companiesOf(attendees);
  const finalDate = date ?? opts.fallbackDate;
  const summary = summaryLines.length
    ? clip(summaryLines.map(stripMarkup).join(' '), 700)
    : composeSummary(title, finalDate, attendees, turns.map((t) => t.text), uniqueDecisions, actionItems);
  const absent = absentNames(text);
  return { title, date: finalDate, dateFound, titleFound, attendees: attendees.filter((a) => !absent.includes(a.name)), summary, decisions: uniqueDecisions, actionItems, companies, absent };
}

/** A line of two or more initials ("AL, GH, KT", "AL / GH / KT", "Present: AL GH KT"), or null. */
/** The longest line read as a line of initials ("present: AL, GH, KT" is far shorter). */
const INITIALS_LINE_MAX = 200;

export function initialsLine(line: string): string[] | null {
  // A line of initials is short; a long one is prose (and never reaches the patterns below).
  if (line.length > INITIALS_LINE_MAX) return null;
  // "17/9/26 — AL, GH, KT": the note's date may open the same line.
  const rest = line.replace(/^\s*(?:\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2})\s*(?:[-–—:,|]\s*)?/, '');
  const m = /^\s*(?:[-*]\s*)?(?:(?:present|attendees|participants|with|w\/)[ \t]*(?::[ \t]*)?)?((?:\p{Lu}\.?){2,3}(?:\s*[,/&+;]\s*(?:and\s+)?|\s+(?:and\s+)?)(?:(?:\p{Lu}\.?){2,3}(?:\s*[,/&+;]\s*(?:and\s+)?|\s+(?:and\s+)?))*(?:\p{Lu}\.?){2,3})\s*$/u.exec(rest);
  if (!m) return null;
  // "Present: PM, QA, UX" lists roles, not people: role abbreviations are never someone's initials.
  const parts = m[1]!
    .split(/\s*[,/&+;]\s*|\s+(?:and\s+)?/)
    .map((p) => p.replace(/\./g, ''))
    .filter((p) => p && !ROLE_ABBREVIATIONS.has(p.toUpperCase()));
  return parts.length >= 2 && new Set(parts).size === parts.length ? parts : null;
}

/** Common abbreviations of roles, teams and shorthand that read like initials but name nobody. */
export const ROLE_ABBREVIATIONS: ReadonlySet<string> = new Set(
  'PM QA UX UI HR IT VP CEO CTO CFO COO CMO CPO BD PR EU US UK AI ML OK TBD FYI ETA EOD KPI OKR SRE DEV OPS PO EM TL'.split(' '),
);

function speakerOfPerson(line: string): boolean {
  const s = speakerOf(line);
  return !!s && /\s/.test(s.speaker);
}

function titleFromFilename(filename: string | null | undefined): string | null {
  if (!filename) return null;
  const base = filename.replace(/^.*\//, '').replace(/\.[a-z0-9]+$/i, '');
  const words = base.replace(/\b\d{4}[-_.]\d{1,2}[-_.]\d{1,2}\b/, '').replace(/[-_]+/g, ' ').trim();
  if (!words || /^(transcript|meeting|notes?|call|recording|untitled)$/i.test(words)) return null;
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}

function firstShortLine(lines: string[]): string | null {
  for (const l of nonEmptyLines(lines.join('\n')).slice(0, 3)) {
    const s = stripMarkup(l.replace(/^#+\s*/, ''));
    // A line that is only a date ("17/9/26") or only initials ("AL, GH") dates or lists, not names, the meeting.
    if (initialsLine(s) || (datesIn(s).length && !/\p{L}{3,}/u.test(s.replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\w*/gi, '')))) continue;
    if (s.length >= 3 && s.length <= 80 && !speakerOf(s) && !HEADER_KEY.test(s)) return s;
  }
  return null;
}

function companiesOf(attendees: Attendee[]): Array<{ name: string; domain: string }> {
  const seen = new Map<string, string>();
  for (const a of attendees) {
    if (!a.email) continue;
    const domain = baseDomain(a.email.split('@')[1]!);
    if (FREE_MAIL_DOMAINS.has(domain) || seen.has(domain)) continue;
    seen.set(domain, companyFromDomain(domain));
  }
  return [...seen].map(([domain, name]) => ({ name, domain }));
}

function composeSummary(title: string, date: string, attendees: Attendee[], spoken: string[], decisions: string[], actions: ActionItem[]): string {
  const names = attendees.map((a) => a.name);
  const who = names.length === 0 ? '' : names.length === 1 ? ` with ${names[0]}` : ` with ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const parts = [`${title} on ${date}${who}.`];
  const substantive = spoken
    .flatMap((t) => sentences(t))
    .filter((s) => s.split(/\s+/).length >= 6 && !DECISION_PHRASE.test(s) && !/^(hi|hello|thanks|thank you|good morning)/i.test(s))
    .slice(0, 2);
  for (const s of substantive) parts.push(clip(s, 200));
  if (decisions.length || actions.length) {
    parts.push(`${decisions.length} decision${decisions.length === 1 ? '' : 's'} and ${actions.length} action item${actions.length === 1 ? '' : 's'} were recorded.`);
  }
  return parts.join(' ');
}

/** `YYYY-MM-DD-topic` for the meeting page's file name. */
export function meetingSlug(m: Pick<MeetingExtract, 'date' | 'title'>): string {
  const topic = pageSlug(m.title, 50) || 'meeting';
  return `${m.date}-${topic.startsWith(m.date) ? topic.slice(11) || 'meeting' : topic}`;
}
