// The per-brain write lock: writes to one brain run one at a time, in order. Within a process a
// keyed mutex orders them (and group commit gathers the writes queued behind it); with several
// nodes on one database (PostgreSQL) a cross-node lock is taken inside it too, for as long as the
// holder runs: catch-up, plan, commit, the ref move and the index transaction of a commit group.
// On SQLite there is no cross-node lock and nothing changes.
import { KeyedMutex } from './git/keyedMutex.js';

/** A lock held across nodes while `fn` runs (postgres/brainLock.ts). */
export interface CrossNodeLock {
  hold<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export class BrainLocks extends KeyedMutex {
  constructor(private readonly crossNode: CrossNodeLock | null = null) {
    super();
  }

  override run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const crossNode = this.crossNode;
    // In-process first: a node asks the database for a brain's lock once per group, not per write.
    return super.run(key, crossNode ? () => crossNode.hold(key, fn) : fn);
  }
}
