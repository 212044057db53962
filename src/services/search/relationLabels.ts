// Pure: relations read from the words a vault writes beside a link, matched with the words a
// question asks with. A link's label is its frontmatter key (`reports_to:`, `author:`), the
// "Label:" in front of it in its clause ("Line manager: [[Bo]]", "Tragwerksplanung: [[Kai]]"), or
// the heading of the list it leads ("## Direct reports"); its prose is the clause around it
// ("[[Kai]] does the statistics", "statistician on [[DRIFT]]"). A question's relation words are
// the phrases of `RELATION_GROUPS` it holds ("boss", "who wrote") and its other content words
// outside the names it carries ("the DRIFT statistician"); a label holding one of them, or one of
// its group's words, or an inflection of it, says the link is that relation.
//
// A label describes the page the link points at ("reports_to: [[Bo]]": Bo is the manager), so for
// a relation with an inverse the direction counts: "who is Ada's boss" is answered by a link from
// Ada labelled `manager`, or by a link to Ada labelled `direct reports` — not by a page whose
// `reports_to` is Ada. Prose reads both ways.
import { extractLinks, type LinkRef } from '../../domain/links.js';
import { frontmatterEnd } from '../../domain/relations/relations.js';
import { RELATION_GROUPS, type RelationGroup } from './relationVocabulary.js';

