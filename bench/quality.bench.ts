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
import { figure, round, type Figure, type Suite, startBenchService } from './lib.js';
import { evaluate, loadWorld, MODES, table, waitForEmbeddings } from './quality/evaluate.js';
import { FAMILIES, generateQuestions } from './quality/questions.js';
import { generateWorld } from './quality/world.js';

export const QUALITY_SEED = 20261125;

export const suite: Suite = {
  name: 'quality',
  description: 'search quality on the generated evaluation world: P@5, R@5, MRR per family and mode, and the ceiling',
  async run({ log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-quality-'));
    const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
    const c = service.container;
    const figures: Figure[] = [];
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
    } finally {
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
