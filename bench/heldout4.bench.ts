// Search quality on the fourth held-out set (bench/quality/heldout4.ts): the work-and-life vault of a
// freelance architect and urban planner (eleven projects whose pages are in German, French, Spanish,
// Japanese, Chinese, Russian, Arabic and Greek, people named in their own script, dated meetings,
// daily notes, long reference notes with facts buried late, decoys named like the projects), with
// ten kinds of question (exact, paraphrase, typo, crosslingual, two-hop, negation, date, deep,
// distractor, vague). Written without reading the engine. A real server is started, the vault is
// written through the pages API, and every question is asked over HTTP in each mode.
import { heldoutSuite } from './quality/heldoutSuite.js';
import { generateHeldout4, HELDOUT4_FAMILIES } from './quality/heldout4.js';

export const HELDOUT4_SEED = 414141;

export const suite = heldoutSuite({
  name: 'heldout4',
  description: 'search quality on the fourth held-out vault (an architect’s work and life, nine languages): P@5, R@5, MRR per family and mode',
  families: HELDOUT4_FAMILIES,
  generate: () => generateHeldout4(HELDOUT4_SEED),
});
