// Runs the filing pass: on a cron schedule (BRAINKEEP_FILING_CRON, default every minute) and soon
// after an upload or re-queue (the inbox's onItemQueued). `off` disables both. One worker per
// brain at a time: kicks that arrive while a brain's pass runs make it run once more afterwards
// rather than starting a second worker. Stopping waits for running passes to finish. A pass first
// waits (a bounded time) for the event loop to be quiet: filing is not on the ingest path, and the
// pass's work on this thread would hold every upload and read that arrives meanwhile (loopQuiet.ts).
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { FilingService } from '../services/filingService.js';
import { loopQuiet } from './loopQuiet.js';

export interface QueueSource {
  onItemQueued(listener: (brainId: string, itemId: string) => void): void;
}

export class FilingScheduler {
  private task: ScheduledTask | null = null;
  private stopped = false;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly again = new Set<string>();
  private readonly workers = new Map<string, Promise<void>>();
  private tickRun: Promise<void> | null = null;
  /** Ends a pass's wait for a quiet loop (stop). */
  private readonly abort = new AbortController();

  constructor(
    private readonly filing: FilingService,
    private readonly inbox: QueueSource,
    private readonly cronExpression: string,
    private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>,
    /** Let a burst of uploads land before the pass starts. */
    private readonly kickDelayMs = 250,
    /** The longest a pass waits for a quiet event loop before it runs anyway; 0 never waits. */
    private readonly busyDeferMs = 2000,
  ) {}

  get enabled(): boolean {
    return this.cronExpression.trim().toLowerCase() !== 'off';
  }

  start(): void {
    if (!this.enabled) return;
    if (!cron.validate(this.cronExpression)) throw new Error(`BRAINKEEP_FILING_CRON is not a valid cron expression: '${this.cronExpression}' (use 'off' to disable).`);
    this.task = cron.schedule(this.cronExpression, () => this.tick(), { name: 'filing-pass', noOverlap: true });
    this.inbox.onItemQueued((brainId) => this.kick(brainId));
  }

  /** Run a pass over every brain with due items (the cron tick). */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.tickRun ??= loopQuiet(this.busyDeferMs, this.abort.signal)
      .then(async () => {
        if (this.stopped) return;
        const s = await this.filing.runPass();
        if (s.processed) this.log.info(s, 'filing pass');
      })
      .catch((e: unknown) => this.log.error({ err: e }, 'filing pass failed'))
      .finally(() => {
        this.tickRun = null;
      });
    return this.tickRun;
  }

  /** An item of `brainId` became Pending: run that brain's pass shortly. */
  kick(brainId: string): void {
    if (this.stopped || !this.enabled) return;
    if (this.workers.has(brainId)) {
      this.again.add(brainId);
      return;
    }
    if (this.timers.has(brainId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(brainId);
      this.runBrain(brainId);
    }, this.kickDelayMs);
    timer.unref();
    this.timers.set(brainId, timer);
  }

  private runBrain(brainId: string): void {
    if (this.stopped || this.workers.has(brainId)) return;
    const work = (async () => {
      do {
        this.again.delete(brainId);
        await loopQuiet(this.busyDeferMs, this.abort.signal);
        if (this.stopped) break;
        try {
          const s = await this.filing.runPass(brainId);
          if (s.processed) this.log.info({ brainId, ...s }, 'filing pass (kicked)');
        } catch (e) {
          this.log.error({ err: e, brainId }, 'filing pass failed');
        }
      } while (this.again.has(brainId) && !this.stopped);
    })().finally(() => this.workers.delete(brainId));
    this.workers.set(brainId, work);
  }

  /** Stop scheduling and wait for the passes in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    if (this.task) {
      await this.task.destroy();
      this.task = null;
    }
    await Promise.allSettled([...this.workers.values(), ...(this.tickRun ? [this.tickRun] : [])]);
    await this.filing.drain();
  }
}
