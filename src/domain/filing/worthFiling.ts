// The worth-filing check for ambient captures (items without a pinned skill): decide whether
// an item holds anything lasting. "Not worth filing" comes with one human-readable sentence
// the review queue shows; the content itself stays on the item.
import { capitalisedNames, datesIn, nonEmptyLines, parseSessionTranscript, wordCount } from './text.js';
import type { ContentKind } from './classify.js';
import { extractConversation } from './conversation.js';

export type WorthFiling = { worth: true; reason: null } | { worth: false; reason: string };

const GREETING = /^(hi|hello|hey|hiya|yo|good (morning|afternoon|evening)|thanks?( you)?|thank you( so much)?|thx|ty|ok(ay)?|cool|great|sounds good|bye|goodbye|cheers|see you|👋|🙏|👍)[\s!.,:;)-]*(there|all|everyone|team|folks)?[\s!.,:;)-]*$/i;
const TEST_MESSAGE = /^(test(ing)?( message| upload| 1 2 3| 123)?|this is (just )?a test( message| upload)?|asdf+|qwerty|foo( bar)?|lorem ipsum.*|ping|hello,? world)[\s!.]*$/i;
const AUTOMATED = [
  /\bdo not reply\b|\bdo-not-reply\b|\bno-?reply@/i,
  /\bunsubscribe\b/i,
  /\bthis (is an|is a|message was) automated\b|\bautomatically generated\b|\bautomated (message|notification|email)\b/i,
  /\bnotification settings\b|\bmanage (your )?(preferences|notifications)\b/i,
  /\bview (this email )?in (your )?browser\b/i,
  /\byour (build|pipeline|deployment|job) (has )?(failed|passed|succeeded)\b/i,
  /\bpassword reset\b|\bverification code\b|\bone-time (pass)?code\b/i,
];

/** Decide whether an item is worth filing. `kind` is the classifier's verdict. */
export function checkWorthFiling(rawText: string, kind: ContentKind): WorthFiling {
  const text = rawText.trim();
  if (!text) return { worth: false, reason: 'The item is empty.' };
  const session = parseSessionTranscript(text);
  const plain = session ? session.turns.map((t) => t.text).join('\n') : text;
  if (session && session.turns.length === 0) return { worth: false, reason: 'The session transcript has no messages.' };

  const lines = nonEmptyLines(plain);
  const words = wordCount(plain);
  if (words === 0) return { worth: false, reason: 'The item holds no words, only symbols or markup.' };
  if (lines.every((l) => GREETING.test(l)) || onlyPleasantries(plain)) return { worth: false, reason: 'The item is only a greeting or a thank-you, with no facts to keep.' };
  if (words <= 12 && lines.every((l) => TEST_MESSAGE.test(l) || GREETING.test(l))) {
    return { worth: false, reason: 'The item looks like a test message.' };
  }
  const automatedHits = AUTOMATED.filter((re) => re.test(plain)).length;
  if (automatedHits >= 2 || (automatedHits === 1 && words < 120)) {
    return { worth: false, reason: 'The item is an automated notification with nothing lasting to keep.' };
  }
  if (kind === 'conversation') {
    const c = extractConversation(text);
    if (!c.decisions.length && !c.facts.length && !c.openQuestions.length) {
      return { worth: false, reason: 'The conversation has no decision, new fact or open question worth a page.' };
    }
    return { worth: true, reason: null };
  }
  const hasNumber = /\d/.test(plain);
  const hasName = capitalisedNames(plain).length > 0;
  const hasDate = datesIn(plain).length > 0;
  if (words < 8 && !hasNumber && !hasName && !hasDate) {
    return { worth: false, reason: 'The item is too short to hold a lasting fact (no name, number or date).' };
  }
  return { worth: true, reason: null };
}

const PLEASANTRY = /\b(hi|hello|hey|hiya|good (?:morning|afternoon|evening|day)|thanks?|thank you|thx|cheers|bye|goodbye|see you|ok(?:ay)?|sure|great|cool|nothing|have a (?:good|nice|great) (?:day|one|evening|weekend)|how can i help(?: you)?(?: today)?|how are you|i'?m fine|there|all|everyone|team|so much|a lot|you|too)\b/gi;

/** True when nothing but greetings, thanks and filler remains once those are taken out. */
function onlyPleasantries(text: string): boolean {
  const rest = text.replace(PLEASANTRY, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return rest === '' && wordCount(text) <= 40;
}
