// Text extraction for inbox items, by type: markdown, plain text and JSON (transcripts) as is,
// HTML to markdown (turndown), PDF (unpdf), DOCX (mammoth → HTML → markdown). A binary that
// cannot be read is kept and marked `unextractable`; a parser failure is marked `failed`.
// Neither refuses the upload: the bytes are the item, the text is a convenience for filing.
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import TurndownService from 'turndown';

export type TextStatus = 'extracted' | 'unextractable' | 'failed';

export interface Extraction {
  text: string;
  status: TextStatus;
}

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

let turndown: TurndownService | null = null;
function htmlToMarkdown(html: string): string {
  turndown ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript', 'head', 'title'] as TurndownService.Filter);
  return turndown.turndown(html).trim();
}

export async function extractText(bytes: Buffer, contentType: string): Promise<Extraction> {
  const type = baseContentType(contentType) ?? CONTENT_TYPES.binary;
  try {
    if (type === CONTENT_TYPES.html || type === 'application/xhtml+xml') {
      if (!looksLikeText(bytes)) return { text: '', status: 'unextractable' };
      return { text: htmlToMarkdown(bytes.toString('utf8')), status: 'extracted' };
    }
    if (isTextual(type)) {
      if (!looksLikeText(bytes)) return { text: '', status: 'unextractable' };
      return { text: stripBom(bytes.toString('utf8')), status: 'extracted' };
    }
    if (type === CONTENT_TYPES.pdf) {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      try {
        const { text } = await pdfText(pdf, { mergePages: false });
        return { text: text.map((t) => t.trim()).filter(Boolean).join('\n\n'), status: 'extracted' };
      } finally {
        await pdf.destroy();
      }
    }
    if (type === CONTENT_TYPES.docx) {
      const mammoth = (await import('mammoth')).default;
      const { value } = await mammoth.convertToHtml({ buffer: bytes });
      return { text: htmlToMarkdown(value), status: 'extracted' };
    }
  } catch {
    return { text: '', status: 'failed' };
  }
  return { text: '', status: 'unextractable' };
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}
