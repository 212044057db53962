// Search quality on the fourth held-out set (bench/quality/heldout4.ts): the work-and-life vault of a
// freelance architect and urban planner (eleven projects whose pages are in German, French, Spanish,
// Japanese, Chinese, Russian, Arabic and Greek, people named in their own script, dated meetings,
// daily notes, long reference notes with facts buried late, decoys named like the projects), with
// ten kinds of question (exact, paraphrase, typo, crosslingual, two-hop, negation, date, deep,
// distractor, vague). Written without reading the engine. A real server is started, the vault is
// written through the pages API, and every question is asked over HTTP in each mode.
// BENCH_VERBOSE=1 also prints every question that hybrid misses at 5.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { figure, round, type Figure, type Suite, startBenchService } from './lib.js';
import { evaluate, loadWorld, MODES, table, waitForEmbeddings } from './quality/evaluate.js';
import { generateHeldout4, HELDOUT4_FAMILIES } from './quality/heldout4.js';

export const HELDOUT4_SEED = 414141;

export const suite: Suite = {
  name: 'heldout4',
  description: 'search quality on the fourth held-out vault (an architect’s work and life, nine languages): P@5, R@5, MRR per family and mode',
  async run({ log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-heldout4-'));
    const env = { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') };
    const service = await startBenchService(dataDir, env);
    const c = service.container;
    const figures: Figure[] = [];
    try {
      const { pages, questions } = generateHeldout4(HELDOUT4_SEED);
      const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'heldout4' });
      const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
      const base = service.http.url;
      const sizes = Object.values(pages).map((md) => Buffer.byteLength(md));
      log(`vault: ${sizes.length} pages (${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)} bytes on average, largest ${Math.max(...sizes)}), ${questions.length} questions (${HELDOUT4_FAMILIES.map((f) => `${f} ${questions.filter((q) => q.family === f).length}`).join(', ')})`);
      await loadWorld(base, token, 'heldout4', pages);
      await waitForEmbeddings(base, token, 'heldout4');
      const e = await evaluate(base, token, 'heldout4', questions, { families: HELDOUT4_FAMILIES });
      for (const line of table(e, HELDOUT4_FAMILIES).split('\n')) log(line);
      if (process.env.BENCH_VERBOSE) {
        for (const { q, hits } of e.top) {
          if (q.relevant.some((p) => hits.hybrid.includes(p))) continue;
          log(`MISS [${q.family}/${q.kind}] ${q.q}\n      want ${q.relevant.join(', ')}\n      hybrid ${hits.hybrid.join(', ')}\n      exact ${hits.exact.join(', ')}\n      semantic ${hits.semantic.join(', ')}`);
        }
      }
      for (const g of [...HELDOUT4_FAMILIES, 'all' as const]) {
        for (const mode of MODES) {
          const s = e.scores[mode][g];
          figures.push(figure({ suite: 'heldout4', name: `${g} R@5 ${mode} (n=${s.n}; P@5 ${round(s.p5, 3)}, MRR ${round(s.mrr, 3)})`, value: s.r5, unit: '', baselineName: null, baseline: null, better: 'higher', target: null }));
        }
        figures.push(figure({ suite: 'heldout4', name: `${g} ceiling: answers reachable in any mode's top 100`, value: e.reachable[g], unit: '', baselineName: null, baseline: null, better: 'higher', target: null }));
      }
    } finally {
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
