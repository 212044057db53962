// The one durable write path for everything that changes a brain's files:
//   1. under the brain's lock, catch the index up with the repository if it lags;
//   2. let the caller plan the change against the current state (conflict checks happen here);
//   3. build blobs, trees and the commit (in memory);
//   4. insert a pending row (the journal) naming the commit;
//   5. in one message to a git write thread: write and fsync the objects, then move the branch ref
//      by compare-and-swap (fsynced; its folder's sync is waited for before anyone is answered);
//   6. in one database transaction: index the change, write the audit row, delete the pending row.
// Recovery on start finishes (commit landed) or discards (it did not) every pending row.
// A ref moved by another process (CLI, git push) makes us catch up and re-plan.
// The brain's lock (brainLocks.ts) is held from 1 to 6 for each commit group: an in-process mutex,
// and on PostgreSQL also an advisory lock that serialises the brain's writes across nodes.
//
// Group commit: writes to one brain queue while its commit is in flight, and the queue becomes the
// next commit (one tree update, one set of fsyncs, one index transaction, one pending row). Each
// write is still planned on its own, in arrival order, against the index as committed: a write
// may join a group only when it declared the paths it reads and writes (WriteScope) and none of
// them was touched by an earlier member, so its plan sees exactly what it would see alone; the
// first write that may not join ends the group and leads the next one. Each member keeps its own
// change entry, version, token and audit row, and is answered after the group is durable. A
// write with no company commits exactly as before.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { actorIdentity, actorRef, type Actor } from '../domain/actor.js';
import { NotFoundError } from '../domain/errors.js';
import { isFilePath, kindOfPath } from '../domain/files.js';
import { isPagePath } from '../domain/paths.js';
import { observeStage, observeWrite, secondsSince, writeGroupSize } from '../metrics.js';
import type { BrainRepository, BuiltCommit, CommitMeta, CommitSummary, FileChange, TreeDiffEntry } from './git/brainRepository.js';
import { fsyncPath } from './fsyncs.js';
import { gitWriteThreads } from './git/gitWriteThread.js';
import { PACK_ON_THREAD_FROM } from './git/objectWriter.js';
import { BrainLocks, type CrossNodeLock } from './brainLocks.js';
import { RefConflictError, RefLockedError } from './git/refStore.js';
import type { RepoRegistry } from './repoRegistry.js';
import { withoutFlush, type Db } from './sqlite/database.js';
import { isPostgres, type SyncDb } from './syncDb.js';
import type { AuditRepo } from './sqlite/auditRepo.js';
import type { DerivedPage } from '../domain/pageDerivation.js';
import { DerivationThread } from './indexing/derivationThread.js';
import type { ChangeStamp, FileFacts, IndexEntry, PageChange, PageIndexRepo, PendingWriteRow } from './sqlite/pageIndexRepo.js';

export interface WriteOp {
  op: 'put' | 'delete' | 'move';
  path: string;
  fromPath?: string;
  /** New content for put and move (the file at `path`). */
  content?: Buffer;
  /** Instead of `content`: a staged file whose bytes are streamed into the blob (attachments). */
  sourceFile?: string;
  /** An attachment's facts, for the file index (domain/files.ts). */
  file?: FileFacts;
}

export interface WritePlan {
  ops: WriteOp[];
  /** First line of the commit message, e.g. "Update people/ada.md". */
  message: string;
  /** Brainkeep-Op trailer value: put, patch, delete, move, timeline, revert, import, file... */
  opName: string;
  trailers?: Record<string, string>;
  audit: { action: string; target?: string | null; detail?: Record<string, unknown> };
  /**
   * Told once the commit has landed (its objects written and synced, the branch moved to it) and
   * before its index transaction starts, which then holds this thread for as long as it runs
   * (seconds for an import). A promise it answers is waited for first, under the brain's lock (its
   * failure ignored: the commit stands). Work meant to run beside that transaction in another
   * process starts here (the CLI's import starts its repack for clones). Not yet durable: the ref
   * folder's sync and the journal's WAL flush may still be running, so nothing here may treat the
   * commit as acknowledged (no notices, no answers).
   */
  landed?: (commit: string) => Promise<void> | void;
}

export interface WriteState {
  brainId: string;
  head: string | null;
  repo: BrainRepository;
}

export interface WriteOutcome {
  commit: string;
  changes: PageChange[];
}

/** An outside writer's commits (a git push), indexed as one actor's change with one audit row. */
export interface ExternalWrite {
  actor: Actor;
  audit: (from: string | null, to: string, changes: PageChange[]) => WritePlan['audit'];
  onApplied?: (changes: PageChange[]) => void;
  /** What the writer already read of its commits (a push's checks): used instead of reading it again. */
  known?: KnownObjects;
}

/**
 * Tree diffs and blob contents someone already read from the repository (the push checks read
 * every pushed commit's diff and every pushed blob), so the catch-up need not read them twice.
 * A blob is named by its content's hash, so a known blob is the repository's blob.
 */
export interface KnownObjects {
  /** The diff from `base` (null: the empty tree) to `commit`, when it was read. */
  diff(base: string | null, commit: string): TreeDiffEntry[] | undefined;
  blob(oid: string): Buffer | undefined;
  /** A blob's content as text (`Buffer.toString('utf8')`), when it was decoded already. */
  text?(oid: string): string | undefined;
  /** A commit's summary, when it was read already (a push's checks read every pushed commit). */
  commit?(oid: string): CommitSummary | undefined;
  /** The page at `path` holding blob `oid` as it is being derived already (a push's pages, from its checks on); see IndexEntry.derive. */
  derive?(path: string, oid: string): (() => DerivedPage | undefined) | undefined;
}

/**
 * Every path a plan reads or writes. A write that declares its scope may share a commit with
 * other writes (group commit); one that does not (moves, imports, filing) commits alone.
 */
export interface WriteScope {
  paths: string[];
}

/** Group commit limits (config.writeGroup): most writes per commit, and how long a group that formed behind a commit stays open. */
export interface GroupLimits {
  max: number;
  waitMs: number;
}

/**
 * A plan may answer `null`: the brain already holds what the write would put there (the same
 * bytes), so no commit is made and `writeIfChanged` answers `null`. An expected outcome, not an error.
 */
type MaybePlanFn = (state: WriteState) => Promise<WritePlan | null> | WritePlan | null;

