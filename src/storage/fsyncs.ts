// Making files and folders durable by name: every writer's fsync goes through here (the git write
// thread, the content writer's threads, loose objects, refs, backups, the WAL flushes), so all
// follow one rule for a folder. A filesystem that cannot fsync a folder at all says so with one of
// a few codes (the rename before it is still atomic): that is skipped. Any other failure (EIO,
// ENOSPC, …) is thrown: an acknowledged write must never be acknowledged after a failed sync.
import fs from 'node:fs';

/**
 * The codes with which fsync(2) or open(2) refuse to sync a folder on this filesystem, as opposed
 * to failing to: EINVAL/EROFS (the man page: the object does not support synchronization),
 * ENOTSUP/EOPNOTSUPP (network and FUSE filesystems), EISDIR and EPERM (Windows, which opens and
 * flushes no folder).
 */
const FOLDER_SYNC_UNSUPPORTED = new Set(['EINVAL', 'EROFS', 'ENOTSUP', 'EOPNOTSUPP', 'EISDIR', 'EPERM']);

/** Whether `e`, thrown syncing `p`, only says that this filesystem cannot sync the folder `p`. */
function cannotSyncFolder(e: unknown, p: string): boolean {
  if (!FOLDER_SYNC_UNSUPPORTED.has((e as NodeJS.ErrnoException).code ?? '')) return false;
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** fsync (with `data`, fdatasync) a file or folder now, on this thread. */
export function fsyncPathSync(p: string, data = false): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(p, 'r');
    if (data) fs.fdatasyncSync(fd);
    else fs.fsyncSync(fd);
  } catch (e) {
    if (!cannotSyncFolder(e, p)) throw e;
  } finally {
    if (fd != null) fs.closeSync(fd);
  }
}

/**
 * fsync (with `data`, fdatasync) a file or folder on libuv's thread pool (open and close are short
 * calls on this thread), so the wait for the journal does not stall the event loop.
 */
export async function fsyncPath(p: string, data = false): Promise<void> {
  let fd: number | null = null;
  try {
    fd = fs.openSync(p, 'r');
    await fsyncFd(fd, data);
  } catch (e) {
    if (!cannotSyncFolder(e, p)) throw e;
  } finally {
    if (fd != null) fs.closeSync(fd);
  }
}

/** fsync (with `data`, fdatasync) an open descriptor on libuv's thread pool. */
export function fsyncFd(fd: number, data = false): Promise<void> {
  return new Promise((resolve, reject) => (data ? fs.fdatasync : fs.fsync)(fd, (err) => (err ? reject(err) : resolve())));
}
