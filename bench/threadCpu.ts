// The calling thread's CPU time, for benches that time statements on the event loop thread: read
// from /proc/thread-self/schedstat through an open descriptor (one pread a read). A read's own cost
// is measured once (many back-to-back reads) and taken off every interval it falls in, so nested
// intervals stay honest. Linux only.
import fs from 'node:fs';

/** An interval's start: pass it to ThreadCpu.usSince. */
export interface CpuMark {
  ns: number;
  reads: number;
}

export class ThreadCpu {
  private readonly fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  private readonly buf = Buffer.alloc(128);
  private reads = 0;
  /** What one read adds to an interval it falls in, in ns. */
  readonly readNs: number;

  constructor() {
    const a = this.ns();
    for (let i = 0; i < 20_000; i++) this.ns();
    this.readNs = (this.ns() - a) / 20_001;
  }

  /** The thread's CPU time so far, in ns. */
  ns(): number {
    this.reads++;
    const n = fs.readSync(this.fd, this.buf, 0, 128, 0);
    const s = this.buf.toString('latin1', 0, n);
    return Number(s.slice(0, s.indexOf(' ')));
  }

  mark(): CpuMark {
    const reads = this.reads;
    return { ns: this.ns(), reads };
  }

  /** CPU microseconds since `m`, less the cost of every read made inside the interval (its own first and last included). */
  usSince(m: CpuMark): number {
    const now = this.ns();
    return Math.max(0, now - m.ns - (this.reads - m.reads) * this.readNs) / 1000;
  }
}
