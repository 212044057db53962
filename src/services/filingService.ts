// The filing pass: turn Pending inbox items into pages with a filing skill.
//
// For each item: claim it (one UPDATE with a lease, so a second worker or process never files it
// too), pick the skill (pinned, or routed by content after the worth-filing check), plan with the
// LLM filer when one is configured or the built-in filer otherwise, validate the plan, and write
// ALL its pages in ONE commit through the durable write path (trailers `Inbox-Item:` and `Skill:`).
// The audit row of that commit is written in the same transaction as the index, so after a crash
// between the commit and the status update the next attempt finds it and only finishes the item.
// Low confidence, an invalid plan or "not worth filing" → Review with a reason (and a suggested
// placement); other failures are retried with backoff and go to Review after `maxAttempts`.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import type { BrainSchema } from '../domain/brainSchema.js';
import { INBOX_STATUS } from '../domain/enums.js';
import { BadRequestError, ConflictError, NotFoundError } from '../domain/errors.js';
import { namesAPage, planBuiltin, type BrainLookup, type FilingContext, type FilingItem } from '../domain/filing/builtinFiler.js';
import { buildFilingMessages, parsePlanAnswer } from '../domain/filing/llmPrompt.js';
import { allowedRoots, type PlacementScope } from '../domain/filing/placement.js';
import { applyPlan, checkPlan, validatePlan, type FilingPlan } from '../domain/filing/plan.js';
import { readableText } from '../domain/filing/formats.js';
import { comparableBody, forwardedMessage, forwardsTheSame } from '../domain/filing/forwarded.js';
import { mailSender } from '../domain/filing/messageDate.js';
import { routeItem } from '../domain/filing/route.js';
import type { SkillDefinition } from '../domain/filing/skillFile.js';
import { documentAuthors, EntityResolver, substantiveText } from '../domain/filing/entities.js';
import { calendarOrganizer, emailsIn, FREE_MAIL_DOMAINS, wordCount } from '../domain/filing/text.js';
import { isSkill, SKILLS, type SkillName } from '../domain/skills.js';
import { todayUtc } from '../domain/timeline.js';
import { fileItemBody, type FileItemBody } from '../domain/schemas/filing.js';
import { validate } from '../domain/validate.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import type { FilingRepo } from '../storage/sqlite/filingRepo.js';
import type { InboxItemRow, InboxRepo, Suggestion } from '../storage/sqlite/inboxRepo.js';
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import type { PartitionsRepo } from '../storage/sqlite/partitionsRepo.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';
import { FilingNames, INDEXED_FIELDS } from './filingNames.js';
import { itemView, type InboxItemView } from './inboxService.js';
import type { LlmClient } from '../infra/llmClient.js';
import type { PagesService } from './pagesService.js';

export type FilingOutcome = 'filed' | 'review' | 'retry';

export interface FilingResult {
  item: InboxItemView;
  outcome: FilingOutcome;
  /** The skill that produced the pages (or would have). */
  skill: SkillName | null;
  filer: 'builtin' | 'llm' | null;
  /** Pages written by this filing (empty unless filed). */
  pages: string[];
  commit: string | null;
  confidence: number | null;
  rationale: string | null;
  /** Review: why; retry: the error. */
  reason: string | null;
}

export interface PassSummary {
  brains: number;
  processed: number;
  filed: number;
  review: number;
  retry: number;
}

export interface FilingOptions {
  maxAttempts: number;
  /** How long a claim holds before another worker may take the item (a crashed worker's lease). */
  leaseMs: number;
  /** First retry delay; doubles per attempt, capped at an hour. */
  backoffMs: number;
}

export interface Resolver {
  resolveOne(brainId: string, ref: string): string | null;
}

const FILING_ACTOR: Actor = { kind: 'system', name: 'Brainkeep filing' };
const PASS_BATCH = 50;
const MAX_CANDIDATES = 30;
/** How many of the most recent filed items a forwarded message is compared with. */
const FORWARD_LOOKBACK = 200;
/** Below this many words an item is a short note: the worth-filing check asks whether it names a page of the brain. */
const SHORT_NOTE_WORDS = 8;

