// Reconcile a brain's derived index with its repository's head without dropping it: the pages and
// attachments whose blob differs from git's tree (or that only one side has) are put or removed
// through the page index's ordinary `apply`, so an unchanged brain changes nothing, unchanged
// chunks keep their rows and vectors, and every correction is a change in the feed (and its
// events) like any other. The work runs in slices, each its own short write transaction, so a
// running server's writes interleave with it; a slice finds the index where the reconcile left it,
// or the whole comparison starts again from the index's new commit.
import { actorRef } from '../domain/actor.js';
import { isFilePath } from '../domain/files.js';
import { isPagePath } from '../domain/paths.js';
import type { RepoRegistry } from './repoRegistry.js';
import type { FileIndexRepo } from './sqlite/fileIndexRepo.js';
import type { ChangeStamp, IndexEntry, PageChange, PageIndexRepo } from './sqlite/pageIndexRepo.js';
import type { OpsRepo } from './sqlite/opsRepo.js';
import type { SyncDb } from './syncDb.js';
import { factsOf, type WritePath } from './writePath.js';

/** Pages (or attachments) per write transaction: short enough that a server's write waits briefly. */
export const RECONCILE_SLICE = 500;
/** Comparisons started over because the server moved the index meanwhile, before giving up. */
const MAX_ROUNDS = 20;
/** A slice's transaction refused as busy (another process holds the write lock) is tried again this often. */
const BUSY_TRIES = 10;
/**
 * The index behind the head may be a server's write or push still being indexed (a push's
 * catch-up diffs and derives for seconds before its transaction): the reconcile catches up itself
 * only once the brain has been quiet this long (no journaled write, index and head unmoved) and
 * gives up after SETTLE_MAX_MS of writes in flight. Catching up a push from here would stamp its
 * pages with the commits' authors and leave the push without its audit row.
 */
const SETTLE_QUIET_MS = 3000;
const SETTLE_MAX_MS = 30_000;
const SETTLE_POLL_MS = 50;
/** Who the feed names for a correction. */
const REINDEX_NAME = 'brainkeep reindex';
const REINDEX_REF = actorRef({ kind: 'system', name: 'reindex' });

export interface Reconciled {
  /** The commit the index holds afterwards (null: the repository is empty). */
  commit: string | null;
  /** Commits indexed the ordinary way first (the index was behind the head). */
  caughtUp: number;
  /** Page and attachment entries corrected (put or removed; pages only refreshed are not counted). */
  corrected: number;
  /** Pages whose derived rows were made again (derived by another DERIVATION_VERSION; no change recorded). */
  refreshed: number;
  /** The changes recorded in the feed for them. */
  changes: PageChange[];
  /** Comparisons started again because the index moved under the reconcile. */
  restarts: number;
  /** Slices applied from a later commit because a write landed in the index between slices. */
  retried: number;
}

/** The reconcile could not finish (the index kept moving, or the database stayed busy). */
export class ReconcileGaveUpError extends Error {}

/** Pages of the brain were cut into chunks by another CHUNKING_VERSION: only `reindex --full` can replace their full-text rows. */
export class ChunkingChangedError extends Error {}

export class IndexReconciler {
  constructor(
    private readonly deps: {
      db: SyncDb;
      repos: RepoRegistry;
      index: PageIndexRepo;
      files: FileIndexRepo;
      ops: Pick<OpsRepo, 'indexState'>;
      writes: WritePath;
      slice?: number;
      /** Tests: shorter SETTLE_QUIET_MS and SETTLE_MAX_MS. */
      settle?: { quietMs: number; maxMs: number };
      /** Tests: run after each slice's transaction, before the next (a write landing between slices). */
      afterSlice?: () => Promise<void>;
    },
  ) {}

