// `npm test`: every test file in two mocha worker processes, then the few files that cannot share the
// machine (SERIAL_TAIL) one at a time, with one closing line and one exit code for the two runs.
// Serially the suite takes ~14 minutes on 2 cores, over the 10-minute budget; each file starts its
// own servers, temporary folders, ephemeral ports and PostgreSQL, so files share nothing but the
// converted embedding model and the unpacked Chromium (both written under a lock or renamed into
// place). Mocha's --parallel has no per-file "run alone" mark, hence the second invocation.
//
// Arguments after `npm test --` go to both mocha runs (e.g. `npm test -- --grep inbox`).
// BRAINKEEP_TEST_JOBS sets the number of workers (default 2).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['test/unit', 'test/integration', 'test/reliability', 'test/security'];

/**
 * Files run after the parallel run, one at a time with nothing else of the suite beside them:
 * only for a test that fails under a neighbour's load for a reason outside the code under test.
 * Paths from the repository root. Keep it short: each entry adds its whole time to the wall clock.
 */
export const SERIAL_TAIL: string[] = [
  // Its 5,000-page graph case asserts frame cadence during zoom and pan against an idle page's:
  // beside the other worker's CPU the frames came every 58 ms (idle 16 ms) and it failed.
  'test/integration/webReading.test.ts',
  // Its read-only case makes the data folder immutable once the server's WAL is empty (an idle
  // server keeps it so, docs/operations.md "Degraded modes"); beside the other worker's load the
  // idle wait is long and a commit racing chattr ends the server (SIGBUS): the parallel run of
  // 4802ef7 failed there.
  'test/integration/degradedStorage.test.ts',
];

/**
 * The slowest files start first, so the two workers end together instead of one of them starting a
 * minute-long file when the other has nothing left. The order comes from a two-worker run's per-file
 * clock, re-ordered after the PGlite template (875ff87) from each file run alone under load 8-24,
 * not from a two-worker run: a full run's per-file clock should confirm or re-order it.
 * Order only: a file missing from this list still runs, and a name here that no longer exists is
 * ignored.
 */
const SLOWEST_FIRST = [
  'test/integration/migrateToPostgres.test.ts',
  'test/integration/reindexReconcile.test.ts',
  'test/integration/crash.test.ts',
  'test/integration/searchReposBothBackends.test.ts',
  'test/integration/cli.test.ts',
  'test/integration/stateReposBothBackends.test.ts',
  'test/integration/indexReposBothBackends.test.ts',
  'test/integration/pages.test.ts',
  'test/reliability/crashLoop.test.ts',
  'test/integration/backupRestore.test.ts',
  'test/integration/webhooks.test.ts',
  'test/integration/bulkIndexing.test.ts',
  'test/integration/importKill.test.ts',
  'test/integration/multiNodeDoctor.test.ts',
  'test/integration/brainLifecycle.test.ts',
];

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...testFiles(rel));
    else if (entry.name.endsWith('.test.ts')) out.push(rel);
  }
  return out.sort();
}

/** The parallel run's files (slowest first, then the rest in folder order) and the serial tail's. */
export function plan(all: string[] = FOLDERS.flatMap(testFiles), tail: string[] = SERIAL_TAIL, slowest: string[] = SLOWEST_FIRST): { parallel: string[]; serial: string[] } {
  const missing = tail.filter((f) => !all.includes(f));
  if (missing.length) throw new Error(`SERIAL_TAIL names files that do not exist: ${missing.join(', ')}`);
  const shared = all.filter((f) => !tail.includes(f));
  const first = slowest.filter((f) => shared.includes(f));
  return { parallel: [...first, ...shared.filter((f) => !first.includes(f))], serial: all.filter((f) => tail.includes(f)) };
}

