// Search quality on the fifth held-out set (bench/quality/heldout5.ts): the vault of the programme
// director of a small water NGO (projects in Kenya, Tanzania, Ethiopia, Sudan, India and Bangladesh
// whose pages are in English, Swahili, Amharic, Hindi, Bengali, Arabic, Chinese, Japanese, German and
// French, people named in their own script, dated meetings, daily notes, field reports, policies with
// superseded versions, long reference pages with facts buried late, decoys named like the projects),
// with ten kinds of question (exact, paraphrase, typo, crosslingual, two-hop, negation, date,
// distractor, deep, natural). Written without reading the engine. A real server is started, the
// vault is written through the pages API, and every question is asked over HTTP in each mode.
import { heldoutSuite } from './quality/heldoutSuite.js';
import { generateHeldout5, HELDOUT5_FAMILIES } from './quality/heldout5.js';

export const HELDOUT5_SEED = 515151;

export const suite = heldoutSuite({
  name: 'heldout5',
  description: 'search quality on the fifth held-out vault (a water NGO’s programme vault, ten languages): P@5, R@5, MRR per family and mode',
  families: HELDOUT5_FAMILIES,
  generate: () => generateHeldout5(HELDOUT5_SEED),
});
