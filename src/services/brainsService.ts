// Brains: create from a template (first commit holds .brain/), list, get, schema, instructions.
import { toBrainWire, type BrainWire } from '../domain/entities/brain.js';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import type { BrainSchema } from '../domain/brainSchema.js';
import type { BrainConfigCache, BrainSkills } from '../storage/git/brainConfig.js';
import type { RelationRules } from '../domain/relations/relations.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.js';
import { roleAtLeast, type Role } from '../domain/roles.js';
import { isSlug, slugify } from '../domain/slug.js';
import { validate } from '../domain/validate.js';
import { createBrainBody, updateBrainBody, updateBrainEmbeddingBody, type CreateBrainBody, type UpdateBrainBody, type UpdateBrainEmbeddingBody } from '../domain/schemas/brains.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import type { BrainRow, BrainsRepo } from '../storage/sqlite/brainsRepo.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import { isUniqueViolation } from '../storage/syncDb.js';
import type { WritePath } from '../storage/writePath.js';
import type { AccessService } from './accessService.js';
import { listTemplates, loadTemplate } from './templates.js';

export type BrainView = BrainWire;

const DEFAULT_DIMENSIONS = [100, 1536, 1536, 768, 1536];
/** The built-in model's vectors have exactly this many dimensions. */
const LOCAL_DIMENSIONS = DEFAULT_DIMENSIONS[0]!;

/** A brain in the trash, as `brainkeep brain trash` lists it. */
export interface TrashedBrainView {
  id: string;
  slug: string;
  name: string | null;
  deletedAt: string;
  purgeAfter: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Told when a trashed brain is about to be purged, while its rows still exist; the work it returns
 * runs once the rows and the repository are gone (inbox content no other brain uses, say).
 */
export type PurgeListener = (brainId: string) => (() => Promise<void>) | void;

/** Told when the purge of a trashed brain failed (it stays in the trash for the next pass). */
export type PurgeFailureListener = (brain: TrashedBrainView, err: unknown) => void;

/** Told (after the change is stored) when a brain's embedding settings changed. */
export type EmbeddingChangeListener = (brain: BrainRow) => void;

export class BrainsService {
  private readonly embeddingListeners = new Set<EmbeddingChangeListener>();
  private readonly purgeListeners = new Set<PurgeListener>();

  constructor(
    private readonly brains: BrainsRepo,
    private readonly repos: RepoRegistry,
    private readonly writes: WritePath,
    private readonly access: AccessService,
    private readonly audit: AuditRepo,
    private readonly config: BrainConfigCache,
    private readonly opts: { trashDays: number } = { trashDays: 30 },
  ) {}

  /** Who may create brains: signed-in users and operators, not service credentials. */
  checkCanCreate(actor: Actor): void {
    if (actor.kind === 'credential' || actor.kind === 'anonymous') {
      throw new ForbiddenError('Only signed-in users and operators can create brains.', 'cannot_create_brain');
    }
  }

  async create(actor: Actor, body: unknown, opts: { ownerUserId?: string } = {}): Promise<BrainView> {
    this.checkCanCreate(actor);
    const input = validate(createBrainBody, body ?? {});
    const template = loadTemplate(input.templateKey?.trim() || 'default');
    const slug = this.chooseSlug(input.slug, input.name);
    const provider = input.embeddingProvider ?? 0;
    checkEmbeddingDimensions(provider, input.embeddingDimensions ?? DEFAULT_DIMENSIONS[provider]!);
    const row: BrainRow = {
      id: randomUUID(),
      slug,
      name: input.name?.trim() || slug,
      description: input.description?.trim() || null,
      visibility: input.visibility ?? 0,
      templateKey: template.key,
      embeddingProvider: provider,
      embeddingModel: input.embeddingModel?.trim() || null,
      embeddingDimensions: input.embeddingDimensions ?? DEFAULT_DIMENSIONS[provider]!,
      createdAt: new Date().toISOString(),
      createdBy: actor.kind === 'user' ? actor.userId : null,
    };
    const owner = opts.ownerUserId ?? (actor.kind === 'user' ? actor.userId : null);
    try {
      this.brains.insert(row);
    } catch (e) {
      if (isUniqueViolation(e)) {
        this.checkSlugFree(slug);
        throw new ConflictError(`The slug '${slug}' is taken.`, 'slug_taken');
      }
      throw e;
    }
    try {
      if (owner) this.brains.grant(row.id, owner, 'Owner', owner);
      await this.repos.get(row.id).init();
      await this.writes.write(row.id, actor, () => ({
        ops: template.files.map((f) => ({ op: 'put' as const, path: f.path, content: f.content })),
        message: `Create brain ${slug} from template ${template.key}`,
        opName: 'create-brain',
        audit: { action: 'brain.create', target: row.id, detail: { slug, templateKey: template.key } },
      }));
    } catch (e) {
      this.brains.delete(row.id);
      fs.rmSync(this.repos.gitdirOf(row.id), { recursive: true, force: true });
      this.repos.forget(row.id);
      throw e;
    }
    return this.view(row, 'Owner');
  }

