// What a hit on a page not seen before costs, by part (task srch33): the search bench's 2,000 pages,
// each page once, in process: the row read, the unpack of its packed markdown, the cut into chunk
// texts, tokenizing its first chunk for a snippet (a first snippet less a second one), and a snippet
// of a kept text. The first 300 pages warm the JIT and are not counted. p50 µs.
// Usage: node --import tsx bench/searchColdPage.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { startBenchService, percentile } from './lib.js';
import { distinctQueries, generatePages, importPages } from './search.bench.js';
import { parseQuery } from '../src/domain/searchQuery.js';
import { snippet } from '../src/domain/snippet.js';
import { chunkTextsOfBody } from '../src/domain/pageDerivation.js';
import { bodyAfterParsedFrontmatter } from '../src/domain/markdown.js';
import { unpackMarkdown } from '../src/storage/sqlite/pageText.js';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-cold-'));
const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: path.join(os.tmpdir(), 'brainkeep-test-models') });
const c = service.container;
try {
  const brainId = c.access.findBrain('main')!.id;
  const pages = generatePages(2000, { facets: true });
  await importPages(c, brainId, pages);
  const db = (c.searchIndex as any).db as Database.Database;
  const ids = db.prepare('SELECT id FROM pages WHERE brain_id = ? ORDER BY id').pluck().all(brainId) as number[];
  const read = db.prepare('SELECT markdown, title FROM pages WHERE id = ?');
  const qs = distinctQueries(2000);
  // warm JIT on the first 300 pages, measure the rest
  const T = { read: [] as number[], unpack: [] as number[], cut: [] as number[], tokenize: [] as number[], snippetKept: [] as number[] };
  for (let k = 0; k < ids.length; k++) {
    let t = performance.now();
    const row = read.get(ids[k]) as { markdown: unknown; title: string };
    const t1 = performance.now();
    const md = unpackMarkdown(row.markdown);
    const t2 = performance.now();
    const texts = chunkTextsOfBody(row.title, bodyAfterParsedFrontmatter(md));
    const t3 = performance.now();
    const terms = parseQuery(qs[k]!).terms;
    snippet(texts[0] ?? '', terms, { stem: false });
    const t4 = performance.now();
    snippet(texts[0] ?? '', terms, { stem: false });
    const t5 = performance.now();
    if (k >= 300) { T.read.push((t1 - t) * 1000); T.unpack.push((t2 - t1) * 1000); T.cut.push((t3 - t2) * 1000); T.tokenize.push((t4 - t3 - (t5 - t4)) * 1000); T.snippetKept.push((t5 - t4) * 1000); }
  }
  for (const [k, v] of Object.entries(T)) console.log(k.padEnd(12), 'p50', percentile(v, 50).toFixed(1), 'µs');
  console.log('load', os.loadavg()[0]);
} finally { await service.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); }
