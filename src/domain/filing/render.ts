// Page rendering for the built-in filer: meeting pages, source pages (with canonical URL and
// provider frontmatter), dated notes and person pages. Frontmatter goes through the same
// YAML writer as page patches; links are `[[path/without-ext|Label]]`.
import { setFrontmatterKeys } from '../frontmatter.js';
import type { ActionItem, MeetingExtract } from './meeting.js';
import type { DocumentExtract } from './document.js';
import type { ConversationExtract } from './conversation.js';

export function wikiLink(path: string, label?: string | null): string {
  const target = path.replace(/\.md$/, '');
  return label ? `[[${target}|${label}]]` : `[[${target}]]`;
}

function page(frontmatter: Record<string, unknown>, body: string[]): string {
  const text = body.filter((b, i) => !(b === '' && body[i - 1] === '')).join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  const values = Object.fromEntries(Object.entries(frontmatter).filter(([, v]) => v != null && !(Array.isArray(v) && v.length === 0)));
  return setFrontmatterKeys(text, values);
}

function list(items: string[], empty: string): string[] {
  return items.length ? items.map((i) => `- ${i}`) : [`_${empty}_`];
}

export function renderActionItem(a: ActionItem, ownerLink: string | null): string {
  const owner = ownerLink ?? a.owner;
  return `[ ] ${owner ? `${owner}: ` : ''}${a.task}${a.due ? ` (due ${a.due})` : ''}`;
}

export interface LinkedPerson {
  name: string;
  email: string | null;
  path: string;
}

export function renderMeetingPage(
  m: MeetingExtract,
  people: LinkedPerson[],
  companies: Array<{ name: string; path: string }>,
  source: { filename: string; itemId: string },
  extra: { discussed?: Array<{ name: string; path: string }>; unlinked?: string[]; otherNames?: string[] } = {},
): string {
  const linkOf = (name: string | null): string | null => {
    if (!name) return null;
    const p = people.find((x) => x.name.toLowerCase() === name.toLowerCase() || x.name.toLowerCase().split(' ')[0] === name.toLowerCase());
    return p ? wikiLink(p.path, p.name) : null;
  };
  return page(
    { title: m.title, date: m.date, attendees: people.map((p) => wikiLink(p.path)), type: 'meeting' },
    [
      `# ${m.title}`,
      '',
      m.summary,
      '',
      '## Attendees',
      '',
      ...list([...people.map((p) => `${wikiLink(p.path, p.name)}${p.email ? ` (${p.email})` : ''}`), ...(extra.unlinked ?? [])], 'No attendees recorded.'),
      ...(companies.length ? ['', '## Organisations', '', ...companies.map((c) => `- ${wikiLink(c.path, c.name)}`)] : []),
      ...(extra.discussed?.length ? ['', '## Discussed', '', ...extra.discussed.map((d) => `- ${wikiLink(d.path, d.name)}`)] : []),
      ...(extra.otherNames?.length ? ['', '## Other names', '', ...extra.otherNames.map((n) => `- ${n}`)] : []),
      '',
      '## Decisions',
      '',
      ...list(m.decisions, 'No decisions recorded.'),
      '',
      '## Action items',
      '',
      ...list(m.actionItems.map((a) => renderActionItem(a, linkOf(a.owner))), 'No action items recorded.'),
      '',
      '## Source',
      '',
      `Filed from inbox item \`${source.filename}\` (${source.itemId}).`,
    ],
  );
}

export interface SourceIdentity {
  canonicalUrl: string | null;
  provider: string | null;
  providerItemId: string | null;
  version: string | null;
}

