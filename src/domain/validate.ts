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

/** Validate `value` against `schema`; throws a 400 listing every problem. Returns the value typed. */
export function validate<T>(schema: JsonSchema, value: unknown, what = 'body'): T {
  const fn = compile(schema);
  if (!fn(value)) {
    const errors = (fn.errors ?? []).map(describe);
    throw new ValidationError(`The ${what} is not valid: ${errors.map((e) => e.message).join('; ')}.`, errors);
  }
  return value as T;
}

function describe(e: ErrorObject): { path: string; message: string } {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '';
  if (e.keyword === 'additionalProperties') {
    const prop = (e.params as { additionalProperty: string }).additionalProperty;
    return { path: where ? `${where}.${prop}` : prop, message: `unknown property '${prop}'` };
  }
  if (e.keyword === 'required') {
    const prop = (e.params as { missingProperty: string }).missingProperty;
    return { path: where ? `${where}.${prop}` : prop, message: `'${prop}' is required` };
  }
  return { path: where, message: `${where || 'value'} ${e.message ?? 'is invalid'}` };
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
