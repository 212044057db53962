// Pure link maintenance for a page move: which links in other pages point at the moved page and
// must be rewritten, and how the moved page's own relative links are kept pointing where they did.
import { posix } from 'node:path';
import { extractLinks, markdownLinkPath, relativeHref, relativeWikiPath, rewriteLinks, type LinkRef } from './links.js';
import { baseName, folderOf } from './paths.js';

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
export function rewriteLinksToMovedPage(markdown: string, sourcePath: string, move: PageMove, nameIsMovedPage: (name: string) => boolean, goesTo?: LinkGoesTo): string {
  const relative = new Map<number, string>();
  const retarget = (link: LinkRef): string | null => {
    const next = linkTarget(link, sourcePath, move, nameIsMovedPage, goesTo);
    if (next && isRelativeWiki(link)) relative.set(link.start, relativeWikiTarget(sourcePath, next));
    return next;
  };
  return keepRelative(rewriteLinks(markdown, sourcePath, retarget), markdown, sourcePath, relative);
}

/**
 * Where a link on `from` resolves in the index now (PAGE_FIRST markdown hrefs may reach a page
 * elsewhere than their joined path), or null: rewrites are decided from it when given.
 */
export type LinkGoesTo = (link: LinkRef, from: string) => string | null;

function isRelativeWiki(link: LinkRef): boolean {
  return link.kind === 'wiki' && /^\.\.?\//.test(link.target);
}

/** A wiki target relative to the page at `from` (`./x`, `../x`), without `.md`. */
function relativeWikiTarget(from: string, to: string): string {
  const rel = posix.relative(folderOf(from) || '.', to.replace(/\.md$/i, ''));
  return rel.startsWith('../') ? rel : `./${rel}`;
}

/**
 * rewriteLinks writes wiki targets as paths from the root: put the relative ones back as relative
 * targets (`relative`: by the link's start in `original`; each link is found again in the
 * rewritten markdown by extraction, in order).
 */
function keepRelative(rewritten: string, original: string, sourcePath: string, relative: Map<number, string>): string {
  if (!relative.size) return rewritten;
  const before = extractLinks(original, sourcePath);
  const after = extractLinks(rewritten, sourcePath);
  if (before.length !== after.length) return rewritten;
  let out = '';
  let last = 0;
  for (let i = 0; i < before.length; i++) {
    const target = relative.get(before[i]!.start);
    if (target == null) continue;
    const link = after[i]!;
    const text = rewritten.slice(link.start, link.end);
    out += rewritten.slice(last, link.start) + text.replace(link.target, target);
    last = link.end;
  }
  return out + rewritten.slice(last);
}

function linkTarget(link: LinkRef, sourcePath: string, move: PageMove, nameIsMovedPage: (name: string) => boolean, goesTo?: LinkGoesTo): string | null {
  const from = move.fromPath.toLowerCase();
  if (link.kind === 'markdown') {
    if (goesTo) return goesTo(link, sourcePath) === move.fromPath ? move.toPath : null;
    return link.path?.toLowerCase() === from ? move.toPath : null;
  }
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
export function relocateOwnLinks(markdown: string, move: PageMove, nameIsMovedPage: (name: string) => boolean, goesTo?: LinkGoesTo): string {
  let out = '';
  let last = 0;
  for (const link of extractLinks(markdown, move.fromPath)) {
    let replacement: string | null = null;
    if (link.kind === 'markdown' && link.path) {
      // The page the link reaches now (the index's answer when given: `Note.md` may reach a page
      // elsewhere), or the path it names.
      const now = goesTo?.(link, move.fromPath) ?? link.path;
      const target = now === move.fromPath ? move.toPath : now;
      if (markdownLinkPath(link.target, move.toPath)?.path !== target) {
        const original = markdown.slice(link.start, link.end);
        const href = relativeHref(move.toPath, target) + (link.heading ? `#${link.heading}` : '');
        replacement = original.replace(/\]\(\s*<?[^)\s>]+>?/, `](${href}`);
      }
    } else if (isRelativeWiki(link) && relativeWikiPath(link.target, move.fromPath) && link.path) {
      // `[[../x]]` names a path from the page's folder: recomputed from the new one, kept relative.
      const now = link.path === move.fromPath ? move.toPath : link.path;
      if (relativeWikiPath(link.target, move.toPath) !== now) {
        replacement = markdown.slice(link.start, link.end).replace(link.target, relativeWikiTarget(move.toPath, now));
      }
    } else if (link.kind === 'wiki') {
      const next = linkTarget(link, move.fromPath, move, nameIsMovedPage);
      if (next) replacement = rewriteLinks(markdown.slice(link.start, link.end), move.fromPath, () => next);
    }
    if (replacement == null) continue;
    out += markdown.slice(last, link.start) + replacement;
    last = link.end;
  }
  return last === 0 ? markdown : out + markdown.slice(last);
}
