// An outgoing webhook subscription, defined once: the entity (`Webhook`, as stored: the signing
// secret only as ciphertext, plus the delivery cursor), its wire shape (CONTRACT "Webhook": never
// the secret or the cursor) and the mapper.
import type { EventType } from '../events.js';

export interface Webhook {
  id: string;
  brainId: string;
  url: string;
  events: EventType[];
  folder: string | null;
  secretCipher: string;
  /** The last event seq this subscription has finished with (delivered, filtered out or given up). */
  cursor: number;
  createdAt: string;
  createdBy: string | null;
}

export type WebhookWire = Pick<Webhook, 'id' | 'url' | 'events' | 'folder' | 'createdAt'>;

export function toWebhookWire(w: Webhook): WebhookWire {
  return { id: w.id, url: w.url, events: w.events, folder: w.folder, createdAt: w.createdAt };
}
