// Graph: the whole brain (or, past LARGE pages, its largest connected part) from c.graph.overview,
// or one page's neighbourhood (depth 1–3) from c.graph.traverse. The data goes to graph.js as a
// compact JSON data island and is drawn on a canvas with d3-force: folders as colours, link types
// as edge styles, zoom, pan, click to open, filters by folder and link type. The hubs (or, for a
// small graph, every page) are listed as links below, so the page is usable without script or sight.
import { Router } from 'express';
import { largestComponent } from '../../../domain/graphParts.js';
import { queryString, type View, type WebApp } from '../context.js';
import { html, jsonIsland, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { traverseParamsSchema } from '../../../domain/schemas/search.js';
import { brainUrl, pageUrl, STATIC_BASE, APP_BASE } from '../layout.js';

export const D3_SCRIPTS = ['d3-dispatch', 'd3-quadtree', 'd3-timer', 'd3-force'].map((name) => `${APP_BASE}/vendor/${name}.min.js`);

/** Past this many pages the graph opens on the largest connected part (all of it on request). */
const LARGE = 1500;
/** Graphs up to this size list every page below the picture; larger ones list their hubs. */
const LIST_ALL = 150;
const HUBS = 40;

interface GraphData {
  nodes: Array<{ path: string; title: string; depth?: number }>;
  edges: Array<{ from: string; to: string; type: string }>;
}

export function graphRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/graph',
    app.brainPage(async (v) => {
      const path = queryString(v.req, 'path');
      const depth = Math.min(Math.max(Number(queryString(v.req, 'depth')) || 1, 1), 3);
      const all = queryString(v.req, 'all') === 'true';
      let data: GraphData;
      let scope: SafeHtml;
      if (path) {
        data = v.c.graph.traverse(v.actor, v.brain.id, { path, depth, limit: 500 });
        const title = data.nodes[0]?.title ?? path;
        scope = html`Pages within ${depth} link${depth > 1 ? 's' : ''} of <a href="${pageUrl(v.brain, data.nodes[0]?.path ?? path)}">${title}</a>. <a href="${brainUrl(v.brain, '/graph')}">The whole brain</a>`;
      } else {
        const whole = v.c.graph.overview(v.actor, v.brain.id);
        if (whole.nodes.length > LARGE && !all) {
          const keep = largestComponent(whole.nodes.map((n) => n.path), whole.edges);
          data = { nodes: whole.nodes.filter((n) => keep.has(n.path)), edges: whole.edges.filter((e) => keep.has(e.from)) };
          scope =
            data.nodes.length < whole.nodes.length
              ? html`The largest connected part of the brain: ${data.nodes.length} of its ${whole.nodes.length} pages. <a href="${brainUrl(v.brain, '/graph?all=true')}">Show every page</a>`
              : html`The whole brain.`;
        } else {
          data = whole;
          scope = html`The whole brain.`;
        }
      }
      app.render(v, {
        title: 'Graph',
        section: 'graph',
        body: graphScreen(v, data, scope, path ? { path, depth } : null),
        scripts: data.nodes.length ? [...D3_SCRIPTS, `${STATIC_BASE}/graph.js`] : [],
      });
    }),
  );
  return r;
}

/** The folders that colour the pages: the first level below the folders every page shares. */
function colourFolder(nodes: Array<{ path: string }>): (path: string) => string {
  const shared: string[] = [];
  if (nodes.length > 1) {
    const first = nodes[0]!.path.split('/').slice(0, -1);
    for (let d = 0; d < first.length && nodes.every((n) => n.path.split('/', d + 2).length > d + 1 && n.path.split('/')[d] === first[d]); d++) shared.push(first[d]!);
  }
  const skip = shared.length;
  return (path) => {
    const parts = path.split('/');
    return parts.length - 1 > skip ? parts.slice(0, skip + 1).join('/') : parts.slice(0, -1).join('/');
  };
}

