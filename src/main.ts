// `brainkeep serve`: read config, build the container, recover, bootstrap, start HTTP and jobs.
import type { Config } from './config.js';
import { buildContainer, type Container } from './container.js';
import { startMetricsServer } from './http/metricsServer.js';
import { startHttpServer, type RunningServer } from './http/server.js';
import { createLogger } from './logger.js';
import { bootstrapWorkspace, setUpMessage } from './services/bootstrapService.js';
import { startSearchJobs } from './jobs/embeddingWorker.js';
import { FilingScheduler } from './jobs/filingScheduler.js';
import { GitMaintenanceJob } from './jobs/gitMaintenanceJob.js';
import { TrashPurgeJob } from './jobs/trashPurgeJob.js';
import { CronLeader } from './jobs/cronLeader.js';
import { warmGitSpawner } from './storage/git/gitSpawner.js';
import { startMetrics } from './metrics.js';
import { prepareBufferReclaim } from './storage/bufferReclaim.js';

export interface Service {
  container: Container;
  http: RunningServer;
  /** The /metrics listener when BRAINKEEP_METRICS_PORT is set. */
  metrics: RunningServer | null;
  stop(): Promise<void>;
}

export async function startService(config: Config, opts: { quiet?: boolean; print?: (line: string) => void } = {}): Promise<Service> {
  // prom-client's default metrics (GC, event-loop lag) count the whole start: the spawner, the
  // migrations, the recovery (metrics.ts makes its metrics on first use, which was at import).
  startMetrics();
  const log = createLogger(opts.quiet ? 'warn' : config.logLevel);
  const print = opts.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  // git children are started by a small helper process, started here while this one is small.
  await warmGitSpawner();
  // Large uploads force young-generation collections (bufferReclaim.ts): gc() is exposed now, not mid-request.
  prepareBufferReclaim();
  const container = buildContainer(config, log);
  // Threads started up front only spare the first requests their start: one that cannot start
  // leaves the server running without it (searches run on the event loop, files start a writer
  // thread when one is needed).
  const startUp = (what: string, start: () => void) => {
    try {
      start();
    } catch (err) {
      log.error({ err }, `${what} did not start; the server runs without it`);
    }
  };
  // Whatever started is stopped, last first, if start-up fails part way (and on stop).
  const started: Array<() => Promise<void> | void> = [() => container.close()];
  const stopAll = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    void container.checkpointer.start(); // the connection checkpoints itself until the thread is up
    startUp('the search thread', () => container.searchThreads.start());
    startUp('the first content writer thread', () => container.contentStore.startWriters());
    const recovered = await container.recover();
    if (recovered.finished || recovered.discarded) log.warn(recovered, 'recovered pending writes');
    const boot = await bootstrapWorkspace(container, config.ownerEmail);
    // Several nodes on PostgreSQL: this one records or checks the set-up's identity and beats.
    for (const f of container.cluster.identify()) log.warn(`multi-node set-up: ${f.detail}`);
    container.cluster.start((err) => log.warn({ err }, 'node heartbeat: %s', err.message));
    started.push(() => container.cluster.stop());
    const http = await startHttpServer(container, log);
    started.push(() => http.close());
    const metrics = config.metricsPort != null ? await startMetricsServer(container, log, config.metricsPort) : null;
    if (metrics) started.push(() => metrics.close());
    const embeddingWorker = startSearchJobs(container, log);
    started.push(() => embeddingWorker.stop());
    const filingScheduler = new FilingScheduler(container.filing, container.inbox, config.filingCron, log);
    filingScheduler.start();
    started.push(() => filingScheduler.stop());
    if (filingScheduler.enabled) void filingScheduler.tick(); // items left Pending by a previous run
    container.webhookDispatcher.start((err) => log.error({ err }, 'webhook dispatcher'));
    started.push(() => container.webhookDispatcher.stop());
    const cronLeader = new CronLeader(container.leases, (err) => log.error({ err }, 'cron leadership'));
    cronLeader.start();
    started.push(() => cronLeader.stop());
    const gitMaintenance = new GitMaintenanceJob(container.gitRemote, config.gitGcCron, log, config.gitPackLimit, undefined, cronLeader);
    gitMaintenance.start();
    started.push(() => gitMaintenance.stop());
    // Every index transaction follows a commit or a push, either of which may add a pack.
    container.writes.onIndexed((brainId) => gitMaintenance.packsMayHaveGrown(brainId));
    const trashPurge = new TrashPurgeJob(container.brains, log, undefined, cronLeader);
    trashPurge.start();
    started.push(() => trashPurge.stop());
    const baseUrl = config.baseUrl.includes(`:${config.port}`) && config.port === 0 ? http.url : config.baseUrl;
    config.baseUrl = baseUrl; // PORT=0: OAuth metadata and links need the port actually bound
    for (const line of setUpMessage(boot, baseUrl)) print(line);
    // PostgreSQL without pgvector serves exact (full text) search only: said at every start, and in /readyz.
    if (container.database.notice) print(`WARNING: ${container.database.notice}`);
    log.info({ url: http.url, metrics: metrics ? `${metrics.url}/metrics` : null, dataDir: config.dataDir, database: container.database.backend }, 'brainkeep listening');

    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        // Open event streams would hold the HTTP close for its whole grace period.
        container.eventStreams.closeAll();
        await container.webhookDispatcher.stop();
        await http.close();
        await metrics?.close();
        await filingScheduler.stop();
        await gitMaintenance.stop();
        await trashPurge.stop();
        cronLeader.stop();
        await embeddingWorker.stop();
        container.cluster.stop();
        await container.close();
      })());
    return { container, http, metrics, stop };
  } catch (err) {
    await stopAll().catch((closeErr: unknown) => log.error({ err: closeErr }, 'closing after a failed start-up'));
    throw err;
  }
}
