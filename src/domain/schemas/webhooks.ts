// Request body of POST /brains/{brainId}/webhooks (and the CLI, which builds the same object).
import { EVENT_TYPES } from '../events.js';
import { S, type Infer } from '../validate.js';

export const createWebhookBody = S.object(
  {
    url: S.string({ minLength: 1, maxLength: 2048 }),
    events: S.array(S.string({ enum: [...EVENT_TYPES] }), { minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true }),
    folder: S.nullableString({ maxLength: 512 }),
  },
  ['url', 'events'],
);

export type CreateWebhookBody = Infer<typeof createWebhookBody>;
