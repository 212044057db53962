// Judged questions over the evaluation world, in four families, phrased the many ways agents ask.
// The answer sets come from the world's ground truth, never from the engine. Nothing in src/ may
// import this file.
import { CONCEPTS } from './tables.js';
import { pick, rng, shuffle, type Company, type Person, type Rng, type World } from './world.js';

export type Family = 'relational' | 'paraphrase' | 'identifier' | 'two-hop';
export const FAMILIES: Family[] = ['relational', 'paraphrase', 'identifier', 'two-hop'];

export interface Question {
  family: Family;
  /** Which kind of question (for the per-kind breakdown in verbose runs). */
  kind: string;
  q: string;
  relevant: string[];
}

export interface QuestionOptions {
  seed: number;
  /** Questions per family (at most; fewer when the world has too few candidates). */
  perFamily: Partial<Record<Family, number>>;
}

/** Two answer sets larger than this make a question too vague to judge at 5. */
const MAX_ANSWERS = 8;

export function generateQuestions(w: World, opts: QuestionOptions): Question[] {
  const r = rng(opts.seed * 7919 + 17);
  const people = new Map(w.people.map((p) => [p.path, p]));
  const companies = new Map(w.companies.map((c) => [c.path, c]));
  const ops = w.companies.filter((c) => c.kind === 'company');
  const staffOf = (c: string) => w.people.filter((p) => p.org === c).map((p) => p.path);
  const investorsOf = (c: string) => w.investments.filter((i) => i.company === c).map((i) => i.investor);
  const portfolioOf = (inv: string) => w.investments.filter((i) => i.investor === inv).map((i) => i.company);
  const companiesOn = (concept: string) => ops.filter((c) => c.concepts.includes(concept)).map((c) => c.path);
  const meetingsWith = (c: string) => w.meetings.filter((m) => m.company === c).map((m) => m.path);
  const meetingsOf = (p: string) => w.meetings.filter((m) => m.attendees.includes(p)).map((m) => m.path);
  const advisorsOf = (c: string) => w.people.filter((p) => p.advises.some((a) => a.company === c)).map((p) => p.path);
  const nameOf = (path: string) => (people.get(path) ?? companies.get(path))?.name ?? path;
  const investorName = (path: string) => nameOf(path);
  /** A person named as an agent would: full name, sometimes without accents, sometimes the native script. */
  const personRef = (p: Person) => {
    const x = r();
    if (p.native && x < 0.3) return p.native;
    if (x < 0.5 && p.name !== plain(p.name)) return plain(p.name);
    return p.name;
  };
  const companyRef = (c: Company) => (r() < 0.15 ? c.name.toLowerCase() : c.name);

  const out: Question[] = [];
  const seenQ = new Set<string>();
  const add = (family: Family, kind: string, q: string, relevant: string[]) => {
    const rel = [...new Set(relevant)];
    if (!rel.length || rel.length > MAX_ANSWERS || seenQ.has(q)) return;
    seenQ.add(q);
    out.push({ family, kind, q, relevant: rel });
  };
  const T = (templates: string[], slots: Record<string, string>) => pick(r, templates).replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? k);

  // --- relational: the answer pages need not contain the question's words ---------------------
  const relational: Array<() => void> = [
    () => {
      const c = pick(r, ops);
      add('relational', 'staff', T(['Who works at {c}?', 'Which people are on the {c} team?', 'who do we know at {c}', 'list the employees of {c}', 'Who are our contacts at {c}?', 'people at {c}', '{c} staff', 'Give me everyone employed by {c}.'], { c: companyRef(c) }), staffOf(c.path));
    },
    () => {
      const p = pick(r, w.people.filter((x) => x.org && companies.get(x.org)!.kind !== 'home'));
      add('relational', 'employer', T(['Where does {p} work?', 'Which company is {p} at?', "{p}'s employer", 'what company does {p} work for', 'Who employs {p}?', 'Which organisation does {p} belong to?'], { p: personRef(p) }), [p.org!]);
    },
    () => {
      const p = pick(r, w.people.filter((x) => x.org && companies.get(x.org)!.kind === 'company'));
      const c = companies.get(p.org!)!;
      add('relational', 'role', T(['Who is the {role} of {c}?', "Who is {c}'s {role}?", '{c} {role}', 'name of the {role} at {c}', 'who holds the {role} job at {c}'], { role: p.role, c: companyRef(c) }), [p.path]);
    },
    () => {
      const m = pick(r, w.meetings);
      add('relational', 'attendees', T(['Who attended the {m}?', 'who was in the {m}', 'participants of the {m}', 'Who was present at the {m}?', 'attendee list for {m}', 'Which people joined the {m}?'], { m: m.title }), m.attendees);
    },
    () => {
      const p = pick(r, w.people.filter((x) => meetingsOf(x.path).length));
      add('relational', 'meetings-of', T(['Which meetings did {p} attend?', 'meetings with {p}', 'When did we meet {p}?', 'What meetings has {p} been in?', 'meeting notes that include {p}', 'Show the meetings {p} took part in.'], { p: personRef(p) }), meetingsOf(p.path));
    },
    () => {
      const c = pick(r, w.companies.filter((x) => meetingsWith(x.path).length && x.kind !== 'home'));
      add('relational', 'meetings-with', T(['Which meetings did we have with {c}?', 'meeting notes for {c}', 'our calls with {c}', 'When did we last meet {c}?', 'all meetings with the {c} team'], { c: companyRef(c) }), meetingsWith(c.path));
    },
    () => {
      const c = pick(r, ops);
      add('relational', 'investors', T(['Who invested in {c}?', "Who are {c}'s investors?", "who funded {c}", 'Which funds back {c}?', 'Who is on the cap table of {c}?', 'investors in {c}'], { c: companyRef(c) }), investorsOf(c.path));
    },
    () => {
      const inv = pick(r, [...new Set(w.investments.map((i) => i.investor))]);
      add('relational', 'portfolio', T(['Which companies has {i} invested in?', '{i} portfolio', 'What startups does {i} back?', 'portfolio companies of {i}', 'Where did {i} put money?'], { i: investorName(inv) }), portfolioOf(inv));
    },
    () => {
      const c = pick(r, ops.filter((x) => advisorsOf(x.path).length));
      if (c) add('relational', 'advisors', T(['Who advises {c}?', '{c} advisors', 'Who is on the advisory board of {c}?', 'Which advisors does {c} have?', 'who helps {c} as an advisor'], { c: companyRef(c) }), advisorsOf(c.path));
    },
    () => {
      const p = pick(r, w.people.filter((x) => x.advises.length));
      if (p) add('relational', 'advisee', T(['Which companies does {p} advise?', 'Who does {p} advise?', 'what is {p} an advisor to', 'advisory roles of {p}'], { p: personRef(p) }), p.advises.map((a) => a.company));
    },
    () => {
      const k = pick(r, w.concepts);
      add('relational', 'concept-companies', T(['Which companies work on {k}?', 'Who is building {k}?', 'startups doing {k}', 'companies in our network that sell {k}', 'Which clients are in {k}?'], { k: k.entry.title.toLowerCase() }), companiesOn(k.path));
    },
  ];

  // --- paraphrase: no distinctive word of the concept appears ---------------------------------
  const paraphrases: Question[] = [];
  for (const k of w.concepts) {
    for (const p of k.entry.paraphrases) {
      const q = T(['{p}', 'what do we have on {p}?', 'notes about {p}', 'the idea of {p}', 'Is there a page on {p}?', 'What is it called when {p}?', 'explain {p}', 'find our write-up on {p}'], { p });
      assertNoDistinctiveWord(q, k.entry.words);
      if (sharedWords(p, k.entry.description).length > MAX_SHARED_WORDS) throw new Error(`paraphrase "${p}" shares too many words with its concept`);
      paraphrases.push({ family: 'paraphrase', kind: 'concept', q, relevant: [k.path] });
    }
  }

  // --- identifiers ------------------------------------------------------------------------------
  const identifiers: Array<() => void> = [
    () => {
      const p = pick(r, w.people);
      add('identifier', 'email', T(['{e}', 'who is {e}', 'whose address is {e}?', 'find the person with email {e}', 'contact {e}', 'Who uses the email {e}?'], { e: p.email }), [p.path]);
    },
    () => {
      const d = pick(r, w.docs);
      add('identifier', 'document-code', T(['{code}', '{kind} {code}', 'what is {code} about?', 'find {code}', 'show me {code}', 'status of {code}', 'the document referenced {code}'], { code: d.code, kind: d.kind }), [d.path]);
    },
    () => {
      const c = pick(r, w.companies);
      add('identifier', 'registration', T(['company registered as {reg}', '{reg}', 'which company has registration {reg}?'], { reg: c.registration }), [c.path]);
    },
  ];

  // --- two-hop --------------------------------------------------------------------------------
  const twoHop: Array<() => void> = [
    () => {
      const k = pick(r, w.concepts);
      const ms = companiesOn(k.path).flatMap(meetingsWith);
      add('two-hop', 'concept>companies>meetings', T(['Which meetings did we have with companies working on {k}?', 'meetings with {k} startups', 'calls with companies building {k}', 'notes from meetings with firms that do {k}', 'When did we meet anyone from a {k} company?'], { k: k.entry.title.toLowerCase() }), ms);
    },
    () => {
      const inv = pick(r, [...new Set(w.investments.map((i) => i.investor))]);
      const ps = portfolioOf(inv).flatMap(staffOf);
      add('two-hop', 'investor>companies>people', T(['Who works at companies backed by {i}?', 'people at {i} portfolio companies', 'contacts at startups {i} invested in', 'Which founders and staff did {i} fund?', 'who do we know in the {i} portfolio'], { i: investorName(inv) }), ps);
    },
    () => {
      const p = pick(r, w.people.filter((x) => x.org && companies.get(x.org)!.kind === 'company'));
      add('two-hop', 'person>company>investors', T(["Who invested in {p}'s company?", 'Which funds back the company {p} works for?', "investors behind {p}'s employer", 'who funded the startup where {p} works'], { p: personRef(p) }), investorsOf(p.org!));
    },
    () => {
      const m = pick(r, w.meetings.filter((x) => companies.get(x.company)!.kind === 'company'));
      add('two-hop', 'meeting>company>concepts', T(['What does the company from the {m} work on?', 'what is the business of the company we met in the {m}', 'topics of the company in {m}'], { m: m.title }), companies.get(m.company)!.concepts);
    },
    () => {
      const p = pick(r, w.people.filter((x) => x.org && companies.get(x.org)!.kind === 'company'));
      const c = companies.get(p.org!)!;
      add('two-hop', 'person>company>meetings', T(["Which meetings did we have with {p}'s company?", "meetings with the company where {p} works", "notes from calls with {p}'s employer"], { p: personRef(p) }), meetingsWith(c.path));
    },
  ];

  const want = (f: Family, fallback: number) => opts.perFamily[f] ?? fallback;
  const fillFamily = (family: Family, makers: Array<() => void>, target: number) => {
    const start = out.filter((q) => q.family === family).length;
    for (let tries = 0; out.filter((q) => q.family === family).length - start < target && tries < target * 40; tries++) pick(r, makers)();
  };
  fillFamily('relational', relational, want('relational', 80));
  out.push(...shuffle(r, paraphrases).slice(0, want('paraphrase', 70)));
  fillFamily('identifier', identifiers, want('identifier', 40));
  fillFamily('two-hop', twoHop, want('two-hop', 50));
  return out;
}

