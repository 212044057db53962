// One JSON Schema per request body and query: compiled once by ajv, used by REST validation,
// MCP tool input schemas, the OpenAPI document and the web forms' limits. The `S` builders type
// each schema with the values it accepts, so a request type is `Infer<typeof schema>`.
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ValidationError } from './errors.js';

export type JsonSchema = Record<string, unknown>;

let ajv: Ajv | null = null;

/**
 * The one ajv instance, made by the first validation: ajv and ajv-formats (both CommonJS, so
 * required synchronously) are some hundred files that a process validating nothing (most CLI
 * commands) need not load.
 */
function ajvInstance(): Ajv {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
  ajv = new AjvClass({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  return ajv;
}

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function compile(schema: JsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajvInstance().compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

/**
 * Validate `value` against `schema`; throws a 400 listing every problem, each worded so that the
 * caller (a person or an agent) can fix it in one step. Returns the value typed.
 */
export function validate<T>(schema: Schema<T>, value: unknown, what = 'body'): T {
  const checked = check(schema, value, what);
  if (!checked.ok) throw new ValidationError(checked.detail, checked.errors);
  return checked.value;
}

/** Where a value failed its schema, for a caller that treats a bad value as an outcome (not a 400). */
export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string; errors: Array<{ path: string; message: string }> };

/** `validate` as a result: the value typed, or the same wording `validate` would throw. */
export function check<T>(schema: Schema<T>, value: unknown, what = 'body'): Checked<T> {
  const fn = compile(schema);
  if (fn(value)) return { ok: true, value: value as T };
  const errors = problems(fn.errors ?? []);
  return { ok: false, detail: `Invalid ${what}: ${errors.map((e) => e.message).join('; ')}.`, errors };
}

/**
 * A query string read against the same schema a tool's arguments or a body are: only the schema's
 * properties are taken (other parameters are ignored, as before), an empty value counts as absent,
 * and each value is read as its property's type (integer, boolean, repeatable string) before the
 * schema checks it. A value that does not read as its type is left as the string, so the schema's
 * message names it. Throws the same 400 a body or a tool call gets.
 */
export function validateQuery<T>(schema: Schema<T>, query: Record<string, unknown>): T {
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

declare const VALUE: unique symbol;

/**
 * A JSON Schema that also carries, for the type checker only, the type of the values it accepts.
 * The builders of `S` make one from the schema's own words (its properties, which of them are
 * required, its types and enums), so a request type is `Infer<typeof schema>` and cannot drift
 * from what ajv checks, what MCP tools offer and what the OpenAPI document says.
 */
export type Schema<T> = JsonSchema & { readonly [VALUE]?: T };

/** The type of the values a schema accepts (`unknown` for a schema written without `S`). */
export type Infer<Sc> = Sc extends { readonly [VALUE]?: infer T } ? T : unknown;

type Properties = Record<string, Schema<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** An object's type: the required properties as they are, the others optional. */
type ObjectOf<P extends Properties, R extends keyof P> = Flat<{ [K in R]: Infer<P[K]> } & { [K in Exclude<keyof P, R>]?: Infer<P[K]> }>;

/** An object schema whose properties stay typed, so another schema can spread them. */
export type ObjectSchema<P extends Properties, R extends keyof P = never> = Schema<ObjectOf<P, R>> & { type: 'object'; properties: P; required: readonly R[] };

/** What each JSON type name admits, for a property of more than one type (`type: ['string', 'object']`). */
interface TypeNames {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  object: Record<string, unknown>;
  array: unknown[];
  null: null;
}

type WithEnum<E> = JsonSchema & { enum: readonly E[] };

function object<P extends Properties, R extends keyof P & string = never>(properties: P, required: readonly R[] = [], extra: JsonSchema = {}): ObjectSchema<P, R> {
  return { type: 'object', properties, required, additionalProperties: false, ...extra } as ObjectSchema<P, R>;
}

function string<const E extends string>(extra: WithEnum<E>): Schema<E>;
function string(extra?: JsonSchema): Schema<string>;
function string(extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', ...extra };
}

function int<const E extends number>(extra: WithEnum<E>): Schema<E>;
function int(extra?: JsonSchema): Schema<number>;
function int(extra: JsonSchema = {}): JsonSchema {
  return { type: 'integer', minimum: -2147483648, maximum: 2147483647, ...extra };
}

/** `schema` that also takes null: its type list gains "null" (and its enum, if any, null). */
function nullable<T>(schema: Schema<T>): Schema<T | null> {
  const enumOf = Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {};
  return { ...schema, type: [...([] as unknown[]).concat(schema.type), 'null'], ...enumOf };
}

/** Shorthand builders that keep schemas short and uniform, and typed (see `Schema`). */
export const S = {
  object,
  string,
  int,
  nullable,
  nullableString(extra: JsonSchema = {}): Schema<string | null> {
    return nullable(string(extra));
  },
  number(extra: JsonSchema = {}): Schema<number> {
    return { type: 'number', ...extra };
  },
  bool(): Schema<boolean> {
    return { type: 'boolean' };
  },
  null(): Schema<null> {
    return { type: 'null' };
  },
  array<T>(items: Schema<T>, extra: JsonSchema = {}): Schema<T[]> {
    return { type: 'array', items, ...extra };
  },
  /** An object of any keys (`values`: the schema every value meets; any value when absent). */
  map<V = unknown>(extra: JsonSchema = {}, values?: Schema<V>): Schema<Record<string, V>> {
    return { type: 'object', ...(values ? { additionalProperties: values } : {}), ...extra };
  },
  /** A value of any of the named JSON types (one `type` list: its keywords apply to the types they fit). */
  types<const N extends keyof TypeNames>(types: readonly N[], extra: JsonSchema = {}): Schema<TypeNames[N]> {
    return { type: [...types], ...extra };
  },
  /** A value that meets one of the schemas at least. */
  anyOf<const B extends ReadonlyArray<Schema<unknown>>>(branches: B, extra: JsonSchema = {}): Schema<Infer<B[number]>> {
    return { anyOf: [...branches], ...extra };
  },
};
