import { chunkTextsOf } from '../../../domain/pageDerivation.js';
import { cjkBigrams, foldScripts, hasCjk } from '../../../domain/scriptFolding.js';
import type { Migration } from './index.js';

// Search in any script (issue 24; domain/scriptFolding.ts): the word tables get Greek accents and
// the Cyrillic ё folded before indexing, and CJK runs get a bigram table of their own beside them,
// contentless like the others (issue 28 watches the index size: only chunks with CJK text have a
// row in it). The chunks of pages with such text are indexed again here: taken out of the word
// tables with the values they went in with, put back folded.
export const m026AnyScript: Migration = {
  version: 26,
  name: 'any-script',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE search_fts_cjk USING fts5(
        title, heading, body, meta,
        content = '',
        tokenize = 'unicode61 remove_diacritics 2'
      );
    `);
    const touched = /[\u0370-\u03ff\u1f00-\u1fff\u0401\u0451\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
    const pages = (db.prepare('SELECT id, path, title, markdown FROM pages').all() as Array<{ id: number; path: string; title: string; markdown: string }>).filter(
      (p) => touched.test(p.markdown) || touched.test(p.title),
    );
    if (!pages.length) return;
    const chunksOf = db.prepare('SELECT id, page_id AS pageId, ordinal, heading, meta FROM search_chunks WHERE page_id = ?');
    const statements = (t: string) => ({
      del: db.prepare(`INSERT INTO ${t} (${t}, rowid, title, heading, body, meta) VALUES ('delete', ?, ?, ?, ?, ?)`),
      ins: db.prepare(`INSERT INTO ${t} (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)`),
    });
    const words = [statements('search_fts'), statements('search_fts_stem')];
    const cjk = statements('search_fts_cjk');
    for (const p of pages) {
      const rows = (chunksOf.all(p.id) as Array<{ id: number; pageId: number; ordinal: number; heading: string; meta: string }>).map((r) => ({ ...r, path: p.path, markdown: p.markdown }));
      const texts = chunkTextsOf(rows);
      for (const r of rows) {
        const cols = [p.title, r.heading, texts.get(r.id) ?? '', r.meta];
        const folded = cols.map(foldScripts);
        if (folded.some((f, i) => f !== cols[i])) {
          for (const w of words) {
            w.del.run(r.id, ...cols);
            w.ins.run(r.id, ...folded);
          }
        }
        if (cols.some(hasCjk)) cjk.ins.run(r.id, ...cols.map(cjkBigrams));
      }
    }
  },
};
