// Streamed bodies and files pass through this process as buffers of their own (each read from a
// socket, each zlib output chunk): garbage the moment it is written on, but their memory is outside
// the JavaScript heap, and V8 collects it only when the heap itself fills or tens of MB of such
// memory piled up. A large upload allocates little on the heap, so its chunks piled up to the size
// of the file before anything collected them. `BufferReclaimer` asks for a young-generation
// collection (a scavenge: a millisecond or so, it frees chunks that died young) after every
// RECLAIM_BYTES that went through, so an upload holds at most that much at any time whatever its size.
// One scavenge frees every stream's dead chunks, so the bytes are counted across all streams
// together, and collections are at least RECLAIM_MIN_INTERVAL_MS apart: ten uploads at once force
// no more collections than one upload as fast as all ten together, never more than one per interval.
// Exposing gc() (prepareBufferReclaim) is done once at start, not inside the first large request.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Bytes through all streams between two collections: the most their dead chunks may hold. */
export const RECLAIM_BYTES = 2 * 1024 * 1024;
/** Least time between two forced collections, however many streams ask. */
export const RECLAIM_MIN_INTERVAL_MS = 10;

type GcFunction = (options?: { type?: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

let gcFunction: GcFunction | null | undefined;

/** V8's gc(), from a context made after exposing it (null where the flag cannot be set). */
function collector(): GcFunction | null {
  if (gcFunction !== undefined) return gcFunction;
  try {
    const global = (globalThis as { gc?: GcFunction }).gc;
    if (typeof global === 'function') gcFunction = global;
    else {
      v8.setFlagsFromString('--expose-gc');
      const fn = vm.runInNewContext('gc') as unknown;
      gcFunction = typeof fn === 'function' ? (fn as GcFunction) : null;
    }
  } catch {
    gcFunction = null;
  }
  return gcFunction;
}

/**
 * Expose V8's gc() now (server start), so the first large request does not pay for setting the flag
 * and making the context. Says whether forced collections are available.
 */
export function prepareBufferReclaim(): boolean {
  return collector() != null;
}

/** The bytes of every stream, and one young-generation collection per RECLAIM_BYTES of them, at most one per interval. */
export class ReclaimSchedule {
  private pending = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  /** Collections forced so far. */
  forced = 0;

  constructor(
    private readonly gc: () => GcFunction | null = collector,
    private readonly every = RECLAIM_BYTES,
    private readonly minIntervalMs = RECLAIM_MIN_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  passed(n: number): void {
    this.pending += n;
    if (this.pending < this.every) return;
    const at = this.now();
    // Too soon after the last one: the bytes stay counted, and a later chunk asks again.
    if (at - this.lastAt < this.minIntervalMs) return;
    const gc = this.gc();
    if (!gc) return;
    this.pending = 0;
    this.lastAt = at;
    this.forced++;
    gc({ type: 'minor' });
  }
}

const processSchedule = new ReclaimSchedule();

/** One stream's side of the process's reclaim schedule (every stream shares it). */
export class BufferReclaimer {
  constructor(private readonly schedule: ReclaimSchedule = processSchedule) {}

  /** `n` more bytes went through (and the chunk that held them is no longer used). */
  passed(n: number): void {
    this.schedule.passed(n);
  }
}
