// The event loop thread's CPU time of one import-sized git commit (BrainRepository.commit of the
// bench vault, bench/vaultGen.ts), for two trees' dist/ alternately, each run in a fresh process:
// where the pack is built (event loop or git write thread) shows here, apart from the indexing an
// import does around it. The write thread is warmed by a one-page commit first (a server's is
// warm; a CLI import's loads while its files are read and its objects built). Also the whole
// process's CPU (both threads) and the commit's wall time, both noisy on a shared machine.
//
// node --import tsx bench/commitCpu.ts BASE_TREE NEW_TREE [--pages 1500] [--runs 5]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ThreadCpu } from './threadCpu.js';
import { generateVault } from './vaultGen.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

interface Run {
  mainMs: number;
  processMs: number;
  wallMs: number;
}

async function child(tree: string, pages: number): Promise<Run> {
  const dist = (m: string) => import(pathToFileURL(path.join(tree, 'dist', m)).href);
  const { BrainRepository } = await dist('storage/git/brainRepository.js');
  const { gitWriteThreads } = await dist('storage/git/gitWriteThread.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-commitcpu-'));
  try {
    const repo = new BrainRepository(path.join(dir, 'b.git'), { fsync: true });
    await repo.init();
    const author = { name: 'Bench', email: 'bench@example.com' };
    gitWriteThreads().warm();
    await new Promise((r) => setTimeout(r, 1000));
    const first = await repo.commit(null, [{ path: 'first.md', content: Buffer.from('# First\n') }], { message: 'first', author });
    const files = generateVault(pages).pages.map((p) => ({ path: p.path, content: Buffer.from(p.markdown) }));
    const cpu = new ThreadCpu();
    const all = process.cpuUsage();
    const wall = process.hrtime.bigint();
    const mark = cpu.mark();
    await repo.commit(first.commit, files, { message: 'import', author });
    const mainMs = cpu.usSince(mark) / 1000;
    const used = process.cpuUsage(all);
    const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
    execFileSync('git', ['--git-dir', path.join(dir, 'b.git'), 'fsck', '--strict', '--no-progress', '--no-dangling'], { stdio: 'pipe' });
    return { mainMs, processMs: (used.user + used.system) / 1000, wallMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (args[0] === '--child') {
  const run = await child(args[1]!, Number(args[2]));
  console.log(JSON.stringify(run));
  process.exit(0);
}

const [baseTree, newTree] = args.filter((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
if (!baseTree || !newTree) throw new Error('usage: commitCpu.ts BASE_TREE NEW_TREE [--pages N] [--runs N]');
const PAGES = option('--pages', 1500);
const RUNS = option('--runs', 5);
const results: Record<'base' | 'new', Run[]> = { base: [], new: [] };
for (let run = 0; run < RUNS; run++) {
  for (const [name, tree] of [['base', baseTree], ['new', newTree]] as const) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'commitCpu.ts'), '--child', path.resolve(tree), String(PAGES)], { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').pop()!) as Run;
    results[name].push(r);
    console.log(`${name} run ${run + 1}: main thread ${r.mainMs.toFixed(0)} ms CPU, process ${r.processMs.toFixed(0)} ms CPU, wall ${r.wallMs.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(1)})`);
  }
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
for (const name of ['base', 'new'] as const) {
  const line = (key: keyof Run) => {
    const xs = sorted(results[name].map((r) => r[key]));
    return `${xs[Math.floor(xs.length / 2)]!.toFixed(0)} (${xs[0]!.toFixed(0)}–${xs[xs.length - 1]!.toFixed(0)})`;
  };
  console.log(`${name} median (min–max) ms: main thread CPU ${line('mainMs')}, process CPU ${line('processMs')}, wall ${line('wallMs')}`);
}
