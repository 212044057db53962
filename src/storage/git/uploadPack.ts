// Clone and fetch without the CGI layer. `git http-backend` answers an upload-pack POST by starting
// `git upload-pack --stateless-rpc` and handing it the body; here that child is started directly
// (one git process per request instead of two, no CGI header to parse), and protocol v2's
// `ls-refs` command, which only lists refs, is answered from the ref files without any process,
// with the bytes upload-pack writes (same order, same attributes, same flush). Anything outside
// what is answered here (another content type or encoding, a ref whose answer would need an
// object read, an argument or capability this code does not know) goes to http-backend, so git's
// own answers and errors stay what they were.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { resultHeaders, runStatelessRpc, type BackendOptions, type BackendRequest, type BackendResponse } from './httpBackend.js';

const REQUEST_TYPE = 'application/x-git-upload-pack-request';
/** An ls-refs request is a few short lines; a longer one is left to git. */
const MAX_LS_REFS_REQUEST = 64 * 1024;
const OID = /^[0-9a-f]{40}$/;
/**
 * Branch names answered here: plain ASCII components, none starting with a dot or ending in
 * `.lock` or a dot. git skips or refuses other names in its own ways, so those go to git; within
 * these, JavaScript's string order is git's byte order.
 */
const PLAIN_HEAD = /^refs\/heads\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const plainHead = (name: string) => PLAIN_HEAD.test(name) && !name.includes('..') && !/(\.lock|\.)(\/|$)/.test(name);

/**
 * An upload-pack POST this module answers the way http-backend would: identity or gzip body
 * (http-backend inflates gzip itself) of git's request type. Others go to http-backend.
 */
export function isDirectUploadPack(req: BackendRequest): boolean {
  if (req.method !== 'POST' || req.pathInfo !== 'git-upload-pack' || req.body == null) return false;
  if (req.contentType !== REQUEST_TYPE) return false;
  const enc = req.contentEncoding;
  return enc == null || enc === '' || enc === 'gzip' || enc === 'x-gzip';
}

function isV2(req: BackendRequest): boolean {
  // Compared exactly, as git does: "version=2 " is not version 2 to git.
  return (req.gitProtocol ?? '').split(':').some((p) => p === 'version=2');
}

/** The most a gzipped fetch request may inflate to: git's own default for http-backend (http.maxRequestBuffer). */
export const MAX_INFLATED_REQUEST = 10 * 1024 * 1024;

