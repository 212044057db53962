// Limits on a zip archive (DOCX and other zip-based formats) before any parser unpacks it. The
// central directory's entry count and declared sizes are checked first, then every entry is really
// inflated, streaming, with the bytes counted and the inflater stopped at the first byte over the
// budget: declared sizes are only what the archive says, and a bomb's headers can lie.
import zlib from 'node:zlib';

export interface ZipLimits {
  /** Most bytes all entries together may inflate to. */
  maxInflatedBytes: number;
  /** Most entries the archive may hold. */
  maxEntries: number;
}

/** An archive over a limit: `message` is the reason an inbox item is kept for review with. */
export class ExtractionLimitError extends Error {
  override readonly name = 'ExtractionLimitError';
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function mb(n: number): string {
  return `${Math.round((n / 1048576) * 10) / 10} MB`;
}

function overSize(limits: ZipLimits, how: string): ExtractionLimitError {
  return new ExtractionLimitError(`Text extraction stopped: the archive ${how} more than ${mb(limits.maxInflatedBytes)} (BRAINKEEP_EXTRACT_MAX_INFLATED_MB). The file is kept.`);
}

function overCount(limits: ZipLimits, count: number): ExtractionLimitError {
  return new ExtractionLimitError(`Text extraction stopped: the archive holds ${count} entries, more than ${limits.maxEntries} (BRAINKEEP_EXTRACT_MAX_ENTRIES). The file is kept.`);
}

/** The central directory's entries; throws on a malformed archive or one over the entry limit. */
function centralDirectory(zip: Buffer, limits: ZipLimits): Entry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory');
  let count = zip.readUInt16LE(eocd + 10);
  let cdOffset = zip.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if ((count === 0xffff || cdOffset === 0xffffffff) && locator >= 0 && zip.readUInt32LE(locator) === EOCD64_LOCATOR) {
    const at = Number(zip.readBigUInt64LE(locator + 8));
    if (at + 56 > zip.length || zip.readUInt32LE(at) !== EOCD64) throw new Error('malformed zip64 end of central directory');
    count = Number(zip.readBigUInt64LE(at + 32));
    cdOffset = Number(zip.readBigUInt64LE(at + 48));
  }
  if (count > limits.maxEntries) throw overCount(limits, count);
  const entries: Entry[] = [];
  let p = cdOffset;
  // Walk the records themselves too: the count in the end record can lie as well.
  while (p + 46 <= zip.length && zip.readUInt32LE(p) === CENTRAL) {
    if (entries.length >= limits.maxEntries) throw overCount(limits, entries.length + 1);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const entry: Entry = {
      name: zip.toString('utf8', p + 46, Math.min(zip.length, p + 46 + nameLen)),
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      uncompressedSize: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
    };
    readZip64Extra(zip, p + 46 + nameLen, extraLen, entry);
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Sizes and offset saturated at 0xffffffff live in the zip64 extra field, in this order. */
function readZip64Extra(zip: Buffer, start: number, length: number, e: Entry): void {
  const end = Math.min(zip.length, start + length);
  for (let q = start; q + 4 <= end; ) {
    const id = zip.readUInt16LE(q);
    const size = zip.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let r = q + 4;
      const next = (): number => {
        if (r + 8 > end) throw new Error('malformed zip64 extra field');
        const v = Number(zip.readBigUInt64LE(r));
        r += 8;
        return v;
      };
      if (e.uncompressedSize === 0xffffffff) e.uncompressedSize = next();
      if (e.compressedSize === 0xffffffff) e.compressedSize = next();
      if (e.localOffset === 0xffffffff) e.localOffset = next();
      return;
    }
    q += 4 + size;
  }
}

/** Inflate `data` (raw deflate), counting the output and stopping once it passes `budget`; the bytes produced. */
function inflatedSize(data: Buffer, budget: number): Promise<{ bytes: number; over: boolean }> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let bytes = 0;
    let settled = false;
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget && !settled) {
        settled = true;
        inflater.destroy();
        resolve({ bytes, over: true });
      }
    });
    inflater.on('error', (e) => {
      if (!settled) {
        settled = true;
        reject(e);
      }
    });
    inflater.on('end', () => {
      if (!settled) {
        settled = true;
        resolve({ bytes, over: false });
      }
    });
    inflater.end(data);
  });
}

/**
 * Check an archive against the limits: entry count, declared sizes, then the real inflated size
 * of every entry. Throws ExtractionLimitError over a limit, another error when the archive is
 * malformed; returns the total inflated bytes.
 */
export async function checkZipLimits(zip: Buffer, limits: ZipLimits): Promise<number> {
  const entries = centralDirectory(zip, limits);
  let declared = 0;
  for (const e of entries) declared += e.uncompressedSize;
  if (declared > limits.maxInflatedBytes) throw overSize(limits, `declares ${mb(declared)} unpacked,`);
  let total = 0;
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new Error('malformed zip: bad local header');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, Math.min(zip.length, start + e.compressedSize));
    if (e.method === 8) {
      const got = await inflatedSize(data, limits.maxInflatedBytes - total);
      total += got.bytes;
      if (got.over) throw overSize(limits, 'unpacks to');
    } else {
      total += data.length;
      if (total > limits.maxInflatedBytes) throw overSize(limits, 'unpacks to');
    }
  }
  return total;
}

/**
 * Unpack the first entry whose name `wanted` accepts, under the same limits: the entry count, the
 * entry's declared size, then its real inflated size, counted while it streams and stopped at the
 * first byte over `maxInflatedBytes`. Only that entry is inflated (an export's other files, such as
 * images, are never unpacked). Null when no entry matches; throws ExtractionLimitError over a limit
 * and another error when the archive is malformed.
 */
export async function readZipEntry(zip: Buffer, wanted: (name: string) => boolean, limits: ZipLimits): Promise<{ name: string; bytes: Buffer } | null> {
  const entry = centralDirectory(zip, limits).find((e) => wanted(e.name));
  if (!entry) return null;
  if (entry.uncompressedSize > limits.maxInflatedBytes) throw overSize(limits, `declares ${mb(entry.uncompressedSize)} unpacked for ${entry.name},`);
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new Error('malformed zip: bad local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, Math.min(zip.length, start + entry.compressedSize));
  if (entry.method === 0) {
    if (data.length > limits.maxInflatedBytes) throw overSize(limits, 'unpacks to');
    return { name: entry.name, bytes: Buffer.from(data) };
  }
  if (entry.method !== 8) throw new Error(`unsupported zip compression method ${entry.method}`);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.maxInflatedBytes) {
        if (!settled) {
          settled = true;
          inflater.destroy();
          reject(overSize(limits, 'unpacks to'));
        }
        return;
      }
      chunks.push(chunk);
    });
    inflater.on('error', (e) => {
      if (!settled) {
        settled = true;
        reject(e);
      }
    });
    inflater.on('end', () => {
      if (!settled) {
        settled = true;
        resolve(Buffer.concat(chunks, total));
      }
    });
    inflater.end(data);
  });
  return { name: entry.name, bytes };
}