/** What writing a plan came to: a commit, a commit of this item found under the lock, or pages that already say everything. */
type PlanOutcome = 'written' | 'already filed' | 'nothing to write';

export class FilingService {
  private readonly worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, Promise<PassSummary>>();
  private resolver: Resolver | null = null;
  private readonly names: FilingNames;

  constructor(
    private readonly deps: {
      access: AccessService;
      brains: BrainsService;
      pages: PagesService;
      pageIndex: PageIndexRepo;
      repos: RepoRegistry;
      inboxRepo: InboxRepo;
      partitionsRepo: PartitionsRepo;
      filingRepo: FilingRepo;
      llm: LlmClient | null;
      options: FilingOptions;
      log?: (msg: string, detail: Record<string, unknown>) => void;
    },
  ) {
    this.names = new FilingNames(deps.pageIndex);
  }

  /** The link resolver (`c.graph`) when the search engine provides one; titles and aliases otherwise. */
  useResolver(resolver: Resolver | null): void {
    this.resolver = resolver;
  }

  get usesLlm(): boolean {
    return this.deps.llm != null;
  }

  // ---------------------------------------------------------------- entry points

  /** File one item now (Write), optionally with a skill; Pending and Review items qualify. */
  async fileNow(actor: Actor, brainRef: BrainRef, itemId: string, body: unknown = {}): Promise<FilingResult> {
    const input = validate(fileItemBody, body ?? {});
    const { brain } = this.deps.access.require(actor, brainRef, 'Write');
    const skill = input.skill ?? null;
    if (skill != null && !isSkill(skill)) {
      throw new BadRequestError(`Unknown skill '${skill}'; use one of ${SKILLS.join(', ')}.`, 'invalid_skill', { skills: [...SKILLS] });
    }
    const item = this.deps.inboxRepo.getIn(brain.id, itemId);
    if (!item) throw new NotFoundError(`Inbox item ${itemId}`, 'item_not_found');
    if (item.status !== INBOX_STATUS.Pending && item.status !== INBOX_STATUS.Review) {
      throw new ConflictError(`Only Pending (0) or Review (1) items can be filed; this one has status ${item.status}.`, 'item_not_fileable', { status: item.status, allowed: [0, 1] });
    }
    const now = new Date();
    if (!this.deps.filingRepo.claim(item.id, this.worker, now.toISOString(), this.leaseUntil(now), [0, 1], true)) {
      throw new ConflictError('The filing pass is working on this item right now; try again in a moment.', 'filing_in_progress');
    }
    return this.processClaimed(brain.id, item.id, actor, skill as SkillName | null, { rethrow: true });
  }

  /**
   * One pass: every due Pending item of one brain (or of every brain with due items). One worker
   * per brain at a time: a pass already running for a brain is joined, not doubled.
   */
  async runPass(brainId?: string): Promise<PassSummary> {
    const ids = brainId ? [brainId] : this.deps.filingRepo.brainsWithDueItems(new Date().toISOString());
    const total: PassSummary = { brains: 0, processed: 0, filed: 0, review: 0, retry: 0 };
    for (const id of ids) {
      const s = await this.passForBrain(id);
      total.brains++;
      total.processed += s.processed;
      total.filed += s.filed;
      total.review += s.review;
      total.retry += s.retry;
    }
    return total;
  }

  /**
   * An item became Pending. A re-queued item gets a fresh set of attempts; a fresh upload has
   * none yet, so it costs nothing here (no extra durable commit per delivery).
   */
  itemQueued(_brainId: string, itemId: string, cause: 'upload' | 'requeue'): void {
    if (cause === 'upload') return;
    const item = this.deps.inboxRepo.get(itemId);
    if (item?.status === INBOX_STATUS.Pending) this.deps.filingRepo.resetAttempts(itemId);
  }

