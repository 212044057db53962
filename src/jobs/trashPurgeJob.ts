// The trash purge: brains deleted more than BRAINKEEP_TRASH_DAYS ago are removed for good (their
// rows and their repository in the data folder's trash). Runs at start and then hourly; stopping
// waits for a running pass. With several nodes, only the cron leader purges (cronLeader.ts).
import type { Logger } from 'pino';
import type { BrainsService } from '../services/brainsService.js';
import type { CronLeader } from './cronLeader.js';

const HOUR_MS = 60 * 60 * 1000;

export class TrashPurgeJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly brains: Pick<BrainsService, 'purgeExpired'>,
    private readonly log: Pick<Logger, 'info' | 'error'>,
    private readonly everyMs = HOUR_MS,
    private readonly leader: Pick<CronLeader, 'isLeader'> | null = null,
  ) {}

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
  }

  runOnce(): Promise<void> {
    if (this.stopped || (this.leader && !this.leader.isLeader)) return Promise.resolve();
    this.running ??= this.brains
      // One brain that cannot be purged is logged and left for the next pass; the others go.
      .purgeExpired(Date.now(), (b, err) =>
        this.log.error({ err, brainId: b.id, slug: b.slug, deletedAt: b.deletedAt }, 'purge of a trashed brain failed; it stays in the trash and is retried next pass'),
      )
      .then((slugs) => {
        if (slugs.length) this.log.info({ brains: slugs }, 'purged brains from the trash');
      })
      .catch((e: unknown) => this.log.error({ err: e }, 'trash purge failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
