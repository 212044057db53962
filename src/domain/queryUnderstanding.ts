// Pure: what a search question asks, read with the relation cue table run backwards.
//   - the relations it carries ("who attended", "works at", "invested in", "advises"), as spans
//   - the kind of page it wants ("who" → people, "which meetings" → meetings, "companies"), and
//     the kinds it passes through ("meetings about companies that ...")
//   - the runs of words that may name a page (titles, slugs, aliases: looked up by the caller with
//     the link graph's own name keys, so a question names pages exactly as a link would)
// `pickEntities` then keeps the longest runs that named a page, without overlaps.
import cueData from './relations/cues.json' with { type: 'json' };
import { nameKey } from './pageRefs.js';
import { cueTokens, queryCues, type QueryCue, type RelationRules } from './relations/relations.js';

interface TargetSpec {
  words: string[];
  folders: string[];
  entityTypes: string[];
}

const TARGETS = (cueData as unknown as { targets: Record<string, TargetSpec> }).targets;
const STOPWORDS = new Set((cueData as unknown as { stopwords: string[] }).stopwords);
const WORD_CLASS = new Map<string, string>();
for (const [cls, spec] of Object.entries(TARGETS)) for (const w of spec.words) if (!WORD_CLASS.has(w)) WORD_CLASS.set(w, cls);
const MAX_NAME_WORDS = 6;

/** A word that carries no meaning of its own in a question ("the", "how", "which"). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

export interface ClassMention {
  cls: string;
  at: number;
}

/**
 * Question words that ask for a person but are said of organisations too ("who invested in
 * Acme?" is answered by funds): a page of ALSO_CLASS answers them when no person does.
 */
/** Words before a name that make the class word after it describe the named page ("the X meeting"). */
const ARTICLES = new Set(['the', 'this', 'that', 'our', 'a', 'an']);
const ASKS_FOR_AGENT = new Set(['who', 'whom', 'whose']);
const AGENT_ALSO = 'companies';

export interface NameSpan {
  start: number;
  end: number;
  text: string;
  key: string;
}

export interface QueryUnderstanding {
  /** The question's words, lower-cased (as the cue table reads them). */
  tokens: string[];
  /** Relation cues, in question order. */
  cues: QueryCue[];
  /** Kinds of page named by class words, in question order ("who" → people). */
  classes: ClassMention[];
  /** The kind of page the question wants: its first class word, if any. */
  target: string | null;
  /** A kind accepted when no page of `target` answers ("who" → organisations too). */
  targetAlso: string | null;
  /** Runs of words that may name a page, longest first. */
  spans: NameSpan[];
  /** Content words: neither stop words, cue words nor class words. */
  content: string[];
}

/** Read a question. `rules` are the brain's additions to the cue table. */
export function understandQuery(q: string, rules?: RelationRules | null): QueryUnderstanding {
  const raw = cueTokens(q);
  // Keep the original spelling for names (case and punctuation matter to nothing but display).
  const tokens = raw.filter((t) => t !== '|' && t !== ',' && t !== '&');
  // A class word that is also a cue ("people", "employees", "team") is only the kind of page
  // wanted when another cue says the same relation ("which people work for Acme" is one hop, not
  // two), or when two other cues already make the two hops a plan may take ("who leads the team
  // that owns Kestrel": owns, then leads, through the team).
  const found = queryCues(tokens, rules);
  const classCue = (c: QueryCue) => c.end - c.start === 1 && WORD_CLASS.has(c.phrase);
  const cues = found.filter((c) => !(classCue(c) && (found.some((o) => o !== c && o.type === c.type) || found.filter((o) => o !== c && !classCue(o)).length >= 2)));
  const inCue = new Array<boolean>(tokens.length).fill(false);
  for (const c of cues) for (let k = c.start; k < c.end; k++) inCue[k] = true;
  const classes: ClassMention[] = [];
  tokens.forEach((t, i) => {
    const cls = WORD_CLASS.get(t);
    if (cls) classes.push({ cls, at: i });
  });
  const spans: NameSpan[] = [];
  for (let len = Math.min(MAX_NAME_WORDS, tokens.length); len >= 1; len--) {
    for (let i = 0; i + len <= tokens.length; i++) {
      const words = tokens.slice(i, i + len);
      // A name neither starts nor ends with a stop word, and a one-word name is not a cue word
      // (a class word may be one: a page called "Offsite").
      if (STOPWORDS.has(words[0]!) || STOPWORDS.has(words[len - 1]!)) continue;
      if (len === 1 && (inCue[i] || words[0]!.length < 3)) continue;
      const text = words.join(' ');
      spans.push({ start: i, end: i + len, text, key: nameKey(text) });
    }
  }
  const content = tokens.filter((t, i) => !inCue[i] && !STOPWORDS.has(t) && !WORD_CLASS.has(t));
  const target = classes[0]?.cls ?? null;
  const targetAlso = classes[0] && ASKS_FOR_AGENT.has(tokens[classes[0].at]!) ? AGENT_ALSO : null;
  return { tokens, cues, classes, target, targetAlso, spans, content };
}

