// Every git child the server runs (upload-pack, receive-pack, http-backend, the push checks, gc) is
// started by a small helper process rather than by the server itself. On Linux, Node starts a
// child with fork(), whose cost grows with the parent's memory: from a server holding half a
// gigabyte (SQLite caches, the embedding model, a V8 heap warmed by an import) each start costs
// tens of milliseconds, several times what git then spends answering a fetch. The helper is a
// bare Node process of a few tens of megabytes, started once; it forks git in about a millisecond.
//
// The bytes never pass through the helper: for each command the server opens one Unix-socket
// connection for git's stdout (and one for its stdin when it has input) to the helper's private
// socket, the helper hands those sockets to git as its file descriptors and closes its own
// copies, so the server talks to git directly. Only the command, the exit code and stderr travel
// over the helper's IPC channel. If the helper cannot be started, git is spawned directly.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';

export interface GitChild {
  /** git's stdin, or null when the command was started without input (it reads /dev/null). */
  stdin: Writable | null;
  stdout: Readable;
  /** Resolves once git exited and its stdout closed, with the exit code (-1 when it could not run) and its stderr. */
  closed: Promise<{ code: number; stderr: string }>;
  kill(): void;
}

export interface GitSpawnOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Open a stdin for the command (otherwise it reads nothing). */
  stdin: boolean;
  /** Collect stderr (otherwise it is discarded). */
  stderr: boolean;
}

/** stderr kept per command; git's own messages are far shorter. */
const MAX_STDERR_BYTES = 1024 * 1024;

interface Job {
  onSpawned: (error: string | null) => void;
  onExit: (code: number, stderr: string) => void;
}

type HelperMessage = { t: 'ready' } | { t: 'spawned'; id: number; error?: string } | { t: 'exit'; id: number; code: number; stderr: string };

