// Clone as imported vs after the pack check (issue 29 item 1), in one run so the machine's noise
// hits both alike: two brains with the same pages on one server, one left as the import wrote it
// (one pack, no bitmap: what main leaves), one after keepPacksReady (one pack with a bitmap). Each
// round clones all four sources (HTTP and file:// of each brain) in a rotated order, after the
// embedding backlog drained and one unmeasured clone of each (warm page cache); medians beside
// minima, each with the load average. Clones land on tmpfs when there is one.
//   node --import tsx bench/cloneReady.ts [pages=10000] [rounds=7]
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { bitmapCoverage } from '../src/storage/git/gitCli.js';

const pages = Number(process.argv[2]) || 10_000;
const rounds = Number(process.argv[3]) || 7;
const WORDS = ['ledger', 'harbour', 'orchard', 'lantern', 'quarry', 'meadow', 'compass', 'glacier', 'furnace', 'citadel', 'beacon', 'canyon'];
const pageText = (i: number) => {
  const w = (k: number) => WORDS[(i * 7 + k) % WORDS.length]!;
  return `---\ntags: [${w(1)}, ${w(2)}]\n---\n# Page ${i}\n\nNotes about the ${w(0)} and the ${w(3)}, kept since week ${i % 52}.\n\n- Related: [[pages/p${(i + 1) % pages}]], [[pages/p${(i * 31 + 7) % pages}]]\n- Owner: person ${i % 97}\n`;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => x.toFixed(2);
/** CPU seconds of this process's live children and what they waited for: the server's git helper and its git children (upload-pack). */
const liveChildrenCpu = () => {
  let sum = 0;
  for (const t of fs.readdirSync(`/proc/${process.pid}/task`)) {
    let kids: string[] = [];
    try {
      kids = fs.readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      continue;
    }
    for (const k of kids) {
      try {
        const f = fs.readFileSync(`/proc/${k}/stat`, 'utf8').split(') ')[1]!.split(' ');
        sum += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
      } catch {
        // gone
      }
    }
  }
  return sum;
};
/** CPU seconds of this process's waited-for children (utime+stime, /proc/self/stat fields 16-17). */
const childCpu = () => {
  const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
};
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-clone-ready-'));
const work = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'brainkeep-clone-ready-'));
const env: NodeJS.ProcessEnv = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), HOME: work, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
const git = (args: string[]) =>
  new Promise<void>((resolve, reject) => execFile('git', args, { cwd: work, env, maxBuffer: 64 * 1024 * 1024 }, (e, _o, se) => (e ? reject(new Error(`git ${args[0]}: ${se}`)) : resolve())));

