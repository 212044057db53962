// The filing plan: what one inbox item does to a brain. The built-in filer and the LLM filer
// both produce this shape; one validator (ajv + path rules) and one applier turn it into page
// contents, so both filers obey the same rules. Applying is pure: it reads current pages
// through a callback and returns the new file contents.
import { NotFoundError } from '../errors.js';
import { extractLinks } from '../links.js';
import { applyPatch } from '../markdownPatch.js';
import { normalizePagePath, isBrainConfigPath } from '../paths.js';
import { addTimelineEntry } from '../timeline.js';
import { check, S, type JsonSchema } from '../validate.js';
import { SKILLS, type SkillName } from '../skills.js';
import { ValidationError } from '../errors.js';

export interface Placement {
  targetFolder: string;
  entityType: string | null;
  targetSlug: string;
}

export type PlannedPage =
  | { path: string; action: 'create'; markdown: string }
  | { path: string; action: 'replace'; markdown: string }
  | { path: string; action: 'append-section'; section: string; content: string }
  | { path: string; action: 'replace-section'; section: string; content: string }
  | { path: string; action: 'set-frontmatter'; frontmatter: Record<string, unknown> };

export interface FilingPlan {
  decision: 'file' | 'skip';
  /** Why an item is skipped (not worth filing), shown in the review queue. */
  reason?: string;
  skill: SkillName;
  confidence: number;
  rationale: string;
  placement: Placement;
  pages: PlannedPage[];
  timeline: Array<{ path: string; date?: string; text: string }>;
  links: Array<{ from: string; to: string }>;
}

const pageSchema: JsonSchema = {
  oneOf: [
    S.object({ path: S.string({ minLength: 1 }), action: { enum: ['create', 'replace'] }, markdown: S.string({ minLength: 1 }) }, ['path', 'action', 'markdown']),
    S.object(
      { path: S.string({ minLength: 1 }), action: { enum: ['append-section', 'replace-section'] }, section: S.string({ minLength: 1 }), content: S.string() },
      ['path', 'action', 'section', 'content'],
    ),
    S.object({ path: S.string({ minLength: 1 }), action: { const: 'set-frontmatter' }, frontmatter: { type: 'object' } }, ['path', 'action', 'frontmatter']),
  ],
};

