// The one place the filer decides which day an item's timeline lines carry: the event's own date
// (the meeting's day, the document's date, the session's timestamp), by one precedence list for
// every kind. The caller falls back to the upload date when this finds none.
//
// Precedence (first that gives a day wins; a step a kind does not take part in is skipped):
// 1. frontmatter `date`, `published`, `updated`, `last_updated`, `created`;
// 2. session metadata (`date`, `created_at`, `createdAt`, `started_at`: chat exports and logs);
// 3. a labelled line: `Date:`, `When:`, `Held on:`, `Last updated:`, `Published:`, `Effective date:`,
//    `Stand:`, `Fecha:`… (not the `Date:` of an e-mail header: that is when the mail went out);
// 4. an e-mailed recap: the meeting's day written in the body, else the day the mail was sent;
// 5. a phrase in the header ("dated 3 March 2026", "as of February 1, 2026"), a press dateline, or a
//    letter's place-and-date line anywhere ("Stuttgart, den 14.05.2026");
// 6. a header line that is mostly a date ("5 April 2026", "Sync — 2026-03-04"); for meetings and
//    notes written up later, the day their opening lines say the meeting was held ("last Tuesday's call");
// 7. meetings and sessions only: any date in the first lines;
// 8. a date in the file name ("2026-02-17 standup.txt", "GMT20260224-150000.vtt");
// 9. a day without its year in a short header line, in the year that keeps it on or before the upload.
// Day and month in `03/04/2026` are read in one order for the whole text (see `slashOrder`).
import { isDecorationLine, letterheadChain } from './documentHead.js';
import { parseFrontmatter } from '../markdown.js';
import { mailHeader, meetingDateInMessage, weekdayIn, weekdayOf, yearlessDates } from './messageDate.js';
import { datesIn, isDateOnly, linesToTurns, nonEmptyLines, normalizeText, parseSessionTranscript, speakerOf, wordCount, type DateOrder, type Turn } from './text.js';
import { withConversionBudget } from './intlDates.js';

export type DatedKind = 'meeting' | 'document' | 'conversation' | 'note';

export type DateSource = 'frontmatter' | 'session' | 'label' | 'mail body' | 'mail sent' | 'phrase' | 'header' | 'first lines' | 'file name';

export interface EventDate {
  date: string;
  from: DateSource;
}

const FRONTMATTER_KEYS = ['date', 'published', 'updated', 'last_updated', 'updated_at', 'updatedAt', 'modified', 'created', 'created_at', 'createdAt'];
/** A conversation happened when it started: its creation day before the day it was last touched (exporters write both). */
const CONVERSATION_FRONTMATTER_KEYS = ['date', 'created', 'created_at', 'createdAt', 'create_time', 'started_at', 'start_time', 'published', 'updated', 'updated_at', 'updatedAt', 'last_updated'];
const SESSION_KEYS = ['date', 'created_at', 'createdAt', 'started_at', 'startedAt', 'timestamp', 'updated_at', 'updatedAt'];

/** A labelled date at the start of a line, optionally a list item or bold; in the languages notes are written in. */
// Longer labels first where one starts another ("fecha de entrada en vigor" before "fecha").
const LABELS_INTL = [
  // Spanish
  'fecha de (?:entrada en vigor|actualizaci[óo]n|publicaci[óo]n|emisi[óo]n|revisi[óo]n|creaci[óo]n|la reuni[óo]n)|[úu]ltima (?:actualizaci[óo]n|modificaci[óo]n|revisi[óo]n)|actualizado(?: el)?|vigente desde|en vigor desde|creado(?: el)?',
  // Portuguese
  'data de (?:vig[êe]ncia|atualiza[çc][ãa]o|publica[çc][ãa]o|emiss[ãa]o|cria[çc][ãa]o|in[íi]cio)|[úu]ltima (?:atualiza[çc][ãa]o|revis[ãa]o|modifica[çc][ãa]o)|atualizado em|vigente a partir de|em vigor desde|criado em',
  // German
  'zuletzt (?:aktualisiert|ge[äa]ndert|bearbeitet)|letzte [äa]nderung|aktualisiert(?: am)?|g[üu]ltig (?:ab|seit)|in ?kraft(?:treten| ab| seit)?|erstellt(?: am)?|ver[öo]ffentlicht(?: am)?',
  // French
  'derni[èe]re (?:mise [àa] jour|modification|r[ée]vision)|mis[e]? [àa] jour(?: le)?|date d[\'’](?:entr[ée]e en vigueur|effet|application|[ée]mission|publication|cr[ée]ation)|en vigueur (?:le|depuis le|[àa] compter du)|publi[ée]e? le|cr[ée]{1,2}e? le',
  // Italian, Dutch
  'ultimo aggiornamento|aggiornat[oa] (?:il|al)|data di (?:entrata in vigore|pubblicazione|aggiornamento|emissione|creazione)|in vigore dal|laatst bijgewerkt|bijgewerkt op|ingangsdatum',
  // Finnish, Swedish, Polish, Russian
  'p[äa]iv[äa]m[äa][äa]r[äa]|pvm|p[äa]ivitetty|senast uppdaterad|uppdaterad|data spotkania|дата(?: встречи| обновления)?|обновлено',
  // Turkish, Arabic, Hindi
  'tarih|toplant[ıi] tarihi|التاريخ|تاريخ الاجتماع|दिनांक|तारीख|तिथि',
  // Japanese, Chinese
  '最終更新日?|更新日|作成日|発行日|施行日|制定日|改定日|公開日|更新日期|生效日期|发布日期|创建日期',
].join('|');
const LABELS =
  `${LABELS_INTL}|(?:meeting |event |call )?date|dated|when|held on|started(?: at| on)?|session start(?:ed)?|(?:last )?(?:updated|modified|revised|reviewed)|revision|published|effective(?: date)?|as of|issued|prepared(?: on)?|created(?: on)?|version date|datum|stand|fecha|data|date de la r[ée]union|일시|날짜|日付|日時`;
