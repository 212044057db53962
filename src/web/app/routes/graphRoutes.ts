// Graph: the neighbourhood of a page (depth 1–3) from c.graph.traverse, handed to graph.js as a
// JSON data island and drawn client side as SVG with d3-force. The same nodes are listed as links
// below the picture, so the page is usable without script or sight.
import { Router } from 'express';
import { queryString, type WebApp } from '../context.js';
import { html, jsonIsland } from '../html.js';
import { brainUrl, pageUrl, STATIC_BASE, APP_BASE } from '../layout.js';

export const D3_SCRIPTS = ['d3-dispatch', 'd3-quadtree', 'd3-timer', 'd3-force'].map((name) => `${APP_BASE}/vendor/${name}.min.js`);

export function graphRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/graph',
    app.brainPage(async (v) => {
      const path = queryString(v.req, 'path');
      const depth = Math.min(Math.max(Number(queryString(v.req, 'depth')) || 1, 1), 3);
      const graph = path ? await v.c.graph.traverse(v.actor, v.brain.id, { path, depth, limit: 200 }) : null;
      const hrefs = Object.fromEntries((graph?.nodes ?? []).map((n) => [n.path, pageUrl(v.brain, n.path)]));
      const body = html`<section class="panel">
        <h1>Graph</h1>
        <form method="get" action="${brainUrl(v.brain, '/graph')}" class="row">
          <div><label for="g-path">Page</label><input type="text" id="g-path" name="path" value="${path}" size="40" placeholder="folder/page.md" required></div>
          <div><label for="g-depth">Depth</label>
            <select id="g-depth" name="depth">${[1, 2, 3].map((d) => html`<option value="${d}" ${d === depth ? html`selected` : ''}>${d}</option>`)}</select></div>
          <button type="submit">Show</button>
        </form>
      </section>
      ${graph
        ? html`<section class="graph-wrap" aria-label="Link graph picture">
            <svg class="graph" id="graph" role="img" aria-label="Pages within ${depth} link${depth > 1 ? 's' : ''} of ${path}: ${graph.nodes.length} pages, ${graph.edges.length} links"></svg>
          </section>
          ${jsonIsland('graph-data', { nodes: graph.nodes, edges: graph.edges, hrefs })}
          <section class="panel" aria-labelledby="g-list">
            <h2 id="g-list">${graph.nodes.length} pages, ${graph.edges.length} links</h2>
            <ul class="plain">${graph.nodes.map(
              (n) => html`<li><span class="badge">depth ${n.depth}</span> <a href="${pageUrl(v.brain, n.path)}">${n.title || n.path}</a>
                <a class="small" href="${brainUrl(v.brain, `/graph?path=${encodeURIComponent(n.path)}&depth=${depth}`)}">centre here</a></li>`,
            )}</ul>
          </section>`
        : html`<p class="muted">Choose a page to see what links to it and what it links to.</p>`}`;
      app.render(v, { title: 'Graph', section: 'graph', body, scripts: graph ? [...D3_SCRIPTS, `${STATIC_BASE}/graph.js`] : [] });
    }),
  );
  return r;
}
