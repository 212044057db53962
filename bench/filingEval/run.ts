// `npx tsx bench/filingEval/run.ts`: the filing eval set alone (no throughput part), every miss listed.
// One flag picks another set instead, scored the same way:
// `--heldout`: the held-out set (heldout.ts).
// `--blind`, `--blind2` … `--blind9`: the blind sets (blindN.ts, each with its extra seeded pages).
// `--dev7`: the development set of chat exports and multilingual documents (dev7.ts), written before
// the fixes it drove.
// `--dev8`: the development set of inflected names, nicknames, domain-only companies, receipts from known
// companies, multilingual phishing, late "as of" dates and chats in their own formats (dev8.ts).
// `--dev9`: the development set of chat exports over midnight and several days, meetings and junk in more
// languages, late-named, OCR-noisy, bilingual and forwarded documents, and short real notes (dev9.ts).
// `--dev10`: the development set of documents dated the ways letters, contracts and reports write it in
// eleven languages, with letterheads and decoration above the title, junk in seven languages and real
// items that look a bit like junk (dev10.ts).
// `--dev11`: the development set of inboxes in sixteen locales outside the filer's first languages: their
// month names, digits, calendars and eras, letterheads, and the chat exports of their messaging apps (dev11.ts).
import fs from 'node:fs';
import { openBench, runEval } from '../filing.bench.js';
import type { EvalItem } from './items.js';
import { BLIND_ITEMS, BLIND_SEED_PAGES } from './blind.js';
import { BLIND2_ITEMS, BLIND2_SEED_PAGES } from './blind2.js';
import { BLIND3_ITEMS, BLIND3_SEED_PAGES } from './blind3.js';
import { BLIND4_ITEMS, BLIND4_SEED_PAGES } from './blind4.js';
import { BLIND5_ITEMS, BLIND5_SEED_PAGES } from './blind5.js';
import { BLIND6_ITEMS, BLIND6_SEED_PAGES } from './blind6.js';
import { BLIND7_ITEMS, BLIND7_SEED_PAGES } from './blind7.js';
import { BLIND8_ITEMS, BLIND8_SEED_PAGES } from './blind8.js';
import { BLIND9_ITEMS, BLIND9_SEED_PAGES } from './blind9.js';
import { DEV7_ITEMS, DEV7_SEED_PAGES } from './dev7.js';
import { DEV8_ITEMS, DEV8_SEED_PAGES } from './dev8.js';
import { DEV9_ITEMS, DEV9_SEED_PAGES } from './dev9.js';
import { DEV10_ITEMS, DEV10_SEED_PAGES } from './dev10.js';
import { DEV11_ITEMS, DEV11_SEED_PAGES } from './dev11.js';
import { HELDOUT_ITEMS } from './heldout.js';

type EvalSet = { title: string; items: EvalItem[]; seed?: typeof BLIND_SEED_PAGES };

const SETS: Record<string, EvalSet> = {
  '--heldout': { title: 'held-out set (bench/filingEval/heldout.ts)', items: HELDOUT_ITEMS },
  '--blind': { title: 'blind set (bench/filingEval/blind.ts)', items: BLIND_ITEMS, seed: BLIND_SEED_PAGES },
  '--blind2': { title: 'second blind set (bench/filingEval/blind2.ts)', items: BLIND2_ITEMS, seed: BLIND2_SEED_PAGES },
  '--blind3': { title: 'third blind set (bench/filingEval/blind3.ts)', items: BLIND3_ITEMS, seed: BLIND3_SEED_PAGES },
  '--blind4': { title: 'fourth blind set (bench/filingEval/blind4.ts)', items: BLIND4_ITEMS, seed: BLIND4_SEED_PAGES },
  '--blind5': { title: 'fifth blind set (bench/filingEval/blind5.ts)', items: BLIND5_ITEMS, seed: BLIND5_SEED_PAGES },
  '--blind6': { title: 'sixth blind set (bench/filingEval/blind6.ts)', items: BLIND6_ITEMS, seed: BLIND6_SEED_PAGES },
  '--blind7': { title: 'seventh blind set (bench/filingEval/blind7.ts)', items: BLIND7_ITEMS, seed: BLIND7_SEED_PAGES },
  '--blind8': { title: 'eighth blind set (bench/filingEval/blind8.ts)', items: BLIND8_ITEMS, seed: BLIND8_SEED_PAGES },
  '--blind9': { title: 'ninth blind set (bench/filingEval/blind9.ts)', items: BLIND9_ITEMS, seed: BLIND9_SEED_PAGES },
  '--dev7': { title: 'development set (bench/filingEval/dev7.ts)', items: DEV7_ITEMS, seed: DEV7_SEED_PAGES },
  '--dev8': { title: 'eighth development set (bench/filingEval/dev8.ts)', items: DEV8_ITEMS, seed: DEV8_SEED_PAGES },
  '--dev9': { title: 'ninth development set (bench/filingEval/dev9.ts)', items: DEV9_ITEMS, seed: DEV9_SEED_PAGES },
  '--dev10': { title: 'tenth development set (bench/filingEval/dev10.ts)', items: DEV10_ITEMS, seed: DEV10_SEED_PAGES },
  '--dev11': { title: 'eleventh development set (bench/filingEval/dev11.ts)', items: DEV11_ITEMS, seed: DEV11_SEED_PAGES },
};

const flag = Object.keys(SETS).find((f) => process.argv.includes(f));
const chosen = flag ? SETS[flag] : undefined;

const { c, dir } = await openBench();
try {
  if (chosen) process.stdout.write(`${chosen.title}\n`);
  const set = chosen ? { items: chosen.items, ...(chosen.seed ? { seed: chosen.seed } : {}) } : {};
  await runEval(c, (l) => process.stdout.write(`${l}\n`), { verbose: true, ...set });
} finally {
  await c.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
