// The only reader of process.env. Every knob is typed, defaulted and listed in the README table.
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseUrl: string;
  ownerEmail: string;
  rateLimitPerMinute: number;
  /** Budgets of the shared limiter (src/http/middleware/rateLimit.ts); README "Rate limits". */
  rateLimits: {
    /** Requests per minute per credential (refill rate), across REST, MCP and git. */
    perMinute: number;
    /** Requests a credential may make at once (bucket size). */
    burst: number;
    /** Git pack requests per minute per credential, beyond the one token each clone, fetch or push takes. */
    gitPerMinute: number;
    /** Webhook deliveries per minute per source. */
    ingestPerSource: number;
    /** Webhook deliveries per minute per client address. */
    ingestPerAddress: number;
  };
  filingCron: string;
  /** When the git maintenance job repacks every brain (`git gc --auto`); `off` disables it. */
  gitGcCron: string;
  /** Packs a brain may hold before they are folded into one between the scheduled passes (0: never). */
  gitPackLimit: number;
  /** Failed filing attempts of one item before it goes to Review with the error. */
  filingMaxAttempts: number;
  /** Days a deleted brain stays in the data folder's trash (restorable) before the purge. */
  trashDays: number;
  /** Largest chat export (conversations.json or the export zip) the import route takes, in bytes. */
  importMaxBytes: number;
  logLevel: string;
  fsync: boolean;
  /** Largest attachment (BRAINKEEP_MAX_FILE_BYTES, default 25 MB): over it an upload or push is refused (413). */
  maxFileBytes: number;
  /**
   * Group commit of page writes: writes to one brain that arrive while its commit is in flight
   * share the next commit. `max` writes at most per commit; `waitMs` how long a group that formed
   * behind a commit stays open for more (never applied when the brain is idle).
   */
  writeGroup: { max: number; waitMs: number };
  /** Pages or attachments `reindex` corrects per write transaction (storage/indexReconciler.ts). */
  reindexSlice: number;
  /**
   * Threads that run exact searches (`mode=exact`) on read-only connections of their own, off the
   * event loop (services/searchThreads.ts); 0 runs every search on the event loop (0 to 4).
   */
  searchThreads: number;
  /** A search's deadline on its thread (BRAINKEEP_SEARCH_THREAD_TIMEOUT_MS): past it the thread is ended and its searches run on the event loop. */
  searchThreadTimeoutMs: number;
  secretKey: string | null;
  /** BRAINKEEP_DATABASE_URL: PostgreSQL for the state and index (docs/postgres.md); null keeps SQLite in the data folder. */
  databaseUrl: string | null;
  /**
   * Which proxies in front may set X-Forwarded-For: false (none, the default), a hop count, or
   * a list of addresses and CIDR ranges (express's `trust proxy`).
   */
  trustProxy: false | number | string[];
  metricsToken: string | null;
  /** A listener of its own for /metrics (never behind the proxy); null: none. */
  metricsPort: number | null;
  /** Outbound webhooks: may they reach loopback, private and link-local addresses (BRAINKEEP_WEBHOOK_ALLOW_PRIVATE=1)? */
  webhookAllowPrivate: boolean;
  /** First retry delay of a failed webhook delivery; doubles each time, retried for 24 hours. */
  webhookRetryBaseMs: number;
  /** Extra host names /mcp accepts in Host/Origin besides the base URL's and loopback (DNS-rebinding guard). */
  allowedHosts: string[];
  /** MCP sessions (resource subscriptions) one caller may hold; its oldest idle one goes first beyond it. */
  mcpSessionsPerCaller: number;
  llm: { url: string | null; model: string | null; apiKey: string | null };
  /** The optional reranker of hybrid search's top candidates: off (default) or the configured LLM. */
  searchRerank: { mode: 'off' | 'llm'; depth: number; timeoutMs: number };
  embeddings: {
    openaiApiKey: string | null;
    openaiBaseUrl: string;
    azureEndpoint: string | null;
    azureApiKey: string | null;
    azureApiVersion: string;
    ollamaUrl: string;
    compatibleBaseUrl: string | null;
    compatibleApiKey: string | null;
    timeoutMs: number;
    retries: number;
    /** How often the idle embedding worker looks for work queued by another process. */
    pollMs: number;
  };
  /** Converted embedding models (the built-in GloVe vectors); default BRAINKEEP_DATA/models. */
  modelsDir: string;
  /** Text extraction of uploads (PDF, DOCX, HTML) on worker threads, and its limits. */
  extraction: {
    workers: number;
    timeoutMs: number;
    memoryMb: number;
    maxInflatedBytes: number;
    maxEntries: number;
    /** Largest PDF whose text is extracted (BRAINKEEP_MAX_PDF_TEXT_BYTES); a larger one is kept, its text not indexed. */
    maxPdfTextBytes: number;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT', 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = path.resolve(env.BRAINKEEP_DATA?.trim() || './brains');
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const rateLimitPerMinute = int(env.BRAINKEEP_RATE_LIMIT, 600, 'BRAINKEEP_RATE_LIMIT', 1, 10_000_000);
  const baseUrl = (env.BRAINKEEP_BASE_URL?.trim() || `http://${displayHost}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir,
    baseUrl,
    ownerEmail: env.BRAINKEEP_OWNER_EMAIL?.trim() || 'owner@brainkeep.local',
    rateLimitPerMinute,
    rateLimits: {
      perMinute: rateLimitPerMinute,
      burst: int(env.BRAINKEEP_RATE_BURST, rateLimitPerMinute, 'BRAINKEEP_RATE_BURST', 1, 10_000_000),
      gitPerMinute: int(env.BRAINKEEP_GIT_RATE_LIMIT, 3000, 'BRAINKEEP_GIT_RATE_LIMIT', 1, 10_000_000),
      ingestPerSource: int(env.BRAINKEEP_INGEST_RATE_LIMIT, 1200, 'BRAINKEEP_INGEST_RATE_LIMIT', 1, 10_000_000),
      ingestPerAddress: int(env.BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT, 2400, 'BRAINKEEP_INGEST_ADDRESS_RATE_LIMIT', 1, 10_000_000),
    },
    filingCron: env.BRAINKEEP_FILING_CRON?.trim() || '* * * * *',
    gitGcCron: env.BRAINKEEP_GC_CRON?.trim() || '17 3 * * *',
    // With the scheduled maintenance off, packs are rolled up only when a limit is set explicitly.
    gitPackLimit: int(env.BRAINKEEP_GC_PACK_LIMIT, env.BRAINKEEP_GC_CRON?.trim().toLowerCase() === 'off' ? 0 : 50, 'BRAINKEEP_GC_PACK_LIMIT', 0, 100_000),
    filingMaxAttempts: int(env.BRAINKEEP_FILING_MAX_ATTEMPTS, 5, 'BRAINKEEP_FILING_MAX_ATTEMPTS', 1, 100),
    trashDays: int(env.BRAINKEEP_TRASH_DAYS, 30, 'BRAINKEEP_TRASH_DAYS', 0, 36_500),
    importMaxBytes: int(env.BRAINKEEP_IMPORT_MAX_MB, 200, 'BRAINKEEP_IMPORT_MAX_MB', 1, 65_536) * 1024 * 1024,
    logLevel: env.BRAINKEEP_LOG_LEVEL?.trim() || 'info',
    fsync: env.BRAINKEEP_FSYNC?.trim() !== 'off',
    maxFileBytes: int(env.BRAINKEEP_MAX_FILE_BYTES, 25 * 1024 * 1024, 'BRAINKEEP_MAX_FILE_BYTES', 1, 2 * 1024 * 1024 * 1024),
    writeGroup: {
      max: int(env.BRAINKEEP_WRITE_GROUP_MAX, 32, 'BRAINKEEP_WRITE_GROUP_MAX', 1, 10_000),
      waitMs: int(env.BRAINKEEP_WRITE_GROUP_WAIT_MS, 0, 'BRAINKEEP_WRITE_GROUP_WAIT_MS', 0, 1000),
    },
    reindexSlice: int(env.BRAINKEEP_REINDEX_SLICE, 500, 'BRAINKEEP_REINDEX_SLICE', 1, 100_000),
    searchThreads: int(env.BRAINKEEP_SEARCH_THREADS, 0, 'BRAINKEEP_SEARCH_THREADS', 0, 4),
    searchThreadTimeoutMs: int(env.BRAINKEEP_SEARCH_THREAD_TIMEOUT_MS, 10_000, 'BRAINKEEP_SEARCH_THREAD_TIMEOUT_MS', 100, 600_000),
    secretKey: env.BRAINKEEP_SECRET_KEY?.trim() || null,
    databaseUrl: env.BRAINKEEP_DATABASE_URL?.trim() || null,
    trustProxy: trustProxy(env.BRAINKEEP_TRUST_PROXY),
    metricsToken: env.BRAINKEEP_METRICS_TOKEN?.trim() || null,
    metricsPort: env.BRAINKEEP_METRICS_PORT?.trim() ? int(env.BRAINKEEP_METRICS_PORT, 0, 'BRAINKEEP_METRICS_PORT', 0, 65535) : null,
    webhookAllowPrivate: env.BRAINKEEP_WEBHOOK_ALLOW_PRIVATE?.trim() === '1',
    webhookRetryBaseMs: int(env.BRAINKEEP_WEBHOOK_RETRY_MS, 1000, 'BRAINKEEP_WEBHOOK_RETRY_MS', 10, 3_600_000),
    allowedHosts: (env.BRAINKEEP_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    mcpSessionsPerCaller: int(env.BRAINKEEP_MCP_SESSIONS_PER_CALLER, 100, 'BRAINKEEP_MCP_SESSIONS_PER_CALLER', 1, 10_000),
    llm: {
      url: env.BRAINKEEP_LLM_URL?.trim() || null,
      model: env.BRAINKEEP_LLM_MODEL?.trim() || null,
      apiKey: env.BRAINKEEP_LLM_API_KEY?.trim() || null,
    },
    searchRerank: searchRerank(env),
    embeddings: {
      openaiApiKey: env.OPENAI_API_KEY?.trim() || null,
      openaiBaseUrl: (env.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1').replace(/\/+$/, ''),
      azureEndpoint: env.AZURE_OPENAI_ENDPOINT?.trim() || null,
      azureApiKey: env.AZURE_OPENAI_API_KEY?.trim() || null,
      azureApiVersion: env.AZURE_OPENAI_API_VERSION?.trim() || '2024-02-01',
      ollamaUrl: (env.OLLAMA_URL?.trim() || 'http://127.0.0.1:11434').replace(/\/+$/, ''),
      compatibleBaseUrl: env.BRAINKEEP_EMBEDDINGS_URL?.trim() || null,
      compatibleApiKey: env.BRAINKEEP_EMBEDDINGS_API_KEY?.trim() || null,
      timeoutMs: int(env.BRAINKEEP_EMBEDDINGS_TIMEOUT_MS, 30_000, 'BRAINKEEP_EMBEDDINGS_TIMEOUT_MS', 100, 600_000),
      retries: int(env.BRAINKEEP_EMBEDDINGS_RETRIES, 4, 'BRAINKEEP_EMBEDDINGS_RETRIES', 0, 20),
      pollMs: int(env.BRAINKEEP_EMBEDDINGS_POLL_MS, 1000, 'BRAINKEEP_EMBEDDINGS_POLL_MS', 10, 3_600_000),
    },
    modelsDir: path.resolve(env.BRAINKEEP_MODELS_DIR?.trim() || path.join(dataDir, 'models')),
    extraction: {
      workers: int(env.BRAINKEEP_EXTRACT_WORKERS, 1, 'BRAINKEEP_EXTRACT_WORKERS', 1, 64),
      timeoutMs: int(env.BRAINKEEP_EXTRACT_TIMEOUT_MS, 30_000, 'BRAINKEEP_EXTRACT_TIMEOUT_MS', 100, 3_600_000),
      memoryMb: int(env.BRAINKEEP_EXTRACT_MEMORY_MB, 512, 'BRAINKEEP_EXTRACT_MEMORY_MB', 32, 65_536),
      maxInflatedBytes: int(env.BRAINKEEP_EXTRACT_MAX_INFLATED_MB, 64, 'BRAINKEEP_EXTRACT_MAX_INFLATED_MB', 1, 65_536) * 1024 * 1024,
      maxEntries: int(env.BRAINKEEP_EXTRACT_MAX_ENTRIES, 5000, 'BRAINKEEP_EXTRACT_MAX_ENTRIES', 1, 1_000_000),
      maxPdfTextBytes: int(env.BRAINKEEP_MAX_PDF_TEXT_BYTES, 25 * 1024 * 1024, 'BRAINKEEP_MAX_PDF_TEXT_BYTES', 1, 2 * 1024 * 1024 * 1024),
    },
  };
}

/**
 * BRAINKEEP_TRUST_PROXY: empty, `false`, `0` or `none` trusts no proxy (X-Forwarded-For is
 * ignored); a number trusts that many hops in front of the server; otherwise a comma list of
 * addresses, CIDR ranges or express's names (`loopback`, `linklocal`, `uniquelocal`). `true`
 * means one hop: trusting every hop would let any client choose its own address.
 */
export function trustProxy(raw: string | undefined): false | number | string[] {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === 'none' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return int(v, 0, 'BRAINKEEP_TRUST_PROXY', 0, 64) || false;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((entry) => !isTrustEntry(entry));
  if (bad != null) {
    throw new Error(`BRAINKEEP_TRUST_PROXY must be a hop count or a comma list of addresses and CIDR ranges (got '${bad}')`);
  }
  return list;
}

function isTrustEntry(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [addr = '', bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits == null) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

function searchRerank(env: NodeJS.ProcessEnv): Config['searchRerank'] {
  const mode = (env.BRAINKEEP_SEARCH_RERANK?.trim() || 'off').toLowerCase();
  if (mode !== 'off' && mode !== 'llm') throw new Error(`BRAINKEEP_SEARCH_RERANK must be off or llm (got '${mode}')`);
  if (mode === 'llm' && !(env.BRAINKEEP_LLM_URL?.trim() && env.BRAINKEEP_LLM_MODEL?.trim())) {
    throw new Error('BRAINKEEP_SEARCH_RERANK=llm needs BRAINKEEP_LLM_URL and BRAINKEEP_LLM_MODEL');
  }
  return {
    mode,
    depth: int(env.BRAINKEEP_SEARCH_RERANK_DEPTH, 20, 'BRAINKEEP_SEARCH_RERANK_DEPTH', 2, 50),
    timeoutMs: int(env.BRAINKEEP_SEARCH_RERANK_TIMEOUT_MS, 5_000, 'BRAINKEEP_SEARCH_RERANK_TIMEOUT_MS', 100, 120_000),
  };
}

function int(raw: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (raw == null || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got '${raw}')`);
  }
  return n;
}
