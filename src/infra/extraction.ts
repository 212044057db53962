// Text extraction for inbox items, by type: markdown, plain text and JSON (transcripts) as is,
// HTML to markdown (turndown), PDF (unpdf), DOCX (mammoth → HTML → markdown). A binary that
// cannot be read is kept and marked `unextractable`; a parser failure is marked `failed`.
// Neither refuses the upload: the bytes are the item, the text is a convenience for filing.
// PDF, DOCX and HTML are parsed on a worker thread (extractionPool.ts), never on the main thread;
// a zip-based document is checked against the inflation limits (zipLimits.ts) before it is parsed,
// and one over a limit, or one whose parser library would not load, is `failed` with a `reason` the
// inbox keeps the item for review with. A failure that is not the file's own (the parser would not
// load; extractionPool.ts adds the thread's time and memory limits, its death, a shutdown) is also
// `transient`: the same bytes may extract on a later try, and the attachments' indexer retries them.
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import type TurndownService from 'turndown';
import { checkZipLimits, ExtractionLimitError, type ZipLimits } from './zipLimits.js';

export type TextStatus = 'extracted' | 'unextractable' | 'failed';

export interface Extraction {
  text: string;
  status: TextStatus;
  /**
   * Set when extraction stopped at a limit (size, entries, time, memory) or its parser library
   * would not load (an installation fault): why, for the inbox item, which then waits in Review.
   */
  reason?: string;
  /**
   * With `reason`, when the failure is not the file's: its parser library would not load, or the
   * extraction thread hit its time or memory limit, died, or was shut down. The same bytes may
   * extract on a later try. Absent when the file itself was at fault (damaged, encrypted, not a
   * document the parser reads, over a size or inflation limit): trying again gives the same answer.
   */
  transient?: true;
}

/** Unlimited: for callers that trust the bytes (tests of the parsers themselves). */
export const NO_ZIP_LIMITS: ZipLimits = { maxInflatedBytes: Number.MAX_SAFE_INTEGER, maxEntries: Number.MAX_SAFE_INTEGER };

export const CONTENT_TYPES = {
  markdown: 'text/markdown',
  plain: 'text/plain',
  json: 'application/json',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  binary: 'application/octet-stream',
} as const;

const BY_EXTENSION: Record<string, string> = {
  '.md': CONTENT_TYPES.markdown,
  '.markdown': CONTENT_TYPES.markdown,
  '.txt': CONTENT_TYPES.plain,
  '.text': CONTENT_TYPES.plain,
  '.log': CONTENT_TYPES.plain,
  '.csv': 'text/csv',
  '.vtt': 'text/vtt',
  '.srt': CONTENT_TYPES.plain,
  '.json': CONTENT_TYPES.json,
  '.jsonl': 'application/x-ndjson',
  '.html': CONTENT_TYPES.html,
  '.htm': CONTENT_TYPES.html,
  '.pdf': CONTENT_TYPES.pdf,
  '.docx': CONTENT_TYPES.docx,
};

/** Strip parameters and lower-case: `Text/HTML; charset=utf-8` → `text/html`. */
export function baseContentType(value: string | null | undefined): string | null {
  const t = value?.split(';')[0]?.trim().toLowerCase();
  return t ? t : null;
}

/**
 * The content type to record: the declared one unless it is missing or generic, then the file
 * name's extension, then the bytes' signature, then text/plain for text and octet-stream otherwise.
 */
export function resolveContentType(declared: string | null | undefined, filename: string, bytes: Buffer, isText: boolean): string {
  const base = baseContentType(declared);
  if (base && base !== CONTENT_TYPES.binary && base !== 'binary/octet-stream') return base;
  const byExt = BY_EXTENSION[path.extname(filename).toLowerCase()];
  if (byExt) return byExt;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return CONTENT_TYPES.pdf;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes.includes(Buffer.from('word/'))) return CONTENT_TYPES.docx;
  if (isText || looksLikeText(bytes)) return CONTENT_TYPES.plain;
  return base ?? CONTENT_TYPES.binary;
}

function isTextual(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type === CONTENT_TYPES.json ||
    type.endsWith('+json') ||
    type === 'application/x-ndjson' ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/yaml' ||
    type === 'application/x-yaml'
  );
}

/** Valid UTF-8 without NUL bytes (checked natively: no decoder per upload, no string built). */
export function looksLikeText(bytes: Buffer): boolean {
  return !bytes.includes(0) && isUtf8(bytes);
}

/** A parser library failed to load: an installation fault, not the file's, so the item says why. */
export class ParserUnavailableError extends Error {
  override readonly name = 'ParserUnavailableError';
  constructor(library: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`Text extraction is unavailable: the ${library} parser could not be loaded (${why}). The file is kept.`, { cause });
  }
}

/**
 * A parser imported on first use, once per thread: the pending import is kept, so concurrent first
 * callers share it (and whatever `load` builds). A failed load is not kept (the next file tries
 * again) and rejects with ParserUnavailableError carrying the import's own message.
 */
export function lazyParser<T>(library: string, load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw new ParserUnavailableError(library, e);
    }));
}

/**
 * The thread's one HTML → markdown converter. Its rules are set here, once: `remove` appends a
 * rule each call, so applied per conversion the list grew without bound and every node of every
 * later page walked all of it.
 */
