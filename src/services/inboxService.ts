// The inbox: THE upload function (REST JSON and multipart, MCP `upload_to_inbox` and the webhook
// route all call `upload`/`accept`), listing, one item with its text and revision diff, status
// moves, archive and partition assignment.
//
// An upload is validated completely before anything is stored; its bytes are then written
// durably (content-addressed, fsynced) and the item row inserted, so a 201 means both are on disk.
// Repeats (same externalId, same bytes) return the existing item; the database's unique indexes
// make that hold under concurrency. Hints (target folder, skill) are recorded, never obeyed here.
import type { BrainRef } from '../domain/brainRef.js';
import { createTwoFilesPatch } from 'diff';
import { actorIdentity, actorRef, type Actor } from '../domain/actor.js';
import { INBOX_STATUS } from '../domain/enums.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnauthorizedError } from '../domain/errors.js';
import {
  NEEDS_CLIENT_REASON,
  STATUS_MOVES,
  candidateDomains,
  canMove,
  completeReference,
  deriveExternalId,
  documentKey,
  isNeedsClient,
  parseHttpUrl,
  parseSenders,
  timeOrderedUuid,
  type InboxStatus,
  type UploadVia,
} from '../domain/inbox.js';
import { LIMITS } from '../domain/limits.js';
import { normalizeFolder } from '../domain/paths.js';
import { roleAtLeast } from '../domain/roles.js';
import {
  MAX_JSON_UPLOAD_BYTES,
  assignPartitionBody,
  updateStatusBody,
  uploadBody,
  type AssignPartitionBody,
  type UpdateStatusBody,
  type UploadBody,
} from '../domain/schemas/inbox.js';
import { SKILLS, isSkill } from '../domain/skills.js';
import { validate } from '../domain/validate.js';
import { ContentStore, type StagedFile } from '../storage/contentStore.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { InboxItemRow, InboxRepo, NewInboxItem, Suggestion } from '../storage/sqlite/inboxRepo.js';
import { toInboxItemWire, type InboxItemWire, type Pusher } from '../domain/entities/inboxItem.js';
import type { BrainRow } from '../storage/sqlite/brainsRepo.js';
import type { AccessService } from './accessService.js';
import { resolveContentType } from '../infra/extraction.js';
import type { ExtractionPool } from '../infra/extractionPool.js';
import { ingestStageDuration, secondsSince } from '../metrics.js';
import type { PartitionsService } from './partitionsService.js';

/** CONTRACT leaves the cap open; 200,000 characters keeps one item's reply well under a megabyte. */
/** The staging store an adapter streams an upload into before the service takes it (a type only). */
export type { ContentStore, StagedFile } from '../storage/contentStore.js';

export const MAX_ITEM_TEXT_CHARS = 200_000;
const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = LIMITS.inboxList;

/** The upload body of REST and MCP, plus what only the webhook and multipart adapters can hand over. */
export interface UploadInput extends UploadBody {
  /** Raw bytes (webhook body). */
  bytes?: Buffer;
  /** A multipart file already streamed to the content store's temp folder; consumed or discarded here. */
  stagedFile?: StagedFile;
}

/** The brain an upload names; null: the default inbox rules (the credential's brain, or the user's single writable brain). */
export type UploadTarget = BrainRef | null;

export type { Pusher };
/** An item as the API sends it (domain/entities/inboxItem.ts). */
export type InboxItemView = InboxItemWire;

export interface InboxItemDetail extends InboxItemView {
  text: string;
  textTruncated: boolean;
  revisionOf: { id: string; status: InboxStatus; filedPages: string[] } | null;
  revisionDiff: string | null;
}

export interface UploadReply {
  status: 201 | 200;
  body: { item: InboxItemView; duplicate: boolean; message?: string; matchedBy?: 'externalId' | 'content' };
}

/** `cause` tells a fresh upload (nothing to reset) from a re-queue by a person (1→0, 3→0, a client assigned). */
export type ItemQueuedListener = (brainId: string, itemId: string, cause: 'upload' | 'requeue') => void;

export class InboxService {
  private readonly queuedListeners: ItemQueuedListener[] = [];

  constructor(
    private readonly repo: InboxRepo,
    private readonly content: ContentStore,
    private readonly access: AccessService,
    private readonly partitions: PartitionsService,
    private readonly audit: AuditRepo,
    private readonly extraction: ExtractionPool,
  ) {}

