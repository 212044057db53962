// A chunk's vector borrows from its page's link neighbours (their titles, see EmbeddingService),
// so when a change adds, removes or renames a page, the pages it links with (either way, before
// and after the change) have their chunks queued to be embedded again, and so does the changed
// page itself. Two hooks inside the index transaction: `before` runs ahead of the link graph (it
// sees the links as they were), `after` runs after it (links as they are now, resolved in flush).
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';
import type { EmbeddingRepo } from './embeddingRepo.js';
import type { IndexedPage, PageIndexHook } from './pageIndexRepo.js';

export class EmbeddingContextHook {
  /** Per brain: pages to queue, and paths whose neighbours are looked up after the link graph's flush. */
  private readonly pending = new Map<string, { pages: Set<number>; paths: Set<string> }>();
  private readonly outLinks: Statement;
  private readonly inLinks: Statement;
  private readonly pageId: Statement;

  constructor(
    db: Db,
    private readonly embeddings: EmbeddingRepo,
  ) {
    this.outLinks = db.prepare(
      `SELECT p.id FROM search_links l JOIN pages p ON p.brain_id = l.brain_id AND p.path = l.to_path
       WHERE l.from_page_id = ? AND l.to_path IS NOT NULL`,
    ).pluck();
    this.inLinks = db.prepare('SELECT DISTINCT from_page_id FROM search_links WHERE brain_id = ? AND to_path = ?').pluck();
    this.pageId = db.prepare('SELECT id FROM pages WHERE brain_id = ? AND path = ?').pluck();
  }

  private entry(brainId: string): { pages: Set<number>; paths: Set<string> } {
    let e = this.pending.get(brainId);
    if (!e) this.pending.set(brainId, (e = { pages: new Set(), paths: new Set() }));
    return e;
  }

  private neighbours(brainId: string, pageId: number | null, path: string, into: Set<number>): void {
    if (pageId != null) for (const id of this.outLinks.all(pageId) as number[]) into.add(id);
    for (const id of this.inLinks.all(brainId, path) as number[]) into.add(id);
  }

  /** Register ahead of the link graph's hook. */
  readonly before: PageIndexHook = {
    pagePut: (brainId: string, page: IndexedPage, _derived, isNew: boolean) => {
      if (!isNew) this.neighbours(brainId, page.id, page.path, this.entry(brainId).pages);
    },
    pageRemoved: (brainId: string, pageId: number, path: string) => {
      const e = this.entry(brainId);
      this.neighbours(brainId, pageId, path, e.pages);
      e.pages.delete(pageId);
    },
  };

  /** Register after the link graph's hook. */
  readonly after: PageIndexHook = {
    pagePut: (brainId: string, page: IndexedPage) => {
      const e = this.entry(brainId);
      e.pages.add(page.id);
      e.paths.add(page.path);
    },
    pageRemoved: () => undefined,
    brainCleared: (brainId: string) => {
      this.pending.delete(brainId);
    },
    flush: (brainId: string) => {
      const e = this.pending.get(brainId);
      if (!e) return;
      this.pending.delete(brainId);
      for (const path of e.paths) this.neighbours(brainId, (this.pageId.get(brainId, path) as number | undefined) ?? null, path, e.pages);
      this.embeddings.requeuePages(brainId, [...e.pages], new Date().toISOString());
    },
  };
}
