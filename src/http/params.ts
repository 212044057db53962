// Query parameter parsing with 400s that name the parameter.
import { BadRequestError } from '../domain/errors.js';

export function stringParam(value: unknown, name: string): string | null {
  if (value == null || value === '') return null;
  if (typeof value !== 'string') throw new BadRequestError(`The ${name} parameter must be given once, as a string.`, 'invalid_parameter');
  return value;
}

export function boolParam(value: unknown, name: string): boolean {
  const s = stringParam(value, name);
  if (s == null) return false;
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  throw new BadRequestError(`The ${name} parameter must be true or false.`, 'invalid_parameter');
}

/** A repeatable parameter (`type=a&type=b`, or `type=a,b`): its values, or null when absent. */
export function listParam(value: unknown, name: string): string[] | null {
  if (value == null || value === '') return null;
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of list) {
    if (typeof v !== 'string') throw new BadRequestError(`The ${name} parameter must be a string (repeat it for several).`, 'invalid_parameter');
    for (const part of v.split(',')) if (part.trim()) out.push(part.trim());
  }
  return out.length ? out : null;
}
