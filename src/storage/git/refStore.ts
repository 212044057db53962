// Branch refs with compare-and-swap and fsync. isomorphic-git's writeRef has neither, so we
// use git's own convention: create `<ref>.lock` exclusively, check the old value, write and
// fsync the new one, rename over the ref, fsync the folder. git itself (receive-pack, gc)
// honours the same lock file, so API writes and pushes never clobber each other.
import path from 'node:path';
import { gitWriteThreads } from './gitWriteThread.js';
import { readRef } from './refFiles.js';

export { readRef };

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

/**
 * The sync of `ref`'s folder after a rename into it, on a git write thread: the rename is durable
 * once it resolves (a folder that refuses fsync is skipped; a failed sync rejects).
 */
export function syncRefFolder(gitdir: string, ref: string): Promise<void> {
  const durable = gitWriteThreads().sync([{ path: path.dirname(path.join(gitdir, ref)), data: false }]);
  // A caller that fails before it awaits this (a full disk in its index transaction) must not turn
  // a later rejection into an unhandled one, which would stop the process; awaiters still see it.
  durable.catch(() => undefined);
  return durable;
}
