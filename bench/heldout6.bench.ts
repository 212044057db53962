// Search quality on the sixth held-out set (bench/quality/heldout6.ts): the vault of the group medical
// director of a small veterinary clinic network run from Lisbon (clinics in Lisbon, Porto, Thessaloniki,
// Haifa, Chiang Mai, Busan, Tbilisi and Almaty whose pages are in English, Portuguese, Greek, Hebrew,
// Thai, Korean, Georgian, Russian, Persian and Spanish), people named in their own script, dated
// meetings, daily notes, partner and supplier pages, policies with superseded versions, long reference
// pages with facts buried late, decoys named like the work), with ten kinds of question (exact,
// paraphrase, typo, crosslingual, two-hop, negation, date, distractor, deep, natural), 13 each.
// Written without reading the engine. A real server is started, the vault is written through the
// pages API, and every question is asked over HTTP in each mode.
import { heldoutSuite } from './quality/heldoutSuite.js';
import { generateHeldout6, HELDOUT6_FAMILIES } from './quality/heldout6.js';

export const HELDOUT6_SEED = 616161;

export const suite = heldoutSuite({
  name: 'heldout6',
  description: 'search quality on the sixth held-out vault (a veterinary group’s medical director’s vault, ten languages, eight scripts): P@5, R@5, MRR per family and mode',
  families: HELDOUT6_FAMILIES,
  generate: () => generateHeldout6(HELDOUT6_SEED),
});