/** The JSON Schema of a plan; the LLM filer is shown it and its answers are checked against it. */
export const filingPlanSchema: JsonSchema = S.object(
  {
    decision: { enum: ['file', 'skip'] },
    reason: S.string(),
    skill: { enum: [...SKILLS] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    rationale: S.string(),
    placement: S.object(
      { targetFolder: S.string(), entityType: S.nullableString(), targetSlug: S.string() },
      ['targetFolder', 'targetSlug'],
    ),
    pages: S.array(pageSchema, { maxItems: 50 }),
    timeline: S.array(
      S.object({ path: S.string({ minLength: 1 }), date: S.string({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), text: S.string({ minLength: 1 }) }, ['path', 'text']),
      { maxItems: 100 },
    ),
    links: S.array(S.object({ from: S.string({ minLength: 1 }), to: S.string({ minLength: 1 }) }, ['from', 'to']), { maxItems: 200 }),
  },
  ['decision', 'skill', 'confidence', 'rationale', 'placement', 'pages', 'timeline', 'links'],
);

export class InvalidPlanError extends ValidationError {}

/** A plan that passed the checks, or why not (an LLM's refused plan sends its item to review). */
export type PlanCheck = { ok: true; plan: FilingPlan } | { ok: false; reason: string };

/** `checkPlan` for a plan that must be valid (the built-in filer's): throws InvalidPlanError. */
export function validatePlan(value: unknown, rules: { allowedRoots: string[] }): FilingPlan {
  const checked = checkPlan(value, rules);
  if (!checked.ok) throw new InvalidPlanError(checked.reason);
  return checked.plan;
}

/** Schema check (ajv) plus the path rules, with every problem named in the reason. */
export function checkPlan(value: unknown, rules: { allowedRoots: string[] }): PlanCheck {
  const shaped = check<FilingPlan>(filingPlanSchema, value, 'filing plan');
  if (!shaped.ok) return { ok: false, reason: shaped.detail };
  const plan = shaped.value;
  const problems: string[] = [];
  const norm = (p: string, what: string): string | null => {
    try {
      const path = normalizePagePath(p);
      if (isBrainConfigPath(path)) {
        problems.push(`${what} ${p} is under .brain/`);
        return null;
      }
      return path;
    } catch (e) {
      problems.push(`${what} ${p}: ${(e as Error).message}`);
      return null;
    }
  };
  const inRoots = (path: string) => rules.allowedRoots.some((r) => r === '' || path.startsWith(`${r}/`));
  const pages = plan.pages.map((p) => {
    const path = norm(p.path, 'page');
    if (path && !inRoots(path)) problems.push(`page ${path} is outside the folders this item may file to (${rules.allowedRoots.join(', ')})`);
    return { ...p, path: path ?? p.path };
  });
  const timeline = plan.timeline.map((t) => ({ ...t, path: norm(t.path, 'timeline target') ?? t.path }));
  const links = plan.links.map((l) => ({ from: norm(l.from, 'link source') ?? l.from, to: norm(l.to, 'link target') ?? l.to }));
  for (const t of timeline) if (!inRoots(t.path) && !rules.allowedRoots.includes('')) problems.push(`timeline target ${t.path} is outside the folders this item may file to`);
  for (const l of links) if (!inRoots(l.from)) problems.push(`link source ${l.from} is outside the folders this item may file to`);
  if (plan.decision === 'file' && pages.length + timeline.length + links.length === 0) problems.push('a plan that files must change at least one page');
  if (plan.decision === 'skip' && !plan.reason?.trim()) problems.push('a skipped item needs a reason');
  if (problems.length) return { ok: false, reason: `The filing plan is not valid: ${problems.join('; ')}.` };
  return { ok: true, plan: { ...plan, pages: pages as PlannedPage[], timeline, links } };
}

/** Today's date unless a timeline line names one. */
export interface ApplyResult {
  /** New content of every file the plan changes. */
  files: Map<string, string>;
  /** Pages created (did not exist before). */
  created: string[];
  /** Every page path the plan touched, in first-touch order. */
  touched: string[];
}

/** The new contents a plan makes, or why it cannot be applied to the pages as they are. */
export type PlanApplication = { ok: true; result: ApplyResult } | { ok: false; reason: string };

/**
 * Apply a plan to the brain's current pages. `read` returns a page's markdown or null.
 * A `create` of an existing page, a patch of a missing page and a timeline line or link on a
 * page that neither exists nor is created make the plan inapplicable (the reason names each).
 */
export function applyPlan(plan: FilingPlan, read: (path: string) => string | null, today: string): PlanApplication {
  const files = new Map<string, string>();
  const created: string[] = [];
  const touched: string[] = [];
  const current = (path: string): string | null => (files.has(path) ? files.get(path)! : read(path));
  const touch = (path: string) => {
    if (!touched.includes(path)) touched.push(path);
  };
  const problems: string[] = [];
  for (const p of plan.pages) {
    const before = current(p.path);
    if (p.action === 'create') {
      if (before != null) {
        problems.push(`page ${p.path} already exists (use replace or a section operation)`);
        continue;
      }
      files.set(p.path, ensureTrailingNewline(p.markdown));
      created.push(p.path);
    } else if (p.action === 'replace') {
      if (before == null) created.push(p.path);
      files.set(p.path, ensureTrailingNewline(p.markdown));
    } else {
      if (before == null) {
        problems.push(`page ${p.path} does not exist`);
        continue;
      }
      try {
        const next =
          p.action === 'set-frontmatter'
            ? applyPatch(before, { operation: 'set-frontmatter', content: p.frontmatter })
            : applyPatch(before, { operation: p.action, section: p.section, content: p.content });
        files.set(p.path, next);
      } catch (e) {
        if (e instanceof NotFoundError) problems.push(`page ${p.path} has no section '${(p as { section?: string }).section}'`);
        else problems.push(`page ${p.path}: ${(e as Error).message}`);
        continue;
      }
    }
    touch(p.path);
  }
  for (const l of plan.links) {
    const from = current(l.from);
    if (from == null) {
      problems.push(`link source ${l.from} does not exist`);
      continue;
    }
    if (current(l.to) == null) {
      problems.push(`link target ${l.to} does not exist`);
      continue;
    }
    if (linksTo(from, l.from, l.to)) continue;
    files.set(l.from, applyPatch(from, { operation: 'append-section', section: 'Related', content: `- [[${l.to.replace(/\.md$/, '')}]]` }));
    touch(l.from);
  }
  for (const t of plan.timeline) {
    const md = current(t.path);
    if (md == null) {
      problems.push(`timeline target ${t.path} does not exist`);
      continue;
    }
    const date = t.date ?? today;
    const line = `- ${date}: ${t.text.replace(/\s*[\r\n]+\s*/g, ' ').trim()}`;
    if (md.includes(line)) continue; // the same fact twice (a re-run) adds nothing
    try {
      files.set(t.path, addTimelineEntry(md, { date, text: t.text }));
    } catch (e) {
      problems.push(`timeline line on ${t.path}: ${(e as Error).message}`);
      continue;
    }
    touch(t.path);
  }
  if (problems.length) return { ok: false, reason: `The filing plan cannot be applied: ${problems.join('; ')}.` };
  // Pages whose content did not change are not written (and not reported as filed).
  for (const [path, md] of [...files]) {
    if (read(path) === md) {
      files.delete(path);
    }
  }
  return { ok: true, result: { files, created, touched: touched.filter((p) => files.has(p) || created.includes(p) || read(p) != null) } };
}

/** Whether `markdown` (at `fromPath`) already links to `toPath`. */
export function linksTo(markdown: string, fromPath: string, toPath: string): boolean {
  const bare = toPath.replace(/\.md$/, '').toLowerCase();
  return extractLinks(markdown, fromPath).some((l) => (l.path ?? '').toLowerCase() === toPath.toLowerCase() || l.target.toLowerCase() === bare);
}

function ensureTrailingNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
