// The link graph, derived: every link as written on each page, resolved to a page path or kept
// as "wanted" (to_path NULL), and the names every page answers to. Maintained as a
// PageIndexHook inside the index transaction: when a page appears, moves or disappears, every
// link spelling one of its names is resolved again, so wanted links resolve when their target
// is created and fall back to wanted (or to another page of that name) when it goes.
import { contextLine, extractLinks } from '../../domain/links.js';
import type { ParsedPage } from '../../domain/markdown.js';
import { linkKey, pageKeys, type KeyKind } from '../../domain/pageRefs.js';
import type { Db } from './database.js';
import type { IndexedPage, PageIndexHook } from './pageIndexRepo.js';

export interface LinkRow {
  fromPath: string;
  toPath: string | null;
  target: string;
  kind: 'wiki' | 'markdown';
  heading: string | null;
  line: number;
  context: string;
}

export interface NamedPage {
  path: string;
  title: string;
  label: string;
  kind: KeyKind;
}

export class LinkGraphRepo implements PageIndexHook {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      keysOfPage: db.prepare('SELECT key FROM search_page_keys WHERE page_id = ?').pluck(),
      deleteKeys: db.prepare('DELETE FROM search_page_keys WHERE page_id = ?'),
      insertKey: db.prepare('INSERT OR IGNORE INTO search_page_keys (brain_id, key, kind, page_id, path, label) VALUES (?, ?, ?, ?, ?, ?)'),
      deleteLinks: db.prepare('DELETE FROM search_links WHERE from_page_id = ?'),
      insertLink: db.prepare(
        `INSERT INTO search_links (brain_id, from_page_id, from_path, target, target_key, to_path, kind, heading, line, context)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      resolveKey: db.prepare('SELECT path FROM search_page_keys WHERE brain_id = ? AND key = ? ORDER BY kind, length(path), path LIMIT 1').pluck(),
      retarget: db.prepare('UPDATE search_links SET to_path = ? WHERE brain_id = ? AND target_key = ? AND to_path IS NOT ?'),
      backlinks: db.prepare(
        `SELECT l.from_path AS fromPath, p.title, l.context, l.line
         FROM search_links l JOIN pages p ON p.id = l.from_page_id
         WHERE l.brain_id = ? AND l.to_path = ? AND l.from_path <> l.to_path
         ORDER BY l.from_path, l.line`,
      ),
      outgoing: db.prepare('SELECT * FROM search_links WHERE brain_id = ? AND from_path = ? ORDER BY line, id'),
    };
  }

  pagePut(brainId: string, page: IndexedPage, parsed: ParsedPage): void {
    const oldKeys = this.stmts.keysOfPage.all(page.id) as string[];
    this.stmts.deleteKeys.run(page.id);
    const keys = pageKeys(page.path, parsed.title, parsed.frontmatter);
    for (const k of keys) this.stmts.insertKey.run(brainId, k.key, k.kind, page.id, page.path, k.label);
    this.stmts.deleteLinks.run(page.id);
    for (const link of extractLinks(page.markdown, page.path)) {
      const key = linkKey(link);
      const to = this.resolveKey(brainId, key);
      this.stmts.insertLink.run(brainId, page.id, page.path, link.target, key, to, link.kind, link.heading, link.line, contextLine(page.markdown, link));
    }
    this.reresolve(brainId, new Set([...oldKeys, ...keys.map((k) => k.key)]));
  }

  pageRemoved(brainId: string, pageId: number): void {
    const oldKeys = this.stmts.keysOfPage.all(pageId) as string[];
    this.stmts.deleteKeys.run(pageId);
    this.stmts.deleteLinks.run(pageId);
    this.reresolve(brainId, new Set(oldKeys));
  }

  brainCleared(brainId: string): void {
    this.db.prepare('DELETE FROM search_links WHERE brain_id = ?').run(brainId);
    this.db.prepare('DELETE FROM search_page_keys WHERE brain_id = ?').run(brainId);
  }

  /** Point every link spelling one of `keys` at the page that name now resolves to (or none). */
  private reresolve(brainId: string, keys: Set<string>): void {
    for (const key of keys) {
      const to = this.resolveKey(brainId, key);
      this.stmts.retarget.run(to, brainId, key, to);
    }
  }

  resolveKey(brainId: string, key: string): string | null {
    return (this.stmts.resolveKey.get(brainId, key) as string | undefined) ?? null;
  }

  /** The first of `keys` that resolves, in order. */
  resolveFirst(brainId: string, keys: string[]): string | null {
    for (const k of keys) {
      const path = this.resolveKey(brainId, k);
      if (path) return path;
    }
    return null;
  }

  /** Pages answering to any of the name keys, with the key that matched (slug, title, alias). */
  pagesNamed(brainId: string, keys: string[]): Array<{ key: string; path: string }> {
    if (!keys.length) return [];
    const rows = this.db
      .prepare(
        `SELECT key, path FROM search_page_keys WHERE brain_id = ? AND kind > 0 AND key IN (SELECT value FROM json_each(?))
         ORDER BY kind, length(path), path`,
      )
      .all(brainId, JSON.stringify(keys)) as Array<{ key: string; path: string }>;
    return rows;
  }

  backlinks(brainId: string, path: string): Array<{ fromPath: string; title: string; context: string; line: number }> {
    return this.stmts.backlinks.all(brainId, path) as Array<{ fromPath: string; title: string; context: string; line: number }>;
  }

  outgoing(brainId: string, path: string): LinkRow[] {
    return (this.stmts.outgoing.all(brainId, path) as Array<Record<string, unknown>>).map(toLink);
  }

  /** Resolved edges touching any of `paths` (self-links left out), for traversal and boosts. */
  edgesTouching(brainId: string, paths: string[], direction: 'out' | 'in' | 'both'): Array<{ from: string; to: string }> {
    if (!paths.length) return [];
    const list = JSON.stringify(paths);
    const parts: string[] = [];
    if (direction !== 'in') parts.push('from_path IN (SELECT value FROM json_each(@list))');
    if (direction !== 'out') parts.push('to_path IN (SELECT value FROM json_each(@list))');
    return this.db
      .prepare(
        `SELECT DISTINCT from_path AS "from", to_path AS "to" FROM search_links
         WHERE brain_id = @brainId AND to_path IS NOT NULL AND from_path <> to_path AND (${parts.join(' OR ')})
         ORDER BY from_path, to_path`,
      )
      .all({ brainId, list }) as Array<{ from: string; to: string }>;
  }

  /** Every name of every page (slug, title, alias), for near-miss ranking. */
  allNames(brainId: string): NamedPage[] {
    return this.db
      .prepare(
        `SELECT k.path, p.title, k.label, k.kind FROM search_page_keys k JOIN pages p ON p.id = k.page_id
         WHERE k.brain_id = ? AND k.kind > 0`,
      )
      .all(brainId) as NamedPage[];
  }

  /** Links whose target does not exist yet, with how often each is wanted. */
  wanted(brainId: string, limit = 100): Array<{ target: string; count: number }> {
    return this.db
      .prepare(
        `SELECT MIN(target) AS target, COUNT(*) AS count FROM search_links WHERE brain_id = ? AND to_path IS NULL
         GROUP BY target_key ORDER BY count DESC, target LIMIT ?`,
      )
      .all(brainId, limit) as Array<{ target: string; count: number }>;
  }
}

function toLink(r: Record<string, unknown>): LinkRow {
  return {
    fromPath: r.from_path as string,
    toPath: (r.to_path as string | null) ?? null,
    target: r.target as string,
    kind: r.kind as 'wiki' | 'markdown',
    heading: (r.heading as string | null) ?? null,
    line: r.line as number,
    context: r.context as string,
  };
}
