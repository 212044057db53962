// A push's ref advertisement (`GET info/refs?service=git-receive-pack`) without git. http-backend
// answers it by starting `git http-backend`, which starts git-http-backend, which starts
// `git receive-pack --advertise-refs`: three process starts (30-200 ms on a loaded 2-core machine)
// for a few lines that hold the refs and receive-pack's capabilities. The refs come from the ref
// files (readRefsForAdvertisement); the capabilities, and the headers, from git's own answer for
// the same repository, kept once an answer built here from the refs git listed matched git's byte
// for byte. So a repository whose advertisement this code would not build the same (a push
// certificate nonce, a session id, an alternate's `.have` lines, a shallow repository's `shallow`
// lines, hidden refs) keeps git's answer every time. What is kept lasts as long as the server: git
// configuration that changes the advertisement later (hideRefs, certNonceSeed, advertisePushOptions,
// a git upgrade's agent=) is seen after a restart. The project sets none of these.
import fs from 'node:fs';
import path from 'node:path';
import { pkt, readRefsForAdvertisement, type AdvertisedRefs } from './uploadPack.js';

const ZERO_OID = '0000000000000000000000000000000000000000';
const SERVICE_LINE = pkt('# service=git-receive-pack\n');
const FLUSH = Buffer.from('0000');

export interface KeptReceiveAdvertisement {
  headers: Array<[string, string]>;
  capabilities: string;
}

/**
 * The advertisement receive-pack writes behind http-backend's service line: every ref in name
 * order, the first with the capabilities after a NUL (an empty repository: the zero id and
 * `capabilities^{}`), then a flush.
 */
export function buildReceiveAdvertisement(refs: AdvertisedRefs, capabilities: string): Buffer {
  const lines = refs.refs.length
    ? refs.refs.map((r, i) => pkt(i === 0 ? `${r.oid} ${r.name}\0${capabilities}\n` : `${r.oid} ${r.name}\n`))
    : [pkt(`${ZERO_OID} capabilities^{}\0${capabilities}\n`)];
  return Buffer.concat([SERVICE_LINE, FLUSH, ...lines, FLUSH]);
}

/** The capabilities of git's answer (after the NUL of its first ref line), or null when it is not one this module builds. */
function capabilitiesOf(body: Buffer): string | null {
  const start = SERVICE_LINE.length + FLUSH.length;
  if (!body.subarray(0, start).equals(Buffer.concat([SERVICE_LINE, FLUSH])) || body.length < start + 4) return null;
  const len = Number.parseInt(body.subarray(start, start + 4).toString('latin1'), 16);
  if (!Number.isInteger(len) || len < 5 || start + len > body.length) return null;
  const line = body.subarray(start + 4, start + len).toString('utf8');
  const nul = line.indexOf('\0');
  if (nul < 0 || !line.endsWith('\n')) return null;
  return line.slice(nul + 1, -1);
}

/**
 * Whether git may add lines of its own: `.have` lines for the objects of an alternate repository,
 * `shallow` lines for a shallow one (checked on every answer: either may appear after learning).
 */
function gitAddsLines(gitdir: string): boolean {
  return fs.existsSync(path.join(gitdir, 'objects', 'info', 'alternates')) || fs.existsSync(path.join(gitdir, 'shallow'));
}

/** Capabilities that change with every answer: a push certificate nonce, a trace2 session id. */
const PER_ANSWER = ['push-cert', 'session-id='];

/**
 * Keep what building this repository's advertisement needs from git's answer `body`, when an
 * answer built from the refs git listed is byte for byte git's; null otherwise (nothing to keep).
 * A push certificate nonce (`push-cert=`) or a session id changes with every answer: never kept.
 */
export function learnReceiveAdvertisement(gitdir: string, headers: Array<[string, string]>, body: Buffer): KeptReceiveAdvertisement | null {
  const capabilities = capabilitiesOf(body);
  if (capabilities == null || capabilities.split(' ').some((c) => PER_ANSWER.some((p) => c.startsWith(p))) || gitAddsLines(gitdir)) return null;
  // The refs as git listed them, to compare with: the ref files may have moved since git read them.
  const refs = readRefsForAdvertisement(gitdir);
  if (!refs || !buildReceiveAdvertisement(refs, capabilities).equals(body)) return null;
  return { headers, capabilities };
}

/** This repository's advertisement from its ref files and what was kept; null when git must answer. */
export function answerReceiveAdvertisement(gitdir: string, kept: KeptReceiveAdvertisement): Buffer | null {
  if (gitAddsLines(gitdir)) return null;
  const refs = readRefsForAdvertisement(gitdir);
  return refs ? buildReceiveAdvertisement(refs, kept.capabilities) : null;
}
