// Versioned migrations. Each file owns one version number; applied in order on open.
import type Database from 'better-sqlite3';
import { m001Core } from './001_core.js';
import { m002Search } from './002_search.js';
import { m003Inbox } from './003_inbox.js';
import { m004Filing } from './004_filing.js';
import { m005OAuth } from './005_oauth.js';
import { m006InboxWrites } from './006_inbox_writes.js';
import { m007LinkGraphWrites } from './007_link_graph_writes.js';
import { m008InboxExternalId } from './008_inbox_external_id.js';
import { m009TypedLinks } from './009_typed_links.js';
import { m010NamesEveryScript } from './010_names_every_script.js';
import { m011CompactBrainTerms } from './011_compact_brain_terms.js';
import { m012InboxRevisions } from './012_inbox_revisions.js';
import { m015TermVocabulary } from './015_term_vocabulary.js';
import { m016BrainTerms } from './016_brain_terms.js';
import { m017Events } from './017_events.js';
import { m020ContentlessFts } from './020_contentless_fts.js';
import { m021CompactLinks } from './021_compact_links.js';
import { m022PageFieldVectors } from './022_page_field_vectors.js';
import { m024BrainTrash } from './024_brain_trash.js';
import { m023Files } from './023_files.js';
import { m025PageFacets } from './025_page_facets.js';
import { m026AnyScript } from './026_any_script.js';
import { m028VocabularyWords } from './028_vocabulary_words.js';
import { m029Int8Vectors } from './029_int8_vectors.js';
import { m030CompactVectorRecords } from './030_compact_vector_records.js';
import { m031PageDerivation } from './031_page_derivation.js';
import { m032PackedMarkdown } from './032_packed_markdown.js';
import { m034RelativeLinks } from './034_relative_links.js';
import { m035EmbedQueueGeneration } from './035_embed_queue_generation.js';
import { m036FileTextError } from './036_file_text_error.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
  /** A migration that rewrites much of the file: the WAL it filled is truncated once it has run. */
  checkpointAfter?: boolean;
}

export const MIGRATIONS: Migration[] = [m001Core, m002Search, m003Inbox, m004Filing, m005OAuth, m006InboxWrites, m007LinkGraphWrites, m008InboxExternalId, m009TypedLinks, m010NamesEveryScript, m011CompactBrainTerms, m012InboxRevisions, m015TermVocabulary, m016BrainTerms, m017Events, m020ContentlessFts, m021CompactLinks, m022PageFieldVectors, m023Files, m024BrainTrash, m025PageFacets, m026AnyScript, m028VocabularyWords, m029Int8Vectors, m030CompactVectorRecords, m031PageDerivation, m032PackedMarkdown, m034RelativeLinks, m035EmbedQueueGeneration, m036FileTextError];
