// `npx tsx bench/filingEval/run.ts`: the filing eval set alone (no throughput part), every miss listed.
// `--heldout`: the held-out set (heldout.ts) instead, scored the same way.
// `--blind`: the blind set (blind.ts, with its extra seeded pages) instead.
// `--blind2`: the second blind set (blind2.ts, with its extra seeded pages) instead.
// `--blind3`: the third blind set (blind3.ts, with its extra seeded pages) instead.
// `--blind4`: the fourth blind set (blind4.ts, with its extra seeded pages) instead.
// `--blind5`: the fifth blind set (blind5.ts, with its extra seeded pages) instead.
// `--blind6`: the sixth blind set (blind6.ts, with its extra seeded pages) instead.
// `--dev7`: the seventh set (dev7.ts, with its extra seeded pages), a development set written before the fixes it drove.
import fs from 'node:fs';
import { openBench, runEval } from '../filing.bench.js';
import { BLIND_ITEMS, BLIND_SEED_PAGES } from './blind.js';
import { BLIND2_ITEMS, BLIND2_SEED_PAGES } from './blind2.js';
import { BLIND3_ITEMS, BLIND3_SEED_PAGES } from './blind3.js';
import { BLIND4_ITEMS, BLIND4_SEED_PAGES } from './blind4.js';
import { BLIND5_ITEMS, BLIND5_SEED_PAGES } from './blind5.js';
import { BLIND6_ITEMS, BLIND6_SEED_PAGES } from './blind6.js';
import { DEV7_ITEMS, DEV7_SEED_PAGES } from './dev7.js';
import { HELDOUT_ITEMS } from './heldout.js';

const heldout = process.argv.includes('--heldout');
const blind = process.argv.includes('--blind');
const blind2 = process.argv.includes('--blind2');
const blind3 = process.argv.includes('--blind3');
const blind4 = process.argv.includes('--blind4');
const blind5 = process.argv.includes('--blind5');
const blind6 = process.argv.includes('--blind6');
const dev7 = process.argv.includes('--dev7');

const { c, dir } = await openBench();
try {
  if (heldout) process.stdout.write('held-out set (bench/filingEval/heldout.ts)\n');
  if (blind) process.stdout.write('blind set (bench/filingEval/blind.ts)\n');
  if (blind2) process.stdout.write('second blind set (bench/filingEval/blind2.ts)\n');
  if (blind3) process.stdout.write('third blind set (bench/filingEval/blind3.ts)\n');
  if (blind4) process.stdout.write('fourth blind set (bench/filingEval/blind4.ts)\n');
  if (blind5) process.stdout.write('fifth blind set (bench/filingEval/blind5.ts)\n');
  if (blind6) process.stdout.write('sixth blind set (bench/filingEval/blind6.ts)\n');
  if (dev7) process.stdout.write('seventh set, development (bench/filingEval/dev7.ts)\n');
  const set = dev7 ? { items: DEV7_ITEMS, seed: DEV7_SEED_PAGES } : blind6 ? { items: BLIND6_ITEMS, seed: BLIND6_SEED_PAGES } : blind5 ? { items: BLIND5_ITEMS, seed: BLIND5_SEED_PAGES } : blind4 ? { items: BLIND4_ITEMS, seed: BLIND4_SEED_PAGES } : blind3 ? { items: BLIND3_ITEMS, seed: BLIND3_SEED_PAGES } : blind2 ? { items: BLIND2_ITEMS, seed: BLIND2_SEED_PAGES } : blind ? { items: BLIND_ITEMS, seed: BLIND_SEED_PAGES } : heldout ? { items: HELDOUT_ITEMS } : {};
  await runEval(c, (l) => process.stdout.write(`${l}\n`), { verbose: true, ...set });
} finally {
  await c.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
