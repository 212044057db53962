// What takes the space once everything is learned (issue 28, "storage that fits"): the bench
// vault (bench/vaultGen.ts) through the CLI import, then a running server embeds every chunk and
// learns the brain's vocabulary until its queue is empty; the index plus WAL beside the markdown,
// and the bytes of every table and index (dbstat). Not a suite of `npm run bench`: run it alone,
// `node --import tsx bench/vaultSize.ts [pages]` (6300 by default, as the vault suite; KEEP=1 keeps
// the data folder for a look).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { databaseFile } from '../src/storage/sqlite/database.js';
import { startBenchService } from './lib.js';
import { generateVault, writeVault } from './vaultGen.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-bench-models');
const MB = 1048576;

function cli(args: string[], env: Record<string, string>): string {
  const argv = ['--import', 'tsx', path.join(ROOT, 'test/helpers/cli-entry.ts'), ...args];
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`brainkeep ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout.trim();
}

function fileBytes(f: string): number {
  return fs.existsSync(f) ? fs.statSync(f).size : 0;
}

function report(label: string, data: string, markdownBytes: number): void {
  const file = databaseFile(data);
  const db = fileBytes(file);
  const wal = fileBytes(`${file}-wal`);
  console.log(`${label}: database ${(db / MB).toFixed(1)} MB + WAL ${(wal / MB).toFixed(1)} MB = ${((db + wal) / markdownBytes).toFixed(2)}× the markdown`);
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 6300);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-vault-size-'));
  try {
    const vault = generateVault(n);
    const dir = path.join(root, 'vault');
    writeVault(dir, vault);
    console.log(`${n} pages, ${(vault.bytes / MB).toFixed(1)} MB of markdown`);
    const data = path.join(root, 'data');
    const env = { BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on', BRAINKEEP_MODELS_DIR: MODELS_DIR, BRAINKEEP_LOG_LEVEL: 'warn' };
    cli(['brain', 'create', '--slug', 'vault'], env);
    cli(['import', '--brain', 'vault', dir], env);
    report('after import', data, vault.bytes);

    const service = await startBenchService(data, { BRAINKEEP_MODELS_DIR: MODELS_DIR });
    const t = Date.now();
    try {
      const c = service.container;
      const brain = c.access.findBrain('vault')!;
      // Until the queue is empty with the vocabulary learned (learning queues chunks again).
      for (let round = 0; round < 5; round++) await c.embeddings.drain(brain.id);
      const s = c.embeddings.status(brain);
      console.log(`embedded in ${((Date.now() - t) / 1000).toFixed(0)} s: ${JSON.stringify(s)}`);
    } finally {
      await service.stop();
    }
    report('after embedding and learning (server stopped)', data, vault.bytes);

    const db = new Database(databaseFile(data));
    try {
      const rows = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as Array<{ name: string; bytes: number }>;
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const free = (db.pragma('freelist_count', { simple: true }) as number) * pageSize;
      let total = 0;
      for (const r of rows) {
        total += r.bytes;
        if (r.bytes >= 0.05 * MB) console.log(`  ${r.name.padEnd(44)} ${(r.bytes / MB).toFixed(2).padStart(7)} MB`);
      }
      console.log(`  ${'(all tables and indexes)'.padEnd(44)} ${(total / MB).toFixed(2).padStart(7)} MB; free pages ${(free / MB).toFixed(2)} MB`);
      const terms = db.prepare('SELECT COUNT(*) AS n, SUM(occurrences = 1) AS once, AVG(length(CAST(term AS BLOB))) AS termBytes FROM search_brain_terms').get();
      console.log(`  vocabulary: ${JSON.stringify(terms)}`);
    } finally {
      db.close();
    }
  } finally {
    if (process.env.KEEP) console.log(`kept ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
