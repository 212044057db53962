// The search benchmark's baseline: the bare FTS5 and vec0 queries behind a bare express route,
// on the same database file (read-only), in a process of their own. No auth, no parsing, no
// grouping by page, no snippets: the query as given, its rows as JSON (for hybrid, `/hybrid-fusion`:
// both queries as deep as the service reads them to fuse 8 hits). Timed over HTTP by the
// same client as the server's search, so both pay the same transport and the same cold caches
// between requests. Beside them, `/fts-hits`: the response of the service's exact search built
// bare (credential, brain, pages, one hit per page, snippets), the fairest baseline for it, and
// `/hybrid-hits`, the same for a hybrid answer (both lists as deep as the service reads them, fused).
// Prints {"url": ...} once it listens.
import express from 'express';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { createHash } from 'node:crypto';
import { registerPageTextFunctions } from '../src/storage/sqlite/pageText.js';
import { int8Vector } from '../src/storage/sqlite/vectorFormat.js';
import { BARE_FTS_DEEP_SQL, BARE_FTS_FUSION_SQL, BARE_FTS_HITS_SQL, BARE_FTS_PAGES_SQL, BARE_FTS_SQL, BARE_KNN_DEEP_SQL, BARE_KNN_FUSION_SQL, BARE_KNN_SQL } from './bareQueries.js';

const file = process.argv[2];
if (!file) throw new Error('usage: bareSearchServer <database file>');
const db = new Database(file, { readonly: true });
sqliteVec.load(db);
// page_text(markdown): the queries read pages' markdown as the service does, packed pages unpacked.
registerPageTextFunctions(db);
const fts = db.prepare(BARE_FTS_SQL);
const knn = db.prepare(BARE_KNN_SQL);
const ftsPages = db.prepare(BARE_FTS_PAGES_SQL);
const ftsHits = db.prepare(BARE_FTS_HITS_SQL);
const ftsDeep = db.prepare(BARE_FTS_DEEP_SQL);
const knnDeep = db.prepare(BARE_KNN_DEEP_SQL);
const ftsFusion = db.prepare(BARE_FTS_FUSION_SQL);
const knnFusion = db.prepare(BARE_KNN_FUSION_SQL);
const credential = db.prepare('SELECT brain_id AS brainId, revoked_at AS revokedAt FROM credentials WHERE token_hash = ?');
const brainBySlug = db.prepare('SELECT id FROM brains WHERE slug = ? AND deleted_at IS NULL').pluck();
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
// The service's vec0 tables hold int8 vectors: the float query is quantized as the service does.
const vector = (v: unknown): Buffer => int8Vector(new Float32Array(Uint8Array.from(Buffer.from(str(v), 'base64')).buffer));

const app = express();
/** ≈ 200 characters around the first query word, the word in bold. */
function cut(markdown: string, words: string[]): string {
  const lower = markdown.toLowerCase();
  const word = words.find((w) => lower.includes(w)) ?? '';
  const at = word ? lower.indexOf(word) : 0;
  const from = Math.max(0, at - 100);
  const text = markdown.slice(from, at + 100).replace(/\s+/g, ' ');
  return word ? text.replace(markdown.slice(at, at + word.length), (m) => `**${m}**`) : text;
}
app.get('/fts', (req, res) => {
  res.json(fts.all(str(req.query.match)));
});
// What a caller needs at the least: ranked paths, titles and a snippet (≈ 200 characters around
// the first query word, the word in bold), with no auth, grouping or tiers.
app.get('/fts-pages', (req, res) => {
  const words = str(req.query.q).toLowerCase().split(/\s+/).filter(Boolean);
  res.json((ftsPages.all(str(req.query.match)) as Array<{ path: string; title: string; markdown: string; s: number }>).map((r) => ({ path: r.path, title: r.title, score: -r.s, snippet: cut(r.markdown, words) })));
});
// A bare implementation of the response the service's exact search gives: the bearer credential
// checked (hashed, looked up, not revoked, pinned to the brain in the path), the brain found by
// its slug, the best chunks' pages, one hit per page (8), each with path, title, folder,
// partition, score and a snippet. No validation beyond that, no tiers, no stemming, no files.
interface HitRow {
  pageId: number;
  path: string;
  title: string;
  folder: string;
  partition: string | null;
  markdown: string;
  s: number;
}
/** The brain a request's bearer credential may read (the brain in `?brain=`), or null. */
function authorized(req: express.Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const cred = m ? (credential.get(createHash('sha256').update(m[1]!, 'utf8').digest('hex')) as { brainId: string; revokedAt: string | null } | undefined) : undefined;
  const brainId = brainBySlug.get(str(req.query.brain)) as string | undefined;
  return cred && !cred.revokedAt && cred.brainId === brainId ? brainId : null;
}
app.get('/fts-hits', (req, res) => {
  const brainId = authorized(req);
  if (!brainId) {
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  const words = str(req.query.q).toLowerCase().split(/\s+/).filter(Boolean);
  const seen = new Set<number>();
  const hits: unknown[] = [];
  for (const r of ftsHits.all(str(req.query.match), brainId) as HitRow[]) {
    if (seen.has(r.pageId) || hits.length >= 8) continue;
    seen.add(r.pageId);
    hits.push({ path: r.path, title: r.title, snippet: cut(r.markdown, words), score: -r.s, partition: r.partition, folder: r.folder });
  }
  res.json({ mode: 'exact', hits });
});
// The same for a hybrid answer: both lists as deep as the service reads them, one entry per page
// in each, fused by reciprocal rank (k = 60), the best 8 with snippets. The query's vector comes
// with the request (the service embeds the query itself).
app.get('/hybrid-hits', (req, res) => {
  const brainId = authorized(req);
  if (!brainId) {
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  const words = str(req.query.q).toLowerCase().split(/\s+/).filter(Boolean);
  const fused = new Map<number, { row: HitRow; score: number }>();
  for (const rows of [ftsDeep.all(str(req.query.match), brainId) as HitRow[], knnDeep.all(vector(req.query.v), brainId) as HitRow[]]) {
    const seen = new Set<number>();
    for (const r of rows) {
      if (seen.has(r.pageId) || seen.size >= 30) continue;
      seen.add(r.pageId);
      const add = 1 / (60 + seen.size);
      const had = fused.get(r.pageId);
      if (had) had.score += add;
      else fused.set(r.pageId, { row: r, score: add });
    }
  }
  const best = [...fused.values()].sort((a, b) => b.score - a.score || (a.row.path < b.row.path ? -1 : 1)).slice(0, 8);
  res.json({ mode: 'hybrid', hits: best.map(({ row: r, score }) => ({ path: r.path, title: r.title, snippet: cut(r.markdown, words), score, partition: r.partition, folder: r.folder })) });
});
app.get('/knn', (req, res) => {
  res.json(knn.all(vector(req.query.v), str(req.query.brain)));
});
app.get('/hybrid', (req, res) => {
  res.json({ fts: fts.all(str(req.query.match)), knn: knn.all(vector(req.query.v), str(req.query.brain)) });
});
// Both queries as deep as a hybrid search reads them before fusing (45 chunks each): the hybrid target's baseline.
app.get('/hybrid-fusion', (req, res) => {
  res.json({ fts: ftsFusion.all(str(req.query.match)), knn: knnFusion.all(vector(req.query.v), str(req.query.brain)) });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
