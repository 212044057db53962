// Request bodies of the inbox routes (REST validation, the MCP upload tool, OpenAPI).
import { LIMITS } from '../limits.js';
import { S, type Infer } from '../validate.js';

/** CONTRACT: 10 MB means 10 × 1024 × 1024 decoded bytes. */
export const MAX_JSON_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Multipart files and webhook bodies. */
export const MAX_MULTIPART_UPLOAD_BYTES = 50 * 1024 * 1024;

const optional = (maxLength: number) => S.nullableString({ maxLength });

export const uploadBody = S.object({
  filename: optional(512),
  content: S.nullableString(),
  contentBase64: S.nullableString(),
  contentType: optional(200),
  externalId: optional(512),
  targetFolder: optional(512),
  skill: optional(100),
  canonicalUrl: optional(4096),
  provider: optional(100),
  providerItemId: optional(512),
  version: optional(512),
  partition: optional(100),
  senders: S.anyOf([S.array(S.string({ maxLength: 320 }), { maxItems: 500 }), S.string({ maxLength: 100_000 }), S.null()]),
});

export type UploadBody = Infer<typeof uploadBody>;

export const updateStatusBody = S.object(
  {
    status: S.int({ enum: [0, 1, 2, 3] }),
    targetFolder: optional(512),
    entityType: optional(100),
    targetSlug: optional(512),
    confidence: S.nullable(S.number({ minimum: 0, maximum: 1 })),
    rationale: optional(10_000),
  },
  ['status'],
);

export type UpdateStatusBody = Infer<typeof updateStatusBody>;

export const assignPartitionBody = S.object({ key: S.string({ minLength: 1, maxLength: 100 }), rememberDomains: S.bool() }, ['key']);

export type AssignPartitionBody = Infer<typeof assignPartitionBody>;

/** GET /inbox and the list_inbox tool: one schema, so REST, MCP and OpenAPI share its limits. */
export const listInboxQuery = S.object({
  status: S.int({ enum: [0, 1, 2, 3], minimum: 0, maximum: 3 }),
  partition: S.string({ maxLength: 100 }),
  unassigned: S.bool(),
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  cursor: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.inboxList }),
});

export type ListInboxQuery = Infer<typeof listInboxQuery>;
