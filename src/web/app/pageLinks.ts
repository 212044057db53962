// Link targets for rendering a page: wiki targets resolved in one batch by the graph service (the
// same resolution the link index and the API use, seen from this page), app URLs for page paths.
import { MAX_RESOLVE_REFS } from '../../domain/schemas/search.js';
import type { RenderLinks } from './markdownView.js';
import { wikiTargets } from './markdownView.js';
import type { View } from './context.js';
import { pageUrl } from './layout.js';

/** Each wiki target's page (or null), resolved in batches by the graph service. */
export function resolvedTargets(v: View, refs: string[], from: string): Array<[string, string | null]> {
  const resolved: Array<[string, string | null]> = [];
  for (let i = 0; i < refs.length; i += MAX_RESOLVE_REFS) {
    const { results } = v.c.graph.resolve(v.actor, v.brain.id, { refs: refs.slice(i, i + MAX_RESOLVE_REFS), from });
    for (const r of results) resolved.push([r.ref, r.path]);
  }
  return resolved;
}

export async function pageLinks(v: View, path: string, markdown: string): Promise<RenderLinks> {
  const resolved = new Map(resolvedTargets(v, wikiTargets(markdown, path), path));
  return {
    wikiTarget: (target) => resolved.get(target) ?? null,
    pageHref: (path, heading) => `${pageUrl(v.brain, path)}${heading ? `#${encodeURIComponent(heading)}` : ''}`,
  };
}
