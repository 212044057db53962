// Building a git packfile and its index in memory (no files, no threads): a leaf module, so the
// git write thread (gitWriteJobs.ts) builds a large commit's pack without importing the object
// writer, which imports the thread pool (gitWriteThread.ts) that starts it.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export type ObjectType = 'blob' | 'tree' | 'commit';

const TYPE_CODE: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 };
const TYPE_OF: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob' };

/** One object of a pack to build, under its id (hex). */
export interface PackObject {
  type: ObjectType;
  content: Uint8Array;
}

/** Bytes per object before the contents in `flattenObjects`' buffer: type code, id, content length. */
const FLAT_ENTRY = 1 + 20 + 4;

/**
 * Objects (by id) as one buffer for a git write thread to build their pack from: a table (type
 * code, binary id, length per object) then every content back to back. One buffer crosses to the
 * thread as a transfer, where thousands of buffers would each be cloned; the copy here is a memcpy
 * per object, a small part of what building the pack costs (its checksums read every byte).
 */
export function flattenObjects(objects: Iterable<[string, PackObject]>): ArrayBuffer {
  const list = [...objects];
  let size = 4 + list.length * FLAT_ENTRY;
  for (const [, o] of list) size += o.content.length;
  // Its own memory (transferable), not zero-filled first: every byte is written below.
  const flat = Buffer.allocUnsafeSlow(size);
  flat.writeUInt32BE(list.length, 0);
  let at = 4 + list.length * FLAT_ENTRY;
  list.forEach(([oid, o], i) => {
    const e = 4 + i * FLAT_ENTRY;
    flat[e] = TYPE_CODE[o.type];
    flat.write(oid, e + 1, 20, 'hex');
    flat.writeUInt32BE(o.content.length, e + 21);
    flat.set(o.content, at);
    at += o.content.length;
  });
  return flat.buffer as ArrayBuffer;
}

/** The objects of `flattenObjects`' buffer, in their order, each content a view into it (no copy). */
export function* unflattenObjects(buffer: ArrayBuffer): Generator<[string, PackObject]> {
  const flat = Buffer.from(buffer);
  const count = flat.readUInt32BE(0);
  let at = 4 + count * FLAT_ENTRY;
  for (let i = 0; i < count; i++) {
    const e = 4 + i * FLAT_ENTRY;
    const length = flat.readUInt32BE(e + 21);
    yield [flat.toString('hex', e + 1, e + 21), { type: TYPE_OF[flat[e]!]!, content: flat.subarray(at, at + length) }];
    at += length;
  }
}

/**
 * A version 2 packfile of undeltified objects, and its version 2 index. Each is written into one
 * buffer sized up front (a small entry's stored zlib stream has a known size), not gathered from a
 * few buffers per object and concatenated twice: for an import of 10,000 small pages the per-object
 * allocations and copies were most of building the pack (issue 29).
 */
