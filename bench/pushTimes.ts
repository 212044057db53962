// A whole-vault git push on its own (the push half of vault.bench.ts), for profiling the
// push-to-searchable path: `rounds` pushes of the same generated vault, each into a fresh brain
// of one running service, alternating with the baseline (a push of the same commit to a bare
// repository over the local transport). Per round: wall seconds, and CPU seconds of this process
// (the server: receive-pack's caller, the checks, the index) and of the git children this process waited for: the
// client's `git push` (the server's receive-pack runs under the git spawner's helper and is not counted).
// The medians go beside the baseline's, with the load average. Run:
//   node --import tsx bench/pushTimes.ts [pages=6300] [rounds=3]
// (add --cpu-prof --cpu-prof-dir=<dir> before --import for a server CPU profile.)
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { percentile, startBenchService } from './lib.js';
import { generateVault, writeVault } from './vaultGen.js';
import { instrument, phaseLines, scannerTime, startPhases } from './pushPhases.js';

const GIT_ID = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
const GIT_ENV = { ...process.env, ...GIT_ID, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
}

function gitAsync(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: GIT_ENV, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout)));
  });
}

/** CPU seconds of this process and of the children it has waited for (/proc/self/stat). */
function cpu(): { self: number; children: number } {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  const tick = 100; // USER_HZ on Linux
  // After "pid (comm) ": state is field 0, so utime/stime/cutime/cstime are fields 11..14.
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / tick);
  return { self: utime! + stime!, children: cutime! + cstime! };
}

export async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 6300);
  const rounds = Number(process.argv[3] ?? 3);
  // The push's phases, timed as bench/pushPhases.ts does (the server's methods wrapped here).
  instrument();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-push-'));
  const service = await startBenchService(path.join(root, 'data'), { BRAINKEEP_MODELS_DIR: path.join(os.tmpdir(), 'brainkeep-bench-models') });
  try {
    const vault = generateVault(n);
    const dir = path.join(root, 'vault');
    writeVault(dir, vault);
    process.stdout.write(`${n} pages, ${(vault.bytes / 1048576).toFixed(1)} MB, load ${os.loadavg()[0]!.toFixed(2)}\n`);
    const c = service.container;
    const runs: Array<{ push: number; bare: number; self: number; children: number }> = [];
    for (let round = 1; round <= rounds; round++) {
      const slug = `pushed-${round}`;
      await c.brains.create(SYSTEM_ACTOR, { slug });
      const brain = c.access.findBrain(slug)!;
      const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
      const url = new URL(`${service.http.url}/git/${slug}.git`);
      url.username = 'git';
      url.password = token;
      const clone = path.join(root, `clone-${round}`);
      await gitAsync(['clone', '--quiet', url.toString(), clone], root);
      fs.cpSync(dir, clone, { recursive: true, filter: (src) => !src.includes(`${path.sep}.obsidian`) });
      git(['add', '-A', '.'], clone);
      git(['commit', '--quiet', '-m', 'vault'], clone);

      // Baseline first in odd rounds, second in even ones.
      const bare = async () => {
        const to = path.join(root, `bare-${round}.git`);
        git(['init', '--quiet', '--bare', to], root);
        const t = performance.now();
        await gitAsync(['push', '--quiet', to, 'main'], clone);
        return (performance.now() - t) / 1000;
      };
      let bareSeconds = round % 2 ? await bare() : 0;
      const before = cpu();
      const t = performance.now();
      const window = [process.hrtime.bigint() / 1000n];
      startPhases();
      await gitAsync(['push', '--quiet', 'origin', 'main'], clone);
      const pushSeconds = (performance.now() - t) / 1000;
      window.push(process.hrtime.bigint() / 1000n);
      const after = cpu();
      if (!(round % 2)) bareSeconds = await bare();
      const pages = c.pageIndex.countPages(brain.id);
      if (pages < n) throw new Error(`the push indexed ${pages} pages, expected ${n}`);
      const r = { push: pushSeconds, bare: bareSeconds, self: after.self - before.self, children: after.children - before.children };
      runs.push(r);
      process.stdout.write(
        `round ${round}: push ${r.push.toFixed(2)} s (${(n / r.push).toFixed(0)} pages/s; server CPU ${r.self.toFixed(2)} s, client git ${r.children.toFixed(2)} s), bare push ${r.bare.toFixed(2)} s (${(n / r.bare).toFixed(0)} pages/s), load ${os.loadavg()[0]!.toFixed(2)}; profile window ${window.join(' ')} µs; pack scanner ${scannerTime().toFixed(0)} ms\n${phaseLines().join('\n')}\n`,
      );
      // The next round starts on a settled server (the embedding of this one's chunks waits for idle).
      await c.writes.drained();
    }
    const med = (k: 'push' | 'bare' | 'self' | 'children') => percentile(runs.map((r) => r[k]), 50);
    process.stdout.write(
      `median: push ${(n / med('push')).toFixed(0)} pages/s (${med('push').toFixed(2)} s; server CPU ${med('self').toFixed(2)} s, client git ${med('children').toFixed(2)} s) vs bare push ${(n / med('bare')).toFixed(0)} pages/s, ratio ${(med('push') / med('bare')).toFixed(2)}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
    );
  } finally {
    await service.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
