// Two trees' CLI import of the bench vault (bench/vaultGen.ts), alternating: wall time and CPU time
// of the import process, its event loop thread apart (/proc/<pid>/task/<pid>/stat, polled every
// 20 ms until exit), with the load average beside each run; then what the index holds after each
// tree's first import, compared by natural keys (pages, chunks, FTS5 vocabularies, names, links as
// resolved), so a change to the index transaction can show it changed no answer. Each tree runs
// its own dist/ (`npm run build` in it first).
//
// node --import tsx bench/importCompare.ts BASE_TREE NEW_TREE [--pages 6300] [--runs 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile } from '../src/storage/sqlite/database.js';
import { generateVault, writeVault } from './vaultGen.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const [baseTree, newTree] = args.filter((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
if (!baseTree || !newTree) throw new Error('usage: importCompare.ts BASE_TREE NEW_TREE [--pages N] [--runs N]');
const PAGES = option('--pages', 6300);
const RUNS = option('--runs', 3);
const TICK_S = 1 / 100;

function ticksOf(file: string): number | null {
  try {
    const f = fs.readFileSync(file, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

/** Run the tree's CLI; wall seconds, and CPU seconds of the process and of its main thread (last poll before exit). */
function cli(tree: string, cliArgs: string[], data: string): Promise<{ wall: number; cpu: number; main: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const child = spawn(process.execPath, [path.join(tree, 'bin/brainkeep.js'), ...cliArgs], { cwd: tree, env: { ...process.env, BRAINKEEP_DATA: data }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    let main = 0;
    let all = 0;
    const poll = setInterval(() => {
      const m = ticksOf(`/proc/${child.pid}/task/${child.pid}/stat`);
      const a = ticksOf(`/proc/${child.pid}/stat`);
      if (m != null) main = m;
      if (a != null) all = a;
    }, 20);
    child.on('exit', (code) => {
      clearInterval(poll);
      const wall = Number(process.hrtime.bigint() - t) / 1e9;
      if (code !== 0) reject(new Error(`${cliArgs.join(' ')} in ${tree} failed (${code}): ${err}`));
      else resolve({ wall, cpu: all * TICK_S, main: main * TICK_S, out: out.trim() });
    });
  });
}

/** What the index holds, as sorted lines per part (by natural keys: ids may differ). */
function dump(data: string): Map<string, string[]> {
  const file = databaseFile(data);
  const db = new Database(file, { readonly: true });
  const rows = (sql: string) => (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
  const out = new Map<string, string[]>();
  out.set('pages', rows("SELECT p.path, p.folder, p.title, p.summary, p.frontmatter, p.version, p.blob_oid, p.partition, p.derivation, length(p.markdown) FROM pages p"));
  out.set('changes', rows('SELECT path, op, from_path, version FROM page_changes'));
  out.set('chunks', rows('SELECT p.path, c.ordinal, c.heading, c.meta, c.hash FROM search_chunks c JOIN pages p ON p.id = c.page_id'));
  out.set('page keys', rows('SELECT k.key, k.kind, k.path, k.label, p.path FROM search_page_keys k JOIN pages p ON p.id = k.page_id'));
  out.set('link targets', rows('SELECT key, target FROM search_link_targets'));
  out.set('links', rows(`SELECT f.path, l.ordinal, t.key, t.target, p.path, l.kind, l.heading, l.line, l.type FROM search_links l
    JOIN pages f ON f.id = l.from_page_id JOIN search_link_targets t ON t.id = l.target_id LEFT JOIN pages p ON p.id = l.to_page_id`));
  out.set('tags', rows('SELECT t.tag, p.path FROM page_tags t JOIN pages p ON p.id = t.page_id'));
  out.set('fields', rows('SELECT f.key, f.value, p.path FROM page_fields f JOIN pages p ON p.id = f.page_id'));
  db.close();
  // The FTS5 tables' words: each word's chunk and occurrence counts (fts5vocab over a writable copy).
  const copy = path.join(os.tmpdir(), `brainkeep-compare-${process.pid}-${path.basename(path.dirname(data))}.db`);
  const w = new Database(file, { readonly: true });
  w.exec(`VACUUM INTO '${copy}'`);
  w.close();
  const v = new Database(copy);
  for (const t of ['search_fts', 'search_fts_stem', 'search_fts_cjk']) {
    v.exec(`CREATE VIRTUAL TABLE temp.v_${t} USING fts5vocab(main, ${t}, 'row')`);
    out.set(`${t} words`, (v.prepare(`SELECT term, doc, cnt FROM temp.v_${t}`).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort());
    out.set(`${t} rows`, [String(v.prepare(`SELECT COUNT(*) FROM ${t}_docsize`).pluck().get())]);
  }
  v.close();
  fs.rmSync(copy, { force: true });
  return out;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-import-compare-'));
try {
  const vault = generateVault(PAGES);
  const dir = path.join(root, 'vault');
  writeVault(dir, vault);
  console.log(`${PAGES} pages, ${(vault.bytes / 1048576).toFixed(1)} MB, ${vault.links} links`);
  const kept = new Map<string, string>();
  const results: Record<string, Array<{ wall: number; cpu: number; main: number; load: string }>> = { base: [], new: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, tree] of [['base', baseTree], ['new', newTree]] as const) {
      const data = path.join(root, `${name}-${run}`, 'data');
      fs.mkdirSync(data, { recursive: true });
      await cli(tree, ['brain', 'create', '--slug', 'vault'], data);
      const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
      const r = await cli(tree, ['import', '--brain', 'vault', dir], data);
      if (r.out !== String(PAGES)) throw new Error(`${name} imported ${r.out}`);
      results[name]!.push({ ...r, load });
      console.log(`${name} run ${run + 1}: wall ${r.wall.toFixed(1)} s, process CPU ${r.cpu.toFixed(1)} s, main thread CPU ${r.main.toFixed(1)} s (load before: ${load})`);
      if (run === 0) kept.set(name, data);
      else fs.rmSync(path.dirname(data), { recursive: true, force: true });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const name of ['base', 'new'] as const) {
    const r = results[name]!;
    console.log(`${name} median: wall ${median(r.map((x) => x.wall)).toFixed(1)} s (${(PAGES / median(r.map((x) => x.wall))).toFixed(0)} pages/s), process CPU ${median(r.map((x) => x.cpu)).toFixed(1)} s, main thread ${median(r.map((x) => x.main)).toFixed(1)} s`);
  }
  const a = dump(kept.get('base')!);
  const b = dump(kept.get('new')!);
  let differ = 0;
  for (const [part, lines] of a) {
    const other = b.get(part) ?? [];
    const same = lines.length === other.length && lines.every((l, i) => l === other[i]);
    if (!same) differ++;
    console.log(`${same ? 'same' : 'DIFFERENT'}: ${part} (${lines.length} vs ${other.length} rows)`);
  }
  console.log(differ ? `${differ} parts differ` : 'the two indexes hold the same');
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
