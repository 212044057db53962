// The built-in filer: deterministic, offline, no LLM. Given one item, the skill chosen for it,
// the brain's schema and a read-only view of its pages, it produces a FilingPlan (the same
// shape the LLM filer returns): the pages to create or patch, timeline lines and links, a
// confidence and a one-line rationale. Pure: all I/O goes through `BrainLookup`.
import type { BrainSchema } from '../brainSchema.js';
import { baseName, folderOf } from '../paths.js';
import type { SkillName } from '../skills.js';
import { pageSlug } from '../slug.js';

import { extractConversation } from './conversation.js';
import { extractDocument, summarizeRevision } from './document.js';
import { eventDate } from './eventDate.js';
import { extractMeeting, meetingSlug, ROLE_ABBREVIATIONS } from './meeting.js';
import { acceptedHint, allowedRoots, bestFolderFor, folderFor, type PlacementScope } from './placement.js';
import type { FilingPlan, PlannedPage } from './plan.js';
import { renderConversationNote, renderMeetingPage, renderNote, renderPersonPage, renderSourcePage, sourceSections, wikiLink, type LinkedPerson, type SourceIdentity } from './render.js';
import type { SkillDefinition } from './skillFile.js';
import { withoutLetterhead } from './documentHead.js';
import { documentAuthors, EntityResolver, factAbout, HONORIFIC_NAME, introducedPeople, isServiceName, passingMentions, substantiveText, type Ambiguity, type EntityMatch } from './entities.js';
import { baseDomain, clip, FREE_MAIL_DOMAINS } from './text.js';
import { withConversionBudget } from './intlDates.js';

export interface FilingItem {
  id: string;
  filename: string;
  text: string;
  contentType: string | null;
  targetFolder: string | null;
  partition: string | null;
  sourceReference: SourceIdentity | null;
  createdAt: string;
  /** The earlier version of this document, when the item revises one. */
  previous: { text: string; filedPages: string[] } | null;
}

/** Read-only view of the brain the filer plans against (queries are scoped to folders). */
export interface BrainLookup {
  read(path: string): string | null;
  /** Pages under `roots` whose frontmatter `key` equals `value`, or lists it (case-insensitive). */
  findByField(key: string, value: string, roots: string[]): string[];
  /** Pages under `roots` whose title or one of whose `aliases` equals `name` (case-insensitive). */
  findByName(name: string, roots: string[]): string[];
  /** Pages under `roots` whose title starts with the word `first` ("Ada" → "Ada Lovelace"). */
  findByFirstName?(first: string, roots: string[]): string[];
  /** Pages under `roots` whose title ends with the word `last` ("Raman" → "Priya Raman"). */
  findBySurname?(last: string, roots: string[]): string[];
  /** Pages whose title's initials are `initials` ("AL" → "Ada Lovelace"): a hurried note's attendees. */
  findByInitials?(initials: string, roots: string[]): string[];
  /** Names in scripts without capitals (Han, kana, Hangul…) that `text` contains, with their pages under `roots`. */
  findNamesIn?(text: string, roots: string[]): Array<{ name: string; paths: string[] }>;
  /** The page a title, slug, alias or path would link to, or null (the resolver). */
  resolve(ref: string): string | null;
}

export interface FilingContext {
  schema: BrainSchema;
  skills: Record<SkillName, SkillDefinition>;
  scope: PlacementScope;
  lookup: BrainLookup;
  today: string;
}

export type BuiltinResult = { kind: 'plan'; plan: FilingPlan } | { kind: 'review'; reason: string; plan: null };

const MAX_MENTIONS = 12;

export function planBuiltin(item: FilingItem, skillName: SkillName, ctx: FilingContext): BuiltinResult {
  return withConversionBudget(() => planBuiltinBudgeted(item, skillName, ctx));
}

function planBuiltinBudgeted(item: FilingItem, skillName: SkillName, ctx: FilingContext): BuiltinResult {
  const skill = ctx.skills[skillName];
  switch (skillName) {
    case 'ingest-meeting':
      return planMeeting(item, skill, ctx);
    case 'ingest-doc':
      return planDocument(item, skill, ctx);
    case 'ingest-conversation':
      return planConversation(item, skill, ctx);
    case 'ingest':
      return planNote(item, skill, ctx);
  }
}

