// The push figure of the git suite (a push of 100 changed small pages on a 10,000-page brain until
// exact search finds all 100, beside the same change through the service), on its own and with
// the push path's phases timed: the server's methods on the way are wrapped here (nothing in src/
// changes), and each round prints when each phase began and ended, in ms from the client's
// `git push` start, plus the CPU seconds of this process (the server) over the push. Rounds
// alternate push and service (after the embedding backlog drained), as the suite does. Run:
//   node --import tsx bench/pushPhases.ts [pages=10000] [rounds=5]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { GitRemoteService } from '../src/services/gitRemoteService.js';
import { BrainsService } from '../src/services/brainsService.js';
import { PushInspector } from '../src/storage/git/pushInspector.js';
import { PackScanner } from '../src/storage/git/packScanner.js';
import { WritePath } from '../src/storage/writePath.js';
import { BrainRepository } from '../src/storage/git/brainRepository.js';
import { PageIndexRepo } from '../src/storage/sqlite/pageIndexRepo.js';

const WORDS = ['ledger', 'harbour', 'orchard', 'lantern', 'quarry', 'meadow', 'compass', 'glacier', 'furnace', 'citadel', 'beacon', 'canyon'];

/** The git suite's page (bench/gitclone.bench.ts). */
function pageText(i: number, n: number, extra = ''): string {
  const w = (k: number) => WORDS[(i * 7 + k) % WORDS.length]!;
  return `---\ntags: [${w(1)}, ${w(2)}]\n---\n# Page ${i}\n\nNotes about the ${w(0)} and the ${w(3)}, kept since week ${i % 52}.\n\n- Related: [[pages/p${(i + 1) % n}]], [[pages/p${(i * 31 + 7) % n}]]\n- Owner: person ${i % 97}\n\n## Log\n\n- 2026-01-${String((i % 28) + 1).padStart(2, '0')}: ${w(4)} checked, ${w(5)} pending.\n${extra}`;
}

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env, maxBuffer: 512 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args[0]}: ${stderr}`)) : resolve(stdout)));
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Spans per round: name -> [start, end] in ms since the round's t0 (repeated names get #2, #3...). */
let t0 = 0;
let spans: Array<{ name: string; start: number; end: number; cpu?: number }> = [];
let scannerMs = 0;
const bodySpans = new WeakMap<object, { name: string; start: number; end: number }>();

function wrap(proto: object, method: string, label = method): void {
  const p = proto as Record<string, (...a: unknown[]) => unknown>;
  const orig = p[method];
  if (!orig) return; // an older tree (the same-run baseline) may not have it
  p[method] = function (this: unknown, ...args: unknown[]) {
    const start = performance.now() - t0;
    const cpu0 = mainThreadCpuMs();
    const out = orig.apply(this, args);
    const done = () => spans.push({ name: label, start, end: performance.now() - t0, cpu: mainThreadCpuMs() - cpu0 });
    if (out instanceof Promise) return out.finally(done);
    done();
    return out;
  };
}

export function instrument(): void {
  wrap(GitRemoteService.prototype, 'receivePack');
  wrap(GitRemoteService.prototype, 'serve', 'serve (info/refs)');
  wrap(WritePath.prototype, 'runExternal');
  wrap(WritePath.prototype, 'catchUpLocked');
  wrap(WritePath.prototype, 'entriesBetween');
  wrap(BrainsService.prototype, 'schemaOf');
  wrap(BrainRepository.prototype, 'firstParentRange', 'repo.firstParentRange');
  wrap(BrainRepository.prototype, 'head', 'repo.head');
  wrap(PageIndexRepo.prototype, 'applyGroup', 'index.applyGroup');
  for (const m of ['newCommits', 'changedFiles', 'commitMessage', 'commitMessages', 'isAncestor', 'hasFile', 'blobSizes', 'eachBlob']) wrap(PushInspector.prototype, m, `inspect.${m}`);
  const scan = PackScanner.prototype as unknown as { push: (c: Buffer) => Promise<void> };
  const orig = scan.push;
  scan.push = async function (this: PackScanner, chunk: Buffer) {
    const s = performance.now();
    try {
      return await orig.call(this, chunk);
    } finally {
      scannerMs += performance.now() - s;
      // The body's first to last chunk, as one span per body.
      let span = bodySpans.get(this);
      if (!span || !spans.includes(span)) {
        span = { name: 'body chunks', start: s - t0, end: 0 };
        bodySpans.set(this, span);
        spans.push(span);
      }
      span.end = performance.now() - t0;
    }
  };
}

/**
 * CPU time of this process's main thread in ms (/proc/<pid>/task/<pid>/schedstat, in ns): unlike
 * wall time it does not grow when other processes of a loaded machine take the cores. For a
 * synchronous span (applyGroup) it is that span's own cost.
 */
function mainThreadCpuMs(): number {
  try {
    return Number(fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** Start timing a push's phases now (spans are measured from here). */
export function startPhases(): void {
  spans = [];
  scannerMs = 0;
  t0 = performance.now();
}

/** The phases since startPhases, one line each, in start order. */
export function phaseLines(): string[] {
  return spans.sort((a, b) => a.start - b.start).map((s) => `  ${s.name.padEnd(22)} ${s.start.toFixed(1).padStart(7)} -> ${s.end.toFixed(1).padStart(7)}  (${(s.end - s.start).toFixed(1)} ms, main thread CPU ${(s.cpu ?? 0).toFixed(1)} ms)`);
}

/** Time the pack scanner spent on the push body since startPhases. */
export function scannerTime(): number {
  return scannerMs;
}

/** utime, stime, cutime, cstime of a process in seconds (/proc/<pid>/stat), or null when it is gone. */
function procCpu(pid: number | 'self'): { self: number; children: number; ppid: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / 100);
    return { self: utime! + stime!, children: cutime! + cstime!, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds of the git processes on each side, counted once they exited: the server's (started
 * by the git spawner's helper, a child of this process: its reaped children) and the client's
 * (`git push` and what it ran: this process's reaped children, the helper excluded while it runs).
 */
export function gitCpuSeconds(): { server: number; client: number } {
  let server = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const p = procCpu(Number(d));
    if (p && p.ppid === process.pid) server += p.children;
  }
  return { server, client: procCpu('self')?.children ?? 0 };
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 10_000);
  const rounds = Number(process.argv[3] ?? 5);
  instrument();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-pushph-'));
  const work = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'brainkeep-bench-pushph-'));
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))),
    HOME: work,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  const service = await startService(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '50', BRAINKEEP_LOG_LEVEL: 'warn' }),
    { quiet: true, print: () => undefined },
  );
  const c = service.container;
  try {
    const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'bench', name: 'Bench' });
    const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
    await c.pages.importPages(SYSTEM_ACTOR, 'bench', Array.from({ length: pages }, (_, i) => ({ path: `pages/p${i}.md`, content: Buffer.from(pageText(i, pages)) })));
    await c.gitRemote.keepPacksReady(brain.id, 50);
    const waitForEmbeddings = async (): Promise<void> => {
      const t = performance.now();
      while (performance.now() - t < 600_000 && (await c.search.status(SYSTEM_ACTOR, 'bench')).pending > 0) await new Promise((r) => setTimeout(r, 250));
    };
    await waitForEmbeddings();
    const u = new URL(`${service.http.url}/git/bench.git`);
    u.username = 'bench';
    u.password = token;
    const dir = path.join(work, 'editor');
    await git(['clone', '--quiet', u.toString(), dir], work, env);
    const searchFinds = async (word: string, want: number): Promise<void> => {
      for (;;) {
        const res = await fetch(`${service.http.url}/api/v1/brains/bench/search?q=${word}&mode=exact&limit=100`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { hits: unknown[] };
        if (!res.ok) throw new Error(`search answered ${res.status}: ${JSON.stringify(body)}`);
        if (body.hits.length >= want) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const stride = Math.floor(pages / 100);
    const viaPush: number[] = [];
    const viaService: number[] = [];
    const pushCpu: number[] = [];
    const gitServerCpu: number[] = [];
    const gitClientCpu: number[] = [];
    const serviceCpu: number[] = [];
    process.stdout.write(`${pages} pages; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    for (let r = 0; r < rounds; r++) {
      const marker = `zephyrquill${String.fromCharCode(97 + r)}`;
      for (let i = 0; i < 100; i++) fs.appendFileSync(path.join(dir, `pages/p${i * stride}.md`), `\nEdited offline: ${marker} ${i}.\n`);
      await git(['commit', '--quiet', '-am', `Edit 100 pages (${r})`], dir, env);
      await waitForEmbeddings();
      spans = [];
      scannerMs = 0;
      const cpu0 = cpuSeconds();
      const git0 = gitCpuSeconds();
      t0 = performance.now();
      await git(['push', '--quiet', 'origin', 'main'], dir, env);
      const pushMs = performance.now() - t0;
      const cpu1 = cpuSeconds();
      const git1 = gitCpuSeconds();
      gitServerCpu.push(git1.server - git0.server);
      gitClientCpu.push(git1.client - git0.client);
      await searchFinds(marker, 100);
      viaPush.push(performance.now() - t0);
      pushCpu.push(cpu1 - cpu0);
      const lines = phaseLines();

      const marker2 = `quillzephyr${String.fromCharCode(97 + r)}`;
      const apiFiles = Array.from({ length: 100 }, (_, i) => {
        const k = i * stride + 1;
        return { path: `pages/p${k}.md`, content: Buffer.from(pageText(k, pages, `\nEdited via the API: ${marker2} ${i}.\n`)) };
      });
      await waitForEmbeddings();
      spans = [];
      const s0 = cpuSeconds();
      const t1 = performance.now();
      t0 = t1;
      await c.pages.importPages(SYSTEM_ACTOR, 'bench', apiFiles);
      serviceCpu.push(cpuSeconds() - s0);
      await searchFinds(marker2, 100);
      viaService.push(performance.now() - t1);
      const serviceLines = phaseLines();
      process.stdout.write(
        `round ${r + 1}: push returned ${pushMs.toFixed(0)} ms, searchable ${viaPush[r]!.toFixed(0)} ms (server CPU ${pushCpu[r]!.toFixed(3)} s, its git ${gitServerCpu[r]!.toFixed(2)} s, client git ${gitClientCpu[r]!.toFixed(2)} s, pack scanner ${scannerMs.toFixed(1)} ms); service ${viaService[r]!.toFixed(0)} ms (CPU ${serviceCpu[r]!.toFixed(3)} s); load ${os.loadavg()[0]!.toFixed(2)}\n${lines.join('\n')}\n service:\n${serviceLines.join('\n')}\n`,
      );
      await git(['pull', '--quiet', '--rebase', 'origin', 'main'], dir, env);
    }
    const p = median(viaPush);
    const s = median(viaService);
    process.stdout.write(
      `median: push to searchable ${p.toFixed(0)} ms (server CPU ${median(pushCpu).toFixed(3)} s, its git ${median(gitServerCpu).toFixed(2)} s, client git ${median(gitClientCpu).toFixed(2)} s), service ${s.toFixed(0)} ms (CPU ${median(serviceCpu).toFixed(3)} s), ratio ${(p / s).toFixed(2)}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
    );
  } finally {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
