// What an inbox item is: a meeting transcript, a document, a conversation (chat export or
// agent session, plain or JSON) or something else. Scores explainable signals over the text,
// the file name and the content type; the winning kind's share of the evidence is the
// confidence. Deterministic and offline.
import { documentHead } from './documentHead.js';
import { initialsLine } from './meeting.js';
import { ATTENDEE_LABELS, datesIn, emailsIn, linesToTurns, MEETING_WORDS_INTL, nonEmptyLines, parseSessionTranscript, speakerOf, wordCount } from './text.js';
import { withConversionBudget } from './intlDates.js';

export type ContentKind = 'meeting' | 'document' | 'conversation' | 'other';

export interface Classification {
  kind: ContentKind;
  confidence: number;
  /** Human-readable evidence, e.g. "3 speakers", "an Attendees line". */
  signals: string[];
}

export interface ClassifyInput {
  text: string;
  filename?: string | null;
  contentType?: string | null;
  hasCanonicalUrl?: boolean;
}

const MEETING_WORDS_EN = /\b(meeting|call|sync|stand-?up|kick-?off|workshop|retro(spective)?|minutes|agenda|1:1|1-?on-?1|one-on-one|interview|transcript|qbr|check-?in|catch-?up|debrief|all-hands|town hall|recap|(?:coffee|lunch|dinner|breakfast|drinks) with|met with|mtg)\b/i;
const MEETING_WORDS = { test: (s: string) => MEETING_WORDS_EN.test(s) || MEETING_WORDS_INTL.test(s) };
// `[ \\t]` not `\\s` under the m flag: 3.6 s on a word and 40,000 blank lines.
const MEETING_HEADER = new RegExp(`^[ \\t]*(?:[-*][ \\t]+)?(?:\\*\\*)?(${ATTENDEE_LABELS}|agenda|minutes|orden del d[ií]a|tagesordnung|ordre du jour)(?:\\*\\*)?[ \\t]*[:：]|^#{1,6}[ \\t]+(?:${ATTENDEE_LABELS})(?!\\p{L})`, 'imu');
const MINUTES_TITLE = /(?<!\p{L})(?:minutes|compte[- ]rendu|proc[èe]s[- ]verbal|protokoll|sitzungsprotokoll|acta|verbale|notulen|議事録|会议纪要|회의록|ata da reuni[ãa]o)(?!\p{L})/iu;
const MEETING_PROSE =
  /\b(?:opened|chaired|closed|adjourned) the (?:meeting|session|call)\b|\bjoined (?:the (?:call|meeting)|from|late|remotely)\b|\bminutes (?:taken|recorded) by\b|\bpresent were\b|\bin attendance\b|\bthe meeting (?:opened|closed|ended|started)\b/i;
const CHAT_ROLES = /^[ \t]*(?:\*\*)?(user|assistant|human|ai|claude|chatgpt|gemini|copilot|bot|t[úu]|voc[êe]|du|vous|usuari[oa]|usu[áa]ri[oa]|asistente|utilisat(?:eur|rice)|benutzer(?:in)?|nutzer(?:in)?|assistent(?:in)?|utente|assistente|gebruiker|ユーザー|アシスタント|あなた|用户|助手)(?:\*\*)?[ \t]*(?:\([^()\n]{4,40}\)[ \t]*)?[:：]/gimu;
/**
 * A header or file name that says the text is a chat (a team chat, a messenger export, a chat with an
 * assistant) in the languages chats arrive in; a meeting's saved chat ("meeting_saved_chat") names the meeting too.
 */