// ---------- shared helpers

function needsPartition(entity: string): BuiltinResult {
  return {
    kind: 'review',
    reason: `The ${entity} folder of this brain lives under a partition and the item has none; assign a partition and re-queue it.`,
    plan: null,
  };
}

function roots(ctx: FilingContext): string[] {
  return allowedRoots(ctx.scope, Object.values(ctx.skills));
}

function inRoots(path: string, ctx: FilingContext): boolean {
  return roots(ctx).some((r) => path.startsWith(`${r}/`));
}

/** A free path `folder/slug.md` (suffix -2, -3... when taken by another page or this plan). */
function freePath(folder: string, slug: string, ctx: FilingContext, taken: Set<string>): string {
  const base = slug || 'untitled';
  for (let n = 1; ; n++) {
    const path = `${folder}/${n === 1 ? base : `${base}-${n}`}.md`;
    if (!taken.has(path) && ctx.lookup.read(path) == null) {
      taken.add(path);
      return path;
    }
  }
}

function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

function clamp(n: number): number {
  return Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
}

// ---------- reaching the pages an item is about

/** The text names a page of the brain (an entity in scope), also when typed in lower case ("call marta re odra"). */
export function namesAPage(text: string, ctx: FilingContext): boolean {
  const resolver = resolverOf(ctx);
  return reachMentions(text, resolver, []).found.length > 0 || resolver.lowerCaseMentions(text).length > 0;
}

function resolverOf(ctx: FilingContext): EntityResolver {
  return new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: ctx.scope.partitionKey, roots: roots(ctx) });
}

/** A timeline line: the one-line fact, then the link to the item's page. */
function factLine(fact: string | null, ownPath: string, title: string, fallback: string): string {
  const link = wikiLink(ownPath, title);
  return fact ? `${fact.replace(/[\s.;:,]+$/, '')} (${link})` : `${fallback} ${link}`;
}

/** Names in `text` (substantive part) that resolve to entity pages, with a fact about each. */
function reachMentions(
  text: string,
  resolver: EntityResolver,
  exclude: Iterable<string>,
  opts: { dropPassing?: boolean } = {},
): { found: EntityMatch[]; ambiguous: Ambiguity[]; unknown: string[]; body: string } {
  const body = substantiveText(text);
  const m = resolver.mentions(body, { exclude });
  // Long documents and notes name many pages in passing (comparables, customer lists, "rivals such
  // as …"); those are listed on the item's page as other names, not reached.
  const passing = opts.dropPassing ? passingMentions(body, m.found, resolver) : new Set<string>();
  const found = m.found.filter((f) => !passing.has(f.path));
  return { ...m, found: found.slice(0, MAX_MENTIONS), body };
}

/** A person page may be made when the item says more than a name: a role or a company. */
function companyIn(about: string | null | undefined, resolver: EntityResolver): { company: string | null; role: string | null } {
  if (!about) return { company: null, role: null };
  let company: string | null = null;
  const roleParts: string[] = [];
  for (const part of about.split(/\s*(?:,|\bat\b|\bof\b|@|\|)\s*/)) {
    const p = part.trim();
    if (!p) continue;
    const hit: string[] = company ? [] : resolver.byName(p).filter((x) => resolver.isCompany(x));
    if (hit.length === 1) company = hit[0]!;
    else roleParts.push(p);
  }
  return { company, role: roleParts.join(', ') || null };
}

// ---------- ingest-meeting

