// Search latency through the HTTP server on each database backend, in one run: the same generated
// vault (bench/vaultGen.ts) written over HTTP to a server on SQLite, on PGlite with pgvector (behind
// pglite-socket, as the tests run it) and on the machine's own PostgreSQL when test/helpers/realPg.ts
// finds one (without pgvector there, hybrid is words and page fields only). Exact and hybrid p50 and
// p95 over the same queries, each beside SQLite's in the same run.
//   npx tsx bench/searchBackends.ts [pages=300] [queries=60]
// Standalone (not in bench/run.ts): PGlite and a real server take a while to start.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { apiRequest, tempDir } from '../test/helpers/server.js';
import { startTestPostgres } from '../test/helpers/pg.js';
import { realPostgresMissing, startRealPostgres } from '../test/helpers/realPg.js';
import { TEST_MODELS_DIR } from '../test/helpers/models.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { percentile, round, startBenchService } from './lib.js';
import { generateVault } from './vaultGen.js';

const PAGES = Number(process.argv[2] ?? 300);
const QUERIES = Number(process.argv[3] ?? 60);

interface Result {
  backend: string;
  importS: number;
  exact: number[];
  hybrid: number[];
  vectorSearch: boolean;
}

const vault = generateVault(PAGES);
// Queries: one or two words of page titles (the vault's names are its words), the same for every backend.
const queries = Array.from({ length: QUERIES }, (_, i) => {
  const title = /^# (.*)$/m.exec(vault.pages[(i * 7919) % vault.pages.length]!.markdown)![1]!;
  return title.split(/\s+/).slice(0, 2).join(' ');
});

async function measure(backend: string, env: Record<string, string>): Promise<Result> {
  const dataDir = tempDir('bk-bench-backends-');
  const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env });
  try {
    const c = service.container;
    const brain = c.access.findBrain('main')!;
    const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
    const t0 = performance.now();
    for (const p of vault.pages) {
      const r = await apiRequest(service.http.url, 'PUT', `/api/v1/brains/main/pages`, { token, body: { path: p.path, markdown: p.markdown } });
      if (r.status !== 201 && r.status !== 200) throw new Error(`${backend}: PUT ${p.path}: ${r.status} ${r.text}`);
    }
    await c.embeddings.drain();
    const importS = (performance.now() - t0) / 1000;
    const time = async (mode: string) => {
      const out: number[] = [];
      for (const warm of [true, false]) {
        for (const q of warm ? queries.slice(0, 5) : queries) {
          const t = performance.now();
          const r = await apiRequest(service.http.url, 'GET', `/api/v1/brains/main/search?${new URLSearchParams({ q, mode })}`, { token });
          if (r.status !== 200) throw new Error(`${backend} ${mode} ${q}: ${r.status} ${r.text}`);
          if (!warm) out.push(performance.now() - t);
        }
      }
      return out;
    };
    // Alternated, so load on the shared machine falls on both modes alike.
    const exact = [...(await time('exact')), ...(await time('exact'))];
    const hybrid = [...(await time('hybrid')), ...(await time('hybrid'))];
    return { backend, importS, exact, hybrid, vectorSearch: c.database.vectorSearch };
  } finally {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
results.push(await measure('SQLite', {}));
const pglite = await startTestPostgres();
try {
  results.push(await measure('PGlite + pgvector', { BRAINKEEP_DATABASE_URL: pglite.url }));
} finally {
  await pglite.stop();
}
const missing = realPostgresMissing();
if (missing) console.log(`real PostgreSQL: skipped (${missing})`);
else {
  const real = await startRealPostgres();
  try {
    results.push(await measure('PostgreSQL (this machine)', { BRAINKEEP_DATABASE_URL: real.url }));
  } finally {
    await real.stop();
  }
}

const base = results[0]!;
console.log(`${PAGES} pages (${round(vault.bytes / 1e6, 1)} MB), ${queries.length} queries x 2 per mode, p50 / p95 in ms; ratio = p50 / SQLite's p50 in this run`);
for (const r of results) {
  const e50 = percentile(r.exact, 50);
  const h50 = percentile(r.hybrid, 50);
  console.log(
    `${r.backend.padEnd(26)} import ${round(r.importS, 1)} s | exact ${round(e50)} / ${round(percentile(r.exact, 95))} (x${round(e50 / percentile(base.exact, 50), 1)})` +
      ` | hybrid ${round(h50)} / ${round(percentile(r.hybrid, 95))} (x${round(h50 / percentile(base.hybrid, 50), 1)})${r.vectorSearch ? '' : ' [no pgvector: words and fields only]'}`,
  );
}
process.exit(0);
