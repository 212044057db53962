// Inbox content, content-addressed in the data folder: BRAINKEEP_DATA/inbox/<sha256[0:2]>/<sha256>.
// Never in a brain's git repository. A file is written to a temp file in inbox/.tmp, fsynced,
// renamed into place and its folder fsynced, so it is durable before an upload is acknowledged.
// Identical bytes share one file; callers serialise write/remove of one hash with `locks`.
//
// Cost model (measured, see docs/inbox.md "Performance"): creating the temp file goes to the thread
// pool like the fsyncs: under a stream of durable writes a create waits on the filesystem journal
// (0.3–0.7 ms), which blocked every other request when it ran on the event loop. The rename and
// the folder's fsync descriptor stay synchronous (short, and no journal wait of their own).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { KeyedMutex } from './git/keyedMutex.js';

export interface StoredContent {
  sha256: string;
  size: number;
  /** False when identical bytes were already stored. */
  created: boolean;
}

/** A file streamed into the temp folder (multipart uploads) before it is known to be accepted. */
export interface StagedFile {
  tempPath: string;
  sha256: string;
  size: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class ContentStore {
  readonly root: string;
  readonly tmpDir: string;
  readonly locks = new KeyedMutex();
  /** Prefix folders known to exist (at most 256; folders are never removed). */
  private readonly knownDirs = new Set<string>();

  constructor(dataDir: string, private readonly fsync: boolean) {
    this.root = path.join(dataDir, 'inbox');
    this.tmpDir = path.join(this.root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  static hash(bytes: Buffer): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  has(sha256: string): boolean {
    return fs.existsSync(this.pathOf(sha256));
  }

  /**
   * Write bytes durably; returns their hash and whether a new file was made. `sha256` may be
   * passed when the caller has already hashed the bytes (it must be their hash).
   */
  async put(bytes: Buffer, sha256 = ContentStore.hash(bytes)): Promise<StoredContent> {
    if (this.has(sha256)) return { sha256, size: bytes.length, created: false };
    const tempPath = this.tempPath();
    try {
      const fh = await fsp.open(tempPath, 'wx', 0o600);
      try {
        await fh.writeFile(bytes);
        if (this.fsync) await fh.datasync();
      } finally {
        await fh.close();
      }
    } catch (e) {
      fs.rmSync(tempPath, { force: true });
      throw e;
    }
    await this.placeTemp(tempPath, sha256);
    return { sha256, size: bytes.length, created: true };
  }

  /**
   * A writable that streams into a fresh temp file while hashing. `finish()` resolves once the
   * bytes are on disk (fsynced when durability is on).
   */
  stage(): { tempPath: string; sink: Writable; finish(): Promise<StagedFile>; abort(): Promise<void> } {
    const tempPath = this.tempPath();
    const hash = createHash('sha256');
    const fd = fs.openSync(tempPath, 'wx', 0o600);
    let size = 0;
    let open = true;
    const close = () => {
      if (open) {
        open = false;
        fs.closeSync(fd);
      }
    };
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        size += chunk.length;
        fs.write(fd, chunk, 0, chunk.length, null, (err) => cb(err));
      },
    });
    const fsyncOn = this.fsync;
    return {
      tempPath,
      sink,
      finish: async () => {
        if (fsyncOn) await fdatasync(fd);
        close();
        return { tempPath, sha256: hash.digest('hex'), size };
      },
      abort: async () => {
        close();
        await fsp.rm(tempPath, { force: true });
      },
    };
  }

  /** Close out a staged file that was abandoned (error, refusal). */
  async discard(tempPath: string): Promise<void> {
    await fsp.rm(tempPath, { force: true });
  }

  /** Move a staged, fsynced temp file to its content address. Returns false if it existed already. */
  async promote(tempPath: string, sha256: string): Promise<boolean> {
    if (this.has(sha256)) {
      fs.rmSync(tempPath, { force: true });
      return false;
    }
    await this.placeTemp(tempPath, sha256);
    return true;
  }

  /** Rename a durable temp file to its (absent) address and make the new name durable. */
  private async placeTemp(tempPath: string, sha256: string): Promise<void> {
    const final = this.pathOf(sha256);
    const dir = path.dirname(final);
    if (!this.knownDirs.has(dir)) await this.ensureDir(dir);
    try {
      fs.renameSync(tempPath, final);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.existsSync(tempPath)) throw e;
      // The folder went away behind our back (a restore, a person): make it again, once.
      this.knownDirs.delete(dir);
      const stale = this.dirFds.get(dir);
      if (stale !== undefined) {
        this.dirFds.delete(dir);
        fs.closeSync(stale);
      }
      await this.ensureDir(dir);
      fs.renameSync(tempPath, final);
    }
    if (this.fsync) await this.syncDir(dir);
  }

  private async ensureDir(dir: string): Promise<void> {
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      if (this.fsync) await this.syncDir(this.root);
    }
    this.knownDirs.add(dir);
  }

  async read(sha256: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(sha256));
  }

  async readFile(tempPath: string): Promise<Buffer> {
    return fsp.readFile(tempPath);
  }

  async remove(sha256: string): Promise<void> {
    const file = this.pathOf(sha256);
    await fsp.rm(file, { force: true });
    if (this.fsync) await this.syncDir(path.dirname(file)).catch(() => undefined);
  }

  /** Every stored hash (for tests and consistency checks). */
  list(): string[] {
    const out: string[] = [];
    for (const d of fs.readdirSync(this.root, { withFileTypes: true })) {
      if (!d.isDirectory() || d.name === '.tmp') continue;
      for (const f of fs.readdirSync(path.join(this.root, d.name))) if (SHA256.test(f)) out.push(f);
    }
    return out.sort();
  }

  /** Temp files left by a crash between staging and promotion are garbage: nothing acknowledged them. */
  sweepTemp(olderThanMs = 60 * 60 * 1000): number {
    let n = 0;
    const cutoff = Date.now() - olderThanMs;
    for (const f of fs.readdirSync(this.tmpDir)) {
      const file = path.join(this.tmpDir, f);
      if (fs.statSync(file).mtimeMs < cutoff) {
        fs.rmSync(file, { force: true });
        n++;
      }
    }
    return n;
  }

  /**
   * fsync a content folder through a descriptor kept open: at most 257 folders (the prefixes and
   * the root), and one round trip to the thread pool per file instead of three.
   */
  private readonly dirFds = new Map<string, number>();
  private async syncDir(dir: string): Promise<void> {
    let fd = this.dirFds.get(dir);
    if (fd === undefined) {
      fd = fs.openSync(dir, 'r');
      this.dirFds.set(dir, fd);
    }
    await fsyncFd(fd);
  }

  /** Close the kept folder descriptors (on shutdown). */
  async close(): Promise<void> {
    const fds = [...this.dirFds.values()];
    this.dirFds.clear();
    for (const fd of fds) fs.close(fd, () => undefined);
  }

  private tempPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }
}

function fdatasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())));
}

function fsyncFd(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));
}
