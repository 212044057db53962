// Vault: a realistic multilingual Obsidian-style vault (bench/vaultGen.ts: 1–20 KB pages, ~28 links
// each, 19 scripts) through the operator CLI's `import` (a process of its own, timed from spawn to
// exit, fsync on) and through a whole-vault `git push` to a running server; the index's size beside
// the markdown after each. Baselines: `git add -A` + commit of the same files (for the import), and
// the push of the same commit to a bare repository over the local transport (for the push).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { databaseFile } from '../src/storage/sqlite/database.js';
import { figure, type Figure, type Suite, startBenchService } from './lib.js';
import { generateVault, writeVault } from './vaultGen.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-bench-models');
const GIT_ID = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };

function cli(args: string[], env: Record<string, string>): { seconds: number; stdout: string; stderr: string } {
  const built = fs.existsSync(path.join(ROOT, 'dist/cli/main.js'));
  const argv = built ? [path.join(ROOT, 'bin/brainkeep.js'), ...args] : ['--import', 'tsx', path.join(ROOT, 'test/helpers/cli-entry.ts'), ...args];
  const t = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`brainkeep ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { seconds, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

function git(args: string[], cwd: string, env: Record<string, string> = {}): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ID, GIT_CONFIG_NOSYSTEM: '1', ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
}

/** Database file plus WAL, in bytes. */
function indexBytes(data: string): number {
  const file = databaseFile(data);
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return size(file) + size(`${file}-wal`);
}

export const suite: Suite = {
  name: 'vault',
  description: 'a realistic multilingual vault: CLI import and whole-vault git push (pages/s, MB/s), index size vs markdown',
  async run({ quick, log }) {
    const n = quick ? 1500 : 6300;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-vault-'));
    const figures: Figure[] = [];
    try {
      const vault = generateVault(n);
      const dir = path.join(root, 'vault');
      writeVault(dir, vault);
      const mb = vault.bytes / 1048576;
      log(`${n} pages, ${mb.toFixed(1)} MB of markdown, ${vault.links} links`);

      // --- baseline: git add -A + commit of the same files
      const work = path.join(root, 'git-work');
      fs.cpSync(dir, work, { recursive: true });
      git(['init', '--quiet', '-b', 'main'], work);
      let t = performance.now();
      git(['add', '-A', '.'], work);
      git(['commit', '--quiet', '-m', 'vault'], work);
      const gitCommitSeconds = (performance.now() - t) / 1000;

      // --- CLI import into a fresh data folder, fsync on
      const data = path.join(root, 'data-import');
      const env = { BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'on', BRAINKEEP_MODELS_DIR: MODELS_DIR, BRAINKEEP_LOG_LEVEL: 'warn' };
      cli(['brain', 'create', '--slug', 'vault'], env);
      const imported = cli(['import', '--brain', 'vault', dir], env);
      if (imported.stdout !== String(n)) throw new Error(`import reported ${imported.stdout}, expected ${n}`);
      const importRate = n / imported.seconds;
      const importMbs = mb / imported.seconds;
      const importRatio = indexBytes(data) / vault.bytes;
      log(`import: ${imported.seconds.toFixed(1)} s (process start to exit); git add+commit ${gitCommitSeconds.toFixed(1)} s; index ${(indexBytes(data) / 1048576).toFixed(1)} MB`);
      figures.push(
        figure({ suite: 'vault', name: `CLI import @${n} real pages`, value: importRate, unit: 'pages/s', baselineName: 'git add -A + commit', baseline: n / gitCommitSeconds, better: 'higher', target: '≥ 2000 pages/s', met: importRate >= 2000 }),
        figure({ suite: 'vault', name: `CLI import @${n} real pages (bytes)`, value: importMbs, unit: 'MB/s', baselineName: 'git add -A + commit', baseline: mb / gitCommitSeconds, better: 'higher', target: '≥ 10 MB/s', met: importMbs >= 10 }),
        figure({ suite: 'vault', name: 'index + WAL after import / markdown', value: importRatio, unit: '×', baselineName: null, baseline: null, better: 'lower', target: '≤ 3×', met: importRatio <= 3 }),
      );

      // --- baseline: push of the same commit to a bare repository (local transport)
      const bare = path.join(root, 'bare.git');
      git(['init', '--quiet', '--bare', bare], root);
      t = performance.now();
      git(['push', '--quiet', bare, 'main'], work);
      const barePushSeconds = (performance.now() - t) / 1000;

      // --- whole-vault git push to a running server (fsync on)
      const pushData = path.join(root, 'data-push');
      const service = await startBenchService(pushData, { BRAINKEEP_MODELS_DIR: MODELS_DIR });
      try {
        const c = service.container;
        await c.brains.create(SYSTEM_ACTOR, { slug: 'pushed' });
        const brain = c.access.findBrain('pushed')!;
        const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'bench' }, SYSTEM_ACTOR).key;
        const url = new URL(`${service.http.url}/git/pushed.git`);
        url.username = 'git';
        url.password = token;
        const clone = path.join(root, 'clone');
        // git runs as a child while the server answers on this process's event loop: async exec.
        const run = (args: string[], cwd: string) => gitAsync(args, cwd);
        await run(['clone', '--quiet', url.toString(), clone], root);
        // Pushes take markdown only: the vault without its .obsidian/ settings.
        fs.cpSync(dir, clone, { recursive: true, filter: (src) => !src.includes(`${path.sep}.obsidian`) });
        git(['add', '-A', '.'], clone);
        git(['commit', '--quiet', '-m', 'vault'], clone);
        t = performance.now();
        await run(['push', '--quiet', 'origin', 'main'], clone);
        const pushSeconds = (performance.now() - t) / 1000;
        const pages = c.pageIndex.countPages(brain.id);
        if (pages < n) throw new Error(`the push indexed ${pages} pages, expected ${n}`);
        const pushRate = n / pushSeconds;
        log(`push: ${pushSeconds.toFixed(1)} s; bare push ${barePushSeconds.toFixed(2)} s`);
        figures.push(
          figure({ suite: 'vault', name: `git push @${n} real pages`, value: pushRate, unit: 'pages/s', baselineName: 'push to a bare repo (local)', baseline: n / barePushSeconds, better: 'higher', target: '≥ 1000 pages/s', met: pushRate >= 1000 }),
        );
      } finally {
        await service.stop();
      }
      const pushRatio = indexBytes(pushData) / vault.bytes;
      figures.push(figure({ suite: 'vault', name: 'index + WAL after push (server stopped) / markdown', value: pushRatio, unit: '×', baselineName: null, baseline: null, better: 'lower', target: '≤ 3×', met: pushRatio <= 3 }));
      // What takes the space, for the report.
      const db = new Database(databaseFile(pushData), { readonly: true });
      try {
        const rows = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 8').all() as Array<{ name: string; bytes: number }>;
        log(`largest: ${rows.map((r) => `${r.name} ${(r.bytes / 1048576).toFixed(1)} MB`).join(', ')}`);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
    return figures;
  },
};

function gitAsync(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ID, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`git ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}
