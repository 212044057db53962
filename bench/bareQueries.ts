// The bare queries the search benchmark compares with: top 8 chunks by FTS5 bm25 (the same column
// weights as the service) and the 8 nearest chunk vectors of a brain by vec0 KNN.
export const BARE_FTS_SQL = 'SELECT rowid, bm25(search_fts, 10.0, 4.0, 1.0, 3.0) AS s FROM search_fts WHERE search_fts MATCH ? ORDER BY s LIMIT 8';
export const BARE_KNN_SQL = 'SELECT rowid, distance FROM vec_chunks_100 WHERE embedding MATCH ? AND k = 8 AND brain_id = ?';