  /**
   * Bring one brain's index to its repository's head. `onPlanned` is told how many entries the
   * comparison found to correct or refresh (again after a restart). `refresh`: derive again too the
   * rows of pages an older (or other) DERIVATION_VERSION derived (reindex), not only those whose
   * blob differs (doctor --repair). A git error (a pack being repacked, a read failing) is thrown as
   * it is: it never turns into a rebuild that drops the index.
   */
  async reconcile(brainId: string, opts: { refresh?: boolean; onPlanned?: (entries: number) => void } = {}): Promise<Reconciled> {
    const { onPlanned, refresh = false } = opts;
    const { repos, index, writes } = this.deps;
    const repo = repos.get(brainId);
    const size = this.deps.slice ?? RECONCILE_SLICE;
    let caughtUp = 0;
    let corrected = 0;
    let refreshed = 0;
    let restarts = 0;
    let retried = 0;
    const changes: PageChange[] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const head = repo.head();
      const from = index.indexedCommit(brainId);
      // Behind the head along its history: a running server's write between its commit and its
      // index transaction, or commits nobody indexed yet. The server's own is left to it; the rest
      // gets the ordinary catch-up, which stamps each commit's own author in the feed. Only an index
      // outside the head's history is corrected wholesale below.
      if (head && from !== head && (from == null || (await repo.isAncestor(from, head)))) {
        const settled = await this.settles(brainId);
        if (settled === 'busy') {
          throw new ReconcileGaveUpError(
            `the server of brain ${brainId} kept indexing writes (a write journaled or the index moving for ${(this.deps.settle?.maxMs ?? SETTLE_MAX_MS) / 1000} s); ` +
              'nothing was changed by the reindex: run it again when writes are quieter',
          );
        }
        if (settled === 'quiet') caughtUp += await writes.catchUp(brainId);
        continue;
      }
      const state = this.deps.ops.indexState(brainId);
      const fileBlobs = this.deps.files.liveBlobs(brainId);
      const target = repo.head();
      if (index.indexedCommit(brainId) !== state.indexedCommit || (target !== state.indexedCommit && state.indexedCommit != null && target != null && (await repo.isAncestor(state.indexedCommit, target)))) {
        continue; // moved while read, or a write in flight: compare again
      }
      if (!target) {
        // An empty repository: whatever the index holds is gone from git. Cleared as the rebuild
        // did (rows and feed), unless a write moved the index meanwhile.
        if (state.indexedCommit == null && !state.blobs.size && !fileBlobs.size) return { commit: null, caughtUp, corrected, refreshed, changes, restarts, retried };
        const cleared = await writes.locks.run(brainId, async () =>
          this.deps.db
            .transaction(() => {
              if (index.indexedCommit(brainId) !== state.indexedCommit || repo.head() != null) return false;
              index.clearBrain(brainId);
              return true;
            })
            .immediate(),
        );
        if (!cleared) continue;
        corrected += state.blobs.size + fileBlobs.size;
        return { commit: null, caughtUp, corrected, refreshed, changes, restarts, retried };
      }
      // Pages another derivation made (a version before the code's, the brain's schema as it was).
      const stale = refresh ? index.staleDerivations(brainId) : new Set<string>();
      // Pages cut by another chunking: deriving them again in place would take their full-text rows
      // out with values they never went in with (see CHUNKING_VERSION). Refused before anything changes.
      const recut = refresh ? index.cutByOtherChunking(brainId) : [];
      if (recut.length) {
        throw new ChunkingChangedError(
          `${recut.length} pages of brain ${brainId} (${recut.slice(0, 3).join(', ')}${recut.length > 3 ? ', ...' : ''}) were cut into chunks by another version of chunking; ` +
            'their search rows cannot be replaced in place: run `brainkeep reindex --full` for this brain (nothing was changed)',
        );
      }
      let plan = await this.compare(brainId, target, state.blobs, fileBlobs, stale);
      onPlanned?.(plan.length);
      let stamp: ChangeStamp = { commit: target, at: new Date().toISOString(), byName: REINDEX_NAME, byRef: REINDEX_REF };
      let expected = state.indexedCommit;
      let diverged = false;
      // With nothing to correct, one empty slice still moves an index outside the head's history to
      // it (or clears the mark of an earlier reconcile stopped partway).
      let first = true;
      // A reindex of many pages is bulk work like an import: background embedding on this event loop
      // waits for it rather than running between its slices.
      await writes.bulkWork(plan.length, async () => {
        while (plan.length || (first && (expected !== stamp.commit || index.reconciling(brainId) != null))) {
          first = false;
          const part = plan.slice(0, size);
          const inPart = new Set(part);
          let entries = await this.read(brainId, part);
          // The slice's pages are derived on the other thread while its transaction stores them.
          const ahead = this.deps.writes.deriveAhead(brainId, entries);
          try {
            for (;;) {
              // Every slice but the last leaves the brain marked: its indexed_commit already says the
              // target while later slices' pages are still to come, so a reconcile stopped here (killed,
              // a git error, given up) is finished by the next server start, not taken as done.
              const last = plan.every((p) => inPart.has(p));
              const applied = await this.applySlice(brainId, expected, stamp, entries, last);
              if (applied.ok) {
                changes.push(...applied.changes);
                corrected += applied.corrected;
                refreshed += applied.refreshed;
                expected = stamp.commit;
                plan = plan.slice(part.length);
                break;
              }
              // A write landed between slices (the server's, indexed by it). What it changed is right in
              // the index now; everything else is the same at its commit as at ours: carry on from there.
              const now = applied.indexed;
              if (!now || !(await repo.isAncestor(stamp.commit, now))) {
                diverged = true;
                break;
              }
              const touched = new Set((await repo.diff(stamp.commit, now)).map((d) => d.path));
              entries = entries.filter((e) => !touched.has(e.path));
              plan = plan.filter((p) => !touched.has(p.path) || inPart.has(p));
              stamp = { ...stamp, commit: now };
              expected = now;
              retried++;
            }
          } finally {
            ahead?.close();
          }
          if (diverged) break;
          await this.deps.afterSlice?.();
        }
      });
      if (!diverged) return { commit: expected, caughtUp, corrected, refreshed, changes, restarts, retried };
      restarts++;
    }
    throw new ReconcileGaveUpError(
      `the index of brain ${brainId} kept moving under the reindex (${MAX_ROUNDS} comparisons started over while the server wrote); ` +
        'nothing was lost, and what was corrected stays: run reindex again when writes are quieter',
    );
  }

  /**
   * Wait while the brain's writer may be indexing: 'indexed' once the index reaches the head,
   * 'quiet' once nothing moved (head, index, journaled writes) for the quiet time, 'busy' when
   * writes kept coming past the limit.
   */
  private async settles(brainId: string): Promise<'indexed' | 'quiet' | 'busy'> {
    const { index, repos } = this.deps;
    const { quietMs, maxMs } = this.deps.settle ?? { quietMs: SETTLE_QUIET_MS, maxMs: SETTLE_MAX_MS };
    const repo = repos.get(brainId);
    const start = Date.now();
    let seen = '';
    let since = start;
    for (;;) {
      const head = repo.head();
      const indexed = index.indexedCommit(brainId);
      if (head === indexed) return 'indexed';
      const pending = index.pendingOf(brainId).length;
      const now = `${head} ${indexed}`;
      const at = Date.now();
      if (now !== seen || pending) [seen, since] = [now, at];
      else if (at - since >= quietMs) return 'quiet';
      if (at - start >= maxMs) return 'busy';
      await new Promise((r) => setTimeout(r, SETTLE_POLL_MS));
    }
  }

  /**
   * What differs between the tree of `commit` and the index's rows: paths only, bytes read per
   * slice. And the pages in `stale` (derived by another DERIVATION_VERSION or schema) the index holds at the
   * right blob: their rows are derived again (a new version's chunking or link typing) without
   * recording a change.
   */
  private async compare(brainId: string, commit: string, pages: Map<string, string>, files: Map<string, string>, stale: Set<string>): Promise<Planned[]> {
    const tree = await this.deps.repos.get(brainId).listFiles(commit);
    const plan: Planned[] = [];
    const inTree = new Set<string>();
    for (const f of tree) {
      inTree.add(f.path);
      if (isPagePath(f.path)) {
        if (pages.get(f.path) !== f.oid) plan.push({ path: f.path, oid: f.oid });
        else if (stale.has(f.path)) plan.push({ path: f.path, oid: f.oid, refresh: true });
      } else if (isFilePath(f.path) && files.get(f.path) !== f.oid) plan.push({ path: f.path, oid: f.oid });
    }
    for (const p of pages.keys()) if (!inTree.has(p)) plan.push({ path: p, oid: null });
    for (const p of files.keys()) if (!inTree.has(p)) plan.push({ path: p, oid: null });
    // Removals first (a slice then never resolves a link to a page a later slice takes away), then
    // corrections, then refreshes; in path order within each.
    const rank = (p: Planned) => (p.oid == null ? 0 : p.refresh ? 2 : 1);
    return plan.sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private async read(brainId: string, part: Planned[]): Promise<IndexEntry[]> {
    const repo = this.deps.repos.get(brainId);
    const oids = part.flatMap((p) => (p.oid ? [p.oid] : []));
    const blobs = oids.length ? await repo.readBlobs(oids) : new Map<string, Buffer>();
    return part.map((p): IndexEntry => {
      if (!p.oid) return { op: 'delete', path: p.path };
      const bytes = blobs.get(p.oid)!;
      return isPagePath(p.path)
        ? { op: 'put', path: p.path, markdown: bytes.toString('utf8'), blobOid: p.oid, refresh: p.refresh }
        : { op: 'put', path: p.path, blobOid: p.oid, file: factsOf(p.path, bytes) };
    });
  }

  /**
   * One slice in its own write transaction, under the brain's lock (writes of this process wait
   * for it, not for the whole reconcile). Not ok when the index is no longer at `expected` (a write
   * landed between slices): it answers the commit the index holds now.
   */
  /** Whether the index holds `entry` already (read inside the slice's transaction): a put at its blob, or a removal of what it lacks. */
  private already(brainId: string, entry: IndexEntry): boolean {
    if (entry.refresh) return false;
    const page = isPagePath(entry.path) ? this.deps.index.getPage(brainId, entry.path) : null;
    const file = isPagePath(entry.path) ? null : this.deps.files.get(brainId, entry.path);
    if (entry.op === 'delete') return !page && !file;
    return (page ?? file)?.blobOid === entry.blobOid;
  }

  private async applySlice(
    brainId: string,
    expected: string | null,
    stamp: ChangeStamp,
    entries: IndexEntry[],
    last: boolean,
  ): Promise<{ ok: true; changes: PageChange[]; corrected: number; refreshed: number } | { ok: false; indexed: string | null }> {
    const { db, index, writes } = this.deps;
    for (let attempt = 1; ; attempt++) {
      try {
        return await writes.locks.run(brainId, async () =>
          db
            .transaction(() => {
              const indexed = index.indexedCommit(brainId);
              if (indexed !== expected) return { ok: false as const, indexed };
              // What another process (a second reindex, doctor --repair, the server rebuilding)
              // already made right since the comparison is left alone: a correction is recorded once.
              const todo = entries.filter((e) => !this.already(brainId, e));
              const changes = index.apply(brainId, stamp, todo);
              index.markReconciling(brainId, last ? null : stamp.commit);
              const refreshed = todo.filter((e) => e.refresh).length;
              return { ok: true as const, changes, corrected: todo.length - refreshed, refreshed };
            })
            .immediate(),
        );
      } catch (e) {
        if (!isBusy(e)) throw e;
        if (attempt >= BUSY_TRIES) throw new ReconcileGaveUpError(`the database stayed busy for brain ${brainId} through ${BUSY_TRIES} tries of one reindex slice: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }
}

interface Planned {
  path: string;
  /** The blob at the head; null: the index holds a path the head does not. */
  oid: string | null;
  /** The index holds this blob already: derive its rows again, record nothing. */
  refresh?: boolean;
}

/** SQLite's busy or locked (the busy timeout ran out), PostgreSQL's lock or serialization failures. */
function isBusy(e: unknown): boolean {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === '40001' || code === '40P01' || code === '55P03';
}
