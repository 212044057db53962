// `brainkeep reindex [--brain SLUG]`: rebuild the derived index (pages, chunks, full text, links)
// from each brain's repository, then embed every chunk, with progress bars on stderr. Prints the
// number of pages indexed on stdout. Safe while the server runs: it sees the new index at once.
import cliProgress from 'cli-progress';
import { UsageError, command, flags } from './main.js';
import type { Container } from '../container.js';

command('reindex', 'reindex [--brain SLUG]', async (args, { io, container }) => {
  const f = flags(args, { brain: 'string' });
  const c = container();
  const brains = f.brain ? [c.access.findBrain(f.brain as string)] : c.brainsRepo.all();
  if (brains.some((b) => !b)) throw new UsageError(`unknown brain '${String(f.brain)}'`);
  let total = 0;
  for (const b of brains) {
    const brain = b!;
    await c.brains.schemaOf(brain.id);
    const commits = await rebuildWithProgress(c, brain.id, brain.slug);
    const pages = c.pageIndex.countPages(brain.id);
    total += pages;
    const embedded = await embedWithProgress(c, brain.id, brain.slug);
    io.err(`reindexed ${brain.slug}: ${commits} commits, ${pages} pages, ${embedded.chunks} chunks, ${embedded.embedded} embedded`);
    if (embedded.pending) {
      io.err(
        `${embedded.pending} chunk(s) of ${brain.slug} are NOT embedded yet${embedded.lastError ? ` (${embedded.lastError})` : ''}: ` +
          'the server embeds them in the background when it runs; until then search finds them by their words only.',
      );
    }
  }
  // The vectors written since the index's own truncation: leave the WAL empty behind the bulk work.
  await c.checkpointer.truncate();
  io.out(String(total));
});

function bar(label: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} |{bar}| {value}/{total} {unit}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}

/** Rebuild one brain's index from git; the bar counts page versions as the hooks index them. */
async function rebuildWithProgress(c: Container, brainId: string, slug: string): Promise<number> {
  const expected = c.pageIndex.changesSince(brainId, 0, Number.MAX_SAFE_INTEGER).filter((ch) => ch.op !== 'delete').length;
  const progress = bar(`${slug} index`);
  progress.start(Math.max(expected, 1), 0, { unit: 'page versions' });
  let seen = 0;
  const off = c.searchIndex.onPagePut((id) => {
    if (id !== brainId) return;
    seen++;
    if (seen > progress.getTotal()) progress.setTotal(seen);
    progress.update(seen);
  });
  try {
    return await c.writes.rebuild(brainId);
  } finally {
    off();
    progress.stop();
  }
}

/** Embed every queued chunk of the brain (all of them after a rebuild). */
async function embedWithProgress(c: Container, brainId: string, slug: string) {
  const brain = c.brainsRepo.byId(brainId)!;
  let status = c.embeddings.status(brain);
  const progress = bar(`${slug} embed`);
  progress.start(Math.max(status.chunks, 1), status.embedded, { unit: 'chunks' });
  try {
    // Wait for a local model still loading (or being converted on first use) instead of leaving
    // every chunk queued for the server.
    while ((await c.embeddings.processNext(brainId, { waitForModel: true })) > 0) {
      status = c.embeddings.status(brain);
      progress.update(status.embedded);
    }
  } finally {
    progress.stop();
  }
  return c.embeddings.status(brain);
}