const turndownService = lazyParser('turndown', async () => {
  const { default: TurndownService } = await import('turndown');
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  // <nav> and <aside> are a site's menus and "Related" boxes, not the page's content: their links
  // name other stories' subjects, which a filer would otherwise take for what the page is about.
  service.remove(['script', 'style', 'noscript', 'head', 'title', 'nav', 'aside'] as TurndownService.Filter);
  return service;
});
const unpdf = lazyParser('unpdf', () => import('unpdf'));
const mammoth = lazyParser('mammoth', async () => (await import('mammoth')).default);

/**
 * Load the HTML converter now (the extraction thread, before it says it is ready, so loading is not
 * charged to its first job's time limit). A failure is left for the first HTML job to report.
 */
export async function preloadHtmlParser(): Promise<void> {
  await turndownService().catch(() => undefined);
}

async function htmlToMarkdown(html: string): Promise<string> {
  const markdown = (await turndownService()).turndown(html).trim();
  // The page's publication date lives in its head (dropped above) or in an attribute: kept as a
  // labelled first line, so the filer dates the article by it rather than by the upload.
  const published = publishedDate(html);
  return published && !markdown.includes(published) ? `Published: ${published}\n\n${markdown}` : markdown;
}

const DATE_META = 'article:published_time|og:published_time|datepublished|publish[-_]?date|pubdate|date|dc\\.date|dcterms\\.created';

/**
 * An HTML page's own publication day (YYYY-MM-DD): a `<meta>` date (Open Graph, schema.org,
 * Dublin Core), JSON-LD `datePublished`, else the first `<time datetime>`. Null when none is ISO.
 */
export function publishedDate(html: string): string | null {
  const head = html.slice(0, 200_000);
  const candidates = [
    new RegExp(`<meta\\b[^>]*\\b(?:property|name|itemprop)\\s*=\\s*["'](?:${DATE_META})["'][^>]*\\bcontent\\s*=\\s*["']([^"']+)["']`, 'i').exec(head)?.[1],
    new RegExp(`<meta\\b[^>]*\\bcontent\\s*=\\s*["']([^"']+)["'][^>]*\\b(?:property|name|itemprop)\\s*=\\s*["'](?:${DATE_META})["']`, 'i').exec(head)?.[1],
    /"datePublished"\s*:\s*"([^"]+)"/.exec(head)?.[1],
    /<time\b[^>]*\bdatetime\s*=\s*["']([^"']+)["']/i.exec(head)?.[1],
  ];
  for (const c of candidates) {
    const m = c ? /^(\d{4})-(\d{2})-(\d{2})/.exec(c.trim()) : null;
    if (m && +m[2]! >= 1 && +m[2]! <= 12 && +m[3]! >= 1 && +m[3]! <= 31) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return null;
}

/** Types parsed by a library that a hostile file can stall or blow up: these run on the worker pool. */
export function needsParser(contentType: string): boolean {
  const type = baseContentType(contentType) ?? CONTENT_TYPES.binary;
  return type === CONTENT_TYPES.html || type === 'application/xhtml+xml' || type === CONTENT_TYPES.pdf || type === CONTENT_TYPES.docx;
}

/**
 * Extract on the calling thread. The inbox calls this through the worker pool for the types
 * `needsParser` names; the zip limits apply to DOCX whatever thread it runs on.
 */
export async function extractText(bytes: Buffer, contentType: string, zipLimits: ZipLimits = NO_ZIP_LIMITS): Promise<Extraction> {
  const type = baseContentType(contentType) ?? CONTENT_TYPES.binary;
  try {
    if (type === CONTENT_TYPES.html || type === 'application/xhtml+xml') {
      if (!looksLikeText(bytes)) return { text: '', status: 'unextractable' };
      return { text: await htmlToMarkdown(bytes.toString('utf8')), status: 'extracted' };
    }
    if (isTextual(type)) {
      if (!looksLikeText(bytes)) return { text: '', status: 'unextractable' };
      return { text: stripBom(bytes.toString('utf8')), status: 'extracted' };
    }
    if (type === CONTENT_TYPES.pdf) {
      const { extractText: pdfText, getDocumentProxy } = await unpdf();
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      try {
        const { text } = await pdfText(pdf, { mergePages: false });
        return { text: text.map((t) => t.trim()).filter(Boolean).join('\n\n'), status: 'extracted' };
      } finally {
        await pdf.destroy();
      }
    }
    if (type === CONTENT_TYPES.docx) {
      await checkZipLimits(bytes, zipLimits);
      const { value } = await (await mammoth()).convertToHtml({ buffer: bytes });
      return { text: await htmlToMarkdown(value), status: 'extracted' };
    }
  } catch (e) {
    // A limit or a parser that would not load says why (the inbox keeps the item for review); a
    // file the parser cannot read is just `failed`. Only the parser's absence is no fault of the file.
    if (e instanceof ParserUnavailableError) return { text: '', status: 'failed', reason: e.message, transient: true };
    if (e instanceof ExtractionLimitError) return { text: '', status: 'failed', reason: e.message };
    return { text: '', status: 'failed' };
  }
  return { text: '', status: 'unextractable' };
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}
