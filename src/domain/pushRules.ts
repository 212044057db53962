// What a git push may change: the API's rules, applied to every pushed commit. Pure functions;
// the pre-receive hook (src/git-http/preReceive.ts) feeds them what git says the push holds.
import { parseBrainSchema } from './brainSchema.js';
import { isAppError } from './errors.js';
import { DEFAULT_MAX_FILE_BYTES, FILE_KINDS, SNIFF_BYTES, isFilePath, kindOfPath, signatureProblem } from './files.js';
import { isBrainConfigPath, normalizePagePath } from './paths.js';
import { isRole, roleAtLeast } from './roles.js';
import { MAX_PAGE_BYTES } from './schemas/pages.js';

export const ZERO_OID = '0000000000000000000000000000000000000000';
export const PUSHABLE_REF = 'refs/heads/main';
export const SCHEMA_PATH = '.brain/schema.json';
export const MAX_PUSHED_FILE_BYTES = MAX_PAGE_BYTES;

export interface RefUpdate {
  oldOid: string;
  newOid: string;
  ref: string;
}

/** Branch, tag and delete rules for one line of pre-receive input. */
export function refUpdateProblem(u: RefUpdate): string | null {
  if (u.ref.startsWith('refs/tags/')) return `${u.ref}: tags are not accepted; push commits to main`;
  if (u.ref !== PUSHABLE_REF) return `${u.ref}: only the main branch can be pushed`;
  if (u.newOid === ZERO_OID) return `${u.ref}: the main branch cannot be deleted`;
  return null;
}

export function nonFastForwardProblem(ref: string): string {
  return `${ref}: non-fast-forward; the brain changed since you fetched. Run git pull --rebase, then push again`;
}

export function roleProblem(role: string | undefined): string | null {
  if (!isRole(role) || !roleAtLeast(role, 'Write')) return 'pushing needs the Write role on this brain';
  return null;
}

/** `.brain/` holds the schema, instructions and skills: only Admins change it, by API or by push. */
export function brainDirProblem(role: string | undefined, changedBrainPaths: string[]): string | null {
  if (!changedBrainPaths.length || (isRole(role) && roleAtLeast(role, 'Admin'))) return null;
  return `${changedBrainPaths[0]}: files under .brain/ need the Admin role`;
}

/** Regular files only: no symlinks (they could point outside the brain) and no submodules. */
export function modeProblem(path: string, mode: string): string | null {
  if (mode === '100644' || mode === '100755') return null;
  if (mode === '120000') return `${path}: symbolic links are not accepted`;
  if (mode === '160000') return `${path}: submodules are not accepted`;
  return `${path}: unsupported file mode ${mode}`;
}

/**
 * The API's path rules: a pushed path must already be in normalized form (what
 * normalizePagePath would make of it), so every page has one name; outside `.brain/`
 * that means markdown pages and attachments of the allowed types. Under `.brain/`: schema.json and markdown files.
 */
export function pathProblem(path: string): string | null {
  let normalized: string;
  try {
    normalized = normalizePagePath(path);
  } catch (e) {
    if (isAppError(e)) return `${display(path)}: ${e.message}`;
    throw e;
  }
  if (isBrainConfigPath(path)) {
    if (normalized !== path) return `${display(path)}: not a normalized path (expected ${normalized})`;
    if (path !== SCHEMA_PATH && !path.toLowerCase().endsWith('.md')) return `${path}: only schema.json and markdown files live under .brain/`;
    return null;
  }
  if (normalized === path) return null;
  // An attachment (image, PDF, text, CSV, JSON) in normalized form lives beside the pages.
  if (isFilePath(path) && normalizePagePath(path, { appendMd: false }) === path) return null;
  if (path.normalize('NFC') !== path) return `${display(path)}: the file name is not in Unicode NFC form (accents decomposed, as macOS may write them); rename it`;
  if (normalized === `${path}.md`) {
    return `${path}: only markdown pages (.md) and files of the allowed types (${FILE_KINDS.flatMap((k) => k.extensions).join(', ')}) can be pushed outside .brain/`;
  }
  return `${display(path)}: not a normalized path (expected ${normalized})`;
}

export function sizeProblem(path: string, bytes: number, maxFileBytes: number = DEFAULT_MAX_FILE_BYTES): string | null {
  if (isFilePath(path)) return bytes <= maxFileBytes ? null : `${path}: ${bytes} bytes is over the ${maxFileBytes}-byte limit for a file`;
  if (bytes <= MAX_PUSHED_FILE_BYTES) return null;
  return `${path}: ${bytes} bytes is over the ${MAX_PUSHED_FILE_BYTES}-byte limit for a page`;
}

/** Pages are UTF-8 text; schema.json must parse and validate as the API would require. */
export function contentProblem(path: string, content: Buffer): string | null {
  return checkContent(path, content).problem;
}

/**
 * contentProblem, with the text of a page (or other non-file) that passed: the bytes decoded as
 * `Buffer.toString('utf8')` would (a leading BOM kept), so whoever indexes the page need not decode it again.
 */
export function checkContent(path: string, content: Buffer): { problem: string | null; text?: string } {
  if (isFilePath(path)) {
    // The bytes must be what the extension says (the API's signature check).
    const problem = signatureProblem(kindOfPath(path)!, content.subarray(0, SNIFF_BYTES));
    return { problem: problem ? `${path}: ${problem}` : null };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(content);
  } catch {
    return { problem: `${path}: not valid UTF-8 text` };
  }
  if (path === SCHEMA_PATH) {
    try {
      parseBrainSchema(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // as TextDecoder's default gave it
    } catch (e) {
      if (isAppError(e)) return { problem: `${path}: ${e.message}` };
      throw e;
    }
  }
  return { problem: null, text };
}

/** Brainkeep-Actor trailers attribute commits in the changes feed; a push may not claim one. */
export function messageProblem(commit: string, message: string): string | null {
  if (/^Brainkeep-Actor:/im.test(message)) return `commit ${commit.slice(0, 12)}: its message claims a Brainkeep-Actor trailer, which only the server writes`;
  return null;
}

/** Control characters would garble the client's terminal: show them escaped. */
function display(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
