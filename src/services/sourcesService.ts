// Webhook ingest sources: administered by Admin/Owner (REST admin routes and the operator CLI),
// and the delivery itself (`POST /api/ingest/{brainId}`): authenticate by the source's secret
// (shared secret or HMAC-SHA256 signature of the raw bytes, both compared in constant time),
// apply the source's guard rules (content type 415, size 413, sender domains 403) before
// anything is stored, then hand the delivery to the one upload function of the inbox. A shared
// secret is checked from the headers before the body is read; a signature is computed as the
// body streams (`openDelivery`, then `PendingDelivery.authenticate`, then `accept`).
import type { BrainRef } from '../domain/brainRef.js';
import { createHmac, randomUUID, timingSafeEqual, type Hmac } from 'node:crypto';
import { actorRef, type Actor } from '../domain/actor.js';
import { BadRequestError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnauthorizedError, UnsupportedMediaTypeError } from '../domain/errors.js';
import { domainMatches, domainOfEmail, normalizeDomain, parseSenders } from '../domain/inbox.js';
import { normalizeFolder } from '../domain/paths.js';
import { createSourceBody, updateSourceBody, type CreateSourceBody, type SourceEditBody } from '../domain/schemas/sources.js';
import { SKILLS, isSkill } from '../domain/skills.js';
import { validate } from '../domain/validate.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { SourceEdit, SourceRow, SourcesRepo } from '../storage/sqlite/sourcesRepo.js';
import { toSourceWire, type SourceMode, type SourceWire } from '../domain/entities/source.js';
import type { AccessService } from './accessService.js';
import { baseContentType } from '../infra/extraction.js';
import type { InboxService, UploadReply } from './inboxService.js';
import type { PartitionsService } from './partitionsService.js';
import { constantTimeEqual, randomBase62 } from './secrets.js';
import type { SecretBox } from './secretBox.js';

/** A source as shown to admins: never its secret. */
export type SourceView = SourceWire;

export type HeaderBag = Record<string, string | string[] | undefined>;
export type QueryBag = Record<string, unknown>;


const SECRET_LENGTH = 43; // ≈256 bits of base62
const TOUCH_EVERY_MS = 10_000;

