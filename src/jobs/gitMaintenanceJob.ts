// Nightly repository maintenance (BRAINKEEP_GC_CRON, default 03:17; `off` disables): every
// brain gets `git gc --auto` under its write lock, so loose objects from API writes and pushes
// end up in packs and clones stay fast. git only does work past its own thresholds, so a quiet
// brain costs one `count-objects`. Stopping waits for a running pass.
// Between passes, a commit asks for a check of its brain's packs a little later (one per brain per
// PACK_CHECK_DELAY_MS, however many commits ask), never on the write path itself, and never beside
// another maintenance run of that brain: after an import or a large push (one pack, no bitmap) the
// brain gets one pack with a reachability bitmap, as clones want it; a brain whose commits keep
// adding packs (group commits: one pack each) has them folded together once it holds more than
// BRAINKEEP_GC_PACK_LIMIT (see GitRemoteService.keepPacksReady). Neither holds the write lock:
// writes keep landing and being answered while they run.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { GitRemoteService } from '../services/gitRemoteService.js';
import type { CronLeader } from './cronLeader.js';

/** How long after a commit its brain's packs are counted; commits meanwhile share the check. */
export const PACK_CHECK_DELAY_MS = 2000;

export class GitMaintenanceJob {
  private task: ScheduledTask | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Pack checks waiting for their delay, and those running, by brain. */
  private readonly packChecks = new Map<string, NodeJS.Timeout>();
  private readonly packRuns = new Map<string, Promise<void>>();

  /** `packLimit`: packs a brain may hold before they are folded together (0: no repack between passes, neither roll-up nor bitmap). */
  constructor(
    private readonly gitRemote: Pick<GitRemoteService, 'maintainAll' | 'keepPacksReady'>,
    private readonly cronExpression: string,
    private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly packLimit = 0,
    private readonly packCheckDelayMs = PACK_CHECK_DELAY_MS,
    /** With several nodes, only the cron leader runs the scheduled pass (cronLeader.ts). */
    private readonly leader: Pick<CronLeader, 'isLeader'> | null = null,
  ) {}

  get enabled(): boolean {
    return this.cronExpression.trim().toLowerCase() !== 'off';
  }

  start(): void {
    if (!this.enabled) return;
    if (!cron.validate(this.cronExpression)) {
      throw new Error(`BRAINKEEP_GC_CRON is not a valid cron expression: '${this.cronExpression}' (use 'off' to disable).`);
    }
    this.task = cron.schedule(this.cronExpression, () => this.runOnce(), { name: 'git-maintenance', noOverlap: true });
  }

  /** One pass over every brain; a pass already running is joined rather than doubled. */
  runOnce(): Promise<void> {
    if (this.stopped || (this.leader && !this.leader.isLeader)) return Promise.resolve();
    this.running ??= this.gitRemote
      .maintainAll({ auto: true })
      .then((results) => {
        const repacked = results.filter((r) => r.ran).length;
        for (const r of results) if (r.error) this.log.warn({ brainId: r.brainId, err: r.error }, 'git maintenance failed for a brain');
        if (repacked) this.log.info({ brains: results.length, repacked }, 'git maintenance');
      })
      .catch((e: unknown) => this.log.error({ err: e }, 'git maintenance failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** A brain committed (its packs may have grown): count them soon, and fold them past the limit. */
  packsMayHaveGrown(brainId: string): void {
    if (this.stopped || this.packLimit <= 0 || this.packChecks.has(brainId)) return;
    const timer = setTimeout(() => {
      this.packChecks.delete(brainId);
      // A check still running (a long repack) is followed by a fresh one once it is done.
      const previous = this.packRuns.get(brainId);
      if (previous) {
        void previous.then(() => this.packsMayHaveGrown(brainId));
        return;
      }
      const run = this.gitRemote
        .keepPacksReady(brainId, this.packLimit)
        .then((r) => {
          if (r.ran) this.log.info({ brainId, packs: r.packs, repack: r.ran }, r.ran === 'bitmap' ? 'git packs repacked with a bitmap' : 'git packs consolidated');
        })
        .catch((e: unknown) => this.log.warn({ brainId, err: e }, 'git pack check failed (repack with a bitmap or roll-up)'))
        .finally(() => this.packRuns.delete(brainId));
      this.packRuns.set(brainId, run);
    }, this.packCheckDelayMs);
    timer.unref();
    this.packChecks.set(brainId, timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.packChecks.values()) clearTimeout(timer);
    this.packChecks.clear();
    await Promise.all(this.packRuns.values());
    await this.task?.stop();
    await this.task?.destroy();
    this.task = null;
    await this.running;
  }
}
