// What held the event loop: reads a V8 CPU profile (node --cpu-prof; `BRAINKEEP_LOAD_PROFILE=<folder>
// npm run bench -- load` writes the server's) and, within a window, lists
//   - how busy the loop was (samples that were not idle),
//   - the holders: runs of consecutive samples under the same outermost src/ frame (a proxy for one
//     synchronous stretch: a request's handler, a job's batch), by their longest run and by the time
//     they spent in runs over 10 ms (what requests queue behind),
//   - self time by function, and with --under <regex> the time below a frame, split by the src/
//     frames it called.
// The sampler counts wall time on the main thread: a thread preempted by another process (a busy
// machine) shows that time in whatever function was running, often a system call (writev,
// postMessage, fdatasync). Compare profiles taken at the same load average.
//
// node --import tsx bench/cpuStalls.ts <file.cpuprofile> [--from <µs>] [--to <µs>] [--under <regex>]
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = args[0];
if (!file || file.startsWith('--')) {
  process.stderr.write('usage: bench/cpuStalls.ts <file.cpuprofile> [--from <µs>] [--to <µs>] [--under <regex>]\n');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const from = Number(option('--from') ?? -Infinity);
const to = Number(option('--to') ?? Infinity);
const under = option('--under');

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|node_modules|bench)\//, '$1/')}`;
const isSrc = (n: ProfileNode) => /\/src\//.test(n.callFrame.url) && !n.callFrame.url.includes('node_modules');
/** Root first. */
const stacks = new Map<number, ProfileNode[]>();
function stackOf(id: number): ProfileNode[] {
  let s = stacks.get(id);
  if (!s) {
    s = [];
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) s.push(byId.get(x)!);
    s.reverse();
    stacks.set(id, s);
  }
  return s;
}
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);

let clock = profile.startTime;
const times = profile.timeDeltas.map((d) => (clock += d));
let span = 0;
let busy = 0;
const self = new Map<string, number>();
const below = new Map<string, number>();
const holders = new Map<string, { runs: number; total: number; longest: number; over10: number }>();
const runs: Array<{ holder: string; at: number; us: number }> = [];
let run: { holder: string; at: number; us: number } | null = null;
for (let i = 0; i + 1 < profile.samples.length; i++) {
  if (times[i]! < from || times[i]! > to) continue;
  const us = times[i + 1]! - times[i]!;
  span += us;
  const stack = stackOf(profile.samples[i]!);
  const leaf = stack[stack.length - 1]!;
  if (leaf.callFrame.functionName === '(idle)') {
    run = null;
    continue;
  }
  busy += us;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + us);
  const outer = stack.find(isSrc) ?? stack[1] ?? leaf;
  const holder = label(outer);
  if (run && run.holder === holder) run.us += us;
  else runs.push((run = { holder, at: times[i]!, us }));
  if (under) {
    const k = stack.findIndex((n) => new RegExp(under).test(label(n)));
    if (k >= 0) {
      const key = stack.slice(k + 1).filter(isSrc).slice(0, 2).map(label).join(' > ') || `(itself) ${label(leaf)}`;
      below.set(key, (below.get(key) ?? 0) + us);
    }
  }
}
for (const r of runs) {
  const h = holders.get(r.holder) ?? { runs: 0, total: 0, longest: 0, over10: 0 };
  h.runs++;
  h.total += r.us;
  h.longest = Math.max(h.longest, r.us);
  if (r.us > 10_000) h.over10 += r.us;
  holders.set(r.holder, h);
}

const out = (l: string) => process.stdout.write(`${l}\n`);
out(`window ${(span / 1e6).toFixed(1)} s, loop busy ${(busy / 1e6).toFixed(1)} s (${Math.round((100 * busy) / Math.max(1, span))}%)`);
out('\nholders (outermost src/ frame of consecutive samples), by time in runs over 10 ms:');
out('  in >10ms   total  longest   runs  holder');
for (const [h, v] of [...holders].sort((a, b) => b[1].over10 - a[1].over10).slice(0, 20)) out(`  ${ms(v.over10)} ${ms(v.total)} ${ms(v.longest)} ${String(v.runs).padStart(6)}  ${h}`);
out('\nlongest runs:');
for (const r of [...runs].sort((a, b) => b.us - a.us).slice(0, 10)) out(`  ${ms(r.us)} ms at ${((r.at - profile.startTime) / 1e6).toFixed(2)} s  ${r.holder}`);
out('\nself time:');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) out(`  ${ms(v)}  ${k}`);
if (under) {
  out(`\nbelow /${under}/:`);
  for (const [k, v] of [...below].sort((a, b) => b[1] - a[1]).slice(0, 15)) out(`  ${ms(v)}  ${k}`);
}
