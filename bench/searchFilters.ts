// In-process cost of filtered exact and hybrid searches on a generated brain (bench/search.bench.ts's
// pages, with tags and a status): each filter of the search bench beside the same question
// unfiltered, alternating question by question, CPU time (process.cpuUsage) per search, and how many
// rankings (matchPages, pagesForChunks, vector KNN) each search ran.
// Usage: node --import tsx bench/searchFilters.ts [pages=2000] [questions=400]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchService, percentile, round } from './lib.js';
import { distinctQueries, generatePages, importPages, STATUSES, TOPICS, topicTag } from './search.bench.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { sharedSifModel } from '../src/infra/embeddings/localProvider.js';

const n = Number(process.argv[2] ?? 2_000);
const count = Number(process.argv[3] ?? 400);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-searchfilters-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  await sharedSifModel(c.config.modelsDir);
  const brainId = c.access.findBrain('main')!.id;
  await importPages(c, brainId, generatePages(n, { facets: true }));
  await c.embeddings.drain();
  // The search bench's filters (its FILTERS), as search parameters.
  const FILTERS: Record<string, (i: number) => Record<string, unknown>> = {
    none: () => ({}),
    tag: (i) => ({ tag: topicTag((i * 7) % TOPICS.length) }),
    type: () => ({ type: 'person' }),
    field: (i) => ({ frontmatter: { status: STATUSES[i % STATUSES.length] } }),
    date: () => ({ updatedAfter: '2000-01-01' }),
    'tag+type': (i) => ({ tag: topicTag((i * 3) % TOPICS.length), type: 'person' }),
  };
  // Calls counted per search.
  const calls: Record<string, number> = {};
  const spent: Record<string, number> = {};
  const index = c.searchIndex as unknown as Record<string, (...a: unknown[]) => unknown>;
  const vectors = (c.search as unknown as { vectors: Record<string, (...a: unknown[]) => unknown> }).vectors;
  for (const [obj, names] of [[index, ['matchPages', 'pagesForChunks', 'facetScope', 'hitBodies']], [vectors, ['nearest', 'distances']]] as const) {
    if (!obj) continue;
    for (const name of names) {
      const f = obj[name]!;
      obj[name] = function (this: unknown, ...a: unknown[]) {
        calls[name] = (calls[name] ?? 0) + 1;
        const t = process.cpuUsage();
        try {
          return f.apply(this, a);
        } finally {
          const u = process.cpuUsage(t);
          spent[name] = (spent[name] ?? 0) + u.user + u.system;
        }
      };
    }
  }
  for (const mode of ['exact', 'hybrid'] as const) {
    const qs = distinctQueries(count * 2).slice(mode === 'exact' ? 0 : count);
    // Warm: every filter once per question set's first 40 (JIT, facet entries).
    for (let i = 0; i < 40; i++) for (const f of Object.values(FILTERS)) await c.search.search(SYSTEM_ACTOR, 'main', { q: qs[i], mode, ...f(i) });
    const cpu: Record<string, number[]> = {};
    const perCall: Record<string, Record<string, number>> = {};
    const hits: Record<string, number> = {};
    const perSpent: Record<string, Record<string, number>> = {};
    for (let i = 40; i < count; i++) {
      for (const [name, f] of Object.entries(FILTERS)) {
        for (const k of Object.keys(calls)) calls[k] = 0;
        for (const k of Object.keys(spent)) spent[k] = 0;
        const t = process.cpuUsage();
        const r = await c.search.search(SYSTEM_ACTOR, 'main', { q: qs[i], mode, ...f(i) });
        const u = process.cpuUsage(t);
        (cpu[name] ??= []).push(u.user + u.system);
        hits[name] = (hits[name] ?? 0) + r.hits.length;
        const pc = (perCall[name] ??= {});
        for (const [k, v] of Object.entries(calls)) pc[k] = (pc[k] ?? 0) + v;
        const ps = (perSpent[name] ??= {});
        for (const [k, v] of Object.entries(spent)) ps[k] = (ps[k] ?? 0) + v;
      }
    }
    const m = count - 40;
    console.log(`\n== ${mode}: ${n} pages, ${m} questions, load ${os.loadavg().map((x) => round(x, 2)).join(' ')}`);
    const base = percentile(cpu.none!, 50);
    for (const [name, t] of Object.entries(cpu)) {
      const mean = t.reduce((a, b) => a + b, 0) / t.length;
      const callsText = Object.entries(perCall[name]!).map(([k, v]) => `${k} ${round(v / m, 2)} (${round(perSpent[name]![k]! / m, 0)} µs)`).join(', ');
      console.log(`  ${name.padEnd(9)} CPU p50 ${round(percentile(t, 50), 0).toString().padStart(6)} µs (${round(percentile(t, 50) / base, 2)}×), mean ${round(mean, 0).toString().padStart(6)}; hits ${round(hits[name]! / m, 1)}; per search (calls, CPU in them): ${callsText}`);
    }
  }
} finally {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
