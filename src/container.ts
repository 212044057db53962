// Composition root: storage → services. Adapters (HTTP, MCP, git, web, CLI, jobs) receive its `Services` (no storage).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openNodeDatabase, type Checkpointer, type DatabaseStatus, type OpenedDatabase } from './storage/backend.js';
import type { SyncDb } from './storage/syncDb.js';
import { postgresNotReady, refusedOnPostgres } from './storage/postgres/coverage.js';
import { openNodeWriteLock } from './storage/postgres/brainLock.js';
import { openChangeBus, type ChangeBus } from './storage/changeBus.js';
import { AuditRepo } from './storage/sqlite/auditRepo.js';
import { BrainsRepo } from './storage/sqlite/brainsRepo.js';
import { IdentityRepo } from './storage/sqlite/identityRepo.js';
import { PageIndexRepo } from './storage/sqlite/pageIndexRepo.js';
import { BrainConfigCache } from './storage/git/brainConfig.js';
import { RepoRegistry } from './storage/repoRegistry.js';
import { WritePath } from './storage/writePath.js';
import { AccessService } from './services/accessService.js';
import { BrainsService } from './services/brainsService.js';
import { IdentityService } from './services/identityService.js';
import { PagesService } from './services/pagesService.js';
import { CredentialsService } from './services/credentialsService.js';
import { MembersService } from './services/membersService.js';
import { SessionService } from './services/sessionService.js';
import { OAuthService } from './services/oauthService.js';
import { OAuthRepo } from './storage/sqlite/oauthRepo.js';
import { SessionsRepo } from './storage/sqlite/sessionsRepo.js';
import { HealthService } from './services/healthService.js';
import { BackupService } from './services/backupService.js';
import { OpsRepo } from './storage/sqlite/opsRepo.js';
import { LeaseRepo } from './storage/sqlite/leaseRepo.js';
import { ClusterRepo } from './storage/postgres/clusterRepo.js';
import { ClusterService } from './services/clusterService.js';
import { RateLimitRepo } from './storage/sqlite/rateLimitRepo.js';
import type { SharedBuckets } from './domain/rateLimits.js';
import { isPostgres } from './storage/syncDb.js';
import { GitRemoteService } from './services/gitRemoteService.js';
import { ContentStore } from './storage/contentStore.js';
import { loadSecretKey } from './storage/secretKeyFile.js';
import { InboxRepo } from './storage/sqlite/inboxRepo.js';
import { PartitionsRepo } from './storage/sqlite/partitionsRepo.js';
import { SourcesRepo } from './storage/sqlite/sourcesRepo.js';
import { ChatImportService } from './services/chatImportService.js';
import { InboxService } from './services/inboxService.js';
import { ExtractionPool } from './infra/extractionPool.js';
import { PartitionsService } from './services/partitionsService.js';
import { SourcesService } from './services/sourcesService.js';
import { SecretBox } from './services/secretBox.js';
import { FilingService } from './services/filingService.js';
import { LlmClient } from './infra/llmClient.js';
import { LlmReranker } from './services/searchReranker.js';
import { FilingRepo } from './storage/sqlite/filingRepo.js';
import { EmbeddingContextHook } from './storage/sqlite/embeddingContextHook.js';
import { EmbeddingRepo } from './storage/sqlite/embeddingRepo.js';
import { LinkGraphRepo } from './storage/sqlite/linkGraphRepo.js';
import { SearchIndexRepo } from './storage/sqlite/searchIndexRepo.js';
import { EmbeddingService } from './services/embeddings/embeddingService.js';
import { ReindexService } from './services/reindexService.js';
import { IndexReconciler } from './storage/indexReconciler.js';
import { SearchService } from './services/searchService.js';
import { SearchThreads } from './services/searchThreads.js';
import { GraphService } from './services/graphService.js';
import { EventsRepo } from './storage/sqlite/eventsRepo.js';
import { EventFeed } from './services/eventFeed.js';
import { EventStreams } from './services/eventStreams.js';
import { WebhooksService } from './services/webhooksService.js';
import { WebhookDispatcher } from './services/webhookDispatcher.js';
import { OutboundGuard } from './services/webhookSender.js';
import { FilesService } from './services/filesService.js';
import { FileStaging } from './storage/fileStaging.js';
import { FileIndexRepo } from './storage/sqlite/fileIndexRepo.js';