  /**
   * For the purge of a brain (BrainsService.onPurge): notes the content its items hold now, while
   * the rows exist, and returns the step that removes, once the rows are gone, each file that no
   * other brain's item (live or in the trash) refers to.
   */
  contentPurge(brainId: string): () => Promise<void> {
    const hashes = this.repo.contentOf(brainId);
    return async () => {
      for (const sha256 of hashes) {
        await this.content.locks.run(sha256, async () => {
          if (!this.repo.contentInUse(sha256)) await this.content.remove(sha256);
        });
      }
    };
  }

  /** The filing scheduler subscribes here to start a pass when an item becomes Pending. */
  onItemQueued(listener: ItemQueuedListener): void {
    this.queuedListeners.push(listener);
  }

  /** Where an adapter stages an upload (multipart) before `upload` takes it. */
  get staging(): ContentStore {
    return this.content;
  }

  private emitQueued(brainId: string, itemId: string, cause: 'upload' | 'requeue'): void {
    for (const l of this.queuedListeners) {
      try {
        l(brainId, itemId, cause);
      } catch {
        // a listener's failure must not fail the upload that is already stored
      }
    }
  }

  // ---- upload

  async upload(actor: Actor, target: UploadTarget, input: UploadInput, via: UploadVia): Promise<UploadReply> {
    try {
      const brain = this.uploadTarget(actor, target);
      return await this.accept(brain.id, { ref: actorRef(actor), name: actorIdentity(actor).name, sourceId: null }, input, via);
    } finally {
      if (input.stagedFile) await this.content.discard(input.stagedFile.tempPath);
    }
  }

  /**
   * The brain an upload goes to: SPEC's default-inbox rules, or the named brain; Write or above
   * either way. The HTTP adapter asks this before it reads the body (authorize first).
   */
  uploadTarget(actor: Actor, target: UploadTarget): BrainRow {
    if (target) return this.access.require(actor, target, 'Write').brain;
    if (actor.kind === 'credential') return this.access.require(actor, actor.brainId, 'Write').brain;
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    const writable = this.access.visibleBrains(actor).filter((b) => roleAtLeast(b.role, 'Write'));
    if (writable.length === 1) return writable[0]!.brain;
    if (!writable.length) throw new ForbiddenError('You cannot write to any brain, so there is no default inbox.', 'no_writable_brain');
    throw new BadRequestError('You can write to several brains; name one with ?brain=<slug or id>.', 'brain_required', {
      brains: writable.map((b) => b.brain.slug),
    });
  }

