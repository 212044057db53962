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

export interface PgMigration {
  version: number;
  name: string;
  up(db: PostgresDb): void;
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
];
