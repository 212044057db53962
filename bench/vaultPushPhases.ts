// The whole-vault git push of the vault suite (bench/vault.bench.ts: bench/vaultGen.ts pages, fsync
// on, a running server) with its phases timed as bench/pushPhases.ts times the 100-page push (the
// server's methods wrapped from outside, nothing in src/ changes), plus the CPU seconds of each of
// this process's threads over the push (event loop, derivation thread, git write thread, libuv
// pool...) and of the git processes on both sides. Rounds push the same vault to a fresh brain each.
// Run (from a tree's root, so that tree's src/ is measured):
//   node --import tsx bench/vaultPushPhases.ts [pages=6300] [rounds=1]
import { execFile } from 'node:child_process';
import inspector from 'node:inspector';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { startBenchService } from './lib.js';
import { gitCpuSeconds, instrument, phaseLines, startPhases } from './pushPhases.js';
import { generateVault, writeVault } from './vaultGen.js';

const MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-bench-models');
const GIT_ENV = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };

function git(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout)));
  });
}

/** CPU seconds per thread of this process, keyed by tid, with the thread's name. */
function threadCpu(): Map<string, { name: string; s: number }> {
  const out = new Map<string, { name: string; s: number }>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const raw = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, s: (Number(f[11]) + Number(f[12])) / 100 });
    } catch {
      // the thread ended
    }
  }
  return out;
}

function threadLines(before: Map<string, { name: string; s: number }>, after: Map<string, { name: string; s: number }>): string {
  const byName = new Map<string, number>();
  for (const [tid, a] of after) {
    const d = a.s - (before.get(tid)?.s ?? 0);
    if (d <= 0) continue;
    const key = tid === String(process.pid) ? 'main (event loop)' : a.name;
    byName.set(key, (byName.get(key) ?? 0) + d);
  }
  return [...byName].sort((x, y) => y[1] - x[1]).map(([n, s]) => `${n} ${s.toFixed(2)}`).join(', ');
}

function post<T>(session: inspector.Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** The event loop thread's self time per function over the push (VAULT_PUSH_PROFILE=1), in ms, largest first. */
function selfTimes(p: Profile, top: number): string {
  const byNode = new Map(p.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const f = byNode.get(p.samples[i]!)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|dist|node_modules)\//, '$1/')}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    ms.set(key, (ms.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  return [...ms].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `    ${v.toFixed(0).padStart(7)} ms  ${k}`).join('\n');
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 6300);
  const rounds = Number(process.argv[3] ?? 1);
  instrument();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-vaultpush-'));
  try {
    const vault = generateVault(n);
    const dir = path.join(root, 'vault');
    writeVault(dir, vault);
    process.stdout.write(`${n} pages, ${(vault.bytes / 1048576).toFixed(1)} MB; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    for (let r = 0; r < rounds; r++) {
      const data = path.join(root, `data-${r}`);
      const service = await startBenchService(data, { BRAINKEEP_MODELS_DIR: MODELS_DIR });
      try {
        const c = service.container;
        await c.brains.create(SYSTEM_ACTOR, { slug: 'pushed' });
        const brain = c.access.findBrain('pushed')!;
        const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
        const url = new URL(`${service.http.url}/git/pushed.git`);
        url.username = 'git';
        url.password = token;
        const clone = path.join(root, `clone-${r}`);
        await git(['clone', '--quiet', url.toString(), clone], root);
        fs.cpSync(dir, clone, { recursive: true, filter: (src) => !src.includes(`${path.sep}.obsidian`) });
        await git(['add', '-A', '.'], clone);
        await git(['commit', '--quiet', '-m', 'vault'], clone);
        const load = os.loadavg()[0]!;
        const threads0 = threadCpu();
        const git0 = gitCpuSeconds();
        const session = process.env.VAULT_PUSH_PROFILE === '1' ? new inspector.Session() : null;
        if (session) {
          session.connect();
          await post(session, 'Profiler.enable');
          await post(session, 'Profiler.setSamplingInterval', { interval: 1000 });
          await post(session, 'Profiler.start');
        }
        startPhases();
        const t = performance.now();
        await git(['push', '--quiet', 'origin', 'main'], clone);
        const seconds = (performance.now() - t) / 1000;
        let profileLines = '';
        if (session) {
          const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
          session.disconnect();
          profileLines = `  event loop self time over the push (wall ms, top 30):\n${selfTimes(profile, 30)}\n`;
        }
        const git1 = gitCpuSeconds();
        const threads1 = threadCpu();
        const pages = c.pageIndex.countPages(brain.id);
        if (pages < n) throw new Error(`the push indexed ${pages} pages, expected ${n}`);
        // The same pages through the service's import (as the CLI import runs it), for its thread CPU beside the push's.
        let importLine = '';
        if (process.env.VAULT_PUSH_IMPORT === '1') {
          await c.brains.create(SYSTEM_ACTOR, { slug: 'imported' });
          const files = vault.pages.map((p) => ({ path: p.path, content: Buffer.from(p.markdown) }));
          const i0 = threadCpu();
          const ti = performance.now();
          await c.pages.importPages(SYSTEM_ACTOR, 'imported', files);
          const si = (performance.now() - ti) / 1000;
          importLine = `  import (service) ${si.toFixed(2)} s; threads CPU s: ${threadLines(i0, threadCpu())}\n`;
        }
        process.stdout.write(
          `round ${r + 1}: push ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(0)} pages/s; load ${load.toFixed(2)} -> ${os.loadavg()[0]!.toFixed(2)}\n` +
            `  threads CPU s: ${threadLines(threads0, threads1)}\n` +
            `  git CPU s: server ${(git1.server - git0.server).toFixed(2)}, client ${(git1.client - git0.client).toFixed(2)}\n` +
            `${phaseLines().join('\n')}\n${importLine}${profileLines}`,
        );
      } finally {
        await service.stop();
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