  /**
   * Validate, store and record one upload into a brain the caller may already write to
   * (webhook sources authenticate themselves and call this directly).
   */
  async accept(brainId: string, pusher: Pusher, input: UploadInput, via: UploadVia): Promise<UploadReply> {
    const staged = input.stagedFile;
    const started = process.hrtime.bigint();
    try {
      const checked = this.checkInput(brainId, input);
      const bytes = staged ? await this.content.readFile(staged.tempPath) : checked.bytes!;
      const sha256 = staged ? staged.sha256 : ContentStore.hash(bytes);
      const ref = completeReference(input);
      const givenId = input.externalId?.trim() || null;
      let externalId = givenId ?? deriveExternalId(ref, sha256);
      if (externalId) {
        const repeat = this.repo.byExternalId(brainId, externalId);
        // A derived id without a version names the bytes. When those bytes are an older version
        // of the document (not its latest), this upload is a revert: a new revision, under the
        // next free id. The latest version's bytes again are a repeat.
        const revert = repeat != null && givenId == null && ref?.version == null && repeat.supersededByItemId != null;
        if (repeat && !revert) return duplicateReply(repeat, 'externalId');
        if (revert) externalId = this.nextFreeExternalId(brainId, externalId);
      }
      const contentType = resolveContentType(input.contentType, checked.filename, bytes, input.content != null);
      const extracting = process.hrtime.bigint();
      const extraction = await this.extraction.extract(bytes, contentType);
      ingestStageDuration.observe({ stage: 'extract' }, secondsSince(extracting));
      const senders = parseSenders(input.senders ?? null);
      let partition = checked.partition;
      let status: InboxStatus = INBOX_STATUS.Pending;
      let reason: string | null = null;
      if (extraction.reason) {
        // Stopped at a limit: kept, but a person looks at it before any filer does.
        status = INBOX_STATUS.Review;
        reason = extraction.reason;
      } else if (!partition && (await this.partitions.isPartitioned(brainId))) {
        partition = this.partitions.partitionForDomains(brainId, candidateDomains(senders, extraction.text));
        if (!partition) {
          status = INBOX_STATUS.Review;
          reason = NEEDS_CLIENT_REASON;
        }
      }
      const now = new Date().toISOString();
      const row: NewInboxItem = {
        id: timeOrderedUuid(),
        brainId,
        filename: checked.filename,
        status,
        reason,
        skillHint: checked.skill,
        partition,
        externalId,
        contentType,
        size: bytes.length,
        sha256,
        textStatus: extraction.status,
        provider: ref?.provider ?? null,
        providerItemId: ref?.providerItemId ?? null,
        sourceVersion: ref?.version ?? null,
        canonicalUrl: ref?.canonicalUrl ?? null,
        docKey: documentKey(ref),
        targetFolder: checked.targetFolder,
        senders,
        via,
        pushedBy: pusher.ref,
        pushedByName: pusher.name,
        sourceId: pusher.sourceId,
        createdAt: now,
        updatedAt: now,
      };
      // One hash at a time: a file written for an upload that turns out to be a repeat is removed
      // again, and must not be removed under another upload that is about to reference it.
      const outcome = await this.content.locks.run(sha256, async () => {
        const storing = process.hrtime.bigint();
        const stored = staged ? { created: await this.content.promote(staged.tempPath, sha256) } : await this.content.put(bytes, sha256);
        const inserting = process.hrtime.bigint();
        ingestStageDuration.observe({ stage: 'store' }, Number(inserting - storing) / 1e9);
        try {
          const result = await this.repo.insertOrFindGrouped(row, extraction.text);
          ingestStageDuration.observe({ stage: 'insert' }, secondsSince(inserting));
          if (!result.inserted && stored.created && !this.repo.contentInUse(sha256)) await this.content.remove(sha256);
          return result;
        } catch (e) {
          if (stored.created && !this.repo.contentInUse(sha256)) await this.content.remove(sha256);
          throw e;
        }
      });
      ingestStageDuration.observe({ stage: 'total' }, secondsSince(started));
      if (!outcome.inserted) return duplicateReply(outcome.item, outcome.matchedBy);
      if (outcome.item.status === INBOX_STATUS.Pending) this.emitQueued(brainId, outcome.item.id, 'upload');
      return { status: 201, body: { item: itemView(outcome.item), duplicate: false } };
    } finally {
      if (staged) await this.content.discard(staged.tempPath);
    }
  }

  /**
   * Accept one version of a document that its source names by a stable id (a chat conversation):
   * the first version gets `externalId` itself, a changed later one the next free `externalId+N`
   * and becomes a revision of the document's latest version (same provider and item id); the
   * latest version's bytes again are a repeat of it.
   */
  async acceptVersion(brainId: string, pusher: Pusher, externalId: string, input: UploadInput, via: UploadVia): Promise<UploadReply> {
    const id = this.repo.byExternalId(brainId, externalId) ? this.nextFreeExternalId(brainId, externalId) : externalId;
    return this.accept(brainId, pusher, { ...input, externalId: id }, via);
  }

  /** `id+2`, `id+3`, ...: the first that no item of the brain has (a reverted version's id). */
  private nextFreeExternalId(brainId: string, id: string): string {
    for (let n = 2; ; n++) if (!this.repo.byExternalId(brainId, `${id}+${n}`)) return `${id}+${n}`;
  }

  /** Every refusal an upload can meet, before a byte is stored. */
  private checkInput(
    brainId: string,
    input: UploadInput,
  ): { bytes: Buffer | null; filename: string; skill: string | null; targetFolder: string | null; partition: string | null } {
    const { bytes: _bytes, stagedFile: _staged, ...fields } = input;
    validate(uploadBody, fields);
    const given = [input.content != null, input.contentBase64 != null, input.bytes != null, input.stagedFile != null].filter(Boolean).length;
    if (given > 1) throw new BadRequestError('Send exactly one of content and contentBase64 (or one file), not several.', 'content_conflict');
    if (given === 0) throw new BadRequestError('An upload needs its content: content (text), contentBase64 (bytes) or a file.', 'content_required');
    const skill = input.skill?.trim() || null;
    if (skill && !isSkill(skill)) {
      throw new BadRequestError(`Unknown skill '${skill}'; use one of ${SKILLS.join(', ')}.`, 'invalid_skill', { skills: [...SKILLS] });
    }
    if (input.canonicalUrl != null && input.canonicalUrl.trim() !== '' && !parseHttpUrl(input.canonicalUrl.trim())) {
      throw new BadRequestError('canonicalUrl must be an absolute http or https URL.', 'invalid_canonical_url');
    }
    const targetFolder = normalizeFolder(input.targetFolder ?? null) || null;
    const partition = input.partition?.trim() ? this.partitions.requireActive(brainId, input.partition).key : null;
    let bytes: Buffer | null = input.bytes ?? null;
    if (input.content != null) {
      bytes = Buffer.from(input.content, 'utf8');
      if (bytes.length > MAX_JSON_UPLOAD_BYTES) throw tooLarge(MAX_JSON_UPLOAD_BYTES);
    }
    if (input.contentBase64 != null) bytes = decodeBase64(input.contentBase64);
    if (bytes?.length === 0 || input.stagedFile?.size === 0) {
      throw new BadRequestError('The content is empty.', 'empty_content');
    }
    const filename = cleanFilename(input.filename) ?? 'untitled';
    return { bytes, filename, skill, targetFolder, partition };
  }

