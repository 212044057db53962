// Search quality on the third held-out set (bench/quality/heldout3.ts): the vault of a hospital
// research group (staff and reporting lines, studies known by acronyms, partner hospitals whose pages
// are in German, French, Spanish, Japanese, Russian and Arabic, dated minutes, long SOPs, look-alike
// pages), with ten kinds of hard question (relational, two-hop, paraphrase, crosslingual, typo,
// distractor, negation, date, acronym, deep). Written without reading the engine. A real server is
// started, the vault is written through the pages API, and every question is asked over HTTP in
// each mode.
import { heldoutSuite } from './quality/heldoutSuite.js';
import { generateHeldout3, HELDOUT3_FAMILIES } from './quality/heldout3.js';

export const HELDOUT3_SEED = 737373;

export const suite = heldoutSuite({
  name: 'heldout3',
  description: 'search quality on the held-out multilingual vault: P@5, R@5, MRR per family and mode',
  families: HELDOUT3_FAMILIES,
  generate: () => generateHeldout3(HELDOUT3_SEED),
});
