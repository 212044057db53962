// A brain's schema (.brain/schema.json): its folders, entity types and partition folder.
import { S, validate, type JsonSchema } from './validate.js';
import { BadRequestError } from './errors.js';

export interface BrainSchema {
  folders: Array<{ path: string; description: string; entityType?: string }>;
  entityTypes: Array<{ name: string; folder: string; description: string; fields: Array<{ name: string; type: string; required: boolean }> }>;
  partitionFolder: string | null;
}

export const brainSchemaJsonSchema: JsonSchema = S.object(
  {
    folders: S.array(
      S.object({ path: S.string({ minLength: 1 }), description: S.string(), entityType: S.string() }, ['path', 'description']),
    ),
    entityTypes: S.array(
      S.object(
        {
          name: S.string({ minLength: 1 }),
          folder: S.string(),
          description: S.string(),
          fields: S.array(S.object({ name: S.string({ minLength: 1 }), type: S.string(), required: S.bool() }, ['name', 'type', 'required'])),
        },
        ['name', 'folder', 'description', 'fields'],
      ),
    ),
    partitionFolder: S.nullableString(),
  },
  ['folders', 'entityTypes'],
);

/** Parse and validate schema.json text; throws a 400 that says what is wrong. */
export function parseBrainSchema(text: string): BrainSchema {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new BadRequestError(`schema.json does not parse: ${(e as Error).message}`, "invalid_schema");
  }
  const schema = validate<BrainSchema>(brainSchemaJsonSchema, raw, 'schema.json');
  return { ...schema, partitionFolder: schema.partitionFolder ?? null };
}

export const EMPTY_SCHEMA: BrainSchema = { folders: [], entityTypes: [], partitionFolder: null };
