// `npm run bench [-- suite ...] [--quick]`: runs the named suites (all by default), prints each
// figure beside its same-run baseline, and writes bench/REPORT.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure, Suite } from './lib.js';
import { round } from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function loadSuites(): Promise<Suite[]> {
  const files = fs.readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
  const suites: Suite[] = [];
  for (const f of files) suites.push(((await import(path.join(here, f))) as { suite: Suite }).suite);
  return suites;
}

function fmt(n: number | null): string {
  return n == null || Number.isNaN(n) ? '–' : String(round(n, n < 10 ? 3 : 1));
}

export function renderReport(figures: Figure[], when = new Date()): string {
  const lines = [
    '# Benchmark report',
    '',
    `Measured ${when.toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}. Every baseline was measured in the same run on the same machine.`,
    '',
    '| suite | figure | value | baseline | baseline value | ratio | target | met |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.suite} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.baselineName ?? '–'} | ${f.baseline == null ? '–' : `${fmt(f.baseline)} ${f.unit}`} | ${fmt(f.ratio)} | ${f.target ?? '–'} | ${f.met == null ? '–' : f.met ? 'yes' : 'no'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const suites = (await loadSuites()).filter((s) => !wanted.length || wanted.includes(s.name));
  if (!suites.length) {
    process.stderr.write(`no benchmark suite matches ${wanted.join(', ')}\n`);
    process.exit(2);
  }
  const figures: Figure[] = [];
  for (const s of suites) {
    process.stdout.write(`\n== ${s.name}: ${s.description}\n`);
    const got = await s.run({ quick, log: (l) => process.stdout.write(`   ${l}\n`) });
    for (const f of got) {
      process.stdout.write(`   ${f.name}: ${fmt(f.value)} ${f.unit}` + (f.baseline != null ? `  vs ${f.baselineName} ${fmt(f.baseline)} ${f.unit}  ratio ${fmt(f.ratio)}` : '') + (f.target ? `  target ${f.target} ${f.met ? 'met' : f.met === false ? 'NOT met' : ''}` : '') + '\n');
    }
    figures.push(...got);
  }
  // Keep the figures of suites not run this time, so `npm run bench -- pages` refreshes only its rows.
  const store = path.join(here, 'figures.json');
  const previous: Figure[] = fs.existsSync(store) ? (JSON.parse(fs.readFileSync(store, 'utf8')) as Figure[]) : [];
  const ran = new Set(suites.map((s) => s.name));
  const all = [...previous.filter((f) => !ran.has(f.suite)), ...figures].sort((a, b) => a.suite.localeCompare(b.suite));
  fs.writeFileSync(store, `${JSON.stringify(all, null, 2)}\n`);
  fs.writeFileSync(path.join(here, 'REPORT.md'), renderReport(all));
  process.stdout.write(`\nwrote bench/REPORT.md (${all.length} figures, ${figures.length} from this run)\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
