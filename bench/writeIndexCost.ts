// Where a group commit's index transaction spends its time, per page, for the load bench's small
// page writes (issue 23): an in-process server (real SQLite file, real git repository, fsync off:
// the transaction is CPU), seeded as bench/load.bench.ts seeds it, then `--clients` concurrent
// writers PUT their own pages (load/c<k>/p<n % 20>.md, the load bench's shape) for `--rounds`
// rounds, so writes gather into groups. Every SQL statement run inside a write's index transaction
// is timed (better-sqlite3's run/get/all/iterate), and so is each index hook and repo call; the
// table prints microseconds per page written, with the transaction's own total beside it. Times are
// the event loop thread's CPU time (/proc/thread-self/schedstat, the reads' own cost taken off), not
// wall time: on a loaded machine wall time counts other processes' turns.
// With --compare the group's members are also applied one by one (PageIndexRepo.applyGroup called
// per member, as before the group was one batch), alternating with the batched path every 5
// rounds in the same run; each mode also reports the event loop thread's CPU time per page
// (/proc/self/task/<pid>/stat, over the whole block).
//
// node --import tsx bench/writeIndexCost.ts [--clients 64] [--rounds 40] [--top 25] [--compare]
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ThreadCpu } from './threadCpu.js';
import { startTestServer } from '../test/helpers/server.js';
import { WritePath } from '../src/storage/writePath.js';
import { PageIndexRepo } from '../src/storage/sqlite/pageIndexRepo.js';
import { SearchIndexRepo } from '../src/storage/sqlite/searchIndexRepo.js';
import { LinkGraphRepo } from '../src/storage/sqlite/linkGraphRepo.js';
import { FileIndexRepo } from '../src/storage/sqlite/fileIndexRepo.js';
import { AuditRepo } from '../src/storage/sqlite/auditRepo.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CLIENTS = option('--clients', 64);
const ROUNDS = option('--rounds', 40);
const TOP = option('--top', 25);

const COMPARE = args.includes('--compare');
type Mode = 'batched' | 'per member';
let mode: Mode = 'batched';
const loopCpu = new ThreadCpu();
/** A timed interval: its CPU time in microseconds, less the cost of the reads inside it. */
function timed<T>(label: string, fn: () => T): T {
  const m = loopCpu.mark();
  try {
    return fn();
  } finally {
    add(label, loopCpu.usSince(m));
  }
}

/** Microseconds by label, counted only inside a write's index transaction. */
const spentBy = new Map<Mode, Map<string, { us: number; n: number }>>([
  ['batched', new Map()],
  ['per member', new Map()],
]);
let spent = spentBy.get(mode)!;
let inTx = 0;
function add(label: string, us: number): void {
  const s = spent.get(label) ?? { us: 0, n: 0 };
  s.us += us;
  s.n++;
  spent.set(label, s);
}

// Every statement, by its SQL (the first 90 characters, whitespace folded).
const probe = new Database(':memory:');
const stmtProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
// Labels made once per statement (made per call, inside a hook's interval, they were counted as the hook's).
const labels = new Map<string, string>();
const labelOf = (source: string): string => labels.get(source) ?? labels.set(source, `sql ${source.replace(/\s+/g, ' ').trim().slice(0, 90)}`).get(source)!;
for (const m of ['run', 'get', 'all', 'iterate'] as const) {
  const orig = stmtProto[m]!;
  stmtProto[m] = function (this: { source: string }, ...a: unknown[]) {
    if (!inTx) return orig.apply(this, a);
    return timed(labelOf(this.source), () => orig.apply(this, a));
  };
}

/** Time a prototype method (inclusive of the SQL it runs) while inside the transaction. */
function timeMethod(proto: object, name: string, label: string): void {
  const p = proto as Record<string, (...a: unknown[]) => unknown>;
  const orig = p[name]!;
  p[name] = function (this: unknown, ...a: unknown[]) {
    if (!inTx) return orig.apply(this, a);
    return timed(label, () => orig.apply(this, a));
  };
}

// The index transaction of a write (writePath's durableTransaction): counted as a whole, and the
// window inside which statements and calls are counted.
const tx = new Map<Mode, { us: number; cpuUs: number; loopUs: number; count: number; pages: number; cpuTicks: number }>([
  ['batched', { us: 0, cpuUs: 0, loopUs: 0, count: 0, pages: 0, cpuTicks: 0 }],
  ['per member', { us: 0, cpuUs: 0, loopUs: 0, count: 0, pages: 0, cpuTicks: 0 }],
]);
const wp = WritePath.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
const origTx = wp.durableTransaction!;
wp.durableTransaction = function (this: unknown, ...a: unknown[]) {
  const [fn, clock] = a as [() => unknown, unknown];
  const t = performance.now();
  const cpu = process.cpuUsage();
  const loop = loopCpu.mark();
  const wrapped = () => {
    inTx++;
    try {
      return fn();
    } finally {
      inTx--;
    }
  };
  try {
    return origTx.call(this, wrapped, clock);
  } finally {
    tx.get(mode)!.us += (performance.now() - t) * 1000;
    const used = process.cpuUsage(cpu);
    tx.get(mode)!.cpuUs += used.user + used.system;
    tx.get(mode)!.count++;
    tx.get(mode)!.loopUs += loopCpu.usSince(loop);
  }
};
const origGroup = PageIndexRepo.prototype.applyGroup;
PageIndexRepo.prototype.applyGroup = function (this: PageIndexRepo, brainId, members) {
  if (mode === 'batched') return origGroup.call(this, brainId, members);
  return members.map((m) => origGroup.call(this, brainId, [m])[0]!);
};
/** utime + stime of the event loop's thread, in clock ticks (10 ms). */
function loopCpuTicks(): number {
  const f = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}
