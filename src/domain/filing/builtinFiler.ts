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
import { extractMeeting, meetingSlug } from './meeting.js';
import { acceptedHint, allowedRoots, bestFolderFor, folderFor, type PlacementScope } from './placement.js';
import type { FilingPlan, PlannedPage } from './plan.js';
import { renderConversationNote, renderMeetingPage, renderNote, renderPersonPage, renderSourcePage, sourceSections, wikiLink, type LinkedPerson, type SourceIdentity } from './render.js';
import type { SkillDefinition } from './skillFile.js';
import { baseDomain, capitalisedNames } from './text.js';

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

/** Existing pages in scope that a name refers to: the resolver first, then titles and aliases. */
function findByName(name: string, ctx: FilingContext, underFolders: string[] | null): string | null {
  const folders = underFolders ?? roots(ctx);
  const accept = (path: string | null) => (path && inRoots(path, ctx) && folders.some((f) => path.startsWith(`${f}/`)) ? path : null);
  const resolved = accept(ctx.lookup.resolve(name));
  if (resolved) return resolved;
  return ctx.lookup.findByName(name, folders)[0] ?? null;
}

function findByEmail(email: string, ctx: FilingContext): string | null {
  return ctx.lookup.findByField('email', email, roots(ctx))[0] ?? ctx.lookup.findByField('emails', email, roots(ctx))[0] ?? null;
}

function findCompany(name: string, domain: string | null, ctx: FilingContext): string | null {
  if (domain) {
    const byDomain = ctx.lookup.findByField('domain', domain, roots(ctx))[0] ?? ctx.lookup.findByField('domains', domain, roots(ctx))[0];
    if (byDomain) return byDomain;
  }
  const companyFolders = ctx.schema.entityTypes.filter((t) => t.name === 'company' || t.name === 'client').map((t) => t.folder);
  const folders = companyFolders.filter((f) => !f.includes('<key>'));
  return findByName(name, ctx, folders.length ? folders : null);
}

/** Capitalised names in the text that resolve to pages in scope (not the page itself). */
function mentionedPages(text: string, ctx: FilingContext, exclude: Set<string>): Array<{ name: string; path: string }> {
  const out: Array<{ name: string; path: string }> = [];
  const seen = new Set(exclude);
  for (const name of capitalisedNames(text).slice(0, 60)) {
    // "Northwind Traders" also names the page "Northwind" when no page has the full name.
    const lead = name.split(' ')[0]!;
    const path = findByName(name, ctx, null) ?? (name.includes(' ') && lead.length >= 4 ? findByName(lead, ctx, null) : null);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    out.push({ name, path });
    if (out.length >= MAX_MENTIONS) break;
  }
  return out;
}

function clamp(n: number): number {
  return Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
}

// ---------- ingest-meeting