function planMeeting(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const m = extractMeeting(item.text, { filename: item.filename, fallbackDate: dateOf(item.createdAt) });
  const meetingsFolder = folderFor('meeting', skill, ctx.scope, 'meetings');
  const peopleFolder = folderFor('person', skill, ctx.scope, 'people');
  if (!meetingsFolder) return needsPartition('meetings');
  if (!peopleFolder) return needsPartition('people');
  const resolver = resolverOf(ctx);
  const taken = new Set<string>();
  const meetingPath = freePath(meetingsFolder, meetingSlug(m), ctx, taken);
  const pages: PlannedPage[] = [];
  const timeline: FilingPlan['timeline'] = [];
  const people: LinkedPerson[] = [];
  const unlinked: string[] = [];
  let matched = 0;
  let created = 0;
  // Companies: by the attendees' mail domains, then by where matched people work.
  const companies: Array<{ name: string; path: string; who: string[] }> = [];
  const addCompany = (path: string | null, who: string | null) => {
    if (!path) return;
    let c = companies.find((x) => x.path === path);
    if (!c) {
      c = { name: titleOf(path, ctx), path, who: [] };
      companies.push(c);
    }
    if (who && !c.who.includes(who)) c.who.push(who);
  };

  for (const a of m.attendees) {
    let path = a.email ? resolver.personByEmail(a.email) : null;
    if (!path) {
      const named = resolver.byName(a.name).filter((p) => resolver.isPerson(p));
      // Initials ("GH") name the one person whose name has them; two people with them name nobody.
      // Role abbreviations ("PM", "QA") are never read as someone's initials.
      const initialed = named.length || ROLE_ABBREVIATIONS.has(a.name.toUpperCase()) ? [] : resolver.byInitials(a.name);
      path = named.length === 1 ? named[0]! : initialed.length === 1 ? initialed[0]! : null;
    }
    // "Herr Müller (Bergmann AG)": the one person with that surname, at the company beside it if one is said.
    const honorific = path ? null : HONORIFIC_NAME.exec(a.name);
    if (honorific) {
      const at = companyIn(a.about, resolver).company;
      const hits = resolver.bySurname(honorific[1]!, at);
      if (hits.length === 1) path = hits[0]!;
      else {
        // An honorific and a surname are no name to make a person page of.
        unlinked.push(a.email ? `${a.name} <${a.email}>` : a.name);
        continue;
      }
    }
    if (path && people.some((p) => p.path === path)) continue;
    const domainCompany = a.email ? resolver.companyByDomain(a.email.split('@')[1]!) : null;
    if (path) {
      matched++;
      const existing = ctx.lookup.read(path) ?? '';
      if (a.email && !new RegExp(`^emails?\\s*:.*${escapeRe(a.email)}`, 'im').test(existing.split(/\n---/)[0] ?? '') && !/^email\s*:/m.test(existing.split(/\n---/)[0] ?? '')) {
        pages.push({ path, action: 'set-frontmatter', frontmatter: { email: a.email } });
      }
      const who = /^\p{Lu}{2,3}$/u.test(a.name) ? titleOf(path, ctx) : a.name;
      people.push({ name: who, email: a.email, path });
      addCompany(domainCompany, who);
      for (const c of resolver.worksAt(path)) addCompany(c, who);
      continue;
    }
    // A new person page only when the item says who they are: a company (by mail domain or
    // in words) or a role beside the name.
    const said = companyIn(a.about, resolver);
    const company = domainCompany ?? said.company;
    const workDomain = a.email && !FREE_MAIL_DOMAINS.has(baseDomain(a.email.split('@')[1]!));
    // A mailbox or a service ("IT Service Desk", "noreply") is nobody's person page.
    if (isServiceName(a.name, a.email)) continue;
    if (!company && !said.role && !workDomain) {
      unlinked.push(a.email ? `${a.name} <${a.email}>` : a.name);
      continue;
    }
    path = freePath(peopleFolder, shortSlug(a.name) || shortSlug(a.email ?? '') || 'person', ctx, taken);
    pages.push({ path, action: 'create', markdown: renderPersonPage({ name: a.name, email: a.email, companyPath: company, role: said.role }) });
    created++;
    people.push({ name: a.name, email: a.email, path });
    addCompany(company, a.name);
  }
  // "Call with Jane Roe": a person the title names was in the meeting.
  for (const t of resolver.mentions(m.title).found) {
    if (!resolver.isPerson(t.path) || people.some((p) => p.path === t.path)) continue;
    matched++;
    people.push({ name: titleOf(t.path, ctx), email: null, path: t.path });
    for (const c of resolver.worksAt(t.path)) addCompany(c, titleOf(t.path, ctx));
  }
  // A hurried note's lower-case names: a unique first name in an attendee line ("w/ grace, linus") was there.
  const lowerCase = resolver.lowerCaseMentions(substantiveText(item.text), { exclude: people.map((p) => p.path) });
  for (const l of lowerCase) {
    if (!l.attendee || !resolver.isPerson(l.path)) continue;
    matched++;
    people.push({ name: titleOf(l.path, ctx), email: null, path: l.path });
    for (const c of resolver.worksAt(l.path)) addCompany(c, titleOf(l.path, ctx));
  }
  // What the meeting discussed: companies, projects and people it names (not in passing); an invitee
  // who did not come ("Barbara Liskov (declined)") is named, but neither met nor discussed.
  const attendeePaths = new Set([...people.map((p) => p.path), ...companies.map((c) => c.path)]);
  const absent = new Set(m.absent.flatMap((n) => resolver.byName(n).filter((p) => resolver.isPerson(p))));
  const discussed = reachMentions(item.text, resolver, [...attendeePaths, ...absent], { dropPassing: true });
  for (const d of discussed.found) if (resolver.isCompany(d.path)) addCompany(d.path, null);
  const others = discussed.found.filter((d) => !resolver.isCompany(d.path));
  // Lower-case whole-word names the note discusses (a unique first name, a project's exact title).
  for (const l of lowerCase) {
    if (attendeePaths.has(l.path) || others.some((o) => o.path === l.path) || others.length >= MAX_MENTIONS) continue;
    others.push({ path: l.path, name: l.name, type: l.type });
  }

  pages.unshift({
    path: meetingPath,
    action: 'create',
    markdown: renderMeetingPage(m, people, companies, { filename: item.filename, itemId: item.id }, { discussed: others.map((o) => ({ name: titleOf(o.path, ctx), path: o.path })), unlinked, otherNames: discussed.unknown.filter((n) => !m.attendees.some((a) => a.name === n)) }),
  });
  if (skill.timeline) {
    for (const p of people) timeline.push({ path: p.path, date: m.date, text: `Met in ${wikiLink(meetingPath, m.title)}` });
    for (const c of companies) {
      const mention = discussed.found.find((d) => d.path === c.path);
      const fact = !c.who.length && mention ? factAbout(discussed.body, [mention.name]) : null;
      timeline.push({ path: c.path, date: m.date, text: fact ? factLine(fact, meetingPath, m.title, 'Discussed in') : `Meeting ${wikiLink(meetingPath, m.title)}${c.who.length ? ` with ${c.who.join(', ')}` : ''}` });
    }
    for (const d of others) timeline.push({ path: d.path, date: m.date, text: factLine(factAbout(discussed.body, [d.name]), meetingPath, m.title, 'Discussed in') });
  }
  // Who was there: the listed attendees, or the people with pages the title names ("Call with Hedy Lamarr").
  const present = Math.max(m.attendees.length, people.length);
  const confidence = clamp(
    0.3 + (m.dateFound ? 0.2 : 0) + (present >= 2 ? 0.2 : present === 1 ? 0.1 : 0) + (m.decisions.length || m.actionItems.length ? 0.15 : 0) + (m.titleFound ? 0.1 : 0) + (m.attendees.some((a) => a.email) ? 0.05 : 0) + (companies.length || others.length ? 0.05 : 0),
  );
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-meeting',
      confidence,
      rationale: `Meeting "${m.title}" on ${m.date}${m.dateFound ? '' : ' (date not found; used the upload date)'}: ${people.length} attendee${people.length === 1 ? '' : 's'} with pages (${matched} matched, ${created} created${unlinked.length ? `, ${unlinked.length} named only` : ''}), ${companies.length} compan${companies.length === 1 ? 'y' : 'ies'}, ${others.length} other page${others.length === 1 ? '' : 's'} discussed, ${m.decisions.length} decision${m.decisions.length === 1 ? '' : 's'}, ${m.actionItems.length} action item${m.actionItems.length === 1 ? '' : 's'}.`,
      placement: { targetFolder: meetingsFolder, entityType: 'meeting', targetSlug: baseName(meetingPath) },
      pages,
      timeline,
      links: [],
    },
  };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A page's title (frontmatter `title`, else its file name). */
