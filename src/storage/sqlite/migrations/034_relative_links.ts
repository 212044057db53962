import { markdownLinkPath, relativeWikiPath, wikiPath } from '../../../domain/links.js';
import { bestCandidate, foldPrefix, linkKey, type KeyCandidate } from '../../../domain/pageRefs.js';
import type { Migration } from './index.js';

// Links a vault app writes relative to their page or by path as written were keyed as paths from
// the root or beside the page, so they stayed unresolved (issue 28, bench/linkEval): `[[../Folder/Note]]`,
// `[[./Note]]`, `[x](Note.md)` for a page in another folder, `[x](Folder/Note.md)` from a nested page.
// Only those links are re-keyed (their key as extraction now gives it) and resolved again; every
// other link keeps its key and target. (PostgreSQL indexes take the new keys on `brainkeep reindex`: DERIVATION_VERSION 2 marks every page
// derived before as stale.)
export const m034RelativeLinks: Migration = {
  version: 34,
  name: 'relative-links',
  up(db) {
    const links = db
      .prepare(
        `SELECT l.from_page_id AS page, l.ordinal, t.id AS targetId, t.brain_id AS brainId, t.key, t.target, l.kind, f.path AS "from"
         FROM search_links l JOIN search_link_targets t ON t.id = l.target_id JOIN pages f ON f.id = l.from_page_id
         WHERE l.kind = 'markdown' OR t.target LIKE './%' OR t.target LIKE '../%'`,
      )
      .all() as Array<{ page: number; ordinal: number; targetId: number; brainId: string; key: string; target: string; kind: string; from: string }>;
    if (!links.length) return;
    const findTarget = db.prepare('SELECT id FROM search_link_targets WHERE brain_id = ? AND key = ? AND target = ?').pluck();
    const addTarget = db.prepare('INSERT INTO search_link_targets (brain_id, key, target) VALUES (?, ?, ?)');
    const setLink = db.prepare('UPDATE search_links SET target_id = ?, to_page_id = ? WHERE from_page_id = ? AND ordinal = ?');
    const candidates = db.prepare('SELECT key, kind, path, page_id AS "pageId" FROM search_page_keys WHERE brain_id = ? AND key >= ? AND key < ?');
    const emptied = new Set<number>();
    for (const l of links) {
      const path = l.kind === 'markdown' ? (markdownLinkPath(l.target, l.from)?.path ?? null) : (relativeWikiPath(l.target, l.from) ?? wikiPath(l.target));
      const key = linkKey({ path, target: l.target, kind: l.kind === 'markdown' ? 'markdown' : 'wiki' });
      if (key === l.key) continue;
      let id = findTarget.get(l.brainId, key, l.target) as number | undefined;
      if (id === undefined) id = Number(addTarget.run(l.brainId, key, l.target).lastInsertRowid);
      const prefix = foldPrefix(key);
      const named = candidates.all(l.brainId, prefix, `${prefix.slice(0, -1)} `) as Array<KeyCandidate & { pageId: number }>;
      const to = bestCandidate(named, key, l.from);
      setLink.run(id, to == null ? null : named.find((c) => c.path === to)!.pageId, l.page, l.ordinal);
      emptied.add(l.targetId);
    }
    const unused = db.prepare('DELETE FROM search_link_targets WHERE id = ? AND NOT EXISTS (SELECT 1 FROM search_links WHERE target_id = ?)');
    for (const id of emptied) unused.run(id, id);
  },
};
