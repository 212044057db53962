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
import { buildPack, STORE_BELOW, storedZlib, type ObjectType, type PackObject } from './packBuilder.js';

export { buildPack, storedZlib, type ObjectType } from './packBuilder.js';

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

/**
 * From this many objects on (an import, a bulk write of hundreds of pages) a commit's pack is built
 * on the git write thread that lands it, not on the event loop: building reads every byte (stored
 * zlib's adler32, the entries' crc32, the pack's sha1, deflate of pages from 2 KB); the commit of
 * a 1,500-page vault took ~300 ms of the event loop's CPU, ~80 ms with its pack built on the thread
 * (bench/commitCpu.ts). Below it the pack is built here: a group commit's few dozen objects cost
 * the event loop little, and its commit holds the brain's lock while the thread works.
 */
export const PACK_ON_THREAD_FROM = 700;

/**
 * A commit's objects ready to be written: loose files (compressed), one pack and its index, or the
 * objects of a pack still to build (see PACK_ON_THREAD_FROM; landCommit in gitWriteThread.ts).
 */
export interface CommitObjects {
  loose: Array<{ dir: string; file: string; data: Buffer }>;
  pack: { dir: string; name: string; pack: Buffer; idx: Buffer } | null;
  unbuilt?: { dir: string; objects: Map<string, PackObject> } | null;
}

export class CommitObjectSink implements ObjectSink {
  private readonly objects = new Map<string, { type: ObjectType; content: Buffer }>();

  constructor(
    private readonly gitdir: string,
    private readonly fsync: boolean,
    private readonly packFrom = PACK_MIN_OBJECTS,
    private readonly threadPackFrom = PACK_ON_THREAD_FROM,
  ) {}

  put(type: ObjectType, content: Buffer): string {
    return this.add(objectId(type, content), type, content);
  }

  add(oid: string, type: ObjectType, content: Buffer): string {
    if (!this.objects.has(oid)) this.objects.set(oid, { type, content });
    return oid;
  }

  /**
   * Everything put so far as files to write, without writing them (the caller hands them to a git
   * write thread with the ref move: landCommit in gitWriteThread.ts): loose objects compressed;
   * from `packFrom` objects on, one pack and its index; from `threadPackFrom` on, the objects of
   * that pack, for the thread to build.
   */
  take(): CommitObjects {
    const objects = new Map(this.objects);
    this.objects.clear();
    const packDir = path.join(this.gitdir, 'objects', 'pack');
    if (objects.size >= this.threadPackFrom) return { loose: [], pack: null, unbuilt: { dir: packDir, objects } };
    if (objects.size >= this.packFrom) {
      const { pack, idx, name } = buildPack(objects);
      return { loose: [], pack: { dir: packDir, name, pack, idx } };
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
