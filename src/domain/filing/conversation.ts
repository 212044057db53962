// Conversation extraction (chat exports, agent session transcripts as text or JSON): the
// decisions, facts and open questions worth a dated note, the participants, and the names the
// conversation mentions (the caller keeps those that resolve to pages).
import { eventDate, slashOrder } from './eventDate.js';
import { capitalisedNames, clip, datesIn, linesToTurns, normalizeText, parseSessionTranscript, sentences, speakerOf as speakerOfLine, uniqueText, wordCount, type DateOrder, type Turn } from './text.js';

export interface ConversationExtract {
  title: string;
  date: string | null;
  participants: string[];
  decisions: string[];
  facts: string[];
  openQuestions: string[];
  /** To-dos: to-do labels (in any case), `Action:` lines, checkboxes, "remind me to…", "we need to… by…". */
  todos: string[];
  /** Every message's text, for attributing names to statements. */
  text: string;
  /** Capitalised names mentioned, most frequent first. */
  entities: string[];
  turns: number;
  /**
   * Statements said in a later sitting of a session held over several days (a thread picked up the
   * next morning, a WhatsApp group over a week): the statement → the day that sitting started.
   * Statements of the first sitting, and of sessions whose messages carry no day, are not listed.
   */
  laterDays: Map<string, string>;
  /** The channel a chat client's export came from, as words ("proj orchard" for `#proj-orchard`), or null. */
  channel: string | null;
}

/** A pause this long between two messages on different days starts a new sitting; a chat that runs past midnight is one sitting. */
export const SITTING_GAP_MS = 3 * 3600_000;

/** A stamp's time of day ("21:14", "2:14 PM") on `day`, as epoch milliseconds (the stamp's own clock, not a time zone), or null. */
export function stampTime(day: string, stamp: string): number | null {
  const m = /(?<!\d)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?\s?[Mm]\.?)?/.exec(stamp.replace(/^\d{4}-\d{2}-\d{2}/, ''));
  if (!m) return null;
  let h = +m[1]!;
  if (m[4]) h = (h % 12) + (/p/i.test(m[4]) ? 12 : 0);
  const t = Date.parse(`${day}T${String(h).padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}Z`);
  return Number.isNaN(t) ? null : t;
}

/**
 * The day each message's sitting started. When a message and the one before it both carry a time, a
 * new sitting begins once SITTING_GAP_MS or more passed (past midnight in one go stays one sitting);
 * when either lacks a time, a new sitting begins on another day. Messages without a day belong to the sitting before them.
 */
export function sittingDays(turns: Turn[], order: DateOrder): Array<string | null> {
  const out: Array<string | null> = [];
  let sitting: string | null = null;
  let prevDay: string | null = null;
  let prevMs: number | null = null;
  for (const t of turns) {
    const day = t.at ?? (t.stamp ? (datesIn(t.stamp, { order })[0] ?? null) : null);
    if (day) {
      const ms = t.ms ?? (t.stamp ? stampTime(day, t.stamp) : null);
      // Both times known: the gap alone decides (23:30 then 00:10 is one sitting; 00:10 then 15:00 is not).
      const continued = prevDay != null && (ms != null && prevMs != null ? ms >= prevMs && ms - prevMs < SITTING_GAP_MS : day === prevDay);
      if (!continued) sitting = day;
      prevDay = day;
      prevMs = ms;
    }
    out.push(sitting);
  }
  return out;
}

