// In-process CPU time per search (process.cpuUsage: user + system of the whole process, no HTTP)
// on a generated brain (bench/search.bench.ts's pages), exact and hybrid, over the same distinct
// questions in every pass; and how many FTS5 rankings (matchPages calls) a search ran.
// The tree is loaded from `--root` (this checkout by default), so two checkouts can be compared
// by running this alternately in each: node --import tsx bench/searchCpu.ts [--root <tree>]
// [--pages 10000] [--questions 600] [--passes 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : dflt;
};
const root = path.resolve(opt('root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const n = Number(opt('pages', '10000'));
const count = Number(opt('questions', '600'));
const passes = Number(opt('passes', '3'));
const from = (p: string) => import(path.join(root, p));
const { startBenchService, percentile, round } = await from('bench/lib.ts');
const { distinctQueries, generatePages, importPages } = await from('bench/search.bench.ts');
const { SYSTEM_ACTOR } = await from('src/domain/actor.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-searchcpu-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  const brainId = c.access.findBrain('main')!.id;
  await importPages(c, brainId, generatePages(n, { facets: true }));
  await c.embeddings.drain();
  const qs: string[] = distinctQueries(count);
  // Rankings per exact search: matchPages wrapped on the instance (counts only).
  const index = c.searchIndex as { matchPages: (...a: unknown[]) => unknown };
  const match = index.matchPages.bind(index);
  let calls = 0;
  index.matchPages = (...a: unknown[]) => {
    calls++;
    return match(...a);
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const perMode: Record<string, number[]> = { exact: [], hybrid: [] };
  const rankings: Record<string, number[]> = { exact: [], hybrid: [] };
  // One warm pass (SQLite's page cache, the model), then the timed ones: each mode in turn.
  for (const q of qs) await c.search.search(SYSTEM_ACTOR, 'main', { q, mode: 'exact', limit: 8 });
  for (let pass = 0; pass < passes; pass++) {
    for (const mode of ['exact', 'hybrid'] as const) {
      const t = cpu();
      for (const q of qs) {
        calls = 0;
        JSON.stringify(await c.search.search(SYSTEM_ACTOR, 'main', { q, mode, limit: 8 }));
        if (pass === 0) rankings[mode]!.push(calls);
      }
      perMode[mode]!.push((cpu() - t) / qs.length);
    }
  }
  console.log(`${root}: ${n} pages, ${qs.length} questions × ${passes} passes, load ${os.loadavg().map((x) => round(x, 2)).join(' ')}`);
  for (const [mode, t] of Object.entries(perMode)) console.log(`  ${mode}: CPU µs/search by pass ${t.map((x) => round(x, 1)).join(' ')} (median ${round(percentile(t, 50), 1)})`);
  for (const [mode, counts] of Object.entries(rankings)) {
    const hist = new Map<number, number>();
    for (const k of counts) hist.set(k, (hist.get(k) ?? 0) + 1);
    console.log(`  ${mode}: FTS5 rankings (matchPages) per search: ${[...hist].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}× ${v}`).join(', ')}`);
  }
} finally {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