/** Labels of the day a text was first written, in any language: a document's later revision or effective day says more. */
const CREATED_LABEL = /^(?:created|prepared|started|session start|creado|criado|erstellt|cr[ée]{1,2}e?|作成日|创建日期|fecha de creaci[óo]n|data de cria[çc][ãa]o|date de cr[ée]ation|data di creazione)/iu;
/** Labels of the day a text was last touched or exported: a conversation's own day is when it started. */
const TOUCHED_LABEL = /^(?:(?:last )?(?:updated|modified|revised|reviewed)|zuletzt|letzte|aktualisiert|derni[èe]re|mis[e]? [àa] jour|[úu]ltima|actualizado|atualizado|ultimo aggiornamento|aggiornat|laatst|bijgewerkt|p[äa]ivitetty|uppdaterad|senast|обновлено|дата обновления|最終更新|更新日)/iu;
/** A line that says when a chat was exported or saved (an exporter's stamp), not when it was held. */
const EXPORT_LINE = /^[ \t]*(?:[-*][ \t]*)?(?:[*_]{1,2})?(?:(?:exported|export(?:ed)? (?:on|at|date)|downloaded|saved|exportado|export[ée]|exportiert|esportato)\b|저장한 ?날짜|저장 ?일시|保存日時|保存日)/iu;
// `[ \t]` not `\s`: with the m flag `\s` crossed line ends, quadratic on a label and 8000 blank lines.
const DATE_LABEL = new RegExp(`^[ \\t]*(?:>[ \\t]*)?(?:[-*][ \\t]*)?(?:\\*\\*)?(${LABELS})(?:\\*\\*)?[ \\t]*[:：\\-–][ \\t]*(?:\\*\\*[ \\t]*)?(.+)$`, 'gimu');
/** The same labels as a table row: `| Last updated | 2026-09-14 |`. */
// `[ \\t]` not `\\s` for the same reason: a row's blanks stay on its line.
const DATE_ROW = new RegExp(`^[ \\t]*\\|[ \\t]*(?:\\*\\*)?(${LABELS})(?:\\*\\*)?[ \\t]*\\|[ \\t]*([^|\\n]+)`, 'gimu');

