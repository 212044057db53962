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
