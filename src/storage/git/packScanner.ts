// Reads the object headers of a push's pack as the request body streams in, so that a push
// carrying an object far over any limit is refused on that object's header: before the rest is
// read, spooled or handed to git. A receive-pack request body is pkt-lines (the ref updates and a
// flush), then a pack: "PACK", version, object count, and per object a header (type and inflated
// size as a varint; a delta's base offset or id) followed by zlib data. The pack holds no
// lengths of the compressed data, so each object's zlib stream is inflated (and the output
// dropped) to find where the next header starts. Anything the scanner does not understand ends
// the scanning, never the push: git itself checks the pack.
import zlib from 'node:zlib';

const OBJ_OFS_DELTA = 6;
const OBJ_REF_DELTA = 7;
const TYPE_NAMES = ['', 'commit', 'tree', 'blob', 'tag', '', 'delta', 'delta'];

export class PackObjectTooLargeError extends Error {
  constructor(
    readonly type: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`the push holds a ${type} of ${size} bytes, over the ${limit}-byte limit for any object`);
  }
}

type State = 'commands' | 'packHeader' | 'objectHeader' | 'data' | 'done';

/**
 * Feed it the body's chunks in order (`push` resolves once the chunk is scanned); it throws
 * PackObjectTooLargeError at the first object whose header says it is over `maxObjectBytes`.
 */
export class PackScanner {
  private state: State = 'commands';
  private pending: Buffer = Buffer.alloc(0);
  private objectsLeft = 0;
  private inflater: zlib.Inflate | null = null;
  private inflaterEnded = false;
  /** Objects whose header was read (for tests). */
  objectsSeen = 0;

  constructor(
    private readonly maxObjectBytes: number,
    /** Told the pack's object count once its header is read (before any object arrives). */
    private readonly onCount?: (objects: number) => void,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    if (this.finished) return;
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (buf.length && !this.finished) {
      if (this.state === 'data') {
        const rest = await this.inflate(buf);
        if (rest == null) return; // the object goes on in the next chunk
        buf = rest;
        continue;
      }
      const used = this.parse(buf);
      if (used === 0) break; // need more bytes for the next header
      buf = buf.subarray(used);
    }
    if (!this.finished && this.state !== 'data') this.pending = Buffer.from(buf);
  }

  /** Scanning ended: the pack was read through, or it was not one the scanner understands. */
  get finished(): boolean {
    return this.state === 'done';
  }

  /** Parse one unit (a pkt-line, the pack header or an object header); 0 when it is incomplete. */
  private parse(buf: Buffer): number {
    switch (this.state) {
      case 'commands': {
        if (buf.length < 4) return 0;
        const len = Number.parseInt(buf.subarray(0, 4).toString('latin1'), 16);
        if (!Number.isInteger(len) || (len > 0 && len < 4)) return this.stop();
        if (len === 0) {
          this.state = 'packHeader';
          return 4;
        }
        return buf.length >= len ? len : 0;
      }
      case 'packHeader': {
        if (buf.length < 12) return 0;
        if (buf.subarray(0, 4).toString('latin1') !== 'PACK') return this.stop();
        this.objectsLeft = buf.readUInt32BE(8);
        try {
          this.onCount?.(this.objectsLeft);
        } catch {
          // The listener's trouble is not the push's: the scanning goes on.
        }
        this.state = this.objectsLeft ? 'objectHeader' : 'done';
        return 12;
      }
      case 'objectHeader': {
        let i = 0;
        let byte = buf[i++]!;
        const type = (byte >> 4) & 7;
        let size = byte & 15;
        let shift = 4;
        while (byte & 0x80) {
          if (i >= buf.length) return 0;
          byte = buf[i++]!;
          size += (byte & 0x7f) * 2 ** shift;
          shift += 7;
          if (shift > 63) return this.stop();
        }
        if (type === OBJ_OFS_DELTA) {
          do {
            if (i >= buf.length) return 0;
          } while (buf[i++]! & 0x80);
        } else if (type === OBJ_REF_DELTA) {
          if (buf.length < i + 20) return 0;
          i += 20;
        } else if (!TYPE_NAMES[type]) return this.stop();
        this.objectsSeen++;
        if (size > this.maxObjectBytes) throw new PackObjectTooLargeError(TYPE_NAMES[type]!, size, this.maxObjectBytes);
        this.state = 'data';
        return i;
      }
      default:
        return this.stop();
    }
  }

  /** Inflate (and drop) the current object's data; the bytes after its end, or null when it goes on. */
  private async inflate(buf: Buffer): Promise<Buffer | null> {
    if (!this.inflater) {
      // Most objects are small and whole in the chunk: one synchronous call finds their end.
      try {
        const { engine } = zlib.inflateSync(buf, { info: true, maxOutputLength: this.maxObjectBytes + 1 }) as unknown as { engine: zlib.Inflate };
        return this.objectDone(buf.subarray(engine.bytesWritten));
      } catch (e) {
        if ((e as { code?: string }).code !== 'Z_BUF_ERROR') {
          this.stop();
          return null;
        }
      }
      this.inflater = zlib.createInflate();
      this.inflaterEnded = false;
      this.inflater.on('data', () => undefined); // the output is not needed
      this.inflater.on('error', () => undefined); // reported by the write callback below
      this.inflater.once('end', () => (this.inflaterEnded = true));
    }
    const inflater = this.inflater;
    const before = inflater.bytesWritten;
    const failed = await new Promise<boolean>((resolve) => inflater.write(buf, (err) => resolve(!!err)));
    if (failed) {
      this.stop();
      return null;
    }
    // 'end' follows the write callback by a tick when the stream ended inside this chunk.
    if (!this.inflaterEnded) await new Promise((resolve) => setImmediate(resolve));
    if (!this.inflaterEnded && inflater.bytesWritten - before >= buf.length) return null;
    if (!this.inflaterEnded) await new Promise<void>((resolve) => inflater.once('end', () => resolve()));
    const used = inflater.bytesWritten - before;
    this.inflater = null;
    return this.objectDone(buf.subarray(used));
  }

  private objectDone(rest: Buffer): Buffer {
    this.objectsLeft--;
    this.state = this.objectsLeft > 0 ? 'objectHeader' : 'done';
    return rest;
  }

  private stop(): 0 {
    this.state = 'done';
    this.inflater?.destroy();
    this.inflater = null;
    return 0;
  }
}
