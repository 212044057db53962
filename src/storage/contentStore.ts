// Inbox content, content-addressed in the data folder: BRAINKEEP_DATA/inbox/<sha256[0:2]>/<sha256>.
// Never in a brain's git repository. A file is written to a temp file in inbox/.tmp, fsynced,
// renamed into place and its folder fsynced, so it is durable before an upload is acknowledged.
// Identical bytes share one file; callers serialise write/remove of one hash with `locks`.
//
// Cost model (measured, see docs/inbox.md "Performance"): nothing of a file's way to disk runs on
// the event loop. A create waits on the filesystem journal under a stream of durable writes
// (0.3–0.7 ms), and six separate round trips to libuv's pool cost the event loop more than the
// rest of a delivery's storage; contentWriter.ts does the whole sequence on writer threads.
import { createHash, hash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ContentWriter } from './contentWriter.js';
import { fsyncFd, fsyncPath } from './fsyncs.js';
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
  /** Threads that make files durable off the event loop. */
  private readonly writer = new ContentWriter();

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
    // One call, no Hash object: a webhook delivery hashes its body on the event loop.
    return hash('sha256', bytes, 'hex');
  }

  has(sha256: string): boolean {
    return fs.existsSync(this.pathOf(sha256));
  }

  /**
   * Write bytes durably; returns their hash and whether a new file was made. `sha256` may be
   * passed when the caller has already hashed the bytes (it must be their hash).
   */
  async put(bytes: Buffer, sha256 = ContentStore.hash(bytes)): Promise<StoredContent> {
    const created = await this.writer.write(bytes, this.tempPath(), this.pathOf(sha256), this.root, this.fsync);
    return { sha256, size: bytes.length, created };
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
    // The write in flight, if any: the descriptor is closed only after it (a closed number can be
    // reused by another open file at once, and a late write would land in that one).
    let writing: Promise<void> = Promise.resolve();
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
        writing = new Promise((done) =>
          fs.write(fd, chunk, 0, chunk.length, null, (err) => {
            done();
            cb(err);
          }),
        );
      },
    });
    const fsyncOn = this.fsync;
    return {
      tempPath,
      sink,
      finish: async () => {
        if (fsyncOn) await fsyncFd(fd, true);
        close();
        return { tempPath, sha256: hash.digest('hex'), size };
      },
      abort: async () => {
        await writing;
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
    return this.writer.write(null, tempPath, this.pathOf(sha256), this.root, this.fsync);
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
    if (this.fsync) await fsyncPath(path.dirname(file)).catch(() => undefined);
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

  /** Start a writer thread now (the server does at start), so the first upload does not wait for one to load. */
  startWriters(): void {
    this.writer.start();
  }

  /** Stop the writer threads (on shutdown). */
  async close(): Promise<void> {
    await this.writer.close();
  }

  private tempPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }
}
