// Bring a brain's derived index (pages, attachments, chunks, full text, links) to what its
// repository holds, then embed every chunk still without a vector: the operation behind
// `brainkeep reindex`. By default the index is reconciled in place (storage/indexReconciler.ts):
// only what differs from git is corrected, each correction a change in the feed, unchanged chunks
// keep their vectors, and a running server's writes interleave. `full` drops the brain's index and
// replays its history instead. Progress is told through hooks, so the CLI draws its bars without
// reaching into storage.
import type { IndexReconciler } from '../storage/indexReconciler.js';
import type { BrainRow } from '../storage/sqlite/brainsRepo.js';
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import type { SearchIndexRepo } from '../storage/sqlite/searchIndexRepo.js';
import type { Checkpointer } from '../storage/backend.js';
import type { WritePath } from '../storage/writePath.js';
import type { BrainsService } from './brainsService.js';
import type { EmbeddingService, EmbeddingStatus } from './embeddings/embeddingService.js';

export interface ReindexHooks {
  /**
   * The rebuild of `slug` starts; about `expected` page versions will be indexed, one `pageIndexed`
   * each (a reconcile: the entries that differ from git; told again if it must compare again).
   */
  rebuildStarted?(slug: string, expected: number): void;
  pageIndexed?(): void;
  rebuildDone?(): void;
  /** Embedding starts with `embedded` of `chunks` done; `embedded` is told as it grows. */
  embedStarted?(slug: string, chunks: number, embedded: number): void;
  embedded?(embedded: number): void;
  embedDone?(): void;
  /** One brain is done. */
  brainDone?(result: BrainReindexed): void;
}

export interface BrainReindexed {
  slug: string;
  /** Commits indexed along the history (all of them with `full`; those the index lagged behind otherwise). */
  commits: number;
  /** Pages and attachments the reconcile corrected (null with `full`). */
  corrected: number | null;
  /**
   * Pages whose derived rows were made again because an older version of derivation made them
   * (domain/pageDerivation.ts DERIVATION_VERSION; no change in the feed). Null with `full`.
   */
  refreshed: number | null;
  pages: number;
  embedding: EmbeddingStatus;
}

export class ReindexService {
  constructor(
    private readonly deps: {
      brains: BrainsService;
      allBrains: () => BrainRow[];
      pageIndex: PageIndexRepo;
      searchIndex: SearchIndexRepo;
      writes: WritePath;
      embeddings: EmbeddingService;
      checkpointer: Checkpointer;
      reconciler: IndexReconciler;
    },
  ) {}

  /** Every brain (`brains` null) or the ones given; answers the pages indexed in all. */
  async reindex(brains: BrainRow[] | null, hooks: ReindexHooks = {}, opts: { full?: boolean } = {}): Promise<{ brains: BrainReindexed[]; pages: number }> {
    const out: BrainReindexed[] = [];
    for (const brain of brains ?? this.deps.allBrains()) {
      // The brain's schema (link typing rules, partitions) is read from git before anything is derived.
      await this.deps.brains.schemaOf(brain.id);
      const { commits, corrected, refreshed } = opts.full ? { commits: await this.rebuild(brain, hooks), corrected: null, refreshed: null } : await this.reconcile(brain, hooks);
      const pages = this.deps.pageIndex.countPages(brain.id);
      const embedding = await this.embedAll(brain, hooks);
      const result = { slug: brain.slug, commits, corrected, refreshed, pages, embedding };
      out.push(result);
      hooks.brainDone?.(result);
    }
    // The vectors written since the index's own truncation: leave the WAL empty behind the bulk work.
    await this.deps.checkpointer.truncate();
    return { brains: out, pages: out.reduce((n, b) => n + b.pages, 0) };
  }

  /** Correct one brain's index in place, telling each corrected page as the hooks index it. */
  private async reconcile(brain: BrainRow, hooks: ReindexHooks): Promise<{ commits: number; corrected: number; refreshed: number }> {
    const off = this.deps.searchIndex.onPagePut((id) => {
      if (id === brain.id) hooks.pageIndexed?.();
    });
    try {
      const r = await this.deps.reconciler.reconcile(brain.id, { refresh: true, onPlanned: (n) => hooks.rebuildStarted?.(brain.slug, n) });
      return { commits: r.caughtUp, corrected: r.corrected, refreshed: r.refreshed };
    } finally {
      off();
      hooks.rebuildDone?.();
    }
  }

  /** Rebuild one brain's index from git, telling each page version as the hooks index it. */
  private async rebuild(brain: BrainRow, hooks: ReindexHooks): Promise<number> {
    const expected = this.deps.pageIndex.changesSince(brain.id, 0, Number.MAX_SAFE_INTEGER).filter((ch) => ch.op !== 'delete').length;
    hooks.rebuildStarted?.(brain.slug, expected);
    const off = this.deps.searchIndex.onPagePut((id) => {
      if (id === brain.id) hooks.pageIndexed?.();
    });
    try {
      return await this.deps.writes.rebuild(brain.id);
    } finally {
      off();
      hooks.rebuildDone?.();
    }
  }

  /** Embed every queued chunk of the brain (all of them after a rebuild). */
  private async embedAll(brain: BrainRow, hooks: ReindexHooks): Promise<EmbeddingStatus> {
    const { embeddings } = this.deps;
    const status = embeddings.status(brain);
    hooks.embedStarted?.(brain.slug, status.chunks, status.embedded);
    try {
      // Wait for a local model still loading (or being converted on first use) instead of leaving
      // every chunk queued for the server.
      while ((await embeddings.processNext(brain.id, { waitForModel: true })) > 0) hooks.embedded?.(embeddings.status(brain).embedded);
    } finally {
      hooks.embedDone?.();
    }
    return embeddings.status(brain);
  }
}