const CHAT_WORDS = /(?<!\p{L})(?:chats?|chatverlauf|chatprotokoll|conversaci[óo]n|conversa(?:[çc][ãa]o)?|conversazione|unterhaltung|gesprek|whatsapp|telegram|slack|discord|signal|imessage|チャット|会話|聊天|对话|대화)(?!\p{L})/iu;
const DOC_WORDS =
  /\b(memo|memorandum|report|brief|briefing|proposal|spec|specification|white ?paper|article|analysis|review|plan|agreement|contract|statement of work|sow|policy|guide|handbook|manual|runbook|letter|announcement|press release|release notes|roadmap|strategy|forecast|pitch|thesis|white-?paper|case study|research note|playbook|checklist|procedure|one-pager|rfc|prd|term sheet|investment memo|update|quote|quotation|offer letter|side letter|notice of [a-z]+|(?:rahmen|kauf|miet|arbeits|liefer)?vertrag|aktennotiz|vermerk|konzept|leitfaden|richtlinie|stellungnahme|gutachten|note de service|compte rendu d'étude|étude|propuesta|memorando|nota informativa|vereinbarung|zusammenfassung|bericht|angebot|contrato|acuerdo|informe|contrat|rapport|accord|contratto|relazione|overeenkomst|promemoria|notitie|verslag|relat[óo]rio|notatka|umowa|raport|sprawozdanie|analiza|(?:support )?ticket)\b/i;
/** The same words in languages `\b` does not bound (Cyrillic, CJK) or the list above lacks (Finnish, Swedish, Czech, Turkish). */
const DOC_WORDS_INTL =
  /(?<!\p{L})(?:offer|oferta|offerte|presupuesto|cotizaci[óo]n|preventivo|proposta|devis|non-disclosure|nda|mou|memorandum of understanding|zawiadomienie|pismo|wniosek|aanbod|voorstel|kennisgeving|письмо|уведомление|предложение|протокол о намерениях|مذكرة|اتفاقية|عقد|تقرير|عرض سعر|見積書|通知書|覚書|議定書|отч[её]т|доклад|договор|соглашение|политика|регламент|положение|инструкция|справка|служебная записка|меморандум|спецификация|коммерческое предложение|звіт|угода|raportti|sopimus|muistio|selvitys|ohje|avtal|zpr[áa]va|smlouva|rapor|s[öo]zle[şs]me|報告書|仕様書|契約書|提案書|企画書|規程|規約|報告|보고서|계약서|제안서|명세서|报告|合同|协议)(?!\p{L})/iu;
/**
 * A document's kind as the last part of a compound title word, as German, Dutch and the Nordic
 * languages write it ("Voortgangsrapport", "Wartungsvertrag", "Jahresbericht", "Reiserichtlinie").
 */
const DOC_COMPOUND = /(?<!\p{L})\p{L}{3,40}?(?:vertrag|vereinbarung|bericht|richtlinie|angebot|rapport|verslag|overeenkomst|offerte|voorstel|beleid|avtal|sopimus|raportti)(?!\p{L})/iu;
/** A slide's heading line in a deck or its speaker notes, in the languages decks are written in. */
const SLIDE_LINE = /^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:slide|folie|diapositive|diapositiva|slajd|слайд|スライド|幻灯片|슬라이드)[ \t]*\d{1,3}(?!\d)[ \t]*(?:[—–:.)-]|$)/imu;
/** Dutch "Dia 3 — …": a slide only with its capital and a dash (Portuguese "Dia 1:" is a workshop's day). */
const DIA_SLIDE_LINE = /^[ \t]*(?:#+[ \t]*)?(?:\*\*)?Dia[ \t]*\d{1,3}(?!\d)[ \t]*[—–-]/m;
/** A memo's subject field, in the languages memos are written in. */
const MEMO_SUBJECT = /^\s*(?:\*\*)?(?:re|subject|objet|betreff|betrifft|asunto|oggetto|assunto|onderwerp|betreft|inzake|temat|dotyczy|konu|ämne|emne|тема|předmět|tárgy)(?:\*\*)?\s*[:：]\s*(.+)$/iu;
/** A mail's or memo's routing line: who sent it and who receives it. */
const ROUTING_LINE = /^\s*(?:from|to|cc|bcc|reply-to|sender)\s*:/i;
/** "call with Ada", "Writing up last Tuesday's call with Danny", "catch-up with the Globex team". */
const MEETING_WITH = /(?<!\p{L})(?:[Cc]all|[Mm]eeting|[Ss]ync|[Cc]atch-?up|1:1|[Cc]offee|[Ll]unch|[Dd]inner)(?:['’]s)? with (?:the )?\p{Lu}\p{Ll}/u;
/** A press release's label or dateline (a place, a day, then a dash opening the first paragraph). */
const PRESS_RELEASE =
  /(?<!\p{L})(?:press release|for immediate release|nota de prensa|comunicado de prensa|communiqu[ée] de presse|pressemitteilung|presseinformation|comunicato stampa|persbericht|comunicado [àa] imprensa)(?!\p{L})|^[ \t]*\p{Lu}[\p{L} .'’-]{1,40}(?:,[ \t]*\p{Lu}[\p{L} .'’-]{1,30})?,[ \t]*(?:le |den |am |el |on )?(?:\d{1,2}\.?[ \t]+(?:de[ \t]+)?\p{L}{3,}\.?|\p{L}{3,}\.?[ \t]+\d{1,2})(?:,?[ \t]+(?:de[ \t]+)?\d{4})?(?:[ \t]*[—–]|[ \t]+-{1,2}[ \t])[ \t]*\p{Lu}/imu;
/** Header lines are cut to this length before PRESS_RELEASE reads them (a dateline is far shorter). */
export const PRESS_LINE_MAX = 300;
/** A letter's place-and-date line is short: a longer line is prose and never reaches TITLE_DATELINE. */
export const TITLE_DATELINE_MAX = 120;
// One blank run between the year and its end (`[ \t]`, no `\s*…\s*` pair): the old
// `\d{4}\s*(?:r\.)?\s*\.?$` took 16.9 s on a year, 100,000 spaces and a letter.
const TITLE_DATELINE = /^\s*\p{Lu}[\p{L} .'-]{1,40},\s*\S.{3,30}\d{4}(?:[ \t]*r\.)?[ \t]*\.?$/u;
// `[ \t]` not `\s`: under the m flag `\s` crossed line ends, quadratic on 40,000 blank lines.
/**
 * An attendee line in any language: a label, then people with their organisation in brackets and
 * another party after a comma ("حاضرین: رضا احمدی (پارس نساج)، تیم فروش ما", "Waliohudhuria: Amina
 * Wanjiru (Savanna Pay), timu yetu"). Lines over ATTENDEE_SHAPE_MAX are never one.
 */
const ATTENDEE_SHAPE = /^[ \t]*[^:：\n()]{1,30}[:：][ \t]*([^:：()\n]{2,60})\(([^()\n]{2,60})\)[ \t]*[,،、;][ \t]*\S/u;
export const ATTENDEE_SHAPE_MAX = 200;

/**
 * Whether a line has the attendee shape with a person in it: a given and a family name, capitalised
 * where the script has capitals, after at most a lowercase honorific ("ông Nguyễn Văn An"), and an
 * organisation in the brackets that is a name too. "For: Mum (birthday), Dad" and "Documents: passport
 * (blue folder), tickets" are a personal list's lines, not attendees.
 */
export function attendeeLine(line: string): boolean {
  if (line.length > ATTENDEE_SHAPE_MAX) return false;
  const m = ATTENDEE_SHAPE.exec(line);
  if (!m) return false;
  const words = m[1]!.trim().split(/[ \t]+/);
  if (words.length >= 3 && /^\p{Ll}{1,4}\.?$/u.test(words[0]!)) words.shift();
  const named = (w: string) => /^[\p{Lu}\p{Lo}]/u.test(w) && !/\p{N}/u.test(w);
  return words.length >= 2 && words.length <= 4 && words.every(named) && /^[\p{Lu}\p{Lo}\p{N}]/u.test(m[2]!.trim());
}
const ACTION_ITEMS = /^[ \t]*(?:#+[ \t]*)?action items?\b|^[ \t]*action[ \t]*:/im;
/** A line of at least this many words is a paragraph of prose when it stands among others like it. */
const PROSE_LINE_WORDS = 25;
const DOC_EXTENSIONS = /\.(pdf|docx?|odt|rtf|pptx?|html?|md|markdown|txt|rst|adoc)$/i;

export function classifyContent(input: ClassifyInput): Classification {
  return withConversionBudget(() => classifyContentBudgeted(input));
}

function classifyContentBudgeted(input: ClassifyInput): Classification {
  const text = input.text;
  const filename = input.filename ?? '';
  const scores: Record<ContentKind, number> = { meeting: 0, document: 0, conversation: 0, other: 0.5 };
  const signals: Record<ContentKind, string[]> = { meeting: [], document: [], conversation: [], other: [] };
  const add = (kind: ContentKind, weight: number, why: string) => {
    scores[kind] += weight;
    signals[kind].push(why);
  };

  const session = parseSessionTranscript(text);
  if (session) add('conversation', 4, `a JSON session transcript of ${session.turns.length} messages`);
  if (/\.(jsonl|json)$/i.test(filename) && session) add('conversation', 0.5, 'a .json file name');

  const lines = nonEmptyLines(text);
  const words = wordCount(text);
  if (!session) {
    const chatRoles = (text.match(CHAT_ROLES) ?? []).length;
    if (chatRoles >= 2) add('conversation', 2 + Math.min(chatRoles, 10) * 0.1, `${chatRoles} user/assistant turns`);
    const turns = linesToTurns(text);
    // Turns of a person writing as "I" ("Yo:", "Ich:", "Eu:") and of an assistant ("Claude:", "ChatGPT:"), however they are labelled.
    const roleTurns = turns.filter((t) => t.speaker === 'User' || t.speaker === 'Assistant');
    if (chatRoles < 2 && roleTurns.length >= 3 && new Set(roleTurns.map((t) => t.speaker)).size === 2) add('conversation', 2, `${roleTurns.length} turns of a person and an assistant`);
    const speakers = new Set(turns.map((t) => t.speaker).filter((s) => s !== 'User' && s !== 'Assistant'));
    const speakerLines = lines.filter((l) => speakerOf(l)).length;
    // A transcript's speakers take turns: someone speaks twice. Labelled fields that each occur once
    // ("Laufzeit: 24 Monate", "Owner: …") are a form, not a conversation.
    const recurring = [...speakers].some((s) => turns.filter((t) => t.speaker === s).length >= 2);
    if (speakers.size >= 2 && speakerLines >= 3 && recurring) {
      add('meeting', 1.2, `${speakers.size} named speakers`);
      add('conversation', 0.8, `${speakerLines} speaker lines`);
    }
    // A thread pasted from a chat client (Slack, Teams): people @-mention each other and react with :emoji: codes.
    const threadMarks = (text.match(/(?:^|[\s(])@\p{Lu}\p{L}+|(?:^|\s):[a-z0-9_+-]{2,30}:(?=\s|$)/gmu) ?? []).length;
    if (speakers.size >= 2 && speakerLines >= 3 && threadMarks >= 1) add('conversation', 2.5, 'a chat thread (@-mentions or emoji codes)');
    // "Conversación del chat del equipo", "WhatsApp-Chat mit Anke.txt": the text says it is a chat, not a meeting.
    const named = [filename, ...lines.slice(0, 3).map((l) => l.slice(0, PRESS_LINE_MAX))].join('\n');
    if (new Set(turns.map((t) => t.speaker)).size >= 2 && speakerLines >= 3 && CHAT_WORDS.test(named) && !MEETING_WORDS.test(named)) add('conversation', 1.5, 'a header or file name that says it is a chat');
    if (MEETING_HEADER.test(text)) add('meeting', 2.5, 'an attendees or agenda line');
    // Minutes written as prose: the title says so, or the text tells how the meeting ran.
    if (MINUTES_TITLE.test(lines[0] ?? '')) add('meeting', 1.5, 'a minutes title');
    if (MEETING_PROSE.test(text)) add('meeting', 1.5, 'prose about the meeting itself');
    if (MEETING_WORDS.test(filename)) add('meeting', 1.5, 'a meeting-like file name');
    // Captions (WebVTT, SubRip) are a recording's transcript.
    if (/\.(?:vtt|srt)$/i.test(filename) || /^WEBVTT\b/.test(text.trimStart())) add('meeting', 2, 'a captions file');
    const headerLines = lines.slice(0, 5).filter((l) => !/^\s*(?:[-*+]|\d+[.)])\s+/.test(l));
    if (MEETING_WORDS.test(headerLines.join('\n'))) add('meeting', 1, 'a meeting word in the header');
    // Addresses of the people invited; a mail's or memo's routing lines (From, To, Cc) are not that.
    const emails = emailsIn(lines.slice(0, 15).filter((l) => !ROUTING_LINE.test(l)).join('\n'));
    if (emails.length >= 2) add('meeting', 1, `${emails.length} e-mail addresses in the header`);
    // "Writing up last Tuesday's call with Danny and Hedy": the header says a meeting with people took place.
    if (MEETING_WITH.test(headerLines.join('\n'))) add('meeting', 1.5, 'a meeting with named people in the header');
    if (ACTION_ITEMS.test(text)) add('meeting', 0.7, 'action items');
    const headerDated = datesIn(lines.slice(0, 6).join('\n')).length > 0;
    if (headerDated) add('meeting', 0.4, 'a date in the header');
    // Minutes laid out as minutes in any language: a dated header, an attendee line of names with their
    // organisations, and the points as a list (not a letter's paragraphs).
    const listLines = lines.filter((l) => /^\s*(?:[-*+•]|\p{Nd}{1,2}[.)])\s/u.test(l)).length;
    if (headerDated && listLines >= 2 && !MEETING_HEADER.test(text) && lines.slice(0, 6).some((l) => attendeeLine(l))) add('meeting', 2, 'an attendee line of names with their organisations');
    // A handwritten or hurried note: who came, by their initials, on a line of its own near the top ("AL, GH, KT").
    if (lines.slice(0, 4).some((l) => initialsLine(l))) add('meeting', 2.5, 'a line of attendee initials');
    // A press release: its dateline ("Madrid, 22 de octubre —", "PARIS, 14 October 2026 —") or its label, in any language.
    if (PRESS_RELEASE.test(lines.slice(0, 6).map((l) => l.slice(0, PRESS_LINE_MAX)).join('\n'))) add('document', 2, 'a press release');

    const headings = lines.filter((l) => /^#{1,6}\s+\S/.test(l)).length;
    if (headings >= 2) add('document', 1 + Math.min(headings, 8) * 0.15, `${headings} headings`);
    if (input.hasCanonicalUrl) add('document', 2, 'a canonical URL');
    if (/^\s*(?:\*\*)?(?:published(?: on)?|(?:last )?updated|effective(?: date)?|revision|version(?: date)?)(?:\*\*)?\b\s*[:\s]\s*\S/im.test(lines.slice(0, 6).join('\n'))) add('document', 1.2, 'a publication or revision line');
    if (DOC_EXTENSIONS.test(filename) && !/\.(txt|md)$/i.test(filename)) add('document', 1.5, `a ${filename.split('.').pop()} file`);
    else if (DOC_EXTENSIONS.test(filename)) add('document', 0.3, 'a text file name');
    if (input.contentType && /pdf|word|officedocument|html/i.test(input.contentType)) add('document', 1, `content type ${input.contentType}`);
    // Paragraphs, also when a text puts them on lines of their own without blank lines between (exports,
    // OCR, pasted reports): a block whose lines are mostly long prose (not list items) is that many paragraphs.
    const paragraphs = text.split(/\n\s*\n/).flatMap((b) => {
      const ls = b.trim().split('\n');
      const prose = ls.filter((l) => wordCount(l) >= PROSE_LINE_WORDS && !/^\s*(?:[-*+•]|\d+[.)])\s/.test(l));
      return ls.length > 1 && prose.length >= ls.length * 0.8 ? prose : [b];
    });
    const longParagraphs = paragraphs.filter((p) => wordCount(p) >= 40 && !speakerOf(p.trim().split('\n')[0]!)).length;
    if (longParagraphs >= 2) add('document', 1 + Math.min(longParagraphs, 6) * 0.1, `${longParagraphs} long paragraphs`);
    const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
    const titleLine = blocks[0] && !blocks[0].includes('\n') && blocks[0].length <= 100 && !/[.!?:]$/.test(blocks[0]) && !speakerOf(blocks[0]);
    const proseBlocks = blocks.slice(1).filter((b) => wordCount(b) >= 10 && /\p{Sentence_Terminal}$/u.test(b) && !b.split('\n').some((l) => speakerOf(l)));
    if (titleLine && proseBlocks.length >= 2 && !MEETING_WORDS.test(blocks[0]!)) add('document', 1.5, 'a title over prose paragraphs');
    // The title: an e-mail's subject, else the first line that is not a letter's place-and-date line;
    // a long first line is prose, not a title.
    const subject = /^\s*subject\s*:\s*(.+)$/im.exec(lines.slice(0, 8).join('\n'))?.[1] ?? null;
    const firstLine = subject ?? lines.find((l) => l.length > TITLE_DATELINE_MAX || !TITLE_DATELINE.test(l)) ?? '';
    // A one-line note ("odra angebot bis freitag schicken") has no title: its words are the note.
    // A letter, contract, quote, policy or report often opens with its sender's letterhead (name and legal
    // form, address, phone and register numbers), a rule or a place-and-date line: its real title stands below.
    const head = documentHead(lines);
    const docTitle = head.title ?? firstLine;
    const docWord = (t: string) => t.length <= TITLE_DATELINE_MAX && (DOC_WORDS.test(t) || DOC_WORDS_INTL.test(t) || DOC_COMPOUND.test(t)) && !MEETING_WORDS.test(t) && wordCount(t) <= 15;
    if ((docWord(firstLine) || (head.title != null && head.title !== firstLine && docWord(head.title))) && lines.length > 1) add('document', 1.5, 'a document word in the title');
    // A date line alone above a title is how notes open too ("14 March 2026" / "Planning with Acme"): a formal head has a letterhead or a rule.
    const formalHead = head.letterhead + head.decoration + (head.dateLine ? 1 : 0);
    if (head.title && head.index > 0 && head.letterhead + head.decoration >= 1 && !MEETING_WORDS.test(head.title) && !MINUTES_TITLE.test(head.title) && (proseBlocks.length >= 1 || words >= 30)) {
      add('document', Math.min(0.8 + 0.4 * formalHead, 2.4), `a ${head.letterhead ? 'letterhead' : head.decoration ? 'rule' : 'date line'} above the title`);
    }
    if (head.title && head.index > 0 && MINUTES_TITLE.test(head.title)) add('meeting', 1.5, 'a minutes title');
    // A presentation's slides or speaker notes ("Slide 3 — Revenue", "Folie 2:", "Diapositive 4"): a deck is a
    // document, even when its title names the meeting it is for.
    const slides = lines.filter((l) => SLIDE_LINE.test(l) || (scores.meeting === 0 && DIA_SLIDE_LINE.test(l))).length;
    if (slides >= 2) add('document', 2.5, `${slides} slides`);
    // A mail or memo: a block of `Key: value` lines (From, To, Subject, Date, Re), then paragraphs of
    // prose under a subject that names no meeting: a letter, an update or a decision, not a meeting.
    const headerBlock = blocks[0]?.split('\n') ?? [];
    const keyed = headerBlock.length >= 2 && headerBlock.every((l) => /^\s*[A-Za-z][A-Za-z-]{0,20}\s*:\s*\S/.test(l)) && headerBlock.filter((l) => ROUTING_LINE.test(l) || /^\s*(?:subject|re|date|sent)\s*:/i.test(l)).length >= 2;
    if (keyed && proseBlocks.length >= 2 && !MEETING_WORDS.test(firstLine)) add('document', 1.5, 'a mail or memo of prose paragraphs');
    // A memo's subject line in any language ("RE: Office move", "Objet : partenariat", "Betreff: Angebot"),
    // outside a mail header, over prose: a memo, unless the subject names a meeting.
    const memoSubject = lines.slice(0, 8).map((l) => MEMO_SUBJECT.exec(l)?.[1]).find((v) => v != null);
    if (memoSubject && !keyed && !MEETING_WORDS.test(memoSubject) && proseBlocks.length >= 1) add('document', 1.5, "a memo's subject line");
    if (/^#\s+\S/.test(firstLine) && proseBlocks.length >= 1) add('document', 0.8, 'a title heading over prose');
    if (words < 40) add('other', 1, 'short text');
  }

  const ranked = (Object.keys(scores) as ContentKind[]).sort((a, b) => scores[b] - scores[a]);
  const kind = ranked[0]!;
  const total = ranked.reduce((s, k) => s + scores[k], 0);
  const confidence = Math.round((scores[kind] / total) * 100) / 100;
  return { kind, confidence, signals: signals[kind] };
}
