// Where a clone over our HTTP route spends beyond `git clone file://` (issue 29 item 1): the same
// repository cloned three ways in one run, rotated per round: file://, our route, and stock
// `git http-backend` behind a minimal node http server in a process of its own (no auth, no
// express): what git's own smart HTTP costs, the floor our route can reach. Beside each wall time,
// CPU seconds: the clone's (git clone and its children), the server's (for ours: this process,
// which is the server, plus the git spawner and its git children; for the floor: its process and
// its children). Clones are started from a small launcher process (bench/gitFloor.ts): started
// from this process, which is the server, each costs a fork of it and the server copy-on-write
// faults while it runs (--ab-fork measures both ways in the same run).
//   node --import tsx bench/cloneFloor.ts [pages=10000] [rounds=8] [--trace] [--only=file,ours,floor]
//     [--ab-fork | --fork-from-server] [--count-writes] [--profile=out.cpuprofile]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { startCloneLauncher, startFloorServer, type FloorServer } from './gitFloor.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const trace = process.argv.includes('--trace');
const pages = Number(args[0]) || 10_000;
const rounds = Number(args[1]) || 8;
const WORDS = ['ledger', 'harbour', 'orchard', 'lantern', 'quarry', 'meadow', 'compass', 'glacier', 'furnace', 'citadel', 'beacon', 'canyon'];
const pageText = (i: number) => {
  const w = (k: number) => WORDS[(i * 7 + k) % WORDS.length]!;
  return `---\ntags: [${w(1)}, ${w(2)}]\n---\n# Page ${i}\n\nNotes about the ${w(0)} and the ${w(3)}, kept since week ${i % 52}.\n\n- Related: [[pages/p${(i + 1) % pages}]], [[pages/p${(i * 31 + 7) % pages}]]\n- Owner: person ${i % 97}\n\n## Log\n\n- 2026-01-${String((i % 28) + 1).padStart(2, '0')}: ${w(4)} checked, ${w(5)} pending.\n`;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r1 = (x: number) => Math.round(x * 10) / 10;
const ms = (x: number) => Math.round(x * 1000);
/** CPU seconds of a process and its waited-for children (/proc/<pid>/stat fields 14-17). */
const procCpu = (pid: number | 'self') => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
};
/** CPU seconds of this process's waited-for children only (git clone, run by execFile). */
const waitedChildrenCpu = () => {
  const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
};
/** CPU seconds by thread name of this process (main thread, libuv pool, workers), from /proc/self/task. */
const threadCpu = (): Map<string, number> => {
  const out = new Map<string, number>();
  for (const t of fs.readdirSync('/proc/self/task')) {
    try {
      const raw = fs.readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // gone
    }
  }
  return out;
};
/** Our own CPU (the server: express, auth, the pipe to the socket), from process.cpuUsage. */
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const liveChildren = (): number[] => {
  const out: number[] = [];
  for (const t of fs.readdirSync(`/proc/${process.pid}/task`)) {
    try {
      out.push(...fs.readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // gone
    }
  }
  return out;
};

const post = (s: inspector.Session, method: string) => new Promise<unknown>((resolve, reject) => s.post(method, (e, r) => (e ? reject(e) : resolve(r))));

/** --count-writes: the number and bytes of the writes our server makes to its responses (the pack passes through them). */
const writes = { calls: 0, bytes: 0 };
if (process.argv.includes('--count-writes')) {
  const write = http.ServerResponse.prototype.write;
  http.ServerResponse.prototype.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    writes.calls++;
    writes.bytes += (chunk as Buffer).length ?? 0;
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-clone-floor-'));
const work = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'brainkeep-clone-floor-'));
const env: NodeJS.ProcessEnv = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), HOME: work, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
const git = (a: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
  new Promise<string>((resolve, reject) => execFile('git', a, { cwd: work, env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 }, (e, _o, se) => (e ? reject(new Error(`git ${a[0]}: ${se}`)) : resolve(se))));

const service = await startService(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_GC_CRON: 'off', BRAINKEEP_GC_PACK_LIMIT: '0', BRAINKEEP_LOG_LEVEL: 'warn' }),
  { quiet: true, print: () => undefined },
);
const c = service.container;
let floor: FloorServer | null = null;
try {
  const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'bench', name: 'bench' });
  const token = c.identity.createCredential({ brainId: brain.id, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
  await c.pages.importPages(SYSTEM_ACTOR, 'bench', Array.from({ length: pages }, (_, i) => ({ path: `pages/p${i}.md`, content: Buffer.from(pageText(i)) })));
  await c.gitRemote.keepPacksReady(brain.id, 0);
  const gitdir = c.repos.gitdirOf(brain.id);
  const tw = performance.now();
  while ((await c.search.status(SYSTEM_ACTOR, 'bench')).pending > 0 && performance.now() - tw < 900_000) await new Promise((r) => setTimeout(r, 500));
  console.log(`${pages} pages imported, packed with a bitmap, embeddings drained after ${r1((performance.now() - tw) / 1000)} s`);

  floor = await startFloorServer(gitdir, work);
  const floorPid = floor.pid;
  const u = new URL(`${service.http.url}/git/bench.git`);
  u.username = 'bench';
  u.password = token;
  const urls: Record<string, string> = { file: `file://${gitdir}`, ours: u.toString(), floor: floor.url };
  // --ab-fork: also file:// and ours with each clone started from this (the server's) process, as
  // gitclone.bench.ts did before: the same-run A/B of where a clone is started from.
  if (process.argv.includes('--ab-fork')) Object.assign(urls, { 'file-fork': urls.file, 'ours-fork': urls.ours });
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const keys = Object.keys(urls).filter((k) => !only || only.split(',').includes(k));
  // --fork-from-server: start each clone from this (the server's) process, as the bench did before.
  const launcher = process.argv.includes('--fork-from-server') ? null : startCloneLauncher();
  const base = (k: string) => k.replace(/-fork$/, '');
  const serverCpu = (k: string) => {
    if (k === 'floor') return procCpu(floorPid);
    if (base(k) === 'ours') return selfCpu() + liveChildren().filter((p) => p !== floorPid && p !== launcher?.pid).reduce((s, p) => s + procCpu(p), 0);
    return 0;
  };

  let n = 0;
  const stats: Record<string, { wall: number[]; client: number[]; server: number[]; node: number[]; nodeSys: number[] }> = Object.fromEntries(keys.map((k) => [k, { wall: [], client: [], server: [], node: [], nodeSys: [] }]));
  const threads: Record<string, Map<string, number[]>> = {};
  const cloneOnce = async (k: string, record: boolean) => {
    const dest = path.join(work, `c${n++}`);
    if (launcher && !k.endsWith('-fork')) {
      const [s0, n0, y0] = [serverCpu(k), selfCpu(), process.cpuUsage().system];
      const r = await launcher.git(['clone', '--quiet', '--bare', urls[k]!, dest], work, env);
      await new Promise((res) => setTimeout(res, 30));
      if (record) {
        stats[k]!.wall.push(r.ms);
        stats[k]!.client.push(r.cpu);
        stats[k]!.server.push(serverCpu(k) - s0);
        stats[k]!.node.push(selfCpu() - n0);
        stats[k]!.nodeSys.push((process.cpuUsage().system - y0) / 1e6);
      }
      fs.rmSync(dest, { recursive: true, force: true });
      return;
    }
    const [c0, s0, n0, y0, th0] = [waitedChildrenCpu(), serverCpu(k), selfCpu(), process.cpuUsage().system, threadCpu()];
    const t0 = performance.now();
    await git(['clone', '--quiet', '--bare', urls[k]!, dest]);
    const wall = performance.now() - t0;
    // The server's git child is reaped (and its CPU counted) just after the clone ends.
    await new Promise((r) => setTimeout(r, 30));
    if (record) {
      stats[k]!.wall.push(wall);
      stats[k]!.client.push(waitedChildrenCpu() - c0);
      stats[k]!.server.push(serverCpu(k) - s0);
      stats[k]!.node.push(selfCpu() - n0);
      stats[k]!.nodeSys.push((process.cpuUsage().system - y0) / 1e6);
      for (const [name, v] of threadCpu()) ((threads[k] ??= new Map()).get(name) ?? (threads[k]!.set(name, []), threads[k]!.get(name)!)).push(v - (th0.get(name) ?? 0));
    }
    fs.rmSync(dest, { recursive: true, force: true });
  };
  for (const k of keys) await cloneOnce(k, false);
  if (trace) {
    for (const k of keys) {
      const dest = path.join(work, `t${n++}`);
      const perf = path.join(work, `trace-${k}.txt`);
      await git(['clone', '--quiet', '--bare', urls[k]!, dest], { GIT_TRACE2_PERF: perf });
      const lines = fs.readFileSync(perf, 'utf8').split('\n').filter((l) => /\| (start|exit|child_start|child_exit|region_leave|data) /.test(l));
      console.log(`\n--- ${k}: trace2 (exits and regions)`);
      for (const l of lines) console.log(l.replace(/^\S+\s+\S+\s+/, '').slice(0, 220));
      fs.rmSync(dest, { recursive: true, force: true });
    }
  }
  const profile = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  const session = profile ? new inspector.Session() : null;
  if (session) {
    session.connect();
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.start');
  }
  const loads: string[] = [];
  for (let r = 0; r < rounds; r++) {
    loads.push(os.loadavg()[0]!.toFixed(2));
    for (let j = 0; j < keys.length; j++) await cloneOnce(keys[(r + j) % keys.length]!, true);
  }
  if (session) {
    const { profile: p } = (await post(session, 'Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(profile!, JSON.stringify(p));
    session.disconnect();
  }
  console.log(`\nclone --bare of ${pages} pages, ${rounds} rounds rotated; 1-min load per round ${loads.join(' ')}`);
  for (const k of keys) {
    const s = stats[k]!;
    console.log(
      `  ${k.padEnd(9)} wall median ${r1(median(s.wall))} min ${r1(Math.min(...s.wall))} ms [${s.wall.map(r1).join(', ')}]; ` +
        `CPU ms median: client ${ms(median(s.client))}, server ${ms(median(s.server))} [${s.server.map(ms).join(', ')}] (of it this node process: ${ms(median(s.node))}, kernel ${ms(median(s.nodeSys))})`,
    );
  }
  const med = (k: string) => median(stats[k]!.wall);
  for (const k of keys.filter((x) => !launcher || x.endsWith('-fork'))) console.log(`  ${k.padEnd(9)} this process's CPU ms by thread, sum over the rounds: ${[...(threads[k] ?? new Map<string, number[]>())].map(([name, v]) => [name, v.reduce((a, b) => a + b, 0)] as const).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([name, v]) => `${name} ${ms(v)}`).join(', ')}`);
  launcher?.stop();
  if (writes.calls) console.log(`  our responses: ${writes.calls} writes, ${writes.bytes} bytes over all clones (${Math.round(writes.bytes / writes.calls)} bytes a write)`);
  const ratio = (a: string, b: string) => (stats[a]?.wall.length && stats[b]?.wall.length ? `${a}/${b} ${(med(a) / med(b)).toFixed(2)}` : null);
  console.log(`  ${[ratio('ours', 'file'), ratio('floor', 'file'), ratio('ours', 'floor'), ratio('ours-fork', 'file-fork')].filter(Boolean).join(', ')}`);
} finally {
  floor?.stop();
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}
