// Writing git objects crash-safely and fast, in git's own formats.
// Loose objects go to a temp file that is renamed into place (as git does), so a crash never leaves
// a truncated object under its final name (isomorphic-git writes in place, and skips an existing
// name forever after). Large batches (imports, big moves) go into one packfile with its v2 index:
// one file and one fsync instead of thousands. Hashing and zlib use node's native code.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BufferReclaimer } from '../bufferReclaim.js';
import { fsyncPath } from '../fsyncs.js';
import { gitWriteThreads } from './gitWriteThread.js';

export type ObjectType = 'blob' | 'tree' | 'commit';

export interface ObjectSink {
  /** Store one object (or queue it for the pack) and return its id. */
  put(type: ObjectType, content: Buffer): string;
  /** `put` of an object the caller has hashed already (`oid` must be its id): not hashed again. */
  add(oid: string, type: ObjectType, content: Buffer): string;
  /** Make everything put so far durable (when fsync is on) and visible to readers. */
  finish(): Promise<void>;
}

export interface RawTreeEntry {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

export function objectId(type: ObjectType, content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/** A tree object: entries sorted as git sorts them (a subtree compares as `name/`). */
export function serializeTree(entries: RawTreeEntry[]): Buffer {
  const keyed = entries.map((e) => ({ e, key: Buffer.from(e.type === 'tree' ? `${e.path}/` : e.path, 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  const parts: Buffer[] = [];
  for (const { e } of keyed) {
    parts.push(Buffer.from(`${e.mode.replace(/^0+/, '')} ${e.path}\0`, 'utf8'), Buffer.from(e.oid, 'hex'));
  }
  return Buffer.concat(parts);
}

/** git refuses `<`, `>` and line breaks inside an identity; strip them rather than write a bad commit. */
function identity(value: string, fallback: string): string {
  const clean = value.replace(/[<>\r\n\0]/g, '').trim();
  return clean || fallback;
}

export function serializeCommit(c: { tree: string; parents: string[]; author: { name: string; email: string }; timestamp: number; message: string }): Buffer {
  const who = `${identity(c.author.name, 'unknown')} <${identity(c.author.email, 'unknown@brainkeep.local').replace(/\s+/g, '')}> ${c.timestamp} +0000`;
  const lines = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${who}`, `committer ${who}`];
  return Buffer.from(`${lines.join('\n')}\n\n${c.message}`, 'utf8');
}

/**
 * Object folders (objects/xx) known to exist, so a write does not ask the filesystem again (a
 * recursive mkdir of an existing folder still costs syscalls, ~1.5 ms of a five-object PUT here).
 * `git gc` may remove an emptied folder: a write that finds its folder gone creates it again.
 */
const knownObjectDirs = new Set<string>();

export class LooseObjectSink implements ObjectSink {
  private readonly pending = new Map<string, { data: Buffer; file: string; dir: string }>();

  constructor(private readonly gitdir: string, private readonly fsync: boolean) {}

  /** Hashes and compresses here; the file is written by `finish`, off the event loop. */
  put(type: ObjectType, content: Buffer): string {
    return this.add(objectId(type, content), type, content);
  }

  add(oid: string, type: ObjectType, content: Buffer): string {
    if (this.pending.has(oid)) return oid;
    const dir = path.join(this.gitdir, 'objects', oid.slice(0, 2));
    this.pending.set(oid, { data: looseObjectData(type, content), file: path.join(dir, oid.slice(2)), dir });
    return oid;
  }

  /**
   * Write every object through the thread pool, each to a temp file that is fsynced and renamed
   * into place, concurrently (the filesystem journal commits their flushes together), then fsync
   * their folders. Nothing here runs on the event loop: on a busy disk creating a file waits for
   * the journal, and done synchronously that wait stalled every request. These are the few objects
   * of a lone write (a group's many go into a pack, on a git write thread): one by one on one
   * thread their fsyncs took four times as long as side by side on the pool.
   */
  async finish(): Promise<void> {
    const objects = [...this.pending.values()];
    this.pending.clear();
    await Promise.all(objects.map((o) => writeLooseObject(o, this.fsync)));
    if (this.fsync) await Promise.all([...new Set(objects.map((o) => o.dir))].map((d) => fsyncPath(d)));
  }
}

/**
 * One loose object. One that exists already is written again and renamed over itself (same name,
 * same bytes): cheaper than asking first, as nearly every object of a write is new.
 */
async function writeLooseObject(o: { data: Buffer; file: string; dir: string }, fsync: boolean): Promise<void> {
  if (!knownObjectDirs.has(o.dir)) {
    await fs.promises.mkdir(o.dir, { recursive: true });
    knownObjectDirs.add(o.dir);
  }
  const tmp = path.join(o.dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(tmp, 'wx', 0o444);
  } catch (e) {
    // `git gc` may remove an emptied folder: make it again.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    await fs.promises.mkdir(o.dir, { recursive: true });
    handle = await fs.promises.open(tmp, 'wx', 0o444);
  }
  try {
    try {
      await handle.writeFile(o.data);
      if (fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, o.file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

const TYPE_CODE: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 };

export class PackObjectSink implements ObjectSink {
  private readonly objects = new Map<string, { type: ObjectType; content: Buffer }>();

  constructor(private readonly gitdir: string, private readonly fsync: boolean) {}

  put(type: ObjectType, content: Buffer): string {
    return this.add(objectId(type, content), type, content);
  }

  add(oid: string, type: ObjectType, content: Buffer): string {
    if (!this.objects.has(oid)) this.objects.set(oid, { type, content });
    return oid;
  }

  /**
   * The pack and its index are written, fsynced and renamed into place (the .pack first) and their
   * folder synced on a git write thread, in one message (as the loose objects are): on a busy disk
   * creating a file waits for the journal, and on the event loop that wait stalls every request.
   */
  async finish(): Promise<void> {
    if (this.objects.size === 0) return;
    const { pack, idx, name } = buildPack(this.objects);
    this.objects.clear();
    await gitWriteThreads().writePack(path.join(this.gitdir, 'objects', 'pack'), name, pack, idx, this.fsync);
  }
}

/**
 * The objects of one commit, written as loose objects when they are few (a single write: a blob,
 * its trees, the commit) and as one packfile from PACK_MIN_OBJECTS on (a group commit, an import):
 * loose, every object costs a file, its fsync and its folder's fsync (a group of 20 pages in
 * different folders ~40 objects and as many folder syncs, ~200 calls through the 4-thread pool
 * that the ref, the WAL flush and every read also wait on); packed, two files and three fsyncs.
 * Packs pile up under a steady group load; the maintenance job folds a brain's packs together a
 * few seconds after it passes BRAINKEEP_GC_PACK_LIMIT (gitMaintenanceJob.ts), and nightly.
 */
export const PACK_MIN_OBJECTS = 12;

/** A commit's objects ready to be written: loose files (compressed) or one pack and its index. */
export interface CommitObjects {
  loose: Array<{ dir: string; file: string; data: Buffer }>;
  pack: { dir: string; name: string; pack: Buffer; idx: Buffer } | null;
}

export class CommitObjectSink implements ObjectSink {
  private readonly objects = new Map<string, { type: ObjectType; content: Buffer }>();

  constructor(private readonly gitdir: string, private readonly fsync: boolean, private readonly packFrom = PACK_MIN_OBJECTS) {}

  put(type: ObjectType, content: Buffer): string {
    return this.add(objectId(type, content), type, content);
  }

  add(oid: string, type: ObjectType, content: Buffer): string {
    if (!this.objects.has(oid)) this.objects.set(oid, { type, content });
    return oid;
  }

  /**
   * Everything put so far as files to write, without writing them (the caller hands them to a git
   * write thread with the ref move: landCommit in gitWriteThread.ts): loose objects compressed, or
   * from `packFrom` objects on, one pack and its index.
   */
  take(): CommitObjects {
    const objects = new Map(this.objects);
    this.objects.clear();
    if (objects.size >= this.packFrom) {
      const { pack, idx, name } = buildPack(objects);
      return { loose: [], pack: { dir: path.join(this.gitdir, 'objects', 'pack'), name, pack, idx } };
    }
    const loose = [...objects].map(([oid, { type, content }]) => {
      const dir = path.join(this.gitdir, 'objects', oid.slice(0, 2));
      return { dir, file: path.join(dir, oid.slice(2)), data: looseObjectData(type, content) };
    });
    return { loose, pack: null };
  }

  async finish(): Promise<void> {
    const sink: ObjectSink = this.objects.size >= this.packFrom ? new PackObjectSink(this.gitdir, this.fsync) : new LooseObjectSink(this.gitdir, this.fsync);
    // Each object was hashed by `put`: its id goes along rather than being computed again.
    for (const [oid, { type, content }] of this.objects) sink.add(oid, type, content);
    this.objects.clear();
    await sink.finish();
  }
}

/**
 * A version 2 packfile of undeltified objects, and its version 2 index. Each is written into one
 * buffer sized up front (a small entry's stored zlib stream has a known size), not gathered from a
 * few buffers per object and concatenated twice: for an import of 10,000 small pages the per-object
 * allocations and copies were most of building the pack (issue 29).
 */
export function buildPack(objects: Map<string, { type: ObjectType; content: Buffer }>): { pack: Buffer; idx: Buffer; name: string } {
  const entries: Array<{ hex: string; offset: number; end: number; crc: number; head: Buffer; content: Buffer; deflated: Buffer | null }> = [];
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
const STORE_BELOW = 2048;

/**
 * A loose object's file: its header and content as one zlib stream, of stored blocks below
 * STORE_BELOW as a pack entry is (a lone page write's blob, trees and commit are each a deflateSync
 * call of ~40 µs set-up on the event loop, a tenth of the write's main-thread time), compressed
 * from there on. Measured with its header (`blob 123\0`, what the stream holds), where a pack entry's
 * content is measured alone: a loose object a few bytes under 2 KB may be compressed where its pack
 * entry would be stored. Either way git reads it; only the set-up cost moves.
 */
function looseObjectData(type: ObjectType, content: Buffer): Buffer {
  const raw = Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]);
  return raw.length < STORE_BELOW ? storedZlib(raw) : zlib.deflateSync(raw, { level: 1 });
}

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

/**
 * A blob written from a file on disk in one streaming pass, holding no more than a read buffer
 * in memory (attachments up to the file cap): the bytes are hashed and deflated into a temp file
 * in the objects folder, which is fsynced and renamed to the blob's id. Returns the id.
 */
export async function writeLooseBlobFromFile(gitdir: string, source: string, fsync: boolean): Promise<string> {
  const { size } = await fs.promises.stat(source);
  const objects = path.join(gitdir, 'objects');
  await fs.promises.mkdir(objects, { recursive: true });
  const tmp = path.join(objects, `tmp_obj_${randomBytes(6).toString('hex')}`);
  const hash = createHash('sha1');
  const header = Buffer.from(`blob ${size}\0`);
  hash.update(header);
  const deflate = zlib.createDeflate({ level: 1 });
  const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o444 });
  // One read buffer for the whole file: each chunk is hashed and handed to zlib, which is done
  // with it (the write's callback) before the next read reuses it.
  const buffer = Buffer.allocUnsafe(64 * 1024);
  const input = await fs.promises.open(source, 'r');
  try {
    const written = pipeline(deflate, out);
    written.catch(() => undefined); // awaited below; a failure while feeding must not go unhandled meanwhile
    const feed = (chunk: Buffer) => new Promise<void>((resolve, reject) => deflate.write(chunk, (err) => (err ? reject(err) : resolve())));
    const reclaim = new BufferReclaimer(); // zlib's output chunks are garbage once written
    await feed(header);
    for (;;) {
      const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
      if (!bytesRead) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      await feed(chunk);
      reclaim.passed(bytesRead);
    }
    deflate.end();
    await written;
    const oid = hash.digest('hex');
    if (fsync) await fsyncPath(tmp);
    const dir = path.join(objects, oid.slice(0, 2));
    await fs.promises.mkdir(dir, { recursive: true });
    knownObjectDirs.add(dir);
    await fs.promises.rename(tmp, path.join(dir, oid.slice(2)));
    if (fsync) await fsyncPath(dir);
    return oid;
  } catch (e) {
    deflate.destroy();
    await fs.promises.rm(tmp, { force: true });
    throw e;
  } finally {
    await input.close();
  }
}
