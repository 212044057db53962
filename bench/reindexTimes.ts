// The index half of `brainkeep reindex` (the part the import is compared with; embedding is the
// other half, done by the same background work an import leaves), timed on a brain just imported:
//   unchanged  the reconcile of a brain whose index matches git at the code's derivation version
//   bumped     the reconcile after a derivation bump (every page's rows stamped with an older
//              DERIVATION_VERSION): every page derived again, nothing recorded in the feed
//   full       `reindex --full`: the brain's index dropped and its history replayed
// Used by pages.bench.ts beside the import of the same pages; run on its own for a quick figure:
//   node --import tsx bench/reindexTimes.ts [pages=10000] [rounds=3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Container } from '../src/container.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { IndexReconciler } from '../src/storage/indexReconciler.js';
import { FileIndexRepo } from '../src/storage/sqlite/fileIndexRepo.js';
import { percentile, startBenchService } from './lib.js';

export interface ReindexTimes {
  /** Seconds. */
  unchanged: number;
  bumped: number;
  full: number;
}

const cpuSeconds = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

type Parts = Pick<Container, 'db' | 'repos' | 'pageIndex' | 'opsRepo' | 'writes' | 'config'>;

/**
 * The three reindexes of one brain of `n` pages, in this order (each leaves the index as git has it);
 * `cpu`: CPU seconds of this process (every thread, the derivation thread too) in each.
 */
export async function timeReindexes(c: Parts, brainId: string, n: number): Promise<ReindexTimes & { cpu: ReindexTimes }> {
  // The reconcile `brainkeep reindex` runs (ReindexService), with the slice it uses.
  const reconciler = new IndexReconciler({ db: c.db, repos: c.repos, index: c.pageIndex, files: new FileIndexRepo(c.db), ops: c.opsRepo, writes: c.writes, slice: c.config.reindexSlice });
  const pages = () => (c.db.prepare('SELECT COUNT(*) AS n FROM pages WHERE brain_id = ?').get(brainId) as { n: number }).n;

  let t = performance.now();
  let cpu0 = cpuSeconds();
  const same = await reconciler.reconcile(brainId, { refresh: true });
  const unchanged = (performance.now() - t) / 1000;
  const cpuUnchanged = cpuSeconds() - cpu0;
  if (same.corrected || same.refreshed) throw new Error(`an unchanged brain had ${same.corrected} corrections and ${same.refreshed} pages derived again`);

  c.db.prepare("UPDATE pages SET derivation = '0' WHERE brain_id = ?").run(brainId);
  t = performance.now();
  cpu0 = cpuSeconds();
  const again = await reconciler.reconcile(brainId, { refresh: true });
  const bumped = (performance.now() - t) / 1000;
  const cpuBumped = cpuSeconds() - cpu0;
  if (again.refreshed !== n || again.corrected || again.changes.length) throw new Error(`after a derivation bump ${again.refreshed} of ${n} pages were derived again (${again.corrected} corrections)`);

  t = performance.now();
  cpu0 = cpuSeconds();
  await c.writes.rebuild(brainId);
  const full = (performance.now() - t) / 1000;
  const cpuFull = cpuSeconds() - cpu0;
  if (pages() !== n) throw new Error(`the reindex left ${pages()} of ${n} pages indexed`);
  return { unchanged, bumped, full, cpu: { unchanged: cpuUnchanged, bumped: cpuBumped, full: cpuFull } };
}

async function main(): Promise<void> {
  const { pagePath, pageText } = await import('./pages.bench.js');
  const n = Number(process.argv[2] ?? 10_000);
  const rounds = Number(process.argv[3] ?? 3);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-reindex-'));
  const service = await startBenchService(path.join(root, 'data'), { BRAINKEEP_MODELS_DIR: path.join(os.tmpdir(), 'brainkeep-bench-models') });
  try {
    const c = service.container;
    const files = Array.from({ length: n }, (_, i) => ({ path: pagePath(i), content: Buffer.from(pageText(i)) }));
    const runs: Array<ReindexTimes & { cpu: ReindexTimes; import: number; importCpu: number }> = [];
    for (let round = 0; round < rounds; round++) {
      await c.brains.create(SYSTEM_ACTOR, { slug: `reindex-${round + 1}` });
      const brain = c.access.findBrain(`reindex-${round + 1}`)!;
      const t = performance.now();
      const cpu0 = cpuSeconds();
      await c.pages.importPages(SYSTEM_ACTOR, brain.id, files);
      const imported = (performance.now() - t) / 1000;
      const importCpu = cpuSeconds() - cpu0;
      runs.push({ import: imported, importCpu, ...(await timeReindexes(c, brain.id, n)) });
      const r = runs[runs.length - 1]!;
      process.stdout.write(
        `round ${round + 1}: import ${r.import.toFixed(2)} s (CPU ${r.importCpu.toFixed(2)} s), reindex unchanged ${r.unchanged.toFixed(2)} s, after a derivation bump ${r.bumped.toFixed(2)} s (CPU ${r.cpu.bumped.toFixed(2)} s), --full ${r.full.toFixed(2)} s (CPU ${r.cpu.full.toFixed(2)} s), load ${os.loadavg()[0]!.toFixed(2)}\n`,
      );
    }
    const med = (k: keyof ReindexTimes | 'import') => percentile(runs.map((r) => r[k]), 50);
    const imp = med('import');
    for (const k of ['unchanged', 'bumped', 'full'] as const) {
      process.stdout.write(`${k}: median ${med(k).toFixed(2)} s vs import ${imp.toFixed(2)} s, ratio ${(med(k) / imp).toFixed(2)} (runs ${runs.map((r) => r[k].toFixed(2)).join(' / ')})\n`);
    }
    const cpuOf = (k: 'unchanged' | 'bumped' | 'full') => percentile(runs.map((r) => r.cpu[k]), 50);
    const importCpu = percentile(runs.map((r) => r.importCpu), 50);
    for (const k of ['bumped', 'full'] as const) process.stdout.write(`${k} CPU: median ${cpuOf(k).toFixed(2)} s vs import ${importCpu.toFixed(2)} s, ratio ${(cpuOf(k) / importCpu).toFixed(2)}\n`);
  } finally {
    await service.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