const DECISION = /\b(we(?:'ve| have)? (?:decided|agreed|chose|settled)|(?:let'?s|we(?:'ll| will)) (?:go with|use|keep|switch to|adopt|drop|ship)|decided (?:to|that|on)|agreed (?:to|that|on)|the decision is|going with|settled on|we chose)\b|^(?:decision|decided|agreed)\s*:|\b(?:decision|decided)\s*:/i;
/** The same in the other languages chats are written in (Spanish, Portuguese, German, French, Italian, Dutch, Japanese). */
const DECISION_INTL =
  /(?<!\p{L})(?:decidido|decidida|hemos decidido|decidimos|acordamos|hemos acordado|quedamos en|nos quedamos con|vamos con|combinado|fechado|ficou decidido|vamos com|entschieden|beschlossen|vereinbart|wir einigen uns|haben uns (?:für|auf)|wir nehmen|d[ée]cid[ée]e?s?|avons d[ée]cid[ée]|on a d[ée]cid[ée]|convenu|on part sur|nous retenons|valid[ée]|deciso|abbiamo deciso|concordato|andiamo con|besloten|afgesproken)(?!\p{L})|決定|決めました|合意しました|することにしました/iu;
/** Verbs that state something in those languages ("ist", "tiene", "são", "a obtenu", "è"): a sentence naming something with one is a fact. */
const FACT_INTL =
  /(?<!\p{L})(?:es|son|está|están|era|tiene|tienen|ha|han|pagan|quiere|quieren|necesita|necesitan|é|são|está|tem|têm|foi|foram|vai|ist|sind|war|hat|haben|wird|werden|braucht|est|sont|était|a|ont|va|veut|doit|è|sono|hanno|vuole|deve|heeft|hebben|wordt)(?!\p{L})/iu;
const QUESTION_SKIP = /^(how are you|how can i help|what can i do for you|can you|could you|would you|will you|please |can you help|could you help|what do you think\??$|any questions|does that make sense|shall i|should i (?:go ahead|continue|proceed)|do you want me to|would you like me to|is there anything else|anything else|ready\??$|ok\??$|right\??$|sound good\??$|make sense\??$)/i;
const OPEN_MARKER = /\b(open question|tbd|to be decided|unclear (?:whether|if|how)|not sure (?:whether|if|how)|still need to (?:decide|figure out)|undecided)\b/i;
const FACT = /\b(is|are|was|were|has|have|uses|runs|lives|costs|takes|supports|requires|needs|means|turns out|it seems|found that|learned|note that|fyi|the (?:root )?cause|because|located|owned by|belongs to|works at|released|deployed|left|leaving|joined|joining|starts at|started at|starting at|hired|promoted|appointed|resigned|moved|moving|signed|raised|launched|acquired|became|\d+)\b/i;
const TASK_LABEL = /^(?:\[ \]\s*)?(?:to-?do|action(?: item)?|next step|follow[- ]up|reminder)\s*[:\-–]\s*(.+)$/i;
const TASK_PHRASE = /\b(remind me to|don'?t forget to|remember to|(?:i|we) (?:still )?need to .+\bby\b)/i;
const CHATTER = /^(hi|hello|hey|thanks|thank you|great|sure|ok(?:ay)?|got it|sounds good|perfect|no problem|you'?re welcome|let me|i'?ll (?:now |)(?:check|look|take a look|start|run|read)|here(?:'s| is) (?:the|a|my)|running|done\b|i (?:see|understand)|certainly|absolutely|of course|good (?:morning|afternoon|evening))/i;

function turnsOf(text: string): { turns: Turn[]; meta: Record<string, string> } {
  const session = parseSessionTranscript(text);
  if (session) return session;
  const turns = linesToTurns(text);
  return { turns: turns.length ? turns : [{ speaker: 'Note', text }], meta: {} };
}

function isCode(s: string): boolean {
  return /^(```|\$ |>>> |\s{4})/.test(s) || /[{};]\s*$/.test(s) || /^(import|export|const|let|function|def|class|return|SELECT|INSERT)\b/.test(s);
}

export function extractConversation(raw: string, opts: { filename?: string | null; reference?: string | null } = {}): ConversationExtract {
  const text = normalizeText(raw);
  const { turns, meta } = turnsOf(text);
  const decisions: string[] = [];
  const facts: string[] = [];
  const questions: string[] = [];
  const todos: string[] = [];
  const order = slashOrder(text);
  const sittings = sittingDays(turns, order);
  // The earliest sitting is the first, whichever way the export runs (some list the newest message first).
  const firstSitting = sittings.filter((d): d is string => d != null).sort()[0] ?? null;
  const laterDays = new Map<string, string>();
  for (const [i, t] of turns.entries()) {
    const body = t.text.replace(/```[\s\S]*?```/g, ' ');
    const sitting = sittings[i];
    const later = sitting && sitting !== firstSitting ? sitting : null;
    const mark = (list: string[]) => {
      const last = list[list.length - 1];
      if (later && last && !laterDays.has(last)) laterDays.set(last, later);
    };
    for (const raw of sentences(body)) {
      // "Hi Barbara, the pilot slips to May." holds a fact after its greeting.
      const s = raw.replace(/^(?:hi|hello|hey|dear)\s+[\p{L}' -]{1,30},\s*/iu, '');
      if (isCode(s) || wordCount(s) < 4) continue;
      const todo = TASK_LABEL.exec(s);
      if (todo || (t.speaker === 'User' && TASK_PHRASE.test(s))) {
        todos.push(clip(todo ? todo[1]! : s, 240));
        mark(todos);
        continue;
      }
      if (DECISION.test(s) || DECISION_INTL.test(s)) {
        decisions.push(clip(s.replace(/^(?:decision|decided|agreed)\s*:\s*/i, ''), 240));
        mark(decisions);
        continue;
      }
      if (s.endsWith('?') || OPEN_MARKER.test(s)) {
        if (!QUESTION_SKIP.test(s) && wordCount(s) >= 5) {
          questions.push(clip(s, 240));
          mark(questions);
        }
        continue;
      }
      // A short sentence is chatter unless it names two things ("Alan Turner has left Hooli.").
      if (CHATTER.test(s) || (wordCount(s) < 6 && capitalisedNames(s).length < 2)) continue;
      if ((FACT.test(s) || FACT_INTL.test(s)) && (capitalisedNames(s).length > 0 || /\d/.test(s))) {
        facts.push(clip(s, 240));
        mark(facts);
      }
    }
  }
  // A question asked and then answered by a decision is no longer open.
  const decided = decisions.join(' ').toLowerCase();
  const openQuestions = uniqueText(questions).filter((q) => {
    const keywords = q.toLowerCase().match(/[a-z]{5,}/g) ?? [];
    const answered = keywords.filter((k) => decided.includes(k)).length;
    return keywords.length === 0 || (answered < 2 && answered < keywords.length * 0.5);
  });

  const counts = new Map<string, number>();
  for (const t of turns) for (const n of capitalisedNames(t.text)) counts.set(n, (counts.get(n) ?? 0) + 1);
  const participants = uniqueText(turns.map((t) => t.speaker).filter((s) => s !== 'Note'));
  const entities = [...counts.entries()]
    .filter(([n]) => !participants.some((p) => p.toLowerCase() === n.toLowerCase()))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([n]) => n)
    .slice(0, 25);

  // A pasted transcript's own header ("# Chat about pricing (2026-03-11)") dates and names it.
  const header = parseSessionTranscript(text) ? '' : text.split('\n').slice(0, text.split('\n').findIndex((l) => speakerOfLine(l)) >= 0 ? text.split('\n').findIndex((l) => speakerOfLine(l)) : 3).join('\n');
  const headerTitle = /^#\s+(.+)$/m.exec(header)?.[1]?.replace(/\s*\(?\d{4}-\d{2}-\d{2}\)?\s*$/, '').trim();
  if (headerTitle && !meta.title) meta.title = headerTitle;
  const date = eventDate(text, 'conversation', { filename: opts.filename, session: meta, reference: opts.reference ?? null })?.date ?? null;
  return {
    todos: uniqueText(todos).slice(0, 15),
    text: turns.map((t) => t.text).join('\n'),
    title: titleOf(meta, turns, opts.filename),
    date,
    participants,
    decisions: uniqueText(decisions).slice(0, 15),
    facts: uniqueText(facts).filter((f) => !decisions.includes(f)).slice(0, 15),
    openQuestions: openQuestions.slice(0, 10),
    entities,
    turns: turns.length,
    laterDays,
    channel: meta.channel ? meta.channel.replace(/[#_-]+/g, ' ').trim() || null : null,
  };
}

function titleOf(meta: Record<string, string>, turns: Turn[], filename: string | null | undefined): string {
  if (meta.title) return clip(meta.title, 80);
  if (meta.summary) return clip(meta.summary, 80);
  const firstAsk = turns.find((t) => t.speaker === 'User') ?? turns[0];
  if (firstAsk) {
    const s = sentences(firstAsk.text).find((x) => wordCount(x) >= 3 && !CHATTER.test(x));
    if (s) return clip(s.replace(/[?.!]+$/, ''), 70);
  }
  if (filename) return filename.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
  return 'Conversation';
}