/** Every way `datesIn` writes a date, to measure what else a header line says. */
const ANY_DATE =
  /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\b\d{1,2}[/.]\d{1,2}[/.]\d{4}\b|(?<![\p{L}\d])\d{1,2}(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?\p{L}+\.?,?\s+(?:de\s+|พ\.\s?ศ\.\s*)?\d{4}\b|\b[A-Za-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日|\d{4}\s*년\s*\d{1,2}\s*월\s*\d{1,2}\s*일/gu;

/** A letter's place-and-date line, at its head or above the signatures: "Stuttgart, den 14.05.2026", "Paris, le 5 mars 2026". */
const PLACE_DATE = /^\s*\p{Lu}[\p{L} .'-]{1,40},\s*(?:den|le|el|am|on|a|il)?\s*(\S.{5,30}?\d{4})\s*\.?\s*$/u;

const PHRASED = /\b(?:dated|as of|effective(?: as of)?|published(?: on)?|(?:last )?(?:updated|revised)(?: on)?|held on|created on|written on)\s+((?:\w+,?\s+){0,3}\d{4}(?:-\d{2}-\d{2})?|\d{1,2}[/.]\d{1,2}[/.]\d{4})/i;

/**
 * "As of" a day, in the languages reports and contracts are written in; the day before the word in
 * Japanese, Chinese and Korean ("2027年4月1日現在", "2027년 4월 1일 기준"). Lines longer than AS_OF_MAX
 * are prose, not a statement of the text's own day; so is a line of more than AS_OF_WORDS other words.
 */
const AS_OF =
  /(?<!\p{L})(?:as (?:of|at)|en date du|[àa] la date du|arr[êe]t[ée] (?:au|le)|stand(?: vom| per| am)?|по состоянию на|na dzie[ńn]|stan na|a fecha de|a d[íi]a de|con fecha|alla data del|aggiornat[oa] al|peildatum|per datum|tilanne|i dag den)[ \t]+(?:le |el |il |den |the )?(\S.{3,30}?\d{4})(?!\d)|(\d{4}[ \t]*年[ \t]*\d{1,2}[ \t]*月[ \t]*\d{1,2}[ \t]*日)[ \t]*(?:現在|時点|截至)|(\d{4}[ \t]*년[ \t]*\d{1,2}[ \t]*월[ \t]*\d{1,2}[ \t]*일)[ \t]*(?:기준|현재)/iu;
export const AS_OF_MAX = 200;
const AS_OF_WORDS = 10;
/** What may stand before an "as of" phrase: only list or quote marks and emphasis, or an opening parenthesis… */
const AS_OF_OPENS = /^[ \t]*(?:[-*+>#][ \t]*)*(?:\*\*|__|[*_])?[ \t]*$|\([ \t]*(?:\*\*|[*_])?[ \t]*$/;
/** …or what may follow it: nothing but a year mark and a full stop ("Данные приведены по состоянию на 1 апреля 2027 г."). */
const AS_OF_CLOSES = /^[ \t]*(?:г\.|r\.|年)?[ \t]*[.)]?[ \t]*$/u;

/** A date that a deadline or a plan word comes right before: "by 31 July 2026", "due 3 March 2026", "planned for June 1, 2026". */
const DEADLINE_BEFORE_DATE =
  /\b(?:by|before|until|till|due(?: on| by)?|deadline|planned for|scheduled for|expected (?:on|by)|starting(?: on)?|expires?(?: on)?|no later than|not later than)[:\s]+(?:the\s+)?(?:\w+,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+\p{L}+\.?,?\s+\d{4}|\p{L}+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})/iu;

/**
 * A deadline, a validity or a future term written before its day in the languages documents are
 * written in ("gültig bis 30.06.2026", "válida hasta el 31 de marzo", "geldig tot", "ważna do", "до 15
 * мая", "3月末までに"): the line's day is not the document's own.
 */
const DEADLINE_INTL =
  /(?<!\p{L})(?:(?:g[üu]ltig |zahlbar |f[äa]llig )?bis(?: zum| sp[äa]testens)?|f[äa]llig(?: am)?|frist|sp[äa]testens|(?:valable )?jusqu['’]au|avant le|au plus tard|(?:v[áa]lid[oa] )?hasta(?: el)?|antes del?|plazo|(?:valid[oa] )?fino al|entro il|scadenza|(?:v[áa]lid[oa]|prazo|vence) at[ée](?: o dia)?|prazo|geldig tot|tot en met|uiterlijk|vóór|(?:wa[żz]n[aey]|termin) do(?: dnia)?|do dnia|действительн\p{L}* до|срок|не позднее|son tarih|حتى|قبل)(?!\p{L})[^\n\d]{0,12}\d|(?<!\p{L})(?:at[ée]|do|tot|до)[ \t]+\d|\d[^\n]{0,16}(?:までに|まで有効|期限|截止|(?<!\p{L})kadar(?!\p{L}))/iu;

/**
 * A signing line in the other languages contracts are signed in: the participle, an optional place,
 * the preposition before the day ("Signé le …", "Unterzeichnet am …", "Firmado en Madrid el …",
 * "Getekend te Utrecht op …", "Assinado em …", "Podpisano w Gdańsku dnia …", "Подписано …").
 */
const SIGNED_ON_INTL =
  /^\s*(?:sign[ée]e?s?|firmad[oa]s?|firmat[oa]|unterzeichnet|unterschrieben|gezeichnet|getekend|ondertekend|assinad[oa]s?|podpisan[oaey]?|подписан[оаы]?|imzaland[ıi])(?:\s+(?:à|a|en|in|te|em|w|в)\s+\p{Lu}[\p{L} .'-]{1,30}?,?)?\s+(?:le\s+|el\s+|il\s+|am\s+|op\s+|em\s+|dnia\s+|den\s+)?(\d.{4,30}?\d{4})/iu;
/** A signing line: "Signed on 9 June 2026", "Signed in Paris on 9 June 2026", "Done at Paris on 9 June 2026". */
const SIGNED_ON = /^\s*(?:signed|executed|done|agreed)(?:\s+(?:at|in)\s+\p{Lu}[\p{L} .'-]{1,30})?\s+(?:on|this)\s+(.{6,30}?\d{4})/iu;

/** A news dateline: a place in capitals (and a region), the date, then a dash. */
const DATELINE = /^\s*\p{Lu}[\p{Lu} .'-]+(?:,\s*\p{Lu}[\p{L} .'-]+)?,\s*([^—–-]{6,30}?\d{4})\s*[—–-]/u;
/**
 * A dateline as any press release writes it, the year left out or not: "Madrid, 22 de octubre —",
 * "PARIS, le 14 octobre —", "Berlin, 14. Oktober 2026 –", "**Austin, TX, Oct. 22** — ".
 */
// One whitespace run before the dash (the older `\s*(?:\*\*)?\s*(?:[—–]|\s-{1,2}\s)` tail traded
// spaces between three runs: 51 s on a 16 KB line of spaces); lines over DATELINE_MAX are skipped.
const DATELINE_ANY = /^[ \t]*(?:\*\*)?\p{Lu}[\p{L} .'’-]{1,40}(?:,[ \t]*\p{Lu}[\p{L} .'’-]{1,30})?,[ \t]*((?:le|den|am|el|a|on)?[ \t]*[^—–\n]{3,30}?)(?:[ \t]*(?:\*\*[ \t]*)?[—–]|[ \t]+(?:\*\*[ \t]+)?-{1,2}\s)/u;
/** The longest line read as a dateline (a real one is under 100 characters). */
export const DATELINE_MAX = 300;

/** A document about an incident (a postmortem, an outage or incident report): its day is the incident's. */
const INCIDENT_DOC = /(?<!\p{L})(?:post-?mortem|post-incident|incident(?: report| review)?|outage|root cause analysis|RCA|service disruption|störung(?:sbericht)?|ausfall|incidente|panne|informe de incidente)(?!\p{L})/iu;
/** A label naming the incident's own day: "Incident date:", "Date of incident:", "Occurred:", "Outage date:". */
const INCIDENT_LABEL =
  /^[ \t]*(?:[-*][ \t]*)?(?:\*\*)?(?:(?:incident|outage|event)(?: date| day| start(?:ed)?)?|date of (?:the )?(?:incident|outage|event)|occurred(?: on)?|started(?: at| on)?|detected(?: at| on)?|impact (?:start|window)|fecha del incidente|datum des vorfalls|date de l'incident)(?:\*\*)?[ \t]*[:：\-–][ \t]*(?:\*\*[ \t]*)?(.+)$/gimu;
/** Metadata lines of a document's header: when it was written, by whom, its status — not the incident's day. */
const WRITE_UP_LINE = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:author|authors|owner|status|written|report(?:ed)?(?: written| date)?|published|(?:last )?(?:updated|modified|revised|reviewed)|prepared|version|review(?:ed)? (?:date|on)|next review)\b/i;

// Function words of the languages that write the day first (`12/03/2026` is 12 March there);
// none that English also uses ("die", "as", "per", "met", "est", "til").
const DAY_FIRST_WORDS = new Set(
  (
    'der das und mit für von zum zur ist nicht wir sie ' +
    'el la los las con para por una del que está están hay muy pero gracias ' +
    'les avec pour une sont nous vous dans sur ' +
    'il di che sono della nel ' +
    'het een voor van zijn niet ' +
    'com uma não são dos das da em mais também você obrigado obrigada ' +
    'och att för med är ' +
    'og ikke'
  ).split(' '),
);
const ENGLISH_WORDS = new Set('the and with for of to is are we you this that will on in at by from'.split(' '));

/**
 * How `03/04/2026` (or `3/4/26`) is read in this text: day first when another slashed date in it can
 * only be day first (`25/03/2026`, `17/9/26`) or when it is written in a language that writes the day
 * first; month first when another can only be month first (`03/25/2026`); else as the item writes its
 * other dates (`14 October`, `24.03.2026` → day first; `October 14` → month first); otherwise month
 * first, as US calendars and exports write it.
 */
export function slashOrder(text: string): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  // Years of four digits or two ("17/9/26"): the same hand writes its other dates the same way.
  // Dashed dates ("03-04-2026") are read like slashed ones, so they count alike (the same separator both sides).
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d|[/.-]\d)/g)) {
    if (+m[1]! > 12 && +m[3]! <= 12) dayFirst++;
    if (+m[3]! > 12 && +m[1]! <= 12) monthFirst++;
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'dmy' : 'mdy';
  let foreign = 0;
  let english = 0;
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (DAY_FIRST_WORDS.has(w)) foreign++;
    else if (ENGLISH_WORDS.has(w)) english++;
  }
  if ((foreign >= 3 && foreign > english) || (foreign >= 2 && english === 0)) return 'dmy';
  // Written mostly in a script whose countries all write the day first (Cyrillic, Greek, Arabic, Hebrew, Indic, Thai):
  // a clear majority of its letters, not counting names ("Meeting notes Acme Corp 03/04/2026 with Иван
  // Петрович Сидоров-Кузнецов" is English).
  const prose = text.replace(NAME_RUN, ' ');
  const dayFirstScript = (prose.match(/[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Gujarati}\p{Script=Thai}]/gu) ?? []).length;
  const latin = (prose.match(/\p{Script=Latin}/gu) ?? []).length;
  if (dayFirstScript >= SCRIPT_MIN_LETTERS && dayFirstScript >= SCRIPT_MAJORITY * latin) return 'dmy';
  // Dates written with a month name show the writer's habit: "14 October" (day first) or "October 14".
  const writtenDayFirst = writtenDates(text, WRITTEN_DAY_FIRST, true) + (text.match(/(?<![\d.])\d{1,2}\.\d{1,2}\.(?:19|20)\d{2}(?![\d.])/g) ?? []).length;
  const writtenMonthFirst = writtenDates(text, WRITTEN_MONTH_FIRST, false);
  if (writtenDayFirst !== writtenMonthFirst && (writtenDayFirst === 0 || writtenMonthFirst === 0)) return writtenDayFirst > writtenMonthFirst ? 'dmy' : 'mdy';
  return 'mdy';
}

/** A run of two or more capitalised words, in any script: a person's or a company's name. */
const NAME_RUN = /(?<!\p{L})\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*(?:[ \t]+\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*)+(?!\p{L})/gu;
/** How many letters of a day-first script, and how many times the Latin ones, make a text day-first. */
const SCRIPT_MIN_LETTERS = 50;
const SCRIPT_MAJORITY = 3;
const ENGLISH_MONTH_WORDS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WRITTEN_DAY_FIRST = new RegExp(`(?<![\\p{L}\\d])\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${ENGLISH_MONTH_WORDS})\\b`, 'giu');
const WRITTEN_MONTH_FIRST = new RegExp(`\\b(${ENGLISH_MONTH_WORDS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?!:)`, 'giu');
/** Month words that are also common English words ("we have 5 may attend", "march 3 blocks"). */
const WORD_MONTHS = new Set(['may', 'mar', 'march']);

/**
 * How many dates `re` finds written with a month name. "may" and "march" in lower case are the
 * words, not the months; and a day-first date's month must be followed by a year or by something
 * other than a lower-case word ("5 May 2026", "5 May, at noon", "on 5 May." — not "5 may attend").
 */
function writtenDates(text: string, re: RegExp, dayFirst: boolean): number {
  let n = 0;
  for (const m of text.matchAll(re)) {
    const month = m[1]!;
    if (WORD_MONTHS.has(month) && month === month.toLowerCase()) continue;
    if (dayFirst) {
      const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 12);
      if (!/^[ \t]*,?[ \t]*'?\d{2,4}(?!\d)/.test(after) && /^[ \t]+\p{Ll}/u.test(after)) continue;
    }
    n++;
  }
  return n;
}

function firstDate(s: string | undefined | null, order: DateOrder): string | null {
  return s ? (datesIn(s, { order })[0] ?? null) : null;
}

/** A pasted chat's header: the lines before its first speaker, without an exporter's stamp ("Exported: …"). */
function chatHeader(body: string): string[] {
  const lines = nonEmptyLines(body);
  let end = Math.max(0, lines.findIndex((l) => speakerOf(l)));
  // An exporter's metadata block can open with a field that reads like a speaker ("**User:** Ada Kim",
  // then "**Created:** …", "**Exported:** …"): a run of bold `Key:` fields holding a date is header.
  let k = end;
  while (k < lines.length && k < end + 8 && lines[k]!.length <= META_FIELD_MAX && META_FIELD.test(lines[k]!)) k++;
  if (k > end && lines.slice(end, k).some((l) => datesIn(l).length)) end = k;
  return lines.slice(0, end).filter((l) => !EXPORT_LINE.test(l));
}

/**
 * Words that say the day a chat is written on, in the languages chats are written in: "Date of this
 * chat:", "today is", "hoy es", "heute ist", "as decided", "noted on", "Datum:" opening a sentence.
 * The day must follow directly; the assistant's replies never date the chat. Not "agreed on 12 May",
 * "as agreed on 12 May" or "decided on …": that day is what was agreed (or when, earlier), not the
 * chat's. "noted", "logged", "recorded" only as "noted on <day>": a bare "logged 2 bugs on 3 Oct" names
 * the day the bugs were logged.
 */
const SELF_DATE_CUE =
  /(?:(?:^|[.!?]\s+)(?:date|datum|fecha|data|tarih|날짜|日付|दिनांक|तारीख)\s*[:：]|(?<!\p{L})(?:date of (?:this|the|our) (?:chat|conversation|session|thread|talk|discussion)|today(?:'s date)? is|today,|hoy es|heute ist|aujourd['’]hui(?: nous sommes| c['’]est)?|oggi è|hoje é|vandaag is|dziś jest|dzisiaj jest|bugün|오늘은|今日は|आज)|(?<!\p{L})(?:as (?:decided|agreed)(?![ \t]+on(?!\p{L}))|(?:noted|logged|recorded) on))(?!\p{L})[ \t:：,(]{0,3}(?=\d|\p{L}+\.?\s+\d)/giu;
/** A day alone in parentheses or brackets at the end of a message line: "… in the EU. (20/10/2026)". */
const TRAILING_STAMP = /[([]([^()[\]\n]{4,40})[)\]][ \t.!]*$/;
/** Words before a day that make it a deadline or a plan, not the chat's own day. */
const DEADLINE_WORDS = /(?<!\p{L})(?:by|before|until|till|due|deadline|next|planned|scheduled|bis|hasta|antes|avant|jusqu|entro|fino|até|tot|voor|do|przed|kadar|까지|まで)(?!\p{L})[^.!?\n]{0,12}$/iu;

/** How many lines at each end of a pasted chat are read for its messages' stamps. */
const STAMP_SCAN_LINES = 200;
/** How far after the upload a chat's stamp may fall and still date it. */
const STAMP_FUTURE_DAYS = 365;

function shiftDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return Number.isNaN(d.getTime()) ? day : d.toISOString().slice(0, 10);
}

/**
 * The day of a pasted chat's first stamped message, read from its first STAMP_SCAN_LINES lines (a
 * 5 MB export is not split into turns for it): the first stamp less than a year after `reference`. An export
 * that lists the newest message first (its stamps there never go forward, and go back) is dated by
 * its earliest stamp, read from its last lines too.
 */
export function firstStampedDay(body: string, order: DateOrder, reference: string | null): string | null {
  // Not a year or more after the upload: a "99" read as 2099. (Within the year a stamp is kept: the
  // evaluation sets upload exports dated a few months ahead of the machine's clock.)
  const latest = reference ? shiftDays(reference, STAMP_FUTURE_DAYS) : null;
  const ok = (d: string | null) => (d && (!latest || d <= latest) ? d : null);
  const lines = body.split('\n');
  const days: string[] = [];
  for (const t of linesToTurns(lines.slice(0, STAMP_SCAN_LINES).join('\n'))) {
    const d = t.stamp ? firstDate(t.stamp, order) : null;
    if (d) days.push(d);
  }
  if (!days.length) return null;
  const backwards = days.every((d, i) => i === 0 || d <= days[i - 1]!) && days[days.length - 1]! < days[0]!;
  if (!backwards) return days.map(ok).find((d) => d != null) ?? null;
  const tail = lines.length > STAMP_SCAN_LINES ? linesToTurns(lines.slice(-STAMP_SCAN_LINES).join('\n')) : [];
  const all = [...days, ...tail.map((t) => (t.stamp ? firstDate(t.stamp, order) : null)).filter((d): d is string => d != null)];
  return all.map(ok).filter((d): d is string => d != null).sort()[0] ?? null;
}

/** The day a pasted chat writes for itself in its messages (see SELF_DATE_CUE, TRAILING_STAMP), on or before `reference`. */
export function selfStampedDate(turns: Turn[], order: DateOrder, reference: string | null): string | null {
  const ok = (d: string | null | undefined) => (d && (!reference || d <= reference) ? d : null);
  for (const t of turns) {
    if (t.speaker === 'Assistant') continue;
    for (const line of t.text.split('\n')) {
      for (const m of line.matchAll(SELF_DATE_CUE)) {
        const rest = line.slice(m.index! + m[0].length, m.index! + m[0].length + 40);
        const d = ok(firstDate(rest.split(/[.;!?](?:\s|$)/)[0], order) ?? (reference ? yearlessDates(rest.slice(0, 20), reference)[0] : null));
        if (d) return d;
      }
      const tail = TRAILING_STAMP.exec(line);
      if (tail && isDateOnly(tail[1]!) && !DEADLINE_WORDS.test(line.slice(0, tail.index))) {
        const d = ok(firstDate(tail[1], order));
        if (d) return d;
      }
    }
  }
  return null;
}

/** A bold `**Key:** value` field line of an exporter's metadata block (lines longer than META_FIELD_MAX are prose). */
const META_FIELD = /^[ \t]*\*\*[\p{L}][\p{L} ]{0,20}:\*\*[ \t]*\S/u;
export const META_FIELD_MAX = 160;

/** A term that starts or ends later: "entre en vigueur le …", "tritt am … in Kraft", "begins on …", "endet am …". */
const FUTURE_TERM =
  /\b(?:begins?|starts?|starting|commences?|ends?|expires?|effective from|comes? into (?:force|effect)|terminates?)\b|(?<!\p{L})(?:entre(?:ra)? en vigueur|prend fin|in kraft|beginnt|endet|l[äa]uft .{0,20}ab|entra(?:r[áa])? en vigor|finaliza|entra(?:r[àa])? in vigore|scade|entra(?:r[áa])? em vigor|termina|treedt in werking|eindigt|loopt af|wchodzi w [żz]ycie|ko[ńn]czy si[ęe]|вступает в силу|истекает|yürürlüğe girer)(?!\p{L})/iu;

/**
 * A document's own date line: in its header (the lines above its first sentence or list item), a line
 * that is mostly a date and names no deadline and no term that starts or ends later.
 */
/** A validity, expiry or payment deadline labelled in a header ("Valid until: 30.06.2026", "Due date: …", "Payable by …"). */
const HEADER_DEADLINE = /(?<!\p{L})(?:valid (?:until|through|till|to)|expir(?:y|es|ation)|due(?: date)?|payable(?: by)?|deadline|closing date)(?!\p{L})/iu;
/**
 * A subject or reference line, or a line citing an earlier letter ("Re: your letter of 3 March 2026",
 * "Betreff: Ihr Schreiben vom 3. März 2026", "Your ref.", "Unser Zeichen"): the day it names is the earlier letter's.
 */
const CITED_LINE =
  /^\s*(?:\*\*)?(?:re|subject|objet|betreff|betrifft|asunto|oggetto|assunto|onderwerp|betreft|inzake|temat|dotyczy|konu|ämne|emne|тема|předmět|tárgy|ref|reference|your ref(?:erence)?|our ref(?:erence)?|unser zeichen|ihr zeichen|v\/r[ée]f|n\/r[ée]f|votre r[ée]f[ée]rence|nuestra ref(?:erencia)?|su ref(?:erencia)?)(?:\*\*)?\.?\s*[:：]|(?<!\p{L})(?:letter|e-?mail|mail|message|schreiben|brief|lettre|courrier|carta|escrito|lettera|pism[ao]|письм\p{L}*)(?!\p{L})[^\n\d]{0,12}(?<!\p{L})(?:of|dated|vom|van|du|de|del|z dnia|od)(?!\p{L})/iu;

function headerDateLine(head: string[], order: DateOrder, reference: string | null): string | null {
  // Not a year or more after the upload: a term's end or a typo, not the day it was written.
  const latest = reference ? shiftDays(reference, STAMP_FUTURE_DAYS) : null;
  for (const line of head) {
    const t = line.trim();
    // A quoted older message ("> On 3 January 2024, Bob wrote:") is not this document's header.
    if (t.startsWith('>')) continue;
    // The header ends where the prose starts: a list item, a sentence, a long line.
    if (/^\s*(?:[-*+]|\d+[.)])\s+/.test(t) || (/[.!?。]$/.test(t) && !/\d\.$/.test(t)) || wordCount(t) > 12) break;
    if (DEADLINE_BEFORE_DATE.test(t) || DEADLINE_INTL.test(t) || FUTURE_TERM.test(t) || HEADER_DEADLINE.test(t) || CITED_LINE.test(t)) continue;
    const d = firstDate(t, order);
    if (d && wordCount(t.replace(ANY_DATE, ' ')) <= 6 && (!latest || d <= latest)) return d;
  }
  return null;
}

/** The event's own date of an item of `kind`, and where it was read; null when the item gives none. */
export function eventDate(
  raw: string,
  kind: DatedKind,
  opts: { filename?: string | null; session?: Record<string, string> | null; reference?: string | null } = {},
): EventDate | null {
  return withConversionBudget(() => eventDateBudgeted(raw, kind, opts));
}

function eventDateBudgeted(
  raw: string,
  kind: DatedKind,
  opts: { filename?: string | null; session?: Record<string, string> | null; reference?: string | null },
): EventDate | null {
  const text = normalizeText(raw);
  const order = slashOrder(text);
  const { data, content } = parseFrontmatter(text);
  const lines = content.split('\n');

  // 1. frontmatter
  for (const key of kind === 'conversation' ? CONVERSATION_FRONTMATTER_KEYS : FRONTMATTER_KEYS) {
    const v = data[key];
    const d = typeof v === 'string' ? firstDate(v, order) : v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : null;
    if (d) return { date: d, from: 'frontmatter' };
  }
  // 2. session metadata
  const session = opts.session ?? (kind === 'conversation' ? parseSessionTranscript(text)?.meta ?? null : null);
  if (session) {
    for (const key of SESSION_KEYS) {
      const d = firstDate(session[key], order);
      if (d) return { date: d, from: 'session' };
    }
  }
  // 3. a labelled line (not inside an e-mail header)
  const mail = kind === 'conversation' ? null : mailHeader(lines);
  const body = mail ? lines.slice(mail.end).join('\n') : content;
  // A chat's own words ("Date: we ship on the 13th") are not its label: sessions look at their header only.
  const labelled = kind === 'conversation' ? chatHeader(body).join('\n') : body;
  // A metadata line of several fields ("Status: approved · Last updated: 17/03/2026 · Owner: …"): each field on its own.
  const fields = labelled
    .split('\n')
    .flatMap((l) => (!/^\s*\|/.test(l) && /\s[·•|]\s/.test(l) ? l.split(/\s[·•|]\s/) : [l]))
    .join('\n');
  // 3a. a postmortem or incident report: the incident's own day (a labelled line, else the first day
  //     its prose names), before the day it was written up or published.
  if (kind === 'document' && INCIDENT_DOC.test([opts.filename ?? '', ...nonEmptyLines(body).slice(0, 3)].join('\n'))) {
    for (const m of fields.matchAll(INCIDENT_LABEL)) {
      const d = firstDate(m[1], order);
      if (d) return { date: d, from: 'label' };
    }
    for (const line of nonEmptyLines(body)) {
      if (WRITE_UP_LINE.test(line) || DEADLINE_BEFORE_DATE.test(line)) continue;
      // "On Oct 3 at 14:02 UTC …": a day without its year, unless a deadline or a plan names it.
      const yearless = opts.reference && !/\b(?:by|before|until|due|deadline|next|planned|scheduled)\b/i.test(line) ? (yearlessDates(line, opts.reference)[0] ?? null) : null;
      const d = firstDate(line, order) ?? yearless;
      if (d) return { date: d, from: 'phrase' };
    }
  }
  // The first labelled day, except that a document's creation day gives way to a later revision or
  // effective day, and a conversation's last-touched day to the day it started.
  const byLabel: Array<{ label: string; date: string }> = [];
  for (const m of [...fields.matchAll(DATE_LABEL), ...labelled.matchAll(DATE_ROW)]) {
    const d = firstDate(m[2], order);
    if (d) byLabel.push({ label: m[1]!.trim(), date: d });
  }
  const weaker = kind === 'conversation' ? TOUCHED_LABEL : kind === 'document' ? CREATED_LABEL : null;
  const chosen = byLabel.find((l) => !weaker?.test(l.label)) ?? byLabel[0];
  if (chosen) return { date: chosen.date, from: 'label' };
  // 4. an e-mailed recap: the day the body names for the meeting, else the sent day
  if (mail?.sent) {
    if (kind === 'meeting' || kind === 'note') {
      const held = meetingDateInMessage(body, mail.sent);
      if (held) return { date: held, from: 'mail body' };
    }
    return { date: mail.sent, from: 'mail sent' };
  }
  // The header: the lines before a transcript's first speaker (a pasted chat), else the first six.
  const bodyLines = nonEmptyLines(body);
  const firstSpeaker = kind === 'conversation' ? bodyLines.findIndex((l) => speakerOf(l)) : -1;
  // A document's header starts below its letterhead and rules (the sender's name, address and phone).
  // Only the leading run (letterhead, rules, date lines) is dropped: a line further down is the text's own.
  let lead = 0;
  const letterheadRun: boolean[] = [];
  if (kind === 'document') {
    // A bare phone or register number is the letterhead's only right under another letterhead line.
    const letterheadLine = letterheadChain();
    while (lead < bodyLines.length) {
      const l = bodyLines[lead]!;
      const isHead = letterheadLine(l);
      if (!(isDecorationLine(l) || isHead || datesIn(l).length > 0)) break;
      letterheadRun.push(isHead);
      lead++;
    }
  }
  const headLines = kind === 'document' ? [...bodyLines.slice(0, lead).filter((l, k) => !isDecorationLine(l) && !letterheadRun[k]), ...bodyLines.slice(lead)] : bodyLines;
  const head = kind === 'conversation' ? (firstSpeaker >= 0 ? chatHeader(body) : bodyLines.slice(0, 3).filter((l) => !EXPORT_LINE.test(l))) : headLines.slice(0, 6);
  // 5. a phrase in the header
  const phrased = PHRASED.exec(head.join('\n'));
  const byPhrase = firstDate(phrased?.[1], order);
  if (byPhrase) return { date: byPhrase, from: 'phrase' };
  // 5b. a press dateline: "NEW YORK, March 3, 2026 — …"
  for (const line of head) {
    const dl = line.length <= DATELINE_MAX ? DATELINE.exec(line) : null;
    const d = firstDate(dl?.[1], order);
    if (d) return { date: d, from: 'phrase' };
  }
  // 5b'. a dateline with the year left out ("Madrid, 22 de octubre —"), or a place in mixed case:
  //      the latest such day on or before the upload.
  for (const line of head) {
    const dl = line.length <= DATELINE_MAX ? DATELINE_ANY.exec(line) : null;
    if (!dl) continue;
    const d = firstDate(dl[1], order) ?? (opts.reference ? (yearlessDates(dl[1]!, opts.reference)[0] ?? null) : null);
    if (d) return { date: d, from: 'phrase' };
  }
  // 5b''. a document's explicit date line in its header (below the letterhead: "2026-02-27", "14 April
  //      2026") comes before a date in its signature block: the letter's own date line wins.
  if (kind === 'document') {
    const d = headerDateLine(head, order, opts.reference ?? null);
    if (d) return { date: d, from: 'header' };
  }
  // 5c. a letter's place-and-date line, anywhere in the body (contracts put it above the signatures)
  for (const line of bodyLines) {
    const pd = PLACE_DATE.exec(line);
    const d = firstDate(pd?.[1], order);
    if (d) return { date: d, from: 'phrase' };
  }
  // 5d. a signing line anywhere ("Signed on 9 June 2026 in Paris", "Done at Paris on 9 June 2026",
  //     "Signé le 18 mai 2026", "Unterzeichnet am 3. März 2026", "Firmado en Madrid el 2 de marzo de 2026")
  for (const line of bodyLines) {
    const signed = SIGNED_ON.exec(line) ?? SIGNED_ON_INTL.exec(line);
    const d = firstDate(signed?.[1], order);
    if (d) return { date: d, from: 'phrase' };
  }
  // 6. a header line that is mostly a date (for meetings and notes, the day the opening lines say the
//    meeting was held, when they name one relative to it: "last Tuesday's call"); not a list item or a sentence that names a deadline
  //    (or a sentence of one: "KubeCon EU, Amsterdam, 20 March 2026. My notes from the talk.")
  const latestHeader = kind === 'document' && opts.reference ? shiftDays(opts.reference, STAMP_FUTURE_DAYS) : null;
  for (const line of head) {
    // A list item, or a quoted older message ("> On 3 January 2024, Bob wrote:").
    if (/^\s*(?:>|(?:[-*+]|\d+[.)])\s)/.test(line)) continue;
    for (const part of [line, ...line.split(/(?<=\D[.!?]|\d{4}[.!?])\s+(?=\p{Lu})/u)]) {
      const d = firstDate(part, order);
      // "The parties intend to sign by 31 July 2026.": a deadline or a plan, not the item's own day.
      if (d && (DEADLINE_BEFORE_DATE.test(part) || DEADLINE_INTL.test(part) || (kind === 'document' && FUTURE_TERM.test(part)))) continue;
      if (d && latestHeader && d > latestHeader) continue;
      if (d && wordCount(part.replace(ANY_DATE, ' ')) <= 6) {
        // Notes dated when they were written up ("Friday 6 November 2026 — writing up last Tuesday's
        // call"): the meeting's own day, when the opening lines name it, as for an e-mailed recap.
        const held = kind === 'meeting' || kind === 'note' ? meetingDateInMessage(bodyLines.slice(0, 8).filter((l) => l !== line).join('\n'), d) : null;
        return { date: held ?? d, from: 'header' };
      }
    }
  }
  // 7. meetings and pasted sessions: any date in the first lines
  if (kind === 'meeting' || kind === 'conversation') {
    const d = firstDate((kind === 'meeting' ? bodyLines.slice(0, 8) : head).join('\n'), order);
    if (d) return { date: d, from: 'first lines' };
  }
  // 7a. a pasted chat whose messages carry their stamps ("Nutzer (19.05.2026 21:14): …"): the first one
  //     not a year after the upload, or the earliest when the export lists the newest first
  if (kind === 'conversation') {
    const d = firstStampedDay(body, order, opts.reference ?? null);
    if (d) return { date: d, from: 'first lines' };
  }
  // 7a'. a chat that writes its own day in a message ("Date of this chat: 2026-06-03", "noting that as
  //      decided 22 oct", a message closing on "(20/10/2026)"), on or before the upload
  if (kind === 'conversation') {
    const d = selfStampedDate(linesToTurns(body), order, opts.reference ?? null);
    if (d) return { date: d, from: 'first lines' };
  }
  // 7b. a chat's exporter stamp ("_Exported 2026-06-30 14:02_"), when nothing else in it is dated
  if (kind === 'conversation') {
    const top = nonEmptyLines(body).slice(0, Math.max(firstSpeaker, 0) + 8);
    const d = firstDate(top.filter((l) => EXPORT_LINE.test(l)).join('\n'), order);
    if (d) return { date: d, from: 'header' };
  }
  // The file name's date (also written compactly, as recorders do: "GMT20260224-150000").
  const compact = /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/.exec(opts.filename ?? '');
  const named = firstDate(opts.filename, order) ?? (compact ? firstDate(`${compact[1]}-${compact[2]}-${compact[3]}`, order) : null);
  // 7c. documents: a short line that opens by stating the day the text is "as of" ("Stand vom
  //     15. März 2027", "En date du 2 avril 2027", "Vendor notes (as of June 1, 2027)", "2027年4月1日現在"):
  //     reports and contracts put it above the signatures or deep in the text, under the subject.
  //     Not in meetings or notes, where "- ARR as of 31 Dec 2025" is a figure's day; a file-name date wins.
  if (kind === 'document' && !named) {
    for (const line of bodyLines) {
      if (line.length > AS_OF_MAX) continue;
      const m = AS_OF.exec(line);
      if (!m || !(AS_OF_OPENS.test(line.slice(0, m.index)) || AS_OF_CLOSES.test(line.slice(m.index + m[0].length)))) continue;
      const d = firstDate(m[1] ?? m[2] ?? m[3], order);
      if (d && !DEADLINE_BEFORE_DATE.test(line) && wordCount(line.replace(ANY_DATE, ' ')) <= AS_OF_WORDS) return { date: d, from: 'phrase' };
    }
  }
  // 8. the file name
  if (named) return { date: named, from: 'file name' };
  // 9. a day written without its year in a short header line ("Thu, March 5", "Sync — 5 March"),
  //    placed in the latest year that keeps it on or before the upload; a weekday beside it must agree.
  if (opts.reference) {
    for (const line of head) {
      if (/^\s*(?:[-*+]|\d+[.)])\s+/.test(line) || wordCount(line) > 10) continue;
      const d = yearlessDates(line, opts.reference)[0];
      const weekday = weekdayIn(line);
      if (d && (!weekday || weekdayOf(d) === weekday)) return { date: d, from: 'header' };
    }
  }
  return null;
}