/** Passes bytes through until more than `max` went by, then fails (a gzip bomb stops there, and upload-pack with it). */
export function capped(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new Error(`the request inflates to more than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * Answer an upload-pack POST (see isDirectUploadPack): `ls-refs` from the ref files when it can,
 * otherwise `git upload-pack --stateless-rpc` with the body on its stdin and its stdout as the
 * response body. Returns null when the request must go to http-backend after all; `req.body` is
 * then a stream holding the whole body again.
 */
export async function runUploadPack(gitdir: string, req: BackendRequest, opts: BackendOptions = {}): Promise<{ response: BackendResponse } | { fallback: BackendRequest }> {
  let body = req.body as Readable | { file: string };
  if ('file' in body) body = fs.createReadStream(body.file);
  const gzipped = req.contentEncoding === 'gzip' || req.contentEncoding === 'x-gzip';
  if (isV2(req) && !gzipped) {
    const head = await readPrefix(body, MAX_LS_REFS_REQUEST);
    if (head.complete && isLsRefs(head.bytes)) {
      const answer = answerLsRefs(head.bytes, readRefsForAdvertisement(gitdir));
      if (answer) return { response: bufferedResponse(answer) };
    }
    const rest = head.complete ? Readable.from([head.bytes]) : Readable.from(concatStreams(head.bytes, body));
    if (head.complete && !isFetch(head.bytes) && !isLsRefs(head.bytes)) {
      // Something else (another command, a malformed request): git's own answer, through http-backend.
      return { fallback: { ...req, body: rest } };
    }
    body = rest;
  }
  const input = gzipped ? [body, zlib.createGunzip(), capped(MAX_INFLATED_REQUEST)] : [body];
  return { response: await runStatelessRpc('git-upload-pack', gitdir, req, opts, input) };
}

function bufferedResponse(body: Buffer): BackendResponse {
  return { status: 200, headers: resultHeaders('git-upload-pack'), body: Readable.from([body]), exited: Promise.resolve({ code: 0, stderr: '' }), kill: () => undefined };
}

async function* concatStreams(first: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  if (first.length) yield first;
  for await (const c of rest) yield c as Buffer;
}

/** Read up to `limit` bytes; `complete` when the stream ended within them. */
async function readPrefix(stream: Readable, limit: number): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const done = (complete: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      resolve({ bytes: Buffer.concat(chunks), complete });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size > limit) {
        stream.pause();
        done(false);
      }
    };
    const onEnd = () => done(true);
    const onError = (e: Error) => reject(e);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * The command a protocol v2 request names in its first pkt-line (`command=fetch`), with or without
 * the newline (git's fetch sends it without, its ls-refs with); null when the first line is not one.
 */
export function requestCommand(buf: Buffer): string | null {
  if (buf.length < 4) return null;
  const hex = buf.subarray(0, 4).toString('latin1');
  if (!/^[0-9a-f]{4}$/.test(hex)) return null;
  const len = Number.parseInt(hex, 16);
  if (len < 5 || len > buf.length) return null;
  const m = /^command=([a-z-]+)\n?$/.exec(buf.subarray(4, len).toString('latin1'));
  return m ? m[1]! : null;
}
const isLsRefs = (buf: Buffer) => requestCommand(buf) === 'ls-refs';
const isFetch = (buf: Buffer) => requestCommand(buf) === 'fetch';

/** One pkt-line: four hex digits of length (including themselves), then the data. */
export function pkt(data: string): Buffer {
  const body = Buffer.from(data, 'utf8');
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0'), 'latin1'), body]);
}

type Packet = { kind: 'data'; text: string } | { kind: 'flush' } | { kind: 'delim' } | { kind: 'end' };

/** Split a request into packets; null when it is not well-formed pkt-lines. */
function packets(buf: Buffer): Packet[] | null {
  const out: Packet[] = [];
  let i = 0;
  while (i < buf.length) {
    if (i + 4 > buf.length) return null;
    const hex = buf.subarray(i, i + 4).toString('latin1');
    if (!/^[0-9a-f]{4}$/.test(hex)) return null;
    const len = Number.parseInt(hex, 16);
    if (len === 0) out.push({ kind: 'flush' });
    else if (len === 1) out.push({ kind: 'delim' });
    else if (len === 2) out.push({ kind: 'end' });
    else if (len < 4 || i + len > buf.length) return null;
    else {
      const data = buf.subarray(i + 4, i + len);
      // git strips one trailing newline from each line it reads (PACKET_READ_CHOMP_NEWLINE).
      const text = data.toString('utf8');
      if (text.includes('\0') || !Buffer.from(text, 'utf8').equals(data)) return null;
      out.push({ kind: 'data', text: text.endsWith('\n') ? text.slice(0, -1) : text });
    }
    i += len < 4 ? 4 : len;
  }
  return out;
}

export interface AdvertisedRefs {
  /** HEAD: the ref it points to (null when detached) and its commit (null when unborn). */
  head: { target: string | null; oid: string | null } | null;
  /** Every other ref, sorted by name as git iterates them. */
  refs: Array<{ name: string; oid: string }>;
}

/**
 * The refs of a repository as upload-pack would list them, read from HEAD, the loose ref files and
 * packed-refs; null when answering would need more than these files: a ref outside refs/heads/
 * (a tag's answer carries the commit it peels to, read from the object), a symbolic ref other than
 * HEAD, a ref file this code does not read, or a namespace.
 */
export function readRefsForAdvertisement(gitdir: string): AdvertisedRefs | null {
  const refs = new Map<string, string>();
  try {
    // Loose refs first, then packed-refs, as git reads them: `git pack-refs` (gc) writes packed-refs
    // and only then deletes the loose files, so read in this order a ref is in one or the other,
    // while packed-refs first could miss a ref packed and pruned in between (an empty clone).
    // Any file under refs/ other than a head makes the answer git's.
    const walk = (rel: string): boolean => {
      for (const ent of fs.readdirSync(path.join(gitdir, rel), { withFileTypes: true })) {
        const name = `${rel}/${ent.name}`;
        if (ent.isDirectory()) {
          if (!walk(name)) return false;
        } else if (ent.isFile()) {
          if (!plainHead(name)) return false;
          const value = fs.readFileSync(path.join(gitdir, name), 'utf8');
          const oid = value.endsWith('\n') ? value.slice(0, -1) : value;
          if (!OID.test(oid)) return false;
          refs.set(name, oid);
        } else return false;
      }
      return true;
    };
    if (!walk('refs')) return null;
    let packed = '';
    try {
      packed = fs.readFileSync(path.join(gitdir, 'packed-refs'), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return null;
    }
    for (const line of packed.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      if (line.startsWith('^')) return null;
      const sp = line.indexOf(' ');
      const oid = line.slice(0, sp);
      const name = line.slice(sp + 1);
      if (!OID.test(oid) || !plainHead(name)) return null;
      // Loose refs win over packed ones.
      if (!refs.has(name)) refs.set(name, oid);
    }
    const headText = fs.readFileSync(path.join(gitdir, 'HEAD'), 'utf8');
    let head: AdvertisedRefs['head'];
    const sym = /^ref: (refs\/heads\/[^\s]+)\n?$/.exec(headText);
    if (sym && !plainHead(sym[1]!)) return null;
    if (sym) head = { target: sym[1]!, oid: refs.get(sym[1]!) ?? null };
    else if (OID.test(headText.trim()) && headText.trim().length + 1 >= headText.length) head = { target: null, oid: headText.trim() };
    else return null;
    const sorted = [...refs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, oid]) => ({ name, oid }));
    return { head, refs: sorted };
  } catch {
    return null;
  }
}

/**
 * upload-pack's answer to a protocol v2 `ls-refs` request (serve.c process_request, then
 * ls-refs.c), or null when the request or the refs need git itself.
 */
export function answerLsRefs(request: Buffer, refs: AdvertisedRefs | null): Buffer | null {
  if (!refs) return null;
  const p = packets(request);
  if (!p || !p.length) return null;
  let i = 0;
  const first = p[i++]!;
  if (first.kind !== 'data' || first.text !== 'command=ls-refs') return null;
  // Capabilities until the delimiter (or the flush that ends a request without arguments).
  for (; i < p.length; i++) {
    const q = p[i]!;
    if (q.kind !== 'data') break;
    if (q.text.startsWith('agent=') || q.text === 'object-format=sha1' || q.text.startsWith('server-option=')) continue;
    return null;
  }
  if (i >= p.length) return null;
  if (p[i]!.kind === 'delim') i++;
  let peel = false;
  let symrefs = false;
  let unborn = false;
  const prefixes: string[] = [];
  for (; i < p.length; i++) {
    const q = p[i]!;
    if (q.kind !== 'data') break;
    if (q.text === 'peel') peel = true;
    else if (q.text === 'symrefs') symrefs = true;
    else if (q.text === 'unborn') unborn = true;
    else if (q.text.startsWith('ref-prefix ')) prefixes.push(q.text.slice('ref-prefix '.length));
    else return null;
  }
  // Exactly one flush, then nothing: a stateless request is one command.
  if (i !== p.length - 1 || p[i]!.kind !== 'flush') return null;
  // `peel` adds nothing for a ref that names a commit, and a brain's heads always do: only
  // refs/heads/main can be written (the write path commits; a push may update nothing else, and
  // receive-pack refuses a non-commit on an existing head under receive.denyNonFastForwards).
  void peel;
  const matches = (name: string) => !prefixes.length || prefixes.some((x) => name.startsWith(x));
  const lines: Buffer[] = [];
  const head = refs.head;
  if (head && (head.oid != null || (unborn && symrefs && head.target != null)) && matches('HEAD')) {
    let line = head.oid != null ? `${head.oid} HEAD` : 'unborn HEAD';
    if (symrefs && head.target != null) line += ` symref-target:${head.target}`;
    lines.push(pkt(`${line}\n`));
  }
  for (const r of refs.refs) if (matches(r.name)) lines.push(pkt(`${r.oid} ${r.name}\n`));
  lines.push(Buffer.from('0000', 'latin1'));
  return Buffer.concat(lines);
}
