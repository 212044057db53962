// Tool schemas as MCP clients and model providers accept them. The REST bodies' schemas write a
// nullable field as `type: ["string", "null"]`, legal JSON Schema that several clients refuse in a
// tool definition; `portable` rewrites every such type list into `anyOf` branches of one type each
// (the same values validate). Output schemas are CONTRACT's reply shapes (domain/schemas/responses.ts,
// the ones the OpenAPI document checks real REST replies against), plus the MCP-only extras.
import {
  backlinksResponse,
  brainListResponse,
  brainSchemaResponse,
  changesResponse,
  fileInfoResponse,
  fileListResponse,
  inboxItemDetailResponse,
  inboxListResponse,
  instructionsResponse,
  pageListResponse,
  pageResponse,
  partitionListResponse,
  resolveResponse,
  searchResponse,
  timelineAddedResponse,
  timelineResponse,
  traverseResponse,
  uploadResponse,
} from '../domain/schemas/responses.js';
import type { JsonSchema } from '../domain/validate.js';

/** Keywords that constrain only values of one JSON type; in a branch they go with that type. */
const KEYWORDS_OF: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'propertyNames', 'minProperties', 'maxProperties', 'patternProperties'],
};
const TYPED = new Set(Object.values(KEYWORDS_OF).flat());

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** A copy of `schema` with no `type` list anywhere: each becomes `anyOf` branches of one type. */
export function portable(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties' || k === 'patternProperties') out[k] = mapValues(v as Record<string, JsonSchema>, portable);
    else if (k === 'items' || k === 'additionalProperties' || k === 'propertyNames' || k === 'contains' || k === 'not') out[k] = isSchema(v) ? portable(v) : v;
    else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf' || k === 'prefixItems') out[k] = (v as JsonSchema[]).map(portable);
    else out[k] = v;
  }
  if (!Array.isArray(out.type)) return out;
  const types = out.type as string[];
  const shared: JsonSchema = {};
  for (const [k, v] of Object.entries(out)) if (k !== 'type' && k !== 'enum' && k !== 'const' && !TYPED.has(k)) shared[k] = v;
  const branches = types.map((t) => {
    const branch: JsonSchema = { type: t };
    for (const k of KEYWORDS_OF[t] ?? []) if (k in out) branch[k] = out[k];
    const fits = (v: unknown) => typeOf(v) === t || (t === 'number' && typeOf(v) === 'integer');
    if (Array.isArray(out.enum)) branch.enum = (out.enum as unknown[]).filter(fits);
    if ('const' in out && fits(out.const)) branch.const = out.const;
    return branch;
  });
  // A branch whose enum lost every value (or whose const is of another type) admits nothing.
  const live = branches.filter((b) => !(Array.isArray(b.enum) && !(b.enum as unknown[]).length) && !('const' in out && !('const' in b)));
  return live.length === 1 ? { ...shared, ...live[0] } : { ...shared, anyOf: live };
}

function isSchema(v: unknown): v is JsonSchema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function mapValues<T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/** An object schema with more properties (an MCP reply that adds to the REST one). */
function extend(base: JsonSchema, properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return {
    ...base,
    properties: { ...(base.properties as Record<string, JsonSchema>), ...properties },
    required: [...((base.required as string[] | undefined) ?? []), ...required],
  };
}

/** `allOf` of object schemas as one object schema: a tool's outputSchema must be an object at its root. */
function mergeAll(schema: JsonSchema): JsonSchema {
  const parts = (schema.allOf as JsonSchema[] | undefined) ?? [schema];
  return parts.reduce<JsonSchema>((acc, p) => extend(acc, (p.properties as Record<string, JsonSchema>) ?? {}, (p.required as string[]) ?? []), { type: 'object', properties: {}, required: [] });
}

/** What each tool's `structuredContent` holds on success (errors carry the problem as text). */
export const OUTPUT_SCHEMAS: Record<string, JsonSchema> = {
  list_brains: brainListResponse,
  get_schema: brainSchemaResponse,
  get_instructions: instructionsResponse,
  search: searchResponse,
  read_page: pageResponse,
  list_pages: pageListResponse,
  write_page: extend(pageResponse, { created: { type: 'boolean', description: 'true when the page did not exist before.' } }),
  patch_page: pageResponse,
  delete_page: { type: 'object', properties: { deleted: { type: 'boolean', enum: [true] }, path: { type: 'string' } }, required: ['deleted', 'path'] },
  move_page: pageResponse,
  get_timeline: timelineResponse,
  add_timeline_entry: timelineAddedResponse,
  backlinks: backlinksResponse,
  traverse: traverseResponse,
  resolve_links: resolveResponse,
  recent_changes: changesResponse,
  upload_to_inbox: uploadResponse,
  list_inbox: inboxListResponse,
  get_inbox_item: mergeAll(inboxItemDetailResponse),
  list_partitions: partitionListResponse,
  list_files: fileListResponse,
  read_file: extend(
    fileInfoResponse,
    {
      textStatus: { type: 'string', enum: ['extracted', 'failed', 'too_large', 'pending'], description: "A PDF's: whether its text was extracted." },
      textError: {
        type: 'string',
        description:
          "Why a PDF reads as empty: its text could not be extracted (why, and, when that was not the file's fault, when it is tried again), it is over the extraction limit, or it changed while read.",
      },
    },
    [],
  ),
};