/** User+system seconds of this process's waited-for children (/proc/self/stat cutime, cstime), or null. */
function childCpuSeconds(): number | null {
  try {
    // Fields after the command name in parentheses; cutime and cstime are fields 16 and 17.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** The signal that interrupted `npm test` (Ctrl-C, a CI cancel), if any: no further run starts. */
let interrupted: NodeJS.Signals | null = null;

function mocha(files: string[], jobs: number, extra: string[], env: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore'): Promise<number> {
  const bin = path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
  // --require: the per-file clock. --parallel only for more than one job: mocha turns parallel
  // mode off for one job but then loads the files with a plain require (a file with a top-level
  // await would fail), so one job is a plain mocha run.
  const args = [bin, ...(jobs > 1 ? ['--parallel', '--jobs', String(jobs)] : []), '--require', path.join(root, 'test', 'fileTimes.cjs'), ...extra, ...files];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio, env });
    const forward = (sig: NodeJS.Signals): void => {
      interrupted = sig;
      child.kill(sig);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

export interface SuiteRun {
  parallel: string[];
  serial: string[];
  jobs: number;
  /** Arguments for both mocha runs. */
  extra?: string[];
  /** Where mocha's own output goes (the tests of this runner keep it quiet). */
  stdio?: 'inherit' | 'ignore';
  write?: (text: string) => void;
}

/** Runs the two mocha invocations and prints the per-file clock and one closing line; the exit code. */
export async function runSuite(run: SuiteRun): Promise<number> {
  const write = run.write ?? ((t: string) => void process.stdout.write(t));
  const stdio = run.stdio ?? 'inherit';
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-test-run-'));
  const summary = path.join(scratch, 'summary.jsonl');
  const times = path.join(scratch, 'times.jsonl');
  const env = { ...process.env, BRAINKEEP_TEST_SUMMARY_FILE: summary, BRAINKEEP_TEST_TIMES_FILE: times };
  const started = Date.now();
  const codes: number[] = [];
  try {
    if (run.parallel.length) codes.push(await mocha(run.parallel, run.jobs, run.extra ?? [], env, stdio));
    if (run.serial.length && !interrupted) write(`\n  Run alone after the parallel run (test/run.ts SERIAL_TAIL): ${run.serial.join(', ')}\n`);
    // Each tail file in its own mocha process, so the per-file clock (one per process) is its own.
    for (const file of run.serial) {
      if (interrupted) break;
      codes.push(await mocha([file], 1, run.extra ?? [], env, stdio));
    }
    const read = <T>(file: string): T[] => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T) : []);
    const runs = read<{ passes: number; failures: number; pending: number }>(summary);
    const perFile = read<{ file: string; ms: number }>(times).sort((a, b) => b.ms - a.ms);
    const fileSum = perFile.reduce((s, t) => s + t.ms, 0);
    // CPU of the mocha runs and every process they waited for (servers, git, PostgreSQL, Chromium):
    // unlike the wall clock, it does not grow when other work shares the machine. Linux only.
    const cpu = childCpuSeconds();
    if (cpu !== null) write(`\n  CPU: ${cpu.toFixed(0)} s user+sys (on 2 cores at least ${(cpu / 2 / 60).toFixed(1)} min of wall clock)\n`);
    write(`\n  Slowest files (of ${perFile.length}; sum of per-file times ${(fileSum / 1000).toFixed(0)} s, wall ${((Date.now() - started) / 1000).toFixed(0)} s):\n`);
    for (const t of perFile.slice(0, 10)) write(`    ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file}\n`);
    const total = (k: 'passes' | 'failures' | 'pending'): number => runs.reduce((s, r) => s + r[k], 0);
    const failed = total('failures');
    const skipped = total('pending');
    // A run that died before its reporter finished, or exited non-zero with no failure counted.
    const lost = runs.length < codes.length || (codes.some((c) => c !== 0) && failed === 0);
    if (lost) write(`\n  A mocha run did not finish cleanly (exit codes ${codes.join(', ')}).\n`);
    // The closing line CI reads.
    write(`\n${total('passes')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
    if (interrupted) {
      write(`\n  Interrupted (${interrupted}): the runs left were not started.\n`);
      return 128 + os.constants.signals[interrupted];
    }
    return lost || failed ? 1 : 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const jobs = Number(process.env.BRAINKEEP_TEST_JOBS ?? 2);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`BRAINKEEP_TEST_JOBS must be a whole number >= 1, not ${process.env.BRAINKEEP_TEST_JOBS}`);
  process.exitCode = await runSuite({ ...plan(), jobs, extra: process.argv.slice(2) });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  });
}
