// The real `git` CLI for what isomorphic-git does not do, for operators: bundles (backup and
// restore) and `git fsck` (doctor). Arguments go through execFile, never a shell.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BRANCH_REF } from './brainRepository.js';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

export class GitCommandError extends Error {
  constructor(readonly args: string[], readonly exitCode: number | null, readonly stderr: string, readonly stdout = '') {
    super(`git ${args.join(' ')} failed (${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

async function git(gitdir: string | null, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const full = gitdir ? ['--git-dir', gitdir, ...args] : args;
  try {
    // No user or system config (hooks, aliases, credential helpers) may change what these commands do.
    return await run('git', full, { maxBuffer: MAX_BUFFER, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' } });
  } catch (e) {
    const err = e as { code?: number | string; stderr?: string; stdout?: string };
    throw new GitCommandError(full, typeof err.code === 'number' ? err.code : null, err.stderr ?? String(e), err.stdout ?? '');
  }
}

/** Every ref of a repository and the commit it names, each read atomically. */
export async function readRefs(gitdir: string): Promise<Map<string, string>> {
  const { stdout } = await git(gitdir, ['for-each-ref', '--format=%(objectname) %(refname)']);
  const refs = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const m = /^([0-9a-f]{40}) (\S+)$/.exec(line.trim());
    if (m) refs.set(m[2]!, m[1]!);
  }
  return refs;
}

/**
 * Bundle exactly `refs` (as read earlier) and the objects they reach. `git bundle create --all`
 * on the live repository would re-read each ref while writing the bundle and skip one that moved
 * meanwhile (ending in "Refusing to create empty bundle" under steady writes), so the bundle is
 * made from a scratch repository that borrows the live objects (objects/info/alternates) and
 * holds only the refs we read. The live repository is never written to.
 */
export async function createBundle(gitdir: string, file: string, refs: Map<string, string>): Promise<Map<string, string>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bundle-'));
  try {
    await git(null, ['init', '--bare', '--quiet', scratch]);
    fs.writeFileSync(path.join(scratch, 'objects', 'info', 'alternates'), `${path.resolve(gitdir, 'objects')}\n`);
    for (const [ref, oid] of refs) await git(scratch, ['update-ref', ref, oid]);
    await git(scratch, ['symbolic-ref', 'HEAD', BRANCH_REF]);
    await git(scratch, ['bundle', 'create', file, '--all']);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return bundleHeads(file);
}

/** Refs a bundle holds (after checking it is complete and well-formed). */
export async function bundleHeads(file: string, verifyIn?: string): Promise<Map<string, string>> {
  if (verifyIn) await git(verifyIn, ['bundle', 'verify', file]);
  const { stdout } = await git(null, ['bundle', 'list-heads', file]);
  const heads = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const m = /^([0-9a-f]{40}) (\S+)$/.exec(line.trim());
    if (m) heads.set(m[2]!, m[1]!);
  }
  return heads;
}

/** Fetch every ref of a bundle into an existing (freshly initialised) bare repository. */
export async function fetchBundle(gitdir: string, file: string): Promise<void> {
  await git(gitdir, ['fetch', '--quiet', '--no-tags', file, '+refs/*:refs/*']);
  await git(gitdir, ['symbolic-ref', 'HEAD', BRANCH_REF]);
}

/** True when `ancestor` is reachable from `descendant`. */
export async function isAncestor(gitdir: string, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await git(gitdir, ['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch (e) {
    if (e instanceof GitCommandError && e.exitCode === 1) return false;
    throw e;
  }
}

/** Runs of fsck, in all, when repacks keep replacing packs under it. */
const FSCK_TRIES = 3;

/**
 * `git fsck --full --strict`. Dangling objects are normal here (a write discarded by recovery
 * leaves its loose objects behind until gc), so they are not reported.
 *
 * fsck lists the packs once when it starts: a repack that deletes one of them meanwhile (the
 * server's pack check two seconds after a commit, the nightly gc, another process's import) makes
 * it fail with "packfile ... index not opened" for every pack it lost, or "unable to mmap" for a
 * loose object the repack packed and removed, although nothing is wrong. A failed run during which
 * the pack folder changed, or this process's repack of the repository ran (`repackEpoch`, the
 * repository's BrainRepository.repackEpoch: odd while one runs), is run again; a failure with
 * nothing repacked beside it is the repository's and is reported at once. `runs`: how many it took.
 */
export async function fsck(gitdir: string, repackEpoch?: () => number): Promise<{ ok: boolean; output: string; runs: number }> {
  for (let tries = 1; ; tries++) {
    const packs = packFiles(gitdir);
    const epoch = repackEpoch?.();
    try {
      const { stdout, stderr } = await git(gitdir, ['fsck', '--full', '--strict', '--no-dangling', '--no-progress']);
      return { ok: true, output: `${stdout}${stderr}`.trim(), runs: tries };
    } catch (e) {
      if (!(e instanceof GitCommandError)) throw e;
      const repacked = packFiles(gitdir) !== packs || (epoch !== undefined && (epoch % 2 === 1 || repackEpoch!() !== epoch));
      if (tries < FSCK_TRIES && repacked) continue;
      // fsck names what is missing or broken on stdout, and how it failed on stderr.
      return { ok: false, output: `${e.stdout}${e.stderr}`.trim() || e.message, runs: tries };
    }
  }
}

/** The names in the repository's pack folder, one string to compare ('' when it has none). */
function packFiles(gitdir: string): string {
  try {
    return fs.readdirSync(path.join(gitdir, 'objects', 'pack')).sort().join('\n');
  } catch {
    return '';
  }
}