  /** Store the brain's new embedding settings and their audit row (the caller's transaction, if any). */
  private setEmbedding(actor: Actor, brain: BrainRow, to: { embeddingProvider: number; embeddingModel: string | null; embeddingDimensions: number }): void {
    this.brains.update(brain.id, to);
    this.audit.record({
      brainId: brain.id,
      actor,
      action: 'brain.embedding.update',
      target: brain.id,
      detail: { from: { embeddingProvider: brain.embeddingProvider, embeddingModel: brain.embeddingModel, embeddingDimensions: brain.embeddingDimensions }, to },
    });
  }

  /**
   * Change the brain's embedding provider, model or dimensions (Admin). Fields left out keep
   * their value, except that switching provider without naming a model or size takes that
   * provider's defaults. The embedding worker re-embeds every passage with the new settings
   * (listeners registered with onEmbeddingChanged nudge it); search keeps using words meanwhile.
   */
  updateEmbedding(actor: Actor, ref: BrainRef, body: unknown): BrainView {
    const { brain, role } = this.access.require(actor, ref, 'Admin');
    const input = validate(updateBrainEmbeddingBody, body ?? {});
    const provider = input.embeddingProvider ?? brain.embeddingProvider;
    const switched = provider !== brain.embeddingProvider;
    const model = input.embeddingModel !== undefined ? input.embeddingModel?.trim() || null : switched ? null : brain.embeddingModel;
    const dimensions = input.embeddingDimensions ?? (switched ? DEFAULT_DIMENSIONS[provider]! : brain.embeddingDimensions);
    checkEmbeddingDimensions(provider, dimensions);
    if (provider === brain.embeddingProvider && model === brain.embeddingModel && dimensions === brain.embeddingDimensions) {
      return this.view(brain, role);
    }
    this.setEmbedding(actor, brain, { embeddingProvider: provider, embeddingModel: model, embeddingDimensions: dimensions });
    const updated = this.brains.byId(brain.id)!;
    for (const l of this.embeddingListeners) l(updated);
    return this.view(updated, role);
  }

