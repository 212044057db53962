// Settings → ingest sources (webhooks): create in shared-secret or signature mode with guard rules,
// folder, partition and default skill; the secret is shown once, in the create reply, with
// ready-to-paste curl lines; edit everything but kind, mode and secret; delete (revokes at once).
import { Router, type Request } from 'express';
import { SKILLS } from '../../../domain/skills.js';
import type { SourceView } from '../../../services/sourcesService.js';
import { field, listField, type View, type WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { boundOf, limitsOf } from '../formLimits.js';
import { createSourceBody } from '../../../domain/schemas/sources.js';
import { brainUrl } from '../layout.js';
import { csrfField, settingsPage, when } from '../settingsNav.js';

export function sourcesRoutes(app: WebApp): Router {
  const r = Router();
  const listUrl = (v: View) => brainUrl(v.brain, '/settings/sources');

  r.get(
    '/b/:brain/settings/sources',
    app.brainPage((v) => {
      const { sources } = v.c.sources.list(v.actor, v.brain.id);
      app.render(v, { title: 'Ingest sources', section: 'settings', body: settingsPage(v, 'sources', screen(v, sources, null)) });
    }),
  );
  r.post(
    '/b/:brain/settings/sources',
    app.brainAction((v) => {
      const mode = field(v.req.body, 'mode') === 'signature' ? 'signature' : 'secret';
      const created = v.c.sources.create(v.actor, v.brain.id, { mode, ...editBody(v) });
      const { sources } = v.c.sources.list(v.actor, v.brain.id);
      app.render(v, { title: 'Source created', section: 'settings', status: 201, noStore: true, body: settingsPage(v, 'sources', screen(v, sources, created)) });
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/sources/:id/edit',
    app.brainAction((v) => {
      const s = v.c.sources.update(v.actor, v.brain.id, String(v.req.params.id), editBody(v));
      return { to: listUrl(v), ok: `Source “${s.label}” saved.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/sources/:id/delete',
    app.brainAction((v) => {
      v.c.sources.delete(v.actor, v.brain.id, String(v.req.params.id));
      return { to: listUrl(v), ok: 'Source deleted; its secret no longer works. Items it delivered stay in the inbox.' };
    }, listUrl),
  );
  return r;
}

/** The editable fields of the form, in the shape the sources service validates. */
function editBody(v: View): Record<string, unknown> {
  const b = v.req.body;
  const maxKb = field(b, 'maxKb').trim();
  return {
    label: field(b, 'label').trim() || undefined,
    targetFolder: field(b, 'targetFolder').trim() || null,
    partition: field(b, 'partition').trim() || null,
    skill: field(b, 'skill').trim() || null,
    allowedContentTypes: listField(b, 'allowedContentTypes'),
    maxBytes: maxKb === '' ? null : Math.round(Number(maxKb) * 1024),
    allowedSenderDomains: listField(b, 'allowedSenderDomains'),
  };
}

/** The address outside tools post to: the configured public URL (the request's origin when it names port 0, as in tests). */
export function publicBaseUrl(v: { c: View['c']; req: Request }): string {
  const configured = v.c.config.baseUrl;
  if (!/:0$/.test(configured)) return configured;
  return `${v.req.protocol}://${v.req.get('host')}`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function curlExamples(url: string, mode: 'secret' | 'signature', secret: string): { text: string; file: string } {
  const target = shellQuote(url);
  const key = shellQuote(secret);
  if (mode === 'secret') {
    return {
      text: `curl -sS -X POST ${target} -H ${shellQuote(`X-Ingest-Secret: ${secret}`)} -H 'Content-Type: text/plain' -H 'X-Filename: hello.txt' --data-binary 'Hello from my tool'`,
      file: `curl -sS -X POST ${target} -H ${shellQuote(`X-Ingest-Secret: ${secret}`)} -H 'Content-Type: text/markdown' -H 'X-Filename: notes.md' --data-binary @notes.md`,
    };
  }
  return {
    text: `BODY='Hello from my tool'; SIG=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac ${key} -r | cut -d' ' -f1); curl -sS -X POST ${target} -H "X-Service-Signature: sha256=$SIG" -H 'Content-Type: text/plain' -H 'X-Filename: hello.txt' --data-binary "$BODY"`,
    file: `SIG=$(openssl dgst -sha256 -hmac ${key} -r notes.md | cut -d' ' -f1); curl -sS -X POST ${target} -H "X-Service-Signature: sha256=$SIG" -H 'Content-Type: text/markdown' -H 'X-Filename: notes.md' --data-binary @notes.md`,
  };
}

function screen(v: View, sources: SourceView[], created: { source: SourceView; secret: string } | null): SafeHtml {
  const partitions = v.c.partitions.list(v.actor, v.brain.id, { status: 'active' }).partitions;
  const url = `${publicBaseUrl(v)}/api/ingest/${v.brain.id}`;
  return html`${created ? createdNotice(created, url) : ''}
    <section class="panel">
      <h1>Ingest sources</h1>
      <p class="muted small">Outside tools post content to <code>${url}</code>. Each source has its own secret, shown once when it is created and stored encrypted.</p>
      ${sources.length
        ? html`<ul class="plain">${sources.map(
            (s) => html`<li>
              <div class="row spread"><strong>${s.label}</strong><span class="badge">${s.mode === 'secret' ? 'shared secret' : 'signature'}</span></div>
              <div class="small muted">Folder ${s.targetFolder ?? '—'} · partition ${s.partition ?? '—'} · skill ${s.skill ?? 'automatic'} ·
                types ${s.allowedContentTypes.join(', ') || 'any'} · cap ${s.maxBytes ? `${Math.round(s.maxBytes / 1024)} KB` : 'default'} ·
                senders ${s.allowedSenderDomains.join(', ') || 'any'} · last delivery ${when(s.lastDeliveryAt)}</div>
              <details><summary>Edit</summary>${sourceForm(v, partitions, s)}</details>
              <form method="post" action="${brainUrl(v.brain, `/settings/sources/${encodeURIComponent(s.id)}/delete`)}" data-confirm="Delete “${s.label}”? Its secret stops working at once.">${csrfField(v)}
                <button type="submit" class="link small">Delete</button></form>
            </li>`,
          )}</ul>`
        : html`<p class="muted">No sources yet.</p>`}
    </section>
    <section class="panel">
      <h2>Create a source</h2>
      ${sourceForm(v, partitions, null)}
    </section>`;
}

function createdNotice(created: { source: SourceView; secret: string }, url: string): SafeHtml {
  const ex = curlExamples(url, created.source.mode, created.secret);
  return html`<section class="secret" role="status" aria-labelledby="new-src-h">
    <h2 id="new-src-h">Source “${created.source.label}” created</h2>
    <p><strong>Copy the secret now. It is shown only once</strong>; Brainkeep stores it encrypted and never displays it again.</p>
    <p class="row"><code id="src-secret">${created.secret}</code> <button type="button" class="secondary" data-copy="src-secret" hidden>Copy secret</button></p>
    <p>${created.source.mode === 'secret'
      ? html`Send it in the <code>X-Ingest-Secret</code> header:`
      : html`Sign each body: <code>X-Service-Signature: sha256=&lt;hex HMAC-SHA256 of the raw body, keyed with the secret&gt;</code>:`}</p>
    <p class="small">Post a short text:</p>
    <pre class="mono" id="curl-text">${ex.text}</pre>
    <p><button type="button" class="secondary" data-copy="curl-text" hidden>Copy</button></p>
    <p class="small">Post a file:</p>
    <pre class="mono" id="curl-file">${ex.file}</pre>
    <p><button type="button" class="secondary" data-copy="curl-file" hidden>Copy</button></p>
    <p class="small muted">Optional headers: X-Ingest-External-Id (a repeat is not stored twice), X-Ingest-Senders, X-Ingest-Partition, X-Ingest-Skill, X-Ingest-Canonical-Url.</p>
  </section>`;
}

function sourceForm(v: View, partitions: Array<{ key: string; name: string }>, s: SourceView | null): SafeHtml {
  const id = s ? `s-${s.id.slice(0, 8)}` : 'sn';
  const action = s ? brainUrl(v.brain, `/settings/sources/${encodeURIComponent(s.id)}/edit`) : brainUrl(v.brain, '/settings/sources');
  return html`<form method="post" action="${action}" class="stack">${csrfField(v)}
    <div class="row">
      <div><label for="${id}-label">Label</label><input type="text" id="${id}-label" name="label" value="${s?.label ?? ''}" ${limitsOf(createSourceBody, 'label')} ${s ? html`required` : ''} placeholder="e.g. Meeting recorder"></div>
      ${s
        ? ''
        : html`<fieldset class="row"><legend>Authentication (fixed once created)</legend>
            <label class="inline"><input type="radio" name="mode" value="secret" checked> Shared secret header</label>
            <label class="inline"><input type="radio" name="mode" value="signature"> HMAC signature of the body</label>
          </fieldset>`}
    </div>
    <div class="row">
      <div><label for="${id}-folder">Target folder</label><input type="text" id="${id}-folder" name="targetFolder" value="${s?.targetFolder ?? ''}" ${limitsOf(createSourceBody, 'targetFolder')} placeholder="e.g. meetings"></div>
      <div><label for="${id}-part">Partition</label>
        <select id="${id}-part" name="partition"><option value="">None (decide per item)</option>
          ${partitions.map((p) => html`<option value="${p.key}" ${p.key === s?.partition ? html`selected` : ''}>${p.name} (${p.key})</option>`)}</select></div>
      <div><label for="${id}-skill">Default skill</label>
        <select id="${id}-skill" name="skill"><option value="">Automatic</option>
          ${SKILLS.map((k) => html`<option value="${k}" ${k === s?.skill ? html`selected` : ''}>${k}</option>`)}</select></div>
    </div>
    <fieldset><legend>Guard rules (deliveries that fail them are refused and never stored)</legend>
      <div class="row">
        <div><label for="${id}-types">Allowed content types</label><input type="text" id="${id}-types" name="allowedContentTypes" value="${s?.allowedContentTypes.join(', ') ?? ''}" placeholder="text/plain, application/pdf"></div>
        <div><label for="${id}-max">Size cap (KB)</label><input type="number" id="${id}-max" name="maxKb" min="1" max="${String(boundOf(createSourceBody, 'maxBytes', 'maximum') / 1024)}" value="${s?.maxBytes ? Math.round(s.maxBytes / 1024) : ''}"></div>
        <div><label for="${id}-dom">Allowed sender domains</label><input type="text" id="${id}-dom" name="allowedSenderDomains" value="${s?.allowedSenderDomains.join(', ') ?? ''}" placeholder="acme.com"></div>
      </div>
    </fieldset>
    <button type="submit" ${s ? html`class="secondary"` : ''}>${s ? 'Save' : 'Create source'}</button>
  </form>`;
}
