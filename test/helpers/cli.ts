// Run the real operator CLI as a child process: from the built bin/ when dist/ is up to date with
// src/ (as under `npm test`, which builds first), else from src/ via tsx.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsFresh as distBuiltFresh } from '../../src/workerThread.js';
import { TEST_MODELS_DIR } from './models.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin/brainkeep.js');
const ENTRY = path.join(ROOT, 'test/helpers/cli-entry.ts');

let distFresh: boolean | undefined;

/**
 * Whether the built bin/ can run: dist/ holds a compiled file at least as new as each src/ file
 * (src/workerThread.ts's rule, which starts threads from dist/ by it too). A CLI process from dist/
 * starts in about half the time of one through tsx (no loader, no transform per module), and the
 * suite starts hundreds; a source edited since the last build makes every run go through tsx, so
 * a test never runs stale code. Checked once per process.
 */
export function distIsFresh(): boolean {
  return (distFresh ??= fs.existsSync(BIN) && distBuiltFresh());
}

/** node's arguments to run the CLI with `args`: bin/ when `built` (default: dist/ is fresh), else src/ via tsx. */
export function cliArgv(args: string[], built: boolean = distIsFresh()): string[] {
  return built ? [BIN, ...args] : ['--import', 'tsx', ENTRY, ...args];
}

export function runCli(args: string[], env: Record<string, string>, opts: { built?: boolean } = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, cliArgv(args, opts.built), {
    cwd: ROOT,
    env: { ...process.env, BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

/**
 * Start `brainkeep serve` as a child process (for crash and restart tests). Resolves with the
 * child and its base URL once it listens; PORT=0 picks a free port (read from the log line).
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { built?: boolean; detached?: boolean; startMs?: number; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // nodeArgs: flags for node itself, e.g. a bench's --cpu-prof (NODE_OPTIONS refuses it).
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...cliArgv(['serve'], opts.built)], {
    cwd: ROOT,
    // detached: its own process group, so a test can kill the server with every git child it started.
    detached: opts.detached ?? false,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), opts.startMs ?? 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

/**
 * What a spawned server's state is, for an assertion's message: running, or how it ended (exit code
 * or signal: a SIGBUS or an abort says more than "it did not answer"), and the tail of its log.
 */
export function serverState(server: { child: ChildProcess; output: () => string }, tailChars = 4000): string {
  const { exitCode, signalCode } = server.child;
  const state = exitCode === null && signalCode === null ? 'still running' : `exited (code ${exitCode}, signal ${signalCode})`;
  return `the server is ${state}; the tail of its log:\n${server.output().slice(-tailChars)}`;
}