function titleOf(path: string, ctx: FilingContext): string {
  const md = ctx.lookup.read(path) ?? '';
  return /^title:\s*"?([^"\n]+?)"?\s*$/m.exec(md.split(/\n---/)[0] ?? '')?.[1] ?? baseName(path);
}

// ---------- ingest-doc

/** The page already filed for this document: same canonical link, or same provider item. */
function sameDocument(ref: SourceIdentity, ctx: FilingContext): string | null {
  if (ref.canonicalUrl) {
    const byUrl = ctx.lookup.findByField('canonicalUrl', ref.canonicalUrl, roots(ctx))[0];
    if (byUrl) return byUrl;
  }
  if (ref.provider && ref.providerItemId) {
    for (const path of ctx.lookup.findByField('providerItemId', ref.providerItemId, roots(ctx))) {
      if (/^provider:\s*"?([^"\n]+)"?\s*$/m.exec(ctx.lookup.read(path) ?? '')?.[1]?.trim() === ref.provider) return path;
    }
  }
  return null;
}

function planDocument(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const d = extractDocument(item.text, { filename: item.filename });
  const folder = folderFor('source', skill, ctx.scope, 'sources');
  if (!folder) return needsPartition('sources');
  const peopleFolder = folderFor('person', skill, ctx.scope, 'people');
  const resolver = resolverOf(ctx);
  const ref = item.sourceReference;
  const date = eventDate(item.text, 'document', { filename: item.filename, reference: dateOf(item.createdAt) })?.date ?? dateOf(item.createdAt);
  // A new version updates the page the earlier version was filed to, or the page with the same link.
  let existing: string | null = null;
  for (const p of item.previous?.filedPages ?? []) {
    if (inRoots(p, ctx) && ctx.lookup.read(p) != null && (folderOf(p) === folder || /^type:\s*source/m.test(ctx.lookup.read(p)!))) {
      existing = p;
      break;
    }
  }
  if (!existing && ref) existing = sameDocument(ref, ctx);
  const reach = reachMentions(item.text, resolver, existing ? [existing] : [], { dropPassing: true });
  // A company or project the text writes in lower case ("initech told us in June"); never a person's
  // first name, which a document's prose uses as a word far more often than a note does.
  for (const m of resolver.lowerCaseMentions(reach.body, { exclude: [...reach.found.map((f) => f.path), ...(existing ? [existing] : [])] })) {
    if (reach.found.length >= MAX_MENTIONS) break;
    if (!resolver.isPerson(m.path)) reach.found.push({ path: m.path, name: m.name, type: m.type });
  }
  // Its authors and signatories: the document is their work, so their pages get the line too.
  for (const a of documentAuthors(item.text, resolver)) {
    if (a.path !== existing && !reach.found.some((f) => f.path === a.path)) reach.found.push(a);
  }
  const identity: SourceIdentity = ref ?? { canonicalUrl: null, provider: null, providerItemId: null, version: null };
  const confidence = clamp(0.35 + (d.titleFound ? 0.15 : 0.05) + (d.summary ? 0.15 : 0) + (d.keyPoints.length ? 0.15 : 0) + (ref?.canonicalUrl ? 0.15 : 0) + (existing ? 0.1 : 0) + (reach.found.length ? 0.05 : 0));
  const today = ctx.today;
  if (existing) {
    const sections = sourceSections(d);
    const revision = item.previous ? summarizeRevision(item.previous.text, item.text) : null;
    const current = ctx.lookup.read(existing)!;
    const pages: PlannedPage[] = [
      {
        path: existing,
        action: 'set-frontmatter',
        frontmatter: { title: d.title, summary: sections.summary, ...(ref?.version ? { version: ref.version } : {}), ...(ref?.canonicalUrl ? { canonicalUrl: ref.canonicalUrl } : {}) },
      },
      /^#{1,6}\s+Key points\s*$/im.test(current)
        ? { path: existing, action: 'replace-section', section: 'Key points', content: sections.keyPoints }
        : { path: existing, action: 'append-section', section: 'Key points', content: sections.keyPoints },
    ];
    const versionText = ref?.version ? `version ${ref.version}` : 'a new version';
    // Only what changed reaches other pages: entities the new version names and the old one did not.
    const before = new Set(item.previous ? resolver.mentions(substantiveText(item.previous.text)).found.map((f) => f.path) : []);
    const added = reach.found.filter((f) => !before.has(f.path));
    const timeline: FilingPlan['timeline'] = [];
    if (skill.timeline) {
      timeline.push({ path: existing, date: today, text: revision ? `${revision.text.replace(/^Revised:/, `Revised (${versionText}):`)}` : `Filed ${versionText} of the document.` });
      for (const f of added) timeline.push({ path: f.path, date, text: factLine(factAbout(reach.body, [f.name]), existing, d.title, 'Named in') });
    }
    return {
      kind: 'plan',
      plan: {
        decision: 'file',
        skill: 'ingest-doc',
        confidence,
        rationale: `A new version of "${d.title}": updated ${existing} instead of creating a second page${revision ? ` (${revision.added} lines added, ${revision.removed} removed)` : ''}${added.length ? `; ${added.length} newly named page${added.length === 1 ? '' : 's'}` : ''}.`,
        placement: { targetFolder: folderOf(existing), entityType: 'source', targetSlug: baseName(existing) },
        pages,
        timeline,
        links: reach.found.map((x) => ({ from: existing!, to: x.path })),
      },
    };
  }
  const taken = new Set<string>();
  const path = freePath(folder, shortSlug(d.title, 60), ctx, taken);
  const pages: PlannedPage[] = [];
  const newPeople: Array<{ name: string; path: string }> = [];
  if (peopleFolder) {
    for (const p of introducedPeople(reach.body, resolver)) {
      if (newPeople.length >= 5) break;
      if (isServiceName(p.name)) continue;
      const personPath = freePath(peopleFolder, shortSlug(p.name), ctx, taken);
      pages.push({ path: personPath, action: 'create', markdown: renderPersonPage({ name: p.name, email: null, companyPath: p.company, role: p.role }) });
      newPeople.push({ name: p.name, path: personPath });
    }
  }
  const linked = [...reach.found.map((f) => ({ name: f.name, label: titleOf(f.path, ctx), path: f.path })), ...newPeople.map((p) => ({ ...p, label: p.name }))];
  const otherNames = reach.unknown.filter((n) => !newPeople.some((p) => p.name === n) && n !== d.title).slice(0, 15);
  pages.unshift({ path, action: 'create', markdown: renderSourcePage(d, identity, linked.map((l) => ({ name: l.name, path: l.path })), { filename: item.filename, itemId: item.id }, { date, otherNames }) });
  const timeline: FilingPlan['timeline'] = [];
  if (skill.timeline) {
    timeline.push({ path, date: today, text: `Filed${ref?.version ? ` version ${ref.version}` : ''} from \`${item.filename}\`.` });
    // The fact is read from the prose: a company's name on the letterhead says nothing about it.
    const prose = withoutLetterhead(reach.body);
    for (const f of linked) timeline.push({ path: f.path, date, text: factLine(factAbout(prose, [f.name], undefined, { proseFirst: true }), path, d.title, 'Named in') });
  }
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-doc',
      confidence,
      rationale: `Document "${d.title}"${ref?.canonicalUrl ? ` from ${ref.provider ?? 'the web'}` : ''} dated ${date}: ${d.keyPoints.length} key point${d.keyPoints.length === 1 ? '' : 's'}, ${reach.found.length} page${reach.found.length === 1 ? '' : 's'} it concerns${newPeople.length ? `, ${newPeople.length} new person page${newPeople.length === 1 ? '' : 's'}` : ''}.`,
      placement: { targetFolder: folder, entityType: 'source', targetSlug: baseName(path) },
      pages,
      timeline,
      links: [],
    },
  };
}

