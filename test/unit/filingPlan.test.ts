import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { planBuiltin, type BrainLookup, type FilingContext, type FilingItem } from '../../src/domain/filing/builtinFiler.js';
import { applyPlan, checkPlan, validatePlan, InvalidPlanError, type ApplyResult, type FilingPlan, type PlanApplication } from '../../src/domain/filing/plan.js';
import { allowedRoots, acceptedHint, folderFor } from '../../src/domain/filing/placement.js';
import { parseSkillFile } from '../../src/domain/filing/skillFile.js';
import { parsePage } from '../../src/domain/markdown.js';
import { readTimeline } from '../../src/domain/timeline.js';
import { SKILLS, type SkillName } from '../../src/domain/skills.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const fixture = (name: string) => fs.readFileSync(path.join('test/fixtures/filing', name), 'utf8');

function context(template: string, pages: Record<string, string>, partitionKey: string | null = null): FilingContext & { pages: Map<string, string> } {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, template, 'schema.json'), 'utf8'));
  const skills = Object.fromEntries(
    SKILLS.map((n) => [n, parseSkillFile(n, fs.readFileSync(path.join(TEMPLATES_DIR, template, 'skills', `${n}.md`), 'utf8'))]),
  ) as FilingContext['skills'];
  const map = new Map(Object.entries(pages));
  const under = (roots: string[]) =>
    [...map].filter(([p]) => roots.some((r) => r === '' || p.startsWith(`${r}/`))).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const lookup: BrainLookup = {
    read: (p) => map.get(p) ?? null,
    findByField: (key, value, roots) => under(roots).filter((p) => listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase())).map((p) => p.path),
    findByName: (name, roots) =>
      under(roots).filter((p) => p.title.toLowerCase() === name.toLowerCase() || listOf(p.frontmatter.aliases).some((a) => a.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    resolve: () => null,
  };
  const partitionRoot = partitionKey && schema.partitionFolder ? `${schema.partitionFolder}/${partitionKey}` : null;
  return { schema, skills, scope: { schema, partitionKey, partitionRoot }, lookup, today: '2026-03-10', pages: map };
}

function item(name: string, extra: Partial<FilingItem> = {}): FilingItem {
  return { id: 'item-1', filename: name, text: fixture(name), contentType: 'text/plain', targetFolder: null, partition: null, sourceReference: null, createdAt: '2026-03-09T10:00:00Z', previous: null, ...extra };
}

/** The result of a plan that applies; fails the test with the reason when it does not. */
function applies(application: PlanApplication): ApplyResult {
  assert.ok(application.ok, application.ok ? '' : application.reason);
  return application.result;
}

/** The reason a plan does not apply; fails the test when it does. */
function refusal(application: PlanApplication): string {
  assert.equal(application.ok, false, 'the plan applied');
  return application.ok ? '' : application.reason;
}

function applied(ctx: ReturnType<typeof context>, plan: FilingPlan): Map<string, string> {
  const roots = allowedRoots(ctx.scope, Object.values(ctx.skills));
  const valid = validatePlan(plan, { allowedRoots: roots });
  const out = applies(applyPlan(valid, (p) => ctx.pages.get(p) ?? null, ctx.today));
  for (const [p, md] of out.files) ctx.pages.set(p, md);
  return out.files;
}