function planMeeting(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const m = extractMeeting(item.text, { filename: item.filename, fallbackDate: dateOf(item.createdAt) });
  const meetingsFolder = folderFor('meeting', skill, ctx.scope, 'meetings');
  const peopleFolder = folderFor('person', skill, ctx.scope, 'people');
  if (!meetingsFolder) return needsPartition('meetings');
  if (!peopleFolder) return needsPartition('people');
  const taken = new Set<string>();
  const meetingPath = freePath(meetingsFolder, meetingSlug(m), ctx, taken);
  const pages: PlannedPage[] = [];
  const timeline: FilingPlan['timeline'] = [];
  const people: LinkedPerson[] = [];
  let matched = 0;
  const companies = m.companies
    .map((c) => ({ name: c.name, path: findCompany(c.name, c.domain, ctx), domain: c.domain }))
    .filter((c): c is { name: string; path: string; domain: string } => c.path != null);

  for (const a of m.attendees) {
    let path = a.email ? findByEmail(a.email, ctx) : null;
    path ??= findByName(a.name, ctx, null);
    if (path && people.some((p) => p.path === path)) continue;
    if (path) {
      matched++;
      const existing = ctx.lookup.read(path) ?? '';
      if (a.email && !/^email\s*:/m.test(existing.split(/\n---/)[0] ?? '')) {
        pages.push({ path, action: 'set-frontmatter', frontmatter: { email: a.email } });
      }
    } else {
      path = freePath(peopleFolder, shortSlug(a.name) || shortSlug(a.email ?? '') || 'person', ctx, taken);
      const company = a.email ? companies.find((c) => a.email!.endsWith(`@${c.domain}`) || a.email!.endsWith(`.${c.domain}`)) : undefined;
      pages.push({ path, action: 'create', markdown: renderPersonPage({ name: a.name, email: a.email, companyPath: company?.path ?? null }) });
    }
    people.push({ name: a.name, email: a.email, path });
  }
  pages.unshift({
    path: meetingPath,
    action: 'create',
    markdown: renderMeetingPage(m, people, companies, { filename: item.filename, itemId: item.id }),
  });
  if (skill.timeline) {
    for (const p of people) timeline.push({ path: p.path, date: m.date, text: `Met in ${wikiLink(meetingPath, m.title)}` });
    for (const c of companies) {
      const who = people.filter((p) => p.email && (p.email.endsWith(`@${c.domain}`) || p.email.endsWith(`.${c.domain}`))).map((p) => p.name);
      timeline.push({ path: c.path, date: m.date, text: `Meeting ${wikiLink(meetingPath, m.title)}${who.length ? ` with ${who.join(', ')}` : ''}` });
    }
  }
  const confidence = clamp(
    0.3 + (m.dateFound ? 0.2 : 0) + (m.attendees.length >= 2 ? 0.2 : m.attendees.length === 1 ? 0.1 : 0) + (m.decisions.length || m.actionItems.length ? 0.15 : 0) + (m.titleFound ? 0.1 : 0) + (m.attendees.some((a) => a.email) ? 0.05 : 0),
  );
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-meeting',
      confidence,
      rationale: `Meeting "${m.title}" on ${m.date}${m.dateFound ? '' : ' (date not found; used the upload date)'}: ${people.length} attendee${people.length === 1 ? '' : 's'} (${matched} matched to existing pages, ${people.length - matched} created), ${m.decisions.length} decision${m.decisions.length === 1 ? '' : 's'}, ${m.actionItems.length} action item${m.actionItems.length === 1 ? '' : 's'}.`,
      placement: { targetFolder: meetingsFolder, entityType: 'meeting', targetSlug: baseName(meetingPath) },
      pages,
      timeline,
      links: [],
    },
  };
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
  const ref = item.sourceReference;
  // A new version updates the page the earlier version was filed to, or the page with the same link.
  let existing: string | null = null;
  for (const p of item.previous?.filedPages ?? []) {
    if (inRoots(p, ctx) && ctx.lookup.read(p) != null && (folderOf(p) === folder || /^type:\s*source/m.test(ctx.lookup.read(p)!))) {
      existing = p;
      break;
    }
  }
  if (!existing && ref) existing = sameDocument(ref, ctx);
  const mentions = mentionedPages(item.text, ctx, new Set(existing ? [existing] : []));
  const identity: SourceIdentity = ref ?? { canonicalUrl: null, provider: null, providerItemId: null, version: null };
  const confidence = clamp(0.35 + (d.titleFound ? 0.15 : 0.05) + (d.summary ? 0.15 : 0) + (d.keyPoints.length ? 0.15 : 0) + (ref?.canonicalUrl ? 0.15 : 0) + (existing ? 0.1 : 0));
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
    return {
      kind: 'plan',
      plan: {
        decision: 'file',
        skill: 'ingest-doc',
        confidence,
        rationale: `A new version of "${d.title}": updated ${existing} instead of creating a second page${revision ? ` (${revision.added} lines added, ${revision.removed} removed)` : ''}.`,
        placement: { targetFolder: folderOf(existing), entityType: 'source', targetSlug: baseName(existing) },
        pages,
        timeline: skill.timeline ? [{ path: existing, date: today, text: revision ? `${revision.text.replace(/^Revised:/, `Revised (${versionText}):`)}` : `Filed ${versionText} of the document.` }] : [],
        links: mentions.map((x) => ({ from: existing!, to: x.path })),
      },
    };
  }
  const taken = new Set<string>();
  const path = freePath(folder, shortSlug(d.title, 60), ctx, taken);
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-doc',
      confidence,
      rationale: `Document "${d.title}"${ref?.canonicalUrl ? ` from ${ref.provider ?? 'the web'}` : ''}: ${d.keyPoints.length} key point${d.keyPoints.length === 1 ? '' : 's'}, ${mentions.length} linked page${mentions.length === 1 ? '' : 's'}.`,
      placement: { targetFolder: folder, entityType: 'source', targetSlug: baseName(path) },
      pages: [{ path, action: 'create', markdown: renderSourcePage(d, identity, mentions, { filename: item.filename, itemId: item.id }) }],
      timeline: skill.timeline ? [{ path, date: today, text: `Filed${ref?.version ? ` version ${ref.version}` : ''} from \`${item.filename}\`.` }] : [],
      links: [],
    },
  };
}

