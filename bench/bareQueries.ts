// The bare queries the search benchmark compares with: top 8 chunks by FTS5 bm25 (the same column
// weights as the service) and the 8 nearest chunk vectors of a brain by vec0 KNN.
export const BARE_FTS_SQL = 'SELECT rowid, bm25(search_fts, 10.0, 4.0, 1.0, 3.0) AS s FROM search_fts WHERE search_fts MATCH ? ORDER BY s LIMIT 8';
export const BARE_KNN_SQL = 'SELECT rowid, distance FROM vec_chunks_100 WHERE embedding MATCH vec_int8(?) AND k = 8 AND brain_id = ?';
/**
 * The same two queries as deep as a hybrid search of 8 hits reads them before it fuses them: 30
 * pages a list, read as a window of 45 chunks (searchService depth, searchIndexRepo's window and
 * the KNN's first k). The hybrid target's baseline: the same question asked of FTS5 and vec0.
 */
export const FUSION_WINDOW = 45;
export const BARE_FTS_FUSION_SQL = BARE_FTS_SQL.replace('LIMIT 8', `LIMIT ${FUSION_WINDOW}`);
export const BARE_KNN_FUSION_SQL = BARE_KNN_SQL.replace('k = 8', `k = ${FUSION_WINDOW}`);
/**
 * The bare query a caller could actually use: the same top 8 chunks, with their pages' paths,
 * titles and text (a snippet is cut from it), in one statement. Pages are not grouped (a page with
 * two matching chunks appears twice) and the text is the whole page, not the matching chunk.
 * `page_text` unpacks a packed page (storage/sqlite/pageText.ts, 032) as the service does, so the
 * baseline pays the same unpack (the connection registers it: registerPageTextFunctions).
 */
export const BARE_FTS_PAGES_SQL = `SELECT p.path, p.title, page_text(p.markdown) AS markdown, r.s FROM (${BARE_FTS_SQL}) r
  JOIN search_chunks c ON c.id = r.rowid JOIN pages p ON p.id = c.page_id ORDER BY r.s`;
/**
 * The bare query behind the same response as the service's exact search: the best 16 chunks (a
 * window wide enough for 8 pages when pages repeat), with their pages' rows and text, in the
 * caller's brain. The caller groups them by page and cuts the snippets.
 */
export const BARE_FTS_HITS_SQL = `SELECT c.page_id AS pageId, p.path, p.title, p.folder, p.partition, page_text(p.markdown) AS markdown, r.s
  FROM (SELECT rowid, bm25(search_fts, 10.0, 4.0, 1.0, 3.0) AS s FROM search_fts WHERE search_fts MATCH ? ORDER BY s LIMIT 16) r
  JOIN search_chunks c ON c.id = r.rowid JOIN pages p ON p.id = c.page_id WHERE c.brain_id = ? ORDER BY r.s`;
/**
 * The two lists a hybrid answer fuses, as deep as the service reads them for 8 hits (30 pages
 * each: the best 45 chunks by bm25, the nearest 45 by vec0), with their pages' rows and text.
 */
export const BARE_FTS_DEEP_SQL = BARE_FTS_HITS_SQL.replace('LIMIT 16', `LIMIT ${FUSION_WINDOW}`);
export const BARE_KNN_DEEP_SQL = `SELECT c.page_id AS pageId, p.path, p.title, p.folder, p.partition, page_text(p.markdown) AS markdown, r.distance AS s
  FROM (${BARE_KNN_FUSION_SQL}) r
  JOIN search_chunks c ON c.id = r.rowid JOIN pages p ON p.id = c.page_id ORDER BY r.distance`;
