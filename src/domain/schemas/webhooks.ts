// Request body of POST /brains/{brainId}/webhooks (and the CLI, which builds the same object).
import { EVENT_TYPES, type EventType } from '../events.js';
import { S } from '../validate.js';

export const createWebhookBody = S.object(
  {
    url: S.string({ minLength: 1, maxLength: 2048 }),
    events: S.array(S.string({ enum: [...EVENT_TYPES] }), { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true }),
    folder: S.nullableString({ maxLength: 512 }),
  },
  ['url', 'events'],
);

export interface CreateWebhookBody {
  url: string;
  events: EventType[];
  folder?: string | null;
}