export function buildPack(objects: Iterable<[string, PackObject]>): { pack: Buffer; idx: Buffer; name: string } {
  const entries: Array<{ hex: string; offset: number; end: number; crc: number; head: Buffer; content: Uint8Array; deflated: Buffer | null }> = [];
  let size = 12;
  for (const [oid, { type, content }] of objects) {
    const head = packEntryHeader(TYPE_CODE[type], content.length);
    const deflated = content.length < STORE_BELOW ? null : zlib.deflateSync(content, { level: 1 });
    const end = size + head.length + (deflated ? deflated.length : storedZlibSize(content.length));
    entries.push({ hex: oid, offset: size, end, crc: 0, head, content, deflated });
    size = end;
  }
  const pack = Buffer.allocUnsafe(size + 20);
  pack.write('PACK', 0, 'latin1');
  pack.writeUInt32BE(2, 4);
  pack.writeUInt32BE(entries.length, 8);
  for (const e of entries) {
    pack.set(e.head, e.offset);
    const at = e.offset + e.head.length;
    if (e.deflated) pack.set(e.deflated, at);
    else storedZlibInto(e.content, pack, at);
    // zlib's native crc32 over the entry's header and data (a JS loop over every byte was a few % of an import).
    e.crc = zlib.crc32(pack.subarray(e.offset, e.end));
  }
  const packSum = createHash('sha1').update(pack.subarray(0, size)).digest();
  packSum.copy(pack, size);

  // Lower-case hex ids sort as their bytes do; compared as strings, not through Buffer.compare's native call per comparison.
  entries.sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
  const n = entries.length;
  const large = entries.filter((e) => e.offset >= 0x80000000).length;
  const idx = Buffer.alloc(8 + 256 * 4 + n * 28 + large * 8 + 40);
  idx.set([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2], 0);
  const fanoutAt = 8;
  const oidsAt = fanoutAt + 256 * 4;
  const crcsAt = oidsAt + n * 20;
  const smallAt = crcsAt + n * 4;
  const largeAt = smallAt + n * 4;
  let largeCount = 0;
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    idx.write(e.hex, oidsAt + i * 20, 20, 'hex');
    idx.writeUInt32BE(e.crc >>> 0, crcsAt + i * 4);
    if (e.offset < 0x80000000) idx.writeUInt32BE(e.offset, smallAt + i * 4);
    else {
      idx.writeUInt32BE((0x80000000 | largeCount) >>> 0, smallAt + i * 4);
      idx.writeBigUInt64BE(BigInt(e.offset), largeAt + largeCount * 8);
      largeCount++;
    }
  }
  // Fanout: entries whose first id byte is at most b (the ids are sorted).
  for (let b = 0, i = 0; b < 256; b++) {
    while (i < n && idx[oidsAt + i * 20] === b) i++;
    idx.writeUInt32BE(i, fanoutAt + b * 4);
  }
  const sumAt = largeAt + large * 8;
  packSum.copy(idx, sumAt);
  createHash('sha1').update(idx.subarray(0, sumAt + 20)).digest().copy(idx, sumAt + 20);
  return { pack, idx, name: packSum.toString('hex') };
}

/**
 * Pack entries smaller than this go in as zlib streams of stored (uncompressed) blocks: each
 * zlib.deflateSync call costs ~40 µs of set-up whatever the size, which for an import of 10,000
 * small pages was a third of the event loop's time, to save a few hundred bytes each. git reads
 * them as any zlib stream, and a repack compresses them.
 */
export const STORE_BELOW = 2048;

/** The size of `storedZlib` of `bytes` bytes. */
function storedZlibSize(bytes: number): number {
  return 2 + Math.max(1, Math.ceil(bytes / 0xffff)) * 5 + bytes + 4;
}

/** `data` as a zlib stream of stored deflate blocks (RFC 1950/1951): no compression, no zlib call. */
export function storedZlib(data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(storedZlibSize(data.length));
  storedZlibInto(data, out, 0);
  return out;
}

/** `storedZlib(data)` written into `out` at `start` (storedZlibSize bytes). */
function storedZlibInto(data: Uint8Array, out: Buffer, start: number): void {
  const blocks = Math.max(1, Math.ceil(data.length / 0xffff));
  out[start] = 0x78;
  out[start + 1] = 0x01;
  let at = start + 2;
  for (let b = 0; b < blocks; b++) {
    const from = b * 0xffff;
    const len = Math.min(0xffff, data.length - from);
    out[at] = b === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(len, at + 1);
    out.writeUInt16LE(~len & 0xffff, at + 3);
    out.set(data.subarray(from, from + len), at + 5);
    at += 5 + len;
  }
  let a = 1;
  let c = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(data.length, i + 5552); // the most bytes before the sums must be reduced
    for (; i < end; i++) {
      a += data[i]!;
      c += a;
    }
    a %= 65521;
    c %= 65521;
  }
  out.writeUInt32BE(((c << 16) | a) >>> 0, at);
}

function packEntryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let c = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(c | 0x80);
    c = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(c);
  return Buffer.from(bytes);
}