/** The question must not contain any distinctive word of the concept, nor a close form of one (same stem-like prefix). */
export function assertNoDistinctiveWord(q: string, words: string[]): void {
  const tokens = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const t of tokens) {
    for (const d of words) {
      let k = 0;
      while (k < t.length && k < d.length && t[k] === d[k]) k++;
      const close = t === d || (k >= 4 && k >= 0.75 * Math.min(t.length, d.length));
      if (close) throw new Error(`paraphrase "${q}" contains "${t}", a form of the concept's word "${d}"`);
    }
  }
}

/** A name without accents, as people type it on an English keyboard. */
function plain(s: string): string {
  return s
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/[øØ]/g, (c) => (c === 'ø' ? 'o' : 'O'))
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

const STOP = new Set(
  'a an the of to in on for and or with by from that this it its is are be as at so what which who how when where their they them you your we our us not no instead rather than into over all one each s can'.split(' '),
);
const roughStem = (w: string) => w.replace(/(ing|ed|es|s)$/, '');

/** Content words a paraphrase shares with its concept's description (by a rough stem). */
export function sharedWords(paraphrase: string, description: string[]): string[] {
  const words = (t: string) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
  const desc = new Set(words(description.join(' ')).map(roughStem));
  return words(paraphrase).filter((w) => desc.has(roughStem(w)));
}

/** At most this many content words of a paraphrase may appear in its concept's description. */
export const MAX_SHARED_WORDS = 2;

/**
 * Every paraphrase in the table avoids the concept's distinctive words and shares at most two
 * content words with the concept page's description (run by the floor test).
 */
export function checkParaphraseTable(): void {
  for (const c of CONCEPTS) {
    for (const p of c.paraphrases) {
      assertNoDistinctiveWord(p, c.words);
      const shared = sharedWords(p, c.description);
      if (shared.length > MAX_SHARED_WORDS) throw new Error(`paraphrase "${p}" shares ${shared.join(', ')} with the description of ${c.slug}`);
    }
  }
}

export type { Rng };
