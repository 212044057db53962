// The pre-receive hook, bridged back into the server. receive-pack runs the hook after the
// pushed objects arrived in quarantine and before any ref moves; a non-zero exit refuses the
// whole push and git drops the objects, so a refused push leaves the repository untouched,
// and whatever the hook prints reaches the client as `remote:` lines.
//
// The hook itself is a few lines of POSIX shell: it writes its input (the ref updates), its
// working folder and its quarantine environment into a named pipe that the server made for this
// one push (in a private folder, with a random nonce), then reads the server's verdict from a
// second pipe and exits with it. So the checks run in-process with the service's own rules, and
// a push costs no second Node start (which, on a busy machine, took longer than the checks).
// A push that does not come through the server finds no pipes named and is refused.
import { timingSafeEqual, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { cleanStaleDirs, runCommand } from './gitSpawner.js';

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
  /** Environment for receive-pack, inherited by the hook. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const HOOK_NAME = 'pre-receive';
const REQUEST_PIPE = 'hook.request';
const VERDICT_PIPE = 'hook.verdict';
/** A push's hook folder: `brainkeep-push-gate-<pid of the server that made it>-<random>` in the temp folder. */
const GATE_DIR_PREFIX = 'brainkeep-push-gate-';
/** The Node client earlier versions installed beside the hook. */
const OLD_CLIENT_NAME = 'brainkeep-pre-receive.cjs';
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** A refusal names at most twenty problems; a longer message is cut. */
const MAX_MESSAGE_CHARS = 32 * 1024;
/** What the checks need of the hook's environment: the repository and the quarantine. */
const HOOK_ENV_KEYS = ['GIT_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_QUARANTINE_PATH'];

/**
 * A new private folder (under `root`) holding the request and verdict pipes of one push, for
 * openPreReceiveGate. Making the pipes starts a process (`mkfifo`), so a server makes the next
 * push's folder ahead of time, off that push's path.
 */
export async function makeGateDir(root: string): Promise<string> {
  // The server's pid in the name: the folders of a server killed meanwhile are removed at the next start.
  const dir = fs.mkdtempSync(path.join(root, `${GATE_DIR_PREFIX}${process.pid}-`));
  const made = await runCommand('mkfifo', ['-m', '600', path.join(dir, REQUEST_PIPE), path.join(dir, VERDICT_PIPE)]);
  if (made.code !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not make the push's hook pipes: ${made.stderr.trim()}`);
  }
  return dir;
}

/**
 * Remove the hook folders servers no longer running left in `root` (a server killed with SIGKILL
 * leaves the one it made ahead, and any of a push in flight). Returns the folders removed.
 */
export function cleanStaleGateDirs(root: string): string[] {
  return cleanStaleDirs(root, GATE_DIR_PREFIX);
}

/** Whether both pipes of a folder makeGateDir made are still there, as pipes. */
export function gatePipesIntact(dir: string): boolean {
  try {
    return [REQUEST_PIPE, VERDICT_PIPE].every((name) => fs.lstatSync(path.join(dir, name)).isFIFO());
  } catch {
    return false;
  }
}

/**
 * Answer the hook through the pipes of `dir` (made by makeGateDir, used for this one push) until closed.
 * A fresh nonce per push: only the receive-pack this push starts can ask.
 */
export async function openPreReceiveGate(dir: string, check: (req: HookRequest) => Promise<HookVerdict>): Promise<PreReceiveGate> {
  const requestPath = path.join(dir, REQUEST_PIPE);
  const verdictPath = path.join(dir, VERDICT_PIPE);
  const nonce = randomBytes(24).toString('hex');
  // Opened read-write (never blocks on a FIFO): the hook's opens never wait for us, and we
  // never see an end of file, so the request ends with its own last line.
  const request = new net.Socket({ fd: fs.openSync(requestPath, fs.constants.O_RDWR | fs.constants.O_NONBLOCK), readable: true, writable: false });
  const verdict = new net.Socket({ fd: fs.openSync(verdictPath, fs.constants.O_RDWR | fs.constants.O_NONBLOCK), readable: false, writable: true });
  request.on('error', () => undefined);
  verdict.on('error', () => undefined);
  let buffered = '';
  let size = 0;
  let answered = false;
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    if (answered) return;
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      answered = true;
      verdict.write(verdictText({ ok: false, message: 'Brainkeep: this push sent too much to its check.\n' }));
      return;
    }
    buffered += chunk;
    if (!/(^|\n)end\n/.test(buffered)) return;
    answered = true;
    void answer(buffered).then((v) => verdict.write(verdictText(v)));
  });
  const answer = async (raw: string): Promise<HookVerdict> => {
    try {
      const msg = parseRequest(raw);
      if (!sameSecret(msg.nonce, nonce)) return { ok: false, message: 'Brainkeep: this push did not come through the server.\n' };
      return await check({ updates: msg.updates, cwd: msg.cwd, env: msg.env });
    } catch (e) {
      return { ok: false, message: `Brainkeep could not check this push: ${(e as Error).message}\n` };
    }
  };
  return {
    env: { BRAINKEEP_PUSH_DIR: dir, BRAINKEEP_PUSH_NONCE: nonce },
    // By now receive-pack has exited: the hook read its verdict, or never ran.
    close: async () => {
      request.destroy();
      verdict.destroy();
    },
  };
}