class Helper {
  private readonly jobs = new Map<number, Job>();
  private seq = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly socketPath: string,
    private readonly dir: string,
  ) {
    child.on('message', (m: HelperMessage) => this.onMessage(m));
    child.on('exit', () => this.onGone());
    child.on('error', () => this.onGone());
  }

  alive = true;

  static start(): Promise<Helper> {
    cleanStaleSpawnerDirs();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-`));
    fs.chmodSync(dir, 0o700);
    const socketPath = path.join(dir, 'spawn.sock');
    const child = spawn(process.execPath, ['-e', HELPER_SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { PATH: process.env.PATH, BRAINKEEP_SPAWN_SOCKET: socketPath },
    });
    return new Promise((resolve, reject) => {
      const fail = (e: Error) => {
        child.kill('SIGKILL');
        fs.rmSync(dir, { recursive: true, force: true });
        reject(e);
      };
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`the git spawner exited with ${code} while starting`)));
      child.once('message', (m: HelperMessage) => {
        if (m.t !== 'ready') return fail(new Error('the git spawner did not start'));
        child.removeAllListeners('error');
        child.removeAllListeners('exit');
        const h = new Helper(child, socketPath, dir);
        // Neither the helper nor its channel keeps the server alive; running commands do (ref()).
        child.unref();
        h.unrefChannel();
        resolve(h);
      });
    });
  }

  private refChannel(): void {
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  unrefChannel(): void {
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private onMessage(m: HelperMessage): void {
    if (m.t === 'spawned') this.jobs.get(m.id)?.onSpawned(m.error ?? null);
    else if (m.t === 'exit') {
      const job = this.jobs.get(m.id);
      this.jobs.delete(m.id);
      if (!this.jobs.size) this.unrefChannel();
      job?.onExit(m.code, m.stderr);
    }
  }

  private onGone(): void {
    if (!this.alive) return;
    this.alive = false;
    fs.rmSync(this.dir, { recursive: true, force: true });
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const j of jobs) {
      j.onSpawned('the git spawner exited');
      j.onExit(-1, 'the git spawner exited');
    }
  }

  async run(cmd: string, args: string[], opts: GitSpawnOptions): Promise<GitChild> {
    const id = ++this.seq;
    let exit!: (r: { code: number; stderr: string }) => void;
    const exited = new Promise<{ code: number; stderr: string }>((r) => (exit = r));
    const spawned = new Promise<string | null>((resolve) => {
      this.jobs.set(id, { onSpawned: resolve, onExit: (code, stderr) => exit({ code, stderr }) });
    });
    this.refChannel();
    this.child.send({ t: 'run', id, cmd, args, env: opts.env, cwd: opts.cwd ?? null, stdin: opts.stdin, stderr: opts.stderr });
    const connect = (role: 'out' | 'in') => {
      const s = net.createConnection({ path: this.socketPath, allowHalfOpen: true });
      s.on('error', () => undefined);
      s.write(`${id} ${role}\n`);
      return s;
    };
    const out = connect('out');
    const input = opts.stdin ? connect('in') : null;
    const error = await spawned;
    if (error != null) {
      out.destroy();
      input?.destroy();
      // A command that could not start reads as one that failed, as a spawn 'error' would.
      return { stdin: null, stdout: Readable.from([]), closed: exited.then((r) => ({ code: -1, stderr: r.stderr || error })), kill: () => undefined };
    }
    // Our side of the stdout connection never writes after the header.
    out.end();
    const outClosed = new Promise<void>((r) => out.once('close', () => r()));
    return {
      stdin: input,
      stdout: out,
      closed: Promise.all([exited, outClosed]).then(([r]) => r),
      kill: () => {
        if (this.alive && this.jobs.has(id)) this.child.send({ t: 'kill', id });
      },
    };
  }
}

/** The helper's private folder: `brainkeep-git-<pid of the server that made it>-<random>` in the temp folder. */
const DIR_PREFIX = 'brainkeep-git-';

/**
 * Remove the helper folders that servers killed with SIGKILL left behind (the helper removes its
 * folder itself when its server goes, unless it is killed too). Only folders of this user whose
 * name carries the pid of a server that is no longer running; those of running servers, of other
 * users and any other name are left alone. Returns the folders removed.
 */
export function cleanStaleSpawnerDirs(root = os.tmpdir()): string[] {
  return cleanStaleDirs(root, DIR_PREFIX);
}

/**
 * Remove the folders in `root` named `prefix` + `<pid>-<mkdtemp's 6 characters>` that a server no
 * longer running left behind: only this user's folders, never those of a running process or of
 * another name. Returns the folders removed.
 */
export function cleanStaleDirs(root: string, prefix: string): string[] {
  const name = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-[A-Za-z0-9]{6}$`);
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(root).filter((n) => n.startsWith(prefix));
  } catch {
    return removed;
  }
  const uid = process.getuid?.();
  for (const entry of names) {
    const m = name.exec(entry);
    const pid = m ? Number(m[1]) : 0;
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    const dir = path.join(root, entry);
    try {
      const st = fs.lstatSync(dir);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

let helper: Promise<Helper | null> | null = null;

function currentHelper(): Promise<Helper | null> {
  if (helper) {
    return helper.then((h) => {
      if (h && !h.alive) {
        helper = null;
        return currentHelper();
      }
      return h;
    });
  }
  helper = Helper.start().catch(() => null);
  return helper;
}

/** Start the helper now (at server start, while the process is still small). */
export function warmGitSpawner(): Promise<void> {
  return currentHelper().then(() => undefined);
}

/** Start `git <args>` (through the helper when it runs). */
export async function spawnGit(args: string[], opts: GitSpawnOptions): Promise<GitChild> {
  const h = await currentHelper();
  if (h) return h.run('git', args, opts);
  return spawnDirect('git', args, opts);
}

/** Run a small system command (`mkfifo`) to completion through the helper; its stdout is dropped. */
export async function runCommand(cmd: string, args: string[]): Promise<{ code: number; stderr: string }> {
  const opts: GitSpawnOptions = { env: { PATH: process.env.PATH, LANG: 'C' }, stdin: false, stderr: true };
  const h = await currentHelper();
  const child = h ? await h.run(cmd, args, opts) : spawnDirect(cmd, args, opts);
  child.stdout.resume();
  return child.closed;
}

function spawnDirect(cmd: string, args: string[], opts: GitSpawnOptions): GitChild {
  const child = spawn(cmd, args, { env: opts.env, cwd: opts.cwd, stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', opts.stderr ? 'pipe' : 'ignore'] });
  const err: Buffer[] = [];
  child.stderr?.on('data', (c: Buffer) => err.push(c));
  const closed = new Promise<{ code: number; stderr: string }>((resolve) => {
    child.once('error', (e) => resolve({ code: -1, stderr: e.message }));
    child.once('close', (code) => resolve({ code: code ?? -1, stderr: Buffer.concat(err).toString('utf8') }));
  });
  return { stdin: child.stdin, stdout: child.stdout!, closed, kill: () => child.kill('SIGTERM') };
}

// The helper: plain CommonJS run with `node -e`, so it starts the same from dist/ and from src/.
const HELPER_SOURCE = `'use strict';
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const MAX_STDERR = ${MAX_STDERR_BYTES};
const socketPath = process.env.BRAINKEEP_SPAWN_SOCKET;
const jobs = new Map();
function job(id) {
  let j = jobs.get(id);
  if (!j) { j = { id, spec: null, out: null, in: null, child: null, killed: false }; jobs.set(id, j); }
  return j;
}
function send(m) { if (process.connected) process.send(m); }
function maybeStart(j) {
  if (!j.spec || j.child || !j.out || (j.spec.stdin && !j.in)) return;
  let child;
  try {
    child = spawn(j.spec.cmd, j.spec.args, {
      cwd: j.spec.cwd || undefined,
      env: j.spec.env,
      stdio: [j.spec.stdin ? j.in._handle.fd : 'ignore', j.out._handle.fd, j.spec.stderr ? 'pipe' : 'ignore'],
    });
  } catch (e) {
    return fail(j, e.message);
  }
  j.child = child;
  const err = [];
  let errBytes = 0;
  let exitCode = null;
  let stderrDone = !child.stderr;
  const done = () => {
    if (exitCode == null || !stderrDone) return;
    jobs.delete(j.id);
    send({ t: 'exit', id: j.id, code: exitCode, stderr: Buffer.concat(err).toString('utf8') });
  };
  if (child.stderr) {
    child.stderr.on('data', (c) => { if (errBytes < MAX_STDERR) { err.push(c); errBytes += c.length; } });
    child.stderr.on('close', () => { stderrDone = true; done(); });
  }
  child.on('error', (e) => {
    if (!child.pid) { jobs.delete(j.id); closeSockets(j); send({ t: 'spawned', id: j.id, error: e.message }); send({ t: 'exit', id: j.id, code: -1, stderr: e.message }); }
  });
  child.on('exit', (code) => { if (!child.pid) return; exitCode = code == null ? -1 : code; done(); });
  if (!child.pid) return;
  // git holds its own copies of the sockets now.
  closeSockets(j);
  send({ t: 'spawned', id: j.id });
  if (j.killed) child.kill('SIGTERM');
}
function closeSockets(j) { if (j.in) j.in.destroy(); if (j.out) j.out.destroy(); }
function fail(j, message) {
  jobs.delete(j.id);
  closeSockets(j);
  send({ t: 'spawned', id: j.id, error: message });
  send({ t: 'exit', id: j.id, code: -1, stderr: message });
}
process.on('message', (m) => {
  if (m.t === 'run') { const j = job(m.id); j.spec = m; maybeStart(j); }
  else if (m.t === 'kill') { const j = jobs.get(m.id); if (j) { j.killed = true; if (j.child) j.child.kill('SIGTERM'); } }
});
process.on('disconnect', () => {
  for (const j of jobs.values()) if (j.child) j.child.kill('SIGTERM');
  // The socket's private folder goes with it.
  try { fs.rmSync(require('node:path').dirname(socketPath), { recursive: true, force: true }); } catch (e) {}
  process.exit(0);
});
const server = net.createServer({ pauseOnConnect: true, allowHalfOpen: true }, (conn) => {
  conn.on('error', () => conn.destroy());
  let head = Buffer.alloc(0);
  const onData = (c) => {
    head = Buffer.concat([head, c]);
    const nl = head.indexOf(10);
    if (nl < 0) { if (head.length > 64) conn.destroy(); return; }
    conn.pause();
    conn.off('data', onData);
    const [id, role] = head.subarray(0, nl).toString('latin1').split(' ');
    const j = job(Number(id));
    if (role === 'in') j.in = conn; else j.out = conn;
    maybeStart(j);
  };
  conn.on('data', onData);
  conn.resume();
});
server.listen(socketPath, () => send({ t: 'ready' }));
`;