export function renderSourcePage(
  d: DocumentExtract,
  ref: SourceIdentity,
  mentions: Array<{ name: string; path: string }>,
  source: { filename: string; itemId: string },
  extra: { date?: string | null; otherNames?: string[] } = {},
): string {
  return page(
    { title: d.title, type: 'source', date: extra.date ?? null, canonicalUrl: ref.canonicalUrl, provider: ref.provider, providerItemId: ref.providerItemId, version: ref.version },
    [
      `# ${d.title}`,
      '',
      d.summary,
      '',
      ...(ref.canonicalUrl ? [`Canonical link: <${ref.canonicalUrl}>${ref.provider ? ` (${ref.provider})` : ''}`, ''] : []),
      '## Key points',
      '',
      ...list(d.keyPoints, 'No key points extracted.'),
      ...(mentions.length ? ['', '## Mentions', '', ...mentions.map((x) => `- ${wikiLink(x.path, x.name)}`)] : []),
      ...(extra.otherNames?.length ? ['', '## Other names', '', ...extra.otherNames.map((n) => `- ${n}`)] : []),
      '',
      '## Source',
      '',
      `Filed from inbox item \`${source.filename}\` (${source.itemId}).`,
    ],
  );
}

/** The body sections a new version of a document refreshes on its existing page. */
export function sourceSections(d: DocumentExtract): { summary: string; keyPoints: string } {
  return { summary: d.summary, keyPoints: list(d.keyPoints, 'No key points extracted.').join('\n') };
}

export function renderConversationNote(
  c: ConversationExtract,
  date: string,
  mentions: Array<{ name: string; path: string }>,
  source: { filename: string; itemId: string },
  extra: { ambiguous?: Array<{ name: string; paths: string[] }>; otherNames?: string[] } = {},
): string {
  return page(
    { title: c.title, date, type: 'note', participants: c.participants },
    [
      `# ${c.title}`,
      '',
      `Conversation on ${date}${c.participants.length ? ` between ${c.participants.join(', ')}` : ''} (${c.turns} message${c.turns === 1 ? '' : 's'}): ${c.decisions.length} decision${c.decisions.length === 1 ? '' : 's'}, ${c.facts.length} fact${c.facts.length === 1 ? '' : 's'} and ${c.openQuestions.length} open question${c.openQuestions.length === 1 ? '' : 's'}.`,
      '',
      '## Decisions',
      '',
      ...list(c.decisions, 'None.'),
      '',
      '## Facts',
      '',
      ...list(c.facts, 'None.'),
      '',
      '## Open questions',
      '',
      ...list(c.openQuestions, 'None.'),
      ...(c.todos.length ? ['', '## To-dos', '', ...c.todos.map((t) => `- [ ] ${t}`)] : []),
      ...(mentions.length ? ['', '## Mentions', '', ...mentions.map((x) => `- ${wikiLink(x.path, x.name)}`)] : []),
      ...(extra.ambiguous?.length ? ['', '## Not attributed', '', ...extra.ambiguous.map((a) => `- "${a.name}" could be ${a.paths.map((p) => wikiLink(p)).join(' or ')}`)] : []),
      ...(extra.otherNames?.length ? ['', '## Other names', '', ...extra.otherNames.map((n) => `- ${n}`)] : []),
      '',
      '## Source',
      '',
      `Filed from inbox item \`${source.filename}\` (${source.itemId}).`,
    ],
  );
}

export function renderNote(
  n: { title: string; date: string; summary: string; keyPoints: string[]; entityType: string | null },
  mentions: Array<{ name: string; path: string }>,
  source: { filename: string; itemId: string },
): string {
  return page(
    { title: n.title, date: n.date, type: n.entityType },
    [
      `# ${n.title}`,
      '',
      n.summary,
      ...(n.keyPoints.length ? ['', '## Key points', '', ...n.keyPoints.map((k) => `- ${k}`)] : []),
      ...(mentions.length ? ['', '## Mentions', '', ...mentions.map((x) => `- ${wikiLink(x.path, x.name)}`)] : []),
      '',
      '## Source',
      '',
      `Filed from inbox item \`${source.filename}\` (${source.itemId}).`,
    ],
  );
}

export function renderPersonPage(p: { name: string; email: string | null; companyPath: string | null; role?: string | null }): string {
  return page(
    { title: p.name, email: p.email, company: p.companyPath ? wikiLink(p.companyPath) : null, role: p.role ?? null, type: 'person' },
    [`# ${p.name}`, '', `${p.name}${p.email ? ` <${p.email}>` : ''}${p.role ? `, ${p.role}` : ''}${p.companyPath ? `${p.role ? ' at' : ', of'} ${wikiLink(p.companyPath)}` : ''}.`, '', '## Timeline', ''],
  );
}