  /**
   * PATCH a brain: name and description need Admin, visibility and slug need Owner, the embedding
   * settings need Admin as in updateEmbedding. The role is checked for every field given before
   * anything changes; a slug in use (by a live brain or one in the trash) is 409. Everything the
   * PATCH changes (fields, slug, embedding settings and their audit rows) is stored in one
   * transaction: a failure anywhere leaves the brain as it was.
   */
  update(actor: Actor, ref: BrainRef, body: unknown): BrainView {
    const { brain, role } = this.access.require(actor, ref, 'Admin');
    const input = validate(updateBrainBody, body ?? {});
    const needsOwner = input.visibility !== undefined || input.slug !== undefined;
    if (needsOwner && !roleAtLeast(role, 'Owner')) {
      throw new ForbiddenError(`Changing visibility or slug needs the Owner role; you have ${role}.`, 'insufficient_role');
    }
    const requested = input.slug?.trim();
    const slug = requested !== undefined && requested !== brain.slug ? requested : undefined;
    if (slug !== undefined) {
      if (!isSlug(slug)) throw new BadRequestError('slug must be lower-case letters, digits and dashes (at most 64).', 'invalid_slug');
      this.checkSlugFree(slug);
    }
    const embedding = ['embeddingProvider', 'embeddingModel', 'embeddingDimensions'].some((k) => k in input);
    let embeddingTo: { embeddingProvider: number; embeddingModel: string | null; embeddingDimensions: number } | null = null;
    if (embedding) {
      // Validated (and refused) before the other fields change: one PATCH changes all or nothing.
      const provider = input.embeddingProvider ?? brain.embeddingProvider;
      const switched = provider !== brain.embeddingProvider;
      const model = input.embeddingModel !== undefined ? input.embeddingModel?.trim() || null : switched ? null : brain.embeddingModel;
      const dimensions = input.embeddingDimensions ?? (switched ? DEFAULT_DIMENSIONS[provider]! : brain.embeddingDimensions);
      checkEmbeddingDimensions(provider, dimensions);
      if (provider !== brain.embeddingProvider || model !== brain.embeddingModel || dimensions !== brain.embeddingDimensions) {
        embeddingTo = { embeddingProvider: provider, embeddingModel: model, embeddingDimensions: dimensions };
      }
    }
    const fields: { name?: string; description?: string | null; visibility?: number } = {};
    if (input.name !== undefined) fields.name = input.name?.trim() || brain.slug;
    if (input.description !== undefined) fields.description = input.description?.trim() || null;
    if (input.visibility !== undefined) fields.visibility = input.visibility;
    const from = { name: brain.name, description: brain.description, visibility: brain.visibility, slug: brain.slug };
    const changed = Object.keys(fields).length > 0 || slug !== undefined;
    if (!changed && !embeddingTo) return this.view(brain, role);
    try {
      this.brains.transaction(() => {
        if (changed) {
          this.brains.update(brain.id, fields);
          if (slug !== undefined) this.brains.setSlug(brain.id, slug);
          this.audit.record({ brainId: brain.id, actor, action: 'brain.update', target: brain.id, detail: { from, to: { ...fields, ...(slug ? { slug } : {}) } } });
        }
        if (embeddingTo) this.setEmbedding(actor, brain, embeddingTo);
      });
    } catch (e) {
      // Another request took the slug between the check and the write.
      if (slug !== undefined && isUniqueViolation(e)) {
        this.checkSlugFree(slug);
        throw new ConflictError(`The slug '${slug}' is taken.`, 'slug_taken');
      }
      throw e;
    }
    const updated = this.brains.byId(brain.id)!;
    if (embeddingTo) for (const l of this.embeddingListeners) l(updated);
    return this.view(updated, role);
  }

  /**
   * Delete a brain (Owner): `confirm` must be its slug, or nothing changes (400). Under the brain's
   * write lock (no write is half done), the row becomes a tombstone that every lookup skips and the
   * repository moves to the data folder's trash, so REST, MCP, git, search and the web lose it in
   * the same step. `restore` brings it back until the purge, BRAINKEEP_TRASH_DAYS later.
   */
  async delete(actor: Actor, ref: BrainRef, confirm: string | null | undefined): Promise<void> {
    const { brain } = this.access.require(actor, ref, 'Owner');
    if (confirm == null || confirm === '') {
      throw new BadRequestError(`Deleting a brain needs confirm=<its slug> ('${brain.slug}').`, 'confirm_required');
    }
    if (confirm !== brain.slug) {
      throw new BadRequestError(`confirm must be the brain's slug '${brain.slug}', not '${confirm}'.`, 'confirm_mismatch');
    }
    await this.writes.locks.run(brain.id, async () => {
      const at = new Date().toISOString();
      this.brains.markDeleted(brain.id, at, actorId(actor));
      try {
        this.repos.moveToTrash(brain.id);
      } catch (e) {
        this.brains.clearDeleted(brain.id);
        throw e;
      }
      this.config.forget(brain.id);
      this.audit.record({ brainId: brain.id, actor, action: 'brain.delete', target: brain.id, detail: { slug: brain.slug, trashDays: this.opts.trashDays } });
    });
  }

