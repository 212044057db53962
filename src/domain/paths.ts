// The one set of page path rules, used by REST, MCP, filing, import and git push.
import { BadRequestError } from './errors.js';

export const MAX_PATH_BYTES = 512;
export const BRAIN_DIR = '.brain';

/**
 * Normalize a page path: relative POSIX, NFC, `.md` appended when missing.
 * Refuses `..`, `.`, empty segments, a leading `/`, backslashes, `.git`, control characters
 * and anything over 512 bytes. Throws a 400 `invalid_path` with the reason.
 */
export function normalizePagePath(input: unknown, opts: { allowBrainDir?: boolean; appendMd?: boolean } = {}): string {
  if (typeof input !== 'string' || input.trim() === '') throw invalid('path is required');
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(input)) throw invalid('path is not valid Unicode');
  let path = input.normalize('NFC').trim();
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) throw invalid('path contains a control character');
  if (path.includes('\\')) throw invalid('path must use forward slashes');
  if (path.startsWith('/')) throw invalid('path must be relative (no leading /)');
  const segments = path.split('/');
  for (const seg of segments) {
    if (seg === '') throw invalid('path has an empty segment');
    if (seg === '.' || seg === '..') throw invalid('path may not contain . or .. segments');
    if (seg.toLowerCase() === '.git') throw invalid('path may not contain .git');
    // A client that decodes once more would see `%2e%2e` as `..` and `%2f` as `/`: refuse both.
    if (/%(2e|2f|5c|00)/i.test(seg) && /^(\.|\.\.)$|[/\\\u0000]|^\.git$/i.test(safeDecode(seg))) throw invalid('path may not contain encoded traversal');
    if (seg !== seg.trim()) throw invalid('path segments may not start or end with spaces');
  }
  if (segments[0] === BRAIN_DIR && !opts.allowBrainDir) {
    // Still valid syntax; callers decide on the role (Admin) separately.
  }
  if (opts.appendMd !== false && !isBrainConfigPath(path) && !path.toLowerCase().endsWith('.md')) path += '.md';
  if (Buffer.byteLength(path, 'utf8') > MAX_PATH_BYTES) throw invalid(`path is longer than ${MAX_PATH_BYTES} bytes`);
  return path;
}

/** Normalize a folder (no `.md` appended, no trailing slash). Empty string means the root. */
export function normalizeFolder(input: unknown): string {
  if (input == null || input === '') return '';
  if (typeof input !== 'string') throw invalid('folder must be a string');
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return normalizePagePath(trimmed, { appendMd: false });
}

export function isBrainConfigPath(path: string): boolean {
  return path === BRAIN_DIR || path.startsWith(`${BRAIN_DIR}/`);
}

export function isPagePath(path: string): boolean {
  return path.toLowerCase().endsWith('.md') && !isBrainConfigPath(path);
}

export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.replace(/\.md$/i, '');
}

function safeDecode(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

function invalid(reason: string): BadRequestError {
  return new BadRequestError(`Invalid path: ${reason}.`, 'invalid_path');
}
