import type { PostgresDb } from '../pgBridge.js';
import type { PgMigration } from './index.js';

// The indexed words with their chunk counts, as SQLite's fts5vocab reads them from the FTS5 index
// (docs/postgres.md, "Search on PostgreSQL"): `search_terms` holds each word of a brain's chunks
// (`search_chunks.words`' lexemes) and how many of its chunks hold it, kept by a row trigger on
// search_chunks (insert, delete, a change of words), so termDocs is an index lookup and
// termsStartingWith (typo candidates, asked with two-letter prefixes) a range scan in byte order
// (`term COLLATE "C"`), where ts_stat read every chunk holding a word with the prefix and COUNT(*)
// every chunk holding the word. A word no chunk of the brain holds any more is deleted.
export const p010SearchTerms: PgMigration = {
  version: 10,
  name: 'search_terms',
  up(db) {
    db.exec(`
      CREATE TABLE search_terms (
        term TEXT COLLATE "C" NOT NULL,
        brain_id TEXT NOT NULL REFERENCES brains(id) ON DELETE CASCADE,
        docs INTEGER NOT NULL,
        PRIMARY KEY (term, brain_id)
      );
      CREATE INDEX search_terms_brain ON search_terms (brain_id);

      CREATE FUNCTION search_terms_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE search_terms t SET docs = t.docs - 1 FROM unnest(OLD.words) u
            WHERE t.term = u.lexeme COLLATE "C" AND t.brain_id = OLD.brain_id;
          DELETE FROM search_terms t USING unnest(OLD.words) u
            WHERE t.term = u.lexeme COLLATE "C" AND t.brain_id = OLD.brain_id AND t.docs <= 0;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO search_terms (term, brain_id, docs) SELECT u.lexeme, NEW.brain_id, 1 FROM unnest(NEW.words) u
            ON CONFLICT (term, brain_id) DO UPDATE SET docs = search_terms.docs + 1;
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER search_terms_count AFTER INSERT OR DELETE OR UPDATE OF words, brain_id ON search_chunks
        FOR EACH ROW EXECUTE FUNCTION search_terms_count();

      INSERT INTO search_terms (term, brain_id, docs)
        SELECT u.lexeme, c.brain_id, COUNT(*) FROM search_chunks c, unnest(c.words) u GROUP BY u.lexeme, c.brain_id;
    `);
  },
};

/**
 * Fit the search index to the extensions the database has now (each open, after the migrations,
 * under the migration lock): migration 9 could only use what was there when it ran.
 * - brainkeep_unaccent calls unaccent and its dictionary by schema (unaccent's own, read here), so
 *   it does not depend on the caller's search_path (a pg_dump restore runs with an empty one).
 *   Made while unaccent was missing, it returned its input: it folds now, and the files' words
 *   indexed before do not (the note says so: `brainkeep reindex --full`).
 * - The pg_trgm index of CJK runs is made once pg_trgm is there.
 * Returns what changed, for the start log.
 */
export function fitSearchExtensions(db: PostgresDb): string[] {
  const notes: string[] = [];
  const current = db.queryRaw("SELECT prosrc FROM pg_proc WHERE proname = 'brainkeep_unaccent' AND pronamespace = CAST(current_schema() AS regnamespace)").rows[0]?.[0] as string | undefined;
  const wanted = db.queryRaw(
    `SELECT format('SELECT %I.unaccent(CAST(%L AS regdictionary), t)', n.nspname, quote_ident(n.nspname) || '.unaccent')
     FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`,
  ).rows[0]?.[0] as string | undefined;
  if (current !== undefined && wanted !== undefined && current.trim() !== wanted) {
    db.exec(`CREATE OR REPLACE FUNCTION brainkeep_unaccent(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS '${wanted.replace(/'/g, "''")}'`);
    if (current.trim() === 'SELECT t') notes.push('brainkeep_unaccent folds accents now that the unaccent extension is installed: files indexed before keep their accents (`brainkeep reindex --full` to fold them)');
  }
  const hasTrgm = db.queryRaw("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'").rows.length > 0;
  if (hasTrgm && db.queryRaw("SELECT to_regclass('search_chunks_cjk')").rows[0]?.[0] == null) {
    db.exec('CREATE INDEX IF NOT EXISTS search_chunks_cjk ON search_chunks USING gin (cjk gin_trgm_ops) WHERE cjk IS NOT NULL');
    notes.push('made the pg_trgm index of CJK text (search_chunks_cjk) now that pg_trgm is installed');
  }
  return notes;
}