  /** Whether a pass is running for the brain (the scheduler uses it to avoid piling up kicks). */
  isRunning(brainId: string): boolean {
    return this.running.has(brainId);
  }

  /** Resolves when every pass running now has finished (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private passForBrain(brainId: string): Promise<PassSummary> {
    const existing = this.running.get(brainId);
    if (existing) return existing;
    const run = (async () => {
      const summary: PassSummary = { brains: 1, processed: 0, filed: 0, review: 0, retry: 0 };
      const tried = new Set<string>();
      for (;;) {
        const now = new Date();
        const due = this.deps.filingRepo.dueItems(brainId, now.toISOString(), PASS_BATCH).filter((id) => !tried.has(id));
        if (!due.length) break;
        for (const id of due) {
          tried.add(id);
          const at = new Date();
          if (!this.deps.filingRepo.claim(id, this.worker, at.toISOString(), this.leaseUntil(at), [INBOX_STATUS.Pending])) continue;
          const r = await this.processClaimed(brainId, id, FILING_ACTOR, null, { rethrow: false });
          summary.processed++;
          summary[r.outcome === 'filed' ? 'filed' : r.outcome === 'review' ? 'review' : 'retry']++;
        }
      }
      return summary;
    })().finally(() => this.running.delete(brainId));
    this.running.set(brainId, run);
    return run;
  }

  private leaseUntil(now: Date): string {
    return new Date(now.getTime() + this.deps.options.leaseMs).toISOString();
  }

  // ---------------------------------------------------------------- one claimed item

  private async processClaimed(brainId: string, itemId: string, actor: Actor, skillOverride: SkillName | null, o: { rethrow: boolean }): Promise<FilingResult> {
    const item = this.deps.inboxRepo.get(itemId)!;
    try {
      return await this.fileClaimed(brainId, item, actor, skillOverride);
    } catch (e) {
      const message = (e as Error).message || String(e);
      const state = this.deps.filingRepo.state(itemId);
      const attempts = state?.attempts ?? 1;
      let result: FilingResult;
      if (attempts >= this.deps.options.maxAttempts) {
        this.deps.filingRepo.release(itemId, this.worker);
        const reason = `Filing failed ${attempts} time${attempts === 1 ? '' : 's'}; last error: ${message}`;
        const moved = this.deps.inboxRepo.markReview(itemId, reason, null) ?? this.deps.inboxRepo.get(itemId)!;
        result = this.result(moved, 'review', { reason });
      } else {
        const delay = Math.min(this.deps.options.backoffMs * 2 ** (attempts - 1), 3_600_000);
        this.deps.filingRepo.recordFailure(itemId, this.worker, message, new Date(Date.now() + delay).toISOString());
        result = this.result(this.deps.inboxRepo.get(itemId)!, 'retry', { reason: message });
      }
      this.deps.log?.('filing failed', { brainId, itemId, attempts, error: message });
      if (o.rethrow) throw e;
      return result;
    }
  }

  private async fileClaimed(brainId: string, item: InboxItemRow, actor: Actor, skillOverride: SkillName | null): Promise<FilingResult> {
    // A commit of this item that landed before a crash: finish the item, write nothing again.
    const prior = this.deps.filingRepo.priorFiling(brainId, item.id);
    if (prior) return this.finishFromPrior(item, prior);

    const [schema, skills] = await Promise.all([this.deps.brains.schemaOf(brainId), this.skillsOf(brainId)]);
    const scope = this.scopeOf(brainId, item, schema);
    if ('reason' in scope) return this.toReview(item, scope.reason, null, null, null);
    // Calendar exports, captions and pasted chats are read as the notes and transcripts they hold.
    const text = readableText(this.deps.inboxRepo.text(item.id), item.filename);
    if (!text.trim() && item.textStatus !== 'extracted') {
      return this.toReview(item, `No text could be extracted from this ${item.contentType} file, so it cannot be filed automatically; file it by hand.`, null, null, null);
    }
    const previous = this.previousVersion(item);
    const pinned = skillOverride ?? (isSkill(item.skillHint) ? item.skillHint : null);
    const sender = mailSender(text);
    const lookup = this.lookupFor(brainId);
    const knownSender = sender != null && (lookup.findByField('email', sender, ['']).length > 0 || lookup.findByField('emails', sender, ['']).length > 0);
    const ctx: FilingContext = { schema, skills, scope, lookup, today: todayUtc() };
    // A short note is kept when it names a page of the brain, however it is typed ("call marta re odra").
    const namesPage = wordCount(text) < SHORT_NOTE_WORDS && namesAPage(text, ctx);
    // A calendar invitation's organizer stands where a mail's sender does.
    const rawText = this.deps.inboxRepo.text(item.id);
    const calendar = /^BEGIN:VCALENDAR/im.test(rawText) || /\.ics$/i.test(item.filename ?? '');
    const from = sender ?? (calendar ? calendarOrganizer(rawText) : null);
    const related = () => knownAddress(lookup, from) || namesAPage(text, ctx);
    const route = routeItem(
      { text, filename: item.filename, contentType: item.contentType, pinned, hasCanonicalUrl: item.canonicalUrl != null, isRevision: previous != null, knownSender, namesPage, calendar, related },
      skills,
    );
    if ('skip' in route) return this.toReview(item, route.reason, null, null, null);
    const copyOf = previous ? null : this.forwardedCopyOf(brainId, item, text);
    if (copyOf) {
      return this.toReview(
        item,
        `This is a forwarded copy of "${copyOf.filename}" (item ${copyOf.id}), which is already filed${copyOf.filedPages.length ? ` to ${copyOf.filedPages.length} page${copyOf.filedPages.length === 1 ? '' : 's'}` : ''}; filing it again would only repeat the same timeline lines. Dismiss it, or file it by hand if the forward adds something.`,
        route.skill,
        null,
        null,
      );
    }

    const skill = skills[route.skill];
    const filingItem: FilingItem = {
      id: item.id,
      filename: item.filename,
      text,
      contentType: item.contentType,
      targetFolder: item.targetFolder,
      partition: item.partition,
      sourceReference:
        item.canonicalUrl || item.provider || item.providerItemId
          ? { canonicalUrl: item.canonicalUrl, provider: item.provider, providerItemId: item.providerItemId, version: item.sourceVersion }
          : null,
      createdAt: item.createdAt,
      previous,
    };
    const roots = allowedRoots(scope, Object.values(skills));
    let plan: FilingPlan;
    let filer: 'builtin' | 'llm';
    if (this.deps.llm) {
      filer = 'llm';
      const candidates = this.candidatesFor(brainId, text, ctx, roots);
      const messages = buildFilingMessages({
        skill,
        brainInstructions: await this.instructionsOf(brainId),
        schema,
        allowedRoots: roots,
        candidates,
        item: { id: item.id, filename: item.filename, text, targetFolder: item.targetFolder, partition: item.partition, canonicalUrl: item.canonicalUrl, provider: item.provider, version: item.sourceVersion },
        previousPages: previous?.filedPages ?? [],
        today: ctx.today,
      });
      const answer = await this.deps.llm.complete(messages); // transport errors: retried with backoff
      const parsed = parsePlanAnswer(answer);
      if (parsed === undefined) return this.toReview(item, 'The LLM filer did not answer with a JSON plan.', route.skill, null, null, 'llm');
      const checked = checkPlan(parsed, { allowedRoots: roots });
      if (!checked.ok) return this.toReview(item, `The LLM filer's plan was refused: ${checked.reason}`, route.skill, null, null, 'llm');
      plan = checked.plan;
      // Only `ingest` may hand an item to another skill; a routed or pinned skill stays the skill.
      if (route.skill !== 'ingest' && plan.skill !== route.skill) plan = { ...plan, skill: route.skill };
    } else {
      filer = 'builtin';
      const built = planBuiltin(filingItem, route.skill, ctx);
      if (built.kind === 'review') return this.toReview(item, built.reason, route.skill, null, null, filer);
      plan = validatePlan(built.plan, { allowedRoots: roots });
    }
    if (plan.decision === 'skip') return this.toReview(item, `Not worth filing: ${plan.reason ?? plan.rationale}`, plan.skill, suggestionOf(plan), plan.confidence, filer);
    const usedSkill = skills[plan.skill] ?? skill;
    if (plan.confidence < usedSkill.confidenceThreshold) {
      return this.toReview(
        item,
        `Confidence ${plan.confidence} is below the ${usedSkill.name} skill's threshold ${usedSkill.confidenceThreshold}: ${plan.rationale}`,
        plan.skill,
        suggestionOf(plan),
        plan.confidence,
        filer,
      );
    }
    return this.commitPlan(brainId, item, actor, plan, filer);
  }

  /** Write every page of the plan in one commit, then move the item to Filed. */
  private async commitPlan(brainId: string, item: InboxItemRow, actor: Actor, plan: FilingPlan, filer: 'builtin' | 'llm'): Promise<FilingResult> {
    let written: string[] = [];
    let touched: string[] = [];
    let outcome = 'written' as PlanOutcome;
    let refused = null as string | null;
    const commit = await this.deps.pages.writePlanned(actor, brainId, () => {
      // Under the brain's lock, with the index caught up: a commit of this item may have landed meanwhile.
      if (this.deps.filingRepo.priorFiling(brainId, item.id)) {
        outcome = 'already filed';
        return null;
      }
      const application = applyPlan(plan, (p) => this.deps.pageIndex.getPage(brainId, p)?.markdown ?? null, todayUtc());
      if (!application.ok) {
        refused = application.reason;
        return null;
      }
      const applied = application.result;
      written = [...applied.files.keys()];
      touched = applied.touched;
      if (!written.length) {
        outcome = 'nothing to write';
        return null;
      }
      const placement = suggestionOf(plan);
      return {
        ops: written.map((path) => ({ op: 'put' as const, path, content: Buffer.from(applied.files.get(path)!, 'utf8') })),
        message: `File ${item.filename} with ${plan.skill} (${written.length} page${written.length === 1 ? '' : 's'})`,
        opName: 'file',
        trailers: { 'Inbox-Item': item.id, Skill: plan.skill, 'Filing-Confidence': String(plan.confidence) },
        audit: {
          action: 'inbox.file',
          target: item.id,
          detail: { pages: written, skill: plan.skill, filer, placement, confidence: plan.confidence, rationale: plan.rationale, created: applied.created },
        },
      };
    });
    if (refused !== null) return this.toReview(item, `The filing plan could not be applied: ${refused}`, plan.skill, suggestionOf(plan), plan.confidence, filer);
    if (outcome === 'already filed') return this.finishFromPrior(item, this.deps.filingRepo.priorFiling(brainId, item.id)!);
    // 'nothing to write': the pages already say everything, so the item is filed to the pages it touched, without a commit.
    const pages = written.length ? written : touched;
    const moved = this.deps.filingRepo.atomically(() => {
      const filed = this.deps.inboxRepo.markFiled(item.id, pages, suggestionOf(plan)) ?? this.deps.inboxRepo.get(item.id)!;
      this.deps.filingRepo.recordFiled(item.id, plan.skill, commit);
      return filed;
    });
    return this.result(moved, 'filed', { skill: plan.skill, filer, pages: written, commit, confidence: plan.confidence, rationale: plan.rationale });
  }

