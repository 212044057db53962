// What the FTS5 writes of a first import cost, alone (issues 28/29, the FTS5 share of the index
// transaction): pages derived ahead, then every chunk of them inserted into the FTS5 tables exactly
// as searchIndexRepo.ftsWrite does (the words tables, the CJK table when a column has CJK text), in
// one transaction on a fresh migrated database (real file, WAL, synchronous off), the commit
// included. Timed in the thread's CPU (/proc/thread-self/schedstat); variants (SQL run before the
// transaction, and optionally after it inside the timing: `{"name": ["before", "after"]}`)
// alternate within each round. Nothing but the FTS5 tables is written. A variant named "load only"
// inserts nothing; one named "utf8: ..." binds the word tables' columns as UTF-8 bytes converted
// once for both tables (tokenized as the same text). FTS_COST_SLICE=<pages>: transactions of about
// that many pages (a rebuild's slices) instead of one. FTS_COST_CHUNKS: see below.
//
// node --expose-gc --import tsx bench/ftsCost.ts [bench|<vault pages>] ['{"name": "SQL" | ["SQL", "SQL after"]}'] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { derivePage, type DerivedChunk } from '../src/domain/pageDerivation.js';
import { openDatabase } from '../src/storage/sqlite/database.js';
import { pagePath, pageText } from './pages.bench.js';
import { ThreadCpu } from './threadCpu.js';
import { generateVault } from './vaultGen.js';

const which = process.argv[2] ?? 'bench';
const variants = JSON.parse(process.argv[3] ?? '{"as is":""}') as Record<string, string | [string, string]>;
const rounds = Number(process.argv[4] ?? 3);
// FTS_COST_CHUNKS=<file>: the derived chunks kept in a file (written when absent), so that runs
// (or separate processes, one per variant) skip deriving the pages again.
const cache = process.env.FTS_COST_CHUNKS;
const cached = cache !== undefined && fs.existsSync(cache);
const pageCount = which === 'bench' ? 10_000 : Number(which);
const chunks: DerivedChunk[] = cached ? (JSON.parse(fs.readFileSync(cache, 'utf8')) as DerivedChunk[]) : derive();
if (cache && !cached) fs.writeFileSync(cache, JSON.stringify(chunks));

function derive(): DerivedChunk[] {
  const files =
    which === 'bench'
      ? Array.from({ length: pageCount }, (_, i) => ({ path: pagePath(i), markdown: pageText(i) }))
      : generateVault(pageCount).pages.map((p) => ({ path: p.path, markdown: p.markdown }));
  return files.flatMap((f) => derivePage(f.path, f.markdown, null).chunks);
}
const cpu = new ThreadCpu();
/** A "utf8: ..." variant binds as bytes only the columns longer than this (UTF8_MIN, default 0). */
const UTF8_MIN = Number(process.env.UTF8_MIN ?? 0);
const spent: Record<string, number[]> = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, v] of Object.entries(variants)) {
    const [before, after] = typeof v === 'string' ? [v, ''] : v;
    const utf8 = name.startsWith('utf8:');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-fts-cost-'));
    const db = openDatabase(path.join(root, 'brainkeep.db'), { synchronous: 'NORMAL' });
    try {
      db.pragma('synchronous = OFF');
      if (before) db.exec(before);
      const ins = (t: string) => db.prepare(`INSERT INTO ${t} (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)`);
      const words = [ins('search_fts'), ins('search_fts_stem')];
      const cjk = ins('search_fts_cjk');
      (globalThis as { gc?: () => void }).gc?.();
      const mark = cpu.mark();
      const per = Math.max(1, Math.round((Number(process.env.FTS_COST_SLICE ?? 0) || pageCount) * (chunks.length / pageCount)));
      const slice = (from: number) =>
        db.transaction(() => {
          for (let id = from + 1; id <= Math.min(chunks.length, from + per); id++) {
            const c = chunks[id - 1]!;
            const t = c.fts.words ?? [c.title, c.heading, c.body, c.meta];
            const w = utf8 ? t.map((x) => (x.length > UTF8_MIN ? Buffer.from(x) : x)) : t;
            for (const s of words) s.run(id, w[0], w[1], w[2], w[3]);
            if (c.fts.cjk) cjk.run(id, ...c.fts.cjk);
          }
        })();
      if (name !== 'load only') for (let from = 0; from < chunks.length; from += per) slice(from);
      if (after) db.exec(after);
      (spent[name] ??= []).push(cpu.usSince(mark) / pageCount);
    } finally {
      db.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
}
console.log(`FTS5 writes of a first import, CPU per page (${pageCount} ${which === 'bench' ? 'bench' : 'vault'} pages, ${chunks.length} chunks), by round:`);
for (const [name, us] of Object.entries(spent)) {
  const sorted = [...us].sort((a, b) => a - b);
  console.log(`${name.padEnd(24)} ${us.map((x) => x.toFixed(1)).join(' ')}   median ${sorted[us.length >> 1]!.toFixed(1)} us (min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)})`);
}