export class SourcesService {
  private readonly secrets = new Map<string, { cipher: string; secret: string | null }>();
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly repo: SourcesRepo,
    private readonly box: SecretBox,
    private readonly access: AccessService,
    private readonly inbox: InboxService,
    private readonly partitions: PartitionsService,
    private readonly audit: AuditRepo,
  ) {}

  // ---- administration (Admin or Owner)

  /** Create a source; the secret is in this reply and never again. */
  create(actor: Actor, brainRef: BrainRef, body: unknown): { source: SourceView; secret: string } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(createSourceBody, body);
    const edit = this.checkEdit(brain.id, input);
    const id = randomUUID();
    const secret = randomBase62(SECRET_LENGTH);
    const now = new Date().toISOString();
    const row: SourceRow = {
      id,
      brainId: brain.id,
      kind: input.kind ?? 'webhook',
      label: edit.label ?? `${input.mode === 'signature' ? 'Signed' : 'Shared-secret'} webhook`,
      mode: input.mode,
      secretCipher: this.box.seal(secret, cipherContext(id)),
      targetFolder: edit.targetFolder ?? null,
      partition: edit.partition ?? null,
      skill: edit.skill ?? null,
      allowedContentTypes: edit.allowedContentTypes ?? [],
      maxBytes: edit.maxBytes ?? null,
      allowedSenderDomains: edit.allowedSenderDomains ?? [],
      createdAt: now,
      createdBy: actorRef(actor),
      updatedAt: now,
      lastDeliveryAt: null,
    };
    this.repo.insert(row);
    this.audit.record({ brainId: brain.id, actor, action: 'source.create', target: id, detail: { label: row.label, mode: row.mode, kind: row.kind } });
    return { source: toSourceWire(row), secret };
  }

  list(actor: Actor, brainRef: BrainRef): { sources: SourceView[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    return { sources: this.repo.ofBrain(brain.id).map(toSourceWire) };
  }

  get(actor: Actor, brainRef: BrainRef, sourceId: string): SourceView {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    return toSourceWire(this.mustGet(brain.id, sourceId));
  }

  /** Everything but kind, mode and secret may change. */
  update(actor: Actor, brainRef: BrainRef, sourceId: string, body: unknown): SourceView {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const fixed = body && typeof body === 'object' ? ['kind', 'mode', 'secret'].filter((k) => k in body) : [];
    if (fixed.length) throw new BadRequestError(`A source's ${fixed.join(', ')} cannot change; create a new source instead.`, 'source_field_fixed');
    const input = validate(updateSourceBody, body ?? {});
    const current = this.mustGet(brain.id, sourceId);
    const edit = this.checkEdit(brain.id, input);
    this.repo.update(current.id, edit, new Date().toISOString());
    this.audit.record({ brainId: brain.id, actor, action: 'source.update', target: current.id, detail: { fields: Object.keys(edit) } });
    return toSourceWire(this.mustGet(brain.id, sourceId));
  }

  /** Revokes the secret at once; items it delivered stay. */
  delete(actor: Actor, brainRef: BrainRef, sourceId: string): void {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const current = this.mustGet(brain.id, sourceId);
    this.repo.delete(current.id);
    this.secrets.delete(current.id);
    this.audit.record({ brainId: brain.id, actor, action: 'source.delete', target: current.id, detail: { label: current.label } });
  }

  private mustGet(brainId: string, sourceId: string): SourceRow {
    const s = this.repo.get(brainId, sourceId);
    if (!s) throw new NotFoundError(`Source ${sourceId}`, 'source_not_found');
    return s;
  }

  private checkEdit(brainId: string, input: SourceEditBody): SourceEdit {
    const edit: SourceEdit = {};
    if (input.label !== undefined) edit.label = input.label.trim() || 'Webhook';
    if (input.targetFolder !== undefined) edit.targetFolder = normalizeFolder(input.targetFolder) || null;
    if (input.partition !== undefined) edit.partition = input.partition?.trim() ? this.partitions.requireActive(brainId, input.partition).key : null;
    if (input.skill !== undefined) {
      const skill = input.skill?.trim() || null;
      if (skill && !isSkill(skill)) throw new BadRequestError(`Unknown skill '${skill}'; use one of ${SKILLS.join(', ')}.`, 'invalid_skill', { skills: [...SKILLS] });
      edit.skill = skill;
    }
    if (input.allowedContentTypes !== undefined) {
      edit.allowedContentTypes = [...new Set(input.allowedContentTypes.map((t) => baseContentType(t)).filter((t): t is string => !!t))];
      const bad = edit.allowedContentTypes.find((t) => !/^[a-z0-9!#$&^_.+-]+\/(\*|[a-z0-9!#$&^_.+-]+)$/.test(t));
      if (bad) throw new BadRequestError(`'${bad}' is not a content type (type/subtype or type/*).`, 'invalid_content_type');
    }
    if (input.maxBytes !== undefined) edit.maxBytes = input.maxBytes;
    if (input.allowedSenderDomains !== undefined) edit.allowedSenderDomains = [...new Set(input.allowedSenderDomains.map(normalizeDomain).filter(Boolean))];
    return edit;
  }

  // ---- delivery

  /**
   * Step one of a webhook delivery, from its headers alone (the body is still in the socket).
   * A shared secret names its source now, so that source's content types (415), size cap (413)
   * and sender domains (403) are checked before one body byte is read. A signature can only be
   * checked against the bytes: the delivery keeps one running HMAC per signed source of the
   * brain, and reads at most the largest of their size caps. Anything that cannot authenticate
   * is 401 here.
   */
  openDelivery(brainRef: string, headers: HeaderBag, bodyLimit: number): PendingDelivery {
    const brain = this.access.findBrain(brainRef);
    const sources = brain ? this.repo.ofBrain(brain.id) : [];
    const provided = header(headers, 'x-ingest-secret');
    const signature = header(headers, 'x-service-signature');
    const sig = signature ? /^sha256=([0-9a-fA-F]{64})$/.exec(signature.trim()) : null;
    const contentType = baseContentType(header(headers, 'content-type')) ?? 'application/octet-stream';
    const senders = parseSenders(header(headers, 'x-ingest-senders'));
    const capOf = (s: SourceRow) => Math.min(s.maxBytes ?? bodyLimit, bodyLimit);

    let named: SourceRow | null = null;
    const signed: Array<{ source: SourceRow; hmac: Hmac }> = [];
    for (const s of sources) {
      const secret = this.secretOf(s);
      if (!secret) continue;
      // Every secret is compared (in constant time), so timing does not tell which one matched.
      if (s.mode === 'secret' && provided != null) {
        if (constantTimeEqual(provided, secret)) named ??= s;
      } else if (s.mode === 'signature' && sig) signed.push({ source: s, hmac: createHmac('sha256', secret) });
    }
    if (!brain || (!named && !signed.length)) throw new UnauthorizedError('No ingest source of this brain accepts this secret or signature.', 'invalid_webhook_secret');
    if (named) {
      checkContentType(named, contentType);
      checkSenders(named, senders);
      return new PendingDelivery(brain.id, contentType, senders, capOf(named), named, []);
    }
    // Signed: only sources that would take this content type can still accept the delivery.
    const fitting = signed.filter((c) => typeAllowed(c.source, contentType));
    if (!fitting.length) throw new UnsupportedMediaTypeError(`No signed source of this brain accepts ${contentType}.`);
    return new PendingDelivery(brain.id, contentType, senders, Math.max(...fitting.map((c) => capOf(c.source))), null, fitting.map((c) => ({ ...c, expected: Buffer.from(sig![1]!, 'hex') })));
  }

  /**
   * Step two, once the body is read (and the signature checked by `pending.authenticate`):
   * hints from the headers and query, then the one upload function of the inbox. Precedence
   * for hints: header, then query, then the source's default (for the folder: the `path`
   * query, then the source's folder).
   */
  async accept(pending: PendingDelivery, source: SourceRow, headers: HeaderBag, query: QueryBag, rawBody: Buffer): Promise<UploadReply> {
    if (!rawBody.length) throw new BadRequestError('The delivery has an empty body.', 'empty_content');
    const reply = await this.inbox.accept(
      pending.brainId,
      { ref: `source:${source.id}`, name: source.label, sourceId: source.id },
      {
        bytes: rawBody,
        contentType: pending.contentType,
        filename: decodeHeader(header(headers, 'x-filename')),
        externalId: header(headers, 'x-ingest-external-id'),
        senders: pending.senders,
        canonicalUrl: header(headers, 'x-ingest-canonical-url'),
        provider: header(headers, 'x-ingest-provider'),
        providerItemId: header(headers, 'x-ingest-provider-item-id'),
        version: header(headers, 'x-ingest-version'),
        partition: header(headers, 'x-ingest-partition') ?? queryValue(query, 'partition') ?? source.partition,
        skill: header(headers, 'x-ingest-skill') ?? queryValue(query, 'skill') ?? source.skill,
        targetFolder: queryValue(query, 'path') ?? source.targetFolder,
      },
      'webhook',
    );
    this.touch(source.id);
    return reply;
  }

  /** A whole delivery whose body is already in memory (the two steps in one). */
  async deliver(brainRef: string, headers: HeaderBag, query: QueryBag, rawBody: Buffer, bodyLimit = Number.MAX_SAFE_INTEGER): Promise<UploadReply> {
    const pending = this.openDelivery(brainRef, headers, bodyLimit);
    pending.update(rawBody);
    return this.accept(pending, pending.authenticate(rawBody.length), headers, query, rawBody);
  }

  private secretOf(s: SourceRow): string | null {
    const cached = this.secrets.get(s.id);
    if (cached && cached.cipher === s.secretCipher) return cached.secret;
    const secret = this.box.open(s.secretCipher, cipherContext(s.id));
    this.secrets.set(s.id, { cipher: s.secretCipher, secret });
    return secret;
  }

  /** last_delivery_at at most every few seconds per source, so deliveries stay one write each. */
  private touch(id: string): void {
    const now = Date.now();
    if ((this.lastTouched.get(id) ?? 0) > now - TOUCH_EVERY_MS) return;
    this.lastTouched.set(id, now);
    this.repo.touch(id, new Date(now).toISOString());
  }
}

export function cipherContext(sourceId: string): string {
  return `ingest-source:${sourceId}`;
}

function header(headers: HeaderBag, name: string): string | null {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s != null && s.trim() !== '' ? s.trim() : null;
}

function queryValue(query: QueryBag, name: string): string | null {
  const v = query[name];
  if (v == null || v === '') return null;
  if (typeof v !== 'string') throw new BadRequestError(`The ${name} parameter must be given once, as a string.`, 'invalid_parameter');
  return v;
}

/** Header values are Latin-1; clients percent-encode other names (RFC 8187 style). */
function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A webhook delivery between its headers and its body: which source the secret named, or the
 * running HMACs of the signed sources that may still match, and how many bytes it may read.
 */
export class PendingDelivery {
  constructor(
    readonly brainId: string,
    readonly contentType: string,
    readonly senders: string[],
    /** Read no more than this (the source's own cap; for a signature, the largest candidate's). */
    readonly maxBytes: number,
    /** The source a shared secret named: authenticated before the body. */
    readonly source: SourceRow | null,
    private readonly signed: Array<{ source: SourceRow; hmac: Hmac; expected: Buffer }>,
  ) {}

  /** The sources a signature may still match (none when a shared secret named the source). */
  get candidateIds(): string[] {
    return this.signed.map((c) => c.source.id);
  }

  /** Feed the body as it streams. */
  update(chunk: Buffer): void {
    for (const c of this.signed) c.hmac.update(chunk);
  }

  /**
   * The source that accepts this delivery of `size` bytes: the named one, or the first whose
   * signature matches (401 when none). Its own size cap is checked now (413), and for a signed
   * delivery its sender domains (403); its content type was checked with the headers.
   */
  authenticate(size: number): SourceRow {
    let found = this.source;
    for (const c of this.signed) {
      if (timingSafeEqual(c.hmac.digest(), c.expected)) found ??= c.source;
    }
    if (!found) throw new UnauthorizedError('No ingest source of this brain accepts this secret or signature.', 'invalid_webhook_secret');
    checkSize(found, size);
    if (!this.source) checkSenders(found, this.senders);
    return found;
  }
}

function typeAllowed(source: SourceRow, contentType: string): boolean {
  return !source.allowedContentTypes.length || source.allowedContentTypes.some((allowed) => contentTypeMatches(contentType, allowed));
}

function checkContentType(source: SourceRow, contentType: string): void {
  if (typeAllowed(source, contentType)) return;
  throw new UnsupportedMediaTypeError(`This source accepts ${source.allowedContentTypes.join(', ')}, not ${contentType}.`, {
    allowedContentTypes: source.allowedContentTypes,
  });
}

/** A source's own cap; `size` is the declared or the counted length. */
export function checkSize(source: SourceRow, size: number): void {
  if (source.maxBytes != null && size > source.maxBytes) {
    throw new PayloadTooLargeError(`This source accepts at most ${source.maxBytes} bytes.`, source.maxBytes);
  }
}

function checkSenders(source: SourceRow, senders: string[]): void {
  if (!source.allowedSenderDomains.length) return;
  const outside = senders.filter((s) => {
    const d = domainOfEmail(s);
    return !d || !source.allowedSenderDomains.some((allowed) => domainMatches(d, allowed));
  });
  if (!senders.length || outside.length) {
    throw new ForbiddenError(
      senders.length ? `Senders outside the allowed domains: ${outside.join(', ')}.` : 'This source only accepts deliveries that name their senders (X-Ingest-Senders).',
      'sender_not_allowed',
    );
  }
}

function contentTypeMatches(actual: string, allowed: string): boolean {
  if (allowed.endsWith('/*')) return actual.startsWith(allowed.slice(0, -1));
  return actual === allowed;
}
