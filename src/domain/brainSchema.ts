// A brain's schema (.brain/schema.json): its folders, entity types and partition folder.
import { S, validate, type JsonSchema } from './validate.js';
import { BadRequestError } from './errors.js';
import type { RelationRules, RelationSpec } from './relations/relations.js';

export interface BrainSchema {
  folders: Array<{ path: string; description: string; entityType?: string }>;
  entityTypes: Array<{ name: string; folder: string; description: string; fields: Array<{ name: string; type: string; required: boolean }> }>;
  partitionFolder: string | null;
  /** Additions to the relation cue table (domain/relations/cues.json), per relation type. */
  relations?: Record<string, RelationSpec>;
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
    relations: {
      type: 'object',
      description: 'Extra relation cues per relation type (see docs/search.md, "Typed links").',
      additionalProperties: S.object({
        keys: S.array(S.string({ minLength: 1, maxLength: 64 })),
        sections: S.array(S.string({ minLength: 1, maxLength: 64 })),
        before: S.array(S.string({ minLength: 1, maxLength: 64 })),
        after: S.array(S.string({ minLength: 1, maxLength: 64 })),
        query: S.array(S.string({ minLength: 1, maxLength: 64 })),
      }),
    },
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

const rulesCache = new WeakMap<BrainSchema, RelationRules | null>();

/**
 * What a schema adds to link typing: its entity types' link fields (`link`, `link[]`; the field
 * name is the relation) and its `relations` cues. Null when it adds nothing. Same object per schema.
 */
export function relationRulesOf(schema: BrainSchema): RelationRules | null {
  if (rulesCache.has(schema)) return rulesCache.get(schema)!;
  const linkFields: Record<string, string> = {};
  for (const t of schema.entityTypes) for (const f of t.fields) if (/^link(\[\])?$/i.test(f.type.trim())) linkFields[f.name] = f.name;
  const hasFields = Object.keys(linkFields).length > 0;
  const rules = hasFields || schema.relations ? { ...(hasFields ? { linkFields } : {}), ...(schema.relations ? { relations: schema.relations } : {}) } : null;
  rulesCache.set(schema, rules);
  return rules;
}