  private finishFromPrior(item: InboxItemRow, prior: NonNullable<ReturnType<FilingRepo['priorFiling']>>): FilingResult {
    const placement: Suggestion | null = prior.placement
      ? { targetFolder: prior.placement.targetFolder, entityType: prior.placement.entityType, targetSlug: prior.placement.targetSlug, confidence: prior.confidence, rationale: prior.rationale }
      : null;
    const moved = this.deps.filingRepo.atomically(() => {
      const filed = this.deps.inboxRepo.markFiled(item.id, prior.pages, placement) ?? this.deps.inboxRepo.get(item.id)!;
      this.deps.filingRepo.recordFiled(item.id, prior.skill, prior.commit);
      return filed;
    });
    return this.result(moved, 'filed', {
      skill: isSkill(prior.skill) ? prior.skill : null,
      pages: prior.pages,
      commit: prior.commit,
      confidence: prior.confidence,
      rationale: prior.rationale,
    });
  }

  private toReview(
    item: InboxItemRow,
    reason: string,
    skill: SkillName | null,
    suggestion: Suggestion | null,
    confidence: number | null,
    filer: 'builtin' | 'llm' | null = null,
  ): FilingResult {
    this.deps.filingRepo.release(item.id, this.worker);
    // Pending → Review; an item already in Review (filed again by hand) keeps its status with the new reason.
    const moved =
      this.deps.inboxRepo.markReview(item.id, reason, suggestion) ??
      this.deps.inboxRepo.transition(item.id, [INBOX_STATUS.Review], INBOX_STATUS.Review, { reason, suggestion }) ??
      this.deps.inboxRepo.get(item.id)!;
    return this.result(moved, 'review', { skill, filer, confidence, rationale: suggestion?.rationale ?? null, reason });
  }