function graphScreen(v: View, data: GraphData, scope: SafeHtml, focus: { path: string; depth: number } | null): SafeHtml {
  const topFolder = colourFolder(data.nodes);
  const folders = [...new Set(data.nodes.map((n) => topFolder(n.path)))].sort();
  const types = [...new Set(data.edges.map((e) => e.type))].sort((a, b) => (a === 'mentions' ? -1 : b === 'mentions' ? 1 : a.localeCompare(b)));
  const index = new Map(data.nodes.map((n, i) => [n.path, i]));
  const folderIndex = new Map(folders.map((f, i) => [f, i]));
  const typeIndex = new Map(types.map((t, i) => [t, i]));
  const degree = new Array<number>(data.nodes.length).fill(0);
  const edges: Array<[number, number, number]> = [];
  for (const e of data.edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a == null || b == null) continue;
    edges.push([a, b, typeIndex.get(e.type)!]);
    degree[a]!++;
    degree[b]!++;
  }
  const island = {
    base: `${pageUrl(v.brain, '')}`,
    folders,
    types,
    focus: focus ? (index.get(data.nodes[0]?.path ?? '') ?? null) : null,
    // [path, title, folder index, degree] per page; [from, to, type index] per edge.
    nodes: data.nodes.map((n, i) => [n.path, n.title || n.path, folderIndex.get(topFolder(n.path))!, degree[i]!]),
    edges,
  };
  const listed =
    data.nodes.length <= LIST_ALL
      ? data.nodes.map((n, i) => ({ ...n, degree: degree[i]! }))
      : data.nodes
          .map((n, i) => ({ ...n, degree: degree[i]! }))
          .sort((a, b) => b.degree - a.degree || a.path.localeCompare(b.path))
          .slice(0, HUBS);
  return html`<section class="panel graph-head">
      <div class="row spread">
        <h1>Graph</h1>
        <form method="get" action="${brainUrl(v.brain, '/graph')}" class="row">
          <div><label for="g-path">Centre on a page</label><input type="text" id="g-path" name="path" value="${focus?.path ?? ''}" ${limitsOf(traverseParamsSchema, 'path')} size="30" placeholder="folder/page.md"></div>
          <div><label for="g-depth">Depth</label>
            <select id="g-depth" name="depth">${[1, 2, 3].map((d) => html`<option value="${d}" ${d === (focus?.depth ?? 1) ? html`selected` : ''}>${d}</option>`)}</select></div>
          <button type="submit" class="secondary">Show</button>
        </form>
      </div>
      <p class="small">${scope} · ${data.nodes.length} pages, ${edges.length} links.</p>
      ${data.nodes.length
        ? html`<div class="graph-filters" id="graph-filters" hidden>
            <fieldset><legend>Folders</legend><div class="row">
              ${folders.map((f, i) => html`<label class="inline"><input type="checkbox" checked data-folder="${i}"> <span class="swatch c${i % 12}" aria-hidden="true"></span> ${f || '(top level)'}</label>`)}
            </div></fieldset>
            ${types.length
              ? html`<fieldset><legend>Link types</legend><div class="row">
                  ${types.map((t, i) => html`<label class="inline"><input type="checkbox" checked data-type="${i}"> <span class="edge-style e${i % 6}" aria-hidden="true"></span> ${t.replace(/_/g, ' ')}</label>`)}
                </div></fieldset>`
              : ''}
            <p class="small muted">Scroll or pinch to zoom, drag to pan, click a page to open it. Keys on the picture: <kbd>+</kbd> <kbd>-</kbd> zoom, arrows pan, <kbd>0</kbd> fits.</p>
          </div>`
        : ''}
    </section>
    ${data.nodes.length
      ? html`<section class="graph-wrap" aria-label="Link graph picture">
          <canvas id="graph" class="graph" tabindex="0" role="img" aria-label="Link graph: ${data.nodes.length} pages, ${edges.length} links. The pages are listed below."></canvas>
          <div class="graph-tip" id="graph-tip" hidden></div>
        </section>
        ${jsonIsland('graph-data', island)}`
      : html`<p class="muted">No pages yet.</p>`}
    ${listed.length
      ? html`<section class="panel" aria-labelledby="g-list">
          <h2 id="g-list">${data.nodes.length <= LIST_ALL ? `${data.nodes.length} pages` : `The ${listed.length} most connected pages`}</h2>
          <ul class="plain graph-list">${listed.map(
            (n) => html`<li><a href="${pageUrl(v.brain, n.path)}">${n.title || n.path}</a> <span class="small muted">${n.degree} link${n.degree === 1 ? '' : 's'}</span>
              <a class="small" href="${brainUrl(v.brain, `/graph?path=${encodeURIComponent(n.path)}&depth=${focus?.depth ?? 1}`)}" >centre here<span class="visually-hidden"> on ${n.title || n.path}</span></a></li>`,
          )}</ul>
        </section>`
      : ''}`;
}
