// CPU time of a server process, its event loop (the main thread) apart from its other threads,
// for benches that divide it by the requests answered (requestCpu, load). Linux only (/proc).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Nanoseconds: the main thread on a core and waiting in the run queue for one (schedstat), and the whole process on a core. */
export interface ProcessCpu {
  mainRun: number;
  mainWait: number;
  /** Every thread's CPU, from /proc/<pid>/stat: it keeps the time of threads that ended (a search or render thread stopped inside the window). */
  total: number;
  /** Core time of the live threads other than the main one, by name (/proc/.../comm); approximate, as it misses ended threads. */
  byName: Map<string, number>;
}

let tickNs: number | undefined;

/** One clock tick of /proc/<pid>/stat's utime and stime, in ns (USER_HZ, 100 on Linux). */
function clockTickNs(): number {
  if (tickNs === undefined) {
    const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    tickNs = 1e9 / (hz > 0 ? hz : 100);
  }
  return tickNs;
}

export function processCpu(pid: number): ProcessCpu {
  const t: ProcessCpu = { mainRun: 0, mainWait: 0, total: 0, byName: new Map() };
  // The command name in field 2 may hold spaces; the fields after its closing parenthesis do not.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  t.total = (Number(fields[11]) + Number(fields[12])) * clockTickNs(); // utime and stime (fields 14 and 15)
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let run: string, wait: string, name: string;
    try {
      [run = '0', wait = '0'] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ');
      name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'latin1').trim();
    } catch {
      continue; // the thread ended between the listing and the read
    }
    if (Number(tid) === pid) [t.mainRun, t.mainWait] = [Number(run), Number(wait)];
    else t.byName.set(name, (t.byName.get(name) ?? 0) + Number(run));
  }
  return t;
}

/** CPU ns between two readings: the main thread, and the rest of the process (ended threads included; 10 ms ticks). */
export function cpuBetween(a: ProcessCpu, b: ProcessCpu): { main: number; others: number; mainWait: number } {
  const main = b.mainRun - a.mainRun;
  return { main, others: Math.max(0, b.total - a.total - main), mainWait: b.mainWait - a.mainWait };
}