/** An index transaction with at least this many page changes is bulk work: the WAL is truncated after it. */
const BULK_INDEX_CHANGES = 500;

export interface Container {
  config: Config;
  /** The SQLite file's connection, or the PostgreSQL bridge when BRAINKEEP_DATABASE_URL is set. */
  db: SyncDb;
  /** Which backend, its extensions, and whether vector search is on (/readyz, the start-up log). */
  database: DatabaseStatus;
  /** SQLite's WAL checkpoints off the event loop; nothing on PostgreSQL. */
  checkpointer: Checkpointer;
  repos: RepoRegistry;
  audit: AuditRepo;
  brainsRepo: BrainsRepo;
  identityRepo: IdentityRepo;
  pageIndex: PageIndexRepo;
  writes: WritePath;
  access: AccessService;
  identity: IdentityService;
  brains: BrainsService;
  pages: PagesService;
  credentials: CredentialsService;
  members: MembersService;
  sessions: SessionService;
  oauth: OAuthService;
  opsRepo: OpsRepo;
  health: HealthService;
  backups: BackupService;
  gitRemote: GitRemoteService;
  contentStore: ContentStore;
  inboxRepo: InboxRepo;
  partitionsRepo: PartitionsRepo;
  inbox: InboxService;
  /** ChatGPT and Claude exports into the inbox, one item per conversation. */
  chatImports: ChatImportService;
  /** PDF, DOCX and HTML text extraction on worker threads, with time, memory and inflation limits. */
  extraction: ExtractionPool;
  partitions: PartitionsService;
  sources: SourcesService;
  filing: FilingService;
  searchIndex: SearchIndexRepo;
  linkGraph: LinkGraphRepo;
  embeddings: EmbeddingService;
  search: SearchService;
  /** Exact searches on threads of their own (BRAINKEEP_SEARCH_THREADS). */
  searchThreads: SearchThreads;
  graph: GraphService;
  events: EventsRepo;
  /** This process's reader of the brain event log (woken by its own writes, polling for others'). */
  eventFeed: EventFeed;
  eventStreams: EventStreams;
  webhooks: WebhooksService;
  /** Started by the server only (startService); CLI processes leave delivery to it. */
  webhookDispatcher: WebhookDispatcher;
  /** Leases on jobs that one node runs at a time (cron leadership, a subscription's deliveries). */
  leases: LeaseRepo;
  /** The nodes sharing the database and the repository volume (PostgreSQL; one node on SQLite). */
  cluster: ClusterService;
  /** Notices of other nodes' changes (PostgreSQL: LISTEN/NOTIFY; SQLite: this process only). */
  changes: ChangeBus;
  /** Rate-limit counters every node shares (PostgreSQL); null: each limiter keeps them in memory (SQLite, one node). */
  sharedLimits: SharedBuckets | null;
  /** Attachments: upload, read, list, delete; PDF text for search. */
  files: FilesService;
  reindex: ReindexService;
  /** Finish pending writes, catch every brain's index up with its repository. */
  recover(): Promise<{ finished: number; discarded: number }>;
  close(): Promise<void>;
}

/**
 * What the adapters (http, mcp, git-http, web, jobs, cli) are handed: the services and the
 * configuration. The storage objects the services are built on stay in the container.
 */
export type Services = Omit<Container, StorageParts | 'close'>;
type StorageParts = 'db' | 'checkpointer' | 'repos' | 'audit' | 'brainsRepo' | 'identityRepo' | 'pageIndex' | 'writes' | 'opsRepo' | 'contentStore' | 'inboxRepo' | 'partitionsRepo' | 'searchIndex' | 'linkGraph' | 'events';