export interface PickedEntity {
  path: string;
  start: number;
  end: number;
}

/** The longest spans that name a page (`named`: name key → path), without overlaps, at most `max`. */
export function pickEntities(u: QueryUnderstanding, named: ReadonlyMap<string, string>, max = 3): PickedEntity[] {
  const taken = new Array<boolean>(u.tokens.length).fill(false);
  const out: PickedEntity[] = [];
  for (const s of u.spans) {
    const path = named.get(s.key);
    if (!path || out.some((e) => e.path === path)) continue;
    let free = true;
    for (let i = s.start; i < s.end; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = s.start; i < s.end; i++) taken[i] = true;
    out.push({ path, start: s.start, end: s.end });
    if (out.length === max) break;
  }
  return out;
}

/** One step of a relational question: follow `types` (null: any link) from the pages found so far. */
export interface Hop {
  types: string[] | null;
  /** The kind of page this hop should land on, when the question says. */
  cls: string | null;
  /** A kind accepted on this hop when no page of `cls` is reached (see `targetAlso`). */
  also?: string;
}

/**
 * The hops from the named entity to the answer: the cue nearest the entity first, then the next
 * ("meetings about companies that work on [[X]]": about(X) → companies, then about → meetings).
 * Two hops at most. Empty when the question carries no relation.
 */
