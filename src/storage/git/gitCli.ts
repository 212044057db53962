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
  opts: { config?: Record<string, string>; env?: Record<string, string>; cwd?: string; input?: Buffer | string; allowFail?: boolean; spawned?: () => void } = {},
): Promise<GitRun> {
  const fullArgs = gitdir ? ['--git-dir', gitdir, ...args] : args;
  return spawnGit(fullArgs, { env: gitEnv(opts.config, opts.env), cwd: opts.cwd, stdin: opts.input != null && opts.input.length > 0, stderr: true }).then(async (child) => {
    // Running now: it goes on while this thread is busy (only its output waits for the event loop).
    opts.spawned?.();
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
  // In the repository's folder with --git-dir=. (see repackWithBitmap).
  await runGit(null, ['--git-dir=.', 'repack', '-d', '-l', '--geometric=2', '--quiet'], { cwd: gitdir, config: {} });
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

/**
 * How much of the repository a reachability bitmap covers: the objects of the pack that has one
 * (from its index's fan-out table, no git child) and every other object (loose, or in packs
 * without a bitmap; an object in two packs counts twice). upload-pack answers a clone from the
 * bitmap for the objects it covers and walks the rest commit by commit and tree by tree.
 */
export interface BitmapCoverage {
  bitmapped: number;
  outside: number;
  packs: number;
  /** What `git count-objects` said, from which the figures above were taken. */
  counts?: ObjectCounts;
}

export async function bitmapCoverage(gitdir: string): Promise<BitmapCoverage> {
  const counts = await countObjects(gitdir);
  const dir = path.join(gitdir, 'objects', 'pack');
  let names: string[] = [];
  try {
    names = await fs.promises.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let bitmapped = 0;
  let kept = 0;
  for (const name of names) {
    const ext = name.endsWith('.bitmap') ? '.bitmap' : name.endsWith('.keep') ? '.keep' : null;
    if (!ext) continue;
    const base = name.slice(0, -ext.length);
    if (!names.includes(`${base}.pack`)) continue;
    const n = await packIndexObjectCount(path.join(dir, `${base}.idx`));
    if (ext === '.bitmap') bitmapped = Math.max(bitmapped, n);
    else kept += n;
  }
  // A pack with a .keep file (one receive-pack left behind when killed) is never repacked: its
  // objects count as covered, or they would ask for a full repack after every commit.
  return { bitmapped, outside: Math.max(0, counts.count + counts.inPack - bitmapped - kept), packs: counts.packs, counts };
}

/** Objects in a pack, from its index: the last fan-out entry (index v2 after its 8-byte header; v1 has none). 0 when unreadable. */
async function packIndexObjectCount(idxPath: string): Promise<number> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(idxPath, 'r');
    const head = Buffer.alloc(8 + 256 * 4);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const v2 = bytesRead >= 8 && head.readUInt32BE(0) === 0xff744f63;
    const at = (v2 ? 8 : 0) + 255 * 4;
    return bytesRead >= at + 4 ? head.readUInt32BE(at) : 0;
  } catch {
    return 0;
  } finally {
    await handle?.close();
  }
}

/** Objects outside the bitmap before a full repack pays: at least this many, and ... */
export const BITMAP_REPACK_MIN_OBJECTS = 1000;
/** ... at least this fraction (1/n) of those the bitmap covers, so a brain's full repacks cost O(1) per object written. */
export const BITMAP_REPACK_FRACTION = 8;

/**
 * Whether a clone would walk enough objects outside the bitmap that one pack with a fresh bitmap
 * pays for itself: after an import or a large push (one pack, no bitmap), or once later writes
 * add an eighth to what the bitmap covers.
 */
export function needsBitmapRepack(c: BitmapCoverage): boolean {
  return c.outside >= Math.max(BITMAP_REPACK_MIN_OBJECTS, c.bitmapped / BITMAP_REPACK_FRACTION);
}

/**
 * Everything into one pack with a reachability bitmap (`git repack -a -d -b`), as clones want it.
 * Safe beside writers, without their lock: git deletes only the packs it listed at its start, once
 * the new pack is in place, and `-k` (--keep-unreachable, with --pack-loose-unreachable) keeps
 * the objects of those packs that no ref reaches yet, such as those of a commit written but not
 * yet on the branch (plain `-a -d` would drop them). Loose objects are deleted only when a pack
 * holds them (`prune-packed`). Unreachable objects are thereby kept (each repack copies them with
 * a fresh mtime, so gc's two-week grace never passes for them): few and small, but not pruned.
 * `spawned` is told once git runs (the CLI's import starts its index transaction then: see
 * GitRemoteService.keepPacksReady); `counted`, the repository's counts just taken, if known.
 */
export async function repackWithBitmap(gitdir: string, spawned?: () => void, counted?: ObjectCounts): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
  // The counts the caller just took (keepPacksReady's coverage) serve as `before`: one git less
  // between a CLI import's landed commit and its index transaction.
  const before = counted ?? (await countObjects(gitdir));
  // In the repository's folder with --git-dir=.: a brain deleted meanwhile (its folder renamed into
  // the trash) takes git's working folder with it, so the new pack is not written to a re-created
  // old path. One thread: the repack is background work on a small machine.
  await runGit(null, ['--git-dir=.', 'repack', '-a', '-d', '-k', '-b', '-l', '--quiet'], { cwd: gitdir, config: { 'pack.writeBitmapHashCache': 'true', 'pack.threads': '1' }, spawned });
  const after = await countObjects(gitdir);
  return { ran: true, before, after };
}

export async function gcRepository(gitdir: string, opts: { auto: boolean }): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
  const before = await countObjects(gitdir);
  const config: Record<string, string> = { 'gc.autoDetach': 'false' };
  await runGit(gitdir, ['gc', '--quiet', ...(opts.auto ? ['--auto'] : [])], { config });
  const after = await countObjects(gitdir);
  const ran = before.count !== after.count || before.packs !== after.packs || before.inPack !== after.inPack;
  return { ran, before, after };
}
