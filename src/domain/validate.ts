// One JSON Schema per request body: compiled once by ajv, used by REST validation,
// MCP tool input schemas and the OpenAPI document.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ValidationError } from './errors.js';

// ajv-formats is CommonJS; its default export arrives as a namespace under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export type JsonSchema = Record<string, unknown>;

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function compile(schema: JsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

/**
 * Validate `value` against `schema`; throws a 400 listing every problem, each worded so that the
 * caller (a person or an agent) can fix it in one step. Returns the value typed.
 */
export function validate<T>(schema: JsonSchema, value: unknown, what = 'body'): T {
  const fn = compile(schema);
  if (!fn(value)) {
    const errors = problems(fn.errors ?? []);
    throw new ValidationError(`Invalid ${what}: ${errors.map((e) => e.message).join('; ')}.`, errors);
  }
  return value as T;
}

/**
 * A query string read against the same schema a tool's arguments or a body are: only the schema's
 * properties are taken (other parameters are ignored, as before), an empty value counts as absent,
 * and each value is read as its property's type (integer, boolean, repeatable string) before the
 * schema checks it. A value that does not read as its type is left as the string, so the schema's
 * message names it. Throws the same 400 a body or a tool call gets.
 */
export function validateQuery<T>(schema: JsonSchema, query: Record<string, unknown>): T {
  const props = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(props)) {
    const raw = query[name];
    if (raw == null || raw === '') continue;
    out[name] = queryValue(prop, raw);
  }
  return validate<T>(schema, out, 'query');
}

function queryValue(prop: JsonSchema, raw: unknown): unknown {
  const types = ([] as unknown[]).concat(prop.type);
  if (types.includes('array')) {
    const list = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',').map((p) => p.trim()).filter(Boolean) : [v]));
    return list;
  }
  if (typeof raw !== 'string') return raw; // a repeated parameter: the schema refuses the array
  if (types.includes('integer') || types.includes('number')) return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (types.includes('boolean')) return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
  return raw;
}

/**
 * One message per problem. A value that fits none of an `anyOf`'s branches is described once: by
 * the constraint it broke when some branch had its type, else by the types the branches allow.
 */
function problems(errors: ErrorObject[]): Array<{ path: string; message: string }> {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  const inBranch = (e: ErrorObject, a: ErrorObject) => e !== a && e.instancePath === a.instancePath && e.schemaPath.startsWith(`${a.schemaPath}/`);
  const out: Array<{ path: string; message: string }> = [];
  const seen = new Set<string>();
  const push = (p: { path: string; message: string }) => {
    if (!seen.has(p.message)) out.push(p);
    seen.add(p.message);
  };
  for (const e of errors) {
    const owner = anyOfs.find((a) => inBranch(e, a));
    if (owner) continue;
    if (e.keyword !== 'anyOf') {
      push(describe(e));
      continue;
    }
    const branches = errors.filter((b) => inBranch(b, e));
    const specific = branches.filter((b) => b.keyword !== 'type');
    if (specific.length) for (const b of specific) push(describe(b));
    else push({ path: pathOf(e), message: `${pathOf(e) || 'value'} must be ${typeList(branches.map((b) => (b.params as { type: string | string[] }).type).flat())}` });
  }
  return out;
}

function pathOf(e: ErrorObject): string {
  return e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '';
}

const ARTICLE: Record<string, string> = { string: 'a string', integer: 'an integer', number: 'a number', boolean: 'true or false', object: 'an object', array: 'an array', null: 'null' };

function typeList(types: string[]): string {
  const words = [...new Set(types)].map((t) => ARTICLE[t] ?? t);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? 'valid');
}

function describe(e: ErrorObject): { path: string; message: string } {
  const where = pathOf(e);
  const subject = where || 'value';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = p.additionalProperty as string;
      return { path: where ? `${where}.${prop}` : prop, message: `unknown property '${prop}'` };
    }
    case 'required': {
      const prop = p.missingProperty as string;
      return { path: where ? `${where}.${prop}` : prop, message: `'${prop}' is required` };
    }
    case 'enum':
      return { path: where, message: `${subject} must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'type':
      return { path: where, message: `${subject} must be ${typeList(([] as string[]).concat(p.type as string | string[]))}` };
    case 'maximum':
      return { path: where, message: `${subject} must be at most ${String(p.limit)}` };
    case 'minimum':
      return { path: where, message: `${subject} must be at least ${String(p.limit)}` };
    case 'maxLength':
      return { path: where, message: `${subject} must be at most ${String(p.limit)} characters long` };
    case 'minLength':
      return { path: where, message: p.limit === 1 ? `${subject} must not be empty` : `${subject} must be at least ${String(p.limit)} characters long` };
    case 'maxItems':
      return { path: where, message: `${subject} must have at most ${String(p.limit)} items` };
    default:
      return { path: where, message: `${subject} ${e.message ?? 'is invalid'}` };
  }
}

/** Shorthand builders that keep schemas short and uniform. */
export const S = {
  object(properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}): JsonSchema {
    return { type: 'object', properties, required, additionalProperties: false, ...extra };
  },
  string(extra: JsonSchema = {}): JsonSchema {
    return { type: 'string', ...extra };
  },
  nullableString(extra: JsonSchema = {}): JsonSchema {
    return { type: ['string', 'null'], ...extra };
  },
  int(extra: JsonSchema = {}): JsonSchema {
    return { type: 'integer', minimum: -2147483648, maximum: 2147483647, ...extra };
  },
  bool(): JsonSchema {
    return { type: 'boolean' };
  },
  array(items: JsonSchema, extra: JsonSchema = {}): JsonSchema {
    return { type: 'array', items, ...extra };
  },
};
