// What deriving a page costs (issues 23, 28, 29): every page of the generated multilingual vault
// (bench/vaultGen.ts, as the vault bench imports it) and the pages bench's small pages, derived in
// process by `derivePage` for several rounds; CPU per page (process.cpuUsage) per round and the
// median. With --profile, the last round runs under the V8 CPU profiler (node:inspector) and the
// functions of most self time are printed (one row per function and file, summed over its nodes).
// With --root, the tree whose compiled derivation is measured (its dist/: `npm run build` first),
// so a same-run baseline is another checkout's: alternate the two, one process each.
//
// node --import tsx bench/derivationCost.ts [--root <checkout>] [--vault 6300] [--bench 10000] [--rounds 5] [--profile] [--top 30]
import inspector from 'node:inspector';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateVault } from './vaultGen.js';
import { pagePath, pageText } from './pages.bench.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ROOT = path.resolve(option('--root', path.join(here, '..')));
const VAULT = Number(option('--vault', '6300'));
const BENCH = Number(option('--bench', '10000'));
const ROUNDS = Number(option('--rounds', '5'));
const TOP = Number(option('--top', '30'));
const PROFILE = args.includes('--profile');

type Derive = (path: string, markdown: string) => unknown;
const { derivePage } = (await import(pathToFileURL(path.join(ROOT, 'dist/domain/pageDerivation.js')).href)) as { derivePage: Derive };

const sets: Array<{ name: string; pages: Array<{ path: string; markdown: string }> }> = [
  { name: `vault (${VAULT} pages)`, pages: generateVault(VAULT).pages },
  { name: `bench (${BENCH} pages)`, pages: Array.from({ length: BENCH }, (_, i) => ({ path: pagePath(i), markdown: pageText(i) })) },
];

function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function post<T>(session: inspector.Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
}

/** Self time per function (name, file, line), in microseconds, largest first. */
function selfTimes(p: Profile): Array<{ fn: string; us: number }> {
  const byNode = new Map<number, ProfileNode>(p.nodes.map((n) => [n.id, n]));
  const us = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const n = byNode.get(p.samples[i]!)!;
    const f = n.callFrame;
    const file = f.url ? path.relative(ROOT, fileURLToPath(f.url.startsWith('file:') ? f.url : pathToFileURL(f.url).href)) : '';
    const key = `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
    us.set(key, (us.get(key) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  return [...us].map(([fn, t]) => ({ fn, us: t })).sort((a, b) => b.us - a.us);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

process.stdout.write(`derivePage of ${ROOT}\n`);
for (const set of sets) {
  const perPage: number[] = [];
  let session: inspector.Session | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const last = round === ROUNDS - 1;
    if (PROFILE && last) {
      session = new inspector.Session();
      session.connect();
      await post(session, 'Profiler.enable');
      await post(session, 'Profiler.setSamplingInterval', { interval: 1000 });
      await post(session, 'Profiler.start');
    }
    const t0 = cpuUs();
    for (const p of set.pages) derivePage(p.path, p.markdown);
    const us = (cpuUs() - t0) / set.pages.length;
    if (!(PROFILE && last)) perPage.push(us);
    process.stdout.write(`  ${set.name} round ${round + 1}: ${us.toFixed(1)} µs CPU a page${PROFILE && last ? ' (profiled)' : ''}\n`);
  }
  process.stdout.write(`${set.name}: median ${median(perPage).toFixed(1)} µs CPU a page over ${perPage.length} rounds\n`);
  if (session) {
    const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
    session.disconnect();
    const rows = selfTimes(profile);
    const total = rows.reduce((s, r) => s + r.us, 0);
    process.stdout.write(`  self time, top ${TOP} of the profiled round (µs a page, share):\n`);
    for (const r of rows.slice(0, TOP)) process.stdout.write(`  ${(r.us / set.pages.length).toFixed(1).padStart(7)}  ${((100 * r.us) / total).toFixed(1).padStart(5)}%  ${r.fn}\n`);
  }
}