  private result(item: InboxItemRow, outcome: FilingOutcome, f: Partial<Omit<FilingResult, 'item' | 'outcome'>>): FilingResult {
    return {
      item: itemView(item),
      outcome,
      skill: f.skill ?? null,
      filer: f.filer ?? null,
      pages: f.pages ?? [],
      commit: f.commit ?? null,
      confidence: f.confidence ?? null,
      rationale: f.rationale ?? null,
      reason: f.reason ?? null,
    };
  }

  // ---------------------------------------------------------------- inputs

  /** The partition scope: a partitioned item files only under its partition's folder. */
  private scopeOf(brainId: string, item: InboxItemRow, schema: BrainSchema): PlacementScope | { reason: string } {
    if (!item.partition) return { schema, partitionKey: null, partitionRoot: null };
    const p = this.deps.partitionsRepo.get(brainId, item.partition);
    if (!p) return { reason: `The item's partition '${item.partition}' no longer exists; assign another and re-queue it.` };
    if (p.archivedAt) return { reason: `The item's partition '${item.partition}' is archived; restore it or assign another and re-queue the item.` };
    return { schema, partitionKey: p.key, partitionRoot: p.folder.replace(/\/+$/, '') };
  }

  /** The earlier version of a document, when this item revises one that was filed. */
  /** The filed item this one forwards unchanged (with at most a short note), among the brain's recent items. */
  private forwardedCopyOf(brainId: string, item: InboxItemRow, text: string): InboxItemRow | null {
    if (!forwardedMessage(text)) return null;
    for (const other of this.deps.inboxRepo.list(brainId, { status: INBOX_STATUS.Filed, limit: FORWARD_LOOKBACK })) {
      if (other.id === item.id) continue;
      if (forwardsTheSame(text, comparableBody(readableText(this.deps.inboxRepo.text(other.id), other.filename)))) return other;
    }
    return null;
  }

