// Search: one box, the mode switch (hybrid, exact, semantic) and the filters the API has
// (folder, partition, tag, entity type, include archived). Results come from c.search exactly as
// REST returns them.
import { Router } from 'express';
import { AppError } from '../../../domain/errors.js';
import { SEARCH_MODES, searchParamsSchema } from '../../../domain/schemas/search.js';
import { queryString, type View, type WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { boundOf, limitsOf } from '../formLimits.js';
import { brainUrl, pageUrl } from '../layout.js';
import { renderLines } from '../pageLinks.js';
import { wikiTargets } from '../markdownView.js';

/** The form's limits are the search schema's (the same REST and MCP check). */
const MAX_HITS = boundOf(searchParamsSchema, 'limit', 'maximum');

export function searchRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/search',
    app.brainPage(async (v) => {
      const q = queryString(v.req, 'q').trim();
      const modeParam = queryString(v.req, 'mode');
      const mode = (SEARCH_MODES as readonly string[]).includes(modeParam) ? modeParam : 'hybrid';
      const folder = queryString(v.req, 'folder');
      const partition = queryString(v.req, 'partition');
      const includeArchived = queryString(v.req, 'includeArchived') === 'true';
      // Tags: one field, several separated by commas or spaces (all required), as the API's repeated `tag`.
      const tagText = queryString(v.req, 'tag');
      const tags = tagText.split(/[,\s]+/).filter(Boolean);
      const type = queryString(v.req, 'type');
      const limit = Math.min(Math.max(Number(queryString(v.req, 'limit')) || 20, 1), MAX_HITS);
      const [schema, partitions] = await Promise.all([v.c.brains.schema(v.actor, v.brain.id), Promise.resolve(v.c.partitions.list(v.actor, v.brain.id, {}))]);
      const knownTags = v.c.search.tags(v.actor, v.brain.id);
      const result = q
        ? await v.c.search.search(v.actor, v.brain.id, {
            q,
            mode,
            limit,
            ...(folder ? { folder } : {}),
            ...(partition ? { partition } : {}),
            ...(tags.length ? { tag: tags } : {}),
            ...(type ? { type } : {}),
            includeArchived,
          })
        : null;
      const body = html`<section class="panel">
        <h1>Search</h1>
        <form method="get" action="${brainUrl(v.brain, '/search')}" role="search" class="stack">
          <div class="row">
            <label class="visually-hidden" for="s-q">Search for</label>
            <input type="search" id="s-q" name="q" value="${q}" size="50" ${limitsOf(searchParamsSchema, 'q')} placeholder="Words, a name, a question" autofocus data-search-box>
            <button type="submit">Search</button>
          </div>
          <div class="row">
            <fieldset class="row"><legend>Mode</legend>
              ${SEARCH_MODES.map((m) => html`<label class="inline"><input type="radio" name="mode" value="${m}" ${m === mode ? html`checked` : ''}> ${m}</label>`)}
            </fieldset>
            <div><label for="s-folder">Folder</label>
              <select id="s-folder" name="folder"><option value="">Any folder</option>
                ${schema.folders.map((f) => html`<option value="${f.path}" ${f.path === folder ? html`selected` : ''}>${f.path}</option>`)}
              </select></div>
            <div><label for="s-partition">Partition</label>
              <select id="s-partition" name="partition"><option value="">Any partition</option>
                ${partitions.partitions.map((p) => html`<option value="${p.key}" ${p.key === partition ? html`selected` : ''}>${p.name} (${p.key})${p.archived ? ' · archived' : ''}</option>`)}
              </select></div>
            <div><label for="s-tag">Tag</label>
              <input type="text" id="s-tag" name="tag" value="${tagText}" size="16" list="s-tags" placeholder="Any tag" autocomplete="off">
              <datalist id="s-tags">${knownTags.map((t) => html`<option value="${t.tag}">${t.tag} (${t.pages})</option>`)}</datalist></div>
            <div><label for="s-type">Type</label>
              <select id="s-type" name="type"><option value="">Any type</option>
                ${schema.entityTypes.map((e) => html`<option value="${e.name}" ${e.name === type ? html`selected` : ''}>${e.name}</option>`)}
              </select></div>
            <label class="inline"><input type="checkbox" name="includeArchived" value="true" ${includeArchived ? html`checked` : ''}> Include archived partitions</label>
          </div>
        </form>
      </section>
      ${result ? await results(v, q, result) : ''}`;
      app.render(v, { title: q ? `Search: ${q}` : 'Search', section: 'search', body });
    }),
  );
  return r;
}

interface Hit {
  path: string;
  title: string;
  snippet: string;
  score: number;
  partition: string | null;
  folder: string | null;
}

async function results(v: View, q: string, result: { mode: string; hits: Hit[] }): Promise<SafeHtml> {
  // The snippet as the API gives it (matches in **…**), rendered as text: links as titles, table
  // and list syntax gone, the matches marked.
  const snippets = await renderLines(v, result.hits.map((h) => ({ text: h.snippet, sourcePath: h.path, linkTargets: linkTargetsOf(v, h.path) })));
  return html`<section class="panel" aria-labelledby="res-h">
    <h2 id="res-h">${result.hits.length} result${result.hits.length === 1 ? '' : 's'} for “${q}” <span class="muted small">(${result.mode})</span></h2>
    ${result.hits.length
      ? html`<ol class="plain hits">${result.hits.map(
          (h, i) => html`<li>
            <a href="${pageUrl(v.brain, h.path)}"><strong>${h.title || h.path}</strong></a>
            <span class="muted small mono">${h.path}</span>
            ${h.partition ? html`<span class="badge">${h.partition}</span>` : ''}
            <span class="muted small">score ${Number(h.score.toPrecision(3))}</span>
            <div class="snippet">${snippets[i]}</div>
          </li>`,
        )}</ol>`
      : html`<p class="muted">Nothing matched. Try another mode, or fewer filters.</p>`}
  </section>`;
}

/** The wiki targets written on a hit's page (none when it has gone since the search). */
function linkTargetsOf(v: View, path: string): string[] {
  try {
    return wikiTargets(v.c.pages.get(v.actor, v.brain.id, path).markdown, path);
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return [];
    throw e;
  }
}
