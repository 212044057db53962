// Benchmark plumbing: each suite returns figures measured beside a baseline in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { startService, type Service } from '../src/main.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Figure {
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** What the value is compared with, measured in the same run (e.g. "git plumbing commit p50"). */
  baselineName: string | null;
  baseline: number | null;
  /** value / baseline (for times: lower is better; for rates the suite says so in `better`). */
  ratio: number | null;
  better: 'lower' | 'higher';
  target: string | null;
  met: boolean | null;
}

export interface Suite {
  name: string;
  description: string;
  run(opts: { quick: boolean; log: (line: string) => void }): Promise<Figure[]>;
}

/** Rate limits lifted: a bench under load measures the server, not the limiter. */
export const RATE_LIMITS_LIFTED = {
  BRAINKEEP_RATE_LIMIT: '10000000',
  BRAINKEEP_INGEST_RATE_LIMIT: '10000000',
  BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT: '10000000',
} as const;

export function figure(f: Omit<Figure, 'ratio' | 'met'> & { ratio?: number | null; met?: boolean | null }): Figure {
  const ratio = f.ratio ?? (f.baseline != null && f.baseline !== 0 ? f.value / f.baseline : null);
  return { ...f, ratio, met: f.met ?? null };
}

export function percentile(sortedOrNot: number[], p: number): number {
  if (!sortedOrNot.length) return NaN;
  const s = [...sortedOrNot].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export async function timeEach(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Start a baseline server script (bench/bare*.ts) in its own process; it prints {"url": ...} once it listens. */
export function startBareServer(script: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /"url":"([^"]+)"/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * A real Brainkeep server on a free loopback port over `dataDir`, as the benches run it: no
 * scheduled filing, rate limits out of the way, warnings only. `env` adds or overrides settings.
 */
export async function startBenchService(dataDir: string, env: Record<string, string> = {}): Promise<Service> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    BRAINKEEP_DATA: dataDir,
    BRAINKEEP_FSYNC: 'on',
    BRAINKEEP_FILING_CRON: 'off',
    BRAINKEEP_RATE_LIMIT: '10000000',
    BRAINKEEP_LOG_LEVEL: 'warn',
    ...env,
  });
  return startService(config, { quiet: true, print: () => undefined });
}

/** `--<name> <value>` from a bench's arguments, or `dflt`. */
export function benchOption(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1]! : dflt;
}

/** A server a bench compares: a checkout's root, node flags and environment, and how it is named. */
export interface ServerVariant {
  root: string;
  nodeArgs: string[];
  env: Record<string, string>;
  label: string;
}

/**
 * The servers a bench compares in one run, from its arguments: each `--root <tree>` (another
 * checkout) or `--variant` (this one) starts a variant; `--node-arg <flag>` and `--env K=V` add
 * to the last one (this checkout when none was named). None named: this checkout as it is.
 */
export function serverVariants(argv: string[]): ServerVariant[] {
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const variants: ServerVariant[] = [];
  const add = (root: string) => variants.push({ root, nodeArgs: [], env: {}, label: '' });
  for (let i = 0; i < argv.length; i++) {
    const [a, v] = [argv[i]!, argv[i + 1]];
    if (a === '--root') add(path.resolve(v!));
    else if (a === '--variant') add(here);
    else if (a === '--node-arg' || a === '--env') {
      if (!variants.length) add(here);
      const last = variants.at(-1)!;
      if (a === '--node-arg') last.nodeArgs.push(v!);
      else last.env[v!.slice(0, v!.indexOf('='))] = v!.slice(v!.indexOf('=') + 1);
    }
  }
  if (!variants.length) add(here);
  for (const v of variants) v.label = [v.root, ...v.nodeArgs, ...Object.entries(v.env).map(([k, x]) => `${k}=${x}`)].join(' ');
  return variants;
}
