// The pre-receive hook, bridged back into the server. receive-pack runs the hook after the
// pushed objects arrived in quarantine and before any ref moves; a non-zero exit refuses the
// whole push and git drops the objects, so a refused push leaves the repository untouched,
// and whatever the hook prints reaches the client as `remote:` lines.
//
// The hook itself is a few lines of plain JavaScript: it sends its input (the ref updates), its
// working folder and its quarantine environment over a Unix socket that the server opened for
// this one push (in a private folder, with a random nonce), and exits with the server's verdict.
// So the checks run in-process with the service's own rules, whether the server runs from dist/
// or from src/, without starting a second copy of the application per push. A push that does
// not come through the server finds no socket named and is refused.
import { timingSafeEqual, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface HookRequest {
  /** The hook's stdin: one `<old> <new> <ref>` line per ref update. */
  updates: string;
  cwd: string;
  env: Record<string, string>;
}

export interface HookVerdict {
  ok: boolean;
  /** Printed to the pushing client (each line becomes `remote: ...`). */
  message: string;
}

export interface PreReceiveGate {
  /** Environment for http-backend, inherited by receive-pack and the hook. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const HOOK_NAME = 'pre-receive';
const CLIENT_NAME = 'brainkeep-pre-receive.cjs';
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** Listen on `<dir>/hook.sock` (dir must be private to this push) until closed. */
export async function openPreReceiveGate(dir: string, check: (req: HookRequest) => Promise<HookVerdict>): Promise<PreReceiveGate> {
  const socketPath = path.join(dir, 'hook.sock');
  const nonce = randomBytes(24).toString('hex');
  // Half-open: the hook ends its side after the request and still reads our verdict.
  const server = net.createServer({ allowHalfOpen: true }, (sock) => {
    const chunks: Buffer[] = [];
    let size = 0;
    sock.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) sock.destroy();
      else chunks.push(c);
    });
    sock.on('error', () => undefined);
    sock.on('end', () => {
      void answer(Buffer.concat(chunks)).then((verdict) => sock.end(JSON.stringify(verdict)));
    });
  });
  const answer = async (raw: Buffer): Promise<HookVerdict> => {
    try {
      const msg = JSON.parse(raw.toString('utf8')) as HookRequest & { nonce?: string };
      if (typeof msg.nonce !== 'string' || !sameSecret(msg.nonce, nonce)) return { ok: false, message: 'Brainkeep: this push did not come through the server.\n' };
      return await check({ updates: String(msg.updates ?? ''), cwd: String(msg.cwd), env: stringRecord(msg.env) });
    } catch (e) {
      return { ok: false, message: `Brainkeep could not check this push: ${(e as Error).message}\n` };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    env: { BRAINKEEP_NODE: process.execPath, BRAINKEEP_PUSH_SOCKET: socketPath, BRAINKEEP_PUSH_NONCE: nonce },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
  return out;
}

/** Write the hook and its client into `hooksDir` (named by core.hooksPath for every push), once. */
export function ensurePreReceiveHook(hooksDir: string): void {
  writeIfChanged(path.join(hooksDir, CLIENT_NAME), HOOK_CLIENT, 0o644);
  writeIfChanged(path.join(hooksDir, HOOK_NAME), HOOK_SCRIPT, 0o755);
}

function writeIfChanged(file: string, content: string, mode: number): void {
  try {
    if (fs.readFileSync(file, 'utf8') === content) return;
  } catch {
    // missing: write it below
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, content, { mode });
  fs.chmodSync(tmp, mode);
  fs.renameSync(tmp, file);
}

const HOOK_SCRIPT = `#!/bin/sh
# Installed by Brainkeep: hands every push to the server's checks (branch, paths, sizes, .brain/ role, schema).
if [ -z "$BRAINKEEP_PUSH_SOCKET" ] || [ -z "$BRAINKEEP_NODE" ]; then
  echo "Brainkeep: push through the server's git URL ({base_url}/git/<brain>.git)." >&2
  exit 1
fi
exec "$BRAINKEEP_NODE" "$(dirname "$0")/${CLIENT_NAME}"
`;

const HOOK_CLIENT = `// Installed by Brainkeep: sends this push's ref updates and quarantine environment to the
// server that is running it, and exits with the server's verdict.
'use strict';
const net = require('node:net');
const KEYS = ['GIT_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_QUARANTINE_PATH'];
const input = [];
process.stdin.on('data', (c) => input.push(c));
process.stdin.on('end', () => {
  const env = {};
  for (const k of KEYS) if (process.env[k] != null) env[k] = process.env[k];
  const request = JSON.stringify({ nonce: process.env.BRAINKEEP_PUSH_NONCE, updates: Buffer.concat(input).toString('utf8'), cwd: process.cwd(), env });
  const reply = [];
  const sock = net.createConnection(process.env.BRAINKEEP_PUSH_SOCKET);
  sock.on('data', (c) => reply.push(c));
  sock.on('error', (e) => {
    process.stderr.write('Brainkeep could not check this push: ' + e.message + '\\n');
    process.exit(1);
  });
  sock.on('end', () => {
    let verdict;
    try {
      verdict = JSON.parse(Buffer.concat(reply).toString('utf8'));
    } catch (e) {
      verdict = { ok: false, message: 'Brainkeep could not check this push.\\n' };
    }
    if (verdict.message) process.stderr.write(verdict.message);
    process.exit(verdict.ok === true ? 0 : 1);
  });
  sock.end(request);
});
`;
