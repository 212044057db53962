// `npx tsx bench/filingEval/run.ts`: the filing eval set alone (no throughput part), every miss listed.
import fs from 'node:fs';
import { openBench, runEval } from '../filing.bench.js';

const { c, dir } = await openBench();
try {
  await runEval(c, (l) => process.stdout.write(`${l}\n`), { verbose: true });
} finally {
  await c.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
