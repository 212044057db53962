// Uploaded attachments on their way into a brain's repository: the request body is streamed into
// a temp file in BRAINKEEP_DATA/files.tmp (skipped by backups, as every .tmp) while it is hashed
// and counted, never held in memory whole. Reading stops at the first byte over the cap (the
// caller answers 413), and the head is kept for the type check. The write path then streams the
// temp file into a git blob; the temp file is removed whatever happens. Left-overs of a crash are
// swept at start (sweep).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SNIFF_BYTES } from '../domain/files.js';
import { BadRequestError, PayloadTooLargeError } from '../domain/errors.js';
import { BufferReclaimer } from './bufferReclaim.js';

export interface StagedUpload {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes (up to SNIFF_BYTES), for the signature check. */
  head: Buffer;
}

export class FileStaging {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'files.tmp');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Remove uploads a crash left behind (at start-up). Only old ones: a CLI process shares the data
   * folder with a running server, whose uploads in flight must not vanish under it.
   */
  sweep(olderThanMs = 60 * 60 * 1000): number {
    let n = 0;
    const cutoff = Date.now() - olderThanMs;
    for (const f of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, f);
      try {
        if (fs.statSync(file).mtimeMs >= cutoff) continue;
        fs.rmSync(file, { force: true });
        n++;
      } catch {
        // gone meanwhile (its upload finished)
      }
    }
    return n;
  }

  /** Stream `body` to a temp file; over `maxBytes` it stops reading and throws a 413. */
  async stage(body: Readable, maxBytes: number): Promise<StagedUpload> {
    const tempPath = this.tempPath();
    const handle = await fs.promises.open(tempPath, 'wx', 0o600);
    const hash = createHash('sha256');
    const headParts: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    const reclaim = new BufferReclaimer();
    try {
      // Read by hand, not with for-await: at the cap the body is paused, not destroyed, so the
      // 413 can still be sent on the same connection (which is then closed, the rest unread).
      await new Promise<void>((resolve, reject) => {
        let writing = Promise.resolve();
        const fail = (e: unknown) => {
          body.pause();
          body.removeAllListeners('data');
          reject(e);
        };
        body.on('data', (chunk: Buffer | string) => {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += buf.length;
          if (size > maxBytes) return fail(tooLarge(maxBytes));
          hash.update(buf);
          if (headBytes < SNIFF_BYTES) {
            const part = buf.subarray(0, SNIFF_BYTES - headBytes);
            headParts.push(Buffer.from(part));
            headBytes += part.length;
          }
          body.pause();
          writing = writing
            .then(() => handle.write(buf))
            .then(() => {
              reclaim.passed(buf.length); // the chunk is on disk: its memory may go
              body.resume();
            }, fail);
        });
        body.once('end', () => void writing.then(resolve, reject));
        body.once('error', fail);
        // The client's doing (it went away), not a server failure.
        body.once('aborted', () => fail(new BadRequestError('The upload was aborted before it ended.', 'upload_aborted')));
      });
      await handle.close();
      return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headParts) };
    } catch (e) {
      await handle.close().catch(() => undefined);
      await fs.promises.rm(tempPath, { force: true });
      throw e;
    }
  }

  /**
   * A staged file from somewhere else (a multipart part in the content store's temp folder, with the
   * digest and size its storage engine computed while streaming it), checked the same way: moved
   * here (renamed, not written again), or copied when that folder is on another filesystem. Only the
   * head is read again, for the type check: the part is not hashed a second time. The file is this
   * upload's from then on: it is gone from `part.tempPath` either way.
   */
  async adopt(part: { tempPath: string; sha256: string; size: number }, maxBytes: number): Promise<StagedUpload> {
    if (part.size > maxBytes) {
      await fs.promises.rm(part.tempPath, { force: true });
      throw tooLarge(maxBytes);
    }
    const tempPath = this.tempPath();
    try {
      await fs.promises.rename(part.tempPath, tempPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      const copied = await this.stage(fs.createReadStream(part.tempPath, { highWaterMark: 64 * 1024 }), maxBytes);
      await fs.promises.rm(part.tempPath, { force: true });
      return copied;
    }
    try {
      const handle = await fs.promises.open(tempPath, 'r');
      try {
        // The file must be the part its digest was computed over (nothing appended or cut since).
        const { size } = await handle.stat();
        if (size !== part.size) throw new Error(`The staged part changed size on disk (${part.size} bytes hashed, ${size} found).`);
        const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
        let got = 0;
        while (got < head.length) {
          const { bytesRead } = await handle.read(head, got, head.length - got, got);
          if (!bytesRead) break;
          got += bytesRead;
        }
        return { tempPath, size, sha256: part.sha256, head: head.subarray(0, got) };
      } finally {
        await handle.close();
      }
    } catch (e) {
      await fs.promises.rm(tempPath, { force: true });
      throw e;
    }
  }

  private tempPath(): string {
    return path.join(this.dir, `up_${randomBytes(8).toString('hex')}`);
  }

  async discard(staged: StagedUpload | null | undefined): Promise<void> {
    if (staged) await fs.promises.rm(staged.tempPath, { force: true });
  }
}

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`A file may be at most ${maxBytes} bytes (${Math.round(maxBytes / 1024 / 1024)} MB).`, maxBytes);
}
