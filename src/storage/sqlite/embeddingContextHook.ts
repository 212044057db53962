// A chunk's vector borrows from its page (title and summary) and from its page's link
// neighbours (their titles, see EmbeddingService). So when a change adds or removes a page, or
// changes a page's names (path, title, aliases) or the set of its links, the pages it links with
// (either way, before and after the change) have their chunks queued to be embedded again, and so
// does the changed page itself (also when only its summary changed). An edit that leaves all of
// that as it was queues nothing here: its changed chunks are queued by the search index, and the
// rest keep vectors that are still right. Two hooks inside the index transaction: `before` runs
// ahead of the link graph (it sees names and links as they were), `after` runs after it (links
// as they are now, resolved in flush).
import type { DerivedPage } from '../../domain/pageDerivation.js';
import type { SyncDb, SyncStatement as Statement } from '../syncDb.js';
import type { EmbeddingRepo } from './embeddingRepo.js';
import type { IndexedPage, PageIndexHook, PreviousPage } from './pageIndexRepo.js';

export class EmbeddingContextHook {
  /** Per brain: pages to queue, and paths whose neighbours are looked up after the link graph's flush. */
  private readonly pending = new Map<string, { pages: Set<number>; paths: Set<string> }>();
  private readonly outLinks: Statement;
  private readonly inLinks: Statement;
  private readonly pageId: Statement;
  private readonly namesOf: Statement;
  private readonly linkKeysOf: Statement;
  private readonly anyVector: Statement;

  constructor(
    db: SyncDb,
    private readonly embeddings: EmbeddingRepo,
    /**
     * Whether a page derived again keeps exactly its stored names and links (the link graph's
     * keepsRows, which reads them anyway): then they need no comparison here.
     */
    private readonly keepsRows: ((brainId: string, page: IndexedPage, derived: DerivedPage) => boolean) | null = null,
  ) {
    this.outLinks = db.prepare('SELECT to_page_id FROM search_links WHERE from_page_id = ? AND to_page_id IS NOT NULL').pluck();
    this.inLinks = db.prepare('SELECT DISTINCT from_page_id FROM search_links WHERE to_page_id = ?').pluck();
    this.pageId = db.prepare('SELECT id FROM pages WHERE brain_id = ? AND path = ?').pluck();
    this.namesOf = db.prepare('SELECT key, kind, label FROM search_page_keys WHERE page_id = ?');
    this.linkKeysOf = db.prepare('SELECT DISTINCT t.key FROM search_links l JOIN search_link_targets t ON t.id = l.target_id WHERE l.from_page_id = ?').pluck();
    this.anyVector = db.prepare('SELECT 1 FROM search_embeddings WHERE brain_id = ? LIMIT 1').pluck();
  }

  private entry(brainId: string): { pages: Set<number>; paths: Set<string> } {
    let e = this.pending.get(brainId);
    if (!e) this.pending.set(brainId, (e = { pages: new Set(), paths: new Set() }));
    return e;
  }

  private neighbours(pageId: number, into: Set<number>): void {
    for (const id of this.outLinks.all(pageId) as number[]) into.add(id);
    for (const id of this.inLinks.all(pageId) as number[]) into.add(id);
  }

  /** Whether an updated page's names, link targets, title or summary differ from what is stored for it. */
  private contextChanged(page: IndexedPage, derived: DerivedPage, previous: PreviousPage | undefined): boolean {
    if (!previous || previous.title !== page.title || previous.summary !== page.summary) return true;
    const names = (this.namesOf.all(page.id) as Array<{ key: string; kind: number; label: string }>).map((n) => `${n.kind}\u0000${n.key}\u0000${n.label}`);
    if (!sameSet(names, derived.keys.map((k) => `${k.kind}\u0000${k.key}\u0000${k.label}`))) return true;
    return !sameSet(this.linkKeysOf.all(page.id) as string[], derived.links.map((l) => l.key));
  }

  /** Register ahead of the link graph's hook. */
  readonly before: PageIndexHook = {
    pagePut: (brainId: string, page: IndexedPage, derived: DerivedPage, isNew: boolean, previous?: PreviousPage, refresh?: boolean) => {
      if (isNew) {
        // Pages that link to it now resolve to it, and the pages it links to gain a neighbour.
        this.entry(brainId).paths.add(page.path);
        return;
      }
      // A reindex's page whose title, summary, names and links come out as stored: nothing changed for its neighbours.
      if (refresh && previous && previous.title === page.title && previous.summary === page.summary && this.keepsRows?.(brainId, page, derived)) return;
      if (!this.contextChanged(page, derived, previous)) return;
      const e = this.entry(brainId);
      this.neighbours(page.id, e.pages);
      e.pages.add(page.id);
      e.paths.add(page.path);
    },
    pageRemoved: (brainId: string, pageId: number) => {
      const e = this.entry(brainId);
      this.neighbours(pageId, e.pages);
      e.pages.delete(pageId);
    },
  };

  /** Register after the link graph's hook. */
  readonly after: PageIndexHook = {
    pagePut: () => undefined,
    pageRemoved: () => undefined,
    brainCleared: (brainId: string) => {
      this.pending.delete(brainId);
    },
    flush: (brainId: string) => {
      const e = this.pending.get(brainId);
      if (!e) return;
      this.pending.delete(brainId);
      // Only chunks that have a vector are queued again: a brain with none (a first import) has nothing to redo.
      if (this.anyVector.get(brainId) === undefined) return;
      for (const path of e.paths) {
        const id = this.pageId.get(brainId, path) as number | undefined;
        if (id != null) this.neighbours(id, e.pages);
      }
      this.embeddings.requeuePages(brainId, [...e.pages], new Date().toISOString());
    },
  };
}

function sameSet(a: string[], b: string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size !== y.size) return false;
  for (const v of x) if (!y.has(v)) return false;
  return true;
}
