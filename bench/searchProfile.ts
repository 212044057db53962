// Where a search request's time goes: a generated brain (bench/search.bench.ts's pages) on a real
// server, exact and hybrid searches over HTTP from a client in another process, the server's
// event loop CPU-profiled (node:inspector) during the timed passes only. Prints the server's
// self time by function (top 40) and by source area, per request, beside the CPU time per request.
// Usage: node --import tsx bench/searchProfile.ts [pages=10000] [requests=1000] [out.cpuprofile]
// The generator has 2,496 distinct questions (16 topics × 12 words and 144 pairs): the warm-up
// and the two timed passes ask their own (50 + 2 × requests), so at most 1,223 requests a pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { ChildHttpClient } from './httpClient.js';
import { startBenchService, percentile, round } from './lib.js';
import { distinctQueries, generatePages, importPages } from './search.bench.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { sharedSifModel } from '../src/infra/embeddings/localProvider.js';

const n = Number(process.argv[2] ?? 10_000);
const requests = Number(process.argv[3] ?? 1000);
const out = process.argv[4];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-searchprof-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
const client = new ChildHttpClient();
try {
  await sharedSifModel(c.config.modelsDir);
  const brainId = c.access.findBrain('main')!.id;
  const token = c.identity.createCredential({ brainId, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
  const pages = generatePages(n, { facets: true });
  await importPages(c, brainId, pages);
  await c.embeddings.drain();
  // The floor pass asks no question: only the warm-up and the exact and hybrid passes take theirs.
  const WARM = 50;
  const qs = distinctQueries(WARM + requests * 2);
  const headers = { authorization: `Bearer ${token}` };
  const url = (mode: string, q: string) => ({ url: `${service.http.url}/api/v1/brains/main/search?mode=${mode}&q=${encodeURIComponent(q)}`, headers });
  await client.run(qs.slice(0, WARM).map((q) => url('hybrid', q)), {});
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (const [k, mode] of (['exact', 'hybrid', 'floor'] as const).entries()) {
    const set = mode === 'floor' ? [] : qs.slice(WARM + k * requests, WARM + (k + 1) * requests);
    const reqs = mode === 'floor' ? Array.from({ length: requests }, () => ({ url: `${service.http.url}/api/v1/brains/main`, headers })) : set.map((q) => url(mode, q));
    await session.post('Profiler.start');
    const cpu0 = process.cpuUsage();
    const res = await client.run(reqs, {});
    const cpu = process.cpuUsage(cpu0);
    const { profile } = await session.post('Profiler.stop');
    if (res.some((r) => r.status !== 200)) throw new Error(`non-200: ${res.find((r) => r.status !== 200)!.body}`);
    if (out) fs.writeFileSync(`${out}.${mode}.cpuprofile`, JSON.stringify(profile));
    const ms = res.map((r) => r.ms);
    console.log(`\n== ${mode}: ${requests} requests, p50 ${round(percentile(ms, 50), 3)} ms, server CPU ${round((cpu.user + cpu.system) / requests / 1000, 3)} ms/request; load ${os.loadavg().map((x) => round(x, 2)).join(' ')}`);
    summarize(profile, requests);
  }
} finally {
  await client.close();
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
function summarize(profile: { nodes: Node[]; samples?: number[]; timeDeltas?: number[] }, count: number): void {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byFn = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const f = node.callFrame;
    const file = f.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
    const fn = `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    const area = !file ? f.functionName : file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file.startsWith('node:') ? 'node:' + file.slice(5).split('/')[0] : file;
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('  by area (µs/request):');
  for (const [a, us] of top(byArea, 25)) console.log(`    ${round(us / count, 1).toString().padStart(8)}  ${a}`);
  console.log('  by function (µs/request):');
  for (const [a, us] of top(byFn, 40)) console.log(`    ${round(us / count, 1).toString().padStart(8)}  ${a}`);
}
