// Search quality on the second, held-out evaluation set (bench/quality/heldout2.ts): an
// Obsidian-style vault in many languages and scripts, with pages of real size and ten kinds of
// hard question (relational, paraphrase, identifier, two-hop, deep, typo, recency, distractor,
// multilingual, natural). It was written apart from the quality suite's world and without
// looking at the engine, to tell tuning to our own world from real gains. A real server is
// started, the vault is written through the pages API, and every question is asked over HTTP in
// each mode.
import { heldoutSuite } from './quality/heldoutSuite.js';
import { generateHeldout, HELDOUT_FAMILIES } from './quality/heldout2.js';

export const HELDOUT_SEED = 424242;

export const suite = heldoutSuite({
  name: 'heldout2',
  description: 'search quality on the held-out multilingual vault: P@5, R@5, MRR per family and mode',
  families: HELDOUT_FAMILIES,
  generate: () => generateHeldout(HELDOUT_SEED),
});