  /** Bring a brain back from the trash by its slug (operator): repository, history, pages, search. */
  async restore(actor: Actor, slug: string): Promise<BrainView> {
    if (actor.kind !== 'system') throw new ForbiddenError('Only the operator restores brains from the trash.', 'operator_only');
    const brain = this.brains.trashedBySlug(slug);
    if (!brain) throw new NotFoundError(`Brain '${slug}' in the trash`, 'brain_not_in_trash');
    await this.writes.locks.run(brain.id, async () => {
      if (!this.repos.restoreFromTrash(brain.id) && !fs.existsSync(this.repos.gitdirOf(brain.id))) {
        throw new ConflictError(`The repository of '${slug}' is not in the trash (${this.repos.trashGitdirOf(brain.id)}); nothing was restored.`, 'trash_repository_missing');
      }
      this.brains.clearDeleted(brain.id);
      this.audit.record({ brainId: brain.id, actor, action: 'brain.restore', target: brain.id, detail: { slug, deletedAt: brain.deletedAt } });
    });
    return this.view(this.brains.byId(brain.id)!, 'Owner');
  }

  /** Brains in the trash and when each is purged. */
  trash(): TrashedBrainView[] {
    return this.brains.trashed().map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      deletedAt: b.deletedAt,
      purgeAfter: new Date(Date.parse(b.deletedAt) + this.opts.trashDays * DAY_MS).toISOString(),
    }));
  }

  /**
   * Remove for good the brains that have been in the trash longer than BRAINKEEP_TRASH_DAYS, and
   * return their slugs. A brain whose purge fails is told to `onFailure` and stays in the trash
   * (its row is removed last), so the next pass tries it again; the others are purged regardless.
   */
  async purgeExpired(now = Date.now(), onFailure: PurgeFailureListener = () => {}): Promise<string[]> {
    const purged: string[] = [];
    for (const b of this.trash()) {
      if (Date.parse(b.purgeAfter) > now) continue;
      try {
        await this.purge(b);
        purged.push(b.slug);
      } catch (err) {
        onFailure(b, err);
      }
    }
    return purged;
  }

  /**
   * One brain's purge, in an order that can be retried from any failure: its index, then its
   * repository in the trash (removing a missing one is no error), then its rows; the listeners'
   * clean-up of files outside the repository runs once both are gone.
   */
  private async purge(b: TrashedBrainView): Promise<void> {
    const after = [...this.purgeListeners].map((l) => l(b.id)).filter((f): f is () => Promise<void> => typeof f === 'function');
    await this.writes.clearIndex(b.id);
    this.repos.purgeTrash(b.id);
    this.brains.delete(b.id);
    for (const f of after) await f();
  }

  /** Register work for the purge of a brain's files outside its repository (see PurgeListener). */
  onPurge(listener: PurgeListener): () => void {
    this.purgeListeners.add(listener);
    return () => this.purgeListeners.delete(listener);
  }

  onEmbeddingChanged(listener: EmbeddingChangeListener): () => void {
    this.embeddingListeners.add(listener);
    return () => this.embeddingListeners.delete(listener);
  }

  private chooseSlug(requested: string | null | undefined, name: string | null | undefined): string {
    if (requested != null && requested.trim() !== '') {
      const slug = requested.trim();
      if (!isSlug(slug)) throw new BadRequestError('slug must be lower-case letters, digits and dashes (at most 64).', 'invalid_slug');
      this.checkSlugFree(slug);
      return slug;
    }
    const base = slugify(name ?? '') || 'brain';
    let slug = base;
    for (let n = 2; this.brains.slugTaken(slug); n++) slug = `${base.slice(0, 58)}-${n}`;
    return slug;
  }

  /**
   * A slug names one brain, live or in the trash (a restore brings the trashed one back under it).
   * Held by a trashed brain, the 409 says so, and how it frees up: a restore, or the purge.
   */
  private checkSlugFree(slug: string): void {
    const trashed = this.brains.trashedBySlug(slug);
    if (trashed) {
      const purgeAfter = new Date(Date.parse(trashed.deletedAt) + this.opts.trashDays * DAY_MS).toISOString();
      throw new ConflictError(
        `The slug '${slug}' is held by a deleted brain in the trash (deleted ${trashed.deletedAt}). ` +
          `The operator can bring it back with 'brainkeep brain restore --slug ${slug}'; otherwise the slug is free once the trash is purged, ` +
          `after ${purgeAfter} (BRAINKEEP_TRASH_DAYS=${this.opts.trashDays}). Choose another slug meanwhile.`,
        'slug_in_trash',
        { trashedBrainId: trashed.id, deletedAt: trashed.deletedAt, purgeAfter },
      );
    }
    if (this.brains.slugTaken(slug)) throw new ConflictError(`The slug '${slug}' is taken.`, 'slug_taken');
  }

  /** The schema templates a brain can be created from. */
  templates(): string[] {
    return listTemplates();
  }

  list(actor: Actor): BrainView[] {
    return this.access.visibleBrains(actor).map(({ brain, role }) => this.view(brain, role));
  }

  get(actor: Actor, ref: BrainRef): BrainView {
    const { brain, role } = this.access.require(actor, ref, 'Read');
    return this.view(brain, role);
  }

  async schema(actor: Actor, ref: BrainRef): Promise<BrainSchema> {
    const { brain } = this.access.require(actor, ref, 'Read');
    return this.schemaOf(brain.id);
  }

  async instructions(actor: Actor, ref: BrainRef): Promise<{ markdown: string }> {
    const { brain } = this.access.require(actor, ref, 'Read');
    const buf = await this.repos.get(brain.id).readFile('.brain/instructions.md');
    return { markdown: buf ? buf.toString('utf8') : '' };
  }

  /** The brain's parsed schema at its head (storage/git/brainConfig.ts keeps it per commit). */
  schemaOf(brainId: string): Promise<BrainSchema> {
    return this.config.schemaOf(brainId);
  }

  /**
   * `commit` landed on top of `base` changing only `paths` (a push's net change): when none is under
   * `.brain/`, the schema read at `base` is carried over to `commit` rather than read again.
   */
  noteCommit(brainId: string, base: string | null, commit: string, paths: string[]): void {
    // Not `landed`: the cache moves when a read finds `commit` at the head (a push git refused never does).
    this.config.noteCommit(brainId, base, commit, paths, { landed: false });
  }

  /** The brain's four filing skills at its head, from the same per-commit cache. */
  skillsOf(brainId: string): Promise<BrainSkills> {
    return this.config.skillsOf(brainId);
  }

  /** Synchronous view of the cached schema (warmed by schemaOf); null before the first read. */
  cachedSchema(brainId: string): BrainSchema | null {
    return this.config.cachedSchema(brainId);
  }

  /** Synchronous view of the cached schema's link typing rules (warmed by schemaOf). */
  relationRulesOf(brainId: string): RelationRules | null {
    return this.config.relationRulesOf(brainId);
  }

  view(b: BrainRow, role: Role | null): BrainView {
    return toBrainWire(b, role);
  }
}

function actorId(actor: Actor): string | null {
  switch (actor.kind) {
    case 'user':
      return actor.userId;
    case 'system':
      return actor.name;
    case 'credential':
      return actor.credentialId;
    default:
      return null;
  }
}

/** The Local provider's vectors have a fixed size; a brain asking for another could never be searched. */
function checkEmbeddingDimensions(provider: number, dimensions: number): void {
  if (provider === 0 && dimensions !== LOCAL_DIMENSIONS) {
    throw new BadRequestError(
      `The Local provider makes ${LOCAL_DIMENSIONS}-dimensional vectors; embeddingDimensions must be ${LOCAL_DIMENSIONS}, not ${dimensions}.`,
      'invalid_embedding_dimensions',
    );
  }
}