// ---------- ingest-conversation

function planConversation(item: FilingItem, skill: SkillDefinition, ctx: FilingContext): BuiltinResult {
  const c = extractConversation(item.text, { filename: item.filename });
  const folder = folderFor('note', skill, ctx.scope, 'notes');
  if (!folder) return needsPartition('notes');
  const date = c.date ?? dateOf(item.createdAt);
  const path = freePath(folder, `${date}-${shortSlug(c.title, 50) || 'conversation'}`, ctx, new Set());
  const mentions: Array<{ name: string; path: string }> = [];
  for (const name of c.entities) {
    const p = findByName(name, ctx, null);
    if (p && !mentions.some((x) => x.path === p)) mentions.push({ name, path: p });
    if (mentions.length >= MAX_MENTIONS) break;
  }
  const substance = c.decisions.length + c.facts.length + c.openQuestions.length;
  const confidence = clamp(0.3 + Math.min(substance, 6) * 0.08 + (c.decisions.length ? 0.1 : 0) + (c.turns >= 4 ? 0.05 : 0));
  return {
    kind: 'plan',
    plan: {
      decision: 'file',
      skill: 'ingest-conversation',
      confidence,
      rationale: `Conversation "${c.title}" (${c.turns} messages): ${c.decisions.length} decisions, ${c.facts.length} facts, ${c.openQuestions.length} open questions; ${mentions.length} entit${mentions.length === 1 ? 'y' : 'ies'} with pages named.`,
      placement: { targetFolder: folder, entityType: 'note', targetSlug: baseName(path) },
      pages: [{ path, action: 'create', markdown: renderConversationNote(c, date, mentions, { filename: item.filename, itemId: item.id }) }],
      timeline: skill.timeline ? mentions.map((x) => ({ path: x.path, date, text: `Discussed in ${wikiLink(path, c.title)}` })) : [],
      links: [],
    },
  };
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
  const slug = dated ? `${date}-${shortSlug(d.title, 50) || 'note'}` : shortSlug(d.title, 60) || 'note';
  const path = freePath(best.folder, slug, ctx, new Set());
  const mentions = mentionedPages(item.text, ctx, new Set());
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
      rationale: `A note "${d.title}" in ${best.folder}: ${why}${item.targetFolder && !hint ? ` (the folder hint ${item.targetFolder} is not a schema folder, so it was ignored)` : ''}.`,
      placement: { targetFolder: best.folder, entityType: best.entityType, targetSlug: baseName(path) },
      pages: [{ path, action: 'create', markdown: renderNote({ title: d.title, date, summary: d.summary, keyPoints: d.keyPoints, entityType: best.entityType }, mentions, { filename: item.filename, itemId: item.id }) }],
      timeline: [],
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
