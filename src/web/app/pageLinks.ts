// Everything a render needs from the brain, looked up on this thread (the graph and the repo live
// here) before the parse runs on the renderer's thread: each wiki target resolved by the graph
// service (the same resolution the link index and the API use, seen from the page the text is on),
// each markdown link by the link index's own key (so the page view and the graph agree),
// the titles of the pages they reach, and which image files exist. One code path serves the page
// view, the editor's preview, backlink lines and search snippets.
import { AppError } from '../../domain/errors.js';
import { roleAtLeast } from '../../domain/roles.js';
import { MAX_RESOLVE_REFS } from '../../domain/schemas/search.js';
import type { View } from './context.js';
import { html, raw, type SafeHtml } from './html.js';
import { RenderError, renderOffThread } from './markdownRenderer.js';
import type { RenderItem, RenderJob } from './markdownRenderWorker.js';
import { imageRefs, markdownPageLinks, plainLine, relinkTargets, wikiTargets } from './markdownView.js';

/** Each wiki target's page (or null), resolved in batches by the graph service. */
export function resolvedTargets(v: View, refs: string[], from: string): Array<[string, string | null]> {
  const resolved: Array<[string, string | null]> = [];
  for (let i = 0; i < refs.length; i += MAX_RESOLVE_REFS) {
    const { results } = v.c.graph.resolve(v.actor, v.brain.id, { refs: refs.slice(i, i + MAX_RESOLVE_REFS), from });
    for (const r of results) resolved.push([r.ref, r.path]);
  }
  return resolved;
}

async function prepare(v: View, kind: RenderJob['kind'], given: RenderItem[], highlight: string | null): Promise<RenderJob> {
  const resolved: Array<[string, string | null]> = [];
  const linked: Array<[string, string | null]> = [];
  const files = new Map<string, boolean>();
  const items = given.map((i) => ({ text: i.linkTargets?.length ? relinkTargets(i.text, i.linkTargets) : i.text, sourcePath: i.sourcePath }));
  for (const item of items) {
    const text = kind === 'page' ? item.text : plainLine(item.text);
    for (const [target, path] of resolvedTargets(v, wikiTargets(text, item.sourcePath), item.sourcePath)) resolved.push([`${item.sourcePath}\n${target}`, path]);
    // Markdown links by the link index's own key: the page view goes where the graph says.
    for (const { key, path } of v.c.graph.linkTargets(v.actor, v.brain.id, markdownPageLinks(text, item.sourcePath), item.sourcePath)) linked.push([`${item.sourcePath}\n${key}`, path]);
    if (kind === 'page') {
      for (const path of imageRefs(text, item.sourcePath)) {
        if (files.has(path)) continue;
        files.set(path, await fileExists(v, path));
      }
    }
  }
  const titles = v.c.graph.titles(v.actor, v.brain.id, resolved.map(([, path]) => path).filter((p): p is string => p != null));
  return {
    kind,
    items,
    brainSlug: v.brain.slug,
    resolved,
    linked,
    titles: [...titles],
    files: [...files],
    canCreate: roleAtLeast(v.brain.role, 'Write'),
    highlight,
  };
}

async function fileExists(v: View, path: string): Promise<boolean> {
  try {
    // The files index first (no read of the bytes); an image an older import left in git from the repository.
    if (v.c.files.has(v.actor, v.brain.id, path)) return true;
    return (await v.c.pages.file(v.actor, v.brain.id, path)) != null;
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return false;
    throw e;
  }
}

/** A page's markdown as safe HTML (a page too large or hostile to render shows why instead). */
export async function renderPageHtml(v: View, path: string, markdown: string): Promise<SafeHtml> {
  try {
    const [out] = await renderOffThread(await prepare(v, 'page', [{ text: markdown, sourcePath: path }], null));
    return raw(out!);
  } catch (e) {
    if (!(e instanceof RenderError)) throw e;
    return html`<p class="muted">${e.message}</p>`;
  }
}

/**
 * Lines of page text (search snippets with `**` marks, backlink lines) as safe inline HTML, in one
 * job: links shown as titles, table and list syntax gone, matches (and links to `highlight`) marked.
 */
export async function renderLines(v: View, items: RenderItem[], highlight: string | null = null): Promise<SafeHtml[]> {
  if (!items.length) return [];
  try {
    return (await renderOffThread(await prepare(v, 'inline', items, highlight))).map(raw);
  } catch (e) {
    if (!(e instanceof RenderError)) throw e;
    return items.map((i) => html`${i.text}`);
  }
}