  private previousVersion(item: InboxItemRow): FilingItem['previous'] {
    if (!item.supersedesItemId) return null;
    const prev = this.deps.inboxRepo.get(item.supersedesItemId);
    if (!prev) return null;
    return { text: this.deps.inboxRepo.text(prev.id), filedPages: prev.filedPages };
  }

  /** The brain's four skills at its head (edited files take effect on the next item). */
  skillsOf(brainId: string): Promise<Record<SkillName, SkillDefinition>> {
    return this.deps.brains.skillsOf(brainId);
  }

  private async instructionsOf(brainId: string): Promise<string> {
    const buf = await this.deps.repos.get(brainId).readFile('.brain/instructions.md');
    return buf ? buf.toString('utf8') : '';
  }

  private lookupFor(brainId: string): BrainLookup {
    const idx = this.deps.pageIndex;
    const repo = this.deps.filingRepo;
    const names = this.names;
    const within = (paths: string[], roots: string[]) => paths.filter((p) => roots.some((r) => r === '' || p.startsWith(`${r}/`)));
    return {
      read: (path) => idx.getPage(brainId, path)?.markdown ?? null,
      findByField: (key, value, roots) => within(INDEXED_FIELDS.has(key) ? names.withField(brainId, key, value) : repo.pagesWithField(brainId, key, value), roots),
      findByName: (name, roots) => within(names.named(brainId, name), roots),
      findByFirstName: (first, roots) => within(names.firstNamed(brainId, first), roots),
      findBySurname: (last, roots) => within(names.lastNamed(brainId, last), roots),
      findByInitials: (initials, roots) => within(names.initialed(brainId, initials), roots),
      findNamesIn: (text, roots) => names.namesIn(brainId, text).map((n) => ({ name: n.name, paths: within(n.paths, roots) })).filter((n) => n.paths.length),
      resolve: (ref) => this.resolver?.resolveOne(brainId, ref) ?? null,
    };
  }

