// Attachments: the non-markdown files a brain keeps beside its pages (CONTRACT "Files").
// The one set of rules for the REST routes, MCP tools, the web app and git push: which types are
// allowed (by extension, declared type and the bytes' own signature, all three agreeing), the
// size cap, and the path rules (the page rules, without `.md`).
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors.js';
import { extractMarkdownHrefs } from './links.js';
import { isBrainConfigPath, normalizePagePath } from './paths.js';

export const DEFAULT_MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Bytes of a file's head that the signature check reads. */
export const SNIFF_BYTES = 512;

export interface FileKind {
  contentType: string;
  extensions: string[];
  /** Images come back from MCP read_file as image content. */
  image: boolean;
  /** Served as an attachment under a sandbox CSP: a browser would run its scripts inline. */
  active: boolean;
  /** Plain text the MCP tool returns as is. */
  text: boolean;
}

export const FILE_KINDS: FileKind[] = [
  { contentType: 'image/png', extensions: ['png'], image: true, active: false, text: false },
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true, active: false, text: false },
  { contentType: 'image/gif', extensions: ['gif'], image: true, active: false, text: false },
  { contentType: 'image/webp', extensions: ['webp'], image: true, active: false, text: false },
  { contentType: 'image/svg+xml', extensions: ['svg'], image: true, active: true, text: false },
  { contentType: 'application/pdf', extensions: ['pdf'], image: false, active: false, text: false },
  { contentType: 'text/plain', extensions: ['txt'], image: false, active: false, text: true },
  { contentType: 'text/csv', extensions: ['csv'], image: false, active: false, text: true },
  { contentType: 'application/json', extensions: ['json'], image: false, active: false, text: true },
];

export const ALLOWED_CONTENT_TYPES = FILE_KINDS.map((k) => k.contentType);

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind a path's extension names, or null (not an allowed attachment). */
export function kindOfPath(path: string): FileKind | null {
  const ext = extensionOf(path);
  return FILE_KINDS.find((k) => k.extensions.includes(ext)) ?? null;
}

export function kindOfType(contentType: string): FileKind | null {
  return FILE_KINDS.find((k) => k.contentType === contentType) ?? null;
}

/** An attachment path: outside `.brain/`, not a page, with an allowed extension. */
export function isFilePath(path: string): boolean {
  return !isBrainConfigPath(path) && !path.toLowerCase().endsWith('.md') && kindOfPath(path) != null;
}

/**
 * Normalize an attachment path with the page rules (no `.md` appended): relative, NFC, no `..`,
 * no `.git`, at most 512 bytes. Pages and `.brain/` are not files; the extension must be allowed.
 */
export function normalizeFilePath(input: unknown): string {
  const path = normalizePagePath(input, { appendMd: false });
  if (isBrainConfigPath(path)) throw new BadRequestError('Invalid path: files may not live under .brain/.', 'invalid_path');
  if (path.toLowerCase().endsWith('.md')) throw new BadRequestError('Invalid path: a .md path is a page; use the pages API.', 'invalid_path');
  if (!kindOfPath(path)) {
    throw new UnsupportedMediaTypeError(`${path}: the file type is not allowed; allowed extensions are ${FILE_KINDS.flatMap((k) => k.extensions).join(', ')}.`, {
      allowed: ALLOWED_CONTENT_TYPES,
    });
  }
  return path;
}

/** `Image/PNG; charset=x` → `image/png`; `image/jpg` is a common spelling of jpeg. */
export function baseType(value: string | null | undefined): string | null {
  const t = value?.split(';')[0]?.trim().toLowerCase();
  if (!t) return null;
  return t === 'image/jpg' ? 'image/jpeg' : t;
}

/** Declared types that say nothing about the bytes: the extension decides. */
const GENERIC_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/x-www-form-urlencoded']);

