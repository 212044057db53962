// The FTS5 tables after a bulk import (one commit, one index transaction: every chunk's terms
// pending together, flushed to segments once at its end) hold exactly what writing the same pages
// one by one leaves (a transaction and a flush per page, and the segment merges between them):
// the same words with the same chunk and occurrence counts in each of the three tables, the same
// column sizes per chunk, and so the same ranked pages with the same bm25 scores for every
// question. Segment layout (merge and flush settings) must never show in an answer. Pages of the
// generated multilingual vault (bench/vaultGen.ts): Latin, Greek and Cyrillic (folded), and CJK
// text (the bigram table).
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import type { Db } from '../../src/storage/sqlite/database.js';
import { generateVault } from '../../bench/vaultGen.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGES = 80;

describe('FTS5 tables: a bulk import and page-by-page writes', function () {
  this.timeout(180_000);
  const pages = generateVault(PAGES).pages;
  let bulk: TestServer;
  let single: TestServer;
  before(async () => {
    bulk = await startTestServer();
    single = await startTestServer();
    await bulk.c.pages.importPages(SYSTEM_ACTOR, 'main', pages.map((p) => ({ path: p.path, content: Buffer.from(p.markdown) })));
    for (const p of pages) await single.c.pages.put(SYSTEM_ACTOR, 'main', { path: p.path, markdown: p.markdown });
  });
  after(async () => {
    await bulk?.stop();
    await single?.stop();
  });

  /** Each FTS5 table's words (term, chunks, occurrences) and each chunk's column sizes, by page and ordinal. */
  function index(s: TestServer): Record<string, unknown[]> {
    const db = s.c.db as unknown as Db;
    const out: Record<string, unknown[]> = {};
    for (const t of ['search_fts', 'search_fts_stem', 'search_fts_cjk']) {
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${t}_words USING fts5vocab(main, ${t}, 'row')`);
      out[`${t} words`] = db.prepare(`SELECT term, doc, cnt FROM temp.${t}_words ORDER BY term`).raw().all();
      out[`${t} sizes`] = db
        .prepare(`SELECT p.path, c.ordinal, hex(d.sz) FROM search_chunks c JOIN pages p ON p.id = c.page_id JOIN ${t}_docsize d ON d.id = c.id ORDER BY p.path, c.ordinal`)
        .raw()
        .all();
    }
    return out;
  }

  it('hold the same words, counts and column sizes in each table', () => {
    const a = index(bulk);
    const b = index(single);
    assert.equal(b['search_fts sizes']!.length >= PAGES, true, 'every page has its chunks');
    for (const t of ['search_fts', 'search_fts_stem', 'search_fts_cjk']) assert.ok(a[`${t} words`]!.length > 100, `${t} holds words`);
    for (const key of Object.keys(a)) assert.deepEqual(a[key], b[key], key);
  });

  it('rank the same pages with the same scores for every question', async () => {
    // Questions made of the index's own words (one word, and two words of different chunks), every
    // script the vault holds; asked in exact mode (bm25 over the three tables, no vectors).
    const db = bulk.c.db as unknown as Db;
    const words = (db.prepare('SELECT term FROM temp.search_fts_words WHERE length(term) > 2 ORDER BY doc DESC, term').pluck().all() as string[]).filter((_, i) => i % 7 === 0);
    const cjk = (db.prepare('SELECT term FROM temp.search_fts_cjk_words ORDER BY doc DESC, term').pluck().all() as string[]).filter((_, i) => i % 11 === 0);
    const questions = [...words.slice(0, 150), ...cjk.slice(0, 40), ...words.slice(0, 60).map((w, i) => `${w} ${words[(i * 13 + 5) % words.length]}`)];
    assert.ok(questions.length >= 200, `questions: ${questions.length}`);
    let found = 0;
    for (const q of questions) {
      const ask = async (s: TestServer) => (await s.c.search.search(SYSTEM_ACTOR, 'main', { q, mode: 'exact', limit: 20 })).hits.map((h) => [h.path, h.score]);
      const a = await ask(bulk);
      assert.deepEqual(a, await ask(single), q);
      if (a.length) found++;
    }
    assert.ok(found > questions.length * 0.9, `questions that find pages: ${found} of ${questions.length}`);
  });
});