/**
 * Throws when the configured backend cannot run this version or this CLI command (BRAINKEEP_DATABASE_URL
 * set while parts are SQLite only; `backup` and `restore`, which handle the SQLite file itself).
 * Called before anything touches the data folder: by buildContainer, and by the CLI before any
 * command (a restore writes the data folder before it builds a container).
 */
export function checkBackendReady(config: Config, command?: string): void {
  if (!config.databaseUrl) return;
  const notReady = postgresNotReady() ?? (command ? refusedOnPostgres(command) : null);
  if (notReady) throw new Error(notReady);
}

/**
 * `log`: the server's logger, handed to the services that log failures of their own (the server
 * passes its own; a CLI process or a test that passes none logs nothing).
 */
export function buildContainer(config: Config, log: Logger = silentLogger()): Container {
  // Before anything is created in the data folder: a node must not start half on PostgreSQL.
  checkBackendReady(config);
  // SQLite in the data folder, or PostgreSQL (connected, extensions checked, migrated) before
  // anything is created in the data folder.
  const opened = openNodeDatabase(config);
  // What is open so far, closed (last first) when a later step throws: a node that fails to start
  // must not leave a connection, its thread or a listening session behind.
  const opening: Closer[] = [() => opened.close()];
  try {
    return assembleContainer(config, log, opened, opening);
  } catch (e) {
    void closeInTurn(opening.reverse());
    throw e;
  }
}

type Closer = () => Promise<void> | void;

/**
 * A disabled pino logger for a process that passes none, made (and pino, ~25 files, required) on
 * the first call that reaches it: a CLI command on a healthy data folder never logs.
 */