/** The kind a path and its declared type name, or a 415: the extension is allowed and the declared type (when it says anything) agrees. */
export function checkDeclaredType(path: string, declared: string | null | undefined): FileKind {
  const kind = kindOfPath(path);
  const allowed = { allowed: ALLOWED_CONTENT_TYPES };
  if (!kind) throw new UnsupportedMediaTypeError(`${path}: the file type is not allowed.`, allowed);
  const type = baseType(declared);
  if (type && !GENERIC_TYPES.has(type) && type !== kind.contentType) {
    if (!kindOfType(type)) throw new UnsupportedMediaTypeError(`The content type ${type} is not allowed; allowed are ${ALLOWED_CONTENT_TYPES.join(', ')}.`, allowed);
    throw new UnsupportedMediaTypeError(`The content type ${type} does not match the path's extension (${kind.contentType}).`, allowed);
  }
  return kind;
}

/**
 * The file's content type, or a 415: the extension names an allowed kind, the declared type (when
 * it says anything) is that kind, and the bytes' signature matches it.
 */
export function resolveFileType(path: string, declared: string | null | undefined, head: Buffer): FileKind {
  const kind = checkDeclaredType(path, declared);
  const problem = signatureProblem(kind, head);
  if (problem) throw new UnsupportedMediaTypeError(`${path}: ${problem}`, { allowed: ALLOWED_CONTENT_TYPES });
  return kind;
}

/** Does the head of the bytes look like `kind`? null when it does, else why not. */
export function signatureProblem(kind: FileKind, head: Buffer): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => head[at + i] === b);
  const ascii = (s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;
  switch (kind.contentType) {
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ? null : 'the bytes are not a PNG image';
    case 'image/jpeg':
      return starts([0xff, 0xd8, 0xff]) ? null : 'the bytes are not a JPEG image';
    case 'image/gif':
      return ascii('GIF87a') || ascii('GIF89a') ? null : 'the bytes are not a GIF image';
    case 'image/webp':
      return ascii('RIFF') && ascii('WEBP', 8) ? null : 'the bytes are not a WebP image';
    case 'application/pdf':
      return ascii('%PDF-') ? null : 'the bytes are not a PDF document';
    case 'image/svg+xml': {
      if (!isText(head)) return 'the bytes are not an SVG image';
      const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
      return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text) ? null : 'the bytes are not an SVG image';
    }
    default: {
      // txt, csv and json: text, not a known binary format in disguise.
      if (!isText(head)) return 'the bytes are not text';
      if (kind.contentType === 'application/json' && head.length && !/^\s*[[{"0-9tfn-]/.test(head.toString('utf8').replace(/^\uFEFF/, ''))) return 'the bytes are not JSON';
      return null;
    }
  }
}

/** UTF-8 text without NULs (the head may end inside a multi-byte character). */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString('utf8');
  const bad = (text.match(/\uFFFD/g) ?? []).length;
  return bad <= 1 && !(bad === 1 && !text.endsWith('\uFFFD'));
}

export function sizeProblem(size: number, maxBytes: number): PayloadTooLargeError | null {
  return size > maxBytes ? new PayloadTooLargeError(`A file may be at most ${maxBytes} bytes (${Math.round(maxBytes / 1024 / 1024)} MB).`, maxBytes) : null;
}

/** A markdown link target that names a file beside the pages, resolved against the linking page's folder. */
export function fileLinkTarget(fromPath: string, target: string): string | null {
  let t = target.trim().replace(/^<|>$/g, '');
  if (!t || /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('#') || t.startsWith('//')) return null;
  t = t.replace(/[?#].*$/, '');
  try {
    t = decodeURIComponent(t);
  } catch {
    return null;
  }
  const base = t.startsWith('/') ? [] : fromPath.split('/').slice(0, -1);
  for (const seg of t.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!base.length) return null;
      base.pop();
    } else base.push(seg);
  }
  const path = base.join('/');
  return path && isFilePath(path) ? path.normalize('NFC') : null;
}

/** The files a page links to or shows (markdown links and images), resolved, each once. */
export function fileLinksOf(pagePath: string, markdown: string): string[] {
  if (!markdown.includes('](')) return [];
  const out = new Set<string>();
  for (const { href } of extractMarkdownHrefs(markdown)) {
    const target = fileLinkTarget(pagePath, href);
    if (target) out.add(target);
  }
  return [...out];
}
