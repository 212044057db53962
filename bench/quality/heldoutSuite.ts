// The one runner behind every held-out search suite (heldout2, heldout3, heldout4): a real server is
// started, the set's vault is written through the pages API, every question is asked over HTTP in
// each mode, and P@5, R@5 and MRR are reported per family and mode, with the ceiling (answers
// reachable in any mode's top 100). BENCH_VERBOSE=1 also prints every question hybrid misses at 5.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { figure, round, type Figure, type Suite, startBenchService } from '../lib.js';
import { evaluate, loadWorld, MODES, table, waitForEmbeddings, type Judged } from './evaluate.js';

export interface HeldoutSet<F extends string> {
  /** The suite's name, also the brain's slug and the figures' suite. */
  name: string;
  description: string;
  families: readonly F[];
  generate(): { pages: Record<string, string>; questions: Array<Judged<F>> };
}

export function heldoutSuite<F extends string>(set: HeldoutSet<F>): Suite {
  return {
    name: set.name,
    description: set.description,
    async run({ log }) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `brainkeep-bench-${set.name}-`));
      const env = { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') };
      const service = await startBenchService(dataDir, env);
      const c = service.container;
      const figures: Figure[] = [];
      try {
        const { pages, questions } = set.generate();
        const brain = await c.brains.create(SYSTEM_ACTOR, { slug: set.name });
        const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
        const base = service.http.url;
        const sizes = Object.values(pages).map((md) => Buffer.byteLength(md));
        log(`vault: ${sizes.length} pages (${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)} bytes on average, largest ${Math.max(...sizes)}), ${questions.length} questions (${set.families.map((f) => `${f} ${questions.filter((q) => q.family === f).length}`).join(', ')})`);
        await loadWorld(base, token, set.name, pages);
        await waitForEmbeddings(base, token, set.name);
        const e = await evaluate(base, token, set.name, questions, { families: set.families });
        for (const line of table(e, set.families).split('\n')) log(line);
        if (process.env.BENCH_VERBOSE) {
          for (const { q, hits } of e.top) {
            if (q.relevant.some((p) => hits.hybrid.includes(p))) continue;
            log(`MISS [${q.family}/${q.kind}] ${q.q}\n      want ${q.relevant.join(', ')}\n      hybrid ${hits.hybrid.join(', ')}\n      exact ${hits.exact.join(', ')}\n      semantic ${hits.semantic.join(', ')}`);
          }
        }
        for (const g of [...set.families, 'all' as const]) {
          for (const mode of MODES) {
            const s = e.scores[mode][g];
            figures.push(figure({ suite: set.name, name: `${g} R@5 ${mode} (n=${s.n}; P@5 ${round(s.p5, 3)}, MRR ${round(s.mrr, 3)})`, value: s.r5, unit: '', baselineName: null, baseline: null, better: 'higher', target: null }));
          }
          figures.push(figure({ suite: set.name, name: `${g} ceiling: answers reachable in any mode's top 100`, value: e.reachable[g], unit: '', baselineName: null, baseline: null, better: 'higher', target: null }));
        }
      } finally {
        await service.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      return figures;
    },
  };
}