// ---------- ingest-conversation

/** At most this many days of a multi-day session get their own line on one page (beside the session's day). */
const MAX_LATER_DAYS = 3;
/** How far after a session's own day a later sitting may be when it is also after the upload. */
const LATER_SITTING_SPAN_DAYS = 31;

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return Number.isNaN(d.getTime()) ? day : d.toISOString().slice(0, 10);
}

function planConversation(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const c = extractConversation(item.text, { filename: item.filename, reference: dateOf(item.createdAt) });
  const folder = folderFor('note', skill, ctx.scope, 'notes');
  if (!folder) return needsPartition('notes');
  const resolver = resolverOf(ctx);
  const reach = reachMentions(c.text, resolver, []);
  // People type to assistants in lower case ("can you plan the atlas cut-over with linus"): a unique
  // first name, a project's title or a page's whole name count, never a common word.
  // A channel's name says what its thread is about ("#proj-orchard"): the pages it names count as well.
  for (const m of resolver.lowerCaseMentions(c.channel ? `${reach.body}\n${c.channel.toLowerCase()}` : reach.body, { exclude: reach.found.map((f) => f.path) })) {
    if (reach.found.length >= MAX_MENTIONS) break;
    reach.found.push({ path: m.path, name: m.name, type: m.type });
  }
  // The people who wrote in a thread (a Slack export, a pasted team chat) take part in what it decides.
  for (const p of c.participants) {
    if (reach.found.length >= MAX_MENTIONS || /^(?:User|Assistant|Note)$/.test(p)) continue;
    const hits = resolver.byName(p).filter((x) => resolver.isPerson(x));
    if (hits.length === 1 && !reach.found.some((f) => f.path === hits[0])) reach.found.push({ path: hits[0]!, name: p, type: resolver.typeOf(hits[0]!) ?? 'person' });
  }
  if (!reach.found.length) {
    const reason = reach.ambiguous.length
      ? `The conversation's attribution is ambiguous: ${reach.ambiguous.map((a) => `"${a.name}" could be ${a.paths.join(' or ')}`).join('; ')}. Add the full name or an alias that tells them apart, or file it by hand.`
      : `The conversation names no person, company or project that has a page in this brain, so its decisions and facts cannot be attributed to anyone; create the pages it is about and re-queue it, or file it by hand.`;
    return { kind: 'review', reason, plan: null };
  }
  const date = c.date ?? dateOf(item.createdAt);
  const path = freePath(folder, `${date}-${shortSlug(c.title, 50) || 'conversation'}`, ctx, new Set());
  const statements: Array<{ label: string; text: string }> = [
    ...c.decisions.map((t) => ({ label: 'Decided', text: t })),
    ...c.todos.map((t) => ({ label: 'To do', text: t })),
    ...c.facts.map((t) => ({ label: '', text: t })),
    ...c.openQuestions.map((t) => ({ label: 'Open question', text: t })),
  ];
  const timeline: FilingPlan['timeline'] = [];
  if (skill.timeline) {
    for (const f of reach.found) {
      const name = f.name.toLowerCase();
      const s = statements.find((x) => x.text.toLowerCase().includes(name));
      const fact = s ? statementLine(s.label, s.text) : factAbout(reach.body, [f.name]);
      timeline.push({ path: f.path, date, text: factLine(fact, path, c.title, 'Discussed in') });
      // A session held over several days: each later day it speaks of the page gets its own line, dated that day.
      const days = new Set([date]);
      for (const x of statements) {
        const day = c.laterDays.get(x.text);
        // A later sitting's day is on or before the upload, or (an export uploaded before the clock's day
        // it was written on, as imported test data are) within LATER_SITTING_SPAN_DAYS of the session's own
        // day: a "99" read as 2099 is neither.
        if (!day || (day > dateOf(item.createdAt) && day > plusDays(date, LATER_SITTING_SPAN_DAYS)) || days.has(day) || days.size > MAX_LATER_DAYS || !x.text.toLowerCase().includes(name)) continue;
        days.add(day);
        timeline.push({ path: f.path, date: day, text: factLine(statementLine(x.label, x.text), path, c.title, 'Discussed in') });
      }
    }
  }
  const substance = c.decisions.length + c.facts.length + c.openQuestions.length + c.todos.length;
  const attributed = reach.found.some((f) => statements.some((x) => x.text.toLowerCase().includes(f.name.toLowerCase())));
  const confidence = clamp(0.3 + Math.min(substance, 6) * 0.08 + (c.decisions.length ? 0.1 : 0) + (c.turns >= 4 ? 0.05 : 0) + Math.min(reach.found.length, 3) * 0.05 + (attributed ? 0.1 : 0));
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-conversation',
      confidence,
      rationale: `Conversation "${c.title}" (${c.turns} messages) on ${date}: ${c.decisions.length} decisions, ${c.facts.length} facts, ${c.todos.length} to-dos, ${c.openQuestions.length} open questions; attributed to ${reach.found.length} page${reach.found.length === 1 ? '' : 's'}${reach.ambiguous.length ? `; ${reach.ambiguous.length} ambiguous name${reach.ambiguous.length === 1 ? '' : 's'} left unattributed` : ''}.`,
      placement: { targetFolder: folder, entityType: 'note', targetSlug: baseName(path) },
      pages: [{ path, action: 'create', markdown: renderConversationNote(c, date, reach.found, { filename: item.filename, itemId: item.id }, { ambiguous: reach.ambiguous, otherNames: reach.unknown.slice(0, 15) }) }],
      timeline,
      links: [],
    },
  };
}

