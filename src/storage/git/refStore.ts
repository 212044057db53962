// Branch refs with compare-and-swap and fsync. isomorphic-git's writeRef has neither, so we
// use git's own convention: create `<ref>.lock` exclusively, check the old value, write and
// fsync the new one, rename over the ref, fsync the folder. git itself (receive-pack, gc)
// honours the same lock file, so API writes and pushes never clobber each other.
import fs from 'node:fs';
import path from 'node:path';

export class RefConflictError extends Error {
  constructor(readonly ref: string, readonly expected: string | null, readonly actual: string | null) {
    super(`ref ${ref} moved: expected ${expected ?? 'nothing'}, found ${actual ?? 'nothing'}`);
  }
}

export class RefLockedError extends Error {
  constructor(readonly ref: string) {
    super(`ref ${ref} is locked by another writer`);
  }
}

export function readRef(gitdir: string, ref: string): string | null {
  try {
    const value = fs.readFileSync(path.join(gitdir, ref), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(value)) return value;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return readPackedRef(gitdir, ref);
}

function readPackedRef(gitdir: string, ref: string): string | null {
  let packed: string;
  try {
    packed = fs.readFileSync(path.join(gitdir, 'packed-refs'), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  for (const line of packed.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue;
    const [oid, name] = line.split(' ');
    if (name === ref && oid && /^[0-9a-f]{40}$/.test(oid)) return oid;
  }
  return null;
}

export async function compareAndSwapRef(
  gitdir: string,
  ref: string,
  expected: string | null,
  next: string,
  opts: { fsync: boolean; lockWaitMs?: number; dirSyncLater?: boolean } = { fsync: true },
): Promise<{ durable: Promise<void> }> {
  // Every file call goes through the thread pool: a busy disk makes creating the lock and the
  // fsyncs wait for the journal, and on the event loop that wait stalled every request.
  const refPath = path.join(gitdir, ref);
  const lockPath = `${refPath}.lock`;
  await fs.promises.mkdir(path.dirname(refPath), { recursive: true });
  const handle = await openLock(lockPath, ref, opts.lockWaitMs ?? 5000);
  let closed = false;
  let renamed = false;
  try {
    const actual = readRef(gitdir, ref);
    if (actual !== expected) throw new RefConflictError(ref, expected, actual);
    await handle.writeFile(`${next}\n`);
    if (opts.fsync) await handle.sync();
    closed = true;
    await handle.close();
    await fs.promises.rename(lockPath, refPath);
    renamed = true;
    // The rename is durable once its folder is synced. With `dirSyncLater` the caller gets that
    // sync to wait for instead (it never rejects), and may let the next writer in meanwhile: the
    // next rename's folder sync covers this one.
    const durable = opts.fsync ? fsyncDirAsync(path.dirname(refPath)) : Promise.resolve();
    if (!opts.dirSyncLater) await durable;
    return { durable };
  } finally {
    if (!renamed) {
      if (!closed) await handle.close().catch(() => undefined);
      await fs.promises.rm(lockPath, { force: true });
    }
  }
}

async function openLock(lockPath: string, ref: string, waitMs: number): Promise<fs.promises.FileHandle> {
  const deadline = Date.now() + waitMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      return await fs.promises.open(lockPath, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (Date.now() > deadline) {
        // A lock older than a minute was left by a crashed writer: git would say the same.
        const age = Date.now() - statMtime(lockPath);
        if (age > 60_000) {
          fs.rmSync(lockPath, { force: true });
          continue;
        }
        throw new RefLockedError(ref);
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** fsyncDir through the thread pool. */
async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  } finally {
    await handle?.close();
  }
}

function statMtime(p: string): number {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return Date.now();
  }
}

export function fsyncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd != null) fs.closeSync(fd);
  }
}

export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
