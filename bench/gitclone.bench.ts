// Suite `git`: brains as git remotes on a real server. Clone of a 10,000-page brain (1,000 with
// --quick) over smart HTTP beside `git clone file://` of the same repository in the same run
// (target ≤ 1.5×), both as imported (with the pack check a server makes after an import: one pack
// with a reachability bitmap) and after the maintenance repack; then a push of 100 changed pages and the time until the index and search find them,
// beside the same kind of change (100 pages, one commit) made through the service in the same run.
// Beside each clone figure, the floor: the same repository served by stock `git http-backend`
// behind a minimal node http server (bench/gitFloor.ts), cloned in the same rounds. file:// pays
// no HTTP transport (git-remote-http, curl, a socket, two more process hops); the floor pays all of
// it, so the part of the ratio our server can still win is ours over the floor's, not over file://.
// The clones are started from a small process of their own (bench/gitFloor.ts startCloneLauncher),
// not forked from this one, which is also the server.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { bitmapCoverage, needsBitmapRepack } from '../src/storage/git/gitCli.js';
import { startCloneLauncher, startFloorServer, type CloneLauncher, type FloorServer } from './gitFloor.js';
import { figure, round, type Figure, type Suite } from './lib.js';

const WORDS = ['ledger', 'harbour', 'orchard', 'lantern', 'quarry', 'meadow', 'compass', 'glacier', 'furnace', 'citadel', 'beacon', 'canyon'];

