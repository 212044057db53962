// Inbox review queue: items by status with filters; one item with its extracted text, revision
// diff, the filer's reason and suggestion; actions file now, re-queue, dismiss, assign a partition
// (optionally remembering the sender domains) and edit the suggestion. All through c.inbox/c.filing.
import { Router } from 'express';
import { INBOX_STATUS, INBOX_STATUS_NAMES } from '../../../domain/enums.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { SKILLS } from '../../../domain/skills.js';
import { field, queryString, type View, type WebApp } from '../context.js';
import { renderUnifiedDiff } from '../diffView.js';
import { setFlash } from '../flash.js';
import { html, qs, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { updateStatusBody } from '../../../domain/schemas/inbox.js';
import { brainUrl, pageUrl } from '../layout.js';

type InboxList = Awaited<ReturnType<View['c']['inbox']['list']>>;
type InboxItem = InboxList['items'][number];
type InboxDetail = Awaited<ReturnType<View['c']['inbox']['get']>>;

export function inboxRoutes(app: WebApp): Router {
  const r = Router();
  const itemUrl = (v: View, id: string) => brainUrl(v.brain, `/inbox/${encodeURIComponent(id)}`);
  const back = (v: View) => itemUrl(v, String(v.req.params.id));

  r.get(
    '/b/:brain/inbox',
    app.brainPage((v) => {
      const statusParam = queryString(v.req, 'status');
      const status = statusParam === '' ? INBOX_STATUS.Review : statusParam === 'all' ? null : Number(statusParam);
      const partition = queryString(v.req, 'partition');
      const unassigned = queryString(v.req, 'unassigned') === 'true';
      const cursor = queryString(v.req, 'cursor') || null;
      const list = v.c.inbox.list(v.actor, v.brain.id, {
        ...(status != null ? { status } : {}),
        ...(partition ? { partition } : {}),
        ...(unassigned ? { unassigned: true } : {}),
        cursor,
        limit: 50,
      });
      const partitions = v.c.partitions.list(v.actor, v.brain.id, {}).partitions;
      const filters = { status: statusParam || String(INBOX_STATUS.Review), partition, unassigned: unassigned ? 'true' : '' };
      const body = html`<section class="panel stack">
        <div class="row spread"><h1>Inbox</h1>${roleAtLeast(v.brain.role, 'Write') ? html`<a class="button" href="${brainUrl(v.brain, '/inbox/upload')}">Add to inbox</a>` : ''}</div>
        <nav aria-label="Inbox status" class="row">
          ${[...INBOX_STATUS_NAMES.map((name, i) => [String(i), name] as const), ['all', 'All'] as const].map(
            ([value, name]) => html`<a class="button ${filters.status === value ? '' : 'secondary'}" href="${brainUrl(v.brain, `/inbox${qs({ ...filters, status: value })}`)}" ${filters.status === value ? html`aria-current="page"` : ''}>${name}</a>`,
          )}
        </nav>
        <form method="get" action="${brainUrl(v.brain, '/inbox')}" class="row">
          <input type="hidden" name="status" value="${filters.status}">
          <div><label for="i-part">Partition</label>
            <select id="i-part" name="partition"><option value="">Any</option>
              ${partitions.map((p) => html`<option value="${p.key}" ${p.key === partition ? html`selected` : ''}>${p.name} (${p.key})</option>`)}
            </select></div>
          <label class="inline"><input type="checkbox" name="unassigned" value="true" ${unassigned ? html`checked` : ''}> Needs a client (no partition)</label>
          <button type="submit" class="secondary">Filter</button>
        </form>
      </section>
      <section class="panel" aria-label="Items">
        ${list.items.length
          ? html`<table class="data"><thead><tr><th scope="col">Item</th><th scope="col">Status</th><th scope="col">Reason</th><th scope="col">Partition</th><th scope="col">Received (UTC)</th></tr></thead>
              <tbody>${list.items.map((item) => html`<tr>
                <td><a href="${itemUrl(v, item.id)}">${item.filename || item.id}</a>${item.skillHint ? html` <span class="badge">${item.skillHint}</span>` : ''}</td>
                <td>${statusBadge(item.status)}</td>
                <td class="small">${item.reason ?? ''}</td>
                <td>${item.partition ?? html`<span class="muted">—</span>`}</td>
                <td class="small">${item.createdAt.slice(0, 16).replace('T', ' ')}</td>
              </tr>`)}</tbody></table>
              ${list.nextCursor ? html`<p><a href="${brainUrl(v.brain, `/inbox${qs({ ...filters, cursor: list.nextCursor })}`)}">Older items →</a></p>` : ''}`
          : html`<p class="muted">No items here.</p>`}
      </section>`;
      app.render(v, { title: 'Inbox', section: 'inbox', body });
    }),
  );

  r.get(
    '/b/:brain/inbox/:id',
    app.brainPage((v) => {
      const item = v.c.inbox.get(v.actor, v.brain.id, String(v.req.params.id));
      const partitions = v.c.partitions.list(v.actor, v.brain.id, {}).partitions.filter((p) => !p.archived);
      app.render(v, { title: item.filename || 'Inbox item', section: 'inbox', body: itemScreen(v, item, partitions) });
    }),
  );

  r.post(
    '/b/:brain/inbox/:id/file',
    app.brainAction(async (v) => {
      const skill = field(v.req.body, 'skill');
      const out = await v.c.filing.fileNow(v.actor, v.brain.id, String(v.req.params.id), skill ? { skill } : {});
      if (out.outcome === 'filed') return { to: back(v), ok: `Filed to ${out.pages.join(', ')}.` };
      setFlash(v.res, { kind: 'warn', text: out.outcome === 'review' ? `Left for review: ${out.reason ?? 'the filer gave no reason'}` : `Filing failed and will be retried: ${out.reason ?? ''}` });
      return { to: back(v) };
    }, back),
  );

  const move = (status: number, ok: string) =>
    app.brainAction(async (v) => {
      await v.c.inbox.updateStatus(v.actor, v.brain.id, String(v.req.params.id), { status });
      return { to: back(v), ok };
    }, back);
  r.post('/b/:brain/inbox/:id/requeue', move(INBOX_STATUS.Pending, 'Queued again for the filing pass.'));
  r.post('/b/:brain/inbox/:id/dismiss', move(INBOX_STATUS.Dismissed, 'Dismissed.'));

  r.post(
    '/b/:brain/inbox/:id/partition',
    app.brainAction(async (v) => {
      await v.c.inbox.assignPartition(v.actor, v.brain.id, String(v.req.params.id), {
        key: field(v.req.body, 'key'),
        rememberDomains: field(v.req.body, 'rememberDomains') === 'true',
      });
      return { to: back(v), ok: 'Partition assigned.' };
    }, back),
  );

  r.post(
    '/b/:brain/inbox/:id/suggestion',
    app.brainAction(async (v) => {
      const item = v.c.inbox.get(v.actor, v.brain.id, String(v.req.params.id));
      const confidence = field(v.req.body, 'confidence');
      // A suggestion travels with a status move (CONTRACT allows no move to the same status):
      // a reviewed item goes back to the filer with it, a pending one is held for review with it.
      const next = item.status === INBOX_STATUS.Review ? INBOX_STATUS.Pending : INBOX_STATUS.Review;
      await v.c.inbox.updateStatus(v.actor, v.brain.id, item.id, {
        status: next,
        targetFolder: field(v.req.body, 'targetFolder') || null,
        entityType: field(v.req.body, 'entityType') || null,
        targetSlug: field(v.req.body, 'targetSlug') || null,
        confidence: confidence === '' ? null : Number(confidence),
        rationale: field(v.req.body, 'rationale') || null,
      });
      return { to: back(v), ok: next === INBOX_STATUS.Pending ? 'Suggestion saved; the item is queued for filing again.' : 'Suggestion saved; the item waits for review.' };
    }, back),
  );

  return r;
}

function statusBadge(status: number): SafeHtml {
  return html`<span class="badge s${status}">${INBOX_STATUS_NAMES[status] ?? String(status)}</span>`;
}

function itemScreen(v: View, item: InboxDetail, partitions: Array<{ key: string; name: string }>): SafeHtml {
  const canWrite = roleAtLeast(v.brain.role, 'Write');
  const action = (name: string) => brainUrl(v.brain, `/inbox/${encodeURIComponent(item.id)}/${name}`);
  const csrf = html`<input type="hidden" name="_csrf" value="${v.csrf}">`;
  const s = item.suggestion;
  const open = item.status === INBOX_STATUS.Pending || item.status === INBOX_STATUS.Review;
  return html`<p><a href="${brainUrl(v.brain, '/inbox')}">← Inbox</a></p>
  <div class="split two">
    <aside class="stack">
      <section class="panel">
        <h2>Item</h2>
        <table class="props"><tbody>
          <tr><th scope="row">Status</th><td>${statusBadge(item.status)}</td></tr>
          <tr><th scope="row">Name</th><td>${item.filename}</td></tr>
          <tr><th scope="row">Type</th><td>${item.contentType} · ${item.size} bytes</td></tr>
          <tr><th scope="row">Partition</th><td>${item.partition ?? html`<span class="muted">unassigned</span>`}</td></tr>
          <tr><th scope="row">Skill</th><td>${item.skillHint ?? html`<span class="muted">automatic</span>`}</td></tr>
          ${item.targetFolder ? html`<tr><th scope="row">Folder hint</th><td>${item.targetFolder}</td></tr>` : ''}
          ${item.externalId ? html`<tr><th scope="row">External id</th><td class="mono small">${item.externalId}</td></tr>` : ''}
          ${item.sourceReference
            ? html`<tr><th scope="row">Source</th><td>${item.sourceReference.provider ?? ''} ${item.sourceReference.canonicalUrl ? html`<a href="${item.sourceReference.canonicalUrl}" rel="noopener noreferrer">${item.sourceReference.canonicalUrl}</a>` : ''} ${item.sourceReference.version ? html`@ ${item.sourceReference.version}` : ''}</td></tr>`
            : ''}
          <tr><th scope="row">Received</th><td>${item.createdAt.replace('T', ' ').slice(0, 19)} UTC</td></tr>
        </tbody></table>
        ${item.filedPages.length
          ? html`<h3>Filed to</h3><ul>${item.filedPages.map((p) => html`<li><a href="${pageUrl(v.brain, p)}">${p}</a></li>`)}</ul>`
          : ''}
      </section>
      ${canWrite
        ? html`<section class="panel stack" aria-labelledby="act-h">
            <h2 id="act-h">Actions</h2>
            ${open
              ? html`<form method="post" action="${action('file')}" class="stack">${csrf}
                  <div><label for="f-skill">Skill</label>
                    <select id="f-skill" name="skill"><option value="">${item.skillHint ? `Pinned: ${item.skillHint}` : 'Let the filer choose'}</option>
                      ${SKILLS.map((k) => html`<option value="${k}">${k}</option>`)}</select></div>
                  <button type="submit">File now</button>
                </form>`
              : ''}
            ${item.status === INBOX_STATUS.Review || item.status === INBOX_STATUS.Dismissed
              ? html`<form method="post" action="${action('requeue')}">${csrf}<button type="submit" class="secondary">Re-queue</button></form>`
              : ''}
            ${open ? html`<form method="post" action="${action('dismiss')}">${csrf}<button type="submit" class="secondary">Dismiss</button></form>` : ''}
            ${open && partitions.length === 0 ? html`<p class="small muted">No partitions to assign; an Admin creates them under Settings → Partitions.</p>` : ''}
            ${open && partitions.length
              ? html`<form method="post" action="${action('partition')}" class="stack">${csrf}
                  <div><label for="p-key">Assign partition</label>
                    <select id="p-key" name="key" required><option value="">Choose…</option>
                      ${partitions.map((p) => html`<option value="${p.key}" ${p.key === item.partition ? html`selected` : ''}>${p.name} (${p.key})</option>`)}</select></div>
                  <label class="inline"><input type="checkbox" name="rememberDomains" value="true"> Remember the sender domains for this partition</label>
                  <button type="submit" class="secondary">Assign</button>
                </form>`
              : ''}
          </section>`
        : ''}
    </aside>
    <div class="stack">
      ${item.reason ? html`<div class="flash warn" role="note"><strong>Filer's reason:</strong> ${item.reason}</div>` : ''}
      <section class="panel" aria-labelledby="sug-h">
        <h2 id="sug-h">Suggestion</h2>
        ${s
          ? html`<table class="props"><tbody>
              <tr><th scope="row">Folder</th><td>${s.targetFolder ?? '—'}</td></tr>
              <tr><th scope="row">Entity type</th><td>${s.entityType ?? '—'}</td></tr>
              <tr><th scope="row">Page</th><td>${s.targetSlug ?? '—'}</td></tr>
              <tr><th scope="row">Confidence</th><td>${s.confidence ?? '—'}</td></tr>
              <tr><th scope="row">Rationale</th><td>${s.rationale ?? '—'}</td></tr>
            </tbody></table>`
          : html`<p class="muted">No suggestion recorded.</p>`}
        ${canWrite && open
          ? html`<details><summary>Edit the suggestion</summary>
              <form method="post" action="${action('suggestion')}" class="stack">${csrf}
                <div><label for="s-folder">Target folder</label><input type="text" id="s-folder" name="targetFolder" value="${s?.targetFolder ?? ''}" ${limitsOf(updateStatusBody, 'targetFolder')}></div>
                <div><label for="s-type">Entity type</label><input type="text" id="s-type" name="entityType" value="${s?.entityType ?? ''}" ${limitsOf(updateStatusBody, 'entityType')}></div>
                <div><label for="s-slug">Target page</label><input type="text" id="s-slug" name="targetSlug" value="${s?.targetSlug ?? ''}" ${limitsOf(updateStatusBody, 'targetSlug')}></div>
                <div><label for="s-conf">Confidence (0–1)</label><input type="number" id="s-conf" name="confidence" ${limitsOf(updateStatusBody, 'confidence')} step="0.01" value="${s?.confidence ?? ''}"></div>
                <div><label for="s-rat">Rationale</label><textarea id="s-rat" name="rationale" class="short" ${limitsOf(updateStatusBody, 'rationale')}>${s?.rationale ?? ''}</textarea></div>
                <button type="submit" class="secondary">${item.status === INBOX_STATUS.Review ? 'Save and re-queue for filing' : 'Save and hold for review'}</button>
              </form>
            </details>`
          : ''}
      </section>
      ${item.revisionOf
        ? html`<section class="panel" aria-labelledby="rev-h">
            <h2 id="rev-h">Revision of an earlier item</h2>
            <p><a href="${brainUrl(v.brain, `/inbox/${encodeURIComponent(item.revisionOf.id)}`)}">Earlier version</a> ${statusBadge(item.revisionOf.status)}
              ${item.revisionOf.filedPages.length ? html` · filed to ${item.revisionOf.filedPages.map((p, i) => html`${i ? ', ' : ''}<a href="${pageUrl(v.brain, p)}">${p}</a>`)}` : ''}</p>
            ${item.revisionDiff ? renderUnifiedDiff(item.revisionDiff) : html`<p class="muted">The text did not change.</p>`}
          </section>`
        : ''}
      <section class="panel" aria-labelledby="text-h">
        <h2 id="text-h">Extracted text</h2>
        ${item.textTruncated ? html`<p class="muted small">Only the beginning is shown.</p>` : ''}
        <pre class="mono wrap">${item.text}</pre>
      </section>
    </div>
  </div>`;
}

export type { InboxItem };
