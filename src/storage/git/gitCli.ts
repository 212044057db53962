// The system `git` for what isomorphic-git does not do: serving smart HTTP (httpBackend.ts),
// inspecting pushed objects (pushInspector.ts) and repacking. Every git child gets a clean
// environment: no system or global config (the host's hooks, aliases or credential helpers
// cannot change what git does), no prompts, and the settings that matter passed as
// command-line configuration (GIT_CONFIG_COUNT/KEY/VALUE).
import fs from 'node:fs';
import path from 'node:path';
import { spawnGit } from './gitSpawner.js';

export interface ObjectCounts {
  /** Loose objects and their size on disk (KiB), packs and packed objects, from `git count-objects -v`. */
  count: number;
  size: number;
  inPack: number;
  packs: number;
  sizePack: number;
  garbage: number;
}

export interface GitRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class GitCommandError extends Error {
  constructor(readonly args: string[], readonly code: number, readonly stderr: string) {
    super(`git ${args.join(' ')} exited with ${code}: ${stderr.trim().slice(0, 500)}`);
  }
}

export function gitEnv(config: Record<string, string> = {}, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    ...extra,
  };
  const entries = Object.entries(config);
  if (entries.length) {
    env.GIT_CONFIG_COUNT = String(entries.length);
    entries.forEach(([k, v], i) => {
      env[`GIT_CONFIG_KEY_${i}`] = k;
      env[`GIT_CONFIG_VALUE_${i}`] = v;
    });
  }
  return env;
}

/**
 * Run `git --git-dir <gitdir> <args>` to completion. With `gitdir` null, git finds the repository
 * from `cwd` and `env` (as inside a hook). Rejects when git exits non-zero, unless `allowFail`.
 */
export function runGit(
  gitdir: string | null,
  args: string[],
  opts: { config?: Record<string, string>; env?: Record<string, string>; cwd?: string; input?: Buffer | string; allowFail?: boolean } = {},
): Promise<GitRun> {
  const fullArgs = gitdir ? ['--git-dir', gitdir, ...args] : args;
  return spawnGit(fullArgs, { env: gitEnv(opts.config, opts.env), cwd: opts.cwd, stdin: opts.input != null && opts.input.length > 0, stderr: true }).then(async (child) => {
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    if (child.stdin) {
      child.stdin.on('error', () => undefined); // git may exit before reading all its input
      child.stdin.end(opts.input);
    }
    const { code, stderr } = await child.closed;
    const result = { code, stdout: Buffer.concat(out), stderr };
    if (result.code !== 0 && !opts.allowFail) throw new GitCommandError(args, result.code, result.stderr);
    return result;
  });
}

export async function countObjects(gitdir: string): Promise<ObjectCounts> {
  const { stdout } = await runGit(gitdir, ['count-objects', '-v']);
  const v = Object.fromEntries(
    stdout
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(': ') as [string, string]),
  );
  const n = (k: string) => Number(v[k] ?? 0);
  return { count: n('count'), size: n('size'), inPack: n('in-pack'), packs: n('packs'), sizePack: n('size-pack'), garbage: n('garbage') };
}

/** Packfiles in the repository (a directory listing, no git child): what gc.autoPackLimit counts. */
export async function countPacks(gitdir: string): Promise<number> {
  try {
    return (await fs.promises.readdir(path.join(gitdir, 'objects', 'pack'))).filter((f) => f.endsWith('.pack')).length;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}

/**
 * Pack loose objects, pack refs and prune unreachable objects (git's default two-week grace
 * keeps anything a concurrent writer just made). With `auto`, git decides whether it is worth it
 * (`gc --auto`: gc.auto loose objects, gc.autoPackLimit packs). It never detaches: the caller
 * holds the brain's write lock for the duration. `ran` says whether anything changed on disk.
 */
/**
 * Roll the small packs up into bigger ones (`git repack --geometric=2`): packs are merged until
 * each is at least twice the size of all smaller ones together, so the work is proportional to the
 * packs merged, not to the repository (a full repack of a large brain, as `gc` does past its pack
 * limit, rewrites the whole history). Loose objects are rolled in too. Leaves O(log n) packs. Safe
 * beside writers: git deletes only the packs it chose at the start, once the new one is in place.
 */
export async function rollUpPacks(gitdir: string): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
  const before = await countObjects(gitdir);
  const packsBefore = await packNames(gitdir);
  await runGit(gitdir, ['repack', '-d', '-l', '--geometric=2', '--quiet'], { config: {} });
  const after = await countObjects(gitdir);
  // Writes go on beside a roll-up and only ever add packs and loose objects: a pack gone or fewer
  // loose objects is the repack's doing.
  const packsAfter = new Set(await packNames(gitdir));
  const ran = after.count < before.count || packsBefore.some((p) => !packsAfter.has(p));
  return { ran, before, after };
}

async function packNames(gitdir: string): Promise<string[]> {
  try {
    return (await fs.promises.readdir(path.join(gitdir, 'objects', 'pack'))).filter((f) => f.endsWith('.pack'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

export async function gcRepository(gitdir: string, opts: { auto: boolean }): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
  const before = await countObjects(gitdir);
  const config: Record<string, string> = { 'gc.autoDetach': 'false' };
  await runGit(gitdir, ['gc', '--quiet', ...(opts.auto ? ['--auto'] : [])], { config });
  const after = await countObjects(gitdir);
  const ran = before.count !== after.count || before.packs !== after.packs || before.inPack !== after.inPack;
  return { ran, before, after };
}