  // ---- read

  list(
    actor: Actor,
    brainRef: BrainRef,
    q: { status?: number | null; partition?: string | null; unassigned?: boolean; cursor?: string | null; limit?: number | null },
  ): { items: InboxItemView[]; nextCursor: string | null } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    if (q.status != null && ![0, 1, 2, 3].includes(q.status)) throw new BadRequestError('status must be 0, 1, 2 or 3.', 'invalid_parameter');
    const limit = Math.min(Math.max(q.limit ?? DEFAULT_LIST_LIMIT, 1), MAX_LIST_LIMIT);
    const rows = this.repo.list(brain.id, {
      status: (q.status ?? null) as InboxStatus | null,
      partition: q.partition ?? null,
      unassigned: q.unassigned ?? false,
      beforeSeq: q.cursor ? decodeCursor(q.cursor) : null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const nextCursor = rows.length > limit ? Buffer.from(`s${page[page.length - 1]!.seq}`).toString('base64url') : null;
    return { items: page.map(itemView), nextCursor };
  }

  get(actor: Actor, brainRef: BrainRef, itemId: string): InboxItemDetail {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const item = this.mustGet(brain.id, itemId);
    const full = this.repo.text(item.id);
    const text = full.length > MAX_ITEM_TEXT_CHARS ? full.slice(0, MAX_ITEM_TEXT_CHARS) : full;
    const previous = item.supersedesItemId ? this.repo.getIn(brain.id, item.supersedesItemId) : null;
    let revisionDiff: string | null = null;
    if (previous) {
      const before = this.repo.text(previous.id).slice(0, MAX_ITEM_TEXT_CHARS);
      revisionDiff =
        createTwoFilesPatch(`${previous.filename} (${previous.id})`, `${item.filename} (${item.id})`, before, text, undefined, undefined, {
          context: 3,
          timeout: 2000,
        }) ?? null;
    }
    return {
      ...itemView(item),
      text,
      textTruncated: full.length > MAX_ITEM_TEXT_CHARS,
      revisionOf: previous ? { id: previous.id, status: previous.status, filedPages: previous.filedPages } : null,
      revisionDiff,
    };
  }

  /** The stored bytes of an item (filing, downloads). */
  async contentOf(actor: Actor, brainRef: BrainRef, itemId: string): Promise<{ item: InboxItemView; bytes: Buffer }> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const item = this.mustGet(brain.id, itemId);
    return { item: itemView(item), bytes: await this.content.read(item.sha256) };
  }

  // ---- change

  updateStatus(actor: Actor, brainRef: BrainRef, itemId: string, body: unknown): InboxItemView {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const input = validate(updateStatusBody, body);
    const placement: Suggestion | undefined = [input.targetFolder, input.entityType, input.targetSlug, input.confidence, input.rationale].some((v) => v != null)
      ? {
          targetFolder: input.targetFolder ?? null,
          entityType: input.entityType ?? null,
          targetSlug: input.targetSlug ?? null,
          confidence: input.confidence ?? null,
          rationale: input.rationale ?? null,
        }
      : undefined;
    const reason =
      input.status === INBOX_STATUS.Pending || input.status === INBOX_STATUS.Filed
        ? null
        : (input.rationale ?? (input.status === INBOX_STATUS.Review ? `Sent to review by ${actorIdentity(actor).name}.` : `Dismissed by ${actorIdentity(actor).name}.`));
    return this.move(actor, brain.id, itemId, input.status, { reason, suggestion: placement });
  }