/** Brainkeep-Op of a group commit; its members are listed as Brainkeep-Write-1, -2, ... trailers. */
export const GROUP_OP = 'group';
export const GROUP_SIZE_TRAILER = 'Brainkeep-Group-Size';
export const GROUP_WRITE_TRAILER = 'Brainkeep-Write';

type PlanFn = (state: WriteState) => Promise<WritePlan> | WritePlan;

interface QueuedWrite {
  actor: Actor;
  plan: MaybePlanFn;
  scope: WriteScope | null;
  resolve: (outcome: WriteOutcome | null) => void;
  reject: (e: unknown) => void;
  /** process.hrtime.bigint() when it was queued (the queue stage of src/metrics.ts). */
  queuedAt: bigint;
  /** Its last plan: seconds from queued to the plan's start, and the plan's own seconds. */
  timed?: { queue: number; plan: number };
}

/** Seconds one commit spent in each shared stage (src/metrics.ts WRITE_STAGES), observed once per member. */
interface GroupClock {
  catchup: number;
  objects: number;
  object_sync: number;
  ref: number;
  index: number;
  audit: number;
}

function newClock(): GroupClock {
  return { catchup: 0, objects: 0, object_sync: 0, ref: 0, index: 0, audit: 0 };
}

interface Member {
  write: QueuedWrite;
  plan: WritePlan;
}

/** Resolves once a transaction's WAL frames are on disk: with null, or with the error that stopped the flush (it never rejects). */
type Flushed = Promise<Error | null>;

const FLUSHED: Flushed = Promise.resolve(null);

interface BrainQueue {
  waiting: QueuedWrite[];
  running: Promise<void> | null;
}

const MAX_ATTEMPTS = 8;
/** Page writes in one commit from which their index data is derived on another thread (imports). */
const DERIVE_AHEAD_MIN = 1000;
/**
 * Pages in one group commit from which their index data is derived on the other thread while the
 * group's objects are written and synced: the index transaction then only inserts, and the event
 * loop is free sooner for the reads and ingests waiting behind it.
 */
const DERIVE_AHEAD_GROUP_MIN = 4;
/** Page blobs a catch-up reads from which it reads them with one git process rather than one by one. */
const BULK_BLOB_READ = 64;

let derivationThread: DerivationThread | null = null;
function sharedDerivationThread(): DerivationThread {
  return (derivationThread ??= new DerivationThread());
}
/** Trailers a move commit carries so catch-up and rebuild recognise it whatever its content. */
export const MOVE_FROM_TRAILER = 'Brainkeep-Move-From';
export const MOVE_TO_TRAILER = 'Brainkeep-Move-To';

/**
 * Told after each commit this process makes: caches keyed by commit (the brain schema) advance here.
 * A group commit is told once, with `paths` holding every path its members changed.
 */
export type CommitListener = (brainId: string, base: string | null, commit: string, paths: string[]) => void;

/**
 * Told when a commit is built and about to move the branch (it may still lose the compare-and-swap
 * and never land): `commit` on top of `base` writes only `paths`. Readers that see the ref move
 * before `onCommitted` runs (an await lies between) can already tell what changed.
 */
export type BuiltListener = CommitListener;

/** Told after each index transaction with how many page changes it applied (bulk work: WAL truncation). */
export type IndexedListener = (brainId: string, changes: number) => void;

/**
 * Told after the index took in commits this process did not make through the write path (a git
 * push, another process's commit, a rebuild), with every path they changed: the commit listeners
 * never heard of them.
 */
export type CaughtUpListener = (brainId: string, paths: string[]) => void;

export class WritePath {
  /** The brain's write lock: in-process, and across nodes on PostgreSQL (constructor's `crossNode`). */
  readonly locks: BrainLocks;
  private commitListeners: CommitListener[] = [];
  private builtListeners: BuiltListener[] = [];
  private indexedListeners: IndexedListener[] = [];
  private caughtUpListeners: CaughtUpListener[] = [];

