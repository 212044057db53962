// `brainkeep import --brain SLUG DIR`: a folder of markdown (an Obsidian vault, a wiki export) becomes
// ONE commit through the durable write path, indexed in the same step. Hidden folders (.obsidian,
// .trash; with --include-hidden they are taken, .git never), non-markdown files and symbolic links
// are skipped, and so is a path the page rules refuse: each is reported on stderr with the reason.
import fs from 'node:fs';
import path from 'node:path';
import { command, flags, OPERATOR, UsageError } from './main.js';
import { AppError } from '../domain/errors.js';
import { normalizeFolder, normalizePagePath } from '../domain/paths.js';
import type { Services } from '../container.js';
import type { ImportFile } from '../services/pagesService.js';

export interface Skipped {
  /** A file or folder (ending in `/`), relative to the imported folder; or a summary. */
  what: string;
  why: string;
}

/**
 * Markdown files under `root`, as POSIX paths relative to it, sorted, and what was left out and why:
 * hidden folders and files (unless `includeHidden`; `.git` always), files that are not markdown
 * (summed up by extension), symbolic links (never followed).
 */
export function markdownFilesUnder(root: string, opts: { includeHidden?: boolean } = {}): { files: string[]; skipped: Skipped[] } {
  const out: string[] = [];
  const skipped: Skipped[] = [];
  const other = new Map<string, number>();
  const countFiles = (dir: string): number => {
    let n = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
    return n;
  };
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const hidden = entry.name.startsWith('.');
      if (entry.isSymbolicLink()) {
        skipped.push({ what: childRel, why: 'a symbolic link (not followed)' });
      } else if (entry.isDirectory()) {
        if (entry.name === '.git') skipped.push({ what: `${childRel}/`, why: 'a git folder' });
        else if (hidden && !opts.includeHidden) {
          const n = countFiles(path.join(dir, entry.name));
          skipped.push({ what: `${childRel}/`, why: `a hidden folder, ${n} file${n === 1 ? '' : 's'} (--include-hidden takes it)` });
        } else walk(path.join(dir, entry.name), childRel);
      } else if (entry.isFile()) {
        if (!/\.md$/i.test(entry.name)) {
          const ext = /\.([^./]+)$/.exec(entry.name)?.[1]?.toLowerCase() ?? '(none)';
          other.set(ext, (other.get(ext) ?? 0) + 1);
        } else if (hidden && !opts.includeHidden) skipped.push({ what: childRel, why: 'a hidden file (--include-hidden takes it)' });
        else out.push(childRel);
      }
    }
  };
  walk(root, '');
  if (other.size) {
    const total = [...other.values()].reduce((a, b) => a + b, 0);
    const byExt = [...other].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([e, n]) => `${n} .${e}`).join(', ');
    skipped.push({ what: `${total} file${total === 1 ? '' : 's'}`, why: `not markdown (${byExt})` });
  }
  return { files: out.sort(), skipped };
}

command('import', 'import --brain SLUG DIR [--folder F] [--message M] [--include-hidden]', async (args, { io, container, config }) => {
  const at = args.findIndex((a, i) => !a.startsWith('--') && (i === 0 || !['--brain', '--folder', '--message'].includes(args[i - 1]!)));
  if (at < 0) throw new UsageError('the folder to import is required');
  const dirArg = args[at]!;
  const f = flags([...args.slice(0, at), ...args.slice(at + 1)], { brain: 'string', folder: 'string', message: 'string', 'include-hidden': 'boolean' }, ['brain']);
  const root = path.resolve(dirArg);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`${dirArg} is not a folder`);
  const prefix = normalizeFolder(f.folder ?? '');
  const { files: names, skipped: left } = markdownFilesUnder(root, { includeHidden: f['include-hidden'] === true });
  for (const s of left) io.err(`skipped ${s.what}: ${s.why}`);
  if (!names.length) throw new UsageError(`no markdown files under ${dirArg}`);

  // Loaded here: registering the command (every command's start, `--help`) must not load it.
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'import [{bar}] {value}/{total} files {phase}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  // The service first, so a large import's derivation thread starts while the files are read.
  const c = container();
  c.pages.prepareImport(names.length);
  const packs = packsReadyBesideIndexing(c, config.gitPackLimit);
  bar.start(names.length, 0, { phase: 'reading' });
  const files: ImportFile[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    const target = prefix ? `${prefix}/${name}` : name;
    try {
      files.push({ path: normalizePagePath(target), content: fs.readFileSync(path.join(root, name)) });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped.push(`${name}: ${e.detail}`);
    }
    bar.increment();
  }
  bar.update(names.length, { phase: 'committing' });
  try {
    const result = await c.pages.importPages(OPERATOR, f.brain as string, files, { message: f.message as string | undefined, landed: packs.landed });
    bar.update(names.length, { phase: `done (${result.commit.slice(0, 10)})` });
    bar.stop();
    for (const s of skipped) io.err(`skipped ${s}`);
    io.out(String(result.pages));
  } catch (e) {
    bar.stop();
    throw e;
  } finally {
    // A failure here (a full disk) does not undo the import, already committed and counted: a
    // warning, and the server's next pack check tries again.
    const failed = await packs.done();
    if (failed) io.err(`warning: the repack for clones failed (the import is committed): ${failed.message}`);
  }
});

/**
 * The import lands as one pack without a reachability bitmap: a clone of it would walk every
 * object. A server repacks a few seconds after its own imports; this process does it as the server
 * would (BRAINKEEP_GC_PACK_LIMIT 0: not), from the moment the commit has landed, so git repacks in
 * a process of its own while this one runs the import's index transaction (seconds on one thread);
 * the process ends once both have. `done` answers the repack's failure, if any. The process that
 * starts git for us starts now, while the files are read: the index transaction waits for git to
 * run, and that helper's start took longer than the repack's checks.
 */
function packsReadyBesideIndexing(c: Services, packLimit: number): { landed?: (brainId: string) => Promise<void>; done: () => Promise<Error | null> } {
  let run: Promise<Error | null> | null = null;
  if (packLimit > 0) c.gitRemote.prepareMaintenance();
  const landed = (brainId: string) => {
    if (run) return Promise.resolve();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    run = c.gitRemote.keepPacksReady(brainId, packLimit, { started }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    return running;
  };
  return { landed: packLimit > 0 ? landed : undefined, done: async () => (run ? await run : null) };
}