timeMethod(PageIndexRepo.prototype, 'applyGroup', 'call PageIndexRepo.applyGroup (incl. hooks)');
timeMethod(PageIndexRepo.prototype, 'currentState', 'call PageIndexRepo.currentState');
timeMethod(PageIndexRepo.prototype, 'removePending', 'call PageIndexRepo.removePending');
timeMethod(PageIndexRepo.prototype, 'indexedCommit', 'call PageIndexRepo.indexedCommit');
timeMethod(SearchIndexRepo.prototype, 'pagePut', 'hook SearchIndexRepo.pagePut');
timeMethod(LinkGraphRepo.prototype, 'pagePut', 'hook LinkGraphRepo.pagePut');
timeMethod(LinkGraphRepo.prototype, 'flush', 'hook LinkGraphRepo.flush');
timeMethod(LinkGraphRepo.prototype, 'batchStart', 'hook LinkGraphRepo.batchStart');
timeMethod(FileIndexRepo.prototype, 'pagePut', 'hook FileIndexRepo.pagePut');
timeMethod(AuditRepo.prototype, 'record', 'call AuditRepo.record');

const server = await startTestServer({ BRAINKEEP_FSYNC: 'off', BRAINKEEP_RATE_LIMIT: '10000000' });
try {
  const token = server.credential('Write');
  const put = (path: string, markdown: string) => server.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown } });
  const SEED = 300;
  for (let i = 0; i < SEED; i++) {
    const r = await put(`seed/p${i}`, `# Seed page ${i}\n\nAbout topic ${i % 17} and [[seed/p${(i + 1) % SEED}]] and [[seed/p${(i * 7) % SEED}]].\n`);
    if (r.status >= 300) throw new Error(`seed failed: ${r.status} ${r.text}`);
  }
  // Each client's 20 pages exist before counting (the load bench's steady state is mostly updates).
  const round = async (n: number) => {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const r = await put(`load/c${c}/p${n % 20}.md`, `# Client ${c} page ${n % 20}\n\nwrite ${n} of client ${c}\n`);
        if (r.status >= 300) throw new Error(`write failed: ${r.status} ${r.text}`);
      }),
    );
  };
  for (let n = 0; n < 20; n++) await round(n);
  for (const m of spentBy.values()) m.clear();
  for (const t of tx.values()) Object.assign(t, { us: 0, cpuUs: 0, loopUs: 0, count: 0, pages: 0, cpuTicks: 0 });
  for (let n = 20; n < 20 + ROUNDS; n += 5) {
    mode = COMPARE && ((n - 20) / 5) % 2 === 1 ? 'per member' : 'batched';
    spent = spentBy.get(mode)!;
    const ticks = loopCpuTicks();
    for (let k = n; k < Math.min(n + 5, 20 + ROUNDS); k++) await round(k);
    tx.get(mode)!.cpuTicks += loopCpuTicks() - ticks;
    tx.get(mode)!.pages += CLIENTS * (Math.min(n + 5, 20 + ROUNDS) - n);
  }
  for (const [m, t] of tx) {
    if (!t.pages) continue;
    console.log(`\n== ${m}: ${t.pages} page writes (updates) from ${CLIENTS} clients in ${t.count} index transactions (mean group ${(t.pages / t.count).toFixed(1)} pages)`);
    console.log(`index transaction: event loop CPU ${(t.loopUs / t.pages).toFixed(1)} us per page; wall ${(t.us / t.pages).toFixed(1)} us per page (process CPU meanwhile ${(t.cpuUs / t.pages).toFixed(1)} us), ${(t.us / t.count / 1000).toFixed(2)} ms per transaction; event loop CPU ${((t.cpuTicks * 10_000) / t.pages).toFixed(0)} us per page (whole request)`);
    const rows = [...spentBy.get(m)!].sort((a, b) => b[1].us - a[1].us).slice(0, TOP);
    console.log('CPU us/page  calls/page  what');
    for (const [label, s] of rows) console.log(`${(s.us / t.pages).toFixed(1).padStart(11)}  ${(s.n / t.pages).toFixed(2).padStart(10)}  ${label}`);
  }
} finally {
  await server.stop();
}
