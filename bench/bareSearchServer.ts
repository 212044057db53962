// The search benchmark's baseline: the bare FTS5 and vec0 queries behind a bare express route,
// on the same database file (read-only), in a process of their own. No auth, no parsing, no
// grouping by page, no snippets: the query as given, its rows as JSON. Timed over HTTP by the
// same client as the server's search, so both pay the same transport and the same cold caches
// between requests. Prints {"url": ...} once it listens.
import express from 'express';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { BARE_FTS_PAGES_SQL, BARE_FTS_SQL, BARE_KNN_SQL } from './bareQueries.js';

const file = process.argv[2];
if (!file) throw new Error('usage: bareSearchServer <database file>');
const db = new Database(file, { readonly: true });
sqliteVec.load(db);
const fts = db.prepare(BARE_FTS_SQL);
const knn = db.prepare(BARE_KNN_SQL);
const ftsPages = db.prepare(BARE_FTS_PAGES_SQL);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const vector = (v: unknown): Buffer => Buffer.from(str(v), 'base64');

const app = express();
app.get('/fts', (req, res) => {
  res.json(fts.all(str(req.query.match)));
});
// What a caller needs at the least: ranked paths, titles and a snippet (≈ 200 characters around
// the first query word, the word in bold), with no auth, grouping or tiers.
app.get('/fts-pages', (req, res) => {
  const words = str(req.query.q).toLowerCase().split(/\s+/).filter(Boolean);
  res.json(
    (ftsPages.all(str(req.query.match)) as Array<{ path: string; title: string; markdown: string; s: number }>).map((r) => {
      const lower = r.markdown.toLowerCase();
      const word = words.find((w) => lower.includes(w)) ?? '';
      const at = word ? lower.indexOf(word) : 0;
      const from = Math.max(0, at - 100);
      const text = r.markdown.slice(from, at + 100).replace(/\s+/g, ' ');
      return { path: r.path, title: r.title, score: -r.s, snippet: word ? text.replace(r.markdown.slice(at, at + word.length), (m) => `**${m}**`) : text };
    }),
  );
});
app.get('/knn', (req, res) => {
  res.json(knn.all(vector(req.query.v), str(req.query.brain)));
});
app.get('/hybrid', (req, res) => {
  res.json({ fts: fts.all(str(req.query.match)), knn: knn.all(vector(req.query.v), str(req.query.brain)) });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
