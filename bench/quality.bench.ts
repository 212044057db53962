// Search quality on our own evaluation world (bench/quality/): a generated consultancy brain of
// ≈ 330 pages (people, companies, funds, meetings, concepts, documents; fixed seed) and ≈ 240
// judged questions in four families (relational, paraphrase, identifier, two-hop). A real server
// is started, the world is written through the pages API, and every question is asked over HTTP
// in each mode. Prints P@5, R@5 and MRR per family and mode, and the ceiling (the share of
// answers any mode returns in its top 100). This is the number we steer search by; it replaced
// the small relevance fixture that used to sit in the search suite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { figure, percentile, round, type Figure, type Suite, startBenchService } from './lib.js';
import { evaluate, loadWorld, MODES, search, table, waitForEmbeddings } from './quality/evaluate.js';
import { FAMILIES, generateQuestions } from './quality/questions.js';
import { generateWorld } from './quality/world.js';

export const QUALITY_SEED = 20261125;

export const suite: Suite = {
  name: 'quality',
  description: 'search quality on the generated evaluation world: P@5, R@5, MRR per family and mode, and the ceiling',
  async run({ log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-quality-'));
    const env = { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') };
    let service = await startBenchService(dataDir, env);
    const c = service.container;
    const figures: Figure[] = [];
    const llm = await orderKeepingLlm();
    try {
      const world = generateWorld({ seed: QUALITY_SEED });
      const questions = generateQuestions(world, { seed: QUALITY_SEED, perFamily: {} });
      const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'quality' });
      const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
      const base = service.http.url;
      const pages = Object.keys(world.pages).length;
      const words = Object.values(world.pages).reduce((n, md) => n + md.split(/\s+/).length, 0);
      log(`world: ${pages} pages (${Math.round(words / pages)} words on average), ${questions.length} questions (${FAMILIES.map((f) => `${f} ${questions.filter((q) => q.family === f).length}`).join(', ')})`);
      await loadWorld(base, token, 'quality', world.pages);
      await waitForEmbeddings(base, token, 'quality');
      const e = await evaluate(base, token, 'quality', questions);
      for (const line of table(e).split('\n')) log(line);
      if (process.env.BENCH_VERBOSE) {
        for (const { q, hits } of e.top) log(`[${q.family}/${q.kind}] ${q.q}\n      want ${q.relevant.join(', ')}\n      hybrid ${hits.hybrid.join(', ')}\n      semantic ${hits.semantic.join(', ')}`);
      }
      for (const g of [...FAMILIES, 'all'] as const) {
        for (const mode of MODES) {
          const s = e.scores[mode][g];
          const best = Math.max(e.scores.exact[g].r5, e.scores.semantic[g].r5);
          figures.push(
            figure({
              suite: 'quality',
              name: `${g} R@5 ${mode} (n=${s.n}; P@5 ${round(s.p5, 3)}, MRR ${round(s.mrr, 3)})`,
              value: s.r5,
              unit: '',
              baselineName: mode === 'hybrid' ? 'best single mode R@5' : null,
              baseline: mode === 'hybrid' ? best : null,
              better: 'higher',
              target: mode === 'hybrid' ? '≥ best single mode' : null,
              met: mode === 'hybrid' ? s.r5 >= best : null,
            }),
          );
        }
        figures.push(figure({ suite: 'quality', name: `${g} ceiling: answers reachable in any mode's top 100`, value: e.reachable[g], unit: '', baselineName: null, baseline: null, better: 'higher', target: null }));
      }
      // The reranker's cost: the same questions, hybrid, with BRAINKEEP_SEARCH_RERANK=llm against
      // a loopback OpenAI-compatible endpoint that keeps the order it is given. It measures the
      // added latency of building the prompt, the request and reading the answer (not a model's
      // thinking time, and no quality: a real model's gain can only be measured with one).
      const asked = questions.filter((q) => q.family !== 'identifier').slice(0, 120);
      const timed = async (): Promise<number> => {
        const ms: number[] = [];
        for (const q of asked) {
          const t0 = performance.now();
          await search(service.http.url, token, 'quality', 'hybrid', q.q, 5);
          ms.push(performance.now() - t0);
        }
        return percentile(ms, 50);
      };
      const plain = await timed();
      await service.stop();
      service = await startBenchService(dataDir, { ...env, BRAINKEEP_LLM_URL: llm.url, BRAINKEEP_LLM_MODEL: 'loopback', BRAINKEEP_SEARCH_RERANK: 'llm' });
      await waitForEmbeddings(service.http.url, token, 'quality');
      const reranked = await timed();
      log(`reranker (loopback endpoint, top 20): hybrid p50 ${round(plain, 2)} ms → ${round(reranked, 2)} ms over ${asked.length} questions (${llm.requests()} reranker requests)`);
      figures.push(
        figure({ suite: 'quality', name: 'hybrid p50 with the LLM reranker on a loopback endpoint (ms)', value: reranked, unit: 'ms', baselineName: 'hybrid p50 without', baseline: plain, better: 'lower', target: null }),
      );
    } finally {
      await service.stop();
      await llm.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};

/** An OpenAI-compatible endpoint on loopback that ranks the candidates in the order given. */
async function orderKeepingLlm(): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      requests++;
      const user = (JSON.parse(raw) as { messages: Array<{ content: string }> }).messages[1]?.content ?? '';
      const ranking = [...user.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ ranking }) } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, requests: () => requests, close: () => new Promise((r) => server.close(() => r())) };
}
