// `brainkeep reindex [--brain SLUG]`: rebuild the derived index (pages, chunks, full text, links)
// from each brain's repository, then embed every chunk, with progress bars on stderr. Prints the
// number of pages indexed on stdout. Safe while the server runs: it sees the new index at once.
import cliProgress from 'cli-progress';
import { UsageError, command, flags } from './main.js';

command('reindex', 'reindex [--brain SLUG]', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string' });
  const c = container();
  const only = f.brain ? c.access.findBrain(f.brain as string) : null;
  if (f.brain && !only) throw new UsageError(`unknown brain '${String(f.brain)}'`);
  let rebuildBar: cliProgress.SingleBar | null = null;
  let embedBar: cliProgress.SingleBar | null = null;
  let seen = 0;
  const { pages } = await c.reindex.reindex(only ? [only] : null, {
    rebuildStarted(slug, expected) {
      seen = 0;
      rebuildBar = bar(`${slug} index`);
      rebuildBar.start(Math.max(expected, 1), 0, { unit: 'page versions' });
    },
    pageIndexed() {
      seen++;
      if (seen > rebuildBar!.getTotal()) rebuildBar!.setTotal(seen);
      rebuildBar!.update(seen);
    },
    rebuildDone: () => rebuildBar?.stop(),
    embedStarted(slug, chunks, embedded) {
      embedBar = bar(`${slug} embed`);
      embedBar.start(Math.max(chunks, 1), embedded, { unit: 'chunks' });
    },
    embedded: (n) => embedBar?.update(n),
    embedDone: () => embedBar?.stop(),
    brainDone({ slug, commits, pages, embedding }) {
      io.err(`reindexed ${slug}: ${commits} commits, ${pages} pages, ${embedding.chunks} chunks, ${embedding.embedded} embedded`);
      if (embedding.pending) {
        io.err(
          `${embedding.pending} chunk(s) of ${slug} are NOT embedded yet${embedding.lastError ? ` (${embedding.lastError})` : ''}: ` +
            'the server embeds them in the background when it runs; until then search finds them by their words only.',
        );
      }
    },
  });
  io.out(String(pages));
});

function bar(label: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} |{bar}| {value}/{total} {unit}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}