  /**
   * The pages the item is about, for the LLM prompt: the same resolution the built-in filer uses
   * (e-mails to people, mail domains to companies, titles and aliases, where people work), passing
   * mentions (signatures, Cc lines, quoted text, footers) left out.
   */
  private candidatesFor(brainId: string, text: string, ctx: FilingContext, roots: string[]): Array<{ ref: string; path: string; title: string }> {
    const out: Array<{ ref: string; path: string; title: string }> = [];
    const add = (ref: string, path: string | null | undefined) => {
      if (!path || out.some((c) => c.path === path) || out.length >= MAX_CANDIDATES) return;
      out.push({ ref, path, title: this.deps.pageIndex.getPage(brainId, path)?.title ?? path });
    };
    const resolver = new EntityResolver(ctx.lookup, { schema: ctx.schema, partitionKey: ctx.scope.partitionKey, roots });
    const body = substantiveText(text);
    for (const e of emailsIn(body).slice(0, 40)) {
      add(e, resolver.personByEmail(e));
      add(`@${e.split('@')[1]}`, resolver.companyByDomain(e.split('@')[1]!));
    }
    const people: string[] = [];
    for (const f of resolver.mentions(body).found) {
      add(f.name, f.path);
      if (resolver.isPerson(f.path)) people.push(f.path);
    }
    // As the built-in filer reads them: a document's authors, and names written in lower case.
    for (const a of documentAuthors(text, resolver)) add(`author ${a.name}`, a.path);
    for (const m of resolver.lowerCaseMentions(body)) add(m.name, m.path);
    for (const p of [...out.map((c) => c.path).filter((x) => resolver.isPerson(x)), ...people]) {
      for (const c of resolver.worksAt(p)) add(`works at (${p})`, c);
    }
    return out;
  }
}

function suggestionOf(plan: FilingPlan): Suggestion {
  return {
    targetFolder: plan.placement.targetFolder,
    entityType: plan.placement.entityType,
    targetSlug: plan.placement.targetSlug,
    confidence: plan.confidence,
    rationale: plan.rationale,
  };
}

/** An address the brain knows: on a person page, or at a domain a company page (or a person's address) has. */
function knownAddress(lookup: BrainLookup, address: string | null): boolean {
  if (!address) return false;
  if (lookup.findByField('email', address, ['']).length || lookup.findByField('emails', address, ['']).length) return true;
  const domain = address.slice(address.indexOf('@') + 1);
  if (!domain || FREE_MAIL_DOMAINS.has(domain)) return false;
  return lookup.findByField('domain', domain, ['']).length > 0 || lookup.findByField('domains', domain, ['']).length > 0;
}
