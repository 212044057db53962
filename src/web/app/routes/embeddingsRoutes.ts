// Settings → embeddings: the brain's provider, model and dimensions, and how far embedding (or a
// re-embed after a change of model) has got, from c.search.status. The page refreshes itself
// while work is pending. Admins and Owners change the settings here through
// c.brains.updateEmbedding; a refused value comes back as the service's own message.
import { Router } from 'express';
import { EMBEDDING_PROVIDER_NAMES } from '../../../domain/enums.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { field, type View, type WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { updateBrainEmbeddingBody } from '../../../domain/schemas/brains.js';
import { csrfField, settingsPage } from '../settingsNav.js';
import { brainUrl, STATIC_BASE } from '../layout.js';

export function embeddingsRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/settings/embeddings',
    app.brainPage(async (v) => {
      const st = await v.c.search.status(v.actor, v.brain.id);
      const pct = Math.floor(st.progress * 100);
      const busy = st.pending > 0 || st.reembedding;
      const body = html`<section class="panel">
        <h1>Embeddings</h1>
        <table class="props"><tbody>
          <tr><th scope="row">Provider</th><td>${st.providerName || EMBEDDING_PROVIDER_NAMES[st.provider] || String(st.provider)}</td></tr>
          <tr><th scope="row">Model</th><td>${st.model}</td></tr>
          <tr><th scope="row">Dimensions</th><td>${st.dimensions}</td></tr>
        </tbody></table>
        <h2>${st.reembedding ? 'Re-embedding after a model change' : 'Progress'}</h2>
        <p><label for="emb-progress">${st.embedded} of ${st.chunks} passages embedded (${pct}%)</label>
          <progress id="emb-progress" max="100" value="${pct}">${pct}%</progress></p>
        <p class="small muted">${st.pending} waiting${st.failing ? `, ${st.failing} failing` : ''}.${busy ? ' This page updates every few seconds.' : ''}</p>
        ${st.lastError ? html`<div class="flash error" role="alert">Last error from the provider: ${st.lastError}</div>` : ''}
        <p class="small muted">Semantic and hybrid search use these vectors; passages not embedded yet are still found by their words.</p>
      </section>
      ${roleAtLeast(v.brain.role, 'Admin') ? changeForm(v) : ''}`;
      app.render(v, { title: 'Embeddings', section: 'settings', body: settingsPage(v, 'embeddings', body), scripts: busy ? [`${STATIC_BASE}/refresh.js`] : [] });
    }),
  );
  r.post(
    '/b/:brain/settings/embeddings',
    app.brainAction(
      (v) => {
        const b = v.c.brains.updateEmbedding(v.actor, v.brain.id, settingsFromForm(v.req.body));
        const name = EMBEDDING_PROVIDER_NAMES[b.embeddingProvider] ?? String(b.embeddingProvider);
        return { to: embeddingsUrl(v), ok: `Embeddings now use ${name}${b.embeddingModel ? ` (${b.embeddingModel})` : ''}, ${b.embeddingDimensions} dimensions.` };
      },
      (v) => embeddingsUrl(v),
    ),
  );
  return r;
}

const embeddingsUrl = (v: View) => brainUrl(v.brain, '/settings/embeddings');

/**
 * The form's strings as the service's body: an empty model means the provider's default, an
 * empty size keeps the current one (or takes the new provider's default). Anything that is not
 * a whole number is passed on as typed, so the service's validation names the bad field.
 */
function settingsFromForm(body: unknown): Record<string, unknown> {
  const asInt = (s: string): number | string => (/^\d+$/.test(s) ? Number(s) : s);
  const out: Record<string, unknown> = {};
  const provider = field(body, 'embeddingProvider').trim();
  if (provider !== '') out.embeddingProvider = asInt(provider);
  out.embeddingModel = field(body, 'embeddingModel').trim() || null;
  const dimensions = field(body, 'embeddingDimensions').trim();
  if (dimensions !== '') out.embeddingDimensions = asInt(dimensions);
  return out;
}

function changeForm(v: View): SafeHtml {
  const b = v.brain;
  return html`<section class="panel">
    <h2>Change embeddings</h2>
    <p class="muted small">Changing the provider, model or dimensions re-embeds every passage in the background; search uses words until it is done. The Local provider always makes 100 dimensions.</p>
    <form method="post" action="${embeddingsUrl(v)}" class="stack">${csrfField(v)}
      <div><label for="e-provider">Provider</label>
        <select id="e-provider" name="embeddingProvider">${EMBEDDING_PROVIDER_NAMES.map((n, i) => html`<option value="${String(i)}" ${i === b.embeddingProvider ? html`selected` : ''}>${n}</option>`)}</select></div>
      <div><label for="e-model">Model</label>
        <input id="e-model" name="embeddingModel" value="${b.embeddingModel ?? ''}" ${limitsOf(updateBrainEmbeddingBody, 'embeddingModel')} placeholder="the provider's default"></div>
      <div><label for="e-dims">Dimensions</label>
        <input id="e-dims" name="embeddingDimensions" inputmode="numeric" placeholder="${String(b.embeddingDimensions)}" aria-describedby="e-dims-hint">
        <span id="e-dims-hint" class="small muted">Empty keeps ${String(b.embeddingDimensions)}, or takes the new provider's default.</span></div>
      <div><button type="submit">Save and re-embed</button></div>
    </form>
  </section>`;
}
