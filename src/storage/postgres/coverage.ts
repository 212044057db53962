// How much of Brainkeep's database runs on PostgreSQL in this version. The server (and every CLI
// command) would refuse BRAINKEEP_DATABASE_URL while anything is left in NOT_ON_POSTGRES: half the
// state in PostgreSQL and half in a node's own SQLite file would silently diverge between nodes.
// Nothing is left; the commands that handle the SQLite file itself (backup, restore) are refused.

/** Repositories that serve both backends through one module, and the tables they own. */
export const ON_POSTGRES: ReadonlyArray<{ repo: string; tables: string }> = [
  { repo: 'identityRepo', tables: 'workspace, users, credentials' },
  { repo: 'brainsRepo', tables: 'brains, members' },
  { repo: 'auditRepo', tables: 'audit' },
  { repo: 'partitionsRepo', tables: 'partitions' },
  { repo: 'inboxRepo', tables: 'inbox_items, inbox_texts' },
  { repo: 'sessionsRepo', tables: 'web_sessions' },
  { repo: 'oauthRepo', tables: 'oauth_clients, oauth_codes, oauth_requests, oauth_tokens' },
  { repo: 'sourcesRepo', tables: 'ingest_sources' },
  { repo: 'filingRepo', tables: "the filing pass's claims on inbox_items (FOR UPDATE SKIP LOCKED)" },
  { repo: 'eventsRepo', tables: 'brain_events (inbox, page and file triggers), brain_event_mutes, webhooks, webhook_deliveries' },
  { repo: 'opsRepo', tables: 'storage statistics (pg_total_relation_size) and health checks' },
  { repo: 'pageIndexRepo', tables: 'pages, page_changes, pending_writes' },
  { repo: 'fileIndexRepo', tables: 'files, file_links, file_text (PDF text matched as a tsvector)' },
  { repo: 'leaseRepo', tables: 'leases (cron leadership, webhook subscriptions, git maintenance per brain)' },
  { repo: 'rateLimitRepo', tables: 'rate_buckets, rate_windows, login_failures (PostgreSQL only: rate limits shared by the nodes)' },
  {
    repo: 'searchIndexRepo',
    tables: 'search_chunks (words as weighted tsvectors, folded as unicode61 folds them; CJK runs through pg_trgm), search_terms (word counts), page_tags, page_fields',
  },
  {
    repo: 'embeddingRepo',
    tables: 'vec_chunks_<n>, vec_pages_<n> (pgvector HNSW; exact search only without pgvector), search_embeddings, search_page_vectors, search_embed_queue, search_embed_state, search_embed_models, search_brain_terms',
  },
  { repo: 'linkGraphRepo', tables: 'search_page_keys, search_link_targets, search_links (links and the graph)' },
];

/** What still runs only on SQLite (empty: the server and every CLI command run on PostgreSQL, apart from SQLITE_ONLY_COMMANDS). */
export const NOT_ON_POSTGRES: ReadonlyArray<{ repo: string; tables: string }> = [];

/**
 * CLI commands that work on the SQLite file itself and so cannot run with BRAINKEEP_DATABASE_URL
 * set, with what to do instead.
 */
export const SQLITE_ONLY_COMMANDS: Readonly<Record<string, string>> = {
  backup:
    '`brainkeep backup` snapshots the SQLite database file; with BRAINKEEP_DATABASE_URL set the state is in PostgreSQL. Back up with pg_dump plus a copy of the repositories (docs/postgres.md).',
  restore:
    '`brainkeep restore` puts a backup\'s SQLite database file back; it cannot restore onto PostgreSQL (BRAINKEEP_DATABASE_URL is set). Restore PostgreSQL with pg_restore and the repositories from their copy, or unset BRAINKEEP_DATABASE_URL to restore onto SQLite (docs/postgres.md).',
};

/** Why `command` cannot run with BRAINKEEP_DATABASE_URL set, or null when it can. */
export function refusedOnPostgres(command: string): string | null {
  return SQLITE_ONLY_COMMANDS[command] ?? null;
}

/** Why the server does not start with BRAINKEEP_DATABASE_URL set; null once everything is ported. */
export function postgresNotReady(): string | null {
  if (!NOT_ON_POSTGRES.length) return null;
  const on = ON_POSTGRES.map((p) => p.tables).join('; ');
  const missing = NOT_ON_POSTGRES.map((p) => `${p.repo}: ${p.tables}`).join('; ');
  return (
    'BRAINKEEP_DATABASE_URL is set, but this version cannot yet keep all of its state and index on PostgreSQL. ' +
    `On PostgreSQL so far: ${on}. Still SQLite only: ${missing}. ` +
    'Unset BRAINKEEP_DATABASE_URL to run on SQLite (docs/postgres.md).'
  );
}
