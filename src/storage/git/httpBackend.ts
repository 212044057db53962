// git's smart HTTP protocol. runHttpBackend runs the system `git http-backend` as a CGI program
// (the ref advertisement and unusual upload-pack requests): request metadata goes in as CGI
// variables, the request body streams into its stdin, and its stdout (CGI headers, a blank line,
// then the body) streams back out; it inflates gzip bodies itself when HTTP_CONTENT_ENCODING says
// so, and switches to protocol v2 when HTTP_GIT_PROTOCOL asks for it. runStatelessRpc starts
// upload-pack or receive-pack directly, as http-backend would (every push's POST, most fetches);
// spoolToTempFile copies (and inflates) a push body to a file before the brain is locked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { gitEnv } from './gitCli.js';
import { spawnGit } from './gitSpawner.js';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

export interface BackendRequest {
  method: 'GET' | 'POST';
  /** Inside the repository: `info/refs`, `git-upload-pack` or `git-receive-pack`. */
  pathInfo: string;
  queryString: string;
  contentType?: string;
  contentLength?: number;
  contentEncoding?: string;
  gitProtocol?: string;
  remoteAddr?: string;
  remoteUser?: string;
  /** A stream to pipe in, a spooled file to read, or nothing. */
  body: Readable | { file: string } | null;
}

export interface BackendOptions {
  /** Command-line git config for http-backend and everything it runs (receive-pack, hooks). */
  config?: Record<string, string>;
  /** Extra environment for the hooks. */
  env?: Record<string, string>;
}

export interface BackendResponse {
  status: number;
  headers: Array<[string, string]>;
  body: Readable;
  /** Resolves when the git process (http-backend, upload-pack or receive-pack) has exited, with its exit code and stderr. */
  exited: Promise<{ code: number; stderr: string }>;
  /** Stop the backend (the client went away). */
  kill(): void;
}

const MAX_CGI_HEADER_BYTES = 64 * 1024;