export function planHops(u: QueryUnderstanding, entity: PickedEntity): Hop[] {
  // A class word inside the name is part of it ("members of Design Systems"), and one beside it,
  // of the named page's own kind, describes that page ("Payments Platform team people"): the kind
  // wanted is the next class word.
  const inName = (c: ClassMention) => c.at >= entity.start && c.at < entity.end;
  const describing = (c: ClassMention) => inName(c) || ((c.at === entity.end || c.at === entity.start - 1) && pageInClass(c.cls, entity.path, null));
  const finalCls = u.classes[0] && describing(u.classes[0]) ? (u.classes.find((c) => !describing(c))?.cls ?? null) : u.target;
  const last = (types: string[] | null): Hop => (u.targetAlso ? { types, cls: finalCls, also: u.targetAlso } : { types, cls: finalCls });
  // A singular class word right after a name that follows an article describes the named page
  // itself ("the Heron planning meeting", "the Acme company"): it names no page in between. (After
  // a possessive it does: "Ada's company" is the page between Ada and the answer.)
  const apposition = (at: number) => at === entity.end && ARTICLES.has(u.tokens[entity.start - 1] ?? '') && !/s$/.test(u.tokens[at] ?? '');
  const outside = (at: number) => (at < entity.start || at >= entity.end) && !apposition(at);
  if (!u.cues.length) {
    // No relation, and the named page is itself of the kind asked for ("who is Ada Lovelace",
    // "which project is Atlas"): the question is about that page, no hop.
    if (finalCls != null && pageInClass(finalCls, entity.path, null)) return [];
    // No relation, but a kind of page asked for beside a name ("who do we know at Acme"): the
    // pages of that kind linked with it, by any link.
    return finalCls != null && u.classes.some((c) => c.cls === finalCls && outside(c.at)) ? [last(null)] : [];
  }
  const dist = (c: QueryCue) => (c.end <= entity.start ? entity.start - c.end : c.start >= entity.end ? c.start - entity.end : 0);
  const byDistance = [...u.cues].sort((a, b) => dist(a) - dist(b) || b.start - a.start);
  const first = byDistance[0]!;
  const second = byDistance[1];
  // A later class word of another kind names the pages in between ("who works at companies that ...").
  const inCue = (at: number) => u.cues.some((c) => at >= c.start && at < c.end);
  const mid = u.classes.find((c, i) => i > 0 && c.cls !== finalCls && outside(c.at) && !describing(c))?.cls ?? null;
  if (second) return [{ types: [first.type], cls: mid }, last([second.type])];
  // With one cue, a class word inside it ("who are Acme's investors") names the answer when the
  // question asks only "who"; when it asks for a kind of its own ("which meetings did we have
  // with Ada's company"), the cue's class word names the pages in between.
  const loneMid = u.classes.find((c, i) => i > 0 && c.cls !== finalCls && outside(c.at) && !describing(c) && (!inCue(c.at) || !u.targetAlso))?.cls ?? null;
  if (loneMid && finalCls) return [{ types: [first.type], cls: loneMid }, last(null)];
  return [last([first.type])];
}

/** Whether a page (by its path and schema entity type) is of a page class ("people"). */
export function pageInClass(cls: string, path: string, entityType: string | null): boolean {
  const spec = TARGETS[cls];
  if (!spec) return false;
  if (entityType && spec.entityTypes.includes(entityType.toLowerCase())) return true;
  const top = path.split('/')[0]!.toLowerCase();
  return path.includes('/') && spec.folders.includes(top);
}

const DATE_TOKEN = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

/**
 * The identifiers a question carries (`who uses ada@example.com?`, `status of INV-2041`): its
 * tokens, stripped of surrounding punctuation, that read as an identifier on their own. Short
 * tokens (`Q3`), plain numbers under six digits (a year, a count) and dates (`2025-10-03`,
 * `3.10.2025`: they place a question in time, they do not name a page) are not identifiers here.
 */
export function identifierTokens(q: string): string[] {
  const out: string[] = [];
  for (const raw of q.split(/\s+/)) {
    const t = raw.replace(/^[(\[{"'\u201c\u2018<]+/u, '').replace(/[)\]}"'\u201d\u2019>.,;:!?]+$/u, '');
    if (t.length < 4 || (/^\p{N}+$/u.test(t) && t.length < 6) || DATE_TOKEN.test(t)) continue;
    if (isIdentifierQuery(t)) out.push(t);
  }
  return out;
}

/** One token shaped like an e-mail address (`ada@example.com`). */
export function isEmailAddress(token: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(token);
}

/**
 * What kind of query this is, for weighting the fusion: an identifier (an e-mail, a code, a
 * number, a path: one token with digits or symbols inside) leans on exact matching.
 */
export function isIdentifierQuery(q: string): boolean {
  const t = q.trim().replace(/^"|"$/g, '');
  if (!t || /\s/.test(t)) return false;
  if (isEmailAddress(t)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return true;
  const hasDigit = /\p{N}/u.test(t);
  const hasLetter = /\p{L}/u.test(t);
  const inner = /[\p{L}\p{N}][-_./#:][\p{L}\p{N}]/u.test(t);
  return (hasDigit && (hasLetter || inner)) || (inner && /[_./#:]/.test(t)) || (hasDigit && t.length >= 4);
}
