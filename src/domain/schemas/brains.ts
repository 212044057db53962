// Request bodies of the brain routes (one schema: REST validation, MCP, OpenAPI).
import { S, type Infer } from '../validate.js';

export const createBrainBody = S.object({
  name: S.nullableString({ maxLength: 200 }),
  slug: S.nullableString({ maxLength: 64 }),
  description: S.nullableString({ maxLength: 2000 }),
  visibility: S.int({ enum: [0, 1, 2] }),
  templateKey: S.nullableString({ maxLength: 64 }),
  embeddingProvider: S.int({ enum: [0, 1, 2, 3, 4] }),
  embeddingModel: S.nullableString({ maxLength: 500 }),
  embeddingDimensions: S.int({ minimum: 1, maximum: 8192 }),
});

export type CreateBrainBody = Infer<typeof createBrainBody>;

/** PATCH /brains/{id}: the embedding settings an Admin may change (anything omitted keeps its value). */
export const updateBrainEmbeddingBody = S.object({
  embeddingProvider: S.int({ enum: [0, 1, 2, 3, 4] }),
  embeddingModel: S.nullableString({ maxLength: 500 }),
  embeddingDimensions: S.int({ minimum: 1, maximum: 8192 }),
});

export type UpdateBrainEmbeddingBody = Infer<typeof updateBrainEmbeddingBody>;

/**
 * PATCH /brains/{id}: any of the brain's settings (anything omitted keeps its value). Name and
 * description need Admin, visibility and slug need Owner, the embedding fields need Admin.
 */
export const updateBrainBody = S.object({
  name: S.nullableString({ maxLength: 200 }),
  description: S.nullableString({ maxLength: 2000 }),
  visibility: S.int({ enum: [0, 1, 2] }),
  slug: S.string({ minLength: 1, maxLength: 64 }),
  embeddingProvider: S.int({ enum: [0, 1, 2, 3, 4] }),
  embeddingModel: S.nullableString({ maxLength: 500 }),
  embeddingDimensions: S.int({ minimum: 1, maximum: 8192 }),
});

export type UpdateBrainBody = Infer<typeof updateBrainBody>;
