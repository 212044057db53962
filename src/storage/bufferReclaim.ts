// Streamed bodies and files pass through this process as buffers of their own (each read from a
// socket, each zlib output chunk): garbage the moment it is written on, but their memory is outside
// the JavaScript heap, and V8 collects it only when the heap itself fills or tens of MB of such
// memory piled up. A large upload allocates little on the heap, so its chunks piled up to the size
// of the file before anything collected them. `BufferReclaimer` asks for a young-generation
// collection (a scavenge: a millisecond or so, it frees chunks that died young) after every
// RECLAIM_BYTES that went through, so an upload holds at most that much at any time whatever its size.
import v8 from 'node:v8';
import vm from 'node:vm';

/** Bytes through a stream between two collections: the most its dead chunks may hold. */
export const RECLAIM_BYTES = 2 * 1024 * 1024;

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

/** Counts the bytes of one stream and collects young garbage every RECLAIM_BYTES. */
export class BufferReclaimer {
  private since = 0;

  constructor(private readonly every = RECLAIM_BYTES) {}

  /** `n` more bytes went through (and the chunk that held them is no longer used). */
  passed(n: number): void {
    this.since += n;
    if (this.since < this.every) return;
    this.since = 0;
    collector()?.({ type: 'minor' });
  }
}