describe('filing domain: the built-in filer', () => {
  it('ingest-meeting: meeting page, attendees matched by e-mail or created, timeline lines on people and companies', () => {
    const ctx = context('default', {
      'people/ada.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\n---\n# Ada Lovelace\n',
      'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n',
    });
    const r = planBuiltin(item('meeting-acme-kickoff.txt'), 'ingest-meeting', ctx);
    assert.equal(r.kind, 'plan');
    const plan = r.plan!;
    assert.deepEqual(plan.placement, { targetFolder: 'meetings', entityType: 'meeting', targetSlug: '2026-03-04-acme-onboarding-kickoff' });
    assert.ok(plan.confidence >= 0.9);
    const files = applied(ctx, plan);
    assert.deepEqual([...files.keys()].sort(), ['companies/acme.md', 'meetings/2026-03-04-acme-onboarding-kickoff.md', 'people/ada.md', 'people/grace-hopper.md', 'people/linus-berg.md']);
    const meeting = files.get('meetings/2026-03-04-acme-onboarding-kickoff.md')!;
    const fm = parsePage('m.md', meeting).frontmatter;
    assert.equal(fm.date, '2026-03-04');
    assert.deepEqual(fm.attendees, ['[[people/ada]]', '[[people/grace-hopper]]', '[[people/linus-berg]]']);
    assert.match(meeting, /## Decisions\n\n- Then we agreed to import the product pages/);
    assert.match(meeting, /- \[ \] \[\[people\/grace-hopper\|Grace Hopper\]\]: share the Confluence export \(due 2026-03-11\)/);
    assert.deepEqual(readTimeline(files.get('people/ada.md')!), [{ date: '2026-03-04', text: 'Met in [[meetings/2026-03-04-acme-onboarding-kickoff|Acme onboarding kickoff]]' }]);
    assert.equal(parsePage('p.md', files.get('people/grace-hopper.md')!).frontmatter.email, 'grace.hopper@acme.com');
    assert.equal(parsePage('p.md', files.get('people/grace-hopper.md')!).frontmatter.company, '[[companies/acme]]');
    assert.match(readTimeline(files.get('companies/acme.md')!)[0]!.text, /with Ada Lovelace, Grace Hopper$/);
  });

  it('ingest-meeting: a mailbox or service sender ("IT Service Desk", noreply@) never becomes a person page', () => {
    const ctx = context('default', { 'companies/acme.md': '---\ntitle: Acme\ndomain: acme.com\n---\n# Acme\n' });
    const text = 'From: IT Service Desk <it-support@acme.com>\nTo: Tom Roe <tom@acme.com>\nCc: Acme Notifications <noreply@acme.com>\nSubject: Laptop handover meeting\n\nWhen: 2026-03-12\nAttendees: Tom Roe <tom@acme.com>, IT Service Desk <it-support@acme.com>\n\nWe agreed to hand over the new laptop on Thursday.\n';
    const r = planBuiltin({ ...item('meeting-acme-kickoff.txt'), filename: 'handover.txt', text }, 'ingest-meeting', ctx);
    assert.equal(r.kind, 'plan');
    const created = r.plan!.pages.filter((p) => p.action === 'create').map((p) => p.path);
    assert.ok(created.includes('people/tom-roe.md'), created.join(', '));
    assert.ok(!created.some((p) => /service-desk|notifications|noreply/.test(p)), created.join(', '));
  });

  it('ingest-meeting: an undated call with one known person the title names is confident enough to file', () => {
    const ctx = context('default', {
      'people/hedy-lamarr.md': '---\ntitle: Hedy Lamarr\ncompany: "[[companies/northwind]]"\n---\n# Hedy Lamarr\n',
      'companies/northwind.md': '---\ntitle: Northwind Traders\naliases: [Northwind]\n---\n# Northwind Traders\n',
    });
    const text = "Call with Hedy Lamarr (Northwind)\n\n- Northwind's Q3 volumes are up 18%.\n- Hedy wants a quote for two more scanners.\n";
    const r = planBuiltin({ ...item('meeting-acme-kickoff.txt'), filename: 'call notes.txt', text }, 'ingest-meeting', ctx);
    assert.equal(r.kind, 'plan');
    assert.ok(r.plan!.confidence >= 0.4, String(r.plan!.confidence));
    assert.ok(r.plan!.timeline.some((t) => t.path === 'people/hedy-lamarr.md'));
  });

  it('ingest-meeting: a hurried note\'s lower-case attendees and project reach their pages and the attendees\' companies', () => {
    const ctx = context('default', {
      'people/grace-hopper.md': '---\ntitle: Grace Hopper\ncompany: "[[companies/globex]]"\n---\n# Grace Hopper\n',
      'people/linus-berg.md': '---\ntitle: Linus Berg\ncompany: "[[companies/initech]]"\n---\n# Linus Berg\n',
      'companies/globex.md': '---\ntitle: Globex\n---\n# Globex\n',
      'companies/initech.md': '---\ntitle: Initech\n---\n# Initech\n',
      'projects/falcon.md': '---\ntitle: Falcon\n---\n# Falcon\n',
    });
    // The service's lookup answers first names (FilingNames); this one by page titles.
    const findByFirstName = (first: string) => [...ctx.pages.keys()].filter((p) => p.startsWith('people/') && parsePage(p, ctx.pages.get(p)!).title.toLowerCase().startsWith(`${first.toLowerCase()} `));
    const text = 'falcon sync 2026-03-12\nw/ grace, linus\n\n- load test ok\n- grace will send the creds\n';
    const r = planBuiltin({ ...item('meeting-acme-kickoff.txt'), filename: 'falcon sync.md', text }, 'ingest-meeting', { ...ctx, lookup: { ...ctx.lookup, findByFirstName } });
    assert.equal(r.kind, 'plan');
    const touched = new Set(r.plan!.timeline.map((t) => t.path));
    for (const p of ['people/grace-hopper.md', 'people/linus-berg.md', 'companies/globex.md', 'companies/initech.md', 'projects/falcon.md']) assert.ok(touched.has(p), `${p} in ${[...touched].join(', ')}`);
    assert.ok(r.plan!.timeline.some((t) => t.path === 'people/grace-hopper.md' && /^Met in/.test(t.text)));
  });

  it('ingest-meeting in an agency brain without a partition goes to review; with one, only under the partition', () => {
    const none = planBuiltin(item('meeting-acme-kickoff.txt'), 'ingest-meeting', context('agency', {}));
    assert.equal(none.kind, 'review');
    const ctx = context('agency', { 'team/linus.md': '---\ntitle: Linus Berg\nemail: linus@brainkeep.dev\n---\n' }, 'acme');
    const r = planBuiltin(item('meeting-acme-kickoff.txt', { partition: 'acme' }), 'ingest-meeting', ctx);
    const files = applied(ctx, r.plan!);
    for (const p of files.keys()) assert.ok(p.startsWith('clients/acme/'), p);
    assert.ok(files.has('clients/acme/people/linus-berg.md'), 'team/ is outside the partition, so the partition gets its own page');
  });

  it('ingest-doc: a source page with canonical URL and provider; a new version updates the same page with a revision line', () => {
    const ctx = context('default', { 'companies/northwind.md': '---\ntitle: Northwind Traders\n---\n# Northwind Traders\n' });
    const ref = { canonicalUrl: 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit', provider: 'gdrive', providerItemId: '1AbCdEfGhIjKlMnOp', version: '1' };
    const first = planBuiltin(item('doc-brief-v1.md', { sourceReference: ref }), 'ingest-doc', ctx);
    const files1 = applied(ctx, first.plan!);
    const pagePath = 'sources/northwind-website-relaunch-brief.md';
    assert.ok(files1.has(pagePath));
    const fm = parsePage(pagePath, files1.get(pagePath)!).frontmatter;
    assert.equal(fm.canonicalUrl, ref.canonicalUrl);
    assert.equal(fm.provider, 'gdrive');
    assert.match(files1.get(pagePath)!, /\[\[companies\/northwind\|Northwind Traders\]\]/);
    const second = planBuiltin(
      item('doc-brief-v2.md', { id: 'item-2', sourceReference: { ...ref, version: '2' }, previous: { text: fixture('doc-brief-v1.md'), filedPages: [pagePath] } }),
      'ingest-doc',
      ctx,
    );
    assert.equal(second.plan!.placement.targetSlug, 'northwind-website-relaunch-brief');
    const files2 = applied(ctx, second.plan!);
    assert.deepEqual([...files2.keys()], [pagePath]);
    const md = files2.get(pagePath)!;
    assert.equal(parsePage(pagePath, md).frontmatter.version, '2');
    assert.match(md, /Budget is €120k/);
    assert.doesNotMatch(md, /Budget is €80k/);
    const tl = readTimeline(md);
    assert.equal(tl[0]!.date, '2026-03-10');
    assert.match(tl[0]!.text, /^Revised \(version 2\): 3 lines added, 2 removed/);
  });

  it('ingest-conversation: a dated note with decisions, facts, open questions, timeline lines on named entities', () => {
    const ctx = context('default', { 'companies/northwind.md': '---\ntitle: Northwind\n---\n# Northwind\n' });
    const r = planBuiltin(item('session-transcript.json'), 'ingest-conversation', ctx);
    const files = applied(ctx, r.plan!);
    const note = [...files.keys()].find((p) => p.startsWith('notes/'))!;
    assert.equal(note, 'notes/2026-03-05-the-nightly-invoice-job-in-the-billing-service.md');
    const md = files.get(note)!;
    for (const h of ['## Decisions', '## Facts', '## Open questions']) assert.ok(md.includes(h));
    // The line carries the statement about Northwind and links the session's page.
    const line = readTimeline(files.get('companies/northwind.md')!)[0]!;
    assert.equal(line.date, '2026-03-05');
    assert.match(line.text, /Northwind.*\(\[\[notes\/2026-03-05-the-nightly-invoice-job-in-the-billing-service\|/);
  });

  it('ingest: the folder hint is used only when it names a schema folder', () => {
    const ctx = context('default', {});
    const hinted = planBuiltin(item('note-pricing.txt', { targetFolder: 'concepts' }), 'ingest', ctx);
    assert.equal(hinted.plan!.placement.targetFolder, 'concepts');
    const ignored = planBuiltin(item('note-pricing.txt', { targetFolder: 'secret/elsewhere' }), 'ingest', ctx);
    assert.equal(ignored.plan!.placement.targetFolder, 'notes');
    assert.match(ignored.plan!.rationale, /not a schema folder/);
    assert.equal(acceptedHint('../etc', ctx.scope), null);
  });

  it('folders: skill folders first, schema folders for other types, none when a partition is needed', () => {
    const agency = context('agency', {});
    assert.equal(folderFor('person', agency.skills['ingest-meeting'], agency.scope, 'people'), 'team');
    assert.equal(folderFor('meeting', agency.skills['ingest-meeting'], agency.scope, 'meetings'), null);
    assert.deepEqual(allowedRoots(context('agency', {}, 'acme').scope, []), ['clients/acme']);
  });
});

describe('filing domain: plan validation and application', () => {
  const basePlan = (extra: Partial<FilingPlan> = {}): FilingPlan => ({
    decision: 'file',
    skill: 'ingest',
    confidence: 0.7,
    rationale: 'x',
    placement: { targetFolder: 'notes', entityType: 'note', targetSlug: 'a' },
    pages: [{ path: 'notes/a', action: 'create', markdown: '# A\n' }],
    timeline: [],
    links: [],
    ...extra,
  });

  it('normalizes paths and refuses .brain/, traversal and folders outside the allowed roots', () => {
    assert.equal(validatePlan(basePlan(), { allowedRoots: ['notes'] }).pages[0]!.path, 'notes/a.md');
    assert.throws(() => validatePlan(basePlan({ pages: [{ path: '.brain/skills/ingest.md', action: 'create', markdown: 'x' }] }), { allowedRoots: ['notes'] }), /under \.brain/);
    assert.throws(() => validatePlan(basePlan({ pages: [{ path: 'notes/../x', action: 'create', markdown: 'x' }] }), { allowedRoots: ['notes'] }), InvalidPlanError);
    assert.throws(() => validatePlan(basePlan({ pages: [{ path: 'people/x', action: 'create', markdown: 'x' }] }), { allowedRoots: ['notes'] }), /outside the folders/);
    assert.throws(() => validatePlan({ ...basePlan(), confidence: 3 }, { allowedRoots: ['notes'] }), /confidence/);
    assert.throws(() => validatePlan({ ...basePlan(), extra: 1 }, { allowedRoots: ['notes'] }), /unknown property 'extra'/);
    assert.throws(() => validatePlan(basePlan({ decision: 'skip' }), { allowedRoots: ['notes'] }), /needs a reason/);
  });

  it('answers a refused plan as a reason, not an exception (the LLM filer sends the item to review)', () => {
    const outside = checkPlan(basePlan({ pages: [{ path: 'people/x', action: 'create', markdown: 'x' }] }), { allowedRoots: ['notes'] });
    assert.equal(outside.ok, false);
    assert.match(outside.ok ? '' : outside.reason, /^The filing plan is not valid: page people\/x\.md is outside the folders/);
    const shapeless = checkPlan({ ...basePlan(), confidence: 3 }, { allowedRoots: ['notes'] });
    assert.equal(shapeless.ok, false);
    assert.match(shapeless.ok ? '' : shapeless.reason, /^Invalid filing plan: .*confidence/);
    const fine = checkPlan(basePlan(), { allowedRoots: ['notes'] });
    assert.equal(fine.ok && fine.plan.pages[0]!.path, 'notes/a.md');
  });

  it('applies creates, section patches, links (once) and timeline lines (once)', () => {
    const pages = new Map([['notes/b.md', '# B\n\n## Log\n\n- one\n']]);
    const plan = validatePlan(
      basePlan({
        pages: [
          { path: 'notes/a', action: 'create', markdown: '# A' },
          { path: 'notes/b', action: 'append-section', section: 'Log', content: '- two' },
        ],
        links: [{ from: 'notes/b', to: 'notes/a' }],
        timeline: [{ path: 'notes/b', date: '2026-01-02', text: 'Linked A' }],
      }),
      { allowedRoots: ['notes'] },
    );
    const out = applies(applyPlan(plan, (p) => pages.get(p) ?? null, '2026-01-05'));
    assert.deepEqual(out.created, ['notes/a.md']);
    assert.equal(out.files.get('notes/b.md'), '# B\n\n## Log\n\n- one\n\n- two\n\n## Related\n\n- [[notes/a]]\n\n## Timeline\n\n- 2026-01-02: Linked A\n');
    for (const [p, md] of out.files) pages.set(p, md);
    const again = applies(applyPlan(validatePlan(basePlan({ pages: [], decision: 'file', links: [{ from: 'notes/b', to: 'notes/a' }], timeline: [{ path: 'notes/b', date: '2026-01-02', text: 'Linked A' }] }), { allowedRoots: [''] }), (p) => pages.get(p) ?? null, '2026-01-05'));
    assert.equal(again.files.size, 0);
  });

  it('refuses to create an existing page, patch a missing one, or link to nothing', () => {
    const read = (p: string) => (p === 'notes/a.md' ? '# A\n' : null);
    assert.match(refusal(applyPlan(validatePlan(basePlan(), { allowedRoots: ['notes'] }), read, '2026-01-01')), /^The filing plan cannot be applied: .*already exists/);
    assert.match(
      refusal(applyPlan(validatePlan(basePlan({ pages: [{ path: 'notes/z', action: 'append-section', section: 'X', content: 'y' }] }), { allowedRoots: ['notes'] }), read, '2026-01-01')),
      /does not exist/,
    );
    assert.match(
      refusal(applyPlan(validatePlan(basePlan({ pages: [{ path: 'notes/n', action: 'create', markdown: '# N' }], links: [{ from: 'notes/n', to: 'notes/ghost' }] }), { allowedRoots: ['notes'] }), read, '2026-01-01')),
      /link target notes\/ghost\.md does not exist/,
    );
  });
});

export type { SkillName };
