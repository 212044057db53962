// Diagnosis of the search bench's first timed pass (task srch33): what does the first exact pass
// pay that later passes of the same kind do not? Runs the bench's set-up (2,000 pages, the bench's
// questions, the bare server), then exact passes one after another, each of distinct new questions,
// printing each pass's p50 ours / bare and the median by position (blocks of 10) in the pass.
// Usage: npx tsx bench/searchColdStart.ts [--order exact,exact,hybrid,exact] [--warm <mode>:<n>,...]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChildHttpClient } from './httpClient.js';
import { BARE_FTS_SQL as _unused } from './bareQueries.js';
import { benchOption, percentile, round, startBareServer, startBenchService } from './lib.js';
import { distinctQueries, generatePages, importPages } from './search.bench.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { allTermsExpression, parseQuery } from '../src/domain/searchQuery.js';
import { sharedSifModel } from '../src/infra/embeddings/localProvider.js';
import { databaseFile } from '../src/storage/sqlite/database.js';
void _unused;

const order = benchOption(process.argv, 'order', 'exact,exact,exact,semantic,hybrid,exact').split(',');
const warm = benchOption(process.argv, 'warm', 'hybrid:10').split(',').filter(Boolean).map((w) => w.split(':') as [string, string]);
const perPass = 60;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-coldstart-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  await sharedSifModel(c.config.modelsDir);
  const brainId = c.access.findBrain('main')!.id;
  const token = c.identity.createCredential({ brainId, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
  const base = service.http.url;
  const pages = generatePages(2000, { facets: true });
  await importPages(c, brainId, pages);
  await c.embeddings.drain();
  const warmN = warm.reduce((s, [, n]) => s + Number(n), 0);
  const qs = distinctQueries(warmN + perPass * order.length);
  const model = await sharedSifModel(c.config.modelsDir);
  const exprs = qs.map((q) => allTermsExpression(parseQuery(q))!);
  const b64 = (i: number) => { const v = model.embed(qs[i]!); return encodeURIComponent(Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')); };
  const bareServer = await startBareServer('bench/bareSearchServer.ts', [databaseFile(dataDir)]);
  const client = new ChildHttpClient();
  const headers = { authorization: `Bearer ${token}` };
  const ours = (mode: string, i: number) => ({ url: `${base}/api/v1/brains/main/search?mode=${mode}&q=${encodeURIComponent(qs[i]!)}`, headers });
  const theirs = (mode: string, i: number) => ({ url: bareServer.url + (mode === 'exact' ? `/fts?match=${encodeURIComponent(exprs[i]!)}` : mode === 'semantic' ? `/knn?brain=${brainId}&v=${b64(i)}` : `/hybrid-fusion?brain=${brainId}&match=${encodeURIComponent(exprs[i]!)}&v=${b64(i)}`) });
  let next = 0;
  for (const [mode, n] of warm) {
    const ids = Array.from({ length: Number(n) }, () => next++);
    await client.run(ids.flatMap((i) => [ours(mode, i), theirs(mode, i)]), {});
  }
  for (const mode of order) {
    const ids = Array.from({ length: perPass }, () => next++);
    const r = await client.run(ids.flatMap((i) => [ours(mode, i), theirs(mode, i)]), {});
    if (r.some((x) => x.status !== 200)) throw new Error('bad status');
    const o = r.filter((_, k) => k % 2 === 0).map((x) => x.ms);
    const b = r.filter((_, k) => k % 2 === 1).map((x) => x.ms);
    const blocks = Array.from({ length: perPass / 10 }, (_, k) => round(percentile(o.slice(k * 10, k * 10 + 10), 50)));
    console.log(`${mode.padEnd(8)} ours p50 ${round(percentile(o, 50), 3)} bare ${round(percentile(b, 50), 3)} ratio ${round(percentile(o, 50) / percentile(b, 50))} pair ${round(percentile(o.map((x, i) => x / b[i]!), 50))}; ours by block of 10: ${blocks.join(' ')}`);
  }
  console.log(`load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  await client.close();
  bareServer.child.kill('SIGTERM');
} finally {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