function pageText(i: number, n: number, extra = ''): string {
  const w = (k: number) => WORDS[(i * 7 + k) % WORDS.length]!;
  return `---\ntags: [${w(1)}, ${w(2)}]\n---\n# Page ${i}\n\nNotes about the ${w(0)} and the ${w(3)}, kept since week ${i % 52}.\n\n- Related: [[pages/p${(i + 1) % n}]], [[pages/p${(i * 31 + 7) % n}]]\n- Owner: person ${i % 97}\n\n## Log\n\n- 2026-01-${String((i % 28) + 1).padStart(2, '0')}: ${w(4)} checked, ${w(5)} pending.\n${extra}`;
}

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env, maxBuffer: 512 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args[0]}: ${stderr}`)) : resolve(stdout)));
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Clones land on tmpfs when there is one: writing 10,000 files to a shared disk varies 5× from run to run. */
function cloneRoot(): string {
  const shm = '/dev/shm';
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    return fs.mkdtempSync(path.join(shm, 'brainkeep-bench-clones-'));
  } catch {
    return fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-clones-'));
  }
}

const loadAverage = () => os.loadavg().map((x) => round(x, 2)).join(' ');

export const suite: Suite = {
  name: 'git',
  description: 'clone over smart HTTP vs file:// of the same repository; push of 100 pages until the index and search see them',
  async run({ quick, log }) {
    const pages = quick ? 1000 : 10_000;
    const reps = Number(process.env.BENCH_GIT_REPS) || (quick ? 4 : 8);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-git-'));
    const work = cloneRoot();
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
      // The nightly pass off (it would not fire mid-run anyway); the pack checks after commits as a
      // default server has them (BRAINKEEP_GC_PACK_LIMIT is 0 when the cron is off unless set).
      loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '50' }),
      { quiet: true, print: () => undefined },
    );
    const c = service.container;
    const figures: Figure[] = [];
    let floor: FloorServer | null = null;
    let launcher: CloneLauncher | null = null;
    try {
      const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'bench', name: 'Bench' });
      const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
      const files = Array.from({ length: pages }, (_, i) => ({ path: `pages/p${i}.md`, content: Buffer.from(pageText(i, pages)) }));
      const importMs = await timed(() => c.pages.importPages(SYSTEM_ACTOR, 'bench', files));
      log(`imported ${pages} pages in one commit: ${round(importMs / 1000, 1)} s`);
      const gitdir = c.repos.gitdirOf(brain.id);
      const packState = async () => {
        const b = await bitmapCoverage(gitdir);
        return `${b.packs} pack(s), ${b.bitmapped} objects under a bitmap, ${b.outside} outside it`;
      };
      log(`as imported: ${await packState()}`);
      // What the server does a few seconds after the import (gitMaintenanceJob's pack check), here
      // at once so it can be timed: one pack with a bitmap. The check it asks for later finds nothing to do.
      const readyLoad = loadAverage();
      let ran: string | null = null;
      const readyMs = await timed(async () => {
        ran = (await c.gitRemote.keepPacksReady(brain.id, 50)).ran;
        // A large import may end after the server's own check began: then wait for that one.
        for (let waited = 0; ran === null && needsBitmapRepack(await bitmapCoverage(gitdir)) && waited < 120_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      });
      log(`pack check after the import: ${round(readyMs)} ms${ran ? '' : " (the server's own check was already running: the time until it ended)"} (load average ${readyLoad}); now ${await packState()}`);

      // The server computes embeddings for the new pages in the background; clone timings should
      // measure the git bridge, not a server busy embedding, so wait for it (bounded).
      const waitForEmbeddings = async (): Promise<void> => {
        const t = performance.now();
        for (;;) {
          const st = await c.search.status(SYSTEM_ACTOR, 'bench');
          if (st.pending === 0 || performance.now() - t > 600_000) {
            log(`embeddings: ${st.embedded}/${st.chunks} chunks after waiting ${round((performance.now() - t) / 1000, 1)} s`);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      };
      await waitForEmbeddings();

      const u = new URL(`${service.http.url}/git/bench.git`);
      u.username = 'bench';
      u.password = token;
      const httpUrl = u.toString();
      const fileUrl = `file://${gitdir}`;
      floor = await startFloorServer(gitdir, work);
      const floorUrl = floor.url;
      let n = 0;
      // Every clone (file://, ours, the floor) is started by a small process of its own, not forked
      // from this one, which is also the server: see startCloneLauncher. Its wall time is measured
      // there, from the start of `git clone` to its exit.
      launcher = startCloneLauncher();
      const cloneOnce = async (from: string, extra: string[]) => {
        const dest = path.join(work, `clone-${n++}`);
        const { ms } = await launcher!.git(['clone', '--quiet', ...extra, from, dest], work, env);
        fs.rmSync(dest, { recursive: true, force: true });
        return ms;
      };
      // Rotated rounds (file, http, floor; http, floor, file; ...), after one unmeasured clone each
      // way so all start from the same warm page cache; the figure is the median, the minimum beside it.
      const compareClones = async (state: string, kind: 'checkout' | 'bare'): Promise<void> => {
        const extra = kind === 'bare' ? ['--bare'] : [];
        const sources = [fileUrl, httpUrl, floorUrl];
        for (const from of sources) await cloneOnce(from, extra);
        const times = new Map<string, number[]>(sources.map((s) => [s, []]));
        const load = loadAverage();
        for (let r = 0; r < reps; r++) {
          for (let j = 0; j < sources.length; j++) {
            const from = sources[(r + j) % sources.length]!;
            times.get(from)!.push(await cloneOnce(from, extra));
          }
        }
        const viaHttp = times.get(httpUrl)!;
        const viaFile = times.get(fileUrl)!;
        const viaFloor = times.get(floorUrl)!;
        const h = median(viaHttp);
        const f = median(viaFile);
        const fl = median(viaFloor);
        const pairRatios = viaHttp.map((x, i) => x / viaFile[i]!);
        log(
          `clone (${state}, ${kind === 'bare' ? 'transfer only: --bare' : 'with checkout'}): http median ${round(h)} min ${round(Math.min(...viaHttp))} ms; ` +
            `file:// median ${round(f)} min ${round(Math.min(...viaFile))} ms; paired ratio median ${round(median(pairRatios))} ` +
            `[${pairRatios.map((x) => round(x)).join(', ')}]; stock http-backend (the HTTP floor) median ${round(fl)} min ${round(Math.min(...viaFloor))} ms, ` +
            `${round(fl / f)}× file://; ours / floor ${round(h / fl)}; load average ${load}`,
        );
        const what = `${state}${kind === 'bare' ? ', --bare: the transfer alone' : ''}`;
        figures.push(
          figure({
            suite: 'git',
            name: `clone ${pages} pages over HTTP (${what}), median of ${reps}`,
            value: round(h),
            unit: 'ms',
            baselineName: 'git clone file:// of the same repository, alternating',
            baseline: round(f),
            better: 'lower',
            target: '≤ 1.5×',
            met: h / f <= 1.5,
          }),
          // The floor beside it: no target of its own, it says how much of the ratio is HTTP itself.
          figure({
            suite: 'git',
            name: `the HTTP floor for it: the same clone from stock git http-backend behind a bare node server (${what}), median of ${reps}`,
            value: round(fl),
            unit: 'ms',
            baselineName: 'git clone file:// of the same repository, alternating',
            baseline: round(f),
            better: 'lower',
            target: null,
            met: null,
          }),
        );
      };
      log(`before the clones: ${await packState()}`);
      await compareClones('as imported', 'checkout');
      await compareClones('as imported', 'bare');
      const gc = await c.gitRemote.maintain(brain.id, { auto: false });
      log(`repack: ${gc.before.packs} pack(s) of ${gc.before.sizePack} KiB + ${gc.before.count} loose objects -> ${gc.after.packs} pack(s) of ${gc.after.sizePack} KiB`);
      await compareClones('after the maintenance repack', 'checkout');
      await compareClones('after the maintenance repack', 'bare');

      // Push 100 changed pages; the push returns once the index caught up. Then ask search. Beside
      // it, the same kind of change (100 pages, one commit) through the service; the two alternate,
      // each after the embedding backlog of the previous one drained, and the figure is the median.
      const dir = path.join(work, 'editor');
      await git(['clone', '--quiet', httpUrl, dir], work, env);
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
      const pushRounds = quick ? 3 : 5;
      const load = loadAverage();
      for (let r = 0; r < pushRounds; r++) {
        const marker = `zephyrquill${String.fromCharCode(97 + r)}`;
        for (let i = 0; i < 100; i++) fs.appendFileSync(path.join(dir, `pages/p${i * stride}.md`), `\nEdited offline: ${marker} ${i}.\n`);
        await git(['commit', '--quiet', '-am', `Edit 100 pages (${r})`], dir, env);
        await waitForEmbeddings();
        const t0 = performance.now();
        await git(['push', '--quiet', 'origin', 'main'], dir, env);
        const pushMs = performance.now() - t0;
        await searchFinds(marker, 100);
        viaPush.push(performance.now() - t0);

        const marker2 = `quillzephyr${String.fromCharCode(97 + r)}`;
        const apiFiles = Array.from({ length: 100 }, (_, i) => {
          const k = i * stride + 1;
          return { path: `pages/p${k}.md`, content: Buffer.from(pageText(k, pages, `\nEdited via the API: ${marker2} ${i}.\n`)) };
        });
        await waitForEmbeddings();
        const t1 = performance.now();
        await c.pages.importPages(SYSTEM_ACTOR, 'bench', apiFiles);
        await searchFinds(marker2, 100);
        viaService.push(performance.now() - t1);
        log(`push of 100 pages (round ${r + 1}): git push returned after ${round(pushMs)} ms, search found all 100 after ${round(viaPush[r]!)} ms; the same through the service: ${round(viaService[r]!)} ms`);
        await git(['pull', '--quiet', '--rebase', 'origin', 'main'], dir, env);
      }
      const p = median(viaPush);
      const s = median(viaService);
      log(`push to searchable: median ${round(p)} (min ${round(Math.min(...viaPush))}) ms; through the service: median ${round(s)} (min ${round(Math.min(...viaService))}) ms; load average ${load}`);
      figures.push(
        figure({
          suite: 'git',
          name: `push of 100 changed pages until search finds them, median of ${pushRounds}`,
          value: round(p),
          unit: 'ms',
          baselineName: 'the same 100-page change committed through the service, alternating',
          baseline: round(s),
          better: 'lower',
          target: '≤ 1.5×',
          met: p / s <= 1.5,
        }),
      );
    } finally {
      floor?.stop();
      launcher?.stop();
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(work, { recursive: true, force: true });
    }
    return figures;
  },
};
