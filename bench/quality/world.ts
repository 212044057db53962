// The evaluation world: a consultancy's brain of people, companies, funds, meetings, concepts and
// documents, generated from a fixed seed. Relations are written the way people write them —
// frontmatter fields, attendee lists, prose around a link, and often only on the other page of
// the relation — and the world keeps the ground truth of every relation for the questions
// (bench/quality/questions.ts). Nothing in src/ may import this file.
import {
  ADVICE_TOPICS,
  COMPANY_NAMES,
  COMPANY_PROSE,
  CONCEPT_PROSE,
  CONCEPTS,
  DOC_PROSE,
  FILLER,
  FUND_NAMES,
  FUND_PROSE,
  FUND_ROLES,
  HOME_FIRM,
  HOME_ROLES,
  MEETING_ACTIONS,
  MEETING_KINDS,
  MEETING_PROSE,
  NAMES,
  PERSON_BIO,
  PERSON_NOTES,
  ROLES,
  ROUNDS,
  type ConceptEntry,
} from './tables.js';

export type Rng = () => number;

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
export function shuffle<T>(r: Rng, a: readonly T[]): T[] {
  const out = [...a];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const chance = (r: Rng, p: number) => r() < p;

const FOLD: Record<string, string> = { ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', æ: 'ae', Æ: 'ae', ß: 'ss', ı: 'i', đ: 'd', '&': 'and' };
/** Slug as a person would type a file name: ascii, lower case, dashes. */
export function slugOf(name: string): string {
  return name
    .replace(/[łŁøØæÆßıđ&]/g, (c) => FOLD[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface Person {
  path: string;
  name: string;
  first: string;
  native: string | null;
  email: string;
  /** Employer (a company or fund path, or the home firm), null for independent angels/advisors. */
  org: string | null;
  role: string;
  city: string;
  advises: Array<{ company: string; topic: string }>;
  /** Companies this person invested in as an angel. */
  angelIn: string[];
}

export interface Company {
  path: string;
  name: string;
  kind: 'company' | 'fund' | 'home';
  city: string;
  domain: string;
  registration: string;
  concepts: string[];
  founded: number;
  aliases: string[];
}

export interface Investment {
  investor: string;
  company: string;
  round: string;
}

export interface Meeting {
  path: string;
  title: string;
  date: string;
  company: string;
  concept: string | null;
  attendees: string[];
  kind: string;
}

export interface Doc {
  path: string;
  title: string;
  code: string;
  company: string;
  kind: string;
}

export interface Concept {
  path: string;
  entry: ConceptEntry;
}

export interface World {
  seed: number;
  pages: Record<string, string>;
  people: Person[];
  companies: Company[];
  investments: Investment[];
  meetings: Meeting[];
  docs: Doc[];
  concepts: Concept[];
}

export interface WorldOptions {
  seed: number;
  /** 1 = the full world (≈ 330 pages); smaller values scale every count down (tests). */
  scale?: number;
}

export function generateWorld(opts: WorldOptions): World {
  const scale = opts.scale ?? 1;
  const r = rng(opts.seed);
  const n = (full: number, min = 2) => Math.max(min, Math.round(full * scale));

  // Concepts first: companies work on them.
  const concepts: Concept[] = CONCEPTS.slice(0, n(CONCEPTS.length, 6)).map((entry) => ({ path: `concepts/${entry.slug}.md`, entry }));

  // Companies, funds and the home firm.
  const companies: Company[] = [];
  const regs = new Set<string>();
  const registration = () => {
    for (;;) {
      const code = `${pick(r, ['HRB', 'KVK', 'CVR', 'SIREN', 'NIF'])} ${100000 + Math.floor(r() * 899999)}`;
      if (!regs.has(code)) return (regs.add(code), code);
    }
  };
  for (const c of COMPANY_NAMES.slice(0, n(COMPANY_NAMES.length, 8))) {
    const k = chance(r, 0.6) ? 1 : 2;
    const cs = shuffle(r, concepts).slice(0, k).map((x) => x.path);
    companies.push({ path: `companies/${slugOf(c.name)}.md`, name: c.name, kind: 'company', city: c.city, domain: `${slugOf(c.name).replace(/-/g, '')}.example`, registration: registration(), concepts: cs, founded: 2012 + Math.floor(r() * 12), aliases: [] });
  }
  // Every concept has at least one company working on it.
  const ops = companies.filter((c) => c.kind === 'company');
  for (const concept of concepts) {
    if (!ops.some((c) => c.concepts.includes(concept.path))) {
      const c = ops.filter((x) => x.concepts.length < 2).sort((a, b) => a.concepts.length - b.concepts.length)[0] ?? pick(r, ops);
      c.concepts.push(concept.path);
    }
  }
  for (const f of FUND_NAMES.slice(0, n(FUND_NAMES.length, 3))) {
    companies.push({ path: `companies/${slugOf(f.name)}.md`, name: f.name, kind: 'fund', city: f.city, domain: `${slugOf(f.name).replace(/-/g, '')}.example`, registration: registration(), concepts: [], founded: 2005 + Math.floor(r() * 12), aliases: f.aliases ?? [] });
  }
  const home: Company = { path: `companies/${slugOf(HOME_FIRM.name)}.md`, name: HOME_FIRM.name, kind: 'home', city: HOME_FIRM.city, domain: HOME_FIRM.domain, registration: registration(), concepts: [], founded: 2009, aliases: ['H&R'] };
  companies.push(home);
  const funds = companies.filter((c) => c.kind === 'fund');

  // People: every name unique; a person per role at each company, partners at funds, our own team, angels.
  const people: Person[] = [];
  const usedNames = new Set<string>();
  const emails = new Set<string>();
  const newName = (): { name: string; first: string; native: string | null } => {
    for (;;) {
      const culture = pick(r, NAMES);
      const first = pick(r, culture.given);
      const family = pick(r, culture.family);
      const name = family ? `${first} ${family}` : first;
      if (usedNames.has(name)) continue;
      usedNames.add(name);
      return { name, first: first.split(' ')[0]!, native: culture.native?.[name] ?? null };
    }
  };
  const addPerson = (org: Company | null, role: string): Person => {
    const { name, first, native } = newName();
    const parts = slugOf(name).split('-');
    const domain = org?.domain ?? pick(r, ['gmail.example', 'proton.example', 'fastmail.example']);
    let email = `${parts[0]}.${parts[parts.length - 1]}@${domain}`;
    if (emails.has(email) || parts.length === 1) email = `${parts.join('')}${Math.floor(r() * 90) + 10}@${domain}`;
    emails.add(email);
    const p: Person = { path: `people/${slugOf(name)}.md`, name, first, native, email, org: org?.path ?? null, role, city: org?.city ?? pick(r, COMPANY_NAMES).city, advises: [], angelIn: [] };
    people.push(p);
    return p;
  };
  for (const c of ops) {
    const roles = shuffle(r, ROLES).slice(0, 2 + Math.floor(r() * 2));
    if (!roles.includes('CEO')) roles[0] = 'CEO';
    for (const role of roles) addPerson(c, role);
  }
  for (const f of funds) for (const role of shuffle(r, FUND_ROLES).slice(0, 1 + Math.floor(r() * 2))) addPerson(f, role);
  const team = HOME_ROLES.concat(HOME_ROLES.slice(0, n(3, 1))).slice(0, n(8, 4)).map((role) => addPerson(home, role));
  const independents = Array.from({ length: n(8, 3) }, () => addPerson(null, pick(r, ['Angel investor', 'Independent advisor', 'Operating partner'])));

  // Investments: each operating company has one to three investors (funds or angels).
  const investments: Investment[] = [];
  for (const c of ops) {
    const k = 1 + Math.floor(r() * 3);
    const backers = shuffle(r, [...funds.map((f) => f.path), ...independents.filter((p) => p.role === 'Angel investor').map((p) => p.path)]).slice(0, k);
    const rounds = shuffle(r, ROUNDS);
    backers.forEach((b, i) => {
      investments.push({ investor: b, company: c.path, round: rounds[i % rounds.length]! });
      const angel = people.find((p) => p.path === b);
      if (angel) angel.angelIn.push(c.path);
    });
  }
  // Advisors: independents and some employees of other companies.
  for (const c of ops) {
    if (!chance(r, 0.55)) continue;
    const pool = [...independents, ...people.filter((p) => p.org && p.org !== c.path && p.org !== home.path && chance(r, 0.1))];
    const a = pick(r, pool);
    if (!a.advises.some((x) => x.company === c.path)) a.advises.push({ company: c.path, topic: pick(r, ADVICE_TOPICS) });
  }

  // Meetings: with a company, some of its people, one or two of ours, about one of its concepts.
  const meetings: Meeting[] = [];
  const meetingTitles = new Set<string>();
  for (let i = 0; i < n(85, 16); i++) {
    const c = chance(r, 0.12) ? pick(r, funds) : pick(r, ops);
    const staff = people.filter((p) => p.org === c.path);
    const theirs = shuffle(r, staff).slice(0, 1 + Math.floor(r() * Math.min(3, staff.length)));
    const ours = shuffle(r, team).slice(0, 1 + Math.floor(r() * 2));
    const kind = c.kind === 'fund' ? pick(r, ['portfolio review', 'intro call', 'quarterly review']) : pick(r, MEETING_KINDS);
    const date = `202${4 + Math.floor(r() * 2)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const title = `${c.name} ${kind}, ${date}`;
    if (meetingTitles.has(title)) continue;
    meetingTitles.add(title);
    const concept = c.concepts.length ? pick(r, c.concepts) : null;
    meetings.push({ path: `meetings/${date}-${slugOf(c.name)}-${slugOf(kind)}.md`, title, date, company: c.path, concept, attendees: shuffle(r, [...theirs, ...ours]).map((p) => p.path), kind });
  }

  // Documents with identifiers.
  const docs: Doc[] = [];
  const codes = new Set<string>();
  const DOC_KINDS: Array<{ kind: string; code: () => string; title: (c: Company, code: string) => string }> = [
    { kind: 'contract', code: () => `CTR-${2023 + Math.floor(r() * 3)}-${String(Math.floor(r() * 9000) + 100).padStart(4, '0')}`, title: (c) => `Services agreement with ${c.name}` },
    { kind: 'invoice', code: () => `INV-${2024 + Math.floor(r() * 2)}${String(Math.floor(r() * 90000) + 10000)}`, title: (c) => `Invoice to ${c.name}` },
    { kind: 'statement of work', code: () => `SOW-${String.fromCharCode(65 + Math.floor(r() * 26))}${Math.floor(r() * 900) + 100}`, title: (c) => `Statement of work for ${c.name}` },
    { kind: 'NDA', code: () => `NDA/${2022 + Math.floor(r() * 4)}/${Math.floor(r() * 900) + 100}`, title: (c) => `Mutual NDA with ${c.name}` },
    { kind: 'purchase order', code: () => `PO ${Math.floor(r() * 9000) + 1000}-${String.fromCharCode(65 + Math.floor(r() * 26))}`, title: (c) => `Purchase order from ${c.name}` },
  ];
  for (let i = 0; i < n(40, 8); i++) {
    const c = pick(r, ops);
    const k = pick(r, DOC_KINDS);
    let code = k.code();
    while (codes.has(code)) code = k.code();
    codes.add(code);
    const title = `${k.title(c, code)} (${code})`;
    docs.push({ path: `documents/${slugOf(k.kind)}-${slugOf(code)}.md`, title, code, company: c.path, kind: k.kind });
  }

  const world: World = { seed: opts.seed, pages: {}, people, companies, investments, meetings, docs, concepts };
  writePages(world, r, home, team);
  return world;
}

// --- writing the pages -------------------------------------------------------------------------

function fill(r: Rng, template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (slots[k] != null) return slots[k]!;
    const pool = (FILLER as Record<string, string[]>)[k];
    if (pool) return pick(r, pool);
    if (k === 'n') return String(2 + Math.floor(r() * 9));
    return k;
  });
}

function paragraphs(r: Rng, pool: string[], count: number, per: number, slots: Record<string, string>): string[] {
  const out: string[] = [];
  const order = shuffle(r, pool);
  let k = 0;
  for (let i = 0; i < count; i++) {
    const sentences: string[] = [];
    for (let j = 0; j < per; j++) sentences.push(fill(r, order[k++ % order.length]!, slots));
    out.push(sentences.join(' '));
  }
  return out;
}

function frontmatter(fields: Record<string, string | string[] | undefined>): string {
  const lines = ['---'];
  for (const [k, v] of Object.entries(fields)) {
    if (v == null || (Array.isArray(v) && !v.length)) continue;
    if (Array.isArray(v)) lines.push(`${k}: [${v.map((x) => JSON.stringify(x)).join(', ')}]`);
    else lines.push(`${k}: ${/[:#\[\]{}&*!|>'"%@`]/.test(v) ? JSON.stringify(v) : v}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

const link = (path: string, label?: string) => `[[${path.replace(/\.md$/, '')}${label ? `|${label}` : ''}]]`;

function writePages(w: World, r: Rng, home: Company, team: Person[]): void {
  const byPath = new Map<string, Person | Company>();
  for (const p of w.people) byPath.set(p.path, p);
  for (const c of w.companies) byPath.set(c.path, c);
  const nameOf = (path: string) => byPath.get(path)?.name ?? w.concepts.find((c) => c.path === path)?.entry.title ?? path;
  const conceptOf = (path: string) => w.concepts.find((c) => c.path === path)!.entry;

  // How each relation is written, decided once per relation so both sides agree on where it lives.
  // Employment: 'fm' person frontmatter, 'prose' person prose, 'other' only on the company page, 'both'.
  const employment = new Map<string, 'fm' | 'prose' | 'other' | 'both'>();
  for (const p of w.people) if (p.org) employment.set(p.path, pick(r, ['fm', 'prose', 'other', 'both', 'prose'] as const));
  // Investment: 'investor' on the investor's page, 'company' on the company page (prose or frontmatter).
  const investSide = new Map<Investment, 'investor' | 'company-prose' | 'company-fm'>();
  for (const i of w.investments) investSide.set(i, pick(r, ['investor', 'company-prose', 'company-fm', 'investor'] as const));
  // Advising: on the advisor's page or on the company's.
  const adviceSide = new Map<string, 'person' | 'company'>();
  for (const p of w.people) for (const a of p.advises) adviceSide.set(`${p.path}>${a.company}`, pick(r, ['person', 'company'] as const));
  // Concepts: on the company page (prose or frontmatter) or only on the concept page.
  const conceptSide = new Map<string, 'company' | 'company-fm' | 'concept'>();
  for (const c of w.companies) for (const k of c.concepts) conceptSide.set(`${c.path}>${k}`, pick(r, ['company', 'company-fm', 'concept'] as const));
  // Meetings: attendees in frontmatter, an Attendees list or a "Present:" line; one attendee may be
  // written only on their own page ("attended [[meeting]]").
  const attendeeStyle = new Map<string, 'fm' | 'list' | 'prose'>();
  const onlyOnPerson = new Map<string, string>();
  for (const m of w.meetings) {
    attendeeStyle.set(m.path, pick(r, ['fm', 'list', 'prose'] as const));
    if (m.attendees.length > 1 && chance(r, 0.3)) onlyOnPerson.set(m.path, pick(r, m.attendees));
  }

  // People.
  for (const p of w.people) {
    const org = p.org ? (byPath.get(p.org) as Company) : null;
    const style = employment.get(p.path);
    const pronoun = pick(r, ['she', 'he', 'they']);
    const slots = { first: p.first, city: p.city, pronoun, object: pick(r, team).first };
    const fm: Record<string, string | string[] | undefined> = {};
    if (p.native) fm.aliases = [p.native];
    fm.email = p.email;
    if (org && (style === 'fm' || style === 'both')) {
      fm.company = chance(r, 0.5) ? link(org.path) : org.name;
      fm.role = p.role;
    }
    fm.location = p.city;
    const body: string[] = [`# ${p.name}`, ''];
    const intro: string[] = [];
    if (org && (style === 'prose' || style === 'both')) {
      intro.push(
        fill(r, pick(r, [
          '{first} joined {org} as {role} in {year}.',
          '{first} is the {role} at {org}, which {pronoun} joined in {year}.',
          'Since {year} {first} has worked at {org} ({role}).',
          '{first} leads things as {role} of {org}.',
          'After {n} years elsewhere, {first} moved to {org} to become its {role}.',
        ]), { ...slots, org: link(org.path, org.name), role: p.role, year: String(2015 + Math.floor(r() * 10)) }),
      );
    } else if (!org) {
      intro.push(`${p.first} works independently as ${p.role.toLowerCase().startsWith('a') ? 'an' : 'a'} ${p.role.toLowerCase()} from ${p.city}.`);
    } else {
      intro.push(fill(r, pick(r, ['{first} is someone we work with regularly in {city}.', '{first} is a regular contact of ours in {city}.', 'Contact in {city}; see the notes below.']), slots));
    }
    for (const a of p.advises) {
      if (adviceSide.get(`${p.path}>${a.company}`) !== 'person') continue;
      intro.push(
        fill(r, pick(r, [
          '{first} advises {co} on {topic}.',
          'On the side, {first} is an advisor to {co}, mainly on {topic}.',
          '{first} sits on the advisory board of {co} and helps with {topic}.',
        ]), { ...slots, co: link(a.company, nameOf(a.company)), topic: a.topic }),
      );
    }
    for (const i of w.investments) {
      if (i.investor !== p.path || investSide.get(i) !== 'investor') continue;
      intro.push(
        fill(r, pick(r, [
          '{first} led the {round} in {co}.',
          '{first} wrote an angel cheque into {co} during its {round}.',
          '{first} backed {co} early, in the {round}.',
        ]), { ...slots, co: link(i.company, nameOf(i.company)), round: i.round }),
      );
    }
    body.push(intro.join(' '), '', '## Background', '', ...paragraphs(r, PERSON_BIO, 4, 3, slots).flatMap((x) => [x, '']));
    const attended = w.meetings.filter((m) => onlyOnPerson.get(m.path) === p.path);
    if (attended.length) {
      body.push('## Meetings', '');
      for (const m of attended) body.push(`- ${pick(r, ['Attended', 'Was at', 'Joined'])} ${link(m.path, m.title)}`);
      body.push('');
    }
    body.push('## Notes', '', ...paragraphs(r, PERSON_NOTES, 1, 3, slots), '');
    w.pages[p.path] = frontmatter(fm) + body.join('\n');
  }

  // Companies and funds.
  for (const c of w.companies) {
    const staff = w.people.filter((p) => p.org === c.path);
    const fm: Record<string, string | string[] | undefined> = { type: c.kind === 'fund' ? 'investor' : 'company', website: `https://${c.domain}`, registration: c.registration };
    if (c.aliases.length) fm.aliases = c.aliases;
    const fmConcepts = c.concepts.filter((k) => conceptSide.get(`${c.path}>${k}`) === 'company-fm');
    if (fmConcepts.length) fm.topics = fmConcepts.map((k) => link(k));
    const fmInvestors = w.investments.filter((i) => i.company === c.path && investSide.get(i) === 'company-fm');
    if (fmInvestors.length) fm.investors = fmInvestors.map((i) => link(i.investor));
    const slots = { name: c.name, city: c.city, year: String(c.founded), size: String(20 + Math.floor(r() * 400)), offices: String(1 + Math.floor(r() * 4)), growth: String(10 + Math.floor(r() * 80)), market: c.concepts.length ? conceptOf(c.concepts[0]!).market : 'founders', ordinal: pick(r, FILLER.ordinal) };
    const body: string[] = [`# ${c.name}`, ''];
    if (c.kind === 'fund') {
      body.push(...paragraphs(r, FUND_PROSE, 3, 3, slots).flatMap((x) => [x, '']));
      const led = w.investments.filter((i) => i.investor === c.path && investSide.get(i) === 'investor');
      if (led.length) {
        body.push('## Portfolio', '');
        for (const i of led) {
          body.push(
            fill(r, pick(r, ['- Led the {round} in {co}.', '- Co-invested in the {round} of {co}.', '- {co}: {round}, board observer seat.', '- Backed {co} ({round}).']), { co: link(i.company, nameOf(i.company)), round: i.round }),
          );
        }
        body.push('');
      }
    } else {
      const does = c.concepts.filter((k) => conceptSide.get(`${c.path}>${k}`) === 'company');
      const what = does.length
        ? fill(r, pick(r, ['{name} builds {k} software for {market}.', '{name} works on {k} for {market}.', 'The company sells a {k} platform to {market}.', '{name} is a {k} startup serving {market}.']), { ...slots, k: does.map((k) => link(k, conceptOf(k).title.toLowerCase())).join(' and ') })
        : c.kind === 'home'
          ? `${c.name} is our own firm: a consultancy of about forty people in ${c.city}.`
          : `${c.name} serves ${slots.market} from ${c.city}.`;
      const pitch = c.concepts.length && chance(r, 0.7) ? ` ${pick(r, ['Their pitch deck opens with this:', 'In their words:', 'From their website:'])} ${pick(r, conceptOf(pick(r, c.concepts)).description)}` : '';
      body.push(what + pitch, '', '## Overview', '', ...paragraphs(r, COMPANY_PROSE, 4, 3, slots).flatMap((x) => [x, '']));
      const prose = w.investments.filter((i) => i.company === c.path && investSide.get(i) === 'company-prose');
      if (prose.length) {
        body.push('## Funding', '');
        for (const i of prose) {
          body.push(
            fill(r, pick(r, ['Raised a {amount} {round} led by {inv}.', 'The {round} ({amount}) came from {inv}.', '{inv} invested {amount} in the {round}.']), { inv: link(i.investor, nameOf(i.investor)), round: i.round, amount: `€${1 + Math.floor(r() * 20)}m` }),
          );
        }
        body.push('');
      }
    }
    const listed = staff.filter((p) => employment.get(p.path) === 'other' || employment.get(p.path) === 'both');
    if (listed.length && c.kind !== 'home') {
      body.push(pick(r, ['## Team', '## People', '## Key contacts']), '');
      for (const p of listed) body.push(chance(r, 0.5) ? `- ${link(p.path, p.name)} — ${p.role}` : `- ${p.role}: ${link(p.path)}`);
      body.push('');
    } else if (c.kind === 'home') {
      body.push('## Our team', '');
      for (const p of staff) body.push(`- ${link(p.path, p.name)}, ${p.role}`);
      body.push('');
    }
    const advisors = w.people.flatMap((p) => p.advises.filter((a) => a.company === c.path && adviceSide.get(`${p.path}>${c.path}`) === 'company').map((a) => ({ p, a })));
    if (advisors.length) {
      body.push('## Advisors', '');
      for (const { p, a } of advisors) body.push(`- ${link(p.path, p.name)} (${a.topic})`);
      body.push('');
    }
    w.pages[c.path] = frontmatter(fm) + body.join('\n');
  }

  // Concepts: the table's description, generic notes, and sometimes the companies working on it.
  for (const k of w.concepts) {
    const e = k.entry;
    const onlyHere = w.companies.filter((c) => c.concepts.includes(k.path) && conceptSide.get(`${c.path}>${k.path}`) === 'concept');
    const body = [`# ${e.title}`, '', e.description[0]!, '', '## How it works', '', `${e.description[1]!} ${e.description[2]!}`, ''];
    body.push('## Why our clients ask about it', '', fill(r, 'Clients usually come to us when a board member has read about it and wants a plan by {month}. The first step is always an honest look at the current setup, the second a small pilot with one team. We keep a reading list in the shared drive and update it after every engagement.', {}), '');
    body.push('## Our experience', '', ...paragraphs(r, CONCEPT_PROSE, 3, 3, { title: e.title.toLowerCase() }).flatMap((x) => [x, '']));
    if (onlyHere.length) {
      body.push(pick(r, ['## Companies working on this', '## Who does this', '## Players']), '');
      for (const c of onlyHere) body.push(`- ${link(c.path, c.name)}`);
      body.push('');
    }
    w.pages[k.path] = frontmatter({ type: 'concept', status: pick(r, ['evergreen', 'draft', 'reviewed']) }) + body.join('\n');
  }

  // Meetings.
  for (const m of w.meetings) {
    const c = byPath.get(m.company) as Company;
    const style = attendeeStyle.get(m.path)!;
    const hidden = onlyOnPerson.get(m.path);
    const listed = m.attendees.filter((a) => a !== hidden);
    const speaker = nameOf(pick(r, m.attendees)).split(' ')[0]!;
    // Meeting notes name their topic only some of the time, and often echo a sentence of it in
    // their own words (pages that share words with the concept page without being about it).
    const topic = m.concept && chance(r, 0.4) ? conceptOf(m.concept).title.toLowerCase() : pick(r, ['their product roadmap', 'the pilot scope', 'the integration plan', 'the portfolio', 'next quarter']);
    const fm: Record<string, string | string[] | undefined> = { date: m.date, type: 'meeting' };
    const companyStyle = pick(r, ['fm-link', 'fm-name', 'prose'] as const);
    if (companyStyle === 'fm-link') fm.company = link(c.path);
    else if (companyStyle === 'fm-name') fm.company = c.name;
    if (style === 'fm') fm.attendees = listed.map((a) => link(a));
    const body = [`# ${m.title}`, ''];
    const opener =
      companyStyle === 'prose'
        ? fill(r, pick(r, ['{kind} with {co} at their {city} office.', 'Call with {co} ({kind}).', 'Met the {co} team for the {kind}.']), { kind: m.kind, co: link(c.path, c.name), city: c.city })
        : fill(r, pick(r, ['Notes from the {kind}.', '{kind}: notes.', 'Our notes from the {kind}, written up the same day.']), { kind: m.kind });
    body.push(opener.charAt(0).toUpperCase() + opener.slice(1), '');
    if (style === 'list') {
      body.push(pick(r, ['## Attendees', '## Participants', '## Present']), '');
      for (const a of listed) body.push(`- ${link(a, nameOf(a))}`);
      body.push('');
    } else if (style === 'prose') {
      const names = listed.map((a) => link(a, nameOf(a)));
      body.push(`${pick(r, ['Present:', 'With', 'Attendees:'])} ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]}.`, '');
    }
    body.push('## Discussion', '', ...paragraphs(r, MEETING_PROSE, 5, 3, { topic, speaker, city: c.city, month: pick(r, FILLER.month) }).flatMap((x) => [x, '']));
    if (m.concept && chance(r, 0.6)) body.push(`${pick(r, ['For context:', 'Their framing:', 'As they put it:'])} ${pick(r, conceptOf(m.concept).description)}`, '');
    if (m.concept && chance(r, 0.3)) body.push(`Background reading: ${link(m.concept, conceptOf(m.concept).title)}.`, '');
    body.push('## Actions', '', ...shuffle(r, MEETING_ACTIONS).slice(0, 3).map((a) => `- [ ] ${fill(r, a, { speaker })}`), '');
    w.pages[m.path] = frontmatter(fm) + body.join('\n');
  }

  // Documents.
  for (const d of w.docs) {
    const c = byPath.get(d.company) as Company;
    const contact = w.people.find((p) => p.org === c.path);
    const owner = pick(r, team);
    const fm = { type: 'document', kind: d.kind, reference: d.code, company: chance(r, 0.5) ? link(c.path) : c.name, owner: link(owner.path) };
    const body = [`# ${d.title}`, '', `${d.kind.charAt(0).toUpperCase()}${d.kind.slice(1)} ${d.code} between ${home.name} and ${link(c.path, c.name)}.`, ''];
    body.push('## Terms', '', ...paragraphs(r, DOC_PROSE, 4, 3, { home: home.name, company: c.name }).flatMap((x) => [x, '']));
    if (contact) body.push('## Notices', '', `Notices to ${contact.name} <${contact.email}> and to ${owner.name} <${owner.email}>.`, '');
    w.pages[d.path] = frontmatter(fm) + body.join('\n');
  }
}
