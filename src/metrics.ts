// Process-wide Prometheus metrics (prom-client). Any layer may import this module: it holds
// counters, histograms and gauges only, never business logic. Requests are counted by the HTTP
// middleware and writes (filing's included: op "file") by the write path; gauges are read at
// scrape time from sources other modules register (`registerGaugeSource('embedding_queue_depth',
// () => n)`, which returns its unregister function; several sources of one gauge add up).
import client, { type Counter, type Histogram } from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'brainkeep_' });

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests: Counter<'method' | 'route' | 'status'> = new client.Counter({
  name: 'brainkeep_http_requests_total',
  help: 'HTTP requests by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [registry],
});

export const httpDuration: Histogram<'method' | 'route' | 'status'> = new client.Histogram({
  name: 'brainkeep_http_request_duration_seconds',
  help: 'HTTP request latency by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: SECONDS,
  registers: [registry],
});

export const writes: Counter<'op' | 'outcome'> = new client.Counter({
  name: 'brainkeep_writes_total',
  help: 'Durable write-path calls by operation (put, delete, move, ...) and outcome (ok, conflict, rejected, error).',
  labelNames: ['op', 'outcome'],
  registers: [registry],
});

export const writeDuration: Histogram<'op'> = new client.Histogram({
  name: 'brainkeep_write_duration_seconds',
  help: 'Durable write-path latency including the wait for the brain lock.',
  labelNames: ['op'],
  buckets: SECONDS,
  registers: [registry],
});

export const sqliteCheckpoints: Counter<'outcome'> = new client.Counter({
  name: 'brainkeep_sqlite_checkpoints_total',
  help: 'WAL checkpoints run by the checkpoint thread (the event loop never runs one while it does), by outcome (ok, failed: a full or read-only disk; retried).',
  labelNames: ['outcome'],
  registers: [registry],
});

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

for (const [name, help] of Object.entries(GAUGES) as Array<[GaugeName, string]>) {
  new client.Gauge({
    name: `brainkeep_${name}`,
    help,
    registers: [registry],
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
