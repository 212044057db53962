// `npx tsx bench/filingEval/intlTables.ts`: the one-time cost of the ICU date tables the filer builds on
// first use (intlDates.ts: month names of every locale, digits of every numbering system, eras) and of
// the day-period table, against reading every dated text of the dev10 and dev11 sets once with the tables
// warm, in the same run.
import { performance } from 'node:perf_hooks';
import { dayPeriodOf, intlTablesBuildMs } from '../../src/domain/filing/intlDates.js';
import { datesIn } from '../../src/domain/filing/text.js';
import { DEV10_ITEMS } from './dev10.js';
import { DEV11_ITEMS } from './dev11.js';

const texts = [...DEV10_ITEMS, ...DEV11_ITEMS].map((i) => i.upload.content ?? '').filter(Boolean);
const t0 = performance.now();
datesIn('12 มีนาคม 2569');
const first = performance.now() - t0;
const t1 = performance.now();
let found = 0;
for (let r = 0; r < 10; r++) for (const t of texts) found += datesIn(t).length;
const read = (performance.now() - t1) / 10;
const t2 = performance.now();
dayPeriodOf('ص');
const periods = performance.now() - t2;
const line = (k: string, v: number) => process.stdout.write(`${k.padEnd(44)} ${v.toFixed(1)} ms\n`);
line('tables built on first use (intlTablesBuildMs)', intlTablesBuildMs());
line('first datesIn call, build included', first);
line(`reading ${texts.length} texts once, tables warm (${found / 10} dates)`, read);
line('day-period table built on first use', periods);
process.stdout.write(`build / one read of the ${texts.length} texts: ${(intlTablesBuildMs() / read).toFixed(1)}x\n`);