/** Lower case, accents and marks folded, apostrophes dropped: how labels and questions are compared. */
export function foldWord(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A text's words, folded (letters and digits; anything else separates). */
export function labelWords(text: string): string[] {
  return foldWord(text)
    .replace(/['’`]/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const MIN_STEM = 5;
/** A word this long closing a compound names the compound's relation (German, Dutch, Nordic). */
const MIN_COMPOUND = 7;

/** Two words are one, or inflections of one ("manages" ~ "manager", "statistician" ~ "statistics"). */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const min = Math.min(a.length, b.length);
  if (min >= 3 && (a === `${b}s` || b === `${a}s`)) return true;
  if (min < MIN_STEM) return false;
  let p = 0;
  while (p < min && a[p] === b[p]) p++;
  // Six letters in common and short endings, or five and a shorter one ("chair" ~ "chairs"; not
  // "stand" ~ "standort", "project" ~ "projectleider": a compound is matched by its end).
  const longer = Math.max(a.length, b.length) - p;
  return (p > MIN_STEM && p >= min - 3 && longer <= 4) || (p === MIN_STEM && longer <= 2);
}

interface CompiledGroup {
  name: string;
  phrases: string[][];
  inverse: string[];
}

const GROUPS: CompiledGroup[] = RELATION_GROUPS.map((g: RelationGroup) => ({ name: g.name, phrases: [...new Set(g.words.map((w) => labelWords(w).join(' ')))].filter(Boolean).map((w) => w.split(' ')), inverse: g.inverse ?? [] }));
const GROUP_BY_NAME = new Map(GROUPS.map((g) => [g.name, g]));

/** Where `phrase` occurs in `words` (each word the same or an inflection of it), or -1. */
function phraseAt(words: readonly string[], phrase: readonly string[], from = 0): number {
  outer: for (let i = from; i + phrase.length <= words.length; i++) {
    for (let k = 0; k < phrase.length; k++) {
      const w = words[i + k]!;
      const p = phrase[k]!;
      // Short words (prepositions inside a phrase, "pi", "hq") must be spelled out; a long one
      // may close a compound ("Studienkoordination" holds "koordination").
      if (!(p.length < MIN_STEM ? w === p : sameStem(w, p) || (p.length >= MIN_COMPOUND && phrase.length === 1 && w.endsWith(p)))) continue outer;
    }
    return i;
  }
  return -1;
}

function groupIn(words: readonly string[], g: CompiledGroup): boolean {
  return g.phrases.some((p) => phraseAt(words, p) >= 0);
}

/** The words of a link's page beside it: `label` describes the page linked to; `prose` either page. */
export interface LinkLabel {
  label: string[];
  prose: string[];
}

export interface LabelledLink {
  /** The target as written (to match the link graph's rows). */
  target: string;
  line: number;
  words: LinkLabel;
}

const CLAUSE_END = /[.;!?。；！？|]/u;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FM_KEY = /^([^\s#:-][^:]*):/;
const PROSE_WORDS = 8;

/** Every link of a page, with the words that say what it is. */
export function labelledLinks(markdown: string, path = ''): LabelledLink[] {
  const links = extractLinks(markdown, path);
  if (!links.length) return [];
  const lines = markdown.split('\n');
  const lineStarts: number[] = [];
  let at = 0;
  for (const l of lines) {
    lineStarts.push(at);
    at += l.length + 1;
  }
  const fmEnd = frontmatterEnd(markdown);
  const headingAbove: Array<string | null> = [];
  let heading: string | null = null;
  for (const l of lines) {
    const h = HEADING.exec(l);
    if (h) heading = h[2]!;
    headingAbove.push(heading);
  }
  const out: LabelledLink[] = [];
  links.forEach((link, i) => {
    let words = linkLabel(markdown, lines, lineStarts, headingAbove, fmEnd, links, i);
    // "Sites: [[A]], [[B]] and [[C]]": the label carries over the list.
    const prev = links[i - 1];
    if (prev && prev.line === link.line && link.start >= fmEnd && LIST_GLUE.test(markdown.slice(prev.end, link.start))) words = { label: [...out[i - 1]!.words.label], prose: words.prose };
    out.push({ target: link.target, line: link.line, words });
  });
  return out;
}

/** What joins the links of one list on a line: commas, "and" in the main European languages. */
const LIST_GLUE = /^\s*(?:[,、，/&+]|\s(?:and|und|et|y|e|en|i|и|και|och|og)\s)?\s*(?:(?:and|und|et|y|e|en|i|и|και|och|og)\s+)?$/iu;

function linkLabel(markdown: string, lines: string[], lineStarts: number[], headingAbove: Array<string | null>, fmEnd: number, links: LinkRef[], i: number): LinkLabel {
  const link = links[i]!;
  const idx = link.line - 1;
  if (link.start < fmEnd) {
    // The key it is written under (on its line, or above a list of values).
    for (let k = idx; k >= 0; k--) {
      const m = FM_KEY.exec(lines[k]!);
      if (m) return { label: labelWords(m[1]!.replace(/_/g, ' ')), prose: [] };
      if (!/^\s/.test(lines[k]!) && k !== idx) break;
    }
    return { label: [], prose: [] };
  }
  const lineStart = lineStarts[idx] ?? 0;
  const lineEnd = lineStart + (lines[idx]?.length ?? 0);
  const prev = links[i - 1];
  const next = links[i + 1];
  let before = markdown.slice(prev && prev.line === link.line ? prev.end : lineStart, link.start);
  const after = markdown.slice(link.end, next && next.line === link.line ? next.start : lineEnd);
  const cut = [...before].reduce((last, ch, k) => (CLAUSE_END.test(ch) ? k + 1 : last), 0);
  before = [...before].slice(cut).join('');
  const afterClause = after.split(CLAUSE_END)[0] ?? '';
  const isLead = before.replace(LIST_ITEM, '').trim() === '' && (prev?.line !== link.line || cut > 0);
  const colon = Math.max(before.lastIndexOf(':'), before.lastIndexOf('：'));
  const label: string[] = [];
  const prose: string[] = [];
  if (colon >= 0) label.push(...labelWords(before.slice(0, colon).replace(LIST_ITEM, '')).slice(-PROSE_WORDS));
  else prose.push(...labelWords(before).slice(-PROSE_WORDS));
  if (isLead && LIST_ITEM.test(lines[idx] ?? '')) {
    const h = headingAbove[idx];
    if (h) label.push(...labelWords(h));
  }
  prose.push(...labelWords(afterClause).slice(0, PROSE_WORDS));
  return { label, prose };
}

/** A relation a question asks about: a phrase of a relation group, or a content word of its own. */
export interface RelationMention {
  start: number;
  end: number;
  /** The question's words (folded). */
  words: string[];
  /** Relation groups it names (empty: a word of its own, matched by itself). */
  groups: string[];
  /** Asked the other way round ("who reports to Ada": her reports, not her manager). */
  inverse: boolean;
}

/**
 * The relations a question asks about, outside the spans that name pages (`taken`): phrases of
 * the relation groups (longest first) and the other content words (`isContent`).
 */
export function relationMentions(tokens: readonly string[], taken: readonly boolean[], isStop: (word: string) => boolean, isPlain: (word: string) => boolean): RelationMention[] {
  const isContent = (w: string) => !isStop(w);
  const words = tokens.map((t) => labelWords(t).join(' '));
  const used = taken.slice();
  const out: RelationMention[] = [];
  const phrases = GROUPS.flatMap((g) => g.phrases.map((p) => ({ g, p }))).sort((a, b) => b.p.length - a.p.length);
  for (const { g, p } of phrases) {
    let from = 0;
    for (;;) {
      const i = phraseAt(words, p, from);
      if (i < 0) break;
      from = i + 1;
      const same = out.find((m) => m.start === i && m.end === i + p.length);
      if (same) {
        if (!same.groups.includes(g.name)) same.groups.push(g.name);
        continue;
      }
      let free = true;
      for (let k = i; k < i + p.length; k++) if (used[k]) free = false;
      // A one-word phrase that is a stop word ("head" is not, "by" alone never is a relation).
      if (!free || (p.length === 1 && !isContent(words[i]!))) continue;
      for (let k = i; k < i + p.length; k++) used[k] = true;
      out.push({ start: i, end: i + p.length, words: words.slice(i, i + p.length), groups: [g.name], inverse: false });
    }
  }
  words.forEach((w, i) => {
    if (!used[i] && w && !w.includes(' ') && isContent(w) && isPlain(w) && w.length >= 3) out.push({ start: i, end: i + 1, words: [w], groups: [], inverse: false });
  });
  return out.sort((a, b) => a.start - b.start);
}

/** Groups that name a kind of page or a place more than a relation between two pages. */
const KIND_GROUPS = new Set(['project', 'location']);

/** A mention of a relation proper: a group of the vocabulary other than a kind of page. */
export function asksRelation(m: RelationMention): boolean {
  return m.groups.some((g) => !KIND_GROUPS.has(g));
}

/**
 * Whether a relation phrase is asked of the page after it the other way round: "reports to Ada",
 * "supervised by Ada", "works under Ada" ask for the pages Ada is the manager of.
 */
export function askedBackwards(m: RelationMention, entityStart: number): boolean {
  const last = m.words[m.words.length - 1];
  return m.end <= entityStart && (last === 'to' || last === 'by' || last === 'under') && m.groups.some((g) => (GROUP_BY_NAME.get(g)?.inverse.length ?? 0) > 0);
}

/**
 * Whether a link between the named page and another says the relation `m` asks about, for the
 * other page as the answer. `outward`: the link is written on the named page (its label describes
 * the other page); otherwise on the other page (its label describes the named page).
 */
export function linkSays(m: RelationMention, words: LinkLabel, outward: boolean): boolean {
  if (!m.groups.length) {
    const w = m.words[0]!;
    return [...words.label, ...words.prose].some((t) => sameStem(w, t));
  }
  const all = [...words.label, ...words.prose];
  for (const name of m.groups) {
    const g = GROUP_BY_NAME.get(name)!;
    const inverses = g.inverse.map((n) => GROUP_BY_NAME.get(n)!).filter(Boolean);
    // Asked backwards, the group and its inverse swap.
    const [want, back] = m.inverse && inverses.length ? [inverses, [g]] : [[g], inverses];
    if (!back.length) {
      if (want.some((x) => groupIn(all, x))) return true;
      continue;
    }
    if (want.some((x) => groupIn(words.prose, x)) || back.some((x) => groupIn(words.prose, x))) return true;
    if (outward ? want.some((x) => groupIn(words.label, x)) : back.some((x) => groupIn(words.label, x))) return true;
  }
  return false;
}

/** One link touching the pages of a hop, with the words beside it on the page that writes it. */
export interface WordedLink {
  from: string;
  to: string;
  type: string;
  words: LinkLabel;
}

/** How a page was reached: the typed links followed, each with the page it was followed from. */
export interface LabelStep {
  type: string;
  from: string;
}

export interface LabelAnswer {
  via: LabelStep[];
  /** 1 or 2: the links followed. */
  hops: number;
  /** A relation the question asks about is left that no link said ("the boss" of a page reached). */
  partial: boolean;
}

/**
 * Whether a mention that names a kind of page ("the project where …", "meetings about …") names
 * the folder a linked page is in (`Projects/`, `Meetings/`): any link to it then says the hop.
 */
export function kindOf(m: RelationMention, path: string): boolean {
  return !asksRelation(m) && inFolderNamed(m, path);
}

/** Whether a one-word mention names the folder a page is in ("team" ~ `Teams/`). */
function inFolderNamed(m: RelationMention, path: string): boolean {
  if (m.words.length !== 1) return false;
  const slash = path.indexOf('/');
  if (slash < 0) return false;
  const w = m.words[0]!;
  return labelWords(path.slice(0, slash)).some((f) => sameStem(w, f) || (w.length >= 4 && f === `${w}s`));
}

/** Most pages the first hop may carry on to a second (a hub must not flood it). */
const MAX_FRONTIER = 12;

/**
 * Pages reached from the named page (`entity`, by its span in the question's tokens) through
 * links whose words say the relations the question asks about: the mention nearest the name
 * first, then, from the pages it reached, the next one the links there say ("the boss of the
 * DRIFT statistician": DRIFT → its statistician → that person's manager). `linksTouching` gives
 * the links touching some pages, either way.
 */
export function followRelationWords(mentions: readonly RelationMention[], entity: { path: string; start: number; end: number }, linksTouching: (paths: string[]) => WordedLink[]): Map<string, LabelAnswer> {
  const out = new Map<string, LabelAnswer>();
  if (!mentions.length) return out;
  const dist = (m: RelationMention) => (m.end <= entity.start ? entity.start - m.end : m.start >= entity.end ? m.start - entity.end : 0);
  // A kind beside the name describes the named page ("the NIGHTOWL study"), no relation.
  const asked = mentions.filter((m) => !(dist(m) === 0 && m.groups.length > 0 && !asksRelation(m))).map((m) => ({ ...m, inverse: askedBackwards(m, entity.start) }));
  const ordered = [...asked].sort((a, b) => dist(a) - dist(b) || Number(b.groups.length > 0) - Number(a.groups.length > 0) || a.start - b.start);
  const reach = (links: WordedLink[], from: ReadonlySet<string>, skip: ReadonlySet<string>, m: RelationMention) => {
    const found = new Map<string, { link: WordedLink; at: string }>();
    for (const l of links) {
      for (const [at, other] of [
        [l.from, l.to],
        [l.to, l.from],
      ] as const) {
        if (!from.has(at) || skip.has(other) || from.has(other) || found.has(other)) continue;
        if (linkSays(m, l.words, l.from === at) || kindOf(m, other)) found.set(other, { link: l, at });
      }
    }
    return found;
  };
  const first = linksTouching([entity.path]);
  const start = new Set([entity.path]);
  let chosen: RelationMention | null = null;
  let hop1 = new Map<string, { link: WordedLink; at: string }>();
  for (const m of ordered) {
    hop1 = reach(first, start, start, m);
    if (hop1.size) {
      chosen = m;
      break;
    }
  }
  if (!chosen) return out;
  // The other mentions the same links say are answered too ("the study led by X": one link).
  const said = (m: RelationMention) => [...hop1.values()].some((r) => linkSays(m, r.link.words, r.link.from === r.at));
  // A mention naming the kind of the pages reached is the page in between ("who runs the team
  // that owns Kestrel": the team), not one more relation.
  const left = ordered.filter((m) => m !== chosen && !said(m) && ![...hop1.keys()].some((p) => inFolderNamed(m, p)));
  const frontier = new Set([...hop1.keys()].slice(0, MAX_FRONTIER));
  const via1 = (p: string): LabelStep[] => {
    const r = hop1.get(p)!;
    return [{ type: r.link.type, from: r.at }];
  };
  if (left.length) {
    const second = linksTouching([...frontier]);
    // The pages whose links say most of what is left ("sites that recruit": a page listed under
    // "Recruiting sites:" over one that only mentions recruitment).
    const hits = new Map<string, { r: { link: WordedLink; at: string }; said: RelationMention[] }>();
    for (const m of left) {
      for (const [p, r] of reach(second, frontier, start, m)) {
        const h = hits.get(p);
        if (h) h.said.push(m);
        else hits.set(p, { r, said: [m] });
      }
    }
    const most = Math.max(0, ...[...hits.values()].map((h) => h.said.length));
    if (most > 0) {
      for (const [p, { r, said: by }] of hits) {
        if (by.length < most) continue;
        const rest = left.some((x) => !by.includes(x) && x.groups.length && asksRelation(x) && !x.groups.some((g) => by.some((b) => b.groups.includes(g))));
        out.set(p, { via: [...via1(r.at), { type: r.link.type, from: r.at }], hops: 2, partial: rest });
      }
      return out;
    }
  }
  const partial = left.some((m) => m.groups.length > 0);
  for (const p of hop1.keys()) out.set(p, { via: via1(p), hops: 1, partial });
  return out;
}
