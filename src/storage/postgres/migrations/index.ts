// PostgreSQL migrations: their own numbering, independent of SQLite's (the two schemas are kept
// equivalent table by table, not statement by statement). Applied in order on open.
import type { PostgresDb } from '../pgBridge.js';
import { p001State } from './001_state.js';
import { p002Sources } from './002_sources.js';
import { p003Events } from './003_events.js';
import { p004Leases } from './004_leases.js';
import { p005PageIndex } from './005_page_index.js';
import { p006Files } from './006_files.js';
import { p007PageFileEvents } from './007_page_file_events.js';
import { p008LinkGraph } from './008_link_graph.js';
import { p009Search } from './009_search.js';
import { p010SearchTerms } from './010_search_terms.js';
import { p013ChangeNotify } from './013_change_notify.js';
import { p014RateLimits } from './014_rate_limits.js';
import { p015IndexNotifyPerBrain } from './015_index_notify_per_brain.js';
import { p016Nodes } from './016_nodes.js';
import { p017PageDerivation } from './017_page_derivation.js';
import { p018EmbedQueueGeneration } from './018_embed_queue_generation.js';
import { p019FileTextError } from './019_file_text_error.js';

export interface PgMigration {
  version: number;
  name: string;
  up(db: PostgresDb): void;
}

/**
 * Every table the migrations above create (and nothing else: the database may be shared with other
 * applications' tables, which Brainkeep never empties). A migration that adds a table adds it here;
 * migrateToPostgres.test.ts checks the list against a freshly migrated database. The per-size vector
 * tables are made on first use (BRAINKEEP_VECTOR_TABLE).
 */
export const BRAINKEEP_PG_TABLES: readonly string[] = [
  'workspace', 'users', 'brains', 'members', 'credentials', 'audit', 'web_sessions', 'oauth_clients', 'oauth_codes', 'oauth_requests', 'oauth_tokens',
  'partitions', 'inbox_items', 'inbox_texts', 'ingest_sources', 'brain_events', 'brain_event_mutes', 'webhooks', 'webhook_deliveries', 'leases',
  'pages', 'page_changes', 'pending_writes', 'files', 'file_text', 'file_links', 'search_page_keys', 'search_link_targets', 'search_links',
  'search_chunks', 'page_tags', 'page_fields', 'search_embed_models', 'search_embeddings', 'search_page_vectors', 'search_embed_queue',
  'search_embed_state', 'search_brain_terms_state', 'search_brain_terms', 'search_terms', 'rate_buckets', 'rate_windows', 'login_failures',
  'cluster_facts', 'nodes', 'schema_migrations',
];
/** The vector tables of one size each (embeddingRepo: vec_chunks_<n>, vec_pages_<n>). */
export const BRAINKEEP_VECTOR_TABLE = /^vec_(chunks|pages)_\d+$/;

export function isBrainkeepPgTable(name: string): boolean {
  return BRAINKEEP_PG_TABLES.includes(name) || BRAINKEEP_VECTOR_TABLE.test(name);
}

export const PG_MIGRATIONS: PgMigration[] = [
  p001State,
  p002Sources,
  p003Events,
  p004Leases,
  p005PageIndex,
  p006Files,
  p007PageFileEvents,
  p008LinkGraph,
  p009Search,
  p010SearchTerms,
  p013ChangeNotify,
  p014RateLimits,
  p015IndexNotifyPerBrain,
  p016Nodes,
  p017PageDerivation,
  p018EmbedQueueGeneration,
  p019FileTextError,
];
