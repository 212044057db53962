// Process-wide Prometheus metrics (prom-client). Any layer may import this module: it holds
// counters, histograms and gauges only, never business logic. Requests are counted by the HTTP
// middleware and writes (filing's included: op "file") by the write path; gauges are read at
// scrape time from sources other modules register (`registerGaugeSource('embedding_queue_depth',
// () => n)`, which returns its unregister function; several sources of one gauge add up).
//
// prom-client (with @opentelemetry/api, ~90 files) is required by the first use of any metric, and
// then every metric below is made at once, in this order, as the import used to make them: a CLI
// command that writes nothing never loads it. A server makes them first thing (startMetrics, from
// startService), so its default metrics (GC, event-loop lag) count its whole start.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

type PromClient = typeof import('prom-client');
let promClient: PromClient | null = null;
const client = (): PromClient => (promClient ??= createRequire(import.meta.url)('prom-client') as PromClient);

/** Each metric's maker, in declaration order; the first use of any runs them all. */
const makers: Array<() => void> = [];
let making = false;
/** What a maker threw (prom-client missing): every later use throws it, not an undefined metric. */
let failed: { error: unknown } | null = null;

function makeAll(): void {
  if (failed) throw failed.error;
  if (making) return;
  making = true;
  try {
    for (const make of makers) make();
  } catch (e) {
    failed = { error: e };
    throw e;
  }
}

/** Make every metric now (a server, first thing at its start: its default metrics count from then). */
export function startMetrics(): void {
  makeAll();
}

