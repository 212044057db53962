// Pure link maintenance for a page move: which links in other pages point at the moved page and
// must be rewritten, and how the moved page's own relative links are kept pointing where they did.
import { extractLinks, markdownLinkPath, relativeHref, rewriteLinks, type LinkRef } from './links.js';
import { baseName } from './paths.js';

export interface PageMove {
  fromPath: string;
  toPath: string;
}

/**
 * Rewrite the links in another page that reach the moved page by path (wiki path links, relative
 * markdown links) or by file name (`[[ada]]`) when the file name changes. Links by title or alias
 * keep resolving on their own and are left alone. `nameIsMovedPage(name)` says whether a bare
 * name resolves to the moved page (and not to another page with that title or file name).
 */
export function rewriteLinksToMovedPage(markdown: string, sourcePath: string, move: PageMove, nameIsMovedPage: (name: string) => boolean): string {
  const retarget = (link: LinkRef): string | null => linkTarget(link, move, nameIsMovedPage);
  return rewriteLinks(markdown, sourcePath, retarget);
}

function linkTarget(link: LinkRef, move: PageMove, nameIsMovedPage: (name: string) => boolean): string | null {
  const from = move.fromPath.toLowerCase();
  if (link.kind === 'markdown') return link.path?.toLowerCase() === from ? move.toPath : null;
  if (link.path?.toLowerCase() === from) return move.toPath;
  if (link.target.includes('/')) return null;
  const name = link.target.replace(/\.md$/i, '');
  const oldBase = baseName(move.fromPath);
  if (name.toLowerCase() !== oldBase.toLowerCase() || baseName(move.toPath) === oldBase) return null;
  return nameIsMovedPage(name) ? move.toPath : null;
}

/** Strings whose presence marks a page as possibly linking to `path` (for a cheap index query). */
export function linkNeedles(path: string): string[] {
  const base = baseName(path);
  return [...new Set([base, encodeURI(base), encodeURIComponent(base)])];
}

/**
 * The moved page's own links: relative markdown links are recomputed from the new folder so they
 * reach the same pages, and links to itself follow it. Other bytes stay as they were.
 */
export function relocateOwnLinks(markdown: string, move: PageMove, nameIsMovedPage: (name: string) => boolean): string {
  let out = '';
  let last = 0;
  for (const link of extractLinks(markdown, move.fromPath)) {
    let replacement: string | null = null;
    if (link.kind === 'markdown' && link.path) {
      const target = link.path === move.fromPath ? move.toPath : link.path;
      if (markdownLinkPath(link.target, move.toPath)?.path !== target) {
        const original = markdown.slice(link.start, link.end);
        const href = relativeHref(move.toPath, target) + (link.heading ? `#${link.heading}` : '');
        replacement = original.replace(/\]\(\s*<?[^)\s>]+>?/, `](${href}`);
      }
    } else if (link.kind === 'wiki') {
      const next = linkTarget(link, move, nameIsMovedPage);
      if (next) replacement = rewriteLinks(markdown.slice(link.start, link.end), move.fromPath, () => next);
    }
    if (replacement == null) continue;
    out += markdown.slice(last, link.start) + replacement;
    last = link.end;
  }
  return last === 0 ? markdown : out + markdown.slice(last);
}