function silentLogger(): Logger {
  let made: Logger | null = null;
  const real = (): Logger => (made ??= (createRequire(import.meta.url)('pino') as typeof import('pino')).pino({ enabled: false }));
  return new Proxy({} as Logger, {
    get(_target, key) {
      const logger = real();
      const value = Reflect.get(logger, key, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
    has: (_target, key) => Reflect.has(real(), key),
  });
}

/** Run every closer in turn, each even when one before it failed; rethrow the first failure. */
async function closeInTurn(closers: Closer[]): Promise<void> {
  let first: unknown = null;
  for (const close of closers) {
    try {
      await close();
    } catch (e) {
      first ??= e;
    }
  }
  if (first !== null) throw first;
}

function assembleContainer(config: Config, log: Logger, opened: OpenedDatabase, opening: Closer[]): Container {
  const { db, checkpointer } = opened;
  for (const note of opened.notes) log.info(note);
  for (const warning of opened.warnings) log.warn(warning);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const repos = new RepoRegistry(config.dataDir, config.fsync);
  const audit = new AuditRepo(db);
  const brainsRepo = new BrainsRepo(db);
  const identityRepo = new IdentityRepo(db);
  const brainConfig = new BrainConfigCache(repos);
  const pageIndex = new PageIndexRepo(db, brainConfig);
  // On PostgreSQL writes to a brain are serialised across nodes by a session lock on a connection
  // of its own (docs/postgres.md); the index transactions that add page changes and events still
  // take the global write lock, so their seq order is commit order. On SQLite there is none.
  const nodeLock = openNodeWriteLock(db, config.databaseUrl);
  opening.push(() => nodeLock.close());
  // Other nodes' changes, heard on PostgreSQL through LISTEN/NOTIFY: the configuration and search
  // caches consult it (attached to db); the event feed and the schema cache subscribe below.
  const changes = openChangeBus(db, config.databaseUrl, { onError: (e) => log.warn({ err: e }, 'change notices: %s', e.message) });
  opening.push(() => changes.close());
  const writes = new WritePath(db, repos, pageIndex, audit, config.writeGroup, nodeLock.lock);
  const access = new AccessService(brainsRepo);
  const identity = new IdentityService(identityRepo, audit);
  const brains = new BrainsService(brainsRepo, repos, writes, access, audit, brainConfig, { trashDays: config.trashDays });
  // Writes that leave .brain/ alone carry the cached schema forward to their commit.
  writes.onBuilt((brainId, base, commit, paths) => brainConfig.noteCommit(brainId, base, commit, paths, { landed: false }));
  writes.onCommitted((brainId, base, commit, paths) => brainConfig.noteCommit(brainId, base, commit, paths));
  // After bulk work (an import, a push or reindex of many pages) the WAL is emptied, not left at the
  // size of the largest transaction.
  writes.onIndexed((_brainId, changes) => {
    if (changes >= BULK_INDEX_CHANGES) void checkpointer.truncate();
  });
  const pages = new PagesService(access, brains, pageIndex, writes, repos);
  const credentials = new CredentialsService(access, identity);
  const members = new MembersService(access, brainsRepo, identityRepo, audit, db);
  // Several nodes count one caller's requests and failed sign-ins together: in the database on PostgreSQL.
  const sharedLimits = isPostgres(db) ? new RateLimitRepo(db) : null;
  const sessions = new SessionService(new SessionsRepo(db), identityRepo, identity, audit, sharedLimits ?? undefined);
  const oauth = new OAuthService(new OAuthRepo(db), identityRepo, identity, audit, () => config.baseUrl);
  identity.addTokenVerifier((token) => oauth.actorForToken(token));
  const opsRepo = new OpsRepo(db);
  const health = new HealthService(opsRepo, repos, () => cluster.problems());
  const backups = new BackupService({
    dataDir: config.dataDir,
    ops: opsRepo,
    repos,
    writes,
    brains,
    slugOf: (id) => brainsRepo.byId(id)?.slug ?? id,
    reconcile: (id) => reconciler.reconcile(id),
  });
  const gitRemote = new GitRemoteService(access, brains, repos, writes, { dataDir: config.dataDir, fsync: config.fsync, maxFileBytes: config.maxFileBytes });
  const contentStore = new ContentStore(config.dataDir, config.fsync);
  const inboxRepo = new InboxRepo(db);
  const partitionsRepo = new PartitionsRepo(db);
  const partitions = new PartitionsService(db, partitionsRepo, inboxRepo, contentStore, access, brains, pages, pageIndex, audit);
  const extraction = new ExtractionPool(config.extraction);
  const inbox = new InboxService(inboxRepo, contentStore, access, partitions, audit, extraction);
  // A purged brain's inbox content goes with it, apart from bytes another brain's items share.
  brains.onPurge((brainId) => inbox.contentPurge(brainId));
  const chatImports = new ChatImportService(access, inbox, contentStore, {
    maxBytes: config.importMaxBytes,
    zip: { maxInflatedBytes: config.importMaxBytes, maxEntries: Math.max(config.extraction.maxEntries, 100_000) },
  }, log);
  const secretBox = new SecretBox(() => loadSecretKey(config.dataDir, config.secretKey));
  const sources = new SourcesService(new SourcesRepo(db), secretBox, access, inbox, partitions, audit);
  const llm = config.llm.url && config.llm.model ? new LlmClient({ url: config.llm.url, model: config.llm.model, apiKey: config.llm.apiKey }) : null;
  const filing = new FilingService({ access, brains, pages, pageIndex, repos, inboxRepo, partitionsRepo, filingRepo: new FilingRepo(db), llm, options: { maxAttempts: config.filingMaxAttempts, leaseMs: 10 * 60_000, backoffMs: 30_000 } });
  inbox.onItemQueued((brainId, itemId, cause) => filing.itemQueued(brainId, itemId, cause));
  const embeddingRepo = new EmbeddingRepo(db);
  const searchIndex = new SearchIndexRepo(db, embeddingRepo);
  const linkGraph = new LinkGraphRepo(db);
  const embeddingContext = new EmbeddingContextHook(db, embeddingRepo, (brainId, page, derived) => linkGraph.keepsRows(brainId, page, derived));
  pageIndex.addHook(searchIndex);
  pageIndex.addHook(embeddingContext.before);
  pageIndex.addHook(linkGraph);
  pageIndex.addHook(embeddingContext.after);
  const fileIndex = new FileIndexRepo(db);
  const reconciler = new IndexReconciler({ db, repos, index: pageIndex, files: fileIndex, ops: opsRepo, writes, slice: config.reindexSlice });
  pageIndex.addHook(fileIndex);
  const fileStaging = new FileStaging(config.dataDir);
  const files = new FilesService(access, fileIndex, writes, repos, fileStaging, extraction, config.maxFileBytes, log);
  // PDFs that reached the index (upload, push, catch-up) get their text extracted for search.
  writes.onIndexed(() => files.indexText());
  const embeddings = new EmbeddingService(brainsRepo, embeddingRepo, config);
  brains.onEmbeddingChanged(() => searchIndex.notifyQueued());
  const graph = new GraphService(access, pageIndex, linkGraph, searchIndex);
  const search = new SearchService(access, searchIndex, linkGraph, embeddingRepo, embeddings, graph, (brainId) => ({
    rules: brains.relationRulesOf(brainId),
    folders: brains.cachedSchema(brainId)?.folders ?? [],
    partitions: partitionsRepo.active(brainId),
  }), rerankerFor(config), (brainId) => (brains.cachedSchema(brainId) ? null : brains.schemaOf(brainId)));
  filing.useResolver(graph);
  const events = new EventsRepo(db);
  // A rebuild's replayed history is not news: it is kept out of the event log (migration 017).
  pageIndex.addHook({ pagePut: () => {}, pageRemoved: () => {}, brainCleared: (brainId) => events.muteReplayedHistory(brainId) });
  const eventFeed = new EventFeed(events);
  // Every index transaction (API writes, pushes, catch-up) may have added events: read them now.
  writes.onCommitted(() => eventFeed.wake());
  writes.onIndexed(() => eventFeed.wake());
  inbox.onItemQueued(() => eventFeed.wake());
  followChanges(changes, { eventFeed, brainConfig });
  // Other nodes re-read a brain's schema when its `.brain/` changed: by a write here, or by commits
  // the index caught up with (a git push, which moves the branch outside the write path).
  const publishSchema = (brainId: string, paths: string[]) => {
    if (paths.some((p) => p.startsWith('.brain/'))) void changes.publish('schema', brainId);
  };
  writes.onCommitted((brainId, _base, _commit, paths) => publishSchema(brainId, paths));
  writes.onCaughtUp(publishSchema);
  const eventStreams = new EventStreams(events, eventFeed, access);
  const outboundGuard = new OutboundGuard(config.webhookAllowPrivate);
  const webhooks = new WebhooksService(events, secretBox, access, audit, outboundGuard);
  const leases = new LeaseRepo(db);
  const cluster = new ClusterService(isPostgres(db) ? new ClusterRepo(db) : null, config.dataDir);
  // Several nodes on one repository volume: one node at a time rewrites a brain's packs.
  gitRemote.useLeases(leases, cluster.nodeId); // the holder is the node doctor lists
  const webhookDispatcher = new WebhookDispatcher(events, eventFeed, secretBox, outboundGuard, { retryBaseMs: config.webhookRetryBaseMs }, undefined, audit, leases);
  webhooks.onChanged(() => webhookDispatcher.sync());
  search.useFileText(fileIndex);
  // With BRAINKEEP_DATABASE_URL the state belongs in PostgreSQL, which a thread's SQLite reader would
  // not see (docs/postgres.md): no threads, every search on the event loop.
  const searchThreads = new SearchThreads(search, access, opened.sqliteFile, config, config.searchThreads, log, config.searchThreadTimeoutMs);
  graph.useFiles(fileIndex);
  const reindex = new ReindexService({ brains, allBrains: () => brainsRepo.all(), pageIndex, searchIndex, writes, embeddings, checkpointer, reconciler });

  let closed = false;
  return {
    config,
    db,
    database: opened.status,
    checkpointer,
    repos,
    audit,
    brainsRepo,
    identityRepo,
    pageIndex,
    writes,
    access,
    identity,
    brains,
    pages,
    credentials,
    members,
    sessions,
    oauth,
    opsRepo,
    health,
    backups,
    gitRemote,
    contentStore,
    inboxRepo,
    partitionsRepo,
    inbox,
    chatImports,
    extraction,
    partitions,
    sources,
    filing,
    searchIndex,
    linkGraph,
    embeddings,
    search,
    searchThreads,
    graph,
    events,
    eventFeed,
    eventStreams,
    webhooks,
    webhookDispatcher,
    leases,
    cluster,
    changes,
    sharedLimits,
    files,
    reindex,
    async recover() {
      const ids = brainsRepo.all().map((b) => b.id);
      for (const id of ids) await brains.schemaOf(id);
      contentStore.sweepTemp();
      fileStaging.sweep();
      const recovered = await writes.recover(ids);
      // An in-place reconcile (reindex, doctor --repair) stopped between its slices left its brain
      // marked: its index says the head while later slices' pages are missing or stale. Finish it.
      for (const id of pageIndex.brainsReconciling()) {
        try {
          await reconciler.reconcile(id);
        } catch (e) {
          log.warn({ brainId: id, err: e }, 'an unfinished reindex of this brain could not be finished at start; run `brainkeep reindex`');
        }
      }
      // PDFs pushed or uploaded before a restart whose text was not extracted yet, or failed for no fault of their own.
      files.resumeText();
      return recovered;
    },
    async close() {
      if (closed) return;
      closed = true;
      // Each step runs even when one before it failed: the database is closed whatever happened.
      await closeInTurn([
        () => eventStreams.closeAll(),
        () => webhookDispatcher.stop(),
        () => eventFeed.close(),
        () => writes.drained(),
        () => gitRemote.close(),
        () => files.close(),
        () => searchThreads.close(),
        () => extraction.close(),
        () => contentStore.close(),
        () => checkpointer.stop(),
        () => nodeLock.close(),
        () => changes.close(),
        () => opened.close(),
      ]);
    },
  };
}

/**
 * What a node does on a notice of another node's change (on SQLite only this process publishes):
 * new events wake the event feed (SSE, MCP notifications and webhooks see another node's write at
 * once, not at the next poll); a brain's `.brain/` changed at a commit re-reads its schema; after a
 * lost connection (a resync) both, for every brain. The caches on the database consult the bus's
 * versions themselves (configCache.ts, searchIndexRepo).
 */
function followChanges(bus: ChangeBus, c: { eventFeed: EventFeed; brainConfig: BrainConfigCache }): void {
  const reread = (brainId: string) => void c.brainConfig.schemaOf(brainId).catch(() => {});
  bus.subscribe((n) => {
    if (n.kind === 'resync') {
      c.eventFeed.wake();
      for (const id of c.brainConfig.cachedBrains()) reread(id);
    } else if (n.topic === 'events') c.eventFeed.wake();
    else if (n.topic === 'schema' && c.brainConfig.cachedSchema(n.detail)) reread(n.detail);
  });
}

/** The hybrid search reranker BRAINKEEP_SEARCH_RERANK asks for (off by default). */
function rerankerFor(config: Config): LlmReranker | null {
  const r = config.searchRerank;
  if (r.mode !== 'llm' || !config.llm.url || !config.llm.model) return null;
  return new LlmReranker(new LlmClient({ url: config.llm.url, model: config.llm.model, apiKey: config.llm.apiKey, timeoutMs: r.timeoutMs }), r.depth);
}
