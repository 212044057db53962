// Where an import's index transaction spends the event loop's time, per page (issues 28/29: import
// speed; 23: every write pays the same per page): an in-process container (real SQLite file, real
// git repository, fsync off: the transaction is CPU) imports the bench vault (bench/vaultGen.ts) and
// the 10,000 small bench pages (bench/pages.bench.ts) into fresh brains through
// PagesService.importPages, as the CLI does. Every SQL statement run inside the index transaction
// is timed (better-sqlite3's run/get/all/iterate), and so is each index hook; the table prints
// microseconds of the event loop thread's CPU time per page (/proc/thread-self/schedstat, in ns:
// waits for the derivation thread and other processes' turns on a loaded machine cost none; the
// reads' own cost is measured and taken off), beside the transaction's wall time. Hook rows are
// inclusive of the statements they run.
//
// node --import tsx bench/importIndexCost.ts [--vault 6300] [--bench 10000] [--top 30] [--bare]
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ThreadCpu } from './threadCpu.js';
import { loadConfig } from '../src/config.js';
import { buildContainer } from '../src/container.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { WritePath } from '../src/storage/writePath.js';
import { PageIndexRepo } from '../src/storage/sqlite/pageIndexRepo.js';
import { SearchIndexRepo } from '../src/storage/sqlite/searchIndexRepo.js';
import { LinkGraphRepo } from '../src/storage/sqlite/linkGraphRepo.js';
import { FileIndexRepo } from '../src/storage/sqlite/fileIndexRepo.js';
import { EmbeddingRepo } from '../src/storage/sqlite/embeddingRepo.js';
import { generateVault } from './vaultGen.js';
import { pagePath, pageText } from './pages.bench.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const VAULT = option('--vault', 6300);
const BENCH = option('--bench', 10_000);
const TOP = option('--top', 30);
/** Only the transaction's own CPU time (no statement or hook timing): for a CPU profile of the real code. */
const BARE = args.includes('--bare');

const cpu = new ThreadCpu();
/** A timed interval: its CPU time in microseconds, less the cost of the reads inside it. */
function timed<T>(label: string, fn: () => T): T {
  const m = cpu.mark();
  try {
    return fn();
  } finally {
    add(label, cpu.usSince(m));
  }
}

/** Microseconds by label, counted only inside the index transaction. */
let spent = new Map<string, { us: number; n: number }>();
let inTx = 0;
function add(label: string, us: number): void {
  const s = spent.get(label) ?? { us: 0, n: 0 };
  s.us += us;
  s.n++;
  spent.set(label, s);
}

// Every statement, by its SQL (the first 100 characters, whitespace folded).
const probe = new Database(':memory:');
const stmtProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
// Labels made once per statement (made per call, inside a hook's interval, they were counted as the hook's).
const labels = new Map<string, string>();
const labelOf = (source: string): string => labels.get(source) ?? labels.set(source, `sql ${source.replace(/\s+/g, ' ').trim().slice(0, 100)}`).get(source)!;
for (const m of BARE ? [] : (['run', 'get', 'all', 'iterate'] as const)) {
  const orig = stmtProto[m]!;
  stmtProto[m] = function (this: { source: string }, ...a: unknown[]) {
    if (!inTx) return orig.apply(this, a);
    return timed(labelOf(this.source), () => orig.apply(this, a));
  };
}

function timeMethod(proto: object, name: string, label: string): void {
  const p = proto as Record<string, (...a: unknown[]) => unknown>;
  const orig = p[name];
  if (!orig) throw new Error(`no method ${name} for ${label}`);
  if (BARE) return;
  p[name] = function (this: unknown, ...a: unknown[]) {
    if (!inTx) return orig.apply(this, a);
    return timed(label, () => orig.apply(this, a));
  };
}

const tx = { us: 0, cpuUs: 0, count: 0 };
const wp = WritePath.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
const origTx = wp.durableTransaction!;
wp.durableTransaction = function (this: unknown, ...a: unknown[]) {
  const [fn, clock] = a as [() => unknown, unknown];
  const t = performance.now();
  const mark = cpu.mark();
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
    tx.us += (performance.now() - t) * 1000;
    tx.cpuUs += cpu.usSince(mark);
    tx.count++;
  }
};
timeMethod(PageIndexRepo.prototype, 'applyGroup', 'call PageIndexRepo.applyGroup (incl. hooks)');
timeMethod(PageIndexRepo.prototype, 'currentState', 'call PageIndexRepo.currentState');
timeMethod(SearchIndexRepo.prototype, 'pagePut', 'hook SearchIndexRepo.pagePut');
timeMethod(SearchIndexRepo.prototype, 'putFacets', 'call SearchIndexRepo.putFacets');
timeMethod(SearchIndexRepo.prototype, 'ftsWrite', 'call SearchIndexRepo.ftsWrite');
timeMethod(LinkGraphRepo.prototype, 'pagePut', 'hook LinkGraphRepo.pagePut');
timeMethod(LinkGraphRepo.prototype, 'flush', 'hook LinkGraphRepo.flush');
timeMethod(FileIndexRepo.prototype, 'pagePut', 'hook FileIndexRepo.pagePut');
timeMethod(EmbeddingRepo.prototype, 'enqueue', 'call EmbeddingRepo.enqueue');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-import-cost-'));
const config = loadConfig({ BRAINKEEP_DATA: path.join(root, 'data'), BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_LOG_LEVEL: 'warn' });
const c = buildContainer(config);
try {
  const runs: Array<{ name: string; files: Array<{ path: string; content: Buffer }> }> = [];
  if (VAULT > 0) runs.push({ name: `vault (${VAULT} pages)`, files: generateVault(VAULT).pages.map((p) => ({ path: p.path, content: Buffer.from(p.markdown) })) });
  if (BENCH > 0) runs.push({ name: `bench pages (${BENCH})`, files: Array.from({ length: BENCH }, (_, i) => ({ path: pagePath(i), content: Buffer.from(pageText(i)) })) });
  for (const [k, run] of runs.entries()) {
    spent = new Map();
    Object.assign(tx, { us: 0, cpuUs: 0, count: 0 });
    const slug = `import-${k}`;
    await c.brains.create(SYSTEM_ACTOR, { slug });
    const brain = c.access.findBrain(slug)!;
    const t = performance.now();
    await c.pages.importPages(SYSTEM_ACTOR, brain.id, run.files);
    const wall = (performance.now() - t) / 1000;
    const n = run.files.length;
    console.log(`\n== ${run.name}: import ${wall.toFixed(1)} s; ${tx.count} index transaction(s)`);
    console.log(`index transaction: event loop CPU ${(tx.cpuUs / n).toFixed(1)} us per page (wall ${(tx.us / n).toFixed(1)} us; timed reads ${cpu.readNs.toFixed(0)} ns each, taken off)`);
    console.log('CPU us/page  calls/page  what');
    const rows = [...spent].sort((a, b) => b[1].us - a[1].us).slice(0, TOP);
    for (const [label, s] of rows) console.log(`${(s.us / n).toFixed(1).padStart(11)}  ${(s.n / n).toFixed(2).padStart(10)}  ${label}`);
  }
} finally {
  await c.close();
  fs.rmSync(root, { recursive: true, force: true });
}
