// Nightly repository maintenance (BRAINKEEP_GC_CRON, default 03:17; `off` disables): every
// brain gets `git gc --auto` under its write lock, so loose objects from API writes and pushes
// end up in packs and clones stay fast. git only does work past its own thresholds, so a quiet
// brain costs one `count-objects`. Stopping waits for a running pass.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { GitRemoteService } from '../services/gitRemoteService.js';

export class GitMaintenanceJob {
  private task: ScheduledTask | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly gitRemote: Pick<GitRemoteService, 'maintainAll'>,
    private readonly cronExpression: string,
    private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>,
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
    if (this.stopped) return Promise.resolve();
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

  async stop(): Promise<void> {
    this.stopped = true;
    await this.task?.stop();
    await this.task?.destroy();
    this.task = null;
    await this.running;
  }
}
