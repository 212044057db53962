// Slugs. Brains and partition keys are ASCII (they appear in URLs and git remotes: SLUG_PATTERN);
// page file names keep the letters and digits of every script (pageSlug).

export function slugify(input: string, maxLength = 64): string {
  const slug = input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug;
}

/**
 * A file name for a new page: lower case, every run of anything but letters, marks and digits turned
 * into one `-`, Latin accents dropped (Réunion → reunion) and every other script kept (東京会議,
 * встреча-в-москве). Cut at `maxBytes` of UTF-8 (file systems count bytes) on a character boundary.
 */
export function pageSlug(input: string, maxBytes = 120): string {
  const words = input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let out = '';
  let bytes = 0;
  for (const ch of words) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out.replace(/-+$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