// No pack checks of the server's own (limit 0): the bench decides which brain gets one.
const service = await startService(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '0' }),
  { quiet: true, print: () => undefined },
);
const c = service.container;
try {
  const files = Array.from({ length: pages }, (_, i) => ({ path: `pages/p${i}.md`, content: Buffer.from(pageText(i)) }));
  const sources: Record<string, { http: string; file: string; gitdir: string }> = {};
  for (const slug of ['imported', 'ready']) {
    const brain = await c.brains.create(SYSTEM_ACTOR, { slug, name: slug });
    const token = c.identity.createCredential({ brainId: brain.id, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
    await c.pages.importPages(SYSTEM_ACTOR, slug, files);
    const u = new URL(`${service.http.url}/git/${slug}.git`);
    u.username = 'bench';
    u.password = token;
    const gitdir = c.repos.gitdirOf(brain.id);
    sources[slug] = { http: u.toString(), file: `file://${gitdir}`, gitdir };
  }
  // The same repack's CPU time (git's own, load-independent), on a copy of the imported repository.
  const copy = path.join(work, 'repack-copy.git');
  fs.cpSync(sources.imported!.gitdir, copy, { recursive: true });
  const cpu0 = childCpu();
  const tc = performance.now();
  const rp = spawnSync('git', ['--git-dir', copy, 'repack', '-a', '-d', '-k', '-b', '-l', '--quiet'], { env });
  if (rp.status !== 0) throw new Error(`repack: ${rp.stderr}`);
  console.log(`git repack -a -d -k -b of ${pages} pages: ${r2(childCpu() - cpu0)} CPU s, ${r1(performance.now() - tc)} ms wall, load ${load()}`);
  fs.rmSync(copy, { recursive: true, force: true });
  const ready = c.access.findBrain('ready')!;
  const l0 = load();
  const t = performance.now();
  const r = await c.gitRemote.keepPacksReady(ready.id, 0);
  console.log(`pack check of ${pages} pages: ${r1(performance.now() - t)} ms (${r.ran}), load ${l0}`);
  for (const [slug, s] of Object.entries(sources)) console.log(`${slug}: ${JSON.stringify(await bitmapCoverage(s.gitdir))}`);
  const tw = performance.now();
  for (;;) {
    const pending = (await c.search.status(SYSTEM_ACTOR, 'imported')).pending + (await c.search.status(SYSTEM_ACTOR, 'ready')).pending;
    if (pending === 0 || performance.now() - tw > 900_000) break;
    await new Promise((res) => setTimeout(res, 500));
  }
  console.log(`embedding backlog drained after ${r1((performance.now() - tw) / 1000)} s`);

  let n = 0;
  /** CPU seconds per source: the clone's own (git clone and its children; for file:// that includes upload-pack) and the server's git children. */
  const cpu: Record<string, { client: number[]; server: number[] }> = {};
  const cloneOnce = async (url: string, bare: boolean, key?: string) => {
    const dest = path.join(work, `c${n++}`);
    const [c0, s0] = [childCpu(), liveChildrenCpu()];
    const t0 = performance.now();
    await git(['clone', '--quiet', ...(bare ? ['--bare'] : []), url, dest]);
    const ms = performance.now() - t0;
    if (key) {
      const e = (cpu[key] ??= { client: [], server: [] });
      e.client.push(childCpu() - c0);
      e.server.push(liveChildrenCpu() - s0);
    }
    fs.rmSync(dest, { recursive: true, force: true });
    return ms;
  };
  for (const bare of [true, false]) {
    const keys = ['imported http', 'imported file', 'ready http', 'ready file'];
    const url = (k: string) => sources[k.split(' ')[0]!]![k.endsWith('http') ? 'http' : 'file'];
    for (const k of keys) await cloneOnce(url(k), bare);
    const times: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
    const loads: string[] = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(load().split(' ')[0]!);
      for (let j = 0; j < keys.length; j++) {
        const k = keys[(round + j) % keys.length]!;
        times[k]!.push(await cloneOnce(url(k), bare, `${bare ? 'bare' : 'checkout'} ${k}`));
      }
    }
    const med = (k: string) => median(times[k]!);
    console.log(`\n${bare ? 'clone --bare (the transfer alone)' : 'clone with checkout'}, ${pages} pages, ${rounds} rounds, 1-min load ${loads.join(' ')}`);
    for (const k of keys) {
      const u = cpu[`${bare ? 'bare' : 'checkout'} ${k}`]!;
      console.log(`  ${k.padEnd(14)} median ${r1(med(k))} ms, min ${r1(Math.min(...times[k]!))} ms  [${times[k]!.map(r1).join(', ')}]; CPU s median: client ${r2(median(u.client))}, server's git ${r2(median(u.server))}`);
    }
    const ratio = (slug: string) => times[`${slug} http`]!.map((h, i) => h / times[`${slug} file`]![i]!);
    for (const slug of ['imported', 'ready']) console.log(`  ${slug}: HTTP / file:// medians ${r2(med(`${slug} http`) / med(`${slug} file`))}; per round median ${r2(median(ratio(slug)))}`);
    console.log(`  ready HTTP / imported HTTP: medians ${r2(med('ready http') / med('imported http'))}`);
  }
} finally {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}
