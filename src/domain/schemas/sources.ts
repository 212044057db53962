// Request bodies of the ingest-source admin routes (and the CLI, which builds the same objects).
import { S, type Infer } from '../validate.js';
import { MAX_MULTIPART_UPLOAD_BYTES } from './inbox.js';

const editable = {
  label: S.string({ minLength: 1, maxLength: 200 }),
  targetFolder: S.nullableString({ maxLength: 512 }),
  partition: S.nullableString({ maxLength: 100 }),
  skill: S.nullableString({ maxLength: 100 }),
  allowedContentTypes: S.array(S.string({ minLength: 1, maxLength: 200 }), { maxItems: 100 }),
  maxBytes: S.nullable(S.int({ minimum: 1, maximum: MAX_MULTIPART_UPLOAD_BYTES })),
  allowedSenderDomains: S.array(S.string({ minLength: 1, maxLength: 253 }), { maxItems: 500 }),
};

export const createSourceBody = S.object(
  { ...editable, kind: S.string({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9-]+$' }), mode: S.string({ enum: ['secret', 'signature'] }) },
  ['mode'],
);

export const updateSourceBody = S.object(editable);

export type SourceEditBody = Infer<typeof updateSourceBody>;
export type CreateSourceBody = Infer<typeof createSourceBody>;
