// The index transaction alone, per page (issues 28/29: import speed): pages derived ahead (as the
// derivation thread hands them over, but in this process), then applied to a fresh brain of an
// in-process container (real SQLite file, fsync off) in one PageIndexRepo.applyGroup transaction,
// timed in the event loop thread's CPU (/proc/thread-self/schedstat): no git, no derivation thread,
// no waits, so two builds compare on what the transaction itself costs. A fresh container per
// round; optional SQL run before the import (a variant: an index dropped, say) to price a row or an
// index before building the change. The markdown is packed in the transaction here (the thread
// does it in an import: ~200 µs of a vault page). Each round is a first import (a fresh brain,
// which skips the path lookups); a re-import is not priced here.
//
// INDEX_REPLAY_ROWS=1: the rows but full text alone (the search hook's FTS5 and chunk rows left out,
// the markdown packed ahead as the derivation thread does), to price the other rows' changes.
//
// node --expose-gc --import tsx bench/indexReplay.ts [bench|<vault pages>] ['{"name":"SQL", ...}'] [rounds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { buildContainer } from '../src/container.js';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { derivePage } from '../src/domain/pageDerivation.js';
import type { Db } from '../src/storage/sqlite/database.js';
import { pagePath, pageText } from './pages.bench.js';
import { generateVault } from './vaultGen.js';
import { ThreadCpu } from './threadCpu.js';
import { packMarkdown } from '../src/storage/sqlite/pageText.js';

const which = process.argv[2] ?? 'bench';
const variants = JSON.parse(process.argv[3] ?? '{"as is":""}') as Record<string, string>;
const rounds = Number(process.argv[4] ?? 3);
const files =
  which === 'bench'
    ? Array.from({ length: 10_000 }, (_, i) => ({ path: pagePath(i), markdown: pageText(i) }))
    : generateVault(Number(which)).pages.map((p) => ({ path: p.path, markdown: p.markdown }));
const derived = files.map((f) => derivePage(f.path, f.markdown, null));
const rowsOnly = process.env.INDEX_REPLAY_ROWS === '1';
if (rowsOnly) derived.forEach((d, i) => (d.stored = packMarkdown(files[i]!.markdown)));
const cpu = new ThreadCpu();
const spent: Record<string, number[]> = {};
// Variants alternate within each round, so a load that comes and goes falls on all of them.
for (let r = 0; r < rounds; r++) {
  for (const [name, sql] of Object.entries(variants)) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-index-replay-'));
    const c = buildContainer(loadConfig({ BRAINKEEP_DATA: path.join(root, 'data'), BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_LOG_LEVEL: 'warn' }));
    try {
      await c.brains.create(SYSTEM_ACTOR, { slug: 'replay' });
      const brain = c.access.findBrain('replay')!;
      const db = c.db as unknown as Db;
      if (sql) db.exec(sql);
      if (rowsOnly) {
        const index = c.pageIndex as unknown as { hooks: unknown[] };
        index.hooks = index.hooks.filter((h) => h !== c.searchIndex);
      }
      const entries = files.map((f, i) => ({ op: 'put' as const, path: f.path, markdown: f.markdown, blobOid: 'a'.repeat(40), derive: () => derived[i] }));
      const stamp = { commit: 'b'.repeat(40), at: new Date().toISOString(), byName: 'bench', byRef: null };
      (globalThis as { gc?: () => void }).gc?.();
      const mark = cpu.mark();
      db.transaction(() => c.pageIndex.applyGroup(brain.id, [{ stamp, entries }]))();
      (spent[name] ??= []).push(cpu.usSince(mark) / files.length);
    } finally {
      await c.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
}
console.log(`index transaction${rowsOnly ? ' (no search hook)' : ''}, event loop CPU per page (${files.length} ${which === 'bench' ? 'bench' : 'vault'} pages), by round:`);
for (const [name, us] of Object.entries(spent)) {
  const median = [...us].sort((a, b) => a - b)[us.length >> 1]!;
  console.log(`${name.padEnd(24)} ${us.map((x) => x.toFixed(1)).join(' ')}   median ${median.toFixed(1)} us`);
}
