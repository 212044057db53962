// A form field's limits from the schema the service validates with (src/domain/schemas): its
// maxlength, minlength, min and max are the schema property's, so the browser stops what REST and
// MCP refuse, and a limit changed in the schema changes the form too.
import type { JsonSchema } from '../../domain/validate.js';
import { raw, type SafeHtml } from './html.js';

const ATTRIBUTES = [
  ['minLength', 'minlength'],
  ['maxLength', 'maxlength'],
  ['minimum', 'min'],
  ['maximum', 'max'],
] as const;

function propertyOf(schema: JsonSchema, name: string): JsonSchema {
  const prop = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (!prop) throw new Error(`The schema has no property ${name}.`);
  return prop;
}

/** The HTML limit attributes of property `name` of an object `schema`. */
export function limitsOf(schema: JsonSchema, name: string): SafeHtml {
  const prop = propertyOf(schema, name);
  return raw(ATTRIBUTES.filter(([key]) => typeof prop[key] === 'number').map(([key, attr]) => `${attr}="${String(prop[key])}"`).join(' '));
}

/** One numeric bound (`maximum`, `maxLength`, ...) of property `name`, for a form that clamps or counts. */
export function boundOf(schema: JsonSchema, name: string, bound: (typeof ATTRIBUTES)[number][0]): number {
  const value = propertyOf(schema, name)[bound];
  if (typeof value !== 'number') throw new Error(`Property ${name} has no ${bound}.`);
  return value;
}