  archive(actor: Actor, brainRef: BrainRef, itemId: string): InboxItemView {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    return this.move(actor, brain.id, itemId, INBOX_STATUS.Filed, { reason: null });
  }

  private move(actor: Actor, brainId: string, itemId: string, to: InboxStatus, fields: { reason: string | null; suggestion?: Suggestion }): InboxItemView {
    const item = this.mustGet(brainId, itemId);
    if (!canMove(item.status, to)) throw badMove(item.status, to);
    const updated = this.repo.transition(item.id, [item.status], to, fields);
    if (!updated) {
      // Someone (the filing pass) moved it between our read and our write: judge against the new state.
      const now = this.mustGet(brainId, itemId);
      throw badMove(now.status, to);
    }
    this.audit.record({ brainId, actor, action: 'inbox.status', target: item.id, detail: { from: item.status, to } });
    if (to === INBOX_STATUS.Pending) this.emitQueued(brainId, item.id, 'requeue');
    return itemView(updated);
  }

  /**
   * Put an item in a partition. An item waiting for a client goes back to Pending. With
   * `rememberDomains` the item's sender domains are added to the partition so the next
   * item from them is assigned on arrival.
   */
  assignPartition(actor: Actor, brainRef: BrainRef, itemId: string, body: unknown): InboxItemView & { rememberedDomains: string[] } {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const input = validate(assignPartitionBody, body);
    const item = this.mustGet(brain.id, itemId);
    const partition = this.partitions.requireActive(brain.id, input.key);
    const requeue = isNeedsClient(item.status, item.reason);
    const updated = this.repo.setPartition(item.id, partition.key, requeue ? { from: INBOX_STATUS.Review, to: INBOX_STATUS.Pending, reason: null } : undefined)!;
    let remembered: string[] = [];
    if (input.rememberDomains) remembered = this.partitions.rememberDomains(brain.id, partition.key, candidateDomains(item.senders, this.repo.text(item.id)));
    this.audit.record({ brainId: brain.id, actor, action: 'inbox.assign_partition', target: item.id, detail: { partition: partition.key, rememberedDomains: remembered } });
    if (requeue && updated.status === INBOX_STATUS.Pending) this.emitQueued(brain.id, item.id, 'requeue');
    return { ...itemView(updated), rememberedDomains: remembered };
  }

  private mustGet(brainId: string, itemId: string): InboxItemRow {
    const item = this.repo.getIn(brainId, itemId);
    if (!item) throw new NotFoundError(`Inbox item ${itemId}`, 'item_not_found');
    return item;
  }
}

/** The wire shape of an item (one mapper, domain/entities/inboxItem.ts). */
export const itemView = toInboxItemWire;

function duplicateReply(item: InboxItemRow, matchedBy: 'externalId' | 'content'): UploadReply {
  const message =
    matchedBy === 'externalId'
      ? `Already received: item ${item.id} has externalId '${item.externalId}'. Nothing new was stored.`
      : `Already received: item ${item.id} has identical content (sha256 ${item.sha256.slice(0, 12)}…). Nothing new was stored.`;
  return { status: 200, body: { item: itemView(item), duplicate: true, message, matchedBy } };
}

function badMove(from: InboxStatus, to: InboxStatus): ConflictError {
  return new ConflictError(`An item cannot move from status ${from} to ${to}.`, 'invalid_status_transition', {
    from,
    to,
    allowed: STATUS_MOVES[from],
  });
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The content is larger than ${limit / (1024 * 1024)} MB.`, limit);
}

/** Decode base64 (standard or url-safe, whitespace ignored), refusing oversize input before decoding it. */
function decodeBase64(value: string): Buffer {
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new BadRequestError('contentBase64 is not valid base64.', 'invalid_base64');
  }
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((compact.length * 3) / 4) - padding;
  if (decodedLength > MAX_JSON_UPLOAD_BYTES) throw tooLarge(MAX_JSON_UPLOAD_BYTES);
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
}

/** A display name only: path separators and control characters go. */
export function cleanFilename(name: string | null | undefined): string | null {
  const cleaned = name
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]/)
    .pop()
    ?.trim()
    .slice(0, 255);
  return cleaned ? cleaned : null;
}

/** An inbox cursor is `s<seq>` base64url-encoded; anything else is the caller's mistake. */
function decodeCursor(cursor: string): number {
  const raw = typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^s(\d{1,15})$/.exec(raw);
  if (!m) throw new BadRequestError('The cursor is not valid; pass back a nextCursor from an earlier reply.', 'invalid_cursor');
  return Number(m[1]);
}
