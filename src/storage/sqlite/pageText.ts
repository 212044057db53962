// A page's markdown as the SQLite index keeps it (issue 28, "storage that fits"): the copy in
// `pages.markdown` beside the git blob was the largest thing in the database (50 MB of 120 MB for
// the 41 MB bench vault), so a page of PACK_MIN_BYTES (1 KiB) or more (UTF-8) is stored as a BLOB: a 4-byte
// little-endian header holding the markdown's UTF-8 length, then the markdown as raw deflate
// (RFC 1951, level 1; 3.5x smaller on the bench vault; ~0.1 ms per page to pack, less to unpack).
// Shorter pages, and text that does not compress, stay TEXT; migration 032 packed the rows written
// before it. A reader takes either (`unpackMarkdown`, or `page_text(markdown)` in SQL). PostgreSQL
// compresses long values itself (TOAST) and keeps TEXT: its repositories never pack.
import zlib from 'node:zlib';

/**
 * Below this many bytes a page is kept as text: deflate would save little and cost a call. Each
 * call has a fixed cost whatever the size (~20-40 µs CPU: a zlib stream and its state built and
 * torn down), which for a page under 1 KiB was more than deflating it and saved at most a few
 * hundred bytes: on an import of 10,000 such pages it was a fifth of the derivation thread's time
 * (issue 29; was 512). Pages of a real vault (1-20 KB) are packed as before.
 */
export const PACK_MIN_BYTES = 1024;
const HEADER = 4;

/** The value to store for `markdown`: the text itself, or the packed BLOB. */
export function packMarkdown(markdown: string): string | Buffer {
  if (markdown.length * 3 < PACK_MIN_BYTES) return markdown; // (at most 3 UTF-8 bytes per UTF-16 unit)
  const raw = Buffer.from(markdown, 'utf8');
  if (raw.length < PACK_MIN_BYTES) return markdown;
  const packed = zlib.deflateRawSync(raw, { level: 1 });
  // Text that does not compress (already compressed data pasted in) stays as it is.
  if (packed.length + HEADER >= raw.length) return markdown;
  const out = Buffer.allocUnsafe(HEADER + packed.length);
  out.writeUInt32LE(raw.length, 0);
  packed.copy(out, HEADER);
  return out;
}

/** The markdown a stored `markdown` value holds (TEXT as is, a packed BLOB unpacked; null as ''). */
export function unpackMarkdown(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return inflatePacked(value).toString('utf8');
  return String(value);
}

/**
 * A packed BLOB's UTF-8 bytes (a fresh Buffer). The length in its header sizes the output once and
 * bounds it: a corrupt row throws instead of inflating without limit.
 */
export function inflatePacked(value: Uint8Array): Buffer {
  const b = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (b.length < HEADER) throw new Error('packed markdown: shorter than its header');
  const len = b.readUInt32LE(0);
  if (len === 0) return Buffer.alloc(0);
  const out = zlib.inflateRawSync(b.subarray(HEADER), { chunkSize: Math.max(64, len), maxOutputLength: len });
  if (out.length !== len) throw new Error(`packed markdown: ${out.length} bytes unpacked, header says ${len}`);
  return out;
}

/** The markdown's UTF-8 length, without unpacking it. */
export function markdownBytes(value: unknown): number {
  if (value == null) return 0;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (value instanceof Uint8Array) return value.byteLength >= HEADER ? Buffer.from(value.buffer, value.byteOffset, HEADER).readUInt32LE(0) : 0;
  return Buffer.byteLength(String(value));
}

/** The SQL functions a SQLite connection gets: page_text(markdown), page_bytes(markdown). */
export function registerPageTextFunctions(db: { function(name: string, opts: { deterministic: boolean }, fn: (v: unknown) => unknown): unknown }): void {
  db.function('page_text', { deterministic: true }, (v) => unpackMarkdown(v));
  db.function('page_bytes', { deterministic: true }, (v) => markdownBytes(v));
}
