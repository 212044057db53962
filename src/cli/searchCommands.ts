// `brainkeep reindex [--brain SLUG] [--full]`: bring the derived index (pages, attachments, chunks,
// full text, links) to what each brain's repository holds, then embed every chunk without a
// vector, with progress bars on stderr. Prints the number of pages indexed on stdout. By default
// only what differs from git is corrected (in short transactions: safe while the server runs and
// writes); `--full` drops each brain's index and replays its history. Exits non-zero, saying why,
// when it could not finish.
import type cliProgress from 'cli-progress';
import { UsageError, command, flags } from './main.js';

command('reindex', 'reindex [--brain SLUG] [--full]', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string', full: 'boolean' });
  const c = container();
  const { default: progress } = await import('cli-progress');
  const only = f.brain ? c.access.findBrain(f.brain as string) : null;
  if (f.brain && !only) throw new UsageError(`unknown brain '${String(f.brain)}'`);
  let rebuildBar: cliProgress.SingleBar | null = null;
  let embedBar: cliProgress.SingleBar | null = null;
  let seen = 0;
  const { pages } = await c.reindex.reindex(only ? [only] : null, {
    rebuildStarted(slug, expected) {
      seen = 0;
      rebuildBar = bar(progress, `${slug} index`);
      rebuildBar.start(Math.max(expected, 1), 0, { unit: f.full ? 'page versions' : 'pages and attachments' });
    },
    pageIndexed() {
      seen++;
      if (seen > rebuildBar!.getTotal()) rebuildBar!.setTotal(seen);
      rebuildBar!.update(seen);
    },
    rebuildDone: () => rebuildBar?.stop(),
    embedStarted(slug, chunks, embedded) {
      embedBar = bar(progress, `${slug} embed`);
      embedBar.start(Math.max(chunks, 1), embedded, { unit: 'chunks' });
    },
    embedded: (n) => embedBar?.update(n),
    embedDone: () => embedBar?.stop(),
    brainDone({ slug, commits, corrected, refreshed, pages, embedding }) {
      const how = corrected == null ? 'rebuilt in full' : `${corrected} entries corrected, ${refreshed ?? 0} pages derived again`;
      io.err(`reindexed ${slug}: ${commits} commits, ${pages} pages, ${embedding.chunks} chunks, ${embedding.embedded} embedded; ${how}`);
      if (embedding.pending) {
        io.err(
          `${embedding.pending} chunk(s) of ${slug} are NOT embedded yet${embedding.lastError ? ` (${embedding.lastError})` : ''}: ` +
            'the server embeds them in the background when it runs; until then search finds them by their words only.',
        );
      }
    },
  }, { full: f.full === true });
  io.out(String(pages));
});

/** `progress`: the cli-progress package, loaded by the command (registering it must not load it). */
function bar(progress: typeof cliProgress, label: string): cliProgress.SingleBar {
  return new progress.SingleBar(
    { stream: process.stderr, format: `${label} |{bar}| {value}/{total} {unit}`, hideCursor: true, clearOnComplete: true },
    progress.Presets.shades_classic,
  );
}
