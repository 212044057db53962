// A real PostgreSQL server for the tests that PGlite cannot answer: PGlite is one backend shared by
// every connection (docs/postgres.md, Tests), so locks between sessions hold nothing there. This
// starts the machine's own PostgreSQL (initdb + postgres from the PATH or /usr/lib/postgresql) in a
// temporary folder on an ephemeral loopback port, as the `postgres` user when run as root (the
// server refuses root). Null when no server binaries are installed: the caller skips, saying why.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RealPostgres {
  url: string;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const fromPath = (process.env.PATH ?? '').split(':').find((d) => d && fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'postgres')));
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/** Why no real server can be started here (null: it can). */
export function realPostgresMissing(): string | null {
  if (!binDir()) return 'no PostgreSQL server binaries (initdb, postgres) on this machine';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a "postgres" user to run the server as';
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Run a server binary, as `postgres` when we are root. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startRealPostgres(): Promise<RealPostgres> {
  const bin = binDir()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-realpg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
  const server: ChildProcess = spawn(cmd, args, { stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.end();
        resolve(true);
      });
      c.on('error', () => resolve(false));
    });
    if (up) break;
    if (server.exitCode != null || Date.now() > deadline) {
      server.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`the PostgreSQL server did not start (exit ${server.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      const exited = new Promise<void>((resolve) => (server.exitCode != null ? resolve() : server.once('exit', () => resolve())));
      const [stopCmd, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'ignore', timeout: 20_000 });
      } catch {
        server.kill('SIGKILL');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The machine's PostgreSQL for a mocha `before` hook: started, or the suite skipped with the
 * reason printed where no server can be started (as in CI).
 */
export async function realPostgresOrSkip(ctx: Mocha.Context): Promise<RealPostgres> {
  const missing = realPostgresMissing();
  if (missing) {
    console.log(`      (skipped: ${missing})`);
    ctx.skip();
  }
  return startRealPostgres();
}