/** The hook's request: `nonce`, `cwd`, `env K=V` and `update <old> <new> <ref>` lines, then `end`. */
function parseRequest(raw: string): { nonce: string; cwd: string; env: Record<string, string>; updates: string } {
  let nonce = '';
  let cwd = '';
  const env: Record<string, string> = {};
  const updates: string[] = [];
  for (const line of raw.split('\n')) {
    const sp = line.indexOf(' ');
    const key = sp < 0 ? line : line.slice(0, sp);
    const value = sp < 0 ? '' : line.slice(sp + 1);
    if (key === 'end') break;
    if (key === 'nonce') nonce = value;
    else if (key === 'cwd') cwd = value;
    else if (key === 'update') updates.push(value);
    else if (key === 'env') {
      const eq = value.indexOf('=');
      const name = value.slice(0, eq);
      if (eq > 0 && HOOK_ENV_KEYS.includes(name)) env[name] = value.slice(eq + 1);
    }
  }
  if (!cwd) throw new Error('the hook named no working folder');
  return { nonce, cwd, env, updates: updates.length ? `${updates.join('\n')}\n` : '' };
}

/** `ok` or `refused`, the message's lines each behind a `|`, then `end`. */
function verdictText(v: HookVerdict): string {
  const lines = v.message ? v.message.replace(/\n$/, '').slice(0, MAX_MESSAGE_CHARS).split('\n') : [];
  return `${v.ok ? 'ok' : 'refused'}\n${lines.map((l) => `|${l}\n`).join('')}end\n`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Write the hook into `hooksDir` (named by core.hooksPath for every push), once; remove the older Node client. */
export function ensurePreReceiveHook(hooksDir: string): void {
  writeIfChanged(path.join(hooksDir, HOOK_NAME), HOOK_SCRIPT, 0o755);
  fs.rmSync(path.join(hooksDir, OLD_CLIENT_NAME), { force: true });
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
if [ -z "$BRAINKEEP_PUSH_DIR" ] || [ ! -p "$BRAINKEEP_PUSH_DIR/hook.request" ]; then
  echo "Brainkeep: push through the server's git URL ({base_url}/git/<brain>.git)." >&2
  exit 1
fi
{
  printf 'nonce %s\\n' "$BRAINKEEP_PUSH_NONCE"
  printf 'cwd %s\\n' "$PWD"
${HOOK_ENV_KEYS.map((k) => `  if [ -n "\${${k}+set}" ]; then printf 'env ${k}=%s\\n' "$${k}"; fi`).join('\n')}
  while IFS= read -r line || [ -n "$line" ]; do printf 'update %s\\n' "$line"; done
  printf 'end\\n'
} > "$BRAINKEEP_PUSH_DIR/hook.request"
exec 3< "$BRAINKEEP_PUSH_DIR/hook.verdict"
IFS= read -r verdict <&3
while IFS= read -r line <&3; do
  [ "$line" = end ] && break
  printf '%s\\n' "\${line#|}" >&2
done
[ "$verdict" = ok ]
`;
