// Pages: folder tree, rendered page with properties, backlinks and timeline, the editor (with
// expectedVersion, so a concurrent save shows CONTRACT's 409 message and keeps the draft), preview,
// history with diffs between versions, delete. Every action goes through c.pages.
import { Router } from 'express';
import { AppError } from '../../../domain/errors.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { normalizePagePath } from '../../../domain/paths.js';
import type { PageSource, PageVersionEntry, PageView } from '../../../services/pagesService.js';
import { field, queryString, type View, type WebApp } from '../context.js';
import { setFlash } from '../flash.js';
import { buildTree, renderTree } from '../folderTree.js';
import { html, raw, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { putPageBody, timelineEntryBody } from '../../../domain/schemas/pages.js';
import { brainUrl, pageUrl, STATIC_BASE } from '../layout.js';
import { IMAGE_TYPES } from '../markdownView.js';
import { renderLines, renderPageHtml } from '../pageLinks.js';
import { renderDiff } from '../diffView.js';
import { PAGE_LIVE_SCRIPT, pageLiveNotice } from './liveRoutes.js';
import { brainHome } from './homeRoutes.js';

const TREE_LIMIT = 5000;

export function pagesRoutes(app: WebApp): Router {
  const r = Router();

  r.get('/b/:brain', app.brainPage(async (v) => app.render(v, { title: 'Home', section: 'home', body: await pagesHome(v, allPages(v)) })));

  r.get(
    '/b/:brain/pages',
    app.brainPage(async (v) => {
      const raw = queryString(v.req, 'path');
      const tree = allPages(v);
      if (!raw) {
        return app.render(v, { title: 'Pages', section: 'pages', body: await pagesHome(v, tree) });
      }
      const page = v.c.pages.find(v.actor, v.brain.id, raw)?.page;
      if (!page) return app.render(v, { title: 'No such page', section: 'pages', status: 404, body: missingPage(v, tree, raw) });
      app.render(v, { title: page.title, section: 'pages', scripts: [PAGE_LIVE_SCRIPT], body: await pageScreen(v, tree, page) });
    }),
  );

  r.get(
    '/b/:brain/pages/edit',
    app.brainPage((v) => {
      const raw = queryString(v.req, 'path');
      // The editor edits the whole file: the frontmatter block, then the body.
      const existing = raw ? tryGetSource(v, raw) : null;
      const path = existing?.page.path ?? (raw ? safePath(raw) : '');
      app.render(v, {
        title: existing ? `Edit ${existing.page.title}` : 'New page',
        section: 'pages',
        scripts: [`${STATIC_BASE}/editor.js`],
        body: editor(v, {
          path,
          markdown: existing?.source ?? (path ? `# ${queryString(v.req, 'title').trim() || titleFromPath(path)}\n\n` : ''),
          expectedVersion: existing?.page.version ?? 0,
          isNew: !existing,
          error: null,
          preview: null,
        }),
      });
    }),
  );

  r.post(
    '/b/:brain/pages/edit',
    app.brainPage(async (v) => {
      const path = field(v.req.body, 'path');
      const markdown = field(v.req.body, 'markdown').replace(/\r\n/g, '\n');
      const expectedVersion = Number(field(v.req.body, 'expectedVersion') || '0');
      const isNew = expectedVersion === 0;
      const draft = { path, markdown, expectedVersion, isNew };
      if (field(v.req.body, 'intent') === 'preview') {
        const preview = await renderPageHtml(v, safePath(path) || 'untitled.md', markdown);
        return app.render(v, { title: 'Preview', section: 'pages', scripts: [`${STATIC_BASE}/editor.js`], body: editor(v, { ...draft, error: null, preview }) });
      }
      try {
        // The text is the whole file: its frontmatter is what its leading block says (none without one).
        const { page, created } = await v.c.pages.put(v.actor, v.brain.id, { path, markdown, frontmatter: {}, expectedVersion });
        setFlash(v.res, { kind: 'ok', text: created ? `Created ${page.path}.` : `Saved version ${page.version}.` });
        v.res.redirect(303, pageUrl(v.brain, page.path));
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        const current = e.status === 409 ? tryGet(v, path) : null;
        app.render(v, {
          title: 'Edit',
          section: 'pages',
          status: e.status,
          scripts: [`${STATIC_BASE}/editor.js`],
          body: editor(v, { ...draft, error: { text: e.detail, current }, preview: null }),
        });
      }
    }),
  );

  // The editor's live preview (fetched by editor.js): a sanitized HTML fragment.
  r.post(
    '/b/:brain/pages/preview',
    app.brainPage(async (v) => {
      const html = await renderPageHtml(v, safePath(field(v.req.body, 'path')) || 'untitled.md', field(v.req.body, 'markdown'));
      v.res.type('html').send(html.value);
    }),
  );

  r.post(
    '/b/:brain/pages/delete',
    app.brainAction(
      async (v) => {
        const path = field(v.req.body, 'path');
        const expected = field(v.req.body, 'expectedVersion');
        await v.c.pages.delete(v.actor, v.brain.id, path, { expectedVersion: expected ? Number(expected) : undefined });
        return { to: brainUrl(v.brain, '/pages'), ok: `Deleted ${path}.` };
      },
      (v) => pageUrl(v.brain, field(v.req.body, 'path')),
    ),
  );

  r.post(
    '/b/:brain/pages/timeline',
    app.brainAction(
      async (v) => {
        const path = field(v.req.body, 'path');
        const date = field(v.req.body, 'date');
        await v.c.pages.addTimelineEntry(v.actor, v.brain.id, path, { text: field(v.req.body, 'text'), ...(date ? { date } : {}) });
        return { to: pageUrl(v.brain, path), ok: 'Timeline entry added.' };
      },
      (v) => pageUrl(v.brain, field(v.req.body, 'path')),
    ),
  );

  r.post(
    '/b/:brain/pages/revert',
    app.brainAction(
      async (v) => {
        const version = Number(field(v.req.body, 'version'));
        const expectedVersion = Number(field(v.req.body, 'expectedVersion'));
        const { page } = await v.c.pages.revert(v.actor, v.brain.id, { path: field(v.req.body, 'path'), version, expectedVersion });
        return { to: pageUrl(v.brain, page.path), ok: `Restored the text of version ${version} as version ${page.version}.` };
      },
      (v) => pageUrl(v.brain, field(v.req.body, 'path'), '/history'),
    ),
  );

  r.get(
    '/b/:brain/pages/history',
    app.brainPage(async (v) => {
      const page = v.c.pages.get(v.actor, v.brain.id, queryString(v.req, 'path'));
      const { versions } = await v.c.pages.history(v.actor, v.brain.id, page.path);
      app.render(v, { title: `History of ${page.title}`, section: 'pages', body: historyScreen(v, page, versions) });
    }),
  );

  r.get(
    '/b/:brain/pages/diff',
    app.brainPage(async (v) => {
      const path = queryString(v.req, 'path');
      const a = Number(queryString(v.req, 'from')) || 0;
      const b = Number(queryString(v.req, 'to')) || 0;
      const [from, to] = a > b ? [b, a] : [a, b];
      // Diffs compare whole files, so a change of frontmatter shows too.
      const [older, newerSource] = await Promise.all([
        from > 0 ? v.c.pages.versionSource(v.actor, v.brain.id, path, from) : null,
        v.c.pages.versionSource(v.actor, v.brain.id, path, to),
      ]);
      const newer = newerSource.page;
      app.render(v, {
        title: `Changes to ${newer.title}`,
        section: 'pages',
        body: html`<section class="panel"><p><a href="${pageUrl(v.brain, newer.path, '/history')}">← History of ${newer.title}</a></p>
          <h1><span class="mono">${newer.path}</span>: version ${from > 0 ? from : 'none'} → ${to}</h1>
          ${renderDiff(older?.source ?? '', newerSource.source, from > 0 ? `version ${from}` : 'empty', `version ${to}`)}</section>`,
      });
    }),
  );

  return r;
}

function allPages(v: View): Array<{ path: string; title: string }> {
  const out: Array<{ path: string; title: string }> = [];
  let cursor: string | null = null;
  do {
    const batch = v.c.pages.list(v.actor, v.brain.id, { cursor, limit: 1000 });
    for (const p of batch.pages) out.push({ path: p.path, title: p.title });
    cursor = batch.nextCursor;
  } while (cursor && out.length < TREE_LIMIT);
  return out;
}

function tryGet(v: View, path: string): PageView | null {
  return tryGetSource(v, path)?.page ?? null;
}

/** The page and its file, or null when there is none or the path is not a page path. */
function tryGetSource(v: View, raw: string): PageSource | null {
  const path = safePath(raw);
  return path ? v.c.pages.find(v.actor, v.brain.id, path) : null;
}

function safePath(raw: string): string {
  try {
    return normalizePagePath(raw);
  } catch {
    return '';
  }
}

function titleFromPath(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  return base.replace(/[-_]+/g, ' ').replace(/^\w/, (ch) => ch.toUpperCase());
}

function canWrite(v: View): boolean {
  return roleAtLeast(v.brain.role, 'Write');
}

function layout(v: View, tree: Array<{ path: string; title: string }>, current: string | null, center: SafeHtml, side: SafeHtml | null): SafeHtml {
  return html`<div class="split ${side ? '' : 'two'}">
    <aside class="panel tree-panel">
      <div class="row spread"><h2 class="small muted">Pages (${tree.length}${tree.length >= TREE_LIMIT ? '+' : ''})</h2>
        ${canWrite(v) ? html`<a class="button secondary small" href="${brainUrl(v.brain, '/pages/edit')}">New page</a>` : ''}</div>
      <div class="tree-filter" hidden><label class="visually-hidden" for="tree-filter">Filter pages</label>
        <input type="search" id="tree-filter" placeholder="Filter pages" autocomplete="off" data-tree-filter>
        <p class="small muted" id="tree-filter-none" hidden>No page matches.</p></div>
      ${renderTree(v.brain, buildTree(tree), current)}
    </aside>
    <div>${center}</div>
    ${side ? html`<aside>${side}</aside>` : ''}
  </div>`;
}

async function pagesHome(v: View, tree: Array<{ path: string; title: string }>): Promise<SafeHtml> {
  return layout(v, tree, null, await brainHome(v, tree.length), null);
}

function missingPage(v: View, tree: Array<{ path: string; title: string }>, raw: string): SafeHtml {
  const path = safePath(raw);
  return layout(
    v,
    tree,
    null,
    html`<section class="panel"><h1>No page at ${raw}</h1>
      <p class="muted">Nothing has been written here yet.</p>
      ${canWrite(v) && path ? html`<p><a class="button" href="${pageUrl(v.brain, path, '/edit')}">Create ${path}</a></p>` : ''}
    </section>`,
    null,
  );
}

async function pageScreen(v: View, tree: Array<{ path: string; title: string }>, page: PageView): Promise<SafeHtml> {
  const backlinks = v.c.graph.backlinks(v.actor, v.brain.id, page.path);
  const [body, contexts, timeline] = await Promise.all([
    renderPageHtml(v, page.path, page.markdown),
    renderLines(v, backlinks.backlinks.map((b) => ({ text: b.context, sourcePath: b.path })), page.path),
    v.c.pages.timeline(v.actor, v.brain.id, page.path, { limit: 20 }),
  ]);
  const props = Object.entries(page.frontmatter);
  const center = html`<article class="panel">
      ${pageLiveNotice(v, page)}
      <div class="row spread">
        <span class="muted small mono">${page.path}</span>
        <span class="row small">
          ${canWrite(v) ? html`<a class="button" href="${pageUrl(v.brain, page.path, '/edit')}">Edit</a> <a class="button secondary" href="${pageUrl(v.brain, page.path, '/move')}">Move or rename</a>` : ''}
          <a class="button secondary" href="${pageUrl(v.brain, page.path, '/history')}">History</a>
          <a class="button secondary" href="${brainUrl(v.brain, `/graph?path=${encodeURIComponent(page.path)}`)}">Graph</a>
        </span>
      </div>
      ${/^\s*(---[\s\S]*?---\s*)?#\s/.test(page.markdown) ? '' : html`<h1>${page.title}</h1>`}
      ${props.length
        ? html`<table class="props" aria-label="Properties"><tbody>${props.map(([k, val]) => html`<tr><th scope="row">${k}</th><td>${propValue(val)}</td></tr>`)}</tbody></table>`
        : ''}
      <div class="prose">${body}</div>
      <p class="muted small">Version ${page.version} · updated ${page.updatedAt.slice(0, 16).replace('T', ' ')} UTC by ${page.updatedBy}${page.partition ? html` · partition <span class="badge">${page.partition}</span>` : ''}</p>
      ${canWrite(v)
        ? html`<form method="post" action="${brainUrl(v.brain, '/pages/delete')}" class="inline" data-confirm="Delete ${page.path}? Its history stays in git.">
            <input type="hidden" name="_csrf" value="${v.csrf}">
            <input type="hidden" name="path" value="${page.path}">
            <input type="hidden" name="expectedVersion" value="${page.version}">
            <button type="submit" class="link small">Delete this page</button>
          </form>`
        : ''}
    </article>`;
  const side = html`<section class="panel" aria-labelledby="bl-h">
      <h2 id="bl-h">Backlinks (${backlinks.backlinks.length})</h2>
      ${backlinks.backlinks.length
        ? html`<ul class="plain">${backlinks.backlinks.map((b, i) => html`<li><a href="${pageUrl(v.brain, b.path)}">${b.title || b.path}</a>${b.type !== 'mentions' ? html` <span class="badge" title="relation">${b.type.replace(/_/g, ' ')}</span>` : ''}<div class="snippet">${contexts[i]}</div></li>`)}</ul>`
        : html`<p class="muted small">No page links here yet.</p>`}
    </section>
    <section class="panel" aria-labelledby="tl-h">
      <h2 id="tl-h">Timeline</h2>
      ${timeline.entries.length
        ? html`<ul class="plain">${timeline.entries.map((t) => html`<li><span class="mono small">${t.date}</span> ${t.text}</li>`)}</ul>`
        : html`<p class="muted small">No dated entries.</p>`}
      ${canWrite(v)
        ? html`<form method="post" action="${brainUrl(v.brain, '/pages/timeline')}" class="stack">
            <input type="hidden" name="_csrf" value="${v.csrf}">
            <input type="hidden" name="path" value="${page.path}">
            <div><label for="tl-text">New entry</label><input type="text" id="tl-text" name="text" required ${limitsOf(timelineEntryBody, 'text')}></div>
            <div><label for="tl-date">Date <span class="muted small">(default today)</span></label><input type="text" id="tl-date" name="date" ${limitsOf(timelineEntryBody, 'date')} placeholder="YYYY-MM-DD" pattern="\\d{4}-\\d{2}-\\d{2}"></div>
            <button type="submit" class="secondary">Add to timeline</button>
          </form>`
        : ''}
    </section>`;
  return layout(v, tree, page.path, center, side);
}

function propValue(val: unknown): SafeHtml | string {
  if (Array.isArray(val)) return html`${val.map((x, i) => html`${i ? ', ' : ''}<span class="badge">${typeof x === 'string' ? x : JSON.stringify(x)}</span>`)}`;
  if (val != null && typeof val === 'object') return html`<code>${JSON.stringify(val)}</code>`;
  return String(val ?? '');
}

interface Draft {
  path: string;
  markdown: string;
  expectedVersion: number;
  isNew: boolean;
  error: { text: string; current: PageView | null } | null;
  preview: SafeHtml | null;
}

function editor(v: View, d: Draft): SafeHtml {
  if (!canWrite(v)) {
    return html`<section class="panel"><h1>Read only</h1><p>Editing needs the Write role; you have ${v.brain.role}.</p></section>`;
  }
  return html`<section class="panel">
    <h1>${d.isNew ? 'New page' : html`Edit <span class="mono">${d.path}</span>`}</h1>
    ${d.error
      ? html`<div class="flash error" role="alert"><p>${d.error.text}</p>
          ${d.error.current
            ? html`<p>The saved page is now at version ${d.error.current.version} (by ${d.error.current.updatedBy}). Your text is kept below;
                <a href="${pageUrl(v.brain, d.error.current.path)}" target="_blank" rel="noopener">open the saved version</a> to compare,
                then <a href="${pageUrl(v.brain, d.error.current.path, '/edit')}">reload the editor</a> and apply your change again.</p>`
            : ''}
        </div>`
      : ''}
    <form method="post" action="${brainUrl(v.brain, '/pages/edit')}" id="editor-form" class="stack">
      <input type="hidden" name="_csrf" value="${v.csrf}">
      <input type="hidden" name="expectedVersion" value="${d.expectedVersion}">
      ${d.isNew
        ? html`<div><label for="ed-path">Path</label><input type="text" id="ed-path" name="path" value="${d.path}" required ${limitsOf(putPageBody, 'path')} placeholder="folder/page-name.md" size="50">
            <div class="hint">A new page; <code>.md</code> is added when missing.</div></div>`
        : html`<input type="hidden" name="path" value="${d.path}">`}
      <div class="split two editor-split">
        <div class="editor-pane"><label for="ed-md">Markdown</label>
          <textarea id="ed-md" name="markdown" class="code" spellcheck="true">${d.markdown}</textarea>
          <div class="hint">Link pages with <code>[[folder/page]]</code> or <code>[[Title]]</code>. Saving checks that nobody saved version ${d.expectedVersion || 'none'} after you opened it.</div>
        </div>
        <div><h2 class="small muted">Preview</h2><div id="ed-preview" class="prose panel" aria-live="polite">${d.preview ?? html`<p class="muted small">Press Preview to see the rendered page.</p>`}</div></div>
      </div>
      <div class="row">
        <button type="submit" name="intent" value="save">Save</button>
        <button type="submit" name="intent" value="preview" class="secondary" id="ed-preview-btn">Preview</button>
        <a href="${d.isNew ? brainUrl(v.brain, '/pages') : pageUrl(v.brain, d.path)}">Cancel</a>
      </div>
    </form>
  </section>`;
}

function historyScreen(v: View, page: PageView, versions: PageVersionEntry[]): SafeHtml {
  return html`<section class="panel">
    <p><a href="${pageUrl(v.brain, page.path)}">← ${page.title}</a></p>
    <h1>History of <span class="mono">${page.path}</span></h1>
    <form method="get" action="${brainUrl(v.brain, '/pages/diff')}">
      <input type="hidden" name="path" value="${page.path}">
      <table class="data">
        <thead><tr><th scope="col">From</th><th scope="col">To</th><th scope="col">Version</th><th scope="col">Change</th><th scope="col">When (UTC)</th><th scope="col">By</th><th scope="col">Commit</th>${canWrite(v) ? html`<th scope="col"><span class="visually-hidden">Restore</span></th>` : ''}</tr></thead>
        <tbody>
        ${versions.map(
          (e, i) => html`<tr>
            <td><input type="radio" name="from" value="${e.version}" aria-label="Compare from version ${e.version}" ${i === 1 ? html`checked` : ''}></td>
            <td><input type="radio" name="to" value="${e.version}" aria-label="Compare to version ${e.version}" ${i === 0 ? html`checked` : ''}></td>
            <td>${e.version}</td>
            <td>${e.op}${e.path !== page.path ? html` <span class="muted small">(${e.path})</span>` : ''}</td>
            <td>${e.at.slice(0, 19).replace('T', ' ')}</td>
            <td>${e.by}</td>
            <td class="mono small">${e.commit.slice(0, 10)}</td>
            ${canWrite(v)
              ? html`<td>${e.version !== page.version && e.op !== 'delete'
                  ? html`<button type="submit" class="link small" form="revert-${e.version}">Restore</button>`
                  : ''}</td>`
              : ''}
          </tr>`,
        )}
        </tbody>
      </table>
      <p><button type="submit">Compare selected versions</button></p>
    </form>
    ${canWrite(v)
      ? versions
          .filter((e) => e.version !== page.version && e.op !== 'delete')
          .map(
            (e) => html`<form id="revert-${e.version}" method="post" action="${brainUrl(v.brain, '/pages/revert')}" data-confirm="Restore the text of version ${e.version} as a new version?">
              <input type="hidden" name="_csrf" value="${v.csrf}"><input type="hidden" name="path" value="${page.path}">
              <input type="hidden" name="version" value="${e.version}"><input type="hidden" name="expectedVersion" value="${page.version}"></form>`,
          )
      : ''}
  </section>`;
}
