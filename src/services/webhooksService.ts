// Outbound webhook subscriptions of a brain (Admin): create (the secret is shown once), list,
// delete, and each one's delivery log. Delivery itself is the dispatcher's (webhookDispatcher.ts).
import type { BrainRef } from '../domain/brainRef.js';
import { randomUUID } from 'node:crypto';
import { actorRef, type Actor } from '../domain/actor.js';
import { BadRequestError, NotFoundError } from '../domain/errors.js';
import { eventId, type EventType } from '../domain/events.js';
import { normalizeFolder } from '../domain/paths.js';
import { createWebhookBody, type CreateWebhookBody } from '../domain/schemas/webhooks.js';
import { validate } from '../domain/validate.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { EventsRepo, WebhookRow } from '../storage/sqlite/eventsRepo.js';
import { toWebhookWire, type WebhookWire } from '../domain/entities/webhook.js';
import type { AccessService } from './accessService.js';
import type { SecretBox } from './secretBox.js';
import { randomBase62 } from './secrets.js';
import type { OutboundGuard } from './webhookSender.js';


const SECRET_PREFIX = 'whsec_';
const SECRET_LENGTH = 40;
const DELIVERY_LOG_LIMIT = 100;

export type WebhookView = WebhookWire;

export interface DeliveryView {
  eventId: string;
  type: EventType;
  status: 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export function webhookSecretContext(id: string): string {
  return `webhook:${id}`;
}

export class WebhooksService {
  private changed: Array<() => void> = [];

  constructor(
    private readonly repo: EventsRepo,
    private readonly box: SecretBox,
    private readonly access: AccessService,
    private readonly audit: AuditRepo,
    readonly guard: OutboundGuard,
  ) {}

  /** The dispatcher (in the serving process) learns of new and removed subscriptions here. */
  onChanged(listener: () => void): void {
    this.changed.push(listener);
  }

  async create(actor: Actor, brainRef: BrainRef, body: unknown): Promise<WebhookView & { secret: string }> {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(createWebhookBody, body);
    const url = await this.guard.checkUrl(input.url);
    let folder: string | null = null;
    try {
      folder = normalizeFolder(input.folder ?? '') || null;
    } catch {
      throw new BadRequestError(`'${input.folder}' is not a valid folder.`, 'invalid_folder');
    }
    const id = randomUUID();
    const secret = SECRET_PREFIX + randomBase62(SECRET_LENGTH);
    const row: WebhookRow = {
      id,
      brainId: brain.id,
      url: url.toString(),
      events: input.events,
      folder,
      secretCipher: this.box.seal(secret, webhookSecretContext(id)),
      // A new subscription hears what happens from now on.
      cursor: this.repo.latestSeq(),
      createdAt: new Date().toISOString(),
      createdBy: actorRef(actor),
    };
    this.repo.insertWebhook(row);
    this.audit.record({ brainId: brain.id, actor, action: 'webhook.create', target: id, detail: { url: row.url, events: row.events, folder } });
    for (const l of this.changed) l();
    return { ...toWebhookWire(row), secret };
  }

  list(actor: Actor, brainRef: BrainRef): { webhooks: WebhookView[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    return { webhooks: this.repo.webhooksOf(brain.id).map(toWebhookWire) };
  }

  delete(actor: Actor, brainRef: BrainRef, id: string): void {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    if (!this.repo.deleteWebhook(brain.id, id)) throw new NotFoundError('Webhook', 'webhook_not_found');
    this.audit.record({ brainId: brain.id, actor, action: 'webhook.delete', target: id });
    for (const l of this.changed) l();
  }

  deliveries(actor: Actor, brainRef: BrainRef, id: string): { deliveries: DeliveryView[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const hook = this.repo.webhook(id);
    if (!hook || hook.brainId !== brain.id) throw new NotFoundError('Webhook', 'webhook_not_found');
    const deliveries = this.repo.deliveries(id, DELIVERY_LOG_LIMIT).map((d) => ({
      eventId: eventId(d.eventSeq),
      type: d.type,
      status: d.status,
      attempts: d.attempts,
      lastError: d.lastError,
      deliveredAt: d.deliveredAt,
    }));
    return { deliveries };
  }
}
