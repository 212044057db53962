// In-process timing of an exact search's stages on a generated brain (bench/search.bench.ts's
// pages), each variant over the same questions, alternating question by question, medians in µs.
// Usage: node --import tsx bench/searchStages.ts [pages=10000] [questions=800]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { startBenchService, percentile, round } from './lib.js';
import { distinctQueries, generatePages, importPages } from './search.bench.js';
import { BARE_FTS_SQL } from './bareQueries.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { allTermsExpression, parseQuery } from '../src/domain/searchQuery.js';
import { snippet } from '../src/domain/snippet.js';
import { searchParamsSchema } from '../src/domain/schemas/search.js';
import { validateQuery } from '../src/domain/validate.js';
import { searchParamsFromQuery } from '../src/services/searchService.js';
import { databaseFile } from '../src/storage/sqlite/database.js';

const n = Number(process.argv[2] ?? 10_000);
const count = Number(process.argv[3] ?? 800);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-searchstages-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  const brainId = c.access.findBrain('main')!.id;
  const pages = generatePages(n, { facets: true });
  await importPages(c, brainId, pages);
  await c.embeddings.drain();
  const all = distinctQueries(count * 2);
  const qs = all.slice(0, count);
  const qs2 = all.slice(count);
  const exprs = qs.map((q) => allTermsExpression(parseQuery(q))!);
  const db = (c.searchIndex as unknown as { db: Database.Database }).db;
  const other = new Database(databaseFile(dataDir), { readonly: true });
  const RANK = (limit: number) => `SELECT rowid AS chunkId, bm25(search_fts, 10.0, 4.0, 1.0, 3.0) AS distance FROM search_fts WHERE search_fts MATCH @match ORDER BY distance LIMIT ${limit}`;
  // Each question asked once of the service (what it keeps of a question would otherwise time a
  // repeat); the bare queries after it, SQLite's page cache warmed first by one pass of them all.
  const variants: Record<string, (i: number) => unknown> = {
    'search exact + JSON': async (i) => JSON.stringify(await c.search.search(SYSTEM_ACTOR, 'main', { q: qs[i], mode: 'exact' })),
    'bare FTS5 LIMIT 8, server connection': (() => { const s = db.prepare(BARE_FTS_SQL); return (i: number) => s.all(exprs[i]); })(),
    'bare FTS5 LIMIT 8, own read-only connection': (() => { const s = other.prepare(BARE_FTS_SQL); return (i: number) => s.all(exprs[i]); })(),
    'rank LIMIT 12 (matchPages first window)': (() => { const s = db.prepare(RANK(12)); return (i: number) => s.all({ match: exprs[i] }); })(),
    'matchPages exact tier 0': (i) => c.searchIndex.matchPages(brainId, 'exact', exprs[i]!, { folder: null, partition: null, includeArchived: false } as never, 8),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < qs.length; i++) variants['bare FTS5 LIMIT 8, own read-only connection']!(i);
  for (let i = 0; i < qs.length; i++) {
    for (const [name, run] of Object.entries(variants)) {
      const t = performance.now();
      await run(i);
      times[name]!.push((performance.now() - t) * 1000);
    }
  }
  // The service's exact search in its stages, on questions of their own (cold as the whole search's).
  type Stage = 'route: params + validation' | 'access.require' | 'parseQuery' | 'exactRanking (FTS5 + pages)' | 'hitBodies (shown hits)' | 'snippets (shown hits)' | 'JSON.stringify';
  const stages: Record<Stage, number[]> = { 'route: params + validation': [], 'access.require': [], parseQuery: [], 'exactRanking (FTS5 + pages)': [], 'hitBodies (shown hits)': [], 'snippets (shown hits)': [], 'JSON.stringify': [] };
  const svc = c.search as unknown as { exactRanking(b: string, q: unknown, f: unknown, l: number): Array<{ hit: { chunkId: number; body?: string }; source: string }> };
  const filters = { folder: null, partition: null, includeArchived: false, tags: [], fields: [], type: null, updatedAfter: null, updatedBefore: null };
  for (const q of qs2) {
    let t = performance.now();
    const at = (stage: Stage) => { const now = performance.now(); stages[stage].push((now - t) * 1000); t = now; };
    const { tag, ...named } = searchParamsFromQuery({ q, mode: 'exact' });
    validateQuery(searchParamsSchema, { ...named, ...(tag ? { tags: [tag] } : {}) });
    at('route: params + validation');
    c.access.require(SYSTEM_ACTOR, 'main', 'Read');
    at('access.require');
    const parsed = parseQuery(q);
    at('parseQuery');
    const ranked = svc.exactRanking(brainId, parsed, filters, 8);
    at('exactRanking (FTS5 + pages)');
    const bodies = c.searchIndex.hitBodies(ranked.map((r) => r.hit) as never);
    at('hitBodies (shown hits)');
    const snippets = ranked.map((r) => snippet(bodies.get(r.hit.chunkId) ?? '', parsed.terms, { stem: false }) ?? snippet(bodies.get(r.hit.chunkId) ?? '', parsed.terms, { stem: true }));
    at('snippets (shown hits)');
    JSON.stringify({ mode: 'exact', hits: snippets });
    at('JSON.stringify');
  }
  console.log(`${n} pages, ${count} questions, load ${os.loadavg().map((x) => round(x, 2)).join(' ')}`);
  for (const [name, t] of Object.entries(times)) console.log(`  ${round(percentile(t, 50), 1).toString().padStart(8)} µs p50  ${round(t.reduce((a, b) => a + b, 0) / t.length, 1).toString().padStart(8)} µs mean  ${name}`);
  console.log('  stages of an exact search (µs, p50 / mean):');
  for (const [name, t] of Object.entries(stages)) console.log(`  ${round(percentile(t, 50), 1).toString().padStart(8)} / ${round(t.reduce((a, b) => a + b, 0) / t.length, 1).toString().padStart(8)}  ${name}`);
  other.close();
} finally {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
