// The link-resolution eval (issue 28): generate the multi-script vault (gen.ts), import it through
// the real operator CLI (a process of its own, as a user would), start the service on the same data
// and read every page's out-links back through the product (LinkGraphRepo.outgoing: one row per link,
// with where it went), every page's out-edges through graph/traverse and its backlinks; then compare
// each link with the independent reference (reference.ts) and print, per language group: links,
// resolved like the reference %, wrong target, unresolved, resolved where the reference has no page,
// extraction differences, repeated edges; and up to 5 misses per group. `links` (the percentage's
// denominator) counts the links the reference resolves and those the engine resolves where the
// reference leaves them unresolved; the latter are also counted `wrong`.
// Usage: npx tsx bench/linkEval/run.ts [pages=5000] [--push]
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startBenchService } from '../lib.js';
import { generateVault, writeVault, type Vault } from './gen.js';
import { ReferenceResolver, type RefLink } from './reference.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODELS_DIR = path.join(os.tmpdir(), 'brainkeep-bench-models');
const GIT_ID = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
const FILE_TARGET = /\.(png|jpe?g|gif|svg|pdf|webp|mp4|mp3|canvas)$/i;

function cli(args: string[], env: Record<string, string>): string {
  // The source tree by default (the engine under test is this worktree's); LINKEVAL_DIST=1 runs the build in dist/.
  const built = process.env.LINKEVAL_DIST === '1' && fs.existsSync(path.join(ROOT, 'dist/cli/main.js'));
  const argv = built ? [path.join(ROOT, 'bin/brainkeep.js'), ...args] : ['--import', 'tsx', path.join(ROOT, 'test/helpers/cli-entry.ts'), ...args];
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`brainkeep ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout.trim();
}

/** Asynchronous: the server answering the push runs in this process, so git must not block its event loop. */
async function git(args: string[], cwd: string): Promise<string> {
  const r = await promisify(execFile)('git', args, { cwd, env: { ...process.env, ...GIT_ID, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return r.stdout.trim();
}

interface GroupStats {
  links: number;
  same: number;
  wrong: number;
  unresolved: number;
  refMissing: number;
  extraResolved: number;
  notExtracted: number;
  extraExtracted: number;
  repeatedEdges: number;
  repeatedBacklinks: number;
  misses: string[];
}

const show = (l: RefLink) => (l.kind === 'markdown' ? `(${l.target})` : `[[${l.target}]]`);
const nfc = (s: string | null | undefined) => (s == null ? null : s.normalize('NFC'));

/** Compare one brain's links with the reference; returns per-group stats. */
async function evaluate(vault: Vault, dataDir: string, slug: string, log: (s: string) => void): Promise<Map<string, GroupStats>> {
  const ref = new ReferenceResolver(vault.pages);
  const service = await startBenchService(dataDir, { BRAINKEEP_MODELS_DIR: MODELS_DIR });
  const groups = new Map<string, GroupStats>();
  try {
    const c = service.container;
    const brain = c.access.findBrain(slug)!;
    const stored = new Map(c.linkGraph.allPages(brain.id).map((p) => [p.path.normalize('NFC'), p.path]));
    for (const page of vault.pages) {
      let g = groups.get(page.group);
      if (!g) groups.set(page.group, (g = { links: 0, same: 0, wrong: 0, unresolved: 0, refMissing: 0, extraResolved: 0, notExtracted: 0, extraExtracted: 0, repeatedEdges: 0, repeatedBacklinks: 0, misses: [] }));
      const at = stored.get(page.path.normalize('NFC'));
      if (!at) {
        g.misses.push(`page not indexed: ${page.path}`);
        continue;
      }
      const want = ref.links(page);
      const got = c.linkGraph.outgoing(brain.id, at).filter((l) => !FILE_TARGET.test(l.target));
      // Pair the engine's links with the reference's line by line, in order.
      const byLine = new Map<number, Array<{ target: string; toPath: string | null }>>();
      for (const l of got) {
        const list = byLine.get(l.line);
        if (list) list.push(l);
        else byLine.set(l.line, [l]);
      }
      const wantByLine = new Map<number, RefLink[]>();
      for (const l of want) {
        const list = wantByLine.get(l.line);
        if (list) list.push(l);
        else wantByLine.set(l.line, [l]);
      }
      for (const [line, wl] of wantByLine) {
        const gl = byLine.get(line) ?? [];
        for (let i = 0; i < wl.length; i++) {
          const w = wl[i]!;
          const e = gl[i];
          if (!e) {
            g.notExtracted++;
            if (w.to) g.links++;
            if (g.misses.length < 5) g.misses.push(`not extracted: ${page.path}:${line} ${show(w)}`);
            continue;
          }
          const to = nfc(e.toPath);
          if (!w.to) {
            g.refMissing++;
            if (to) {
              // The engine sends a link somewhere that should stay wanted: a wrong link, in the
              // percentage's denominator (it lowers the score, as a wrong target does).
              g.extraResolved++;
              g.links++;
              g.wrong++;
              if (g.misses.length < 5) g.misses.push(`resolved, reference has no page: ${page.path} ${show(w)} -> ${to}`);
            }
            continue;
          }
          g.links++;
          if (to === nfc(w.to)) g.same++;
          else if (to == null) {
            g.unresolved++;
            if (g.misses.length < 5) g.misses.push(`unresolved: ${page.path} ${show(w)} (reference: ${w.to})`);
          } else {
            g.wrong++;
            if (g.misses.length < 5) g.misses.push(`wrong: ${page.path} ${show(w)} -> ${to} (reference: ${w.to})`);
          }
        }
        if (gl.length > wl.length) g.extraExtracted += gl.length - wl.length;
      }
      for (const [line, gl] of byLine) if (!wantByLine.has(line)) {
        g.extraExtracted += gl.length;
        if (g.misses.length < 5) g.misses.push(`extracted, not a link: ${page.path}:${line} [[${gl[0]!.target}]]`);
      }
      // Repeated edges: traverse one hop out, and backlinks.
      const t = c.graph.traverse(SYSTEM_ACTOR, slug, { path: at, depth: 1, direction: 'out', limit: 1000 });
      const pairs = new Set<string>();
      for (const e of t.edges) {
        const k = `${e.from}\u0000${e.to}\u0000${e.type}`;
        if (pairs.has(k)) g.repeatedEdges++;
        pairs.add(k);
      }
      const b = c.graph.backlinks(SYSTEM_ACTOR, slug, at);
      const froms = new Set<string>();
      for (const l of b.backlinks) {
        const k = `${l.path}\u0000${l.type}`;
        if (froms.has(k)) g.repeatedBacklinks++;
        froms.add(k);
      }
    }
  } finally {
    await service.stop();
  }
  log(`evaluated ${vault.pages.length} pages`);
  return groups;
}

function report(title: string, groups: Map<string, GroupStats>): string {
  const lines = [title, 'group        links   like-ref%   wrong  unresolved  ref-none(resolved)  not-extracted  extra-extracted  repeated-edges  repeated-backlinks'];
  const total: GroupStats = { links: 0, same: 0, wrong: 0, unresolved: 0, refMissing: 0, extraResolved: 0, notExtracted: 0, extraExtracted: 0, repeatedEdges: 0, repeatedBacklinks: 0, misses: [] };
  const order = [...groups.keys()].sort((a, b) => (a === 'Latin' ? -1 : b === 'Latin' ? 1 : a.localeCompare(b)));
  for (const name of order) {
    const g = groups.get(name)!;
    for (const k of Object.keys(total) as Array<keyof GroupStats>) if (k !== 'misses') (total[k] as number) += g[k] as number;
    lines.push(row(name, g));
  }
  lines.push(row('ALL', total));
  lines.push('', 'misses (up to 5 per group):');
  for (const name of order) for (const m of groups.get(name)!.misses) lines.push(`  ${name}: ${m}`);
  return lines.join('\n');
}

function row(name: string, g: GroupStats): string {
  const pct = g.links ? ((100 * g.same) / g.links).toFixed(2) : '-';
  return `${name.padEnd(12)} ${String(g.links).padStart(6)}   ${pct.padStart(8)}   ${String(g.wrong).padStart(5)}  ${String(g.unresolved).padStart(10)}  ${`${g.refMissing}(${g.extraResolved})`.padStart(18)}  ${String(g.notExtracted).padStart(13)}  ${String(g.extraExtracted).padStart(15)}  ${String(g.repeatedEdges).padStart(14)}  ${String(g.repeatedBacklinks).padStart(18)}`;
}

async function main(): Promise<void> {
  const n = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5000);
  const push = process.argv.includes('--push');
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-linkeval-'));
  try {
    const vault = generateVault(n);
    const dir = path.join(root, 'vault');
    writeVault(dir, vault);
    const links = vault.pages.reduce((s, p) => s + (p.markdown.match(/\[\[/g)?.length ?? 0), 0);
    log(`${vault.pages.length} pages, ${(vault.bytes / 1048576).toFixed(1)} MB, ${links} [[ in the text`);
    const data = path.join(root, 'data-import');
    const env = { BRAINKEEP_DATA: data, BRAINKEEP_MODELS_DIR: MODELS_DIR, BRAINKEEP_LOG_LEVEL: 'warn' };
    cli(['brain', 'create', '--slug', 'vault'], env);
    const imported = cli(['import', '--brain', 'vault', dir], env);
    log(`import: ${imported}`);
    const out = [`linkEval: ${vault.pages.length} pages in ${new Set(vault.pages.map((p) => p.lang)).size} languages, ${(vault.bytes / 1048576).toFixed(1)} MB`];
    out.push(report('CLI import', await evaluate(vault, data, 'vault', log)));
    if (push) {
      const pushData = path.join(root, 'data-push');
      const service = await startBenchService(pushData, { BRAINKEEP_MODELS_DIR: MODELS_DIR });
      try {
        const c = service.container;
        await c.brains.create(SYSTEM_ACTOR, { slug: 'vault' });
        const brain = c.access.findBrain('vault')!;
        const token = c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'linkeval' }, SYSTEM_ACTOR).key;
        const url = new URL(`${service.http.url}/git/vault.git`);
        url.username = 'git';
        url.password = token;
        const work = path.join(root, 'clone');
        await git(['clone', '--quiet', url.toString(), work], root);
        // git on macOS commits precomposed (NFC) names (core.precomposeUnicode), and a push refuses NFD ones.
        writeVault(work, { ...vault, pages: vault.pages.map((p) => ({ ...p, path: p.path.normalize('NFC') })) });
        await git(['add', '-A', '.'], work);
        await git(['commit', '--quiet', '-m', 'vault'], work);
        await git(['push', '--quiet', 'origin', 'HEAD'], work);
      } finally {
        await service.stop();
      }
      out.push('', report('git push', await evaluate(vault, pushData, 'vault', log)));
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
