// A brain's home: a way in for a newcomer and the news for everyone else. A search box (`/`
// focuses it anywhere), the page and link counts, the latest changes with who and when (each
// linking to its diff), inbox items waiting for review, and the pages most other pages link to.
// Everything comes from the services the API uses; the page is shown beside the folder tree.
import { INBOX_STATUS } from '../../../domain/enums.js';
import type { View } from '../context.js';
import { html, qs, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { searchParamsSchema } from '../../../domain/schemas/search.js';
import { brainUrl, pageUrl } from '../layout.js';

const RECENT = 12;
const INBOX = 6;
const HUBS = 10;

export async function brainHome(v: View, pageCount: number): Promise<SafeHtml> {
  const stats = v.c.graph.stats(v.actor, v.brain.id, { limit: HUBS });
  const changes = v.c.pages.recentChanges(v.actor, v.brain.id, { limit: RECENT });
  const inbox = v.c.inbox.list(v.actor, v.brain.id, { status: INBOX_STATUS.Review, limit: INBOX });
  const titles = v.c.graph.titles(v.actor, v.brain.id, changes.map((c) => c.path));
  const name = v.brain.name ?? v.brain.slug;
  const when = (at: string) => html`<time datetime="${at}">${at.slice(0, 16).replace('T', ' ')}</time>`;
  return html`<section class="panel home-intro" aria-labelledby="home-h">
      <h1 id="home-h">${name}</h1>
      ${v.brain.description ? html`<p>${v.brain.description}</p>` : ''}
      <form method="get" action="${brainUrl(v.brain, '/search')}" role="search" class="row">
        <label class="visually-hidden" for="home-q">Search this brain</label>
        <input type="search" id="home-q" name="q" ${limitsOf(searchParamsSchema, 'q')} placeholder="Search this brain (press /)" data-search-box>
        <button type="submit">Search</button>
      </form>
      <dl class="counts">
        <div><dt>Pages</dt><dd>${stats.pages}</dd></div>
        <div><dt>Links</dt><dd>${stats.links}</dd></div>
        <div><dt>Waiting for review</dt><dd>${inbox.items.length}${inbox.nextCursor ? '+' : ''}</dd></div>
      </dl>
      <p class="small muted">${pageCount
        ? html`New here? Start with the most linked pages below, or <a href="${brainUrl(v.brain, '/graph')}">see the whole brain as a graph</a>. Keys: <kbd>/</kbd> search, <kbd>g</kbd> <kbd>h</kbd> home.`
        : 'This brain has no pages yet.'}</p>
    </section>
    <div class="home-grid">
    <section class="panel" aria-labelledby="recent-h">
      <h2 id="recent-h">Recent changes</h2>
      ${changes.length
        ? html`<ul class="plain changes">${changes.map((c) => {
            const title = titles.get(c.path) ?? c.path;
            const diff = c.op !== 'delete' && c.version > 0 ? brainUrl(v.brain, `/pages/diff${qs({ path: c.path, from: c.version - 1, to: c.version })}`) : null;
            return html`<li>
              ${c.op === 'delete' ? html`<span>${c.path}</span>` : html`<a href="${pageUrl(v.brain, c.path)}">${title}</a>`}
              <span class="badge">${c.op === 'put' ? (c.version === 1 ? 'created' : 'edited') : c.op === 'move' ? 'moved' : 'deleted'}</span>
              <div class="small muted">${c.by} · ${when(c.at)} UTC${diff ? html` · <a href="${diff}">diff<span class="visually-hidden"> of version ${c.version} of ${title}</span></a>` : ''}</div>
            </li>`;
          })}</ul>`
        : html`<p class="muted small">Nothing has changed yet.</p>`}
    </section>
    <section class="panel" aria-labelledby="inbox-h">
      <h2 id="inbox-h">Inbox waiting for review</h2>
      ${inbox.items.length
        ? html`<ul class="plain">${inbox.items.map(
            (i) => html`<li><a href="${brainUrl(v.brain, `/inbox/${encodeURIComponent(i.id)}`)}">${i.filename || i.id}</a>
              <div class="small muted">${i.reason ?? 'Needs a decision'} · ${when(i.createdAt)} UTC</div></li>`,
          )}</ul>
          <p class="small"><a href="${brainUrl(v.brain, '/inbox')}">The whole review queue →</a></p>`
        : html`<p class="muted small">Nothing is waiting for review.</p>`}
    </section>
    <section class="panel" aria-labelledby="hubs-h">
      <h2 id="hubs-h">Most linked pages</h2>
      ${stats.mostLinked.length
        ? html`<ol class="hubs">${stats.mostLinked.map(
            (m) => html`<li><a href="${pageUrl(v.brain, m.path)}">${m.title}</a> <span class="small muted">${m.count} page${m.count === 1 ? '' : 's'} link here</span></li>`,
          )}</ol>`
        : html`<p class="muted small">No page links to another yet.</p>`}
    </section>
    </div>`;
}
