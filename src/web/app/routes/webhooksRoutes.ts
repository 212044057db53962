// Settings → webhooks (outbound events): subscribe a URL to event types, optionally one folder;
// the signing secret is shown once, in the create reply; each subscription shows its recent
// deliveries; delete stops deliveries at once. The same service as REST and the CLI.
import { Router } from 'express';
import { EVENT_TYPES } from '../../../domain/events.js';
import type { DeliveryView, WebhookView } from '../../../services/webhooksService.js';
import { field, type View, type WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { createWebhookBody } from '../../../domain/schemas/webhooks.js';
import { brainUrl } from '../layout.js';
import { csrfField, settingsPage, when } from '../settingsNav.js';

export function webhooksRoutes(app: WebApp): Router {
  const r = Router();
  const listUrl = (v: View) => brainUrl(v.brain, '/settings/webhooks');

  r.get(
    '/b/:brain/settings/webhooks',
    app.brainPage((v) => {
      app.render(v, { title: 'Webhooks', section: 'settings', body: settingsPage(v, 'webhooks', screen(v, null)) });
    }),
  );
  r.post(
    '/b/:brain/settings/webhooks',
    app.brainAction(async (v) => {
      const b = v.req.body;
      // Repeated checkboxes arrive as an array (one box ticked: a string).
      const ticked = ([] as unknown[]).concat((b as Record<string, unknown> | undefined)?.events ?? []);
      const chosen = EVENT_TYPES.filter((t) => ticked.includes(t));
      const created = await v.c.webhooks.create(v.actor, v.brain.id, { url: field(b, 'url').trim(), events: chosen, folder: field(b, 'folder').trim() || null });
      app.render(v, { title: 'Webhook created', section: 'settings', status: 201, noStore: true, body: settingsPage(v, 'webhooks', screen(v, created)) });
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/webhooks/:id/delete',
    app.brainAction((v) => {
      v.c.webhooks.delete(v.actor, v.brain.id, String(v.req.params.id));
      return { to: listUrl(v), ok: 'Webhook deleted; no more deliveries go to it.' };
    }, listUrl),
  );
  return r;
}

function screen(v: View, created: (WebhookView & { secret: string }) | null): SafeHtml {
  const { webhooks } = v.c.webhooks.list(v.actor, v.brain.id);
  return html`${created
      ? html`<section class="secret" role="status" aria-labelledby="new-hook-h">
          <h2 id="new-hook-h">Webhook created</h2>
          <p><strong>Copy the signing secret now. It is shown only once</strong>; Brainkeep stores it encrypted and never displays it again.</p>
          <p class="row"><code id="hook-secret">${created.secret}</code> <button type="button" class="secondary" data-copy="hook-secret" hidden>Copy secret</button></p>
          <p class="small">Each delivery carries <code>Brainkeep-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of "t.body"&gt;</code>; see docs/webhooks.md for a verifier.</p>
        </section>`
      : ''}
    <section class="panel">
      <h1>Webhooks</h1>
      <p class="muted small">Brainkeep posts each event of this brain to these URLs, signed, in order, retried for 24 hours.</p>
      ${webhooks.length
        ? html`<ul class="plain">${webhooks.map((w) => hookItem(v, w, v.c.webhooks.deliveries(v.actor, v.brain.id, w.id).deliveries.slice(0, 10)))}</ul>`
        : html`<p class="muted">No webhooks yet.</p>`}
    </section>
    <section class="panel">
      <h2>Add a webhook</h2>
      <form method="post" action="${brainUrl(v.brain, '/settings/webhooks')}" class="stack">${csrfField(v)}
        <div class="row">
          <div><label for="hook-url">URL</label><input type="url" id="hook-url" name="url" required ${limitsOf(createWebhookBody, 'url')} placeholder="https://example.com/brainkeep"></div>
          <div><label for="hook-folder">Only this folder (optional)</label><input type="text" id="hook-folder" name="folder" ${limitsOf(createWebhookBody, 'folder')} placeholder="e.g. people"></div>
        </div>
        <fieldset class="row"><legend>Events</legend>
          ${EVENT_TYPES.map((t) => html`<label class="inline"><input type="checkbox" name="events" value="${t}" ${t.startsWith('page.') ? html`checked` : ''}> ${t}</label>`)}
        </fieldset>
        <button type="submit">Add webhook</button>
      </form>
    </section>`;
}

function hookItem(v: View, w: WebhookView, deliveries: DeliveryView[]): SafeHtml {
  return html`<li>
    <div class="row spread"><strong><code>${w.url}</code></strong><span class="small muted">since ${when(w.createdAt)}</span></div>
    <div class="small muted">Events ${w.events.join(', ')} · folder ${w.folder ?? 'all'}</div>
    <details><summary>Recent deliveries</summary>
      ${deliveries.length
        ? html`<table class="small"><thead><tr><th>Event</th><th>Type</th><th>Status</th><th>Attempts</th><th>Delivered</th><th>Last error</th></tr></thead><tbody>${deliveries.map(
            (d) => html`<tr><td><code>${d.eventId}</code></td><td>${d.type}</td><td>${d.status}</td><td>${String(d.attempts)}</td><td>${when(d.deliveredAt)}</td><td>${d.lastError ?? ''}</td></tr>`,
          )}</tbody></table>`
        : html`<p class="muted small">None yet.</p>`}
    </details>
    <form method="post" action="${brainUrl(v.brain, `/settings/webhooks/${encodeURIComponent(w.id)}/delete`)}" data-confirm="Delete the webhook to ${w.url}?">${csrfField(v)}
      <button type="submit" class="link small">Delete</button></form>
  </li>`;
}
