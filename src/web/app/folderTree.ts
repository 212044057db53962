// The folder tree beside a page: every page path folded into nested <details>, the folders on the
// way to the current page open. Pure HTML, keyboard-usable without script.
import type { BrainView } from '../../services/brainsService.js';
import { html, type SafeHtml } from './html.js';
import { pageUrl } from './layout.js';

interface Folder {
  name: string;
  path: string;
  folders: Map<string, Folder>;
  pages: Array<{ path: string; title: string }>;
}

export function buildTree(pages: Array<{ path: string; title: string }>): Folder {
  const root: Folder = { name: '', path: '', folders: new Map(), pages: [] };
  for (const p of pages) {
    const parts = p.path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.folders.get(part);
      if (!next) {
        next = { name: part, path: node.path ? `${node.path}/${part}` : part, folders: new Map(), pages: [] };
        node.folders.set(part, next);
      }
      node = next;
    }
    node.pages.push(p);
  }
  return root;
}

export function renderTree(brain: BrainView, root: Folder, current: string | null): SafeHtml {
  const openFor = (folder: Folder) => current != null && current.startsWith(`${folder.path}/`);
  const walk = (folder: Folder): SafeHtml => html`
    ${[...folder.folders.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(
        (f) => html`<li><details ${openFor(f) || folder.path === '' && root.folders.size <= 3 ? html`open` : ''}><summary>${f.name}/</summary><ul>${walk(f)}</ul></details></li>`,
      )}
    ${folder.pages
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((p) => html`<li><a href="${pageUrl(brain, p.path)}" title="${p.path}" ${p.path === current ? html`aria-current="page"` : ''}>${p.title || p.path}</a></li>`)}`;
  return html`<nav aria-label="Pages"><ul class="tree">${walk(root)}</ul></nav>`;
}
