// How a server's exact (or other mode's) search settles as questions meet pages (task srch33): the
// search bench's 2,000 pages, its 2,400 distinct questions in order, each asked once in process;
// p50 µs by block of 200, beside how many of a search's hits were on pages no earlier answer
// showed (the per-page caches: cut chunk texts, their tokens, hit rows). The first searches are JIT.
// Usage: node --import tsx bench/searchWarmCurve.ts [exact|semantic|hybrid]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchService, percentile } from './lib.js';
import { distinctQueries, generatePages, importPages } from './search.bench.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-curve-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  const brainId = c.access.findBrain('main')!.id;
  const pages = generatePages(2000, { facets: true });
  await importPages(c, brainId, pages);
  await c.embeddings.drain();
  const qs = distinctQueries(2400);
  const mode = process.argv[2] ?? 'exact';
  const out: number[] = [];
  const seenPages = new Set<string>();
  const fresh: number[] = [];
  for (let i = 0; i < qs.length; i++) {
    const t = performance.now();
    const r = await c.search.search(SYSTEM_ACTOR, 'main', { q: qs[i], mode });
    JSON.stringify(r);
    out.push((performance.now() - t) * 1000);
    let f = 0; for (const h of r.hits) { if (!seenPages.has(h.path)) f++; seenPages.add(h.path); }
    fresh.push(f);
  }
  const B = 200;
  for (let k = 0; k < out.length; k += B) console.log(`q ${String(k).padStart(4)}-${k + B - 1}: p50 ${percentile(out.slice(k, k + B), 50).toFixed(0).padStart(5)} µs, hits on pages never shown before: ${(fresh.slice(k, k + B).reduce((a, b) => a + b, 0) / B).toFixed(2)}/search`);
  console.log('first 10', out.slice(0, 10).map((x) => x.toFixed(0)).join(' '), 'load', os.loadavg()[0]);
} finally { await service.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); }
