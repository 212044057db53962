// `npx tsx bench/filingEval/run.ts`: the filing eval set alone (no throughput part), every miss listed.
// `--heldout`: the held-out set (heldout.ts) instead, scored the same way.
import fs from 'node:fs';
import { openBench, runEval } from '../filing.bench.js';
import { HELDOUT_ITEMS } from './heldout.js';

const heldout = process.argv.includes('--heldout');

const { c, dir } = await openBench();
try {
  if (heldout) process.stdout.write('held-out set (bench/filingEval/heldout.ts)\n');
  await runEval(c, (l) => process.stdout.write(`${l}\n`), { verbose: true, ...(heldout ? { items: HELDOUT_ITEMS } : {}) });
} finally {
  await c.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