/** "Decided: …", "To do: …", "Open question: …" — without repeating a label the statement already has. */
function statementLine(label: string, text: string): string {
  const bare = text.replace(/^(?:(?:one|an|another) )?(?:open question|decision|to-?do|action(?: item)?)\s*:\s*/i, '');
  return `${label ? `${label}: ` : ''}${clip(bare, 180)}`;
}

// ---------- ingest (a note in the best folder)

function planNote(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const d = extractDocument(item.text, { filename: item.filename });
  const notesFolder = folderFor('note', skill, ctx.scope, 'notes');
  if (!notesFolder) return needsPartition('notes');
  const hint = acceptedHint(item.targetFolder, ctx.scope);
  const best = hint
    ? { folder: hint, entityType: ctx.schema.folders.find((f) => f.path === hint || hint.endsWith(`/${f.path}`))?.entityType ?? null, score: 10 }
    : bestFolderFor(item.text, ctx.scope, notesFolder);
  const dated = best.entityType === 'note' || best.entityType === 'journal' || best.folder === notesFolder;
  const date = dateOf(item.createdAt);
  const onDate = eventDate(item.text, 'note', { filename: item.filename, reference: date })?.date ?? date;
  const slug = dated ? `${date}-${shortSlug(d.title, 50) || 'note'}` : shortSlug(d.title, 60) || 'note';
  const path = freePath(best.folder, slug, ctx, new Set());
  const resolver = resolverOf(ctx);
  const reach = reachMentions(item.text, resolver, [], { dropPassing: true });
  // A note typed in lower case ("call marta kowalska re odra"): whole names, unique first names and projects count.
  for (const m of resolver.lowerCaseMentions(reach.body, { exclude: reach.found.map((f) => f.path) })) {
    if (reach.found.length >= MAX_MENTIONS) break;
    reach.found.push({ path: m.path, name: m.name, type: m.type });
  }
  const mentions = reach.found.map((f) => ({ ...f, name: titleOf(f.path, ctx), written: f.name }));
  const confidence = clamp(hint ? 0.8 : best.score > 0 ? 0.5 + Math.min(best.score, 8) * 0.03 : 0.55);
  const why = hint
    ? `the upload's folder hint ${item.targetFolder} names a schema folder`
    : best.score > 0
      ? `${best.folder} fits the content best`
      : `no folder fits better than ${notesFolder}`;
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest',
      confidence,
      rationale: `A note "${d.title}" in ${best.folder}: ${why}${item.targetFolder && !hint ? ` (the folder hint ${item.targetFolder} is not a schema folder, so it was ignored)` : ''}${mentions.length ? `; it concerns ${mentions.length} page${mentions.length === 1 ? '' : 's'}` : ''}.`,
      placement: { targetFolder: best.folder, entityType: best.entityType, targetSlug: baseName(path) },
      pages: [{ path, action: 'create', markdown: renderNote({ title: d.title, date, summary: d.summary, keyPoints: d.keyPoints, entityType: best.entityType }, mentions, { filename: item.filename, itemId: item.id }) }],
      timeline: skill.timeline ? mentions.map((f) => ({ path: f.path, date: onDate, text: factLine(factAbout(reach.body, [f.written]), path, d.title, 'Named in') })) : [],
      links: [],
    },
  };
}

/** A slug cut at a word boundary, so file names never end in half a word. */
export function shortSlug(text: string, max = 60): string {
  const full = pageSlug(text, 400);
  if (full.length <= max) return full;
  const cut = full.slice(0, max + 1);
  const dash = cut.lastIndexOf('-');
  return (dash > max / 2 ? cut.slice(0, dash) : full.slice(0, max)).replace(/-+$/, '');
}