/** Run one smart-HTTP request against the bare repository at `gitdir`. */
export async function runHttpBackend(gitdir: string, req: BackendRequest, opts: BackendOptions = {}): Promise<BackendResponse> {
  const cgi: Record<string, string> = {
    GIT_PROJECT_ROOT: path.dirname(gitdir),
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${path.basename(gitdir)}/${req.pathInfo}`,
    REQUEST_METHOD: req.method,
    QUERY_STRING: req.queryString,
    REMOTE_ADDR: req.remoteAddr ?? '127.0.0.1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (req.contentType) cgi.CONTENT_TYPE = req.contentType;
  if (req.contentLength != null) cgi.CONTENT_LENGTH = String(req.contentLength);
  if (req.contentEncoding) cgi.HTTP_CONTENT_ENCODING = req.contentEncoding;
  if (req.gitProtocol) cgi.HTTP_GIT_PROTOCOL = req.gitProtocol;
  if (req.remoteUser) cgi.REMOTE_USER = req.remoteUser;

  const child = await spawnGit(['http-backend'], { env: gitEnv(opts.config, { ...opts.env, ...cgi }), stdin: req.body != null, stderr: true });
  const exited = child.closed;
  if (child.stdin && req.body != null) {
    // http-backend may answer (an error, or a GET) without reading its input: ignore EPIPE.
    child.stdin.on('error', () => undefined);
    const source = 'file' in req.body ? fs.createReadStream(req.body.file) : req.body;
    pipeline(source, child.stdin).catch(() => child.kill());
  }

  return new Promise((resolve, reject) => {
    let head: Buffer = Buffer.alloc(0);
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      child.kill();
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const split = headerEnd(head);
      if (!split) {
        if (head.length > MAX_CGI_HEADER_BYTES) fail(new Error('git http-backend sent an oversized CGI header'));
        return;
      }
      child.stdout.off('data', onData);
      child.stdout.off('end', onEnd);
      child.stdout.pause();
      const { status, headers } = parseCgiHeaders(head.subarray(0, split.headerBytes).toString('latin1'));
      const body = new PassThrough();
      const rest = head.subarray(split.bodyStart);
      if (rest.length) body.write(rest);
      child.stdout.pipe(body);
      settled = true;
      resolve({ status, headers, body, exited, kill: () => child.kill() });
    };
    const onEnd = () => {
      void exited.then(({ code, stderr: text }) => fail(new Error(`git http-backend exited with ${code} before answering: ${text.trim().slice(0, 500)}`)));
    };
    child.stdout.on('data', onData);
    child.stdout.on('end', onEnd);
  });
}

/** The headers http-backend sends with a stateless-rpc result (hdr_nocache and the service's type). */
export function resultHeaders(service: GitService): Array<[string, string]> {
  return [
    ['Expires', 'Fri, 01 Jan 1980 00:00:00 GMT'],
    ['Pragma', 'no-cache'],
    ['Cache-Control', 'no-cache, max-age=0, must-revalidate'],
    ['Content-Type', `application/x-${service}-result`],
  ];
}

/**
 * `git upload-pack` or `git receive-pack --stateless-rpc` started directly, as http-backend would
 * start it (service_rpc), `input` piped to its stdin and its stdout as the response body. The
 * environment is the one http-backend gives the service: REMOTE_ADDR (127.0.0.1 when unknown, as
 * the CGI path sets it), REMOTE_USER, GIT_PROTOCOL, and for a push the pusher as committer
 * (`user@http.addr`; no user: git's own identity, where http-backend would say "anonymous": our
 * callers always name one). `http.receivepack` is not consulted: callers only push where it is on.
 */
export async function runStatelessRpc(service: GitService, gitdir: string, req: BackendRequest, opts: BackendOptions, input: Readable[]): Promise<BackendResponse> {
  const env: Record<string, string> = { ...opts.env, GIT_HTTP_EXPORT_ALL: '1' };
  const remoteAddr = req.remoteAddr ?? '127.0.0.1';
  if (req.gitProtocol) env.GIT_PROTOCOL = req.gitProtocol;
  env.REMOTE_ADDR = remoteAddr;
  if (req.remoteUser) {
    env.REMOTE_USER = req.remoteUser;
    if (service === 'git-receive-pack') {
      env.GIT_COMMITTER_NAME = req.remoteUser;
      env.GIT_COMMITTER_EMAIL = `${req.remoteUser}@http.${remoteAddr}`;
    }
  }
  const name = service.slice('git-'.length);
  const child = await spawnGit([name, '--stateless-rpc', '.'], { env: gitEnv(opts.config, env), cwd: gitdir, stdin: true, stderr: true });
  // git that could not start (no stdin) is a failure of ours, not an empty 200.
  if (!child.stdin) throw new Error(`git ${name} did not start`);
  // The service may stop reading (an error it reports in the stream): ignore EPIPE.
  child.stdin.on('error', () => undefined);
  pipeline([...input, child.stdin] as unknown as [Readable, NodeJS.WritableStream]).catch(() => child.kill());
  return { status: 200, headers: resultHeaders(service), body: child.stdout, exited: child.closed, kill: () => child.kill() };
}

/** The content type git sends a push's POST with. */
export const RECEIVE_PACK_REQUEST_TYPE = 'application/x-git-receive-pack-request';

/**
 * A receive-pack POST `runReceivePack` answers: a spooled, uncompressed body of git's request type
 * (the push path inflates a gzip body while spooling it, so every push it serves is one of these).
 */
export function isDirectReceivePack(req: BackendRequest): boolean {
  if (req.method !== 'POST' || req.pathInfo !== 'git-receive-pack' || req.body == null || !('file' in req.body)) return false;
  return req.contentType === RECEIVE_PACK_REQUEST_TYPE && (req.contentEncoding == null || req.contentEncoding === '' || req.contentEncoding === 'identity');
}

/**
 * A push's POST without the CGI layer: `git receive-pack --stateless-rpc` started directly with the
 * spooled body on its stdin (one git process started per push instead of two, no CGI header to
 * parse), in the environment http-backend gives it (runStatelessRpc).
 */
export async function runReceivePack(gitdir: string, req: BackendRequest, opts: BackendOptions = {}): Promise<BackendResponse> {
  if (!isDirectReceivePack(req)) throw new Error('runReceivePack takes a spooled, uncompressed receive-pack request');
  return runStatelessRpc('git-receive-pack', gitdir, req, opts, [fs.createReadStream((req.body as { file: string }).file)]);
}

function headerEnd(buf: Buffer): { headerBytes: number; bodyStart: number } | null {
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { headerBytes: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { headerBytes: lf, bodyStart: lf + 2 };
  return null;
}

function parseCgiHeaders(text: string): { status: number; headers: Array<[string, string]> } {
  let status = 200;
  const headers: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
    else headers.push([name, value]);
  }
  return { status, headers };
}

/** A gzip-encoded request body that does not inflate (corrupt or truncated). */
export class CorruptGzipError extends Error {}

export class RequestTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body is larger than ${limitBytes} bytes`);
  }
}

/**
 * Copy a request body to a file in a new private temporary folder (streaming, never all in
 * memory), so that a push holds its brain's write lock only while git works, never while a slow
 * client uploads. `gunzip`: the body is inflated first, and `limitBytes` and `inspect` see the
 * inflated bytes (a small gzip body cannot carry a large pack past them); a body that does not
 * inflate fails with CorruptGzipError. `inspect` sees each chunk before it is written; its
 * rejection ends the copy.
 */
export async function spoolToTempFile(
  body: Readable,
  limitBytes: number,
  inspect?: (chunk: Buffer) => Promise<void>,
  opts: { gunzip?: boolean } = {},
): Promise<{ dir: string; file: string; bytes: number; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-push-'));
  const file = path.join(dir, 'body');
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > limitBytes) done(new RequestTooLargeError(limitBytes));
      else if (inspect) inspect(chunk).then(() => done(null, chunk), (e: Error) => done(e));
      else done(null, chunk);
    },
  });
  try {
    if (opts.gunzip) await pipeline(body, zlib.createGunzip(), counter, fs.createWriteStream(file));
    else await pipeline(body, counter, fs.createWriteStream(file));
  } catch (e) {
    remove();
    // zlib's own errors (Z_DATA_ERROR, Z_BUF_ERROR for a truncated stream...): the body is not gzip.
    const code = (e as NodeJS.ErrnoException).code;
    if (opts.gunzip && typeof code === 'string' && code.startsWith('Z_')) throw new CorruptGzipError((e as Error).message);
    throw e;
  }
  return { dir, file, bytes, remove };
}

/** Read a whole (small) stream into memory. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