/** A metric (or the registry) that stands for the one made by its maker, calls and reads forwarded. */
function lazy<T extends object>(maker: () => T): T {
  let made: T | undefined;
  makers.push(() => void (made ??= maker()));
  const real = (): T => {
    if (!made) makeAll();
    if (!made) throw new Error('a metric was used while the metrics were being made');
    return made;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const target = real();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_target, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

let promRegistry: Registry;
export const registry: Registry = lazy(() => {
  promRegistry = new (client().Registry)();
  client().collectDefaultMetrics({ register: promRegistry, prefix: 'brainkeep_' });
  return promRegistry;
});

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests: Counter<'method' | 'route' | 'status'> = lazy(() => new (client().Counter)({
  name: 'brainkeep_http_requests_total',
  help: 'HTTP requests by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [promRegistry],
}));

export const httpDuration: Histogram<'method' | 'route' | 'status'> = lazy(() => new (client().Histogram)({
  name: 'brainkeep_http_request_duration_seconds',
  help: 'HTTP request latency by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: SECONDS,
  registers: [promRegistry],
}));

export const writes: Counter<'op' | 'outcome'> = lazy(() => new (client().Counter)({
  name: 'brainkeep_writes_total',
  help: 'Durable write-path calls by operation (put, delete, move, ...) and outcome (ok, conflict, rejected, error).',
  labelNames: ['op', 'outcome'],
  registers: [promRegistry],
}));

export const writeDuration: Histogram<'op'> = lazy(() => new (client().Histogram)({
  name: 'brainkeep_write_duration_seconds',
  help: 'Durable write-path latency including the wait for the brain lock.',
  labelNames: ['op'],
  buckets: SECONDS,
  registers: [promRegistry],
}));

/** Finer buckets for the parts of one write, most of which take well under a millisecond. */
const STAGE_SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10];

/**
 * The stages of one durable write, in order (each write of a group is observed once per stage,
 * with its group's time for the shared stages):
 * - queue: from the call to its plan starting (the wait for the brain's lock and earlier members' plans)
 * - plan: the caller's plan (conflict checks, rendering) under the lock
 * - catchup: bringing the index up to the repository's head before planning
 * - objects: hashing, compressing and building blobs, trees and the commit (this thread), and
 *   their pack (this thread, or for PACK_ON_THREAD_FROM objects and more the git write thread)
 * - object_sync: writing and fsyncing the objects (loose or one pack) on a git write thread, and
 *   a large commit's wait for that thread to load (PACK_THREAD_WAIT_MS at most)
 * - ref: the ref's compare-and-swap (lock file, write, fsync, rename) on that thread in the same
 *   message, and the reply's wait for this thread's event loop
 * - index: the index transaction without the audit rows
 * - audit: the audit rows inside that transaction
 * - durable: from the brain's lock released to the ref folder's sync and the WAL flush done
 * - response: from the write answered to the HTTP response sent (its route's own work after the write)
 */
export const WRITE_STAGES = ['queue', 'plan', 'catchup', 'objects', 'object_sync', 'ref', 'index', 'audit', 'durable', 'response'] as const;
export type WriteStage = (typeof WRITE_STAGES)[number];

export const writeStageDuration: Histogram<'stage'> = lazy(() => new (client().Histogram)({
  name: 'brainkeep_write_stage_duration_seconds',
  help: `Durable write-path time per write by stage: ${WRITE_STAGES.join(', ')} (see src/metrics.ts).`,
  labelNames: ['stage'],
  buckets: STAGE_SECONDS,
  registers: [promRegistry],
}));

export const writeGroupSize: Histogram<string> = lazy(() => new (client().Histogram)({
  name: 'brainkeep_write_group_size',
  help: 'Writes per commit of the durable write path (1: a write that committed alone).',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  registers: [promRegistry],
}));

/** The stages of one inbox upload (webhook deliveries included): extract, store (content file), insert (inbox row, durable), total. */
export const INGEST_STAGES = ['extract', 'store', 'insert', 'total'] as const;
export type IngestStage = (typeof INGEST_STAGES)[number];

export const ingestStageDuration: Histogram<'stage'> = lazy(() => new (client().Histogram)({
  name: 'brainkeep_ingest_stage_duration_seconds',
  help: `Inbox upload time by stage: ${INGEST_STAGES.join(', ')}.`,
  labelNames: ['stage'],
  buckets: STAGE_SECONDS,
  registers: [promRegistry],
}));

/**
 * Per request that may write: when its durable write was answered, so the HTTP layer can time the
 * rest of the request (the `response` stage). Entered by the `httpMetrics` middleware
 * (`requestTimingOpened`, then `run`) for requests other than GET, HEAD and OPTIONS; written by
 * `observeWrite`.
 */
export const requestTiming = new AsyncLocalStorage<{ writeAnsweredAt: bigint | null }>();

/**
 * Requests inside `requestTiming` now. On Node < 24 (AsyncLocalStorage on async_hooks) the store's
 * hooks are on while one is, and every async resource of every request, in it or not, pays for
 * them (≈ 150 ns an await, ≈ 25 resources a search request: docs/search.md): they are turned off
 * when the last one closes. A write's promises made before that read no store after it; only a
 * closed request's timing is lost, which nothing reads. (On Node ≥ 24 the store rides on
 * AsyncContextFrame: no hooks, and `disable` only clears the current frame.)
 */
let timedRequests = 0;

/**
 * A request enters `requestTiming` (its `run`): call the answer once, when it closes (the
 * response's `close`, which fires once).
 */
export function requestTimingOpened(): () => void {
  timedRequests++;
  return () => {
    if (--timedRequests === 0) requestTiming.disable();
  };
}

/** Whether any request is inside `requestTiming`; for tests. */
export function requestTimingActive(): boolean {
  return timedRequests > 0;
}

/** Observe one stage of a write, in seconds. */
export function observeStage(stage: WriteStage, seconds: number): void {
  writeStageDuration.observe({ stage }, seconds);
}

/** Seconds since a `process.hrtime.bigint()` reading. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export const sqliteCheckpoints: Counter<'outcome'> = lazy(() => new (client().Counter)({
  name: 'brainkeep_sqlite_checkpoints_total',
  help: 'WAL checkpoints run by the checkpoint thread (the event loop never runs one while it does), by outcome (ok, failed: a full or read-only disk; retried; emptied: the WAL of a quiet database cut to 0 bytes on the server connection, busy: that was kept from it by a reader or writer, asked again later).',
  labelNames: ['outcome'],
  registers: [promRegistry],
}));

export const searchThreadFallbacks: Counter<'reason'> = lazy(() => new (client().Counter)({
  name: 'brainkeep_search_thread_fallbacks_total',
  help: 'Exact searches a search thread took but did not answer, run on the event loop instead, by reason (error: the thread failed; refused: the search was refused or invalid there; lost: the thread stopped; timeout: past BRAINKEEP_SEARCH_THREAD_TIMEOUT_MS; busy: its queue was full).',
  labelNames: ['reason'],
  registers: [promRegistry],
}));

type GaugeSource = () => number;

/** Gauges read at scrape time from sources other modules register. Unregistered names cannot be fed. */
const GAUGES = {
  brains: 'Brains in the data folder.',
  pages: 'Pages in the index, all brains.',
  pending_writes: 'Writes between commit and index (non-zero only mid-write or after a crash).',
  inbox_pending: 'Inbox items waiting for the filing pass (status Pending): the filing queue.',
  inbox_review: 'Inbox items the filer left for a person (status Review).',
  embedding_queue_depth: 'Chunks waiting to be embedded, all brains.',
} as const;

export type GaugeName = keyof typeof GAUGES;

const sources = new Map<GaugeName, Set<GaugeSource>>();

makers.push(() => {
  for (const [name, help] of Object.entries(GAUGES) as Array<[GaugeName, string]>) makeGauge(name, help);
});

function makeGauge(name: GaugeName, help: string): Gauge {
  return new (client().Gauge)({
    name: `brainkeep_${name}`,
    help,
    registers: [promRegistry],
    collect() {
      const set = sources.get(name);
      if (!set?.size) return;
      let total = 0;
      for (const read of set) {
        try {
          total += read();
        } catch {
          // A source that cannot answer (database closing) leaves its share out of this scrape.
        }
      }
      this.set(total);
    },
  });
}

/** Feed a gauge from a callback read at scrape time; several sources add up. Returns the unregister function. */
export function registerGaugeSource(name: GaugeName, read: GaugeSource): () => void {
  makeAll(); // its collect() reads the sources: the gauges exist before the first is fed
  let set = sources.get(name);
  if (!set) sources.set(name, (set = new Set()));
  set.add(read);
  return () => set.delete(read);
}

/**
 * Time and count one durable write. `run` receives a plan wrapper that records the plan's
 * `opName`, so the write path needs no other change to be measured.
 */
export async function observeWrite<P extends (...args: never[]) => unknown, T>(plan: P, run: (plan: P) => Promise<T>): Promise<T> {
  const end = writeDuration.startTimer();
  let op = 'unplanned'; // the plan threw (conflict, validation) before naming its operation
  const recording = (async (...args: Parameters<P>) => {
    const planned = (await plan(...args)) as { opName?: string } | undefined;
    if (planned && typeof planned.opName === 'string') op = planned.opName;
    return planned;
  }) as unknown as P;
  try {
    const out = await run(recording);
    writes.inc({ op, outcome: 'ok' });
    const timing = requestTiming.getStore();
    if (timing) timing.writeAnsweredAt = process.hrtime.bigint();
    return out;
  } catch (e) {
    const status = (e as { status?: number }).status;
    writes.inc({ op, outcome: status === 409 ? 'conflict' : typeof status === 'number' && status < 500 ? 'rejected' : 'error' });
    throw e;
  } finally {
    end({ op });
  }
}

export function metricsContentType(): string {
  return registry.contentType;
}

export function renderMetrics(): Promise<string> {
  return registry.metrics();
}
