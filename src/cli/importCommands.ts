// `brainkeep import --brain SLUG DIR`: a folder of markdown (an Obsidian vault, a wiki export) becomes
// ONE commit through the durable write path, indexed in the same step. Hidden folders (.git, .obsidian,
// .trash) and non-markdown files are skipped; a path the page rules refuse is reported and skipped.
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { command, flags, OPERATOR, UsageError } from './main.js';
import { AppError } from '../domain/errors.js';
import { normalizeFolder, normalizePagePath } from '../domain/paths.js';
import type { ImportFile } from '../services/pagesService.js';

/** Markdown files under `root`, as POSIX paths relative to it, sorted. */
export function markdownFilesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), childRel);
      else if (entry.isFile() && /\.md$/i.test(entry.name)) out.push(childRel);
    }
  };
  walk(root, '');
  return out.sort();
}

command('import', 'import --brain SLUG DIR [--folder F] [--message M]', async (args, { io, container }) => {
  const at = args.findIndex((a, i) => !a.startsWith('--') && (i === 0 || !['--brain', '--folder', '--message'].includes(args[i - 1]!)));
  if (at < 0) throw new UsageError('the folder to import is required');
  const dirArg = args[at]!;
  const f = flags([...args.slice(0, at), ...args.slice(at + 1)], { brain: 'string', folder: 'string', message: 'string' }, ['brain']);
  const root = path.resolve(dirArg);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`${dirArg} is not a folder`);
  const prefix = normalizeFolder(f.folder ?? '');
  const names = markdownFilesUnder(root);
  if (!names.length) throw new UsageError(`no markdown files under ${dirArg}`);

  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'import [{bar}] {value}/{total} files {phase}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
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
  const c = container();
  try {
    const result = await c.pages.importPages(OPERATOR, f.brain as string, files, { message: f.message as string | undefined });
    bar.update(names.length, { phase: `done (${result.commit.slice(0, 10)})` });
    bar.stop();
    for (const s of skipped) io.err(`skipped ${s}`);
    io.out(String(result.pages));
  } catch (e) {
    bar.stop();
    throw e;
  }
});
