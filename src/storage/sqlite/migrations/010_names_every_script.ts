import { markdownLinkPath, wikiPath } from '../../../domain/links.js';
import { bestCandidate, foldPrefix, linkKey, pageKeys, type KeyCandidate } from '../../../domain/pageRefs.js';
import type { Migration } from './index.js';

// Name keys keep every script (they were reduced to ASCII slugs, so names in other scripts met on
// their Latin words) and carry a folded half that ranks below the exact one; pages also answer to
// their path suffixes. Existing indexes are re-keyed from what they hold (each page's path, title and
// frontmatter, each link's target as written) and every link is resolved again in the new order.
// Links no longer keep a copy of their line (backlinks cut it from the linking page).
export const m010NamesEveryScript: Migration = {
  version: 10,
  name: 'names-every-script',
  up(db) {
    const pages = db.prepare('SELECT id, brain_id, path, title, frontmatter FROM pages').iterate() as IterableIterator<{
      id: number;
      brain_id: string;
      path: string;
      title: string;
      frontmatter: string;
    }>;
    const rows: Array<[string, string, number, number, string, string]> = [];
    for (const p of pages) {
      let fm: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(p.frontmatter);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fm = parsed as Record<string, unknown>;
      } catch {
        fm = {};
      }
      for (const k of pageKeys(p.path, p.title, fm)) rows.push([p.brain_id, k.key, k.kind, p.id, p.path, k.label]);
    }
    db.exec('DELETE FROM search_page_keys');
    const insertKey = db.prepare('INSERT OR IGNORE INTO search_page_keys (brain_id, key, kind, page_id, path, label) VALUES (?, ?, ?, ?, ?, ?)');
    for (const r of rows) insertKey.run(...r);

    const links = db.prepare('SELECT id, brain_id, from_path, target, kind FROM search_links').all() as Array<{ id: number; brain_id: string; from_path: string; target: string; kind: string }>;
    // Context lines are cut from the page when asked for now, no longer stored with each link.
    const setKey = db.prepare("UPDATE search_links SET target_key = ?, to_path = NULL, context = '' WHERE id = ?");
    const prefixes = new Map<string, Set<string>>();
    for (const l of links) {
      const path = l.kind === 'markdown' ? (markdownLinkPath(l.target, l.from_path)?.path ?? null) : wikiPath(l.target);
      const key = linkKey({ path, target: l.target });
      setKey.run(key, l.id);
      let set = prefixes.get(l.brain_id);
      if (!set) prefixes.set(l.brain_id, (set = new Set()));
      set.add(foldPrefix(key));
    }
    // Resolved against the link rows of this version (text paths; migration 021 turns them into ids).
    const candidates = db.prepare('SELECT key, kind, path FROM search_page_keys WHERE brain_id = ? AND key >= ? AND key < ?');
    const linksOf = db.prepare('SELECT id, target_key AS key, from_path AS "from" FROM search_links WHERE brain_id = ? AND target_key >= ? AND target_key < ?');
    const setTarget = db.prepare('UPDATE search_links SET to_path = ? WHERE id = ?');
    for (const [brainId, set] of prefixes) {
      for (const prefix of set) {
        const end = `${prefix.slice(0, -1)} `;
        const named = candidates.all(brainId, prefix, end) as KeyCandidate[];
        if (!named.length) continue;
        for (const l of linksOf.all(brainId, prefix, end) as Array<{ id: number; key: string; from: string }>) setTarget.run(bestCandidate(named, l.key, l.from), l.id);
      }
    }
  },
};