  onCommitted(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  onBuilt(listener: BuiltListener): void {
    this.builtListeners.push(listener);
  }

  private built(brainId: string, base: string | null, commit: string, files: FileChange[]): void {
    if (!this.builtListeners.length) return;
    const paths = files.map((f) => f.path);
    for (const l of this.builtListeners) l(brainId, base, commit, paths);
  }

  onIndexed(listener: IndexedListener): void {
    this.indexedListeners.push(listener);
  }

  private indexed(brainId: string, changes: number): void {
    for (const l of this.indexedListeners) l(brainId, changes);
  }

  onCaughtUp(listener: CaughtUpListener): void {
    this.caughtUpListeners.push(listener);
  }

  private readonly queues = new Map<string, BrainQueue>();
  /** Bulk index work in flight (an import's commit, a rebuild), and who waits for it to end. */
  private bulk = 0;
  private bulkWaiters: Array<() => void> = [];

  /**
   * Resolves when no bulk index work is in flight. Background work on this event loop (the
   * embedding worker) waits for it: a batch's synchronous parts (learning a brain's vocabulary
   * reads every chunk) run between the import's steps and stretch it, and the chunks it would embed
   * are still being written.
   */
  bulkSettled(): Promise<void> {
    return this.bulk ? new Promise((resolve) => this.bulkWaiters.push(resolve)) : Promise.resolve();
  }

  /**
   * A write of about `pages` pages is coming (an import still reading its files): when it is large
   * enough to be derived on the other thread, that thread starts now rather than when the commit is
   * planned, so its start-up overlaps the reading; so does the git write thread that will build its
   * pack (a fresh CLI process's commit otherwise waited ~0.1 s for it to load).
   */
  prepareBulk(pages: number): void {
    if (pages >= DERIVE_AHEAD_MIN) sharedDerivationThread().warm();
    if (pages >= PACK_ON_THREAD_FROM) gitWriteThreads().warm();
  }

  /**
   * `fn`, index work over `pages` pages outside a commit (a reindex): as bulk work when it is as
   * large as an import's commit, so the embedding worker waits for it as it waits for an import.
   */
  bulkWork<T>(pages: number, fn: () => Promise<T>): Promise<T> {
    return this.asBulk(pages >= DERIVE_AHEAD_MIN, fn);
  }

  private async asBulk<T>(bulk: boolean, fn: () => Promise<T>): Promise<T> {
    if (!bulk) return fn();
    this.bulk++;
    try {
      return await fn();
    } finally {
      if (--this.bulk === 0) for (const w of this.bulkWaiters.splice(0)) w();
    }
  }
  /** Groups committed and indexed whose answers wait for their WAL flush, which runs outside the brain's lock. */
  private readonly flushing = new Set<Promise<void>>();
  /** The SQLite WAL, flushed off the event loop after each write's index transaction (null: not in WAL mode, or PostgreSQL). */
  private readonly walFile: string | null;
  /** The SQLite connection (null on PostgreSQL, whose COMMIT is durable when it returns). */
  private readonly lite: Db | null;

  constructor(
    private readonly db: SyncDb,
    private readonly repos: RepoRegistry,
    private readonly index: PageIndexRepo,
    private readonly audit: AuditRepo,
    private readonly groups: GroupLimits = { max: 32, waitMs: 0 },
    /** On PostgreSQL: the per-brain advisory lock that serialises writes across nodes (postgres/brainLock.ts). */
    crossNode: CrossNodeLock | null = null,
  ) {
    const lite = isPostgres(db) ? null : (db as Db);
    this.lite = lite;
    this.walFile = lite && !lite.memory && String(lite.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal' ? `${lite.name}-wal` : null;
    this.locks = new BrainLocks(crossNode);
  }

  /**
   * Plan and commit one change. `plan` runs under the brain's lock with the index caught up;
   * it may throw (conflict, validation) and then nothing is written. With a `scope` the write may
   * share a commit with others that queued behind the brain's commit in flight (group commit).
   */
  async write(brainId: string, actor: Actor, plan: PlanFn, scope: WriteScope | null = null): Promise<WriteOutcome> {
    // `plan` never answers null, so neither does the write.
    return (await this.writeIfChanged(brainId, actor, plan, scope))!;
  }

  /** `write`, for a plan that may find nothing to change (it answers null): no commit, and the answer is null. */
  async writeIfChanged(brainId: string, actor: Actor, plan: MaybePlanFn, scope: WriteScope | null = null): Promise<WriteOutcome | null> {
    // Counted and timed per operation and outcome (src/metrics.ts); the inner `plan` records the opName.
    return observeWrite(plan, (plan) =>
      new Promise<WriteOutcome | null>((resolve, reject) => {
        let queue = this.queues.get(brainId);
        if (!queue) this.queues.set(brainId, (queue = { waiting: [], running: null }));
        queue.waiting.push({ actor, plan, scope, resolve, reject, queuedAt: process.hrtime.bigint() });
        queue.running ??= this.drain(brainId, queue);
      }),
    );
  }

  /** Resolves once every write queued so far has been answered and every lock released (graceful shutdown). */
  async drained(): Promise<void> {
    for (;;) {
      const running = [...this.queues.values()].flatMap((q) => (q.running ? [q.running] : []));
      if (!running.length && !this.flushing.size) break;
      await Promise.all([...running, ...this.flushing]);
    }
    await this.locks.drain();
  }

  /**
   * Commit the brain's queued writes, one group per turn of its lock, until none are left. The first
   * group starts at once (an idle brain adds no wait); later ones gathered while a commit was in flight.
   */
  private async drain(brainId: string, queue: BrainQueue): Promise<void> {
    let behindCommit = false;
    try {
      while (queue.waiting.length) {
        if (behindCommit && this.groups.waitMs > 0 && queue.waiting.length < this.groups.max) {
          await new Promise((r) => setTimeout(r, this.groups.waitMs));
        }
        try {
          await this.locks.run(brainId, async () => {
            const batch = queue.waiting.splice(0, Math.max(1, this.groups.max));
            const deferred = await this.commitGroup(brainId, batch);
            queue.waiting.unshift(...deferred);
          });
        } catch (e) {
          // Only taking the lock can throw here (commitGroup settles every write it takes): on
          // PostgreSQL, another node held the brain's lock too long or the database is gone. The
          // writes waiting for it fail with that error, none of them begun.
          for (const w of queue.waiting.splice(0)) w.reject(e);
        }
        behindCommit = true;
      }
    } finally {
      queue.running = null;
      if (!queue.waiting.length && this.queues.get(brainId) === queue) this.queues.delete(brainId);
    }
  }

  /**
   * Plan `batch` in arrival order and commit the writes that may go together as one commit. Every
   * write of the group is settled here (answered after the commit is durable, or rejected alone when
   * its plan throws); the writes from the first that could not join onward are returned, in order.
   */
  private async commitGroup(brainId: string, batch: QueuedWrite[]): Promise<QueuedWrite[]> {
    const settled = new Set<QueuedWrite>();
    try {
      // A write queued before its brain was deleted finds the repository moved to the trash (the
      // delete ran under this lock first): the brain is gone for it as for any later request.
      if (!fs.existsSync(this.repos.gitdirOf(brainId))) throw new NotFoundError('Brain', 'brain_not_found');
      const repo = this.repos.get(brainId);
      for (let attempt = 1; ; attempt++) {
        const clock = newClock();
        const caughtUp = process.hrtime.bigint();
        await this.catchUpLocked(brainId);
        clock.catchup = secondsSince(caughtUp);
        const head = repo.head();
        const members: Member[] = [];
        const failed: Array<{ write: QueuedWrite; error: unknown }> = [];
        const unchanged: QueuedWrite[] = [];
        const touched = new Set<string>();
        let cut = batch.length;
        for (let i = 0; i < batch.length; i++) {
          const write = batch[i]!;
          // With company, a write joins only if its plan cannot see anything an earlier member changes.
          if (members.length && (!write.scope || write.scope.paths.some((p) => touched.has(p)))) {
            cut = i;
            break;
          }
          let plan: WritePlan | null;
          const planned = process.hrtime.bigint();
          try {
            plan = await write.plan({ brainId, head, repo });
          } catch (e) {
            failed.push({ write, error: e });
            continue;
          } finally {
            write.timed = { queue: Number(planned - write.queuedAt) / 1e9, plan: secondsSince(planned) };
          }
          if (!plan) {
            unchanged.push(write); // nothing to change: answered with the group, without a commit
            continue;
          }
          const joins = groupable(plan, write.scope);
          if (!joins && members.length) {
            cut = i;
            break;
          }
          members.push({ write, plan });
          if (!joins) {
            cut = i + 1; // a write that may not share its commit goes alone
            break;
          }
          for (const p of write.scope!.paths) touched.add(p);
          for (const o of plan.ops) touched.add(o.path);
        }
        let outcomes: WriteOutcome[] = [];
        let flushed = FLUSHED;
        if (members.length) {
          try {
            if (members.length === 1) {
              const one = await this.commitPlan(brainId, repo, head, members[0]!.write.actor, members[0]!.plan, clock);
              [outcomes, flushed] = [[one.outcome], one.flushed];
            } else ({ outcomes, flushed } = await this.commitMembers(brainId, repo, head, members, clock));
          } catch (e) {
            if (e instanceof RefConflictError && attempt < MAX_ATTEMPTS) continue; // moved by another process: re-plan all
            for (const m of members) failed.push({ write: m.write, error: e });
            members.length = 0;
          }
        }
        for (const f of failed) {
          settled.add(f.write);
          f.write.reject(f.error);
        }
        for (const w of unchanged) {
          settled.add(w);
          w.resolve(null);
        }
        for (const m of members) settled.add(m.write);
        for (const w of [...failed.map((f) => f.write), ...unchanged]) observeQueueAndPlan(w);
        if (members.length) {
          writeGroupSize.observe(members.length);
          for (const m of members) {
            observeQueueAndPlan(m.write);
            for (const [stage, seconds] of Object.entries(clock) as Array<[keyof GroupClock, number]>) observeStage(stage, seconds);
          }
          this.answerWhenFlushed(members, outcomes, flushed);
        }
        return batch.slice(cut);
      }
    } catch (e) {
      for (const w of batch) if (!settled.has(w)) w.reject(e);
      return [];
    }
  }

  /**
   * Answer a committed group once its ref move (the ref folder's sync) and its index transaction
   * (the WAL flush) are on disk. The brain's lock is already released: the next group plans,
   * builds and commits while these syncs run. Its plan reads the index and ref as committed; only
   * a power cut before the syncs could lose them, and then only together with this group's unsent
   * answers (recovery discards or re-indexes what is not on `main`). A later sync covers every
   * earlier WAL frame and rename, so no answer goes out before its group is durable, whatever
   * order the syncs finish in.
   */
  private answerWhenFlushed(members: Member[], outcomes: WriteOutcome[], flushed: Flushed): void {
    const released = process.hrtime.bigint();
    const answered = flushed.then((error) => {
      const durable = secondsSince(released);
      for (let i = 0; i < members.length; i++) observeStage('durable', durable);
      members.forEach((m, i) => (error ? m.write.reject(error) : m.write.resolve(outcomes[i]!)));
    });
    this.flushing.add(answered);
    void answered.finally(() => this.flushing.delete(answered));
  }

  /** One commit for several single-file writes: each keeps its own index stamp (author) and audit row. */
  private async commitMembers(brainId: string, repo: BrainRepository, head: string | null, members: Member[], clock: GroupClock): Promise<{ outcomes: WriteOutcome[]; flushed: Flushed }> {
    const ops = members.map((m) => m.plan.ops[0]!);
    const files = toFileChanges(ops);
    const writers = members.map((m) => ({ who: actorIdentity(m.write.actor), ref: actorRef(m.write.actor) }));
    const oneActor = writers.every((w) => w.ref === writers[0]!.ref);
    const trailers: Record<string, string> = {};
    if (oneActor) trailers['Brainkeep-Actor'] = `${writers[0]!.who.name} <${writers[0]!.ref}>`;
    trailers['Brainkeep-Op'] = GROUP_OP;
    trailers[GROUP_SIZE_TRAILER] = String(members.length);
    members.forEach((m, i) => {
      trailers[`${GROUP_WRITE_TRAILER}-${i + 1}`] = `${writers[i]!.who.name} <${writers[i]!.ref}> ${ops[i]!.op} ${ops[i]!.path}`;
    });
    const names = [...new Set(writers.map((w) => w.who.name))];
    const lines = members.map((m, i) => `- ${m.plan.message.split('\n')[0]} (${writers[i]!.who.name}, ${m.plan.opName})`);
    const pageOps = ops.flatMap((o, i) => (o.op === 'put' && isPagePath(o.path) && o.content ? [i] : []));
    const ahead =
      pageOps.length >= DERIVE_AHEAD_GROUP_MIN
        ? sharedDerivationThread().stream(
            pageOps.map((i) => ({ path: ops[i]!.path, markdown: ops[i]!.content!.toString('utf8') })),
            this.index.relationRules(brainId),
            this.lite != null,
          )
        : null;
    try {
      return await this.commitMembersDerived(brainId, repo, head, members, clock, { ops, files, writers, oneActor, trailers, names, lines }, ahead ? new Map(pageOps.map((opIndex, k) => [opIndex, () => ahead.take(k)])) : null);
    } finally {
      ahead?.close();
    }
  }

  private async commitMembersDerived(
    brainId: string,
    repo: BrainRepository,
    head: string | null,
    members: Member[],
    clock: GroupClock,
    g: { ops: WriteOp[]; files: FileChange[]; writers: Array<{ who: { name: string; email: string }; ref: string }>; oneActor: boolean; trailers: Record<string, string>; names: string[]; lines: string[] },
    derivedAhead: Map<number, () => DerivedPage | undefined> | null,
  ): Promise<{ outcomes: WriteOutcome[]; flushed: Flushed }> {
    const { ops, files, writers, oneActor, trailers, names, lines } = g;
    const payload = { group: members.map((m) => ({ actor: m.write.actor, audit: m.plan.audit, op: m.plan.opName })) };
    const { built, refDurable, pendingId, now } = await this.land(
      brainId,
      repo,
      head,
      files,
      {
        message: `${groupTitle(ops.map((o) => o.path))} (group commit)\n\n${lines.join('\n')}`,
        author: oneActor ? writers[0]!.who : { name: names.length <= 3 ? names.join(', ') : `${names.length} writers`, email: 'group@brainkeep.local' },
        trailers,
      },
      JSON.stringify(payload),
      clock,
    );
    if (members.some((m) => m.plan.landed)) await tellLanded(members.map((m) => m.plan), built.commit);
    const { result: perMember, flushed: indexFlushed } = this.durableTransaction(() => {
      const indexed = this.index.indexedCommit(brainId);
      // One batch for the whole group (state read once, links resolved once), each member with its own stamp.
      const out =
        indexed === head
          ? this.index.applyGroup(
              brainId,
              members.map((_m, i) => {
                const o = ops[i]!;
                const entries: IndexEntry[] = [
                  { op: o.op, path: o.path, fromPath: o.fromPath, markdown: isPagePath(o.path) ? o.content?.toString('utf8') : undefined, blobOid: built.blobs.get(o.path), derive: derivedAhead?.get(i), file: o.file },
                ];
                const stamp: ChangeStamp = { commit: built.commit, at: now, byName: writers[i]!.who.name, byRef: writers[i]!.ref };
                return { stamp, entries };
              }),
            )
          : members.map((): PageChange[] => []);
      const audited = process.hrtime.bigint();
      members.forEach((m) => {
        const a = m.plan.audit;
        this.audit.record({ brainId, actor: m.write.actor, action: a.action, target: a.target, detail: { ...a.detail, commit: built.commit, group: members.length } }, now);
      });
      clock.audit = secondsSince(audited);
      this.index.removePending(pendingId);
      return out;
    }, clock);
    // Another process indexed past us meanwhile: the catch-up below records our change.
    if (this.index.indexedCommit(brainId) !== built.commit) await this.catchUpLocked(brainId);
    this.indexed(brainId, perMember.reduce((n, c) => n + c.length, 0));
    if (this.commitListeners.length) {
      const paths = files.map((f) => f.path);
      for (const listener of this.commitListeners) listener(brainId, head, built.commit, paths);
    }
    const flushed = bothDurable(refDurable, indexFlushed);
    return { outcomes: perMember.map((changes) => ({ commit: built.commit, changes })), flushed };
  }

  /**
   * One immediate transaction; it is durable once `flushed` resolves with null. With
   * synchronous=FULL its commit would fsync the WAL on the event loop, stalling every read behind
   * it; instead it commits with NORMAL and the WAL is fdatasync'ed on the thread pool before anyone
   * is answered (as the inbox's group commit does: the fsync flushes the file whichever descriptor
   * wrote it, and a checkpoint meanwhile flushes the WAL first). The caller need not hold the
   * brain's lock while the flush runs (see answerWhenFlushed).
   */
  private durableTransaction<T>(fn: () => T, clock: GroupClock): { result: T; flushed: Flushed } {
    const started = process.hrtime.bigint();
    const deferFlush = this.walFile != null && (this.lite!.pragma('synchronous', { simple: true }) as number) >= 2;
    const tx = () => this.db.transaction(fn).immediate();
    const result = deferFlush ? withoutFlush(this.lite!, tx) : tx();
    clock.index = Math.max(0, secondsSince(started) - clock.audit); // the audit rows are a stage of their own
    const flushed = deferFlush ? fsyncPath(this.walFile!, true).then(() => null, asError) : FLUSHED;
    return { result, flushed };
  }

  private async commitPlan(brainId: string, repo: BrainRepository, head: string | null, actor: Actor, p: WritePlan, clock: GroupClock): Promise<{ outcome: WriteOutcome; flushed: Flushed }> {
    const files = toFileChanges(p.ops);
    const markdown = p.ops.map((o) => (isPagePath(o.path) ? o.content?.toString('utf8') : undefined));
    // A large commit's index data is derived on another thread while its objects are built and
    // fsynced, and streams into the index transaction below as it comes.
    const pageOps = p.ops.flatMap((o, i) => (o.op !== 'delete' && isPagePath(o.path) ? [i] : []));
    const ahead =
      pageOps.length >= DERIVE_AHEAD_MIN
        ? sharedDerivationThread().stream(
            pageOps.map((i) => ({ path: p.ops[i]!.path, markdown: markdown[i] ?? '' })),
            this.index.relationRules(brainId),
            this.lite != null,
          )
        : null;
    const streamIndex = new Map(pageOps.map((opIndex, k) => [opIndex, k]));
    const derivedAhead = ahead
      ? (opIndex: number) => {
          const k = streamIndex.get(opIndex);
          return k === undefined ? undefined : ahead.take(k);
        }
      : null;
    try {
      return await this.asBulk(pageOps.length >= DERIVE_AHEAD_MIN, () => this.commitBuilt(brainId, repo, head, actor, p, files, markdown, derivedAhead, clock));
    } finally {
      ahead?.close();
    }
  }

  private async commitBuilt(
    brainId: string,
    repo: BrainRepository,
    head: string | null,
    actor: Actor,
    p: WritePlan,
    files: ReturnType<typeof toFileChanges>,
    markdown: Array<string | undefined>,
    derivedAhead: ((opIndex: number) => DerivedPage | undefined) | null,
    clock: GroupClock,
  ): Promise<{ outcome: WriteOutcome; flushed: Flushed }> {
    const who = actorIdentity(actor);
    const { built, refDurable, pendingId, now } = await this.land(
      brainId,
      repo,
      head,
      files,
      { message: p.message, author: who, trailers: { 'Brainkeep-Actor': `${who.name} <${actorRef(actor)}>`, 'Brainkeep-Op': p.opName, ...p.trailers } },
      JSON.stringify({ actor, audit: p.audit, op: p.opName }),
      clock,
    );
    if (p.landed) await tellLanded([p], built.commit);
    const entries: IndexEntry[] = p.ops.map((o, i) => ({
      op: o.op,
      path: o.path,
      fromPath: o.fromPath,
      markdown: markdown[i],
      blobOid: built.blobs.get(o.path),
      derive: derivedAhead ? () => derivedAhead(i) : undefined,
      file: o.file,
    }));
    const stamp: ChangeStamp = { commit: built.commit, at: now, byName: who.name, byRef: actorRef(actor) };
    const { result: changes, flushed: indexFlushed } = this.durableTransaction(() => {
      const indexed = this.index.indexedCommit(brainId);
      let applied: PageChange[] = [];
      if (indexed === head) applied = this.index.apply(brainId, stamp, entries);
      const audited = process.hrtime.bigint();
      this.audit.record({ brainId, actor, action: p.audit.action, target: p.audit.target, detail: { ...p.audit.detail, commit: built.commit } }, now);
      clock.audit = secondsSince(audited);
      this.index.removePending(pendingId);
      return applied;
    }, clock);
    // Another process indexed past us meanwhile: the catch-up below records our change.
    if (this.index.indexedCommit(brainId) !== built.commit) await this.catchUpLocked(brainId);
    this.indexed(brainId, changes.length);
    if (this.commitListeners.length) {
      const paths = files.map((f) => f.path);
      for (const listener of this.commitListeners) listener(brainId, head, built.commit, paths);
    }
    const flushed = bothDurable(refDurable, indexFlushed);
    return { outcome: { commit: built.commit, changes }, flushed };
  }

  /**
   * Build a commit of `files` on `head`, journal it (the pending row, with `payload`), and land it:
   * its objects written and synced and the branch moved by compare-and-swap in one message to a git
   * write thread. The ref folder's sync is left to `refDurable`. On a failure that left the branch
   * where it was (a RefConflictError means another process moved it: re-plan) the pending row is
   * removed again. On one after the branch moved to the commit (the thread died after its
   * compare-and-swap, or a sync after the rename failed) the row stays: the commit is on the branch,
   * and start-up recovery finishes the write (its audit row; catch-up indexes it), as after a crash.
   */
  private async land(
    brainId: string,
    repo: BrainRepository,
    head: string | null,
    files: FileChange[],
    meta: CommitMeta,
    payload: string,
    clock: GroupClock,
  ): Promise<{ built: BuiltCommit; refDurable: Promise<void>; pendingId: string; now: string }> {
    const pendingId = randomUUID();
    const now = new Date().toISOString();
    let journaled: string | null = null;
    try {
      const built = await repo.commit(head, files, meta, {
        syncLater: true,
        beforeLanding: (b) => {
          // Journaled before the objects are written: recovery discards a commit that never reached the branch.
          this.insertPending(pendingId, brainId, head, b.commit, payload, now);
          journaled = b.commit;
          this.built(brainId, head, b.commit, files);
        },
      });
      [clock.objects, clock.object_sync, clock.ref] = [built.timings.build, built.timings.sync, built.timings.ref];
      return { built, refDurable: built.durable, pendingId, now };
    } catch (e) {
      if (journaled && (e instanceof RefConflictError || e instanceof RefLockedError || !this.headIs(repo, journaled))) {
        this.index.removePending(pendingId);
      }
      throw e;
    }
  }

  /** Whether the branch is at `commit`; true when that cannot be read (the pending row is kept: recovery decides). */
  private headIs(repo: BrainRepository, commit: string): boolean {
    try {
      return repo.head() === commit;
    } catch {
      return true;
    }
  }

  /**
   * The journal row needs no flush of its own: it survives a process crash in the WAL, and the
   * index transaction's flush (synchronous=FULL) makes it durable together with the index. Only a
   * power cut between the ref move and that flush could lose it, and then start-up catch-up still
   * indexes the landed commit (only the audit row of a write nobody was told about goes missing).
   * This saves one of the write's sequential fsyncs.
   */
  private insertPending(id: string, brainId: string, head: string | null, commit: string, payload: string, at: string): void {
    const row = { id, brain_id: brainId, base_commit: head, new_commit: commit, payload, created_at: at };
    if (this.lite) withoutFlush(this.lite, () => this.index.insertPending(row));
    else this.index.insertPending(row);
  }

  /** Bring the index up to the repository's head (after a push, a crash, another process). */
  async catchUp(brainId: string): Promise<number> {
    return this.locks.run(brainId, () => this.catchUpLocked(brainId));
  }

  /**
   * Let another writer move the branch (git receive-pack) under the brain's lock, so it never
   * interleaves with API writes; then index exactly the commits it added, attributed to `actor`,
   * with one audit row in the same transaction.
   */
  async runExternal<T>(
    brainId: string,
    actor: Actor,
    audit: ExternalWrite['audit'],
    run: () => Promise<T>,
    known?: KnownObjects,
  ): Promise<{ result: T; changes: PageChange[] }> {
    return this.locks.run(brainId, async () => {
      await this.catchUpLocked(brainId);
      const changes: PageChange[] = [];
      try {
        return { result: await run(), changes };
      } finally {
        // Even when `run` failed after the ref moved, what landed is the pusher's change.
        await this.catchUpLocked(brainId, { actor, audit, onApplied: (c) => changes.push(...c), known });
      }
    });
  }

  private async catchUpLocked(brainId: string, as?: ExternalWrite): Promise<number> {
    const repo = this.repos.get(brainId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const from = this.index.indexedCommit(brainId);
      const head = repo.head();
      if (!head || from === head) return 0;
      let steps: Array<{ commit: CommitSummary; base: string | null }>;
      try {
        steps = (await repo.firstParentRange(from, head, as?.known?.commit?.bind(as.known))).map((commit) => ({ commit, base: commit.parents[0] ?? null }));
      } catch {
        // A pushed merge whose first-parent line bypasses the indexed commit (git pull without
        // --rebase) is indexed as one step. Only rewritten history (pushes must fast-forward) rebuilds.
        if (!from || !(await repo.isAncestor(from, head).catch(() => false))) return this.rebuildLocked(brainId);
        steps = [{ commit: await repo.readCommit(head), base: from }];
      }
      const now = new Date().toISOString();
      const batches: Array<{ stamp: ChangeStamp; entries: IndexEntry[] }> = [];
      /** Per commit, its batches: a group commit's writers are applied together, as when it was written live. */
      const groups: Array<Array<{ stamp: ChangeStamp; entries: IndexEntry[] }>> = [];
      for (const { commit: c, base } of steps) {
        const entries = await this.entriesBetween(repo, base, c.oid, c.trailers, as?.known);
        const actorTrailer = c.trailers['Brainkeep-Actor'];
        let byName = actorTrailer ? actorTrailer.replace(/\s*<[^>]*>$/, '') : c.author.name;
        let byRef = actorTrailer ? (/<([^>]*)>$/.exec(actorTrailer)?.[1] ?? null) : `git:${c.author.email}`;
        let at = new Date(c.author.timestamp * 1000).toISOString();
        // A push is the pusher's change, landing now, whatever its commits claim.
        if (as) [byName, byRef, at] = [actorIdentity(as.actor).name, actorRef(as.actor), now];
        const stamp: ChangeStamp = { commit: c.oid, at, byName, byRef };
        // A group commit's pages keep their own writers, as they had when the group was written live.
        if (!as && c.trailers['Brainkeep-Op'] === GROUP_OP) {
          const members = splitByWriter(stamp, entries, c.trailers);
          batches.push(...members);
          groups.push(members);
        } else {
          batches.push({ stamp, entries });
          groups.push([{ stamp, entries }]);
        }
      }
      // A large catch-up (a whole-vault push, a rebuild) derives its pages on the other thread while
      // the index transaction inserts those already derived, as an import does. A push's pusher
      // waits for its catch-up: from a few pages, as a group commit's writers do.
      const ahead = this.deriveAhead(brainId, batches.flatMap((b) => b.entries), as ? DERIVE_AHEAD_GROUP_MIN : DERIVE_AHEAD_MIN);
      let applied: PageChange[] | null;
      try {
        applied = this.db.transaction(() => {
          if (this.index.indexedCommit(brainId) !== from) return null;
          const changes: PageChange[] = [];
          for (const g of groups) for (const c of this.index.applyGroup(brainId, g)) changes.push(...c);
          if (as) {
            const a = as.audit(from, head, changes);
            this.audit.record({ brainId, actor: as.actor, action: a.action, target: a.target, detail: { ...a.detail, commit: head } }, now);
          }
          return changes;
        }).immediate();
      } finally {
        ahead?.close();
      }
      if (applied) {
        as?.onApplied?.(applied);
        this.indexed(brainId, applied.length);
        if (this.caughtUpListeners.length) {
          const paths = batches.flatMap((b) => b.entries.flatMap((e) => (e.fromPath ? [e.fromPath, e.path] : [e.path])));
          for (const l of this.caughtUpListeners) l(brainId, paths);
        }
        return steps.length;
      }
    }
    return 0;
  }

  /**
   * Derive the pages of `entries` (put and move with markdown) on the derivation thread while the
   * caller's index transaction takes them in order (each entry's `derive`), as a large catch-up
   * does: a reindex slice. Below `min` pages (DERIVE_AHEAD_GROUP_MIN unless told) nothing is started
   * (null). Close the answer once the transaction is over.
   */
  deriveAhead(brainId: string, entries: IndexEntry[], min = DERIVE_AHEAD_GROUP_MIN): { close(): void } | null {
    // (Pages whose derivation started already, a push's from its checks on, are not derived twice.)
    const pages = entries.filter((e) => e.op !== 'delete' && e.markdown !== undefined && isPagePath(e.path) && !e.derive);
    if (pages.length < min) return null;
    const ahead = sharedDerivationThread().stream(pages.map((e) => ({ path: e.path, markdown: e.markdown! })), this.index.relationRules(brainId), this.lite != null);
    pages.forEach((e, k) => (e.derive = () => ahead.take(k)));
    return ahead;
  }

  /** Drop and rebuild one brain's index from its repository's whole first-parent history. */
  async rebuild(brainId: string): Promise<number> {
    return this.locks.run(brainId, () => this.rebuildLocked(brainId));
  }

  /** Drop one brain's derived index rows for good (a brain purged from the trash). */
  async clearIndex(brainId: string): Promise<void> {
    await this.locks.run(brainId, async () => {
      this.db.transaction(() => this.index.clearBrain(brainId)).immediate();
    });
  }

  private async rebuildLocked(brainId: string): Promise<number> {
    return this.asBulk(true, async () => {
      this.db.transaction(() => this.index.clearBrain(brainId)).immediate();
      return this.catchUpLocked(brainId);
    });
  }

  /** Page-level entries for one commit: a deleted and an added file with the same blob is a move. */
  private async entriesBetween(
    repo: BrainRepository,
    from: string | null,
    to: string,
    trailers: Record<string, string> = {},
    known?: KnownObjects,
  ): Promise<IndexEntry[]> {
    const diff = known?.diff(from, to) ?? (await repo.diff(from, to));
    const added = diff.filter((d) => d.oldOid == null && d.newOid != null);
    const deleted = diff.filter((d) => d.newOid == null && d.oldOid != null);
    const moves = new Map<string, string>(); // new path -> old path
    // A move made through the API names itself in trailers (its content may have changed: links
    // inside it are rewritten), so a rebuild records the same move the live write did.
    const declaredFrom = trailers[MOVE_FROM_TRAILER];
    const declaredTo = trailers[MOVE_TO_TRAILER];
    if (declaredFrom && declaredTo && deleted.some((d) => d.path === declaredFrom) && added.some((a) => a.path === declaredTo)) {
      moves.set(declaredTo, declaredFrom);
      const i = deleted.findIndex((d) => d.path === declaredFrom);
      deleted.splice(i, 1);
      added.splice(added.findIndex((a) => a.path === declaredTo), 1);
    }
    const deletedByOid = new Map<string, string[]>();
    // A group commit holds no moves: a delete and a put of the same bytes there are two writers' changes.
    const inferMoves = trailers['Brainkeep-Op'] !== GROUP_OP;
    if (inferMoves) for (const d of deleted) if (isPagePath(d.path)) deletedByOid.set(d.oldOid!, [...(deletedByOid.get(d.oldOid!) ?? []), d.path]);
    for (const a of added) {
      const candidates = isPagePath(a.path) ? deletedByOid.get(a.newOid!) : undefined;
      if (candidates?.length) moves.set(a.path, candidates.shift()!);
    }
    const movedFrom = new Set(moves.values());
    // Many pages to read (a rebuild, a whole-vault push): one git process reads them all.
    const unread = diff.flatMap((d) => (d.newOid != null && isPagePath(d.path) && !known?.blob(d.newOid) && known?.text?.(d.newOid) === undefined ? [d.newOid] : []));
    const bulk = unread.length >= BULK_BLOB_READ ? await repo.readBlobs(unread) : null;
    const entries: IndexEntry[] = [];
    for (const d of diff) {
      if (d.newOid == null) {
        if (!movedFrom.has(d.path)) entries.push({ op: 'delete', path: d.path });
        continue;
      }
      const markdown = isPagePath(d.path) ? (known?.text?.(d.newOid) ?? (known?.blob(d.newOid) ?? bulk?.get(d.newOid) ?? (await repo.readBlob(d.newOid))).toString('utf8')) : undefined;
      const fromPath = moves.get(d.path);
      // An attachment (pushed, or a rebuild): its facts from its bytes; the push checks allowed its type.
      const file = !isPagePath(d.path) && isFilePath(d.path) ? factsOf(d.path, known?.blob(d.newOid) ?? (await repo.readBlob(d.newOid))) : undefined;
      entries.push({ op: fromPath ? 'move' : 'put', path: d.path, fromPath, markdown, blobOid: d.newOid, file, derive: markdown === undefined ? undefined : known?.derive?.(d.path, d.newOid) });
    }
    return entries;
  }

  /**
   * Start-up recovery: every pending row is a write that was acknowledged to nobody yet.
   * If its commit reached the branch, record its audit row (the catch-up indexes it);
   * otherwise discard it (its loose objects are unreachable and git gc prunes them).
   * Each brain is recovered under its write lock: with several nodes on one database, another
   * node's write in flight has a pending row too, and holds the lock until the row is gone; a row
   * still there once the lock is ours belongs to a writer that died (or left it for recovery).
   */
  async recover(brainIds: string[]): Promise<{ finished: number; discarded: number }> {
    gitWriteThreads().warm(); // a server starting: its first commit should not wait for the thread to load
    let finished = 0;
    let discarded = 0;
    for (const brainId of this.index.brainsWithPending()) {
      await this.locks.run(brainId, async () => {
        for (const row of this.index.pendingOf(brainId)) {
          if (await this.recoverRow(row)) finished++;
          else discarded++;
        }
      });
    }
    for (const id of brainIds) {
      await this.locks.run(id, async () => {
        await this.repos.get(id).clearStaleRefLock();
        this.repos.get(id).removeOrphanPackIndexes();
        await this.catchUpLocked(id);
      });
    }
    return { finished, discarded };
  }

  /** Finish (true: its commit landed) or discard one pending row; under the brain's lock. */
  private async recoverRow(row: PendingWriteRow): Promise<boolean> {
    const brainId = row.brain_id;
    const repo = this.repos.get(brainId);
    const head = repo.head();
    let landed = false;
    if (head) {
      try {
        landed = await repo.isAncestor(row.new_commit, head);
      } catch {
        landed = false;
      }
    }
    const payload = JSON.parse(row.payload) as { actor: Actor; audit: WritePlan['audit'] } | { group: Array<{ actor: Actor; audit: WritePlan['audit'] }> };
    // A group's pending row names all its writes: the group landed whole or not at all.
    const writes = 'group' in payload ? payload.group : [payload];
    this.db.transaction(() => {
      if (landed) {
        for (const w of writes) {
          const detail = { ...w.audit.detail, commit: row.new_commit, recovered: true, ...('group' in payload ? { group: writes.length } : {}) };
          this.audit.record({ brainId, actor: w.actor, action: w.audit.action, target: w.audit.target, detail });
        }
      }
      this.index.removePending(row.id);
    }).immediate();
    return landed;
  }
}

/** The per-write stages of one settled write (src/metrics.ts). */
function observeQueueAndPlan(w: QueuedWrite): void {
  if (!w.timed) return;
  observeStage('queue', w.timed.queue);
  observeStage('plan', w.timed.plan);
}

/** A group commit's title by what it holds: `Write 3 pages`, `Write 2 files`, `Write 2 pages and 1 file`. */
function groupTitle(paths: string[]): string {
  const files = paths.filter((p) => isFilePath(p)).length;
  const pages = paths.length - files;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const parts = [...(pages ? [count(pages, 'page')] : []), ...(files ? [count(files, 'file')] : [])];
  return `Write ${parts.join(' and ')}`;
}

/** May this planned write share a commit? One put or delete of a path inside its declared scope. */
function groupable(plan: WritePlan, scope: WriteScope | null): boolean {
  if (!scope || plan.ops.length !== 1) return false;
  const op = plan.ops[0]!;
  return (op.op === 'put' || op.op === 'delete') && scope.paths.includes(op.path) && !plan.trailers?.[MOVE_FROM_TRAILER];
}

/**
 * A group commit's entries as one batch per writer named in its Brainkeep-Write-N trailers
 * (`Name <ref> op path`), in the group's order; entries no trailer names keep the commit's stamp.
 */
function splitByWriter(stamp: ChangeStamp, entries: IndexEntry[], trailers: Record<string, string>): Array<{ stamp: ChangeStamp; entries: IndexEntry[] }> {
  const size = Number(trailers[GROUP_SIZE_TRAILER] ?? 0);
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const out: Array<{ stamp: ChangeStamp; entries: IndexEntry[] }> = [];
  for (let i = 1; i <= size; i++) {
    const m = /^(.*) <([^<>]*)> (\S+) (.+)$/.exec(trailers[`${GROUP_WRITE_TRAILER}-${i}`] ?? '');
    const entry = m ? byPath.get(m[4]!) : undefined;
    if (!m || !entry) continue;
    byPath.delete(m[4]!);
    out.push({ stamp: { ...stamp, byName: m[1]!, byRef: m[2]! }, entries: [entry] });
  }
  if (byPath.size) out.push({ stamp, entries: [...byPath.values()] });
  return out;
}

/** A commit is durable once its ref's folder sync and its index transaction's WAL flush are done. */
function bothDurable(ref: Promise<void>, index: Flushed): Flushed {
  // A failed folder sync is an answer too (the writes are refused), never a rejection: the group's
  // writers wait on this and would otherwise wait forever.
  return Promise.all([ref.then(() => null, asError), index]).then(([refError, indexError]) => refError ?? indexError);
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

function toFileChanges(ops: WriteOp[]): FileChange[] {
  const files: FileChange[] = [];
  for (const o of ops) {
    if (o.op === 'delete') files.push({ path: o.path, content: null });
    else {
      if (o.op === 'move' && o.fromPath) files.push({ path: o.fromPath, content: null });
      if (o.sourceFile) files.push({ path: o.path, content: null, sourceFile: o.sourceFile });
      else files.push({ path: o.path, content: o.content ?? Buffer.alloc(0) });
    }
  }
  return files;
}

/** An attachment's facts from its bytes: its kind by extension (the push checks matched it to the bytes). */
export function factsOf(path: string, bytes: Buffer): FileFacts {
  return { contentType: kindOfPath(path)!.contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Each plan's `landed` hook, waited for together; a failing one does not undo the landed commit. */
async function tellLanded(plans: WritePlan[], commit: string): Promise<void> {
  await Promise.allSettled(plans.map(async (p) => p.landed?.(commit)));
}
